"""Exercises of notebook 5, request cards as bipartite matching and maximum flow (ruling F13).

"Each Animal tile can only supply one Request card": whether a set of cards is
met together by the visited tiles is an assignment question. The student answers
it three ways; the reference is always the library's counting rule
(:func:`~zoobook.fivebyfive.scoring.met_together`, the per-category sum) and its
best subset (:func:`~zoobook.fivebyfive.scoring.best_request_cards`).

* ``met_by_matching(cards, tiles)``: bipartite matching of card slots to tiles;
* ``met_by_flow(cards, tiles)``: a maximum flow;
* ``best_cards(cards, tiles)``: the most points any set of cards met together earns.

``cards`` is a list of :class:`~zoobook.fivebyfive.scoring.RequestCard`; ``tiles``
a list of ``(name, Category)`` pairs, the visited Animal tiles.

>>> from collections import Counter
>>> from zoobook.classroom.checking import check
>>> def by_counting(cards, tiles):
...     need = sum((Counter(dict(card.needs)) for card in cards), Counter())
...     return need <= Counter(category for _, category in tiles)
>>> check(by_counting, MET_BY_FLOW, seed=0, random_cases=5).passed
True

The library's own flow, handed in as the student's, fails:

>>> from zoobook.fivebyfive.scoring import met_by_flow
>>> "write your own" in check(met_by_flow, MET_BY_FLOW, seed=0, random_cases=5).text
True
"""

from __future__ import annotations

import random
from functools import lru_cache

from zoobook.classroom.checking import Case, Challenge, Exercise
from zoobook.fivebyfive.lineup_generator import random_requests
from zoobook.fivebyfive.scoring import RequestCard, best_request_cards, met_together
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category

#: The library's request-card rules: each answers the exercises' question.
_REQUEST_SOLVERS = tuple(f"zoobook.fivebyfive.scoring.{name}" for name in (
    "met_together", "best_request_cards", "request_flow_network", "request_assignment", "met_by_flow"))

__all__ = ["MET_BY_MATCHING", "MET_BY_FLOW", "BEST_CARDS", "CHALLENGE", "rulebook_cards", "random_tiles",
           "challenge_hand"]


def rulebook_cards() -> list[RequestCard]:
    """The rulebook's two cards: "Bird x3 & Aquatic x1" and "Bird x2 & Reptile x2"."""
    return [RequestCard.make({"bird": 3, "aquatic": 1}, 5), RequestCard.make({"bird": 2, "reptile": 2}, 6)]


def random_tiles(rng: random.Random, count: int) -> list[tuple[str, Category]]:
    """*count* visited tiles of random animal categories, named A1, B1, ..."""
    return [(f"{'ABCDE'[i % 5]}{i // 5 + 1}", rng.choice(ANIMAL_CATEGORIES)) for i in range(count)]


def _tiles(spec: dict[str, int]) -> list[tuple[str, Category]]:
    out = []
    for word, count in spec.items():
        out += [(f"{word[:2]}{i + 1}", Category.parse(word)) for i in range(count)]
    return out


def _workbook():
    cards = rulebook_cards()
    return [
        Case("the rulebook's two cards with Bird x5, Reptile x2, Aquatic x1",
             (cards, _tiles({"bird": 5, "reptile": 2, "aquatic": 1}))),
        Case("the rulebook's two cards with one bird too few", (cards, _tiles({"bird": 4, "reptile": 2,
                                                                               "aquatic": 1}))),
        Case("one card, exactly enough", (cards[:1], _tiles({"bird": 3, "aquatic": 1}))),
        Case("no tiles at all", (cards[:1], [])),
    ]


def _random_case(rng: random.Random) -> Case:
    cards = list(random_requests(rng, rng.randint(1, 3)))
    tiles = random_tiles(rng, rng.randint(0, 12))
    return Case(f"{len(cards)} card(s), {len(tiles)} tiles", (cards, tiles))


def _met(cards, tiles) -> bool:
    return met_together(cards, [category for _, category in tiles])


MET_BY_MATCHING = Exercise(
    name="met_by_matching",
    task="True when the visited tiles meet every card at once (a tile serves one card), by bipartite matching",
    reference=_met,
    workbook=_workbook,
    random_case=_random_case,
    random_cases=40,
    solvers=_REQUEST_SOLVERS,
)

MET_BY_FLOW = Exercise(
    name="met_by_flow",
    task="True when the visited tiles meet every card at once, by a maximum flow",
    reference=_met,
    workbook=_workbook,
    random_case=_random_case,
    random_cases=40,
    solvers=_REQUEST_SOLVERS,
)


def _random_best(rng: random.Random) -> Case:
    cards = list(random_requests(rng, rng.randint(1, 5)))
    tiles = random_tiles(rng, rng.randint(0, 14))
    return Case(f"{len(cards)} card(s), {len(tiles)} tiles", (cards, tiles))


BEST_CARDS = Exercise(
    name="best_cards",
    task="the most request-card points that one set of cards, met together by the tiles, earns",
    reference=lambda cards, tiles: best_request_cards(cards, [c for _, c in tiles])[0],
    workbook=_workbook,
    random_case=_random_best,
    random_cases=40,
    solvers=_REQUEST_SOLVERS,
)


@lru_cache(maxsize=1)
def challenge_hand() -> tuple[tuple[RequestCard, ...], tuple[tuple[str, Category], ...]]:
    """Twelve seeded request cards and the 20 tiles one long lineup visited."""
    rng = random.Random(6006)
    return tuple(random_requests(rng, 12)), tuple(random_tiles(rng, 20))


CHALLENGE = Challenge(
    name="challenge: twelve cards",
    question=("With the twelve challenge cards and the twenty visited tiles, what is the most request-card "
              "points one set of cards met together can earn?"),
    solve=lambda: best_request_cards(list(challenge_hand()[0]), [c for _, c in challenge_hand()[1]])[0],
)
