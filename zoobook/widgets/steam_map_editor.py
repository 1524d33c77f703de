"""Paint your printed Age of Steam solo board hex by hex and save it as a puzzle file.

:class:`MapEditor` is a thin view over :class:`~zoobook.steam.game.editing.DraftMap`: a brush
(plain, mountain, city, town, exit, danger or colour ...), the city's attributes, a clickable
hex board (:class:`~zoobook.widgets.hexbuttons.HexButtonBoard`: the board's hexes and, marked
``+``, the hexes next to it, where painting grows the board), grow and shrink by a row or a
column, undo, what still keeps the map from being a game, and Save / Load of the puzzle file
that ``zoobook solve`` and ``zoobook plan`` read. A refused paint shows its one-line reason
and changes nothing. No rules live here.

>>> editor = MapEditor(map="zoo", columns=3, rows=1)
>>> editor.brush.value = "city"; editor.name.value = "goats"; editor.board.buttons[(0, 0)].click()
>>> editor.board.buttons[(0, 0)].description
'Go·1'
>>> editor.brush.value = "exit"; editor.board.buttons[(3, 0)].click()   # a "+" hex: the board grows
>>> len(editor.draft.hexes()), editor.board.buttons[(3, 0)].description
(4, 'EX')
>>> editor.brush.value = "danger"; editor.board.buttons[(1, 0)].click()
>>> editor.message.value
"<div class='zoobook-refused'>Refused: (1, 0) is plain land, not an animal area: paint a city first [S4]</div>"
>>> "at least two animal areas" in editor.problems_view.value
True
"""

from __future__ import annotations

import html
import shlex
from pathlib import Path

import ipywidgets as widgets

from zoobook.errors import IllegalAction, PuzzleError
from zoobook.steam.easter.island import CUBE_COLOURS
from zoobook.steam.game.editing import EASTER, SIDES, ZOO, Cell, DraftMap
from zoobook.widgets.hexbuttons import HexButtonBoard

__all__ = ["MapEditor", "cell_label", "cell_colour"]

#: Button fills: land as the drawn map shows it, cities by colour (Easter) or as animal areas.
_FILL = {"plain": "#f4efe1", "mountain": "#c9b79c", "town": "#ffffff", "exit": "#9a9a9a",
         "area": "#e9a23b", "outline": "#f7f7f7"}
_CITY_FILL = {"red": "#e06666", "blue": "#6fa8dc", "yellow": "#ffd966", "purple": "#b4a7d6",
              "black": "#8c8c8c"}


def cell_label(cell: Cell | None, *, track: bool = False) -> str:
    """A few characters for a painted hex: ``^`` mountain, ``T`` town, ``EX`` exit, a city's
    initials with its danger (Zoo) or its cubes (Easter), ``+`` off the board, ``=`` track.

    >>> moai = Cell("city", "Red 3", colour="red", cubes=("red", "blue"))
    >>> cell_label(Cell("city", "lions", danger=5)), cell_label(moai)
    ('Li·5', 'R3:2')
    >>> cell_label(None), cell_label(Cell("mountain"), track=True)
    ('+', '^=')
    """
    if cell is None:
        return "+"
    if cell.what == "city":
        words = cell.name.split()
        short = "".join(w[0].upper() for w in words) if len(words) > 1 else cell.name[:2].capitalize()
        if cell.colour:
            return short[:3] + (f":{len(cell.cubes)}" if cell.cubes else "")
        return short[:3] + "·" + str(cell.danger)  # the danger, apart from a name's digits
    text = {"plain": "", "mountain": "^", "town": "T", "exit": "EX"}[cell.what]
    return text + ("=" if track else "")


def cell_colour(cell: Cell | None) -> str:
    """The button fill for a painted hex (off the board: a pale grey)."""
    if cell is None:
        return _FILL["outline"]
    if cell.what == "city":
        return _CITY_FILL.get(cell.colour, _FILL["area"])
    return _FILL[cell.what]


