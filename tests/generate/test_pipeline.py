"""Generation: seeded determinism, certified files, quality filters, per-kind facts on hand cases."""

from __future__ import annotations

import pytest

from zoobook.generate import GenerationError, generate, generate_one
from zoobook.generate.grading import GREEDY_RIGHT_CAP
from zoobook.puzzles import load_puzzle, parse_puzzle

KINDS = ["steam-zoo/shipment", "5x5/lineup", "steam-easter/connect", "zooloretto/score"]


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_text_and_a_valid_certified_file(kind, tmp_path):
    first = generate(kind, difficulty=3, seed=11, count=2)
    again = generate(kind, difficulty=3, seed=11, count=1)
    assert first[0].text == again[0].text
    assert first[0].text != first[1].text
    other = generate(kind, difficulty=3, seed=12)[0]
    assert other.text != first[0].text
    for made in first:
        puzzle = parse_puzzle(made.text, file=made.filename)
        assert puzzle.difficulty == 3 and puzzle.kind.name == kind
        # the stored answer is what an independent re-solve of the file gives
        assert puzzle.answer.value == puzzle.solve().value is not None
        # difficulty 3: greedy is wrong, and the file says so through its grade
        assert made.facts.greedy_value != made.solution.value


@pytest.mark.parametrize("kind", KINDS)
def test_easy_puzzles_may_be_greedy_but_never_above_the_cap(kind):
    made = generate_one(kind, difficulty=1, seed=3)
    assert made.difficulty == 1
    if made.facts.greedy_right:
        assert made.difficulty <= GREEDY_RIGHT_CAP


def test_a_generator_whose_greedy_is_always_right_cannot_reach_3(toy_generator):
    import dataclasses

    from zoobook.generate import register_generator

    # The toy's greedy takes the first number: sorted lists put the largest first.
    sorted_first = dataclasses.replace(
        toy_generator, sample=lambda rng, d: tuple(sorted(toy_generator.sample(rng, d), reverse=True)))
    register_generator(sorted_first, replace=True)
    assert generate_one("toy/largest", difficulty=2, seed=1, max_tries=200).facts.greedy_right
    with pytest.raises(GenerationError, match="difficulty 3"):
        generate_one("toy/largest", difficulty=3, seed=1, max_tries=50)


def test_toy_optima_and_copies(toy_generator):
    made = generate("toy/largest", seed=5, count=8)
    numbers = [parse_puzzle(m.text).model for m in made]
    assert len(set(numbers)) == len(numbers)                  # no copies within a batch
    for m, n in zip(made, numbers):
        assert parse_puzzle(m.text).answer.optima == n.count(max(n))


def test_generated_files_written_and_verified(tmp_path):
    from zoobook.generate import write_generated

    made = generate("steam-zoo/shipment", difficulty=2, seed=2, count=2)
    paths = [write_generated(m, tmp_path) for m in made]
    assert [p.read_text() for p in paths] == [m.text for m in made]
    for path in paths:
        puzzle = load_puzzle(path)
        assert puzzle.solve().value == puzzle.answer.value


def test_bad_difficulty_is_refused():
    with pytest.raises(ValueError, match="between 1 and 5"):
        generate_one("steam-zoo/shipment", difficulty=6)
    with pytest.raises(ValueError, match="at least 1"):
        generate("steam-zoo/shipment", count=0)
