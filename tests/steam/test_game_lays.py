"""Every legal lay is listed: legal_actions' track against a brute force over every hex path.

Issue 15 asked that track lays be checked from every legal origin where two links join the
same two nodes (parallel links). Here the engine's :func:`legal_actions` track lays are
compared with every hex path of the board (any start, any simple path, any number of tiles
from hand) that :meth:`GameState.refusal` accepts: an action is listed exactly when it is legal.
"""

from __future__ import annotations

from itertools import product

import pytest

from zoobook.steam.game import Game, IssueShares, LayTrack, Select
from zoobook.steam.zoo.model import Area, ZooMap
from zoobook.hexgrid import neighbours


def _every_path(hexes: set, most: int):
    """Every simple path of 2 to *most* + 2 hexes inside *hexes*."""
    def grow(path):
        if len(path) >= 2:
            yield path
        if len(path) >= most + 2:
            return
        for n in neighbours(path[-1]):
            if n in hexes and n not in path:
                yield from grow(path + (n,))
    for h in sorted(hexes):
        yield from grow((h,))


def _lays_listed_and_legal(state):
    board = state.game.rules.goods.hexmap(state.position.board)
    hexes = set(state.game.land) | {n.hex for n in board.nodes}
    listed = {(tuple(a.hexes), a.hand) for a in state.legal_actions() if isinstance(a, LayTrack)}
    legal = set()
    for path, hand in product(_every_path(hexes, 5), range(state.position.hand + 1)):
        if state.refusal(LayTrack(path, hand)) is None:
            legal.add((tuple(path), hand))
    return listed, legal


def _parallel_zoo():
    """goats (0,0) and yaks (2,0) joined by track through (1,0); two more routes between them
    (north through (1,-1), (2,-1) and south through (0,1), (1,1)) and a stub from the yaks."""
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0)]])
    land = [(1, 0), (1, -1), (2, -1), (0, 1), (1, 1), (3, 0), (3, -1)]
    return Game.zoo(zoo, land, turns=3)


@pytest.mark.parametrize("card", [None, "engineer"])
def test_every_lay_from_every_origin_is_listed_where_parallel_links_join_two_nodes(card):
    state = _parallel_zoo().new_state()
    for action in [IssueShares(6), Select(card)]:
        state.apply(action)
    listed, legal = _lays_listed_and_legal(state)
    assert listed == legal
    starts = {path[0] for path, _ in listed}
    # from both ends of the existing link, and from the stub's end (S15)
    assert {(0, 0), (2, 0), (3, 0)} <= {tuple(h) for h in starts}
    # a second, parallel link between the goats and the yaks, each way
    ends = {(tuple(path[0]), tuple(path[-1])) for path, _ in listed}
    assert ((0, 0), (2, 0)) in ends and ((2, 0), (0, 0)) in ends


def test_lays_with_tiles_from_hand_are_listed_exactly_when_legal():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)]])
    game = Game.zoo(zoo, [(1, 0), (1, -1), (2, -1), (0, 1), (1, 1)], turns=3, hand=1)
    state = game.new_state()
    for action in [IssueShares(1), Select(None)]:
        state.apply(action)
    listed, legal = _lays_listed_and_legal(state)
    assert listed == legal and any(hand == 1 for _, hand in listed)
