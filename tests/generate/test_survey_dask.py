"""Surveys on Dask: a LocalCluster, or an existing cluster by address, gives the single-process result."""

from __future__ import annotations

import importlib.util

import pytest

from zoobook.generate.survey import dask_client, grade_distributions, main, survey, surveys

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


def test_the_command_line_prints_the_grades_of_each_kind(capsys):
    assert main(["grades", *KINDS, "--puzzles", "5", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == KINDS
    for line, counts in zip(lines, grade_distributions(KINDS, 5, seed=1, workers=1).values()):
        assert line.split()[1:] == [f"{grade}:{counts[grade]}" for grade in range(1, 6)]


def test_an_unknown_kind_is_one_line_and_status_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grades", "no/such-kind"])
    assert stop.value.code == 2 and "no generator for kind 'no/such-kind'" in capsys.readouterr().err
