"""IV. Scoring phase of 5x5 Zoo: lineup score, most visitors, request cards, next start player.

The four steps the rulebook lists, each a small pure function:

1. *Lineup score* (ruling F11): "1 Animal tile with a Visitor: 1 Point; each
   Popularity token placed on an Animal tile that was visited: 1 Point; a Door
   token that was utilized: 1 Point."
2. *Award for most visitors* (F12): 4 and 2 points among 2-4 players, ties split
   and rounded down; solo, 4 points above 7 / 10 / 13 visitors.
3. *Request cards* (F13): a set of cards is met together when each category has
   at least as many visited tiles as the cards ask for in sum ("each Animal tile
   can only supply one Request card"). The same fact is shown as a flow problem:
   :func:`request_flow_network` and :func:`request_assignment`.
4. *Change start player*: the lowest score starts; ties go to the first of them
   clockwise from the current start player.

Examples
--------
>>> LineupScore(tiles=5, popularity=2, doors=1).total     # Mr. A's lineup
8
>>> most_visitors_award([9, 9, 4])                          # tie for first: 6 split
(3, 3, 0)
>>> solo_bonus(visitors=8, round=1), solo_bonus(visitors=7, round=1)
(4, 0)
>>> cards = [RequestCard.make({"bird": 3, "aquatic": 1}, 5), RequestCard.make({"bird": 2, "reptile": 2}, 6)]
>>> dict(sorted((c.word, n) for c, n in needed_together(cards).items()))
{'aquatic': 1, 'bird': 5, 'reptile': 2}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category

__all__ = ["LineupScore", "most_visitors_award", "solo_bonus", "SOLO_THRESHOLDS", "SOLO_BONUS",
           "RequestCard", "needed_together", "met_together", "best_request_cards",
           "request_flow_network", "request_assignment", "met_by_flow", "next_start_player",
           "RoundResult", "score_round"]

#: Solo: "you will get 4 points if you have visitors higher than the totals listed below".
SOLO_THRESHOLDS = {1: 7, 2: 10, 3: 13}
SOLO_BONUS = 4


@dataclass(frozen=True)
class LineupScore:
    """The lineup score of one round (ruling F11), item by item."""

    tiles: int = 0
    popularity: int = 0
    doors: int = 0

    @property
    def total(self) -> int:
        return self.tiles + self.popularity + self.doors

    def lines(self) -> list[str]:
        """The score as the rulebook adds it up for Mr. A."""
        return [f"{self.tiles} Animal tile(s) with visitors: {self.tiles} point(s)",
                f"{self.popularity} popularity token(s) on visited tiles: {self.popularity} point(s)",
                f"{self.doors} utilized door(s): {self.doors} point(s)",
                f"{self.total} points in total"]


def most_visitors_award(visitors: Sequence[int]) -> tuple[int, ...]:
    """Points for the award for most visitors, one per player (2-4 players, ruling F12).

    "The player who has the most visitors obtains 4 points. The player with the
    second highest number obtains 2 points (not awarded in a 2 player game). If
    there is a tie for first place, 4 points + 2 points = 6 points will be split
    amongst the players. If there is a tie for second place, 2 points will be
    split amongst the players. All fractions will be rounded down."

    >>> most_visitors_award([10, 8, 8, 3])
    (4, 1, 1, 0)
    >>> most_visitors_award([6, 6])      # 2 players: 6 split only because the tie is for first
    (3, 3)
    >>> most_visitors_award([6, 4])
    (4, 0)

    A player with 0 visitors never earns the award, first or second (F22):

    >>> most_visitors_award([0, 0, 0]), most_visitors_award([5, 0, 0])
    ((0, 0, 0), (4, 0, 0))
    """
    counts = list(visitors)
    if not 2 <= len(counts) <= 4:
        raise ValueError(f"the award is for 2-4 players, not {len(counts)}")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counts):
        raise ValueError(f"visitor counts must be whole numbers 0 or more, not {counts}")
    best = max(counts)
    first = [i for i, v in enumerate(counts) if v == best]
    points = [0] * len(counts)
    if best == 0:       # nobody placed a visitor: nobody has "the most" (F22)
        return tuple(points)
    if len(first) > 1:
        for i in first:
            points[i] = 6 // len(first)
        return tuple(points)
    points[first[0]] = 4
    rest = [v for i, v in enumerate(counts) if i != first[0]]
    if len(counts) > 2 and rest and max(rest) > 0:
        second_best = max(rest)
        second = [i for i, v in enumerate(counts) if v == second_best and i != first[0]]
        for i in second:
            points[i] = 2 // len(second)
    return tuple(points)


def solo_bonus(visitors: int, round: int) -> int:
    """4 points when the visitors placed are strictly more than 7 / 10 / 13 (rounds 1 / 2 / 3)."""
    if round not in SOLO_THRESHOLDS:
        raise ValueError(f"round must be 1, 2 or 3, not {round!r}")
    return SOLO_BONUS if visitors > SOLO_THRESHOLDS[round] else 0


@dataclass(frozen=True)
class RequestCard:
    """A request card: how many visited tiles of each animal category, and its points."""

    needs: tuple[tuple[Category, int], ...]
    points: int

    def __post_init__(self) -> None:
        needs = tuple(sorted(((c, n) for c, n in self.needs if n), key=lambda cn: ANIMAL_CATEGORIES.index(cn[0])
                             if cn[0] in ANIMAL_CATEGORIES else -1))
        for category, count in needs:
            if not category.is_animal:
                raise ValueError("a request card asks for animal categories; a Park never counts (F13)")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"a request count must be a whole number, not {count!r}")
        if len({c for c, _ in needs}) != len(needs):
            raise ValueError("a request card names each category once")
        if not needs:
            raise ValueError("a request card asks for at least one tile")
        object.__setattr__(self, "needs", needs)

    @classmethod
    def make(cls, needs: Mapping[str | Category, int], points: int) -> "RequestCard":
        """``RequestCard.make({"bird": 3, "aquatic": 1}, 5)``."""
        return cls(tuple((c if isinstance(c, Category) else Category.parse(c), n) for c, n in needs.items()),
                   points)

    @property
    def need(self) -> dict[Category, int]:
        return dict(self.needs)

    def __str__(self) -> str:
        parts = " & ".join(f"{c.word.capitalize()} x{n}" for c, n in self.needs)
        return f"{parts} ({self.points} points)"


def needed_together(cards: Iterable[RequestCard]) -> Counter:
    """The visited tiles per category that meeting all *cards* at once takes (F13: the sum)."""
    total: Counter = Counter()
    for card in cards:
        total.update(card.need)
    return total


def _counts(visited: Mapping[Category, int] | Iterable[Category]) -> Counter:
    return Counter(visited) if not isinstance(visited, Mapping) else Counter(dict(visited))


def met_together(cards: Iterable[RequestCard], visited: Mapping[Category, int] | Iterable[Category]) -> bool:
    """Whether the visited tiles meet every card of *cards* at the same time (per-category sum)."""
    have = _counts(visited)
    return all(have[c] >= n for c, n in needed_together(cards).items())


def best_request_cards(cards: Sequence[RequestCard],
                       visited: Mapping[Category, int] | Iterable[Category]) -> tuple[int, tuple[int, ...]]:
    """The most request-card points the visited tiles can earn, and which cards (indices).

    Every subset is tried (a player holds a handful of cards), the largest total
    wins, ties going to fewer cards and then to the earlier ones.

    >>> cards = [RequestCard.make({"bird": 2}, 3), RequestCard.make({"bird": 1}, 2)]
    >>> best_request_cards(cards, {Category.BIRD: 2})
    (3, (0,))
    """
    have = _counts(visited)
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, len(cards) + 1):
        for chosen in combinations(range(len(cards)), size):
            points = sum(cards[i].points for i in chosen)
            if points > best[0] and met_together([cards[i] for i in chosen], have):
                best = (points, chosen)
    return best


def request_flow_network(cards: Sequence[RequestCard], tiles: Sequence[tuple[str, Category]]) -> nx.DiGraph:
    """The request cards as a flow network a student can draw.

    ``source -> card i`` (capacity: the tiles the card asks for), ``card i ->
    (card i, category)`` (capacity: that count), ``(card i, category) -> tile``
    for each visited tile of the category (capacity 1), ``tile -> sink``
    (capacity 1: "each Animal tile can only supply one Request card"). The cards
    are met together exactly when the maximum flow fills every card.
    """
    graph = nx.DiGraph()
    graph.add_node("source")
    graph.add_node("sink")
    for i, card in enumerate(cards):
        graph.add_edge("source", ("card", i), capacity=sum(n for _, n in card.needs))
        for category, count in card.needs:
            graph.add_edge(("card", i), ("need", i, category.word), capacity=count)
            for name, tile_category in tiles:
                if tile_category is category:
                    graph.add_edge(("need", i, category.word), ("tile", name), capacity=1)
    for name, _ in tiles:
        graph.add_edge(("tile", name), "sink", capacity=1)
    return graph


def request_assignment(cards: Sequence[RequestCard],
                       tiles: Sequence[tuple[str, Category]]) -> dict[str, int] | None:
    """Which visited tile serves which card (tile name -> card index), or ``None`` if the
    cards cannot all be met; found as a maximum flow in :func:`request_flow_network`.

    >>> from zoobook.fivebyfive.vocabulary import Category as C
    >>> cards = [RequestCard.make({"bird": 1}, 2), RequestCard.make({"bird": 1}, 2)]
    >>> sorted(request_assignment(cards, [("A1", C.BIRD), ("B1", C.BIRD)]).values())
    [0, 1]
    >>> request_assignment(cards, [("A1", C.BIRD)]) is None
    True
    """
    graph = request_flow_network(cards, tiles)
    value, flow = nx.maximum_flow(graph, "source", "sink")
    if value < sum(n for card in cards for _, n in card.needs):
        return None
    served = {}
    for node, out in flow.items():
        if isinstance(node, tuple) and node[0] == "need":
            for tile, amount in out.items():
                if amount:
                    served[tile[1]] = node[1]
    return dict(sorted(served.items()))


def met_by_flow(cards: Sequence[RequestCard], tiles: Sequence[tuple[str, Category]]) -> bool:
    """Whether the cards are met together, decided by maximum flow (agrees with :func:`met_together`)."""
    return request_assignment(cards, tiles) is not None


def next_start_player(scores: Sequence[int], start: int) -> int:
    """The next start player: the lowest score; among ties, the first of them clockwise
    counting from the current start player (seat indices run clockwise).

    >>> next_start_player([20, 12, 12, 30], start=2)
    2
    >>> next_start_player([20, 12, 30, 12], start=2)
    3
    """
    if not 0 <= start < len(scores):
        raise ValueError(f"start player {start} is not one of {len(scores)} seats")
    low = min(scores)
    for step in range(len(scores)):
        seat = (start + step) % len(scores)
        if scores[seat] == low:
            return seat
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class RoundResult:
    """What one player's lineup gave in a round, before the scoring phase."""

    lineup: LineupScore
    visitors: int
    visited: tuple[Category, ...] = ()
    requests: tuple[RequestCard, ...] = ()


def score_round(results: Sequence[RoundResult], round: int, scores_before: Sequence[int],
                start: int) -> tuple[list[dict[str, int]], int]:
    """The scoring phase for all players: each player's points by step, and the next start player.

    Request cards score the best set the visited tiles meet (F13). Solo (one
    player) gets the solo bonus instead of the award.
    """
    if len(results) != len(scores_before):
        raise ValueError("one result and one score per player")
    if len(results) == 1:
        awards = (solo_bonus(results[0].visitors, round),)
    else:
        awards = most_visitors_award([r.visitors for r in results])
    lines = []
    for result, award in zip(results, awards):
        requests, _ = best_request_cards(result.requests, Counter(result.visited))
        lines.append({"lineup": result.lineup.total, "award": award, "requests": requests,
                      "total": result.lineup.total + award + requests})
    totals = [before + line["total"] for before, line in zip(scores_before, lines)]
    return lines, next_start_player(totals, start)
