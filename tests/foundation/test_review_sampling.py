"""Sampled review (zoobook.review_sampling): paired comparison on the same deals, hand-derived."""

from __future__ import annotations

import math
import statistics

import pytest

from zoobook.review import Appraisal
from zoobook.review_sampling import SampledEvaluator, compare, paired_interval, t_quantile


def test_pairing_removes_the_luck_of_the_deal():
    """Each deal adds the same luck (0 to 40 points) to every action; "b" is 1 point better on every
    deal, so the paired loss of "a" is exactly 1 with a zero-width interval, although the values
    themselves spread over 40 points (an unpaired interval would be about +-10)."""
    def sample(deal_seed, actions):
        luck = deal_seed % 41
        return [luck + {"a": 0.0, "b": 1.0, "c": -3.0}[a] for a in actions]

    found = compare(["b", "c"], "a", sample, deals=12, seed=5)
    assert found.actions == ("b", "c", "a")            # the action played added to the candidates
    assert found.deals == 12
    assert found.best == "b" and found.loss == 1.0 and found.interval == (1.0, 1.0)
    assert found.runner_up == "a" and found.lead == 1.0 and found.significant
    assert min(found.spreads) > 5 and found.words("b").endswith(f"+/- {found.spreads[0]:.1f}")   # the luck


def test_the_interval_is_student_t_on_the_paired_differences():
    """Differences 1, 3, 2 (by hand): mean 2, sd 1, t(2) = 4.303: 2 -+ 4.303/sqrt(3)."""
    half = 4.303 / math.sqrt(3)
    assert paired_interval([1.0, 3.0, 2.0]) == (round(2 - half, 3), round(2 + half, 3))
    assert paired_interval([5.0]) == (-math.inf, math.inf)
    assert t_quantile(1) == 12.706 and t_quantile(29) == 2.060          # 29: the entry of 25, wider
    assert t_quantile(30) == 2.042 and t_quantile(10_000) == 1.98
    with pytest.raises(ValueError):
        t_quantile(0)


def test_noisy_differences_give_the_loss_with_its_interval():
    """The played action loses 2, 0, 4, 2 points on four deals: loss 2, interval from t(3)."""
    losses = iter([2.0, 0.0, 4.0, 2.0])

    def sample(deal_seed, actions):
        lost = next(losses)
        return [10.0 if a == "best" else 10.0 - lost for a in actions]

    found = compare(["best"], "played", sample, deals=4, seed=0)
    half = 3.182 * statistics.stdev([2.0, 0.0, 4.0, 2.0]) / 2
    assert found.best == "best" and found.loss == 2.0
    assert found.interval == (round(2 - half, 3), round(2 + half, 3))
    assert not found.interval[0] > 0                  # not significant: 4 deals, a loss of 0 among them


def test_a_tie_keeps_the_action_played():
    found = compare(["x", "y"], "y", lambda seed, actions: [1.0 for _ in actions], deals=3, seed=1)
    assert found.best == "y" and found.loss == 0.0 and found.interval == (0.0, 0.0)


def test_the_same_seed_gives_the_same_deals():
    seen = []

    def sample(deal_seed, actions):
        seen.append(deal_seed)
        return [float(deal_seed % 7) for _ in actions]

    compare(["a"], "b", sample, deals=5, seed=9)
    first = list(seen)
    seen.clear()
    compare(["a"], "b", sample, deals=5, seed=9)
    assert seen == first and len(set(first)) == 5


def test_a_budget_stops_after_the_minimum_deals():
    """The clock reads 1 at the first check (after the 4 deals owed): past the budget, so 4 answer."""
    ticks = iter(range(1000))
    found = compare(["a"], "b", lambda seed, actions: [0.0, 1.0], deals=50, seed=0, budget_seconds=0.5,
                    min_deals=4, clock=lambda: float(next(ticks)))
    assert found.deals == 4


class _Labeller(SampledEvaluator):
    thresholds = {"inaccuracy": 1.0, "mistake": 2.0, "blunder": 4.0}


def test_only_a_significant_loss_is_labelled():
    judge = _Labeller()
    assert judge.label(Appraisal("b", 0, -5, 5.0, (-1.0, 11.0))) is None
    assert judge.label(Appraisal("b", 0, -5, 5.0, (0.5, 9.5))) == "blunder"
    assert judge.label(Appraisal("b", 0, -2, 2.0, None, proved=True)) == "mistake"
