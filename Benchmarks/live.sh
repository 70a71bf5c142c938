#!/bin/sh
# Live listing: `capcheck list --json` (sysfs read directly, and the libudev enumeration it
# replaced, as the test oracle capcheck-libudev-list prints it) against `udevadm info --export-db`, `lshw -json`,
# `hwinfo --short` and `inxi -Fxz` on this machine.
#   wall time  — one hyperfine call, so every command runs under the same load;
#   syscalls   — strace -f -c (total calls, and per device of capcheck's inventory);
#   peak RSS   — GNU time's maximum resident set size;
#   work       — valgrind callgrind instruction counts (load does not change them).
# Usage: Benchmarks/live.sh [BEFORE_BINARY]   (from the package root; as root for lshw and
#        hwinfo; needs hyperfine strace valgrind lshw hwinfo inxi time python3 from Debian)
# BEFORE_BINARY: a capcheck built from an older commit, measured the same way.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product capcheck >/dev/null
swift build -c release --product capcheck-libudev-list >/dev/null
bin=$(swift build -c release --show-bin-path)/capcheck
oracle=$(swift build -c release --show-bin-path)/capcheck-libudev-list
before=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

devices=$("$bin" list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["devices"]))')
echo "machine: $(uname -srm); $(nproc) CPUs; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "udevd:   $([ -d /run/udev/data ] && echo running || echo 'not running (no /run/udev/data)')"
echo "devices: $devices (capcheck's inventory)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-minute load averages before the runs)"

# name|command, one per line (commands without shell syntax: hyperfine -N runs them directly)
cat >"$work/commands" <<LIST
capcheck|$bin list --json
capcheck-libudev|$oracle
${before:+before|$before list --json}
udevadm|udevadm info --export-db
lshw|lshw -json
hwinfo|hwinfo --short
inxi|inxi -Fxz
LIST
sed -i '/^$/d' "$work/commands"

set --
while IFS='|' read -r name command; do set -- "$@" -n "$name" "$command"; done <"$work/commands"
hyperfine -N --warmup 2 --runs "${RUNS:-15}" --export-markdown "$work/wall.md" "$@" >/dev/null 2>&1 || true
cat "$work/wall.md"
echo

printf '%-18s %10s %12s %12s %16s\n' command syscalls per-device "peak RSS" instructions
while IFS='|' read -r name command; do
    # shellcheck disable=SC2086
    strace -f -c -o "$work/strace" $command >/dev/null 2>&1 || true
    calls=$(tail -n1 "$work/strace" | awk '{print $4}')  # "100.00 secs usecs calls [errors] total"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%M' -o "$work/time" $command >/dev/null 2>&1 || true
    rss=$(tail -n1 "$work/time")
    instructions=-
    case $name in
    capcheck* | before | udevadm)
        # shellcheck disable=SC2086
        # --trace-children: `env VAR=… capcheck` counts capcheck, not only env.
        instructions=$(valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/cg.%p" \
            $command 2>&1 >/dev/null | sed -n 's/.*Collected : //p' | tr -d ' ' | tail -n1)
        ;;
    esac
    perdevice=$(awk -v c="$calls" -v d="$devices" 'BEGIN { printf "%.1f", c / d }')
    printf '%-18s %10s %12s %9s KiB %16s\n' "$name" "$calls" "$perdevice" "$rss" "$instructions"
done <"$work/commands"
