"""Packaging: a wheel installed anywhere works; pip and conda/Binder install the same dependencies.

The wheel test builds zoobook's wheel (once per source state: it is kept under ``build/``),
installs it into a fresh venv and, from a folder far from the checkout, runs what a Colab,
JupyterHub or ``pip install git+...`` user runs: ``zoobook list``, ``zoobook verify``, a
classroom check, ``zoobook rules --coverage``, and every notebook copied out with ``zoobook notebooks``
and run through nbval. The fresh venv borrows the dependencies of the interpreter running the tests
(a ``.pth`` line: no download, a few seconds); that the declared dependencies are exactly
what the library imports is checked statically below.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# A requirement: a name, then an optional version constraint (">=4", "==1.2").
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*?)\s*$")
NOT_RUNTIME = {"python", "pip"}
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
VERSION = PYPROJECT["project"]["version"]
#: What goes into the wheel: a change to any of it builds a new one.
WHEEL_SOURCES = ("pyproject.toml", "setup.py", "LICENSE", "README.md", "zoobook", "puzzles", "notebooks")


def normalise(requirement: str) -> tuple[str, str]:
    """(name, constraint) with the name as PEP 503 spells it and no spaces in the constraint.

    >>> normalise("Tomli_W >= 1.0")
    ('tomli-w', '>=1.0')
    """
    match = REQUIREMENT.match(requirement)
    assert match, f"cannot read requirement {requirement!r}"
    name, constraint = match.groups()
    return re.sub(r"[-_.]+", "-", name).lower(), constraint.replace(" ", "")


def conda_dependencies(text: str) -> list[str]:
    """The plain entries of the top-level ``dependencies:`` list of an environment.yml.

    A small reader for the simple YAML this file uses (no PyYAML): items are ``- name spec``
    lines under ``dependencies:``; a nested ``- pip:`` list is reported as "pip:".

    >>> conda_dependencies("name: x\\ndependencies:\\n  - python=3.11\\n  - numpy>=1  # why\\nchannels: []\\n")
    ['python=3.11', 'numpy>=1']
    """
    items, inside = [], False
    for line in text.splitlines():
        line = line.split("#", 1)[0].rstrip()
        if not line:
            continue
        if not line.startswith((" ", "-")):
            inside = line.strip() == "dependencies:"
            continue
        item = re.match(r"^\s*-\s+(.+)$", line)
        if inside and item and not line.startswith("    "):
            items.append(item.group(1).strip().strip("'\""))
    return items


# -- what the files declare ----------------------------------------------------------------

def test_environment_yml_installs_the_runtime_dependencies_and_jupyterlab():
    pip_side = dict(map(normalise, PYPROJECT["project"]["dependencies"]))
    pip_side.update(map(normalise, PYPROJECT["project"]["optional-dependencies"]["lab"]))
    conda_items = conda_dependencies((REPO / "environment.yml").read_text())
    assert "pip:" not in conda_items, "Binder cannot install '-e .' from environment.yml; postBuild does"
    conda_side = dict(normalise(item) for item in conda_items)
    assert conda_side.pop("python", "").startswith("=3.11")
    conda_side.pop("pip", None)
    assert conda_side == pip_side


def _third_party_imports() -> dict[str, set[str]]:
    """Top-level modules imported anywhere in zoobook/ that are not the stdlib: module -> "file:where",
    where is "top" for a module-level import and "lazy" for one inside a function."""
    found: dict[str, set[str]] = {}
    for path in (REPO / "zoobook").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in {"zoobook", "__main__"}:
                    where = "top" if id(node) in top_level else "lazy"
                    found.setdefault(top, set()).add(f"{path.relative_to(REPO)}:{where}")
    return found


#: Imports that only run where Colab's (google) or JupyterLite's (piplite) own modules exist.
PLATFORM_ONLY = {"google", "piplite"}


def test_the_runtime_dependencies_are_exactly_what_the_library_imports():
    imported = {m: w for m, w in _third_party_imports().items() if m not in PLATFORM_ONLY}
    distributions = metadata.packages_distributions()
    extras = PYPROJECT["project"]["optional-dependencies"]
    optional = {normalise(r)[0] for r in extras["parallel"]}
    needed = {normalise(distributions.get(module, [module])[0])[0]: where for module, where in imported.items()}
    declared = {normalise(r)[0] for r in PYPROJECT["project"]["dependencies"]}
    assert set(needed) - optional == declared, (f"imported but not declared: {set(needed) - optional - declared}; "
                                                f"declared but never imported: {declared - set(needed)}")
    for name in optional & set(needed):  # an extra is imported only where it is used, never at import time
        assert all(w.endswith(":lazy") for w in needed[name]), f"{name} imported at module level: {needed[name]}"


def test_jupyterlab_and_voila_are_extras_not_runtime():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {normalise(r)[0] for r in extras["lab"]} == {"jupyterlab"}
    assert {normalise(r)[0] for r in extras["classroom"]} == {"voila"}
    runtime = {normalise(r)[0] for r in PYPROJECT["project"]["dependencies"]}
    assert not runtime & {"jupyterlab", "voila", "notebook", "nbgrader"}


def test_make_lab_installs_the_lab_extra_and_make_teach_the_teachers_tools():
    """A learner's venv gets zoobook with the `lab` extra and nothing else (tests/browser/test_make_lab.py
    checks the real venv: no nbgrader, Voila, pytest or Playwright); the teacher's adds nbgrader and Voila."""
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^lab: \$\(LEARNER_STAMP\)$", makefile, re.M)
    assert re.search(r"^teach: \$\(TEACHER_STAMP\)$", makefile, re.M)
    assert re.search(r"^\$\(LEARNER_STAMP\):.*\n\t\$\(call make_venv,\$\(LEARNER_VENV\),lab,", makefile, re.M)
    assert re.search(r"^\$\(TEACHER_STAMP\):.*\n\t\$\(call make_venv,\$\(TEACHER_VENV\),lab\$\(COMMA\)teach,",
                     makefile, re.M)
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {normalise(r)[0] for r in extras["lab"]} == {"jupyterlab"}
    assert {normalise(r)[0] for r in extras["teach"]} == {"nbgrader", "voila"}


