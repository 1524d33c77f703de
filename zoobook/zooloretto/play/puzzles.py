"""Puzzles from played games: real positions of seeded bot games, asked with the existing kinds.

A whole game raises the three questions the Zooloretto kinds already answer, so no new
kind is needed:

* ``zooloretto/truck`` -- a player takes a truck: where should each of its tiles go
  (the zoo as it was just before, the truck's tiles, coins included)?
* ``zooloretto/sabotage`` -- a player takes a truck with construction-site markers: where
  in the opponent's zoo (the one the bot chose) do they cost most, given the tiles that
  opponent really placed next in the game (ruling Z5)?
* ``zooloretto/invest`` -- a player with 3 coins or more, the restaurant or a pavilion still
  in the middle, about to take a truck: does buying now pay off, given the tiles they really
  placed next (rulings Z2, Z4)?

The positions come from :data:`GAMES` (seeded greedy-bot games), at most one of each
kind per game; a position is kept when the question is not trivial (the truck has two tiles or
more and gains points; the markers cost something; a purchase is legal). The files are written with each kind's
own ``dump`` and certified with its own solver, so a change to a solver (or to the rules)
changes the stored answers: regenerate them with ::

    PYTHONPATH=$PWD python -m zoobook.zooloretto.play.puzzles puzzles/zooloretto

and ``tests/zooloretto/test_game_puzzles.py`` checks the stored files against a fresh run.

Examples
--------
>>> found = positions(2, 3, ("construction-sites",))
>>> sorted({p.kind for p in found})  # no buildings in this game, so no investment question
['zooloretto/sabotage', 'zooloretto/truck']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from zoobook.puzzles.loading import Answer, puzzle_toml, write_puzzle
from zoobook.puzzles.registry import get_kind
from zoobook.zooloretto.bots import BOTS
from zoobook.explain import plural
from zoobook.zooloretto.game import Mark, PassSites, Take, ZoolorettoState
from zoobook.zooloretto.kinds import InvestPuzzle, SabotagePuzzle, TruckPuzzle
from zoobook.zooloretto.model import THREE_BUILDINGS, Tile
from zoobook.zooloretto.scoring import score
from zoobook.zooloretto.supply import marker_kind

__all__ = ["GAMES", "QUOTA", "Position", "positions", "game_puzzles", "write_game_puzzles"]

BOTH = ("three-buildings", "construction-sites")
#: The played games the puzzles come from: (players, seed, expansions).
GAMES = ((2, 31, BOTH), (3, 32, BOTH), (4, 33, BOTH), (5, 34, BOTH), (3, 35, ("construction-sites",)),
         (2, 36, ("three-buildings",)), (2, 37, BOTH), (3, 38, BOTH))
#: How many puzzles of each kind to keep (the first positions that qualify, game by game).
QUOTA = {"zooloretto/truck": 4, "zooloretto/sabotage": 4, "zooloretto/invest": 4}
TILES_TO_COME = 4
SABOTAGE_TILES = 3


@dataclass
class Position:
    kind: str
    model: object
    players: int
    seed: int
    round: int
    seat: int
    story: str
    themes: list[str] = field(default_factory=list)


def _placeable(codes) -> list[str]:
    return [c for c in codes if marker_kind(c) is None]


@dataclass
class _MarkerSource:
    """An action that put markers in the marking player's hands: a truck taken, or markers passed on."""

    seat: int
    round: int
    words: str           # what the player did, in words ("takes truck 1 (...)", "pays 1 coin to ...")


def _marker_list(kinds) -> str:
    return f"{plural(len(kinds), 'marker')} ({', '.join(kinds)})"


