"""``zoobook verify`` on the whole-game Zoo puzzles (``puzzles/steam-zoo-game``): the exact planner
on the small maps (``zoo-game-full`` alone takes about 6 CPU-s, 35 before the shortcuts of
``planner.py``), the anytime planner's certified answer on the full map. Its own module so that
pytest-xdist runs it beside the other folders (``test_verify_shipped.py``)."""

from __future__ import annotations

from tests.puzzles.test_verify_shipped import PUZZLES, ZOO_GAME, verify_folder


def test_the_shipped_whole_game_zoo_answers_verify():
    verify_folder(PUZZLES / ZOO_GAME)
