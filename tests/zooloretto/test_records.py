"""Zooloretto game records: every player count and expansion setting, random and bot games, replay
to the same state at every step (zoobook.records, zoobook.zooloretto.record_codec)."""

from __future__ import annotations

import itertools

import pytest

from tests.foundation.records_helpers import (assert_same_at_every_step, bots_chooser, play_keeping_states,
                                              random_chooser)
from zoobook.game_api import GameState
from zoobook.records import Player, from_record
from zoobook.zooloretto.bots import BOTS
from zoobook.zooloretto.game import ZoolorettoState

SETTINGS = [(), ("three-buildings",), ("construction-sites",), ("three-buildings", "construction-sites")]


def fingerprint(state: ZoolorettoState):
    # repr is complete (the engine's contract tests compare it); the log and history besides.
    return repr(state), tuple(state.log), tuple(state.history), state.returns()


@pytest.mark.parametrize("players, expansions", list(itertools.product((2, 3, 4, 5), SETTINGS)))
def test_a_random_game_replays_to_the_same_state_at_every_step(players, expansions):
    seed = 10 * players + len(expansions)
    states = play_keeping_states(ZoolorettoState.new(players=players, seed=seed, expansions=expansions),
                                 random_chooser(seed))
    assert states[-1].is_terminal()
    text = states[-1].record([Player.bot("random", seed=seed)] * players)
    assert_same_at_every_step(states, text, fingerprint)


@pytest.mark.parametrize("players, expansions", [(2, ()), (3, ("three-buildings", "construction-sites")),
                                                 (5, ("construction-sites",))])
def test_a_bot_game_replays_with_the_same_final_scores(players, expansions):
    bots = [BOTS["greedy"](seat) for seat in range(players)]
    states = play_keeping_states(ZoolorettoState.new(players=players, seed=7, expansions=expansions),
                                 bots_chooser(bots))
    text = states[-1].record([Player.bot("greedy", seed=seat) for seat in range(players)])
    assert_same_at_every_step(states, text, fingerprint)
    again = GameState.from_record(text)
    assert again.returns() == states[-1].returns() and again.ranking() == states[-1].ranking()


def test_the_record_names_its_options_and_the_seed_rebuilds_the_supply():
    state = ZoolorettoState.new(players=3, seed=5, expansions=("construction-sites",))
    start = from_record(state.record())
    assert start.supply == state.supply and start.species == state.species
    assert start.expansions == ("construction-sites",) and start.players == 3
    # Another seed is another supply: the seed, not luck, makes them equal.
    assert ZoolorettoState.new(players=3, seed=6, expansions=("construction-sites",)).supply != state.supply
