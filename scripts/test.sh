#!/usr/bin/env bash
# Runs every test, in order, stopping at the first failure:
#   tools        install what is missing (scripts/tools.sh)
#   native       cargo test --workspace
#   wasm         the web crate's tests, in headless Chromium (wasm-bindgen-test)
#   transcripts  kubectl transcript tests through the kubeplay CLI
#   build        trunk build --release into dist/, then the wasm size report
#   browser      the built dist/ in headless Chromium, at / and under a sub-path
# With arguments, runs only the named steps (e.g. `scripts/test.sh wasm browser`).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(tools native wasm transcripts build browser)

run_step() {
  case "$1" in
    tools)
      scripts/tools.sh ;;
    native)
      # Not -q: keep cargo's per-suite "test result" lines in the log.
      cargo test --workspace ;;
    wasm)
      # Runs web/tests/*.rs through wasm-bindgen-test-runner (the cargo runner
      # set in env.sh) with chromedriver; web/webdriver.json adds the flags.
      # Never pass -q/--quiet here: the runner rejects it.
      cargo test -p kubeplay-web --target wasm32-unknown-unknown ;;
    transcripts)
      # ==> TRANSCRIPT TESTS GO HERE (lead) <==
      # e.g. cargo run -p kubeplay -- test tests/transcripts/*.txt
      echo "no transcript tests yet" ;;
    build)
      scripts/build.sh ;;
    browser)
      node --test --test-timeout=120000 tests/browser/ ;;
    *)
      echo "test.sh: unknown step '$1'" >&2; return 2 ;;
  esac
}

started=$SECONDS
for name in "${steps[@]}"; do
  step "test step: $name"
  t=$SECONDS
  run_step "$name"
  echo "--- $name: ok in $((SECONDS - t))s"
done
echo
echo "all test steps passed (${steps[*]}) in $((SECONDS - started))s"
