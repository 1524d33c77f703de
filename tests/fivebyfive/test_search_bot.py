"""The search bot: legal play, answers on a tiny budget, same seed same game, no peeking, the hint's view."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.all_bots import BOTS
from zoobook.fivebyfive.bots import GreedyBot
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, Take
from zoobook.fivebyfive.playouts import (ROLLOUT_WIDTH, PastDeadline, _greedy_value, _play_best_lineup, play_forced,
                                         rollout, rollout_action)
from zoobook.fivebyfive.search_bot import WIDTH, SearchBot, SearchView, _objectives
from zoobook.widgets.fivebyfive_game import SoloGame


def random_state(seed: int, players: int, moves: int) -> GameState:
    """A game reached by *moves* random legal actions (whole lineups as one action), not over."""
    rng = random.Random(seed)
    state = GameState.new(players=players, seed=seed)
    for _ in range(moves):
        actions = state.legal_actions()
        if state.phase == "lineup":
            actions = [BestLineup()]
        state.apply(rng.choice(actions))
        if state.is_terminal():
            return GameState.new(players=players, seed=seed)
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(0, 120))
def test_the_bot_only_plays_legal_actions(seed, players, moves):
    state = random_state(seed, players, moves)
    bot = SearchBot(seed, iterations=1, time_limit=None)
    for _ in range(2):                        # two decisions in a row, each legal when taken
        if state.is_terminal():
            break
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_a_tiny_budget_still_answers():
    state = random_state(5, 1, 12)
    assert state.phase == "main" and len(state.legal_actions()) > 1
    view = SearchBot(1, iterations=50, time_limit=0.0).search(state)
    # the cap stops it after what it always runs: one ranked action, rolled out once on one deal
    assert view.iterations == len(view.candidates) == view.deals == 1
    assert view.candidates[0].visits == 1 and view.candidates[0].prior == 0
    assert view.best in state.legal_actions()


def play_round(players: int, seed: int, bot_seed: int) -> GameState:
    """Setup and the first round of a game, every seat played by a search bot."""
    state = GameState.new(players=players, seed=seed)
    bots = [SearchBot(bot_seed + seat, iterations=2, time_limit=None) for seat in range(players)]
    while state.round < 2:
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_same_seed_gives_the_same_game():
    first, again = play_round(1, 11, 3), play_round(1, 11, 3)
    assert first.history == again.history and first.log == again.log
    assert first.returns() == again.returns() and max(first.returns()) > 0


def test_the_hints_expected_scores_are_reproducible_and_add_up():
    state = random_state(8, 1, 14)
    views = [SearchBot(4, iterations=24, time_limit=None).search(state) for _ in range(2)]
    assert views[0] == views[1]
    view = views[0]
    assert isinstance(view, SearchView) and 16 <= view.iterations <= 24     # whole sweeps only
    assert sum(c.visits for c in view.candidates) == view.iterations
    assert abs(sum(c.share for c in view.candidates) - 1) < 1e-9
    assert view.best == view.candidates[0].action
    assert all(c.action in state.legal_actions() for c in view.candidates)
    assert view.candidates[0].visits == max(c.visits for c in view.candidates)
    assert all(c.spread >= 0 for c in view.candidates) and view.reason


@pytest.mark.parametrize("seed, players, moves", [(21, 1, 13), (4, 1, 40), (9, 2, 25)])
def test_the_search_does_not_peek_at_the_true_order_of_the_decks(seed, players, moves):
    """Two games that differ only in the unseen order of the decks get the same search.

    (``clone(reseed=...)`` alone shuffled the true order, so a sampled deal was a
    fixed permutation of the truth and the means differed between the twins.)
    """
    state = random_state(seed, players, moves)
    twin = state.clone(reseed=987)            # the same table, the decks shuffled anew
    random.Random(5).shuffle(twin.request_deck)
    assert twin.small_deck != state.small_deck and twin.request_deck != state.request_deck
    for deck in ("small_deck", "large_deck", "special_deck", "request_deck", "customer_deck"):
        assert Counter(getattr(twin, deck)) == Counter(getattr(state, deck))
    assert twin.customer_discard == state.customer_discard and twin.mainboard == state.mainboard
    assert twin.players == state.players
    bot = SearchBot(2, iterations=6, time_limit=None)
    assert bot.search(state).candidates == bot.search(twin).candidates


def test_the_search_leaves_the_state_alone():
    state = random_state(3, 2, 30)
    before = (list(state.history), list(state.log), state.players[:], list(state.small_deck))
    SearchBot(1, iterations=4, time_limit=None).search(state)
    assert (list(state.history), list(state.log), state.players[:], list(state.small_deck)) == before


def test_each_player_maximises_its_lead_over_the_best_other():
    assert _objectives([100.0]) == [100.0]
    assert _objectives([10.0, 7.0, 12.0]) == [-2.0, -5.0, 2.0]
    assert _objectives([30.0, 30.0]) == [0.0, 0.0]


def test_the_lineup_is_the_solvers_and_a_lone_action_is_taken_without_search():
    state = random_state(2, 1, 0)
    while state.phase != "lineup":
        state.apply(GreedyBot().choose(state))
    bot = SearchBot(0, iterations=1, time_limit=None)
    assert bot.choose(state) == BestLineup() and bot.last_view is None


def test_the_search_answers_in_the_lineup_phase_too():
    state = random_state(2, 1, 0)
    while state.phase != "lineup":
        state.apply(GreedyBot().choose(state))
    view = SearchBot(0, iterations=2, time_limit=None).search(state)
    assert view.best == BestLineup() and view.candidates[0].visits == 2
    state.apply(next(a for a in state.legal_actions() if isinstance(a, lu.Move)))   # a lineup begun by hand
    assert state.phase == "lineup" and BestLineup() not in state.legal_actions()
    bot = SearchBot(0, iterations=3, time_limit=None)
    assert bot.search(state).best in state.legal_actions()
    assert bot.choose(state) in state.legal_actions()


def test_the_reason_names_what_a_placement_does():
    state = random_state(14, 1, 0)
    while not (state.phase == "main" and isinstance(state.legal_actions()[0], PlaceTile)):
        state.apply(GreedyBot().choose(state))
    view = SearchBot(0, iterations=4, time_limit=None).search(state)
    assert isinstance(view.best, PlaceTile)
    assert "gate" in view.reason or "popularity" in view.reason or "lineup" in view.reason


def test_the_registry_and_the_widget_use_the_search():
    assert isinstance(BOTS["search"](5), SearchBot)
    game = SoloGame(seed=4)
    game.hint_iterations = 4
    while game.state.phase == "setup":
        game.act(GreedyBot().choose(game.state))
    assert isinstance(game.state.legal_actions()[0], Take)
    log = list(game.state.log)
    game.hint_button.click()
    text = game.hint_view.value
    assert "The best bot would: <b>take row" in text and "Why:" in text and "expected value" in text
    assert game.state.log == log
    # Issue 41: the footer said "16 sampled deals" for 16 rollouts on 4 deals; it says what was done.
    view = SearchBot(game.state.config.seed, iterations=4, time_limit=None).search(game.state)
    assert view.iterations == 4 and 1 <= view.deals < 4
    assert f"4 rollouts on {view.deals} sampled deal{'s' * (view.deals > 1)};" in text
    assert "4 sampled deals" not in text


def to_lineup(seed: int, players: int) -> GameState:
    """A game played at random to its first lineup phase."""
    rng = random.Random(seed)
    state = GameState.new(players=players, seed=seed)
    while state.phase != "lineup":
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed, players", [(1, 1), (2, 1), (3, 2)])
def test_the_fast_copy_and_the_cached_lineup_play_as_the_game_does(seed, players):
    """The search's own copy (no log, no history) and its cached lineups change nothing but speed."""
    state = to_lineup(seed, players)
    slow, fast = state.clone(), state.search_copy()
    while slow.phase == "lineup":                   # every seat's lineup: the game's, and the cached one
        slow.apply(BestLineup())
        _play_best_lineup(fast)
    assert fast.players == slow.players and fast.round == slow.round == 2
    assert fast.mainboard == slow.mainboard and fast.customer_deck == slow.customer_deck
    rng = random.Random(seed)
    for _ in range(12):                             # and the next round goes on alike
        action = rng.choice(slow.legal_actions())
        assert action in fast.legal_actions()
        slow.apply(action)
        fast.apply_unchecked(action)
    assert fast.players == slow.players and fast.pending == slow.pending
    assert state.phase == "lineup" and len(state.history) < len(slow.history)      # the original untouched
    assert fast.log == [] and fast.history == []


