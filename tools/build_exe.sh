#!/usr/bin/env bash
# Build the double-click executable with PyInstaller (see build_exe.spec).
#
#   tools/build_exe.sh [PYTHON]
#
# PYTHON is the interpreter of the environment that has the project installed
# (default: .venv/bin/python in the project root, else $PYTHON, else python3).
# PyInstaller is installed into that environment if it is missing.
# The result is dist/DiceTabletop.exe on Windows (with its icon and version information), the
# app bundle dist/DiceTabletop.app on macOS, and dist/DiceTabletop on Linux.
# Runs on Linux, macOS (bash 3.2 will do) and Windows under Git Bash (.venv/Scripts/python.exe),
# as the release workflow .github/workflows/release.yml runs it on all three.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY=""
if [[ $# -ge 1 ]]; then
    PY="$1"
    if [[ "$PY" == */* && "$PY" != /* ]]; then PY="$(pwd)/$PY"; fi   # relative: from the caller's folder
fi
cd "$ROOT"
export PYGAME_HIDE_SUPPORT_PROMPT=1  # quiet pygame banner in the checks and PyInstaller's helpers

if [[ -n "$PY" ]]; then
    :
elif [[ -x .venv/bin/python ]]; then
    PY=.venv/bin/python
elif [[ -x .venv/Scripts/python.exe ]]; then
    PY=.venv/Scripts/python.exe
else
    PY="${PYTHON:-python3}"
fi

if ! "$PY" -c 'import PyInstaller, sys; sys.exit(int(PyInstaller.__version__.split(".")[0]) < 6)' 2>/dev/null; then
    echo "build_exe: installing PyInstaller into $("$PY" -c 'import sys; print(sys.prefix)')"
    "$PY" -m pip install -q "pyinstaller>=6"
fi
if ! "$PY" -c 'import tabletop, pygame, pytmx, yaml, platformdirs' 2>/dev/null; then
    echo "build_exe: $PY cannot import the project and its dependencies; install it first (pip install -e .)" >&2
    exit 1
fi

echo "build_exe: $("$PY" -m PyInstaller --version | sed 's/^/PyInstaller /') with $PY"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN build_exe.spec

# Windows: DiceTabletop.exe.  macOS: the bundle DiceTabletop.app, whose program is reported.
EXE=dist/DiceTabletop
if [[ -f "$EXE.exe" ]]; then
    EXE="$EXE.exe"
elif [[ ! -f "$EXE" && -d "$EXE.app" ]]; then
    EXE="$EXE.app/Contents/MacOS/DiceTabletop"
fi
if [[ ! -f "$EXE" ]]; then
    echo "build_exe: FAIL: $EXE was not built" >&2
    exit 1
fi
SIZE=$(wc -c < "$EXE" | tr -d ' ')
echo "build_exe: built $ROOT/$EXE ($((SIZE / 1024 / 1024)) MiB, $SIZE bytes)"
echo "build_exe: PyInstaller's warnings: build/build_exe/warn-build_exe.txt"
