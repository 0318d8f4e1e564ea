#!/usr/bin/env bash
# Long fuzzing runs with cargo-fuzz (libFuzzer), outside `make test`:
#   scripts/fuzz.sh TARGET [RUNS] [libFuzzer flags...]
#   scripts/fuzz.sh list
# TARGET is one of fuzz/fuzz_targets/*.rs (decode, command_line, selectors,
# quantity, cron, playground, share); RUNS defaults to 10,000,000 executions (-runs=).
# Seeds come from the project's own files (example manifests, the codec's
# kubectl fixtures, the command lines in tests and transcripts) and are
# rebuilt on every run into fuzz/corpus/seeds-TARGET; what libFuzzer finds
# lands in fuzz/corpus/TARGET (kept between runs, not committed), crashes
# in fuzz/artifacts/TARGET. The sanitizer is off by default
# (FUZZ_SANITIZER=address to turn it on): Kubeplay has no `unsafe`, so
# AddressSanitizer can find nothing that a panic would not, and runs are
# several times faster without it; debug assertions (overflow checks) stay
# on either way. Installs cargo-fuzz and a nightly toolchain if
# they are missing (crates.io and rustup only).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$KUBEPLAY_ROOT"

targets() { ls fuzz/fuzz_targets | sed 's/\.rs$//'; }
if [ "${1:-}" = "" ] || [ "$1" = "list" ]; then
  echo "usage: scripts/fuzz.sh TARGET [RUNS] [libFuzzer flags...]; targets:"; targets; exit 0
