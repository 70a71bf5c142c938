#!/bin/sh
# `capcheck matrix --catalog` over a Play Console device-catalog export of Play's size: a
# generated 25 000-model export (Scripts/generate-play-export.py), or the export given as the
# first argument (a real one downloaded from Play Console; not shipped), against a manifest.
# Wall time from one hyperfine call (text and JSON output), peak RSS from GNU time.
# Usage: Benchmarks/play-export.sh [EXPORT.csv] [MANIFEST]   (from the package root; needs
#        hyperfine, python3 and /usr/bin/time; CAPCHECK=path uses that binary instead)
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${CAPCHECK:-}" ]; then
    swift build -c release --product capcheck >/dev/null
    CAPCHECK=$(swift build -c release --show-bin-path)/capcheck
fi
export_csv=${1:-}
if [ -z "$export_csv" ]; then
    python3 Scripts/generate-play-export.py 25000 > "$work/export.csv"
    export_csv=$work/export.csv
fi
manifest=${2:-Fixtures/android/newpipe.xml}
echo "export: $export_csv ($(($(wc -l < "$export_csv") - 1)) rows), manifest: $manifest"
hyperfine --warmup 2 --runs 15 -N \
    "$CAPCHECK matrix --catalog $export_csv --manifest $manifest" \
    "$CAPCHECK matrix --catalog $export_csv --manifest $manifest --json"
/usr/bin/time -f 'peak RSS %M KiB, %e s' "$CAPCHECK" matrix --catalog "$export_csv" \
    --manifest "$manifest" > /dev/null
