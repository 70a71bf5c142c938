#!/bin/sh
# Counts the packages the README's quick-start command and the tests install on a fresh
# Debian 12, without one: apt-get --simulate against a dpkg status that holds only a
# minimal system (the packages of priority "required" and what they depend on, as
# debootstrap --variant=minbase or the debian:12 image has), and again with the Swift
# toolchain's documented Debian 12 dependencies added. Every package of those sets must be
# installed on this machine (their status entries are copied from /var/lib/dpkg/status).
#   Scripts/quickstart-package-count.sh
set -eu
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
: >"$scratch/empty"
simulate() { # simulate STATUS PACKAGES...: the packages apt-get would install
    status=$1
    shift
    apt-get install --simulate --no-install-recommends -o Debug::NoLocking=1 \
        -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o Dir::State::status="$status" "$@" \
        2>/dev/null | sed -n 's/^Inst \([^ :]*\).*/\1/p'
}
status_of() { # status_of OUT PACKAGES...: a dpkg status holding exactly these packages
    out=$1
    shift
    printf '%s\n' "$@" | python3 -c '
import re, sys
want = set(sys.stdin.read().split())
entries = open("/var/lib/dpkg/status").read().split("\n\n")
keep = [e for e in entries if (m := re.search(r"^Package: (\S+)", e, re.M)) and m.group(1) in want
        and "\nStatus: install ok installed" in e]
sys.stdout.write("\n\n".join(keep) + "\n\n")' >"$out"
}
required=$(dpkg-query -W -f='${Package} ${Priority}\n' | awk '$2 == "required" { print $1 }')
# shellcheck disable=SC2086
status_of "$scratch/minbase" $(simulate "$scratch/empty" $required usr-is-merged)
swift="binutils git unzip gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev
    libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev"
# shellcheck disable=SC2086
status_of "$scratch/swift" $(simulate "$scratch/empty" $required usr-is-merged $swift)
# The packages of the README's first quick-start block (after "apt-get install ... ").
quickstart=$(awk '/^## Quick start/ { q = 1 } q && /^```sh$/ { getline; print; exit }' README.md |
    sed -n 's/.*apt-get install -y --no-install-recommends \([^&]*\)&&.*/\1/p')
tests=$(sed 's/#.*//' .ci/apt-packages)
for base in minbase swift; do
    # shellcheck disable=SC2086
    echo "$base ($(grep -c '^Package:' "$scratch/$base") packages): quick start $(simulate "$scratch/$base" $quickstart | wc -l), tests $(simulate "$scratch/$base" $tests | wc -l)"
done
