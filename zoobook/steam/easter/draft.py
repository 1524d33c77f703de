"""A network laid by hand, hex by hex: what the lesson's track-laying widget shows.

A draft starts each link at a city, adds track hexes one neighbour at a time and
ends the link on another city (rulings S2, S9). The draft knows its cost and which
ruins it already joins. A hex the rules refuse raises :class:`~zoobook.errors.IllegalAction`
naming its rule, and the draft is unchanged.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> island = Island.build(plain=[(1, 0)], mountain=[(3, 0)],
...     cities=[City("A", (0, 0), "red", True), City("B", (2, 0), "red", True), City("C", (4, 0), "red", True)])
>>> draft = TrackDraft(island).lay((0, 0)).lay((1, 0)).lay((2, 0))
>>> draft.cost, draft.joined_groups()
(3, [['A', 'B'], ['C']])
>>> draft.lay((2, 0)).lay((3, 0)).lay((4, 0)).status()
'$7 laid in 2 links: every ruin is joined.'
>>> draft.lay((1, 0))
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: start a link at a city: (1, 0) is not a city [S-TRACK-1]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from zoobook.errors import IllegalAction
from zoobook.hexgrid import Hex, are_neighbours
from zoobook.steam.easter.island import TRACK_COST, Island

__all__ = ["TrackDraft"]


@dataclass(frozen=True)
class TrackDraft:
    """Completed links plus the link being laid (``current``: a city hex, then track hexes)."""

    island: Island
    links: tuple[tuple[Hex, ...], ...] = ()
    current: tuple[Hex, ...] = ()
    _costs: dict = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self._costs is None:
            costs = {h: TRACK_COST[t] for h, t in self.island.hexmap.terrain if t in TRACK_COST}
            object.__setattr__(self, "_costs", costs)

    def _city_at(self, h: Hex):
        """The node (a city or a town, S14) on *h*, or None."""
        return self.island.hexmap.node_at(h)

    def used(self) -> set[Hex]:
        """Track hexes already holding track (completed or being laid)."""
        return {h for link in self.links for h in link[1:-1]} | set(self.current[1:])

    def lay(self, h) -> "TrackDraft":
        """Lay the next hex: a city starts or ends a link, any other hex extends it."""
        h = Hex(*h)
        city = self._city_at(h)
        if not self.current:
            if city is None:
                raise IllegalAction(f"start a link at a city: {tuple(h)} is not a city", "S-TRACK-1")
            return TrackDraft(self.island, self.links, (h,), self._costs)
        last = self.current[-1]
        if not are_neighbours(last, h):
            raise IllegalAction(f"{tuple(h)} is not next to {tuple(last)}: track runs hex by hex", "S2")
        if city is not None:
            if len(self.current) == 1:
                raise IllegalAction("a link needs at least one track hex between two cities", "S2")
            if h == self.current[0]:
                raise IllegalAction("a link must end at another city", "S2")
            return TrackDraft(self.island, self.links + (self.current + (h,),), (), self._costs)
        if h not in self._costs:
            raise IllegalAction(f"track cannot be laid on {tuple(h)}: it is neither plain nor mountain", "S-TRACK-3")
        if h in self.used():
            raise IllegalAction(f"{tuple(h)} already holds track: one track per hex, the workbook's "
                                "simplification", "S2")
        return TrackDraft(self.island, self.links, self.current + (h,), self._costs)

    def undo(self) -> "TrackDraft":
        """Take back the last hex laid (reopening the last link if none is being laid)."""
        if self.current:
            return TrackDraft(self.island, self.links, self.current[:-1], self._costs)
        if self.links:
            return TrackDraft(self.island, self.links[:-1], self.links[-1][:-1], self._costs)
        return self

    @property
    def cost(self) -> int:
        """Dollars of track laid so far ($3 plain, $4 mountain)."""
        return sum(self._costs[h] for h in self.used())

    def joined_groups(self) -> list[list[str]]:
        """The ruins grouped by the completed links that join them."""
        graph = nx.Graph()
        graph.add_nodes_from(n.name for n in self.island.hexmap.nodes)
        for link in self.links:
            graph.add_edge(self._city_at(link[0]).name, self._city_at(link[-1]).name)
        ruins = set(self.island.ruins())
        groups = [sorted(ruins & part) for part in nx.connected_components(graph)]
        return sorted((g for g in groups if g), key=lambda g: (-len(g), g))

    def status(self) -> str:
        """One line: cost, links, and whether every ruin is joined."""
        groups = self.joined_groups()
        links = f"{len(self.links)} link{'s' if len(self.links) != 1 else ''}"
        where = f"${self.cost} laid in {links}"
        if self.current:
            where += f" (+ a link under way from {self._city_at(self.current[0]).name})"
        if len(groups) <= 1:
            return where + ": every ruin is joined."
        return where + f": {len(groups)} separate groups of ruins."

    def island_with_track(self) -> Island:
        """The island with the draft's track on it (the link under way as an incomplete track)."""
        tracks = list(self.links) + ([self.current] if len(self.current) > 1 else [])
        return self.island.with_tracks(tracks)
