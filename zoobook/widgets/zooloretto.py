"""Zooloretto widgets: a zoo drawn as a board, and controls to build it and watch the score.

Everything renders into HTML strings (the board is inline SVG), so tests and nbval
read exactly what a reader sees. The widgets hold no rules: every button calls an
action of :mod:`zoobook.zooloretto.actions`, shows its refusal reason or its
events, and re-scores with :mod:`zoobook.zooloretto.scoring`.

Examples
--------
>>> board = ZooBoard()
>>> board.tile.value, board.where.value = "zebra", "4"
>>> board.place_button.click()
>>> board.zoo.enclosure("4").animals
1
>>> "Total: 0" in board.score_view.value
True
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.puzzles.loading import Puzzle
from zoobook.widgets.common import solution_html
from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import (
    BARN, buy_pavilion, buy_restaurant, legal_placements, place_site, place_tile,
)
from zoobook.zooloretto.model import (
    CONSTRUCTION_SITES, RESTAURANT, SITE, SOUVENIR_SHOP, SPECIES, STALL_TYPES, THREE_BUILDINGS, Tile, Zoo,
    new_zoo,
)
from zoobook.zooloretto.scoring import score

__all__ = ["zoo_svg", "score_html", "ZooBoard", "PuzzleCard", "tile_options"]

COLOURS = {"camel": "#d9a441", "elephant": "#9aa5b1", "flamingo": "#f28cb1", "kangaroo": "#b5651d",
           "leopard": "#e8c547", "monkey": "#8d6e63", "panda": "#eeeeee", "zebra": "#bdbdbd"}
STALL_COLOURS = {"kiosk": "#4fc3f7", "barrow": "#81c784", "snack": "#ffb74d", "popcorn": "#fff176",
                 SOUVENIR_SHOP: "#ce93d8", RESTAURANT: "#e57373", SITE: "#ff9800"}
SPACE, GAP = 34, 6
SHORT_NAMES = {"5": "5-space", "4": "4-space", "6": "6-space", "x1": "expansion 1", "x2": "expansion 2"}


def _esc(text) -> str:
    return html.escape(str(text))


def _enclosure_svg(enclosure, x: int, y: int, points: int | None) -> tuple[str, int, int]:
    """One enclosure as SVG at (x, y): its spaces in two rows, then its stall spaces (*points* None: unscored)."""
    cols = (enclosure.size + 1) // 2
    width, height = max(cols * (SPACE + GAP) + GAP, 150), 2 * (SPACE + GAP) + GAP + 22
    parts = [f'<g class="enclosure" data-key="{enclosure.key}">',
             f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="#e8f5e9" stroke="#2e7d32"/>',
             f'<text x="{x + 6}" y="{y + 15}" font-size="12" font-weight="bold">'
             f'{_esc(SHORT_NAMES[enclosure.key])}{"" if points is None else f": {points} pts"}</text>']
    contents = (["offspring"] * enclosure.offspring + ["animal"] * (enclosure.animals - enclosure.offspring)
                + ["pavilion"] * enclosure.pavilions + ["site"] * enclosure.sites)
    contents += ["empty"] * (enclosure.size - len(contents))
    for i, what in enumerate(contents):
        cx = x + GAP + (i % cols) * (SPACE + GAP)
        cy = y + 22 + (i // cols) * (SPACE + GAP)
        if what in ("animal", "offspring"):
            colour = COLOURS.get(enclosure.species, "#ccc")
            label = enclosure.species[:2].title() + ("*" if what == "offspring" else "")
            parts.append(f'<circle cx="{cx + SPACE / 2}" cy="{cy + SPACE / 2}" r="{SPACE / 2 - 1}" '
                         f'fill="{colour}" stroke="#333"><title>{_esc(enclosure.species)}'
                         f'{" (offspring)" if what == "offspring" else ""}</title></circle>'
                         f'<text x="{cx + SPACE / 2}" y="{cy + SPACE / 2 + 4}" font-size="11" '
                         f'text-anchor="middle">{label}</text>')
        elif what == "pavilion":
            parts.append(f'<rect x="{cx}" y="{cy}" width="{SPACE}" height="{SPACE}" fill="#8d6e63" rx="4">'
                         f'<title>pavilion</title></rect><text x="{cx + SPACE / 2}" y="{cy + SPACE / 2 + 4}" '
                         f'font-size="11" fill="white" text-anchor="middle">Pav</text>')
        elif what == "site":
            parts.append(f'<rect x="{cx}" y="{cy}" width="{SPACE}" height="{SPACE}" fill="#ff9800" rx="4">'
                         f'<title>construction site</title></rect><text x="{cx + SPACE / 2}" '
                         f'y="{cy + SPACE / 2 + 4}" font-size="14" text-anchor="middle">X</text>')
        else:
            parts.append(f'<rect x="{cx}" y="{cy}" width="{SPACE}" height="{SPACE}" fill="white" '
                         f'stroke="#aaa" stroke-dasharray="3,2" rx="4"/>')
    # stall spaces below the enclosure
    sy, stalls = y + height + 4, list(enclosure.stalls)
    slot = 0
    for stall in stalls:
        span = 2 if stall == RESTAURANT else 1
        sx, w = x + slot * 74, 70 * span + 4 * (span - 1)
        parts.append(f'<rect class="stall" x="{sx}" y="{sy}" width="{w}" height="22" rx="4" '
                     f'fill="{STALL_COLOURS.get(stall, "#ddd")}" stroke="#555"/>'
                     f'<text x="{sx + w / 2}" y="{sy + 15}" font-size="11" text-anchor="middle">'
                     f'{_esc("site marker" if stall == SITE else stall.replace("-", " "))}</text>')
        slot += span
    for free in range(slot, enclosure.stall_spaces):
        parts.append(f'<rect x="{x + free * 74}" y="{sy}" width="70" height="22" rx="4" fill="white" '
                     f'stroke="#aaa" stroke-dasharray="3,2"/><text x="{x + free * 74 + 35}" y="{sy + 15}" '
                     f'font-size="10" fill="#999" text-anchor="middle">stall space</text>')
    parts.append("</g>")
    return "".join(parts), width, height + 30


def zoo_svg(zoo: Zoo, *, scores: bool = True) -> str:
    """The zoo as an inline SVG board: enclosures, stall spaces, the barn, coins and the total.

    ``scores=False`` leaves the points out (a "what does it score?" puzzle).

    >>> svg = zoo_svg(new_zoo())
    >>> svg.startswith("<svg") and "4-space: 0 pts" in svg and "Barn" in svg
    True
    >>> "pts" in zoo_svg(new_zoo(), scores=False)
    False
    """
    result = score(zoo)
    lines = {line_key: line for line_key, line in zip(zoo.keys, result.lines)}
    parts, x, tallest = [], 10, 0
    for enclosure in zoo.enclosures:
        svg, width, height = _enclosure_svg(enclosure, x, 30, lines[enclosure.key].points if scores else None)
        parts.append(svg)
        x, tallest = x + max(width, 74 * enclosure.stall_spaces) + 14, max(tallest, height)
    barn_y = 30 + tallest + 10
    barn = zoo.barn
    animals = ", ".join(f"{barn.animals.count(s)} {s}" for s in barn.species) or "no animals"
    stalls = ", ".join(s.replace("-", " ") for s in barn.stalls) or "no stalls"
    sites = f", {barn.sites} construction site(s)" if barn.sites else ""
    parts.append(f'<g class="barn"><rect x="10" y="{barn_y}" width="{x - 24}" height="30" rx="6" '
                 f'fill="#fff3e0" stroke="#8d6e63"/><text x="18" y="{barn_y + 19}" font-size="12">'
                 f'Barn: {_esc(animals)}; {_esc(stalls)}{_esc(sites)}</text></g>')
    total = f"Score {result.total} - coins" if scores else "Coins"
    head = f'<text x="10" y="18" font-size="14" font-weight="bold">{total} {zoo.coins}</text>'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="zoobook-zoo" width="{x}" '
            f'height="{barn_y + 40}" font-family="sans-serif">{head}{"".join(parts)}</svg>')


def score_html(zoo: Zoo) -> str:
    """The score breakdown as an HTML table, with any Z6 flag above it.

    >>> "<td>4-space enclosure: empty</td>" in score_html(new_zoo())
    True
    """
    result = score(zoo)
    flags = "".join(f'<p class="zoobook-flag">&#9873; {_esc(f)}</p>' for f in result.flags)
    rows = "".join(f"<tr><td>{_esc(line.label)}</td><td style='text-align:right'>{line.points}</td>"
                   f"<td><small>{line.rule}</small></td></tr>" for line in result.lines)
    return (f'<div class="zoobook-score">{flags}<table>{rows}<tr><td><b>Total: {result.total}</b></td>'
            f"<td></td><td></td></tr></table></div>")


def tile_options() -> list[str]:
    """Every tile a player can draw, as written in puzzle files."""
    animals = [f"{s}{sex}" for s in SPECIES for sex in ("", "-male", "-female")]
    return animals + list(STALL_TYPES) + ["coin"]


class ZooBoard(widgets.VBox):
    """A zoo to build by hand: place tiles, buy buildings, receive markers, watch the score.

    Parameters
    ----------
    zoo : Zoo, optional
        The starting zoo (an empty 2-player zoo with both expansions by default).
    """

    def __init__(self, zoo: Zoo | None = None) -> None:
        self.history: list[Zoo] = []
        self.zoo = zoo or new_zoo(players=2, expansion_boards=1, coins=6)
        places = [(e.name, e.key) for e in self.zoo.enclosures]
        self.tile = widgets.Dropdown(options=tile_options(), value="zebra", description="Tile")
        self.where = widgets.Dropdown(options=places + [("barn", BARN)], value="5", description="To")
        self.shop_to = widgets.Dropdown(options=[("first empty stall space", None)] + places + [("barn", BARN)],
                                        description="Shop to")
        self.place_button = widgets.Button(description="Place tile", button_style="primary")
        self.restaurant_button = widgets.Button(description="Buy restaurant")
        self.pavilion_to = widgets.Dropdown(options=places, description="Pavilion")
        self.pavilion_button = widgets.Button(description="Buy pavilion")
        self.marker_kind = widgets.Dropdown(options=["enclosure", "stall", "barn"], description="Marker")
        self.marker_to = widgets.Dropdown(options=places + [("barn", BARN)], description="On")
        self.marker_button = widgets.Button(description="Place marker")
        self.undo_button = widgets.Button(description="Undo")
        self.board = widgets.HTML()
        self.score_view = widgets.HTML()
        self.message = widgets.HTML()
        rows = [widgets.HBox([self.tile, self.where, self.shop_to, self.place_button])]
        if self.zoo.uses(THREE_BUILDINGS):
            rows.append(widgets.HBox([self.restaurant_button, self.pavilion_to, self.pavilion_button]))
        if self.zoo.uses(CONSTRUCTION_SITES):
            rows.append(widgets.HBox([self.marker_kind, self.marker_to, self.marker_button]))
        rows.append(self.undo_button)
        super().__init__(rows + [self.message, self.board, self.score_view])
        self.place_button.on_click(lambda _: self.place(Tile.parse(self.tile.value), self.where.value,
                                                        self.shop_to.value))
        self.restaurant_button.on_click(lambda _: self._apply(buy_restaurant, self.zoo))
        self.pavilion_button.on_click(lambda _: self._apply(buy_pavilion, self.zoo, self.pavilion_to.value))
        self.marker_button.on_click(lambda _: self._apply(place_site, self.zoo, self.marker_kind.value,
                                                          self.marker_to.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.refresh()

    def place(self, tile: Tile, to: str, shop_to: str | None = None) -> None:
        """Place *tile*; when a birth brings the souvenir shop, use *shop_to* or the first legal space."""
        options = [shop for where, shop in legal_placements(self.zoo, tile) if where == to and shop]
        if options and shop_to not in options:
            shop_to = options[0]
        self._apply(place_tile, self.zoo, tile, "coins" if tile.kind == "coin" else to, shop_to=shop_to)

    def _apply(self, action, *args, **kwargs) -> None:
        try:
            outcome = action(*args, **kwargs)
        except IllegalAction as exc:
            self.message.value = f'<div class="zoobook-refusal">Not allowed: {_esc(exc.refusal)}</div>'
            return
        self.history.append(self.zoo)
        self.zoo = outcome.zoo
        self.message.value = ('<div class="zoobook-events">' + _esc("; ".join(outcome.events) or "done")
                              + "</div>")
        self.refresh()

    def undo(self) -> None:
        if self.history:
            self.zoo = self.history.pop()
            self.message.value = '<div class="zoobook-events">undone</div>'
            self.refresh()

    def refresh(self) -> None:
        self.board.value = zoo_svg(self.zoo)
        self.score_view.value = score_html(self.zoo)


class PuzzleCard(widgets.VBox):
    """A Zooloretto puzzle: its question, the zoo drawn, and a Solve button that shows the answer."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        zoo = getattr(puzzle.model, "zoo", puzzle.model)
        extra = []
        for name in ("tiles", "markers"):
            items = getattr(puzzle.model, name, None)
            if items:
                label = "Truck" if puzzle.kind.name == "zooloretto/truck" else name.title()
                extra.append(f"{label}: {', '.join(map(str, items))}")
        question = (f"<h4>{_esc(puzzle.title or puzzle.id)}</h4><p><i>{_esc(puzzle.kind.summary)}</i>. "
                    f"{_esc(puzzle.description)}</p>" + "".join(f"<p><b>{_esc(e)}</b></p>" for e in extra))
        self.question = widgets.HTML(question + zoo_svg(zoo))
        self.solve_button = widgets.Button(description="Solve")
        self.answer = widgets.HTML()
        self.solve_button.on_click(lambda _: self.solve())
        super().__init__([self.question, self.solve_button, self.answer])

    def solve(self):
        solution = self.puzzle.solve()
        witness = solution.witness
        if isinstance(witness, dict):
            items = [f"<li><b>{_esc(k)}</b>: {_esc(v if not isinstance(v, list) else '; '.join(map(str, v)))}</li>"
                     for k, v in witness.items()]
        else:
            items = [f"<li>{_esc(line)}</li>" for line in witness]
        self.answer.value = solution_html(solution, title="Answer") + f"<ul>{''.join(items)}</ul>"
        return solution
