"""Puzzle of the day: pick a kind and a difficulty, get a fresh graded puzzle, try it, reveal the optimum.

The widget is a thin view over :mod:`zoobook.generate`: the day's date is the
seed, so everyone gets the same puzzle of the day, and "Another" moves to the
next puzzle of the same batch. The puzzle is drawn with its game's own
picture, the reader may type a guess, open the game's own interactive widget
to work it out, and "Reveal" shows the certified optimum with the solver's
explanation (:func:`zoobook.widgets.common.solution_html`).

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
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from zoobook.errors import PuzzleError
from zoobook.generate import GenerationError, generate_one, generator_kinds
from zoobook.puzzles.loading import parse_puzzle
from zoobook.widgets.browser import puzzle_card_html
from zoobook.widgets.common import figure_html, solution_html

__all__ = ["PuzzleOfTheDay", "day_seed", "picture_html", "play_widget", "UNITS"]

#: How each kind's value reads ("level 3", "$25", "12 points").
UNITS = {"steam-zoo/shipment": "(locomotive level)", "steam-easter/connect": "dollars of track",
         "5x5/lineup": "points", "zooloretto/score": "points"}


def day_seed(day: datetime.date) -> int:
    """The seed of *day*'s puzzles: ``yyyymmdd``.

    >>> day_seed(datetime.date(2026, 11, 29))
    20261129
    """
    return day.year * 10_000 + day.month * 100 + day.day


def _zoo_picture(question) -> str:
    from zoobook.widgets.steam_zoo import zoo_figure_html

    feeding = " (with Feeding)" if question.feeding else ""
    return zoo_figure_html(question.zoo, title=f"{question.origin} to {question.destination}{feeding}")


def _lineup_picture(puzzle) -> str:
    from zoobook.widgets.fivebyfive_board import board_svg

    return board_svg(puzzle.board, gate=puzzle.gate)


def _island_picture(island) -> str:
    from zoobook.widgets.steam_easter import draw_island

    fig, _ = draw_island(island, title="join every ruin")
    return figure_html(fig, alt="island", dpi=70)


def _zoo_widget(question):
    from zoobook.widgets.steam_zoo import ShipmentExplorer

    return ShipmentExplorer(question.zoo, origin=question.origin, destination=question.destination,
                            feeding=question.feeding, level=1)


def _lineup_widget(puzzle):
    from zoobook.widgets.fivebyfive_lineup import LineupExplorer

    return LineupExplorer(puzzle)


def _island_widget(island):
    from zoobook.widgets.steam_easter import ConnectLab

    return ConnectLab(island)


_PICTURES: dict[str, Callable[[Any], str]] = {
    "steam-zoo/shipment": _zoo_picture, "5x5/lineup": _lineup_picture,
    "steam-easter/connect": _island_picture}
_PLAY: dict[str, Callable[[Any], widgets.Widget]] = {
    "steam-zoo/shipment": _zoo_widget, "5x5/lineup": _lineup_widget,
    "steam-easter/connect": _island_widget}


def picture_html(kind: str, model: Any) -> str:
    """The game's own picture of a puzzle model ("" for a kind without one)."""
    draw = _PICTURES.get(kind)
    return draw(model) if draw else ""


def play_widget(kind: str, model: Any) -> widgets.Widget | None:
    """The game's own interactive widget on *model*, or None."""
    make = _PLAY.get(kind)
    return make(model) if make else None


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
    card, picture, verdict, answer : HTML
        Its card (title, kind, difficulty, themes), its picture, the verdict on
        the guess, and the revealed optimum.
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
        self.difficulty = widgets.IntSlider(value=difficulty, min=1, max=5, description="Difficulty")
        self.another_button = widgets.Button(description="Another puzzle")
        self.card = widgets.HTML()
        self.picture = widgets.HTML()
        self.guess = widgets.FloatText(description="Your answer")
        self.check_button = widgets.Button(description="Check")
        self.verdict = widgets.HTML()
        self.play_button = widgets.Button(description="Try it in its widget")
        self.play_area = widgets.VBox()
        self.reveal_button = widgets.Button(description="Reveal the optimum", button_style="warning")
        self.answer = widgets.HTML()
        super().__init__([
            widgets.HBox([self.kind, self.difficulty, self.another_button]),
            self.card, self.picture,
            widgets.HBox([self.guess, self.check_button, self.play_button, self.reveal_button]),
            self.verdict, self.play_area, self.answer])
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
        best = self.current.solution.value
        guess = self.guess.value
        if guess == best:
            self.verdict.value = "<b>Right!</b> Reveal the optimum to read why nothing beats it."
        else:
            self.verdict.value = ("Not the optimum: think again, try it in its widget, "
                                  "or reveal the answer.")

    def play(self) -> None:
        """Open the game's own widget on the puzzle."""
        if self.current is None:
            return
        made = play_widget(self.current.kind, self.current.model)
        self.play_area.children = (made,) if made is not None else ()

    def reveal(self) -> None:
        """Show the certified optimum and the solver's explanation."""
        if self.current is None:
            return
        unit = UNITS.get(self.current.kind, "")
        themes = ", ".join(self.current.facts.themes)
        self.answer.value = (solution_html(self.current.solution, title="Optimum", unit=unit)
                             + f"<p><i>Themes: {html.escape(themes)}.</i></p>")
