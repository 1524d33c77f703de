"""The box of 5x5 Zoo: the assumed lists agree with the printed contents list (ruling F18)."""

from collections import Counter

import pytest

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import Board, Cell, CellSide, Tile
from zoobook.fivebyfive.components import STATED_COUNTS, anchors, components, placed
from zoobook.fivebyfive.mainboard import MainBoard, row_sizes
from zoobook.fivebyfive.vocabulary import Category, Colour


def test_game_contents_counts_match_the_rulebook():
    box = components()
    assert len(box.tiles) == 65 == STATED_COUNTS["animal tiles"]
    assert len(box.large_tiles) == 12 == STATED_COUNTS["large animal tiles"]
    assert len(box.request_cards) == 28 and len(box.special_cards) == 15
    assert len(box.customer_cards) == 25
    assert STATED_COUNTS["one-time cubes per colour"] * 5 == 75
    assert STATED_COUNTS["regular meeples per colour"] * 5 == 15


def test_every_tile_kind_is_present_and_large_tiles_are_two_cells():
    box = components()
    assert set(t.kind for t in box.tiles) == set(Category)
    assert all(len(t.offsets) == 2 for t in box.large_tiles)
    assert all(len(t.offsets) == 1 for t in box.tiles)
    assert len({t.id for t in box.tiles + box.large_tiles}) == 77


def test_special_deck_is_built_from_the_six_printed_effects():
    from zoobook.fivebyfive.cards import SPECIAL_EFFECTS
    effects = Counter(card.effect for card in components().special_cards)
    assert set(effects) == set(SPECIAL_EFFECTS)
    assert sum(effects.values()) == 15


def test_request_cards_include_the_rulebook_examples():
    needs = {tuple(sorted((k.word, n) for k, n in card.needs)) for card in components().request_cards}
    assert (("aquatic", 1), ("bird", 3)) in needs            # "a Bird x3 & Aquatic x1 Request card"
    assert (("bird", 2), ("reptile", 2)) in needs            # "a Request card for Bird x2 & Reptile x2"


def test_customer_cards_follow_the_assumed_mix():
    counts = Counter(c.letter for c in components().customer_cards)
    assert counts == Counter(assumed("fivebyfive.components.customer_cards"))
    assert Colour.WHITE in components().customer_cards


def test_placed_large_tile_keeps_its_walls_on_the_right_cells():
    card = components().tile("L04")   # north-south herbivore, walls 0:W and 1:E
    tile = placed(card, Cell.parse("B2"))
    assert [c.name for c in tile.cells] == ["B2", "B3"]
    assert tile.walls == {CellSide.parse("B2:W"), CellSide.parse("B3:E")}
    with pytest.raises(IllegalAction):
        placed(card, Cell.parse("B5"))          # would stick out to the south


def test_anchors_are_the_open_spaces_that_fit():
    board = Board().place(Tile.make("A1", "bird"))
    large = components().tile("L01")              # east-west
    spots = anchors(large, board)
    assert Cell.parse("A1") not in spots and Cell.parse("E1") not in spots
    assert Cell.parse("B1") in spots and len(spots) == 19
    assert len(anchors(components().tile("T05"), board)) == 24


def test_main_board_layout_ruling_f15():
    assert row_sizes(2) == (2, 2, 2, 2, 2, 2)
    assert row_sizes(3) == (2, 3, 3, 3, 3, 3)
    with pytest.raises(ValueError):
        row_sizes(5)
    board = MainBoard.deal(3, [f"T{i:02d}" for i in range(1, 15)], ["L01", "L02", "L03"], display="KYGBR")
    # "There should be 2 tiles left in the Animal tile area after 5 turns": 2 + 5 x 3 - 15.
    assert len(board.remaining()) == 2 + 5 * 3
    assert board.cube_for(1) == "K" and board.cube_for(6) is None
    with pytest.raises(ValueError):
        board.take(1, 2)


def test_walls_stand_only_on_tiles_with_a_star_f18a():
    """"Animal tiles without icons can be placed in any direction because there is no effect on
    gameplay": true only when a star-less tile has no wall (F18a)."""
    box = components()
    starless = [t for t in box.tiles + box.large_tiles if not t.stars]
    assert starless and all(not t.walls for t in starless)
    assert any(t.walls for t in box.tiles + box.large_tiles)       # the starred ones keep theirs


def test_a_star_less_tile_with_walls_in_the_assumed_list_is_refused(monkeypatch):
    from zoobook.fivebyfive import components as module
    data = assumed("fivebyfive.components")
    tiles = [dict(t) for t in data["tiles"]]
    first = next(i for i, t in enumerate(tiles) if t["stars"] == 0)
    tiles[first]["walls"] = ["N"]
    monkeypatch.setattr(module, "assumed", lambda key: {**data, "tiles": tiles})
    module.components.cache_clear()
    try:
        with pytest.raises(ValueError, match="F18a"):
            module.components()
    finally:
        module.components.cache_clear()
