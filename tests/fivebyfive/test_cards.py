"""Special cards, popularity conditions A-F (F16 for C) and final bonus cards A-H (F17)."""

import pytest
from hypothesis import given, settings, strategies as st

from zoobook.fivebyfive.board import ALL_CELLS, Board, Tile
from zoobook.fivebyfive.cards import (
    CHARTS, Round3, TurnContext, chart_points, final_bonus, popularity_earned, special_card_points,
    wall_graph,
)
from zoobook.fivebyfive.components import SpecialCard
from zoobook.fivebyfive.vocabulary import Category, colours


def zoo(*tiles):
    board = Board()
    for tile in tiles:
        board = board.place(tile)
    return board


# -- charts ------------------------------------------------------------------------------------
@pytest.mark.parametrize("letter, printed", [
    ("A", [(9, 0), (10, 1), (11, 2), (12, 4), (13, 6), (14, 8), (15, 10), (16, 12), (17, 15), (25, 15)]),
    ("B", [(2, 0), (3, 1), (4, 2), (5, 4), (6, 6), (7, 8), (8, 10), (9, 12), (10, 15), (12, 15)]),
    ("C", [(1, 0), (2, 1), (3, 2), (4, 4), (5, 6), (6, 8), (7, 10), (8, 12), (9, 15), (10, 15)]),
    ("E", [(0, 0), (1, 2), (2, 4), (3, 6), (4, 8), (5, 10), (6, 12), (7, 15), (8, 18), (10, 18)]),
    ("H", [(0, 0), (1, 2), (4, 8), (8, 18)]),
    ("G", [(0, 0), (1, 3), (2, 7), (3, 12), (4, 12)]),
    ("D", [(0, 0), (5, 5), (11, 11)]),
])
def test_final_bonus_charts_f17(letter, printed):
    assert [chart_points(letter, n) for n, _ in printed] == [p for _, p in printed]


def test_chart_f_is_the_chart_of_e():
    assert CHARTS["F"] == CHARTS["E"]


# -- final bonus cards on boards -----------------------------------------------------------------
def test_c_counts_rows_and_columns_with_five_covered_cells():
    tiles = [Tile.make(f"{col}1", "bird") for col in "ABCDE"]
    tiles += [Tile.make(["A2", "A3"], "park"), Tile.make("A4", "reptile"), Tile.make("A5", "herbivore")]
    score = final_bonus("C", zoo(*tiles))
    assert (score.count, score.points) == (2, 1)     # row 1 and column A


def test_d_back_to_back_walls_count_two_and_corners_join():
    board = zoo(Tile.make("A1", "bird", walls=["A1:E"]), Tile.make("B1", "bird", walls=["B1:W", "B1:S"]),
                Tile.make("D4", "reptile", walls=["D4:N"]))
    # A1:E and B1:W are back to back (2), B1:S touches them at the corner: 3; D4:N is alone.
    assert final_bonus("D", board).points == 3


def test_d_parallel_walls_of_one_cell_do_not_touch():
    board = zoo(Tile.make("C3", "bird", walls=["C3:W", "C3:E"]))
    assert final_bonus("D", board).count == 1
    board = zoo(Tile.make("C3", "bird", walls=["C3:W", "C3:N", "C3:E"]))
    assert final_bonus("D", board).count == 3


def test_e_and_f_count_categories_with_parks_and_large_tiles_in_every_line():
    board = zoo(Tile.make(["A1", "B1"], "park"), Tile.make("C1", "bird"), Tile.make("D1", "reptile"),
                Tile.make("A2", "bird"), Tile.make("B2", "aquatic"))
    # row 1: park, bird, reptile = 3 kinds; row 2: bird, aquatic = 2; column A: park, bird = 2 ...
    assert final_bonus("E", board).count == 1
    board = board.place(Tile.make("E1", "carnivore"))
    assert (final_bonus("E", board).count, final_bonus("F", board).count) == (0, 1)


def test_h_a_wall_counts_for_its_cells_row_and_column():
    board = zoo(Tile.make("A1", "bird", walls=["A1:E"]), Tile.make("B1", "bird", walls=["B1:W"]))
    # row 1 holds 2 walls (back to back counts two); columns A and B one each.
    assert final_bonus("H", board).count == 1
    board = board.place(Tile.make("A2", "bird", walls=["A2:S"]))
    assert final_bonus("H", board).count == 2     # row 1 and column A


def test_a_b_g_read_the_third_round():
    round3 = Round3(visitors=colours("RBGYKRBGYKRW"), visited_popular=5)
    assert final_bonus("A", Board(), round3).points == 4      # 12 visitors
    assert final_bonus("B", Board(), round3).points == 4      # 5 popular tiles visited
    assert final_bonus("G", Board(), round3).count == 2       # white never completes a set


# -- a brute-force twin for card D ---------------------------------------------------------------
def corners_of(wall):
    c, r = wall.cell.column, wall.cell.row
    return {"N": {(c, r), (c + 1, r)}, "S": {(c, r + 1), (c + 1, r + 1)},
            "W": {(c, r), (c, r + 1)}, "E": {(c + 1, r), (c + 1, r + 1)}}[wall.side.value]


