"""Generator for ``5x5/lineup``: random boards and hands (the game's own
:func:`~zoobook.fivebyfive.lineup_generator.random_lineup_puzzle`), graded by solver facts.

Facts
-----
* effort: the legal lineups a brute-force walk from the gate meets (every
  path the hand can pay for, scored with the game's :func:`evaluate`; capped
  at :data:`WALK_CAP`);
* optima: lineups (tile sequences) reaching the optimum; decoys: lineups one
  point short that are not the start of an optimal one;
* greedy answer: from the gate, always step to the neighbour whose lineup
  scores most now, and keep the best score seen on the way.

Examples
--------
>>> import random
>>> from zoobook.fivebyfive.solver import solve_lineup
>>> puzzle = sample_lineup(random.Random(2), 2)
>>> facts = lineup_facts(puzzle, solve_lineup(puzzle))
>>> facts.optima >= 1
True
"""

from __future__ import annotations

import random

from zoobook.fivebyfive.board import Border, BorderState
from zoobook.fivebyfive.components import hand_beyond_box
from zoobook.fivebyfive.lineup import GATE, lineup_graph
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import evaluate
from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator
from zoobook.puzzles.solution import Solution

__all__ = ["sample_lineup", "lineup_facts", "greedy_lineup", "WALK_CAP", "LINEUP_GENERATOR"]

#: The brute-force walk stops counting after this many lineups (then optima are not counted).
WALK_CAP = 3000

#: Hand and card sizes by difficulty hint: (max cubes, max meeples, max doors, request cards).
_HANDS = {1: (4, 1, 1, 0), 2: (6, 2, 1, 0), 3: (7, 2, 2, 1), 4: (8, 2, 2, 2), 5: (9, 3, 2, 2)}


def sample_lineup(rng: random.Random, difficulty: int) -> LineupPuzzle:
    """A full random board and a hand of the hinted size."""
    cubes, meeples, doors, requests = _HANDS[difficulty]
    return random_lineup_puzzle(rng, max_cubes=cubes, max_meeples=meeples, max_doors=doors,
                                requests=rng.randint(0, requests))


def _neighbours(puzzle: LineupPuzzle) -> dict[str, list[str]]:
    graph = lineup_graph(puzzle.board, puzzle.gate, include_blocked=True)
    return {node: sorted(set(graph.neighbors(node)) - {GATE}) for node in graph}


def greedy_lineup(puzzle: LineupPuzzle) -> tuple[list[str], int]:
    """The greedy lineup: the best-scoring next step each time; (path, best score on the way)."""
    near = _neighbours(puzzle)
    best = evaluate(puzzle, []) or 0
    path: list[str] = []
    here = GATE
    while True:
        options = [(evaluate(puzzle, path + [t]), t) for t in near.get(here, []) if t not in path]
        options = [(v, t) for v, t in options if v is not None]
        if not options:
            return path, best
        value, here = max(options, key=lambda o: (o[0], [-ord(ch) for ch in o[1]]))
        path.append(here)
        best = max(best, value)


def lineup_facts(puzzle: LineupPuzzle, solution: Solution) -> Facts:
    """Effort, decoys, greedy gap, optima and themes of a solved lineup question."""
    near = _neighbours(puzzle)
    best = solution.value
    values: dict[tuple[str, ...], int] = {}
    capped = False

    def walk(path: list[str]) -> None:
        nonlocal capped
        if len(values) >= WALK_CAP:
            capped = True
            return
        for tile in near.get(path[-1] if path else GATE, []):
            if tile in path:
                continue
            value = evaluate(puzzle, path + [tile])
            if value is None:  # the hand cannot pay for it, nor for any longer lineup
                continue
            values[tuple(path + [tile])] = value
            walk(path + [tile])

    walk([])
    optimal = [p for p, v in values.items() if v == best]
    starts = {p[:i] for p in optimal for i in range(1, len(p) + 1)}
    decoys = sum(1 for p, v in values.items() if v == best - 1 and p not in starts)
    _, greedy = greedy_lineup(puzzle)
    gap = (best - greedy) / max(1, abs(best))
    optima = None if capped or not optimal else len(optimal)
    return Facts(len(values), decoys, gap, greedy, optima, _themes(puzzle, solution))


def _themes(puzzle: LineupPuzzle, solution: Solution) -> tuple[str, ...]:
    w = solution.witness
    board = puzzle.board
    tiles = {t.name: t for t in board.tiles}
    visited = [tiles[name] for name in w["tiles"]]
    out = []
    if any(t.is_large for t in visited):
        out.append("large tile")
    if any(board.border_state(Border.parse(v["via"])) is BorderState.WALL for v in w["visitors"]):
        out.append("door needed")
    if any(a["gain"] == "popularity" for a in w["free_actions"]):
        out.append("popularity bought")
    if any(a["gain"] == "door" for a in w["free_actions"]):
        out.append("door bought")
    if any(v["visitor"].startswith("white") for v in w["visitors"]):
        out.append("white joker")
    if any(t.category.value == "park" for t in visited):
        out.append("park")
    if w["points"].get("solo"):
        out.append("solo bonus")
    if w["cards"]:
        out.append("request card")
    out.append("longest path search")
    return tuple(out)


def _problems(puzzle: LineupPuzzle, solution: Solution, facts: Facts) -> list[str]:
    beyond = hand_beyond_box(puzzle.cubes, puzzle.meeples)
    if beyond:   # random_hand never makes one; a second guard, since a file may never hold one (F20)
        return [f"{beyond[0]}: {beyond[1]}"]
    if len(solution.witness["tiles"]) < 2:
        return ["a lineup of fewer than two tiles is not a puzzle"]
    return []


def _title(puzzle: LineupPuzzle, solution: Solution, facts: Facts) -> str:
    hand = puzzle.cubes + (f" + meeples {puzzle.meeples}" if puzzle.meeples else "")
    return f"Gate {puzzle.gate}, round {puzzle.round}, hand {hand or 'empty'}"


def _describe(puzzle: LineupPuzzle, solution: Solution, facts: Facts) -> str:
    return ("A generated 5x5 Zoo board: the most points this round's lineup can score "
            f"from the {puzzle.gate} gate with this hand.")


#: Calibrated with zoobook.generate.calibrate("5x5/lineup", samples=400, seed=0).
LINEUP_CALIBRATION = Calibration(effort_scale=200, decoy_scale=8, gap_scale=0.5,
                                 thresholds=(0.092, 0.341, 0.565, 0.688))

LINEUP_GENERATOR = Generator("5x5/lineup", sample_lineup, lineup_facts, LINEUP_CALIBRATION, _title, _problems,
                             _describe)