def test_licence_and_project_metadata():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text().startswith("MIT License")
    assert project["authors"] and project["dynamic"] == ["urls"]  # from zoobook.REPOSITORY (setup.py)
    assert "License :: OSI Approved :: MIT License" not in project["classifiers"], \
        "PEP 639: the licence expression replaces the licence classifier"
    assert any(c.startswith("Framework :: Jupyter") for c in project["classifiers"])


def test_postbuild_installs_the_package_itself():
    post_build = REPO / "postBuild"
    assert os.access(post_build, os.X_OK)
    assert "python -m pip install -e ." in post_build.read_text()


def test_the_test_extras_are_the_test_tools():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {normalise(r)[0] for r in extras["test"]} == {"pytest", "nbval", "hypothesis", "playwright",
                                                         "pytest-xdist", "nbgrader", "setuptools", "nbstripout", "ruff",
                                                         "distributed", "jupyterhub", "build", "twine"}


def test_ci_runs_make_test_and_make_has_the_user_targets():
    ci = REPO / ".ci" / "run"
    assert os.access(ci, os.X_OK) and re.search(r"^make test$", ci.read_text(), re.M)
    makefile = (REPO / "Makefile").read_text()
    for target in ("lab", "test", "bench"):
        assert re.search(rf"^{target}:", makefile, re.M), target


# -- the wheel, installed in a fresh venv -------------------------------------------------

