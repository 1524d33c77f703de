"""The zoo board: cells (F1), tiles and large tiles, walls (F7), doors, tokens (F10), gates (F2, F3)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import (ALL_CELLS, Board, Border, BorderState, Cell, CellSide,
                                      Side, Tile, gate_border, gate_cell, start_squares)
from zoobook.fivebyfive.lineup_generator import random_board
from zoobook.fivebyfive.vocabulary import Category, Colour, fits


def test_cells_run_a_to_e_west_to_east_and_1_to_5_north_to_south():
    assert Cell.parse("A1") == Cell(0, 0) and Cell.parse("E5") == Cell(4, 4)
    assert Cell.parse("C3").neighbour(Side.E).name == "D3"
    assert Cell.parse("C3").neighbour(Side.N).name == "C2"
    assert Cell.parse("A3").neighbour(Side.W) is None
    assert len(ALL_CELLS) == 25 and [c.name for c in ALL_CELLS[:6]] == ["A1", "B1", "C1", "D1", "E1", "A2"]


@pytest.mark.parametrize("text", ["F1", "A6", "A0", "a1", "", "A10", 3])
def test_bad_cell_names_are_refused(text):
    with pytest.raises(ValueError):
        Cell.parse(text)


def test_both_sides_of_a_border_name_the_same_border():
    assert Border.parse("B3:W") == Border.parse("A3:E")
    assert Border.parse("C2:S") == Border.parse("C3:N")
    assert Border.parse("A3:E").name == "A3:E" and Border.parse("C3:N").name == "C2:S"
    assert Border.parse("A3:W").is_outer and not Border.parse("A3:E").is_outer


def test_gates_and_start_squares_come_from_the_assumed_values_file():
    gates = assumed("fivebyfive.gates")
    for side in "NESW":
        assert gate_cell(side).name == gates[side]
        assert gate_border(side).gate == side
    assert [c.name for c in start_squares()] == assumed("fivebyfive.start_squares")
    assert Border.parse("A1:N").gate is None


def test_colour_match_f6():
    assert fits(Colour.RED, Category.CARNIVORE) and fits(Colour.BLUE, Category.AQUATIC)
    assert fits(Colour.GREEN, Category.HERBIVORE) and fits(Colour.YELLOW, Category.BIRD)
    assert fits(Colour.BLACK, Category.REPTILE)
    assert all(fits(colour, Category.PARK) for colour in Colour)
    assert all(fits(Colour.WHITE, category) for category in Category)
    assert not fits(Colour.RED, Category.BIRD) and not fits(Colour.BLACK, Category.AQUATIC)


def test_colour_letters_and_category_names_read_with_one_clear_error():
    assert Colour.parse("K") is Colour.BLACK and Category.parse("park") is Category.PARK
    with pytest.raises(ValueError, match=r"^'Q' is not a colour letter \(R, B, G, Y, K or W\)$"):
        Colour.parse("Q")
    with pytest.raises(ValueError, match=r"^'lion' is not a tile category \(carnivore, herbivore, aquatic, "
                                         r"bird, reptile, park\)$"):
        Category.parse("lion")
    assert len({Colour.RED, Colour.RED, Category.BIRD}) == 2   # members hash as themselves


def test_placing_returns_a_new_board_and_refuses_covered_cells():
    empty = Board()
    one = empty.place(Tile.make("C3", "bird"))
    assert empty.tiles == () and len(one.tiles) == 1
    with pytest.raises(IllegalAction, match="C3 is already covered by the bird tile at C3") as refused:
        one.place(Tile.make(["C3", "C4"], "park"))
    assert refused.value.rule == "F-PLACEMENT-2"      # the one illegal-move error, naming its rule
    assert len(one.tiles) == 1


def test_large_tiles_cover_two_adjacent_cells_and_have_no_inner_border():
    tile = Tile.make(["B2", "B3"], "herbivore", walls=["B2:N", "B3:E"])
    assert tile.is_large and tile.name == "B2"
    with pytest.raises(IllegalAction, match="orthogonally adjacent"):
        Tile.make(["B2", "C3"], "bird")
    with pytest.raises(IllegalAction, match="inside the large tile"):
        Tile.make(["B2", "B3"], "bird", walls=["B2:S"])
    board = Board((tile, Tile.make("A2", "bird")))
    with pytest.raises(IllegalAction, match="no border between them"):
        board.add_door(Border.parse("B2:S"))


def test_walls_belong_to_a_tile_cell_and_back_to_back_walls_block_once_but_count_twice():
    with pytest.raises(IllegalAction, match="not on a cell of this tile"):
        Tile.make("A1", "bird", walls=["B1:W"])
    board = Board((Tile.make("A1", "bird", walls=["A1:E"]), Tile.make("B1", "reptile", walls=["B1:W"])))
    border = Border.parse("A1:E")
    assert board.wall_count(border) == 2
    assert board.border_state(border) is BorderState.WALL and board.is_blocked(border)
    opened = board.add_door(border)
    assert opened.border_state(border) is BorderState.DOOR and not opened.is_blocked(border)
    assert opened.wall_count(border) == 2   # a door opens the border; the walls still count (bonus D, H)


def test_a_wall_on_the_gate_cells_outer_side_blocks_the_gate_f7():
    board = Board((Tile.make("A3", "bird", walls=["A3:W"]),))
    assert board.is_blocked(gate_border("W"))
    assert not board.add_door(gate_border("W")).is_blocked(gate_border("W"))


def test_doors_go_between_tiles_or_on_a_gate_border_with_or_without_walls():
    board = Board((Tile.make("A1", "bird"), Tile.make("B1", "bird"), Tile.make("A3", "park")))
    assert board.add_door(Border.parse("A1:E")).has_door(Border.parse("B1:W"))
    assert board.door_refusal(Border.parse("A1:N")) is not None          # edge, not a gate
    assert "needs an Animal tile on both sides" in board.door_refusal(Border.parse("B1:E"))
    assert board.door_refusal(Border.parse("A3:W")) is None               # the W gate
    with pytest.raises(IllegalAction, match="already a door"):
        board.add_door(Border.parse("A1:E")).add_door(Border.parse("B1:W"))


def test_at_most_one_popularity_token_per_tile_f10():
    board = Board((Tile.make(["A1", "A2"], "bird"),)).add_popularity("A2")
    assert board.is_popular(board.tile_at("A1"))
    with pytest.raises(IllegalAction, match="already has a popularity token"):
        board.add_popularity("A1")
    with pytest.raises(IllegalAction, match="no Animal tile"):
        board.add_popularity("C3")


def test_two_large_tiles_side_by_side_share_two_borders():
    board = Board((Tile.make(["A1", "A2"], "park"), Tile.make(["B1", "B2"], "bird")))
    a, b = board.tiles
    assert [x.name for x in board.borders_between(a, b)] == ["A1:E", "A2:E"]
    assert board.neighbours(a) == (b,)


def test_ascii_drawing_shows_walls_doors_tokens_and_gates():
    board = Board((Tile.make("A3", "bird", walls=["A3:E"]), Tile.make("B3", "park"))).add_popularity("A3")
    board = board.add_door(gate_border("W"))
    row = board.ascii().splitlines()[5]
    assert row.startswith("D B*#") and " P " in row


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_random_boards_are_consistent(seed):
    board = random_board(random.Random(seed))
    assert board.is_full and not board.empty_cells
    covered = [c for t in board.tiles for c in t.cells]
    assert len(covered) == len(set(covered)) == 25
    for a, b, border in board.tile_borders():
        assert a is not b and set(border.cells) & set(a.cells) and set(border.cells) & set(b.cells)
    # Rebuilding from the parts gives an equal board (the constructor checks the same rules).
    assert Board(board.tiles, board.doors, board.popular) == board
    for wall in board.walls:
        assert isinstance(wall, CellSide) and board.wall_count(wall.border) >= 1


def test_a_boards_hash_is_kept_but_never_pickled_and_gate_borders_are_shared():
    import pickle
    board = random_board(random.Random(3), cells=12)
    first = hash(board)
    assert hash(board) == first == hash((board.tiles, board.doors, board.popular))
    twin = pickle.loads(pickle.dumps(board))
    assert "_hash" not in twin.__dict__ and twin == board and hash(twin) == first
    for gate in "NESW":
        assert gate_border(gate) is gate_border(gate) == Border(gate_cell(gate), Side(gate))


@given(st.text(alphabet="RBGYKWQr ", max_size=8))
def test_sorted_letters_is_colour_letters_of_colours_errors_included(letters):
    from zoobook.fivebyfive.vocabulary import colour_letters, colours, sorted_letters
    try:
        expected = colour_letters(colours(letters))
    except ValueError as slow:
        with pytest.raises(ValueError, match=f"^{re.escape(str(slow))}$"):
            sorted_letters(letters)
    else:
        assert sorted_letters(letters) == expected
    assert sorted_letters([Colour.WHITE, Colour.RED]) == "RW"       # colours, as colours() takes them
