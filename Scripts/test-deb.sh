#!/bin/sh
# Checks a capcheck .deb by unpacking it into a temporary root (dpkg -x) and running it there:
#   Scripts/test-deb.sh dist/capcheck_*.deb
# Prints one "ok - ..." or "not ok - ..." line per check, then "N passed, N failed" (which
# .ci/run adds to the swift test count); exits 1 when a check fails.
set -u
deb=$1
cd "$(dirname "$0")/.."
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
    description=$1
    shift
    if "$@" >/dev/null 2>&1; then
        echo "ok - $description"
        passed=$((passed + 1))
    else
        echo "not ok - $description"
        failed=$((failed + 1))
    fi
}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"
bin="$root/usr/bin/capcheck"
field() { dpkg-deb -f "$deb" "$1"; }

check "the package is named capcheck" test "$(field Package)" = capcheck
check "Depends names libudev1" sh -c "dpkg-deb -f '$deb' Depends | grep -q 'libudev1 (>= '"
check "Depends names libpci3" sh -c "dpkg-deb -f '$deb' Depends | grep -q 'libpci3 (>= '"
check "no Swift runtime library is loaded (ldd)" sh -c "ldd '$bin' && ! ldd '$bin' | grep -q libswift"
check "the binary is stripped (no .symtab)" sh -c "! readelf -S '$bin' | grep -q '\.symtab'"
check "capcheck --version runs from the unpacked root" sh -c "'$bin' --version | grep -q '^capcheck '"
check "the packaged binary reads a recording" \
    sh -c "'$bin' list --from Fixtures/udevadm/LENOVO_T430S.txt | grep -q '^Machine   LENOVO'"
check "the packaged binary writes Prometheus metrics" \
    sh -c "'$bin' list --from Fixtures/udevadm/RPI3B.txt --format prometheus | grep -q '^capcheck_capability{'"
check "the man page is in man1, gzipped, and formats" \
    sh -c "zcat '$root/usr/share/man/man1/capcheck.1.gz' | groff -man -Tutf8 -ww -z"
check "the man page is the one 'capcheck man' prints" \
    sh -c "zcat '$root/usr/share/man/man1/capcheck.1.gz' | cmp -s - Documentation/capcheck.1"
check "bash completion in /usr/share/bash-completion/completions" \
    bash -n "$root/usr/share/bash-completion/completions/capcheck"
check "zsh completion in /usr/share/zsh/vendor-completions" \
    test -s "$root/usr/share/zsh/vendor-completions/_capcheck"
check "fish completion in /usr/share/fish/vendor_completions.d" \
    test -s "$root/usr/share/fish/vendor_completions.d/capcheck.fish"
check "the Ansible fact ships as an example" \
    test -x "$root/usr/share/doc/capcheck/examples/capcheck.fact"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