def _source_digest() -> str:
    digest = hashlib.sha256()
    for name in WHEEL_SOURCES:
        path = REPO / name
        files = [path] if path.is_file() else sorted(
            p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and ".ipynb_checkpoints" not in p.parts and p.suffix != ".pyc")
        for file in files:
            digest.update(str(file.relative_to(REPO)).encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that points Python at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env.update(extra)
    return env


def _setuptools_builds_here() -> bool:
    """Whether this interpreter's setuptools can build the wheel (PEP 639 needs 77 or newer)."""
    try:
        return int(metadata.version("setuptools").split(".")[0]) >= 77
    except metadata.PackageNotFoundError:
        return False


@pytest.fixture(scope="module")
def wheel() -> Path:
    """zoobook's wheel for the current sources, built once and kept in build/test-wheel/."""
    folder = REPO / "build" / "test-wheel" / _source_digest()
    built = sorted(folder.glob("zoobook-*.whl"))
    if built:
        return built[0]
    shutil.rmtree(folder.parent, ignore_errors=True)  # older builds
    folder.mkdir(parents=True)
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder)]
    if _setuptools_builds_here():  # else pip fetches a new setuptools into an isolated build env
        command.append("--no-build-isolation")
    subprocess.run([*command, str(REPO)], check=True, env=_clean_env(), cwd=folder,
                   capture_output=True, text=True)
    (built,) = folder.glob("zoobook-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh venv with the wheel installed; runs commands in it from an empty folder."""
    base = tmp_path_factory.mktemp("fresh")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    # The dependencies: this interpreter's own, appended after the venv's site-packages (so the
    # wheel's zoobook is the one imported; a .pth line adds a path, it runs nothing in it).
    (site / "zoobook-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, env=_clean_env(), capture_output=True, text=True)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=elsewhere, env=_clean_env(ZOOBOOK_DEBUG="1"), capture_output=True,
                              text=True, timeout=900)  # `zoobook verify`: 30 s of CPU, minutes on a busy machine

    run.python, run.bin, run.site = str(python), venv / "bin", site
    return run


def _checkout_puzzle_ids() -> set[str]:
    return {tomllib.loads(p.read_text())["id"] for p in (REPO / "puzzles").rglob("*.toml")}


CLASSROOM_CHECK = """
import zoobook, zoobook.classroom.exercises.hexes as hexes
from zoobook.classroom import check

def hex_distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

report = check(hex_distance, hexes.HEX_DISTANCE, seed=1)
print(zoobook.__file__)
print(report.passed, report.workbook_cases)
"""


#: What the installed package says about itself, asked in one process (one interpreter start for
#: the tests below that read it): where zoobook is imported from, its packaged notebooks, and
#: ensure_installed()'s word.
SELF_REPORT = """
import json, zoobook
from zoobook.puzzles.loading import workbook_dir
notebooks = workbook_dir('notebooks')
print(json.dumps({"file": zoobook.__file__,
                  "notebooks": sorted(str(p.relative_to(notebooks)) for p in notebooks.rglob('*.ipynb')),
                  "ensure_installed": zoobook.ensure_installed()}))
"""


@pytest.fixture(scope="module")
def self_report(installed) -> dict:
    result = installed(installed.python, "-c", SELF_REPORT)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.wheel
def test_the_installed_wheel_imports_itself_not_the_checkout(self_report, installed):
    assert Path(self_report["file"]).is_relative_to(installed.site)


@pytest.mark.wheel
def test_zoobook_list_outside_the_checkout_shows_the_packaged_puzzles(installed):
    result = installed(str(installed.bin / "zoobook"), "list", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert {row["id"] for row in rows} == _checkout_puzzle_ids()
    assert all(Path(row["path"]).is_relative_to(installed.site / "zoobook" / "workbook" / "puzzles")
               for row in rows)


@pytest.mark.wheel
def test_zoobook_verify_outside_the_checkout_passes_the_packaged_puzzles(installed):
    # The wheel's puzzles are the checkout's, byte for byte, so `make test-puzzles` (`zoobook
    # verify puzzles/`) has verified every one; here the installed command verifies one folder
    # of them, found in the package (the answers are verified there, not twice).
    packaged = installed.site / "zoobook" / "workbook" / "puzzles"
    files = {str(p.relative_to(packaged)): p.read_bytes() for p in packaged.rglob("*.toml")}
    assert files == {str(p.relative_to(REPO / "puzzles")): p.read_bytes() for p in (REPO / "puzzles").rglob("*.toml")}
    folder = packaged / "steam-zoo"
    result = installed(str(installed.bin / "zoobook"), "verify", str(folder))
    assert result.returncode == 0, result.stderr
    count = len(list(folder.glob("*.toml")))
    assert count >= 20 and result.stdout == f"{count} passed, 0 failed\n"


@pytest.mark.wheel
def test_a_classroom_check_outside_the_checkout_runs_the_workbook_cases(installed):
    result = installed(installed.python, "-c", CLASSROOM_CHECK)
    assert result.returncode == 0, result.stderr
    where, verdict = result.stdout.splitlines()
    assert Path(where).is_relative_to(installed.site)
    passed, workbook_cases = verdict.split()
    assert passed == "True" and int(workbook_cases) >= 5


@pytest.mark.wheel
def test_the_notebooks_are_packaged_too(self_report):
    expected = sorted(str(p.relative_to(REPO / "notebooks")) for p in (REPO / "notebooks").rglob("*.ipynb")
                      if ".ipynb_checkpoints" not in p.parts)
    assert self_report["notebooks"] == expected


@pytest.mark.wheel
def test_rules_coverage_outside_the_checkout_checks_what_it_can_and_passes(installed):
    """The lessons are checked in the installed notebooks; the tests, which a wheel does not carry, are
    skipped in one line; everything else (engine targets, rulings, assumed keys) as in a checkout."""
    from zoobook.learn.index import TESTS_UNCHECKED

    result = installed(str(installed.bin / "zoobook"), "rules", "--coverage")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == TESTS_UNCHECKED and lines.count(TESTS_UNCHECKED) == 1
    assert not any("broken" in line or "INCOMPLETE" in line for line in lines), lines


def _checkout_notebooks() -> list[str]:
    return sorted(str(p.relative_to(REPO / "notebooks")) for p in (REPO / "notebooks").rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.wheel
def test_every_notebook_runs_where_zoobook_notebooks_copied_it(installed, tmp_path_factory):
    """What a pip, Colab or JupyterHub user does: copy the notebooks out, run them, far from any checkout.

    nbval runs in the fresh venv (its pytest, nbval and kernel borrowed through the .pth line), each
    notebook's kernel in the notebook's folder, so a notebook that reached for ``..``, the current
    folder or the checkout's ``tests/`` fails here. The sanitizer is the one ``make test`` uses.
    """
    learner = tmp_path_factory.mktemp("learner")
    folder = learner / "zoobook-notebooks"
    # make test's sanitizer, copied beside the folder: nothing in the run points into the checkout.
    shutil.copy(REPO / "tests" / "nbval-sanitize.cfg", learner / "nbval-sanitize.cfg")
    copied = installed(str(installed.bin / "zoobook"), "notebooks", str(folder))
    assert copied.returncode == 0, copied.stderr
    found = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.ipynb"))
    assert found == _checkout_notebooks() and len(found) == 21
    assert not (folder.parent / "puzzles").exists() and not (folder / "puzzles").exists()
    # No PYTEST_* of the run calling this one (xdist's worker variables, PYTEST_ADDOPTS).
    env = {k: v for k, v in _clean_env().items() if not k.startswith("PYTEST_")}
    done = subprocess.run([installed.python, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with=nbval-sanitize.cfg",
                           folder.name],
                          cwd=learner, env=env, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    # "zoobook-notebooks/classroom/01-hex-grids-as-graphs::ipynb::Cell 3 PASSED" (nbval's -v spelling,
    # ".ipynb" where a pytest of another version may write it): every notebook ran.
    passed = re.findall(rf"^{folder.name}/(\S+?)(?:\.|::)ipynb::Cell \d+ PASSED", done.stdout, re.M)
    assert sorted({f"{name}.ipynb" for name in passed}) == found, done.stdout[-3000:]


# -- the install cell (Colab, JupyterLite) and the Binder badge ------------------------------

def _run_install_cell(monkeypatch, *, installed: bool, platform: str = "linux") -> list[str]:
    """Run zoobook.INSTALL_CELL in a real IPython shell; %pip only records what it was asked."""
    import importlib.util

    from IPython.core.interactiveshell import InteractiveShell

    import zoobook

    asked: list[str] = []
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "zoobook" and not installed else real_find_spec(name, *a))
    monkeypatch.setattr(sys, "platform", platform)
    shell = InteractiveShell.instance()
    monkeypatch.setattr(shell, "run_line_magic",
                        lambda name, line, *a, **k: asked.append(f"%{name} {line}") if name == "pip" else None)
    result = shell.run_cell(zoobook.INSTALL_CELL)
    result.raise_error()
    assert result.result.startswith(f"zoobook {VERSION} from a checkout: ")  # ensure_installed's word
    return asked


def test_the_install_cell_does_nothing_where_zoobook_is_installed(monkeypatch):
    assert _run_install_cell(monkeypatch, installed=True) == []


def test_the_install_cell_installs_from_the_repository_on_colab(monkeypatch):
    import zoobook

    assert _run_install_cell(monkeypatch, installed=False) == [
        f'%pip install --quiet "zoobook @ git+{zoobook.REPOSITORY}"']


def test_the_install_cell_installs_the_site_wheel_then_each_requirement_on_jupyterlite(monkeypatch):
    """JupyterLite's piplite (a stand-in here; tests/browser/test_jupyterlite.py runs the real one)."""
    import types

    asked: list[tuple] = []

    async def install(requirement, **options):
        asked.append((requirement, options))
        if requirement.startswith("matplotlib"):  # as without the network: the rest still installs
            raise ValueError("Can't fetch matplotlib")

    monkeypatch.setitem(sys.modules, "piplite", types.SimpleNamespace(install=install))
    assert _run_install_cell(monkeypatch, installed=False, platform="emscripten") == []  # no %pip
    dependencies = [normalise(r) for r in PYPROJECT["project"]["dependencies"]]
    assert asked == [("zoobook", {"deps": False})] + [(name + constraint, {}) for name, constraint in dependencies]


def test_ensure_installed_names_missing_requirements(monkeypatch):
    import zoobook

    monkeypatch.setattr(zoobook, "_requirements", lambda: [("networkx", "networkx"), ("no-such-dist", "no-such-dist")])
    said = zoobook.ensure_installed()
    assert said.endswith("; not installed: no-such-dist (pip install zoobook installs them)"), said
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert "Pyodide's distribution, over the network" in zoobook.ensure_installed()


def test_one_constant_names_the_repository(wheel):
    """zoobook.REPOSITORY is the one source; the wheel's URLs, the install cell and the docs repeat it."""
    import zipfile

    import zoobook

    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        urls = dict(line.split(": ", 1)[1].split(", ", 1) for line in archive.read(name).decode().splitlines()
                    if line.startswith("Project-URL: "))
    assert urls["Repository"] == urls["Homepage"] == zoobook.REPOSITORY
    assert all(url.startswith(zoobook.REPOSITORY + "/") for key, url in urls.items() if key not in
               {"Repository", "Homepage"})
    assert f'git+{zoobook.REPOSITORY}"' in zoobook.INSTALL_CELL
    start_here = json.loads((REPO / "notebooks" / "00-start-here.ipynb").read_text())
    first_code = next(c for c in start_here["cells"] if c["cell_type"] == "code")
    assert "".join(first_code["source"]) == zoobook.INSTALL_CELL
    everywhere = re.compile(r"github\.com/[\w.-]+/[\w.-]+")
    for document in ("README.md", "docs/teachers-guide.md"):
        named = set(everywhere.findall((REPO / document).read_text()))
        assert named <= {zoobook.REPOSITORY.removeprefix("https://")}, (document, named)


@pytest.mark.wheel
def test_ensure_installed_in_the_installed_wheel_names_the_package(self_report):
    said = self_report["ensure_installed"]
    assert said.startswith(f"zoobook {VERSION} from the installed package: ")
    assert said.rstrip().endswith(f": {len(_checkout_puzzle_ids())} puzzles")


BINDER = re.compile(r"\[!\[[^]]*\]\(https://mybinder\.org/badge_logo\.svg\)\]"
                    r"\((https://mybinder\.org/v2/gh/([^/]+/[^/]+)/HEAD\?urlpath=lab/tree/([^)\s]+))\)")


@pytest.mark.parametrize("document", ["README.md", "docs/teachers-guide.md"])
def test_the_binder_badge_opens_start_here_in_jupyterlab_from_this_repository(document):
    match = BINDER.search((REPO / document).read_text())
    assert match, f"{document} has no Binder badge"
    _, repository, path = match.groups()
    import zoobook

    assert zoobook.REPOSITORY == f"https://github.com/{repository}"
    assert path == "notebooks/00-start-here.ipynb" and (REPO / path).is_file()


# -- last in this file: it removes the installed puzzles ---------------------------------------

@pytest.mark.wheel
def test_without_the_packaged_puzzles_everything_says_so(installed):
    """Last (it removes the puzzles): missing puzzles are an error, never an empty catalogue."""
    shutil.rmtree(installed.site / "zoobook" / "workbook" / "puzzles")
    listing = installed(str(installed.bin / "zoobook"), "list")
    assert listing.returncode == 2 and "puzzles are missing" in listing.stderr, listing
    assert listing.stdout == "" and "Traceback" not in listing.stderr
    verify = installed(str(installed.bin / "zoobook"), "verify")
    assert verify.returncode == 2 and "puzzles are missing" in verify.stderr
    classroom = installed(installed.python, "-c", CLASSROOM_CHECK)
    assert classroom.returncode != 0 and "PuzzleError" in classroom.stderr
    assert "puzzles are missing" in classroom.stderr


def _pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.split("#")[0].strip().partition("==")
            pins[normalise(name)[0]] = version
    return pins


def test_constraints_pin_what_a_class_installs_and_the_tests_run_those_versions():
    """constraints.txt (issue 44: the versions a class pins) holds every runtime dependency and every
    package of the lab, teach and parallel extras at one version, and this venv (installed by the
    Makefile with ``-c constraints.txt``) runs exactly those versions."""
    pins = _pins()
    wanted = [*PYPROJECT["project"]["dependencies"],
              *(item for extra in ("lab", "teach", "parallel")
                for item in PYPROJECT["project"]["optional-dependencies"][extra])]
    assert {normalise(item)[0] for item in wanted} <= set(pins), "constraints.txt misses a dependency"
    assert all(re.fullmatch(r"[0-9][\w.+!-]*", version) for version in pins.values())
    installed = {}
    for name in pins:
        with contextlib.suppress(metadata.PackageNotFoundError):
            installed[name] = metadata.version(name)
    assert len(installed) > 50
    assert {name: v for name, v in installed.items() if v != pins[name]} == {}, "make venv again"
    assert "-c constraints.txt" in (REPO / "Makefile").read_text()


@pytest.mark.wheel
def test_the_release_files_build_and_pass_twine_check(tmp_path):
    """``python -m build`` makes the sdist and the wheel a release uploads, and ``twine check`` reads
    their metadata as PyPI would (the README renders, the classifiers are known)."""
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path), str(REPO)],
                   check=True, env=_clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=600)
    made = sorted(path.name for path in tmp_path.iterdir())
    version = PYPROJECT["project"]["version"]
    assert made == [f"zoobook-{version}-py3-none-any.whl", f"zoobook-{version}.tar.gz"]
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, tmp_path.iterdir())],
                             env=_clean_env(), capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2
    classifiers = PYPROJECT["project"]["classifiers"]
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13)} <= set(classifiers)


