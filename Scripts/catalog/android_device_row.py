#!/usr/bin/env python3
"""android_device_row.py - derive one Google-Play-style device row from LineageOS trees.

Usage:
  android_device_row.py [--evidence] --codename CODENAME GITDIR [GITDIR ...]
  android_device_row.py --mirror /work/.mirror [--evidence] --codename CODENAME [--branch lineage-N]
  android_device_row.py --row-from-evidence EVIDENCE_FILE AOSP_TABLE
  android_device_row.py --aosp-table NATIVE_GITDIR [REF]

GITDIRs are bare git dirs of fetched repositories; the repository name is taken
from the parent directory name "OWNER+NAME" (as laid out by the fetch tool) or
from the git dir name itself.  Needed: the device tree, the common trees it
depends on, LineageOS/android_frameworks_native, LineageOS/lineage_wiki, and
(optional but used when present) LineageOS/android_build and
LineageOS/android_vendor_lineage.  With --mirror every git dir under the given
directory is offered.

Exit codes: 0 ok, 2 usage, 3 tree cannot be resolved (missing dependency,
no product makefile, no wiki entry).

stdlib only.  This script reads git objects with `git --git-dir=... show`.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SDK_BY_MAJOR = {17: 29, 18: 30, 19: 32, 20: 33, 21: 34, 22: 35, 23: 36}
PRODUCT_LIST_VARS = {
    'PRODUCT_COPY_FILES', 'PRODUCT_PACKAGES',
    'PRODUCT_PROPERTY_OVERRIDES', 'PRODUCT_VENDOR_PROPERTIES',
    'PRODUCT_SYSTEM_PROPERTIES', 'PRODUCT_PRODUCT_PROPERTIES',
    'PRODUCT_ODM_PROPERTIES', 'PRODUCT_SYSTEM_EXT_PROPERTIES',
    'PRODUCT_SYSTEM_DEFAULT_PROPERTIES', 'PRODUCT_DEFAULT_PROPERTY_OVERRIDES',
}
PROP_KEYS = ('ro.opengles.version', 'ro.sf.lcd_density', 'ro.product.cpu.abilist')
PREDEF = {
    'TARGET_COPY_OUT_VENDOR': 'vendor', 'TARGET_COPY_OUT_PRODUCT': 'product',
    'TARGET_COPY_OUT_SYSTEM': 'system', 'TARGET_COPY_OUT_ODM': 'odm',
    'TARGET_COPY_OUT_SYSTEM_EXT': 'system_ext', 'TARGET_COPY_OUT_VENDOR_DLKM': 'vendor_dlkm',
    'TARGET_COPY_OUT_ODM_DLKM': 'odm_dlkm', 'TARGET_COPY_OUT_RECOVERY': 'recovery',
    'TARGET_COPY_OUT_VENDOR_RAMDISK': 'vendor_ramdisk', 'TARGET_COPY_OUT_ROOT': 'root',
    'TARGET_COPY_OUT_DATA': 'data', 'TARGET_COPY_OUT_OEM': 'oem',
    'SRC_TARGET_DIR': 'build/make/target', 'BUILD_SYSTEM': 'build/make/core',
    'PLATFORM_VERSION_CODENAME': 'REL', 'TARGET_BUILD_VARIANT': 'userdebug',
}


# a missing file in these repositories' snapshots may be checked in another public copy
REFERENCE_COPIES = {'device/google/gs-common': 'device_google_gs-common'}   # GrapheneOS mirror of AOSP's
# gs-common makefiles that neither the LineageOS nor the GrapheneOS snapshot holds, as other public
# copies hold them (read whole in the public code index on 2026-12-06): none installs a permission
# XML, sets a property this catalog reads or pulls in another makefile
INDEXED_REFERENCES = {
    'device/google/gs-common/chre/hal.mk':
        'empratyush/device_google_gs-common@23a1ab2e7b53ae6c51037fa3022990f930d10e0a (BOARD_VENDOR_SEPOLICY_DIRS only)',
    'device/google/gs-common/touch/twoshay/aidl_gs101.mk':
        'slogar25/los_device_google_gs-common@384d4bde36e29fdaeb560d689c400c89642371ee (VINTF manifest files only)',
    'device/google/gs-common/touch/twoshay/aidl_zuma.mk':
        'slogar25/los_device_google_gs-common@384d4bde36e29fdaeb560d689c400c89642371ee (VINTF manifest files only)',
    'device/google/gs-common/ramdump_and_coredump/ramdump_and_coredump.mk':
        'TheParasiteProject/device_google_gs-common@02b9cc144cee0effec245432ef29f4a15360f899 '
        '(PRODUCT_PACKAGES sscoredump, sepolicy, vendor.debug.ssrdump.type)',
    'device/google/gs-common/fingerprint/fingerprint.mk':
        'snvd-io/device_google_gs-common@f854b31ee53ea62449c4007d09f563f84d0fc1ef (PRODUCT_PACKAGES dump_fingerprint, sepolicy)',
    'device/google/gs-common/power/power.mk':
        'snvd-io/device_google_gs-common@2f7e9feb52d482cdb3f4bfbcd5525eb2d10782ea (PRODUCT_PACKAGES init.power-gs.rc)',
    'device/google/gs-common/recorder/recorder.mk':
        'snvd-io/device_google_gs-common@3d9a0373436b88833619f8037ed367eca85c063b (sepolicy only)',
    'device/google/gs-common/touch/gti/predump_gti.mk':
        'snvd-io/device_google_gs-common@e2d4962800e1f562823e435c99f780f218a793e4 (PRODUCT_PACKAGES predump_gti0.sh '
        'touch_gti_ical, sepolicy; its include touch/predump/predump_touch.mk at ba942504764d72456acf6960cca02980bc49c1ff: '
        'PRODUCT_PACKAGES predump_touch.sh dump_touch.sh, sepolicy)',
    'device/google/gs-common/gril/hidl/1.7/gril_hidl.mk':
        'snvd-io/device_google_gs-common@988e34aa3c599154dfcf009e8d3e758ce1df692b (PRODUCT_PACKAGES '
        'vendor.google.radioext@1.0-service, VINTF matrix, sepolicy)',
    'device/google/gs-common/modem/shared_modem_platform/shared_modem_platform.mk':
        'TheParasiteProject/device_google_gs-common@6db7e6756d01d1a39c4810ec35f877fbe65d57f0 (PRODUCT_PACKAGES '
        'shared_modem_platform, soong config, VINTF matrix, sepolicy)',
    'device/google/gs-common/touch/twoshay/twoshay.mk':
        'TheParasiteProject/device_google_gs-common@02b9cc144cee0effec245432ef29f4a15360f899 (PRODUCT_PACKAGES twoshay, sepolicy)',
    'device/google/gs-common/betterbug/betterbug.mk':
        'TheParasiteProject/device_google_gs-common@22322941eaa571c409d10c43530c93d83cb969f8 '
        '(PRODUCT_PACKAGES BetterBugStub for non-lineage products, sepolicy)',
}


# ---------------------------------------------------------------- git access
class Repo:
    def __init__(self, gitdir):
        self.gitdir = gitdir
        base = os.path.basename(os.path.normpath(gitdir))
        parent = os.path.basename(os.path.dirname(os.path.normpath(gitdir)))
        name = parent if base == 'repo' else base
        if name.endswith('.git'):
            name = name[:-4]
        self.full = name.replace('+', '/', 1) if '+' in name else 'LineageOS/' + name
        self.name = self.full.split('/', 1)[1]
        self._trees = {}
        self._files = {}
        self._commits = {}
        self._refs = None

    def git(self, *args):
        r = subprocess.run(['git', '--git-dir=' + self.gitdir] + list(args),
                           capture_output=True)
        if r.returncode != 0:
            return None
        return r.stdout

    def refs(self):
        if self._refs is None:
            out = self.git('for-each-ref', '--format=%(refname:short)', 'refs/heads') or b''
            self._refs = set(out.decode().split())
        return self._refs

    def head_branch(self):
        out = self.git('symbolic-ref', '--short', 'HEAD')
        return out.decode().strip() if out else 'HEAD'

    def pick_ref(self, branch):
        """Branch matching the device tree's branch, else nearest lineage-N.0, else HEAD."""
        refs = self.refs()
        if branch in refs:
            return branch
        m = re.match(r'lineage-(\d+)', branch or '')
        if m:
            for cand in ('lineage-%s.0' % m.group(1), 'lineage-%s' % m.group(1)):
                if cand in refs:
                    return cand
        return self.head_branch()

    def commit(self, ref):
        if ref not in self._commits:
            out = self.git('rev-parse', ref + '^{commit}')
            self._commits[ref] = out.decode().strip() if out else None
        return self._commits[ref]

    def tree(self, ref):
        if ref not in self._trees:
            out = self.git('ls-tree', '-r', '--name-only', ref) or b''
            self._trees[ref] = set(out.decode('utf-8', 'replace').splitlines())
        return self._trees[ref]

    def read(self, ref, path):
        key = (ref, path)
        if key not in self._files:
            if path not in self.tree(ref):
                self._files[key] = None
            else:
                out = self.git('show', '%s:%s' % (ref, path))
                self._files[key] = out.decode('utf-8', 'replace') if out is not None else None
        return self._files[key]


