"""``zoobook verify`` on every shipped puzzle: each stored answer re-derived by the kind's solver.

`make test` runs this module inside its one pytest-xdist run (one test per folder of
``puzzles/``), so that the re-solving shares both cores with the other tests. One folder, the
whole-game Zoo puzzles (``steam-zoo-game``: the exact planner on ``zoo-game-full`` alone takes
about 35 CPU-s), is verified by the real command in the other lane, which waits on Chromium and
kernels most of its time (the Makefile's ``CHECKS_LANE_PUZZLES``); a test here makes sure that
every folder is verified in one place or the other. ``make test-puzzles`` verifies them all.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from zoobook.cli import main

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def checks_lane_folders() -> set[str]:
    """The folders the Makefile's checks lane verifies with ``zoobook verify``."""
    line = re.search(r"^CHECKS_LANE_PUZZLES := (.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert line, "the Makefile names no CHECKS_LANE_PUZZLES"
    return {Path(word).name for word in line.group(1).split()}


FOLDERS = sorted(p.name for p in PUZZLES.iterdir() if p.is_dir())
HERE = [name for name in FOLDERS if name not in checks_lane_folders()]


def test_every_folder_is_verified_here_or_in_the_checks_lane():
    beside = checks_lane_folders()
    assert beside == {"steam-zoo-game"} and beside <= set(FOLDERS)
    assert len(HERE) + len(beside) == len(FOLDERS) >= 6


@pytest.mark.parametrize("folder", HERE)
def test_the_shipped_answers_verify(folder):
    files = sorted((PUZZLES / folder).glob("*.toml"))
    assert files, f"no puzzle files in {folder}"
    out, err = io.StringIO(), io.StringIO()
    status = main(["verify", str(PUZZLES / folder)], out=out, err=err)
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    assert out.getvalue() == f"{len(files)} passed, 0 failed\n"
