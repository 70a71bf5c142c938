#!/bin/sh
# Builds a Debian package of capcheck with dpkg-deb:
#   Scripts/make-deb.sh [OUTDIR]          (default OUTDIR: dist)
# The binary is a release build with the Swift runtime linked in (--static-swift-stdlib: the
# target needs no Swift toolchain), stripped; the man page and the completions go where Debian
# puts them; Depends names the packages that provide the shared libraries it still loads
# (libudev1, libpci3, libc6, ...), found with readelf, ldd and dpkg -S. Prints the .deb's path.
set -eu
cd "$(dirname "$0")/.."
out=${1:-dist}
export PATH="/opt/swift/usr/bin:$PATH"

swift build -c release --static-swift-stdlib --product capcheck >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/capcheck"
version=$("$bin" --version | sed -n '1s/^capcheck //p')
arch=$(dpkg --print-architecture)

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"
install -D -m 0755 "$bin" "$root/usr/bin/capcheck"
strip --strip-unneeded "$root/usr/bin/capcheck"
install -D -m 0644 Documentation/capcheck.1 "$root/usr/share/man/man1/capcheck.1"
gzip -9n "$root/usr/share/man/man1/capcheck.1"
install -D -m 0644 contrib/completion/capcheck.bash \
    "$root/usr/share/bash-completion/completions/capcheck"
install -D -m 0644 contrib/completion/_capcheck "$root/usr/share/zsh/vendor-completions/_capcheck"
install -D -m 0644 contrib/completion/capcheck.fish \
    "$root/usr/share/fish/vendor_completions.d/capcheck.fish"
install -D -m 0755 contrib/ansible/capcheck.fact "$root/usr/share/doc/capcheck/examples/capcheck.fact"
install -D -m 0644 README.md "$root/usr/share/doc/capcheck/README.md"

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

mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<CONTROL
Package: capcheck
Version: $version
Architecture: $arch
Maintainer: capcheck developers <capcheck@localhost>
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: can this machine run my app? hardware capabilities vs app manifests
 capcheck probes the hardware that is really there (libudev, sysfs, the hwdb,
 libpci, ioctls) and checks it against what an app declares: iOS
 UIRequiredDeviceCapabilities, Android <uses-feature> or a JSON manifest.
 It also writes Prometheus textfile metrics and checks fleets of snapshots.
CONTROL

mkdir -p "$out"
deb="$out/capcheck_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >&2
echo "$deb"