def test_a_fresh_copy_redraws_only_the_customer_cards():
    state = random_state(6, 1, 20)
    one, two = state.search_copy(1), state.search_copy(2)
    assert one.small_deck == two.small_deck == state.small_deck        # a sampled deal's tiles stay
    assert Counter(one.customer_deck) == Counter(state.customer_deck)
    # The random draws do not (the deck is drawn at random rather than shuffled: see the next test).
    draws = min(8, len(state.customer_deck))
    assert draws >= 4 and [one.customer_deck.pop() for _ in range(draws)] != [two.customer_deck.pop()
                                                                              for _ in range(draws)]


def test_a_sampled_copys_customer_deck_draws_each_card_once_uniformly_and_copies_alike():
    """The sampled copy's deck (_DrawnAtRandom) draws as a shuffled deck would: each card once,
    every order about equally often; a plain copy of it goes on drawing the same cards; the
    game's own copies keep plain, shuffled lists."""
    state = random_state(6, 1, 20)
    state.customer_deck[:] = list("RBGYK")
    orders = Counter()
    for seed in range(6000):
        copy = state.search_copy(seed)
        drawn = [copy.customer_deck.pop() for _ in range(5)]
        assert sorted(drawn) == sorted("RBGYK") and not copy.customer_deck
        orders["".join(drawn)] += 1
    assert len(orders) == 120 and min(orders.values()) > 20 and max(orders.values()) < 90   # 50 each expected
    firsts = Counter(order[0] for order in orders.elements())
    assert all(1000 < n < 1400 for n in firsts.values())             # 1200 each expected
    sample = state.search_copy(7)
    sample.customer_deck.pop()
    twin = sample.search_copy()                                             # the rollout's copy of a sampled copy
    assert [twin.customer_deck.pop() for _ in range(4)] == [sample.customer_deck.pop() for _ in range(4)]
    assert type(sample.clone().customer_deck) is list and type(state.search_copy().customer_deck) is list
    assert type(state.clone(reseed=3).customer_deck) is list and state.customer_deck == list("RBGYK")


