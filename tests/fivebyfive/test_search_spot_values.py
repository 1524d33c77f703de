"""Every spot of a tile rated at once (spot_values): the same boards and values as the game's own placement."""

import random

import pytest

from zoobook.fivebyfive.bots import evaluate, lineup_value
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile
from zoobook.fivebyfive.playouts import ROLLOUT_WIDTH, SCREEN_ROUNDS, rollout_action
from zoobook.fivebyfive.search_bot import SearchBot
from zoobook.fivebyfive.spot_values import best_spot, placed_board, spot_values


def placement_states(seeds, players: int = 1):
    """Every main-phase placement decision with two spots or more of games played at random
    (whole lineups as one action), the random choices seeded."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GameState.new(players=players, seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            if state.phase == "lineup":
                actions = [BestLineup()]
            elif state.phase == "main" and isinstance(actions[0], PlaceTile) and len(actions) > 1:
                yield state.clone()
            state.apply(rng.choice(actions))


def engine_after(state: GameState, action) -> GameState:
    """The game's own placement: a copy of *state* with *action* applied (the turn ends, the AI acts...)."""
    child = state.clone()
    child.apply(action)
    return child


STATES = list(placement_states(range(6))) + list(placement_states(range(100, 102), players=3))


def test_the_board_after_a_spot_is_the_games_own():
    tokens = 0
    for state in STATES:
        seat = state.current_player
        for action in state.legal_actions():
            board = placed_board(state, seat, action)
            assert board == engine_after(state, action).players[seat].board, action
            tokens += len(board.popular) > len(state.players[seat].board.popular)
    assert tokens >= 5          # the popularity conditions were met, not only skipped


def test_a_spots_value_is_the_value_of_the_game_after_it():
    """Mid-round (the game stays in the main phase), the value read from the view equals
    ``evaluate`` (and the round's best lineup) of the engine's own state after the placement."""
    compared = 0
    for state in STATES:
        seat = state.current_player
        actions = state.legal_actions()
        values, with_lineup = spot_values(state, actions), spot_values(state, actions, lineup=True)
        for action, value, full in zip(actions, values, with_lineup):
            child = engine_after(state, action)
            if child.phase != "main" or child.round != state.round:
                continue                       # the round's last tile: the game moves on to its lineups
            assert value == pytest.approx(evaluate(child, seat))
            assert full == pytest.approx(evaluate(child, seat) + lineup_value(child, seat))
            compared += 1
    assert compared > 100


def test_the_best_spot_is_the_best_by_the_games_values():
    """Every spot rated (keep=0): the best by the engine's own value. Screened (keep=k): among the
    k best without the lineup, the best with it."""
    checked = 0
    for state in STATES[::3]:
        seat = state.current_player
        actions = state.legal_actions()
        children = [engine_after(state, a) for a in actions]
        if any(c.phase != "main" or c.round != state.round for c in children):
            continue
        full = [evaluate(c, seat) + lineup_value(c, seat) for c in children]
        assert full[actions.index(best_spot(state, actions, keep=0))] == pytest.approx(max(full))
        plain = [evaluate(c, seat) for c in children]
        kept = sorted(range(len(actions)), key=lambda i: -plain[i])[:2]
        chosen = actions.index(best_spot(state, actions, keep=2))
        assert chosen in kept and full[chosen] == pytest.approx(max(full[i] for i in kept))
        checked += 1
    assert checked > 10


def test_the_rollouts_place_by_the_screen_in_round_3_only():
    """Round 3's play-outs put a tile on the best spot of the screen (SCREEN_ROUNDS); earlier rounds
    draw ROLLOUT_WIDTH spots at random."""
    late = next(s for s in STATES if s.round == 3 and len(s.legal_actions()) > 4)
    early = next(s for s in STATES if s.round == 1 and len(s.legal_actions()) > 4)
    assert SCREEN_ROUNDS == (3,)
    for position in (late, early):
        actions = position.legal_actions()
        chosen = {rollout_action(position, actions, random.Random(seed)) for seed in range(12)}
        if position is late:
            assert chosen == {best_spot(position, actions, keep=ROLLOUT_WIDTH)}
        else:
            assert len(chosen) > 1
    view = SearchBot(1, iterations=16, time_limit=None).search(late)
    assert view.best in late.legal_actions()
    assert view == SearchBot(1, iterations=16, time_limit=None).search(late)
