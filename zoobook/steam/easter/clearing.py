"""The fewest turns to ship every moai cube away on a network already built.

The question of kind ``steam-easter/moai``. The network and the cubes are given;
each turn (base rules and ruling S9, money not counted):

1. **Action**: select none, or one action without a blocker: *Locomotive*
   (level +1 at once), *Rapa Nui* (turn one moai upside down: a two-cube statue, or a
   one-cube remnant, which stays as it is, S12a),
   *Engineer* or *Urbanization* (no effect here, but they move the blockers).
   A selected action is blocked until all four have been selected, then every
   action is free again.
2. **Move goods**, two rounds: in each, ship one top cube to a city of its
   colour within the locomotive level, or raise the level by 1 (at most once
   per turn, level at most 6), or do nothing.

Every cube needs its own shipment, so the shipments are fixed; what a player
can save is turns, and that is where Rapa Nui and the locomotive matter: a moai
whose top cube needs a long route blocks the cube below it.

A cube's *need* (the fewest links that deliver it) does not depend on the other
cubes, so the search works on needs; stacks with equal needs are interchangeable.
It is an A* search over turns (a turn removes at most two cubes, so
``ceil(cubes / 2)`` more turns is a lower bound), ties broken by fewer selected
actions (each costs $8).

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> island = Island.build(
...     cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
...             City("Blue 1", (2, 0), "blue", True), City("Red 4", (4, 0), "red", True)],
...     tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
>>> plan = fewest_turns(island, level=1)
>>> plan.turns, plan.flips
(1, 0)
>>> print(plan.turn_lines[0])
Turn 1: Locomotive to level 2; ship red from Red 3 to Red 4 (2 links); ship blue from Red 3 to Blue 1 (1 link)
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass

from zoobook.puzzles.solution import Solution
from zoobook.steam.easter.connect import SearchBudgetExceeded
from zoobook.steam.easter.island import Island
from zoobook.steam.easter.moai import MAX_LEVEL, cube_needs, delivery

__all__ = ["ACTIONS", "ClearingPlan", "fewest_turns", "clearing_solution", "turn_successors"]

ACTIONS = ("Engineer", "Locomotive", "Urbanization", "Rapa Nui")

# An abstract state: (stacks, level, blocked); stacks is a sorted tuple of need tuples (bottom..top).


def _after_selection(blocked: frozenset, action: str) -> frozenset:
    """The rulebook's blockers: a selected action is blocked until all four were selected."""
    chosen = blocked | {action}
    return frozenset() if len(chosen) == len(ACTIONS) else chosen


def turn_successors(stacks: tuple, level: int, blocked: frozenset, allowed: tuple = ACTIONS):
    """Every (move, next state) one turn can make; a move is (action, flipped stack, rounds).

    Rounds are ``("ship", stack)`` or ``("raise",)``; stacks are named by their needs.
    Only the *allowed* actions are considered (all four by default).
    """
    options = [(None, None, level, blocked, stacks)]
    for action in ACTIONS:
        if action in blocked or action not in allowed:
            continue
        after = _after_selection(blocked, action)
        if action == "Locomotive":
            if level < MAX_LEVEL:
                options.append((action, None, level + 1, after, stacks))
        elif action == "Rapa Nui":
            # S12a: any moai may be turned. A one-cube remnant (or a statue whose two cubes need
            # the same) is as it was after turning, and with no cube left Rapa Nui is void (S12):
            # selected so, it only moves the blockers.
            if not any(stacks) or any(len(s) == 1 or (len(s) == 2 and s[0] == s[1]) for s in stacks):
                options.append((action, None, level, after, stacks))
            for stack in sorted(set(stacks)):
                if len(stack) == 2 and stack[0] != stack[1]:
                    flipped = list(stacks)
                    flipped.remove(stack)
                    flipped.append(stack[::-1])
                    options.append((action, stack, level, after, tuple(sorted(flipped))))
        else:
            options.append((action, None, level, after, stacks))
    for action, flip, lvl, blk, start in options:
        seen = set()
        for rounds, end_stacks, end_level in _move_goods(start, lvl):
            state = (end_stacks, end_level, blk)
            if state not in seen:
                seen.add(state)
                yield (action, flip, rounds), state


def _move_goods(stacks: tuple, level: int):
    """The results of two move-goods rounds (ship a top cube, raise once, or pass)."""
    frontier = [((), stacks, level, False)]
    for _ in range(2):
        nxt = []
        for rounds, st, lvl, raised in frontier:
            nxt.append((rounds, st, lvl, raised))
            if not raised and lvl < MAX_LEVEL:
                nxt.append((rounds + (("raise",),), st, lvl + 1, True))
            for stack in sorted(set(st)):
                if stack[-1] <= lvl:
                    rest = list(st)
                    rest.remove(stack)
                    if len(stack) > 1:
                        rest.append(stack[:-1])
                    nxt.append((rounds + (("ship", stack),), tuple(sorted(rest)), lvl, raised))
        frontier = nxt
    for rounds, st, lvl, _ in frontier:
        yield rounds, st, lvl


@dataclass(frozen=True)
class ClearingPlan:
    """The fewest turns, the turn-by-turn order, and counts for the explanation.

    ``states`` counts the positions the search reached, ``expanded`` those whose
    turns it tried (the search effort; puzzle generators grade with it).
    """

    turns: int | None
    turn_lines: tuple[str, ...]
    shipments: int
    flips: int
    selections: int
    states: int
    expanded: int = 0


