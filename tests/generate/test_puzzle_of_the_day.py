"""The puzzle-of-the-day widget, driven from code, and a view for every puzzle kind."""

from __future__ import annotations

import datetime

import ipywidgets as widgets
import pytest

from tests.fivebyfive.test_solver import brute_force as lineup_twin
from zoobook.puzzles import parse_puzzle
from zoobook.puzzles.loading import default_puzzle_dir, find_puzzle_files, load_puzzle
from zoobook.puzzles.registry import all_kinds
from zoobook.widgets.puzzle_of_the_day import (PuzzleOfTheDay, day_seed, kind_view, picture_html,
                                               play_widget, unit_of, view_kinds)

DAY = datetime.date(2026, 11, 29)


def test_the_day_is_the_seed_and_another_moves_on():
    box = PuzzleOfTheDay(day=DAY, kind="steam-zoo/shipment", difficulty=3, draw=False)
    first = box.current
    assert first.difficulty == 3 and first.id.endswith(f"s{day_seed(DAY)}-1")
    assert "difficulty" in box.card.value and box.answer.value == ""
    # the same day gives the same puzzle
    assert PuzzleOfTheDay(day=DAY, kind="steam-zoo/shipment", difficulty=3, draw=False).current.text == first.text
    box.another_button.click()
    assert box.current.text != first.text and box.current.id.endswith("-2")


def test_guess_check_and_reveal_the_certified_optimum():
    box = PuzzleOfTheDay(day=DAY, kind="5x5/lineup", difficulty=2, draw=False)
    # The optimum by the tests' brute-force twin (every walk, every door and token bought; none of
    # the solver's search or scoring), not by puzzle.solve(), the solver that wrote the file.
    best = lineup_twin(parse_puzzle(box.current.text).model)
    box.guess.value = best + 1
    box.check_button.click()
    assert "Not the optimum" in box.verdict.value and str(best) not in box.verdict.value
    box.guess.value = best
    box.check_button.click()
    assert "Right" in box.verdict.value
    box.reveal_button.click()
    assert f"Optimum: {best} points" in box.answer.value
    assert box.current.solution.explanation[0][:20] in box.answer.value.replace("&#x27;", "'")


def test_changing_kind_or_difficulty_gives_a_new_hidden_puzzle_and_its_widget():
    box = PuzzleOfTheDay(day=DAY, difficulty=1, draw=False)
    box.reveal_button.click()
    assert box.answer.value
    box.kind.value = "steam-easter/connect"
    assert box.current.kind == "steam-easter/connect" and box.current.difficulty == 1
    assert box.answer.value == ""                       # hidden again
    box.difficulty.value = 2
    assert box.current.difficulty == 2
    box.play_button.click()
    lab = box.play_area.children[-1]                    # the game's own ConnectLab, on this island
    assert type(lab).__name__ == "ConnectLab" and lab.island == box.current.model


def test_pictures_are_drawn_for_every_kind():
    box = PuzzleOfTheDay(day=DAY, kind="5x5/lineup", difficulty=1)
    assert "<svg" in box.picture.value
    box.kind.value = "steam-zoo/shipment"
    assert box.picture.value.startswith("<img")


# -- every puzzle kind has a view: picture, play widget, unit -----------------------------------

def _game_kinds() -> list[str]:
    """The library's puzzle kinds (tests register ``toy/...`` kinds of their own)."""
    return [kind.name for kind in all_kinds() if kind.game != "toy"]


@pytest.fixture(scope="module")
def shipped() -> dict[str, list]:
    """The shipped puzzles by kind, in file order."""
    by_kind: dict[str, list] = {}
    for path in sorted(find_puzzle_files([default_puzzle_dir()])):
        puzzle = load_puzzle(path)
        by_kind.setdefault(puzzle.kind.name, []).append(puzzle)
    return by_kind


@pytest.mark.parametrize("kind", _game_kinds())
def test_every_puzzle_kind_has_a_picture_a_play_widget_and_a_unit(kind, shipped):
    assert kind in view_kinds(), f"{kind} has no view: its kinds module's VIEWS should name a KindView"
    assert shipped.get(kind), f"no shipped puzzle of kind {kind} to draw"
    first, *others = shipped[kind]
    picture = picture_html(kind, first.model)
    assert picture.startswith(("<img", "<svg"))
    if others:  # the picture is of this puzzle, not a stock image of the kind
        assert picture_html(kind, others[-1].model) != picture
    assert isinstance(play_widget(kind, first.model), widgets.DOMWidget)
    assert unit_of(kind) and kind_view(kind).how


def test_the_views_cover_exactly_the_puzzle_kinds():
    assert view_kinds() == sorted(_game_kinds())   # no view left behind by a renamed kind


def test_a_score_puzzle_picture_does_not_give_the_score_away(shipped):
    puzzle = shipped["zooloretto/score"][0]
    total = puzzle.solve().value
    picture = picture_html("zooloretto/score", puzzle.model)
    assert "pts" not in picture and f"Score {total}" not in picture and "Coins" in picture


def test_a_truck_puzzle_shows_the_truck_and_opens_the_live_board(shipped):
    puzzle = shipped["zooloretto/truck"][0]
    picture = picture_html("zooloretto/truck", puzzle.model)
    assert "The truck:" in picture and all(str(tile) in picture for tile in puzzle.model.tiles)
    board = play_widget("zooloretto/truck", puzzle.model)
    assert board.zoo == puzzle.model.zoo        # the puzzle's own zoo, ready for the truck's tiles


def test_the_play_area_says_how_to_use_the_games_widget():
    box = PuzzleOfTheDay(day=DAY, kind="5x5/lineup", difficulty=1, draw=False)
    box.play_button.click()
    how, explorer = box.play_area.children
    assert "Click tiles" in how.value and explorer.puzzle == box.current.model
    assert box.unit.value == "points"


def test_reveal_shows_the_readable_witness():
    box = PuzzleOfTheDay(day=DAY, kind="zooloretto/score", difficulty=2, draw=False)
    box.reveal_button.click()
    best = parse_puzzle(box.current.text).solve().value
    assert f"Optimum: {best} points" in box.answer.value
    assert f"<li>Total: {best}</li>" in box.answer.value       # the line-by-line breakdown


def test_a_kind_with_a_generator_but_no_view_still_works(toy_generator):
    box = PuzzleOfTheDay(day=DAY, kind="toy/largest", difficulty=1)
    assert box.current is not None and box.picture.value == "" and box.unit.value == ""
    box.play_button.click()
    assert "No widget" in box.play_area.children[0].value
    box.guess.value = box.current.solution.value
    box.check_button.click()
    assert "Right" in box.verdict.value
