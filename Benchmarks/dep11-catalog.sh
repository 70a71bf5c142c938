#!/bin/sh
# Times `capcheck verify` on a 38 000-component AppStream catalog in both forms: XML and
# DEP-11 YAML, plain and gzip, and `capcheck apps` over a root holding the gzip DEP-11 one. The catalogs replicate the 19 components of
# Fixtures/appstream/foobar-1.catalog.xml and of its appstreamcli conversion
# foobar-1.catalog.dep11.yml 2 000 times, each copy's ids suffixed with its number.
# Usage: Benchmarks/dep11-catalog.sh [CAPCHECK]   (from the package root; default: the
# debug build, `swift build` first; needs python3, gzip and /usr/bin/time)
set -eu
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)/capcheck}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
copies = 2000
xml = open("Fixtures/appstream/foobar-1.catalog.xml", encoding="utf-8").read()
start, end = xml.index("<component "), xml.rindex("</components>")
body = xml[start:end]
with open(f"{work}/catalog-38000.xml", "w", encoding="utf-8") as out:
    out.write(xml[:start])
    for i in range(copies):
        out.write(re.sub(r"<id>([^<]*)</id>", lambda m: f"<id>{m.group(1)}.{i}</id>", body))
    out.write(xml[end:])
yml = open("Fixtures/appstream/foobar-1.catalog.dep11.yml", encoding="utf-8").read()
header_end = yml.index("\n---\n", 4) + 1
header, docs = yml[:header_end], yml[header_end:]
with open(f"{work}/Components-38000.yml", "w", encoding="utf-8") as out:
    out.write(header)
    for i in range(copies):
        out.write(re.sub(r"^ID: (.*)$", lambda m: f"ID: {m.group(1)}.{i}", docs, flags=re.M))
PY
gzip -n -k "$work/catalog-38000.xml" "$work/Components-38000.yml"

echo "machine: $(uname -srm); $(nproc) CPUs; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "binary:  $bin"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-minute load averages before the runs)"
for file in catalog-38000.xml catalog-38000.xml.gz Components-38000.yml Components-38000.yml.gz; do
    /usr/bin/time -v "$bin" verify "$work/$file" >"$work/out" 2>"$work/time"
    wall=$(grep 'Elapsed (wall clock)' "$work/time" | sed 's/.*: //')
    rss=$(grep 'Maximum resident set size' "$work/time" | sed 's/.*: //')
    user=$(grep 'User time' "$work/time" | sed 's/.*: //')
    size=$(wc -c <"$work/$file")
    cp "$work/out" "$work/out-$file"
    echo "file=$file size=${size}B wall=$wall user=${user}s maxrss=${rss}KiB lines=$(wc -l <"$work/out") $(tail -n1 "$work/out")"
done
# `capcheck apps` over a root holding the gzip DEP-11 catalog, as apt installs it.
mkdir -p "$work/root/var/lib/swcatalog/yaml"
cp "$work/Components-38000.yml.gz" "$work/root/var/lib/swcatalog/yaml/"
/usr/bin/time -v "$bin" apps --root "$work/root" >"$work/out" 2>"$work/time"
wall=$(grep 'Elapsed (wall clock)' "$work/time" | sed 's/.*: //')
rss=$(grep 'Maximum resident set size' "$work/time" | sed 's/.*: //')
user=$(grep 'User time' "$work/time" | sed 's/.*: //')
echo "apps --root (Components-38000.yml.gz) wall=$wall user=${user}s maxrss=${rss}KiB $(sed -n 3p "$work/out")"
# The verdict lines of the two forms are the same, line for line.
if cmp -s "$work/out-catalog-38000.xml" "$work/out-Components-38000.yml"; then
    echo "XML and DEP-11 outputs: identical"
else
    echo "XML and DEP-11 outputs: differ"
fi