def fewest_turns(island: Island, level: int, allowed: tuple = ACTIONS, *,
                 max_states: int | None = None) -> ClearingPlan:
    """The fewest turns that remove every cube from *island* starting at locomotive *level*.

    *allowed* limits the actions a player will select (leave out ``"Rapa Nui"`` to see
    what the flips are worth). With *max_states*, give up with
    :class:`~zoobook.steam.easter.connect.SearchBudgetExceeded` once the search has
    reached more positions than that (a count, not seconds: generators use it to skip
    set-ups that are slow to solve, the same on every machine).
    """
    if not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"the locomotive level runs from 1 to {MAX_LEVEL}, not {level}")
    needs = cube_needs(island)
    cubes = sum(len(n) for n in needs.values())
    if any(n is None for stack in needs.values() for n in stack):
        return ClearingPlan(None, (), cubes, 0, 0, 0)
    start = (tuple(sorted(needs.values())), level, frozenset())
    counter = itertools.count()
    best = {start: (0, 0)}
    parent: dict = {start: None}
    heap = [(math.ceil(cubes / 2), 0, next(counter), start)]
    goal = None
    expanded = 0
    while heap:
        _, selections, _, state = heapq.heappop(heap)
        turns = best[state][0]
        if best[state] != (turns, selections):
            continue
        if not state[0]:
            goal = state
            break
        expanded += 1
        if max_states is not None and len(best) > max_states:
            raise SearchBudgetExceeded(f"more than {max_states} positions")
        for move, nxt in turn_successors(*state, allowed):
            cost = (turns + 1, selections + (move[0] is not None))
            if cost < best.get(nxt, (math.inf, math.inf)):
                best[nxt] = cost
                parent[nxt] = (state, move)
                left = sum(len(s) for s in nxt[0])
                heapq.heappush(heap, (cost[0] + math.ceil(left / 2), cost[1], next(counter), nxt))
    moves = []
    state = goal
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    moves.reverse()
    lines = _replay(island, level, moves)
    flips = sum(move[0] == "Rapa Nui" and move[1] is not None for move in moves)
    selections = sum(move[0] is not None for move in moves)
    return ClearingPlan(len(moves), tuple(lines), cubes, flips, selections, len(best), expanded)


def _replay(island: Island, level: int, moves: list) -> list[str]:
    """Turn the abstract moves (stacks named by needs) into named cities and routes."""
    from zoobook.steam.easter.moai import rapa_nui, ship

    def city_with(stack: tuple) -> str:
        needs = cube_needs(island)
        return min(name for name, n in needs.items() if n == stack)

    lines = []
    for number, (action, flip, rounds) in enumerate(moves, start=1):
        parts = []
        if action == "Rapa Nui" and flip is None:
            parts.append("Rapa Nui on a moai that stays as it is (only to move the blockers, S12a)")
        elif action == "Rapa Nui":
            name = city_with(flip)
            island = rapa_nui(island, name)
            parts.append(f"Rapa Nui on {name}")
        elif action == "Locomotive":
            level += 1
            parts.append(f"Locomotive to level {level}")
        elif action is not None:
            parts.append(f"{action} (only to move the blockers)")
        for step in rounds:
            if step[0] == "raise":
                level += 1
                parts.append(f"raise the locomotive to {level}")
            else:
                name = city_with(step[1])
                made = delivery(island, name, level)
                island, _ = ship(island, name, level)
                parts.append(f"ship {made.cube} from {name} to {made.destination} "
                             f"({made.length} link{'s' if made.length != 1 else ''})")
        lines.append(f"Turn {number}: " + ("; ".join(parts) if parts else "nothing"))
    return lines


def clearing_solution(island: Island, level: int) -> Solution:
    """The ``steam-easter/moai`` answer: fewest turns, the turns as witness, and why."""
    from zoobook.explain import join_words, plural
    from zoobook.rulings import cite

    plan = fewest_turns(island, level)
    needs = cube_needs(island)
    if plan.turns is None:
        stuck = [name for name, stack in needs.items() if None in stack]
        return Solution(None, [], (
            f"No order clears the map: a cube on {join_words(stuck)} has no legal route to a city of "
            f"its colour on this network, even at level {MAX_LEVEL} {cite('S9')}.",))
    longest = max((n for stack in needs.values() for n in stack), default=0)
    lines = [
        f"Only the top cube of a moai ships, to the first city of its colour, along at most "
        f"'locomotive level' links {cite('S9')}; each of the {plural(plan.shipments, 'cube')} needs a "
        f"shipment of its own.",
        f"A turn has two move-goods rounds, so at least {math.ceil(plan.shipments / 2)} turns are needed; "
        f"the longest delivery needs {plural(longest, 'link')} against a starting level of {level}.",
        f"A best-first search over every turn (an action or none, then two rounds of ship or raise) "
        f"reached {plural(plan.states, 'position')} and found no way in fewer than "
        f"{plural(plan.turns, 'turn')}.",
        f"The plan uses {plural(plan.flips, 'Rapa Nui flip')} and {plural(plan.selections, 'action')} "
        f"in all ($8 each, cash not counted here).",
    ]
    if plan.flips:
        without = fewest_turns(island, level, allowed=("Engineer", "Locomotive", "Urbanization"))
        if without.turns != plan.turns:
            lines.append(f"Without Rapa Nui it would take {plural(without.turns, 'turn')}: turning a moai "
                         "over lets the cube beneath travel while the locomotive is still too weak for "
                         "the top one.")
    return Solution(plan.turns, list(plan.turn_lines), tuple(lines))
