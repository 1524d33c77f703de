"""What the game-record tests of every engine share: play a game keeping a copy of every state,
then check that its record replays to the same state at every step."""

from __future__ import annotations

import random

from zoobook.records import replay_steps


def play_keeping_states(state, choose, limit: int = 5000) -> list:
    """Play *state* to the end with ``choose(state)``; a copy of the start and of every state after."""
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= limit:
        state.apply(choose(state))
        states.append(state.clone())
    return states


def random_chooser(seed: int):
    """A chooser of uniformly random legal actions (a random player, seeded)."""
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_actions())


def bots_chooser(bots):
    return lambda state: bots[state.current_player].choose(state)


def assert_same_at_every_step(states: list, text: str, fingerprint) -> None:
    """The record *text* replays through the engine to ``fingerprint``-equal states, step by step,
    and to the same final scores."""
    steps = 0
    for index, (_, _, _, replayed) in enumerate(replay_steps(text)):
        assert fingerprint(replayed) == fingerprint(states[index]), f"differs after action {index}"
        steps += 1
    assert steps == len(states)
    assert replayed.returns() == states[-1].returns()
    assert replayed.is_terminal() == states[-1].is_terminal()
