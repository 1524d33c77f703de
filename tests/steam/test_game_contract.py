"""The steam engine keeps the project's game API contract (zoobook.game_api), on states reached by
seeded random play on both maps, with illegal candidates mixed in: an action is listed as legal
exactly when refusal() is None, a refusal names a ruling, and a refused apply changes nothing."""

import random
from pathlib import Path

import pytest

from zoobook.errors import IllegalAction, Refusal
from zoobook.game_api import GameState as GameAPI, contract_violations
from zoobook.puzzles.loading import load_puzzle
from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import (EndBuild, Game, IssueShares, LayTrack, Pass, RaiseLocomotive, Select,
                                Ship, Urbanize)
from zoobook.steam.game.easter_goods import add_towns
from zoobook.steam.game.economy import Economy
from zoobook.steam.zoo.model import Area, Town, ZooMap

ROOT = Path(__file__).resolve().parents[2]


def zoo_detour():
    """Two rows with a detour, an exit pair and a town: the shapes that catch lazy move lists."""
    zoo = ZooMap.build(areas=[Area("zebras", (0, 0), 1), Area("goats", (3, 0), 2), Area("lions", (1, 2), 4)],
                       towns=[Town((3, 1))], exits=[(0, 1), (4, 1)])
    land = [(1, 0), (2, 0), (1, 1), (2, 1), (0, 2), (2, 2), (3, 2)]
    return Game.zoo(zoo, land, 3, economy=Economy(cash=12, shares=0, locomotive=1))


def easter_small():
    island = Island.build(
        plain=[(1, 0), (3, 0), (1, 1), (2, 1)], mountain=[(5, 0)],
        cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")), City("Blue 1", (2, 0), "blue", True),
                City("Red 4", (4, 0), "red", True, ("black",)), City("Blue 2", (6, 0), "blue", True)])
    return Game.easter(add_towns(island, [(3, 1)]), 3, economy=Economy(cash=30))


def from_file(path):
    return lambda: load_puzzle(ROOT / path).model


GAMES = {"zoo-detour": zoo_detour, "easter-small": easter_small,
         "zoo-exit-bonus": from_file("puzzles/steam-zoo-game/zoo-game-exit-bonus.toml"),
         "easter-rapa-nui": from_file("puzzles/steam-easter-game/easter-game-rapa-nui.toml")}

#: Actions that are illegal now, in another phase, or nonsense: the refusals the contract checks.
NONSENSE = [IssueShares(-1), IssueShares(99), Select("rapa-nui"), Select("feeding"), Select("teleport"),
            Select(None, "Red 3"), Select("rapa-nui", "Blue 1"), LayTrack([(0, 0), (5, 5)]),
            LayTrack([(9, 9), (9, 8)]), LayTrack([(0, 0)]), LayTrack([(0, 0), (1, 0)], hand=3),
            Urbanize((0, 0)), Urbanize((9, 9)), Ship(("zebras", "zebras"), (0,)), Ship(("nobody", "x"), (0,)),
            Ship(("Red 3",), ()), Ship(("Red 3", "Blue 1"), (7,)), RaiseLocomotive(), Pass(), EndBuild(),
            "ship everything", None]


def snapshot(state):
    return (state.position, tuple(state.log), tuple(state.history))


def candidates(state, rng):
    """The nonsense above, plus legal-looking variants of the legal actions (longer lays, other
    hand counts, other routes' links) that may or may not be legal."""
    out = list(NONSENSE)
    legal = state.legal_actions()
    for action in rng.sample(legal, min(6, len(legal))):
        if isinstance(action, LayTrack):
            out.append(LayTrack(action.hexes, action.hand + 1))
            out.append(LayTrack(action.hexes[:-1] + ((action.hexes[-1][0] + 1, action.hexes[-1][1]),)))
        if isinstance(action, Ship):
            out.append(Ship(action.route[::-1], action.steps[::-1]))
            out.append(Ship(action.route, tuple(0 if s is None else s + 1 for s in action.steps)))
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_keeps_the_game_api_contract(name, seed):
    rng = random.Random(seed)
    state = GAMES[name]().new_state()
    assert isinstance(state, GameAPI)
    checked = 0
    while not state.is_terminal():
        problems = contract_violations(state, candidates(state, rng), snapshot=snapshot)
        assert problems == [], (name, seed, state.position.phase, problems)
        for action in NONSENSE:
            why = state.refusal(action)
            if why is not None:
                assert isinstance(why, Refusal) and (why.rule or "game is over" in why), why
                assert "base-games" not in why and "rulings.md" not in why, why
        legal = state.legal_actions()
        # lean towards building and shipping so that games reach their interesting states
        busy = [a for a in legal if isinstance(a, (LayTrack, Ship, Urbanize))]
        state.apply(rng.choice(busy if busy and rng.random() < 0.7 else legal))
        checked += 1
    assert checked >= 8 and state.returns() in ([1.0], [-1.0])
    assert contract_violations(state, NONSENSE, snapshot=snapshot) == []
    with pytest.raises(IllegalAction):
        state.apply(Pass())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_search_copy_plays_the_same_game_without_the_log(name):
    """``search_copy`` (the game API's hook for a search's inner loop) keeps the position and
    the legal actions, and copies neither the log nor the history; playing on it with
    ``apply_unchecked`` reaches what ``apply`` reaches on a clone, and leaves the original as it was."""
    rng = random.Random(7)
    state = GAMES[name]().new_state()
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    before = snapshot(state)
    copy = state.search_copy()
    assert copy.position == state.position and copy.legal_actions() == state.legal_actions()
    assert copy.history == [] and len(copy.log) <= 1 < len(state.log)
    twin = state.clone()
    while not copy.is_terminal():
        action = rng.choice(copy.legal_actions())
        copy.apply_unchecked(action)
        twin.apply(action)
        assert copy.position == twin.position
    assert snapshot(state) == before
