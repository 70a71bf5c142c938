#!/bin/sh
# Checks that every file's licence and copyright is declared (REUSE.toml, LICENSES/):
#   Scripts/reuse-lint.sh
# Runs `reuse lint` (the REUSE tool from PyPI). Uses `reuse` from PATH when it is 3.0 or
# later (REUSE.toml needs that; Debian 12's package is 1.1), else installs it once into a
# virtual environment of Debian's python3 under .build/reuse-venv (needs python3-venv; works
# as root without touching the system's Python). Exits with reuse lint's status.
set -eu
cd "$(dirname "$0")/.."
reuse=
if command -v reuse >/dev/null 2>&1; then
    major=$(reuse --version 2>/dev/null | sed -n 's/^reuse, version \([0-9]*\)\..*/\1/p' | head -n 1)
    [ "${major:-0}" -ge 3 ] && reuse=reuse
fi
if [ -z "$reuse" ]; then
    venv=.build/reuse-venv
    if [ ! -x "$venv/bin/reuse" ]; then
        python=/usr/bin/python3
        [ -x "$python" ] || python=python3
        "$python" -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check reuse >&2
    fi
    reuse="$venv/bin/reuse"
fi
exec "$reuse" lint
