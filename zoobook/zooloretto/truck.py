"""Puzzle ``zooloretto/truck``: place a truck's tiles for the best score if the game ended now.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile, Enclosure
>>> zoo = new_zoo(expansions=()).with_enclosure(Enclosure("5", "camel", 3))
>>> s = solve_truck(zoo, [Tile.parse("camel"), Tile.parse("camel")])
>>> s.value, s.witness["placements"]
(8, ['camel -> the 5-space enclosure', 'camel -> the 5-space enclosure (the 5-space enclosure is full: +2 coins)'])
"""

from __future__ import annotations

from collections.abc import Sequence

from zoobook.assumed import assumed
from zoobook.explain import plural
from zoobook.puzzles.solution import Solution
from zoobook.zooloretto.actions import place_tile
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.placement import best_placement, coins_break_ties, first_move_values
from zoobook.zooloretto.scoring import score

__all__ = ["solve_truck", "placement_words"]


def placement_words(zoo: Zoo, moves) -> list[str]:
    """The moves of a plan in a player's words, with what each one set off (births, coins, the shop)."""
    words = []
    for move in moves:
        outcome = place_tile(zoo, move.tile, move.to, shop_to=move.shop_to)
        events = [e for e in outcome.events if e != "+1 coin"]
        words.append(move.words(zoo) + (f" ({'; '.join(events)})" if events else ""))
        zoo = outcome.zoo
    return words


def solve_truck(zoo: Zoo, tiles: Sequence[Tile]) -> Solution:
    """The best final score after placing every tile of the truck, with a witness and why."""
    plan = best_placement(zoo, tiles)
    before = score(zoo).total
    alternatives = first_move_values(zoo, tiles)
    explanation = [
        f"Placing {plural(len(tiles), 'tile')} ({', '.join(t.words for t in tiles)}) as shown gives "
        f"{plan.score.total} points if the game ended now ({plan.score.total - before:+d} on the "
        f"{before} the zoo scores before).",
        f"Every order and every legal place for each tile was searched: {plural(plan.states, 'zoo state')} "
        f"joined by {plural(plan.choices, 'placement')} in a decision graph, scored at its end states; "
        "nothing scores more.",
    ]
    worse = [(m, v) for m, v in alternatives if v < plan.score.total]
    if worse:
        move, value = worse[0]
        explanation.append(f"For instance, starting with {move.words(zoo)} reaches at most {value}.")
    if coins_break_ties():
        explanation.append(f"Equal scores are broken by coins ({assumed('zooloretto.tiebreak')}, "
                           "the uncertain base-game tiebreak); this placement ends with "
                           f"{plural(plan.zoo.coins, 'coin')}.")
    else:
        explanation.append("Equal scores are not broken (the assumed tiebreak is none): this is the first best "
                           f"placement found; it ends with {plural(plan.zoo.coins, 'coin')}.")
    explanation.extend(plan.score.flags)
    witness = {"placements": placement_words(zoo, plan.moves), "breakdown": plan.score.breakdown()}
    return Solution(plan.score.total, witness, tuple(explanation))
