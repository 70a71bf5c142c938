#!/usr/bin/env python3
"""Parses udevadm dumps with Checkbox's own parser (checkbox_support.parsers.udevadm), the
way Checkbox's `udev_resource` job does, and prints one line per file: devices and the
categories Checkbox assigned. Used by Benchmarks/offline.sh as the reference to beat.

Usage: checkbox-parse.py DUMP...   (needs `pip install checkbox-support`)
"""
import collections
import sys

from checkbox_support.parsers.udevadm import parse_udevadm_output


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        # lsblk="" so the parser does not run lsblk on this machine; 64-bit like the dumps.
        devices = parse_udevadm_output(text, lsblk="", bits=64)
        categories = collections.Counter(device.category for device in devices)
        print(path, len(devices), dict(sorted((str(k), v) for k, v in categories.items())))


if __name__ == "__main__":
    main()
