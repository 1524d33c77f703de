"""The brute-force twin of the placement solvers, shared by the tests and the benchmark.

It shares only the rules (``legal_placements``, ``place_tile``, ``score``) with the
solvers: every tile order and every place, by plain recursion, with no decision
graph, no merging of equal states and no pruning.
"""

from __future__ import annotations

from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import (buy_pavilion, buy_restaurant, legal_placements,
                                        place_tile)
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.scoring import score

__all__ = ["brute_best", "brute_purchases"]


def brute_best(zoo: Zoo, tiles: list[Tile]) -> tuple[int, int]:
    """Best (score, coins) over every order and every legal place, by plain recursion."""
    if not tiles:
        return score(zoo).total, zoo.coins
    best = None
    for i, tile in enumerate(tiles):
        rest = tiles[:i] + tiles[i + 1:]
        for to, shop in legal_placements(zoo, tile):
            value = brute_best(place_tile(zoo, tile, to, shop_to=shop).zoo, rest)
            best = value if best is None or value > best else best
    return best


def brute_purchases(zoo: Zoo) -> list[Zoo]:
    """The zoo after each building purchase that is legal now (the restaurant, each pavilion)."""
    out = []
    for buy in [buy_restaurant] + [lambda z, k=k: buy_pavilion(z, k) for k in zoo.keys]:
        try:
            out.append(buy(zoo).zoo)
        except IllegalAction:
            pass
    return out
