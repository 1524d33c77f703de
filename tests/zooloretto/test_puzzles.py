"""The puzzle collection: every file loads, solves to its certified answer, and teaches something."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from zoobook.puzzles.loading import find_puzzle_files, load_puzzle

FOLDER = Path(__file__).resolve().parents[2] / "puzzles" / "zooloretto"
FILES = list(find_puzzle_files([FOLDER]))


def test_at_least_twelve_puzzles_across_every_kind():
    kinds = Counter(load_puzzle(path).kind.name for path in FILES)
    assert len(FILES) >= 12
    assert set(kinds) == {"zooloretto/score", "zooloretto/truck", "zooloretto/sabotage", "zooloretto/invest"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_puzzle_solves_to_its_certified_answer(path):
    puzzle = load_puzzle(path)
    assert puzzle.themes and puzzle.title and puzzle.answer is not None
    assert path.stem == puzzle.id
    assert puzzle.solve().value == puzzle.answer.value


def test_hand_count_of_the_restaurant_puzzle():
    """5-space 4 camels one short 5; 4-space 2 zebras by the restaurant 2; 6-space full 10; expansion 1:
    3 flamingos by a kiosk 3; expansion 2 full 9; 4 stalls x 2 + restaurant 2 = 10. Total 39."""
    solution = load_puzzle(FOLDER / "zl-score-restaurant-ten-points.toml").solve()
    assert solution.value == 5 + 2 + 10 + 3 + 9 + 10
    assert "Vending stalls with the restaurant: 4 stalls x 2 + restaurant 2: 10" in solution.witness


def test_hand_count_of_the_construction_site_puzzle():
    """5-space 4 camels + marker: one short 5; 4-space 2 zebras + 2 markers by a kiosk: 2; 6-space 4 pandas
    by a stall marker: 0 (a marker is no stall); kiosk type 2; barn markers -2 once. Total 7."""
    assert load_puzzle(FOLDER / "zl-score-construction-sites.toml").solve().value == 5 + 2 + 0 + 2 - 2


def test_the_keep_your_coins_puzzle_says_no():
    """Only a pavilion in the 6-space is legal: it fills the 6-space with one camel and sends the other to
    the barn (-2); without it the two camels fill the 6-space anyway. Gain -2."""
    solution = load_puzzle(FOLDER / "zl-invest-keep-your-coins.toml").solve()
    assert solution.value == -2 and "does not raise" in solution.explanation[0]


def _twin_value(puzzle):
    """The answer re-derived by the brute-force twins alone (none of the solvers' search or scoring)."""
    from .twins import brute_best, brute_invest, brute_sabotage, brute_score

    model, kind = puzzle.model, puzzle.kind.name
    if kind == "zooloretto/score":
        return brute_score(model)
    if kind == "zooloretto/truck":
        return brute_best(model.zoo, list(model.tiles))[0]
    if kind == "zooloretto/invest":
        return brute_invest(model.zoo, list(model.tiles))
    return brute_sabotage(model.zoo, list(model.markers), list(model.tiles))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_shipped_puzzle_is_re_solved_by_the_brute_force_twin(path):
    """Every shipped Zooloretto puzzle, not only a few: all of them finish in well under a second each
    (the largest, a 4-tile investment and a 3-marker sabotage, take about half a second), so none is
    skipped."""
    puzzle = load_puzzle(path)
    assert _twin_value(puzzle) == puzzle.answer.value
