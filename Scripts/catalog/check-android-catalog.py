#!/usr/bin/env python3
"""check-android-catalog.py - verify Catalogs/android/android-devices.json and the evidence
files in Fixtures/android-trees (run from anywhere: python3 Scripts/catalog/check-android-catalog.py).

Usage: check.py [--trees MIRROR_DIR]

1. android-devices.json: shape, key order, >=880 rows and >=335 devices, one row per
   (codename, branch), sorted by codename then sdk, sorted unique features, value types
   (branch, abis, libraries, confidence/missing, glEsBasis), form factor counts.
2. every evidence/CODENAME.txt: `android_device_row.py --row-from-evidence`
   with the AOSP table of the evidence's branch must print exactly the JSON row of
   that codename and branch (>=55 files, >=20 vendors, >=5 tablets, >=5 TVs, >=4 branches).
3. with --trees: the row made from the trees (android_device_row.py --mirror
   --branch) must also equal the JSON row.
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
KEYS = ['codename', 'name', 'vendor', 'formFactor', 'sdk', 'branch', 'glEsVersion', 'glEsBasis', 'density',
        'screenWidthPx', 'screenHeightPx', 'screenInches', 'abis', 'features', 'libraries', 'confidence',
        'missing', 'sources']
TABLES = {'18': 'aosp-permission-features-lineage-18.1.tsv', '19': 'aosp-permission-features-lineage-19.1.tsv',
          '20': 'aosp-permission-features-lineage-20.0.tsv', '21': 'aosp-permission-features.tsv',
          '22': 'aosp-permission-features-lineage-22.0.tsv'}
SDK = {18: 30, 19: 32, 20: 33, 21: 34, 22: 35, 23: 36}
ABIS = {'arm64-v8a', 'armeabi-v7a', 'armeabi', 'x86', 'x86_64'}
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
    if data.get('date') != '2026-12-06':
        fail('date %r' % data.get('date'))
    if not isinstance(data.get('source'), str) or 'lineage_wiki@' not in data['source']:
        fail('source string lacks the wiki commit')
    devs = data['devices']
    # one device object per line
    lines = [l for l in raw.split('\n') if l.startswith('{"codename"')]
    if len(lines) != len(devs):
        fail('expected one device per line: %d lines for %d devices' % (len(lines), len(devs)))
    if len(devs) < 880 or len({d['codename'] for d in devs}) < 335:
        fail('only %d rows / %d devices' % (len(devs), len({d['codename'] for d in devs})))
    keys = [(d['codename'], d['branch']) for d in devs]
    if len(set(keys)) != len(keys):
        fail('duplicate (codename, branch) %s' % [c for c, n in collections.Counter(keys).items() if n > 1])
    order = [(d['codename'], d['sdk']) for d in devs]
    if order != sorted(order):
        fail('rows not sorted by codename, then sdk')
    byff = collections.Counter()
    bysdk = collections.Counter()
    bybranch = collections.Counter()
    byconf = collections.Counter()
    for d in devs:
        c = d.get('codename')
        if list(d.keys()) != KEYS:
            fail('%s: key order %s' % (c, list(d.keys())))
            continue
        byff[d['formFactor']] += 1
        bysdk[d['sdk']] += 1
        bybranch[d['branch']] += 1
        byconf[d['confidence']] += 1
        m = re.match(r'lineage-(\d+)(\.\d)?$', d['branch'] or '')
        if not m or SDK.get(int(m.group(1))) != d['sdk']:
            fail('%s: branch %r does not give sdk %r' % (c, d['branch'], d['sdk']))
        if d['abis'] is not None and (not d['abis'] or not set(d['abis']) <= ABIS
                                      or len(set(d['abis'])) != len(d['abis'])):
            fail('%s: abis %r' % (c, d['abis']))
        if d['libraries'] != sorted(set(d['libraries'])):
            fail('%s: libraries not a sorted unique list' % c)
        if not isinstance(d['missing'], list) or not all(isinstance(x, str) and x for x in d['missing']):
            fail('%s: missing %r' % (c, d['missing']))
        want = 'partial' if any(not x.endswith('skipped)') for x in d['missing']) else 'complete'
        if d['confidence'] != want:
            fail('%s: confidence %r, its missing list says %r' % (c, d['confidence'], want))
        if (d['glEsVersion'] is None) != (d['glEsBasis'] is None) or (
                d['glEsBasis'] is not None and not re.match(r'(property ro\.opengles\.version=|rule: )', d['glEsBasis'])):
            fail('%s: glEsBasis %r for %r' % (c, d['glEsBasis'], d['glEsVersion']))
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
    print('rows %d (devices %d); form factors %s; sdk %s; branches %s; confidence %s; glEsVersion unknown %d' % (
        len(devs), len({d['codename'] for d in devs}), dict(byff), dict(sorted(bysdk.items())),
        dict(sorted(bybranch.items())), dict(byconf), sum(d['glEsVersion'] is None for d in devs)))
    if sum(d['glEsVersion'] is None for d in devs) > len(devs) * 0.05:
        fail('more than 5% of the rows have no glEsVersion')
    if byff['tablet'] < 2 or byff['tv'] < 1:
        fail('need >=2 tablets and >=1 tv')
    rows = {(d['codename'], d['branch']): d for d in devs}
    first = {}
    for d in devs:
        first.setdefault(d['codename'], d)
    # evidence -> row
    evdir = EVIDENCE
    evs = sorted(f for f in os.listdir(evdir) if f.endswith('.txt'))
    if len(evs) < 55:
        fail('only %d evidence files' % len(evs))
    evff = collections.Counter()
    evvendor = set()
    evbranch = set()
    for f in evs:
        c = f[:-4]
        text = open(os.path.join(evdir, f), encoding='utf-8').read()
        m = re.search(r'^meta\tbranch=(lineage-(\d+)\S*)', text, re.M)
        branch = m.group(1) if m else None
        table = os.path.join(CATALOG, TABLES.get(m.group(2) if m else '', TABLES['21']))
        out = subprocess.run([sys.executable, os.path.join(HERE, 'android_device_row.py'),
                              '--row-from-evidence', os.path.join(evdir, f), table],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail('%s: row-from-evidence failed: %s' % (c, out.stderr.strip()))
            continue
        row = json.loads(out.stdout)
        if (c, branch) not in rows:
            fail('%s: evidence for a row not in the JSON (%s)' % (c, branch))
            continue
        if first[c]['branch'] != branch:
            fail('%s: evidence is for %s, not the first row of the codename (%s)' % (c, branch, first[c]['branch']))
        jrow = rows[(c, branch)]
        if row != jrow:
            diff = [k for k in KEYS if row.get(k) != jrow.get(k)]
            fail('%s: row from evidence differs in %s' % (c, diff))
        else:
            print('ok evidence %s (%s, %s, %s, %s)' % (c, jrow['formFactor'], jrow['vendor'], branch, jrow['confidence']))
        evff[jrow['formFactor']] += 1
        evvendor.add(jrow['vendor'])
        evbranch.add(branch)
        if trees:
            out = subprocess.run([sys.executable, os.path.join(HERE, 'android_device_row.py'),
                                  '--mirror', trees, '--codename', c, '--branch', branch],
                                 capture_output=True, text=True)
            if out.returncode != 0 or json.loads(out.stdout) != jrow:
                fail('%s: row from trees differs from JSON' % c)
            else:
                print('ok trees    %s' % c)
    if evff['tablet'] < 5 or evff['tv'] < 5 or len(evvendor) < 20 or len(evbranch) < 4:
        fail('evidence mix: %s, vendors %s, branches %s' % (dict(evff), sorted(evvendor), sorted(evbranch)))
    print('evidence files %d: %s; vendors %s; branches %s' % (len(evs), dict(evff), ', '.join(sorted(evvendor)),
                                                             ', '.join(sorted(evbranch))))
    if fails:
        print('%d FAILURES' % len(fails))
        return 1
    print('ALL CHECKS PASSED')
    return 0


if __name__ == '__main__':
    sys.exit(main())
