"""Bulk surveys: the grade distribution counts puzzles that pass the filters, in any number of processes."""

from __future__ import annotations

import functools
import importlib
from collections import Counter

from zoobook.generate import (generator_kinds, get_generator, grade_distribution, grade_distributions,
                              is_puzzle, survey)
from zoobook.generate.registry import unavailable
from zoobook.puzzles.registry import all_kinds

survey_module = importlib.import_module("zoobook.generate.survey")   # the package's `survey` is the function


#: Kinds whose puzzles are written by ``zoobook review --puzzles`` from a played game, with no
#: sampler yet (each would need a whole bot game and a sampled review per puzzle); the Age of Steam
#: decision kind has one. Listed here so that a new kind without a generator still fails.
FROM_REVIEWS_ONLY = {"5x5/decision", "zooloretto/decision"}


def test_every_puzzle_kind_has_a_generator():
    assert unavailable() == {}
    shipped = {kind.name for kind in all_kinds() if not kind.name.startswith("toy/")}
    assert shipped - FROM_REVIEWS_ONLY <= set(generator_kinds())
    assert FROM_REVIEWS_ONLY <= shipped and not FROM_REVIEWS_ONLY & set(generator_kinds()), \
        "a kind listed as made by reviews only is gone or has a generator now: take it off the list"


def test_distribution_counts_exactly_the_candidates_that_pass_the_filters():
    kind = "steam-zoo/shipment"
    counts = grade_distribution(kind, 30, seed=4)
    # The same stream, surveyed unfiltered: the first 30 that pass are the ones counted.
    drawn = survey(kind, 200, seed=4)
    passing = [c for c in drawn if is_puzzle(kind, c)][:30]
    assert len(passing) == 30 and len(passing) < len(drawn)       # some candidates are rejected
    assert counts == Counter(c.difficulty for c in passing)
    generator = get_generator(kind)
    rejected = [c for c in drawn if not is_puzzle(kind, c)]
    assert all(c.solution.value is None or generator.problems(c.model, c.solution, c.facts)
               for c in rejected)


def test_parallel_distributions_equal_the_serial_ones_in_the_kinds_order(monkeypatch):
    # Two Dask workers as threads of this process: the order, the progress and the counts are the
    # same wherever a kind runs, and worker processes (4-5 CPU-s to start) are tested once, in
    # test_survey_dask.py's local cluster.
    monkeypatch.setattr(survey_module, "dask_client", functools.partial(survey_module.dask_client, processes=False))
    kinds = ["zooloretto/score", "steam-zoo/shipment"]
    seen = []
    serial = grade_distributions(kinds, 8, seed=2, workers=1)
    parallel = grade_distributions(kinds, 8, seed=2, workers=2,
                                   progress=lambda kind, done, total: seen.append((done, total)))
    assert list(parallel) == kinds and parallel == serial
    assert sorted(seen) == [(1, 2), (2, 2)]
    assert all(sum(c.values()) == 8 for c in parallel.values())
    assert any(len(c) > 1 for c in serial.values())   # more than one grade: the counts can differ
