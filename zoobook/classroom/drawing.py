"""Pictures of a case for the self-check: hexes and Zoo maps, expected against got.

Small matplotlib drawings built on :mod:`zoobook.hexgrid` (pointy-topped axial
hexes, ruling S1). Each function returns a Figure; the report embeds it.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> fig = hex_figure([(0, 0), (1, 0)], fills={(1, 0): "expected"}, labels={(0, 0): "A"})
>>> len(fig.axes[0].patches)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from zoobook.hexgrid import Hex, bounding_box, corners, to_pixel

__all__ = ["COLOURS", "new_figure", "hex_figure", "zoo_figure"]

#: What the fill names mean in every picture of the track.
COLOURS = {
    "plain": "#f3f0e6", "start": "#ffd54f", "expected": "#9ccc65", "got": "#ef9a9a",
    "both": "#81c784", "missing": "#e57373", "extra": "#64b5f6", "node": "#d7ccc8",
    "exit": "#b0bec5", "wrong": "#e57373",
}


def new_figure(figsize: tuple[float, float]):
    """A figure a notebook shows once, when a cell returns it.

    Made by pyplot (in a kernel that loads the inline backend, which teaches IPython
    to show figures) and closed at once, so pyplot does not show it a second time
    at the end of the cell nor keep it open.
    """
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=figsize)
    plt.close(fig)
    return fig


def _axes(hexes: Iterable[Sequence[int]], title: str, scale: float = 0.55):
    hexes = list(hexes)
    xmin, xmax, ymin, ymax = bounding_box(hexes)
    width = max(2.0, (xmax - xmin) * scale)
    height = max(1.5, (ymax - ymin) * scale)
    fig = new_figure((min(width, 9), min(height, 7)))
    ax = fig.subplots()
    ax.set_xlim(xmin - 0.2, xmax + 0.2)
    ax.set_ylim(ymax + 0.2, ymin - 0.2)  # y grows downwards: north is up
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=9)
    return fig, ax


def hex_figure(hexes: Iterable[Sequence[int]], *, fills: Mapping[Sequence[int], str] = {},
               labels: Mapping[Sequence[int], str] = {}, edges: Iterable[tuple] = (),
               edge_styles: Mapping[str, str] = {}, title: str = "", legend: Iterable[str] = ()):
    """The hexes, filled by role (keys of :data:`COLOURS`), labelled, with lines between centres.

    *edges* are ``(a, b, role)`` triples drawn as lines (role colours from
    *edge_styles*, default grey).
    """
    from matplotlib.patches import Patch, Polygon

    hexes = [Hex(*h) for h in hexes]
    fills = {Hex(*h): role for h, role in fills.items()}
    fig, ax = _axes(hexes, title)
    for h in hexes:
        ax.add_patch(Polygon(corners(h), closed=True, facecolor=COLOURS[fills.get(h, "plain")],
                             edgecolor="#9e9e9e", linewidth=0.6))
    for a, b, role in edges:
        (x1, y1), (x2, y2) = to_pixel(a), to_pixel(b)
        ax.plot([x1, x2], [y1, y2], color=edge_styles.get(role, "#757575"), linewidth=2,
                linestyle="--" if role == "extra" else "-")
    for h, text in labels.items():
        x, y = to_pixel(h)
        ax.text(x, y, str(text), ha="center", va="center", fontsize=7)
    if legend:
        ax.legend(handles=[Patch(color=COLOURS[role], label=role) for role in legend],
                  loc="upper left", bbox_to_anchor=(1, 1), fontsize=7, frameon=False)
    return fig


def zoo_figure(zoo, *, shipment=None, title: str = ""):
    """A Zoo map drawn by the shared :func:`zoobook.widgets.hexdraw.draw_hexmap`: areas with
    their danger, and a shipment's links (and teleport) highlighted when given."""
    from zoobook.widgets.hexdraw import draw_hexmap

    def label(node):
        return f"{node.name}\n{zoo.danger(node.name)}" if node.type == "area" else node.type

    xmin, xmax, ymin, ymax = bounding_box(zoo.hexmap.hexes() or [(0, 0)])
    width = max(3.0, min(9.0, (xmax - xmin) * 0.55))
    fig = new_figure((width, max(2.0, min(7.0, width * (ymax - ymin) / max(xmax - xmin, 1e-9)))))
    route = [step for step in shipment.steps if step is not None] if shipment else ()
    draw_hexmap(zoo.hexmap, ax=fig.subplots(), label=label, route=route,
                teleport=shipment.teleport if shipment else None, title=title, font_size=7)
    return fig


_CATEGORY_COLOURS = {"carnivore": "#ef5350", "herbivore": "#66bb6a", "aquatic": "#42a5f5",
                     "bird": "#ffee58", "reptile": "#8d6e63", "park": "#e0e0e0"}
_GATE_AT = {"N": (2, -1), "S": (2, 5), "W": (-1, 2), "E": (5, 2)}


def lineup_figure(graph, *, path: Sequence[str] = (), title: str = ""):
    """A 5x5 lineup graph drawn on the board: tiles coloured by category, open borders grey,
    doors green, walls red dashed, *path* (tile names from the gate) in thick blue."""
    import networkx as nx

    def where(node):
        if node == "gate":
            return _GATE_AT[graph.graph.get("gate", "W")]
        cells = graph.nodes[node]["cells"]
        xs = ["ABCDE".index(c[0]) for c in cells]
        ys = [int(c[1:]) - 1 for c in cells]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    pos = {n: where(n) for n in graph}
    fig = new_figure((4.2, 4.2))
    ax = fig.subplots()
    for u, v, data in graph.edges(data=True):
        (x1, y1), (x2, y2) = pos[u], pos[v]
        state = data.get("state", "open")
        ax.plot([x1, x2], [y1, y2], color={"open": "#9e9e9e", "door": "#2e7d32"}.get(state, "#c62828"),
                linestyle="--" if state == "wall" else "-", linewidth=1.5, zorder=1)
    steps = ["gate", *path]
    for a, b in zip(steps, steps[1:]):
        if a in pos and b in pos:
            ax.plot([pos[a][0], pos[b][0]], [pos[a][1], pos[b][1]], color="#1565c0", linewidth=4,
                    alpha=0.6, zorder=2)
    colours = [_CATEGORY_COLOURS.get(graph.nodes[n].get("category"), "#ffffff") if n != "gate" else "#ffd54f"
               for n in graph]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colours, node_size=520, edgecolors="#424242")
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=7)
    ax.set_xlim(-1.5, 5.5)
    ax.set_ylim(5.5, -1.5)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=8)
    return fig


__all__ += ["lineup_figure"]
