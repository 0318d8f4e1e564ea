#!/usr/bin/env bash
# Clippy over the product's crates (library code of the engine-side crates,
# plus the CLI and the benchmarks, the one allowed, commented use of the
# wall clock).
#   scripts/lint.sh        the determinism ban of clippy.toml as errors (no
#                          wall clock, no OS randomness, no hash
#                          collections); every other lint is left alone.
#                          Called by the test script's native step.
#   scripts/lint.sh --all  every clippy warning as an error as well.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

crates=(-p kubeplay-cel -p kubeplay-model -p kubeplay-codec -p kubeplay-apiserver -p kubeplay-engine
        -p kubeplay-kubectl -p kubeplay-playground -p kubeplay-bench -p kubeplay -p kubeplay-fuzzcheck)
ban=(-D clippy::disallowed_methods -D clippy::disallowed_types)
if [ "${1:-}" = "--all" ]; then
  cargo clippy --keep-going --lib --bins "${crates[@]}" -- -D warnings "${ban[@]}"
else
  cargo clippy --keep-going --lib --bins "${crates[@]}" -- -A warnings -A clippy::all "${ban[@]}"
fi
