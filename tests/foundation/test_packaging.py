"""Packaging: pip and conda/Binder install the same runtime dependencies; the entry points exist."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# A requirement: a name, then an optional version constraint (">=4", "==1.2").
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*?)\s*$")
NOT_RUNTIME = {"python", "pip"}


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


def test_environment_yml_and_pyproject_list_the_same_runtime_dependencies():
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    pip_side = dict(map(normalise, pyproject["project"]["dependencies"]))
    conda_items = conda_dependencies((REPO / "environment.yml").read_text())
    assert "pip:" not in conda_items, "Binder cannot install '-e .' from environment.yml; postBuild does"
    conda_side = dict(normalise(item) for item in conda_items)
    assert conda_side.pop("python", "").startswith("=3.11")
    conda_side.pop("pip", None)
    assert conda_side == pip_side
    assert set(pip_side) == {"jupyterlab", "ipywidgets", "networkx", "matplotlib", "tomli-w"}


def test_postbuild_installs_the_package_itself():
    post_build = REPO / "postBuild"
    assert os.access(post_build, os.X_OK)
    assert "python -m pip install -e ." in post_build.read_text()


def test_the_test_extras_are_the_test_tools():
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {normalise(r)[0] for r in extras["test"]} == {"pytest", "nbval", "hypothesis", "playwright",
                                                         "pytest-xdist"}


def test_ci_runs_make_test_and_make_has_the_user_targets():
    ci = REPO / ".ci" / "run"
    assert os.access(ci, os.X_OK) and re.search(r"^make test$", ci.read_text(), re.M)
    makefile = (REPO / "Makefile").read_text()
    for target in ("lab", "test", "bench"):
        assert re.search(rf"^{target}:", makefile, re.M), target
