#!/usr/bin/env bash
# Installs what is missing, then builds and serves the playground at
# http://127.0.0.1:8080 with live reload (Ctrl-C stops it).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

scripts/tools.sh
step "serving Kubeplay at http://127.0.0.1:8080/"
# Its own dist folder: trunk serve injects a live-reload script, and dist/
# is kept for the publishable release build.
exec trunk serve --address 127.0.0.1 --port 8080 --dist target/serve-dist "$@"
