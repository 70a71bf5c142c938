#!/usr/bin/python3
"""libappstream's own verdicts on metainfo files' relations, for capcheck's side-by-side
tests: one JSON object per relation item, per file in argument order, blocks in the order
requires, recommends, supports: {"file": "...", "kind": "requires", "item": "control",
"value": "touch", "result": "true|false|unknown|error", "message": "..."}. Runs on the live
machine or inside a umockdev testbed."""
import json
import sys

import gi

gi.require_version("AppStream", "1.0")
from gi.repository import AppStream, Gio, GLib  # noqa: E402

RESULTS = {
    AppStream.CheckResult.TRUE: "true",
    AppStream.CheckResult.FALSE: "false",
    AppStream.CheckResult.UNKNOWN: "unknown",
    AppStream.CheckResult.ERROR: "error",
}


def value_of(relation):
    kind = relation.get_item_kind()
    if kind == AppStream.RelationItemKind.CONTROL:
        return AppStream.ControlKind.to_string(relation.get_value_control_kind())
    if kind in (AppStream.RelationItemKind.MEMORY, AppStream.RelationItemKind.DISPLAY_LENGTH):
        return str(relation.get_value_int())
    if kind == AppStream.RelationItemKind.INTERNET:
        return AppStream.InternetKind.to_string(relation.get_value_internet_kind())
    return relation.get_value_str()


def main(path):
    metadata = AppStream.Metadata()
    metadata.set_format_style(AppStream.FormatStyle.METAINFO)
    metadata.parse_file(Gio.File.new_for_path(path), AppStream.FormatKind.XML)
    component = metadata.get_component()
    info = AppStream.SystemInfo.new()
    blocks = [("requires", component.get_requires()), ("recommends", component.get_recommends()),
              ("supports", component.get_supports())]
    for kind, relations in blocks:
        for relation in relations:
            try:
                outcome = relation.is_satisfied(info, None)
                if isinstance(outcome, tuple):
                    result, message = outcome[0], outcome[1]
                else:
                    result, message = outcome, None
                text = RESULTS.get(result, "unknown")
            except GLib.Error as error:
                text, message = "error", error.message
            print(json.dumps({
                "file": path,
                "kind": kind,
                "item": AppStream.RelationItemKind.to_string(relation.get_item_kind()),
                "value": value_of(relation),
                "result": text,
                "message": message or "",
            }, sort_keys=True))


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        main(argument)
