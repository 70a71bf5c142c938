#!/bin/sh
# Offline: capcheck over recorded dumps against Checkbox's own udevadm parser, and the cost
# per device of a 200 000-device dump against a 20 000-device one (linearity).
#   real dumps — `capcheck report --from F...` over the 20 Fixtures/udevadm dumps against
#                Benchmarks/checkbox-parse.py (checkbox_support.parsers.udevadm) on the same
#                files, side by side in one hyperfine call;
#   synthetic  — Benchmarks/generate-dump.py N (copies of the real dumps' records), then
#                `capcheck list --json --from` under GNU time (CPU seconds, peak RSS).
# Usage: Benchmarks/offline.sh [BEFORE_BINARY]   (from the package root)
# Needs hyperfine, time and python3 with checkbox-support (PYTHON=/path/to/venv/bin/python;
# `python3 -m venv v && v/bin/pip install checkbox-support`).
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product capcheck >/dev/null
bin=$(swift build -c release --show-bin-path)/capcheck
before=${1:-}
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(uname -srm); $(nproc) CPUs; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "checkbox-support: $("$python" -c 'import importlib.metadata as m; print(m.version("checkbox-support"))')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-minute load averages before the runs)"

dumps=$(ls Fixtures/udevadm/*.txt)
froms=$(for dump in $dumps; do printf -- '--from %s ' "$dump"; done)
echo "real dumps: $(echo "$dumps" | wc -l) files, $(cat $dumps | grep -c '^P: ') device blocks"
set -- -n capcheck "$bin report $froms -o $work/report.md"
[ -n "$before" ] && set -- "$@" -n before "$before report $froms -o $work/report-before.md"
set -- "$@" -n checkbox "$python Benchmarks/checkbox-parse.py $dumps"
hyperfine -N --warmup 1 --runs "${RUNS:-10}" --export-markdown "$work/wall.md" "$@" >/dev/null 2>&1 || true
cat "$work/wall.md"
echo

measure() { # name command... → "name wall user+sys peakRSS"
    name=$1
    shift
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || true
    read -r wall user sys rss <"$work/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    echo "$name $wall $cpu $rss"
}

printf '%-28s %9s %9s %12s %14s\n' run devices "CPU s" "peak RSS" "µs CPU/device"
for n in 20000 200000; do
    python3 Benchmarks/generate-dump.py "$n" "$work/dump-$n.txt"
    set -- capcheck "$bin"
    [ -n "$before" ] && set -- "$@" before "$before"
    while [ $# -gt 0 ]; do
        label=$1
        binary=$2
        shift 2
        line=$(measure "$label" "$binary" list --json --from "$work/dump-$n.txt")
        echo "$line" | awk -v n="$n" '{ printf "%-28s %9d %9.2f %8d KiB %14.1f\n", $1 " list --json " n, n, $3, $4, $3 * 1e6 / n }'
    done
done
line=$(measure checkbox "$python" Benchmarks/checkbox-parse.py "$work/dump-20000.txt")
echo "$line" | awk '{ printf "%-28s %9d %9.2f %8d KiB %14.1f\n", "checkbox parse 20000", 20000, $3, $4, $3 * 1e6 / 20000 }'
