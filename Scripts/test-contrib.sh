#!/bin/sh
# Checks the recipes in contrib/ with the capcheck of a .deb (unpacked into a temporary root):
#   Scripts/test-contrib.sh dist/capcheck_*.deb
# the systemd units (systemd-analyze verify, and the service's command run into a scratch
# textfile folder), the GitHub Action (action.yml's steps, contrib/ci/github-action.sh, run as
# GitHub would with its inputs, the .deb's install simulated) and the GitLab CI job
# (contrib/ci/gitlab-ci.yml's script lines, the install simulated). Prints one "ok - ..." or
# "not ok - ..." line per check, then "N passed, N failed" (added to .ci/run's count).
set -u
deb=$(realpath "$1")
cd "$(dirname "$0")/.."
repo=$(pwd)
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
    description=$1
    shift
    if "$@" >"$scratch/out" 2>&1; then
        echo "ok - $description"
        passed=$((passed + 1))
    else
        sed 's/^/# /' "$scratch/out" | tail -n 15
        echo "not ok - $description"
        failed=$((failed + 1))
    fi
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch/root"
PATH="$scratch/root/usr/bin:$PATH"
export PATH
manifest=$repo/Fixtures/matrix/gyroscope-gps.plist
machine=$repo/Fixtures/udevadm/QEMU_KVM.txt

# systemd: the units verify (--man=no: the man page is installed only with the package), and
# the service's command writes a whole metrics file into TEXTFILE_DIR.
units="contrib/systemd/capcheck-textfile.service contrib/systemd/capcheck-textfile.timer"
if command -v systemd-analyze >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    check "systemd-analyze verify the textfile service and timer" \
        sh -c "systemd-analyze verify --man=no $units 2>&1 | tee /dev/stderr | { ! grep -q .; }"
else
    echo "skip - systemd-analyze not installed"
fi
command=$(sed -n "s/^ExecStart=\/bin\/sh -c '\(.*\)'$/\1/p" contrib/systemd/capcheck-textfile.service)
mkdir -p "$scratch/textfile"
check "the service's command writes capcheck.prom (and no temporary file) into TEXTFILE_DIR" \
    sh -c "TEXTFILE_DIR='$scratch/textfile' sh -c '$command' &&
        grep -q '^capcheck_capability{' '$scratch/textfile/capcheck.prom' &&
        [ \"\$(ls '$scratch/textfile')\" = capcheck.prom ]"
check "the timer starts the service: same name, WantedBy timers.target" \
    sh -c "grep -qx 'WantedBy=timers.target' contrib/systemd/capcheck-textfile.timer &&
        ! grep -q '^Unit=' contrib/systemd/capcheck-textfile.timer"

# GitHub Action: action.yml is a composite action whose steps call github-action.sh with the
# inputs as environment; each step is run here the way the runner runs it.
steps=$(python3 - <<'PY'
import yaml
action = yaml.safe_load(open("action.yml"))
assert action["runs"]["using"] == "composite", "not a composite action"
assert action["inputs"]["manifest"]["required"] is True
for step in action["runs"]["steps"]:
    assert step["shell"] == "bash"
    print(step["run"])
PY
) || steps=
check "action.yml is a composite action with a required manifest input" test -n "$steps"
mkdir -p "$scratch/gh"
cp "$deb" "$scratch/gh/capcheck.deb"
install=$(echo "$steps" | sed -n 1p)
verify=$(echo "$steps" | sed -n 2p)
check "action step 1 installs the .deb (apt-get --simulate)" \
    sh -c "cd '$scratch/gh' && GITHUB_ACTION_PATH='$repo' CAPCHECK_DEB=capcheck.deb CAPCHECK_APT_SIMULATE=1 bash -c '$install' &&
        GITHUB_ACTION_PATH='$repo' CAPCHECK_DEB= bash -c '$install' | grep -q '^capcheck '"
check "action step 2 annotates unmet requirements, writes JUnit and its outputs, exits 1" \
    sh -c "cd '$scratch/gh' && : >out.txt &&
        { GITHUB_ACTION_PATH='$repo' GITHUB_OUTPUT=out.txt CAPCHECK_MANIFEST='$manifest' CAPCHECK_JUNIT=report.xml \
            CAPCHECK_ARGS='--from $machine' bash -c '$verify' >log.txt; [ \$? = 1 ]; } &&
        grep -q '^::error' log.txt && grep -q '<testsuite' report.xml &&
        grep -qx 'exit-code=1' out.txt && grep -qx 'junit=report.xml' out.txt"
check "action step 2 passes (exit 0) when the requirements are met" \
    sh -c "cd '$scratch/gh' && GITHUB_ACTION_PATH='$repo' CAPCHECK_MANIFEST='$manifest' CAPCHECK_JUNIT=ok.xml \
        CAPCHECK_ARGS='--from $machine --assume sensor.gyroscope=present --assume location.gnss=present' bash -c '$verify' &&
        grep -q '<testsuite' ok.xml"

# GitLab CI: the job's script lines, run in order with its variables (the install simulated,
# the manifest and machine set as a user would set them).
mkdir -p "$scratch/gl/dist"
cp "$deb" "$scratch/gl/dist/capcheck.deb"
python3 - "$scratch/gl/job.sh" <<'PY' || : >"$scratch/gl/job.sh"
import shlex, sys, yaml
job = yaml.safe_load(open("contrib/ci/gitlab-ci.yml"))["capcheck-verify"]
assert job["artifacts"]["reports"]["junit"] == "capcheck-junit.xml"
lines = ["set -e"] + [f"export {k}={shlex.quote(str(v))}" for k, v in job["variables"].items()]
lines += ['export CAPCHECK_MANIFEST="$MANIFEST" CAPCHECK_ARGS="$ARGS"']
for line in job["script"]:
    line = line.replace("apt-get update -qq && ", "").replace("apt-get install", "apt-get install --simulate")
    lines.append(line)
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
check "the GitLab job's script installs the .deb (simulated) and writes its JUnit report" \
    sh -c "cd '$scratch/gl' && test -s job.sh && MANIFEST='$manifest' ARGS='--from $machine --assume sensor.gyroscope=present --assume location.gnss=present' sh job.sh &&
        grep -q '<testsuite' capcheck-junit.xml"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
