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
#
# It runs on Linux, on macOS (stock bash 3.2 and no GNU coreutils will do) and on Windows
# under Git Bash (dist/DiceTabletop.exe, .venv/Scripts/python.exe), as the release workflow
# .github/workflows/release.yml runs it on all three.  The run is always headless (SDL's
# dummy video and audio drivers).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FRAMES="${FRAMES:-300}"
TIMEOUT="${TIMEOUT:-120}"
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

case "$(uname -s)" in
    MINGW* | MSYS* | CYGWIN*) WINDOWS=1 ;;
    *) WINDOWS=0 ;;
esac

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

# Stand-ins for the GNU tools that macOS lacks.
# now: seconds since the epoch with a fraction (GNU date, bash 5's EPOCHREALTIME, perl; else whole seconds).
if [[ "$(date +%N 2>/dev/null)" =~ ^[0-9]+$ ]]; then
    now() { date +%s.%N; }
elif [[ -n "${EPOCHREALTIME:-}" ]]; then
    now() { local t="$EPOCHREALTIME"; echo "${t/,/.}"; }
elif command -v perl >/dev/null 2>&1; then
    now() { perl -MTime::HiRes=time -e 'printf "%.6f\n", time'; }
else
    now() { date +%s; }
fi

# run_limited SECONDS COMMAND...: coreutils' `timeout -k 10 SECONDS COMMAND...` where there is one
# (Linux, Git Bash, Homebrew's gtimeout), else a watchdog in bash; status 124 when it had to stop COMMAND.
TIMEOUT_CMD=""
for candidate in timeout gtimeout; do   # never Windows' own timeout.exe, which only waits
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" --version 2>/dev/null | grep -q coreutils; then
        TIMEOUT_CMD="$candidate"
        break
    fi
done
run_limited() {
    local secs="$1" pid watchdog status flag="$SCRATCH/timed-out"
    shift
    if [[ -n "$TIMEOUT_CMD" ]]; then
        "$TIMEOUT_CMD" -k 10 "$secs" "$@"
        return $?
    fi
    "$@" &
    pid=$!
    (
        for ((i = 0; i < secs; i++)); do sleep 1; done
        touch "$flag"
        kill -TERM "$pid"
        for ((i = 0; i < 10; i++)); do sleep 1; done
        kill -KILL "$pid"
    ) >/dev/null 2>&1 &
    watchdog=$!
    wait "$pid"
    status=$?
    kill "$watchdog" 2>/dev/null
    wait "$watchdog" 2>/dev/null
    if [[ -e "$flag" ]]; then return 124; fi
    return "$status"
}

# native_path PATH: PATH as a native program reads it (C:\... under Git Bash, unchanged elsewhere).
native_path() {
    if [[ $WINDOWS == 1 ]] && command -v cygpath >/dev/null 2>&1; then cygpath -w "$1"; else echo "$1"; fi
}

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    if ! "$ROOT/tools/build_exe.sh" ${1+"$@"}; then
        echo "FAIL: the build failed"
        exit 1
    fi
fi

# What build_exe.spec makes: dist/DiceTabletop.exe on Windows, the bundle dist/DiceTabletop.app on macOS
# (whose program, Contents/MacOS/DiceTabletop, is what is tested), dist/DiceTabletop on Linux.
EXE="$ROOT/dist/DiceTabletop"
BUNDLE=""
if [[ -f "$EXE.exe" ]]; then
    EXE="$EXE.exe"
elif [[ ! -f "$EXE" && -d "$EXE.app" ]]; then
    BUNDLE="$EXE.app"
    EXE="$BUNDLE/Contents/MacOS/DiceTabletop"
fi
if [[ ! -f "$EXE" || ! -x "$EXE" ]]; then
    echo "FAIL: no executable at $EXE (run tools/build_exe.sh, or unset SKIP_BUILD)"
    exit 1
fi
SIZE=$(wc -c < "$EXE" | tr -d ' ')
echo "exe_smoke: $EXE, $((SIZE / 1024 / 1024)) MiB ($SIZE bytes)"

# What the run below may not reach (it opens a Dice Realms table and stays there):
# every tabletop module and every file of data/ and art/ must be in the bundle (inside the one-file
# program; in a macOS .app, data/ and art/ lie in Contents/Resources beside the program).
if "$PY" -c 'import PyInstaller' 2>/dev/null; then
    if MISSING="$(cd "$ROOT" && "$PY" - "$EXE" "$BUNDLE" <<'PYEOF'
import io, pathlib, sys
from contextlib import redirect_stdout
from PyInstaller.utils.cliutils import archive_viewer
exe, bundle = sys.argv[1], sys.argv[2]
out = io.StringIO()
sys.argv = ["pyi-archive_viewer", "-r", "-b", exe]
with redirect_stdout(out):
    archive_viewer.run()
