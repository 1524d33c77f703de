"""Shipped answers checked independently: the tests' brute-force twins re-derive them.

``zoobook verify`` re-solves each file with the library's own solver; here the
twins, which share none of the solver's search or scoring, do it again for every
shipped 5x5 lineup and Easter Island moai file (each finishes in seconds).
(The whole-game steam files: test_shipped_game_answers.py beside this one; Zooloretto and the
Zoo shipments have their own such tests in their folders.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fivebyfive.test_solver import brute_force as lineup_twin
from tests.steam.test_easter_moai import brute_force_turns as moai_twin
from zoobook.puzzles import load_puzzle

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
#: Turns the moai twin tries (every shipped clearable map clears in at most 4).
MOAI_TURNS = 12


def _files(folder: str, kind: str) -> list[Path]:
    return [path for path in sorted((PUZZLES / folder).glob("*.toml")) if load_puzzle(path).kind.name == kind]


LINEUPS = _files("5x5", "5x5/lineup")
MOAI = _files("steam-easter", "steam-easter/moai")


@pytest.mark.parametrize("path", LINEUPS, ids=lambda p: p.stem)
def test_every_shipped_lineup_answer_agrees_with_the_brute_force_twin(path):
    puzzle = load_puzzle(path)
    assert lineup_twin(puzzle.model) == puzzle.answer.value


@pytest.mark.parametrize("path", MOAI, ids=lambda p: p.stem)
def test_every_shipped_moai_answer_agrees_with_the_brute_force_twin(path):
    puzzle = load_puzzle(path)
    turns = moai_twin(puzzle.model.island, puzzle.model.locomotive, limit=MOAI_TURNS)
    # None from the twin: no clear within MOAI_TURNS turns; the file says the map cannot be cleared.
    assert turns == puzzle.answer.value


def test_the_twins_cover_every_lineup_and_moai_file():
    assert len(LINEUPS) == 24 and len(MOAI) == 10
