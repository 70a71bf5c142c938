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
