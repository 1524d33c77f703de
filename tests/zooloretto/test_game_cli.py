"""``zoobook simulate-zooloretto``: the score distribution of seeded games, a progress bar, clear errors."""

import io
import json

from zoobook.cli import main
from zoobook.zooloretto.bots import GreedyBot, play
from zoobook.zooloretto.game import ZoolorettoState
from zoobook.zooloretto.scoring import score


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_the_command_prints_the_distribution_the_z6_flag_and_a_progress_bar():
    code, out, err = run("simulate-zooloretto", "--players", "3", "--bot", "greedy", "--games", "2",
                         "--expansions", "buildings,sites", "--seed", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "2 3-player games, greedy bot, three buildings, construction sites, seeds 4-5"
    assert lines[1].startswith("Z6:") and lines[2].startswith("scores: mean")
    assert "wins by seat: seat 0" in out
    assert "[" in err and "2/2 game 2" in err  # the progress bar, on the error stream


def test_the_json_scores_replay_the_same_seeds():
    args = ("simulate-zooloretto", "--players", "2", "--games", "2", "--json", "--quiet", "--expansions", "sites")
    first, second = json.loads(run(*args)[1]), json.loads(run(*args)[1])
    assert first == second and len(first["scores"]) == 2 and first["expansions"] == ["construction-sites"]
    # Each game replayed by hand, outside the command: game i on seed 0 + i (--seed's default), the
    # greedy bot (--bot's default) in seat s seeded i * 10 + s; every zoo scored by scoring.score
    # (pinned by test_scoring) and the winner by Z-SCORE-6 (most points, then more coins).
    for game, (scores, winner) in enumerate(zip(first["scores"], first["winners"])):
        state = ZoolorettoState.new(players=2, seed=game, expansions=("construction-sites",))
        play(state, [GreedyBot(game * 10 + seat) for seat in range(2)])
        assert scores == [score(zoo).total for zoo in state.zoos], game
        assert winner == max(range(2), key=lambda s: (scores[s], state.zoos[s].coins, -s)), game


def test_bad_arguments_get_one_clear_message():
    code, _, err = run("simulate-zooloretto", "--players", "6")
    assert code == 2 and "--players 2-5" in err
    code, _, err = run("simulate-zooloretto", "--expansions", "dragons")
    assert code == 2 and "unknown expansion 'dragons'" in err and "Traceback" not in err
