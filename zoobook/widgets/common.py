"""Scaffolding every game's widgets share: figures, explanations, ruling notes.

Rendering goes into HTML strings so that a test (or nbval, with no browser)
can read exactly what a reader would see.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from zoobook.puzzles.solution import Solution
from zoobook.rulings import ruling

__all__ = ["figure_html", "solution_html", "ruling_html", "SolutionPanel", "RulingLookup", "KindView"]


@dataclass(frozen=True)
class KindView:
    """How a puzzle kind is shown: its picture, its play widget, the unit of its answer.

    A game declares one per kind in its ``kinds`` module's ``VIEWS``
    (:mod:`zoobook.puzzles.registry`); the puzzle of the day shows it.

    Attributes
    ----------
    picture : callable
        ``picture(model) -> str``: the puzzle as HTML (an ``<img>`` or inline SVG).
    play : callable
        ``play(model) -> Widget``: the game's own interactive widget on the puzzle.
    unit : str
        What the answer counts ("points" reads "Optimum: 12 points").
    how : str
        One line on solving it in the play widget.
    """

    picture: Callable[[Any], str]
    play: Callable[[Any], widgets.Widget]
    unit: str
    how: str


def figure_html(fig, *, alt: str = "", dpi: int = 80) -> str:
    """A matplotlib figure as an inline ``<img>`` (the figure is closed).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> figure_html(fig, alt="empty").startswith('<img alt="empty" src="data:image/png;base64,')
    True
    """
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"/>'


def solution_html(solution: Solution, *, title: str = "Optimum", unit: str = "") -> str:
    """A solution as HTML: the value in bold, then the explanation as a list.

    >>> print(solution_html(Solution(3, [], ("Three tiles.",)), unit="points"))
    <div class="zoobook-solution"><b>Optimum: 3 points</b><ul><li>Three tiles.</li></ul></div>
    """
    value = "no solution" if solution.value is None else f"{solution.value}{' ' + unit if unit else ''}"
    items = "".join(f"<li>{html.escape(s)}</li>" for s in solution.explanation)
    return (f'<div class="zoobook-solution"><b>{html.escape(title)}: {html.escape(value)}</b>'
            f"<ul>{items}</ul></div>")


def ruling_html(ruling_id: str) -> str:
    """A ruling as a short HTML note, for showing a ruling where a reader meets it.

    >>> "F7" in ruling_html("F7")
    True
    """
    item = ruling(ruling_id)
    mark = " (assumed)" if item.assumed else ""
    return (f'<div class="zoobook-ruling"><b>Ruling {item.id}: {html.escape(item.title)}'
            f"{mark}</b>. {html.escape(item.text)}</div>")


class SolutionPanel(widgets.HTML):
    """An HTML widget that shows a :class:`Solution` (or a message)."""

    def show(self, solution: Solution, **kwargs) -> None:
        self.value = solution_html(solution, **kwargs)

    def message(self, text: str) -> None:
        self.value = f'<div class="zoobook-message">{html.escape(text)}</div>'


class RulingLookup(widgets.VBox):
    """Type a ruling ID, read the ruling: the smallest useful widget.

    >>> box = RulingLookup()
    >>> box.text.value = "S5"
    >>> "Exit teleports" in box.output.value
    True
    >>> box.text.value = "Q1"
    >>> "no ruling" in box.output.value
    True
    """

    def __init__(self, initial: str = "") -> None:
        self.text = widgets.Text(value="", placeholder="F7, S4, Z2 ...", description="Ruling")
        self.output = widgets.HTML()
        super().__init__([self.text, self.output])
        self.text.observe(self._update, names="value")
        self.text.value = initial

    def _update(self, change=None) -> None:
        wanted = self.text.value.strip().upper()
        if not wanted:
            self.output.value = ""
            return
        try:
            self.output.value = ruling_html(wanted)
        except KeyError as exc:
            self.output.value = f'<div class="zoobook-message">{html.escape(exc.args[0])}</div>'