def positions(players: int, seed: int, expansions, bot: str = "greedy") -> list[Position]:
    """Every qualifying position of the seeded game, in the order it was played.

    A sabotage position is one marking action's markers into one opponent's zoo, told as it
    happened: the truck they came on, or the coin paid to pass them on (ruling Z5).
    """
    state = ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
    bots = [BOTS[bot](seed + s) for s in range(players)]
    takes = []          # (seat, zoo before, tiles, round, truck, middle)
    sources: list[_MarkerSource] = []
    marks = []          # (source index, kind, target seat, target zoo before, takes so far)
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].choose(state)
        if isinstance(action, Take):
            tiles = list(state.trucks[action.truck])
            takes.append((seat, state.zoos[seat], tiles, state.round, action.truck, state.middle))
            if any(marker_kind(c) for c in tiles):
                sources.append(_MarkerSource(seat, state.round,
                                             f"takes truck {action.truck + 1} ({', '.join(tiles)})"))
        if isinstance(action, PassSites):
            sources.append(_MarkerSource(seat, state.round,
                                         f"pays 1 coin to pass on {_marker_list([k for k, _ in action.markers])} "
                                         "from their own zoo"))
        if isinstance(action, Mark) and action.to is not None:
            # A marker is placed right after the action that brought it (the game's "mark" phase).
            marks.append((len(sources) - 1, action.kind, action.seat, state.zoos[action.seat], len(takes)))
        state.apply(action)
    found = []
    for i, (seat, zoo, tiles, rnd, truck, middle) in enumerate(takes):
        placeable = _placeable(tiles)
        if 2 <= len(placeable) <= 3:
            found.append(Position("zooloretto/truck", TruckPuzzle(zoo, tuple(Tile.parse(c) for c in placeable)),
                                  players, seed, rnd, seat,
                                  f"player {seat} takes truck {truck + 1} ({', '.join(tiles)})",
                                  ["played game", "placement"]))
        if zoo.uses(THREE_BUILDINGS) and zoo.coins >= 3 and (middle.restaurant or middle.pavilions):
            coming = placeable + [c for s, _, t, *_ in takes[i + 1:] if s == seat for c in _placeable(t)]
            coming = [c for c in coming if c != "coin"][:TILES_TO_COME]
            found.append(Position("zooloretto/invest", InvestPuzzle(zoo, tuple(Tile.parse(c) for c in coming)),
                                  players, seed, rnd, seat,
                                  f"player {seat}, with {zoo.coins} coins, is about to take truck {truck + 1} "
                                  f"({', '.join(tiles)})", ["played game", "three additional buildings"]))
    for index, target in dict.fromkeys((m[0], m[2]) for m in marks):
        group = [m for m in marks if m[0] == index and m[2] == target]
        kinds = tuple(m[1] for m in group)
        target_zoo, taken = group[0][3], group[0][4]  # as it was before the first of these markers
        coming = [c for s, _, t, *_ in takes[taken:] if s == target for c in _placeable(t)]
        coming = [c for c in coming if c != "coin"][:SABOTAGE_TILES]
        source = sources[index]
        found.append(Position("zooloretto/sabotage",
                              SabotagePuzzle(target_zoo, kinds, tuple(Tile.parse(c) for c in coming)),
                              players, seed, source.round, source.seat,
                              f"player {source.seat} {source.words} and puts {_marker_list(kinds)} "
                              f"into player {target}'s zoo",
                              ["played game", "construction sites (Z5)", "min-max"]))
    return found


def _keep(position: Position, solution) -> bool:
    if position.kind == "zooloretto/truck":
        return solution.value - score(position.model.zoo).total >= 2
    if position.kind == "zooloretto/sabotage":  # a lone barn marker always costs 2: no question
        return bool(solution.value) and set(position.model.markers) != {"barn"}
    return solution.value is not None


def _sabotage_question(model) -> str | None:
    if not isinstance(model, SabotagePuzzle):
        return None
    which = "do the markers" if len(model.markers) > 1 else "does the marker"
    return f"Where {which} cost that opponent most, given the tiles they placed next?"


def game_puzzles() -> dict[str, str]:
    """file name -> text of every puzzle from the played games of :data:`GAMES`."""
    files: dict[str, str] = {}
    kept = {kind: 0 for kind in QUOTA}
    for players, seed, expansions in GAMES:
        seen = set()  # one puzzle of each kind per game, for variety
        for position in positions(players, seed, expansions):
            kind = get_kind(position.kind)
            if kept[position.kind] >= QUOTA[position.kind] or position.kind in seen:
                continue
            solution = kind.solve(position.model)
            if not _keep(position, solution):
                continue
            seen.add(position.kind)
            kept[position.kind] += 1
            short = position.kind.split("/")[1]
            name = f"game-{short}-{players}p-s{seed}-r{position.round}-p{position.seat}"
            question = {"zooloretto/truck": "Where should each tile go?",
                        "zooloretto/sabotage": _sabotage_question(position.model),
                        "zooloretto/invest": "Does buying the restaurant or a pavilion now pay off, "
                                             "given the tiles still to come?"}[position.kind]
            text = puzzle_toml(
                id=name, kind=position.kind, body=kind.dump(position.model),
                title=f"From a {players}-player game, round {position.round}",
                difficulty=2 if position.kind == "zooloretto/truck" else 3,
                themes=position.themes,
                description=(f"A seeded game played by greedy bots (seed {seed}, round {position.round}): "
                             f"{position.story}. {question}"),
                answer=Answer(solution.value))
            files[f"{name}.toml"] = text
    return files


def write_game_puzzles(folder: str | Path) -> list[Path]:
    """Write (or rewrite) every puzzle of :func:`game_puzzles` into *folder*; each is checked to load."""
    folder = Path(folder)
    for old in folder.glob("game-*.toml"):
        old.unlink()
    return [write_puzzle(folder / name, text) for name, text in game_puzzles().items()]


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "puzzles/zooloretto"
    for path in write_game_puzzles(target):
        print(path)
