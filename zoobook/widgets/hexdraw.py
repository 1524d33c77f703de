"""Drawing Age of Steam hex maps with matplotlib: terrain, nodes, track, a route, a teleport.

Game-neutral: it draws any :class:`~zoobook.steam.hexmap.HexMap`. A game decides
what its nodes look like through two hooks, ``label(node) -> str`` and
``colour(node) -> colour``, and may highlight a route (track indices) and a
teleport (two node names, drawn as a dashed arc). Pointy-topped hexes, north up
(ruling S1, Red Blob Games' layout via :func:`zoobook.hexgrid.to_pixel`).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from zoobook.steam.hexmap import HexMap, Node
>>> m = HexMap.build([Node((0, 0), "A"), Node((2, 0), "B", "exit")], [[(0, 0), (1, 0), (2, 0)]])
>>> fig, ax = draw_hexmap(m, route=[0], title="A to B")
>>> ax.get_title()
'A to B'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from zoobook.hexgrid import bounding_box, corners, to_pixel
from zoobook.steam.hexmap import HexMap, Node

__all__ = ["draw_hexmap", "teleport_arc", "TERRAIN_COLOURS", "NODE_COLOURS", "ROUTE_COLOUR"]

TERRAIN_COLOURS = {"plain": "#f4efe1", "mountain": "#c9b79c", "river": "#cfe3f2", "water": "#9cc3e6"}
NODE_COLOURS = {"city": "#e9a23b", "area": "#e9a23b", "town": "#ffffff", "new-city": "#9ad17a",
                "exit": "#7a7a7a"}
TRACK_COLOUR, STUB_COLOUR, ROUTE_COLOUR = "#3b3b3b", "#9a9a9a", "#d62728"


def _default_label(node: Node) -> str:
    return node.name


def _default_colour(node: Node) -> str:
    return NODE_COLOURS.get(node.type, "#e9a23b")


def teleport_arc(a, b, centre, bulge: float = 0.3, points: int = 24) -> list[tuple[float, float]]:
    """Points of a curved arc from *a* to *b* bending towards *centre* (so it stays on the map).

    >>> arc = teleport_arc((0.0, 0.0), (4.0, 0.0), (2.0, -3.0))
    >>> arc[0], arc[-1], min(y for _, y in arc) < 0
    ((0.0, 0.0), (4.0, 0.0), True)
    """
    (ax_, ay), (bx, by) = a, b
    mx, my = (ax_ + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax_, by - ay
    nx_, ny = -dy, dx  # a perpendicular, as long as the chord
    if (centre[0] - mx) * nx_ + (centre[1] - my) * ny < 0:
        nx_, ny = -nx_, -ny
    cx, cy = mx + 2 * bulge * nx_, my + 2 * bulge * ny  # the curve's peak is half-way to this point
    out = []
    for i in range(points + 1):
        t = i / points
        out.append(((1 - t) ** 2 * ax_ + 2 * t * (1 - t) * cx + t ** 2 * bx,
                    (1 - t) ** 2 * ay + 2 * t * (1 - t) * cy + t ** 2 * by))
    return out


def draw_hexmap(hexmap: HexMap, *, ax=None, size: float = 1.0,
                label: Callable[[Node], str] = _default_label,
                colour: Callable[[Node], str] = _default_colour,
                route: Iterable[int] = (), teleport: Sequence[str] | None = None,
                extra_hexes: Iterable[Sequence[int]] = (), title: str = "",
                figsize: tuple[float, float] | None = None, font_size: float = 8,
                ownerless: Iterable[int] = (), coordinates: bool = False):
    """Draw *hexmap*; returns ``(figure, axes)``.

    Parameters
    ----------
    hexmap : HexMap
    ax : matplotlib Axes, optional
        Draw into it; a new figure otherwise.
    label, colour : callables of a Node
        What each node shows and its fill colour (hooks for the game).
    route : iterable of int
        Track indices to highlight (a shipment's links).
    teleport : pair of node names, optional
        Drawn as a dashed arc between the two nodes.
    ownerless : iterable of int
        Track indices that lost their owner (S15), drawn pale.
    extra_hexes : iterable of hexes
        Hexes to draw as plain ground although the map does not mention them.
    coordinates : bool
        Write each hex's ``q,r`` in it (under a node's label): the names buttons use for hexes
        ("lay track (0,0) (1,0)").
    """
    import matplotlib.pyplot as plt
    from matplotlib.collections import PolyCollection
    from matplotlib.patches import FancyArrowPatch

    terrain: Mapping = hexmap.terrain_map
    hexes = hexmap.hexes() | {tuple(h) for h in extra_hexes}
    if ax is None:
        xmin, xmax, ymin, ymax = bounding_box(hexes or [(0, 0)], size)
        width = max(3.0, min(11.0, (xmax - xmin) * 0.55))
        fig, ax = plt.subplots(figsize=figsize or (width, max(2.0, width * (ymax - ymin) / max(xmax - xmin, 1e-9))))
    else:
        fig = ax.figure
    # one collection per layer, not a patch per hex: a full map (about a hundred hexes) draws fast
    ground = sorted(hexes)
    ax.add_collection(PolyCollection([corners(h, size) for h in ground], closed=True, zorder=1,
                                     facecolors=[TERRAIN_COLOURS.get(terrain.get(h, "plain"), "#eeeeee")
                                                 for h in ground], edgecolors="#d0c8b0", linewidths=0.6))
    highlighted, pale = set(route), set(ownerless)
    for index, link in enumerate(hexmap.links()):
        points = [to_pixel(h, size) for h in link.hexes]
        xs, ys = zip(*points)
        on_route = index in highlighted
        ax.plot(xs, ys, color=ROUTE_COLOUR if on_route else (TRACK_COLOUR if link.complete else STUB_COLOUR),
                linewidth=4.5 if on_route else 2.2, linestyle="-" if link.complete else (0, (2, 1.5)),
                solid_capstyle="round", zorder=3 if on_route else 2,
                alpha=0.35 if index in pale and not on_route else 1.0)
    insets = []
    for node in hexmap.nodes:
        x, y = to_pixel(node.hex, size)
        insets.append([(x + 0.86 * (cx - x), y + 0.86 * (cy - y)) for cx, cy in corners(node.hex, size)])
        ax.text(x, y, label(node), ha="center", va="center", fontsize=font_size, zorder=5)
    if coordinates:
        nodes = {tuple(node.hex) for node in hexmap.nodes}
        for h in ground:
            x, y = to_pixel(h, size)
            at_node = tuple(h) in nodes
            ax.text(x, y + (0.55 * size if at_node else 0.0), f"({h[0]},{h[1]})", ha="center", va="center",
                    fontsize=font_size, color="#444444" if not at_node else "#111111", zorder=6)
    if insets:
        ax.add_collection(PolyCollection(insets, closed=True, zorder=4, edgecolors="#333333", linewidths=1.0,
                                         facecolors=[colour(node) for node in hexmap.nodes]))
    xmin, xmax, ymin, ymax = bounding_box(hexes or [(0, 0)], size)
    if teleport:
        a, b = (to_pixel(hexmap.node(name).hex, size) for name in teleport)
        arc = teleport_arc(a, b, ((xmin + xmax) / 2, (ymin + ymax) / 2))
        xs, ys = zip(*arc)
        ax.plot(xs, ys, linestyle=(0, (4, 3)), linewidth=2.2, color=ROUTE_COLOUR, zorder=6)
        ax.add_patch(FancyArrowPatch(arc[-3], arc[-1], arrowstyle="-|>", mutation_scale=14,
                                     linewidth=0, color=ROUTE_COLOUR, zorder=6))
        # the whole arc stays inside the picture
        xmin, xmax = min(xmin, min(xs)), max(xmax, max(xs))
        ymin, ymax = min(ymin, min(ys)), max(ymax, max(ys))
    ax.set_xlim(xmin - 0.2, xmax + 0.2)
    ax.set_ylim(ymax + 0.2, ymin - 0.2)  # y grows downwards: north is up
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return fig, ax
