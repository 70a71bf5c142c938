#!/usr/bin/env python3
"""Consistency check for apple-devices.csv (capcheck builtin Apple matrix).

Usage: python3 Scripts/catalog/check-apple-catalog.py [path/to/apple-devices.csv]

Checks:
  * header comment block: '# date:', '# source: Sn = ...' lines, one '# rule:' line per key column,
    one '# current: iOS x; iPadOS x; tvOS x; visionOS x (source: ..., read YYYY-MM-DD)' line
  * Max OS is 'current' or '<OS> <version>' with the OS name the device group ran at that version
    (iOS for iPhone, iPod touch and iPads before 13; iPadOS, tvOS, visionOS), never above the
    '# current:' version of that OS; a frozen row ('<OS> x.y.z') must not name the current major
  * exact column order
  * unique Device names
  * every identifier unique, except rows that both say 'shared identifier' in Notes
  * key cells are exactly yes / no / unknown; Cellular is yes / no
  * numeric columns are numbers (empty allowed only where documented: Apple TV display,
    Vision Pro display and cameras, and rows whose Notes say "no stored spec source")
  * every Sources token is a declared source id
  * rule-derived key columns agree with rules recomputed here from the
    Device / SoC / Max OS columns: arm64, arm64e, metal, opengles-3, arkit,
    iphone-ipad-minimum-performance-a12, ipad-minimum-performance-m1,
    iphone-performance-gaming-tier, driverkit, healthkit, telephony
Exits 1 on any failure and prints a summary (rows per group, per year).
"""
import csv
import re
import os
import sys
from collections import Counter, OrderedDict

KEYS = [
    "accelerometer", "arkit", "armv6", "armv7", "arm64", "arm64e", "auto-focus-camera",
    "bluetooth-le", "camera-flash", "driverkit", "embedded-web-browser-engine",
    "front-facing-camera", "gamekit", "gps", "gyroscope", "healthkit",
    "ipad-minimum-performance-m1", "iphone-ipad-minimum-performance-a12",
    "iphone-performance-gaming-tier", "location-services", "magnetometer", "metal",
    "microphone", "nfc", "opengles-1", "opengles-2", "opengles-3", "peer-peer", "sms",
    "still-camera", "telephony", "video-camera", "web-browser-engine", "wifi",
]
LEAD = ["Device", "Family", "Identifiers", "Year", "SoC", "RAM GB", "Display Points",
        "Display Scale", "Max OS", "Cellular", "Rear Camera MP", "Front Camera MP"]
HEADER = LEAD + KEYS + ["Notes", "Sources"]


def group_of(device):
    for prefix, g in (("iPhone", "iPhone"), ("iPad", "iPad"), ("iPod", "iPod touch"),
                      ("Apple TV", "Apple TV"), ("Apple Vision", "Vision Pro")):
        if device.startswith(prefix):
            return g
    return "?"


def line_of(family):
    """Finer grouping for the summary."""
    for p in ("iPad Pro", "iPad Air", "iPad mini"):
        if family.startswith(p):
            return p
    return group_of(family)


def a_number(soc):
    m = re.match(r"A(\d+)", soc)
    return int(m.group(1)) if m else 0


def is_m(soc):
    return re.match(r"M\d", soc) is not None


def max_os_number(s):
    if s == "current":
        return 999.0
    m = re.search(r"(\d+)(?:\.(\d+))?", s)
    return float("%s.%s" % (m.group(1), m.group(2) or "0")) if m else -1.0


def yn(b):
    return "yes" if b else "no"