class MapEditor(widgets.VBox):
    """Paint a solo map and save it (see the module docstring).

    Parameters
    ----------
    draft : DraftMap, optional
        The map to start from; else a blank board of *columns* x *rows* plain hexes of *map*.
    map : str
        ``"zoo"`` or ``"easter"`` (for a blank board).
    draw : bool
        Whether the Draw button is offered (a matplotlib picture of the painted map).
    """

    def __init__(self, draft: DraftMap | None = None, *, map: str = ZOO, columns: int = 8, rows: int = 6,
                 draw: bool = True) -> None:
        self.draft = draft or DraftMap.blank(map, columns, rows)
        self.undo_stack: list[DraftMap] = []
        self.brush = widgets.ToggleButtons(description="Brush", style={"button_width": "7.5em"})
        self.name = widgets.Text(description="City name", placeholder="(numbered if empty)",
                                 layout=widgets.Layout(width="20em"))
        self.danger = widgets.BoundedIntText(value=1, min=1, max=6, description="Danger",
                                             layout=widgets.Layout(width="10em"))
        self.colour = widgets.Dropdown(options=CUBE_COLOURS, value="red", description="Colour",
                                       layout=widgets.Layout(width="14em"))
        self.ruin = widgets.Checkbox(value=True, description="ruin", indent=False,
                                     layout=widgets.Layout(width="6em"))
        self.cubes = widgets.Text(description="Cubes", placeholder="bottom top: red blue",
                                  layout=widgets.Layout(width="18em"))
        self.side = widgets.Dropdown(options=SIDES, value="E", description="Side",
                                     layout=widgets.Layout(width="10em"))
        self.grow_button = widgets.Button(description="Grow", icon="plus")
        self.shrink_button = widgets.Button(description="Shrink", icon="minus")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.puzzle_id = widgets.Text(description="id", layout=widgets.Layout(width="18em"))
        self.title = widgets.Text(description="title", layout=widgets.Layout(width="24em"))
        self.turns = widgets.BoundedIntText(min=1, max=30, description="turns",
                                            layout=widgets.Layout(width="10em"))
        self.file = widgets.Text(description="File", layout=widgets.Layout(width="28em"))
        self.save_button = widgets.Button(description="Save", button_style="primary", icon="save")
        self.load_button = widgets.Button(description="Load", icon="folder-open")
        self.draw_button = widgets.Button(description="Draw", icon="map",
                                          layout=widgets.Layout(display=None if draw else "none"))
        self.message = widgets.HTML()
        self.problems_view = widgets.HTML()
        self.picture = widgets.HTML()
        self.board_box = widgets.VBox()
        self.grow_button.on_click(lambda _: self._change(lambda d: d.grow(self.side.value)))
        self.shrink_button.on_click(lambda _: self._change(lambda d: d.shrink(self.side.value)))
        self.undo_button.on_click(lambda _: self.undo())
        self.save_button.on_click(lambda _: self.save(self.file.value))
        self.load_button.on_click(lambda _: self.load(self.file.value))
        self.draw_button.on_click(lambda _: self.draw_map())
        self.attributes = widgets.HBox([self.name, self.danger, self.colour, self.ruin, self.cubes])
        super().__init__([
            self.brush, self.attributes, self.board_box,
            widgets.HBox([self.side, self.grow_button, self.shrink_button, self.undo_button]),
            self.message, self.problems_view,
            widgets.HBox([self.puzzle_id, self.title, self.turns]),
            widgets.HBox([self.file, self.save_button, self.load_button, self.draw_button]),
            self.picture])
        self._show(self.draft, new_map=True)

    # -- what the controls do -------------------------------------------------------------------
    def paint_at(self, h) -> None:
        """Paint the chosen brush, with the attribute controls' values, on hex *h*."""
        brush, draft = self.brush.value, self.draft
        value, attrs = None, {}
        if brush == "city":
            attrs["name"] = self.name.value.strip() or None
            if draft.map == ZOO:
                attrs["danger"] = self.danger.value
            else:
                attrs.update(colour=self.colour.value, ruin=self.ruin.value, cubes=self.cubes.value)
        elif brush in ("danger", "colour", "ruin", "cubes"):
            value = getattr(self, brush).value
        painted = self._change(lambda d: d.paint(h, brush, value, **attrs))
        if painted and brush == "city":
            self.name.value = ""  # the next city gets its own name

    def _change(self, change) -> bool:
        """Apply *change* (a function of the draft); a refusal is shown and changes nothing.

        Besides the rules' refusals (IllegalAction), an argument of the wrong kind (TypeError,
        ValueError naming its field) is shown the same way, never as a traceback."""
        try:
            new = change(self.draft)
        except (IllegalAction, TypeError, ValueError) as exc:
            self.message.value = f"<div class='zoobook-refused'>Refused: {html.escape(str(exc))}</div>"
            return False
        self.message.value = ""
        if new is not self.draft:
            self.undo_stack.append(self.draft)
            self._show(new)
        return True

    def undo(self) -> None:
        """Back to the draft before the last change."""
        if self.undo_stack:
            self._show(self.undo_stack.pop())
            self.message.value = ""

    def current(self) -> DraftMap:
        """The draft with the id, title and turns typed in the boxes."""
        from dataclasses import replace

        return replace(self.draft, id=self.puzzle_id.value.strip(), title=self.title.value.strip(),
                       turns=self.turns.value)

    def save(self, path: str) -> None:
        """Write the puzzle file; nothing is written when the map still has a problem."""
        if not path.strip():
            self.message.value = "<div class='zoobook-refused'>Write a file name first.</div>"
            return
        try:
            written = self.current().save(Path(path.strip()))
        except (PuzzleError, OSError, TypeError, ValueError) as exc:
            self.message.value = f"<div class='zoobook-refused'>Not saved: {html.escape(str(exc))}</div>"
            return
        # a terminal is rarely opened in the notebook's folder: the command names the file in full
        command = f"zoobook plan {shlex.quote(str(Path(written).resolve()))}"
        self.message.value = (f"<div class='zoobook-saved'>Saved {html.escape(Path(written).name)} beside this "
                              f"notebook. From a terminal: <code>{html.escape(command)}</code></div>")

    def load(self, path: str) -> None:
        """Open a ``steam-zoo/clear`` or ``steam-easter/clear`` file (undo goes back)."""
        try:
            draft = DraftMap.load(Path(path.strip()))
        except PuzzleError as exc:
            self.message.value = f"<div class='zoobook-refused'>Not loaded: {html.escape(str(exc))}</div>"
            return
        self.undo_stack.append(self.draft)
        self._show(draft, new_map=True)
        self.message.value = f"<div class='zoobook-saved'>Loaded {html.escape(path.strip())}</div>"

    def draw_map(self) -> None:
        """A picture of the painted map (the game's own drawing), when it is a game already."""
        from zoobook.widgets.common import figure_html
        from zoobook.widgets.steam_game import draw_game

        problems = self.draft.problems()
        if problems:
            self.picture.value = f"<i>No picture yet: {html.escape(problems[0])}</i>"
            return
        fig, _ = draw_game(self.draft.to_game().new_state(), title=self.draft.title or self.draft.id)
        self.picture.value = figure_html(fig, alt="the painted map")

    # -- the view ----------------------------------------------------------------------------------
    def _show(self, draft: DraftMap, *, new_map: bool = False) -> None:
        old = self.draft
        self.draft = draft
        if new_map:
            self.brush.options = draft.brushes()
            zoo = draft.map == ZOO
            self.danger.layout.display = None if zoo else "none"
            for w in (self.colour, self.ruin, self.cubes):
                w.layout.display = "none" if zoo else None
            self.puzzle_id.value, self.title.value, self.turns.value = draft.id, draft.title, draft.turns
            if not self.file.value:
                self.file.value = f"{draft.id}.toml"
        shown = set(draft.hexes()) | set(draft.outline())
        board = getattr(self, "board", None)
        if board is None or set(board.buttons) != shown:
            self.board = HexButtonBoard(shown, label=self._label, colour=self._colour, on_click=self.paint_at)
            self.board_box.children = (self.board,)
        else:
            changed = [h for h in shown if old.cell(h) != draft.cell(h)] if not new_map else None
            self.board.relabel(changed)
        problems = draft.problems()
        what = "Easter Island" if draft.map == EASTER else "Zoo map"
        size = f"{what}: {len(draft.hexes())} hexes, {len(draft.cities())} cities"
        if problems:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in problems)
            self.problems_view.value = f"<div class='zoobook-problems'>{size}. Before saving:<ul>{items}</ul></div>"
        else:
            self.problems_view.value = f"<div class='zoobook-problems'>{size}: ready to save.</div>"

    def _label(self, h) -> str:
        return cell_label(self.draft.cell(h), track=h in self._track_hexes())

    def _colour(self, h) -> str:
        return cell_colour(self.draft.cell(h))

    def _track_hexes(self) -> set:
        draft = self.draft
        if getattr(self, "_tracks_of", (None,))[0] is not draft.tracks:
            self._tracks_of = (draft.tracks, {tuple(h) for t in draft.tracks for h in t})
        return self._tracks_of[1]
