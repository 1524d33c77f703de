"""The puzzle catalogue and the verification of certified answers.

Both walk a set of paths, load every puzzle file and never stop at a bad one:
each problem becomes one line in the result, so ``zoobook list`` and
``zoobook verify`` report all of them at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from pathlib import Path

from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import Puzzle, find_puzzle_files, load_puzzle
from zoobook.puzzles.registry import count_optima

__all__ = ["CatalogueEntry", "Check", "catalogue", "load_all", "verify"]


@dataclass(frozen=True)
class CatalogueEntry:
    """One row of the catalogue."""

    id: str
    kind: str
    difficulty: int | None
    themes: tuple[str, ...]
    title: str
    path: str

    @classmethod
    def of(cls, puzzle: Puzzle) -> "CatalogueEntry":
        return cls(puzzle.id, puzzle.kind.name, puzzle.difficulty, puzzle.themes, puzzle.title,
                   str(puzzle.path or ""))


def load_all(paths: Iterable[str | Path]) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every loadable puzzle under *paths*, and an error per file that is not.

    Two files with one ``id`` are an error on the second.
    """
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    seen: dict[str, Path | None] = {}
    for path in find_puzzle_files(paths):
        try:
            puzzle = load_puzzle(path)
        except PuzzleError as exc:
            errors.append(exc)
            continue
        if puzzle.id in seen:
            errors.append(PuzzleError(f"id {puzzle.id!r} is also used by {seen[puzzle.id]}",
                                      key="id", file=str(path)))
            continue
        seen[puzzle.id] = puzzle.path
        puzzles.append(puzzle)
    return puzzles, errors


def catalogue(paths: Iterable[str | Path]) -> tuple[list[CatalogueEntry], list[PuzzleError]]:
    """The catalogue rows of the puzzles under *paths*, sorted by kind, difficulty, id."""
    puzzles, errors = load_all(paths)
    rows = [CatalogueEntry.of(p) for p in puzzles]
    rows.sort(key=lambda r: (r.kind, r.difficulty or 0, r.id))
    return rows, errors


@dataclass(frozen=True)
class Check:
    """The verdict on one puzzle: its stored answer against a fresh solve."""

    puzzle: Puzzle
    solved: object
    ok: bool
    reason: str


def _same(stored: float | None, solved: float | None) -> bool:
    if stored is None or solved is None:
        return stored is solved
    return math.isclose(stored, solved, rel_tol=1e-9, abs_tol=1e-9)


def verify(paths: Iterable[str | Path], *,
           progress: Callable[[int, int, str], Any] | None = None) -> tuple[list[Check], list[PuzzleError]]:
    """Re-solve every puzzle under *paths* and compare with its ``[answer]``;
    ``progress(done, total, path)`` after each puzzle.

    A puzzle without ``[answer]`` fails verification: a shipped puzzle carries its
    certified answer. Where the file stores ``[answer].optima``, the number of optimal
    witnesses is counted again (by the kind's generator facts) and must match.
    """
    puzzles, errors = load_all(paths)
    checks: list[Check] = []
    for done, puzzle in enumerate(puzzles):
        if progress is not None:            # the puzzle being solved now: the slow ones show
            progress(done, len(puzzles), Path(puzzle.path).name)
        try:
            solution = puzzle.solve()
        except PuzzleError as exc:      # no certified value (a planner out of budget): a failed check
            checks.append(Check(puzzle, None, False, exc.reason))
            continue
        if puzzle.answer is None:
            checks.append(Check(puzzle, solution.value, False, "has no [answer] to verify"))
        elif not _same(puzzle.answer.value, solution.value):
            # with no solution, say why (the solver's first sentence: say, the ruin no track reaches)
            why = f": {solution.explanation[0]}" if solution.value is None and solution.explanation else ""
            checks.append(Check(puzzle, solution.value, False,
                                f"[answer].value is {_show(puzzle.answer.value)} "
                                f"but the solver finds {_show(solution.value)}{why}"))
        elif puzzle.answer.optima is not None and (
                counted := count_optima(puzzle.kind.name, puzzle.model, solution)) != puzzle.answer.optima:
            found = "the kind cannot count them" if counted is None else f"there are {counted}"
            checks.append(Check(puzzle, solution.value, False,
                                f"[answer].optima is {puzzle.answer.optima} but {found}"))
        else:
            checks.append(Check(puzzle, solution.value, True, "ok"))
    if progress is not None and puzzles:
        progress(len(puzzles), len(puzzles), "")
    return checks, errors


def _show(value: object) -> str:
    return "no solution" if value is None else str(value)
