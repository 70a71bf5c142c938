#!/usr/bin/env python3
"""Writes the machine-readable debian/copyright (DEP-5, copyright-format 1.0) of capcheck
from REUSE.toml, so the .deb and `reuse lint` read one declaration:

    Scripts/dep5-copyright.py [--embedded-icu] "Maintainer Name <email>" > copyright

(--embedded-icu: the binary holds ICU's data, whose Unicode licence notice is then added.)

Each [[annotations]] table becomes a Files: paragraph in the same order (DEP-5, like
REUSE.toml, lets the last matching paragraph win); REUSE's `**` becomes DEP-5's `*`. SPDX
identifiers are written as Debian's short names (GPL-3.0-only -> GPL-3, GPL-3.0-or-later ->
GPL-3+, MIT -> Expat). A licence found in /usr/share/common-licenses is referred to there;
any other gets its full text from LICENSES/. Standard library only (tomllib: Python 3.11).
"""
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# SPDX identifier -> (Debian short name, file in /usr/share/common-licenses or None).
DEBIAN_NAMES = {
    "Apache-2.0": ("Apache-2.0", "Apache-2.0"),
    "GPL-2.0-only": ("GPL-2", "GPL-2"),
    "GPL-2.0-or-later": ("GPL-2+", "GPL-2"),
    "GPL-3.0-only": ("GPL-3", "GPL-3"),
    "GPL-3.0-or-later": ("GPL-3+", "GPL-3"),
    "LGPL-2.1-or-later": ("LGPL-2.1+", "LGPL-2.1"),
    "AGPL-3.0-only": ("AGPL-3", None),
    "AGPL-3.0-or-later": ("AGPL-3+", None),
    "MPL-2.0": ("MPL-2.0", "MPL-2.0"),
    "CC0-1.0": ("CC0-1.0", "CC0-1.0"),
    "MIT": ("Expat", None),
    "BSD-2-Clause": ("BSD-2-clause", None),
    "ISC": ("ISC", None),
    "CC-BY-4.0": ("CC-BY-4.0", None),
    "EPL-1.0": ("EPL-1.0", None),
    "FSFAP": ("FSFAP", None),
}
# The ICU notice (SPDX Unicode-3.0), which must accompany a copy of ICU and its data: the
# static Foundation embeds them while a target imports Foundation (FoundationInternationalization).
UNICODE_3_0 = """UNICODE LICENSE V3

COPYRIGHT AND PERMISSION NOTICE

Copyright © 1991-2023 Unicode, Inc.

NOTICE TO USER: Carefully read the following legal agreement. BY
DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.

Permission is hereby granted, free of charge, to any person obtaining a
copy of data files and any associated documentation (the "Data Files") or
software and any associated documentation (the "Software") to deal in the
Data Files or Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, and/or sell
copies of the Data Files or Software, and to permit persons to whom the
Data Files or Software are furnished to do so, provided that either (a)
this copyright and permission notice appear with all copies of the Data
Files or Software, or (b) this copyright and permission notice appear in
associated Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
THIRD PARTY RIGHTS.

IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder shall
not be used in advertising or otherwise to promote the sale, use or other
dealings in these Data Files or Software without prior written
authorization of the copyright holder."""

OR_LATER = {"GPL-2+": "2", "GPL-3+": "3", "LGPL-2.1+": "2.1"}


def debian_expression(spdx):
    """'GPL-2.0-only OR GPL-3.0-only' -> 'GPL-2 or GPL-3', and the identifiers used."""
    used = []

    def name(match):
        word = match.group(0)
        if word in ("AND", "OR"):
            return word.lower()
        if word not in DEBIAN_NAMES:
            sys.exit(f"dep5-copyright.py: no Debian short name for {word}")
        used.append(word)
        return DEBIAN_NAMES[word][0]

    return re.sub(r"[A-Za-z0-9.+-]+", name, spdx), used


def field(name, values):
    """A DEP-5 field whose value may span lines (continuation lines start with a space)."""
    if isinstance(values, str):
        values = [values]
    return f"{name}: " + "\n ".join(values)


def license_paragraph(spdx):
    short, common = DEBIAN_NAMES[spdx]
    if common and os.path.exists(f"/usr/share/common-licenses/{common}"):
        text = []
        if short in OR_LATER:
            gnu = "Lesser General Public License" if short.startswith("LGPL") else "General Public License"
            text += [
                "This program is free software; you can redistribute it and/or modify it",
                f"under the terms of the GNU {gnu} as published by the Free",
                f"Software Foundation; either version {OR_LATER[short]} of the License, or (at your",
                "option) any later version.",
                ".",
            ]
        text.append(f"On Debian systems, the full text of the {short} licence can be found in")
        text.append(f"/usr/share/common-licenses/{common}.")
        return field("License", [short] + text)
    with open(os.path.join(ROOT, "LICENSES", f"{spdx}.txt"), encoding="utf-8") as f:
        lines = [line.rstrip() for line in f.read().strip("\n").split("\n")]
    return field("License", [short] + [line if line else "." for line in lines])


def main():
    args = sys.argv[1:]
    icu = "--embedded-icu" in args
    args = [a for a in args if a != "--embedded-icu"]
    maintainer = args[0] if args else "capcheck developers"
    with open(os.path.join(ROOT, "REUSE.toml"), "rb") as f:
        reuse = tomllib.load(f)
    paragraphs = [
        "\n".join([
            "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
            "Upstream-Name: capcheck",
            field("Upstream-Contact", maintainer),
            field("Comment", [
                "Generated from the source's REUSE.toml by Scripts/dep5-copyright.py; the",
                "paragraphs describe the whole source tree, of which the package ships the",
                "binary, the man page, the completions and the Ansible and systemd examples.",
                "usr/bin/capcheck links statically the Swift runtime, standard library,",
                "Foundation and libdispatch of the Swift toolchain (Copyright Apple Inc. and",
                "the Swift project authors; Apache-2.0 with the Swift Runtime Library",
                "Exception, whose binary-form terms waive the attribution of the runtime).",
            ] + ([
                ".",
                "It also embeds ICU and its data (swift-foundation-icu; Copyright Unicode,",
                "Inc. and others), under the Unicode licence (SPDX Unicode-3.0):",
                ".",
            ] + [line.rstrip() or "." for line in UNICODE_3_0.split("\n")] if icu else [])),
        ])
    ]
    used = []
    for annotation in reuse.get("annotations", []):
        paths = annotation["path"]
        paths = [paths] if isinstance(paths, str) else paths
        patterns = []
        for path in paths:
            pattern = re.sub(r"\*+", "*", path)
            if pattern not in patterns:
                patterns.append(pattern)
        copyright = annotation["SPDX-FileCopyrightText"]
        expression, ids = debian_expression(annotation["SPDX-License-Identifier"])
        used += [i for i in ids if i not in used]
        paragraphs.append("\n".join([
            field("Files", patterns),
            field("Copyright", copyright),
            field("License", expression),
        ]))
    for spdx in sorted(used, key=lambda i: DEBIAN_NAMES[i][0]):
        paragraphs.append(license_paragraph(spdx))
    sys.stdout.write("\n\n".join(paragraphs) + "\n")


if __name__ == "__main__":
    main()
