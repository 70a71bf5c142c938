#!/usr/bin/env bash
# The steps of the capcheck GitHub Action (action.yml at the repository root):
#   github-action.sh install    installs $CAPCHECK_DEB with apt-get (sudo unless root), or
#                               checks that capcheck is on PATH when CAPCHECK_DEB is empty
#   github-action.sh verify     capcheck verify "$CAPCHECK_MANIFEST" --github --junit
#                               "$CAPCHECK_JUNIT" $CAPCHECK_ARGS; writes exit-code and junit
#                               to $GITHUB_OUTPUT and exits with verify's code
# CAPCHECK_APT_SIMULATE=1 makes install only simulate (apt-get --simulate), as
# Scripts/test-contrib.sh does to run these steps outside GitHub.
set -euo pipefail
step=${1:-}
case "$step" in
install)
    if [ -z "${CAPCHECK_DEB:-}" ]; then
        command -v capcheck >/dev/null || { echo "::error::capcheck is not on PATH and no deb input was given"; exit 1; }
        capcheck --version | head -n 1
        exit 0
    fi
    deb=$CAPCHECK_DEB
    case "$deb" in /* | ./* | ../*) ;; *) deb=./$deb ;; esac # apt-get takes a path, not a name
    [ -f "$deb" ] || { echo "::error::no .deb at $CAPCHECK_DEB"; exit 1; }
    S=$([ "$(id -u)" = 0 ] || echo sudo)
    simulate=$([ "${CAPCHECK_APT_SIMULATE:-}" = 1 ] && echo --simulate || true)
    $S env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $simulate "$deb"
    [ -n "$simulate" ] || capcheck --version | head -n 1
    ;;
verify)
    : "${CAPCHECK_MANIFEST:?the manifest input is required}"
    junit=${CAPCHECK_JUNIT:-capcheck-junit.xml}
    # shellcheck disable=SC2086 # CAPCHECK_ARGS is a list of words
    set +e
    capcheck verify "$CAPCHECK_MANIFEST" --github --junit "$junit" ${CAPCHECK_ARGS:-}
    code=$?
    set -e
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
        echo "exit-code=$code" >>"$GITHUB_OUTPUT"
        echo "junit=$junit" >>"$GITHUB_OUTPUT"
    fi
    exit "$code"
    ;;
*)
    echo "usage: github-action.sh install|verify" >&2
    exit 64
    ;;
esac
