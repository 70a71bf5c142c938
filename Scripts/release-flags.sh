#!/bin/sh
# The `swift build` flags of the release binary the .deb ships, printed on one line for
# Scripts/make-deb.sh and Benchmarks/lean.sh (one place, so the benchmarks measure that binary):
# - the Swift runtime linked in (--static-swift-stdlib: the target needs no Swift toolchain);
# - lld with packed relative relocations (-z pack-relative-relocs, DT_RELR, glibc 2.36 and
#   later): the position-independent binary's 43 000 relative relocations take 9 KB instead
#   of 1 MB that the loader reads at every start;
# - full RELRO and immediate binding (lintian's hardening-no-bindnow);
# - each Swift function in a section of its own (-function-sections), placed by lld in the
#   order of Scripts/release-symbol-order.txt: the functions `--version` and `list` run
#   first and next to each other, so a start faults in a few hundred KiB of code instead of
#   pages scattered over the 11 MB of text (Scripts/make-symbol-order.sh makes the list; a
#   name the build no longer has is skipped, so a stale list costs memory, never
#   correctness).
root=$(cd "$(dirname "$0")/.." && pwd)
echo "-c release --static-swift-stdlib -Xswiftc -use-ld=lld" \
    "-Xlinker -z -Xlinker pack-relative-relocs" \
    "-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now" \
    "-Xswiftc -Xfrontend -Xswiftc -function-sections" \
    "-Xlinker --symbol-ordering-file=$root/Scripts/release-symbol-order.txt" \
    "-Xlinker --no-warn-symbol-ordering"