# ---------------------------------------------------------------- XML features
def parse_feature_xml(text):
    """Return list of (kind, name, version, line) kind in {'feature','unavailable'}."""
    res = []
    try:
        root = ET.fromstring(text)
        elems = list(root.iter())
    except ET.ParseError:
        elems = None
    # line numbers via regex (ElementTree does not keep them)
    for m in re.finditer(r'<(feature|unavailable-feature)\b([^>]*)>', strip_xml_comments(text)):
        attrs = dict(re.findall(r'([\w:-]+)\s*=\s*"([^"]*)"', m.group(2)))
        if 'name' not in attrs:
            continue
        line = text.count('\n', 0, m.start()) + 1
        kind = 'feature' if m.group(1) == 'feature' else 'unavailable'
        res.append((kind, attrs['name'], attrs.get('version'), line))
    if elems is not None:
        names = {(e.tag, e.get('name')) for e in elems if e.tag in ('feature', 'unavailable-feature')}
        got = {('feature' if k == 'feature' else 'unavailable-feature', n) for k, n, _, _ in res}
        assert names == got or not names, (names, got)
    return res


def parse_libraries(text):
    """<library name="..."> entries of a permission XML: [(name, line)]."""
    res = []
    for m in re.finditer(r'<library\b([^>]*)>', strip_xml_comments(text)):
        attrs = dict(re.findall(r'([\w:-]+)\s*=\s*"([^"]*)"', m.group(1)))
        if 'name' in attrs:
            res.append((attrs['name'], text.count('\n', 0, m.start()) + 1))
    return res


def strip_xml_comments(text):
    # keep offsets: replace comment bodies with spaces/newlines
    return re.sub(r'<!--.*?-->', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)


def feature_token(name, version):
    return name if version is None else '%s=%s' % (name, version)


def aosp_table_lines(native, ref):
    commit = native.commit(ref)
    out = ['# LineageOS/android_frameworks_native branch %s commit %s; data/etc/*.xml -> '
           'features (name[=version]; !name = unavailable-feature)' % (ref, commit)]
    for p in sorted(x for x in native.tree(ref) if re.match(r'data/etc/[^/]+\.xml$', x)):
        feats = []
        for kind, n, v, _ in parse_feature_xml(native.read(ref, p)):
            t = feature_token(n, v)
            feats.append(t if kind == 'feature' else '!' + t)
        out.append('%s\t%s\t%s@%s:%s' % (os.path.basename(p), ' '.join(feats), native.full, commit, p))
    return out


def load_aosp_table(path):
    table, header = {}, ''
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('#'):
            header = line
            continue
        if not line:
            continue
        f, feats, place = line.split('\t')
        table[f] = (feats.split(), place)
    return table, header


# ---------------------------------------------------------------- make subset
def split_words(s):
    """Split on whitespace at paren depth 0."""
    words, cur, depth = [], '', 0
    for ch in s:
        if ch in '({':
            depth += 1
        elif ch in ')}':
            depth -= 1
        if ch.isspace() and depth <= 0:
            if cur:
                words.append(cur)
            cur = ''
        else:
            cur += ch
    if cur:
        words.append(cur)
    return words


def split_args(s):
    """Split function args on commas at depth 0."""
    args, cur, depth = [], '', 0
    for ch in s:
        if ch in '({':
            depth += 1
        elif ch in ')}':
            depth -= 1
        if ch == ',' and depth == 0:
            args.append(cur)
            cur = ''
        else:
            cur += ch
    args.append(cur)
    return args


class Node:
    def __init__(self, path):
        self.path = path
        self.lists = {}        # var -> list of entries: ('w', word, place) | ('inherit', path)
        self.inherits = []


