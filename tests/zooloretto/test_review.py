"""The game review of Zooloretto (zoobook.zooloretto.review) and its puzzles (zooloretto/decision).

A 3-player game, seat 0 the random bot against two lookahead bots, cut after 120 actions: the
review flags the random seat's costly moves and few of the lookahead bot's."""

from __future__ import annotations

from collections import Counter

import pytest

from zoobook.puzzles.catalogue import verify
from zoobook.puzzles.loading import parse_puzzle
from zoobook.records import Player, parse_record
from zoobook.review import review_record, write_mistake_puzzles
from zoobook.zooloretto.bots import LookaheadBot, RandomBot
from zoobook.zooloretto.game import ZoolorettoState
from zoobook.zooloretto.review import CANDIDATES, ZoolorettoEvaluator, comparison, lead


@pytest.fixture(scope="module")
def game():
    state = ZoolorettoState.new(players=3, seed=7)
    bots = [RandomBot(5), LookaheadBot(1), LookaheadBot(2)]
    while not state.is_terminal() and len(state.history) < 120:
        state.apply(bots[state.current_player].choose(state))
    return state.record([Player.bot("random", seed=5), Player.bot("lookahead", seed=1),
                         Player.bot("lookahead", seed=2)])


@pytest.fixture(scope="module")
def judge():
    return ZoolorettoEvaluator(deals=8, puzzle_deals=12)


@pytest.fixture(scope="module")
def puzzles(game, judge, review, tmp_path_factory):
    """The review's mistake puzzles, written once: (folder, the report's lines)."""
    record, _ = parse_record(game)
    folder = tmp_path_factory.mktemp("puzzles")
    return folder, write_mistake_puzzles(review, record, folder, evaluator=judge)


@pytest.fixture(scope="module")
def review(game, judge):
    return review_record(game, seats=(0, 1), budget=1000.0, evaluator=judge)   # no time cap: the seed decides


def test_the_random_seat_is_flagged_and_the_strong_bot_hardly(review):
    flagged = {seat: sum(s.counts.values()) for seat, s in review.summary.items()}
    assert flagged[0] >= 3 and flagged[0] > 2 * flagged[1]
    assert review.summary[1].clean_share >= 0.9
    assert review.summary[0].mean_loss > review.summary[1].mean_loss
    assert all(d.seat == 0 for d in review.costliest())


def test_the_action_played_is_always_a_candidate_on_the_same_deals():
    state = ZoolorettoState.new(players=3, seed=7)
    bot = LookaheadBot(1)
    while len(state.legal_actions()) <= CANDIDATES + 1:
        state.apply(bot.choose(state))
    for played in state.legal_actions():
        found = comparison(state, played, deals=2, seed=1)
        assert played in found.actions and found.deals == 2


def test_a_sampled_deal_keeps_the_tiles_and_hides_their_order():
    state = ZoolorettoState.new(players=3, seed=7)
    twin = state.search_copy()
    twin.supply = list(reversed(twin.supply))          # the same tiles in another (true) order
    assert Counter(state.redealt(4).supply) == Counter(state.supply)
    assert state.redealt(4).supply == twin.redealt(4).supply


def test_the_lead_is_the_zoo_value_over_the_best_other():
    state = ZoolorettoState.new(players=3, seed=7)
    assert lead(state, 0) == 0.0                       # three empty zoos of equal value


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
    assert puzzle.kind.name == "zooloretto/decision" and puzzle.model.lead_interval[0] > 0


def test_verify_fails_when_the_stated_lead_is_outside_the_rederived_interval(puzzles, tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(sorted(puzzles[0].glob("*.toml"))[0].read_text())
    high = parse_puzzle(path.read_text()).model.lead_interval[1]
    lines = path.read_text().splitlines()                # an interval wholly above the lead re-derived
    lines = [f"lead_high = {high + 2}" if ln.startswith("lead_high = ") else
             f"lead_low = {high + 1}" if ln.startswith("lead_low = ") else ln for ln in lines]
    path.write_text("\n".join(lines) + "\n")
    checks, errors = verify([path])
    assert not errors and not checks[0].ok and "outside the certified" in checks[0].reason


def test_the_puzzle_browser_shows_the_position_and_opens_the_game_there(puzzles):
    from zoobook.puzzles.registry import view_hooks
    from zoobook.widgets.kind_views import ZOOLORETTO_DECISION_VIEW

    question = parse_puzzle(sorted(puzzles[0].glob("*.toml"))[0].read_text()).model
    assert view_hooks()["zooloretto/decision"][0] == "zoobook.widgets.kind_views:ZOOLORETTO_DECISION_VIEW"
    assert ZOOLORETTO_DECISION_VIEW.picture(question).startswith("<svg")
    table = ZOOLORETTO_DECISION_VIEW.play(question)
    assert table.state.history == question.state.history and table.state is not question.state
