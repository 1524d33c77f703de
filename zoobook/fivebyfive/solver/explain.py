"""Why the solver's lineup is the best: the explanation in sentences, and which tiles a hand can reach.

:func:`_explain` writes, step by step, what the lineup scores, which tiles it leaves out and why
(no visitor fits, no lineup this hand can make reaches them, or left out by choice:
:func:`reachable_tiles`), and what the search did to prove nothing scores more.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from zoobook.explain import join_words, plural
from zoobook.fivebyfive.lineup import FREE_ACTION_PRICE
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.rulings import cite as _cite

from zoobook.fivebyfive.solver.compiled import (
    _BY_LETTER, _CATEGORY_WORD, _CELL_NAMES, _COLOUR_WORD, _LETTERS, _SIDE_BIT, _WALL, _border_key, _border_name,
    _compiled, _tile_name,
)
from zoobook.fivebyfive.solver.plan import LineupPlan
from zoobook.fivebyfive.solver.search import SearchStats, _search_region

__all__ = ["reachable_tiles", "REACH_CAP"]


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
