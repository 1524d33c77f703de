"""Puzzle of the day: pick a kind and a difficulty, get a fresh graded puzzle, try it, reveal the optimum.

The widget is a thin view over :mod:`zoobook.generate`: the day's date is the
seed, so everyone gets the same puzzle of the day, and "Another" moves to the
next puzzle of the same batch. The puzzle is drawn with its game's own
picture, the reader may type a guess, open the game's own interactive widget
to work it out, and "Reveal" shows the certified optimum with the solver's
explanation (:func:`zoobook.widgets.common.solution_html`) and its witness.

Every puzzle kind's game declares a :class:`~zoobook.widgets.common.KindView`
in its own ``kinds`` module (``VIEWS``, found by :mod:`zoobook.puzzles.registry`):
its picture, its play widget and the unit its answer is counted in. Every answer is a number
(points, dollars, turns, a locomotive level; an investment's gain may be
negative), so one number box takes every guess. A question with no answer
(``value`` None) never becomes a puzzle of the day: the generator's quality
filter rejects it.

Examples
--------
>>> import datetime
>>> box = PuzzleOfTheDay(day=datetime.date(2026, 11, 29), draw=False)
>>> box.kind.value, box.difficulty.value
('steam-zoo/shipment', 2)
>>> box.current.difficulty
2
>>> box.guess.value = box.current.solution.value
>>> box.check_button.click()
>>> "Right" in box.verdict.value
True
"""

from __future__ import annotations

import datetime
import html
from typing import Any

import ipywidgets as widgets

from zoobook.errors import PuzzleError
from zoobook.generate import GenerationError, generate_one, generator_kinds
from zoobook.puzzles.loading import parse_puzzle
from zoobook.puzzles.registry import resolve, view_hooks
from zoobook.widgets.browser import puzzle_card_html
from zoobook.widgets.common import KindView, solution_html

__all__ = ["PuzzleOfTheDay", "KindView", "kind_view", "view_kinds", "unit_of", "day_seed", "counted",
           "picture_html", "play_widget", "witness_html"]


def day_seed(day: datetime.date) -> int:
    """The seed of *day*'s puzzles: ``yyyymmdd``.

    >>> day_seed(datetime.date(2026, 11, 29))
    20261129
    """
    return day.year * 10_000 + day.month * 100 + day.day


# -- each kind's view, declared by its game ------------------------------------------------

def kind_view(kind: str) -> KindView | None:
    """The view the game of *kind* declares in its kinds module's ``VIEWS`` (None if it has none)."""
    hook = view_hooks().get(kind)
    return resolve(*hook) if hook else None


def view_kinds() -> list[str]:
    """The kinds whose game declares a view, sorted."""
    return sorted(view_hooks())


def unit_of(kind: str) -> str:
    """The unit of *kind*'s answer ("" for a kind without a view)."""
    view = kind_view(kind)
    return view.unit if view else ""


def counted(unit: str, value: Any) -> str:
    """*unit* as it reads after *value*: its first word singular for one ("1 point more than ...").

    >>> counted("points if the game ended now", 1), counted("turns", 2), counted("(locomotive level)", 1)
    ('point if the game ended now', 'turns', '(locomotive level)')
    """
    first, _, rest = unit.partition(" ")
    if value in (1, -1) and first.endswith("s") and first.isalpha():
        return " ".join(filter(None, (first[:-1], rest)))
    return unit


def picture_html(kind: str, model: Any) -> str:
    """The game's own picture of a puzzle model ("" for a kind without a view)."""
    view = kind_view(kind)
    return view.picture(model) if view else ""


def play_widget(kind: str, model: Any) -> widgets.Widget | None:
    """The game's own interactive widget on *model*, or None for a kind without a view."""
    view = kind_view(kind)
    return view.play(model) if view else None


def witness_html(witness: Any) -> str:
    """The readable part of a solution's witness: lines of text, or named values and lines.

    Nested structures (hex coordinates, per-visitor records) are left to the explanation.

    >>> witness_html(["Turn 1: ship red", "Turn 2: ship blue"])
    '<ol class="zoobook-witness"><li>Turn 1: ship red</li><li>Turn 2: ship blue</li></ol>'
    >>> print(witness_html({"score_with": 25, "plan": ["turn 1"], "by": {"x": 1}, "no": [], "at": None}))
    <ul class="zoobook-witness"><li><b>score with</b>: 25</li><li><b>plan</b>: <ol><li>turn 1</li></ol></li></ul>
    >>> witness_html([[[0, 0], [1, 0]]])
    ''
    """
    def plain(value: Any) -> bool:
        return isinstance(value, (str, int, float)) and not isinstance(value, bool)

    def lines(value: Any) -> str:
        """An ordered list of a non-empty list of plain values ("" for anything else)."""
        if not isinstance(value, (list, tuple)) or not value or not all(plain(v) for v in value):
            return ""
        return "<ol>" + "".join(f"<li>{html.escape(str(v))}</li>" for v in value) + "</ol>"

    if lines(witness):
        return lines(witness).replace("<ol>", '<ol class="zoobook-witness">', 1)
    if not isinstance(witness, dict):
        return ""
    items = []
    for key, value in witness.items():
        shown = html.escape(str(value)) if plain(value) else lines(value)
        if shown:
            items.append(f"<li><b>{html.escape(str(key).replace('_', ' '))}</b>: {shown}</li>")
    return f'<ul class="zoobook-witness">{"".join(items)}</ul>' if items else ""