def largest_wall_group_by_union_find(board):
    walls = [w for tile in board.tiles for w in tile.walls]
    parent = list(range(len(walls)))

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i
    for i in range(len(walls)):
        for j in range(len(walls)):
            if corners_of(walls[i]) & corners_of(walls[j]):
                parent[find(i)] = find(j)
    sizes = {}
    for i in range(len(walls)):
        sizes[find(i)] = sizes.get(find(i), 0) + 1
    return max(sizes.values(), default=0)


@st.composite
def walled_boards(draw):
    board = Board()
    for cell in draw(st.lists(st.sampled_from(ALL_CELLS), unique=True, max_size=12)):
        sides = draw(st.lists(st.sampled_from("NESW"), unique=True, max_size=3))
        board = board.place(Tile.make(cell, "bird", walls=[f"{cell}:{s}" for s in sides]))
    return board


@settings(max_examples=60, deadline=None)
@given(walled_boards())
def test_d_agrees_with_a_union_find_twin(board):
    assert final_bonus("D", board).count == largest_wall_group_by_union_find(board)
    assert wall_graph(board).number_of_nodes() == sum(len(t.walls) for t in board.tiles)


# -- popularity conditions -----------------------------------------------------------------------
def test_a_four_corners():
    tile = Tile.make("E5", "bird")
    assert popularity_earned("A", zoo(tile), tile, TurnContext())
    tile = Tile.make("D5", "bird")
    assert not popularity_earned("A", zoo(tile), tile, TurnContext())


def test_b_walls_on_the_tile_or_its_neighbours():
    tile = Tile.make("B2", "bird", walls=["B2:N"])
    assert not popularity_earned("B", zoo(tile), tile, TurnContext())
    board = zoo(Tile.make("C2", "reptile", walls=["C2:W"]), tile)
    assert popularity_earned("B", board, tile, TurnContext())


def test_c_three_connected_and_once_per_group_ruling_f16():
    a, b, c = Tile.make("A1", "bird"), Tile.make("B1", "bird"), Tile.make("C1", "bird")
    board = zoo(a, b)
    assert not popularity_earned("C", board, b, TurnContext())
    board = board.place(c)
    assert popularity_earned("C", board, c, TurnContext())
    earned = TurnContext(group_tiles=frozenset({c.anchor}))
    d = Tile.make("D1", "bird")                     # the group grows: no new token
    assert not popularity_earned("C", board.place(d), d, earned)
    e = Tile.make(["A3", "A4"], "bird")             # a new group of 2 cells but one tile
    board = board.place(e).place(Tile.make("B3", "bird"))
    f = Tile.make("C3", "bird")
    assert popularity_earned("C", board.place(f), f, earned)
    g = Tile.make("A2", "bird", walls=["A2:S"])     # merges both groups: walls do not matter, no token
    assert not popularity_earned("C", board.place(f).place(g), g,
                                 TurnContext(group_tiles=frozenset({c.anchor, f.anchor})))


def test_d_e_f_depend_on_the_turn_and_never_on_special_tiles():
    tile = Tile.make("C3", "bird")
    board = zoo(tile)
    assert popularity_earned("D", board, tile, TurnContext(turn=5))
    assert not popularity_earned("D", board, tile, TurnContext(turn=4))
    assert popularity_earned("E", board, tile, TurnContext(turn=1))
    assert not popularity_earned("E", board, tile, TurnContext(turn=1, from_special=True))
    assert popularity_earned("F", board, tile, TurnContext(turn=2, last_in_row=True))
    assert not popularity_earned("F", board, tile, TurnContext(turn=2, last_in_row=True, from_special=True))


# -- special cards ------------------------------------------------------------------------------
def test_special_cards_end_game_points():
    board = zoo(Tile.make("A1", "bird"), Tile.make(["B1", "C1"], "bird"), Tile.make("D1", "park"))
    assert special_card_points(SpecialCard("S04", "category-points", Category.BIRD), board) == 2
    assert special_card_points(SpecialCard("S06", "three-points"), board) == 3
    assert special_card_points(SpecialCard("S10", "door-and-cube"), board) == 0


# -- a networkx twin for condition C's groups (F16) ------------------------------------------------
@st.composite
def bird_and_reptile_boards(draw):
    board = Board()
    for cell in draw(st.lists(st.sampled_from(ALL_CELLS), unique=True, min_size=1, max_size=14)):
        board = board.place(Tile.make(cell, draw(st.sampled_from(["bird", "reptile"]))))
    return board


@settings(max_examples=60, deadline=None)
@given(bird_and_reptile_boards())
def test_c_groups_are_the_connected_components_of_one_category(board):
    import networkx as nx
    from zoobook.fivebyfive.cards import same_category_group
    graph = nx.Graph()
    graph.add_nodes_from(t.anchor for t in board.tiles)
    for a, b, _ in board.tile_borders():
        if a.category is b.category:
            graph.add_edge(a.anchor, b.anchor)
    for tile in board.tiles:
        assert same_category_group(board, tile) == nx.node_connected_component(graph, tile.anchor)


def test_b_a_back_to_back_pair_on_one_border_is_two_walls_f22():
    tile = Tile.make("B2", "bird", stars=1, walls=["B2:E"])
    board = zoo(Tile.make("C2", "reptile", stars=1, walls=["C2:W"]), tile)
    assert popularity_earned("B", board, tile, TurnContext())
    assert not popularity_earned("B", zoo(Tile.make("C2", "reptile"), tile), tile, TurnContext())