class Evaluator:
    def __init__(self, world, branch):
        self.w = world
        self.branch = branch
        self.vars = dict(PREDEF)
        self.flavor = {}
        self.nodes = {}
        self.order = []
        self.used = set()          # (repo, ref, path)
        self.unresolved = []       # (path, place, fatal)
        self.cur_file = None
        self.node = None
        self.var_place = {}

    # -- path resolution
    def locate(self, path):
        path = os.path.normpath(path.strip()).lstrip('./') if path.strip() else ''
        return self.w.locate(path, self.branch)

    def read(self, path):
        loc = self.locate(path)
        if not loc:
            return None, None
        repo, ref, inner = loc
        text = repo.read(ref, inner)
        if text is not None:
            self.used.add((repo, ref, inner))
        return text, loc

    def place(self, loc, line=None):
        repo, ref, inner = loc
        s = '%s@%s:%s' % (repo.full, repo.commit(ref), inner)
        return s if line is None else '%s:%d' % (s, line)

    # -- expansion
    def getvar(self, name):
        name = name.strip()
        if self.node is not None and name in PRODUCT_LIST_VARS:
            return ' '.join(e[1] for e in self.node.lists.get(name, []) if e[0] == 'w')
        v = self.vars.get(name, '')
        if self.flavor.get(name) == 'rec':
            return self.expand(v)
        return v

    def expand(self, s, depth=0):
        if '$' not in s or depth > 30:
            return s
        out, i, n = [], 0, len(s)
        while i < n:
            c = s[i]
            if c != '$':
                out.append(c)
                i += 1
                continue
            if i + 1 >= n:
                break
            nx = s[i + 1]
            if nx == '$':
                out.append('$')
                i += 2
                continue
            if nx in '({':
                close = ')' if nx == '(' else '}'
                d, j = 1, i + 2
                while j < n and d:
                    if s[j] in '({':
                        d += 1
                    elif s[j] in ')}':
                        d -= 1
                    j += 1
                body = s[i + 2:j - 1]
                out.append(self.func_or_var(body, depth))
                i = j
                continue
            out.append(self.getvar(nx))
            i += 2
        return ''.join(out)

    def func_or_var(self, body, depth):
        m = re.match(r'([a-zA-Z-]+)[ \t]+(.*)$', body, re.S)
        if not m:
            return self.getvar(self.expand(body, depth + 1))
        fn, rest = m.group(1), m.group(2)
        E = lambda x: self.expand(x, depth + 1)
        args = split_args(rest)
        if fn == 'call':
            name = E(args[0]).strip()
            a = [E(x) for x in args[1:]]
            if name == 'my-dir':
                return os.path.dirname(self.cur_file or '')
            if name == 'find-copy-subdir-files':
                return self.find_copy(a)
            if name in ('inherit-product', 'inherit-product-if-exists'):
                return ''
            udf = self.vars.get(name)
            if udf and self.flavor.get(name) == 'rec':
                saved = {k: self.vars.get(k) for k in ('1', '2', '3', '4')}
                for k, val in enumerate(a, 1):
                    self.vars[str(k)] = val
                r = E(udf)
                for k, val in saved.items():
                    if val is None:
                        self.vars.pop(k, None)
                    else:
                        self.vars[k] = val
                return r
            return ''
        if fn == 'wildcard':
            res = []
            for pat in E(rest).split():
                res += self.w.glob(pat, self.branch)
            return ' '.join(res)
        if fn == 'strip':
            return ' '.join(E(rest).split())
        if fn in ('filter', 'filter-out'):
            pats = E(args[0]).split()
            words = E(','.join(args[1:])).split()
            def match(w):
                return any(fnmatch.fnmatchcase(w, p.replace('%', '*')) for p in pats)
            return ' '.join(w for w in words if match(w) == (fn == 'filter'))
        if fn == 'findstring':
            return E(args[0]) if E(args[0]) in E(','.join(args[1:])) else ''
        if fn == 'if':
            cond = E(args[0]).strip()
            if cond:
                return E(args[1]) if len(args) > 1 else ''
            return E(','.join(args[2:])) if len(args) > 2 else ''
        if fn == 'or':
            for a in args:
                v = E(a).strip()
                if v:
                    return v
            return ''
        if fn == 'and':
            v = ''
            for a in args:
                v = E(a).strip()
                if not v:
                    return ''
            return v
        if fn == 'subst':
            return E(','.join(args[2:])).replace(E(args[0]), E(args[1]))
        if fn == 'patsubst':
            pat, rep = E(args[0]).strip(), E(args[1]).strip()
            res = []
            for w in E(','.join(args[2:])).split():
                if '%' in pat:
                    pre, suf = pat.split('%', 1)
                    if w.startswith(pre) and w.endswith(suf) and len(w) >= len(pre) + len(suf):
                        stem = w[len(pre):len(w) - len(suf)]
                        w = rep.replace('%', stem, 1)
                elif w == pat:
                    w = rep
                res.append(w)
            return ' '.join(res)
        if fn == 'notdir':
            return ' '.join(os.path.basename(w) for w in E(rest).split())
        if fn == 'dir':
            return ' '.join((os.path.dirname(w) or '.') + '/' for w in E(rest).split())
        if fn == 'basename':
            return ' '.join(os.path.splitext(w)[0] for w in E(rest).split())
        if fn == 'addprefix':
            return ' '.join(E(args[0]).strip() + w for w in E(','.join(args[1:])).split())
        if fn == 'addsuffix':
            return ' '.join(w + E(args[0]).strip() for w in E(','.join(args[1:])).split())
        if fn == 'sort':
            return ' '.join(sorted(set(E(rest).split())))
        if fn == 'firstword':
            ws = E(rest).split()
            return ws[0] if ws else ''
        if fn == 'foreach':
            var = E(args[0]).strip()
            saved = self.vars.get(var)
            savedf = self.flavor.get(var)
            res = []
            for w in E(args[1]).split():
                self.vars[var] = w
                self.flavor[var] = 'simple'
                res.append(E(','.join(args[2:])))
            if saved is None:
                self.vars.pop(var, None)
            else:
                self.vars[var] = saved
            self.flavor[var] = savedf
            return ' '.join(res)
        if fn in ('shell', 'warning', 'info', 'error', 'eval', 'origin', 'value'):
            return ''
        return self.getvar(E(body))

    def find_copy(self, a):
        if len(a) < 3:
            return ''
        pat, src, dst = a[0].strip(), a[1].strip().rstrip('/'), a[2].strip().rstrip('/')
        loc = self.locate(src + '/x')
        if not loc:
            return ''
        repo, ref, inner = loc
        base = os.path.dirname(inner)
        res = []
        for f in sorted(repo.tree(ref)):
            if f.startswith(base + '/') and fnmatch.fnmatch(os.path.basename(f), pat):
                rel = f[len(base) + 1:]
                res.append('%s/%s:%s/%s' % (src, rel, dst, rel))
        return ' '.join(res)

    # -- statements
    def logical_lines(self, text):
        buf, start = [], None
        for no, raw in enumerate(text.split('\n'), 1):
            if start is None:
                start = no
            s = raw
            if s.endswith('\\'):
                buf.append((no, s[:-1]))
                continue
            buf.append((no, s))
            yield start, buf
            buf, start = [], None
        if buf:
            yield start, buf

    def run_file(self, path, mode, text, loc):
        saved_cur = self.cur_file
        self.cur_file = path
        stack = []  # list of [active, taken]
        in_define = 0
        for start, parts in self.logical_lines(text):
            # strip comments per physical part (not inside $( ) - good enough)
            pparts = []
            for no, s in parts:
                c = re.sub(r'(^|[^\\$])#.*$', r'\1', s)
                pparts.append((no, c))
            line = ' '.join(p for _, p in pparts).strip()
            if not line:
                continue
            if in_define:
                if re.match(r'endef\b', line):
                    in_define -= 1
                continue
            m = re.match(r'(?:override\s+)?define\s+(\S+)', line)
            if m:
                in_define += 1
                continue
            active = all(a for a, _ in stack)
            m = re.match(r'(ifeq|ifneq|ifdef|ifndef)\b(.*)$', line)
            if m:
                val = self.cond(m.group(1), m.group(2)) if active else False
                stack.append([val, val])
                continue
            m = re.match(r'else\b\s*(.*)$', line)
            if m and stack:
                rest = m.group(1).strip()
                outer = all(a for a, _ in stack[:-1])
                if stack[-1][1]:
                    stack[-1][0] = False
                else:
                    mm = re.match(r'(ifeq|ifneq|ifdef|ifndef)\b(.*)$', rest)
                    val = (self.cond(mm.group(1), mm.group(2)) if mm else True) if outer else False
                    stack[-1] = [val, val]
                continue
            if re.match(r'endif\b', line):
                if stack:
                    stack.pop()
                continue
            if not active:
                continue
            self.statement(line, pparts, mode, loc)
        self.cur_file = saved_cur

    def cond(self, kind, rest):
        rest = rest.strip()
        if kind in ('ifdef', 'ifndef'):
            v = self.getvar(self.expand(rest)).strip()
            return bool(v) == (kind == 'ifdef')
        if rest.startswith('('):
            inner = rest[1:rest.rfind(')')]
            a = split_args(inner)
            x, y = a[0], ','.join(a[1:])
        else:
            q = re.findall(r'"([^"]*)"|\'([^\']*)\'', rest)
            vals = [p or r for p, r in q] + ['', '']
            x, y = vals[0], vals[1]
        x, y = self.expand(x).strip(), self.expand(y).strip()
        return (x == y) == (kind == 'ifeq')

    def statement(self, line, pparts, mode, loc):
        m = re.match(r'\$\(call\s+(inherit-product(?:-if-exists)?)\s*,(.*)\)\s*$', line)
        if m:
            if mode != 'product':
                return
            target = self.expand(m.group(2)).strip()
            no = pparts[0][0]
            for t in target.split():
                self.node.lists.setdefault('PRODUCT_COPY_FILES', [])
                for v in PRODUCT_LIST_VARS:
                    self.node.lists.setdefault(v, []).append(('inherit', t))
                self.node.inherits.append((t, m.group(1).endswith('exists'), self.place(loc, no)))
            return
        m = re.match(r'(-|s)?include\s+(.*)$', line)
        if m:
            names = []
            for t in self.expand(m.group(2)).split():
                # make globs an include's names (Sony: include $(LOCAL_PATH)/product/*.mk); a pattern
                # that matches nothing stays as it is, so it is reported missing
                hits = self.w.glob(t, self.branch) if re.search(r'[*?\[]', t) else []
                names += sorted(hits) or [t]
            for t in names:
                text, l2 = self.read(t)
                if text is None:
                    self.note_missing(t, self.place(loc, pparts[0][0]), optional=bool(m.group(1)))
                    continue
                self.run_file(t, mode, text, l2)
            return
        m = re.match(r'(?:export\s+|override\s+)?([A-Za-z0-9_.\-]+)\s*(:=|::=|\?=|\+=|=)(.*)$', line, re.S)
        if m:
            var, op, val = m.group(1), m.group(2), m.group(3)
            if var in PRODUCT_LIST_VARS and self.node is not None:
                lst = self.node.lists.setdefault(var, [])
                if op == '?=' and any(e[0] == 'w' for e in lst):
                    return
                # word -> physical line (expanded before any reset: the value may refer to the var)
                new = []
                for no, part in pparts:
                    seg = part
                    if no == pparts[0][0]:
                        mm = re.match(r'.*?(:=|::=|\?=|\+=|=)(.*)$', part, re.S)
                        seg = mm.group(2) if mm else ''
                    for w in split_words(seg):
                        for x in self.expand(w).split():
                            new.append(('w', x, self.place(loc, no)))
                if op in (':=', '::=', '='):
                    pool = {}
                    for e in new:
                        pool.setdefault(e[1], []).append(e)
                    kept = []
                    for e in lst:
                        if e[0] == 'inherit':
                            kept.append(e)
                        elif pool.get(e[1]):
                            pool[e[1]].pop(0)
                            kept.append(e)      # survived a self-referencing filter: keep its place
                    rest = [e for e in new if e in sum(pool.values(), [])]
                    lst[:] = kept + rest
                else:
                    lst.extend(new)
                return
            if op == '?=' and self.vars.get(var, '') != '':
                return
            if op == '=':
                self.vars[var] = val.strip()
                self.flavor[var] = 'rec'
            elif op == '+=':
                if self.flavor.get(var) == 'rec':
                    self.vars[var] = (self.vars.get(var, '') + ' ' + val.strip()).strip()
                else:
                    self.vars[var] = (self.vars.get(var, '') + ' ' + self.expand(val).strip()).strip()
                    self.flavor[var] = 'simple'
            else:
                self.vars[var] = self.expand(val).strip() if op != '?=' else val.strip()
                self.flavor[var] = 'simple' if op != '?=' else 'rec'
            self.var_place[var] = self.place(loc, pparts[0][0])
            return
        # anything else ($(eval ...), $(warning ...), rules) is ignored

    def note_missing(self, path, place, optional):
        p = os.path.normpath(path)
        # a required device/* makefile that is absent means the dependency repo is
        # missing, or its snapshot is on another branch: the row cannot be trusted
        fatal = (not optional) and p.startswith('device/')
        self.unresolved.append((p, place, fatal, optional))

    def eval_product(self, path):
        key = os.path.normpath(path)
        if key in self.nodes:
            return
        text, loc = self.read(key)
        node = Node(key)
        self.nodes[key] = node
        if text is None:
            return False
        self.order.append(key)
        saved_node = self.node
        self.node = node
        self.vars['LOCAL_PATH'] = os.path.dirname(key)
        self.flavor['LOCAL_PATH'] = 'simple'
        self.run_file(key, 'product', text, loc)
        self.vars['LOCAL_PATH'] = ''
        self.node = saved_node
        for t, optional, place in node.inherits:
            t = os.path.normpath(t)
            if t in self.nodes:
                continue
            tx, _ = self.read(t)
            if tx is None:
                self.note_missing(t, place, optional)
                self.nodes[t] = Node(t)
                continue
            self.eval_product(t)
        return True

    def flatten(self, var, path=None, seen=None):
        if seen is None:
            seen = set()
        path = path or self.order[0]
        if path in seen or path not in self.nodes:
            return []
        seen.add(path)
        out = []
        for e in self.nodes[path].lists.get(var, []):
            if e[0] == 'w':
                out.append((e[1], e[2]))
            else:
                out += self.flatten(var, os.path.normpath(e[1]), seen)
        return out


