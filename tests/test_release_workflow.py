"""The release workflow, .github/workflows/release.yml, checked here since it only runs on GitHub.

It must be clean under yamllint and do what a game night needs: on a pushed tag ``v*`` (or by
hand) build the program on Windows, macOS and Linux, smoke-test each with tools/exe_smoke.sh,
and attach the files to the tag's release once every build has passed: one per platform (the
Windows .exe with its version information checked, the macOS DiceTabletop.app bundle zipped, whose
program is run again from the zip, the Linux program) and, for a Linux menu entry, the icon and a
.desktop file.  Each check is also shown to catch a deliberately broken copy of the workflow.
"""

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from yamllint import linter
from yamllint.config import YamlLintConfig

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"

YAMLLINT_CONFIG = """\
extends: default
rules:
  line-length:
    max: 120
  truthy:
    allowed-values: ["true", "false", "on"]  # `on:` is the workflow's trigger key
"""

# The build matrix's runners and the word each platform's release file carries.
PLATFORMS = {"windows-latest": "windows", "macos-latest": "macos", "ubuntu-latest": "linux"}
# What the Linux build adds to the release for a menu entry: release file -> the file of the checkout it is.
LINUX_EXTRAS = {"dice-tabletop.png": "art/icon.png", "dice-tabletop.desktop": "art/dice-tabletop.desktop"}
# The only actions the workflow may use: well-known ones, at these major versions.
ACTIONS = {"actions/checkout@v4", "actions/setup-python@v5", "actions/upload-artifact@v4",
           "actions/download-artifact@v4", "softprops/action-gh-release@v2"}


def lint_problems(text: str) -> list[str]:
    """yamllint's findings, errors and warnings alike."""
    config = YamlLintConfig(YAMLLINT_CONFIG)
    return [f"yamllint: line {p.line}: {p.desc}" + (f" ({p.rule})" if p.rule else "")
            for p in linter.run(text, config)]


def _steps(job: dict) -> list[dict]:
    steps = job.get("steps")
    return [step for step in steps if isinstance(step, dict)] if isinstance(steps, list) else []


def _uses(job: dict, action: str) -> list[int]:
    """Indexes of the job's steps that use ``action`` (any version)."""
    return [i for i, step in enumerate(_steps(job)) if str(step.get("uses", "")).split("@")[0] == action]


def _runs(job: dict, text: str) -> list[int]:
    return [i for i, step in enumerate(_steps(job)) if text in str(step.get("run", ""))]


