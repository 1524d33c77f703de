"""The best lineup of one round of 5x5 Zoo (puzzle kind ``5x5/lineup``).

The question: the most points one round can bring from the lineup score (ruling
F11), the solo bonus (F12, with one player) and the request cards met (F13),
when the player may also take the free actions (F9: 3 one-time cubes buy a door
token or a popularity token) and place doors anywhere (F7, F8).

How it is solved
----------------
A lineup is a simple path in the lineup graph that starts at the gate (F4). Only
*what* the path visits and *which kinds of border* it crosses matter for the
score, so one path's best use of the hand is worked out exactly in closed form
(:func:`evaluate`):

* visitors: meeples first on their own colour, then on parks, then cubes of the
  tile's colour, white cubes for the rest -- this leaves the most cubes free,
  and free cubes are what buy doors and tokens;
* every walled border crossed needs a door (from hand first, then bought);
* each further 3 free cubes buy one more point: a token for a visited tile that
  has none, or a door for a crossed open border;
* then the solo bonus and the best set of request cards for the categories visited.

The search (:func:`solve_lineup`, :func:`_search`, the walk :class:`_Walk`) is a
branch and bound: a depth-first walk over paths from the gate that keeps the best
lineup found and drops every path that provably cannot lead to a better one. Two
cuts, each exact:

* *the hand*: a path whose hand no longer works (no visitor left that fits the
  tile, or too few cubes for the doors its walls need) is never extended, since
  every extension would need more;
* *the bound* (:class:`_Bound`): a path whose optimistic bound (every
  tile still reachable that the hand could fill, every remaining token and door
  free, every cube a third of a point, the best request cards for that) cannot
  beat the best found is cut.

"Reachable" is decided once, before searching (:func:`_search_region`): the tiles
a walk from the gate's tile can reach over tiles the hand has a visitor for (and
over walls only if a door can be had at all). A flood fill from each path's tile
over the tiles still unvisited and still fillable cuts a third to two thirds of
the paths of the slowest boards, but costs about two paths' work each time, so the
search ran slower with it (measured with ``benchmarks/bench_5x5_lineup.py``, also
when tried only every second or third step). The bound for the whole round is
also where the search stops: a lineup that scores it is optimal. A path whose hand
is empty, or whose tile has no unvisited neighbour left, is scored but not extended.

A third cut, *dominance* (a path reaching the same tile over the same set of tiles
as an earlier one, with no more doors and no more doors and open borders crossed,
is dropped), was exact too, but it cut about 2% of the paths of the slowest boards
and recording every path for it cost more: the search ran about a fifth faster
without it (measured as above), so it is gone.

The search is deterministic: tiles are tried in board order, best bound first
(ties in neighbour order), so the witness and the counts in the explanation do
not depend on hashing. Tiles, cells and borders are bits of integers, every
neighbour step is one precomputed tuple (:class:`_Step`, made by
:meth:`_Compiled.step_into`), the state of a path one tuple (:class:`_Path`), and
the walk a loop over a stack of paths to extend, which keeps each step to a few
microseconds. The search also records the tiles it entered: the explanation
(which tiles were left out by choice, which no lineup reaches) need not search
again for those.

The puzzle itself and its file are :mod:`zoobook.fivebyfive.lineup_puzzle`.

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
>>> board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird"), Tile.make("C3", "park")))
>>> puzzle = LineupPuzzle(board, "W", cubes="RY", meeples="G")
>>> solution = solve_lineup(puzzle)
>>> solution.value, solution.witness["tiles"]
(3, ['A3', 'B3', 'C3'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple
from functools import cache, cached_property, lru_cache
from operator import itemgetter

from zoobook.explain import join_words, plural
from zoobook.fivebyfive.board import Border, BorderState, Cell, Side, Tile, gate_border
from zoobook.fivebyfive.lineup import FREE_ACTION_PRICE
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.scoring import SOLO_BONUS, RequestCard
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category, Colour
from zoobook.puzzles.solution import Solution
from zoobook.rulings import cite as _cite

__all__ = [
    "LineupPlan", "evaluate", "solve_lineup", "best_plan", "best_lineup_value", "plan_for_path", "reachable_tiles",
    "SearchStats", "lineup_bound",
]

#: Index order of the categories inside the solver: the five animals, then Park.
_ORDER: tuple[Category, ...] = ANIMAL_CATEGORIES + (Category.PARK,)
_INDEX = {c: i for i, c in enumerate(_ORDER)}
_WALL, _OPEN, _DOOR = 0, 1, 2
#: What a step over a border of each kind onto a tile without / with a popularity token adds: to the
#: tokens and doors crossed (tokens << 5 | doors, one number), to the walls and open borders crossed,
#: to the points it surely brings (the tile's token, a door on the wall or the door crossed), and to
#: the slots for bought tokens and doors (open borders less the token). The tile itself and what the
#: hand buys are counted apart.
_CROSSING = tuple({kind: (token << 5 | doored, walled, opened, token + walled + doored, opened - token)
                   for kind, (walled, opened, doored) in ((_WALL, (1, 0, 0)), (_OPEN, (0, 1, 0)), (_DOOR, (0, 0, 1)))}
                  for token in (0, 1))
_BY_LETTER = {c.value: c for c in Colour}
_LETTERS = "".join(c.value for c in Colour)
# Cell bit boards: bit row * 5 + column; masks that stop a shift from wrapping round a row.
_NOT_COLUMN_A = sum(1 << (r * 5 + c) for r in range(5) for c in range(1, 5))
_NOT_COLUMN_E = sum(1 << (r * 5 + c) for r in range(5) for c in range(4))
_NOT_ROW_5 = (1 << 20) - 1
#: Every border between two cells, in the order the solver meets them (east then south of each
#: cell, cell by cell): (cell, other cell, border bit of _SIDE_BIT, border reference).
_INNER_BORDERS = tuple((k, k + step, 1 << (k + (25 if side == "S" else 0)), (k, side)) for k in range(25)
                       for side, step in (("E", 1), ("S", 5))
                       if not (side == "E" and k % 5 == 4) and not (side == "S" and k // 5 == 4))


def _side_bits() -> dict[tuple[int, str], int]:
    """The bit of each cell side: bit k for the border east of cell k, 25 + k south of it (so both
    sides of an inner border share one bit), 50 and up for the sides on the board's edge."""
    bits = {}
    for k in range(25):
        row, column = divmod(k, 5)
        bits[k, "E"] = 1 << k if column < 4 else 1 << (50 + row)
        bits[k, "S"] = 1 << (25 + k) if row < 4 else 1 << (55 + column)
        bits[k, "W"] = 1 << (k - 1) if column > 0 else 1 << (60 + row)
        bits[k, "N"] = 1 << (25 + k - 5) if row > 0 else 1 << (65 + column)
    return bits


