"""zoobook simulate-5x5 with one bot against others (--against): the seat moves round the table."""

import io
import json

from zoobook.cli import main
from zoobook.fivebyfive.bots import GreedyBot, RandomBot, play
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.play.simulate import simulate, summary


def test_simulate_one_bot_against_others_its_seat_moving_round_the_table():
    out, err = io.StringIO(), io.StringIO()
    args = ["simulate-5x5", "--games", "3", "--players", "3", "--bot", "greedy", "--against", "random", "--json"]
    assert main(args, out, err) == 0
    result = json.loads(out.getvalue())
    assert result["against"] == "random" and result["bot_seats"] == [0, 1, 2]
    twin = simulate(games=3, players=3, bot="greedy", seed=0, against="random")
    assert [list(s) for s in twin.scores] == result["scores"]        # the same seeds, the same games
    # game 1 replayed by hand with the greedy bot in seat 1 (bot seeds: seed + 10 * game + seat)
    bots = [RandomBot(10), GreedyBot(11), RandomBot(12)]
    assert tuple(play(GameState.new(players=3, seed=1), bots).returns()) == twin.scores[1]
    # The winners and wins by hand from the three games' scores, (102, 28, 31), (43, 104, 31) and
    # (37, 29, 112): no game has a tie, so F-FINAL-9's tiebreakers do not come in and the most points
    # win; the greedy bot (seats 0, 1, 2 in turn) has the most each time: three wins of three.
    assert [list(s) for s in twin.scores] == [[102, 28, 31], [43, 104, 31], [37, 29, 112]]
    assert twin.winners == (0, 1, 2) and result["winners"] == [0, 1, 2] and twin.wins == 3
    assert "greedy bot against random:" in summary(twin) and "95% CI" in summary(twin)
    assert main(["simulate-5x5", "--players", "1", "--against", "random"], out, err) == 2
    assert "--against needs 2-4 players" in err.getvalue()


def test_the_greedy_bot_outscores_the_random_bot_over_ten_seeded_solo_games():
    """Notebook 22 shows both bots' scores over ten seeded solo games; greedy play is the better one."""
    runs = {bot: simulate(games=10, players=1, bot=bot, seed=100) for bot in ("random", "greedy")}
    assert sum(runs["greedy"].all_scores) > sum(runs["random"].all_scores) + 10 * 20
