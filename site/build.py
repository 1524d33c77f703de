"""Build the zero-install site: the workbook in JupyterLite, Python running in the browser (Pyodide).

``make site`` runs this with the site's own venv (``.venv-site``: jupyterlite-core,
jupyterlite-pyodide-kernel and the widgets' front end, pinned in ``site/requirements-build.txt``).
It writes ``build/site/``, a folder of static files that any web server can serve::

    python site/build.py [--out build/site]

What the site holds
-------------------
- ``files/notebooks/`` and ``files/puzzles/``: the workbook as in the repository (so a lesson's
  relative paths work), each notebook opening with :data:`zoobook.INSTALL_CELL` (added to the
  site's copy where the notebook has none: each notebook runs in its own kernel). The classroom
  notebooks are their student editions (``make student``'s, without solutions, hidden tests or
  teacher's notes) unless ``--classroom masters``.
- ``pypi/``: zoobook's wheel and the pure-Python wheels it needs that Pyodide's distribution
  lacks (``site/requirements-wheels.txt``); the install cell installs from there.

What it does not hold: Pyodide itself and Pyodide's packages (numpy, matplotlib, networkx,
IPython...). The browser fetches them from Pyodide's distribution (its CDN) when a kernel starts
and when a lesson first needs them: the site needs the network for those (README, "A zero-install
site"). ``tests/browser/test_jupyterlite.py`` serves this site on loopback with no network and
checks what works there.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CONTENTS = ("notebooks", "puzzles")
# games/: the games a developer played in the widgets (zoobook.widgets.keeper), git-ignored, not the site's
IGNORED = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", "games")


def install_cell() -> str:
    """zoobook.INSTALL_CELL of this checkout (zoobook/__init__.py imports nothing else)."""
    sys.path.insert(0, str(REPO))
    try:
        import zoobook
    finally:
        sys.path.remove(str(REPO))
    return zoobook.INSTALL_CELL


def first_code_cell(notebook: dict) -> dict | None:
    return next((cell for cell in notebook["cells"] if cell["cell_type"] == "code"), None)


def with_install_cell(notebook: dict, cell_source: str) -> dict:
    """The notebook opening with the install cell (unchanged when its first code cell is one).

    >>> nb = {"cells": [{"cell_type": "code", "source": "import zoobook", "metadata": {},
    ...                  "outputs": [], "execution_count": None}]}
    >>> [c["source"] for c in with_install_cell(nb, "# install")["cells"]]
    ['# install', 'import zoobook']
    >>> with_install_cell(with_install_cell(nb, "# install"), "# install") == with_install_cell(nb, "# install")
    True
    """
    first = first_code_cell(notebook)
    if first is not None and "".join(first["source"]).strip() == cell_source.strip():
        return notebook
    cell = {"cell_type": "code", "execution_count": None, "metadata": {"tags": ["zoobook-install"]},
            "outputs": [], "source": cell_source}
    if notebook.get("nbformat", 4) >= 4 and notebook.get("nbformat_minor", 5) >= 5:
        cell["id"] = "zoobook-install"
    return {**notebook, "cells": [cell, *notebook["cells"]]}


def student_editions(classroom: Path) -> None:
    """Replace the master notebooks in *classroom* by their student editions (zoobook.classroom.editions)."""
    sys.path.insert(0, str(REPO))
    try:
        from zoobook.classroom.editions import build_student_editions  # nbformat: jupyter-server's
    finally:
        sys.path.remove(str(REPO))
    masters = sorted(classroom.glob("*.ipynb"))
    build_student_editions(masters, classroom)


def stage_contents(stage: Path, *, classroom: str = "student") -> Path:
    """notebooks/ and puzzles/ copied into ``stage/``; every notebook starts with the install cell."""
    shutil.rmtree(stage, ignore_errors=True)
    cell = install_cell()
    for name in CONTENTS:
        shutil.copytree(REPO / name, stage / name, ignore=IGNORED)
    if classroom == "student":
        student_editions(stage / "notebooks" / "classroom")
    for path in sorted((stage / "notebooks").rglob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(with_install_cell(notebook, cell), indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return stage


def collect_wheels(wheels: Path) -> list[Path]:
    """zoobook's wheel (built from this checkout) and the wheels of site/requirements-wheels.txt."""
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--no-input", "--disable-pip-version-check"]
    # setuptools is among the site's build tools (site/requirements-build.txt): no isolated build env
    subprocess.run([*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir", str(wheels),
                    str(REPO)], check=True)
    subprocess.run([*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", str(wheels),
                    "-r", str(HERE / "requirements-wheels.txt")], check=True)
    found = sorted(wheels.glob("*.whl"))
    impure = [w.name for w in found if not w.name.endswith("-none-any.whl")]
    if impure:
        raise SystemExit(f"site/build.py: the site can only serve pure-Python wheels, not {impure}")
    return found


def write_front_door(out: Path) -> None:
    """``site/index.html`` over JupyterLite's root page: it fetches Pyodide from the kernel's default
    URL (or the site's ``pyodideUrl``), then opens the workbook, or names the host it could not reach
    and what works without it."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL

    url = f"{PYODIDE_CDN_URL}/pyodide.mjs"
    host = url.split("/")[2]
    page = (HERE / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(page.replace("PYODIDE_URL", url).replace("PYODIDE_HOST", host),
                                    encoding="utf-8")


def build(out: Path, work: Path, *, classroom: str = "student") -> Path:
    stage = stage_contents(work / "contents", classroom=classroom)
    wheels = collect_wheels(work / "wheels")
    shutil.rmtree(out, ignore_errors=True)
    cache = work / "cache"  # JupyterLite's (else site/.cache): fresh each time, so no stale wheel index
    shutil.rmtree(cache, ignore_errors=True)
    command = [str(Path(sys.executable).with_name("jupyter")), "lite", "build", "--lite-dir", str(HERE),
               "--output-dir", str(out), "--LiteBuildConfig.cache_dir", str(cache), "--contents", str(stage),
               "--no-sourcemaps",
               *[arg for wheel in wheels for arg in ("--piplite-wheels", str(wheel))]]
    subprocess.run(command, check=True, cwd=work)
    write_front_door(out)
    for name in CONTENTS:  # every notebook and puzzle made it
        expected = {p.relative_to(stage) for p in (stage / name).rglob("*") if p.is_file()}
        got = {p.relative_to(out / "files") for p in (out / "files" / name).rglob("*") if p.is_file()}
        if expected - got:
            raise SystemExit(f"site/build.py: missing from the site: {sorted(map(str, expected - got))[:5]}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "site", help="the site's folder")
    parser.add_argument("--work", type=Path, default=REPO / "build" / "site-work",
                        help="a scratch folder (staged contents, wheels, JupyterLite's cache)")
    parser.add_argument("--classroom", choices=["student", "masters"], default="student",
                        help="the classroom notebooks as student editions (default) or as the masters")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    out = build(args.out.resolve(), args.work.resolve(), classroom=args.classroom)
    print(f"site built in {out}: serve it with `python -m http.server -d {out}` and open /lab/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
