"""The Zoo-map lesson's views: the map drawing and the shipment explorer widget.

Thin views over :mod:`zoobook.steam.zoo.shipping`: every answer and sentence comes
from the library; this module only lays them out. Everything renders into HTML
strings (``widget.answer.value``...) so tests and nbval read what a reader sees.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> zoo = ZooMap.build([Area("zebra", (0, 0), 3), Area("lion", (2, 0), 6)], tracks=[[(0, 0), (1, 0), (2, 0)]])
>>> box = ShipmentExplorer(zoo, level=2)
>>> "cannot" in box.answer.value
True
>>> box.level.value = 3
>>> "Level 3 is enough" in box.answer.value
True
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.steam.hexmap import Node
from zoobook.steam.zoo.model import AREA, EXIT, MAX_LEVEL, NEW_CITY, ZooMap
from zoobook.steam.zoo.shipping import (Network, Shipment, explain_level, level_table,
                                        shipment_solution)
from zoobook.widgets.common import SolutionPanel, figure_html
from zoobook.widgets.hexdraw import NODE_COLOURS, draw_hexmap

__all__ = ["draw_zoo", "zoo_figure_html", "level_table_html", "ShipmentExplorer", "DANGER_COLOURS"]

#: Danger 1 (calm, yellow) to 6 (fierce, red).
DANGER_COLOURS = {1: "#fff3b0", 2: "#ffe08a", 3: "#ffc266", 4: "#ff9a52", 5: "#f46d43", 6: "#d73027"}


def draw_zoo(zoo: ZooMap | Network, shipment: Shipment | None = None, *, ax=None, title: str = ""):
    """The Zoo map: areas coloured by danger with their number, exits, towns, track, a route.

    Returns ``(figure, axes)``; the shipment's links are highlighted and its
    teleport drawn as a dashed arc.
    """
    zoo = zoo.zoo if isinstance(zoo, Network) else zoo

    def label(node: Node) -> str:
        if node.type == AREA:
            return f"{node.name}\n{zoo.danger(node.name)}"
        return {EXIT: "exit", NEW_CITY: "new\ncity 1"}.get(node.type, "town")

    def colour(node: Node) -> str:
        if node.type == AREA:
            return DANGER_COLOURS[zoo.danger(node.name)]
        return NODE_COLOURS.get(node.type, "#ffffff")

    route = [step for step in shipment.steps if step is not None] if shipment else []
    return draw_hexmap(zoo.hexmap, ax=ax, label=label, colour=colour, route=route,
                       teleport=shipment.teleport if shipment else None, title=title, font_size=7)


def zoo_figure_html(zoo: ZooMap | Network, shipment: Shipment | None = None, *, title: str = "") -> str:
    """:func:`draw_zoo` as an inline ``<img>``."""
    fig, _ = draw_zoo(zoo, shipment, title=title)
    return figure_html(fig, alt=title or "Zoo map", dpi=70)


def level_table_html(zoo: ZooMap | Network, *, feeding: bool = False) -> str:
    """The all-pairs table of lowest levels as an HTML table (rows: from, columns: to)."""
    table = level_table(zoo, feeding=feeding)
    names = (zoo.zoo if isinstance(zoo, Network) else zoo).area_names()
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = []
    for a in names:
        cells = "".join("<td>&ndash;</td>" if a == b else
                        f"<td>{'none' if table[(a, b)] is None else table[(a, b)]}</td>" for b in names)
        rows.append(f"<tr><th>{html.escape(a)}</th>{cells}</tr>")
    return (f'<table class="zoobook-levels"><tr><th>from \\ to</th>{head}</tr>{"".join(rows)}</table>')


class ShipmentExplorer(widgets.VBox):
    """Pick origin, destination, locomotive level and Feeding; read the answer and see the route.

    Attributes
    ----------
    origin, destination : Dropdown
    level : IntSlider (1-6)
    feeding : Checkbox
    answer : HTML
        Whether the chosen level is enough, and the lowest level.
    text : str
        The same answer as plain text.
    explanation : SolutionPanel
        The solver's explanation of the lowest level.
    picture : HTML
        The map with the route drawn (the chosen level's route, or the cheapest one).
    """

    def __init__(self, zoo: ZooMap, *, origin: str | None = None, destination: str | None = None,
                 level: int = 3, feeding: bool = False, draw: bool = True) -> None:
        self.network = Network(zoo)
        names = zoo.area_names()
        if len(names) < 2:
            raise ValueError("the explorer needs a map with two animal areas or more")
        self.draw = draw
        self.origin = widgets.Dropdown(options=names, value=origin or names[0], description="From")
        self.destination = widgets.Dropdown(options=names, value=destination or names[1],
                                            description="To")
        self.level = widgets.IntSlider(value=level, min=1, max=MAX_LEVEL, description="Locomotive")
        self.feeding = widgets.Checkbox(value=feeding, description="Feeding action")
        self.answer = widgets.HTML()
        self.explanation = SolutionPanel()
        self.picture = widgets.HTML()
        self.text = ""
        controls = widgets.HBox([widgets.VBox([self.origin, self.destination]),
                                 widgets.VBox([self.level, self.feeding])])
        super().__init__([controls, self.answer, self.picture, self.explanation])
        for control in (self.origin, self.destination, self.level, self.feeding):
            control.observe(self.update, names="value")
        self.update()

    def update(self, change=None) -> None:
        origin, destination = self.origin.value, self.destination.value
        level, feeding = self.level.value, self.feeding.value
        if origin == destination:
            self.text = "Pick two different animal areas: food goes from one area to another."
            self.answer.value = f'<div class="zoobook-answer">{self.text}</div>'
            self.explanation.value = ""
            if self.draw:
                self.picture.value = zoo_figure_html(self.network)
            return
        possible, sentence = explain_level(self.network, origin, destination, level, feeding=feeding)
        best = shipment_solution(self.network, origin, destination, feeding=feeding)
        verdict = (f"Level {level} is enough" if possible else f"Level {level} is not enough")
        lowest = ("no level up to 6 allows this shipment" if best.value is None
                  else f"the lowest level that works is {best.value}")
        self.text = f"{verdict}: {lowest}. {sentence}"
        self.answer.value = (f'<div class="zoobook-answer"><b>{verdict}</b>: {html.escape(lowest)}.'
                             f"<br/>{html.escape(sentence)}</div>")
        self.explanation.show(best, title=f"Lowest locomotive level from {origin} to {destination}")
        if self.draw:
            shown = possible or self.network.best(origin, destination, feeding)
            title = f"{origin} to {destination}" + (f", level {shown.level}" if shown else ": no route")
            self.picture.value = zoo_figure_html(self.network, shown, title=title)
