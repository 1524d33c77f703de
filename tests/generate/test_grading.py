"""The difficulty formula: bounded, monotone in every solver fact, greedy-right capped."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.generate import Calibration, Facts, generator_kinds, get_generator, grade, score
from zoobook.generate.grading import GREEDY_RIGHT_CAP, thresholds_from

SCALE = Calibration(effort_scale=50, decoy_scale=5, gap_scale=0.5, thresholds=(0.1, 0.3, 0.5, 0.7))
efforts, decoys = st.integers(0, 10_000), st.integers(0, 50)
gaps = st.one_of(st.just(0.0), st.floats(0.0, 3.0, allow_nan=False))


@settings(max_examples=150, deadline=None)
@given(efforts, decoys, gaps, efforts, decoys, gaps)
def test_difficulty_never_falls_when_a_fact_grows(e1, d1, g1, e2, d2, g2):
    low = Facts(min(e1, e2), min(d1, d2), min(g1, g2))
    high = Facts(max(e1, e2), max(d1, d2), max(g1, g2))
    assert 0 <= score(low, SCALE) <= score(high, SCALE) <= 1
    assert 1 <= grade(low, SCALE) <= grade(high, SCALE) <= 5


@settings(max_examples=60, deadline=None)
@given(efforts, decoys)
def test_a_puzzle_greedy_solves_is_never_above_2(effort, decoy):
    assert grade(Facts(effort, decoy, 0.0), SCALE) <= GREEDY_RIGHT_CAP


def test_each_threshold_reached_adds_one_level():
    # Hand-computed: E = log2(1+e)/log2(51), D = d/5, G = g/0.5, score = (E + D + 2G) / 4.
    assert score(Facts(0, 0, 0.0), SCALE) == 0
    assert score(Facts(50, 5, 0.5), SCALE) == 1
    # Greedy gap alone: score = 2 (g / 0.5) / 4 = g.
    assert score(Facts(0, 0, 0.1), SCALE) == pytest.approx(0.1)
    assert [grade(Facts(0, 0, g), SCALE) for g in (0.05, 0.1, 0.3, 0.5, 0.7)] == [1, 2, 3, 4, 4]
    assert grade(Facts(50, 5, 0.5), SCALE) == 5         # every fact at its scale: score 1


def test_facts_reject_impossible_values():
    with pytest.raises(ValueError):
        Facts(-1, 0, 0.0)
    with pytest.raises(ValueError):
        Facts(1, 0, 0.0, optima=0)
    with pytest.raises(ValueError):
        Calibration(10, 1, 1, (0.5, 0.2, 0.6, 0.7))


def test_thresholds_split_right_by_median_and_wrong_by_thirds():
    right = [0.0, 0.1, 0.2, 0.3]
    wrong = [i / 10 for i in range(10)]
    # Median of right: 0.2; 10/40/70 % of wrong: 0.1, 0.4, 0.7, the first raised to keep them increasing.
    assert thresholds_from(right, wrong) == (0.2, 0.2, 0.4, 0.7)
    with pytest.raises(ValueError):
        thresholds_from([], wrong)


@pytest.mark.parametrize("kind", ["steam-zoo/shipment", "5x5/lineup", "steam-easter/connect", "zooloretto/score"])
def test_shipped_calibrations_are_valid(kind):
    assert kind in generator_kinds()
    thresholds = get_generator(kind).calibration.thresholds
    assert 0 < thresholds[0] <= thresholds[-1] < 1
