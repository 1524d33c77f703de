"""The game review of 5x5 Zoo (zoobook.fivebyfive.review) and its puzzles (5x5/decision).

A 2-player game, seat 0 the random bot and seat 1 the lookahead bot, cut after 50 actions: the
review flags the random seat's costly moves and (almost) none of the lookahead bot's."""

from __future__ import annotations

import pytest

from zoobook.fivebyfive.bots import LookaheadBot, RandomBot
from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.review import CANDIDATES, EVALUATOR, FiveByFiveEvaluator, comparison
from zoobook.puzzles.catalogue import verify
from zoobook.puzzles.loading import parse_puzzle
from zoobook.records import Player, parse_record
from zoobook.review import review_record, write_mistake_puzzles

DEALS = 6


@pytest.fixture(scope="module")
def game():
    state, bots = GameState.new(players=2, seed=5), [RandomBot(3), LookaheadBot(4)]
    while not state.is_terminal() and len(state.history) < 50:
        state.apply(bots[state.current_player].choose(state))
    return state.record([Player.bot("random", seed=3), Player.bot("lookahead", seed=4)])


@pytest.fixture(scope="module")
def judge():
    return FiveByFiveEvaluator(deals=DEALS, puzzle_deals=12)


@pytest.fixture(scope="module")
def puzzles(game, judge, review, tmp_path_factory):
    """The review's mistake puzzles, written once: (folder, the report's lines)."""
    record, _ = parse_record(game)
    folder = tmp_path_factory.mktemp("puzzles")
    return folder, write_mistake_puzzles(review, record, folder, evaluator=judge)


@pytest.fixture(scope="module")
def review(game, judge):
    return review_record(game, budget=1000.0, evaluator=judge)     # no time cap: the seed alone decides


def test_the_random_seat_is_flagged_and_the_strong_bot_hardly(review):
    assert review.notes == ("no seat is human in this record: every seat is reviewed",)
    random_seat, strong = review.summary[0], review.summary[1]
    flagged = {seat: sum(s.counts.values()) for seat, s in review.summary.items()}
    assert flagged[0] >= 2 and flagged[0] > flagged[1]
    assert strong.clean_share >= 0.9
    assert random_seat.mean_loss > strong.mean_loss
    for decision in review.costliest():
        assert decision.seat == 0 and decision.appraisal.interval[0] > 0      # significant
        assert decision.appraisal.reasons and decision.appraisal.best != decision.played


def test_the_action_played_is_compared_on_the_same_deals():
    """The last legal action of a position with many, left out by the ranking, is added to the
    candidates and played on every deal the best is played on."""
    state = GameState.new(players=1, seed=3)
    while len(state.legal_actions()) <= CANDIDATES + 2 or state.phase != "main":
        state.apply(LookaheadBot(1).choose(state))
    worst = state.legal_actions()[-1]
    found = comparison(state, worst, deals=4, seed=2)
    assert worst in found.actions and len(found.actions) in (CANDIDATES, CANDIDATES + 1)
    assert found.deals == 4


def test_no_choice_and_the_optimal_lineup_lose_nothing_proved():
    state = GameState.new(players=1, seed=3)
    while BestLineup() not in state.legal_actions():
        state.apply(LookaheadBot(1).choose(state))
    appraisal = EVALUATOR.evaluate(state, BestLineup(), 1.0, 0)
    assert (appraisal.loss, appraisal.proved, appraisal.best) == (0.0, True, BestLineup())


def test_the_mistake_puzzles_verify_and_the_same_seed_writes_the_same_bytes(game, judge, review, puzzles, tmp_path):
    record, _ = parse_record(game)
    folder, lines = puzzles
    written = sorted(folder.glob("*.toml"))
    assert written, lines
    checks, errors = verify([folder])
    assert not errors and all(c.ok for c in checks) and len(checks) == len(written)
    write_mistake_puzzles(review, record, tmp_path / "b", evaluator=judge)
    assert [p.read_bytes() for p in written] == [p.read_bytes() for p in sorted((tmp_path / "b").glob("*.toml"))]
    puzzle = parse_puzzle(written[0].read_text())
    assert puzzle.kind.name == "5x5/decision" and puzzle.model.deals == 12


def test_verify_fails_when_the_stated_best_is_not_the_best(puzzles, tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(sorted(puzzles[0].glob("*.toml"))[0].read_text())
    puzzle = parse_puzzle(path.read_text())
    text = path.read_text().replace(f'best = {_toml_string(puzzle, "best")}',
                                    f'best = {_toml_string(puzzle, "played")}')
    path.write_text(text)
    checks, errors = verify([path])
    assert not errors and not checks[0].ok and "the best action on these 12 deals is" in checks[0].reason


def _toml_string(puzzle, key):
    import tomllib

    from zoobook.puzzles.loading import puzzle_toml
    line = [ln for ln in puzzle_toml(id="x", kind="5x5/decision", body=puzzle.kind.dump(puzzle.model)).splitlines()
            if ln.startswith(f"{key} = ")][0]
    tomllib.loads(line)
    return line.split(" = ", 1)[1]


def test_the_puzzle_browser_shows_the_zoo_and_opens_the_game(puzzles):
    from zoobook.puzzles.registry import view_hooks
    from zoobook.widgets.kind_views import FIVE_DECISION_VIEW

    question = parse_puzzle(sorted(puzzles[0].glob("*.toml"))[0].read_text()).model
    assert view_hooks()["5x5/decision"][0] == "zoobook.widgets.kind_views:FIVE_DECISION_VIEW"
    assert FIVE_DECISION_VIEW.picture(question).startswith("<svg")
    assert len(FIVE_DECISION_VIEW.play(question).state.players) == 2