# ---------------------------------------------------------------- world
class World:
    def __init__(self, gitdirs):
        self.repos = {}
        for g in gitdirs:
            r = Repo(g)
            self.repos[r.name] = r
        self.prefix = {}  # source path prefix -> repo
        fixed = {'frameworks/native': 'android_frameworks_native', 'build/make': 'android_build',
                 'vendor/lineage': 'android_vendor_lineage'}
        for p, n in fixed.items():
            if n in self.repos:
                self.prefix[p] = self.repos[n]
        for n, r in self.repos.items():
            m = re.match(r'android_device_([^_]+)_(.+)$', n)
            if m:
                self.prefix.setdefault('device/%s/%s' % (m.group(1), m.group(2)), r)
        # other LineageOS repositories at the path the platform manifest (LineageOS/android) gives them
        self._manifest = {}
        man = self.repos.get('android')
        for b in [None] + sorted(b for b in (man.refs() if man else ()) if re.match(r'lineage-(18\.1|19\.1|2\d)', b)):
            for path, name in self.manifest_projects(b).items():
                n = name.split('/', 1)[1] if name.startswith('LineageOS/') else None
                if n in self.repos and path not in self.prefix:
                    self.prefix[path] = self.repos[n]
        # explicit target paths from lineage.dependencies
        for r in list(self.repos.values()):
            if not r.name.startswith('android_device_'):
                continue
            t = r.read(r.head_branch(), 'lineage.dependencies')
            try:
                for d in json.loads(t or '[]'):
                    if d.get('repository') in self.repos and d.get('target_path'):
                        self.prefix[d['target_path'].rstrip('/')] = self.repos[d['repository']]
            except ValueError:
                pass

    def reference_note(self, path, branch):
        """A required makefile absent from a present repo's snapshot: if a reference copy of the
        same repository (AOSP's device/google/gs-common as GrapheneOS mirrors it) shows that the
        file installs no permission/sysconfig XML and pulls in no further makefile, it can be
        skipped; returns the note, else None."""
        if path in INDEXED_REFERENCES and self.locate(path, branch):
            return 'holds no permission XML: %s:%s; skipped' % (
                INDEXED_REFERENCES[path], path[len('device/google/gs-common/'):])
        ref_repo = REFERENCE_COPIES.get(next((p for p in REFERENCE_COPIES if path.startswith(p + '/')), ''))
        if not ref_repo or ref_repo not in self.repos or not self.locate(path, branch):
            return None
        r = self.repos[ref_repo]
        inner = path[len(next(p for p in REFERENCE_COPIES if path.startswith(p + '/'))) + 1:]
        head = r.head_branch()
        text = r.read(head, inner)
        if text is None:
            return None
        if re.search(r'etc/(permissions|sysconfig)|inherit-product|^\s*-?include\b|ro\.opengles', text, re.M):
            return None
        return 'holds no permission XML: %s@%s:%s; skipped' % (r.full, r.commit(head), inner)

    def manifest_projects(self, branch):
        """{path: name} of the LineageOS platform manifest (default.xml + snippets) at branch."""
        man = self.repos.get('android')
        if man is None or man.full != 'LineageOS/android':
            return {}
        ref = man.pick_ref(branch) if branch else man.head_branch()
        if ref not in self._manifest:
            res = {}
            for f in sorted(man.tree(ref)):
                if f == 'default.xml' or re.match(r'snippets/[^/]+\.xml$', f):
                    for m in re.finditer(r'<project\b([^>]*)>', man.read(ref, f) or ''):
                        a = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
                        if 'name' in a:
                            nm = a['name']
                            if a.get('remote') != 'aosp' and not nm.startswith('platform/') and '/' not in nm:
                                nm = 'LineageOS/' + nm
                            res[a.get('path', nm)] = nm
            self._manifest[ref] = res
        return self._manifest[ref]

    def in_manifest(self, path, branch):
        return any(path == p or path.startswith(p + '/') for p in self.manifest_projects(branch))

    def has_prefix(self, p):
        return p in self.prefix

    def locate(self, path, branch):
        # the platform manifest links build/make's core, target and tools to build/<x>
        m = re.match(r'build/(core|target|tools)(/|$)', path)
        if m:
            path = 'build/make/' + path[len('build/'):]
        best = None
        for p, r in self.prefix.items():
            if path == p or path.startswith(p + '/'):
                if best is None or len(p) > len(best[0]):
                    best = (p, r)
        if not best:
            return None
        p, r = best
        return r, r.pick_ref(branch), path[len(p) + 1:]

    def glob(self, pat, branch):
        loc = self.locate(pat if '*' not in pat else pat.split('*')[0] + 'x', branch)
        if not loc:
            return []
        r, ref, inner = loc
        prefix = pat[:len(pat) - len(inner)] if '*' not in pat else None
        res = []
        if '*' not in pat:
            return [pat] if inner in r.tree(ref) or any(f.startswith(inner + '/') for f in r.tree(ref)) else []
        root = None
        for p, rr in self.prefix.items():
            if rr is r and pat.startswith(p + '/'):
                root = p
        innerpat = pat[len(root) + 1:]
        for f in sorted(r.tree(ref)):
            if fnmatch.fnmatch(f, innerpat):
                res.append(root + '/' + f)
        return res


# ---------------------------------------------------------------- wiki
def wiki_entries(wiki, codename):
    ref = wiki.head_branch()
    files = sorted(f for f in wiki.tree(ref)
                   if re.match(r'_data/devices/%s(_variant\d+)?\.yml$' % re.escape(codename), f))
    res = []
    for f in files:
        t = wiki.read(ref, f)
        d = {}
        for k in ('codename', 'name', 'vendor', 'vendor_short', 'type', 'tree', 'current_branch'):
            m = re.search(r'^%s:\s*(.*?)\s*$' % k, t, re.M)
            d[k] = m.group(1).strip().strip('\'"') if m else None
        # screen: inline dict, None, or list of variants
        sizes = []
        m = re.search(r'^screen:\s*(.*)$', t, re.M)
        if m:
            block = m.group(1)
            if not block.strip():
                mm = re.search(r'^screen:\s*\n((?:[ \t]*-.*\n?)+)', t, re.M)
                block = mm.group(1) if mm else ''
            for em in re.finditer(r'\{([^{}]*)\}', block):
                body = em.group(1)
                size = re.search(r'size:\s*([0-9.]+)', body)
                res_ = re.search(r"resolution:\s*'?(\d+)\s*x\s*(\d+)", body)
                sizes.append((float(size.group(1)) if size else None,
                              (int(res_.group(1)), int(res_.group(2))) if res_ else None))
        d['screens'] = sizes
        d['file'] = f
        if d.get('codename') == codename:
            res.append(d)
    return ref, res


def device_tree(world, went, codename):
    """The device tree repo of a wiki entry: its `tree:` repo, unless that repo holds no
    lineage_<codename>.mk on its default branch while the fetched
    android_device_<vendor_short>_<codename> does (the wiki names another device's tree:
    sirius.yml says android_device_sony_z3)."""
    tree = world.repos.get(went.get('tree') or '')
    own = world.repos.get('android_device_%s_%s' % (went.get('vendor_short') or '', codename))
    if own is None or own is tree:
        return tree
    mk = 'lineage_%s.mk' % codename
    has = lambda r: any(os.path.basename(f) == mk for f in r.tree(r.head_branch()))
    if tree is not None and has(tree):
        return tree
    return own if has(own) else tree


# ---------------------------------------------------------------- evidence -> row
def row_from_facts(facts, table):
    """facts: list of (kind, value, place). table: file -> features list."""
    feats, unavail = {}, set()
    meta, screen, sources = {}, {}, []
    cands, libraries, missing, abis, gpu = [], set(), [], None, None

    def add(tok):
        if tok.startswith('!'):
            unavail.add(tok[1:].split('=')[0])
            return
        n, _, v = tok.partition('=')
        if n in feats and feats[n] is not None and v:
            if int(v) <= int(feats[n]):
                return
        if n in feats and not v:
            return
        feats[n] = v or None

    for fact in facts:
        kind, value, place = fact[0], fact[1], fact[2]
        if kind == 'copy':
            f = os.path.basename(value)
            if f not in table:
                raise SystemExit('AOSP file %s not in table' % f)
            for tok in table[f]:
                add(tok)
        elif kind == 'copy-local':
            add(value)
        elif kind == 'prop':
            k, _, v = value.partition('=')
            if k.startswith('screen.'):
                screen[k] = int(v)
            else:
                part = fact[3] if len(fact) > 3 else ''
                cands.append((k, v, part.rstrip('?'), part.endswith('?'), place))
        elif kind == 'library':
            libraries.add(value)
        elif kind == 'missing-part':
            missing.append(value)
        elif kind == 'abi':
            abis = value.split(',')
        elif kind == 'gles-rule':
            gpu = (int(value), place)
        elif kind == 'meta':
            k, _, v = value.partition('=')
            meta[k] = v
        elif kind == 'source':
            sources.append(value)
    for n in unavail:
        feats.pop(n, None)
    features = sorted(n if v is None else '%s=%s' % (n, v) for n, v in feats.items())
    won = resolve_props([c[:4] for c in cands])
    props = {k: cands[i] for k, i in won.items()}
    gl = props['ro.opengles.version'][1] if 'ro.opengles.version' in props else None
    dens = props['ro.sf.lcd_density'][1] if 'ro.sf.lcd_density' in props else None
    if gl:
        c = props['ro.opengles.version']
        basis = 'property ro.opengles.version=%s (%s; %s partition)' % (gl, c[4], c[2] or 'unknown')
    elif gpu:
        gl, basis = str(gpu[0]), gpu[1]
    else:
        basis = None
    if 'ro.product.cpu.abilist' in props:
        abis = props['ro.product.cpu.abilist'][1].split(',')
    w, h = screen.get('screen.width'), screen.get('screen.height')
    if w is not None and h is not None and w > h:
        w, h = h, w
    ff = meta.get('type')
    row = {
        'codename': meta['codename'],
        'name': meta['name'],
        'vendor': meta['vendor'],
        'formFactor': ff,
        'sdk': int(meta['sdk']),
        'branch': meta.get('branch') or None,
        'glEsVersion': '0x%08x' % int(gl, 0) if gl else None,
        'glEsBasis': basis,
        'density': int(dens) if dens else None,
        'screenWidthPx': w,
        'screenHeightPx': h,
        'screenInches': float(meta['inches']) if meta.get('inches') else None,
        'abis': abis,
        'features': features,
        'libraries': sorted(libraries),
        'confidence': 'partial' if any(not m.endswith('skipped)') for m in missing) else 'complete',
        'missing': missing,
        'sources': sorted(set(sources)),
    }
    return row


