"""5x5 Zoo game records: solo (with the AI) and 2-4 players, random and bot games, replay to the
same state at every step (zoobook.records, zoobook.fivebyfive.record_codec)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from tests.foundation.records_helpers import (assert_same_at_every_step, bots_chooser, play_keeping_states,
                                              random_chooser)
from zoobook.fivebyfive.all_bots import BOTS
from zoobook.fivebyfive.game import GameState
from zoobook.records import Player, from_record


def fingerprint(state: GameState):
    """Every field of the state (the rng by its state: a Random compares by identity)."""
    return tuple((f.name, getattr(state, f.name)) for f in fields(state) if f.name != "rng") \
        + (state.rng.getstate(),)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_random_game_replays_to_the_same_state_at_every_step(players):
    states = play_keeping_states(GameState.new(players=players, seed=players + 20), random_chooser(players))
    assert states[-1].is_terminal()
    assert_same_at_every_step(states, states[-1].record([Player.bot("random", seed=players)] * players),
                              fingerprint)


@pytest.mark.parametrize("players, options", [(1, {}), (2, {"beginner": True}),
                                              (3, {"bonus_cards": ("A", "D", "H"), "condition": "E"})])
def test_a_bot_game_replays_with_its_options_and_the_same_final_scores(players, options):
    bots = [BOTS["greedy"](seat) for seat in range(players)]
    states = play_keeping_states(GameState.new(players=players, seed=3, **options), bots_chooser(bots))
    text = states[-1].record([Player.bot("greedy", seed=seat) for seat in range(players)])
    assert_same_at_every_step(states, text, fingerprint)
    again = from_record(text)
    assert again.returns() == states[-1].returns() and again.ranking() == states[-1].ranking()
    assert again.config == states[-1].config and again.rank() == states[-1].rank()


def test_the_solo_ai_is_rebuilt_from_the_seed_not_recorded():
    state = GameState.new(players=1, seed=11)
    play_keeping_states(state, random_chooser(1))
    text = state.record()
    # One seat only: the AI's removals are no decisions, so no line holds them...
    assert all('"seat": 0' in line for line in text.splitlines()[1:])
    # ...yet the replayed game removed the same tiles (the log says which) and scored the same.
    again = from_record(text)
    assert again.log == state.log and again.returns() == state.returns()
