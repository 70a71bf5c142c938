#!/usr/bin/env bash
# Fuzz one capcheck parser with libFuzzer: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   TARGET  recording | manifest | predicate | matrix | edid | all (each target SECONDS long)
# Builds Fuzz/ (an instrumented release build: -sanitize=fuzzer,address), seeds the working
# corpus Fuzz/Corpus/TARGET from Fixtures/ and Fuzz/Seeds/TARGET, and writes crashes to
# Fuzz/Crashes/TARGET/. Exit status: 0 when no input broke an invariant or crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${1:?usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]}
seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]}
shift 2
export PATH="/opt/swift/usr/bin:$PATH"
targets=(recording manifest predicate matrix edid)
if [ "$target" = all ]; then
  status=0
  for t in "${targets[@]}"; do "$0" "$t" "$seconds" "$@" || status=1; done
  exit "$status"
fi
case " ${targets[*]} " in *" $target "*) ;; *) echo "unknown target '$target' (${targets[*]})" >&2; exit 64 ;; esac

# CAPCHECK_FUZZ_CONFIG=debug builds faster (CI's smoke run); release runs faster.
config=${CAPCHECK_FUZZ_CONFIG:-release}
(cd Fuzz && swift build -c "$config" --product CapcheckFuzz -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -parse-as-library -Xswiftc -use-ld=lld 2>&1 | grep -E 'error|warning: unre|Build' | tail -n 3)
binary="$root/Fuzz/.build/$config/CapcheckFuzz"
[ -x "$binary" ] || { echo "fuzz $target: the harness did not build" >&2; exit 70; }

corpus="$root/Fuzz/Corpus/$target"
crashes="$root/Fuzz/Crashes/$target"
mkdir -p "$corpus" "$crashes"
seed() { for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$corpus/" 2>/dev/null || true; done; }
case "$target" in
  recording) seed Fixtures/udevadm/*.txt Fixtures/umockdev/*.umockdev Fixtures/snapshots/*.json ;;
  manifest) seed Fixtures/manifests/*.xml Fixtures/manifests/*.plist Fixtures/manifests/*.json Fixtures/matrix/*.plist \
             Fixtures/android/*.xml Fixtures/appstream/*.xml Fixtures/bad/*.xml Fixtures/bad/*.plist Fixtures/bad/manifest-* ;;
  predicate) printf 'camera.video >= 1280x720@30' >"$corpus/video"; printf 'memory.total >= 3GiB' >"$corpus/memory"
             printf 'camera.megapixels >= 5' >"$corpus/mp"; printf 'display.scale >= 2' >"$corpus/scale" ;;
  matrix) seed Fixtures/matrix/*.csv Fixtures/matrix/*.md Fixtures/matrix/*.json Fixtures/data/*.csv ;;
  edid) seed Fixtures/edid/*.txt ;;
esac
[ -d "Fuzz/Seeds/$target" ] && seed Fuzz/Seeds/"$target"/*
dict=()
[ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="$root/Fuzz/Dictionaries/$target.dict")

export CAPCHECK_FUZZ_TARGET="$target"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
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