def copy_pair(word):
    """(src, dest) of a PRODUCT_COPY_FILES word as build/make/core/Makefile reads it:
    `$(call word-colon,1,...)` / `word-colon,2` = the 1st/2nd word of `$(subst :, ,WORD)`, so an
    empty field (`src::dest`) is dropped, not taken as an empty destination."""
    fields = [f for f in word.split(':') if f]
    if ':' not in word or len(fields) < 2:
        return None
    return fields[0], fields[1]


def unique_copy_pairs(words):
    """The copies the build installs, in order: the first word naming a destination wins
    (core/Makefile: `PRODUCT_COPY_FILES ... ignored.` for later ones)."""
    seen, out = set(), []
    for w in words:
        pair = copy_pair(w)
        if pair is None or pair[1] in seen:
            continue
        seen.add(pair[1])
        out.append(pair)
    return out


# init loads build.prop files in this order; for a `ro.` property a later partition overrides an
# earlier one (system/core/init/property_service.cc PropertyLoadBootDefaults)
PARTITION_RANK = {'system': 0, 'system_ext': 1, 'vendor': 2, 'odm': 3, 'product': 4}
# which partition's build.prop a product variable lands in (build/make/core/sysprop.mk; device
# trees build with BOARD_PROPERTY_OVERRIDES_SPLIT_ENABLED=true, the default for Treble devices)
PROP_VAR_PARTITION = {
    'PRODUCT_SYSTEM_PROPERTIES': 'system', 'PRODUCT_SYSTEM_DEFAULT_PROPERTIES': 'system',
    'PRODUCT_SYSTEM_EXT_PROPERTIES': 'system_ext',
    'PRODUCT_VENDOR_PROPERTIES': 'vendor', 'PRODUCT_DEFAULT_PROPERTY_OVERRIDES': 'vendor',
    'PRODUCT_PROPERTY_OVERRIDES': 'vendor',
    'PRODUCT_ODM_PROPERTIES': 'odm', 'PRODUCT_PRODUCT_PROPERTIES': 'product',
}
# order of the variables inside one partition's build.prop (prop files come first)
PROP_VAR_ORDER = ['PRODUCT_SYSTEM_PROPERTIES', 'PRODUCT_SYSTEM_DEFAULT_PROPERTIES',
                  'PRODUCT_SYSTEM_EXT_PROPERTIES', 'PRODUCT_VENDOR_PROPERTIES',
                  'PRODUCT_DEFAULT_PROPERTY_OVERRIDES', 'PRODUCT_PROPERTY_OVERRIDES',
                  'PRODUCT_ODM_PROPERTIES', 'PRODUCT_PRODUCT_PROPERTIES']


def resolve_props(cands):
    """cands: list of (key, value, partition, optional) in the order each partition's build.prop
    lists them.  Returns {key: index into cands} of the value init ends with: the highest
    partition wins; inside one partition a plain `k=v` beats `k?=v` and the later one wins."""
    best = {}
    for i, (k, v, part, opt) in enumerate(cands):
        rank = (PARTITION_RANK.get(part, -1), 0 if opt else 1)
        if k not in best or rank >= best[k][0]:
            best[k] = (rank, i)
    return {k: i for k, (_, i) in best.items()}


def branch_key(ref):
    """lineage-21 and lineage-21.0 name the same release."""
    m = re.match(r'lineage-(\d+)(?:\.(\d+))?$', ref or '')
    return (int(m.group(1)), int(m.group(2) or 0)) if m else ref


# platform makefiles that only install data files (PRODUCT_COPY_FILES/PRODUCT_PACKAGES of fonts, sounds,
# videos, keyboard layouts, hyphenation patterns), e.g. aosp-mirror/platform_frameworks_base
# data/keyboards/keyboards.mk, data/sounds/AudioPackage14.mk, data/videos/VideoPackage1.mk
AOSP_DATA_MK = (r'(frameworks/base/data/(fonts|keyboards|sounds|videos)/[^/]+\.mk|'
                r'external/(google-fonts/[^/]+|noto-fonts|roboto-fonts|roboto-flex-fonts|naver-fonts)/fonts\.mk|'
                r'external/hyphenation-patterns/patterns\.mk)$')


def blob_repo(world, path):
    """vendor/<oem>/<x>/... is the proprietary-blob tree extract-utils makes for device/<oem>/<x>."""
    m = re.match(r'vendor/([^/]+)/([^/]+)(/|$)', path)
    if not m or m.group(1) in ('lineage', 'qcom'):
        return None
    oem = 'google' if m.group(1) == 'google_devices' else m.group(1)
    return world.prefix.get('device/%s/%s' % (oem, m.group(2)))


def part_key(path):
    """The repository-sized part of a source path, for the `missing` notes."""
    c = path.split('/')
    n = 4 if path.startswith(('vendor/qcom/opensource/', 'hardware/qcom-caf/')) and len(c) > 4 else 3
    return '/'.join(c[:n])


def missing_parts(world, ev, branch, used_repos, facts):
    """[(note, place)]: each inherited/included/copied part that could not be read."""
    out, seen, data_mks = [], set(), []
    blobs_by_repo = {}
    for f in facts:
        k, v, p = f[0], f[1], f[2]
        if k == 'blob':
            blobs_by_repo.setdefault(p.split('@')[0], []).append(v)
    for u in ev.unresolved:
        path, place, fatal, optional = u
        ref_note = world.reference_note(path, branch) if fatal else None
        if ref_note:
            note = '%s (%s)' % (path, ref_note)
        elif path.startswith('/') or (optional and not world.locate(path, branch)
                                       and not world.in_manifest(path, branch) and not blob_repo(world, path)):
            continue           # optional, and no LineageOS checkout has it (vendor/extra, build_env): the build skips it too
        elif re.match(AOSP_DATA_MK, path):
            data_mks.append(path)
            continue
        elif re.search(r'(^|/)(SEPolicy|sepolicy)\.mk$', path):
            note = '%s (board SELinux policy include; installs no permission XML; skipped)' % path
        elif world.locate(path, branch):
            if optional:
                continue       # an optional include absent from its repository: the build skips it too
            r, rref, _ = world.locate(path, branch)
            note = '%s (absent from the snapshot %s@%s)' % (path, r.full, rref)
        else:
            key = part_key(path)
            dev = blob_repo(world, path)
            if dev is not None:
                listed = blobs_by_repo.get(dev.full, [])
                pfs = [f for f in dev.tree(dev.pick_ref(branch))
                       if re.match(r'(.*/)?proprietary-files[^/]*\.txt$', f)]
                if pfs and not listed:
                    note = ('%s (proprietary blobs made from %s proprietary-files, which list no permission '
                            'XML; skipped)' % (key, dev.full))
                elif pfs:
                    note = '%s (proprietary blobs, not public; %d permission XMLs listed in %s proprietary-files)' % (
                        key, len(set(listed)), dev.full)
                else:
                    note = '%s (proprietary blobs, not public; %s has no proprietary-files list)' % (key, dev.full)
            else:
                note = '%s (no snapshot)' % key
        if note not in seen:
            seen.add(note)
            out.append((note, place))
    if data_mks:
        # the files themselves are `unresolved` lines in the evidence
        out.append(('AOSP data makefiles (%d: fonts, sounds, videos, key layouts, hyphenation; install no '
                    'permission XML; skipped)' % len(set(data_mks)), ''))
    # repositories read at another branch than the device tree's
    for repo, rref, inner in sorted(ev.used, key=lambda x: (x[0].full, x[1])):
        if branch_key(rref) != branch_key(branch):
            note = '%s at %s (the snapshot has no %s)' % (repo.full, rref, branch)
            if note not in seen:
                seen.add(note)
                out.append((note, ''))
    return out