def expected(row):
    """Rule values recomputed from Device / SoC / Max OS only."""
    g = group_of(row["Device"])
    soc = row["SoC"]
    a = a_number(soc)
    m = is_m(soc)
    modern = a >= 7 or m
    e = OrderedDict()
    e["arm64"] = yn(modern)
    e["arm64e"] = "unknown" if g == "Vision Pro" else yn(a >= 12 or m)
    e["metal"] = yn(modern)
    e["opengles-3"] = yn(modern)
    if g in ("iPhone", "iPad", "iPod touch"):
        e["arkit"] = yn(a >= 9 or m)
    else:
        e["arkit"] = yn(g == "Vision Pro")
    if g in ("iPhone", "iPad"):
        e["iphone-ipad-minimum-performance-a12"] = yn(a >= 12 or m)
    else:
        e["iphone-ipad-minimum-performance-a12"] = yn(g == "Vision Pro")
    if g == "iPad" and m:
        e["ipad-minimum-performance-m1"] = "yes"
    elif (g == "iPad" and soc == "A17 Pro") or g == "Vision Pro":
        e["ipad-minimum-performance-m1"] = "unknown"
    else:
        e["ipad-minimum-performance-m1"] = "no"
    # Apple names the iPhone 15 Pro class (A17 Pro); the A18 Pro rests on a developer report (S10);
    # later chips Apple does not name are unknown, as is the iPad mini's A17 Pro.
    if g == "iPhone":
        if soc in ("A17 Pro", "A18 Pro"):
            e["iphone-performance-gaming-tier"] = "yes"
        elif a >= 18:
            e["iphone-performance-gaming-tier"] = "unknown"
        else:
            e["iphone-performance-gaming-tier"] = "no"
    elif g == "iPad":
        e["iphone-performance-gaming-tier"] = "yes" if m else ("unknown" if soc == "A17 Pro" else "no")
    else:
        e["iphone-performance-gaming-tier"] = "no"
    e["driverkit"] = yn(g == "iPad" and m)
    e["healthkit"] = yn(g == "iPhone" and max_os_number(row["Max OS"]) >= 8)
    e["telephony"] = yn(g == "iPhone")
    return e


OS_OF_GROUP = {"iPhone": "iOS", "iPod touch": "iOS", "Apple TV": "tvOS", "Vision Pro": "visionOS"}
CURRENT_RE = re.compile(
    r"^# current: iOS (\d+(?:\.\d+)*); iPadOS (\d+(?:\.\d+)*); tvOS (\d+(?:\.\d+)*); "
    r"visionOS (\d+(?:\.\d+)*) \(source: .+, read \d{4}-\d\d-\d\d\)$")


def version_tuple(v):
    return tuple(int(x) for x in v.split("."))


def check_max_os(row, group, current, errors):
    """Max OS names the OS the group ran and stays at or below the current release."""
    value = row["Max OS"]
    if value == "current" or not current:
        return
    m = re.match(r"^(iOS|iPadOS|tvOS|visionOS) (\d+(?:\.\d+)*)$", value)
    if not m:
        return  # the format check reports it
    name, version = m.group(1), version_tuple(m.group(2))
    if group == "iPad":
        want = "iOS" if version[0] < 13 else "iPadOS"
    else:
        want = OS_OF_GROUP.get(group, "?")
    if name != want:
        errors.append("%s: Max OS %r should be written with %s" % (row["Device"], value, want))
    top = current.get(name)
    if top is not None and version[0] >= top[0]:
        errors.append("%s: Max OS %r is not below the current %s %s; write 'current'"
                      % (row["Device"], value, name, ".".join(map(str, top))))


