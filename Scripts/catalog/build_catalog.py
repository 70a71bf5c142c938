#!/usr/bin/env python3
"""build_catalog.py - run android_device_row.py over every fetched device tree.

Usage: build_catalog.py MIRROR_DIR OUT_JSON EVIDENCE_DIR CODENAME_FOR_EVIDENCE...

For every LineageOS wiki device (_data/devices/*.yml) whose `tree:` repository is
present under MIRROR_DIR, derive the row; rows that cannot be resolved are
listed in skipped.tsv next to OUT_JSON.  stdlib only.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import android_device_row as adr  # noqa: E402

KEYS = ['codename', 'name', 'vendor', 'formFactor', 'sdk', 'glEsVersion', 'density',
        'screenWidthPx', 'screenHeightPx', 'screenInches', 'features', 'sources']


def main():
    mirror, out, evdir = sys.argv[1], sys.argv[2], sys.argv[3]
    want_ev = set(sys.argv[4:])
    gitdirs = [os.path.join(mirror, d, 'repo') for d in sorted(os.listdir(mirror))
               if os.path.isdir(os.path.join(mirror, d, 'repo'))]
    world = adr.World(gitdirs)
    wiki = world.repos['lineage_wiki']
    native = world.repos['android_frameworks_native']
    wref = wiki.head_branch()
    codes = {}
    for f in sorted(wiki.tree(wref)):
        m = re.match(r'_data/devices/(.+?)(_variant\d+)?\.yml$', f)
        if not m:
            continue
        t = wiki.read(wref, f)
        tm = re.search(r'^tree:\s*(\S+)', t, re.M)
        cm = re.search(r'^codename:\s*(\S+)', t, re.M)
        ty = re.search(r'^type:\s*(.+)$', t, re.M)
        if tm and cm and tm.group(1) in world.repos:
            if ty and ty.group(1).strip() == 'Devkit':
                codes.setdefault('__devkit__', []).append(cm.group(1))
                continue
            codes[cm.group(1).strip()] = tm.group(1)
    devkits = sorted(set(codes.pop('__devkit__', [])))
    rows, skipped = [], []
    for c in sorted(codes, key=str.lower):
        try:
            facts, table, nref = adr.facts_from_trees(world, c)
        except adr.Unresolvable as e:
            skipped.append((c, str(e)))
            continue
        row = adr.row_from_facts(facts, table)
        rows.append({k: row[k] for k in KEYS})
        if c in want_ev:
            with open(os.path.join(evdir, c + '.txt'), 'w', encoding='utf-8') as fh:
                fh.write(adr.format_evidence(facts))
    rows.sort(key=lambda r: r['codename'])
    commits = {}
    for n in ('lineage_wiki', 'android_frameworks_native', 'android_build', 'android_vendor_lineage'):
        r = world.repos.get(n)
        if r:
            commits[r.full] = {b: r.commit(b) for b in sorted(r.refs()) if re.match(r'(main|lineage-2[0-3])', b)}
    src = ('Derived by android_device_row.py/build_catalog.py from LineageOS device trees (default branch of '
           'each fetched snapshot; common trees at the same branch when present) resolving PRODUCT_COPY_FILES '
           'through inherit-product/include; features mapped with LineageOS/android_frameworks_native data/etc '
           'at the matching branch (lineage-20.0 %s, lineage-21.0 %s, lineage-22.0 %s); build/make = '
           'LineageOS/android_build, vendor/lineage = LineageOS/android_vendor_lineage at the matching branch; '
           'names, types, screen sizes from LineageOS/lineage_wiki@%s _data/devices/*.yml' % (
               native.commit('lineage-20.0'), native.commit('lineage-21.0'), native.commit('lineage-22.0'),
               wiki.commit(wref)))
    with open(out, 'w', encoding='utf-8') as fh:
        fh.write('{\n"source": %s,\n"date": "2026-12-01",\n"devices": [\n' % json.dumps(src))
        fh.write(',\n'.join(json.dumps(r, ensure_ascii=False) for r in rows))
        fh.write('\n]\n}\n')
    with open(os.path.join(os.path.dirname(out), 'skipped.tsv'), 'w') as fh:
        for c, why in skipped:
            fh.write('%s\t%s\n' % (c, why))
        for c in devkits:
            fh.write('%s\tskipped: wiki type Devkit (development board, not a consumer device)\n' % c)
    print('rows', len(rows), 'skipped', len(skipped), 'devkits', len(devkits))


if __name__ == '__main__':
    main()
