#!/usr/bin/env python3
"""android_device_row.py - derive one Google-Play-style device row from LineageOS trees.

Usage:
  android_device_row.py [--evidence] --codename CODENAME GITDIR [GITDIR ...]
  android_device_row.py --mirror /work/.mirror [--evidence] --codename CODENAME
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
    'PRODUCT_COPY_FILES',
    'PRODUCT_PROPERTY_OVERRIDES', 'PRODUCT_VENDOR_PROPERTIES',
    'PRODUCT_SYSTEM_PROPERTIES', 'PRODUCT_PRODUCT_PROPERTIES',
    'PRODUCT_ODM_PROPERTIES', 'PRODUCT_SYSTEM_EXT_PROPERTIES',
    'PRODUCT_SYSTEM_DEFAULT_PROPERTIES', 'PRODUCT_DEFAULT_PROPERTY_OVERRIDES',
}
PROP_KEYS = ('ro.opengles.version', 'ro.sf.lcd_density')
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
            for t in self.expand(m.group(2)).split():
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
        self.unresolved.append((p, place, fatal))

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

    def has_prefix(self, p):
        return p in self.prefix

    def locate(self, path, branch):
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
        for k in ('codename', 'name', 'vendor', 'type', 'tree', 'current_branch'):
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


# ---------------------------------------------------------------- evidence -> row
def row_from_facts(facts, table):
    """facts: list of (kind, value, place). table: file -> features list."""
    feats, unavail = {}, set()
    props, meta, screen, sources = {}, {}, {}, []

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

    for kind, value, place in facts:
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
                props[k] = v
        elif kind == 'meta':
            k, _, v = value.partition('=')
            meta[k] = v
        elif kind == 'source':
            sources.append(value)
    for n in unavail:
        feats.pop(n, None)
    features = sorted(n if v is None else '%s=%s' % (n, v) for n, v in feats.items())
    gl = props.get('ro.opengles.version')
    dens = props.get('ro.sf.lcd_density')
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
        'glEsVersion': '0x%08x' % int(gl, 0) if gl else None,
        'density': int(dens) if dens else None,
        'screenWidthPx': w,
        'screenHeightPx': h,
        'screenInches': float(meta['inches']) if meta.get('inches') else None,
        'features': features,
        'sources': sorted(set(sources)),
    }
    return row


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


def facts_from_trees(world, codename):
    wiki = world.repos.get('lineage_wiki')
    native = world.repos.get('android_frameworks_native')
    if not wiki or not native:
        raise Unresolvable('need lineage_wiki and android_frameworks_native git dirs')
    wref, wents = wiki_entries(wiki, codename)
    if not wents:
        raise Unresolvable('no wiki entry for %s' % codename)
    went = wents[0]
    tree = world.repos.get(went['tree'] or '')
    if tree is None:
        raise Unresolvable('device tree %s not given/fetched' % went['tree'])
    branch = tree.head_branch()
    m = re.match(r'lineage-(\d+)', branch)
    if not m or int(m.group(1)) not in SDK_BY_MAJOR:
        raise Unresolvable('branch %s has no SDK mapping' % branch)
    sdk = SDK_BY_MAJOR[int(m.group(1))]
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
        raise Unresolvable('no lineage_%s.mk in %s or its device dependencies' % (codename, tree.full))
    dpath = [p for p, rr in world.prefix.items() if rr is tree][0]
    root_place = '%s@%s:%s' % (lambda l: (l[0].full, l[0].commit(l[1]), l[2]))(world.locate(root, branch))
    ev = Evaluator(world, branch)
    ev.vars['LINEAGE_BUILD'] = codename
    ev.vars['TARGET_PRODUCT'] = 'lineage_' + codename
    ev.vars['TARGET_DEVICE'] = codename
    ev.vars['LOCAL_DIR'] = dpath
    ev.eval_product(root)
    fatal = [u for u in ev.unresolved if u[2]]
    if fatal:
        raise Unresolvable('missing dependency: ' + '; '.join('%s (from %s)' % (p, pl) for p, pl, _ in fatal))
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
            return
        sources.add(ev.place(loc))
        for kind, n, v, line in parse_feature_xml(text):
            tok = feature_token(n, v)
            facts.append(('copy-local', tok if kind == 'feature' else '!' + tok, ev.place(loc, line)))

    for word, place in ev.flatten('PRODUCT_COPY_FILES'):
        if ':' not in word:
            continue
        src, dst = word.split(':')[0], word.split(':')[1]
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
    # properties from product variables
    prop_facts = []
    for var in ('PRODUCT_SYSTEM_PROPERTIES', 'PRODUCT_SYSTEM_DEFAULT_PROPERTIES', 'PRODUCT_PROPERTY_OVERRIDES',
                'PRODUCT_DEFAULT_PROPERTY_OVERRIDES', 'PRODUCT_VENDOR_PROPERTIES',
                'PRODUCT_ODM_PROPERTIES', 'PRODUCT_PRODUCT_PROPERTIES'):
        for word, place in ev.flatten(var):
            k, _, v = word.partition('=')
            if k in PROP_KEYS and v:
                prop_facts.append(('prop', '%s=%s' % (k, v.strip()), place))
    # board config: TARGET_*_PROP files and TARGET_SCREEN_DENSITY
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
    board_facts = []
    if board:
        for k in list(ev.vars):
            if re.match(r'TARGET_[A-Z_]*_PROP$', k):
                ev.vars.pop(k)
        text, loc = ev.read(board)
        ev.node = None
        ev.vars['LOCAL_PATH'] = ''
        ev.run_file(board, 'board', text, loc)
        dens = ev.vars.get('TARGET_SCREEN_DENSITY', '').strip()
        if dens:
            board_facts.append(('prop', 'ro.sf.lcd_density=%s' % dens, ev.var_place['TARGET_SCREEN_DENSITY']))
        for part in ('SYSTEM', 'SYSTEM_EXT', 'VENDOR', 'ODM', 'PRODUCT'):
            for pf in ev.expand(ev.vars.get('TARGET_%s_PROP' % part, '')).split():
                text, ploc = ev.read(pf)
                if text is None:
                    continue
                hit = False
                for no, l in enumerate(text.split('\n'), 1):
                    k, _, v = l.strip().partition('=')
                    k = k.strip()
                    if k in PROP_KEYS and v.strip():
                        board_facts.append(('prop', '%s=%s' % (k, v.strip()), ev.place(ploc, no)))
                        hit = True
                if hit:
                    sources.add(ev.place(ploc))
    for f in prop_facts + board_facts:
        facts.append(f)
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
    for p, pl, _ in ev.unresolved:
        facts.append(('unresolved', p, pl))
    for s in sorted(sources):
        facts.append(('source', s, ''))
    return facts, table, nref


def format_evidence(facts):
    out = []
    for k, v, p in facts:
        out.append('%s\t%s\t%s' % (k, v, p) if p else '%s\t%s' % (k, v))
    return '\n'.join(out) + '\n'


def parse_evidence(path):
    facts = []
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        parts = line.split('\t')
        facts.append((parts[0], parts[1], parts[2] if len(parts) > 2 else ''))
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
        branch = next((v.split('=', 1)[1] for k, v, _ in facts if k == 'meta' and v.startswith('branch=')), '')
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
    codename = None
    gitdirs = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--evidence':
            evidence = True
        elif a == '--codename':
            i += 1
            codename = argv[i]
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
        facts, table, nref = facts_from_trees(world, codename)
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