_SIDE_BIT = _side_bits()
#: The cell across each inner border, by (cell, "E" or "S") as :class:`Border` keeps it.
_ACROSS = {(k, side): other for k, other, _, (_, side) in _INNER_BORDERS}


_first = itemgetter(0)
# Packed category counts: the tiles of category c visited (at most 25) in bits 5c to 5c + 4, the
# five animals first (bits 0-24), parks last (bits 25-29): one small integer, cheap to add to and
# to use as a dictionary key.


def _unpack(counts: int) -> list[int]:
    """The six category counts packed in *counts*, in the order of ``_ORDER``."""
    return [counts & 31, counts >> 5 & 31, counts >> 10 & 31, counts >> 15 & 31, counts >> 20 & 31, counts >> 25]

# Tables read instead of enum properties and hashes in the hot paths (same values).
_INDEX_OF_NAME = {c.value: i for c, i in _INDEX.items()}
_LETTER_OF_NAME = {c.value: None if c.colour is None else c.colour.letter for c in Category}
_CATEGORY_WORD = {c.value: c.word for c in Category}
_COLOUR_WORD = {c.value: c.word for c in Colour}
_ANIMAL_LETTERS = tuple(c.colour.letter for c in ANIMAL_CATEGORIES)
_WHITE = Colour.WHITE.letter
#: The name of every cell, by bit.
_CELL_NAMES = tuple(Cell(k % 5, k // 5).name for k in range(25))
#: Borders by compiled reference, made once (borders are immutable values).
_BORDERS: dict[tuple[int, str], Border] = {}


def _tile_name(tile: Tile) -> str:
    """``tile.name``, read from a table."""
    anchor = tile.cells[0]
    return _CELL_NAMES[anchor.row * 5 + anchor.column]


def _border_name(border: Border) -> str:
    """``border.name``, read from a table."""
    return f"{_CELL_NAMES[border.cell.row * 5 + border.cell.column]}:{border.side._value_}"


def _border_key(border: Border) -> tuple[int, str]:
    """A key equal for equal borders and cheap to hash."""
    return border.cell.row * 5 + border.cell.column, border.side._value_


class _GateCells(dict):
    """The cell bit of each gate's cell, looked up once per gate (the gates are an ASSUMED value)."""

    def __missing__(self, gate: str) -> int:
        cell = gate_border(gate).cell
        self[gate] = bit = cell.row * 5 + cell.column
        return bit


_GATE_CELLS = _GateCells()


def _flood(start: int, allowed: int, through_walls: bool, east: int, west: int, south: int, north: int) -> int:
    """The cells a walk from the cells *start* reaches over the cells *allowed* (cell bit boards).

    All 25 cells at once: each round grows the region by one cell in every direction
    (the masks stop a shift from wrapping round a row). Unless *through_walls*, a cell
    steps east only if it is in *east* (no blocked border on that side), and so on.
    """
    reach = start
    if through_walls:
        while True:
            grown = (((reach << 1) & _NOT_COLUMN_A) | ((reach >> 1) & _NOT_COLUMN_E)
                     | (reach << 5) | (reach >> 5)) & allowed | reach
            if grown == reach:
                return reach
            reach = grown
    while True:
        grown = (((reach & east) << 1) | ((reach & west) >> 1) | ((reach & south) << 5)
                 | ((reach & north) >> 5)) & allowed | reach
        if grown == reach:
            return reach
        reach = grown


class _Step(NamedTuple):
    """One step of the search into a tile over a border, as much as the search reads of it
    (made once per tile and border: :meth:`_Compiled.step_into`).

    The search keeps steps, and paths (:class:`_Path`), as plain tuples in the order of
    these fields and unpacks them into variables of the same names: CPython 3.11 unpacks
    an exact tuple several times faster than a named tuple, and the search took about a
    third longer with named ones (measured on the benchmark's slowest boards).
    ``tests/fivebyfive/test_solver.py`` checks that the names unpacked are these fields.
    """

    tile_bit: int      #: the tile as a bit of tile indices
    tile: int          #: the tile's index
    category: int      #: its category's index (``_ORDER``)
    count_shift: int   #: where that category's count sits in packed counts (``_unpack``)
    count_unit: int    #: what the step adds to packed category counts (``_unpack``)
    tokens_doors_gain: int  #: what it adds to a path's ``tokens << 5 | doors`` (a token, a door crossed)
    walled: int        #: 1 if the border is a wall (``_CROSSING`` for these five fields)
    opened: int        #: 1 if it is open
    sure_gain: int     #: points the step surely adds: the token, a door on the wall or the door crossed
    slot_gain: int     #: slots for bought tokens and doors it adds (an open border, a tile without token)
    move: tuple        #: ``(tile, border kind, border reference)``, what a path records


def _compiled(puzzle: LineupPuzzle) -> "_Compiled":
    """The search's form of *puzzle*, made once and kept on the puzzle (as a cached property would:
    the dataclass is frozen, so it goes straight into the instance's ``__dict__``)."""
    compiled = puzzle.__dict__.get("_compiled")
    if compiled is None:
        compiled = puzzle.__dict__["_compiled"] = _Compiled(puzzle)
    return compiled


class _Compiled:
    """The puzzle as plain lists and bit masks, for a fast search.

    Cells are bits ``row * 5 + column`` of one integer; a border is kept as the
    pair (cell bit, ``"E"`` or ``"S"``, or the gate's side) until a witness needs
    a :class:`Border`.
    """

    def __init__(self, puzzle: LineupPuzzle) -> None:
        board = puzzle.board
        self.tiles: tuple[Tile, ...] = board.tiles
        popular_cells = 0
        for cell in board.popular:
            popular_cells |= 1 << (cell.row * 5 + cell.column)
        self.owner = owner = [-1] * 25
        self.cat, self.pop, self.tile_cells = cat, pop, tile_cells = [], [], []
        self.anchor_masks = anchor_masks = [0] * 6
        self.category_cells = category_cells = [0] * 6
        self.category_tiles = category_tiles = [0] * 6
        walled = 0   # the walled borders, as bits of _SIDE_BIT
        index_of, side_bit = _INDEX_OF_NAME, _SIDE_BIT
        for i, tile in enumerate(self.tiles):
            cells = tile.cells
            c = index_of[tile.category._value_]
            anchor = cells[0]
            k = anchor.row * 5 + anchor.column
            owner[k] = i
            cell_bits = anchor_bit = 1 << k
            if len(cells) == 2:
                other = cells[1]
                k2 = other.row * 5 + other.column
                owner[k2] = i
                cell_bits |= 1 << k2
            cat.append(c)
            pop.append(popular_cells >> k & 1)
            tile_cells.append(cell_bits)
            anchor_masks[c] |= anchor_bit
            category_cells[c] |= cell_bits
            category_tiles[c] |= 1 << i
            for w in tile.walls:
                cell = w.cell
                walled |= side_bit[cell.row * 5 + cell.column, w.side._value_]
        doors = existing_doors = 0
        for b in board.doors:
            cell = b.cell
            k = cell.row * 5 + cell.column
            doors |= side_bit[k, b.side._value_]
            other = _ACROSS.get((k, b.side._value_))
            if other is not None and owner[k] >= 0 and owner[other] >= 0 and owner[k] != owner[other]:
                existing_doors += 1   # a door between two tiles: a lineup may cross it
        self.walled, self.doors = walled, doors
        # Cells that may step east / west / south / north without crossing a blocked border.
        blocked = walled & ~doors
        step_e = _NOT_COLUMN_E & ~blocked
        step_s = _NOT_ROW_5 & ~(blocked >> 25)
        self.steps_ok = (step_e, step_e << 1, step_s, step_s << 5)   # east, west, south, north, for _flood
        # Each tile's neighbours and steps are worked out when first asked for (see neighbours).
        self._neighbours: list[dict[int, tuple[int, tuple[int, str]]]] | None = None   # see neighbours
        self._entering: dict[int, tuple] = {}   # tile * 3 + border kind -> a step less its move (step_into)
        # The hand, by colour index (the colour paired with each animal category).
        cubes, meeples = puzzle.cubes, puzzle.meeples
        self.own_cubes = own_cubes = [cubes.count(x) for x in _ANIMAL_LETTERS]
        self.own_meeples = own_meeples = [meeples.count(x) for x in _ANIMAL_LETTERS]
        self.white_cubes = cubes.count(_WHITE)
        self.cube_count = len(cubes)
        self.meeple_count = len(meeples)
        self.hand_doors = puzzle.doors
        # The visitors that fit each animal category: of its colour, cubes and meeples.
        self.hand_fit = [own_cubes[c] + own_meeples[c] for c in range(5)]
        self.fit_total = sum(self.hand_fit)
        self.entry = None
        side = puzzle.gate
        k = _GATE_CELLS[side]
        if owner[k] >= 0:
            bit = _SIDE_BIT[k, side]
            kind = _DOOR if doors & bit else _WALL if walled & bit else _OPEN
            self.entry = (owner[k], kind, (k, side))
            existing_doors += kind == _DOOR
        self.existing_doors = existing_doors
        self.threshold = puzzle.solo_threshold
        self.cards = puzzle.requests
        # Request cards: every set of cards as (summed needs, points), best first.
        self._card_sets = _card_sets(puzzle.requests) if puzzle.requests else ()
        self._request_cache: dict[tuple[int, ...], int] = {}
        self._leftover_cache: dict[tuple[int, ...], int] = {}
        self.covered = sum(tile_cells)
        self.popular_anchors = popular_cells   # the board keeps tokens on first cells only

    def neighbours(self, a: int) -> dict[int, tuple[int, tuple[int, str]]]:
        """The tiles beside tile *a*, in the order their borders are met (cell by cell, the east
        then the south border of each), each with the best border to it as (border kind, border
        reference): a door beats an open border beats a wall (two large tiles may share two)."""
        table = self._neighbours
        if table is None:
            table = self._neighbours = self._neighbour_table()
        return table[a]

    def _neighbour_table(self) -> list[dict[int, tuple[int, tuple[int, str]]]]:
        """:meth:`neighbours` of every tile, from one pass over the board's borders in order."""
        owner, walled, doors = self.owner, self.walled, self.doors
        table: list[dict[int, tuple[int, tuple[int, str]]]] = [{} for _ in self.tiles]
        for k, other, bit, ref in _INNER_BORDERS:
            a, b = owner[k], owner[other]
            if a < 0 or b < 0 or a == b:
                continue
            kind = _DOOR if doors & bit else _WALL if walled & bit else _OPEN
            for here, there in ((a, b), (b, a)):
                found = table[here]
                best = found.get(there)
                if best is None or kind > best[0]:
                    found[there] = (kind, ref)
        return table

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Each tile's name, by index."""
        return tuple(_tile_name(tile) for tile in self.tiles)

    @cached_property
    def adj(self) -> list[list[tuple[int, int, tuple[int, str]]]]:
        """Each tile's neighbours as moves (tile, border kind, border), in the order met."""
        return [[(b, kind, ref) for b, (kind, ref) in self.neighbours(a).items()] for a in range(len(self.tiles))]

    def steps_from(self, a: int) -> list[tuple]:
        """The steps from tile *a* (see :meth:`step_into`), without those this hand can never
        take: onto an animal whose colour it lacks (and no white cube), or over a wall when it
        has no door and not 3 cubes to buy one (the search would refuse them before counting them)."""
        cat, fit, white_cubes, entering = self.cat, self.hand_fit, self.white_cubes, self._entering
        no_door = self.hand_doors == 0 and self.cube_count < FREE_ACTION_PRICE
        steps = []
        for b, (kind, ref) in self.neighbours(a).items():
            if (cat[b] == 5 or fit[cat[b]] + white_cubes) and not (no_door and kind == _WALL):
                head = entering.get(b * 3 + kind)
                if head is None:
                    head = self._step_head(b, kind)
                steps.append(head + ((b, kind, ref),))   # as step_into makes it
        return steps

    def step_into(self, j: int, kind: int, ref: tuple[int, str]) -> tuple:
        """Everything a search step into tile *j* over a border of this *kind* needs: a :class:`_Step`'s
        fields as a plain tuple."""
        head = self._entering.get(j * 3 + kind)
        if head is None:
            head = self._step_head(j, kind)
        return head + ((j, kind, ref),)   # a _Step's fields, as a plain tuple (see _Step)

    def _step_head(self, j: int, kind: int) -> tuple:
        """A step's fields but its move: a tile is entered over a few kinds of border only, so
        the steps into it share these."""
        c, token = self.cat[j], self.pop[j]
        head = self._entering[j * 3 + kind] = (1 << j, j, c, 5 * c, 1 << 5 * c) + _CROSSING[token][kind]
        return head

    def border(self, ref: tuple[int, str]) -> Border:
        """The :class:`Border` of a compiled border reference."""
        border = _BORDERS.get(ref)
        if border is None:
            k, side = ref
            border = _BORDERS[ref] = Border(Cell(k % 5, k // 5), Side(side))
        return border

    def requests(self, counts) -> int:
        """The most request-card points for visited category counts (F13: sums per category)."""
        if not self.cards:
            return 0
        key = (c0, c1, c2, c3, c4) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        value = self._request_cache.get(key)
        if value is None:
            value = 0
            for (n0, n1, n2, n3, n4), points, _ in self._card_sets:
                if c0 >= n0 and c1 >= n1 and c2 >= n2 and c3 >= n3 and c4 >= n4:
                    value = points
                    break
            self._request_cache[key] = value
        return value

    @cached_property
    def _affordable_card_sets(self) -> list[tuple[tuple[int, ...], int]]:
        """The sets of cards the whole hand could ever meet, as (needs, points), best first.

        A card's tile of a category needs a visitor of that colour or a white cube
        (parks take any visitor but count for no card), so a set asking beyond the
        hand's own colours for more tiles than it has white cubes is never met.
        """
        fit, affordable = self.hand_fit, []
        for needs, points, _ in self._card_sets:
            jokers = 0
            for c in range(5):
                if needs[c] > fit[c]:
                    jokers += needs[c] - fit[c]
            if jokers <= self.white_cubes:
                affordable.append((needs, points))
        return affordable

    def request_bound(self, counts) -> int:
        """The most request points a lineup could get with at most *counts* tiles of each category."""
        c0, c1, c2, c3, c4 = counts[0], counts[1], counts[2], counts[3], counts[4]
        for (n0, n1, n2, n3, n4), points in self._affordable_card_sets:
            if c0 >= n0 and c1 >= n1 and c2 >= n2 and c3 >= n3 and c4 >= n4:
                return points
        return 0

    def leftover_cubes(self, t) -> int:
        """Cubes left after placing visitors on tiles with category counts *t*; -1 if impossible."""
        key = tuple(t)
        left = self._leftover_cache.get(key)
        if left is None:
            left = self._leftover_cache[key] = self._leftover_cubes(t)
        return left

    def _leftover_cubes(self, t) -> int:
        own_meeples, own_cubes = self.own_meeples, self.own_cubes
        spare_meeples = need_white = used = 0
        for c in range(5):
            tiles, meeples = t[c], own_meeples[c]
            if meeples >= tiles:
                spare_meeples += meeples - tiles
                continue
            rest = tiles - meeples
            used += rest
            if rest > own_cubes[c]:
                need_white += rest - own_cubes[c]
        if need_white > self.white_cubes:
            return -1
        if t[5] > spare_meeples:
            used += t[5] - spare_meeples
        return -1 if used > self.cube_count else self.cube_count - used

    def value(self, t, n, pv, w, o, e) -> int:
        """The best points of a path with these counts; -1 if the hand cannot pay for it."""
        return self.value_from(self.leftover_cubes(t), t, n, pv, w, o, e)

    def value_from(self, left, t, n, pv, w, o, e) -> int:
        """:meth:`value` once the spare cubes *left* are known."""
        if left < 0:
            return -1
        buys = left // FREE_ACTION_PRICE
        bought_doors = w - self.hand_doors if w > self.hand_doors else 0
        if buys < bought_doors:
            return -1
        spare = self.hand_doors - w if self.hand_doors > w else 0
        hand_on_open = o if o < spare else spare
        slots = (n - pv) + (o - hand_on_open)
        extra = buys - bought_doors
        if extra > slots:
            extra = slots
        solo = SOLO_BONUS if self.threshold is not None and n > self.threshold else 0
        return n + pv + e + w + hand_on_open + extra + solo + self.requests(t)

    def fits_someone(self, j: int) -> bool:
        """Whether some visitor in hand fits tile *j* (its colour or white; a Park: any, F6)."""
        c = self.cat[j]
        return bool(self.white_cubes or (self.fit_total if c == 5 else self.hand_fit[c]))

    def max_placeable(self, counts) -> int:
        """How many of the tiles with category counts *counts* the whole hand could fill."""
        over = 0   # animal tiles beyond the visitors of their own colour
        for count, have in zip(counts, self.hand_fit):
            if count > have:
                over += count - have
        matched = counts[0] + counts[1] + counts[2] + counts[3] + counts[4] - over
        white = self.white_cubes
        white_on_animals = white if white < over else over
        # Parks take any visitor left: own-colour ones not needed on their animals, and white ones.
        for_parks = self.fit_total - matched + white - white_on_animals
        return matched + white_on_animals + (counts[5] if counts[5] < for_parks else for_parks)


@lru_cache(maxsize=4096)
def _card_sets(cards: tuple[RequestCard, ...]) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
    """Every non-empty set of cards as (needs summed per category, points, card indices), most points
    first, then fewer cards (the order :func:`~zoobook.fivebyfive.scoring.best_request_cards` prefers).

    Cached by the cards (a tuple, so no caller can change it): a player keeps the same three
    cards for a round, and the bots compile a puzzle for every board and hand they value."""
    sets = []
    for mask in range(1, 1 << len(cards)):
        chosen = [i for i in range(len(cards)) if mask >> i & 1]
        needs = [0] * 5
        for i in chosen:
            for category, count in cards[i].needs:
                needs[_INDEX_OF_NAME[category._value_]] += count
        sets.append((tuple(needs), sum(cards[i].points for i in chosen), tuple(chosen)))
    sets.sort(key=lambda item: (-item[1], len(item[2]), item[2]))
    return tuple(sets)


@dataclass
class SearchStats:
    """What the search did, for the explanation."""

    paths: int = 0
    bounded: int = 0
    root_bound: int = 0
    #: The tiles some path the hand can pay for entered, as bits of tile indices: a lineup this hand can make
    #: reaches each of them (the explanation need not search for those again).
    entered: int = 0


def _search_region(comp: _Compiled) -> int:
    """The cells every lineup stays in (a cell bit board): a walk from the gate's tile over tiles
    the hand has a visitor for (any tile, with a white cube) and over walls only if a door can be
    had at all (one in hand, or 3 cubes to buy one). No cell when no tile stands on the gate's
    cell: no lineup enters the board (F4), so the bound is the empty lineup's."""
    if comp.entry is None:
        return 0
    category_cells = comp.category_cells
    passable = comp.covered if comp.white_cubes else category_cells[5]
    if not comp.white_cubes:
        for c in range(5):
            if comp.hand_fit[c]:
                passable |= category_cells[c]
    return _flood(comp.tile_cells[comp.entry[0]], passable,
                  comp.hand_doors > 0 or comp.cube_count >= FREE_ACTION_PRICE, *comp.steps_ok)


class _Bound:
    """The optimistic bound of the search (F9-F13): the most points any lineup extending a path
    of *length* tiles, with *tokens* popularity tokens on them and *doors* doors crossed, could
    score (:meth:`at`, cached by those three numbers).

    Every tile of the search's *region* (:func:`_search_region`) the hand could fill is
    counted as visited, with every token and door still on the way free (at most one
    token per tile, F10, and one door per crossing), every spare cube a third of a
    point (3 buy a token or a door, F9), the solo bonus if that many visitors beat the
    threshold (F12) and the best request cards the region and the hand allow (F13).
    """

    __slots__ = ("region_tokens", "tiles_at_most", "region_cards", "by_length", "existing_doors", "cube_count",
                 "meeple_count", "hand_doors", "solo_at")

    def __init__(self, comp: _Compiled, region: int) -> None:
        region_counts = [(region & anchors).bit_count() for anchors in comp.anchor_masks]
        self.tiles_at_most = comp.max_placeable(region_counts)
        self.region_tokens = (region & comp.popular_anchors).bit_count()
        self.region_cards = comp.request_bound(region_counts) if comp.cards else 0
        self.existing_doors, self.hand_doors = comp.existing_doors, comp.hand_doors
        self.cube_count, self.meeple_count = comp.cube_count, comp.meeple_count
        self.solo_at = comp.threshold if comp.threshold is not None else 10**6   # the bonus needs more than this
        #: The bounds worked out so far: by length, then by ``tokens << 5 | doors`` (the search reads them).
        self.by_length: list[dict[int, int]] = [{} for _ in range(self.cube_count + self.meeple_count + 2)]

    def at(self, length: int, tokens: int, doors: int) -> int:
        """The bound of a path of *length* tiles with *tokens* popularity tokens and *doors* doors."""
        cached = self.by_length[length]
        key = tokens << 5 | doors
        value = cached.get(key)
        if value is None:
            value = cached[key] = self._points(length, tokens, doors)
        return value

    def _points(self, length: int, tokens: int, doors: int) -> int:
        tiles = self.tiles_at_most if self.tiles_at_most > length else length
        more = tiles - length
        tokens_ahead, doors_ahead = self.region_tokens - tokens, self.existing_doors - doors
        all_tokens = tokens + (more if more < tokens_ahead else tokens_ahead)
        all_doors = doors + (more if more < doors_ahead else doors_ahead)
        cubes_left = self.cube_count - (tiles - self.meeple_count if tiles > self.meeple_count else 0)
        bought = self.hand_doors + (cubes_left if cubes_left > 0 else 0) // FREE_ACTION_PRICE
        slots = 2 * tiles - all_tokens - all_doors
        return (tiles + all_tokens + all_doors + (bought if bought < slots else slots)
                + (SOLO_BONUS if tiles > self.solo_at else 0) + self.region_cards)


class _Path(NamedTuple):
    """A partial lineup on the walk's stack, as much of it as the walk needs to extend it.

    The hand is tracked by the same greedy as :meth:`_Compiled.leftover_cubes`: meeples
    first on tiles of their own colour (then parks), cubes of the tile's colour, white
    cubes where the colour ran out.
    """

    bound: int       #: the optimistic bound it was kept with (:class:`_Bound`)
    here: int        #: the tile it stands on (the walk starts on ``len(tiles)``, before the gate)
    trail: tuple     #: its moves as a linked list, ``(last move, trail before it)``, or None
    visited: int     #: the tiles visited, as bits of tile indices
    counts: int      #: tiles visited per category, packed 5 bits each (``_unpack``): a step adds one number
    capped: int      #: the same, capped at what the request cards ask for (one more changes no card)
    card_points: int  #: the request points those counts meet
    length: int      #: tiles visited
    tokens_doors: int  #: popularity tokens on them << 5 | doors crossed (already on the board)
    walls: int       #: walls crossed (each needs a door)
    opens: int       #: open borders crossed (a door placed there scores)
    cubes_used: int      #: cubes on animal tiles
    spare_meeples: int   #: meeples not needed on their own colour's tiles (they go on parks)
    whites_used: int     #: white cubes on tiles whose colour ran out


class _Walk:
    """The branch and bound over lineups (see :func:`_search`): a depth-first walk from the gate.

    The walk keeps a stack of partial lineups still to extend (:class:`_Path`), the best on
    top. :meth:`run` takes the top one and, while its bound still beats the best lineup found,
    checks each step from it and pushes the steps worth extending. A path's trail shares its
    parent's instead of copying it.
    """

    __slots__ = ("comp", "bound", "ceiling", "best_value", "best_trail", "stats", "steps_from", "exits",
                 "card_points_by_capped", "rules")

    def __init__(self, comp: _Compiled, bound: _Bound, best_value: int, ceiling: int, stats: SearchStats) -> None:
        self.comp, self.bound, self.ceiling, self.stats = comp, bound, ceiling, stats
        self.best_value, self.best_trail = best_value, None
        self.card_points_by_capped: dict[int, int] = {}   # request points, by capped counts (see _Path)
        # Each tile's steps (:class:`_Step` fields), and the tiles they lead to as tile bits, made when the
        # walk first stands on the tile. The walk starts on a virtual tile (index len(tiles)) whose
        # only step enters the gate's tile.
        tiles = len(comp.tiles)
        self.steps_from: list[list[tuple] | None] = [None] * tiles + [[comp.step_into(*comp.entry)]]
        self.exits: list[int | None] = [None] * tiles + [1 << comp.entry[0]]
        # The rules every step reads: doors in hand, visitors in hand, the solo threshold.
        self.rules = (comp.hand_doors, comp.cube_count + comp.meeple_count,
                      comp.threshold if comp.threshold is not None else 10**6)   # the solo bonus needs more

    def start(self) -> tuple:
        """The path before the gate (as a plain tuple, see :class:`_Step`)."""
        return tuple(_Path(bound=self.ceiling, here=len(self.comp.tiles), trail=None, visited=0, counts=0, capped=0,
                           card_points=self.card_points(0), length=0, tokens_doors=0, walls=0, opens=0,
                           cubes_used=0, spare_meeples=self.comp.meeple_count, whites_used=0))

    def card_points(self, capped: int) -> int:
        """The request points met by the capped counts *capped* (cached)."""
        points = self.card_points_by_capped[capped] = self.comp.requests(_unpack(capped))
        return points

    @property
    def best_path(self) -> list[tuple[int, int, tuple[int, str]]]:
        """The moves of the best lineup found, from the gate."""
        moves, trail = [], self.best_trail
        while trail is not None:
            move, trail = trail
            moves.append(move)
        return moves[::-1]

    def run(self) -> None:
        """Walk every lineup from the gate, or until one scores the bound of the whole round.

        The top path of the stack is dropped if its bound no longer beats the best found (it
        may have risen since the path was pushed); else each step from it is checked in this
        order (chosen for speed; none changes which lineup is found): 1. the bound, 2. the
        hand, 3. the score (a new best is kept), 4. the end. The steps kept are pushed best
        bound last, so the best is extended next.

        The loop is one function on purpose: a path has about one step worth checking, so a
        call per path costs about as much as a check (the walk with the checks of each path in
        a method of their own took a sixth longer, measured on the benchmark's boards); the
        checks read tables made once instead (:class:`_Bound`, the request points by capped
        counts, the steps of :meth:`_Compiled.step_into`).
        """
        comp = self.comp
        hand_doors, visitors, solo_at = self.rules
        price = FREE_ACTION_PRICE
        own_meeples, hand_fit, white_cubes, cube_count = (comp.own_meeples, comp.hand_fit, comp.white_cubes,
                                                          comp.cube_count)
        request_caps, request_points = _request_caps(comp.cards), self.card_points_by_capped
        card_points_of = self.card_points
        steps_from, exits, ceiling = self.steps_from, self.exits, self.ceiling
        by_length, bound_at = self.bound.by_length, self.bound.at
        best_value = self.best_value
        paths = bounded = entered = 0
        stack = [self.start()]   # the next path to extend on top
        try:
            while stack:
                (path_bound, here, trail, visited, counts, capped, card_points, length, tokens_doors, walls, opens,
                 cubes_used, spare_meeples, whites_used) = stack.pop()   # a _Path (see _Step)
                if path_bound <= best_value:
                    bounded += 1   # its bound no longer beats the best found since it was pushed
                    continue
                length2 = length + 1
                bounds = by_length[length2]
                # What every step shares: the tile itself, the solo bonus, what the path crossed so far.
                tokens = tokens_doors >> 5
                sure_base = length2 + (SOLO_BONUS if length2 > solo_at else 0) + tokens + (tokens_doors & 31) + walls
                slots_base = length2 - tokens + opens
                parks = counts >> 25
                kept = []
                for step in steps_from[here]:   # made when the step onto *here* was checked for exits
                    if visited & step[0]:   # its tile_bit: visited already
                        continue
                    (tile_bit, tile, category, count_shift, count_unit, tokens_doors_gain, walled, opened,
                     sure_gain, slot_gain, move) = step
                    # 1. The bound: the most this step could lead to must beat the best found.
                    tokens_doors2 = tokens_doors + tokens_doors_gain
                    step_bound = bounds.get(tokens_doors2)
                    if step_bound is None:
                        step_bound = bound_at(length2, tokens_doors2 >> 5, tokens_doors2 & 31)
                    if step_bound <= best_value and entered & tile_bit:
                        bounded += 1
                        continue
                    # 2. The hand: a visitor left that fits the tile, and cubes for the doors the walls
                    #    need (else no longer lineup can be paid for either). A step the bound cuts is
                    #    checked this far only if no lineup was known to enter its tile yet.
                    before = counts >> count_shift & 31   # tiles of this category visited before
                    if category < 5:
                        if before < own_meeples[category]:
                            cubes_used2, spare_meeples2, whites_used2 = cubes_used, spare_meeples - 1, whites_used
                        else:
                            cubes_used2, spare_meeples2, whites_used2 = cubes_used + 1, spare_meeples, whites_used
                            if before >= hand_fit[category]:
                                whites_used2 += 1
                                if whites_used2 > white_cubes:
                                    continue
                        cubes_on_parks = parks - spare_meeples2 if parks > spare_meeples2 else 0
                    else:
                        cubes_used2, spare_meeples2, whites_used2 = cubes_used, spare_meeples, whites_used
                        cubes_on_parks = parks + 1 - spare_meeples if parks >= spare_meeples else 0
                    cubes_left = cube_count - cubes_used2 - cubes_on_parks
                    if cubes_left < 0:
                        continue
                    walls2 = walls + walled
                    buys = cubes_left // price
                    doors_to_buy = walls2 - hand_doors if walls2 > hand_doors else 0
                    if buys < doors_to_buy:
                        continue
                    entered |= tile_bit   # a lineup this hand can make enters the tile
                    if step_bound <= best_value:
                        bounded += 1
                        continue
                    if before < request_caps[category]:
                        capped2 = capped + count_unit
                        card_points2 = request_points.get(capped2)
                        if card_points2 is None:
                            card_points2 = card_points_of(capped2)
                    else:
                        capped2, card_points2 = capped, card_points
                    # 3. The score (as :meth:`_Compiled.value_from`, step by step).
                    opens2 = opens + opened
                    doors_spare = hand_doors - walls2 if hand_doors > walls2 else 0
                    hand_doors_on_open = opens2 if opens2 < doors_spare else doors_spare
                    buys_left = buys - doors_to_buy
                    slots = slots_base + slot_gain - hand_doors_on_open
                    value = (sure_base + sure_gain + hand_doors_on_open + (buys_left if buys_left < slots else slots)
                             + card_points2)
                    paths += 1
                    if value > best_value:
                        best_value = self.best_value = value
                        self.best_trail = (move, trail)
                        if value >= ceiling:
                            return   # it scores the bound of the whole round: nothing can score more
                    # 4. The end: the hand is empty, or every tile this one leads to is visited.
                    if length2 == visitors:
                        continue
                    visited2 = visited | tile_bit
                    leads = exits[tile]
                    if leads is None:
                        leads = self.exits_of(tile)
                    if leads & ~visited2:
                        kept.append((step_bound, tile, (move, trail), visited2, counts + count_unit, capped2,
                                     card_points2, length2, tokens_doors2, walls2, opens2, cubes_used2,
                                     spare_meeples2, whites_used2))   # a _Path, as a plain tuple (see _Step)
                if kept:
                    if len(kept) > 1:
                        # Best bound last: a stable sort of the reversed list (ties keep the neighbours' order).
                        kept.reverse()
                        kept.sort(key=_first)
                    stack += kept
        finally:
            self.stats.paths, self.stats.bounded, self.stats.entered = paths, bounded, entered

    def exits_of(self, tile: int) -> int:
        """The tiles *tile* leads to, as tile bits (its steps are made the first time)."""
        steps = self.steps_from[tile] = self.comp.steps_from(tile)
        leads = 0
        for step in steps:
            leads |= step[0]   # its tile_bit
        self.exits[tile] = leads
        return leads


def _request_caps(cards: tuple[RequestCard, ...]) -> list[int]:
    """For each category, the tiles all the cards together ask for: one more changes no card."""
    caps = [0] * 6
    for card in cards:
        for category, count in card.needs:
            caps[_INDEX_OF_NAME[category._value_]] += count
    return caps


def _search(comp: _Compiled) -> tuple[int, list[tuple[int, int, tuple[int, str]]], SearchStats]:
    """Branch and bound over lineups; returns the best value, its path and the statistics.

    A path is a list of moves ``(tile index, border kind, border reference)``. The
    walk (:class:`_Walk`) goes depth first; on each step it checks, in this order
    (chosen for speed; none changes which lineup is found):

    1. *bound*: the optimistic bound of the path (:meth:`_Bound.at`) must beat the
       best found; it depends on the length, tokens and doors only, so it is cached
       by them, and a step it cuts needs nothing more (but the hand check, while no
       lineup is known to enter its tile: the explanation needs those tiles);
    2. *hand*: a visitor must be left for the tile and the cubes must still pay for
       the doors the walls crossed need (else no longer path can be paid either);
    3. the step is scored, and kept as the best if it scores more; a path that
       scores the bound of the whole round ends the search;
    4. *end*: a path that used the last visitor, or whose tile leads only to
       visited tiles, is not extended.

    The surviving steps are then extended best bound first (a stable sort, so ties
    keep the neighbours' order), each only if its bound still beats the best (which
    may have risen meanwhile).
    """
    stats = SearchStats()
    best_value = comp.value([0] * 6, 0, 0, 0, 0, 0)
    if comp.entry is None:
        return best_value, [], stats
    bound = _Bound(comp, _search_region(comp))
    ceiling = stats.root_bound = max(best_value, bound.at(0, 0, 0))
    if best_value >= ceiling:
        return best_value, [], stats
    walk = _Walk(comp, bound, best_value, ceiling, stats)
    walk.run()
    return walk.best_value, walk.best_path, stats


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


def solve_lineup(puzzle: LineupPuzzle) -> Solution:
    """The best lineup of the round, its plan (witness) and why nothing scores more.

    Returns
    -------
    Solution
        ``value``: the most points; ``witness``: tiles in visiting order, the
        visitor on each, doors placed, free actions, cards met (numbered from 1)
        and the points by source; ``explanation``: sentences.
    """
    plan, stats = _best_plan(puzzle)
    return Solution(plan.value, plan.witness(), tuple(_explain(puzzle, plan, stats)))


def best_plan(puzzle: LineupPuzzle) -> LineupPlan:
    """The plan of :func:`solve_lineup`'s lineup, without the explanation.

    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "park")))
    >>> plan = best_plan(LineupPuzzle(board, "W", cubes="RY"))
    >>> [t.name for t in plan.tiles], plan.value
    (['A3', 'B3'], 2)
    """
    return _best_plan(puzzle)[0]


def _best_plan(puzzle: LineupPuzzle) -> tuple[LineupPlan, SearchStats]:
    comp = _compiled(puzzle)
    value, best, stats = _search(comp)
    plan = _plan(puzzle, [(comp.tiles[j], comp.border(ref)) for j, _, ref in best],
                 [_STATE_OF_KIND[kind] for _, kind, _ in best])
    if plan.value != value:
        raise AssertionError(f"internal error: plan scores {plan.value}, search said {value}")
    return plan, stats


def lineup_bound(puzzle: LineupPuzzle) -> _Bound:
    """The search's optimistic bound for *puzzle* (:class:`_Bound`).

    ``at(length, tokens, doors)`` is at least the round points of every lineup that
    begins with a path of *length* tiles carrying *tokens* popularity tokens and crossing
    *doors* doors already placed, and ``tiles_at_most`` is at least the tiles any lineup
    visits (:mod:`~zoobook.fivebyfive.final_lineup` cuts its walk with them).

    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "park")))
    >>> bound = lineup_bound(LineupPuzzle(board, "W", cubes="RY"))
    >>> bound.tiles_at_most, bound.at(0, 0, 0) >= best_lineup_value(LineupPuzzle(board, "W", cubes="RY"))
    (2, True)
    """
    comp = _compiled(puzzle)
    return _Bound(comp, _search_region(comp))


def best_lineup_value(puzzle: LineupPuzzle) -> int:
    """The most points of the round, without the plan or the explanation.

    The bots ask this thousands of times a game; it is the value :func:`solve_lineup`
    returns, at the cost of the search alone.
    """
    return _search(_compiled(puzzle))[0]


def _explain(puzzle: LineupPuzzle, plan: LineupPlan, stats: SearchStats) -> list[str]:
    board = puzzle.board
    lines: list[str] = []
    entry = board.gate_tile(puzzle.gate) if not plan.tiles else plan.tiles[0]
    if entry is None:
        lines.append(f"No Animal tile stands on the {puzzle.gate} gate's cell, so no visitor can enter "
                     f"{cite('F4')}.")
    elif not plan.tiles:
        lines.append(f"No lineup scores: the first tile, {entry}, cannot be entered with this hand "
                     f"(or entering it scores nothing more) {cite('F6')}.")
    comp = _compiled(puzzle)
    bought = {name for _, gain, name in plan.free_actions if gain == "popularity"}
    doors = comp.doors   # as bits of _SIDE_BIT, with the doors placed
    for b in plan.doors_placed:
        doors |= _SIDE_BIT[_border_key(b)]
    popular_cells = comp.popular_anchors
    start = f"the {puzzle.gate} gate"
    for step, (tile, border, (colour, meeple)) in enumerate(zip(plan.tiles, plan.borders, plan.visitors), 1):
        anchor = tile.cells[0]
        k = anchor.row * 5 + anchor.column
        name = _CELL_NAMES[k]
        gains = ["1 for the tile"]
        if popular_cells >> k & 1:
            gains.append("1 for its popularity token")
        elif name in bought:
            gains.append("1 for the popularity token bought for it")
        if doors & _SIDE_BIT[_border_key(border)]:
            gains.append(f"1 for the door on {_border_name(border)}")
        large = "large " if len(tile.cells) == 2 else ""
        lines.append(f"Visitor {step}: from {start} to the {large}{_CATEGORY_WORD[tile.category._value_]} tile at "
                     f"{name}, a {_COLOUR_WORD[colour._value_]} {'meeple' if meeple else 'cube'}: {join_words(gains)}.")
        start = name
    for pay, gain, tile in plan.free_actions:
        target = f"placed on {tile}" if tile else "placed on a border the lineup crosses"
        lines.append(f"Free action {cite('F9')}: pay {pay} for a {gain} token, {target}.")
    if plan.cards:
        met = join_words(str(puzzle.requests[i]) for i in plan.cards)
        lines.append(f"Request cards met {cite('F13')}: {met}.")
    if plan.points.get("solo"):
        lines.append(f"Solo bonus {cite('F12')}: {len(plan.tiles)} visitors is more than "
                     f"{puzzle.solo_threshold}, so 4 points.")
    elif puzzle.solo_threshold is not None and plan.tiles:
        lines.append(f"No solo bonus: {plan_count(plan)} is not more than {puzzle.solo_threshold} "
                     f"{cite('F12')}.")
    p = plan.points
    lines.append(f"Total {plan.value}: {plural(p['tiles'], 'tile')} + {p['popularity']} popularity"
                 f" + {plural(p['doors'], 'door')} + {p['solo']} solo bonus + {p['requests']} request points"
                 f" {cite('F11')}.")
    lines += _left_out(puzzle, plan, stats.entered)
    lines.append(f"Why nothing scores more: the search tried every lineup from the gate, extending "
                 f"{plural(stats.paths, 'partial lineup')}; {stats.bounded} {'was' if stats.bounded == 1 else 'were'} "
                 "cut because even "
                 "their optimistic bound (every "
                 "tile still reachable that the hand could fill, each remaining token and door free, "
                 "every spare cube a third of a point, the best request cards) could not beat the best "
                 f"found. Before searching, that bound for the whole round was {stats.root_bound}.")
    return lines


#: The search that tells unreachable tiles from tiles left out by choice stops after this many steps.
REACH_CAP = 400


def reachable_tiles(puzzle: LineupPuzzle, wanted: set[str] | None = None,
                    cap: int = REACH_CAP) -> tuple[set[str], bool]:
    """The tiles some lineup this hand can make enters, and whether that answer is complete.

    A search from the gate over what lineups need (visitors that fit, doors in hand or bought
    for the walls crossed), stopping early once every tile of *wanted* is found, or after *cap*
    steps (then the answer may miss some: ``complete`` is False).

    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> board = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird"), Tile.make("C3", "park")))
    >>> sorted(reachable_tiles(LineupPuzzle(board, "W", cubes="YR"))[0])
    ['A3']
    >>> sorted(reachable_tiles(LineupPuzzle(board, "W", cubes="YYR"))[0])
    ['A3', 'B3', 'C3']
    """
    comp = _compiled(puzzle)
    if comp.entry is None:
        return set(), True
    names = comp.names
    if wanted is not None:
        # A cheap bound first (the search's own region): over tiles some visitor in hand fits, and
        # over walls only if a door can be had at all. What this cannot reach, no lineup reaches.
        region = _search_region(comp)
        wanted = {names[j] for j in range(len(names)) if comp.tile_cells[j] & region} & wanted
    # Whether the hand can pay for a lineup depends only on how many tiles of each category it
    # enters (counts t) and how many walls it crosses (w), and more of either never helps. So a
    # tile is reachable when some walk to it has payable (t, w); a walk that enters a tile twice
    # contains a lineup to the same tile that needs less, so walks need not be simple. Each tile
    # keeps the labels (t, w) no other label there beats (a Pareto front), as in a multi-criteria
    # shortest-path search.
    cat, neighbours, spare_doors = comp.cat, comp.neighbours, comp.hand_doors
    wanted_tiles = None if wanted is None else {j for j, name in enumerate(names) if name in wanted}
    first, first_kind = comp.entry[0], comp.entry[1]
    # A label packs the walls and the six category counts in 7-bit fields, each with a guard bit
    # on top, so "every field of a <= every field of b" is one subtraction: ((b | G) - a) & G == G.
    unit = [1 << (7 * (c + 1)) for c in range(6)]
    guard = sum(1 << (7 * f + 6) for f in range(7))
    # The doors the hand can pay for (in hand, or bought with the cubes left), by a label's
    # counts (label >> 7); -1 if the visitors do not fit those counts. A label is payable when
    # it crosses no more walls than that.
    budgets: dict[int, int] = {}

    def budget(counts: int) -> int:
        left = comp._leftover_cubes((counts & 63, counts >> 7 & 63, counts >> 14 & 63, counts >> 21 & 63,
                                     counts >> 28 & 63, counts >> 35 & 63))
        doors = budgets[counts] = spare_doors + left // FREE_ACTION_PRICE if left >= 0 else -1
        return doors

    start = int(first_kind == _WALL) + unit[cat[first]]
    fronts: dict[int, list[int]] = {}
    queue = [(first, start)] if budget(start >> 7) >= start & 63 else []
    if queue:
        fronts[first] = [start]
    missing = None if wanted_tiles is None else len(wanted_tiles - fronts.keys())
    walked = 0
    while queue:
        if missing == 0:
            break
        walked += 1
        if walked > cap:
            return {names[j] for j in fronts}, False
        j, packed = queue.pop()
        if packed not in fronts[j]:
            continue   # beaten since it was queued
        for k, (kind, _) in neighbours(j).items():   # the best border to each (a door, else open, else a wall)
            label = packed + unit[cat[k]] + (kind == _WALL)
            doors = budgets.get(label >> 7)
            if doors is None:
                doors = budget(label >> 7)
            if doors < label & 63:
                continue
            front = fronts.get(k)
            if front is None:
                fronts[k] = [label]
                if missing is not None and k in wanted_tiles:
                    missing -= 1
            else:
                lifted = label | guard
                for u in front:
                    if (lifted - u) & guard == guard:
                        break   # an existing label needs no more of anything
                else:
                    front[:] = [u for u in front if ((u | guard) - label) & guard != guard]
                    front.append(label)
                    queue.append((k, label))
                continue
            queue.append((k, label))
    return {names[j] for j in fronts}, True


def _left_out(puzzle: LineupPuzzle, plan: LineupPlan, entered: int = 0) -> list[str]:
    """The tiles the lineup does not enter, in three groups: no visitor fits them, no lineup
    this hand can make reaches them, or left out by choice (reachable, but not worth it).
    The tiles of *entered* (bits of tile indices) are known to be reachable: some path the
    search found the hand can pay for entered them."""
    visited = {_tile_name(t) for t in plan.tiles}
    comp = _compiled(puzzle)
    names = comp.names
    unpayable, payable, unknown = [], [], set()
    for j, name in enumerate(names):
        if name not in visited:
            if comp.fits_someone(j):
                payable.append(name)
                if not entered >> j & 1:
                    unknown.add(name)
            else:
                unpayable.append(name)
    reached, complete = reachable_tiles(puzzle, unknown) if unknown else (set(), True)
    reached |= {name for name in payable if name not in unknown}
    unsettled = [] if complete else [name for name in payable if name not in reached]
    unreachable = [name for name in payable if name not in reached and name not in unsettled]
    chosen = [name for name in payable if name in reached]
    lines = []
    if plan.tiles:
        rest = (Counter((_BY_LETTER[x], False) for x in puzzle.cubes)
                + Counter((_BY_LETTER[x], True) for x in puzzle.meeples) - Counter(plan.visitors))
        if rest:
            words = join_words(plural(n, f"{_COLOUR_WORD[c._value_]} {'meeple' if m else 'cube'}")
                               for (c, m), n in sorted(rest.items(),
                                                       key=lambda item: _LETTERS.index(item[0][0]._value_)))
            lines.append(f"Visitors left in hand after this lineup: {words}.")
    if unpayable:
        lines.append(f"Cannot be paid for: no visitor in hand fits {join_words(unpayable)} {cite('F6')}.")
    if unreachable:
        lines.append(f"Unreachable with this hand: {join_words(unreachable)}; every lineup towards them runs out "
                     "of visitors that fit, or of doors for the walls on the way, before it gets there "
                     f"{cite('F4')}.")
    if chosen:
        lines.append(f"Left out by choice: {join_words(chosen)}; a lineup could enter "
                     f"{'it' if len(chosen) == 1 else 'them'}, but none that does scores more "
                     "(the search proves it).")
    if unsettled:
        lines.append(f"Not entered: {join_words(unsettled)}; whether a lineup this hand can make reaches "
                     f"{'it' if len(unsettled) == 1 else 'them'} was not worked out (too many lineups to walk), "
                     "but none that does would score more (the search proves it).")
    return lines


@cache
def cite(ruling_id: str) -> str:
    """The ruling citation (cached: explanations cite the same few rulings)."""
    return _cite(ruling_id)


def plan_count(plan: LineupPlan) -> str:
    return plural(len(plan.tiles), "visitor")
