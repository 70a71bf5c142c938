#!/usr/bin/env bash
# Records what a capcheck binary prints for every fixture, so that a refactoring can be
# compared byte for byte with the build before it:
#   Scripts/golden-outputs.sh BINARY OUTDIR
#   diff -r OUTDIR-before OUTDIR-after
# One file per command: its standard output, then a line '--- stderr', its standard error and
# a last line 'exit N'. Paths in the outputs are relative to the repository root.
set -u
bin=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
mkdir -p "$out"
n=0
run() { # run NAME ARGS...
  local name=$1
  shift
  {
    "$bin" "$@" 2>"$out/.stderr" </dev/null
    local status=$?
    echo "--- stderr"
    cat "$out/.stderr"
    echo "exit $status"
  } >"$out/$name"
  n=$((n + 1))
}
recordings=(Fixtures/udevadm/*.txt Fixtures/umockdev/*.umockdev Fixtures/snapshots/*.json)
manifests=(Fixtures/manifests/* Fixtures/android/*.xml Fixtures/appstream/*.xml Fixtures/matrix/*.plist
  Fixtures/matrix/camera-5mp.json)
for r in "${recordings[@]}"; do
  base=$(echo "$r" | tr '/' '_')
  run "list_$base" list --from "$r"
  run "list-devices_$base" list --from "$r" --devices
  run "list-json_$base" list --from "$r" --json
  run "list-redact_$base" list --from "$r" --json --redact
  run "list-prom_$base" list --from "$r" --format prometheus
  run "report-md_$base" report --from "$r"
  run "report-csv_$base" report --from "$r" --format csv
  run "report-json_$base" report --from "$r" --format json
  run "report-html_$base" report --from "$r" --format html
done
for m in "${manifests[@]}"; do
  [ -f "$m" ] || continue
  base=$(echo "$m" | tr '/' '_')
  run "lint_$base" lint "$m"
  for r in Fixtures/udevadm/LENOVO_T430S.txt Fixtures/umockdev/iio-accel-gyro-magn.umockdev Fixtures/snapshots/all-facts.json; do
    rb=$(basename "$r")
    run "verify_${base}_$rb" verify "$m" --from "$r"
    run "verify-json_${base}_$rb" verify "$m" --from "$r" --json
    run "verify-prom_${base}_$rb" verify "$m" --from "$r" --format prometheus
  done
  run "matrix_$base" matrix --builtin ios-2011 --manifest "$m"
  run "matrix-json_$base" matrix --builtin ios-2011 --manifest "$m" --json
  run "matrix-csv_$base" matrix --builtin ios-2011 --manifest "$m" --csv
done
for t in Fixtures/matrix/*.csv Fixtures/matrix/*.md Fixtures/matrix/phones.json; do
  base=$(echo "$t" | tr '/' '_')
  for m in Fixtures/matrix/*.plist Fixtures/matrix/camera-5mp.json; do
    run "matrix_${base}_$(basename "$m")" matrix "$t" --manifest "$m"
  done
done
run "diff_gyro" diff Fixtures/matrix/gyroscope.plist Fixtures/matrix/gyroscope-gps.plist --builtin ios-2011
run "diff_gyro_json" diff Fixtures/matrix/gyroscope.plist Fixtures/matrix/gyroscope-gps.plist --builtin ios-2011 --json
run "report_all" report $(printf -- '--from %s ' Fixtures/udevadm/*.txt) --manifest Fixtures/manifests/manifest.json
run "report_all_html" report $(printf -- '--from %s ' Fixtures/udevadm/*.txt) --format html
run "matrix_list_builtin" matrix --list-builtin
run "man" man
for s in bash zsh fish; do run "completion_$s" completion "$s"; done
run "help" help
for c in list verify lint matrix diff report watch man completion; do run "help_$c" help "$c"; done
for c in list verify lint matrix diff report watch; do run "usage_$c" "$c" --no-such-option; done
run "version_line_count" --version
rm -f "$out/.stderr"
echo "$n outputs in $out"
