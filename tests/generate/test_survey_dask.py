"""Surveys on Dask: a LocalCluster, or an existing cluster by address, gives the single-process result."""

from __future__ import annotations

import importlib.util
import math
import random
import time
from collections import Counter

import pytest

from zoobook.generate.pipeline import candidate
from zoobook.generate.registry import get_generator
from zoobook.parallel import worth_a_cluster
from zoobook.generate.survey import dask_client, grade_distributions, is_puzzle, main, survey, surveys

# Skipped without Dask, which is imported where used: importing it at collection cost every
# pytest-xdist worker about 1 CPU-s (2 before it is compiled), not only the one that runs this file.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask is the parallel extra (and a test tool)")

KINDS = ["zooloretto/score", "steam-zoo/shipment"]


def facts(candidates) -> list:
    return [(c.difficulty, c.score, c.solution.value, c.solution.witness) for c in candidates]


def test_a_survey_on_a_local_cluster_equals_the_single_process_one():
    alone = {kind: facts(survey(kind, 6, seed=3)) for kind in KINDS}
    with dask_client(2, processes=False) as client:
        assert client is not None and len(client.scheduler_info()["workers"]) == 2
    spread = surveys(KINDS, 6, seed=3, workers=2)
    assert list(spread) == KINDS
    assert {kind: facts(found) for kind, found in spread.items()} == alone


def test_a_survey_sent_to_an_existing_cluster_by_address_equals_the_single_process_one():
    import distributed

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        spread = surveys(KINDS, 4, seed=5, scheduler=cluster.scheduler_address)
        grades = grade_distributions(KINDS, 5, seed=5, scheduler=cluster.scheduler_address)
    assert {kind: facts(found) for kind, found in spread.items()} == \
        {kind: facts(survey(kind, 4, seed=5)) for kind in KINDS}
    assert grades == grade_distributions(KINDS, 5, seed=5, workers=1)


def test_one_worker_runs_in_this_process():
    with dask_client(1) as client:
        assert client is None


def twin_grade(facts, calibration) -> int:
    """docs/puzzle-format.md's difficulty formula written again from the page, not from grading.py:
    effort on a log scale, decoys and the greedy gap linear (the gap counted twice), each capped at
    1; one grade per threshold reached; a puzzle greedy solves is at most grade 2."""
    parts = [min(1.0, math.log(1 + facts.effort) / math.log(1 + calibration.effort_scale)),
             min(1.0, facts.decoys / calibration.decoy_scale),
             min(1.0, facts.greedy_gap / calibration.gap_scale)]
    mean = (parts[0] + parts[1] + 2 * parts[2]) / 4
    level = 1 + len([t for t in calibration.thresholds if mean >= t])
    return min(level, 2) if facts.greedy_gap == 0 else level


def test_the_command_line_prints_the_grades_of_each_kind(capsys):
    """The printed counts are the grades of the same random puzzles graded by the twin above, so a
    broken grading formula (or a miscount) fails here."""
    assert main(["grades", *KINDS, "--puzzles", "5", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == KINDS
    for line, kind in zip(lines, KINDS):
        generator = get_generator(kind)
        assert generator.grade is None, f"{kind} grades by its own rule, not the formula"
        rng, expected = random.Random(f"zoobook-survey:{kind}:1"), Counter()
        while sum(expected.values()) < 5:
            found = candidate(generator, rng, rng.randint(1, 5))
            if is_puzzle(kind, found):
                expected[twin_grade(found.facts, generator.calibration)] += 1
        assert line.split()[1:] == [f"{grade}:{expected[grade]}" for grade in range(1, 6)]


def test_an_unknown_kind_is_one_line_and_status_2(capsys):
    assert main(["grades", "no/such-kind"]) == 2
    err = capsys.readouterr().err
    assert "no generator for kind 'no/such-kind'" in err and len(err.strip().splitlines()) == 1


def test_survey_is_a_zoobook_command_with_its_dask_options(capsys):
    from zoobook.cli import main as zoobook

    assert zoobook(["--help"]) == 0
    listed = " ".join(capsys.readouterr().out.split())
    assert "survey" in listed and "--workers N" in listed and "--scheduler ADDRESS" in listed
    assert zoobook(["survey", "grades", "zooloretto/score", "--puzzles", "3", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.split()[0] == "zooloretto/score" and "kinds graded" in captured.err


def test_an_unreachable_scheduler_is_one_line_within_ten_seconds(capsys):
    start = time.monotonic()
    assert main(["grades", "zooloretto/score", "--puzzles", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert time.monotonic() - start < 10 + 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("zoobook: cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 10 s")
    assert "Traceback" not in "".join(err)


def test_small_runs_stay_in_this_process(capsys):
    """Two kinds of three puzzles each take milliseconds: a cluster's start would not pay."""
    assert main(["grades", "zooloretto/score", "steam-zoo/shipment", "--puzzles", "3", "--workers", "2"]) == 0
    assert "running in this process" in capsys.readouterr().err
    assert not worth_a_cluster(2, 0.05, 2) and worth_a_cluster(2, 60.0, 2)
    assert not worth_a_cluster(1, 600.0, 8), "one task cannot be spread"
