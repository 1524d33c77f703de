"""Every engine keeps the game API's contract against malformed actions (zoobook.game_api).

Seeded random play of each engine -- a 5x5 Zoo game (solo and 3 players), a 5x5 lineup, both Age of
Steam maps, Zooloretto with both expansions -- and at every few decisions each of a handful of legal
actions is sent again with one field turned to junk (``None``, ``True`` for a number, a list, an
unknown name, out of range) or its fields swapped. Whatever the fields, the engine answers with a
:class:`~zoobook.errors.Refusal` and ``apply`` with :class:`~zoobook.errors.IllegalAction` that
changes nothing; an accepted action is listed by ``legal_actions()`` in that very form (``True`` is
not truck 1), or is an alias whose canonical form is listed and plays the same.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from zoobook.game_api import GameState, contract_violations, malformed_variants, strict_key

ROOT = Path(__file__).resolve().parents[2]


def fivebyfive_game(players):
    from zoobook.fivebyfive.game import GameState as FiveByFive
    return lambda seed: FiveByFive.new(players=players, seed=seed)


def lineup(seed):
    from zoobook.fivebyfive.lineup import LineupState
    from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
    puzzle = random_lineup_puzzle(random.Random(seed), cells=20, max_cubes=8, max_doors=2)
    return LineupState.start(puzzle.board, puzzle.gate, puzzle.cubes, puzzle.meeples, puzzle.doors)


def steam(path):
    def start(seed):
        from zoobook.puzzles.loading import load_puzzle
        return load_puzzle(ROOT / path).model.new_state()
    return start


def zooloretto(players):
    def start(seed):
        from zoobook.zooloretto.game import ZoolorettoState
        return ZoolorettoState.new(players=players, seed=seed,
                                   expansions=("three-buildings", "construction-sites"))
    return start


ENGINES = {
    "5x5-solo": fivebyfive_game(1),
    "5x5-3p": fivebyfive_game(3),
    "5x5-lineup": lineup,
    "steam-zoo": steam("puzzles/steam-zoo-game/zoo-game-exit-bonus.toml"),
    "steam-easter": steam("puzzles/steam-easter-game/easter-game-rapa-nui.toml"),
    "zooloretto-3p": zooloretto(3),
}


def cheap(actions):
    """The legal actions a random player takes: not the 5x5 "best lineup" macro (a solver run each)."""
    return [a for a in actions if type(a).__name__ != "BestLineup"]


def random_states(start, seed, every=5, most=60):
    rng = random.Random(seed)
    state, step = start(seed), 0
    while not state.is_terminal() and step < most * every:
        if step % every == 0:
            yield state, rng
        state.apply(rng.choice(cheap(state.legal_actions())))
        step += 1
    yield state, rng


def snapshot(state):
    """What a refused action must not change: the state's fields, copied one level deep."""
    return {name: (list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value)
            for name, value in vars(state).items() if not name.startswith("_")}


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_malformed_actions_are_refused_and_change_nothing(name):
    checked, kinds = 0, set()
    for seed in (1, 2, 3):
        for state, rng in random_states(ENGINES[name], seed):
            legal = cheap(state.legal_actions())
            junk = [variant for action in rng.sample(legal, min(4, len(legal)))
                    for variant in malformed_variants(action)]
            kinds |= {type(action).__name__ for action in legal}
            assert isinstance(state, GameState)
            problems = contract_violations(state, junk, snapshot=snapshot)
            assert problems == [], (name, seed, problems)
            checked += len(junk)
    assert checked > 150, f"{name}: only {checked} malformed actions tried"
    assert len(kinds) >= 3, f"{name}: random play met only {sorted(kinds)}"


@dataclasses.dataclass(frozen=True)
class Load:
    truck: int


class Trucks(GameState):
    """A toy engine with the bug the audit found in Zooloretto: ``Load(True)`` taken as truck 1."""

    def __init__(self):
        self.loaded = None

    def legal_actions(self):
        return [Load(0), Load(1)] if self.loaded is None else []

    def refusal(self, action):
        from zoobook.errors import Refusal
        if self.loaded is not None:
            return Refusal("already loaded", rule="T0")
        if not isinstance(action, Load) or action.truck not in (0, 1):
            return Refusal("no such truck", rule="T1")
        return None

    def _apply(self, action):
        self.loaded = action.truck

    def is_terminal(self):
        return self.loaded is not None

    def returns(self):
        return [0.0]

    def clone(self):
        copy = type(self)()
        copy.loaded = self.loaded
        return copy


def test_the_check_catches_a_bool_taken_for_a_number():
    assert strict_key(Load(True)) != strict_key(Load(1))
    problems = contract_violations(Trucks(), malformed_variants(Load(0)), snapshot=vars)
    assert any("Load(truck=True)" in problem for problem in problems), problems


def test_the_check_catches_a_refusal_that_raises():
    class Crashing(Trucks):
        def refusal(self, action):
            return None if action.truck in (0, 1) else super().refusal(action)   # [] in (0, 1): fine; None.truck

    problems = contract_violations(Crashing(), ["not an action"], snapshot=vars)
    assert any("raised AttributeError" in problem for problem in problems), problems


def test_an_alias_is_accepted_only_when_its_canonical_form_is_listed_and_plays_the_same():
    class Aliased(Trucks):
        def refusal(self, action):
            if isinstance(action, Load) and action.truck in ("first", "second"):
                return None
            return super().refusal(action)

        def canonical(self, action):
            return Load({"first": 0, "second": 1}.get(action.truck, action.truck))

    assert contract_violations(Aliased(), [Load("first"), Load("second")], snapshot=vars) == []

    class Wrong(Aliased):
        def canonical(self, action):
            return action   # accepts "first" but never says what it stands for

    problems = contract_violations(Wrong(), [Load("first")], snapshot=vars)
    assert problems and "not listed as legal but refusal() accepts it" in problems[0]
