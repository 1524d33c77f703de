"""The branch and bound over lineups: the walk from the gate, its bound and its statistics.

:func:`_search` walks (:class:`_Walk`) over the paths from the gate, depth first and best bound
first, cutting every path whose optimistic bound (:class:`_Bound`) cannot beat the best lineup
found; the package's text (:mod:`zoobook.fivebyfive.solver`) says why each cut is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from zoobook.fivebyfive.lineup import FREE_ACTION_PRICE
from zoobook.fivebyfive.scoring import SOLO_BONUS, RequestCard

from zoobook.fivebyfive.solver.compiled import _Compiled, _INDEX_OF_NAME, _first, _flood, _unpack

__all__ = ["SearchStats"]


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