def test_a_sampled_copys_generator_is_seeded_when_first_used_with_the_same_numbers():
    state = random_state(6, 1, 20)
    unused, used = state.search_copy(9), state.search_copy(9)
    expected = random.Random(9)
    assert [used.rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]
    later = used.search_copy()                                              # a copy goes on where it stands
    assert later.rng.random() == used.rng.random() == expected.random()
    fresh = unused.search_copy()                                            # still unseeded: copied as a seed
    assert fresh.rng.getstate() == unused.rng.getstate() == random.Random(9).getstate()


def test_halving_keeps_the_best_candidates_of_the_ranking_and_picks_the_most_sampled():
    state = random_state(5, 1, 12)
    bot = SearchBot(3, iterations=40, time_limit=None)
    view = bot.search(state)
    assert len(view.candidates) == min(WIDTH, len(state.legal_actions())) > 2
    assert {c.prior for c in view.candidates} == set(range(len(view.candidates)))   # the ranking's best
    top = max(c.visits for c in view.candidates)
    finalists = [c for c in view.candidates if c.visits == top]
    assert len(finalists) == 2 and view.best == finalists[0].action
    assert finalists[0].mean >= finalists[1].mean                        # solo: the objective is the value
    assert view.iterations == sum(c.visits for c in view.candidates) <= 40
    assert view.deals == max(c.visits for c in view.candidates) < view.iterations   # one deal per sweep


