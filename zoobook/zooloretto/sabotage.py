"""Puzzle ``zooloretto/sabotage``: where to put construction-site markers to cost an opponent most.

A marker changes nothing in a score right now -- an empty space stays empty
(ruling Z5) -- except a first barn marker (-2). Its bite is in the future: a
marked space takes no tile, so an enclosure one animal short of full can never
be completed, and a marked stall space pushes the next stall into the barn. So
the cost of a placement is the opponent's best reachable final score with the
tiles still to come to them, before minus after; the opponent is assumed to
place those tiles as well as possible. The solver tries every distinct placement
of the markers (markers on two spaces of one enclosure are the same placement)
and, for each, solves the opponent's placement problem exactly
(:mod:`~zoobook.zooloretto.placement`): a min over max.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile, Enclosure
>>> zoo = new_zoo(expansions=("construction-sites",)).with_enclosure(Enclosure("5", "camel", 4))
>>> s = solve_sabotage(zoo, ["enclosure"], [Tile.parse("camel")])
>>> s.value, s.witness["markers"]
(3, ['enclosure marker -> the 5-space enclosure'])
"""

from __future__ import annotations

from collections.abc import Sequence

from zoobook.explain import plural
from zoobook.puzzles.solution import Solution
from zoobook.rulings import cite
from zoobook.zooloretto.actions import BARN, place_site, site_destinations
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.placement import best_placement

__all__ = ["marker_placements", "solve_sabotage"]


def marker_placements(zoo: Zoo, markers: Sequence[str]) -> dict[Zoo, list[str]]:
    """Every distinct zoo the markers can make, with one way (in words) to make it.

    A marker with no legal space is discarded (Z5).
    """
    layer: dict[Zoo, list[str]] = {zoo: []}
    for kind in markers:
        following: dict[Zoo, list[str]] = {}
        for here, words in layer.items():
            options = site_destinations(here, kind)
            if not options:
                following.setdefault(here, words + [f"{kind} marker discarded (no empty space for it)"])
            for to in options:
                there = place_site(here, kind, to).zoo
                name = "the barn" if to == BARN else f"the {here.enclosure(to).name}"
                following.setdefault(there, words + [f"{kind} marker -> {name}"])
        layer = following
    return layer


def solve_sabotage(zoo: Zoo, markers: Sequence[str], tiles: Sequence[Tile]) -> Solution:
    """The most the *markers* can cost the opponent owning *zoo*, who will still place *tiles*."""
    untouched = best_placement(zoo, tiles)
    results = []
    for marked, words in marker_placements(zoo, markers).items():
        plan = best_placement(marked, tiles)
        results.append((untouched.score.total - plan.score.total, words, plan, marked))
    loss, words, plan, marked = max(results, key=lambda row: row[0])
    from zoobook.zooloretto.truck import placement_words

    hand = ", ".join(t.words for t in tiles) if tiles else "no more tiles"
    explanation = [
        f"Without the markers the opponent can reach {untouched.score.total} points with {hand}; "
        f"with the markers placed as shown their best is {plan.score.total}, so the markers cost them {loss}.",
        f"All {plural(len(results), 'distinct placement')} of the {plural(len(markers), 'marker')} "
        "were tried, and for each the opponent's best reply was found by searching every order and place "
        "of their tiles; no placement costs them more.",
        f"A marked space takes no tile and counts as empty in scoring, so a marked enclosure is never full; "
        f"one marker still allows 'one space short' {cite('Z5')}.",
    ]
    explanation.extend(plan.score.flags)
    witness = {"markers": words, "opponent_best_before": untouched.score.total,
               "opponent_best_after": plan.score.total,
               "opponent_reply": placement_words(marked, plan.moves),
               "breakdown_after": plan.score.breakdown()}
    return Solution(loss, witness, tuple(explanation))
