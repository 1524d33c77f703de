"""Puzzles from played games: the stored files are exactly what a fresh run of the seeded games writes.

After a rules or solver change (for instance the sabotage kind counting the opponent's reply,
ruling Z9), regenerate them: ``PYTHONPATH=$PWD python -m zoobook.zooloretto.play.puzzles puzzles/zooloretto``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from zoobook.puzzles.loading import load_puzzle
from zoobook.zooloretto.play.puzzles import game_puzzles

FOLDER = Path(__file__).parents[2] / "puzzles" / "zooloretto"


def test_the_stored_game_puzzles_are_what_the_played_games_give_now():
    fresh = game_puzzles()
    stored = {p.name: p.read_text(encoding="utf-8") for p in FOLDER.glob("game-*.toml")}
    assert sorted(stored) == sorted(fresh), "rerun: python -m zoobook.zooloretto.play.puzzles puzzles/zooloretto"
    for name, text in fresh.items():
        assert stored[name] == text, f"{name} differs: rerun python -m zoobook.zooloretto.play.puzzles"
    kinds = Counter(text.split('kind = "')[1].split('"')[0] for text in fresh.values())
    assert len(fresh) >= 10 and set(kinds) == {"zooloretto/truck", "zooloretto/sabotage", "zooloretto/invest"}


def test_every_game_puzzle_is_marked_as_from_a_played_game():
    """Their answers are checked twice elsewhere, so not re-solved here: the test above compares
    each file with a fresh run that solves it with its kind's solver, and ``make test`` runs
    ``zoobook verify puzzles/`` (the same solver on the same files)."""
    files = sorted(FOLDER.glob("game-*.toml"))
    assert files
    for path in files:
        puzzle = load_puzzle(path)
        assert puzzle.answer is not None and "played game" in puzzle.themes, path.name