def test_a_rollouts_lineup_is_the_solvers_without_listing_the_steps():
    """A lineup not yet begun is played by the cached solver at once (BestLineup is legal while no
    step is taken): the same result as the game's BestLineup, without building every lineup step."""
    state = to_lineup(7, 1)
    assert not state.lineup.path and BestLineup() in state.legal_actions()
    slow, fast = state.clone(), state.search_copy()
    slow.apply(BestLineup())

    def listed():
        raise AssertionError("the lineup's steps were listed")

    fast.legal_actions = listed                      # only the lineup phase may skip the list
    assert play_forced(fast, random.Random(0)) is None
    assert fast.players == slow.players and fast.phase == slow.phase == "main" and fast.round == 2
    begun = next(s for s in (to_lineup(seed, 1) for seed in range(1, 20))       # a lineup begun by hand
                 if any(isinstance(a, lu.Move) for a in s.legal_actions()))
    begun.apply(next(a for a in begun.legal_actions() if isinstance(a, lu.Move)))
    game, calls = begun.search_copy(), []
    game.legal_actions = lambda: calls.append(1) or GameState.legal_actions(game)
    play_forced(game, random.Random(0))        # goes on with its own steps: those are listed
    assert calls == [1]


def after_a_take(seed: int, players: int = 1) -> GameState:
    """A game just after a take whose tile fits in more than three spots (its placement pending)."""
    state = random_state(seed, players, 0)
    rng = random.Random(seed)
    while True:
        actions = state.legal_actions()
        if isinstance(actions[0], Take):
            state.apply(rng.choice(actions))
            if state.pending and len([a for a in state.legal_actions() if isinstance(a, PlaceTile)]) > 3:
                return state
        else:
            state.apply(BestLineup() if state.phase == "lineup" else rng.choice(actions))
        if state.is_terminal():
            state = GameState.new(players=players, seed=seed)


@pytest.mark.parametrize("seed, players", [(1, 1), (2, 1), (3, 2)])
def test_a_rollout_rates_three_actions_drawn_at_random_outside_round_3(seed, players):
    """Before round 3 the rollout policy values ROLLOUT_WIDTH actions drawn at random and plays the
    best of them by the lookahead value: never an action outside the draw, not always the best."""
    state = after_a_take(seed, players)
    assert state.round < 3
    game = state.search_copy()
    actions = game.legal_actions()
    seat = game.current_player
    picks = set()
    for draw in range(12):
        drawn = random.Random(draw).sample(actions, ROLLOUT_WIDTH)
        seed_of_pick = random.Random(draw)
        seed_of_pick.sample(actions, ROLLOUT_WIDTH)
        seed_of_pick = seed_of_pick.getrandbits(32)
        pick = rollout_action(game, actions, random.Random(draw))
        assert pick in drawn
        value = {a: _greedy_value(game, a, seat, seed_of_pick, lineup=True, sampled=True) for a in drawn}
        assert value[pick] == max(value.values())
        picks.add(pick)
    assert len(picks) > 1