# GPU -> the OpenGL ES version its Android driver reports, where no property in the tree says it.
GLES_SOURCES = {
    # Wikipedia "Adreno", Variants: 300 series OpenGL ES 3.0, 500/600/700 series OpenGL ES 3.2; Qualcomm's
    # Adreno GPU SDK page: Adreno 530 supports OpenGL ES 3.2
    'adreno': 'https://en.wikipedia.org/wiki/Adreno#Variants',
    # NVIDIA's OpenGL ES porting guide lists Tegra X1: ES 3.2
    'tegra': 'https://docs.nvidia.com/drive/archive/5.1.0.2L/nvvib_docs/DRIVE_OS_Linux_SDK_Development_Guide/'
             'Graphics/opengl_es_porting.html',
}
# SoC platform (TARGET_BOARD_PLATFORM) -> GPU, where TARGET_BOARD_PLATFORM_GPU does not name it;
# Qualcomm platform names -> Snapdragon parts as in the kernel trees' qcom,<platform> compatibles
PLATFORM_GPU = {
    'msm8226': 'Adreno 305', 'msm8974': 'Adreno 330', 'apq8064': 'Adreno 320', 'apq8084': 'Adreno 420', 'msm8916': 'Adreno 306', 'msm8917': 'Adreno 308',
    'msm8937': 'Adreno 505', 'msm8953': 'Adreno 506', 'sdm450': 'Adreno 506', 'sdm632': 'Adreno 506',
    'msm8992': 'Adreno 418', 'msm8994': 'Adreno 430', 'msm8996': 'Adreno 530', 'msm8998': 'Adreno 540',
    'sdm660': 'Adreno 512', 'sdm670': 'Adreno 615', 'sdm710': 'Adreno 616', 'sdm845': 'Adreno 630',
    'msmnile': 'Adreno 640', 'sm8150': 'Adreno 640', 'kona': 'Adreno 650', 'sm8250': 'Adreno 650',
    'lahaina': 'Adreno 660', 'sm8350': 'Adreno 660', 'taro': 'Adreno 730', 'kalama': 'Adreno 740',
    'pineapple': 'Adreno 750', 'sun': 'Adreno 830', 'trinket': 'Adreno 610', 'sm6125': 'Adreno 610',
    'bengal': 'Adreno 610', 'khaje': 'Adreno 610', 'sm6150': 'Adreno 612', 'atoll': 'Adreno 618',
    'sm6250': 'Adreno 618', 'lito': 'Adreno 620', 'sm7250': 'Adreno 620', 'holi': 'Adreno 619',
    'blair': 'Adreno 619', 'sm6375': 'Adreno 619', 'yupik': 'Adreno 642L', 'sm7325': 'Adreno 642L',
    'parrot': 'Adreno 644', 'crow': 'Adreno 710', 'cape': 'Adreno 730', 'volcano': 'Adreno 732',
    'gs101': 'Mali-G78', 'gs201': 'Mali-G710', 'zuma': 'Mali-G715', 'zumapro': 'Mali-G715',
    'exynos9820': 'Mali-G76', 'exynos9825': 'Mali-G76', 'universal9820': 'Mali-G76', 'universal9825': 'Mali-G76',
    'exynos9611': 'Mali-G72', 'universal9611': 'Mali-G72', 'exynos850': 'Mali-G52', 'universal3830': 'Mali-G52',
    'exynos990': 'Mali-G77', 'universal990': 'Mali-G77', 'exynos9810': 'Mali-G72', 'universal9810': 'Mali-G72', 'tegra': 'Tegra X1', 't210': 'Tegra X1',
    'sm1': 'Mali-G31', 'g12': 'Mali-G31', 'sm8150p': 'Adreno 640',
}


def gles_rule(gpu_fact):
    """gpu fact 'VAR=value' -> (glEsVersion int, basis text) or None."""
    var, _, val = gpu_fact.partition('=')
    v = val.strip().lower()
    gpu = None
    m = re.match(r'qcom-adreno(\d+)', v)
    if m:
        gpu = 'Adreno ' + m.group(1)
    elif v in PLATFORM_GPU:
        gpu = PLATFORM_GPU[v]
    if gpu is None:
        return None
    m = re.match(r'Adreno (\d)(\d\d)', gpu)
    if m:
        series = int(m.group(1))
        if series == 3:
            ver, fam = 0x30000, 'Adreno 3xx'
        elif series in (5, 6, 7):
            ver, fam = 0x30002, 'Adreno %dxx' % series
        else:
            return None
        src = GLES_SOURCES['adreno']
    elif gpu == 'Tegra X1':
        ver, fam, src = 0x30002, 'Tegra X1', GLES_SOURCES['tegra']
    else:
        return None
    return ver, 'rule: %s=%s is %s; %s \u2192 %d.%d (%s)' % (var, val.strip(), gpu, fam, ver >> 16, ver & 0xffff, src)


# ---------------------------------------------------------------- trees -> facts
def form_factor(wikitype, copied, features=()):
    names = {os.path.basename(c) for c in copied}
    if 'tv_core_hardware.xml' in names or 'android.hardware.type.television' in features \
            or 'android.software.leanback_only' in features:
        return 'tv'
    if 'android.hardware.type.watch' in features:
        return 'watch'
    if 'android.hardware.type.automotive' in features:
        return 'car'
    if 'tablet_core_hardware.xml' in names:
        return 'tablet'
    t = (wikitype or '').lower()
    if t == 'tablet':
        return 'tablet'
    if t in ('set top box', 'tv'):
        return 'tv'
    if 'watch' in t:
        return 'watch'
    if 'car' in t or 'automotive' in t:
        return 'car'
    return 'phone'


class Unresolvable(Exception):
    pass


