"""The search bot's value at its horizon: the expected final score (final bonus cards and all)."""


import pytest

from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.bots import GreedyBot, evaluate
from zoobook.fivebyfive.cards import final_bonus
from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.playouts import (FINAL_FEATURES, FINAL_WEIGHTS, _near_bonus, banked, final_estimate,
                                         final_features, leaf_values, lineup_points)


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
    assert leaf_values(state) == state.returns()


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


def test_the_lesson_keeps_what_notebook_22_reads_of_a_run():
    """``bench_5x5_search --lesson RUN OUT``: scores, breakdowns, the recorded game and the duels; not the timings."""
    from benchmarks.bench_5x5_search import lesson_data
    breakdown = {"rounds": [[5, 0, 3, 4]], "final": {"stars": 20}}
    run = {"command": "bench", "iterations": 1000, "time_limit": 2.0,
           "solo": {"games": [{"seed": 2, "search": 110, "lookahead": 90, "seconds": [1.5, 1.9], "priors": [[0, 8]],
                               "breakdown": {"search": breakdown, "lookahead": breakdown}},
                              {"seed": 1, "search": 100, "lookahead": 95, "seconds": [0.4], "priors": [],
                               "breakdown": {"search": breakdown, "lookahead": breakdown},
                               "decisions": [{"round": 0}]}]},
           "duels": {"games": [{"seed": 1, "search_seat": 0, "scores": [90, 80], "won": True, "seconds": [1.95]}]}}
    lesson = lesson_data(run)
    assert [g["seed"] for g in lesson["solo"]["games"]] == [1, 2]                 # in seed order
    assert lesson["solo"]["games"][0]["decisions"] == [{"round": 0}] and "seconds" not in lesson["solo"]["games"][1]
    assert lesson["duels"]["games"] == [{"seed": 1, "search_seat": 0, "scores": [90, 80], "won": True}]
    assert lesson["slowest_decision"] == 1.95 and lesson["time_limit"] == 2.0
