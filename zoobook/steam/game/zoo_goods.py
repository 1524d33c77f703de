"""The Zoo map's goods: food shipped by the shipment model of :mod:`zoobook.steam.zoo`.

The turn engine asks a map's *goods* part four things: which shipments are
legal now (:meth:`ZooGoods.shipments`), why one is not (:meth:`ZooGoods.refusal`),
what a shipment changes (:meth:`ZooGoods.ship`) and whether the map is clear
(:meth:`ZooGoods.conditions`). The Zoo answers with the shipment model of the
Zoo-map issue: :func:`~zoobook.steam.zoo.shipping.route_level` decides the
level a route needs (S3-S6); this module only lists the simple routes a
locomotive of the current level can run (a depth-first search never longer than
the level, at most 6 links) so a player can choose the one that pays most.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> zoo = ZooMap.build(areas=[Area("bears", (0, 0), 3), Area("goats", (2, 0), 2)],
...                    tracks=[[(0, 0), (1, 0), (2, 0)]])
>>> [str(s) for s in ZooGoods().shipments(zoo, 2, discount=False)]
['ship goats -> bears']
>>> [str(s) for s in ZooGoods().shipments(zoo, 2, discount=True)]
['ship bears -> goats', 'ship goats -> bears']
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

import networkx as nx

from zoobook.errors import Refusal
from zoobook.rulings import cite
from zoobook.steam.game.actions import Ship
from zoobook.steam.game.memo import IdentityCache, canonical
from zoobook.steam.zoo.model import AREA, EXIT, Area, ZooMap
from zoobook.steam.zoo.shipping import Network, route_level

__all__ = ["ZooGoods", "ShipEffect", "parallel_variants"]


_CACHE = IdentityCache()


def parallel_variants(graph: nx.MultiGraph, ship: Ship) -> list[Ship]:
    """*ship* over every choice of parallel links: the same route, each link by any of the tracks
    joining its two nodes (they differ in whose they are, S15, so a player may choose).

    >>> g = nx.MultiGraph([("a", "b", 0), ("a", "b", 3), ("b", "c", 1)])
    >>> [s.steps for s in parallel_variants(g, Ship(("a", "b", "c"), (0, 1)))]
    [(0, 1), (3, 1)]
    """
    choices = [(None,) if key is None else tuple(sorted(graph[a][b]))
               for a, b, key in zip(ship.route, ship.route[1:], ship.steps)]
    return [Ship(ship.route, steps) for steps in itertools.product(*choices)]


def _network(zoo: ZooMap) -> Network:
    """One prepared link graph per hex map (maps are frozen, so it never goes stale).

    Keyed by the map's :attr:`~ZooMap.hexmap`, which boards differing only in food share
    (:func:`_with_areas`): this module reads only the network's graph, neighbours, exits,
    dangers and node kinds, none of which depends on food."""
    return _CACHE.get(zoo.hexmap, "network", lambda: Network(zoo))


def _moved(zoo: ZooMap, origin: str, destination: str) -> ZooMap:
    """*zoo* after one food went from *origin* (which holds some: the refusal checks it
    first) to *destination*, which is then fed (S8); one object per result (cached), so
    every route between the same two areas leads to the same map."""
    def compute() -> ZooMap:
        areas = tuple(_area(a, food=a.food - 1) if a.name == origin else
                      _area(a, fed=True) if a.name == destination else a for a in zoo.areas)
        return canonical(_with_areas(zoo, areas))
    return _CACHE.get(zoo, ("moved", origin, destination), compute)


def _area(area: Area, **changes) -> Area:
    """*area* with other food or fed mark: its name, hex and danger were checked when it was
    made, and the food stays within 0-2 (a shipment leaves only from an area holding food)."""
    new = object.__new__(Area)
    new.__dict__.update(area.__dict__)
    new.__dict__.update(changes)
    return new


def _with_areas(zoo: ZooMap, areas: tuple[Area, ...]) -> ZooMap:
    """*zoo* with *areas* of other food and fed marks, without rebuilding its hex map.

    The nodes, track, terrain and dangers are the same (food and fed marks are none of
    them), so the new map shares the validated hex map and danger table: what
    ``dataclasses.replace`` would rebuild and check again, the planner's main cost."""
    new = object.__new__(ZooMap)
    new.__dict__.update(zoo.__dict__)
    new.__dict__["areas"] = areas
    return new


