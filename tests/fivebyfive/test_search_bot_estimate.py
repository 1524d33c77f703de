"""The search bot's value at its horizon: the expected final score (final bonus cards and all)."""

import math

import pytest

from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.bots import GreedyBot, evaluate
from zoobook.fivebyfive.cards import final_bonus
from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.playouts import (FINAL_FEATURES, FINAL_WEIGHTS, LEAF_EXTRAS, ROUND1_LEAF_WEIGHTS, _near_bonus,
                                         _values, banked, final_estimate, final_features, leaf_extras, lineup_points,
                                         round1_leaf_estimate)
from zoobook.fivebyfive.search_bot import SearchBot


def at_round_start(round: int, board: Board, cubes: str, cards=("C", "D", "G"), meeples: str = "") -> GameState:
    """A hand-built solo position at the start of *round*'s main phase."""
    state = GameState.new(players=1, seed=1, bonus_cards=cards)
    state.round, state.phase = round, "main"
    state._set(0, board=board, cubes=cubes, meeples=meeples, hand=(), requests=())
    return state


def parks(*cells: str) -> Board:
    """A board of one-cell parks (every visitor fits a park)."""
    return Board(tuple(Tile.make(cell, "park") for cell in cells))


def feature(state: GameState, name: str) -> float:
    return final_features(state, 0)[FINAL_FEATURES.index(name)]


def test_every_round_has_a_weight_per_feature_and_more_points_never_lower_the_estimate():
    for round in (2, 3):
        weights = dict(zip(FINAL_FEATURES, FINAL_WEIGHTS[round], strict=True))
        assert weights["lineup"] > 0 and weights["round3_cards"] > 0


def test_a_set_of_five_colours_counts_for_card_g_where_the_old_value_saw_none():
    """Round 3 about to start, card G in play: five colours in hand promise a set (3 points),
    five red cubes none. The old horizon value cannot tell the two hands apart (parks take any
    colour, so the same lineup), the final-score estimate can."""
    board = parks("A3", "B3", "C3", "D3", "E3", "C1", "C2", "C4", "C5")
    mixed, red = at_round_start(3, board, "BGKRY"), at_round_start(3, board, "RRRRR")
    old = [evaluate(s, 0) + lineup_points(s, 0) for s in (mixed, red)]
    assert old[0] == old[1]
    assert feature(mixed, "round3_cards") == final_bonus("G", board).points + 3 == 3
    assert feature(red, "round3_cards") == 0
    gain = FINAL_WEIGHTS[3][FINAL_FEATURES.index("round3_cards")] * 3
    assert final_estimate(mixed, 0) - final_estimate(red, 0) == pytest.approx(gain)
    assert gain > 0
    no_g = at_round_start(3, board, "BGKRY", cards=("C", "D", "E"))
    assert feature(no_g, "round3_cards") == 0                      # only the cards in play count


def test_card_a_counts_the_visitors_the_gate_can_seat_and_card_b_the_popular_tiles_it_reaches():
    board = parks("A3", "B3", "C3").add_popularity("A3").add_popularity("C3")
    state = at_round_start(3, board, "RRRRR", cards=("A", "B", "C"))
    gate = state.gate
    assert gate in "NESW"
    # 5 visitors but at most 3 tiles: A's chart starts at 10 visitors, B's at 3 popular tiles
    assert feature(state, "round3_cards") == 0
    many = parks(*[f"{c}{r}" for c in "ABCDE" for r in "12345"])
    many = Board(many.tiles, popular=frozenset(t.anchor for t in many.tiles[:3]))
    state = at_round_start(3, many, "RRRRRRRRRRRR", cards=("A", "B", "C"))
    assert feature(state, "round3_cards") == 4 + 1                 # 12 visitors: 4 points; 3 popular: 1


def test_the_bonus_one_step_away_is_credited_per_card():
    two_rows_of_four = parks("A1", "B1", "C1", "D1", "A5", "B5", "C5", "D5")
    assert _near_bonus(two_rows_of_four, ("C",)) == 1              # 2 lines one cell short: C's first step
    assert _near_bonus(two_rows_of_four, ("D",)) == 0
    kinds = Board((Tile.make("A1", "bird"), Tile.make("B1", "reptile")))
    # row 1 holds 2 kinds with room left: one more kind makes E's first line (2 points)
    assert _near_bonus(kinds, ("E",)) == 2 and _near_bonus(kinds, ("F",)) == 0
    three = Board(kinds.tiles + (Tile.make("C1", "park"),))
    assert _near_bonus(three, ("F",)) == 2 and _near_bonus(three, ("E",)) == 0     # E is already scored


