#!/usr/bin/env python3
"""Writes Fixtures/bad/: small inputs with one defect each (see Fixtures/bad/README.md).

Run from the repository root; the files are checked in, this script says how they were made.
The 100 MB line and the zip bomb are made by the tests at run time, not checked in.
"""
import json
import os
import struct

out = "Fixtures/bad"
os.makedirs(out, exist_ok=True)


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def bplist(objects):
    """A bplist00 with the given encoded objects; object 0 is the top."""
    body = b"bplist00"
    offsets = []
    for o in objects:
        offsets.append(len(body))
        body += o
    table = len(body)
    for off in offsets:
        body += struct.pack(">H", off)
    body += bytes([0, 0, 0, 0, 0, 0, 2, 1]) + struct.pack(">QQQ", len(objects), 0, table)
    return body


# JSON manifests
write("manifest-duplicate-key.json", '{"version": 1,\n "require": ["gps"],\n "require": ["wifi"]}\n')
write("manifest-deep-nesting.json", '{"version": 1, "require": ' + "[" * 70 + "]" * 70 + "}\n")
write("manifest-huge-number.json", '{"version": 1, "require": ["camera.video >= 1280x720@1e300"]}\n')
write("manifest-invalid-utf8.json", b'{"version": 1, "require": ["gps\xff"]}\n')
write("manifest-nul.json", b'{"version": 1, "require": ["gps\x00"]}\n')
write("manifest-bom-crlf.json", b'\xef\xbb\xbf{"version": 1,\r\n "require": ["location.gnss"]}\r\n')
# Property lists
write("plist-duplicate-key.plist",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>\n'
      '<key>UIRequiredDeviceCapabilities</key><array><string>gps</string></array>\n'
      '<key>UIRequiredDeviceCapabilities</key><array><string>wifi</string></array>\n'
      '</dict></plist>\n')
write("plist-shared-reference-bomb.plist",
      bplist([bytes([0xA2, i + 1, i + 1]) for i in range(60)] + [bytes([0x09])]))
# Found by the fuzzer (round 3): arrays that share references 16 levels deep expand to only
# 65 535 values, but decoding them tried every type at every level (1.8 s for 343 bytes);
# the XML form needs no sharing: 7 000 empty arrays 60 levels deep.
write("plist-deep-shared-arrays.plist",
      bplist([bytes([0xA2, i + 1, i + 1]) for i in range(15)] + [bytes([0x09])]))
write("plist-deep-xml-arrays.plist",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
      '<key>UIRequiredDeviceCapabilities</key>\n' + "<array>" * 60 + "\n" + "<array/>" * 7000
      + "\n" + "</array>" * 60 + "\n</dict>\n</plist>\n")
write("plist-contains-itself.plist", bplist([bytes([0xA1, 0x00])]))
write("plist-truncated-binary.plist", bplist([bytes([0xA1, 0x01]), b"\x53gps"])[:-20])
utf16 = ('<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE plist [ <!ENTITY e "gps"> ]>\n'
         '<plist><array><string>&e;</string></array></plist>\n')
write("plist-utf16-entity.plist", b"\xff\xfe" + utf16.encode("utf-16-le"))
# Android manifests
ns = 'xmlns:android="http://schemas.android.com/apk/res/android"'
write("android-invalid-utf8-name.xml", b'<manifest a\xff="x"/>')
write("android-pi-without-data.xml",
      '<manifest %s><?x?>\n<uses-feature android:name="android.hardware.nfc"/></manifest>\n' % ns)
write("android-nul.xml", ('<manifest %s>\n<uses-feature android:name="android.hardware.nfc"/>\x00</manifest>\n' % ns).encode())
write("android-unpaired-surrogate.xml", b"\xff\xfe" + "<manifest>".encode("utf-16-le") + b"\x00\xd8")
# AppStream metainfo
write("appstream-utf16-entity.metainfo.xml", b"\xff\xfe" + (
    '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE component [ <!ENTITY e "keyboard"> ]>\n'
    '<component><id>a</id><requires><control>&e;</control></requires></component>\n').encode("utf-16-le"))
