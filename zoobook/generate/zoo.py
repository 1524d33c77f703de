"""Generator for ``steam-zoo/shipment``: random Zoo maps (the game's own
:func:`~zoobook.steam.zoo.generate.random_zoo`), graded by the solver's facts.

Facts
-----
* effort: states the 0-1 BFS explores over every level it tries, from the
  lowest the origin allows up to the answer (:meth:`Network.search`);
* optima: the legal routes (node sequences, teleport included) whose level is
  the optimum; decoys: the routes one level worse;
* naive answer: ship along the route with the fewest links, without the
  teleport, whatever the dangers (what a player sees first on the map); its
  level, compared with the optimum.

Examples
--------
>>> import random
>>> from zoobook.steam.zoo.kinds import solve
>>> question = sample_shipment(random.Random(4), 3)
>>> facts = shipment_facts(question, solve(question))
>>> facts.optima >= 1 and facts.effort > 0
True
"""

from __future__ import annotations

import random
from collections import deque

from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator
from zoobook.puzzles.solution import Solution
from zoobook.steam.zoo.generate import random_zoo
from zoobook.steam.zoo.kinds import ShipmentQuestion, dump_ascii
from zoobook.steam.zoo.model import MAX_LEVEL, NEW_CITY, ZooMap
from zoobook.steam.zoo.shipping import Network, route_level

__all__ = ["sample_shipment", "shipment_facts", "routes", "fewest_links_route", "SHIPMENT_GENERATOR"]

#: Map sizes by difficulty hint: (width, height, areas, exits, towns).
_SIZES = {1: (7, 5, 4, 1, 1), 2: (8, 6, 5, 2, 1), 3: (9, 7, 6, 2, 1), 4: (10, 8, 7, 3, 2),
          5: (11, 9, 8, 3, 2)}


def sample_shipment(rng: random.Random, difficulty: int) -> ShipmentQuestion:
    """A random map of the hinted size and two different areas on it."""
    width, height, areas, exits, towns = _SIZES[difficulty]
    zoo = random_zoo(rng, width=width, height=height, areas=areas, exits=exits, towns=towns,
                     links_per_node=3, max_track=3, stubs=1)
    origin, destination = rng.sample(zoo.area_names(), 2)
    return ShipmentQuestion(zoo, origin, destination, feeding=rng.random() < 0.35)


def routes(net: Network, origin: str, destination: str, max_links: int):
    """Every legal route (simple, at most one exit teleport) with at most *max_links*
    links, as ``(route, steps)``; steps hold track indices, None for the teleport."""
    exits = set(net.exits)

    def walk(route: list[str], steps: list, links: int, teleported: bool):
        node = route[-1]
        if node == destination:
            yield list(route), list(steps)
            return
        moves = [(other, key) for other, key in net.neighbours[node] if links < max_links]
        if not teleported and node in exits:
            moves += [(other, None) for other in net.exits if other != node]
        for other, key in moves:
            if other in route:
                continue
            route.append(other), steps.append(key)
            yield from walk(route, steps, links + (key is not None), teleported or key is None)
            route.pop(), steps.pop()

    yield from walk([origin], [], 0, False)


def fewest_links_route(net: Network, origin: str, destination: str):
    """The route with the fewest links and no teleport (BFS, ties by map order), or None."""
    parent = {origin: None}
    queue = deque([origin])
    while queue:
        node = queue.popleft()
        if node == destination:
            route, steps = [node], []
            while parent[route[-1]] is not None:
                prev, key = parent[route[-1]]
                route.append(prev), steps.append(key)
            return route[::-1], steps[::-1]
        for other, key in net.neighbours[node]:
            if other not in parent:
                parent[other] = (node, key)
                queue.append(other)
    return None


def shipment_facts(question: ShipmentQuestion, solution: Solution) -> Facts:
    """Effort, decoys, naive gap, optima and themes of a solved shipment question."""
    zoo: ZooMap = question.zoo
    net = Network(zoo)
    origin, destination, feeding = question.origin, question.destination, question.feeding
    best = solution.value
    top = best if best is not None else MAX_LEVEL
    effort = sum(len(net.search(origin, level, feeding, destination, level)[0])
                 for level in range(net.lowest_start(origin, feeding), top + 1))
    optima = decoys = 0
    if best is not None and zoo.area(origin).food > 0:
        for route, steps in routes(net, origin, destination, best + 1):
            level = route_level(net, route, steps, feeding=feeding)
            optima += level == best
            decoys += level == best + 1
    naive = fewest_links_route(net, origin, destination)
    naive_level = None
    if naive is not None and zoo.area(origin).food > 0:
        naive_level = route_level(net, *naive, feeding=feeding)
        naive_level = naive_level if naive_level <= MAX_LEVEL else None
    if best is None:
        gap = 0.0 if naive_level is None else 1.0
    elif naive_level is None:
        gap = 1.0
    else:
        gap = (naive_level - best) / best
    themes = _themes(zoo, question, solution, naive) if best is not None else ("no shipment",)
    return Facts(effort, decoys, gap, naive_level, optima or None, themes)


def _themes(zoo: ZooMap, question: ShipmentQuestion, solution: Solution, naive) -> tuple[str, ...]:
    w = solution.witness
    route, level = w["route"], w["level"]
    out = []
    if w["teleport"]:
        out.append("teleport used")
    if w["feeding"]:
        out.append("Feeding binding")
    passed = route[1:-1]
    teleport = set(w["teleport"] or ())
    if any(zoo.kind_of(n) == "exit" and n not in teleport for n in passed):
        out.append("run through an exit")
    if any(zoo.kind_of(n) == NEW_CITY for n in route[:-1]):
        out.append("new city danger")
    if zoo.danger(question.destination) > level:
        out.append("destination danger exempt")
    if naive is not None and w["links"] > len(naive[1]):
        out.append("detour around danger")
    dangers = sorted((zoo.danger(n) for n in route[:-1]), reverse=True)
    need = dangers[0] - (1 if w["feeding"] else 0)
    out.append("danger binds" if need > w["links"] else "links bind")
    out.append("0-1 BFS on a state graph")
    return tuple(out)


def _problems(question: ShipmentQuestion, solution: Solution, facts: Facts) -> list[str]:
    if solution.value is None:
        return []
    if solution.witness["links"] < 2:
        return ["a one-link shipment is not a puzzle"]
    return []


def _title(question: ShipmentQuestion, solution: Solution, facts: Facts) -> str:
    fed = " with Feeding" if question.feeding else ""
    return f"From the {question.origin} to the {question.destination}{fed}"


def _describe(question: ShipmentQuestion, solution: Solution, facts: Facts) -> str:
    return (f"A generated Zoo map: the lowest locomotive level that ships food from "
            f"{question.origin} to {question.destination}"
            f"{' (with the Feeding action)' if question.feeding else ''}.")


#: Calibrated with zoobook.generate.calibrate("steam-zoo/shipment", samples=400, seed=0).
SHIPMENT_CALIBRATION = Calibration(effort_scale=40, decoy_scale=10, gap_scale=1.0,
                                   thresholds=(0.302, 0.415, 0.551, 0.665))

SHIPMENT_GENERATOR = Generator("steam-zoo/shipment", sample_shipment, shipment_facts, SHIPMENT_CALIBRATION,
                               _title, _problems, _describe, dump_ascii)
