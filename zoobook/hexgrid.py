"""Pointy-topped hexes in axial coordinates (ruling S1).

A hex is a pair ``(q, r)``; the third cube coordinate is ``s = -q - r``. The
six neighbours, in the order of ruling S1, are E (+1, 0), NE (+1, -1),
NW (0, -1), W (-1, 0), SW (-1, +1) and SE (0, +1). This is the layout of Red
Blob Games' hexagonal-grid guide, whose formulas these are.

Examples
--------
>>> [tuple(h) for h in neighbours((0, 0))]
[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
>>> distance((0, 0), (3, -1))
3
>>> direction((2, 2), (2, 3))
'SE'
>>> len(ring((0, 0), 2))
12
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import NamedTuple

__all__ = ["Hex", "DIRECTIONS", "neighbours", "neighbour", "are_neighbours", "direction",
           "distance", "ring", "spiral", "hex_line", "to_pixel", "corners", "side_midpoint",
           "OPPOSITE"]


class Hex(NamedTuple):
    """An axial hex coordinate. Plain tuples ``(q, r)`` work everywhere a Hex does."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r


#: Direction name -> axial offset, in the order of ruling S1.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1),
}
OPPOSITE = {"E": "W", "NE": "SW", "NW": "SE", "W": "E", "SW": "NE", "SE": "NW"}
_OFFSET_NAME = {offset: name for name, offset in DIRECTIONS.items()}


def neighbour(h: tuple[int, int], name: str) -> Hex:
    """The neighbour of *h* in direction *name* (``"E"``, ``"NE"``, ...)."""
    dq, dr = DIRECTIONS[name]
    return Hex(h[0] + dq, h[1] + dr)


def neighbours(h: tuple[int, int]) -> list[Hex]:
    """The six neighbours of *h*, in S1 order."""
    return [Hex(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS.values()]


def direction(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The name of the side of *a* that *b* lies across; ValueError if not neighbours."""
    try:
        return _OFFSET_NAME[(b[0] - a[0], b[1] - a[1])]
    except KeyError:
        raise ValueError(f"{tuple(a)} and {tuple(b)} are not neighbours") from None


def are_neighbours(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether *a* and *b* share a side.

    >>> are_neighbours((0, 0), (1, -1)), are_neighbours((0, 0), (1, 1))
    (True, False)
    """
    return (b[0] - a[0], b[1] - a[1]) in _OFFSET_NAME


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The number of steps between *a* and *b*."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: tuple[int, int], radius: int) -> list[Hex]:
    """The hexes at exactly *radius* steps from *center* (just *center* for 0).

    >>> set(ring((0, 0), 1)) == set(neighbours((0, 0)))
    True
    """
    if radius < 0:
        raise ValueError("radius must be at least 0")
    if radius == 0:
        return [Hex(*center)]
    # Start radius steps to the SW of the centre, then walk the six sides.
    h = Hex(center[0] - radius, center[1] + radius)
    out = []
    for name in ("E", "NE", "NW", "W", "SW", "SE"):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, name)
    return out


def spiral(center: tuple[int, int], radius: int) -> list[Hex]:
    """Every hex within *radius* steps, ring by ring outwards.

    >>> len(spiral((0, 0), 3))
    37
    """
    return [h for k in range(radius + 1) for h in ring(center, k)]


def hex_line(a: tuple[int, int], b: tuple[int, int]) -> list[Hex]:
    """The hexes on the straight line from *a* to *b*, both included.

    >>> hex_line((0, 0), (3, 0))
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
    """
    n = distance(a, b)
    if n == 0:
        return [Hex(*a)]
    out = []
    for i in range(n + 1):
        t = i / n
        # Nudge off exact ties so the line is deterministic.
        q = a[0] + (b[0] - a[0]) * t + 1e-6
        r = a[1] + (b[1] - a[1]) * t + 1e-6
        out.append(_round(q, r))
    return out


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def to_pixel(h: tuple[int, int], size: float = 1.0) -> tuple[float, float]:
    """The centre of *h* for drawing, with y growing downwards (north is up).

    >>> to_pixel((1, 0))
    (1.7320508075688772, 0.0)
    """
    x = size * math.sqrt(3) * (h[0] + h[1] / 2)
    y = size * 1.5 * h[1]
    return (x, y)


def corners(h: tuple[int, int], size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of *h* for drawing a pointy-topped hexagon."""
    cx, cy = to_pixel(h, size)
    return [(cx + size * math.cos(math.radians(60 * i - 30)),
             cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def side_midpoint(h: tuple[int, int], name: str, size: float = 1.0) -> tuple[float, float]:
    """The midpoint of the side of *h* facing direction *name* (where track meets it)."""
    ax, ay = to_pixel(h, size)
    bx, by = to_pixel(neighbour(h, name), size)
    return ((ax + bx) / 2, (ay + by) / 2)


def bounding_box(hexes: Iterable[tuple[int, int]], size: float = 1.0) -> tuple[float, float, float, float]:
    """``(xmin, xmax, ymin, ymax)`` of the drawn hexes, for setting plot limits."""
    points = [p for h in hexes for p in corners(h, size)]
    if not points:
        return (0.0, 1.0, 0.0, 1.0)
    xs, ys = zip(*points)
    return (min(xs), max(xs), min(ys), max(ys))


def iter_pairs(hexes: Iterable[tuple[int, int]]) -> Iterator[tuple[Hex, Hex]]:
    """Each unordered pair of neighbouring hexes within *hexes*, once."""
    present = {Hex(*h) for h in hexes}
    for h in sorted(present):
        for name in ("E", "SE", "SW"):
            other = neighbour(h, name)
            if other in present:
                yield h, other


__all__ += ["bounding_box", "iter_pairs"]
