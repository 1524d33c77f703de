"""A clickable hex board: one ipywidgets Button per hex, laid out as pointy-topped hexes.

Rows go by ``r`` and each row is shifted right by half a hex per ``r`` (the axial layout
of :mod:`zoobook.hexgrid`, ruling S1), so a hex's buttons sit where the drawn map shows it.
Clicking hexes in turn builds a sequence, the same ``"q,r q,r ..."`` a text box takes;
clicking the last chosen hex again takes it back. The board knows no rules: what a
sequence means is up to whoever reads :attr:`HexButtonBoard.selected`. With ``on_click`` a
click builds no sequence and calls it with the hex instead (the map editor paints that way);
``colour(hex)`` gives a button its fill. On a board of a hundred hexes a view redraws only
what changed: :meth:`HexButtonBoard.relabel` takes the hexes to redraw, and a button is
sent to the browser only when its text, style or state really changes.

Examples
--------
>>> board = HexButtonBoard([(0, 0), (1, 0), (0, 1)], label=lambda h: "x" if h == (1, 0) else "")
>>> board.buttons[(1, 0)].click(); board.buttons[(0, 1)].click()
>>> board.selected, board.text()
([(1, 0), (0, 1)], '1,0 0,1')
>>> board.buttons[(1, 0)].description
'1:x'
>>> board.buttons[(0, 1)].click()   # the last hex again: taken back
>>> board.text()
'1,0'
>>> [len(row.children) for row in board.children]   # row r=1 starts with a half-hex spacer
[2, 2]
>>> painted = []
>>> palette = HexButtonBoard([(0, 0), (1, 0)], on_click=painted.append, colour=lambda h: "#c9b79c")
>>> palette.buttons[(1, 0)].click()
>>> painted, palette.selected, palette.buttons[(1, 0)].style.button_color
([(1, 0)], [], '#c9b79c')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

__all__ = ["HexButtonBoard"]

Hex = tuple[int, int]


class HexButtonBoard(widgets.VBox):
    """Buttons for *hexes*, labelled by ``label(hex) -> str``; clicks build :attr:`selected`.

    Parameters
    ----------
    hexes : iterable of (q, r)
        The hexes to show; gaps in a row are left blank.
    label : callable of a hex, optional
        The short text a button shows (a few characters); call :meth:`relabel` after the
        thing it describes changes.
    width : float
        The width of one hex button in em.
    on_change : callable, optional
        Called with the board after every click.
    on_click : callable of a hex, optional
        When given, a click calls it with the hex and builds no sequence.
    colour : callable of a hex, optional
        The button's fill colour (a CSS colour, or None for the default).
    """

    def __init__(self, hexes: Iterable[Sequence[int]], label: Callable[[Hex], str] = lambda h: "",
                 *, width: float = 3.6, on_change: Callable[["HexButtonBoard"], None] | None = None,
                 on_click: Callable[[Hex], None] | None = None,
                 colour: Callable[[Hex], str | None] | None = None) -> None:
        cells = sorted({(int(h[0]), int(h[1])) for h in hexes}, key=lambda h: (h[1], h[0]))
        if not cells:
            raise ValueError("a hex board needs at least one hex")
        self.label = label
        self.on_change = on_change
        self.on_click = on_click
        self.colour = colour
        self.selected: list[Hex] = []
        self.buttons: dict[Hex, widgets.Button] = {}
        self._disabled = False
        r_top = cells[0][1]
        # x of a hex in hex widths, q + r/2 (pointy-topped axial), measured from the leftmost one
        left = min(q + (r - r_top) / 2 for q, r in cells)
        rows = []
        for r in sorted({r for _, r in cells}):
            row: list[widgets.Widget] = []
            x = left
            for q in sorted(q for q, rr in cells if rr == r):
                gap = q + (r - r_top) / 2 - x
                if gap > 0:
                    row.append(widgets.Box(layout=widgets.Layout(width=f"{gap * width}em",
                                                                 min_width=f"{gap * width}em")))
                # filled buttons get a thin edge, so that neighbours of one colour stay apart
                edge = "1px solid #d0c8b0" if colour is not None else None
                button = widgets.Button(tooltip=f"{q},{r}", layout=widgets.Layout(
                    width=f"{width}em", min_width=f"{width}em", height="2.4em", margin="0", padding="0",
                    border=edge))
                button.on_click(lambda _, h=(q, r): self.clicked(h))
                self.buttons[(q, r)] = button
                row.append(button)
                x = q + (r - r_top) / 2 + 1
            rows.append(widgets.HBox(row))
        super().__init__(rows)
        self.relabel()

    @property
    def hexes(self) -> list[Hex]:
        """The board's hexes, row by row."""
        return list(self.buttons)

    def clicked(self, h: Hex) -> None:
        """What a click on the button of *h* does: ``on_click(h)`` if given, else :meth:`toggle`."""
        if self.on_click is not None:
            self.on_click(h)
        else:
            self.toggle(h)

    def toggle(self, h: Sequence[int]) -> None:
        """What a click on *h* does: append it, or take it back if it is the last one chosen."""
        h = (int(h[0]), int(h[1]))
        if h not in self.buttons:
            raise KeyError(f"{h} is not on this board")
        if self.selected and self.selected[-1] == h:
            self.selected.pop()
        else:
            self.selected.append(h)
        self.relabel()
        if self.on_change:
            self.on_change(self)

    def clear(self) -> None:
        """Forget the chosen hexes."""
        self.selected = []
        self.relabel()

    def text(self) -> str:
        """The chosen hexes written as a text box takes them: ``"q,r q,r ..."``."""
        return " ".join(f"{q},{r}" for q, r in self.selected)

    def relabel(self, hexes: Iterable[Sequence[int]] | None = None) -> None:
        """Redraw the buttons' labels (of *hexes*, or all), numbering the chosen hexes in click order.

        A trait set to the value it holds sends nothing to the browser, so only the buttons
        that change cost a message.
        """
        order = {}
        for i, h in enumerate(self.selected, 1):
            order.setdefault(h, []).append(str(i))
        which = self.buttons if hexes is None else [(int(h[0]), int(h[1])) for h in hexes]
        for h in which:
            button = self.buttons[h]
            text = self.label(h)
            if h in order:
                _set(button, "description", "/".join(order[h]) + (f":{text}" if text else ""))
                _set(button, "button_style", "warning")
            else:
                _set(button, "description", text)
                _set(button, "button_style", "")
            _set(button, "disabled", self._disabled)
            if self.colour is not None:
                fill = self.colour(h) or None
                if button.style.button_color != fill:
                    button.style.button_color = fill

    @property
    def disabled(self) -> bool:
        """Whether the buttons take clicks."""
        return self._disabled

    @disabled.setter
    def disabled(self, value: bool) -> None:
        self._disabled = bool(value)
        for button in self.buttons.values():
            _set(button, "disabled", self._disabled)


def _set(widget, name: str, value) -> None:
    """Set a trait only when it changes (the browser hears of changes only)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)
