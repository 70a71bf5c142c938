#!/bin/sh
# The lean-core figures (issue 21), this build against an older one, side by side:
#   binary  — the stripped static release binary (what the .deb ships): bytes, whether `ldd`
#             lists an ICU library, whether `strings` finds a FoundationXML symbol;
#   memory  — peak RSS (GNU time, best of 5) of `--version` and of live `list --json`;
#   matrix  — `matrix` over a generated 100 000-row × 40-column table, text, JSON and CSV,
#             one hyperfine call;
#   fleet   — `matrix --fleet` over N snapshots (`list --json` of the real dumps, renamed
#             copies), and `report` over the real dumps against Checkbox's parser in one
#             process (Benchmarks/checkbox-parse.py), one hyperfine call each.
# Usage: Benchmarks/lean.sh [BEFORE_BINARY]   (from the package root; FLEET=1000 by default)
# Needs hyperfine, GNU time, binutils, python3; PYTHON=… with checkbox-support for the last row.
set -eu
cd "$(dirname "$0")/.."
# The binary the .deb ships: the flags of Scripts/release-flags.sh.
flags=$(Scripts/release-flags.sh)
# shellcheck disable=SC2086 # one word per flag
swift build $flags --product capcheck >/dev/null
# shellcheck disable=SC2086
bin=$(swift build $flags --show-bin-path)/capcheck
before=${1:-}
python=${PYTHON:-python3}
fleet=${FLEET:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(uname -srm); $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"
set -- after "$bin"
[ -n "$before" ] && set -- "$@" before "$before"
binaries="$*"

echo "## binary"
printf '%-8s %12s %10s %16s\n' build "stripped B" "ICU libs" "FoundationXML"
set -- $binaries
while [ $# -gt 0 ]; do
    strip -o "$work/stripped" "$2"
    icu=$(ldd "$2" | grep -ci icu || true)
    fxml=$(strings "$2" | grep -c FoundationXML || true)
    printf '%-8s %12d %10d %16d\n' "$1" "$(stat -c %s "$work/stripped")" "$icu" "$fxml"
    shift 2
done

each() { # hyperfine arguments running ARGS with every binary: -n NAME 'BINARY ARGS'
    set -- $binaries "$1"
    eval "args=\${$#}"
    while [ $# -gt 1 ]; do
        printf " -n %s '%s %s'" "$1" "$2" "$args"
        shift 2
    done
}

peak() { # best-of-5 peak RSS in KiB of a command
    best=""
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>&1 || true
        rss=$(cat "$work/rss")
        if [ -z "$best" ] || [ "$rss" -lt "$best" ]; then best=$rss; fi
    done
    echo "$best"
}
echo "## memory (peak RSS, KiB, best of 5)"
printf '%-8s %12s %16s\n' build "--version" "list --json"
set -- $binaries
while [ $# -gt 0 ]; do
    printf '%-8s %12d %16d\n' "$1" "$(peak "$2" --version)" "$(peak "$2" list --json)"
    shift 2
done

echo "## matrix 100 000 x 40"
python3 Benchmarks/generate-matrix40.py "$work/matrix40.csv"
cat >"$work/manifest.json" <<'JSON'
{"version": 1, "require": ["sensor.gyroscope", "location.gnss", "camera.megapixels >= 5"], "forbid": ["cellular"]}
JSON
set -- $binaries
runs=""
while [ $# -gt 0 ]; do
    for format in text json csv; do
        runs="$runs -n $1-$format '$2 matrix $work/matrix40.csv --manifest $work/manifest.json --format $format'"
    done
    shift 2
done
eval hyperfine -N -i --warmup 1 --runs "${RUNS:-10}" --export-markdown "$work/matrix.md" "$runs" >/dev/null 2>&1 || true
cat "$work/matrix.md"

echo "## fleet of $fleet snapshots"
mkdir "$work/fleet"
i=0
for dump in Fixtures/udevadm/*.txt; do
    "$bin" list --json --from "$dump" >"$work/snap-$i.json" 2>/dev/null || rm -f "$work/snap-$i.json"
    i=$((i + 1))
done
n=0
while [ "$n" -lt "$fleet" ]; do
    for snap in "$work"/snap-*.json; do
        [ "$n" -lt "$fleet" ] || break
        cp "$snap" "$work/fleet/machine-$n.json"
        n=$((n + 1))
    done
done
echo "snapshots: $n files, $(du -sh "$work/fleet" | cut -f1)"
runs=$(each "matrix --fleet $work/fleet --manifest $work/manifest.json")
eval hyperfine -N -i --warmup 1 --runs "${RUNS_FLEET:-3}" --export-markdown "$work/fleet.md" "$runs" >/dev/null 2>&1 || true
cat "$work/fleet.md"

echo "## report over the real dumps vs Checkbox's parser"
dumps=$(ls Fixtures/udevadm/*.txt)
froms=$(for dump in $dumps; do printf -- '--from %s ' "$dump"; done)
echo "dumps: $(echo "$dumps" | wc -l) files"
runs=$(each "report $froms -o $work/report.md")
if "$python" -c 'import checkbox_support' 2>/dev/null; then
    runs="$runs -n checkbox '$python Benchmarks/checkbox-parse.py $dumps'"
fi
eval hyperfine -N -i --warmup 1 --runs "${RUNS:-10}" --export-markdown "$work/report.md.times" "$runs" >/dev/null 2>&1 || true
cat "$work/report.md.times"
