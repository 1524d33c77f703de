"""The best way to place a set of tiles: a longest path in a decision graph.

Placing the tiles of a truck (or all the tiles still to come to a player) is a
sequence of choices: which tile next, and where -- an enclosure, a stall space,
the barn, and, when the first birth brings the souvenir shop, its stall space.
Every choice leads to a new zoo, so the choices form a directed acyclic graph:
a node is ``(zoo, tiles still in hand)``, an edge one placement. Two orders that
reach the same zoo meet in one node, which is what keeps the graph small.
The best final score is the best terminal node reachable from the root, found
by one pass over the nodes in reverse topological order (dynamic programming on
a DAG).

Most placements commute, so most orders need not be tried (a partial-order
reduction, checked in the tests against a brute force over every order):

* without a fertile animal in hand no birth can happen, and then any assignment
  of tiles to places can be carried out in any order -- the species and room
  checks only count -- so one fixed order is enough;
* with fertile animals in hand, they go first (in every order among
  themselves). Placing a birth-giving animal before the plain ones never loses:
  the offspring then finds at least as much room in its enclosure (and an
  animal in an enclosure never scores less than one in the barn), and the
  souvenir shop a birth brings finds at least as many empty stall spaces (a
  shop on a stall space beats a stall there: it adds its type and 1 per
  offspring). Ties between equal scores are broken by coins, the uncertain base-game
tiebreak (``assumed("zooloretto.tiebreak")``).

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile, Enclosure
>>> zoo = new_zoo(expansions=()).with_enclosure(Enclosure("4", "zebra", 3))
>>> plan = best_placement(zoo, [Tile.parse("zebra"), Tile.parse("kiosk")])
>>> plan.score.total, [str(m) for m in plan.moves]
(7, ['kiosk stall -> 5-space enclosure', 'zebra -> 4-space enclosure'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

from zoobook.assumed import assumed
from zoobook.zooloretto.actions import BARN, legal_placements, place_tile
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.scoring import Score, score

__all__ = ["Move", "Plan", "decision_graph", "best_placement", "tiles_key", "coins_break_ties"]


@dataclass(frozen=True)
class Move:
    """One placement: a tile, where it goes, and where the souvenir shop goes if a birth brings it."""

    tile: Tile
    to: str
    shop_to: str | None = None

    def words(self, zoo: Zoo) -> str:
        """The move as a player says it, naming places as they are in *zoo*."""
        if self.tile.kind == "coin":
            return "coin -> your coins"
        place = "the barn" if self.to == BARN else f"the {zoo.enclosure(self.to).name}"
        if self.tile.kind == "stall" and self.to != BARN:
            place = f"the stall space by {place}"
        return f"{self.tile.words} -> {place}"

    def __str__(self) -> str:
        shop = f" (souvenir shop -> {self.shop_to})" if self.shop_to else ""
        return f"{self.tile.words} -> {_PLACE_WORDS.get(self.to, self.to)}{shop}"


_PLACE_WORDS = {"5": "5-space enclosure", "4": "4-space enclosure", "6": "6-space enclosure",
                "x1": "expansion enclosure 1", "x2": "expansion enclosure 2", "barn": "barn", "coins": "coins"}


@dataclass(frozen=True)
class Plan:
    """A best placement: the moves in order, the final zoo and its score."""

    moves: tuple[Move, ...]
    zoo: Zoo
    score: Score
    states: int
    choices: int


def tiles_key(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in hand as a sorted tuple: the order they came in does not matter."""
    return tuple(sorted(tiles, key=str))


