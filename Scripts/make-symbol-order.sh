#!/bin/sh
# Writes Scripts/release-symbol-order.txt, the order lld places the release binary's functions
# in (Scripts/release-flags.sh): the mangled name of every function of capcheck's own binary
# that `--version`, live `list --json`, live `list` and live `verify` run, in the order
# callgrind first meets them, `--version`'s first. Run on any Linux machine after a change
# that renames or adds much of what those commands run; names the build no longer has are
# skipped by lld, so a stale list only costs memory.
# Usage: Scripts/make-symbol-order.sh   (from anywhere; needs valgrind and python3)
set -eu
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
flags=$(Scripts/release-flags.sh)
# shellcheck disable=SC2086 # one word per flag
swift build $flags --product capcheck >/dev/null
# shellcheck disable=SC2086
bin=$(swift build $flags --show-bin-path)/capcheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
profile() { # profile NAME ARGS...: a callgrind profile with mangled names
    name=$1
    shift
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$name" "$bin" "$@" \
        >/dev/null 2>&1 || true
}
profile 1-version --version
profile 2-list-json list --json
profile 3-list list
profile 4-verify verify --manifest Fixtures/manifests/manifest.json
python3 - "$work" "$(basename "$bin")" Scripts/release-symbol-order.txt <<'PY'
import os, re, sys
work, binary, out = sys.argv[1:4]
seen, names = set(), []
reference = re.compile(r"\((\d+)\)(?: (.*))?$")  # callgrind's compressed "(id) name"
for profile in sorted(os.listdir(work)):
    # Every function that ran has an fn= block under its object's ob=, in the order the
    # profile met them; cob=/cfn= lines (calls) may define a compressed name first.
    objects, functions = {}, {}
    current = None
    for line in open(os.path.join(work, profile), errors="replace"):
        key, _, value = line.rstrip("\n").partition("=")
        if key not in ("ob", "cob", "fn", "cfn"):
            continue
        table = objects if key in ("ob", "cob") else functions
        match = reference.match(value)
        if match:
            if match.group(2):
                table[match.group(1)] = match.group(2)
            value = table.get(match.group(1))
        if key == "ob":
            current = value
        if key != "fn" or not value or not current or os.path.basename(current) != binary:
            continue
        name = re.sub(r"'\d+$", "", value)  # callgrind's recursion depth
        if not name.startswith("0x") and name not in seen:
            seen.add(name)
            names.append(name)
with open(out, "w") as file:
    file.write("".join(name + "\n" for name in names))
print(f"{out}: {len(names)} functions")
PY