write("appstream-pi-without-data.metainfo.xml",
      '<component><?x?><id>a</id>\n<requires><control>keyboard</control></requires></component>\n')
write("appstream-invalid-utf8-name.metainfo.xml", b'<component a\xff="x"><id>a</id></component>\n')
# Matrices
write("matrix-duplicate-cell.json", '{"rows": [{"name": "A", "GPS": true, "GPS": false}]}\n')
write("matrix-deep-nesting.json", '{"rows": ' + "[" * 70 + "]" * 70 + "}\n")
write("matrix-huge-mode.csv", "Name,VideoModes\nA,4000000000x4000000000@30\n")
write("matrix-huge-rate.csv", "Name,VideoMode\nA,1280x720@1e300\n")
write("matrix-bom-crlf.csv", b"\xef\xbb\xbfName,GPS\r\nA,yes\r\n")
# Snapshots
def device(id_, parent=None, facts=None):
    d = {"id": id_, "properties": {}, "attributes": {}, "binaryAttributes": {}, "links": [],
         "facts": facts or {}}
    if parent:
        d["parentID"] = parent
    return d
write("snapshot-own-parent.json", json.dumps({"schema": 1, "devices": [device("/devices/a", "/devices/a")]}, indent=1) + "\n")
write("snapshot-parent-cycle.json", json.dumps({"schema": 1, "devices": [device("/devices/x", "/devices/y"), device("/devices/y", "/devices/x")]}, indent=1) + "\n")
write("snapshot-deep-nesting.json", '{"schema": 1, "devices": [{"id": "/d", "facts": {"x": ' + "[" * 70 + "]" * 70 + "}}]}\n")
write("snapshot-duplicate-key.json", '{"schema": 1,\n "devices": [],\n "devices": []}\n')
write("snapshot-huge-facts.json", json.dumps({"schema": 1, "devices": [
    device("/devices/usb1/1-1/1-1:1.0/video4linux/video0", facts={"v4l2": {
        "driver": "uvcvideo", "device_caps": 1e300, "still": {"width": 1e300, "height": 4e9},
        "format_modes": {"MJPG": ["4000000000x4000000000@30", "1280x720@99999999999999999999"]}}}),
    device("/devices/input/event0", facts={"evdev": {"touch_points": 1e300}}),
]}, indent=1) + "\n")



# Step 5: hostile inputs of the new surface (issue 24)
def bplist_wide(objects):
    """A bplist00 like bplist() with 4-byte offsets (objects past 64 KiB)."""
    body = b"bplist00"
    offsets = []
    for o in objects:
        offsets.append(len(body))
        body += o
    table = len(body)
    for off in offsets:
        body += struct.pack(">I", off)
    body += bytes([0, 0, 0, 0, 0, 0, 4, 1]) + struct.pack(">QQQ", len(objects), 0, table)
    return body


def axml(offsets, blob, elements):
    """Android binary XML: a UTF-8 string pool (offsets into blob), then element chunks:
    ("start", name, [(namespace, name, raw, type, data)]) or ("end", name, [])."""
    header = 28
    body = b"".join(struct.pack("<I", o) for o in offsets) + blob
    body += b"\0" * (-len(body) % 4)
    pool = struct.pack("<HHIIIIII", 0x0001, header, header + len(body), len(offsets), 0,
                       0x100, header + 4 * len(offsets), 0) + body
    chunks = b""
    for kind, name, attributes in elements:
        if kind == "start":
            ext = struct.pack("<IIHHHHHH", 0xFFFFFFFF, name, 20, 20, len(attributes), 0, 0, 0)
            for ns, attr, raw, type_, data in attributes:
                ext += struct.pack("<IIIHBBI", ns, attr, raw, 8, 0, type_, data)
            chunks += struct.pack("<HHIII", 0x0102, 16, 16 + len(ext), 1, 0xFFFFFFFF) + ext
        else:
            chunks += struct.pack("<HHIIIII", 0x0103, 16, 24, 1, 0xFFFFFFFF, 0xFFFFFFFF, name)
    document = pool + chunks
    return struct.pack("<HHI", 0x0003, 8, 8 + len(document)) + document


