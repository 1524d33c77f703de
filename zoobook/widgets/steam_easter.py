"""Widgets of the Easter Island lesson: lay track hex by hex, see the optimum, clear the moai.

Thin views: the rules live in :mod:`zoobook.steam.easter` (``TrackDraft``,
``Island.connect``, ``moai``, ``clearing``); these only draw and route clicks.
Rendering goes into ``HTML.value`` so tests can read what a reader would see.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.errors import IllegalAction
from zoobook.puzzles.solution import Solution
from zoobook.steam.easter.clearing import clearing_solution
from zoobook.steam.easter.draft import TrackDraft
from zoobook.steam.easter.island import Island
from zoobook.steam.easter.kinds import solve_connect
from zoobook.steam.easter.moai import raise_locomotive, rapa_nui, ship
from zoobook.widgets.common import SolutionPanel, figure_html, solution_html

__all__ = ["draw_island", "ConnectLab", "MoaiLab", "CITY_COLOURS"]

CITY_COLOURS = {"red": "#e06666", "blue": "#6fa8dc", "yellow": "#ffd966", "purple": "#b4a7d6",
                "black": "#999999"}


def _short(name: str) -> str:
    word, _, number = name.partition(" ")
    return f"{word[0]}{number}" if number else word[:2]


def draw_island(island: Island, *, title: str = "", highlight=(), show_cubes: bool = True):
    """Draw an island with the shared hex drawing: cities in their colour, cubes listed under a city.

    *highlight* is a list of track indices (drawn as a route).
    """
    from zoobook.widgets.hexdraw import draw_hexmap

    cities = {c.name: c for c in island.cities}

    def label(node):
        city = cities.get(node.name)
        if city is None:  # a town (S14)
            return _short(node.name)
        text = _short(city.name)
        if show_cubes and city.cubes:
            text += "\n" + "".join(c[0].upper() for c in city.cubes)
        return text

    def colour(node):
        city = cities.get(node.name)
        return CITY_COLOURS.get(city.colour if city else "black", "#e9a23b")

    return draw_hexmap(island.hexmap, label=label, colour=colour, route=highlight, title=title,
                       font_size=7)


class ConnectLab(widgets.VBox):
    """Lay track hex by hex (``q,r`` or a city name, then Enter or "Lay hex"), watch cost and joined
    ruins, ask for the optimum.

    >>> from zoobook.steam.easter.island import City, Island
    >>> island = Island.build(plain=[(1, 0)], cities=[City("A", (0, 0), "red", True),
    ...                                                City("B", (2, 0), "red", True)])
    >>> lab = ConnectLab(island)
    >>> for where in ("A", "1,0", "B"):
    ...     lab.entry.value = where
    ...     lab.lay_button.click()
    >>> lab.status.value
    '<b>$3 laid in 1 link: every ruin is joined.</b>'
    >>> lab.optimum_button.click()
    >>> lab.status.value.endswith("Optimum: $3.")
    True
    """

    def __init__(self, island: Island) -> None:
        self.island = island
        self.draft = TrackDraft(island)
        self._optimum = None
        # The entry lays what it holds when it is committed (Enter, or leaving it for the button):
        # the kernel then never depends on whether the typed value or the click reaches it first.
        self.entry = widgets.Text(placeholder="a city name or a hex q,r, then Enter", description="Lay",
                                  continuous_update=False)
        self.lay_button = widgets.Button(description="Lay hex", button_style="primary")
        self.undo_button = widgets.Button(description="Undo")
        self.clear_button = widgets.Button(description="Clear")
        self.optimum_button = widgets.Button(description="Show optimum", button_style="success")
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.picture = widgets.HTML()
        self.solution = SolutionPanel()
        self.entry.observe(lambda change: self._commit(change["new"]), "value")
        self.lay_button.on_click(lambda _: self._commit(self.entry.value))
        self.undo_button.on_click(lambda _: self._set(self.draft.undo()))
        self.clear_button.on_click(lambda _: self._set(TrackDraft(self.island)))
        self.optimum_button.on_click(lambda _: self.show_optimum())
        buttons = widgets.HBox([self.entry, self.lay_button, self.undo_button, self.clear_button,
                                self.optimum_button])
        super().__init__([buttons, self.status, self.message, self.picture, self.solution])
        self._set(self.draft)

    def _hex(self, text: str):
        text = text.strip()
        for city in self.island.cities:
            if city.name.lower() == text.lower():
                return city.hex
        try:
            q, r = (int(part) for part in text.replace("(", "").replace(")", "").split(","))
        except ValueError:
            raise ValueError(f"{text!r} is neither a city nor a hex like 3,-1") from None
        return (q, r)

    def _commit(self, text: str) -> None:
        """The entry committed (Enter, leaving the box, or the button): laid unless blank -- clearing
        the box after a lay commits an empty entry, and a click may reach the kernel after it."""
        if text.strip():
            self.lay(text)

    def lay(self, text: str) -> None:
        """Lay one hex (or city); a bad entry or a refused hex shows a message and changes nothing."""
        try:
            where = self._hex(text)
        except ValueError as exc:   # the entry names no hex: a typing slip, not a move
            self._complain(str(exc))
            return
        try:
            self._set(self.draft.lay(where))
        except IllegalAction as exc:
            self._complain(str(exc))
            return
        self.entry.value = ""

    def _complain(self, text: str) -> None:
        self.message.value = f'<span style="color:#b00">{html.escape(text)}</span>'

    def _set(self, draft: TrackDraft) -> None:
        self.draft = draft
        self.message.value = ""
        optimum = f" Optimum: ${self._optimum}." if self._optimum is not None else ""
        self.status.value = f"<b>{html.escape(draft.status())}</b>{optimum}"
        fig, _ = draw_island(draft.island_with_track(), title="Your network")
        self.picture.value = figure_html(fig, alt="your network")

    def show_optimum(self) -> Solution:
        """Solve (the connect kind's own answer: cost, links, explanation), draw it and explain it."""
        solution = solve_connect(self.island)
        self._optimum = solution.value
        picture = ""
        if solution.value is not None:
            best = self.island.with_tracks(solution.witness)
            fig, _ = draw_island(best, title=f"The optimum: ${solution.value}",
                                 highlight=range(len(solution.witness)))
            picture = figure_html(fig, alt="the optimal network")
        self.solution.value = picture + solution_html(solution, title="Cheapest network", unit="dollars")
        self._set(self.draft)
        return solution


class MoaiLab(widgets.VBox):
    """Ship top cubes, turn moai over, raise the locomotive; compare with the fewest turns.

    >>> from zoobook.steam.easter.island import City, Island
    >>> island = Island.build(cities=[City("A", (0, 0), "red", True, ("blue", "red")),
    ...     City("B", (2, 0), "red", True), City("C", (0, 2), "blue", True)],
    ...     tracks=[[(0, 0), (1, 0), (2, 0)], [(0, 0), (0, 1), (0, 2)]])
    >>> lab = MoaiLab(island, level=1)
    >>> lab.city.value = "A"
    >>> lab.ship_button.click()
    >>> lab.ship_button.click()
    >>> lab.history.value.count("<li>"), lab.island.cube_count()
    (2, 0)
    """

    def __init__(self, island: Island, level: int = 2) -> None:
        self.start, self.start_level = island, level
        self.island, self.level, self.moves = island, level, []
        names = [c.name for c in island.cities if c.cubes] or [c.name for c in island.cities]
        self.city = widgets.Dropdown(options=names, description="Moai")
        self.ship_button = widgets.Button(description="Ship top cube", button_style="primary")
        self.flip_button = widgets.Button(description="Rapa Nui")
        self.raise_button = widgets.Button(description="Raise locomotive")
        self.reset_button = widgets.Button(description="Start again")
        self.plan_button = widgets.Button(description="Show fewest turns", button_style="success")
        self.state = widgets.HTML()
        self.history = widgets.HTML()
        self.picture = widgets.HTML()
        self.solution = SolutionPanel()
        self.ship_button.on_click(lambda _: self._do(self._ship))
        self.flip_button.on_click(lambda _: self._do(self._flip))
        self.raise_button.on_click(lambda _: self._do(self._raise))
        self.reset_button.on_click(lambda _: self.reset())
        self.plan_button.on_click(lambda _: self.show_plan())
        row = widgets.HBox([self.city, self.ship_button, self.flip_button, self.raise_button,
                            self.reset_button, self.plan_button])
        super().__init__([row, self.state, self.picture, self.history, self.solution])
        self._render("")

    def reset(self) -> None:
        self.island, self.level, self.moves = self.start, self.start_level, []
        self._render("")

    def _ship(self) -> str:
        name = self.city.value
        self.island, made = ship(self.island, name, self.level)   # refuses by S-GOODS-2 itself
        return f"ship {made.cube} from {name} to {made.destination} ({' - '.join(made.route)})"

    def _flip(self) -> str:
        self.island = rapa_nui(self.island, self.city.value)
        return f"Rapa Nui on {self.city.value}"

    def _raise(self) -> str:
        self.level = raise_locomotive(self.level)   # refuses by S-LOCOMOTIVE-1 itself
        return f"locomotive to level {self.level}"

    def _do(self, move) -> None:
        try:
            self.moves.append(move())
        except IllegalAction as exc:
            self._render(str(exc))
            return
        self._render("")

    def _render(self, problem: str) -> None:
        left = self.island.cube_count()
        done = " <b>Every cube is gone.</b>" if left == 0 else ""
        warn = f' <span style="color:#b00">{html.escape(problem)}</span>' if problem else ""
        self.state.value = (f"Locomotive level {self.level}; {left} cube{'s' if left != 1 else ''} left; "
                            f"{len(self.moves)} move{'s' if len(self.moves) != 1 else ''}.{done}{warn}")
        self.history.value = "<ol>" + "".join(f"<li>{html.escape(m)}</li>" for m in self.moves) + "</ol>"
        fig, _ = draw_island(self.island, title="Moai (bottom to top under each ruin)")
        self.picture.value = figure_html(fig, alt="the moai")

    def show_plan(self) -> Solution:
        solution = clearing_solution(self.start, self.start_level)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in solution.witness)
        self.solution.value = solution_html(solution, title="Fewest turns", unit="turns") + f"<ol>{items}</ol>"
        return solution
