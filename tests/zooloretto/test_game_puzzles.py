"""Puzzles from played games: the stored files are exactly what a fresh run of the seeded games writes.

After a rules or solver change (for instance the sabotage kind counting the opponent's reply,
ruling Z9), regenerate them: ``PYTHONPATH=$PWD python -m zoobook.zooloretto.play.puzzles puzzles/zooloretto``.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from zoobook.puzzles.loading import load_puzzle
from zoobook.zooloretto.bots import BOTS
from zoobook.zooloretto.files import zoo_dict
from zoobook.zooloretto.game import Mark, PassSites, Place, Take, ZoolorettoState
from zoobook.zooloretto.model import EXPANSIONS
from zoobook.zooloretto.play.puzzles import game_puzzles
from zoobook.zooloretto.supply import marker_kind

FOLDER = Path(__file__).parents[2] / "puzzles" / "zooloretto"


def test_the_stored_game_puzzles_are_what_the_played_games_give_now():
    fresh = game_puzzles()
    stored = {p.name: p.read_text(encoding="utf-8") for p in FOLDER.glob("game-*.toml")}
    assert sorted(stored) == sorted(fresh), "rerun: python -m zoobook.zooloretto.play.puzzles puzzles/zooloretto"
    for name, text in fresh.items():
        assert stored[name] == text, f"{name} differs: rerun python -m zoobook.zooloretto.play.puzzles"
    kinds = Counter(text.split('kind = "')[1].split('"')[0] for text in fresh.values())
    assert len(fresh) >= 10 and set(kinds) == {"zooloretto/truck", "zooloretto/sabotage", "zooloretto/invest"}


def test_every_game_puzzle_is_marked_as_from_a_played_game():
    """Their answers are checked twice elsewhere, so not re-solved here: the test above compares
    each file with a fresh run that solves it with its kind's solver, and ``make test`` runs
    ``zoobook verify puzzles/`` (the same solver on the same files)."""
    files = sorted(FOLDER.glob("game-*.toml"))
    assert files
    for path in files:
        puzzle = load_puzzle(path)
        assert puzzle.answer is not None and "played game" in puzzle.themes, path.name


# -- the stories of the sabotage puzzles (issue 41) ---------------------------------------------------
STORY = re.compile(
    r"seed (?P<seed>\d+), round (?P<round>\d+)\): player (?P<seat>\d+) "
    r"(?:takes truck (?P<truck>\d+) \((?P<tiles>[^)]*)\)|pays 1 coin to pass on (?P<passed>\d+) markers? "
    r"\((?P<passed_kinds>[^)]*)\) from their own zoo) and puts (?P<count>\d+) markers? \((?P<kinds>[^)]*)\) "
    r"into player (?P<target>\d+)'s zoo\.")


def _replay(players: int, seed: int, expansions) -> list[tuple]:
    """Every action of the seeded greedy-bot game: (round, seat, action, zoos before, truck tiles before)."""
    state = ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
    bots = [BOTS["greedy"](seed + s) for s in range(players)]
    played = []
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        played.append((state.round, state.current_player, action, list(state.zoos),
                       [list(t) for t in state.trucks]))
        state.apply(action)
    return played


@pytest.mark.parametrize("path", sorted(FOLDER.glob("game-sabotage-*.toml")), ids=lambda p: p.stem)
def test_every_sabotage_story_is_what_the_replayed_game_did(path):
    """The story names the action that brought the markers (a truck taken, or a coin paid to pass them
    on), who placed them and into whose zoo; a replay of the seeded game must show exactly that, the
    puzzle's zoo as it was before the first marker, and the tiles that opponent placed next."""
    puzzle = load_puzzle(path)
    story = STORY.search(puzzle.description)
    assert story, puzzle.description
    seed, rnd, seat, target = (int(story[k]) for k in ("seed", "round", "seat", "target"))
    kinds = story["kinds"].split(", ")
    assert seat != target, "a player never marks their own zoo"
    assert int(story["count"]) == len(kinds) and list(puzzle.model.markers) == kinds
    zoo = puzzle.model.zoo
    played = _replay(zoo.players, seed, sorted(zoo.expansions, key=EXPANSIONS.index))
    matches = []
    for i, (r, s, action, _, trucks) in enumerate(played):
        if r != rnd or s != seat:
            continue
        if story["truck"] and isinstance(action, Take) and action.truck == int(story["truck"]) - 1:
            assert trucks[action.truck] == story["tiles"].split(", ")
            assert sum(marker_kind(c) is not None for c in trucks[action.truck]) >= len(kinds)
            matches.append(i)
        if story["passed"] and isinstance(action, PassSites):
            if [k for k, _ in action.markers] == story["passed_kinds"].split(", "):
                assert len(action.markers) == int(story["passed"])
                matches.append(i)
    assert matches, f"round {rnd}: player {seat} did not do what the story says"
    for start in matches:
        marks = []
        for r, s, action, zoos, _ in played[start + 1:]:
            if isinstance(action, Place):  # a taken truck's tiles are placed before its markers
                continue
            if not isinstance(action, Mark):
                break
            assert s == seat
            if action.seat == target and action.to is not None:
                marks.append((action.kind, zoos[target]))
        if [k for k, _ in marks] == kinds:
            break
    else:
        raise AssertionError(f"no marking by player {seat} puts {kinds} into player {target}'s zoo")
    assert zoo_dict(marks[0][1]) == zoo_dict(zoo), "the puzzle's zoo is not the target's zoo before the markers"
    # the tiles of the trucks the target took next, in truck order (coins and markers are not placed)
    later = [c for _, s, action, _, trucks in played[start + 1:] if s == target and isinstance(action, Take)
             for c in trucks[action.truck] if c != "coin" and marker_kind(c) is None]
    assert [str(t) for t in puzzle.model.tiles] == later[:len(puzzle.model.tiles)]
