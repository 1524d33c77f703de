"""A lineup worked out in full (:class:`LineupPlan`): what to pay, place and cross, and its points.

:func:`plan_for_path` plays a given path best (meeples first on their own colour, then parks;
doors from hand, then bought; 3 spare cubes a token or a door); :func:`evaluate` gives the points
of a path of tile names without the plan.

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> board = Board((Tile.make("A3", "bird"), Tile.make("B3", "park")))
>>> evaluate(LineupPuzzle(board, "W", cubes="YR"), ["A3", "B3"])
2
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zoobook.fivebyfive.board import Border, BorderState, Tile
from zoobook.fivebyfive.lineup import FREE_ACTION_PRICE
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.scoring import SOLO_BONUS
from zoobook.fivebyfive.vocabulary import Colour

from zoobook.fivebyfive.solver.compiled import (
    _ANIMAL_LETTERS, _BY_LETTER, _COLOUR_WORD, _Compiled, _DOOR, _INDEX_OF_NAME, _LETTERS, _LETTER_OF_NAME, _OPEN,
    _WALL, _WHITE, _border_name, _compiled, _tile_name,
)

__all__ = ["LineupPlan", "plan_for_path", "evaluate"]


@dataclass(frozen=True)
class LineupPlan:
    """A lineup worked out in full: what to pay, place and cross, and what it scores."""

    tiles: tuple[Tile, ...]
    borders: tuple[Border, ...]
    visitors: tuple[tuple[Colour, bool], ...]
    doors_placed: tuple[Border, ...]
    free_actions: tuple[tuple[str, str, str | None], ...]   # (cubes paid, "door"/"popularity", tile)
    cards: tuple[int, ...]
    points: dict = field(default_factory=dict)

    @property
    def value(self) -> int:
        return sum(self.points.values())

    def witness(self) -> dict:
        """The JSON witness of ``zoobook solve``."""
        names = [_tile_name(t) for t in self.tiles]
        return {
            "tiles": names,
            "visitors": [{"tile": name, "visitor": f"{_COLOUR_WORD[c._value_]} {'meeple' if m else 'cube'}",
                          "via": _border_name(b)} for name, b, (c, m) in zip(names, self.borders, self.visitors)],
            "doors": [_border_name(b) for b in self.doors_placed],
            "free_actions": [{"pay": pay, "gain": gain, **({"tile": tile} if tile else {})}
                             for pay, gain, tile in self.free_actions],
            "cards": [i + 1 for i in self.cards],
            "points": dict(self.points),
        }


def plan_for_path(puzzle: LineupPuzzle, steps: list[tuple[Tile, Border]],
                  park_visitors: tuple[tuple[str, bool], ...] | None = None) -> LineupPlan:
    """The best way to play the given path (tiles and the border crossed into each).

    With *park_visitors* (colour letter, meeple?) for the parks of the path in order,
    those visitors go on the parks instead of the ones that leave the most cubes free
    (:mod:`~zoobook.fivebyfive.final_lineup` chooses them for final bonus card G).
    Raises :class:`ValueError` if the hand cannot make that lineup.
    """
    return _plan(puzzle, steps, [puzzle.board.border_state(b) for _, b in steps], park_visitors)


_STATE_OF_KIND = {_WALL: BorderState.WALL, _OPEN: BorderState.OPEN, _DOOR: BorderState.DOOR}


def _plan(puzzle: LineupPuzzle, steps: list[tuple[Tile, Border]], kinds: list[BorderState],
          park_visitors: tuple[tuple[str, bool], ...] | None = None) -> LineupPlan:
    comp = _compiled(puzzle)
    cubes = dict(zip(_LETTERS, comp.own_cubes + [comp.white_cubes]))
    meeples = dict(zip(_LETTERS, comp.own_meeples + [0]))
    tiles = [tile for tile, _ in steps]
    n = len(tiles)
    letters = [_LETTER_OF_NAME[tile.category._value_] for tile in tiles]
    visitors: list[tuple[Colour, bool] | None] = [None] * n

    def cube(i: int, letter: str) -> tuple[Colour, bool]:
        """A cube of colour *letter* for the i-th tile, or else a white one."""
        for letter in (letter, _WHITE):
            if cubes[letter]:
                cubes[letter] -= 1
                return _BY_LETTER[letter], False
        raise ValueError(f"no visitor is left for {tiles[i]}")

    # Meeples first on their own colour, then on parks; cubes of the colour, then white.
    for i, letter in enumerate(letters):
        if letter is not None and meeples[letter]:
            meeples[letter] -= 1
            visitors[i] = (_BY_LETTER[letter], True)
    for i, letter in enumerate(letters):
        if visitors[i] is None and letter is not None:
            visitors[i] = cube(i, letter)
    chosen = iter(park_visitors) if park_visitors is not None else None
    for i in range(n):
        if visitors[i] is not None:
            continue
        if chosen is not None:                  # the caller's visitor for this park, or none at all
            letter, meeple = next(chosen, (None, False))
            pool = meeples if meeple else cubes
            if letter is None or not pool.get(letter):
                raise ValueError(f"no {letter} {'meeple' if meeple else 'cube'} is left for {tiles[i]}")
            pool[letter] -= 1
            visitors[i] = (_BY_LETTER[letter], meeple)
            continue
        spare_meeple = next((x for x in _LETTERS if meeples[x]), None)
        if spare_meeple:
            meeples[spare_meeple] -= 1
            visitors[i] = (_BY_LETTER[spare_meeple], True)
        else:   # on a park, spend the colour the hand has most of (the first such), white last
            visitors[i] = cube(i, max(_ANIMAL_LETTERS, key=cubes.__getitem__))
    walls = [b for (_, b), k in zip(steps, kinds) if k is BorderState.WALL]
    opens = [b for (_, b), k in zip(steps, kinds) if k is BorderState.OPEN]
    existing = kinds.count(BorderState.DOOR)
    free_actions: list[tuple[str, str, str | None]] = []
    doors_in_hand = puzzle.doors
    # Spend whites first, then the colours in order; each payment is written in colour order.
    leftover = _WHITE * cubes[_WHITE] + "".join(x * cubes[x] for x in _ANIMAL_LETTERS)
    paid = 0   # cubes of leftover spent so far

    def pay() -> str:
        nonlocal paid
        paid += FREE_ACTION_PRICE
        return "".join(sorted(leftover[paid - FREE_ACTION_PRICE:paid], key=_LETTERS.index))

    doors_placed: list[Border] = []
    for border in walls:
        if not doors_in_hand:
            if len(leftover) - paid < FREE_ACTION_PRICE:
                raise ValueError(f"no door can be had for the wall on {border}")
            free_actions.append((pay(), "door", None))
            doors_in_hand += 1
        doors_in_hand -= 1
        doors_placed.append(border)
    for border in opens:
        if not doors_in_hand:
            break
        doors_in_hand -= 1
        doors_placed.append(border)
    popular_anchors = comp.popular_anchors
    popular = [popular_anchors >> (t.cells[0].row * 5 + t.cells[0].column) & 1 for t in tiles]
    token_slots = [t for t, p in zip(tiles, popular) if not p]
    open_slots = opens[len(doors_placed) - len(walls):]   # the doors from hand went on the first ones
    bought_tokens = 0
    while len(leftover) - paid >= FREE_ACTION_PRICE and (bought_tokens < len(token_slots) or open_slots):
        if bought_tokens < len(token_slots):
            free_actions.append((pay(), "popularity", _tile_name(token_slots[bought_tokens])))
            bought_tokens += 1
        else:
            free_actions.append((pay(), "door", None))
            doors_placed.append(open_slots.pop(0))
    counts = [0] * 6
    for tile in tiles:
        counts[_INDEX_OF_NAME[tile.category._value_]] += 1
    request_points, cards = 0, ()
    c0, c1, c2, c3, c4, _ = counts
    for (n0, n1, n2, n3, n4), points, chosen in comp._card_sets:
        if c0 >= n0 and c1 >= n1 and c2 >= n2 and c3 >= n3 and c4 >= n4:
            request_points, cards = points, chosen
            break
    threshold = comp.threshold
    points = {
        "tiles": n,
        "popularity": sum(popular) + bought_tokens,
        "doors": existing + len(doors_placed),
        "solo": SOLO_BONUS if threshold is not None and n > threshold else 0,
        "requests": request_points,
    }
    return LineupPlan(tuple(tiles), tuple(b for _, b in steps), tuple(visitors),
                      tuple(doors_placed), tuple(free_actions), cards, points)


def evaluate(puzzle: LineupPuzzle, path: list[str]) -> int | None:
    """The most points the lineup through *path* (tile names, from the gate) can score,
    or ``None`` if it is not a lineup this hand can make. Borders are chosen best.

    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> board = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird")))
    >>> (evaluate(LineupPuzzle(board, "W", cubes="YW"), ["A3", "B3"]),
    ...  evaluate(LineupPuzzle(board, "W", cubes="Y"), ["A3", "B3"]))
    (2, None)
    """
    comp = _compiled(puzzle)
    try:
        steps = _steps(comp, path)
    except ValueError:
        return None
    t = [0] * 6
    n = pv = w = o = e = 0
    for j, kind in steps:
        t[comp.cat[j]] += 1
        n, pv = n + 1, pv + comp.pop[j]
        w, o, e = w + (kind == _WALL), o + (kind == _OPEN), e + (kind == _DOOR)
    value = comp.value(t, n, pv, w, o, e)
    return None if value < 0 else value


def _steps(comp: _Compiled, path: list[str]) -> list[tuple[int, int]]:
    if not path:
        return []
    if comp.entry is None or comp.tiles[comp.entry[0]].name != path[0]:
        raise ValueError("a lineup starts on the gate's tile")
    steps = [(comp.entry[0], comp.entry[1])]
    for name in path[1:]:
        here = steps[-1][0]
        found = [(j, kind) for j, kind, _ in comp.adj[here] if comp.tiles[j].name == name]
        if not found or any(j == found[0][0] for j, _ in steps):
            raise ValueError(f"{name} cannot be entered next")
        steps.append(found[0])
    return steps