def facts_from_trees(world, codename, branch=None):
    wiki = world.repos.get('lineage_wiki')
    native = world.repos.get('android_frameworks_native')
    if not wiki or not native:
        raise Unresolvable('need lineage_wiki and android_frameworks_native git dirs')
    wref, wents = wiki_entries(wiki, codename)
    if not wents:
        raise Unresolvable('no wiki entry for %s' % codename)
    went = wents[0]
    tree = device_tree(world, went, codename)
    if tree is None:
        raise Unresolvable('device tree %s not given/fetched' % went['tree'])
    branch = branch or tree.head_branch()
    if branch not in tree.refs():
        raise Unresolvable('%s has no branch %s' % (tree.full, branch))
    m = re.match(r'lineage-(\d+)', branch)
    if not m or int(m.group(1)) not in SDK_BY_MAJOR:
        raise Unresolvable('branch %s has no SDK mapping' % branch)
    sdk = SDK_BY_MAJOR[int(m.group(1))]
    for core in ('android_frameworks_native', 'android_build', 'android_vendor_lineage'):
        cr = world.repos.get(core)
        if cr is not None and branch_key(cr.pick_ref(branch))[:1] != branch_key(branch)[:1]:
            raise Unresolvable('the %s snapshot has no lineage-%s branch' % (cr.full, m.group(1)))
    # product makefile lineage_<codename>.mk: in the tree, else in a device repo it depends on
    ref = tree.pick_ref(branch)
    look = [tree]
    try:
        for d in json.loads(tree.read(ref, 'lineage.dependencies') or '[]'):
            if d.get('repository') in world.repos and d['repository'].startswith('android_device_'):
                look.append(world.repos[d['repository']])
    except ValueError:
        pass
    root = None
    for r in look:
        rref = r.pick_ref(branch)
        cands = [f for f in sorted(r.tree(rref)) if os.path.basename(f) == 'lineage_%s.mk' % codename]
        if cands:
            dpath = [p for p, rr in world.prefix.items() if rr is r][0]
            root = dpath + '/' + sorted(cands, key=len)[0]
            break
    if root is None:
        # AndroidProducts.mk may name the product makefile otherwise (lineage_X:device/a/b/X/lineage.mk)
        for r in look:
            rref = r.pick_ref(branch)
            dpath = [p for p, rr in world.prefix.items() if rr is r][0]
            for f in sorted(x for x in r.tree(rref) if os.path.basename(x) == 'AndroidProducts.mk'):
                m = re.search(r'\blineage_%s:(\S+)' % re.escape(codename), r.read(rref, f) or '')
                if m:
                    cand = m.group(1).replace('$(LOCAL_DIR)', os.path.dirname(dpath + '/' + f))
                    if world.locate(cand, branch) and r.read(rref, cand[len(dpath) + 1:]) is not None:
                        root = cand
                        break
            if root:
                break
    if root is None:
        raise Unresolvable('no lineage_%s.mk in %s or its device dependencies' % (codename, tree.full))
    dpath = [p for p, rr in world.prefix.items() if rr is tree][0]
    root_place = '%s@%s:%s' % (lambda l: (l[0].full, l[0].commit(l[1]), l[2]))(world.locate(root, branch))
    ev = Evaluator(world, branch)
    ev.vars['LINEAGE_BUILD'] = codename
    ev.vars['TARGET_PRODUCT'] = 'lineage_' + codename
    ev.vars['TARGET_DEVICE'] = codename
    ev.vars['LOCAL_DIR'] = dpath
    ev.eval_product(root)
    fatal = []
    for u in ev.unresolved:
        if u[2]:
            why = world.reference_note(u[0], branch)
            if why is None:
                fatal.append(u)
    if fatal:
        raise Unresolvable('missing dependency: ' + '; '.join('%s (from %s)' % (u[0], u[1]) for u in fatal))
    facts = []
    sources = set()
    # copies: first definition of a destination wins
    seen_dest = set()
    copied_aosp = []
    vendor_sku = []

    def handle_copy(src, place):
        if src.startswith('frameworks/native/data/etc/'):
            nref = native.pick_ref(branch)
            inner = src[len('frameworks/native/'):]
            if native.read(nref, inner) is None:
                facts.append(('missing', src, place))
                return
            facts.append(('copy', src, place))
            copied_aosp.append(src)
            sources.add('%s@%s:%s' % (native.full, native.commit(nref), inner))
            return
        text, loc = ev.read(src)
        if text is None:
            facts.append(('missing', src, place))
            if not world.locate(os.path.normpath(src), branch):
                ev.unresolved.append((os.path.normpath(src), place, False, False))
            return
        sources.add(ev.place(loc))
        for kind, n, v, line in parse_feature_xml(text):
            tok = feature_token(n, v)
            facts.append(('copy-local', tok if kind == 'feature' else '!' + tok, ev.place(loc, line)))
        for name, line in parse_libraries(text):
            facts.append(('library', name, ev.place(loc, line)))

    for word, place in ev.flatten('PRODUCT_COPY_FILES'):
        pair = copy_pair(word)
        if pair is None:
            continue
        src, dst = pair
        if dst in seen_dest:
            continue
        seen_dest.add(dst)
        if not src.endswith('.xml') or not re.search(r'etc/(permissions|sysconfig)/', dst):
            continue
        m = re.search(r'(^|/)(vendor|odm)/etc/(?:permissions|sysconfig)/sku_([^/]*)/', dst)
        if m and m.group(2) == 'vendor':
            # vendor/etc/permissions/sku_<ro.boot.product.vendor.sku>: Qualcomm sets this to the
            # board platform, so it applies to every unit; decided after the board config is read
            vendor_sku.append((m.group(3), src, dst, place))
            continue
        if m or re.search(r'/sku_[^/]*/', dst):
            # odm/etc/permissions/sku_<ro.boot.product.hardware.sku>: per hardware variant
            facts.append(('copy-sku', '%s:%s' % (src, dst), place))
            continue
        handle_copy(src, place)
    # PRODUCT_PACKAGES naming frameworks/native's prebuilt_etc modules (data/etc/Android.bp, e.g.
    # android.hardware.location.gps.prebuilt.xml) install that permission file as well
    nref0 = native.pick_ref(branch)
    bp = native.read(nref0, 'data/etc/Android.bp') or ''
    prebuilt = {}
    for m in re.finditer(r'prebuilt_etc\s*\{([^}]*)\}', bp):
        nm = re.search(r'name:\s*"([^"]+)"', m.group(1))
        sr = re.search(r'src:\s*"([^"]+)"', m.group(1))
        if nm and sr:
            prebuilt[nm.group(1)] = sr.group(1)
    done_pkgs = set()
    for word, place in ev.flatten('PRODUCT_PACKAGES'):
        if word in prebuilt and word not in done_pkgs:
            done_pkgs.add(word)
            handle_copy('frameworks/native/data/etc/' + prebuilt[word], place)
    # blobs: permission XMLs listed in proprietary-files*.txt of the repos used
    used_repos = {}
    for repo, rref, inner in sorted(ev.used, key=lambda x: (x[0].full, x[2])):
        if repo.name.startswith('android_device_'):
            used_repos[repo.full] = (repo, rref)
    nref = native.pick_ref(branch)
    aosp_names = {os.path.basename(p) for p in native.tree(nref) if p.startswith('data/etc/')}
    for full, (repo, rref) in sorted(used_repos.items()):
        for pf in sorted(f for f in repo.tree(rref) if re.match(r'(.*/)?proprietary-files[^/]*\.txt$', f)):
            text = repo.read(rref, pf)
            hit = False
            for no, l in enumerate(text.split('\n'), 1):
                l = l.strip()
                if not l or l.startswith('#'):
                    continue
                l = l.lstrip('-').split('|')[0].split(';')[0]
                dst = l.split(':')[-1]
                if not re.search(r'etc/(permissions|sysconfig)/[^/]+\.xml$', dst):
                    continue
                hit = True
                plc = '%s@%s:%s:%d' % (repo.full, repo.commit(rref), pf, no)
                base = os.path.basename(dst)
                facts.append(('blob', dst, plc))
                if base in aosp_names:
                    for kind, n, v, _ in parse_feature_xml(native.read(nref, 'data/etc/' + base)):
                        tok = feature_token(n, v)
                        facts.append(('copy-local', tok if kind == 'feature' else '!' + tok, plc))
                    sources.add('%s@%s:data/etc/%s' % (native.full, native.commit(nref), base))
            if hit:
                sources.add('%s@%s:%s' % (repo.full, repo.commit(rref), pf))
    # board config: evaluated after the product (as the build does), for TARGET_*_PROP files,
    # TARGET_SCREEN_DENSITY, the CPU ABIs and the GPU
    board = None
    for r in look:
        rref = r.pick_ref(branch)
        rpath = [p for p, rr in world.prefix.items() if rr is r][0]
        for cand in ('BoardConfig.mk', '%s/BoardConfig.mk' % codename):
            if cand in r.tree(rref):
                board = rpath + '/' + cand
                break
        if board:
            break
    prop_files = {}
    if board:
        for k in list(ev.vars):
            if re.match(r'TARGET_[A-Z_]*_PROP$', k):
                ev.vars.pop(k)
        text, loc = ev.read(board)
        ev.node = None
        ev.vars['LOCAL_PATH'] = ''
        ev.vars['TARGET_DEVICE_DIR'] = os.path.dirname(board)
        ev.run_file(board, 'board', text, loc)
        for part in ('SYSTEM', 'SYSTEM_EXT', 'VENDOR', 'ODM', 'PRODUCT'):
            files = ev.expand(ev.vars.get('TARGET_%s_PROP' % part, '')).split()
            if not files:
                # sysprop.mk: $(wildcard $(TARGET_DEVICE_DIR)/<partition>.prop)
                dflt = '%s/%s.prop' % (os.path.dirname(board), part.lower())
                if ev.read(dflt)[0] is not None:
                    files = [dflt]
            prop_files[part.lower()] = files
    # property candidates in the order each partition's build.prop lists them (sysprop.mk:
    # prop files first, then the variables); PRODUCT_PROPERTY_OVERRIDES/PRODUCT_VENDOR_PROPERTIES
    # go to vendor when BOARD_PROPERTY_OVERRIDES_SPLIT_ENABLED (config.mk: default for full Treble,
    # i.e. PRODUCT_SHIPPING_API_LEVEL >= 26 or PRODUCT_FULL_TREBLE_OVERRIDE), else to system
    split = ev.vars.get('BOARD_PROPERTY_OVERRIDES_SPLIT_ENABLED', '').strip()
    if not split:
        ovr = ev.vars.get('PRODUCT_FULL_TREBLE_OVERRIDE', '').strip()
        lvl = ev.expand(ev.vars.get('PRODUCT_SHIPPING_API_LEVEL', '')).strip()
        treble = ovr == 'true' if ovr else (lvl.isdigit() and int(lvl) >= 26)
        split = 'true' if treble else ''
    split = split == 'true'
    cands = []   # (key, value, partition, optional, place)

    def from_file(pf, part):
        text, ploc = ev.read(pf)
        if text is None:
            return
        hit = False
        for no, l in enumerate(text.split('\n'), 1):
            l = l.strip()
            if l.startswith('#'):
                continue
            k, _, v = l.partition('=')
            opt = k.endswith('?')
            k = k.rstrip('?').strip()
            if k in PROP_KEYS and v.strip():
                cands.append((k, v.strip(), part, opt, ev.place(ploc, no)))
                hit = True
        if hit:
            sources.add(ev.place(ploc))

    def from_var(var, part):
        for word, place in ev.flatten(var):
            k, _, v = word.partition('=')
            opt = k.endswith('?')
            k = k.rstrip('?')
            if k in PROP_KEYS and v:
                cands.append((k, v.strip(), part, opt, place))

    dens = ev.vars.get('TARGET_SCREEN_DENSITY', '').strip() if board else ''
    vendor_vars = ['PRODUCT_VENDOR_PROPERTIES', 'PRODUCT_DEFAULT_PROPERTY_OVERRIDES', 'PRODUCT_PROPERTY_OVERRIDES']
    for part in ('system', 'system_ext', 'vendor', 'odm', 'product'):
        for pf in prop_files.get(part, []):
            from_file(pf, part)
        if part == 'system':
            if not split:
                from_var('PRODUCT_PROPERTY_OVERRIDES', 'system')   # main.mk: ADDITIONAL_SYSTEM_PROPERTIES
            from_var('PRODUCT_SYSTEM_PROPERTIES', 'system')
            from_var('PRODUCT_SYSTEM_DEFAULT_PROPERTIES', 'system')
            if not split:
                if dens:
                    cands.append(('ro.sf.lcd_density', dens, 'system', False,
                                  ev.var_place['TARGET_SCREEN_DENSITY']))
                from_var('PRODUCT_VENDOR_PROPERTIES', 'system')
        elif part == 'system_ext':
            from_var('PRODUCT_SYSTEM_EXT_PROPERTIES', 'system_ext')
        elif part == 'vendor' and split:
            if dens:   # main.mk: ADDITIONAL_VENDOR_PROPERTIES += ro.sf.lcd_density=$(TARGET_SCREEN_DENSITY)
                cands.append(('ro.sf.lcd_density', dens, 'vendor', False, ev.var_place['TARGET_SCREEN_DENSITY']))
            for var in vendor_vars:
                from_var(var, 'vendor')
        elif part == 'odm':
            from_var('PRODUCT_ODM_PROPERTIES', 'odm')
        elif part == 'product':
            from_var('PRODUCT_PRODUCT_PROPERTIES', 'product')
    # written in the order init applies them (partition, then `?=` before `=`, then build.prop order),
    # so that a reader taking the last line per key gets init's value too
    order = sorted(range(len(cands)), key=lambda i: (PARTITION_RANK[cands[i][2]], not cands[i][3], i))
    for i in order:
        k, v, part, opt, place = cands[i]
        facts.append(('prop', '%s=%s' % (k, v), place, part + ('?' if opt else '')))
    # CPU ABIs: build/make/core/board_config.mk -> ro.product.cpu.abilist
    if board:
        V = lambda n: ev.expand(ev.vars.get(n, '')).strip()
        is64 = V('TARGET_ARCH').endswith('64')
        s32, s64 = V('TARGET_SUPPORTS_32_BIT_APPS'), V('TARGET_SUPPORTS_64_BIT_APPS')
        if 'true' not in (s32, s64):
            s32 = 'true'
        l64 = V('TARGET_CPU_ABI_LIST_64_BIT').replace(',', ' ').split()
        if not l64 and is64 and s64 == 'true':
            l64 = (V('TARGET_CPU_ABI') + ' ' + V('TARGET_CPU_ABI2')).split()
        l32 = V('TARGET_CPU_ABI_LIST_32_BIT').replace(',', ' ').split()
        if not l32:
            if not is64:
                l32 = (V('TARGET_CPU_ABI') + ' ' + V('TARGET_CPU_ABI2')).split()
            elif s32 == 'true':
                l32 = (V('TARGET_2ND_CPU_ABI') + ' ' + V('TARGET_2ND_CPU_ABI2')).split()
        lst = V('TARGET_CPU_ABI_LIST').replace(',', ' ').split() or (l64 + l32)
        if V('ZYGOTE_FORCE_64') == 'true' and l64:
            lst = l64   # sysprop.mk: the vendor abilist is the 64-bit list only
        if lst and 'TARGET_CPU_ABI' in ev.var_place:
            facts.append(('abi', ','.join(lst), ev.var_place['TARGET_CPU_ABI']))
        # GPU: TARGET_BOARD_PLATFORM_GPU names it (qcom-adreno640); else the SoC platform
        gpu_var = 'TARGET_BOARD_PLATFORM_GPU' if V('TARGET_BOARD_PLATFORM_GPU') else 'TARGET_BOARD_PLATFORM'
        if V(gpu_var) and gpu_var in ev.var_place:
            facts.append(('gpu', '%s=%s' % (gpu_var, V(gpu_var)), ev.var_place[gpu_var]))
            rule = gles_rule('%s=%s' % (gpu_var, V(gpu_var)))
            if rule and not any(c[0] == 'ro.opengles.version' for c in cands):
                facts.append(('gles-rule', str(rule[0]), '%s (%s)' % (rule[1], ev.var_place[gpu_var])))
    skus = sorted({x[0] for x in vendor_sku})
    # several sku dirs with different files: which one the bootloader selects is not in the tree,
    # so only files present for every sku are counted (the first sku's copy line is the evidence)
    groups = {k: {x[1] for x in vendor_sku if x[0] == k} for k in skus}
    common = set.intersection(*groups.values()) if groups else set()
    done = set()
    for sku, src, dst, place in vendor_sku:
        if src in common and src not in done:
            done.add(src)
            handle_copy(src, place)
        else:
            facts.append(('copy-sku', '%s:%s' % (src, dst), place))
    # screen size: TARGET_SCREEN_WIDTH/HEIGHT from product makefiles, else wiki
    wplace = '%s@%s:%s' % (wiki.full, wiki.commit(wref), went['file'])
    sw, sh = ev.vars.get('TARGET_SCREEN_WIDTH', '').strip(), ev.vars.get('TARGET_SCREEN_HEIGHT', '').strip()
    inches = None
    scr = [s for s in went['screens'] if s[0] is not None or s[1] is not None]
    if scr:
        best = max(scr, key=lambda s: s[0] or 0)
        inches = best[0]
    # the wiki gives the panel resolution; TARGET_SCREEN_* (boot animation size) is the fallback
    if scr and best[1]:
        a, b = best[1]
        facts.append(('prop', 'screen.width=%d' % min(a, b), wplace))
        facts.append(('prop', 'screen.height=%d' % max(a, b), wplace))
    elif sw.isdigit() and sh.isdigit():
        facts.append(('prop', 'screen.width=%s' % sw, ev.var_place['TARGET_SCREEN_WIDTH']))
        facts.append(('prop', 'screen.height=%s' % sh, ev.var_place['TARGET_SCREEN_HEIGHT']))
    # sources: every makefile evaluated
    for repo, rref, inner in ev.used:
        sources.add('%s@%s:%s' % (repo.full, repo.commit(rref), inner))
    sources.add(wplace)
    vendor = went['vendor'] or ''
    name = went['name'] or codename
    full = name if name.lower().startswith(vendor.lower()) else '%s %s' % (vendor, name)
    table = {}
    for p in native.tree(nref):
        if re.match(r'data/etc/[^/]+\.xml$', p):
            toks = []
            for kind, n, v, _ in parse_feature_xml(native.read(nref, p)):
                t = feature_token(n, v)
                toks.append(t if kind == 'feature' else '!' + t)
            table[os.path.basename(p)] = toks
    provisional = row_from_facts(facts + [('meta', 'codename=' + codename, ''), ('meta', 'name=', ''),
                                          ('meta', 'vendor=', ''), ('meta', 'sdk=0', '')], table)
    ff = form_factor(went['type'], copied_aosp, provisional['features'])
    meta = [('codename', codename), ('name', full), ('vendor', vendor), ('type', ff),
            ('wikitype', went['type'] or ''), ('sdk', str(sdk)), ('branch', branch),
            ('inches', '' if inches is None else repr(inches))]
    for k, v in meta:
        facts.append(('meta', '%s=%s' % (k, v), wplace if k not in ('sdk', 'branch') else
                      root_place))
    for u in ev.unresolved:
        facts.append(('unresolved', u[0], u[1]))
    for text, pl in missing_parts(world, ev, branch, used_repos, facts):
        facts.append(('missing-part', text, pl))
    for s in sorted(sources):
        facts.append(('source', s, ''))
    return facts, table, nref


