#!/usr/bin/env python3
"""Compares a capcheck binary with the figures in Benchmarks/thresholds.json.

Usage (from the package root):
  Benchmarks/thresholds.py BINARY             compare; exit 1 when a figure crosses its threshold
  Benchmarks/thresholds.py BINARY --record    write the measured instruction counts to the file
  Benchmarks/thresholds.py BINARY --floors    also time the floors (hyperfine; wall clock)

What it measures, each on the same inputs every run:
- instructions: callgrind's "Collected" count of one run of each workload in the file's
  "workloads" table. Counts move by well under 1 % between runs on one machine, and by a few
  per cent between CPUs (glibc picks its string functions per CPU), so a figure may exceed its
  recorded count by the file's tolerance. A change that crosses a threshold says so in its
  commit and records the new count with --record.
- peak RSS: the best of three runs under GNU time, against the fixed ceilings in "rss_kib".
- floors (--floors only): wall-clock ratios and limits (see "floors"), measured with
  hyperfine. They are printed, not failed on in CI: a shared VM's clock is not a test.

The workloads need valgrind, umockdev-run and GNU time; --floors needs hyperfine and udevadm
(and checkbox-support for the Checkbox row, skipped when it is missing).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "Benchmarks", "thresholds.json")
MANIFEST = {
    "version": 1,
    "require": ["sensor.gyroscope", "location.gnss", "camera.megapixels >= 5"],
    "forbid": ["cellular"],
}


def prepare(binary, work, floors):
    """Writes the generated inputs the workloads name: {matrix40}, {manifest}, {fleet},
    {export}; returns the placeholders."""
    matrix40 = os.path.join(work, "matrix40.csv")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate-matrix40.py"), matrix40],
                   check=True)
    manifest = os.path.join(work, "manifest.json")
    with open(manifest, "w", encoding="utf-8") as handle:
        json.dump(MANIFEST, handle)
    export = os.path.join(work, "play-export.csv")
    with open(export, "w", encoding="utf-8") as handle:
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "generate-play-export.py"), "25000"],
                       check=True, stdout=handle)
    dumps = sorted(os.path.join("Fixtures", "udevadm", name)
                   for name in os.listdir(os.path.join(ROOT, "Fixtures", "udevadm")) if name.endswith(".txt"))
    # Fleets: one snapshot (`list --json`) of each real dump, and 1 000 renamed copies of those
    # for the floor.
    snapshots = []
    for dump in dumps:
        result = subprocess.run([binary, "list", "--json", "--from", dump], cwd=ROOT,
                                capture_output=True, check=False)
        if result.returncode in (0, 1, 2):
            snapshots.append(result.stdout)
    fleet = os.path.join(work, "fleet")
    fleet1000 = os.path.join(work, "fleet1000")
    for folder, count in ((fleet, len(snapshots)), (fleet1000, 1000 if floors else 0)):
        os.mkdir(folder)
        for index in range(count):
            with open(os.path.join(folder, f"machine-{index}.json"), "wb") as handle:
                handle.write(snapshots[index % len(snapshots)])
    return {"matrix40": matrix40, "manifest": manifest, "fleet": fleet, "fleet1000": fleet1000, "export": export,
            "dumps": dumps, "out": os.path.join(work, "out")}


def expand(words, binary, places):
    """The argv of a workload: {bin} and the placeholders replaced; {dumps} becomes
    `--from D` for every dump."""
    argv = []
    for word in words:
        if word == "{bin}":
            argv.append(binary)
        elif word == "{dumps}":
            for dump in places["dumps"]:
                argv += ["--from", dump]
        else:
            argv.append(word.format(**{k: v for k, v in places.items() if isinstance(v, str)}))
    return argv


def instructions(argv, wrapper):
    """callgrind's instruction count of one run of argv (valgrind runs inside the wrapper,
    so an LD_PRELOAD testbed covers the binary only)."""
    command = wrapper + ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, check=False)
    found = re.findall(r"Collected : (\d+)", result.stderr)
    if not found:
        raise RuntimeError(f"no callgrind count for {' '.join(argv)}:\n{result.stderr[-2000:]}")
    return int(found[-1])


def peak_rss(argv):
    """The best of three peak RSS figures (KiB) of argv under GNU time."""
    best = None
    with tempfile.NamedTemporaryFile() as record:
        for _ in range(3):
            subprocess.run(["/usr/bin/time", "-f", "%M", "-o", record.name] + argv, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            with open(record.name, encoding="utf-8") as handle:
                value = int(handle.read().split()[-1])
            best = value if best is None else min(best, value)
    return best


def mean_seconds(commands):
    """hyperfine's mean wall time (s) of each named command, in one call."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        argv = ["hyperfine", "-N", "-i", "--warmup", "1", "--runs", "5", "--export-json", export.name]
        for name, command in commands:
            argv += ["-n", name, " ".join(command)]
        subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(export.name, encoding="utf-8") as handle:
            return {entry["command"]: entry["mean"] for entry in json.load(handle)["results"]}


