#!/bin/sh
# Renders the HTML feature table of four fixture machines (one with a hostile name, one with
# a long one) and screenshots it in headless Chromium at phone (390 px) and desktop (1280 px)
# widths, for a person to look at:  Scripts/screenshot-report.sh [OUTDIR]  (default /tmp).
# Needs Debian's chromium (not in .ci/apt-packages: CI checks the page's rules in
# ReportHTMLLayoutTests; this is the look).
set -eu
cd "$(dirname "$0")/.."
out=${1:-/tmp}
export PATH="/opt/swift/usr/bin:$PATH"
swift build --product capcheck >&2
bin="$(swift build --show-bin-path)/capcheck"
manifest=$(mktemp)
trap 'rm -f "$manifest"' EXIT
echo '{"version": 1, "require": ["net.wifi", "camera.any"]}' >"$manifest"
"$bin" report --manifest "$manifest" --format html -o "$out/capcheck-report.html" \
    --from Fixtures/udevadm/LENOVO_T430S.txt --from Fixtures/udevadm/RPI3B.txt \
    --from Fixtures/udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt --from Fixtures/matrix/hostile-machine.json
for width in 390 1280; do
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size="$width,1400" --screenshot="$out/capcheck-report-$width.png" \
        "file://$(realpath "$out/capcheck-report.html")" 2>/dev/null
    echo "$out/capcheck-report-$width.png"
done
