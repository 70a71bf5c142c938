#!/bin/sh
# Stands in for libimobiledevice's ideviceinfo and idevice_id in capcheck's tests (the tests
# link it under both names into a folder on PATH). FAKE_IOS_MODE picks the devices
# `idevice_id -l` lists: one (default), two, none; `untrusted` lists one whose lockdownd
# refuses to pair, `hang` one that never answers. `ideviceinfo [-u UDID] [-q DOMAIN]` prints
# the section `### ideviceinfo[ -q DOMAIN]` of the capture FAKE_IOS_CAPTURE names.
# Every UDID here is made up.
mode="${FAKE_IOS_MODE:-one}"
if [ "$(basename "$0")" = "idevice_id" ]; then
    case "$mode" in
    one | untrusted | hang) echo "00008110-000A1B2C3D4E5F01 (USB)" ;;
    two)
        echo "00008110-000A1B2C3D4E5F01 (USB)"
        echo "00008030-000F0E0D0C0B0A09 (Network)"
        ;;
    esac
    exit 0
fi
[ "$1" = "-u" ] && shift 2
case "$mode" in
none) echo "ERROR: No device found!" >&2; exit 255 ;;
untrusted)
    echo "ERROR: Could not connect to lockdownd: Pairing dialog response pending (-19)" >&2
    exit 255
    ;;
hang) sleep 60 ;;
esac
section="### ideviceinfo"
[ "$1" = "-q" ] && section="### ideviceinfo -q $2"
awk -v want="$section" '$0 == want { on = 1; next } /^##/ { on = 0; next } on' "$FAKE_IOS_CAPTURE"
