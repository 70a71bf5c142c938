#!/usr/bin/env python3
"""check-android-catalog.py - verify Catalogs/android/android-devices.json and the evidence
files in Fixtures/android-trees (run from anywhere: python3 Scripts/catalog/check-android-catalog.py).

Usage: check.py [--trees MIRROR_DIR]

1. android-devices.json: shape, key order, >=150 devices, unique codenames,
   sorted by codename, sorted unique features, value types, form factor counts.
2. every evidence/CODENAME.txt: `android_device_row.py --row-from-evidence`
   with the AOSP table of the evidence's branch must print exactly the row in
   android-devices.json.
3. with --trees: the row made from the trees (android_device_row.py --mirror)
   must also equal the JSON row.
Exit 0 when everything passes.  stdlib only.
"""
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CATALOG = os.path.join(ROOT, 'Catalogs', 'android')
EVIDENCE = os.path.join(ROOT, 'Fixtures', 'android-trees')
KEYS = ['codename', 'name', 'vendor', 'formFactor', 'sdk', 'glEsVersion', 'density',
        'screenWidthPx', 'screenHeightPx', 'screenInches', 'features', 'sources']
TABLES = {'18': 'aosp-permission-features-lineage-18.1.tsv', '20': 'aosp-permission-features-lineage-20.0.tsv', '21': 'aosp-permission-features.tsv',
          '22': 'aosp-permission-features-lineage-22.0.tsv'}
fails = []


def fail(msg):
    fails.append(msg)
    print('FAIL', msg)


def main():
    trees = None
    if len(sys.argv) > 2 and sys.argv[1] == '--trees':
        trees = sys.argv[2]
    path = os.path.join(CATALOG, 'android-devices.json')
    raw = open(path, encoding='utf-8').read()
    data = json.loads(raw, object_pairs_hook=collections.OrderedDict)
    if list(data.keys()) != ['source', 'date', 'devices']:
        fail('top-level keys %s' % list(data.keys()))
    if data.get('date') != '2026-12-01':
        fail('date %r' % data.get('date'))
    if not isinstance(data.get('source'), str) or 'lineage_wiki@' not in data['source']:
        fail('source string lacks the wiki commit')
    devs = data['devices']
    # one device object per line
    lines = [l for l in raw.split('\n') if l.startswith('{"codename"')]
    if len(lines) != len(devs):
        fail('expected one device per line: %d lines for %d devices' % (len(lines), len(devs)))
    if len(devs) < 150:
        fail('only %d devices' % len(devs))
    codes = [d['codename'] for d in devs]
    if len(set(codes)) != len(codes):
        fail('duplicate codenames %s' % [c for c, n in collections.Counter(codes).items() if n > 1])
    if codes != sorted(codes):
        fail('devices not sorted by codename')
    byff = collections.Counter()
    bysdk = collections.Counter()
    for d in devs:
        c = d.get('codename')
        if list(d.keys()) != KEYS:
            fail('%s: key order %s' % (c, list(d.keys())))
            continue
        byff[d['formFactor']] += 1
        bysdk[d['sdk']] += 1
        if d['formFactor'] not in ('phone', 'tablet', 'tv', 'watch', 'car'):
            fail('%s: formFactor %r' % (c, d['formFactor']))
        if not isinstance(d['sdk'], int) or d['sdk'] < 29:
            fail('%s: sdk %r' % (c, d['sdk']))
        if d['glEsVersion'] is not None and not re.match(r'0x[0-9a-f]{8}$', d['glEsVersion']):
            fail('%s: glEsVersion %r' % (c, d['glEsVersion']))
        for k in ('density', 'screenWidthPx', 'screenHeightPx'):
            if d[k] is not None and (not isinstance(d[k], int) or d[k] <= 0):
                fail('%s: %s %r' % (c, k, d[k]))
        if d['screenWidthPx'] is not None and d['screenHeightPx'] is not None \
                and d['screenWidthPx'] > d['screenHeightPx']:
            fail('%s: not portrait' % c)
        if d['screenInches'] is not None and not isinstance(d['screenInches'], (int, float)):
            fail('%s: screenInches %r' % (c, d['screenInches']))
        f = d['features']
        if f != sorted(f) or len(set(f)) != len(f):
            fail('%s: features not sorted/unique' % c)
        for x in f:
            if not re.match(r'[A-Za-z0-9_.\-]+(=-?\d+)?$', x):
                fail('%s: feature token %r' % (c, x))
        names = [x.split('=')[0] for x in f]
        if len(set(names)) != len(names):
            fail('%s: a feature appears with two versions' % c)
        if not d['sources'] or d['sources'] != sorted(set(d['sources'])):
            fail('%s: sources empty or unsorted' % c)
        if not d['name'].lower().startswith(d['vendor'].lower()):
            fail('%s: name %r lacks vendor %r' % (c, d['name'], d['vendor']))
    print('devices %d; form factors %s; sdk %s' % (len(devs), dict(byff), dict(sorted(bysdk.items()))))
    if byff['tablet'] < 2 or byff['tv'] < 1:
        fail('need >=2 tablets and >=1 tv')
    rows = {d['codename']: d for d in devs}
    # evidence -> row
    evdir = EVIDENCE
    evs = sorted(f for f in os.listdir(evdir) if f.endswith('.txt'))
    if len(evs) < 12:
        fail('only %d evidence files' % len(evs))
    evff = collections.Counter()
    evvendor = set()
    for f in evs:
        c = f[:-4]
        text = open(os.path.join(evdir, f), encoding='utf-8').read()
        m = re.search(r'^meta\tbranch=lineage-(\d+)', text, re.M)
        table = os.path.join(CATALOG, TABLES.get(m.group(1) if m else '', TABLES['21']))
        out = subprocess.run([sys.executable, os.path.join(HERE, 'android_device_row.py'),
                              '--row-from-evidence', os.path.join(evdir, f), table],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail('%s: row-from-evidence failed: %s' % (c, out.stderr.strip()))
            continue
        row = json.loads(out.stdout)
        if c not in rows:
            fail('%s: evidence for a device not in the JSON' % c)
            continue
        if row != rows[c]:
            diff = [k for k in KEYS if row.get(k) != rows[c].get(k)]
            fail('%s: row from evidence differs in %s' % (c, diff))
        else:
            print('ok evidence %s (%s, %s)' % (c, rows[c]['formFactor'], rows[c]['vendor']))
        evff[rows[c]['formFactor']] += 1
        evvendor.add(rows[c]['vendor'])
        if trees:
            out = subprocess.run([sys.executable, os.path.join(HERE, 'android_device_row.py'),
                                  '--mirror', trees, '--codename', c], capture_output=True, text=True)
            if out.returncode != 0 or json.loads(out.stdout) != rows[c]:
                fail('%s: row from trees differs from JSON' % c)
            else:
                print('ok trees    %s' % c)
    if evff['tablet'] < 2 or evff['tv'] < 1 or len(evvendor) < 5:
        fail('evidence mix: %s, vendors %s' % (dict(evff), sorted(evvendor)))
    print('evidence files %d: %s; vendors %s' % (len(evs), dict(evff), ', '.join(sorted(evvendor))))
    if fails:
        print('%d FAILURES' % len(fails))
        return 1
    print('ALL CHECKS PASSED')
    return 0


if __name__ == '__main__':
    sys.exit(main())
