"""The search bot's decisions on six seeded positions, pinned.

A regression pin, recorded from the code before the lab was taken out of the library (issue 42:
the options the measurements left off removed, ``search_bot.py`` split into a package, the
engine's own ``search_copy``/``apply_unchecked``): the default :class:`SearchBot` with no time
cap and 12 rollouts depends on its seed alone, so the same position must give the same choice
and the same candidate values, to the last decimal printed here. The values are literals
recorded from that code, not derived by hand: they pin behaviour through a refactor. A change
that is meant to change how the bot plays updates them, and says so.

Positions: solo and two-player games played by the greedy bot from a seed, stopped at the
*nth* decision of the main phase with more than four choices in the given round.
"""

import pytest

from zoobook.fivebyfive.bots import GreedyBot
from zoobook.fivebyfive.game import ChooseMeeple, GameState, PlaceTile, Take
from zoobook.fivebyfive.search_bot import SearchBot


def position(players: int, seed: int, round_: int, nth: int) -> GameState:
    state = GameState.new(players=players, seed=seed)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    seen = 0
    while not state.is_terminal():
        if state.round == round_ and state.phase == "main" and len(state.legal_actions()) > 4:
            if seen == nth:
                return state
            seen += 1
        state.apply(bots[state.current_player].choose(state))
    raise AssertionError("the game ended before the position")


PINNED = [
    ((1, 11, 1, 0), Take(row=5, slot=1), [96.409, 95.788, 94.2435, 93.6405, 94.509, 92.975, 92.939, 91.522]),
    ((1, 12, 2, 3), Take(row=4, slot=1), [84.198, 82.148, 82.072, 79.664, 81.931, 81.107, 80.443, 78.157]),
    ((1, 13, 3, 2), Take(row=1, slot=1), [101.0, 99.5, 99.0, 98.0, 97.0, 95.0, 93.0, 89.0]),
    ((2, 21, 1, 1), ChooseMeeple(colour="K"), [96.7432, 95.427, 97.198, 100.627, 100.627]),
    ((2, 22, 2, 4), PlaceTile(tile="T50", cell="C4"),
     [92.245, 89.155, 87.617, 86.131, 86.153, 87.063, 85.575, 83.877]),
    ((2, 23, 3, 0), Take(row=3, slot=1), [89.0, 83.0, 80.0, 83.5, 79.0, 71.0, 66.0, 66.0]),
]


@pytest.mark.parametrize("where, best, means", PINNED, ids=[str(p[0]) for p in PINNED])
def test_the_default_search_bot_decides_as_recorded(where, best, means):
    state = position(*where)
    view = SearchBot(seed=5, iterations=12, time_limit=None).search(state)
    assert view.best == best
    assert [round(c.mean, 4) for c in view.candidates] == means
    assert SearchBot(seed=5, iterations=12, time_limit=None).choose(state) == best