def format_evidence(facts):
    out = []
    for f in facts:
        k, v, p = f[0], f[1], f[2]
        out.append('\t'.join([k, v, p] + list(f[3:])) if p or len(f) > 3 else '%s\t%s' % (k, v))
    return '\n'.join(out) + '\n'


def parse_evidence(path):
    facts = []
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        parts = line.split('\t')
        facts.append(tuple([parts[0], parts[1], parts[2] if len(parts) > 2 else ''] + parts[3:]))
    return facts


def dump_row(row):
    return json.dumps(row, ensure_ascii=False)


def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        print(__doc__)
        return 2
    if argv[0] == '--row-from-evidence':
        if len(argv) != 3:
            print(__doc__)
            return 2
        facts = parse_evidence(argv[1])
        table, header = load_aosp_table(argv[2])
        branch = next((f[1].split('=', 1)[1] for f in facts if f[0] == 'meta' and f[1].startswith('branch=')), '')
        m = re.match(r'lineage-(\d+)', branch)
        hm = re.search(r'branch lineage-(\d+)', header)
        if m and hm and m.group(1) != hm.group(1):
            sys.stderr.write('warning: evidence branch %s, AOSP table %s\n' % (branch, header))
        print(dump_row(row_from_facts(facts, {f: v[0] for f, v in table.items()})))
        return 0
    if argv[0] == '--aosp-table':
        native = Repo(argv[1])
        ref = argv[2] if len(argv) > 2 else native.head_branch()
        print('\n'.join(aosp_table_lines(native, ref)))
        return 0
    evidence = False
    codename = branch = None
    gitdirs = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--evidence':
            evidence = True
        elif a == '--codename':
            i += 1
            codename = argv[i]
        elif a == '--branch':
            i += 1
            branch = argv[i]
        elif a == '--mirror':
            i += 1
            for d in sorted(os.listdir(argv[i])):
                g = os.path.join(argv[i], d, 'repo')
                if os.path.isdir(g):
                    gitdirs.append(g)
        else:
            gitdirs.append(a)
        i += 1
    if not codename or not gitdirs:
        print(__doc__)
        return 2
    world = World(gitdirs)
    try:
        facts, table, nref = facts_from_trees(world, codename, branch)
    except Unresolvable as e:
        sys.stderr.write('unresolvable %s: %s\n' % (codename, e))
        return 3
    if evidence:
        sys.stdout.write(format_evidence(facts))
    else:
        print(dump_row(row_from_facts(facts, table)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
