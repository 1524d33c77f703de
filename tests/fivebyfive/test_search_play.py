"""The search bot at the table: whole games of legal actions, seated against other bots, replayable, and the
game widget's hint the same on every click (the search's own tests are in test_search_bot.py)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive.bots import GreedyBot, RandomBot
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.search_bot import SearchBot
from zoobook.widgets.fivebyfive_game import FiveByFiveGame


def test_a_whole_two_player_game_against_the_greedy_bot_is_legal_and_replays():
    state = GameState.new(players=2, seed=31)
    # The search bot in the second seat, on its cheapest budget: one rollout of the ranking's first
    # (the answer is the ranking's first either way).
    bots = [GreedyBot(1), SearchBot(7, iterations=1, time_limit=None)]
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        assert action in legal and state.refusal(action) is None
        searched += state.current_player == 1 and len(legal) > 1
        state.apply(action)
    assert searched > 20 and state.players[1].rounds and len(state.players[1].rounds) == 3
    again = GameState.replay(state.config, state.history)                    # the same seed, the same game
    assert again.returns() == state.returns() and again.log == state.log


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 3))
def test_seated_among_random_bots_the_search_answers_legally_with_any_budget(seed, players, budget):
    state = GameState.new(players=players, seed=seed)
    bots = [RandomBot(seed + s) for s in range(players)]
    mine = seed % players
    bots[mine] = SearchBot(seed, iterations=budget, time_limit=0.0 if budget == 3 else None)
    answered = 0
    while not state.is_terminal() and answered < 2:
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        answered += state.current_player == mine
        state.apply(action)
    assert answered == 2


def test_the_widgets_hint_is_the_same_on_every_click():
    game = FiveByFiveGame(seed=12, players=2, opponents="greedy")
    while game.state.phase == "setup":
        game.bot_move.click()
    game.hint_iterations = 4
    game.hint_button.click()
    first = game.hint_view.value
    game.hint_view.value = ""
    game.hint_button.click()
    assert game.hint_view.value == first and "expected value" in first and "Why: " in first
