"""Widget logic, driven from code: place tiles, buy buildings, receive markers, read the HTML."""

from __future__ import annotations

from pathlib import Path

from zoobook.puzzles.loading import load_puzzle
from zoobook.widgets.zooloretto import PuzzleCard, ZooBoard, zoo_svg
from zoobook.zooloretto.model import new_zoo

from .conftest import zoo_from

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "zooloretto"


def place(board, tile, where):
    board.tile.value, board.where.value = tile, where
    board.place_button.click()


def test_placing_tiles_changes_the_board_and_the_score_live():
    board = ZooBoard(new_zoo(players=2, expansions=()))
    for _ in range(4):
        place(board, "zebra", "4")
    assert "4-space enclosure full" in board.score_view.value and "Total: 5" in board.score_view.value
    assert "Score 5 - coins 1" in board.board.value
    assert "the 4-space enclosure is full: +1 coin" in board.message.value


def test_a_refusal_shows_its_reason_and_changes_nothing():
    board = ZooBoard(new_zoo(players=2, expansions=()))
    place(board, "zebra", "4")
    before = board.zoo
    place(board, "camel", "4")
    assert board.zoo == before
    assert ("Not allowed: the 4-space enclosure holds zebras; one species per enclosure [Z-PLACE-2]"
            in board.message.value)


def test_buildings_markers_and_undo():
    board = ZooBoard(new_zoo(players=2, expansion_boards=1, coins=6))
    board.restaurant_button.click()
    assert "Vending stalls with the restaurant" in board.score_view.value and board.zoo.coins == 3
    board.pavilion_to.value = "6"
    board.pavilion_button.click()
    assert board.zoo.enclosure("6").pavilions == 1 and board.zoo.coins == 0
    board.pavilion_button.click()
    assert "Not allowed: the pavilion costs 3 coins and you have 0 [Z-PAV-1]" in board.message.value
    board.marker_kind.value, board.marker_to.value = "barn", "barn"
    board.marker_button.click()
    assert "Barn: 1 construction site (once)</td><td style='text-align:right'>-2" in board.score_view.value
    assert "Z6" in board.score_view.value
    board.undo_button.click()
    assert board.zoo.barn.sites == 0


def test_a_birth_places_the_souvenir_shop_where_asked():
    board = ZooBoard(zoo_from(expansions=["three-buildings"], coins=0,
                              enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}}))
    board.shop_to.value = "4"
    place(board, "panda-female", "6")
    assert board.zoo.enclosure("4").stalls == ("souvenir-shop",)
    assert "souvenir shop" in board.board.value and "Souvenir shop: 1 offspring" in board.score_view.value


def test_puzzle_card_solves_on_click():
    card = PuzzleCard(load_puzzle(PUZZLES / "zl-sabotage-the-last-space.toml"))
    assert "Markers: enclosure" in card.question.value and "<svg" in card.question.value
    card.solve_button.click()
    assert "Answer: 6" in card.answer.value and "6-space enclosure" in card.answer.value


def test_board_draws_every_enclosure_with_its_stall_spaces():
    svg = zoo_svg(new_zoo(players=2, expansion_boards=2))
    assert svg.count('class="enclosure"') == 5
    assert svg.count("stall space</text>") == 6  # 1 + 2 + 1 + 1 + 1
