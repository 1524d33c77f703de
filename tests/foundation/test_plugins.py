"""A game plugs in through its own kinds module: adding one touches no other file.

The toy game (``tests/foundation/toygame``) brings a puzzle kind, a picture, a
play widget, a generator and a command. Copied as one new folder into a copy
of the zoobook package, it is found by the registry with no list edited
anywhere: the command solves and generates its puzzles, runs its command, and
the puzzle of the day draws it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import zoobook
from tests.foundation.toykind import VALID_TOY
from zoobook.puzzles.registry import kinds_module_names, resolve

ROOT = Path(__file__).resolve().parents[2]
TOYGAME = Path(__file__).resolve().parent / "toygame"

# Run inside the copy: every way a game is used, reported as JSON.
PROBE = r'''
import io, json, sys
from zoobook.cli import main

def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()

from zoobook.puzzles.registry import get_kind
from zoobook.puzzles import load_puzzle
from zoobook.generate import generator_kinds, get_generator
from zoobook.widgets.puzzle_of_the_day import picture_html, play_widget, unit_of, view_kinds
model = load_puzzle(sys.argv[1]).model
report = {
    "module": get_kind("toy/heaviest").parse.__module__,
    "solve": run("solve", sys.argv[1], "--json"),
    "command": run("toy-weigh", sys.argv[1]),
    "generate": run("generate", "toy/heaviest", "--seed", "3", "--out", sys.argv[2]),
    "generators": generator_kinds(),
    "generator_module": get_generator("toy/heaviest").sample.__module__,
    "views": view_kinds(),
    "picture": picture_html("toy/heaviest", model),
    "widget": type(play_widget("toy/heaviest", model)).__name__,
    "unit": unit_of("toy/heaviest"),
}
print(json.dumps(report))
'''


@pytest.fixture(scope="module")
def copy_with_toy_game(tmp_path_factory) -> Path:
    """A copy of the zoobook package with one folder added: the toy game, as ``zoobook/toygame``."""
    root = tmp_path_factory.mktemp("plugin")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(Path(zoobook.__file__).parent, root / "zoobook", ignore=ignore)
    shutil.copytree(TOYGAME, root / "zoobook" / "toygame", ignore=ignore)
    return root


def test_the_copy_differs_from_the_package_by_the_new_folder_only(copy_with_toy_game):
    package = Path(zoobook.__file__).parent
    files = {p.relative_to(package) for p in package.rglob("*.py")}
    copied = {p.relative_to(copy_with_toy_game / "zoobook") for p in (copy_with_toy_game / "zoobook").rglob("*.py")}
    assert {p.parts[0] for p in copied - files} == {"toygame"} and files <= copied
    for name in files:
        assert (copy_with_toy_game / "zoobook" / name).read_bytes() == (package / name).read_bytes()


def test_a_new_game_folder_is_found_and_used_with_no_other_file_edited(copy_with_toy_game, tmp_path):
    puzzle = tmp_path / "toy.toml"
    puzzle.write_text(VALID_TOY, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy_with_toy_game)}
    done = subprocess.run([sys.executable, "-c", PROBE, str(puzzle), str(tmp_path / "made")],
                          cwd=copy_with_toy_game, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["module"] == "zoobook.toygame.model"            # the copy's own toy game, found on disk
    status, out, err = report["solve"]
    assert (status, err) == (0, "") and json.loads(out)["value"] == 7
    assert report["command"] == [0, "15\n", ""]                    # 3 + 7 + 5
    status, out, err = report["generate"]
    assert status == 0, err
    written = Path(out.split()[0])
    assert written.parent == tmp_path / "made" and 'kind = "toy/heaviest"' in written.read_text()
    assert "toy/heaviest" in report["generators"] and "toy/heaviest" in report["views"]
    assert report["generator_module"] == "zoobook.toygame.generator"
    assert report["picture"].startswith('<svg class="toy"') and report["picture"].count("<rect") == 3
    assert (report["widget"], report["unit"]) == ("Dropdown", "kilograms")


def test_the_registry_finds_kinds_modules_without_importing_packages():
    names = kinds_module_names()
    assert {"zoobook.fivebyfive.kinds", "zoobook.steam.zoo.kinds", "zoobook.zooloretto.kinds",
            "zoobook.generate.kinds"} <= set(names)
    assert not [name for name in names if "toygame" in name]       # the toy is no part of the product


def test_a_hook_is_imported_relative_to_its_kinds_module():
    view = resolve(".views:VIEW", "tests.foundation.toygame")
    assert view.unit == "kilograms"
    with pytest.raises(ValueError, match="no attribute 'NOPE'"):
        resolve(".views:NOPE", "tests.foundation.toygame")
    with pytest.raises(ValueError, match="must read"):
        resolve("no-colon-here")


def test_a_hook_for_a_kind_the_module_does_not_have_is_refused():
    import types

    from zoobook.puzzles.registry import register_game

    stray = types.ModuleType("stray_kinds")
    stray.VIEWS = {"nowhere/nothing": ".views:VIEW"}
    with pytest.raises(ValueError, match="'nowhere/nothing', which is not a puzzle kind"):
        register_game(stray)