@dataclass(frozen=True)
class ShipEffect:
    """What a shipment did: the new map, the income it earns and what it used."""

    board: object
    links: int
    used_discount: bool = False
    entered_exit: bool = False
    note: str = ""


@dataclass(frozen=True)
class ZooGoods:
    """Food on animal areas; clear when every area is fed (seed, Zoo; S8)."""

    clear_reason = "every animal area is fed"

    def shipments(self, zoo: ZooMap, level: int, *, discount: bool) -> list[Ship]:
        """Every legal shipment at locomotive *level* (with the Feeding discount if available)."""
        return list(_CACHE.get(zoo, ("ships", level, discount),
                               lambda: self._shipments(zoo, level, discount)))

    def _shipments(self, zoo: ZooMap, level: int, discount: bool) -> tuple[Ship, ...]:
        net = _network(zoo)
        found: set[Ship] = set()
        areas = [a.name for a in zoo.areas if a.food > 0]
        for origin in areas:
            if net.danger[origin] > level + (1 if discount else 0):
                continue
            self._walk(net, zoo, level, discount, [origin], [], False, found)
        every = {v for ship in found for v in parallel_variants(net.graph, ship)}
        return tuple(sorted(every, key=lambda s: (s.route, [(-1 if k is None else k) for k in s.steps])))

    def _walk(self, net, zoo, level, discount, route, steps, teleported, found) -> None:
        here = route[-1]
        links = sum(step is not None for step in steps)
        moves = [(other, key) for other, key in net.neighbours[here]] if links < level else []
        if here in net.exits and not teleported:
            moves += [(other, None) for other in net.exits if other != here]
        for other, key in moves:
            if other in route:
                continue
            new_route, new_steps = route + [other], steps + [key]
            if zoo.kind_of(other) == AREA:
                if route_level(net, new_route, new_steps, feeding=discount) <= level:
                    found.add(Ship(tuple(new_route), tuple(new_steps)))
            if net.danger[other] <= level + (1 if discount else 0):
                self._walk(net, zoo, level, discount, new_route, new_steps,
                           teleported or key is None, found)

    def refusal(self, zoo: ZooMap, ship: Ship, level: int, *, discount: bool) -> Refusal | None:
        """Why *ship* is illegal at *level*, or None (a refusal is made anew from the memoised words and
        rule, so each refusal given is made here, by the rules that refuse)."""
        why = _CACHE.get(zoo, ("refusal", ship, level, discount), lambda: self._refusal(zoo, ship, level, discount))
        return None if why is None else Refusal(why.reason, why.rule)

    def _refusal(self, zoo: ZooMap, ship: Ship, level: int, discount: bool) -> Refusal | None:
        try:
            need = route_level(_network(zoo), list(ship.route), list(ship.steps), feeding=discount)
        except (ValueError, KeyError, TypeError) as exc:
            return getattr(exc, "refusal", None) or Refusal(str(exc).strip("'\""), "S3")
        if zoo.area(ship.route[0]).food == 0:
            return Refusal(f"{ship.route[0]} holds no food left to ship", "S-DANGER-2")
        if need > level:
            extra = " even with the Feeding discount" if discount else ""
            return Refusal(f"this route needs locomotive level {need}{extra} and yours is {level}: at least "
                           f"its number of links and the highest danger it starts from or passes", "S4")
        return None

    def ship(self, zoo: ZooMap, ship: Ship, level: int, *, discount: bool) -> ShipEffect:
        """Move one food: the origin loses it, the destination is fed (S8)."""
        return _CACHE.get(zoo, ("ship", ship, level, discount),
                          lambda: self._ship(zoo, ship, level, discount))

    def _ship(self, zoo: ZooMap, ship: Ship, level: int, discount: bool) -> ShipEffect:
        origin, destination = ship.route[0], ship.route[-1]
        used = discount and route_level(_network(zoo), list(ship.route), list(ship.steps),
                                        feeding=False) > level
        entered = any(zoo.kind_of(n) == EXIT for n in ship.route)
        was_fed = zoo.area(destination).fed
        note = f"{destination} {'was already fed' if was_fed else 'is fed'}"
        return ShipEffect(_moved(zoo, origin, destination), ship.links, used, entered, note)

    def conditions(self, zoo: ZooMap) -> list[tuple[str, bool]]:
        """"Feed all of the animals to clear the game" (seed, Zoo): one line per area."""
        return [(f"{a.name} fed", a.fed) for a in zoo.areas]

    def cleared(self, zoo: ZooMap) -> bool:
        return self.goods_left(zoo) == 0

    def goods_left(self, zoo: ZooMap) -> int:
        """What still has to happen: the areas not fed yet."""
        return _CACHE.get(zoo, "left", lambda: sum(not a.fed for a in zoo.areas))

    def goods_word(self, left: int) -> str:
        return f"{left} animal area{'s' if left != 1 else ''} still to feed"

    def level_needed(self, zoo: ZooMap) -> int | None:
        """A locomotive level every plan must reach, or None when no plan can feed them all.

        Food for an unfed area comes from another area holding food, whose danger
        counts (S4), less 1 with Feeding (S6); each shipment uses one piece (S8).
        """
        unfed = [a for a in zoo.areas if not a.fed]
        if sum(a.food for a in zoo.areas) < len(unfed):
            return None
        need = 1
        for area in unfed:
            sources = [max(1, o.danger - 1) for o in zoo.areas if o.name != area.name and o.food > 0]
            if not sources:
                return None
            need = max(need, min(sources))
        return need

    def impossible_reason(self, zoo: ZooMap) -> str:
        unfed = [a.name for a in zoo.areas if not a.fed]
        food = sum(a.food for a in zoo.areas)
        if food < len(unfed):
            return (f"{len(unfed)} areas still need food and only {food} pieces are left; each "
                    f"shipment carries one {cite('S8')}")
        return f"some unfed area has no other area with food to ship from {cite('S8')}"

    def tiles_needed(self, zoo: ZooMap) -> int:
        """Tiles any plan must still lay: unfed areas with no link need one each, a tile serving two."""
        graph = _network(zoo).graph
        alone = sum(1 for a in zoo.areas if not a.fed and graph.degree(a.name) == 0)
        return math.ceil(alone / 2)

    # -- the map parts the engine changes ------------------------------------------------
    def hexmap(self, zoo: ZooMap):
        return zoo.hexmap

    def with_tracks(self, zoo: ZooMap, tracks) -> ZooMap:
        """*zoo* with *tracks* (validated); equal maps come back as one object, so the
        caches keyed by identity (networks, shipments) serve every build that lays the same
        track."""
        return canonical(replace(zoo, tracks=tuple(tracks)))

    def towns(self, zoo: ZooMap) -> list:
        """Towns that may still be urbanized."""
        return [t.hex for t in zoo.towns if not t.urbanized]

    def urbanize(self, zoo: ZooMap, town) -> ZooMap:
        """"A new city tile placed by the Urbanization action counts as danger level 1"."""
        return zoo.urbanized(town)

    def flip(self, zoo: ZooMap, target: str) -> ZooMap:
        raise ValueError("the Zoo map has no moai to flip")

    def flip_targets(self, zoo: ZooMap) -> list[str]:
        return []

    def node_label(self, zoo: ZooMap, node) -> str:
        """A node's words on the map picture: an area's danger, food and whether it is fed."""
        if node.type != AREA:
            return {EXIT: "exit", "town": "town", "new-city": "new\ncity"}.get(node.type, node.name)
        area = zoo.area(node.name)
        return f"{node.name}\nd{area.danger} f{area.food}{' fed' if area.fed else ''}"

    def describe(self, zoo: ZooMap) -> list[str]:
        """The goods as text lines, for the game's ``__str__``."""
        return [f"  {a.name}: danger {a.danger}, food {a.food}, {'fed' if a.fed else 'not fed'}"
                for a in zoo.areas]
