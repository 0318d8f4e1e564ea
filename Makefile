# Kubeplay's commands. The two that matter:
#   make serve   build and serve the playground at http://127.0.0.1:8080
#   make test    run every test (native, wasm, browser); non-zero on failure
# Both install whatever is missing first (scripts/tools.sh), idempotently.

SHELL := bash
.DEFAULT_GOAL := help
.NOTPARALLEL:
.PHONY: help serve test tools build size bench-browser bench-wasm test-native test-wasm test-browser clean

help:
	@echo "make serve    build and serve the playground at http://127.0.0.1:8080"
	@echo "make test     install what is missing, then run every test"
	@echo "make build    release build into dist/ and print the wasm size"
	@echo "make size     print the raw, gzip and brotli size of dist/'s wasm"
	@echo "make tools    only install what is missing"
	@echo "make bench-browser  browser benchmarks on dist/ (ARGS=--quick for small sizes)"
	@echo "make bench-wasm     the engine benchmarks in wasm under Node (ARGS=--browser for Chromium, --quick)"

serve:
	scripts/serve.sh

test:
	scripts/test.sh

tools:
	scripts/tools.sh

build:
	scripts/test.sh tools build

size:
	node scripts/wasm-size.mjs dist

# The browser benchmarks in headless Chromium (builds dist/ if missing).
bench-browser:
	scripts/bench-browser.sh $(ARGS)

# The engine's benchmarks in wasm, built as the page ships it.
bench-wasm:
	scripts/bench-wasm.sh $(ARGS)

# Single steps of `make test`, for quick iteration once tools are installed.
test-native:
	scripts/test.sh native
test-wasm:
	scripts/test.sh wasm
test-browser:
	scripts/test.sh build browser

clean:
	rm -rf dist tests/output
