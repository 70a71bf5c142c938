#!/bin/sh
# The `swift build` flags of the release binary the .deb ships, printed on one line for
# Scripts/make-deb.sh and Benchmarks/lean.sh (one place, so the benchmarks measure that binary):
# - the Swift runtime linked in (--static-swift-stdlib: the target needs no Swift toolchain);
# - lld with packed relative relocations (-z pack-relative-relocs, DT_RELR, glibc 2.36 and
#   later): the position-independent binary's 43 000 relative relocations take 9 KB instead
#   of 1 MB that the loader reads at every start;
# - full RELRO and immediate binding (lintian's hardening-no-bindnow).
echo "-c release --static-swift-stdlib -Xswiftc -use-ld=lld" \
    "-Xlinker -z -Xlinker pack-relative-relocs" \
    "-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now"
