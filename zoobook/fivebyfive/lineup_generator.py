"""Random zoo boards and lineup puzzles, for tests, benchmarks and new puzzle files.

Everything takes a :class:`random.Random`, so a seed gives the same board again.

Examples
--------
>>> import random
>>> board = random_board(random.Random(1))
>>> board.is_full
True
>>> puzzle = random_lineup_puzzle(random.Random(1), max_cubes=6)
>>> len(puzzle.cubes) <= 6
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from zoobook.fivebyfive.board import ALL_CELLS, GATES, Board, Cell, CellSide, Side, Tile
from zoobook.fivebyfive.components import STATED_COUNTS
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.scoring import RequestCard
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category, Colour

__all__ = ["random_board", "random_hand", "random_requests", "random_lineup_puzzle"]


def random_board(rng: random.Random, *, cells: int = 25, large: float = 0.15, walls: float = 0.12,
                 popular: float = 0.2, doors: int = 2, within: Iterable[Cell] | None = None) -> Board:
    """A board with about *cells* cells covered (all 25 by default).

    Each tile is large with probability *large* (when a free neighbour allows),
    each outer side of its cells carries a wall with probability *walls*, each
    tile a popularity token with probability *popular*; then up to *doors*
    doors are placed on random legal borders. *within* limits the cells used.
    """
    board = Board()
    allowed = set(ALL_CELLS if within is None else within)
    order = [c for c in ALL_CELLS if c in allowed]
    rng.shuffle(order)
    categories = list(Category)
    for cell in order:
        if sum(1 for _ in board.tiles for _c in _.cells) >= cells:
            break
        if board.tile_at(cell) is not None:
            continue
        group = [cell]
        if rng.random() < large:
            free = [c for _, c in cell.neighbours() if board.tile_at(c) is None and c in allowed]
            if free:
                group.append(rng.choice(free))
        sides = [CellSide(c, s) for c in group for s in Side if c.neighbour(s) not in group]
        category, stars = rng.choice(categories), rng.choice((0, 0, 1, 2, 3))
        drawn = frozenset(s for s in sides if rng.random() < walls)
        # F18a: walls stand only on tiles with a star icon (the draws are made anyway, so a
        # seed gives the same board as before, less the walls of star-less tiles).
        tile = Tile(tuple(group), category, stars, drawn if stars else frozenset())
        board = board.place(tile)
        if rng.random() < popular:
            board = board.add_popularity(tile)
    borders = sorted({b for t in board.tiles for b in t.outer_borders()}, key=lambda b: b.name)
    rng.shuffle(borders)
    placed = 0
    for border in borders:
        if placed >= doors:
            break
        if rng.random() < 0.5 and board.door_refusal(border) is None:
            board = board.add_door(border)
            placed += 1
    return board


def random_hand(rng: random.Random, *, max_cubes: int = 14, max_meeples: int = 3,
                max_doors: int = 2) -> tuple[str, str, int]:
    """Cube letters, meeple letters and doors in hand; white cubes are rare (2 of 77).

    Never more than the box holds (F20): 2 white cubes, 15 cubes and 3 meeples of a colour
    (a draw beyond that takes another colour; hands within the box come out as they always did).

    >>> from collections import Counter
    >>> hands = [random_hand(random.Random(seed), max_cubes=40, max_meeples=12) for seed in range(200)]
    >>> max(Counter(cubes)["W"] for cubes, _, _ in hands)
    2
    >>> max(max(Counter(meeples).values(), default=0) for _, meeples, _ in hands)
    3
    """
    basic = [c.letter for c in Colour if c is not Colour.WHITE]
    box = {**{letter: STATED_COUNTS["one-time cubes per colour"] for letter in basic},
           "W": STATED_COUNTS["wild white cubes"]}
    cubes = ""
    for _ in range(min(rng.randint(0, max_cubes), sum(box.values()))):
        letter = "W" if rng.random() < 2 / 77 * 5 else rng.choice(basic)
        if cubes.count(letter) >= box[letter]:
            letter = rng.choice([x for x in basic if cubes.count(x) < box[x]])
        cubes += letter
    meeples = ""
    per_colour = STATED_COUNTS["regular meeples per colour"]
    for _ in range(min(rng.randint(0, max_meeples), per_colour * len(basic))):
        letter = rng.choice(basic)
        if meeples.count(letter) >= per_colour:
            letter = rng.choice([x for x in basic if meeples.count(x) < per_colour])
        meeples += letter
    return cubes, meeples, rng.randint(0, max_doors)


def random_requests(rng: random.Random, count: int = 3) -> tuple[RequestCard, ...]:
    """Request cards asking for 2-4 tiles of one or two categories."""
    cards = []
    for _ in range(count):
        first, second = rng.sample(ANIMAL_CATEGORIES, 2)
        needs = {first: rng.randint(1, 3)}
        if rng.random() < 0.6:
            needs[second] = rng.randint(1, 2)
        cards.append(RequestCard.make(needs, sum(needs.values()) + rng.randint(0, 2)))
    return tuple(cards)


def random_lineup_puzzle(rng: random.Random, *, cells: int = 25, max_cubes: int = 14, max_meeples: int = 3,
                         max_doors: int = 2, requests: int = 0, gate: str | None = None,
                         **board_options) -> LineupPuzzle:
    """A random ``5x5/lineup`` question (hands up to *max_cubes* cubes, up to *max_doors* doors
    in hand and as many already placed, *requests* request cards)."""
    board = random_board(rng, cells=cells, doors=rng.randint(0, max_doors), **board_options)
    cubes, meeples, doors = random_hand(rng, max_cubes=max_cubes, max_meeples=max_meeples, max_doors=max_doors)
    return LineupPuzzle(board, gate or rng.choice(GATES), rng.randint(1, 3), rng.choice((1, 1, 2, 3)), cubes,
                        meeples, doors, random_requests(rng, requests) if requests else ())


