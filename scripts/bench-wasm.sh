#!/usr/bin/env bash
# The engine's benchmarks in wasm (issue 13): crates/engine/tests/bench_wasm.rs
# built --release, the engine as the page ships it, run under Node or in
# headless Chromium (chromedriver), at the issue's sizes:
#   scripts/bench-wasm.sh             full sizes under Node (a few minutes)
#   scripts/bench-wasm.sh --browser   the same in headless Chromium
#   scripts/bench-wasm.sh --quick     the `kubeplay bench --quick` sizes
# wasm has no environment: sizes are read when the test compiles, so set
# KUBEPLAY_WASM_BENCH* (see the test's doc comment) to run others.
# KUBEPLAY_WASM_BENCH_NATIVE=<the output of `kubeplay bench`> makes every
# row fail unless its trace hash is the one the native run printed for the
# same workload and size (the test command does this at the quick sizes).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

quick=0
for arg in "$@"; do
  case "$arg" in
    --browser) export WASM_BINDGEN_USE_BROWSER=1 ;;
    --quick) quick=1 ;;
    *) echo "bench-wasm: unknown argument '$arg' (expected --browser or --quick)" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 0 ]; then
  export KUBEPLAY_WASM_BENCH="${KUBEPLAY_WASM_BENCH:-10000x1000}"
  export KUBEPLAY_WASM_BENCH_SCHEDULE="${KUBEPLAY_WASM_BENCH_SCHEDULE:-10000x1000,100000x5000}"
  export KUBEPLAY_WASM_BENCH_CONSTRAINTS="${KUBEPLAY_WASM_BENCH_CONSTRAINTS:-10000x5000}"
  export KUBEPLAY_WASM_BENCH_DECODE="${KUBEPLAY_WASM_BENCH_DECODE:-1000000}"
  export KUBEPLAY_WASM_BENCH_TRAVEL="${KUBEPLAY_WASM_BENCH_TRAVEL:-500}"
  # End to end, 100,000 pods would take minutes: the scheduler-only rows
  # are the issue's measure.
  export KUBEPLAY_WASM_BENCH_E2E="${KUBEPLAY_WASM_BENCH_E2E:-0}"
fi
# The runner gives a test 20 s by default; the full sizes take longer.
# (env.sh's default is lower.)
[ "${WASM_BINDGEN_TEST_TIMEOUT:-0}" -ge 900 ] || export WASM_BINDGEN_TEST_TIMEOUT=900
cargo test --release -p kubeplay-engine --target wasm32-unknown-unknown --test bench_wasm -- --nocapture