names = {line.strip().replace("\\", "/") for line in out.getvalue().splitlines()}   # Windows: data\...
for inside in ("Contents/Resources", "Contents/Frameworks") if bundle else ():
    top = pathlib.Path(bundle, inside)
    names |= {p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file()}
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
        pass "bundle holds all tabletop modules, pytmx.util_pygame, yaml, platformdirs and every file of data/ and art/${BUNDLE:+ (in $(basename "$BUNDLE"))}"
    else
        fail "missing from the bundle (rebuild if data/, art/ or tabletop/ changed since): ${MISSING:-?}"
    fi
else
    echo "NOTE: $PY has no PyInstaller; bundle contents not checked"
fi

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/exe_smoke.XXXXXX")"
RUN_DIR="$SCRATCH/cwd"        # the working directory of the run: must stay empty
HOME_DIR="$SCRATCH/home"      # TABLETOP_HOME: saves, settings, logs
UNPACK_DIR="$SCRATCH/tmp"     # TMPDIR (TMP and TEMP on Windows): where the onefile bootloader unpacks (_MEI*)
LOG="$SCRATCH/run.log"
mkdir -p "$RUN_DIR" "$HOME_DIR" "$UNPACK_DIR"
trap 'rm -rf "$SCRATCH"' EXIT
CR=$'\r'   # stripped from the run's output lines (a Windows program ends them with CRLF)

# Every file and folder under dist/ with its mode, size and modification time (ns), one a line;
# `ls -laR` (coarser times) if the Python is not usable.
dist_listing() {
    "$PY" - "$ROOT/dist" 2>/dev/null <<'PYEOF' || (cd "$ROOT/dist" && ls -laR)
import os, sys
root = sys.argv[1]
for base, dirs, files in os.walk(root):
    dirs.sort()
    for name in sorted(dirs + files):
        path = os.path.join(base, name)
        st = os.lstat(path)
        print(os.path.relpath(path, root).replace(os.sep, "/"), oct(st.st_mode), st.st_size, st.st_mtime_ns)
PYEOF
}
DIST_BEFORE="$(dist_listing)"

echo "exe_smoke: running '$(basename "$EXE") play --frames $FRAMES --windowed --start dice-realms' in $RUN_DIR (timeout ${TIMEOUT}s)"
START=$(now)
(
    cd "$RUN_DIR" &&
    run_limited "$TIMEOUT" env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy TABLETOP_REPORT_FIRST_FRAME=1 \
        TABLETOP_HOME="$(native_path "$HOME_DIR")" TMPDIR="$UNPACK_DIR" \
        TMP="$(native_path "$UNPACK_DIR")" TEMP="$(native_path "$UNPACK_DIR")" \
        "$EXE" play --frames "$FRAMES" --windowed --start dice-realms 2>&1 |
    while IFS= read -r line; do printf '%s %s\n' "$(now)" "${line%"$CR"}"; done > "$LOG"   # Windows: CRLF
    exit "${PIPESTATUS[0]}"
)
STATUS=$?
END=$(now)
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
elif [[ $WINDOWS == 1 && $STATUS -eq 0 ]]; then
    # A windowed (console=False) executable may get no stdout on Windows (sys.stdout is None there),
    # so the marker can be lost; exit status 0 after --frames still means every frame was drawn.
    echo "NOTE: no first-frame report (a windowed Windows executable may have no stdout); it exited 0 after $FRAMES frames"
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

# A phone seat: the executable starts its phones' server (loopback only) and serves the bundled phone page.
PHONE_OUT="$(cd "$RUN_DIR" && run_limited "$TIMEOUT" env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    TABLETOP_HOME="$(native_path "$HOME_DIR")" TMPDIR="$UNPACK_DIR" TMP="$(native_path "$UNPACK_DIR")" \
    TEMP="$(native_path "$UNPACK_DIR")" "$EXE" play --phone-check 2>&1)"
if grep -q "PHONE PAGE OK" <<<"$PHONE_OUT"; then
    pass "phone seat: the executable serves the phone page ($(grep -o 'PHONE PAGE OK [0-9]*' <<<"$PHONE_OUT" | cut -d' ' -f4) bytes)"
elif [[ $WINDOWS == 1 && -z "$PHONE_OUT" ]]; then
    echo "NOTE: no output from the phone check (a windowed Windows executable may have no stdout)"
else
    fail "phone seat: the phone page was not served:"
    echo "$PHONE_OUT" | tail -20 | sed 's/^/    /'
fi

if [[ $FAILS -ne 0 || $STATUS -ne 0 ]]; then
    echo "--- output of the run (last 40 lines)"
    cut -d' ' -f2- "$LOG" | tail -40
    echo "exe_smoke: FAIL ($FAILS check(s) failed)"
    exit 1
fi
echo "exe_smoke: PASS (exe $((SIZE / 1024 / 1024)) MiB, ${WALL}s from launch to exit)"