def _as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def structure_problems(workflow) -> list[str]:
    """What the loaded workflow lacks of the release process described in the module docstring."""
    if not isinstance(workflow, dict):
        return ["the workflow is not a mapping"]
    problems = []

    # Triggers.  YAML 1.1 (PyYAML) reads the key `on` as True.
    triggers = workflow.get("on", workflow.get(True))
    if not isinstance(triggers, dict):
        triggers = {name: None for name in _as_list(triggers)}
    push = triggers.get("push") or {}
    if "v*" not in _as_list(push.get("tags") if isinstance(push, dict) else None):
        problems.append("not triggered by pushed tags v*")
    if "workflow_dispatch" not in triggers:
        problems.append("cannot be run by hand (no workflow_dispatch)")

    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return problems + ["no jobs"]
    for job_id, job in jobs.items():
        if not isinstance(job, dict):
            return problems + [f"job {job_id} is not a mapping"]
    used = {str(step["uses"]) for job in jobs.values() for step in _steps(job) if "uses" in step}
    for action in sorted(used - ACTIONS):
        problems.append(f"uses {action}, not one of the well-known actions {sorted(ACTIONS)}")

    # The build: one job with a matrix over the three operating systems.
    matrix_jobs = [job_id for job_id, job in jobs.items() if "matrix" in (job.get("strategy") or {})]
    if len(matrix_jobs) != 1:
        return problems + [f"expected one build job with a matrix, found {matrix_jobs}"]
    build_id = matrix_jobs[0]
    build = jobs[build_id]
    matrix = build["strategy"]["matrix"] or {}
    systems = _as_list(matrix.get("os"))
    for system in PLATFORMS:
        if system not in systems:
            problems.append(f"{system} is not in the build matrix (os: {systems})")
    if [str(v) for v in _as_list(matrix.get("python-version"))] != ["3.11"]:
        problems.append(f"the build matrix's python-version is not [3.11]: {matrix.get('python-version')}")
    if build.get("runs-on") != "${{ matrix.os }}":
        problems.append(f"the build job runs on {build.get('runs-on')!r}, not on ${{{{ matrix.os }}}}")
    if ((build.get("defaults") or {}).get("run") or {}).get("shell") != "bash":
        problems.append("the build job's steps do not run in bash (Git Bash on Windows)")
    assets = {entry.get("os"): entry.get("asset") for entry in _as_list(matrix.get("include"))
              if isinstance(entry, dict)}
    for system, word in PLATFORMS.items():
        asset = str(assets.get(system) or "")
        if word not in asset:
            problems.append(f"no release file named for {word} in the matrix (include: os {system}, asset)")
    if not str(assets.get("windows-latest") or "").endswith(".exe"):
        problems.append("the Windows release file does not end in .exe")
    if not str(assets.get("macos-latest") or "").endswith(".zip"):
        problems.append("the macOS release file is not a .zip (of the DiceTabletop.app bundle)")
    runs = [str(step.get("run", "")) for step in _steps(build)]
    if not any("DiceTabletop.app" in run and ("ditto -c" in run or "zip " in run) for run in runs):
        problems.append("no step zips the DiceTabletop.app bundle")
    if not any("DiceTabletop.app/Contents/MacOS/DiceTabletop" in run and " play " in run for run in runs):
        problems.append("no step runs the program inside the DiceTabletop.app bundle")
    if not any("NSHighResolutionCapable" in run and "CFBundleIdentifier" in run for run in runs):
        problems.append("no step checks the bundle's Info.plist (identifier, NSHighResolutionCapable)")
    if not any("VersionInfo" in run and "ProductName -ne 'Dice Tabletop'" in run for run in runs):
        problems.append("no step checks the Windows executable's version information")
    for source in LINUX_EXTRAS.values():
        if not any(source in run for run in runs):
            problems.append(f"no step puts {source} among the release files")

    for action in ("actions/checkout", "actions/setup-python", "actions/upload-artifact"):
        if not _uses(build, action):
            problems.append(f"the build job does not use {action}")
    smoke = _runs(build, "tools/exe_smoke.sh")
    if not smoke:
        problems.append("no step of the build job runs tools/exe_smoke.sh")
    elif "SKIP_BUILD=1" in str(_steps(build)[smoke[0]]["run"]):
        builds = _runs(build, "tools/build_exe.sh")
        if not builds or builds[0] > smoke[0]:
            problems.append("the smoke test skips the build, but no earlier step runs tools/build_exe.sh")
    uploads = _uses(build, "actions/upload-artifact")
    if smoke and uploads and uploads[0] < smoke[0]:
        problems.append("the executable is uploaded before its smoke test")
    for i in uploads:
        path = str((_steps(build)[i].get("with") or {}).get("path", ""))
        if "matrix.asset" not in path:
            problems.append("the uploaded artifact is not the executable named for its platform "
                            "(matrix.asset)")
        for extra in LINUX_EXTRAS:
            if extra not in path:
                problems.append(f"the uploaded artifact leaves out {extra}")

    # The release: after every build, the three files on the tag's release.
    release_ids = [job_id for job_id, job in jobs.items() if _uses(job, "softprops/action-gh-release")]
    if len(release_ids) != 1:
        return problems + [f"expected one release job (softprops/action-gh-release), found {release_ids}"]
    release = jobs[release_ids[0]]
    if build_id not in _as_list(release.get("needs")):
        problems.append(f"the release job does not depend on (needs) the build job {build_id!r}")
    permissions = release.get("permissions", workflow.get("permissions")) or {}
    if not isinstance(permissions, dict) or permissions.get("contents") != "write":
        problems.append("the release job lacks permissions: contents: write")
    if "refs/tags/" not in str(release.get("if", "")) and "ref_type" not in str(release.get("if", "")):
        problems.append("the release job is not limited to tags (a manual run from a branch has no release)")
    downloads = _uses(release, "actions/download-artifact")
    publish = _uses(release, "softprops/action-gh-release")[0]
    if not downloads or downloads[0] > publish:
        problems.append("the release job does not download the artifacts before attaching them")
    options = _steps(release)[publish].get("with") or {}
    files = [line.strip() for line in str(options.get("files", "")).splitlines() if line.strip()]
    names = sorted(Path(file).name for file in files)
    built = sorted([str(asset) for asset in assets.values()] + list(LINUX_EXTRAS))
    if names != built:
        problems.append(f"the release's files {names} are not the build's files {built}")
    if str(options.get("fail_on_unmatched_files")).lower() != "true":
        problems.append("the release step does not fail when a file is missing (fail_on_unmatched_files)")
    return problems


