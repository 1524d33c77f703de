"""Exercises of notebook 2, bottleneck paths on the Zoo map (rulings S3-S6).

Three functions, each closer to the full rule:

1. ``danger_ceiling``: the minimax path. The lowest "highest danger" of a route
   (origin and passed nodes count, the destination does not), links not counted,
   no teleport, no Feeding. Reference: :func:`_minimax_danger` below (thresholds
   and networkx reachability), which the tests hold against every simple path.
2. ``level_without_teleport``: the lowest locomotive level when the number of
   links counts too, with neither teleport nor Feeding. Reference: the library's
   :func:`~zoobook.steam.zoo.shipping.min_locomotive` on the same map with its
   exits turned into plain towns (danger 0 and no teleport, exactly an exit
   without its jump).
3. ``lowest_level``: the full rule with teleport and Feeding. Reference:
   :func:`~zoobook.steam.zoo.shipping.min_locomotive`.

A function that wraps the library's solver fails the check:

>>> from zoobook.classroom.checking import check
>>> from zoobook.steam.zoo.shipping import min_locomotive
>>> report = check(lambda zoo, a, b, feeding: min_locomotive(zoo, a, b, feeding=feeding), LOWEST_LEVEL,
...                seed=0, random_cases=5)
>>> report.passed, "your function calls zoobook's solver" in report.text
(False, True)
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

import networkx as nx

from zoobook.classroom.checking import Case, Challenge, Exercise
from zoobook.classroom.drawing import zoo_figure
from zoobook.classroom.exercises import workbook_puzzles
from zoobook.steam.zoo.generate import random_zoo
from zoobook.steam.zoo.model import Town, ZooMap
from zoobook.steam.zoo.shipping import best_shipment, level_table
# Private: the student's notebook holds this module, and must not find the answers in it.
from zoobook.steam.zoo.shipping import min_locomotive as _min_locomotive

#: The library's shipping solvers: each answers the three exercises' question, or most of it.
_SHIPPING_SOLVERS = tuple(f"zoobook.steam.zoo.shipping.{name}" for name in (
    "min_locomotive", "best_shipment", "shipment_at_level", "explain_level", "level_table", "shipment_table",
    "explain_shipment", "shipment_solution", "state_graph"))

__all__ = ["DANGER_CEILING", "LEVEL_WITHOUT_TELEPORT", "LOWEST_LEVEL", "CHALLENGE",
           "without_teleport", "shipping_puzzles", "random_shipment", "challenge_zoo", "CHALLENGE_LEVEL"]


@lru_cache(maxsize=1)
def shipping_puzzles() -> tuple:
    """``(title, zoo, origin, destination, feeding)`` of the workbook's Zoo puzzles whose
    origin has food (an empty area ships nothing at any level, S8: not a graph question)."""
    out = []
    for p in workbook_puzzles("steam-zoo"):
        q = p.model
        if q.zoo.area(q.origin).food:
            out.append((p.title or p.id, q.zoo, q.origin, q.destination, q.feeding))
    return tuple(out)


def _minimax_danger(zoo: ZooMap, origin: str, destination: str) -> int | None:
    """The least possible highest danger counted on a route (no link limit, no teleport).

    Try the ceilings upwards: the first at which the destination is reachable
    through nodes of danger at most the ceiling (the destination itself exempt)
    is the answer; the origin's danger is a floor.

    >>> from zoobook.steam.zoo.model import Area
    >>> zoo = ZooMap.build(areas=[Area("a", (0, 0), 2), Area("b", (2, 0), 5), Area("c", (4, 0), 6)],
    ...                    tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    >>> _minimax_danger(zoo, "a", "c"), _minimax_danger(zoo, "c", "a")
    (5, 6)
    """
    graph = zoo.hexmap.link_graph()
    floor = zoo.danger(origin)
    for ceiling in sorted({zoo.danger(n) for n in graph} | {floor}):
        if ceiling < floor:
            continue
        allowed = [n for n in graph if zoo.danger(n) <= ceiling or n == destination]
        sub = graph.subgraph(allowed)
        # The destination is never passed through: cut its links except to reach it.
        if destination in sub and nx.has_path(sub, origin, destination):
            return ceiling
    return None


def without_teleport(zoo: ZooMap) -> ZooMap:
    """The same map with every exit made a plain town: danger 0, passable, no teleport (S5).

    Track that was no link because of an exit (exit to exit or to a town, S2a) is left out, so
    that the towns standing in for exits link exactly what the exits linked.
    """
    dead = {link.index for link in zoo.hexmap.links() if link.open}
    tracks = tuple(t for index, t in enumerate(zoo.tracks) if index not in dead)
    towns = zoo.towns + tuple(Town(h, urbanized=False) for h in zoo.exits)
    return replace(zoo, exits=(), towns=towns, tracks=tracks)


def random_shipment(rng: random.Random, *, feeding: bool | None = None, size: str = "small"):
    """A random Zoo map and two of its areas (and a Feeding flag)."""
    width, height, areas = (8, 6, 4) if size == "small" else (11, 8, 6)
    zoo = random_zoo(rng, width=width, height=height, areas=areas, exits=rng.choice((0, 2, 3)),
                     towns=rng.randint(0, 2))
    origin, destination = rng.sample(zoo.area_names(), 2)
    return zoo, origin, destination, rng.random() < 0.5 if feeding is None else feeding


def _draw(case, expected, got):
    zoo, origin, destination = case.args[:3]
    feeding = case.args[3] if len(case.args) > 3 else False
    if case.context == "no-teleport":
        zoo = without_teleport(zoo)
    found = best_shipment(zoo, origin, destination, feeding=feeding) if case.context != "ceiling" else None
    what = "danger ceiling" if case.context == "ceiling" else "level"
    return zoo_figure(zoo, shipment=found,
                      title=f"{origin} to {destination}: {what} {expected}, you said {got}"
                            + ("  (highlighted: a best route)" if found else ""))


def _cases(context: str, with_feeding: bool):
    def build():
        out = []
        for title, zoo, origin, destination, feeding in shipping_puzzles():
            args = (zoo, origin, destination, feeding) if with_feeding else (zoo, origin, destination)
            out.append(Case(f"'{title}' ({origin} to {destination}"
                            + (", with Feeding" if with_feeding and feeding else "") + ")", args, context))
        return out
    return build


def _random(context: str, with_feeding: bool):
    def make(rng: random.Random) -> Case:
        zoo, origin, destination, feeding = random_shipment(rng)
        args = (zoo, origin, destination, feeding) if with_feeding else (zoo, origin, destination)
        return Case(f"a random map, {origin} to {destination}" + (", with Feeding" if with_feeding and feeding
                                                                   else ""), args, context)
    return make


DANGER_CEILING = Exercise(
    name="danger_ceiling",
    task=("the least possible highest danger among the origin and the nodes passed on a route from origin "
          "to destination (links not counted, no teleport, no Feeding); None if no route"),
    reference=_minimax_danger,
    workbook=_cases("ceiling", False),
    random_case=_random("ceiling", False),
    draw=_draw,
    solvers=_SHIPPING_SOLVERS,
)

LEVEL_WITHOUT_TELEPORT = Exercise(
    name="level_without_teleport",
    task=("the lowest locomotive level (1-6) for a shipment when both the links and the danger count, "
          "without the exit teleport or Feeding; None if no level up to 6 works"),
    reference=lambda zoo, origin, destination: _min_locomotive(without_teleport(zoo), origin, destination),
    workbook=_cases("no-teleport", False),
    random_case=_random("no-teleport", False),
    draw=_draw,
    solvers=_SHIPPING_SOLVERS,
)

LOWEST_LEVEL = Exercise(
    name="lowest_level",
    task=("the lowest locomotive level (1-6) for a shipment under the full Zoo rule: links, danger, one "
          "exit teleport, and the Feeding discount when feeding is True; None if no level up to 6 works"),
    reference=lambda zoo, origin, destination, feeding: _min_locomotive(zoo, origin, destination,
                                                                       feeding=feeding),
    workbook=_cases("full", True),
    random_case=_random("full", True),
    draw=_draw,
    solvers=_SHIPPING_SOLVERS,
)


# -- the challenge ------------------------------------------------------------------

#: The challenge asks for the pairs shippable at this level or lower.
CHALLENGE_LEVEL = 3


def challenge_zoo() -> ZooMap:
    """The challenge's map: a seeded random Zoo map with 10 areas and 4 exits."""
    return random_zoo(random.Random(77), width=16, height=11, areas=10, exits=4, towns=3)


def _challenge_answer() -> int:
    table = level_table(challenge_zoo(), feeding=True)
    return sum(1 for level in table.values() if level is not None and level <= CHALLENGE_LEVEL)


CHALLENGE = Challenge(
    name="challenge: the level table",
    question=(f"On the challenge map, with Feeding, for how many ordered pairs (origin, destination) of "
              f"different animal areas can a locomotive of level {CHALLENGE_LEVEL} or lower make the "
              f"shipment?"),
    solve=_challenge_answer,
)