def utf8_entry(text):
    data = text.encode()

    def length(n):
        return bytes([n]) if n < 0x80 else bytes([0x80 | n >> 8, n & 0xFF])
    return length(len(text)) + length(len(data)) + data + b"\0"


# JSON: one object with 100 000 keys (the structure check once copied its key set per key).
keys = ",".join('"%05d":""' % i for i in range(100000))
write("snapshot-many-keys.json",
      '{"schema": 1, "devices": [{"id": "/devices/a", "attributes": {}, "binaryAttributes": {}, "links": [], "facts": {}, "properties": {%s}}]}\n' % keys)
# Android binary XML: 100 000 pool entries naming one 30 000-byte string (decoded once).
android_ns = "http://schemas.android.com/apk/res/android"
entries = [utf8_entry(t) for t in
           ["manifest", "uses-feature", "name", android_ns, "com.example." + "x" * 30000]]
offsets, at = [], 0
for entry in entries:
    offsets.append(at)
    at += len(entry)
write("android-string-pool-shared.xml", axml(offsets + [offsets[4]] * 100000, b"".join(entries), [
    ("start", 0, []), ("start", 1, [(3, 2, 4, 0x03, 4)]), ("end", 1, []), ("end", 0, [])]))
# Overlapping strings: each of 10 000 offsets into a run of 0xFF bytes starts another
# 32 767-byte string (each decodes to 98 KB of replacement characters).
head = utf8_entry("manifest")
write("android-string-pool-overlap.xml",
      axml([0] + [len(head) + i for i in range(0, 20000, 2)], head + b"\xff" * 40000,
           [("start", 0, []), ("end", 0, [])]))
# Binary plist: 99 999 references to one 1 MB string (the object bound does not bound bytes).
references = 99999
write("plist-shared-string-bomb.plist", bplist_wide([
    b"\xaf\x12" + struct.pack(">I", references) + b"\x01" * references,
    b"\x5f\x12" + struct.pack(">I", 1 << 20) + b"a" * (1 << 20)]))
# "Did you mean": 20 000 unknown features near known ones; one 1 MB key.
write("android-many-unknown-features.xml", '<manifest %s>\n' % ns + "".join(
    '<uses-feature android:name="android.hardware.camera.x%d"/>\n' % i for i in range(20000))
    + '</manifest>\n')
write("manifest-huge-key.json", '{"version": 1, "require": ["%s"]}\n' % ("gps" * 350000))
# Messages that once misled (issue 24): each names what is wrong and where.
write("snapshot-memory-out-of-range.json", json.dumps(
    {"schema": 1, "machine": {"memoryBytes": 1e300}, "devices": [device("/devices/a")]}, indent=1) + "\n")
write("matrix-huge-ram.csv", "Name,RAM\nA,1e300\n")
write("android-pi-in-declaration.xml",
      '<?xml version="1.0" <?x?> encoding="UTF-8"?>\n<manifest %s/>\n' % ns)
write("android-comment-in-attribute.xml",
      '<manifest %s>\n<uses-feature android:name="a<!--b"/>\n</manifest>\n' % ns)
write("android-utf16-without-bom.xml",
      ('<?xml version="1.0" encoding="UTF-16"?>\n<manifest %s/>\n' % ns).encode("utf-16-le"))