fi
target="$1"; shift
runs="${1:-10000000}"; [ $# -gt 0 ] && shift
targets | grep -qx "$target" || { echo "fuzz.sh: no target '$target'" >&2; targets >&2; exit 2; }

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

seeds="fuzz/corpus/seeds-$target"
rm -rf "$seeds"; mkdir -p "$seeds" "fuzz/corpus/$target"
# One seed file per input, named by content.
seed() { local f; f="$seeds/$(printf '%s' "$1" | md5sum | cut -c1-16)"; printf '%s' "$1" > "$f"; }
# The lesson files are YAML too (manifests nested in block scalars).
manifests() { ls static/examples/*.yaml static/lessons/*.yaml crates/codec/tests/kubectl/*.yaml crates/codec/tests/kubectl/*.json 2>/dev/null; }
# Command lines: `$ ` lines of transcripts, the lessons' `commands:` items,
# and quoted kubectl/sim lines in tests.
command_lines() {
  { find tests/transcripts -name '*.t' -exec sed -n 's/^\$ //p' {} + 2>/dev/null || true
    sed -n 's/^ *- \(\(kubectl\|sim\) .*\)$/\1/p' static/lessons/*.yaml 2>/dev/null || true
    grep -rhoE '"(kubectl|sim|k) [^"\\]*"' crates/kubectl crates/playground crates/fuzzcheck 2>/dev/null | tr -d '"' || true
  } | sort -u | head -n 2000
}
case "$target" in
  decode) for f in $(manifests); do cp "$f" "$seeds/"; done ;;
  command_line) while IFS= read -r l; do seed "$l"; done < <(command_lines) ;;
  selectors)
    for s in 'app=web' 'app==web,tier!=db' 'env in (prod,qa),!canary' 'x notin (a),y' 'example.com/app' \
             'metadata.name=web,status.phase!=Running' 'spec.nodeName=' 'a\,b=c\=d'; do seed "$s"; done
    # The lessons' check selectors and the -l / --selector values in transcripts.
    { sed -n 's/^ *selector: *//p' static/lessons/*.yaml
      find tests/transcripts -name '*.t' -exec grep -ohE -- '(-l|--selector|--field-selector)[ =][^ ]+' {} + | sed -E 's/^[^ =]+[ =]//'
    } 2>/dev/null | sort -u | head -n 500 | while IFS= read -r s; do seed "$s"; done ;;
  quantity)
    for q in 100m 250m 1 0.5 1.5Gi 512Mi 1e3 2k 1E-3 -0.5Ki 9223372036854775807 0.000000001 123456789012345678901234567890; do seed "$q"; done
    # Every cpu/memory/storage amount the examples, lessons and transcripts use.
    { grep -ohE '(cpu|memory|storage|ephemeral-storage|pods): *["'"'"']?[-+.0-9][^ "'"'"',}]*' $(manifests) 2>/dev/null
      find tests/transcripts -name '*.t' -exec grep -ohE '(cpu|memory)=[^ ,]+' {} + 2>/dev/null
    } | sed -E 's/^[a-z-]+[:=] *["'"'"']?//' | sort -u | while IFS= read -r q; do seed "$q"; done ;;
  cron)
    for c in '*/5 * * * *' '0 0 1 1 *' '30 2 * * MON-FRI' '0 */2 1,15 * ?' '@hourly' '@every 1h30m' 'TZ=Europe/Berlin 0 9 * * *' \
             'CRON_TZ=America/New_York 15 3 29 2 *'; do seed "$c"; done
    # The schedules the examples, lessons and transcripts use.
    { sed -n -E 's/^ *schedule: *["'"'"']?([^"'"'"']*)["'"'"']? *$/\1/p' $(manifests)
      find tests/transcripts -name '*.t' -exec grep -ohE -- '--schedule[ =]"[^"]*"' {} + | sed -E 's/^--schedule[ =]"(.*)"$/\1/'
    } 2>/dev/null | sort -u | while IFS= read -r c; do seed "$c"; done ;;
  playground)
    for f in $(manifests); do
      seed "$(printf 'kubectl apply -f -\nsim settle\nkubectl get all -o wide\nkubectl describe deploy\n\0'; cat "$f")"
    done
    seed "$(command_lines | head -n 8)" ;;
  share)
    # Two valid links (raw DEFLATE of the JSON, base64url; made with
    # Python's zlib, independently of our encoder) and a few broken ones.
    for s in 'kp1.NYzBCgIhFEV_Rd7aWVS0EeZLooWjl8FSR3xPmhj89yxod-45cA9iwJM5aYIPslUyRJrY1VCEzO2g2vJwz7bASVSuwgqUR4nbOyGLemFR0xSSXTHnNeR9rDpycJbnC3X9v-CQFEMk4idZUMhcv_hoaeC53_sH' \
             'kp1.PYsxCgIxEEWvMky9FmI3p7CyMRZDMiyD5idsgijL3t24iOV7__2Vm1liOU1syXtZWPjuSELnknjiFhevneW6stb6eI9Zq19saV4g9DwG_POAbF2TdpUAImg2IQ1o1eJuYkFXxzjvePgl8QtEnnUehNnxCuDttn0A' \
             'kp1.' 'kp2.AAAA' 'kp1.AAAA' 'kp1.-_8' '<script>alert(1)</script>'; do seed "$s"; done ;;
esac
echo "fuzz.sh: $target, $(ls "$seeds" | wc -l) seeds, $runs runs"

# -timeout: one input taking 10 s is a hang. -rss_limit_mb: unbounded
# allocation fails the run. -max_len: manifests are small; the playground
# input is a script plus one manifest.
max_len=65536; [ "$target" = decode ] || [ "$target" = playground ] || max_len=4096
sanitizer="${FUZZ_SANITIZER:-none}"
cd fuzz
# FUZZ_NO_BUILD=1 runs the binary built before, as it is: sources changed
# since (say, a merge during a long series of runs) trigger no rebuild.
bin="target/$sanitizer/x86_64-unknown-linux-gnu/release/$target"
if [ -n "${FUZZ_NO_BUILD:-}" ] && [ -x "$bin" ]; then
  mkdir -p "artifacts/$target"
  exec "$bin" -artifact_prefix="artifacts/$target/" "corpus/$target" "corpus/seeds-$target" \
    -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 "$@"
fi
exec cargo +nightly fuzz run --sanitizer "$sanitizer" --target-dir "target/$sanitizer" "$target" "corpus/$target" "corpus/seeds-$target" -- \
  -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 "$@"