class WorkClock:
    """A clock for the time cap that reads the search's work, not the machine's time: every
    greedy valuation (the ranking's and the rollout policy's) costs one unit."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_whole_decision_stays_under_the_time_cap(monkeypatch):
    from zoobook.fivebyfive import search_bot
    from zoobook.fivebyfive import playouts
    clock, rollouts = WorkClock(), []
    valued, rolled = search_bot._greedy_value, search_bot.rollout

    def charged(*args, **kwargs):
        clock.now += 1.0
        return valued(*args, **kwargs)

    def timed(*args):
        before = clock.now
        try:
            rolled(*args)
        finally:
            rollouts.append(clock.now - before)

    monkeypatch.setattr(search_bot, "_greedy_value", charged)       # the ranking's valuations
    monkeypatch.setattr(playouts, "_greedy_value", charged)         # and the rollout policy's
    monkeypatch.setattr(search_bot, "rollout", timed)
    monkeypatch.setattr(search_bot, "reason", lambda state, action, candidates=(): "")   # the cap's last tenth
    state = random_state(5, 1, 12)
    actions = state.legal_actions()
    ranking = []
    for action in actions:             # the ranking's units, action by action, measured apart
        before = clock.now
        charged(state, action, 0, 1, "turn" if isinstance(action, Take) else "settle", lineup=True)
        ranking.append(clock.now - before)
    clock.now = 0.0
    whole = SearchBot(1, iterations=24, time_limit=None, clock=clock).search(state)
    uncapped = clock.now
    assert whole.iterations == 24 and uncapped > 3 * max(rollouts)
    slack = max(ranking) + max(rollouts)       # what may run past the cap: one ranked action, one rollout
    for cap in (uncapped / 2, uncapped / 4, uncapped / 8, uncapped / 16, 1.0):
        clock.now, rollouts[:] = 0.0, []
        view = SearchBot(1, iterations=1000, time_limit=cap, clock=clock).search(state)
        assert clock.now <= max(cap, SearchBot.SEARCH_SHARE * cap + slack), (cap, clock.now, slack)
        assert view.best in actions and 1 <= view.iterations <= len(rollouts) and view.iterations < 24
    assert view.iterations == 1 and len(view.candidates) == 1       # the cap of one unit: the ranking's first, once


def test_a_rollout_far_longer_than_the_pace_stops_at_the_deadline(monkeypatch):
    # The sweep starts a rollout when the mean pace says it ends in time; a rollout ten times
    # the mean (a round-1 setup's, measured) must not carry the decision past its cap.
    from zoobook.fivebyfive import playouts, search_bot
    clock, valued = WorkClock(), playouts._greedy_value

    def charged(*args, **kwargs):
        clock.now += 1.0
        return valued(*args, **kwargs)

    monkeypatch.setattr(playouts, "_greedy_value", charged)
    state = random_state(5, 1, 12)
    bot = SearchBot(1, time_limit=100.0, clock=clock)
    whole = state.search_copy()
    rollout(whole, state.round, random.Random(3))
    length = clock.now                                 # the rollout's work, played to the round's end
    assert length > 4 * ROLLOUT_WIDTH and whole.round > state.round
    clock.now = 0.0
    with pytest.raises(PastDeadline):
        rollout(state.search_copy(), state.round, random.Random(3), deadline=length / 2, clock=clock)
    assert length / 2 < clock.now <= length / 2 + ROLLOUT_WIDTH      # one decision's ratings past it
    # In a sweep: the later sweep whose rollout passes the deadline is dropped whole.
    alive = state.legal_actions()[:2]
    root = search_bot._Root(list(alive))
    root.arms = {action: search_bot._Arm() for action in alive}
    clock.now = 0.0
    kept = bot._sweep(state, root, alive, 0, state.round, random.Random(1), started=-89.0, searching=-1.0,
                      done=length)                     # the pace says 1 unit a rollout; 90 units to the cap
    assert kept == 0 and root.deals == 0 and all(arm.visits == 0 for arm in root.arms.values())
    assert clock.now <= 1.0 + ROLLOUT_WIDTH


def test_a_search_makes_no_reference_cycles():
    # The collector is paused while the bot searches (search_bot._pause_collector): that is
    # safe only if a search's garbage is freed by reference counting alone. A lineup puzzle
    # that kept its compiled form, and the form the puzzle, made 30,000 objects of cyclic
    # garbage a decision (the value cache compiles a puzzle for every board and hand it meets).
    import gc

    from zoobook.fivebyfive import bots, playouts
    SearchBot(4, iterations=2, time_limit=None).search(random_state(24, 1, 14))   # networkx's own first calls
    state = random_state(23, 1, 14)
    bots._lineup_value.cache_clear()
    playouts._lineup_steps.cache_clear()
    gc.collect()
    gc.disable()
    try:
        SearchBot(4, iterations=16, time_limit=None).search(state)
        assert gc.collect() == 0                       # nothing unreachable but through a cycle
    finally:
        gc.enable()


def test_the_cycle_collector_is_paused_while_the_bot_searches(monkeypatch):
    import gc
    import sys

    from zoobook.fivebyfive import search_bot
    passes, inside = [], []
    real = search_bot.SearchBot._search

    def spying(bot, state, started):
        inside.append((gc.isenabled(), search_bot._pause["depth"]))
        return real(bot, state, started)

    def on_the_stack() -> set:
        frame, names = sys._getframe(), set()
        while frame is not None:
            names.add(frame.f_code.co_name)
            frame = frame.f_back
        return names

    def count(phase, info):
        if phase == "start":
            names = on_the_stack()
            if "choose" in names:                      # a pass inside a decision: only its own young one
                passes.append((info["generation"], "_resume_collector" in names))

    monkeypatch.setattr(search_bot.SearchBot, "_search", spying)
    gc.callbacks.append(count)
    threshold = gc.get_threshold()
    gc.set_threshold(1)                                # a pass at every allocation, were it running
    try:
        state = random_state(5, 1, 12)
        SearchBot(1, iterations=4, time_limit=None).choose(state)      # choose, then search: paused once
        assert inside == [(False, 2)]
        assert passes == [(0, True)]                   # none before the pause (the decision's first step)
        assert gc.isenabled() and search_bot._pause["depth"] == 0      # resumed on the way out
        gc.disable()                                   # the caller's own pause is left as it was
        SearchBot(1, iterations=4, time_limit=None).choose(state)
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.set_threshold(*threshold)
        gc.callbacks.remove(count)


def test_a_decision_pauses_the_collector_before_it_allocates_anything():
    # A pass starts only on an allocation; in a long-lived process a full pass takes 10-16 CPU-s.
    # One that started on the `with` statement that used to pause the collector made a decision
    # of 14 s, so the pause is the decision's first call, before any object is made.
    import dis
    steps = [i for i in dis.get_instructions(SearchBot.choose) if i.opname not in ("RESUME", "NOP")]
    first_call = next(n for n, i in enumerate(steps) if i.opname == "CALL")
    before = [(i.opname, i.argval) for i in steps[:first_call]]
    assert before[0] == ("LOAD_GLOBAL", "_pause_collector") and all(op.startswith(("LOAD", "PRECALL", "PUSH_NULL"))
                                                                     for op, _ in before), before


def test_round_ones_rollouts_stop_at_round_twos_start(monkeypatch):
    from zoobook.fivebyfive import search_bot
    leaves, valued = [], search_bot.leaf_values

    def spying(game):
        leaves.append((game.round, "over" if game.is_terminal() else game.phase))
        return valued(game)

    monkeypatch.setattr(search_bot, "leaf_values", spying)
    state = random_state(5, 1, 12)
    assert state.round == 1
    SearchBot(1, iterations=3, time_limit=None).search(state)
    assert leaves and set(leaves) == {(2, "main")}


def _greedy_value_replayed(state, action, seat, seed, follow="settle", lineup=False, sampled=False):
    """_greedy_value as first written: every follow-up choice played again on the trial."""
    from zoobook.fivebyfive.bots import evaluate
    from zoobook.fivebyfive.playouts import deal, lineup_points
    trial = state.search_copy(seed) if sampled else deal(state, seed)
    trial.apply_unchecked(action)
    if follow != "none":
        while (trial.pending and trial.current_player == seat and not trial.is_terminal()
               and (follow == "turn" or trial.pending[0][0] != "place")):
            actions = trial.legal_actions()
            if len(actions) == 1 or trial.pending[0][0] == "popularity":
                trial.apply_unchecked(actions[0])
            else:
                trial.apply_unchecked(max(actions, key=lambda a: _greedy_value_replayed(trial, a, seat, seed, "settle",
                                                                               sampled=True)))
    value = evaluate(trial, seat)
    if lineup and trial.phase == "main":
        value += lineup_points(trial, seat)
    return value


@pytest.mark.parametrize("players", [1, 2])
def test_a_greedy_value_that_goes_on_as_its_best_choices_copy_values_as_replaying_it(players):
    """_greedy_trial adopts the copy that valued the best follow-up choice instead of playing it
    again: the same values, for takes (row effects, special cards, meeples, cubes), placements
    and every follow-up, inside sampled deals and on dealt copies, the whole turn or the settling."""
    rng, kinds = random.Random(players), Counter()
    for game in range(14):
        state = random_state(100 + game, players, rng.randrange(2, 60))
        for _ in range(6):
            if state.is_terminal() or state.phase != "main":
                break
            seat, actions = state.current_player, state.legal_actions()
            for action in rng.sample(actions, min(4, len(actions))):
                kinds[type(action).__name__] += 1
                for follow, sampled in (("settle", True), ("turn", True), ("settle", False), ("turn", False)):
                    seed = rng.getrandbits(32)
                    assert _greedy_value(state, action, seat, seed, follow, lineup=True, sampled=sampled) == \
                        _greedy_value_replayed(state, action, seat, seed, follow, lineup=True, sampled=sampled)
            state.apply(rng.choice(actions))
    assert kinds["Take"] > 20 and kinds["PlaceTile"] > 10 and kinds["RowEffect"] > 3
