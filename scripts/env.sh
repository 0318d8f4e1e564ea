# Sourced by every script: the PATH and settings the build tools run with.
# npm's wasm-opt (binaryen 132) must come before any system one: Debian's
# binaryen is too old to read current wasm-bindgen output.

KUBEPLAY_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export KUBEPLAY_ROOT
# `cargo install` puts trunk and wasm-bindgen in CARGO_INSTALL_ROOT or CARGO_HOME.
export PATH="$KUBEPLAY_ROOT/node_modules/.bin:${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin:$PATH"
# Trunk must never reach the network: no update check, no tool downloads
# (Trunk.toml also sets `offline = true`).
export TRUNK_SKIP_VERSION_CHECK=true
export TRUNK_OFFLINE=true
# wasm-bindgen-test runs the web crate's wasm tests in headless Chromium.
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
# The runner gives a test 20 s; every transcript in wasm (a debug build)
# takes about that on this machine, and more as transcripts are added.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-300}"

# Logs a step heading, so long runs show where they are.
step() { printf '\n==> %s\n' "$*"; }