def test_the_points_banked_are_the_final_scorings_board_points():
    """Between the last lineup phase and the end the board is fixed but for doors and tokens
    the lineup adds: the final score is what was banked, plus the third round's scoring and
    the bonus cards that read the third lineup (A, B, G)."""
    state = GameState.new(players=1, seed=7, bonus_cards=("B", "C", "E"))
    bot = GreedyBot(7)
    while not (state.round == 3 and state.phase == "lineup"):
        state.apply(bot.choose(state))
    before = banked(state, 0)
    state.apply(BestLineup())
    assert state.is_terminal()
    player = state.players[0]
    round3 = player.rounds[-1].total
    bonus_b = dict(player.final)["bonus B"]
    assert before + round3 + bonus_b == state.returns()[0]


def test_the_estimate_is_the_final_score_once_the_game_is_over():
    state = GameState.new(players=2, seed=4)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    assert [final_estimate(state, seat) for seat in (0, 1)] == state.returns()
    assert _values(state, final=True) == _values(state) == state.returns()


def test_the_leaf_value_is_chosen_by_name():
    with pytest.raises(ValueError, match="leaf"):
        SearchBot(leaf="end")
    assert SearchBot().leaf == "final"
    state = GameState.new(players=1, seed=3)
    for leaf in ("final", "round"):
        assert SearchBot(1, iterations=3, time_limit=None, leaf=leaf).choose(state) in state.legal_actions()


def test_the_calibration_recovers_known_weights_and_keeps_the_prior_without_signal():
    """``bench_5x5_search.fit``: ridge least squares towards the prior, the strength by cross-validation."""
    import random

    from benchmarks.bench_5x5_search import fit
    rng = random.Random(3)
    truth = (40.0, 1.5, 0.5, 2.0)
    prior = (0.0, 1.0, 1.0, 1.0)
    rows = []
    for _ in range(60):
        features = [1.0] + [float(rng.randrange(0, 12)) for _ in range(3)]
        rows.append({"features": features, "banked": 10.0,
                     "final": 10.0 + sum(w * x for w, x in zip(truth, features))})
    weights, strength, spread = fit(rows, prior)
    assert strength == 0.1 and spread < 0.5
    assert weights == pytest.approx(truth, abs=0.05)
    noisy = [dict(row, final=10.0 + 50.0 + sum(w * x for w, x in zip(prior[1:], row["features"][1:]))
                  + rng.gauss(0, 10)) for row in rows]         # the prior is right, the finals noisy
    weights, strength, _ = fit(noisy, prior)
    assert strength >= 10 and weights[1:] == pytest.approx(prior[1:], abs=0.3)


def test_the_leaf_studys_rank_correlation_and_regret_match_a_hand_count():
    from benchmarks.bench_5x5_search import ordering, spearman
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ties share their ranks: x ranks (0.5, 0.5, 2, 3), y ranks (0, 1, 3, 2); about their mean 1.5
    # the products sum to 1.5 + 0.5 + 0.75 + 0.75 = 3.5, the squares to 4.5 and 5
    assert spearman([5, 5, 6, 7], [1, 2, 4, 3]) == pytest.approx(3.5 / math.sqrt(4.5 * 5))
    assert spearman([1, 1, 1], [1, 2, 3]) is None
    group = [{"place": i, "value": v, "finals": f} for i, (v, f) in
             enumerate([(3.0, [100, 104]), (2.0, [110, 106]), (1.0, [90, 90])])]
    rho, regret, count = ordering([group], lambda r: r["value"])
    # truths 102, 108, 90: the value's best (102) is 6 short of the best; ranks (2, 1, 0) vs (1, 2, 0)
    assert (regret, count) == (6.0, 1) and rho == pytest.approx(0.5)


def test_the_within_deal_fit_recovers_weights_whatever_each_deals_level():
    import random

    from benchmarks.bench_5x5_search import fit_within
    rng = random.Random(5)
    truth = [2.0, 0.5]
    groups = []
    for position in range(30):
        level = rng.uniform(-40, 40)                       # each deal's own level: no feature explains it
        group = []
        for place in range(6):
            extra = [float(rng.randrange(0, 10)) for _ in truth]
            features = [1.0] + extra + [0.0] * (len(FINAL_FEATURES) - 1 - len(truth))
            final = 50.0 + level + sum(w * x for w, x in zip(truth, extra))
            group.append({"round": 2, "position": position, "features": features, "banked": 50.0,
                          "finals": [final, final]})
        groups.append(group)
    weights = fit_within(groups, ridge=1e-6)
    assert weights[1:3] == pytest.approx(truth, abs=1e-3)
    assert weights[0] == FINAL_WEIGHTS[2][0]               # the constant is the one in use: it orders nothing


