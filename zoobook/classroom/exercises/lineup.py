"""Exercises of notebook 4, the 5x5 Zoo lineup as a longest-path search (rulings F4-F13).

* ``longest_lineup(graph)``: the most tiles one walk from the gate can visit in the
  lineup graph (a simple path, walls closed), hand ignored. Reference: every
  simple path from the gate, enumerated by networkx.
* ``best_lineup(puzzle)``: the most points of the round and a path reaching them,
  by backtracking over paths scored with the library's
  :func:`~zoobook.fivebyfive.solver.evaluate`. Reference: the library's optimal
  solver :func:`~zoobook.fivebyfive.solver.solve_lineup`.

>>> from zoobook.classroom.checking import check
>>> check(_brute_longest, LONGEST_LINEUP, seed=0, random_cases=5, allow_solvers=True).passed
True
>>> check(_brute_longest, LONGEST_LINEUP, seed=0).passed  # as a student's answer: it is the reference
False
"""

from __future__ import annotations

import random
from functools import lru_cache

import networkx as nx

from zoobook.classroom.checking import Case, Challenge, Exercise, show
from zoobook.classroom.drawing import lineup_figure
from zoobook.classroom.exercises import workbook_puzzles
from zoobook.fivebyfive.board import GATES
from zoobook.fivebyfive.lineup import GATE, lineup_graph
from zoobook.fivebyfive.lineup_generator import random_board, random_lineup_puzzle
from zoobook.fivebyfive.solver import evaluate, solve_lineup

#: The library's lineup solvers (``evaluate``, one path's score, is the exercise's tool, not its answer).
_LINEUP_SOLVERS = tuple(f"zoobook.fivebyfive.solver.{name}" for name in (
    "solve_lineup", "best_plan", "best_lineup_value", "lineup_bound"))

__all__ = ["LONGEST_LINEUP", "BEST_LINEUP", "CHALLENGE", "lineup_puzzles", "challenge_puzzle"]


@lru_cache(maxsize=1)
def lineup_puzzles() -> tuple:
    """``(title, LineupPuzzle)`` of every 5x5 puzzle of the workbook, easiest first."""
    return tuple((p.title or p.id, p.model) for p in workbook_puzzles("5x5"))


def _brute_longest(graph) -> int:
    """The tiles on the longest simple path from the gate: every path, enumerated."""
    simple = nx.Graph(graph)
    if GATE not in simple:
        return 0
    targets = [n for n in simple if n != GATE]
    return max((len(path) - 1 for path in nx.all_simple_paths(simple, GATE, targets)), default=0)


def _longest_cases():
    return [Case(f"the lineup graph of '{title}'", (lineup_graph(p.board, p.gate),))
            for title, p in lineup_puzzles() if len(p.board.tiles) <= 16]


def _random_longest(rng: random.Random) -> Case:
    cells = rng.randint(4, 14)
    board = random_board(rng, cells=cells, walls=rng.choice((0.1, 0.25)))
    gate = rng.choice(GATES)
    return Case(f"a random board of {cells} cells, gate {gate}", (lineup_graph(board, gate),))


def _draw_longest(case, expected, got):
    return lineup_figure(case.args[0], title=f"the longest lineup visits {expected} tiles, you said {got}")


def _draw_lineup(case, expected, got):
    puzzle = case.args[0]
    best = solve_lineup(puzzle).witness["tiles"]
    return lineup_figure(lineup_graph(puzzle.board, puzzle.gate, include_blocked=True), path=best,
                         title=f"blue: a best lineup, {expected} points (red dashed borders are walls)")


LONGEST_LINEUP = Exercise(
    name="longest_lineup",
    task="the most tiles a lineup can visit: the longest simple path from 'gate' in the lineup graph",
    reference=_brute_longest,
    workbook=_longest_cases,
    random_case=_random_longest,
    draw=_draw_longest,
    random_cases=25,
    # The check counts every simple path with networkx: the exercise is to write that search.
    solvers=("networkx.all_simple_paths", "networkx.all_simple_edge_paths", *_LINEUP_SOLVERS),
)


def _judge_lineup(case, expected: int, got) -> str | None:
    puzzle = case.args[0]
    try:
        value, path = got
        path = list(path)
    except (TypeError, ValueError):
        return f"expected a pair (points, list of tile names), got {show(got)}"
    if value != expected:
        best = solve_lineup(puzzle).witness["tiles"]
        return (f"the best lineup scores {expected}, you found {value} (one best lineup visits "
                f"{' -> '.join(best) or 'nothing'})")
    scored = evaluate(puzzle, path) if path else 0
    if scored is None:
        return f"{show(path)} is not a lineup this hand can make"
    if scored != value:
        return f"your path {show(path)} scores {scored}, not the {value} you claim"
    return None


def _lineup_cases():
    return [Case(f"'{title}'", (p,)) for title, p in lineup_puzzles()]


def _random_lineup(rng: random.Random) -> Case:
    cells = rng.randint(6, 20)
    puzzle = random_lineup_puzzle(rng, cells=cells, max_cubes=9, requests=rng.choice((0, 0, 2)))
    return Case(f"a random board of {cells} cells, {len(puzzle.cubes)} cubes", (puzzle,))


BEST_LINEUP = Exercise(
    name="best_lineup",
    task="(points, path): the most points this round and the tiles of a lineup scoring them, from the gate",
    reference=lambda puzzle: solve_lineup(puzzle).value,
    workbook=_lineup_cases,
    random_case=_random_lineup,
    judge=_judge_lineup,
    draw=_draw_lineup,
    random_cases=20,
    solvers=_LINEUP_SOLVERS,
)


@lru_cache(maxsize=1)
def challenge_puzzle():
    """A seeded full board, a big hand (14 cubes, 2 meeples, a door) and three request cards."""
    return random_lineup_puzzle(random.Random(5014), cells=25, max_cubes=14, max_meeples=2, max_doors=1,
                                requests=3)


CHALLENGE = Challenge(
    name="challenge: a full board",
    question=("On the challenge board (25 cells, a hand of up to 14 cubes and three request cards), how many "
              "points can the best lineup of the round score?"),
    solve=lambda: solve_lineup(challenge_puzzle()).value,
)
