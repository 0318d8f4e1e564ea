#!/usr/bin/env bash
# Installs whatever the build and the tests lack, and nothing else: every
# step checks the installed version first, so a second run does no work.
# Versions come from the committed files, never from "latest":
#   trunk          Trunk.toml `trunk-version`
#   wasm-bindgen   Cargo.lock (must equal Trunk.toml [tools] wasm_bindgen)
#   wasm-opt       package-lock.json binaryen (must equal Trunk.toml wasm_opt)
#   chromium       Debian's chromium + chromium-driver (same source package)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

fail() { printf 'tools.sh: %s\n' "$*" >&2; exit 1; }

# --- versions the committed files pin ----------------------------------------

# The version of package $1 in Cargo.lock (first entry of that name).
cargo_lock_version() {
  awk -v name="$1" '
    $0 == "name = \"" name "\"" { found = 1; next }
    found && /^version = / { gsub(/version = |"/, ""); print; exit }
  ' Cargo.lock
}

# The value of key $1 in Trunk.toml (a plain `key = "value"` line).
trunk_toml() {
  sed -n "s/^$1 *= *\"\(.*\)\".*/\1/p" Trunk.toml | head -n 1
}

TRUNK_VERSION="$(trunk_toml trunk-version)"; TRUNK_VERSION="${TRUNK_VERSION#=}"
WASM_BINDGEN_VERSION="$(cargo_lock_version wasm-bindgen)"
BINARYEN_VERSION="$(node -p 'require("./package-lock.json").packages["node_modules/binaryen"].version' 2>/dev/null || true)"

[ -n "$TRUNK_VERSION" ] || fail "Trunk.toml has no trunk-version pin"
[ -n "$WASM_BINDGEN_VERSION" ] || fail "Cargo.lock has no wasm-bindgen (is the web crate in the workspace?)"
[ -n "$BINARYEN_VERSION" ] || fail "package-lock.json has no binaryen (or node is missing)"
[ "$(trunk_toml wasm_bindgen)" = "$WASM_BINDGEN_VERSION" ] ||
  fail "Trunk.toml [tools] wasm_bindgen = $(trunk_toml wasm_bindgen), but Cargo.lock has wasm-bindgen $WASM_BINDGEN_VERSION: make them equal"
[ "$(trunk_toml wasm_opt)" = "version_${BINARYEN_VERSION%%.*}" ] ||
  fail "Trunk.toml [tools] wasm_opt = $(trunk_toml wasm_opt), but package-lock.json has binaryen $BINARYEN_VERSION: make them equal"

# Runs a command as root (apt-get), with sudo when we are not root.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The first line of `$@`'s output, or nothing when it is missing or fails.
version_of() { "$@" 2>/dev/null | head -n 1 || true; }

# --- Node (tests and wasm-opt): must already be there --------------------------

command -v node >/dev/null || fail "node (>= 20) is required: install Node.js first"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  fail "node >= 20 is required, found $(node --version)"

# --- Rust: the wasm target ---------------------------------------------------

if [ -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
  echo "ok: rust target wasm32-unknown-unknown"
else
  step "installing the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# Build tools are run a few times per test run, never benchmarked: trading
# their run-time speed for a much shorter first install (fat LTO with one
# codegen unit took most of an hour on two cores).
fast_install() {
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=2 CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_STRIP=true cargo install "$@"
}

# --- trunk ---------------------------------------------------------------------

if [ "$(version_of trunk --version)" = "trunk $TRUNK_VERSION" ]; then
  echo "ok: trunk $TRUNK_VERSION"
else
  step "installing trunk $TRUNK_VERSION (several minutes the first time)"
  # Newer trunk needs a newer rustc than this toolchain; --locked keeps
  # trunk's own tested dependency versions.
  fast_install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli (wasm-bindgen and wasm-bindgen-test-runner) ----------------

if [ "$(version_of wasm-bindgen --version)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ] &&
   [ "$(version_of wasm-bindgen-test-runner --version)" = "wasm-bindgen-test-runner $WASM_BINDGEN_VERSION" ]; then
  echo "ok: wasm-bindgen-cli $WASM_BINDGEN_VERSION"
else
  step "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (several minutes the first time)"
  # Not --locked: its lockfile pins a crate version the registry no longer serves.
  fast_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# --- npm packages: binaryen (wasm-opt) and playwright-core -----------------------

# npm ci only when package-lock.json changed since the last install.
stamp="node_modules/.kubeplay-lock-sha256"
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "ok: node_modules matches package-lock.json"
else
  step "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
[ "$(command -v wasm-opt)" = "$KUBEPLAY_ROOT/node_modules/.bin/wasm-opt" ] ||
  fail "wasm-opt on PATH is $(command -v wasm-opt), not npm's binaryen"
wasm_opt_version="$(version_of wasm-opt --version)"
case "$wasm_opt_version" in
  *"(version_${BINARYEN_VERSION%%.*})") echo "ok: $wasm_opt_version" ;;
  *) fail "npm's wasm-opt reports '$wasm_opt_version', expected version_${BINARYEN_VERSION%%.*}" ;;
esac

# --- Chromium and chromedriver (Debian) ------------------------------------------

if command -v chromium >/dev/null && [ -x /usr/bin/chromedriver ]; then
  echo "ok: $(version_of chromium --version 2>/dev/null)"
else
  step "installing Debian's chromium and chromium-driver"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver
fi
# The driver only drives the browser of its own version.
chromium_major="$(chromium --version 2>/dev/null | sed -n 's/^Chromium \([0-9]*\)\..*/\1/p')"
driver_major="$(/usr/bin/chromedriver --version | sed -n 's/^ChromeDriver \([0-9]*\)\..*/\1/p')"
[ -n "$chromium_major" ] && [ "$chromium_major" = "$driver_major" ] ||
  fail "chromium ($chromium_major) and chromedriver ($driver_major) versions differ: apt-get install chromium chromium-driver"

# --- crates, so the offline trunk build finds them ----------------------------------

cargo fetch --quiet
echo "ok: crates fetched"
