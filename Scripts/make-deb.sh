#!/bin/sh
# Builds a Debian package of capcheck with dpkg-deb:
#   Scripts/make-deb.sh [OUTDIR]          (default OUTDIR: dist)
# The maintainer is DEBFULLNAME and DEBEMAIL (else git's user.name and user.email); the
# version carries the commit unless the commit is tagged v<version>. The package holds a
# machine-readable copyright made from REUSE.toml (Scripts/dep5-copyright.py), a changelog
# and md5sums, and passes `lintian --pedantic` (Scripts/test-deb.sh runs it).
# The binary is a release build with the Swift runtime linked in (--static-swift-stdlib: the
# target needs no Swift toolchain; Scripts/release-flags.sh), stripped; the man page and the
# completions go where Debian puts them; Depends names the packages that provide the shared libraries it still loads
# (libudev1, libpci3, libc6, ...), found with readelf, ldd and dpkg -S, and those it opens
# with dlopen (libxml2, libzip, libsystemd). Prints the .deb's path.
set -eu
umask 022
cd "$(dirname "$0")/.."
out=${1:-dist}
export PATH="/opt/swift/usr/bin:$PATH"

# The release flags (Scripts/release-flags.sh): the Swift runtime linked in, lld with packed
# relative relocations, full RELRO and immediate binding (lintian's hardening-no-bindnow).
flags=$(Scripts/release-flags.sh)
swift build $flags --product capcheck >&2
bin="$(swift build $flags --show-bin-path)/capcheck"
# The version: the binary's ("capcheck 0.1.0 ..." on its first line). A build of the commit
# tagged v<version> is that release; any other build is a snapshot that carries the commit
# and its date (0.1.0~git20261201.ddb8126c, sorting before 0.1.0), "+dirty" when the tree
# had changes. "-1" is the Debian revision (the packaging is not part of the upstream code).
upstream=$("$bin" --version | sed -n '1s/^capcheck \([^ ]*\).*/\1/p')
[ -n "$upstream" ] || { echo "make-deb.sh: no version in 'capcheck --version'" >&2; exit 1; }
version=$upstream
date=$(date -u -R)
if commit=$(git rev-parse --short=8 HEAD 2>/dev/null); then
    date=$(date -u -R -d "@$(git log -1 --format=%ct HEAD)")
    if [ "$(git describe --tags --exact-match HEAD 2>/dev/null)" != "v$upstream" ]; then
        version="$upstream~git$(git log -1 --format=%cd --date=format:%Y%m%d HEAD).$commit"
        git diff --quiet HEAD -- 2>/dev/null || version="$version+dirty"
    fi
fi
debversion="$version-1"
arch=$(dpkg --print-architecture)
# The maintainer: DEBFULLNAME and DEBEMAIL (as dch reads them), else git's user, else the
# author of the commit built.
name=${DEBFULLNAME:-$(git config user.name 2>/dev/null || git log -1 --format=%an 2>/dev/null || true)}
email=${DEBEMAIL:-$(git config user.email 2>/dev/null || git log -1 --format=%ae 2>/dev/null || true)}
[ -n "$name" ] && [ -n "$email" ] ||
    { echo "make-deb.sh: set DEBFULLNAME and DEBEMAIL (the package's maintainer)" >&2; exit 1; }
maintainer="$name <$email>"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"
install -D -m 0755 "$bin" "$root/usr/bin/capcheck"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/capcheck"
install -D -m 0644 Documentation/capcheck.1 "$root/usr/share/man/man1/capcheck.1"
gzip -9n "$root/usr/share/man/man1/capcheck.1"
install -D -m 0644 contrib/completion/capcheck.bash \
    "$root/usr/share/bash-completion/completions/capcheck"
install -D -m 0644 contrib/completion/_capcheck "$root/usr/share/zsh/vendor-completions/_capcheck"
install -D -m 0644 contrib/completion/capcheck.fish \
    "$root/usr/share/fish/vendor_completions.d/capcheck.fish"
install -D -m 0755 contrib/ansible/capcheck.fact "$root/usr/share/doc/capcheck/examples/capcheck.fact"
for unit in capcheck-textfile.service capcheck-textfile.timer; do
    install -D -m 0644 "contrib/systemd/$unit" "$root/usr/share/doc/capcheck/examples/systemd/$unit"
