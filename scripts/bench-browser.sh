#!/usr/bin/env bash
# The browser benchmarks (issue 13, item 7): builds dist/ if it is missing,
# then tests/bench/browser.mjs serves it on 127.0.0.1 and drives headless
# Chromium through it, printing a table. Arguments pass through:
#   scripts/bench-browser.sh            full sizes (1.5–9 min on the shared machine)
#   scripts/bench-browser.sh --quick    small sizes; asserts the work was done
#   scripts/bench-browser.sh --trace=/tmp/trace.json   Chromium trace of the animation
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

if [ ! -f dist/index.html ]; then
  step "dist/ is missing: release build first"
  scripts/build.sh
fi
node tests/bench/browser.mjs "$@"
