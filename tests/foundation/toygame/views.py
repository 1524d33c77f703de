"""The toy game's picture and play widget (imported only when the puzzle of the day shows it)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.widgets.common import KindView

__all__ = ["VIEW"]


def picture(tiles) -> str:
    cells = "".join(f'<rect x="{24 * i}" y="{30 - 3 * t.weight}" width="20" height="{3 * t.weight}">'
                    f"<title>{html.escape(t.name)}</title></rect>" for i, t in enumerate(tiles))
    return f'<svg class="toy" width="{24 * len(tiles)}" height="30">{cells}</svg>'


def play(tiles) -> widgets.Widget:
    return widgets.Dropdown(options=[t.name for t in tiles], description="Heaviest")


VIEW = KindView(picture, play, "kilograms", "Pick the tile you think is heaviest.")
