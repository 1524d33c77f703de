"""Round plans (a beam search over whole turns): a brute-force twin at the game's end, the search's option."""

import itertools

import pytest

from zoobook.fivebyfive.bots import LookaheadBot
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, Take
from zoobook.fivebyfive.round_plan import plan_round
from zoobook.fivebyfive.search_bot import SearchBot


def lookahead_until(seed: int, done) -> GameState:
    """A solo game the lookahead bot plays until ``done(state)`` holds."""
    state, bot = GameState.new(players=1, seed=seed), LookaheadBot(seed)
    while not done(state):
        state.apply(bot.choose(state))
    return state


def the_last(seed: int, kind) -> GameState:
    """The game's last main-phase decision among two or more actions of *kind* (the lookahead bot's game)."""
    state, bot, last = GameState.new(players=1, seed=seed), LookaheadBot(seed), None
    while not state.is_terminal():
        actions = state.legal_actions()
        if state.phase == "main" and len(actions) > 1 and isinstance(actions[0], kind):
            last = state.clone()
        state.apply(bot.choose(state))
    assert last is not None and last.round == 3
    return last


def final_score_brute_force(state: GameState, decisions: int) -> int:
    """The best final score over every sequence of the player's next *decisions* choices, each of
    them tried on a clone through the game's public API, the lineup the game's BestLineup.
    Past *decisions* nothing may be left to choose but the lineup."""
    best = None
    for action in state.legal_actions():
        game = state.clone()
        game.apply(action)
        while not game.is_terminal() and (game.phase == "lineup" or len(game.legal_actions()) == 1):
            game.apply(BestLineup() if game.phase == "lineup" else game.legal_actions()[0])
        if game.is_terminal():
            score = game.returns()[0]
        else:
            assert decisions > 1, "a choice is left past the decisions counted"
            score = final_score_brute_force(game, decisions - 1)
        best = score if best is None else max(best, score)
    return best


@pytest.mark.parametrize("seed", [1000, 1001, 1002, 1003])
def test_a_wide_enough_plan_of_the_last_placement_finds_the_best_final_score(seed):
    state = the_last(seed, PlaceTile)
    spots = len(state.legal_actions())
    plan = plan_round(state, width=spots, seed=5)
    assert plan.complete and plan.actions[0] in state.legal_actions() and len(plan.actions) == 1
    assert plan.value == final_score_brute_force(state, 1)
    assert plan.rated == spots


@pytest.mark.parametrize("seed", [1000, 1001, 1002])
def test_a_plan_of_the_last_turn_is_bounded_by_every_choice_of_it(seed):
    state = the_last(seed, Take)
    brute = final_score_brute_force(state, 6)     # the take, its effect, its choices, the spots
    greedy, wide = (plan_round(state, width, seed=5).value for width in (1, len(state.legal_actions())))
    assert greedy <= wide <= brute                # every take kept: no worse than the greedy plan
    # (on these deals the greedy rest of a turn gives up 0 to 6 points: a plan is not exact)


def test_a_plan_leaves_the_state_alone_and_refuses_what_it_cannot_plan():
    state = lookahead_until(3, lambda s: s.round == 2)
    before = (list(state.history), list(state.log), state.players[:], list(state.small_deck))
    plan = plan_round(state, 2, seed=1)
    assert (list(state.history), list(state.log), state.players[:], list(state.small_deck)) == before
    assert plan.complete and len(plan.actions) == 5 - state.turns[0]
    with pytest.raises(ValueError, match="one position at least"):
        plan_round(state, 0)
    with pytest.raises(ValueError, match="2 players"):
        plan_round(GameState.new(players=2, seed=1))
    over = lookahead_until(3, lambda s: s.is_terminal())
    with pytest.raises(ValueError, match="over"):
        plan_round(over)


@pytest.mark.parametrize("answers", [1, 3, 30])
def test_a_stopped_plan_says_it_is_incomplete_and_rates_nothing_after(answers):
    state = lookahead_until(3, lambda s: s.round == 2)
    asked = itertools.count(1)
    plan = plan_round(state, 2, seed=1, stop=lambda: next(asked) > answers)
    assert not plan.complete and plan.rated > 0
    # asked before every position and every action but a position's first: each "no" lets one more be rated
    assert next(asked) - 1 == answers + 1 and plan.rated <= answers


def test_the_search_values_its_candidates_by_plans_only_in_the_plans_rounds():
    state = lookahead_until(3, lambda s: s.round == 3 and s.phase == "main" and not s.pending)

    def means(**options):
        view = SearchBot(seed=1, iterations=8, time_limit=None, **options).search(state)
        return {c.action: round(c.mean, 6) for c in view.candidates}

    assert means(plan_rounds=(1, 2)) == means()           # not this round: play-outs, as without plans
    planned = means(plan_rounds=(3,))
    assert planned != means()
    assert planned == means(plan_rounds=True)             # every round includes this one
    assert means(plan_rounds=(3,), plan_width=4) != planned   # the width is read
    two = GameState.new(players=2, seed=3)
    assert SearchBot(seed=1, iterations=4, time_limit=None, plan_rounds=True).search(two) == \
        SearchBot(seed=1, iterations=4, time_limit=None).search(two)   # plans are a solo player's


def test_the_search_refuses_plans_it_cannot_make():
    with pytest.raises(ValueError, match="one position at least"):
        SearchBot(plan_width=0)
    with pytest.raises(ValueError, match="plan_rounds: the rounds are 1, 2 and 3"):
        SearchBot(plan_rounds=(4,))