def test_the_leaf_extra_measures_match_a_hand_count():
    state = at_round_start(2, parks("A1", "B1", "C3"), cubes="RRB", meeples="")
    extras = dict(zip(LEAF_EXTRAS, leaf_extras(state, 0), strict=True))
    # side-by-side empty pairs: the empty board's 40 (5 rows x 4 + 5 columns x 4), less the 4 touching
    # A1 or B1 (A1-B1, B1-C1, A1-A2, B1-B2) and the 4 around C3 (B3, D3, C2, C4): 40 - 8 = 32
    assert extras["empty_pairs"] == 32
    assert (extras["visitors"], extras["tiles"], extras["specials"], extras["requests_held"]) == (3, 3, 0, 0)


def test_the_refit_round1_leaf_changes_the_value_at_round_2s_start_only():
    assert len(ROUND1_LEAF_WEIGHTS) == len(FINAL_FEATURES) + len(LEAF_EXTRAS)
    board = parks("A1", "B1", "C3")
    at2, at3 = at_round_start(2, board, cubes="RRB"), at_round_start(3, board, cubes="RRB")
    assert _values(at3, final=True, refit=True) == _values(at3, final=True) == [final_estimate(at3, 0)]
    assert _values(at2, final=True, refit=True) == [round1_leaf_estimate(at2, 0)]
    # the same board at round 2's start with one more blue cube: the two estimates move by their
    # weights of what the cube changes (the visitors in hand +1 for the refit alone)
    more = at_round_start(2, board, cubes="RRBB")
    moved = [a - b for a, b in zip(final_features(more, 0), final_features(at2, 0))]
    step = round1_leaf_estimate(more, 0) - round1_leaf_estimate(at2, 0)
    extra_weights = dict(zip(LEAF_EXTRAS, ROUND1_LEAF_WEIGHTS[len(FINAL_FEATURES):]))
    assert step == pytest.approx(sum(w * m for w, m in zip(ROUND1_LEAF_WEIGHTS, moved)) + extra_weights["visitors"]
                                 + (banked(more, 0) - banked(at2, 0)))


def test_a_search_with_the_refit_round1_leaf_answers_legally_and_reproducibly():
    state = GameState.new(players=1, seed=3)
    while state.phase == "setup":
        state.apply(GreedyBot().choose(state))
    view = SearchBot(2, iterations=4, time_limit=None, refit_round1_leaf=True).search(state)
    assert view.best in state.legal_actions() and sum(c.visits for c in view.candidates) == 4
    assert SearchBot(2, iterations=4, time_limit=None, refit_round1_leaf=True).search(state) == view


def test_the_benchmarks_option_reaches_the_bot_and_refuses_a_parameter_it_does_not_have():
    """``bench_5x5_search --option NAME=VALUE``: any SearchBot parameter, recorded in the run's budget."""
    import argparse

    from benchmarks.bench_5x5_search import SearchMaker, bot_option, budget_of, budget_text
    name, value = bot_option("rollout_width=0")
    bot = SearchMaker(4, None, options={name: value})(7)
    assert (bot.rollout_width, bot.iterations, bot.seed) == (0, 4, 7)
    assert bot_option("time_limit=None") == ("time_limit", None)
    result = {"iterations": 4, "time_limit": None, "options": {"rollout_width": 0}}
    assert budget_of(result) != budget_of({**result, "options": {}})      # runs of other options are not merged
    assert "rollout_width=0" in budget_text(result)
    for wrong in ("no_such_knob=1", "rollout_width=three"):
        with pytest.raises(argparse.ArgumentTypeError):
            bot_option(wrong)


def test_a_run_says_whether_its_bot_walked_the_third_lineup_for_the_final_score():
    """Runs saved before ``SearchBot(final_lineup=...)`` did not; the run's header says so since, and runs that
    differ in it are never merged."""
    from benchmarks.bench_5x5_search import budget_of, budget_text, walks_final_lineup
    before = {"iterations": 4, "time_limit": 2.0}
    now = {**before, "final_lineup": True}
    turned_off = {**now, "options": {"final_lineup": False}}
    assert [walks_final_lineup(run) for run in (before, now, turned_off)] == [False, True, False]
    assert budget_of(before) != budget_of(now) and budget_of(before)[:-1] == budget_of(now)[:-1]
    assert "the third lineup for the final score" in budget_text(now)
    assert "final score" not in budget_text(before) + budget_text(turned_off)