def workflow_problems(path: Path) -> list[str]:
    """Everything wrong with the workflow file at ``path``: lint findings, then structure."""
    text = path.read_text(encoding="utf-8")
    problems = lint_problems(text)
    try:
        workflow = yaml.safe_load(text)
    except yaml.YAMLError as error:
        return problems + [f"not valid YAML: {error}"]
    return problems + structure_problems(workflow)


def test_the_release_workflow_is_clean_and_complete():
    assert workflow_problems(WORKFLOW) == []


# Each broken copy: (the text replaced in the real workflow, its replacement, words of the expected problem).
BROKEN = {
    "indentation": ("    needs: build\n", "     needs: build\n", "syntax"),
    "line too long": ("name: Release\n", "name: Release  # " + "x" * 120 + "\n", "line too long"),
    "truthy yes": ("fail-fast: false", "fail-fast: no", "truthy"),
    "no tag trigger": ('      - "v*"\n', '      - "release-*"\n', "tags v*"),
    "no manual run": ("  workflow_dispatch:\n", "", "workflow_dispatch"),
    "macOS dropped": ("[windows-latest, macos-latest, ubuntu-latest]", "[windows-latest, ubuntu-latest]",
                      "macos-latest is not in the build matrix"),
    "no smoke test": ("SKIP_BUILD=1 bash tools/exe_smoke.sh", "echo no smoke test", "tools/exe_smoke.sh"),
    "release not after the build": ("    needs: build\n", "", "needs"),
    "two files": ("            release/DiceTabletop-macos.zip\n", "", "are not the build's files"),
    "no desktop file": ("            release/dice-tabletop.desktop\n          fail_on", "          fail_on",
                        "are not the build's files"),
    "desktop file not uploaded": ("            release/dice-tabletop.desktop\n          if-no", "          if-no",
                                  "leaves out dice-tabletop.desktop"),
    "macOS bare program": ("asset: DiceTabletop-macos.zip", "asset: DiceTabletop-macos", "not a .zip"),
    "bundle not zipped": ("ditto -c -k --sequesterRsrc --keepParent dist/DiceTabletop.app",
                          "cp dist/DiceTabletop/DiceTabletop", "no step zips"),
    "bundle never run": ('"$unpacked/DiceTabletop.app/Contents/MacOS/DiceTabletop" play', 'echo play',
                         "inside the DiceTabletop.app bundle"),
    "plist unchecked": ("NSHighResolutionCapable raw", "LSMinimumSystemVersion raw", "Info.plist"),
    "version unchecked": ("$info.ProductName -ne", "$info.Comments -ne", "version information"),
    "icon left out": ("cp art/icon.png release/dice-tabletop.png", "true", "art/icon.png"),
    "read-only token": ("      contents: write\n", "      contents: read\n", "contents: write"),
    "unknown action": ("softprops/action-gh-release@v2", "someone/release-anything@main", "well-known"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_copy_of_the_workflow_fails(name, tmp_path):
    old, new, expected = BROKEN[name]
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: update the broken copy {name!r}"
    broken = tmp_path / "release.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = workflow_problems(broken)
    assert any(expected in problem for problem in problems), problems


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("script", ["tools/build_exe.sh", "tools/exe_smoke.sh"])
def test_the_scripts_the_workflow_runs_parse_in_bash(script):
    path = ROOT / script
    assert b"\r" not in path.read_bytes(), f"{script} has CR line endings"
    subprocess.run(["bash", "-n", str(path)], check=True)
