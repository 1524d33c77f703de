"""The lineup puzzle compiled for a fast search: cells, tiles and borders as bits of integers.

:func:`_compiled` makes (once per puzzle) a :class:`_Compiled`: the board as bit masks, the
neighbour steps as plain tuples (:class:`_Step`), the hand's visitors, doors and cubes as counts,
and the closed-form value of a path (:meth:`_Compiled.value`). The search
(:mod:`~zoobook.fivebyfive.solver.search`), the plans (:mod:`~zoobook.fivebyfive.solver.plan`) and the
explanation (:mod:`~zoobook.fivebyfive.solver.explain`) all read this form. Names start with ``_``:
they belong to the solver package, whose face is :mod:`zoobook.fivebyfive.solver`.
"""

from __future__ import annotations

from typing import NamedTuple
from functools import cached_property, lru_cache
from operator import itemgetter

from zoobook.fivebyfive.board import Border, Cell, Side, Tile, gate_border
from zoobook.fivebyfive.lineup import FREE_ACTION_PRICE
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.scoring import SOLO_BONUS, RequestCard
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category, Colour

__all__ = []


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
