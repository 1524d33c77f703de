"""An ASCII-art shorthand for Age of Steam hex maps, for puzzle authors (ruling S1).

The text is the map drawn to scale. Each hex is a token of one to three
characters; hex ``(q, r)`` sits on line ``r`` (the first line is ``r = 0``) at
text column ``4*q + 2*r``, so every line is shifted half a hex from the one above,
as pointy-topped hexes are (this is Red Blob Games' "odd-r" layout). A space
means "no hex". Tokens:

=============  ===========================================================
``.``          an empty plain hex (``^`` mountain, ``~`` river, ``#`` water)
``A``-``Z``    a *mark*: a node the game defines (an area, an exit ``E``...);
               one or two characters, an upper-case letter then a letter
               or digit (``L``, ``Z2``)
``a``-``z``    a *track label*: every hex carrying that label holds the
               same track (``a``, ``b``, ... ``a1``...)
=============  ===========================================================

Any token may end with a terrain symbol (``a^`` is track on a mountain); the
default terrain is plain. A track's hexes must form a chain; its ends are the
nodes next to the chain's two end hexes. When an end hex touches two or more
nodes the chain is ambiguous and the parser says so: write that track in the
explicit form (a list of hexes) instead. :func:`render_ascii` checks its own
output by parsing it back, so whatever it writes round-trips.

Examples
--------
>>> text = '''
... Z   a   a   L
...   .   .   b   .
...     .   .   E
... '''
>>> drawn = parse_ascii(text)
>>> drawn.marks
{'Z': [Hex(q=0, r=0)], 'L': [Hex(q=3, r=0)], 'E': [Hex(q=2, r=2)]}
>>> drawn.tracks(drawn.mark_hexes())
[[Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)], [Hex(q=2, r=2), Hex(q=2, r=1), Hex(q=3, r=0)]]
>>> print(render_ascii(drawn.terrain, drawn.mark_at(), drawn.tracks(drawn.mark_hexes())))
Z   a   a   L
  .   .   b   .
    .   .   E
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex, neighbours

__all__ = ["AsciiMap", "parse_ascii", "render_ascii", "drawable_tracks", "TERRAIN_SYMBOLS", "same_tracks"]

#: Terrain symbol -> terrain name.
TERRAIN_SYMBOLS = {".": "plain", "^": "mountain", "~": "river", "#": "water"}
_SYMBOL_OF = {name: symbol for symbol, name in TERRAIN_SYMBOLS.items()}
_TOKEN = re.compile(r"^(?:(?P<mark>[A-Z][A-Za-z0-9]?)|(?P<track>[a-z][a-z0-9]?))?(?P<terrain>[.^~#])?$")


@dataclass(frozen=True)
class AsciiMap:
    """What an ASCII map says: terrain, marks, and the hexes of each track label."""

    terrain: dict[Hex, str] = field(default_factory=dict)
    marks: dict[str, list[Hex]] = field(default_factory=dict)
    track_cells: dict[str, list[Hex]] = field(default_factory=dict)

    def mark_hexes(self) -> set[Hex]:
        """Every marked hex."""
        return {h for hexes in self.marks.values() for h in hexes}

    def mark_at(self) -> dict[Hex, str]:
        """Hex -> mark."""
        return {h: mark for mark, hexes in self.marks.items() for h in hexes}

    def tracks(self, nodes: Iterable[Sequence[int]]) -> list[list[Hex]]:
        """Each track label as a track ``[node hex, track hexes..., end hex]``.

        *nodes* are the node hexes (usually :meth:`mark_hexes`, or the nodes the
        game derived from the marks). Raises :class:`PuzzleError` for a label whose
        hexes are not a chain or whose ends are ambiguous.
        """
        node_set = {Hex(*h) for h in nodes}
        return [_chain(label, cells, node_set) for label, cells in sorted(self.track_cells.items())]


def _chain(label: str, cells: list[Hex], nodes: set[Hex]) -> list[Hex]:
    where = f"track {label!r}"
    cell_set = set(cells)
    clash = cell_set & nodes
    if clash:
        raise PuzzleError(f"{where} is drawn on the node hex {tuple(min(clash))}")
    adjacent = {c: [n for n in neighbours(c) if n in cell_set] for c in cells}
    ends = [c for c in cells if len(adjacent[c]) <= 1]
    if any(len(a) > 2 for a in adjacent.values()) or (len(cells) > 1 and len(ends) != 2):
        raise PuzzleError(f"{where}: its hexes do not form one chain (write it as a list of hexes)")
    start = min(ends)
    path, previous = [start], None
    while len(path) < len(cells):
        step = [n for n in adjacent[path[-1]] if n != previous]
        if not step:
            raise PuzzleError(f"{where}: its hexes do not form one chain (write it as a list of hexes)")
        previous = path[-1]
        path.append(step[0])
    first, last = path[0], path[-1]
    touch_first = sorted(n for n in neighbours(first) if n in nodes)
    touch_last = sorted(n for n in neighbours(last) if n in nodes)
    if len(path) == 1:
        if len(touch_first) == 2:
            return [touch_first[0], first, touch_first[1]]
        if len(touch_first) == 1:
            return [touch_first[0], first]
        raise PuzzleError(f"{where}: its one hex touches {len(touch_first)} nodes; say which it "
                          "joins with a list of hexes")
    if len(touch_first) > 1 or len(touch_last) > 1:
        end = first if len(touch_first) > 1 else last
        raise PuzzleError(f"{where}: its end {tuple(end)} touches several nodes; say which it joins "
                          "with a list of hexes")
    if not touch_first and not touch_last:
        raise PuzzleError(f"{where}: neither end touches a node")
    if touch_first and touch_last:
        track = [touch_first[0], *path, touch_last[0]]
        return min(track, track[::-1])
    if touch_last:
        path.reverse()
        return [touch_last[0], *path]
    return [touch_first[0], *path]


def parse_ascii(text: str) -> AsciiMap:
    """Read an ASCII map (see the module docstring); :class:`PuzzleError` naming line and column."""
    terrain: dict[Hex, str] = {}
    marks: dict[str, list[Hex]] = {}
    cells: dict[str, list[Hex]] = {}
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    for r, line in enumerate(lines):
        for match in re.finditer(r"\S+", line):
            column, token = match.start(), match.group()
            place = f"line {r + 1}, column {column + 1}"
            if (column - 2 * r) % 4:
                raise PuzzleError(f"{place}: {token!r} is off the hex grid (hex (q, r) is drawn on "
                                  f"line r+1 at column 4q+2r+1)")
            parts = _TOKEN.match(token)
            if parts is None or not token:
                raise PuzzleError(f"{place}: {token!r} is not a hex token (a terrain symbol . ^ ~ #, "
                                  "a mark like L or Z2, a track label like a or b1)")
            h = Hex((column - 2 * r) // 4, r)
            terrain[h] = TERRAIN_SYMBOLS[parts.group("terrain") or "."]
            if parts.group("mark"):
                marks.setdefault(parts.group("mark"), []).append(h)
            elif parts.group("track"):
                cells.setdefault(parts.group("track"), []).append(h)
    return AsciiMap(terrain, marks, cells)


def _labels() -> Iterable[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    yield from letters
    for first in letters:
        for second in "0123456789abcdefghijklmnopqrstuvwxyz":
            yield first + second


def render_ascii(terrain: Mapping[Sequence[int], str], marks: Mapping[Sequence[int], str],
                 tracks: Sequence[Sequence[Sequence[int]]]) -> str:
    """The ASCII map of *terrain*, node *marks* (hex -> mark) and *tracks*.

    Raises ValueError when the map does not fit the shorthand (a hex left of the
    first column or above the first line) or a track would read back differently
    (then keep that map in the explicit form).
    """
    token: dict[Hex, str] = {}
    for h, name in terrain.items():
        token[Hex(*h)] = "" if name == "plain" else _SYMBOL_OF.get(name, "")
    label_of: dict[Hex, str] = {}
    for label, track in zip(_labels(), tracks):
        hexes = [Hex(*h) for h in track]
        inner = hexes[1:-1] if Hex(*hexes[-1]) in {Hex(*m) for m in marks} else hexes[1:]
        for h in inner:
            label_of[h] = label
    for h, mark in marks.items():
        label_of[Hex(*h)] = mark
    every = set(token) | set(label_of)
    for h in every:
        suffix = token.get(h, "")
        head = label_of.get(h, "")
        token[h] = (head + suffix) if head else (suffix or ".")
    bad = [h for h in every if h.r < 0 or 4 * h.q + 2 * h.r < 0]
    if bad:
        raise ValueError(f"hex {tuple(min(bad))} lies outside the shorthand's grid (needs r >= 0 "
                         "and 4q + 2r >= 0)")
    lines = []
    for r in range(max((h.r for h in every), default=-1) + 1):
        row = sorted((4 * h.q + 2 * h.r, token[h]) for h in every if h.r == r)
        line = ""
        for column, text in row:
            line = line.ljust(column) + text
        lines.append(line.rstrip())
    text = "\n".join(lines)
    try:
        back = parse_ascii(text).tracks({Hex(*h) for h in marks})
    except PuzzleError as exc:
        raise ValueError(f"{exc}; keep that track in the explicit form (see drawable_tracks)") from None
    if not same_tracks(back, tracks):
        raise ValueError("a track would read back differently from the shorthand; keep it in the "
                         "explicit form (see drawable_tracks)")
    return text


def drawable_tracks(nodes: Iterable[Sequence[int]], tracks: Sequence[Sequence[Sequence[int]]]
                    ) -> tuple[list, list]:
    """Split *tracks* into those the shorthand can draw and those it would misread.

    A track can be drawn when its hexes, given alone, read back as the same track
    (:meth:`AsciiMap.tracks`). The others stay in the explicit form.
    """
    node_set = {Hex(*h) for h in nodes}
    drawn, explicit = [], []
    for track in tracks:
        hexes = [Hex(*h) for h in track]
        cells = hexes[1:-1] if hexes[-1] in node_set else hexes[1:]
        try:
            ok = same_tracks([_chain("x", cells, node_set)], [hexes])
        except PuzzleError:
            ok = False
        (drawn if ok else explicit).append(track)
    return drawn, explicit


def same_tracks(a: Sequence[Sequence[Sequence[int]]], b: Sequence[Sequence[Sequence[int]]]) -> bool:
    """Whether two track lists lay the same track, ignoring their order and direction."""
    def key(track):
        hexes = tuple(Hex(*h) for h in track)
        return min(hexes, hexes[::-1])
    return sorted(map(key, a)) == sorted(map(key, b))
