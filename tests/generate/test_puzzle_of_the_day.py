"""The puzzle-of-the-day widget, driven from code."""

from __future__ import annotations

import datetime

from zoobook.puzzles import parse_puzzle
from zoobook.widgets.puzzle_of_the_day import PuzzleOfTheDay, day_seed

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
    best = parse_puzzle(box.current.text).solve().value   # an independent re-solve of the file
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
    assert len(box.play_area.children) == 1             # the game's own ConnectLab


def test_pictures_are_drawn_for_every_kind():
    box = PuzzleOfTheDay(day=DAY, kind="5x5/lineup", difficulty=1)
    assert "<svg" in box.picture.value
    box.kind.value = "steam-zoo/shipment"
    assert box.picture.value.startswith("<img")
