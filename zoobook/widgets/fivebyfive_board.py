"""Drawing a 5x5 Zoo board as the rulebook draws it: an SVG picture.

Tiles are filled in their category's printed colour (Park purple), large tiles
as one rectangle over two cells, walls as thick dark lines on the side of the
cell that carries them (two lines for back-to-back walls), doors as wooden
planks across their border, popularity tokens as orange stars, the gates as
openings outside the middle cell of each side (the round's gate highlighted),
and the red start squares as red corner marks. A lineup can be drawn on top:
numbered steps joined by arrows, and each visitor as a small cube or meeple
in its colour.

The result is an ``<svg>`` string (``board_svg``), so a widget, a notebook cell
(``IPython.display.HTML``) and a test can all use the same picture. Drawing holds
no rules: it reads a :class:`~zoobook.fivebyfive.board.Board`.

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> svg = board_svg(Board((Tile.make("A3", "bird", walls=["A3:W"]),)), gate="W")
>>> svg.startswith("<svg") and 'data-tile="A3"' in svg and 'class="wall"' in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from zoobook.fivebyfive.board import GATES, SIZE, Board, Border, Cell, Side, gate_cell, start_squares
from zoobook.fivebyfive.vocabulary import Category, Colour

__all__ = ["CATEGORY_FILL", "VISITOR_FILL", "board_svg", "lineup_graph_figure"]

#: Tile fills, after the rulebook's colours.
CATEGORY_FILL = {
    Category.CARNIVORE: "#d9534f",
    Category.HERBIVORE: "#5cb85c",
    Category.AQUATIC: "#4a90d9",
    Category.BIRD: "#f0c419",
    Category.REPTILE: "#555555",
    Category.PARK: "#9b6bc4",
}
#: Visitor colours (white cubes get a dark outline).
VISITOR_FILL = {Colour.RED: "#c0392b", Colour.BLUE: "#1f5fbf", Colour.GREEN: "#1e8449",
                Colour.YELLOW: "#f7dc6f", Colour.BLACK: "#111111", Colour.WHITE: "#ffffff"}

_CELL = 64
_MARGIN = 34
_WALL = "#3b2414"
_DOOR = "#c8a165"


def _xy(cell: Cell) -> tuple[int, int]:
    return _MARGIN + cell.column * _CELL, _MARGIN + cell.row * _CELL


def _side_line(cell: Cell, side: Side, inset: float = 0.0) -> tuple[float, float, float, float]:
    x, y = _xy(cell)
    s = _CELL
    return {
        Side.N: (x, y + inset, x + s, y + inset),
        Side.S: (x, y + s - inset, x + s, y + s - inset),
        Side.W: (x + inset, y, x + inset, y + s),
        Side.E: (x + s - inset, y, x + s - inset, y + s),
    }[side]


def _centre(cells: Sequence[Cell]) -> tuple[float, float]:
    xs = [_xy(c)[0] + _CELL / 2 for c in cells]
    ys = [_xy(c)[1] + _CELL / 2 for c in cells]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _star(cx: float, cy: float, r: float) -> str:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy - radius * math.sin(angle):.1f}")
    return " ".join(points)


def board_svg(board: Board, *, gate: str | None = None, path: Sequence[str] = (),
              visitors: Sequence[tuple[Colour, bool]] = (), doors_placed: Iterable[Border] = (),
              title: str = "", scale: float = 1.0) -> str:
    """The board as an SVG string.

    Parameters
    ----------
    board : Board
    gate : str, optional
        The round's gate, drawn open and highlighted.
    path : sequence of str
        A lineup's tiles (first cells) in visiting order, drawn as numbered steps.
    visitors : sequence of (Colour, bool)
        The visitor placed on each tile of *path* (``True`` for a meeple).
    doors_placed : iterable of Border
        Doors placed this round (drawn with a bright outline).
    title : str
        A caption under the board.
    scale : float
        Size factor (1.0 draws cells 64 pixels wide).
    """
    width = height = 2 * _MARGIN + SIZE * _CELL
    fresh = set(doors_placed)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
             f'height="{(height + (18 if title else 0)) * scale:.0f}" '
             f'viewBox="0 0 {width} {height + (18 if title else 0)}" class="zoobook-5x5-board" '
             'font-family="sans-serif">',
             f'<rect x="{_MARGIN - 4}" y="{_MARGIN - 4}" width="{SIZE * _CELL + 8}" height="{SIZE * _CELL + 8}" '
             'fill="#efe6d2" stroke="#8a7a5a" stroke-width="2" rx="6"/>']
    # Grid and start squares.
    starts = set(start_squares())
    coordinates = []        # every cell's name ("B3"), drawn last, over the tiles: the buttons name cells
    for cell in (Cell(c, r) for r in range(SIZE) for c in range(SIZE)):
        x, y = _xy(cell)
        parts.append(f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="none" '
                     'stroke="#cbbd9c" stroke-width="1"/>')
        coordinates.append(f'<text class="cell-name" x="{x + _CELL / 2:.0f}" y="{y + 12}" text-anchor="middle" '
                           f'font-size="9" fill="#5a5040" opacity="0.85">{cell.name}</text>')
        if cell in starts and board.tile_at(cell) is None:
            parts.append(f'<rect x="{x + 4}" y="{y + 4}" width="10" height="10" fill="#c0392b" '
                         'class="start-square"/>')
    # Gates.
    for side in GATES:
        cell = gate_cell(side)
        x1, y1, x2, y2 = _side_line(cell, Side(side))
        dx, dy = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[side]
        active = side == gate
        colour = "#2e7d32" if active else "#b0a58a"
        ox, oy = dx * 22, dy * 22
        parts.append(f'<polygon class="gate{" active-gate" if active else ""}" data-gate="{side}" '
                     f'points="{x1},{y1} {x2},{y2} {x2 + ox},{y2 + oy} {x1 + ox},{y1 + oy}" '
                     f'fill="{colour}" opacity="{0.95 if active else 0.6}"/>')
        tx, ty = (x1 + x2) / 2 + ox * 0.55, (y1 + y2) / 2 + oy * 0.55 + 4
        parts.append(f'<text x="{tx:.0f}" y="{ty:.0f}" text-anchor="middle" font-size="11" '
                     f'fill="white" font-weight="bold">{side}</text>')
    # Tiles.
    for tile in board.tiles:
        xs = [_xy(c)[0] for c in tile.cells]
        ys = [_xy(c)[1] for c in tile.cells]
        x, y = min(xs), min(ys)
        w = max(xs) - x + _CELL
        h = max(ys) - y + _CELL
        fill = CATEGORY_FILL[tile.category]
        label = "#fff" if tile.category in (Category.REPTILE, Category.PARK, Category.CARNIVORE,
                                            Category.AQUATIC) else "#222"
        parts.append(f'<rect class="tile" data-tile="{tile.name}" data-category="{tile.category.word}" '
                     f'x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" rx="5" fill="{fill}" '
                     'stroke="#2b2b2b" stroke-width="1"><title>'
                     f'{html.escape(str(tile))}</title></rect>')
        cx, cy = _centre(tile.cells)
        parts.append(f'<text x="{cx:.0f}" y="{y + h - 8:.0f}" text-anchor="middle" font-size="10" '
                     f'fill="{label}">{tile.category.word}</text>')
        if tile.stars:
            parts.append(f'<text x="{x + 8}" y="{y + 17}" font-size="11" fill="{label}">'
                         f'\u2605{tile.stars}</text>')
        if board.is_popular(tile):
            sx, sy = x + w - 15, y + 15
            parts.append(f'<polygon class="popularity" points="{_star(sx, sy, 9)}" fill="#ff8c1a" '
                         'stroke="#7a3d00" stroke-width="1"/>')
    # Walls: drawn on the side of the cell that carries them, set in a little so two back to back show.
    for wall in board.walls:
        x1, y1, x2, y2 = _side_line(wall.cell, wall.side, inset=3.5)
        parts.append(f'<line class="wall" data-wall="{wall.name}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                     f'stroke="{_WALL}" stroke-width="6" stroke-linecap="round"/>')
    # Doors.
    for border in sorted(board.doors):
        x1, y1, x2, y2 = _side_line(border.cell, border.side)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        horizontal = y1 == y2
        w, h = (26, 12) if horizontal else (12, 26)
        outline = "#00c853" if border in fresh else "#5d4021"
        parts.append(f'<rect class="door" data-door="{border.name}" x="{mx - w / 2}" y="{my - h / 2}" '
                     f'width="{w}" height="{h}" rx="2" fill="{_DOOR}" stroke="{outline}" stroke-width="2"/>')
    # The lineup.
    if path:
        centres = []
        for name in path:
            tile = board.tile_named(name)
            centres.append(_centre(tile.cells))
        if gate:
            x1, y1, x2, y2 = _side_line(gate_cell(gate), Side(gate))
            dx, dy = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[gate]
            centres.insert(0, ((x1 + x2) / 2 + dx * 12, (y1 + y2) / 2 + dy * 12))
        parts.append('<defs><marker id="zoobook-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
                     'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
                     'fill="#ffffff" stroke="#000" stroke-width="1"/></marker></defs>')
        points = " ".join(f"{x:.0f},{y:.0f}" for x, y in centres)
        parts.append(f'<polyline class="lineup" points="{points}" fill="none" stroke="#000" '
                     'stroke-width="5" opacity="0.55"/>')
        for (ax, ay), (bx, by) in zip(centres, centres[1:]):
            mx, my = ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6
            parts.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{mx:.0f}" y2="{my:.0f}" stroke="#fff" '
                         'stroke-width="2" marker-end="url(#zoobook-arrow)"/>')
        offset = 1 if gate else 0
        for index, name in enumerate(path):
            cx, cy = centres[index + offset]
            parts.append(f'<circle class="step" data-step="{index + 1}" cx="{cx:.0f}" cy="{cy:.0f}" '
                         'r="9" fill="#fff" stroke="#000" stroke-width="1.5"/>')
            parts.append(f'<text x="{cx:.0f}" y="{cy + 4:.0f}" text-anchor="middle" font-size="11" '
                         f'font-weight="bold">{index + 1}</text>')
            if index < len(visitors):
                colour, meeple = visitors[index]
                fill = VISITOR_FILL[colour]
                vx, vy = cx + 18, cy + 9
                if meeple:
                    parts.append(f'<circle class="visitor meeple" cx="{vx:.0f}" cy="{vy - 5:.0f}" r="5" '
                                 f'fill="{fill}" stroke="#000"/><rect x="{vx - 6:.0f}" y="{vy - 1:.0f}" '
                                 f'width="12" height="9" rx="3" fill="{fill}" stroke="#000"/>')
                else:
                    parts.append(f'<rect class="visitor cube" x="{vx - 7:.0f}" y="{vy - 7:.0f}" width="14" '
                                 f'height="14" fill="{fill}" stroke="#000" stroke-width="1.5"/>')
    parts.extend(coordinates)
    if title:
        parts.append(f'<text x="{width / 2:.0f}" y="{height + 10}" text-anchor="middle" font-size="13">'
                     f'{html.escape(title)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def lineup_graph_figure(board: Board, gate: str, *, include_blocked: bool = True, ax=None):
    """The lineup graph drawn with networkx over the board's geometry (matplotlib figure).

    Nodes sit at their tiles' centres, coloured by category; open borders are
    solid edges, doors thick brown, walled borders (with *include_blocked*) dotted.
    """
    import matplotlib.pyplot as plt
    import networkx as nx

    from zoobook.fivebyfive.lineup import GATE, lineup_graph

    graph = lineup_graph(board, gate, include_blocked=include_blocked)
    if ax is None:
        fig, ax = plt.subplots(figsize=(4.2, 4.2))
    else:
        fig = ax.figure
    pos = {}
    for node, data in graph.nodes(data=True):
        if node == GATE:
            cell = gate_cell(gate)
            dx, dy = {"N": (0, -0.9), "S": (0, 0.9), "W": (-0.9, 0), "E": (0.9, 0)}[gate]
            pos[node] = (cell.column + dx, -(cell.row + dy))
        else:
            cells = [Cell.parse(c) for c in data["cells"]]
            pos[node] = (sum(c.column for c in cells) / len(cells), -sum(c.row for c in cells) / len(cells))
    colours = [CATEGORY_FILL[Category(graph.nodes[n]["category"])] if n != GATE else "#2e7d32" for n in graph]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colours, node_size=420, edgecolors="#222")
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=8,
                            font_color="white", labels={n: ("gate" if n == GATE else n) for n in graph})
    by_state: dict[str, list] = {"open": [], "door": [], "wall": []}
    for u, v, data in graph.edges(data=True):
        by_state[data["state"]].append((u, v))
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=by_state["open"], width=2, edge_color="#333")
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=by_state["door"], width=4, edge_color="#a0703a")
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=by_state["wall"], width=1.5, edge_color="#999",
                           style="dotted")
    # Room for the node discs: matplotlib's automatic limits hug the node centres and cut the
    # discs of the outermost nodes in half.
    xs, ys = [x for x, _ in pos.values()], [y for _, y in pos.values()]
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
    ax.set_ylim(min(ys) - 0.7, max(ys) + 0.7)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"lineup graph from the {gate} gate", fontsize=10)
    return fig