def is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def main(path):
    errors = []
    comments, data_lines = [], []
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            (comments if line.startswith("#") else data_lines).append(line)

    if not any(c.startswith("# date:") for c in comments):
        errors.append("missing '# date:' comment")
    source_ids = set()
    for c in comments:
        m = re.match(r"# source: (S\d+) = ", c)
        if m:
            source_ids.add(m.group(1))
    if not source_ids:
        errors.append("no '# source: Sn = ...' comments")
    current = {}
    current_lines = [c.rstrip("\n") for c in comments if c.startswith("# current:")]
    if len(current_lines) != 1:
        errors.append("want exactly one '# current:' line, found %d" % len(current_lines))
    else:
        m = CURRENT_RE.match(current_lines[0])
        if not m:
            errors.append("'# current:' line is not 'iOS x; iPadOS x; tvOS x; visionOS x (source: ..., read YYYY-MM-DD)'")
        else:
            current = dict(zip(("iOS", "iPadOS", "tvOS", "visionOS"),
                               (version_tuple(v) for v in m.groups())))
    rule_keys = [re.match(r"# rule: (\S+) = ", c).group(1)
                 for c in comments if re.match(r"# rule: (\S+) = ", c)]
    for k in KEYS:
        n = rule_keys.count(k)
        if n != 1:
            errors.append("key %s has %d '# rule:' lines (want 1)" % (k, n))

    reader = csv.DictReader(data_lines)
    if reader.fieldnames != HEADER:
        errors.append("header mismatch: %r" % (reader.fieldnames,))
        print("\n".join(errors))
        return 1
    rows = list(reader)

    names = Counter(r["Device"] for r in rows)
    for n, c in names.items():
        if c > 1:
            errors.append("duplicate Device name: %s (%d rows)" % (n, c))

    owners = {}
    for r in rows:
        ids = [i for i in r["Identifiers"].split(";") if i]
        if not ids:
            errors.append("%s: no identifiers" % r["Device"])
        for i in ids:
            if not re.match(r"^(iPhone|iPad|iPod|AppleTV|RealityDevice)\d+,\d+$", i):
                errors.append("%s: malformed identifier %r" % (r["Device"], i))
            owners.setdefault(i, []).append(r)
    for i, rs in owners.items():
        if len(rs) > 1:
            if not all("shared identifier" in r["Notes"] for r in rs):
                errors.append("identifier %s used by %s without a 'shared identifier' note"
                              % (i, ", ".join(r["Device"] for r in rs)))

    for r in rows:
        d = r["Device"]
        g = group_of(d)
        if g == "?":
            errors.append("%s: unknown device group" % d)
        for k in KEYS:
            if r[k] not in ("yes", "no", "unknown"):
                errors.append("%s: %s = %r" % (d, k, r[k]))
            if r[k] == "unknown" and not r["Notes"]:
                errors.append("%s: %s unknown without Notes" % (d, k))
        if r["Cellular"] not in ("yes", "no"):
            errors.append("%s: Cellular = %r" % (d, r["Cellular"]))
        if not re.match(r"^(19|20)\d\d$", r["Year"]):
            errors.append("%s: Year = %r" % (d, r["Year"]))
        no_spec = "no stored spec source" in r["Notes"]
        if not (no_spec and r["RAM GB"] == "") and not is_number(r["RAM GB"]):
            errors.append("%s: RAM GB = %r" % (d, r["RAM GB"]))
        display_optional = g in ("Apple TV", "Vision Pro") or no_spec
        if not (display_optional and r["Display Points"] == ""):
            if not re.match(r"^\d+x\d+$", r["Display Points"]):
                errors.append("%s: Display Points = %r" % (d, r["Display Points"]))
        if not (display_optional and r["Display Scale"] == ""):
            if r["Display Scale"] not in ("1", "2", "3"):
                errors.append("%s: Display Scale = %r" % (d, r["Display Scale"]))
        for col in ("Rear Camera MP", "Front Camera MP"):
            if not ((g == "Vision Pro" or no_spec) and r[col] == "") and not is_number(r[col]):
                errors.append("%s: %s = %r" % (d, col, r[col]))
        if not re.match(r"^(iOS|iPadOS|tvOS|visionOS) \d+(\.\d+)*$|^current$", r["Max OS"]):
            errors.append("%s: Max OS = %r" % (d, r["Max OS"]))
        check_max_os(r, g, current, errors)
        for s in r["Sources"].split(";"):
            if s not in source_ids:
                errors.append("%s: undeclared source %r" % (d, s))
        # derived-key rules
        for k, want in expected(r).items():
            if r[k] != want:
                errors.append("%s: %s = %s but rule gives %s" % (d, k, r[k], want))
        # simple cross-key sanity
        if r["gps"] == "yes" and r["location-services"] != "yes":
            errors.append("%s: gps without location-services" % d)
        if r["auto-focus-camera"] == "yes" and r["still-camera"] != "yes":
            errors.append("%s: auto-focus-camera without still-camera" % d)
        if r["arm64e"] == "yes" and r["arm64"] != "yes":
            errors.append("%s: arm64e without arm64" % d)
        if g == "iPad" and (r["Cellular"] == "yes") != (r["gps"] == "yes"):
            errors.append("%s: iPad gps must equal Cellular" % d)

    # summary
    print("rows: %d" % len(rows))
    print("rows per device group:")
    for g, c in sorted(Counter(group_of(r["Device"]) for r in rows).items()):
        print("  %-12s %3d" % (g, c))
    print("rows per line:")
    for g, c in sorted(Counter(line_of(r["Family"]) for r in rows).items()):
        print("  %-12s %3d" % (g, c))
    print("families: %d" % len(set(r["Family"] for r in rows)))
    print("rows per year:")
    for y, c in sorted(Counter(r["Year"] for r in rows).items()):
        print("  %s %3d" % (y, c))
    major_only = [r["Device"] for r in rows if re.match(r"^\S+ \d+$", r["Max OS"])]
    print("Max OS: %d current, %d exact, %d major only%s" % (
        sum(r["Max OS"] == "current" for r in rows),
        sum(bool(re.match(r"^\S+ \d+\.\d+", r["Max OS"])) for r in rows),
        len(major_only), (" (" + ", ".join(major_only) + ")") if major_only else ""))
    unk = Counter(k for r in rows for k in KEYS if r[k] == "unknown")
    if unk:
        print("unknown cells: " + ", ".join("%s=%d" % kv for kv in sorted(unk.items())))
    if errors:
        print("\nFAIL: %d problem(s)" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else
                  os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                               "Catalogs", "apple", "apple-devices.csv")))