IMPORT_EVERY_MODULE = """
import importlib, pkgutil, sys, zoobook
names = [m.name for m in pkgutil.walk_packages(zoobook.__path__, "zoobook.")
         if ".workbook" not in m.name and not m.name.endswith("__main__")]
for name in names:
    importlib.import_module(name)
print(len(names), sys.version_info[:2])
"""


def _python(minor: int) -> str | None:
    """A python3.MINOR that runs: on the PATH, else one pyenv installed (whose shim may refuse)."""
    candidates = [shutil.which(f"python3.{minor}"),
                  *sorted(map(str, Path.home().glob(f".pyenv/versions/3.{minor}.*/bin/python3.{minor}")))]
    for candidate in filter(None, candidates):
        if subprocess.run([candidate, "-c", ""], capture_output=True).returncode == 0:
            return candidate
    return None


@pytest.mark.wheel
@pytest.mark.parametrize("minor", [12, 13])
def test_the_wheel_installs_and_runs_on_newer_pythons(wheel, tmp_path, minor):
    """The classifiers promise Python 3.11-3.13; this Python is 3.11, so the wheel is installed into
    a fresh venv of 3.12 and of 3.13 (with the pinned runtime dependencies from PyPI), imports every
    module there and verifies a folder of puzzles of each game."""
    found = _python(minor)
    if found is None:
        pytest.skip(f"no python3.{minor} on this machine")
    venv = tmp_path / "venv"
    made = subprocess.run([found, "-m", "venv", str(venv)], capture_output=True, text=True, env=_clean_env())
    if made.returncode != 0:
        pytest.skip(f"python3.{minor} cannot make a venv here: {made.stderr.strip()[-200:]}")
    python = venv / "bin" / "python"
    uv = Path(sys.executable).with_name("uv")
    subprocess.run([str(uv), "pip", "install", "--quiet", "--python", str(python), str(wheel), "-c",
                    str(REPO / "constraints.txt")], check=True, env=_clean_env(), capture_output=True, text=True,
                   timeout=900)
    imported = subprocess.run([str(python), "-c", IMPORT_EVERY_MODULE], cwd=tmp_path, env=_clean_env(),
                              capture_output=True, text=True, timeout=300)
    assert imported.returncode == 0, imported.stderr[-2000:]
    assert imported.stdout.split()[-2:] == ["(3,", f"{minor})"] and int(imported.stdout.split()[0]) > 100
    puzzles = [str(REPO / "puzzles" / folder) for folder in ("5x5", "zooloretto", "steam-zoo")]
    verified = subprocess.run([str(venv / "bin" / "zoobook"), "verify", *puzzles], cwd=tmp_path, env=_clean_env(),
                              capture_output=True, text=True, timeout=600)
    assert verified.returncode == 0 and " 0 failed" in verified.stdout, verified.stdout + verified.stderr[-2000:]
