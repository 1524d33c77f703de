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

from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import Puzzle, load_puzzle, workbook_dir

__all__ = ["workbook_puzzles"]


def workbook_puzzles(game: str) -> list[Puzzle]:
    """The workbook's puzzles of one game folder (``"steam-zoo"``), easiest first.

    Always the workbook's own puzzles (a checkout's or the installed copy), whatever
    the current folder holds; :class:`~zoobook.errors.PuzzleError` when there are none.

    >>> all(p.kind.name == "steam-zoo/shipment" for p in workbook_puzzles("steam-zoo"))
    True
    >>> workbook_puzzles("no-such-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: ...no-such-game: no puzzle files here: ...need the workbook's no-such-game puzzles
    """
    folder = workbook_dir("puzzles") / game
    puzzles = [load_puzzle(path) for path in sorted(folder.glob("*.toml"))]
    if not puzzles:  # a check without the workbook's cases would pass on too little
        raise PuzzleError(f"no puzzle files here: the classroom checks need the workbook's {game} puzzles",
                          file=str(folder))
    return sorted(puzzles, key=lambda p: (p.difficulty or 0, p.id))