class PuzzleOfTheDay(widgets.VBox):
    """Today's generated puzzle of the chosen kind and difficulty.

    Parameters
    ----------
    day : datetime.date, optional
        Whose puzzles (default: today); the date is the seed.
    kind : str, optional
        The kind shown first (default: ``steam-zoo/shipment``).
    difficulty : int
        1-5, the difficulty shown first.
    draw : bool
        Draw the puzzle's picture (tests switch it off to stay fast).

    Attributes
    ----------
    current : GeneratedPuzzle
        The puzzle on show.
    kind : Dropdown
        The kinds that have a generator.
    difficulty : ToggleButtons
        1 to 5.
    card, picture, verdict, answer : HTML
        Its card (title, kind, difficulty, themes), its picture, the verdict on
        the guess, and the revealed optimum.
    play_area : VBox
        The game's own widget, once asked for.
    """

    def __init__(self, *, day: datetime.date | None = None, kind: str | None = None,
                 difficulty: int = 2, draw: bool = True) -> None:
        kinds = generator_kinds()
        self.seed = day_seed(day or datetime.date.today())
        self.index = 0
        self.draw = draw
        self.current = None
        first = kind or ("steam-zoo/shipment" if "steam-zoo/shipment" in kinds else kinds[0])
        self.kind = widgets.Dropdown(options=kinds, value=first, description="Kind")
        self.difficulty = widgets.ToggleButtons(options=[(str(level), level) for level in range(1, 6)],
                                                value=difficulty, description="Difficulty",
                                                style={"button_width": "2.6em"})
        self.another_button = widgets.Button(description="Another puzzle")
        self.card = widgets.HTML()
        self.picture = widgets.HTML()
        self.guess = widgets.FloatText(description="Your answer", continuous_update=True,
                                       layout=widgets.Layout(width="16em"))
        self.unit = widgets.Label()
        self.check_button = widgets.Button(description="Check")
        self.verdict = widgets.HTML()
        self.verdict.add_class("zoobook-verdict")
        self.play_button = widgets.Button(description="Try it in its widget")
        self.play_area = widgets.VBox()
        self.reveal_button = widgets.Button(description="Reveal the optimum", button_style="warning")
        self.answer = widgets.HTML()
        super().__init__([
            widgets.HBox([self.kind, self.another_button]), self.difficulty,
            self.card, self.picture,
            widgets.HBox([self.guess, self.unit, self.check_button, self.play_button, self.reveal_button]),
            self.verdict, self.play_area, self.answer])
        self.add_class("zoobook-puzzle-of-the-day")
        self.kind.observe(self._restart, names="value")
        self.difficulty.observe(self._restart, names="value")
        self.another_button.on_click(lambda _: self.another())
        self.check_button.on_click(lambda _: self.check())
        self.play_button.on_click(lambda _: self.play())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.show()

    # -- actions -------------------------------------------------------------------------
    def _restart(self, change=None) -> None:
        self.index = 0
        self.show()

    def another(self) -> None:
        """The next puzzle of the day for this kind and difficulty."""
        self.index += 1
        self.show()

    def show(self) -> None:
        """Generate and show puzzle number ``index`` of the day's batch; hide the answer."""
        self.answer.value = self.verdict.value = ""
        self.play_area.children = ()
        self.unit.value = unit_of(self.kind.value)
        try:
            self.current = generate_one(self.kind.value, difficulty=self.difficulty.value,
                                        seed=self.seed, index=self.index, prefix="daily")
        except (GenerationError, PuzzleError) as exc:
            self.current = None
            self.card.value = f'<div class="zoobook-message">{html.escape(str(exc))}</div>'
            self.picture.value = ""
            return
        puzzle = parse_puzzle(self.current.text, file=self.current.filename)
        self.card.value = puzzle_card_html(puzzle)
        self.picture.value = picture_html(self.current.kind, self.current.model) if self.draw else ""

    def check(self) -> None:
        """Compare the guess with the certified optimum, without giving it away."""
        if self.current is None:
            return
        if self.guess.value == self.current.solution.value:
            self.verdict.value = "<b>Right!</b> Reveal the optimum to read why nothing beats it."
        else:
            self.verdict.value = ("Not the optimum: think again, try it in its widget, "
                                  "or reveal the answer.")

    def play(self) -> None:
        """Open the game's own widget on the puzzle, with a line on how to use it."""
        if self.current is None:
            return
        view = kind_view(self.current.kind)
        if view is None:
            note = widgets.HTML(f'<div class="zoobook-message">No widget shows '
                                f'{html.escape(self.current.kind)} puzzles yet.</div>')
            self.play_area.children = (note,)
            return
        how = widgets.HTML(f'<p class="zoobook-how"><i>{html.escape(view.how)}</i></p>')
        self.play_area.children = (how, view.play(self.current.model))

    def reveal(self) -> None:
        """Show the certified optimum, the solver's explanation and the readable witness."""
        if self.current is None:
            return
        unit = counted(unit_of(self.current.kind), self.current.solution.value)
        themes = ", ".join(self.current.facts.themes)
        self.answer.value = (solution_html(self.current.solution, title="Optimum", unit=unit)
                             + witness_html(self.current.solution.witness)
                             + f"<p><i>Themes: {html.escape(themes)}.</i></p>")
