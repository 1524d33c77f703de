"""Track written in a puzzle file was laid before the file's first turn (S15, S15a).

Incomplete track in the file keeps its owner only if the first turn's build extends it; at the
end of that build it loses its owner otherwise, and stays on the board. Both maps.
"""

from __future__ import annotations

from zoobook.puzzles.loading import parse_puzzle
from zoobook.steam.easter.island import City, Island
from zoobook.steam.game.state import Game
from zoobook.steam.game.actions import EndBuild, IssueShares, LayTrack, Pass, Select, Ship

ZOO = '''id = "zoo-stub"
kind = "steam-zoo/clear"
turns = 3
plain = [[1, 0], [2, 0], [1, 1]]

[start]
cash = 20

[[area]]
name = "goats"
hex = [0, 0]
danger = 1

[[area]]
name = "yaks"
hex = [3, 0]
danger = 1

[[track]]
hexes = [[0, 0], [1, 0]]
'''

def _easter_state():
    """Easter Island with incomplete track on the board at the start. Easter Island puzzle files
    hold complete links only (a stub is refused when read), so the game is made in code: the
    engine reads any track on the board at the start as laid before turn 1 (S15a)."""
    island = Island.build(plain=[(1, 0), (2, 0), (1, 1)], tracks=[[(0, 0), (1, 0)]],
                          cities=[City("Red 1", (0, 0), "red", True, ("blue",)),
                                  City("Blue 2", (3, 0), "blue", True)])
    state = Game.easter(island, 3).new_state()
    state.apply(IssueShares(0))
    state.apply(Select(None))
    return state


def _first_build(text: str):
    state = parse_puzzle(text).model.new_state()
    state.apply(IssueShares(0))
    state.apply(Select(None))
    return state


def test_zoo_file_track_not_extended_by_the_first_build_loses_its_owner():
    state = _first_build(ZOO)
    state.apply(EndBuild())
    assert state.position.unowned == {0}, "S15a: the file's track was laid before turn 1"
    assert "loses its owner and stays on the board (S15)" in state.log[-1]
    (track,) = state.position.board.tracks
    assert track.hexes == ((0, 0), (1, 0))


def test_zoo_file_track_extended_by_the_first_build_keeps_its_owner_and_earns():
    state = _first_build(ZOO)
    state.apply(LayTrack([(1, 0), (2, 0), (3, 0)]))
    state.apply(EndBuild())
    assert state.position.unowned == frozenset()
    state.apply(Ship(("goats", "yaks"), (0,)))
    assert state.position.economy.income == 1


def test_easter_track_at_the_start_not_extended_by_the_first_build_loses_its_owner_until_extended():
    state = _easter_state()
    for action in (EndBuild(), Pass(), Pass()):
        state.apply(action)
    assert state.position.unowned == {0}
    # turn 2: extending it takes it back (S15), so the cube's delivery earns its link
    for action in (IssueShares(0), Select(None), LayTrack([(1, 0), (2, 0), (3, 0)]), EndBuild()):
        state.apply(action)
    assert state.position.unowned == frozenset()


def test_easter_track_at_the_start_extended_by_the_first_build_keeps_its_owner():
    state = _easter_state()
    state.apply(LayTrack([(1, 0), (2, 0)]))
    state.apply(EndBuild())
    assert state.position.unowned == frozenset()
    assert state.position.stubs == (((2, 0), 1),)