def floors(binary, places, table):
    """Times the floors; returns printable rows (name, figure, limit, verdict)."""
    rows = []
    live = mean_seconds([("capcheck", [binary, "list", "--json"]),
                         ("udevadm", ["udevadm", "info", "--export-db"])])
    ratio = live["capcheck"] / live["udevadm"]
    rows.append(("live list / udevadm --export-db", f"{ratio:.2f}x", f"<= {table['live_list_vs_udevadm']}x",
                 ratio <= table["live_list_vs_udevadm"]))
    report = [binary, "report"] + expand(["{dumps}"], binary, places) + ["-o", places["out"]]
    commands = [("capcheck", report)]
    checkbox = subprocess.run([sys.executable, "-c", "import checkbox_support"], capture_output=True).returncode == 0
    if checkbox:
        commands.append(("checkbox", [sys.executable, "Benchmarks/checkbox-parse.py"] + places["dumps"]))
    times = mean_seconds(commands)
    if checkbox:
        speed = times["checkbox"] / times["capcheck"]
        rows.append(("report vs Checkbox's parser", f"{speed:.1f}x faster",
                     f">= {table['report_vs_checkbox']}x", speed >= table["report_vs_checkbox"]))
    else:
        rows.append(("report vs Checkbox's parser", "not run", "checkbox-support missing", True))
    for name, words, limit in (("matrix 100k x 40, JSON",
                                ["{bin}", "matrix", "{matrix40}", "--manifest", "{manifest}", "--format", "json"],
                                table["matrix100k_seconds"]),
                               ("fleet of 1 000 snapshots",
                                ["{bin}", "matrix", "--fleet", "{fleet1000}", "--manifest", "{manifest}"],
                                table["fleet1000_seconds"])):
        seconds = mean_seconds([("run", expand(words, binary, places))])["run"]
        rows.append((name, f"{seconds:.3f} s", f"<= {limit} s", seconds <= limit))
    return rows


def write_table(table):
    """Writes the table back, one workload or ceiling a line, so a diff shows the figure that moved."""
    lines = ["{", f'  "tolerance_percent": {table["tolerance_percent"]},', '  "workloads": [']
    lines += ["    " + json.dumps(workload) + "," for workload in table["workloads"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ],", '  "rss_kib": {']
    lines += [f"    {json.dumps(name)}: {json.dumps(spec)}," for name, spec in table["rss_kib"].items()]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  },", f'  "floors": {json.dumps(table["floors"])}', "}"]
    with open(TABLE, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    binary = os.path.abspath(argv[1])
    record = "--record" in argv[2:]
    with open(TABLE, encoding="utf-8") as handle:
        table = json.load(handle)
    tolerance = table["tolerance_percent"] / 100
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        places = prepare(binary, work, "--floors" in argv[2:])
        print(f"{'workload':<22} {'threshold':>14} {'measured':>14} {'change':>8}  verdict")
        for workload in table["workloads"]:
            argv_ = expand(workload["command"], binary, places)
            wrapper = [word.format(root=ROOT) for word in workload.get("wrapper", [])]
            count = instructions(argv_, wrapper)
            limit = workload.get("instructions")
            if record:
                workload["instructions"] = count
            if limit:
                change = (count - limit) / limit
                over = change > tolerance
                verdict = "over: record it in the commit" if over else (
                    "under: record the new count" if change < -tolerance else "ok")
                failed += over and not record
                print(f"{workload['name']:<22} {limit:>14,} {count:>14,} {change:>+7.1%}  {verdict}")
            else:
                print(f"{workload['name']:<22} {'-':>14} {count:>14,} {'':>8}  recorded")
        for name, spec in table["rss_kib"].items():
            rss = peak_rss(expand(spec["command"], binary, places))
            over = rss > spec["max"]
            failed += over
            print(f"{'RSS ' + name:<22} {spec['max']:>11,} KiB {rss:>10,} KiB {'':>8}  {'over' if over else 'ok'}")
        if "--floors" in argv[2:]:
            for name, figure, limit, ok in floors(binary, places, table["floors"]):
                print(f"{name:<32} {figure:>14} {limit:>26}  {'ok' if ok else 'NOT MET'}")
    if record:
        write_table(table)
    print(f"thresholds: {failed} over")
    return 1 if failed else 0


if __name__ == "__main__":
    if shutil.which("valgrind") is None:
        print("thresholds.py: valgrind is not installed", file=sys.stderr)
        sys.exit(69)
    sys.exit(main(sys.argv))
