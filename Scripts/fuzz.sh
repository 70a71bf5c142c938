#!/usr/bin/env bash
# Fuzz one capcheck parser with libFuzzer: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   TARGET  one of the targets below, or all (each target SECONDS long)
# Builds the CapcheckFuzz target (CAPCHECK_FUZZ=1; an instrumented release build:
# -sanitize=fuzzer,address, in Fuzz/.build), seeds the working corpus Fuzz/Corpus/TARGET from
# Fixtures/, Fuzz/make-seeds.py and Fuzz/Seeds/TARGET, and writes crashes to
# Fuzz/Crashes/TARGET/. Exit status: 0 when no input broke an invariant or crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${1:?usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]}
seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]}
shift 2
export PATH="/opt/swift/usr/bin:$PATH"
targets=(dump umockdev snapshot capture pipeline plist android axml proto zip appstream dep11 yaml gzip json manifest
  predicate matrix catalog fleet edid)
if [ "$target" = all ]; then
  status=0
  for t in "${targets[@]}"; do "$0" "$t" "$seconds" "$@" || status=1; done
  exit "$status"
fi
case " ${targets[*]} " in *" $target "*) ;; *) echo "unknown target '$target' (${targets[*]})" >&2; exit 64 ;; esac

# CAPCHECK_FUZZ_CONFIG=debug builds faster (CI's smoke run); release runs faster.
# CAPCHECK_FUZZ_SANITIZERS=fuzzer leaves AddressSanitizer out (a build of its own, about 2.5×
# the executions a second): for readers that are Swift only, where the language checks bounds,
# overflow and lifetimes; the default keeps ASan for the wrappers around C libraries.
config=${CAPCHECK_FUZZ_CONFIG:-release}
sanitizers=${CAPCHECK_FUZZ_SANITIZERS:-fuzzer,address}
case "$sanitizers" in
  fuzzer,address) scratch=Fuzz/.build ;;
  fuzzer) scratch=Fuzz/.build-cov ;;
  *) echo "CAPCHECK_FUZZ_SANITIZERS is fuzzer,address or fuzzer" >&2; exit 64 ;;
esac
CAPCHECK_FUZZ=1 swift build -c "$config" --scratch-path "$scratch" --product CapcheckFuzz \
  -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library -Xswiftc -use-ld=lld 2>&1 |
  grep -E 'error|warning: unre|Build' | tail -n 3
binary="$root/$scratch/$config/CapcheckFuzz"
[ -x "$binary" ] || { echo "fuzz $target: the harness did not build" >&2; exit 70; }

corpus="$root/Fuzz/Corpus/$target"
crashes="$root/Fuzz/Crashes/$target"
mkdir -p "$corpus" "$crashes"
seed() { for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$corpus/" 2>/dev/null || true; done; }
# Seeds made from the fixtures (binary manifests, built apps, gzip, fleets), once per corpus root.
[ -f "$root/Fuzz/Corpus/.made" ] || { python3 Fuzz/make-seeds.py "$root/Fuzz/Corpus" >&2 && touch "$root/Fuzz/Corpus/.made"; }
android=(Fixtures/android/*.xml Fixtures/manifests/AndroidManifest*.xml Fixtures/manifests/android-*.xml)
plists=(Fixtures/manifests/*.plist Fixtures/matrix/*.plist Fixtures/bad/*.plist)
appstream=(Fixtures/appstream/*.xml Fixtures/bad/appstream-*.xml)
yaml=(Fixtures/appstream/*.yml Fixtures/catalog-roots/*/usr/share/app-info/yaml/*.yml)
recordings=(Fixtures/udevadm/*.txt Fixtures/umockdev/*.umockdev Fixtures/snapshots/*.json)
case "$target" in
  dump) seed Fixtures/udevadm/*.txt Fixtures/bad/*.txt ;;
  umockdev) seed Fixtures/umockdev/*.umockdev Fixtures/bad/*.umockdev ;;
  snapshot) seed Fixtures/snapshots/*.json Fixtures/bad/snapshot-* ;;
  capture) seed Fixtures/phones/*.capture Fixtures/phones/not-a-capture.txt ;;
  pipeline) seed "${recordings[@]}" ;;
  plist) seed "${plists[@]}" ;;
  android) seed "${android[@]}" ;;
  axml|proto) seed Fixtures/bad/android-*.axml ;;
  zip) seed Fixtures/bad/*.apk Fixtures/bad/*.ipa Fixtures/bad/*.aab ;;
  appstream) seed "${appstream[@]}" ;;
  dep11) seed "${yaml[@]}" ;;
  yaml) seed "${yaml[@]}" Fixtures/bad/dep11-*.yml ;;
  gzip) for f in Fixtures/bad/*.gz; do tail -c +3 "$f" >"$corpus/bad-$(basename "$f")"; done ;;
  json) seed Fixtures/manifests/*.json Fixtures/bad/manifest-*.json ;;
  manifest) seed "${android[@]}" "${plists[@]}" "${appstream[@]}" "${yaml[@]}" Fixtures/manifests/*.json \
             Fixtures/bad/manifest-* Fixtures/bad/*.apk Fixtures/bad/*.ipa ;;
  predicate) printf 'camera.video >= 1280x720@30' >"$corpus/video"; printf 'memory.total >= 3GiB' >"$corpus/memory"
             printf 'camera.megapixels >= 5' >"$corpus/mp"; printf 'display.scale >= 2' >"$corpus/scale" ;;
  matrix) seed Fixtures/matrix/*.csv Fixtures/matrix/*.md Fixtures/matrix/*.json Fixtures/data/*.csv ;;
  catalog) seed "${android[@]}" "${plists[@]}" Fixtures/catalogs/*.plist Fixtures/bad/android-many-* ;;
  fleet) ;;
  edid) seed Fixtures/edid/*.txt ;;
esac
[ -d "Fuzz/Seeds/$target" ] && seed Fuzz/Seeds/"$target"/*
# The parsers' keywords: one dictionary per family of formats.
case "$target" in
  dump|umockdev|snapshot|pipeline|fleet) dictionary=recording ;;
  plist|android|appstream|dep11|yaml|json|manifest|zip|gzip|catalog) dictionary=manifest ;;
  *) dictionary=$target ;;
esac
dict=()
[ -f "Fuzz/Dictionaries/$dictionary.dict" ] && dict=(-dict="$root/Fuzz/Dictionaries/$dictionary.dict")

export CAPCHECK_FUZZ_TARGET="$target"
# No allocation stack traces (malloc_context_size=0): a report still shows the faulting stack.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1:malloc_context_size=0}"
log="$root/Fuzz/Crashes/$target.log"
set +e
"$binary" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
  -timeout=10 -artifact_prefix="$crashes/" -print_final_stats=1 "$@" >"$log" 2>&1
status=$?
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
echo "fuzz $target: ${runs:-0} executions in ${seconds}s, exit $status (log: Fuzz/Crashes/$target.log)"
if [ "$status" -ne 0 ]; then
  grep -E 'ERROR|invariant broken|Fatal error|SUMMARY|artifact' "$log" | head -n 8 >&2
fi
exit "$status"