def test_the_noise_study_compares_the_rankings_best_on_shared_deals():
    """``bench_5x5_search --noise-study``: the spread over deals of each candidate's value minus the first's."""
    import statistics

    from benchmarks.bench_5x5_search import NOISE_CANDIDATES, noise_position, study_positions
    from zoobook.fivebyfive.game import action_text
    from zoobook.fivebyfive.search_bot import _rank
    state = next(s for s in study_positions(7000) if len(s.legal_actions()) >= NOISE_CANDIDATES)
    row = noise_position((3, state, 3, {"rollout_width": 1}))
    order, _ = _rank(state, state.legal_actions(), 3, deep=True)
    assert row["candidates"] == [action_text(a) for a in order[:NOISE_CANDIDATES]]
    assert [len(v) for v in row["values"]] == [3] * NOISE_CANDIDATES
    first = row["values"][0]
    assert row["spreads"] == [statistics.stdev([x - y for x, y in zip(v, first)]) for v in row["values"][1:]]
    assert row["seconds_per_rollout"] > 0 and row["options"] == {"rollout_width": 1}


def test_search_rounds_leave_the_other_rounds_to_the_lookahead_bot():
    """``bench_5x5_search --search-rounds 2,3``: the lookahead bot's choices in round 1, searches after."""
    import argparse

    from benchmarks.bench_5x5_search import SearchMaker, budget_of, budget_text, search_rounds
    from zoobook.fivebyfive.bots import LookaheadBot
    assert search_rounds("3,2") == (2, 3)
    for wrong in ("4", "two", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            search_rounds(wrong)
    bot, looking = SearchMaker(2, None, rounds=(2, 3))(5), LookaheadBot(5)
    assert SearchMaker(2, None)(5).__class__ is SearchBot
    state, searched = GameState.new(players=1, seed=11), set()
    while 2 not in searched and not state.is_terminal():     # round 1 whole, then round 2's first search
        bot.last_view = None
        action = bot.choose(state)
        if state.round <= 1:
            assert action == looking.choose(state)
        searched.add(state.round if bot.last_view else None)
        state.apply(action)
    assert searched - {None} == {2} and state.round == 2
    result = {"iterations": 2, "time_limit": None, "search_rounds": [2, 3]}
    assert budget_of(result) != budget_of({**result, "search_rounds": [1, 2, 3]}) == budget_of(
        {"iterations": 2, "time_limit": None})
    assert "searching in rounds 2, 3 only" in budget_text(result)


def test_compare_sets_the_new_run_against_the_mean_of_the_old_ones(capsys, tmp_path):
    import json

    from benchmarks.bench_5x5_search import main

    def run(scores: dict, seconds: float = 1.5) -> dict:
        return {"iterations": 1000, "time_limit": 2.0, "solo": {"games": [
            {"seed": seed, "search": score, "lookahead": 90, "seconds": [seconds]} for seed, score in scores.items()]}}

    # by hand: the mean of the old runs is 101, 104, 108 on the seeds all three played (old 2 lacks seed 3);
    # the new run's differences are -1, +2, +2: mean +1, one deal worse, two better; old 1 lies -1, 0, 0 from
    # the mean (-1/3), old 2 +1, 0, 0
    old_1, old_2 = run({1: 100, 2: 104, 3: 110, 4: 108}), run({1: 102, 2: 104, 4: 108})
    new = run({1: 100, 2: 106, 3: 120, 4: 110}, seconds=1.8)
    files = []
    for index, result in enumerate((old_1, old_2, new)):
        path = tmp_path / f"run{index}.json"
        path.write_text(json.dumps(result))
        files.append(str(path))
    assert main(["--compare", *files]) == 0
    out = capsys.readouterr().out
    assert "3 solo seeds in every run: the mean of the 2 old runs 104.3, new 105.3; new - that mean +1.0" in out
    assert "better in 2, worse in 1" in out
    assert "old 1 - the mean of the old runs: -0.3" in out and "old 2 - the mean of the old runs: +0.3" in out
    assert main(["--compare", files[0], files[2]]) == 0                 # one old run: the paired difference itself
    assert "new - old +3.5 points" in capsys.readouterr().out          # 0, +2, +10, +2 over seeds 1-4
    with pytest.raises(SystemExit):
        main(["--compare", files[0]])                                   # no new run: refused, nothing printed
    assert "name an old run and a new one" in capsys.readouterr().err
