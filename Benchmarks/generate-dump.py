#!/usr/bin/env python3
"""Writes a synthetic `udevadm info --export-db` dump of N devices made from real records.

Usage: Benchmarks/generate-dump.py N OUTPUT [DUMP ...]

The device blocks of the given dumps (default: every Fixtures/udevadm/*.txt machine dump)
are copied in turn until N blocks are written. Copy 0 (of the first dump) is verbatim; copy k
renames the subtree so ids stay unique and parent links stay inside the copy:
  - a PCI root `pci0000:00` becomes PCI domain k (`pci00k:00`) and every PCI address in the
    path `0000:00:1c.1` follows (`000k:00:1c.1`), as on machines with several domains;
  - under `/devices/virtual`, `/devices/platform` and `/devices/system` the next component
    gets the suffix `.ck` (`/devices/virtual/net.c3/lo`); any other root gets it itself
    (`/devices/LNXSYSTM:00.c3`).
`E: DEVPATH=` follows the `P:` line. Nothing else is changed, so every prober sees the same
kinds of records as in the real dumps, only more of them.
"""
import os
import re
import sys

PCI_ROOT = re.compile(r"^pci([0-9a-f]{4}):([0-9a-f]{2})$")
PCI_ADDRESS = re.compile(r"^[0-9a-f]{4}(:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])$")
SUFFIX_BELOW = {"virtual", "platform", "system"}


def rename(path, copy):
    if copy == 0:
        return path
    parts = path.split("/")
    if len(parts) < 3 or parts[1] != "devices":
        return None
    root = PCI_ROOT.match(parts[2])
    if root:
        domain = "%04x" % (copy % 0x10000)
        parts[2] = "pci%s:%s" % (domain, root.group(2))
        for index in range(3, len(parts)):
            address = PCI_ADDRESS.match(parts[index])
            if address:
                parts[index] = domain + address.group(1)
        return "/".join(parts)
    index = 3 if parts[2] in SUFFIX_BELOW else 2
    if len(parts) <= index:
        return None  # `/devices/virtual` itself: one record is enough
    parts[index] += ".c%d" % copy
    return "/".join(parts)


def blocks(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        block = []
        for line in handle:
            if line.strip() == "":
                if block:
                    yield block
                block = []
            else:
                block.append(line.rstrip("\n"))
        if block:
            yield block


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: generate-dump.py N OUTPUT [DUMP ...]")
    count = int(sys.argv[1])
    output = sys.argv[2]
    sources = sys.argv[3:]
    if not sources:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "udevadm")
        sources = sorted(
            os.path.join(root, name) for name in os.listdir(root)
            if name.endswith(".txt") and name != "CAPTURE_METADATA.txt")
    machines = [[b for b in blocks(source) if b[0].startswith("P: /devices/")] for source in sources]
    machines = [m for m in machines if m]
    written = 0
    copy = 0
    with open(output, "w", encoding="utf-8", errors="surrogateescape") as out:
        while written < count:
            machine = machines[copy % len(machines)]
            for block in machine:
                if written >= count:
                    break
                path = rename(block[0][3:], copy)
                if path is None:
                    continue
                out.write("P: " + path + "\n")
                for line in block[1:]:
                    if line.startswith("E: DEVPATH="):
                        line = "E: DEVPATH=" + path
                    out.write(line + "\n")
                out.write("\n")
                written += 1
            copy += 1


if __name__ == "__main__":
    main()
