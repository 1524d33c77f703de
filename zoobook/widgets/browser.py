"""A puzzle browser for every registered kind: pick a puzzle, read it, solve it.

The browser knows no game. Its rows are the catalogue (what ``zoobook list``
prints), the card shows a puzzle's common keys, and "Solve" shows the kind's own
solution with its explanation. Games draw their boards in their own widgets;
this one is the door to all of them.

Examples
--------
>>> box = PuzzleBrowser(paths=[])
>>> box.solve_button.disabled
True
>>> "No puzzles" in box.card.value
True
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from pathlib import Path

import ipywidgets as widgets

from zoobook.errors import PuzzleError
from zoobook.puzzles.catalogue import CatalogueEntry, catalogue
from zoobook.puzzles.loading import Puzzle, default_puzzle_dir, load_puzzle
from zoobook.widgets.common import solution_html

__all__ = ["PuzzleBrowser", "option_label", "puzzle_card_html", "shown_path", "ALL_KINDS"]

ALL_KINDS = "all kinds"


def option_label(row: CatalogueEntry) -> str:
    """How a catalogue row reads in the dropdown: title (or id), kind and difficulty.

    >>> row = CatalogueEntry("a-b", "toy/echo", 2, ("echo",), "A and B", "a-b.toml")
    >>> option_label(row)
    'A and B  (toy/echo, difficulty 2)'
    """
    difficulty = f", difficulty {row.difficulty}" if row.difficulty else ""
    return f"{row.title or row.id}  ({row.kind}{difficulty})"


def shown_path(path, roots=()) -> str:
    """*path* as a reader wants it: under one of the folders *roots*, that folder's name and the
    path inside it (``puzzles/steam-zoo/d1.toml``), else under the current folder, relative to it,
    else the file's name alone: never the absolute path of an installation or a home folder.

    >>> shown_path("/opt/venv/zoobook/workbook/puzzles/5x5/a.toml", ["/opt/venv/zoobook/workbook/puzzles"])
    'puzzles/5x5/a.toml'
    >>> shown_path("/somewhere/else/b.toml", [])
    'b.toml'
    """
    path = Path(path)
    for root in map(Path, roots):
        if path.is_relative_to(root):
            return str(Path(root.name) / path.relative_to(root))
    if path.is_absolute() and path.is_relative_to(Path.cwd()):
        return str(path.relative_to(Path.cwd()))
    return path.name if path.is_absolute() else str(path)


def puzzle_card_html(puzzle: Puzzle, roots=()) -> str:
    """A puzzle's common keys as HTML: title, kind and its question, difficulty, themes, description;
    its file shown by :func:`shown_path` under the folders *roots*."""
    stars = "★" * (puzzle.difficulty or 0) + "☆" * (5 - (puzzle.difficulty or 0))
    difficulty = f"{stars} ({puzzle.difficulty} of 5)" if puzzle.difficulty else "not rated"
    themes = ", ".join(puzzle.themes) or "none listed"
    rows = [("kind", f"<code>{html.escape(puzzle.kind.name)}</code>: {html.escape(puzzle.kind.summary)}"),
            ("difficulty", difficulty),
            ("themes", html.escape(themes)),
            ("file", f"<code>{html.escape(shown_path(puzzle.path, roots) if puzzle.path else '')}</code>")]
    table = "".join(f"<tr><th style='text-align:left;padding-right:1em'>{name}</th><td>{value}</td></tr>"
                    for name, value in rows)
    description = (f"<p>{html.escape(puzzle.description)}</p>" if puzzle.description else "")
    return (f'<div class="zoobook-puzzle"><h4>{html.escape(puzzle.title or puzzle.id)}</h4>'
            f"<table>{table}</table>{description}</div>")


def _message(text: str) -> str:
    return f'<div class="zoobook-message">{html.escape(text)}</div>'


class PuzzleBrowser(widgets.VBox):
    """Browse the puzzle catalogue and solve any puzzle in it.

    Parameters
    ----------
    paths : iterable of path, optional
        Files or folders to browse (default: the ``puzzles/`` folder, as ``zoobook list``).

    Attributes
    ----------
    rows : list of CatalogueEntry
        The catalogue, in ``zoobook list`` order.
    errors : list of PuzzleError
        Files that could not be loaded (shown under the browser, one line each).
    kind_filter, picker : ipywidgets.Dropdown
        Narrow to one kind; choose a puzzle (its value is the puzzle id).
    card, solution : ipywidgets.HTML
        The chosen puzzle's common keys; its solution after "Solve".
    solve_button : ipywidgets.Button
    """

    def __init__(self, paths: Iterable[str | Path] | None = None) -> None:
        self.paths = [default_puzzle_dir()] if paths is None else list(paths)
        # A folder that does not exist yet holds no puzzles (not an error to show a reader).
        present = [path for path in self.paths if Path(path).exists()]
        self.rows, self.errors = catalogue(present) if present else ([], [])
        self._by_id = {row.id: row for row in self.rows}
        self._puzzle: Puzzle | None = None
        kinds = sorted({row.kind for row in self.rows})
        self.kind_filter = widgets.Dropdown(options=[ALL_KINDS, *kinds], value=ALL_KINDS,
                                            description="Kind", disabled=not self.rows)
        self.picker = widgets.Dropdown(options=[], description="Puzzle",
                                       layout=widgets.Layout(width="32em"))
        self.solve_button = widgets.Button(description="Solve", button_style="primary",
                                           icon="check", tooltip="Solve and explain the optimum")
        self.card = widgets.HTML()
        self.solution = widgets.HTML()
        self.problems = widgets.HTML(self._problems_html())
        super().__init__([widgets.HBox([self.kind_filter, self.picker]), self.card,
                          self.solve_button, self.solution, self.problems])
        self.kind_filter.observe(self._refilter, names="value")
        self.picker.observe(self._show_chosen, names="value")
        self.solve_button.on_click(lambda _: self.solve())
        self._refilter()

    # -- what the reader does -------------------------------------------------------
    def select(self, puzzle_id: str) -> None:
        """Choose the puzzle *puzzle_id* (as picking it in the dropdown does)."""
        if puzzle_id not in self._by_id:
            raise KeyError(f"no puzzle {puzzle_id!r} in the catalogue")
        if self.kind_filter.value not in (ALL_KINDS, self._by_id[puzzle_id].kind):
            self.kind_filter.value = ALL_KINDS
        self.picker.value = puzzle_id

    def solve(self) -> None:
        """Solve the chosen puzzle and show the optimum with its explanation and witness."""
        if self._puzzle is None:
            return
        try:
            solution = self._puzzle.solve()
        except PuzzleError as exc:
            self.solution.value = _message(str(exc))
            return
        witness = html.escape(json.dumps(solution.witness, indent=1))
        self.solution.value = (solution_html(solution, title=self._puzzle.title or self._puzzle.id)
                               + f"<details><summary>witness</summary><pre>{witness}</pre></details>")

    @property
    def visible_ids(self) -> list[str]:
        """The puzzle ids the dropdown offers now."""
        return [value for _, value in self.picker.options]

    # -- keeping the view in step ---------------------------------------------------
    def _refilter(self, change=None) -> None:
        wanted = self.kind_filter.value
        rows = [row for row in self.rows if wanted in (ALL_KINDS, row.kind)]
        self.picker.options = [(option_label(row), row.id) for row in rows]
        self.picker.disabled = not rows
        if rows and self.picker.value is None:
            self.picker.value = rows[0].id
        self._show_chosen()

    def _show_chosen(self, change=None) -> None:
        self.solution.value = ""
        self._puzzle = None
        puzzle_id = self.picker.value
        if puzzle_id is None:
            where = ", ".join(str(p) for p in self.paths) or "no folder"
            self.card.value = _message(f"No puzzles under {where} yet. Each game adds its "
                                       "puzzles in puzzles/<game>/; `zoobook list` shows them.")
        else:
            try:
                self._puzzle = load_puzzle(self._by_id[puzzle_id].path)
            except PuzzleError as exc:  # the file changed since the catalogue was read
                self.card.value = _message(str(exc))
            else:
                self.card.value = puzzle_card_html(self._puzzle, self.paths)
        self.solve_button.disabled = self._puzzle is None

    def _problems_html(self) -> str:
        if not self.errors:
            return ""
        lines = "".join(f"<li><code>{html.escape(str(e))}</code></li>" for e in self.errors)
        return (f'<div class="zoobook-message">{len(self.errors)} file(s) could not be loaded:'
                f"<ul>{lines}</ul></div>")

