#!/usr/bin/env bash
# The test suite under sanitizers: Scripts/sanitizers.sh [address|thread|all]
#   address  every test with AddressSanitizer (the capcheck binary the tests run is built
#            with it too, so umockdev testbeds exercise instrumented code)
#   thread   the watch tests (one libudev thread handing events to async consumers) with
#            ThreadSanitizer
# Each uses its own scratch path under .build/, so the normal debug build stays valid.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# umockdev preloads its own library; ASan only has to be loaded, not first.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:verify_asan_link_order=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"
which=${1:-all}
status=0
# run NAME ARGS...: the full log goes to .build/NAME.log; reports and the counts are printed.
run() {
  local name=$1
  shift
  mkdir -p .build
  swift test --scratch-path ".build/$name" "$@" >".build/$name.log" 2>&1
  local code=$?
  grep -E '^(SUMMARY|WARNING): |ERROR: AddressSanitizer|^✘ |Test run with' ".build/$name.log" | head -n 40
  echo "$name: exit $code (log .build/$name.log)"
  [ "$code" -eq 0 ] || status=1
}
case "$which" in
  address | all) run sanitize-address --sanitize=address ;;
esac
case "$which" in
  thread | all) run sanitize-thread --sanitize=thread --filter Watch ;;
esac
exit "$status"