def decision_graph(zoo: Zoo, tiles: Sequence[Tile], *, every_order: bool = False) -> nx.DiGraph:
    """Every way to place *tiles* into *zoo*, as a DAG.

    Nodes are ``(zoo, tiles in hand)`` with attribute ``score`` on the terminal
    ones (no tile left); edges carry the :class:`Move`. The root is
    ``graph.graph["root"]``.

    The solver's graph tries only the orders that can matter (see the module
    docstring): it reaches a best final zoo, not every final zoo. With
    *every_order* every tile may come next, so the terminal nodes are exactly
    the distinct zoos some order and placement of the tiles can make (the
    generator counts optimal placements on them).

    >>> from zoobook.zooloretto.model import new_zoo, Tile
    >>> g = decision_graph(new_zoo(expansions=()), [Tile.parse("camel")])
    >>> g.number_of_nodes(), g.out_degree(g.graph["root"])
    (5, 4)

    A plain zebra before the fertile female fills the enclosure first, so the
    offspring goes into the barn: a final zoo only *every_order* reaches.

    >>> from zoobook.zooloretto.model import Enclosure
    >>> zoo = new_zoo(expansions=()).with_enclosure(Enclosure("5", "zebra", 3, fertile=("male",)))
    >>> hand = [Tile.parse("zebra"), Tile.parse("zebra-female")]
    >>> [sum("score" in g.nodes[n] for n in g)
    ...  for g in (decision_graph(zoo, hand), decision_graph(zoo, hand, every_order=True))]
    [15, 16]
    """
    root = (zoo, tiles_key(tiles))
    graph = nx.DiGraph(root=root)
    graph.add_node(root)
    stack = [root]
    while stack:
        node = stack.pop()
        here, hand = node
        if not hand:
            graph.nodes[node]["score"] = score(here)
            continue
        for index in (_distinct(hand) if every_order else _branching(hand)):
            tile, rest = hand[index], hand[:index] + hand[index + 1:]
            for to, shop_to in legal_placements(here, tile):
                child = (place_tile(here, tile, to, shop_to=shop_to).zoo, rest)
                if child not in graph:
                    graph.add_node(child)
                    stack.append(child)
                graph.add_edge(node, child, move=Move(tile, to, shop_to))
    return graph


def _distinct(hand: tuple[Tile, ...]) -> list[int]:
    """The first index of each distinct tile of the sorted *hand*."""
    return [i for i, t in enumerate(hand) if i == 0 or hand[i - 1] != t]


def _branching(hand: tuple[Tile, ...]) -> list[int]:
    """Which tiles of *hand* to try next: the distinct fertile animals, else one fixed tile."""
    fertile = [i for i, t in enumerate(hand) if t.sex and (i == 0 or hand[i - 1] != t)]
    return fertile or [0]


def coins_break_ties() -> bool:
    """Whether equal scores are broken by coins: ``assumed("zooloretto.tiebreak")`` is ``"most coins"``
    (the base game's uncertain tiebreak) or ``"none"`` (the first best placement found is kept)."""
    rule = assumed("zooloretto.tiebreak")
    if rule not in ("most coins", "none"):
        raise ValueError(f"zooloretto.tiebreak is 'most coins' or 'none', not {rule!r}")
    return rule == "most coins"


def _rank(graph: nx.DiGraph, node) -> tuple[int, int]:
    s = graph.nodes[node]["score"]
    return s.total, node[0].coins if coins_break_ties() else 0


def best_values(graph: nx.DiGraph) -> dict:
    """For every node, the best (score, coins) reachable from it, and the edge that reaches it."""
    best: dict = {}
    for node in reversed(list(nx.topological_sort(graph))):
        if "score" in graph.nodes[node]:
            best[node] = (_rank(graph, node), None)
        else:
            best[node] = max(((best[child][0], child) for child in graph.successors(node)),
                             key=lambda pair: pair[0])
    return best


def best_placement(zoo: Zoo, tiles: Sequence[Tile]) -> Plan:
    """The placement of *tiles* with the best final score (ties: most coins)."""
    graph = decision_graph(zoo, tiles)
    best = best_values(graph)
    node, moves = graph.graph["root"], []
    while best[node][1] is not None:
        child = best[node][1]
        moves.append(graph.edges[node, child]["move"])
        node = child
    return Plan(tuple(moves), node[0], graph.nodes[node]["score"], graph.number_of_nodes(),
                graph.number_of_edges())


def first_move_values(zoo: Zoo, tiles: Sequence[Tile]) -> list[tuple[Move, int]]:
    """The best final score after each possible first placement, best first (for explanations)."""
    graph = decision_graph(zoo, tiles)
    best = best_values(graph)
    root = graph.graph["root"]
    rows = [(graph.edges[root, child]["move"], best[child][0][0]) for child in graph.successors(root)]
    return sorted(rows, key=lambda row: -row[1])
