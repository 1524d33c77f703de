"""Bots: legal play, the greedy bot's choice is the best immediate value, lookahead beats greedy."""

import io
import math
import random
import statistics

import pytest

from zoobook.cli import main
from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, RandomBot, _settle, evaluate, play, reach
from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.play.simulate import histogram, simulate, summary


def test_random_bot_plays_lineups_step_by_step():
    state = play(GameState.new(players=2, seed=4), [RandomBot(1), RandomBot(2)])
    assert state.is_terminal()
    assert not any(line.endswith(": best lineup") for line in state.log)


def test_greedy_bot_takes_the_best_immediate_value_by_brute_force():
    state = GameState.new(players=2, seed=21)
    rng = random.Random(2)
    checked = 0
    while checked < 6 and not state.is_terminal():
        actions = state.legal_actions()
        if state.phase in ("main", "setup") and len(actions) > 1:
            seat = state.current_player
            values = []
            for action in actions:
                trial = state.clone(reseed=0)
                trial.apply(action)
                _settle(trial, seat, 0)
                values.append(evaluate(trial, seat))
            chosen = GreedyBot().choose(state)
            assert values[actions.index(chosen)] == max(values)
            checked += 1
        state.apply(rng.choice([a for a in actions if not isinstance(a, BestLineup)]))
    assert checked == 6


def test_greedy_and_lookahead_play_the_optimal_lineup():
    rng = random.Random(0)
    state = GameState.new(players=1, seed=2)
    while state.phase != "lineup":
        state.apply(rng.choice(state.legal_actions()))
    assert GreedyBot().choose(state) == BestLineup() == LookaheadBot().choose(state)


def test_reach_stops_at_walls_and_unfitting_tiles():
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "reptile"), Tile.make("C3", "park", walls=["C3:W"]),
                   Tile.make(["A4", "A5"], "park")))
    assert reach(board, "W") == 3                 # A3, B3 and the large park; C3 is walled off
    assert reach(board, "W", "K") == 0            # a black visitor cannot enter the bird at A3
    assert reach(board, "N") == 0                 # nothing on C1


#: One-sided 95% quantile of Student's t with 11 degrees of freedom (12 paired games).
T_95_11 = 1.796


def test_lookahead_beats_greedy_on_the_same_solo_deals_significantly():
    """A paired one-sided t-test over 12 seeded solo deals: the lookahead bot's mean lead over the
    greedy bot has a 95% lower confidence bound above zero (not merely a larger sum on 3 deals).

    Measured when written: mean lead +13.4 points, standard deviation 17.8, lower bound +4.2;
    the lookahead bot lost 3 of the 12 deals, so a handful of seeds proves nothing either way.
    """
    seeds = range(200, 212)
    leads = [play(GameState.new(players=1, seed=s), [LookaheadBot()]).returns()[0]
             - play(GameState.new(players=1, seed=s), [GreedyBot()]).returns()[0] for s in seeds]
    mean, spread = statistics.mean(leads), statistics.stdev(leads)
    lower = mean - T_95_11 * spread / math.sqrt(len(leads))
    assert lower > 0, f"leads {leads}: mean {mean:+.1f}, 95% lower bound {lower:+.1f}"


def test_simulation_summary_and_histogram():
    result = simulate(games=3, players=1, bot="random", seed=7)
    assert len(result.scores) == 3 and sum(result.ranks.values()) == 3
    text = summary(result)
    assert text.startswith("3 solo games, random bot, seeds 7-9") and "solo ranks:" in text
    assert sum(count for _, count in histogram(result.all_scores)) == 3
    with pytest.raises(ValueError):
        simulate(games=1, bot="clever")


def test_simulate_command():
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate-5x5", "--games", "2", "--players", "2", "--bot", "random"], out, err) == 0
    assert "2 2-player games" in out.getvalue() and "wins by seat" in out.getvalue()
    assert main(["simulate-5x5", "--games", "0"], out, err) == 2
    assert "--games must be 1 or more" in err.getvalue()
