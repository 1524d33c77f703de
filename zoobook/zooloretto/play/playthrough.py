"""Golden playthroughs: a seeded Zooloretto game written out as text, line by line (OpenSpiel style).

A playthrough is the game's log -- every action and every automatic event (draws, coin
tiles, births, the souvenir shop, filling coins, the end stack, leftover trucks, the
final scoring line by line) -- followed by every final zoo. The tests replay the same
seed and policy and compare the text with the stored files under
``tests/zooloretto/golden/``.

The policy is a seeded random legal action, so the text changes only when the rules
(or the order of :meth:`~zoobook.zooloretto.game.ZoolorettoState.legal_actions`) do, never
when a bot improves.

Examples
--------
>>> lines = playthrough(players=2, seed=1, expansions=("three-buildings", "construction-sites"))
>>> lines[0]
'Zooloretto, 2 players, seed 1, three buildings, construction sites; species camel, flamingo, leopard, monkey, zebra'
>>> lines[1].startswith("Z6:")
True
"""

from __future__ import annotations

import random

from zoobook.zooloretto.game import ZoolorettoState
from zoobook.zooloretto.model import Zoo

__all__ = ["playthrough", "play_random", "zoo_lines", "GOLDEN_GAMES", "BOTH"]

BOTH = ("three-buildings", "construction-sites")
#: The stored playthroughs: file name -> (players, seed, expansions).
GOLDEN_GAMES = {
    "two-players-both.txt": (2, 11, BOTH),
    "three-players-both.txt": (3, 12, BOTH),
    "five-players-both.txt": (5, 13, BOTH),
}


def play_random(players: int, seed: int, expansions=()) -> ZoolorettoState:
    """The seeded game played to its end by seeded random legal actions."""
    state = ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def playthrough(players: int, seed: int, expansions=()) -> list[str]:
    """The text of the seeded game (log, then the final zoos)."""
    state = play_random(players, seed, expansions)
    lines = state.log + ["== final zoos"]
    for seat, zoo in enumerate(state.zoos):
        lines.extend(zoo_lines(seat, zoo))
    return lines


def zoo_lines(seat: int, zoo: Zoo) -> list[str]:
    """A zoo in text: each enclosure (species, animals, offspring, pavilions, markers, stalls, unbred
    fertile animals), the barn and the coins."""
    lines = [f"player {seat}: {zoo.coins} coins, {zoo.expansion_boards} expansion board(s)"]
    for e in zoo.enclosures:
        parts = [f"{e.animals} {e.species}" if e.species else "empty"]
        if e.offspring:
            parts.append(f"{e.offspring} offspring")
        if e.pavilions:
            parts.append(f"{e.pavilions} pavilion(s)")
        if e.sites:
            parts.append(f"{e.sites} marker(s)")
        if e.stalls:
            parts.append("stalls " + " ".join(e.stalls))
        if e.fertile:
            parts.append("fertile " + " ".join(e.fertile))
        lines.append(f"  {e.key}: " + ", ".join(parts))
    barn = zoo.barn
    lines.append(f"  barn: animals {' '.join(barn.animals) or '-'}; offspring {barn.offspring}; "
                 f"stalls {' '.join(barn.stalls) or '-'}; markers {barn.sites}; "
                 f"fertile {' '.join(barn.fertile) or '-'}")
    return lines
