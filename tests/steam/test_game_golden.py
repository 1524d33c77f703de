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
    # Feeding lowers the tigers' danger 3 to 2; both shipments teleport; a bonus tile; cleared in turn 1.
    "zoo-exit-bonus": ("puzzles/steam-zoo-game/zoo-game-exit-bonus.toml", [
        IssueShares(0), Select("feeding"),
        LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(4, 0), (5, 0), (6, 0)]), EndBuild(),
        Ship(("zebras", "2,0", "4,0", "tigers"), (0, None, 1)),
        Ship(("tigers", "4,0", "2,0", "zebras"), (1, None, 0)),
    ]),
    # A stub left unextended is lost, the locomotive is raised twice, expenses go unpaid: bankrupt.
    "zoo-bankrupt": ("puzzles/steam-zoo-game/zoo-game-warm-up.toml", [
        IssueShares(1), Select("locomotive"), LayTrack([(0, 0), (1, 0)]), EndBuild(), Pass(), Pass(),
        IssueShares(0), Select(None), LayTrack([(2, 0), (3, 0), (4, 0)]), EndBuild(),
        Ship(("goats", "lions"), (0,)), RaiseLocomotive(),
    ]),
    # Rapa Nui ($8 first, then $5), a blocker, mountain track, both ruins joined: cleared in turn 2.
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
    cleared = play("zoo-exit-bonus").result()
    assert (cleared.cleared, cleared.turns, cleared.cash) == (True, 1, 2)
    lost = play("zoo-bankrupt").result()
    assert not lost.cleared and "bankrupt" in lost.reason
    easter = play("easter-rapa-nui")
    assert easter.result().cleared and easter.result().turns == 2
    assert easter.position.blocked == frozenset({"rapa-nui"})
