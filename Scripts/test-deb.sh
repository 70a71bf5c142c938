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
check "Depends names what capcheck opens with dlopen (libxml2, libzip, libsystemd)" \
    sh -c "dpkg-deb -f '$deb' Depends | grep -q 'libxml2, libzip[45], libsystemd0'"
check "libzip and libsystemd are not linked (opened on demand)" \
    sh -c "! readelf -d '$bin' | grep -E -q 'NEEDED.*(libzip|libsystemd)'"
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
check "the systemd textfile units ship as examples" \
    cmp -s "$root/usr/share/doc/capcheck/examples/systemd/capcheck-textfile.timer" contrib/systemd/capcheck-textfile.timer
doc="$root/usr/share/doc/capcheck"
check "the version carries the commit unless it is a tagged release" sh -c "
    commit=\$(git rev-parse --short=8 HEAD 2>/dev/null) || exit 0
    tag=\$(git describe --tags --exact-match HEAD 2>/dev/null) ||
        { dpkg-deb -f '$deb' Version | grep -q \"~git[0-9]*\\.\$commit\"; exit; }
    dpkg-deb -f '$deb' Version | grep -q \"^\${tag#v}-\""
check "a real maintainer (no localhost address)" \
    sh -c "dpkg-deb -f '$deb' Maintainer | grep -E -q '^[^<]+ <[^@<>]+@[^@<>]+\\.[^@<>.]+>\$' &&
        ! dpkg-deb -f '$deb' Maintainer | grep -q localhost"
check "Recommends udev (the hwdb)" sh -c "dpkg-deb -f '$deb' Recommends | grep -q '\\budev\\b'"
check "Depends names pci.ids (the PCI names)" sh -c "dpkg-deb -f '$deb' Depends | grep -q 'pci.ids'"
# DEP-5: the Format line, a Files paragraph per origin, and a stand-alone License paragraph
# (a name followed by its text) for every licence name the Files paragraphs use.
check "copyright is machine-readable (DEP-5) with a text for every licence it names" \
    awk 'NR == 1 && $0 != "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" { exit 1 }
        /^Files: Fixtures\/udevadm\// { udevadm = 1 }
        /^Files:/ { files = 1 } /^$/ { files = 0 }
        previous != "" && /^ / { text[previous] = 1 } { previous = "" }
        /^License: / { name = substr($0, 10); if (files) { n = split(name, w, " ");
                for (i = 1; i <= n; i++) if (w[i] != "or" && w[i] != "and") used[w[i]] = 1 }
            else previous = name }
        END { if (!udevadm) exit 1; for (l in used) if (!(l in text)) exit 1 }' "$doc/copyright"
check "changelog.Debian.gz names the package's version" \
    sh -c "zcat '$doc/changelog.Debian.gz' | head -n 1 | grep -q -F \"capcheck (\$(dpkg-deb -f '$deb' Version))\""
check "md5sums lists every file" sh -c "
    dpkg-deb --ctrl-tarfile '$deb' | tar -xO ./md5sums | (cd '$root' && md5sum --quiet -c -) &&
    [ \"\$(dpkg-deb --ctrl-tarfile '$deb' | tar -xO ./md5sums | wc -l)\" = \"\$(find '$root/usr' -type f | wc -l)\" ]"
# lintian --pedantic: no error, warning, info or pedantic tag that is not overridden with a
# reason in Scripts/debian/capcheck.lintian-overrides (skipped when lintian is missing).
# unused-override is not counted: an override the binary no longer needs (a build without
# ICU has none of its misspelt strings) is harmless; it is listed here to be removed.
if command -v lintian >/dev/null 2>&1; then
    lintian --pedantic --display-info --tags unused-override "$deb" 2>/dev/null | sed 's/^/# /'
    check "lintian --pedantic reports nothing (overrides give their reasons)" \
        sh -c "lintian --pedantic --display-info --suppress-tags unused-override --fail-on error,warning,info,pedantic '$deb' 2>&1 |
            grep -v 'running with root privileges' | tee /dev/stderr | { ! grep -q .; }"
else
    echo "skip - lintian not installed"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
