"""Golden playthroughs (2 players, 4 players, solo) replayed and compared line by line.

To rewrite them after a deliberate rules change:
``ZOOBOOK_WRITE_GOLDEN=1 python -m pytest tests/fivebyfive/test_game_golden.py`` (then read the diff).
"""

from pathlib import Path

import pytest

from zoobook.fivebyfive.play.playthrough import GOLDEN_GAMES, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_playthrough_matches_the_stored_text(name, matches_golden):
    players, seed = GOLDEN_GAMES[name]
    matches_golden(GOLDEN / name, playthrough(players, seed))


def test_the_solo_playthrough_ends_with_a_rank_and_the_others_with_places():
    solo = (GOLDEN / "solo.txt").read_text(encoding="utf-8")
    assert "\nrank: " in solo and solo.count("AI removes") == 15
    four = (GOLDEN / "four-players.txt").read_text(encoding="utf-8")
    assert "\nplaces: player" in four and four.count("== round 3: scoring") == 1
