"""The printed cards of 5x5 Zoo: special cards, popularity conditions, final bonus cards.

All three are pure functions of a zoo board (:class:`zoobook.fivebyfive.board.Board`)
and, where a card looks at the third round, of that round's lineup
(:class:`Round3`). The texts quoted are the rulebook's Card Reference; the
charts are ruling F17, condition C is ruling F16.

Examples
--------
>>> chart_points("A", 9), chart_points("A", 10), chart_points("A", 30)
(0, 1, 15)
>>> chart_points("G", 2), chart_points("E", 5)
(7, 10)
>>> SPECIAL_EFFECTS["draw-tile"].timing
'immediate'
>>> POPULARITY_CONDITIONS["C"].name
'3 Animals of the same category'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from zoobook.fivebyfive.board import SIZE, Board, Cell, CellSide, Tile
from zoobook.fivebyfive.components import SpecialCard
from zoobook.fivebyfive.vocabulary import BASIC_COLOURS, Colour

__all__ = [
    "SpecialEffect", "SPECIAL_EFFECTS", "special_card_points",
    "PopularityCondition", "POPULARITY_CONDITIONS", "TurnContext", "popularity_earned",
    "FinalBonusCard", "FINAL_BONUS_CARDS", "CHARTS", "chart_points", "Round3", "BonusScore",
    "final_bonus", "round3_count", "wall_graph", "line_counts", "walls_bordering", "same_category_group",
]

# -- special cards ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SpecialEffect:
    """One of the six printed special-card effects and when it acts."""

    name: str
    text: str
    timing: str  # "immediate", "game-end" or "immediate-and-round-start"


SPECIAL_EFFECTS = {e.name: e for e in (
    SpecialEffect("category-points", "In the Final Scoring, if an Animal tile of the category indicated by that "
                  "card is placed on your Zoo board, gain 1 point for each tile.", "game-end"),
    SpecialEffect("three-points", "Gain 3 Points in the Final Scoring.", "game-end"),
    SpecialEffect("cube-every-round", "Immediately draw 1 One Time Customer cube randomly. In addition, randomly "
                  "obtain 1 One Time Customer cube every round during the I. Preparation Phase.",
                  "immediate-and-round-start"),
    SpecialEffect("door-and-cube", "Immediately gain 1 Door token and 1 random One Time Customer cube.", "immediate"),
    SpecialEffect("popularity-and-cube", "Immediately place 1 Popularity token on the Animal tile of your choice "
                  "and draw 1 One Time Customer cube at random.", "immediate"),
    SpecialEffect("draw-tile", "Immediately draw an Animal tile from the stack and place it on your Zoo board.",
                  "immediate"),
)}


def special_card_points(card: SpecialCard, board: Board) -> int:
    """The points *card* scores in the Final Scoring for the zoo *board* (0 for immediate cards)."""
    if card.effect == "three-points":
        return 3
    if card.effect == "category-points":
        return sum(1 for tile in board.tiles if tile.category is card.category)
    return 0


# -- popularity condition cards --------------------------------------------------------------------
@dataclass(frozen=True)
class PopularityCondition:
    letter: str
    name: str
    text: str


POPULARITY_CONDITIONS = {c.letter: c for c in (
    PopularityCondition("A", "Four Corners", "If you place an Animal tile on any one of the four corners of the "
                        "zoo board, place a Popularity token on that Animal tile."),
    PopularityCondition("B", "2+ Walls", "If you place an Animal tile that borders more than one wall, place a "
                        "Popularity token on that Animal tile."),
    PopularityCondition("C", "3 Animals of the same category", "When you place an Animal tile that results in 3 "
                        "tiles of the same category that are vertically or horizontally connected, place a "
                        "Popularity token on that Animal tile."),
    PopularityCondition("D", "Last turn of each round", "Place a Popularity token on the Animal tile you chose in "
                        "the last turn of a round."),
    PopularityCondition("E", "First turn of each round", "Place a Popularity token on the Animal tile you chose "
                        "in the first turn of a round."),
    PopularityCondition("F", "Last Animal on each row", "For each Animal tile taken ... which is the last tile "
                        "in the row that it is taken from, place a Popularity token on that Animal tile."),
)}


@dataclass(frozen=True)
class TurnContext:
    """What the popularity conditions D, E and F need to know about how a tile was gained.

    Attributes
    ----------
    turn : int
        The player's action in this round, 1-5 (0 for a tile placed outside the main phase).
    from_special : bool
        The tile came from a special card ("These do not apply to Animal tiles gained through Special cards").
    last_in_row : bool
        It was the last tile left in its action row when taken.
    group_tiles : frozenset of Cell
        The first cells of the tiles that already earned a condition-C token (ruling F16).
    """

    turn: int = 0
    from_special: bool = False
    last_in_row: bool = False
    group_tiles: frozenset[Cell] = field(default_factory=frozenset)


def walls_bordering(board: Board, tile: Tile) -> int:
    """How many walls lie on the outline of *tile*: its own and its neighbours' facing ones.

    A back-to-back pair on one border is two walls (ruling F7).
    """
    return sum(board.wall_count(border) for border in tile.outer_borders())


def same_category_group(board: Board, tile: Tile) -> set[Cell]:
    """The first cells of the tiles joined to *tile* through tiles of its category (F16: walls do not matter)."""
    group, frontier = {tile.anchor}, [tile]
    while frontier:
        current = frontier.pop()
        for other in board.neighbours(current):
            if other.category is tile.category and other.anchor not in group:
                group.add(other.anchor)
                frontier.append(other)
    return group


def popularity_earned(letter: str, board: Board, tile: Tile, context: TurnContext) -> bool:
    """Whether placing *tile* (already on *board*) earns a token under condition *letter*.

    F10 still applies: the caller places the token only if the tile has none.
    """
    if letter == "A":
        return any(cell.is_corner for cell in tile.cells)
    if letter == "B":
        return walls_bordering(board, tile) > 1
    if letter == "C":
        group = same_category_group(board, tile)
        return len(group) >= 3 and not group & context.group_tiles
    if letter in "DEF" and context.from_special:
        return False
    if letter == "D":
        return context.turn == 5
    if letter == "E":
        return context.turn == 1
    if letter == "F":
        return context.last_in_row
    raise ValueError(f"no popularity condition {letter!r} (A-F)")


# -- final bonus cards -----------------------------------------------------------------------------
@dataclass(frozen=True)
class FinalBonusCard:
    letter: str
    name: str
    text: str


FINAL_BONUS_CARDS = {c.letter: c for c in (
    FinalBonusCard("A", "Number of visitors in the 3rd round", "visitors placed in round 3"),
    FinalBonusCard("B", "Popular Animals visited in the 3rd round", "tiles with a popularity token visited in round 3"),
    FinalBonusCard("C", "Number of filled rows and columns", "rows and columns with all 5 cells covered"),
    FinalBonusCard("D", "Number of Connected Walls", "walls in the largest group joined at a side or corner"),
    FinalBonusCard("E", "Rows and columns with exactly 3 types of animals",
                   "rows and columns with exactly 3 categories"),
    FinalBonusCard("F", "Rows and columns with 4-5 types of animals", "rows and columns with 4 or 5 categories"),
    FinalBonusCard("G", "Each set of 5 coloured visitors in the 3rd round", "sets of the 5 colours placed in round 3"),
    FinalBonusCard("H", "Rows and columns with 2 or more walls", "rows and columns holding 2 or more walls"),
)}

_LINES = {1: 2, 2: 4, 3: 6, 4: 8, 5: 10, 6: 12, 7: 15, 8: 18}
#: Ruling F17 as step tables: count -> points; the highest step holds for every larger count.
CHARTS = {
    "A": {10: 1, 11: 2, 12: 4, 13: 6, 14: 8, 15: 10, 16: 12, 17: 15},
    "B": {3: 1, 4: 2, 5: 4, 6: 6, 7: 8, 8: 10, 9: 12, 10: 15},
    "C": {2: 1, 3: 2, 4: 4, 5: 6, 6: 8, 7: 10, 8: 12, 9: 15},
    "E": _LINES, "F": _LINES, "H": _LINES,
    "G": {1: 3, 2: 7, 3: 12},
}


def chart_points(letter: str, count: int) -> int:
    """The points card *letter* gives for *count* (D is 1 point per wall)."""
    if letter == "D":
        return count
    chart = CHARTS[letter]
    steps = [points for threshold, points in sorted(chart.items()) if count >= threshold]
    return steps[-1] if steps else 0


@dataclass(frozen=True)
class Round3:
    """The third round's lineup, as cards A, B and G read it.

    Attributes
    ----------
    visitors : tuple of Colour
        The colour of every visitor placed (cubes and meeples).
    visited_popular : int
        Visited tiles that carry a popularity token.
    """

    visitors: tuple[Colour, ...] = ()
    visited_popular: int = 0


@dataclass(frozen=True)
class BonusScore:
    letter: str
    count: int
    points: int

    def __str__(self) -> str:
        return f"{self.letter} {FINAL_BONUS_CARDS[self.letter].name}: {self.count} -> {self.points} pts"


#: The cells of the 5 rows, then of the 5 columns.
_LINE_CELLS = tuple(tuple(Cell(c, r) for c in range(SIZE)) for r in range(SIZE)) + tuple(
    tuple(Cell(c, r) for r in range(SIZE)) for c in range(SIZE))


def _lines(board: Board) -> list[list]:
    """The 5 rows and 5 columns, each a list of the tiles (or None) on its cells."""
    return [[board.tile_at(cell) for cell in line] for line in _LINE_CELLS]


def line_counts(board: Board) -> dict[str, list[int]]:
    """Per row then column: covered cells, categories, walls (a wall counts in its cell's row and column)."""
    covered, kinds = [], []
    for line in _lines(board):
        covered.append(sum(t is not None for t in line))
        kinds.append(len({t.category for t in line if t is not None}))
    walls = [0] * (2 * SIZE)
    for wall in board.walls:
        walls[wall.cell.row] += 1
        walls[SIZE + wall.cell.column] += 1
    return {"covered": covered, "categories": kinds, "walls": walls}


def _segment(wall: CellSide) -> frozenset:
    """The wall's two end points on the lattice of cell corners."""
    c, r, side = wall.cell.column, wall.cell.row, wall.side
    ends = {"N": ((c, r), (c + 1, r)), "S": ((c, r + 1), (c + 1, r + 1)),
            "W": ((c, r), (c, r + 1)), "E": ((c + 1, r), (c + 1, r + 1))}[side.value]
    return frozenset(ends)


def wall_graph(board: Board) -> nx.Graph:
    """Walls as nodes (``"A3:W"``), joined when they touch at a side or a corner (card D).

    Two walls touch when their segments share an end point; back-to-back walls lie on one
    segment, so they are two nodes that touch (they count as two, ruling F7).
    """
    graph = nx.Graph()
    segments = {wall.name: _segment(wall) for wall in board.walls}
    graph.add_nodes_from(segments)
    nodes = list(segments)
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            if segments[a] & segments[b]:
                graph.add_edge(a, b)
    return graph


def round3_count(letter: str, round3: Round3) -> int:
    """What card A, B or G counts of the third round's lineup: visitors placed, popular tiles
    visited, sets of the five colours placed (a white cube is in none).

    >>> from zoobook.fivebyfive.vocabulary import Colour
    >>> lineup = Round3(tuple(Colour) + (Colour.RED,), visited_popular=2)
    >>> round3_count("A", lineup), round3_count("B", lineup), round3_count("G", lineup)
    (7, 2, 1)
    """
    if letter == "A":
        return len(round3.visitors)
    if letter == "B":
        return round3.visited_popular
    if letter == "G":
        return min(sum(1 for v in round3.visitors if v is colour) for colour in BASIC_COLOURS)
    raise ValueError(f"final bonus card {letter!r} does not read the third lineup (A, B and G do)")


def _count(letter: str, board: Board, round3: Round3) -> int:
    if letter in "ABG":
        return round3_count(letter, round3)
    lines = None if letter == "D" else line_counts(board)
    if letter == "C":
        return sum(n == SIZE for n in lines["covered"])
    if letter == "D":
        graph = wall_graph(board)
        return max((len(c) for c in nx.connected_components(graph)), default=0)
    if letter == "E":
        return sum(n == 3 for n in lines["categories"])
    if letter == "F":
        return sum(n in (4, 5) for n in lines["categories"])
    if letter == "H":
        return sum(n >= 2 for n in lines["walls"])
    raise ValueError(f"no final bonus card {letter!r} (A-H)")


def final_bonus(letter: str, board: Board, round3: Round3 = Round3()) -> BonusScore:
    """What final bonus card *letter* scores for *board* and the third round's lineup."""
    count = _count(letter, board, round3)
    return BonusScore(letter, count, chart_points(letter, count))