# Redaction: a USB Ethernet adapter whose interface name holds its MAC.
mac = "001a2b3c4d5e"
usb = "/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0"
write("recording-enx-interface.txt",
      "P: %s/net/enx%s\nE: DEVPATH=%s/net/enx%s\nE: SUBSYSTEM=net\nE: INTERFACE=enx%s\n"
      "E: ID_NET_NAME=enx%s\nE: ID_NET_NAME_MAC=enx%s\n"
      "E: SYSTEMD_ALIAS=/sys/subsystem/net/devices/enx%s\n\n" % ((usb, mac) * 2 + (mac,) * 4))
# AppStream catalogs past their limits (gzip, as under /usr/share/swcatalog/xml/; mtime 0 so
# the bytes are the same on every run).
import gzip


def write_gzip(name, text_parts):
    with open(os.path.join(out, name), "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as f:
            for part in text_parts:
                f.write(part)


write_gzip("appstream-gzip-bomb.xml.gz",
           [b"<components>\n<component><id>a</id></component>\n<!--"]
           + [b" " * (1 << 20)] * 200 + [b"-->\n</components>\n"])
write_gzip("appstream-many-components.xml.gz",
           [b"<components>\n"] + [b"<component><id>a</id></component>\n"] * 100001
           + [b"</components>\n"])
write_gzip("appstream-many-items.xml.gz",
           [b"<components>\n<component><id>a</id><requires>\n"]
           + [b"<control>touch</control>\n"] * 200001 + [b"</requires></component>\n</components>\n"])
# 20 000 unknown keys near known ones, read with --allow-unknown (each once looked for its
# nearest key: 38 s for JSON, 13 s for a plist).
write("manifest-many-unknown-keys.json", json.dumps(
    {"version": 1, "require": ["camera.anx%d" % i for i in range(20000)]}) + "\n")
write("plist-many-unknown-keys.plist",
      '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>\n'
      '<key>UIRequiredDeviceCapabilities</key><array>\n'
      + "".join("<string>accelerometex%d</string>\n" % i for i in range(20000))
      + "</array></dict></plist>\n")
# The same bombs inside built apps (stored, not deflated, so the zip-bomb ratio check does
# not stop them first).
import zipfile


def write_zip(name, entries):
    with zipfile.ZipFile(os.path.join(out, name), "w", zipfile.ZIP_STORED) as archive:
        for entry, data in entries:
            archive.writestr(zipfile.ZipInfo(entry, date_time=(2026, 12, 1, 0, 0, 0)), data)


with open(os.path.join(out, "android-string-pool-overlap.xml"), "rb") as f:
    write_zip("android-string-pool-overlap.apk", [("AndroidManifest.xml", f.read())])
write_zip("plist-shared-string-bomb.ipa", [("Payload/A.app/Info.plist", bplist_wide([
    b"\xaf\x12" + struct.pack(">I", references) + b"\x01" * references,
    b"\x5f\x12" + struct.pack(">I", 200000) + b"a" * 200000]))])
# Issue 41: DEP-11 (AppStream YAML) catalogs past the limits the XML form has, a key given
# twice, and a scalar longer than libyaml may hold in one piece.
dep11_header = b"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: bad\n"
write_gzip("dep11-many-components.yml.gz",
           [dep11_header] + [b"---\nID: a\n"] * 100001)
write_gzip("dep11-many-items.yml.gz",
           [dep11_header] + [b"---\nID: a\nRequires:\n" + b"- control: touch\n" * 30000] * 7)
write("dep11-duplicate-key.yml",
      dep11_header + b"---\nType: desktop-application\nID: org.example.First\n"
      b"Requires:\n- control: touch\nID: org.example.Second\n")
write_gzip("dep11-long-scalar.yml.gz",
           [dep11_header, b"---\nID: a\nName:\n  C: '"] + [b"x" * (1 << 20)] * 20 + [b"'\n"])
# The protobuf manifest of 4 million empty attributes (an 8 MB .aab) and the snapshot of
# 200 001 devices (22 MB) are made by HostileInputLimitTests at run time.
