"""The Age of Steam map model shared by both solo maps (rulings S1, S2).

A :class:`HexMap` holds three things and nothing game-specific:

* **terrain**: a terrain name per hex (``"plain"``, ``"mountain"``, ...), optional;
* **nodes**: hexes with a unique name and a node type (``"city"``, ``"town"``,
  ``"exit"``, ...). Goods start, end and change links only at nodes;
* **tracks**: each a node hex, the track hexes in order, and an end hex.

A track whose end hex is a node is a **complete link**; one whose end hex is a
plain track hex is **incomplete** and carries nothing (S2). A map may also name
pairs of node types whose joining track is no link (``open_pairs``): on the Zoo
map, track from an exit to another exit or to a town is incomplete (S2a). Building a map
validates the track against the rules of ruling S2 and raises a
:class:`MapError` naming the offending key (``track[2].hexes[3]``, counted from
1 as in a puzzle file) and the reason:

* a track has a node hex, then at least one track hex ("a link is a chain of
  track hexes between two nodes");
* consecutive hexes are neighbours (S1);
* a track's inner hexes are never nodes;
* a hex holds one track: no hex repeats inside a track and no two tracks share
  a non-node hex (the workbook's simplification of the base game, which also has
  crossing and coexisting tiles: S2, S2a);
* a complete link joins two different nodes.

The **link graph** (:meth:`HexMap.link_graph`) is a networkx ``MultiGraph``: one
vertex per node (named by the node's name, with ``hex`` and ``type`` as
attributes) and one edge per complete link, parallel links kept, keyed by the
track's index, with the edge data ``hexes`` (the whole track) and ``length``
(1: a link counts once however many hexes it has, S3).

Game data (danger levels, food, cube colours) lives in the game packages
(:mod:`zoobook.steam.zoo`, :mod:`zoobook.steam.easter`), keyed by node name.

Examples
--------
>>> m = HexMap.build(
...     nodes=[Node((0, 0), "zebra", "city"), Node((3, 0), "lion", "city"), Node((0, 2), "0,2", "exit")],
...     tracks=[[(0, 0), (1, 0), (2, 0), (3, 0)],      # a complete link zebra - lion
...             [(0, 0), (0, 1)]])                     # an incomplete stub towards the exit
>>> [(link.start, link.end, link.complete) for link in m.links()]
[('zebra', 'lion', True), ('zebra', None, False)]
>>> g = m.link_graph()
>>> sorted(g.edges(keys=True, data="length"))
[('zebra', 'lion', 0, 1)]
>>> HexMap.build(nodes=[Node((0, 0), "a", "city")], tracks=[[(0, 0), (2, 0)]])
Traceback (most recent call last):
...
zoobook.steam.hexmap.MapError: track[1].hexes[2]: (2, 0) is not a neighbour of (0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import networkx as nx

from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex, are_neighbours

__all__ = ["MapError", "Node", "Track", "Link", "HexMap", "as_hex", "hex_name", "TERRAINS"]

#: The terrain names the shared tools know how to draw; a map may use others.
TERRAINS = ("plain", "mountain", "river", "water")


class MapError(PuzzleError):
    """A map that breaks ruling S2 (or has clashing nodes): where and why.

    It is a :class:`~zoobook.errors.PuzzleError`, so a puzzle loader reports it as
    ``FILE: KEY: REASON`` with no extra work; ``key`` uses the puzzle-file key
    paths (``track[2].hexes[3]``, ``node[1]``).
    """


def as_hex(value: Sequence[int]) -> Hex:
    """A :class:`~zoobook.hexgrid.Hex` from any pair of integers.

    >>> as_hex([3, -1])
    Hex(q=3, r=-1)
    """
    q, r = value
    return Hex(int(q), int(r))


def hex_name(h: Sequence[int]) -> str:
    """The conventional name of an unnamed node: ``"q,r"``.

    >>> hex_name((0, 5))
    '0,5'
    """
    return f"{h[0]},{h[1]}"


@dataclass(frozen=True)
class Node:
    """A hex where links end: a city, a town, an exit...

    Attributes
    ----------
    hex : Hex
        Its axial coordinates (S1).
    name : str
        Unique on the map; the vertex name in the link graph. Unnamed nodes
        (exits, towns) are conventionally called ``"q,r"`` (:func:`hex_name`).
    type : str
        A free label: ``"city"``, ``"town"``, ``"exit"``, ``"new-city"``... The map
        model gives no meaning to it; the games do.
    """

    hex: Hex
    name: str
    type: str = "city"

    def __post_init__(self) -> None:
        object.__setattr__(self, "hex", as_hex(self.hex))


@dataclass(frozen=True)
class Track:
    """One track as laid: a node hex, the track hexes in order, an end hex.

    ``hexes[0]`` is a node; ``hexes[-1]`` is a node for a complete link, else the
    last track hex laid (an incomplete link).
    """

    hexes: tuple[Hex, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hexes", tuple(as_hex(h) for h in self.hexes))

    @property
    def start(self) -> Hex:
        """The node hex the track leaves from."""
        return self.hexes[0]

    @property
    def end(self) -> Hex:
        """The last hex: a node hex when the link is complete."""
        return self.hexes[-1]

    def reversed(self) -> "Track":
        """The same track listed from the other end (only meaningful when complete)."""
        return Track(tuple(reversed(self.hexes)))


@dataclass(frozen=True)
class Link:
    """A track seen as a link between nodes.

    Attributes
    ----------
    index : int
        The track's position in :attr:`HexMap.tracks` (0-based); the edge key in
        the link graph.
    start : str
        The name of the node it leaves from.
    end : str or None
        The name of the node it reaches; ``None`` for an incomplete link.
    hexes : tuple of Hex
        The whole track, node hexes included.
    """

    index: int
    start: str
    end: str | None
    hexes: tuple[Hex, ...]
    #: The track reaches a node, but the two nodes' types make no link (S2a).
    open: bool = False

    @property
    def complete(self) -> bool:
        """Whether both ends are nodes that make a link (only complete links carry goods, S2, S2a)."""
        return self.end is not None and not self.open

    @property
    def track_hexes(self) -> tuple[Hex, ...]:
        """The hexes holding track (the node hexes left out)."""
        return self.hexes[1:-1] if self.end is not None else self.hexes[1:]

    @property
    def length(self) -> int:
        """1 for a complete link (a shipment's length counts links, S3), else 0."""
        return 1 if self.complete else 0

    def other(self, name: str) -> str | None:
        """The node at the other end from *name*."""
        if name == self.start:
            return self.end
        if name == self.end:
            return self.start
        raise ValueError(f"link {self.index} does not touch {name!r}")


@dataclass(frozen=True)
class HexMap:
    """Terrain, nodes and track on a hex map; validated on construction.

    Build one with :meth:`build` (which accepts plain lists and tuples);
    the constructor takes the normalised tuples. Maps are immutable: the
    ``with_*`` methods return new maps.

    Attributes
    ----------
    nodes : tuple of Node
    tracks : tuple of Track
    terrain : tuple of (Hex, str)
        Sorted by hex; read it as a mapping with :attr:`terrain_map`.
    """

    nodes: tuple[Node, ...] = ()
    tracks: tuple[Track, ...] = ()
    terrain: tuple[tuple[Hex, str], ...] = ()
    #: Pairs of node types (each a frozenset) whose joining track is no link (S2a).
    open_pairs: frozenset = frozenset()
    _by_hex: Mapping[Hex, Node] = field(init=False, repr=False, compare=False, hash=False)
    _by_name: Mapping[str, Node] = field(init=False, repr=False, compare=False, hash=False)
    _track_of: Mapping[Hex, int] = field(init=False, repr=False, compare=False, hash=False)

    # -- construction ---------------------------------------------------------------
    @classmethod
    def build(cls, nodes: Iterable[Node] = (), tracks: Iterable[Sequence[Sequence[int]] | Track] = (),
              terrain: Mapping[Sequence[int], str] | Iterable[tuple[Sequence[int], str]] = ()
              ) -> "HexMap":
        """A validated map from plain data.

        Parameters
        ----------
        nodes : iterable of Node
        tracks : iterable of hex sequences (or :class:`Track`)
            Each ``[node hex, track hex, ..., end hex]``.
        terrain : mapping or iterable of pairs, hex -> terrain name

        Raises
        ------
        MapError
            Naming the node or track hex at fault (see the module docstring).
        """
        pairs = terrain.items() if isinstance(terrain, Mapping) else terrain
        terrain_map: dict[Hex, str] = {}
        for h, name in pairs:
            terrain_map[as_hex(h)] = str(name)
        made = tuple(t if isinstance(t, Track) else Track(tuple(t)) for t in tracks)
        return cls(tuple(nodes), made, tuple(sorted(terrain_map.items())))

    def __post_init__(self) -> None:
        by_hex: dict[Hex, Node] = {}
        by_name: dict[str, Node] = {}
        for index, node in enumerate(self.nodes, start=1):
            if node.hex in by_hex:
                raise MapError(f"{tuple(node.hex)} already holds {by_hex[node.hex].name!r}",
                               key=f"node[{index}]")
            if node.name in by_name:
                raise MapError(f"the name {node.name!r} is used twice", key=f"node[{index}]")
            by_hex[node.hex] = node
            by_name[node.name] = node
        object.__setattr__(self, "_by_hex", MappingProxyType(by_hex))
        object.__setattr__(self, "_by_name", MappingProxyType(by_name))
        object.__setattr__(self, "_track_of", MappingProxyType(self._check_tracks()))

    def _check_tracks(self) -> dict[Hex, int]:
        """Ruling S2, track by track; returns which track holds each track hex."""
        owner: dict[Hex, int] = {}
        for t, track in enumerate(self.tracks):
            where = f"track[{t + 1}]"

            def at(i: int) -> str:
                return f"{where}.hexes[{i + 1}]"

            hexes = track.hexes
            if len(hexes) < 2:
                raise MapError("a track needs a node hex and at least one track hex", key=f"{where}.hexes")
            if hexes[0] not in self._by_hex:
                raise MapError(f"{tuple(hexes[0])} is not a node: a track starts at a node",
                               key=at(0))
            complete = hexes[-1] in self._by_hex
            inner_end = len(hexes) - 1 if complete else len(hexes)
            if inner_end < 2:
                raise MapError("a link needs at least one track hex between its nodes",
                               key=f"{where}.hexes")
            for i in range(1, len(hexes)):
                if not are_neighbours(hexes[i - 1], hexes[i]):
                    raise MapError(f"{tuple(hexes[i])} is not a neighbour of {tuple(hexes[i - 1])}",
                                   key=at(i))
            for i in range(1, inner_end):
                h = hexes[i]
                if h in self._by_hex:
                    raise MapError(f"{tuple(h)} is the node {self._by_hex[h].name!r}; a track's "
                                   "inner hexes are never nodes", key=at(i))
                if h in owner:
                    other = owner[h]
                    reason = (f"{tuple(h)} appears twice in this track" if other == t else
                              f"{tuple(h)} already holds track[{other + 1}]")
                    raise MapError(f"{reason}; a hex holds one track (ruling S2)", key=at(i))
                owner[h] = t
            if complete and hexes[-1] == hexes[0]:
                raise MapError("a link must join two different nodes", key=at(len(hexes) - 1))
        return owner

    # -- nodes --------------------------------------------------------------------
    def node(self, name: str) -> Node:
        """The node called *name*; KeyError if none."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no node named {name!r}") from None

    def node_at(self, h: Sequence[int]) -> Node | None:
        """The node on hex *h*, or None."""
        return self._by_hex.get(as_hex(h))

    def is_node(self, h: Sequence[int]) -> bool:
        """Whether *h* is a node hex."""
        return as_hex(h) in self._by_hex

    def node_names(self, type: str | None = None) -> list[str]:
        """The nodes' names in map order, optionally only those of one *type*."""
        return [n.name for n in self.nodes if type is None or n.type == type]

    # -- track ----------------------------------------------------------------------
    def track_at(self, h: Sequence[int]) -> int | None:
        """The index of the track holding the (non-node) hex *h*, or None."""
        return self._track_of.get(as_hex(h))

    @property
    def terrain_map(self) -> Mapping[Hex, str]:
        """Terrain as a read-only mapping hex -> name."""
        return MappingProxyType(dict(self.terrain))

    def hexes(self) -> set[Hex]:
        """Every hex the map mentions: terrain, nodes and track."""
        out = {h for h, _ in self.terrain} | set(self._by_hex)
        for track in self.tracks:
            out.update(track.hexes)
        return out

    def links(self) -> list[Link]:
        """Every track as a :class:`Link`, complete or not, in track order."""
        out = []
        for index, track in enumerate(self.tracks):
            start, end = self._by_hex[track.start], self._by_hex.get(track.end)
            open_ = end is not None and frozenset((start.type, end.type)) in self.open_pairs
            out.append(Link(index, start.name, end.name if end else None, track.hexes, open_))
        return out

    def complete_links(self) -> list[Link]:
        """The links that carry goods (S2)."""
        return [link for link in self.links() if link.complete]

    def incomplete_links(self) -> list[Link]:
        """The track that carries nothing: stubs, and track between nodes that make no link (S2a)."""
        return [link for link in self.links() if not link.complete]

    def link_graph(self) -> nx.MultiGraph:
        """Nodes joined by complete links: one edge per link, parallel links kept.

        Vertices are node names with attributes ``hex`` and ``type``; each edge is
        keyed by its track index and carries ``hexes`` and ``length`` (= 1).
        """
        graph = nx.MultiGraph()
        for node in self.nodes:
            graph.add_node(node.name, hex=node.hex, type=node.type)
        for link in self.complete_links():
            graph.add_edge(link.start, link.end, key=link.index, hexes=link.hexes, length=1)
        return graph

    # -- changes (new maps) -----------------------------------------------------------
    def with_track(self, hexes: Sequence[Sequence[int]]) -> "HexMap":
        """A new map with one more track (validated)."""
        return replace(self, tracks=self.tracks + (Track(tuple(hexes)),))

    def with_node(self, node: Node) -> "HexMap":
        """A new map with one more node, or *node* replacing the node on its hex
        (urbanizing a town changes its type, for instance)."""
        kept = tuple(n for n in self.nodes if n.hex != node.hex)
        if len(kept) == len(self.nodes):
            return replace(self, nodes=self.nodes + (node,))
        return replace(self, nodes=tuple(node if n.hex == node.hex else n for n in self.nodes))
