"""``zoobook verify`` on every shipped puzzle: each stored answer re-derived by the kind's solver.

`make test` runs this inside its one pytest-xdist run (one test per folder of ``puzzles/``), so
the 70-odd CPU-seconds of re-solving share both cores with the other tests instead of waiting in
line behind the browser tests. The whole-game Zoo folder, half of the cost, is its own module
(``test_verify_shipped_zoo_game.py``): xdist gives a module to one worker, so the two halves can
run side by side. ``make test-puzzles`` is the same check as one command.
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from zoobook.cli import main

from tests.generate import test_steam_game_generators as _graded_by
from tests.generate.test_steam_game_generators import (  # under a name pytest does not collect here
    test_every_grade_is_reached_by_a_shipped_generated_puzzle as _regrades,
)

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
#: Verified by test_verify_shipped_zoo_game.py.
ZOO_GAME = "steam-zoo-game"


#: The generated whole-game puzzles: tests/generate/test_steam_game_generators.py
#: (``test_every_grade_is_reached_by_a_shipped_generated_puzzle``) re-solves each one, compares
#: the value with its ``[answer]`` and re-grades it, so they are not solved a second time here
#: (about 2.5 CPU-s): they store no ``[answer].optima``, the one thing `zoobook verify` adds.
#: ``make test-puzzles`` still verifies every file. The folders are that test's own, and it is
#: imported by name: renaming or removing it breaks this module rather than leaving the files
#: unchecked.
GRADED_ELSEWHERE = {folder.name: "generated-*.toml" for folder in _graded_by.FOLDERS.values()}
assert callable(_regrades)


def verify_folder(folder: Path) -> None:
    """`zoobook verify FILES` passes every file of FOLDER (but those graded elsewhere), and says so."""
    files = sorted(folder.glob("*.toml"))
    assert files, f"no puzzle files in {folder}"
    if folder.name in GRADED_ELSEWHERE:
        graded = set(folder.glob(GRADED_ELSEWHERE[folder.name]))
        assert graded and all("optima" not in tomllib.loads(p.read_text())["answer"] for p in graded)
        files = [p for p in files if p not in graded]
    out, err = io.StringIO(), io.StringIO()
    status = main(["verify", *map(str, files)], out=out, err=err)
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    assert out.getvalue() == f"{len(files)} passed, 0 failed\n"


def test_every_folder_is_verified_here_or_beside():
    folders = {p.name for p in PUZZLES.iterdir() if p.is_dir()}
    assert ZOO_GAME in folders and len(folders) >= 6


@pytest.mark.parametrize("folder", sorted(p.name for p in PUZZLES.iterdir() if p.is_dir() and p.name != ZOO_GAME))
def test_the_shipped_answers_verify(folder):
    verify_folder(PUZZLES / folder)
