"""``zoobook verify`` on every shipped puzzle: each stored answer re-derived by the kind's solver.

`make test` runs this inside its one pytest-xdist run (one test per folder of ``puzzles/``), so
the 70-odd CPU-seconds of re-solving share both cores with the other tests instead of waiting in
line behind the browser tests. The whole-game Zoo folder, half of the cost, is its own module
(``test_verify_shipped_zoo_game.py``): xdist gives a module to one worker, so the two halves can
run side by side. ``make test-puzzles`` is the same check as one command.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from zoobook.cli import main

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
#: Verified by test_verify_shipped_zoo_game.py.
ZOO_GAME = "steam-zoo-game"


def verify_folder(folder: Path) -> None:
    """`zoobook verify FOLDER` passes every file in it, and says so."""
    files = sorted(folder.glob("*.toml"))
    assert files, f"no puzzle files in {folder}"
    out, err = io.StringIO(), io.StringIO()
    status = main(["verify", str(folder)], out=out, err=err)
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    assert out.getvalue() == f"{len(files)} passed, 0 failed\n"


def test_every_folder_is_verified_here_or_beside():
    folders = {p.name for p in PUZZLES.iterdir() if p.is_dir()}
    assert ZOO_GAME in folders and len(folders) >= 6


@pytest.mark.parametrize("folder", sorted(p.name for p in PUZZLES.iterdir() if p.is_dir() and p.name != ZOO_GAME))
def test_the_shipped_answers_verify(folder):
    verify_folder(PUZZLES / folder)
