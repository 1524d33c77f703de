"""Puzzle ``zooloretto/invest``: does buying the restaurant or a pavilion now pay off?

Given a zoo, its coins and the tiles still to come to this player, compare the
best reachable final score after each legal purchase -- the restaurant (ruling
Z2) or a pavilion on an empty space of some enclosure (Z4) -- with the best
reachable score buying nothing. The value is the gain of the best purchase
(negative when every purchase hurts; null when none is legal). Each "best
reachable" is an exact search of the placement decision graph
(:mod:`~zoobook.zooloretto.placement`).

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile, Enclosure
>>> zoo = new_zoo(expansions=("three-buildings",), coins=3).with_enclosure(Enclosure("5", "camel", 3))
>>> s = solve_invest(zoo, [Tile.parse("camel")])
>>> s.value, s.witness["buy"]
(3, 'a pavilion in the 5-space enclosure')
"""

from __future__ import annotations

from collections.abc import Sequence

from zoobook.explain import join_words
from zoobook.puzzles.solution import Solution
from zoobook.rulings import cite
from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import buy_pavilion, buy_restaurant
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.placement import best_placement

__all__ = ["purchases", "solve_invest"]


def purchases(zoo: Zoo) -> tuple[dict[str, Zoo], list[str]]:
    """The legal purchases (name -> zoo after it) and the refusals, each with its reason."""
    legal, refused = {}, []
    try:
        legal["the restaurant"] = buy_restaurant(zoo).zoo
    except IllegalAction as exc:
        refused.append(f"the restaurant: {exc.refusal}")
    for enclosure in zoo.enclosures:
        name = f"a pavilion in the {enclosure.name}"
        try:
            legal[name] = buy_pavilion(zoo, enclosure.key).zoo
        except IllegalAction as exc:
            refused.append(f"{name}: {exc.refusal}")
    return legal, refused


def solve_invest(zoo: Zoo, tiles: Sequence[Tile]) -> Solution:
    """The points the best purchase adds to the best reachable final score (None if none is legal)."""
    from zoobook.zooloretto.truck import placement_words

    base = best_placement(zoo, tiles)
    legal, refused = purchases(zoo)
    hand = ", ".join(t.words for t in tiles) if tiles else "no more tiles"
    if not legal:
        return Solution(None, {"buy": None, "refused": refused},
                        ("No purchase is legal now: " + "; ".join(refused) + ".",
                         f"Buying nothing, the best reachable score with {hand} is {base.score.total}."))
    plans = {name: best_placement(after, tiles) for name, after in legal.items()}
    name = max(plans, key=lambda n: plans[n].score.total)
    plan = plans[name]
    gain = plan.score.total - base.score.total
    verdict = ("raises" if gain > 0 else "does not raise")
    others = [f"{n} {plans[n].score.total}" for n in plans if n != name]
    explanation = [
        f"Buying {name} {verdict} the best reachable final score: {plan.score.total} against "
        f"{base.score.total} buying nothing ({gain:+d}), with {hand} still to come.",
        "Every legal purchase was tried and, for each, every order and place of the tiles to come: "
        + (f"the others reach {join_words(others)}." if others else "it is the only legal purchase."),
        f"The restaurant pays 2 per stall on a stall space plus 2 {cite('Z2')}; a pavilion fills a space "
        f"for full and one-short but is no animal {cite('Z4')}.",
    ]
    if refused:
        explanation.append("Not allowed now: " + "; ".join(refused) + ".")
    explanation.extend(plan.score.flags)
    witness = {"buy": name, "score_with": plan.score.total, "score_without": base.score.total,
               "placements": placement_words(legal[name], plan.moves),
               "breakdown": plan.score.breakdown(),
               "alternatives": {n: p.score.total for n, p in plans.items()}}
    return Solution(gain, witness, tuple(explanation))
