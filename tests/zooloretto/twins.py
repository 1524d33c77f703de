"""The brute-force twins of the Zooloretto solvers, shared by the tests and the benchmark.

They share only the legality of a placement (``legal_placements``, ``place_tile``) and of a
building purchase with the solvers. Everything else is their own: the score is added up here from
the rules' words (:func:`brute_score`, not ``scoring.score``); every tile order and every place is
tried by plain recursion, with no decision graph, no merging of equal states and no pruning; every
sequence of marker spaces is tried (no canonical placements); and the opponent's answer to
markers (ruling Z9: for 1 coin, pass up to two of their own markers on) is built here by taking
markers off the zoo by hand, not with ``pass_sites`` or ``sabotage.replies``.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import (buy_pavilion, buy_restaurant, legal_placements, place_site,
                                        place_tile, site_destinations)
from zoobook.zooloretto.model import ENCLOSURE_SPECS, Tile, Zoo

__all__ = ["brute_score", "brute_best", "brute_purchases", "brute_invest", "brute_replies", "brute_answer",
           "brute_sabotage"]


def brute_score(zoo: Zoo) -> int:
    """The final score, added up from the rules' words (Z1-Z5), independently of ``scoring``."""
    total = 0
    for e in zoo.enclosures:
        spec = ENCLOSURE_SPECS[e.key]
        filled = e.animals + e.pavilions  # a marked space counts as empty (Z5); pavilions fill (Z4)
        if filled == spec.size:
            total += spec.full_points
        elif filled == spec.size - 1:
            total += spec.short_points
        elif any(s != "site" for s in e.stalls):
            total += e.animals  # 1 per animal beside a stall, the restaurant or the shop
    on_spaces = [s for e in zoo.enclosures for s in e.stalls if s not in ("site", "restaurant")]
    if any("restaurant" in e.stalls for e in zoo.enclosures):
        total += 2 * len(on_spaces) + 2  # Z2: 2 per stall of any type, + 2
    else:
        total += 2 * len(set(on_spaces))
    if "souvenir-shop" in on_spaces:  # Z3: 1 per offspring anywhere, barn included
        total += sum(e.offspring for e in zoo.enclosures) + len(zoo.barn.young)
    barn = zoo.barn
    total -= 2 * len(set(barn.animals)) + 2 * len(set(barn.stalls))
    if barn.sites:
        total -= 2
    return total


def brute_best(zoo: Zoo, tiles: list[Tile]) -> tuple[int, int]:
    """Best (score, coins) over every order and every legal place, by plain recursion."""
    if not tiles:
        return brute_score(zoo), zoo.coins
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


def brute_invest(zoo: Zoo, tiles: list[Tile]) -> int | None:
    after = brute_purchases(zoo)
    if not after:
        return None
    return max(brute_best(z, tiles)[0] for z in after) - brute_best(zoo, tiles)[0]


def _without(zoo: Zoo, marker: tuple) -> Zoo:
    """*zoo* with one marker taken off by hand."""
    if marker[0] == "barn":
        return replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites - 1))
    e = zoo.enclosure(marker[1])
    if marker[0] == "enclosure":
        return zoo.with_enclosure(replace(e, sites=e.sites - 1))
    stalls = list(e.stalls)
    stalls.remove("site")
    return zoo.with_enclosure(replace(e, stalls=tuple(stalls)))


def brute_replies(zoo: Zoo) -> list[Zoo]:
    """The opponent's answers (Z9): keep the markers, or pay 1 coin and take off any one or two of
    them (every choice of marker tiles, duplicates and all)."""
    out = [zoo]
    if "construction-sites" not in zoo.expansions or zoo.coins < 1:
        return out
    markers = ([("barn",)] * zoo.barn.sites
               + [("enclosure", e.key) for e in zoo.enclosures for _ in range(e.sites)]
               + [("stall", e.key) for e in zoo.enclosures for s in e.stalls if s == "site"])
    for count in (1, 2):
        for chosen in combinations(range(len(markers)), count):
            after = replace(zoo, coins=zoo.coins - 1)
            for index in chosen:
                after = _without(after, markers[index])
            out.append(after)
    return out


def brute_answer(zoo: Zoo, tiles: list[Tile]) -> tuple[int, int]:
    """The opponent's best (score, coins) over every reply and every placement of *tiles*."""
    return max(brute_best(reply, tiles) for reply in brute_replies(zoo))


def brute_sabotage(zoo: Zoo, markers: list[str], tiles: list[Tile]) -> int:
    """Largest loss over every sequence of marker spaces, against the opponent's best answer (Z9)."""
    before = brute_answer(zoo, tiles)[0]

    def worst(here: Zoo, left: list[str]) -> int:
        if not left:
            return brute_answer(here, tiles)[0]
        options = site_destinations(here, left[0])
        if not options:
            return worst(here, left[1:])
        return min(worst(place_site(here, left[0], to).zoo, left[1:]) for to in options)

    return before - worst(zoo, markers)
