"""A release people can double-click (issue 19, items 11 to 13), checked here since the builds run only on
GitHub: build_exe.spec is run with stand-ins for PyInstaller's classes as each system would run it, and
must make a macOS DiceTabletop.app bundle (an .icns icon, a bundle identifier, NSHighResolutionCapable,
the version), a Windows executable with its icon and version information, and a Linux one-file program;
the icons and the Linux .desktop file are checked, and the README's download section must name every
file the release attaches (read from the workflow) and say how to open it on each system.  Each check is
shown to catch a deliberately broken copy of the spec.  (The workflow itself: test_release_workflow.py.)"""

import configparser
import importlib.util
import io
import re
import struct
import sys
import types
from pathlib import Path

import pytest
import yaml

import tabletop

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_exe.spec"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
VERSION = tabletop.__version__
PARTS = tuple(int(part) for part in VERSION.split("."))


def make_icns_module():
    spec = importlib.util.spec_from_file_location("make_icns", ROOT / "tools" / "make_icns.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the spec, run as each system runs it -------------------------------------------------------------

class Call:
    """What a PyInstaller class was called with."""

    def __init__(self, kind, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        self.pure, self.scripts, self.binaries, self.datas = f"{kind}.pure", [], ["binaries"], ["datas"]


def run_spec(text: str, platform: str, monkeypatch) -> list[Call]:
    """Every PyInstaller call ``text`` makes on ``platform`` (sys.platform), in order."""
    calls: list[Call] = []

    def recorder(kind):
        def make(*args, **kwargs):
            calls.append(Call(kind, *args, **kwargs))
            return calls[-1]
        return make

    modules = {name: types.ModuleType(name) for name in (
        "PyInstaller", "PyInstaller.utils", "PyInstaller.utils.hooks", "PyInstaller.utils.win32",
        "PyInstaller.utils.win32.versioninfo")}
    modules["PyInstaller.utils.hooks"].collect_submodules = lambda package: [package]
    for kind in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
                 "VarStruct"):
        setattr(modules["PyInstaller.utils.win32.versioninfo"], kind, lambda *a, kind=kind, **k: Call(kind, *a, **k))
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    namespace = {"SPECPATH": str(ROOT), "__name__": "__main__", "__file__": str(SPEC)}
    namespace.update({kind: recorder(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")})
    exec(compile(text, str(SPEC), "exec"), namespace)
    return calls


def _one(calls: list[Call], kind: str, problems: list[str], where: str) -> Call | None:
    found = [call for call in calls if call.kind == kind]
    if len(found) != 1:
        problems.append(f"{where}: {len(found)} {kind}(...) calls, not one")
        return None
    return found[0]


def _strings(version) -> dict[str, str]:
    """The StringStruct entries of a VSVersionInfo stand-in."""
    out = {}
    stack = [version]
    while stack:
        item = stack.pop()
        if isinstance(item, Call):
            if item.kind == "StringStruct":
                out[item.args[0]] = item.args[1]
            stack.extend(item.args)
            stack.extend(item.kwargs.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def spec_problems(text: str, monkeypatch) -> list[str]:
    """What the spec lacks of the three builds described in the module docstring."""
    problems: list[str] = []
    # macOS: a bundle.
    calls = run_spec(text, "darwin", monkeypatch)
    bundle = _one(calls, "BUNDLE", problems, "macOS")
    if bundle is not None:
        options = bundle.kwargs
        plist = options.get("info_plist") or {}
        if options.get("name") != "DiceTabletop.app":
            problems.append(f"macOS: the bundle is named {options.get('name')!r}, not DiceTabletop.app")
        icon = Path(str(options.get("icon") or ""))
        if icon.suffix != ".icns" or not icon.is_file():
            problems.append(f"macOS: the bundle's icon {str(icon)!r} is not an .icns file of the checkout")
        if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+){2,}", str(options.get("bundle_identifier") or "")):
            problems.append(f"macOS: no bundle identifier (reverse DNS): {options.get('bundle_identifier')!r}")
        if options.get("version") != VERSION or plist.get("CFBundleShortVersionString") != VERSION:
            problems.append(f"macOS: the bundle's version is not {VERSION}")
        if plist.get("NSHighResolutionCapable") is not True:
            problems.append("macOS: NSHighResolutionCapable is not true (blurry on Retina screens)")
        if not bundle.args or bundle.args[0] not in calls or bundle.args[0].kind not in ("COLLECT", "EXE"):
            problems.append("macOS: the bundle does not wrap the built program")
    executable = next((call for call in calls if call.kind == "EXE"), None)
    if executable is not None and executable.kwargs.get("console") is not False:
        problems.append("macOS: the program opens a terminal (console is not False)")
    # Windows: icon and version information.
    calls = run_spec(text, "win32", monkeypatch)
    if any(call.kind == "BUNDLE" for call in calls):
        problems.append("Windows: a macOS bundle is made")
    exe = _one(calls, "EXE", problems, "Windows")
    if exe is not None:
        icon = Path(str(exe.kwargs.get("icon") or ""))
        if icon.suffix != ".ico" or not icon.is_file():
            problems.append(f"Windows: the executable's icon {str(icon)!r} is not an .ico file of the checkout")
        version = exe.kwargs.get("version")
        strings = _strings(version)
        if not isinstance(version, Call) or version.kind != "VSVersionInfo":
            problems.append("Windows: the executable carries no version information")
        elif (strings.get("ProductName") != "Dice Tabletop" or strings.get("ProductVersion") != VERSION
              or strings.get("FileVersion") != VERSION or not strings.get("FileDescription")):
            problems.append(f"Windows: the version information is not product Dice Tabletop {VERSION} with a "
                            f"description: {strings}")
        else:
            fixed = version.kwargs.get("ffi")
            if not isinstance(fixed, Call) or fixed.kwargs.get("filevers") != PARTS + (0,):
                problems.append(f"Windows: the file version numbers are not {PARTS + (0,)}")
        if exe.kwargs.get("console") is not False:
            problems.append("Windows: the executable opens a console")
    # Linux: one file, as before.
    calls = run_spec(text, "linux", monkeypatch)
    exe = _one(calls, "EXE", problems, "Linux")
    if any(call.kind in ("BUNDLE", "COLLECT") for call in calls):
        problems.append("Linux: not a one-file program")
    if exe is not None and not ({"binaries", "datas"} <= {item for arg in exe.args if isinstance(arg, list)
                                                          for item in arg}):
        problems.append("Linux: the program does not hold its libraries and data (one file)")
    analysis = next((call for call in calls if call.kind == "Analysis"), None)
    datas = [target for _, target in (analysis.kwargs.get("datas") or [])] if analysis else []
    if sorted(datas) != ["art", "data"]:
        problems.append(f"the program does not bundle data/ and art/: {datas}")
    return problems


def test_the_spec_makes_a_mac_bundle_a_windows_exe_with_version_and_icon_and_a_linux_program(monkeypatch):
    assert spec_problems(SPEC.read_text(encoding="utf-8"), monkeypatch) == []


BROKEN_SPECS = {
    "no bundle": ("    app = BUNDLE(", "    app = (lambda *args, **kwargs: None)(", "macOS: 0 BUNDLE"),
    "no Retina flag": ('"NSHighResolutionCapable": True', '"NSHighResolutionCapable": False', "Retina"),
    "no mac icon": ('        icon=here("art", "icon.icns"),\n', "", "not an .icns file"),
    "a png for the mac icon": ('icon=here("art", "icon.icns"),\n        bundle', 'icon=here("art", "icon.png"),\n'
                                                                                 '        bundle', ".icns"),
    "no bundle identifier": ("        bundle_identifier=BUNDLE_ID,\n", "", "bundle identifier"),
    "no version in the bundle": ("        version=VERSION,\n", "", "version"),
    "no windows icon": ('icon=here("art", "icon.ico") if windows else None', "icon=None", "not an .ico file"),
    "no version information": ("version=windows_version_info() if windows else None", "version=None",
                               "carries no version information"),
    "another product name": ('StringStruct("ProductName", PRODUCT)', 'StringStruct("ProductName", NAME)',
                             "product Dice Tabletop"),
    "a console": ("    console=False,\n", "    console=True,\n", "console"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_SPECS))
def test_a_broken_copy_of_the_spec_fails(name, monkeypatch):
    old, new, expected = BROKEN_SPECS[name]
    text = SPEC.read_text(encoding="utf-8")
    assert old in text, f"the spec changed: update the broken copy {name!r}"
    problems = spec_problems(text.replace(old, new, 1), monkeypatch)
    assert any(expected in problem for problem in problems), problems


# -- the icons and the .desktop file ---------------------------------------------------------------

def test_the_mac_icon_is_an_icns_of_the_app_icon_at_every_size():
    import pygame

    make_icns = make_icns_module()
    data = (ROOT / "art" / "icon.icns").read_bytes()
    entries = make_icns.read_icns(data)
    sizes = {kind: pygame.image.load(io.BytesIO(image), "x.png").get_size() for kind, image in entries}
    assert sizes == {kind: (size, size) for kind, size in make_icns.ENTRIES}
    assert dict(entries)["ic08"] == (ROOT / "art" / "icon.png").read_bytes()       # the app icon itself
    assert make_icns.main(["--check"]) == 0                                         # what icon.png makes now


def test_a_damaged_icns_is_refused():
    make_icns = make_icns_module()
    data = bytearray((ROOT / "art" / "icon.icns").read_bytes())
    with pytest.raises(ValueError):
        make_icns.read_icns(bytes(data[:-10]))
    data[8 + 4:8 + 8] = struct.pack(">I", 10 ** 8)
    with pytest.raises(ValueError):
        make_icns.read_icns(bytes(data))


def test_the_windows_icon_holds_the_usual_sizes():
    data = (ROOT / "art" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    sizes = {struct.unpack_from("<B", data, 6 + 16 * i)[0] or 256 for i in range(count)}
    assert (reserved, kind) == (0, 1) and {16, 32, 48, 256} <= sizes


def release_files() -> list[str]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    step = next(step for job in workflow["jobs"].values() for step in job["steps"]
                if str(step.get("uses", "")).startswith("softprops/action-gh-release"))
    return [Path(line.strip()).name for line in step["with"]["files"].splitlines() if line.strip()]


def test_the_linux_desktop_file_opens_the_linux_program_with_its_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "art" / "dice-tabletop.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    files = release_files()
    linux = next(name for name in files if name.endswith("-linux"))
    icon = next(name for name in files if name.endswith(".png"))
    assert desktop["Type"] == "Application" and desktop["Name"] == "Dice Tabletop"
    assert desktop["Exec"].split()[0] == linux and desktop["Icon"] == Path(icon).stem
    assert desktop["Terminal"] == "false" and "Game" in desktop["Categories"].split(";")
    assert "dice-tabletop.desktop" in files


# -- the README ------------------------------------------------------------------------------------

def downloads_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Downloads")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_the_readme_says_what_each_release_file_is_and_how_to_open_it():
    section = downloads_section()
    for name in release_files():
        assert f"`{name}`" in section, f"the README's Downloads section does not name {name}"
    for words in ("Windows", "More info", "Run anyway", "macOS", "DiceTabletop.app", "Applications",
                  "right-click", "Open", "Linux", "chmod +x", ".desktop", "~/.local/share/applications"):
        assert words in section, f"the README's Downloads section does not say {words!r}"