done
install -D -m 0644 README.md "$root/usr/share/doc/capcheck/README.md"
gzip -9n "$root/usr/share/doc/capcheck/README.md"
install -D -m 0644 Scripts/debian/capcheck.lintian-overrides "$root/usr/share/lintian/overrides/capcheck"
# debian/copyright in the machine-readable format, made from REUSE.toml.
icu=
grep -q -a 'icudt[0-9]*l' "$root/usr/bin/capcheck" && icu=--embedded-icu
python3 Scripts/dep5-copyright.py $icu "$maintainer" >"$root/usr/share/doc/capcheck/copyright"
chmod 0644 "$root/usr/share/doc/capcheck/copyright"
# The Debian changelog: one entry for this build (the upstream history is git's).
{
    echo "capcheck ($debversion) unstable; urgency=medium"
    echo
    if [ "$version" = "$upstream" ]; then
        echo "  * Release $upstream."
    else
        echo "  * Snapshot of commit ${commit:-unknown} (not a release)."
    fi
    echo
    echo " -- $maintainer  $date"
} >"$root/usr/share/doc/capcheck/changelog.Debian"
gzip -9n "$root/usr/share/doc/capcheck/changelog.Debian"
chmod 0644 "$root/usr/share/doc/capcheck/changelog.Debian.gz"

# One "package (>= installed version)" per shared library the binary itself needs (its
# DT_NEEDED entries, as dpkg-shlibdeps reads them; the libraries' own needs are theirs).
needed=$(readelf -d "$root/usr/bin/capcheck" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
depends=$(ldd "$root/usr/bin/capcheck" |
    awk -v needed="$needed" 'BEGIN { split(needed, list, "\n"); for (i in list) want[list[i]] = 1 }
        $2 == "=>" && $3 ~ /^\// && ($1 in want) { print $3 }' |
    while read -r lib; do
        real=$(readlink -f "$lib")
        dpkg -S "$lib" 2>/dev/null || dpkg -S "$real" 2>/dev/null ||
            dpkg -S "/usr$lib" 2>/dev/null || dpkg -S "/usr$real" 2>/dev/null || true
    done | sed 's/:.*//' | sort -u |
    while read -r package; do
        # The installed version without its Debian revision (2.36-9+deb12u4 -> 2.36).
        echo "$package (>= $(dpkg-query -W -f='${Version}' "$package" | sed 's/-[^-]*$//'))"
    done | paste -sd, - | sed 's/,/, /g')
[ -n "$depends" ] || { echo "make-deb.sh: no library packages found with ldd/dpkg -S" >&2; exit 1; }
# The libraries capcheck opens with dlopen when a command needs them, which ldd cannot list:
# the package that ships the soname found here (for libzip the ABI this system has, libzip4
# or libzip5). libxml2 is named by hand below.
opened=$(for names in "libzip.so.5 libzip.so.4" libsystemd.so.0; do
    for name in $names; do
        lib=$(ldconfig -p | awk -v name="$name" '$1 == name { print $NF; exit }')
        [ -n "$lib" ] || continue
        dpkg -S "$(readlink -f "$lib")" 2>/dev/null | sed 's/:.*//' | head -n 1
        break
    done
done | paste -sd, - | sed 's/,/, /g')
case "$opened" in
    libzip*", "libsystemd*) ;;
    *) echo "make-deb.sh: libzip and libsystemd not found with ldconfig/dpkg -S ($opened)" >&2; exit 1 ;;
esac

mkdir -p "$root/DEBIAN"
# libxml2 is named by hand: capcheck opens it with dlopen when a command reads XML, so ldd
# does not list it; nor libzip and libsystemd ($opened, found above).
# Recommends: udev ships the hwdb (hwdb.bin: vendor and model names, sensor and keyboard
# quirks); pci.ids is libpci's PCI name table (named though libpci3 pulls it in);
# pciutils' update-pciids refreshes it.
cat >"$root/DEBIAN/control" <<CONTROL
Package: capcheck
Version: $debversion
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends, libxml2, $opened, pci.ids
Recommends: udev
Suggests: pciutils
Section: utils
Priority: optional
Description: can this machine run my app? hardware capabilities vs app manifests
 capcheck probes the hardware that is really there (libudev, sysfs, the hwdb,
 libpci, ioctls) and checks it against what an app declares: iOS
 UIRequiredDeviceCapabilities, Android <uses-feature> or a JSON manifest.
 It also writes Prometheus textfile metrics and checks fleets of snapshots.
CONTROL

(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/capcheck_${debversion}_${arch}.deb"
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >&2
echo "$deb"
