"""The exercises of the five classroom notebooks, one module per notebook.

* :mod:`.hexes` -- 1. hex grids as graphs;
* :mod:`.zoo` -- 2. bottleneck paths on the Zoo map;
* :mod:`.easter` -- 3. spanning and Steiner trees on Easter Island;
* :mod:`.lineup` -- 4. the 5x5 lineup as a longest-path search;
* :mod:`.requests` -- 5. request cards as matching and flow.

Each defines :class:`~zoobook.classroom.checking.Exercise` constants (named after
the function the student writes, in capitals) and a ``CHALLENGE``.
"""

from __future__ import annotations

from pathlib import Path

from zoobook.puzzles.loading import Puzzle, default_puzzle_dir, load_puzzle

__all__ = ["workbook_puzzles"]


def workbook_puzzles(game: str) -> list[Puzzle]:
    """The workbook's puzzles of one game folder (``"steam-zoo"``), easiest first."""
    folder = Path(default_puzzle_dir()) / game
    puzzles = [load_puzzle(path) for path in sorted(folder.glob("*.toml"))]
    return sorted(puzzles, key=lambda p: (p.difficulty or 0, p.id))
