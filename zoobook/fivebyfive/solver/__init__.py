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

from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver.compiled import _compiled
from zoobook.fivebyfive.solver.explain import _explain, reachable_tiles
from zoobook.fivebyfive.solver.plan import _STATE_OF_KIND, LineupPlan, _plan, evaluate, plan_for_path
from zoobook.fivebyfive.solver.search import SearchStats, _Bound, _search, _search_region
from zoobook.puzzles.solution import Solution

__all__ = [
    "LineupPlan", "evaluate", "solve_lineup", "best_plan", "best_lineup_value", "plan_for_path", "reachable_tiles",
    "SearchStats", "lineup_bound",
]


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
