"""The review frame (zoobook.review) on a toy evaluator: labels, the summary, the seats reviewed,
Ctrl-C keeping what is done, and Dask giving the one-process review."""

from __future__ import annotations

import importlib.util
import random

import pytest

from zoobook.records import Player, RecordError, parse_record
from zoobook.review import (LABELS, Appraisal, Evaluator, decision_seed, label, prefix_text, review_lines,
                            review_record)
from zoobook.zooloretto.game import ZoolorettoState

THRESHOLDS = {"inaccuracy": 1, "mistake": 2, "blunder": 4}


class PlaceInList(Evaluator):
    """The first legal action is the best; every place further down the list loses a point.
    The loss is thus known by hand from the action's index in ``legal_actions()``."""

    game = "zooloretto"
    thresholds = THRESHOLDS

    def evaluate(self, state, played, budget_seconds, seed):
        actions = state.legal_actions()
        loss = float(actions.index(played))
        return Appraisal(actions[0], 0.0, -loss, loss, proved=True, reasons=(f"it is first of {len(actions)}",))


class StopsAtThird(PlaceInList):
    """As PlaceInList, but Ctrl-C arrives during the third appraisal."""

    def __init__(self):
        self.calls = 0

    def evaluate(self, state, played, budget_seconds, seed):
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return super().evaluate(state, played, budget_seconds, seed)


def played_game(picks_per_seat, players):
    """A 2-player Zooloretto game where each seat takes the legal action at its own index (mod the
    list's length), and the record; the expected losses are those indices."""
    state = ZoolorettoState.new(players=2, seed=7)
    losses = []
    rng = random.Random(3)
    for _ in range(24):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        pick = rng.choice(picks_per_seat[state.current_player]) % len(actions)
        losses.append((state.current_player, float(pick)))
        state.apply(actions[pick])
    return state.record(players), losses


def test_labels_follow_the_thresholds():
    losses = [0, 0.99, 1, 1.5, 2, 3.99, 4, 40]
    expected = [None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert [label(Appraisal("x", 0, -v, v), THRESHOLDS) for v in losses] == expected
    with pytest.raises(ValueError, match="at least 0"):
        Appraisal("x", 0, 1, -1.0)


def test_the_human_seat_is_reviewed_with_its_losses_labels_and_summary():
    text, losses = played_game({0: [0, 1, 3, 5], 1: [0]}, [Player.human(), Player.bot("greedy")])
    review = review_record(text, evaluator=PlaceInList())
    mine = [loss for seat, loss in losses if seat == 0]
    assert review.seats == (0,) and not review.partial and not review.notes
    assert [d.appraisal.loss for d in review.decisions] == mine
    assert all(d.seat == 0 for d in review.decisions)
    expected_labels = [label(Appraisal("x", 0, -v, v), THRESHOLDS) for v in mine]
    assert [d.label for d in review.decisions] == expected_labels
    summary = review.summary[0]
    assert summary.decisions == len(mine)
    assert summary.clean_share == pytest.approx(expected_labels.count(None) / len(mine))
    assert dict(summary.counts) == {name: expected_labels.count(name) for name in LABELS}
    assert summary.mean_loss == pytest.approx(sum(mine) / len(mine))
    costly = review.costliest()
    assert [d.appraisal.loss for d in costly] == sorted([v for v, lab in zip(mine, expected_labels) if lab],
                                                        reverse=True)[:3]
    # the decision numbers are the record's: replaying the prefix gives the state it was taken in
    record, _ = parse_record(text)
    for decision in review.decisions:
        assert record.actions[decision.number - 1] == (0, decision.played)


def test_without_a_human_every_seat_is_reviewed_and_the_review_says_so():
    text, losses = played_game({0: [0], 1: [2]}, [Player.bot("greedy"), Player.bot("random")])
    review = review_record(text, evaluator=PlaceInList())
    assert review.seats == (0, 1)
    assert review.notes == ("no seat is human in this record: every seat is reviewed",)
    assert len(review.decisions) == len(losses)
    assert review.summary[0].mean_loss < review.summary[1].mean_loss
    only_one = review_record(text, seats=[1], evaluator=PlaceInList())
    assert {d.seat for d in only_one.decisions} == {1} and not only_one.notes
    with pytest.raises(ValueError, match="seat 5 is not in this game"):
        review_record(text, seats=[5], evaluator=PlaceInList())


def test_ctrl_c_keeps_the_decisions_done_and_says_the_review_is_partial():
    text, losses = played_game({0: [1], 1: [1]}, [Player.human(), Player.human()])
    review = review_record(text, evaluator=StopsAtThird())
    assert review.partial and review.expected == len(losses)
    assert [d.number for d in review.decisions] == [1, 2]
    assert review.notes == (f"interrupted: 2 of {len(losses)} decisions reviewed",)
    assert "summary (partial):" in review_lines(review)


def test_a_bad_record_is_one_record_error():
    text, _ = played_game({0: [0], 1: [0]}, [Player.human(), Player.human()])
    lines = text.splitlines(keepends=True)
    with pytest.raises(RecordError, match=r"^g.jsonl: line 3: "):
        review_record("".join(lines[:2] + ['{"seat": 1, "action": "Fly"}\n'] + lines[3:]),
                      evaluator=PlaceInList(), file="g.jsonl")


def test_the_prefix_is_the_record_cut_before_the_decision_and_seeds_differ():
    text, _ = played_game({0: [0], 1: [0]}, [Player.human(), Player.human()])
    record, _ = parse_record(text)
    prefix, _ = parse_record(prefix_text(record, 4))
    assert prefix.actions == record.actions[:3] and prefix.options == record.options
    assert len({decision_seed(s, n) for s in range(3) for n in range(1, 200)}) == 3 * 199


class RecordsSeed(PlaceInList):
    """The loss is the seed's last digits, so a review that mixed up seeds between tasks fails."""

    def evaluate(self, state, played, budget_seconds, seed):
        base = super().evaluate(state, played, budget_seconds, seed)
        loss = float(seed % 7)
        return Appraisal(base.best, 0.0, -loss, loss, interval=(loss - 0.5, loss + 0.5), unit="points")


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="Dask is the parallel extra")
def test_a_review_on_dask_equals_the_one_process_review():
    import distributed

    text, _ = played_game({0: [0, 1, 2], 1: [3]}, [Player.human(), Player.human()])
    alone = review_record(text, evaluator=RecordsSeed(), seed=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        seen = []
        spread = review_record(text, evaluator=RecordsSeed(), seed=2, scheduler=cluster.scheduler_address,
                               progress=lambda done, total, message: seen.append((done, total)))
    assert spread == alone
    assert sorted(seen) == [(i, len(alone.decisions)) for i in range(1, len(alone.decisions) + 1)]
