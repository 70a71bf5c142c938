#!/usr/bin/env python3
"""Builds the fuzz seeds that are not files in Fixtures/: Android binary XML and aapt2
protobuf XML manifests (built with Debian's aapt and aapt2 from the text manifests in
Fixtures/), the APKs, bundles and IPAs that hold them, gzip catalogs and fleet folders.

Usage: Fuzz/make-seeds.py CORPUS_ROOT   (writes CORPUS_ROOT/TARGET/seed-*)
Without aapt/aapt2 or android-framework-res the Android seeds are skipped with a note."""
import glob, gzip, io, os, re, shutil, subprocess, sys, tempfile, zipfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
FRAMEWORK = "/usr/share/android-framework-res/framework-res.apk"


def put(target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, "seed-" + name), "wb") as f:
        f.write(data)


def zipped(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data, deflate in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
            z.writestr(info, data)
    return buffer.getvalue()


def buildable(text):
    # aapt resolves @resource references and rejects ${placeholders}: drop such attributes.
    return re.sub(r'\s[\w:.]+="(@|\$\{)[^"]*"', "", text)


android = sorted(glob.glob(f"{root}/Fixtures/android/*.xml")) + sorted(
    glob.glob(f"{root}/Fixtures/manifests/AndroidManifest*.xml"))
if shutil.which("aapt") and shutil.which("aapt2") and os.path.exists(FRAMEWORK):
    made = 0
    for path in android:
        name = os.path.splitext(os.path.basename(path))[0]
        with tempfile.TemporaryDirectory() as work:
            manifest = os.path.join(work, "AndroidManifest.xml")
            with open(path, encoding="utf-8") as f:
                open(manifest, "w", encoding="utf-8").write(buildable(f.read()))
            apk, proto = os.path.join(work, "a.apk"), os.path.join(work, "p.apk")
            ok = subprocess.run(["aapt", "package", "-f", "-M", manifest, "-I", FRAMEWORK, "-F", apk],
                                capture_output=True).returncode == 0
            ok2 = subprocess.run(["aapt2", "link", "--proto-format", "--manifest", manifest, "-I",
                                  FRAMEWORK, "-o", proto], capture_output=True).returncode == 0
            if ok:
                binary = zipfile.ZipFile(apk).read("AndroidManifest.xml")
                put("axml", name, binary)
                put("zip", name + ".apk", open(apk, "rb").read())
                put("manifest", name + ".axml", binary)
                made += 1
            if ok2:
                pb = zipfile.ZipFile(proto).read("AndroidManifest.xml")
                put("proto", name, pb)
                put("zip", name + ".aab", zipped([("base/manifest/AndroidManifest.xml", pb, True)]))
    print(f"make-seeds: {made} of {len(android)} Android manifests built with aapt")
else:
    print("make-seeds: no aapt, aapt2 or android-framework-res: no Android binary seeds")

for path in sorted(glob.glob(f"{root}/Fixtures/manifests/Info*.plist")):
    name = os.path.basename(path)
    data = open(path, "rb").read()
    put("zip", name + ".ipa", zipped([("Payload/App.app/Info.plist", data, True)]))

for path in sorted(glob.glob(f"{root}/Fixtures/appstream/*.xml"))[:24]:
    data = gzip.compress(open(path, "rb").read(), mtime=0)
    put("gzip", os.path.basename(path), data[2:])  # the target puts the magic back

snapshots = sorted(glob.glob(f"{root}/Fixtures/snapshots/*.json"))
small = [p for p in snapshots if os.path.getsize(p) < 16384]
for i, path in enumerate(small):
    pair = open(path, "rb").read() + b"\n--8<--\n" + open(small[(i + 1) % len(small)], "rb").read()
    put("fleet", os.path.basename(path), pair)
