#!/usr/bin/env bash
# The release build: dist/ (relative URLs, works under any sub-path), then
# the size of the .wasm it ships. Assumes scripts/tools.sh has run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

trunk build --release
node scripts/wasm-size.mjs dist
