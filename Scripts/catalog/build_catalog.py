#!/usr/bin/env python3
"""build_catalog.py - run android_device_row.py over every fetched device tree.

Usage: build_catalog.py MIRROR_DIR OUT_JSON EVIDENCE_DIR CODENAME[@BRANCH]_FOR_EVIDENCE...

For every LineageOS wiki device (_data/devices/*.yml) whose `tree:` repository is
present under MIRROR_DIR, derive one row per branch of the tree's snapshot
(lineage-18.1 and later); rows that cannot be resolved are listed in skipped.tsv
next to OUT_JSON.  Evidence is written as EVIDENCE_DIR/CODENAME.txt for the row of
the branch given (default: the codename's first row, the one with the lowest SDK).
stdlib only.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import android_device_row as adr  # noqa: E402

KEYS = ['codename', 'name', 'vendor', 'formFactor', 'sdk', 'branch', 'glEsVersion', 'glEsBasis', 'density',
        'screenWidthPx', 'screenHeightPx', 'screenInches', 'abis', 'features', 'libraries', 'confidence',
        'missing', 'sources']
BRANCH = re.compile(r'lineage-(18\.1|19\.1|2[0-9](\.[0-9])?)$')
DATE = '2026-12-06'


def branch_order(b):
    return adr.branch_key(b)


def main():
    mirror, out, evdir = sys.argv[1], sys.argv[2], sys.argv[3]
    want_ev = dict((a.split('@') + [None])[:2] for a in sys.argv[4:])
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
    rows, skipped, evfacts = [], [], {}
    for c in sorted(codes, key=str.lower):
        tree = adr.device_tree(world, adr.wiki_entries(wiki, c)[1][0], c)
        branches = sorted((b for b in tree.refs() if BRANCH.match(b)), key=branch_order)
        if not branches:
            skipped.append((c, '-', 'the %s snapshot has no lineage-18.1 or later branch (%s)' % (
                tree.full, ' '.join(sorted(tree.refs())))))
        for b in branches:
            try:
                facts, table, nref = adr.facts_from_trees(world, c, b)
            except adr.Unresolvable as e:
                skipped.append((c, b, str(e)))
                continue
            row = adr.row_from_facts(facts, table)
            rows.append({k: row[k] for k in KEYS})
            evfacts[(c, b)] = facts
    rows.sort(key=lambda r: (r['codename'], r['sdk'], branch_order(r['branch'])))
    os.makedirs(evdir, exist_ok=True)
    for c, b in want_ev.items():
        mine = [r for r in rows if r['codename'] == c]
        if not mine:
            print('no row for evidence', c)
            continue
        b = b or mine[0]['branch']
        with open(os.path.join(evdir, c + '.txt'), 'w', encoding='utf-8') as fh:
            fh.write(adr.format_evidence(evfacts[(c, b)]))
    commits = {}
    for n in ('lineage_wiki', 'android_frameworks_native', 'android_build', 'android_vendor_lineage'):
        r = world.repos.get(n)
        if r:
            commits[r.full] = {b: r.commit(b) for b in sorted(r.refs()) if re.match(r'(main|lineage-(18.1|19.1|2[0-3]))', b)}
    src = ('Derived by android_device_row.py/build_catalog.py from LineageOS device trees (one row per '
           'lineage-18.1+ branch of each fetched snapshot; common trees at the same branch) resolving '
           'PRODUCT_COPY_FILES through inherit-product/include; features mapped with '
           'LineageOS/android_frameworks_native data/etc at the matching branch (%s); build/make = '
           'LineageOS/android_build, vendor/lineage = LineageOS/android_vendor_lineage at the matching branch; '
           'names, types, screen sizes from LineageOS/lineage_wiki@%s _data/devices/*.yml' % (
               ', '.join('%s %s' % (b, native.commit(b)) for b in
                         ('lineage-18.1', 'lineage-19.1', 'lineage-20.0', 'lineage-21.0', 'lineage-22.0')),
               wiki.commit(wref)))
    with open(out, 'w', encoding='utf-8') as fh:
        fh.write('{\n"source": %s,\n"date": "%s",\n"devices": [\n' % (json.dumps(src), DATE))
        fh.write(',\n'.join(json.dumps(r, ensure_ascii=False) for r in rows))
        fh.write('\n]\n}\n')
    with open(os.path.join(os.path.dirname(out), 'skipped.tsv'), 'w') as fh:
        for c, b, why in skipped:
            fh.write('%s\t%s\t%s\n' % (c, b, why))
        for c in devkits:
            fh.write('%s\t-\tskipped: wiki type Devkit (development board, not a consumer device)\n' % c)
    print('rows', len(rows), 'skipped', len(skipped), 'devkits', len(devkits))


if __name__ == '__main__':
    main()
