#!/usr/bin/env bash
# Smoke test of the PyInstaller executable: build it (unless SKIP_BUILD=1), run it
# headless from a fresh, empty working directory for 300 frames, and check that
#   - it exits with status 0 (through the onefile bootloader),
#   - no error was logged by the app (it logs scene errors and carries on),
#   - it wrote nothing into the working directory or beside the executable in dist/,
#   - its user files went to TABLETOP_HOME (a temp dir; the real user folder is never touched),
#   - the onefile unpack folder (_MEI*) was removed afterwards.
#
#   tools/exe_smoke.sh [PYTHON]      PYTHON is passed on to tools/build_exe.sh
#   SKIP_BUILD=1 tools/exe_smoke.sh  test the dist/ executable as it is
#   FRAMES=300 TIMEOUT=120           frames to run, seconds before the run counts as hung
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FRAMES="${FRAMES:-300}"
TIMEOUT="${TIMEOUT:-120}"
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

if [[ $# -ge 1 ]]; then
    PY="$1"
    if [[ "$PY" == */* && "$PY" != /* ]]; then PY="$(pwd)/$PY"; fi   # relative: from the caller's folder
elif [[ -x "$ROOT/.venv/bin/python" ]]; then
    PY="$ROOT/.venv/bin/python"
elif [[ -x "$ROOT/.venv/Scripts/python.exe" ]]; then
    PY="$ROOT/.venv/Scripts/python.exe"
else
    PY="${PYTHON:-python3}"
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    if ! "$ROOT/tools/build_exe.sh" "$@"; then
        echo "FAIL: the build failed"
        exit 1
    fi
fi

EXE="$ROOT/dist/DiceTabletop"
[[ -f "$EXE.exe" ]] && EXE="$EXE.exe"
if [[ ! -x "$EXE" ]]; then
    echo "FAIL: no executable at $EXE (run tools/build_exe.sh, or unset SKIP_BUILD)"
    exit 1
fi
SIZE=$(wc -c < "$EXE" | tr -d ' ')
echo "exe_smoke: $EXE, $((SIZE / 1024 / 1024)) MiB ($SIZE bytes)"

# What the run below may not reach (it opens a Dice Realms table and stays there):
# every tabletop module and every file of data/ and art/ must be in the bundle.
if "$PY" -c 'import PyInstaller' 2>/dev/null; then
    if MISSING="$(cd "$ROOT" && "$PY" - "$EXE" <<'PYEOF'
import io, pathlib, sys
from contextlib import redirect_stdout
from PyInstaller.utils.cliutils import archive_viewer
out = io.StringIO()
sys.argv = ["pyi-archive_viewer", "-r", "-b", sys.argv[1]]
with redirect_stdout(out):
    archive_viewer.run()
names = {line.strip() for line in out.getvalue().splitlines()}
want = {".".join(p.with_suffix("").parts).removesuffix(".__init__")
        for p in pathlib.Path("tabletop").rglob("*.py")}
want |= {"pytmx", "pytmx.util_pygame", "yaml", "platformdirs", "pygame"}
want |= {p.as_posix() for top in ("data", "art") for p in pathlib.Path(top).rglob("*")
         if p.is_file() and "__pycache__" not in p.parts}
missing = sorted(want - names)
print(" ".join(missing))
sys.exit(1 if missing else 0)
PYEOF
)"; then
        pass "bundle holds all tabletop modules, pytmx.util_pygame, yaml, platformdirs and every file of data/ and art/"
    else
        fail "missing from the bundle (rebuild if data/, art/ or tabletop/ changed since): ${MISSING:-?}"
    fi
else
    echo "NOTE: $PY has no PyInstaller; bundle contents not checked"
fi

SCRATCH="$(mktemp -d)"
RUN_DIR="$SCRATCH/cwd"        # the working directory of the run: must stay empty
HOME_DIR="$SCRATCH/home"      # TABLETOP_HOME: saves, settings, logs
UNPACK_DIR="$SCRATCH/tmp"     # TMPDIR: where the onefile bootloader unpacks (_MEIxxxxxx)
LOG="$SCRATCH/run.log"
mkdir -p "$RUN_DIR" "$HOME_DIR" "$UNPACK_DIR"
trap 'rm -rf "$SCRATCH"' EXIT

dist_listing() { (cd "$ROOT/dist" && find . -print0 | sort -z | xargs -0 ls -ld --time-style=+%s.%N); }
DIST_BEFORE="$(dist_listing)"

echo "exe_smoke: running '$(basename "$EXE") play --frames $FRAMES --windowed --start dice-realms' in $RUN_DIR (timeout ${TIMEOUT}s)"
START=$(date +%s.%N)
(
    cd "$RUN_DIR" &&
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy TABLETOP_HOME="$HOME_DIR" TMPDIR="$UNPACK_DIR" \
        TABLETOP_REPORT_FIRST_FRAME=1 \
        timeout -k 10 "$TIMEOUT" "$EXE" play --frames "$FRAMES" --windowed --start dice-realms 2>&1 |
    while IFS= read -r line; do printf '%s %s\n' "$(date +%s.%N)" "$line"; done > "$LOG"
    exit "${PIPESTATUS[0]}"
)
STATUS=$?
END=$(date +%s.%N)
WALL=$(awk -v a="$START" -v b="$END" 'BEGIN { printf "%.2f", b - a }')
FIRST=$(awk -v a="$START" '$2 == "TABLETOP_FIRST_FRAME" { printf "%.2f", $1 - a; exit }' "$LOG")

echo "exe_smoke: wall time from launch to exit: ${WALL}s (first frame after ${FIRST:-?}s)"
if [[ $STATUS -eq 0 ]]; then
    pass "exit status 0"
elif [[ $STATUS -eq 124 || $STATUS -eq 137 ]]; then
    fail "no exit within ${TIMEOUT}s (killed by timeout, status $STATUS)"
else
    fail "exit status $STATUS"
fi
if [[ -n "$FIRST" ]]; then
    pass "first frame drawn"
else
    fail "the app never reported its first frame"
fi
if [[ -e "$HOME_DIR/logs/errors.log" ]]; then
    fail "the app logged errors (TABLETOP_HOME/logs/errors.log):"
    sed 's/^/    /' "$HOME_DIR/logs/errors.log" | tail -40
else
    pass "no errors logged"
fi
if [[ -z "$(ls -A "$RUN_DIR")" ]]; then
    pass "working directory still empty"
else
    fail "the app wrote into its working directory:"
    ls -lA "$RUN_DIR" | sed 's/^/    /'
fi
if [[ "$(dist_listing)" == "$DIST_BEFORE" ]]; then
    pass "nothing written beside the executable in dist/"
else
    fail "dist/ changed during the run:"
    diff <(echo "$DIST_BEFORE") <(dist_listing) | sed 's/^/    /'
fi
if [[ -n "$(ls -A "$HOME_DIR")" ]]; then
    pass "user files went to TABLETOP_HOME ($(cd "$HOME_DIR" && find . -type f | sed 's|^\./||' | tr '\n' ' '))"
else
    echo "NOTE: nothing was written to TABLETOP_HOME"
fi
if [[ -z "$(ls -A "$UNPACK_DIR")" ]]; then
    pass "onefile unpack folder removed"
else
    fail "left behind in TMPDIR: $(ls -A "$UNPACK_DIR" | tr '\n' ' ')"
fi

if [[ $FAILS -ne 0 || $STATUS -ne 0 ]]; then
    echo "--- output of the run (last 40 lines)"
    cut -d' ' -f2- "$LOG" | tail -40
    echo "exe_smoke: FAIL ($FAILS check(s) failed)"
    exit 1
fi
echo "exe_smoke: PASS (exe $((SIZE / 1024 / 1024)) MiB, ${WALL}s from launch to exit)"
