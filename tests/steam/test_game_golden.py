"""Golden playthroughs of whole solo games, replayed and compared with the stored logs line by line.

Each game is a shipped puzzle file and a scripted list of actions; the log the engine writes
(every phase, including income, expenses, income reduction, blockers and the end) must match
``tests/steam/golden/<name>.txt`` exactly. After a deliberate rules change, rewrite them with
``ZOOBOOK_WRITE_GOLDEN=1 python -m pytest tests/steam/test_game_golden.py`` and read the diff.
"""

from pathlib import Path

import pytest

from zoobook.puzzles.loading import load_puzzle
from zoobook.steam.game import (EndBuild, IssueShares, LayTrack, Pass, RaiseLocomotive, Select,
                                Ship)

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"

GAMES = {
    # The Zoo starts with $10 from 2 shares and locomotive 1 (S11b): the start's $10 pays the
    # track, the Locomotive action reaches level 2 for a two-link shipment through both exits (a bonus tile, S7); in
    # turn 2 Feeding lets the tigers' danger 3 count as 2, and that shipment clears the map at
    # once, before income and expenses (S13).
    "zoo-exit-bonus": ("puzzles/steam-zoo-game/zoo-game-exit-bonus.toml", [
        IssueShares(0), Select("locomotive"),
        LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(4, 0), (5, 0), (6, 0)]), EndBuild(),
        Ship(("zebras", "2,0", "4,0", "tigers"), (0, None, 1)), Pass(),
        IssueShares(0), Select("feeding"), EndBuild(),
        Ship(("tigers", "4,0", "2,0", "zebras"), (1, None, 0)),
    ]),
    # A stub left unextended through the next build loses its owner and stays (S15); the
    # locomotive raised three times,
    # expenses go unpaid: bankrupt in the last turn.
    "zoo-bankrupt": ("puzzles/steam-zoo-game/zoo-game-warm-up.toml", [
        IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0)]), EndBuild(), Pass(), Pass(),
        IssueShares(1), Select("locomotive"), LayTrack([(2, 0), (3, 0), (4, 0)]), EndBuild(),
        Ship(("goats", "lions"), (1,)), RaiseLocomotive(),
        IssueShares(0), Select("locomotive"), EndBuild(), Pass(), Pass(),
    ]),
    # Rapa Nui ($8 first, then $5), a blocker, mountain track, both ruins joined; the last
    # delivery clears the map at once in turn 2 (S13).
    "easter-rapa-nui": ("puzzles/steam-easter-game/easter-game-rapa-nui.toml", [
        IssueShares(2), Select("rapa-nui", "Red 3"),
        LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(2, 0), (3, 0), (4, 0)]), EndBuild(),
        Ship(("Red 3", "Blue 1"), (0,)), Ship(("Red 4", "Blue 1"), (1,)),
        IssueShares(0), Select(None), LayTrack([(4, 0), (5, 0), (6, 0)]), EndBuild(),
        Ship(("Red 3", "Blue 1", "Red 4"), (0, 1)), Ship(("Red 4", "Blue 1", "Red 3"), (1, 0)),
    ]),
}


def play(name):
    path, actions = GAMES[name]
    state = load_puzzle(ROOT / path).model.new_state()
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_matches_the_stored_log(name, matches_golden):
    state = play(name)
    assert state.is_terminal()
    matches_golden(GOLDEN / f"{name}.txt", state.log + [""] + str(state).splitlines())


def test_the_outcomes_are_the_ones_the_scripts_aim_for():
    cleared = play("zoo-exit-bonus")
    result = cleared.result()
    assert (result.cleared, result.turns, result.cash) == (True, 2, 0)
    assert cleared.position.discount_used and cleared.position.hand == 1
    assert not any(line.startswith("income:") for line in cleared.log[-4:]), "cleared at once (S13)"
    lost = play("zoo-bankrupt").result()
    assert not lost.cleared and "bankrupt" in lost.reason and lost.turns == 3
    easter = play("easter-rapa-nui")
    assert easter.result().cleared and easter.result().turns == 2
    assert easter.position.blocked == frozenset({"rapa-nui"})
