#!/bin/sh
# Stands in for adb in capcheck's tests (the tests link it as `adb` into a folder on PATH).
# FAKE_ADB_MODE picks the devices `adb devices -l` lists: one (default), two, unauthorized,
# offline, none; `hang` lists one and then never answers `adb shell`. `adb -s SERIAL shell
# COMMAND` prints the section `### COMMAND` of the capture FAKE_ADB_CAPTURE names.
# FAKE_ADB_SERIAL names the first device (default FAKE0001). Every serial here is made up.
mode="${FAKE_ADB_MODE:-one}"
serial="${FAKE_ADB_SERIAL:-FAKE0001}"
if [ "$1" = "devices" ]; then
    echo "List of devices attached"
    case "$mode" in
    one | hang)
        echo "$serial               device usb:1-1 product:panther model:Pixel_7 device:panther transport_id:1"
        ;;
    two)
        echo "$serial               device usb:1-1 product:panther model:Pixel_7 device:panther transport_id:1"
        echo "emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa transport_id:2"
        ;;
    unauthorized) echo "$serial               unauthorized usb:1-1 transport_id:1" ;;
    offline) echo "$serial               offline usb:1-1 transport_id:1" ;;
    esac
    echo
    exit 0
fi
[ "$1" = "-s" ] && shift 2
[ "$1" = "shell" ] || { echo "fake adb: unexpected arguments: $*" >&2; exit 1; }
shift
if [ "$mode" = "hang" ]; then
    sleep 60
fi
awk -v want="### $*" '$0 == want { on = 1; next } /^##/ { on = 0; next } on' "$FAKE_ADB_CAPTURE"
