"""The lineup phase: the lineup graph and the 'move, place' state machine (rulebook III, F4-F9)."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive.board import Board, Border, Cell, Tile
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.lineup import (GATE, BuyDoor, BuyPopularity, LineupState, Move, Place,
                                       PlaceDoor, Stop, lineup_graph)
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.vocabulary import Colour

R, G, B, Y, K, W = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.YELLOW, Colour.BLACK, Colour.WHITE)


def mr_a_board() -> Board:
    tiles = (Tile.make("A3", "carnivore"), Tile.make("B3", "herbivore"), Tile.make("C3", "park"),
             Tile.make("D3", "reptile", walls=["D3:W"]), Tile.make("D2", "bird"), Tile.make("E2", "carnivore"),
             Tile.make("E1", "carnivore"))
    return Board(tiles, popular=frozenset(Cell.parse(c) for c in ("A3", "D2", "E1")))


def test_mr_a_walks_the_rulebook_example_and_scores_8():
    """Steps 2-7 of the rulebook's example, then the scoring: 5 tiles + 2 tokens + 1 door."""
    state = LineupState.start(mr_a_board(), "W", cubes="RGBKKW", doors=1)
    for step in (Move("A3"), Place(R),                                    # 2. carnivore, red
                 Move("B3"), Place(G),                                    # 3. herbivore, green
                 Move("C3"), Place(B)):                                   # 4. blue on the Park
        state.apply(step)                                                 # (apply changes the state)
    assert "wall" in state.refusal(Move("D3"))                            # 5. a wall ...
    state = state.child(PlaceDoor("C3:E")).child(Move("D3")).child(Place(K))   # ... a door, black
    state = state.child(Move("D2")).child(Place(W))                       # 6. white replaces yellow
    assert "no visitor in hand fits" in state.refusal(Move("E2"))         # 7. only black left
    assert not state.can_still_move() and state.is_terminal()
    score = state.score()
    assert (score.tiles, score.popularity, score.doors, score.total) == (5, 2, 1, 8)


def test_example_c_no_matching_visitor():
    board = Board((Tile.make("A3", "park"), Tile.make("B3", "bird")))
    state = LineupState.start(board, "W", cubes="RR").child(Move("A3")).child(Place(R))
    assert state.refusal(Move("B3")).reason.endswith("(rulebook example C)")
    with pytest.raises(IllegalAction, match="example C"):
        state.apply(Move("B3"))


def test_example_d_wall_without_door():
    board = Board((Tile.make("A3", "park", walls=["A3:E"]), Tile.make("B3", "bird")))
    state = LineupState.start(board, "W", cubes="RY").child(Move("A3")).child(Place(R))
    assert state.refusal(Move("B3")).reason.endswith("(rulebook example D)")
    # Example B: the same wall with a door on it can be crossed, and the door scores.
    state = LineupState.start(board.add_door(Border.parse("A3:E")), "W", cubes="RY")
    state = state.child(Move("A3")).child(Place(R)).child(Move("B3")).child(Place(Y))
    assert state.score().doors == 1


def test_example_e_tile_already_visited():
    board = Board((Tile.make(["A3", "B3"], "park"), Tile.make("A2", "bird"), Tile.make("B2", "bird")))
    state = LineupState.start(board, "W", cubes="RYYY")
    state = state.child(Move("A3")).child(Place(R)).child(Move("A2")).child(Place(Y))
    state = state.child(Move("B2")).child(Place(Y))
    assert state.refusal(Move("A3")).reason.endswith("(rulebook example E)")


def test_large_tile_is_entered_by_one_cell_and_left_by_the_other_f5():
    board = Board((Tile.make("A3", "bird"), Tile.make(["B3", "C3"], "reptile"), Tile.make("D3", "bird")))
    state = LineupState.start(board, "W", cubes="YKY")
    for step in (Move("A3"), Place(Y), Move("B3"), Place(K), Move("D3"), Place(Y)):
        state = state.child(step)
    assert state.score().tiles == 3 and state.visitors_placed == 3


def test_one_visitor_per_tile_and_moves_before_placements():
    board = Board((Tile.make("A3", "park"),))
    state = LineupState.start(board, "W", cubes="RR")
    assert "move to an Animal tile" in state.refusal(Place(R))
    state = state.child(Move("A3"))
    assert "place a visitor on A3" in state.refusal(Move("A3")) or "already" in state.refusal(Move("A3"))
    assert "before stopping" in state.refusal(Stop())
    state = state.child(Place(R))
    assert "move to an Animal tile" in state.refusal(Place(R))


def test_free_actions_cost_three_cubes_never_meeples_f9():
    board = Board((Tile.make("A3", "bird", walls=["A3:W"]),))
    state = LineupState.start(board, "W", cubes="RRRY", meeples="KKK")
    assert "meeples cannot pay" in state.refusal(BuyDoor("KKK"))
    assert "exactly 3" in state.refusal(BuyDoor("RR"))
    state = state.child(BuyDoor("RRR"))      # before the first move (F9)
    assert state.hand.doors == 1 and state.hand.cubes == "Y" and state.hand.meeples == "KKK"
    state = state.child(PlaceDoor("A3:W")).child(Move("A3"))
    assert state.legal_moves() == [Place(Y)]
    assert state.child(Place(Y)).score().total == 2     # the tile and the bought door


def test_a_free_action_cannot_strand_a_tile_just_entered():
    board = Board((Tile.make("A3", "bird"),))
    state = LineupState.start(board, "W", cubes="YRR").child(Move("A3"))
    assert "would leave no visitor for A3" in state.refusal(BuyPopularity("A3", "RRY"))


def test_a_door_placed_after_crossing_is_not_utilized_f8():
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird")))
    state = LineupState.start(board, "W", cubes="YY", doors=1)
    state = state.child(Move("A3")).child(Place(Y)).child(Move("B3")).child(Place(Y))
    state = state.child(PlaceDoor("A3:E"))
    assert state.score().doors == 0 and "not utilized" in state.log[-1]


def test_the_lineup_graph_has_tiles_open_borders_doors_and_the_gate():
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "herbivore", walls=["B3:W"]),
                   Tile.make("A2", "bird")), doors=frozenset({Border.parse("A2:S")}))
    graph = lineup_graph(board, "W")
    assert isinstance(graph, nx.MultiGraph)
    assert set(graph) == {GATE, "A2", "A3", "B3"}
    assert sorted(graph.edges(keys=True)) == sorted([(GATE, "A3", "A3:W"), ("A2", "A3", "A2:S")])
    assert graph.edges["A2", "A3", "A2:S"]["state"] == "door"
    full = lineup_graph(board, "W", include_blocked=True)
    assert full.edges["A3", "B3", "A3:E"]["state"] == "wall" and full.edges["A3", "B3", "A3:E"]["walls"] == 1
    assert graph.nodes["A3"]["category"] == "carnivore"


def test_legal_actions_are_all_legal_and_include_the_free_actions():
    board = Board((Tile.make("A3", "park"), Tile.make("B3", "bird")))
    state = LineupState.start(board, "W", cubes="RRRY", doors=1)
    actions = state.legal_actions()
    assert Move("A3") in actions and Stop() in actions
    assert PlaceDoor("A3:E") in actions and PlaceDoor("A3:W") in actions
    assert BuyDoor("RRR") in actions and BuyPopularity("B3", "RRY") in actions
    assert all(state.refusal(a) is None for a in actions)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_random_playouts_only_take_legal_steps_and_score_as_f11(seed):
    rng = random.Random(seed)
    puzzle = random_lineup_puzzle(rng, max_cubes=8)
    state = LineupState.start(puzzle.board, puzzle.gate, puzzle.cubes, puzzle.meeples, puzzle.doors)
    for _ in range(40):
        if state.is_terminal():
            break
        moves = state.legal_moves() or [a for a in state.legal_actions() if not isinstance(a, BuyPopularity)]
        state.apply(rng.choice(moves))
    visited = [state.board.tile_named(n) for n in state.path[:len(state.placed)]]
    assert state.score().tiles == len(visited) == len(set(state.path[:len(state.placed)]))
    assert state.score().popularity == sum(state.board.is_popular(t) for t in visited)
    assert state.score().doors <= len(visited)
    # Every visitor placed fits its tile (F6), and the path is a walk from the gate over adjacent tiles.
    for tile, visitor in zip(visited, state.placed):
        assert visitor.colour is Colour.WHITE or tile.category.colour in (None, visitor.colour)
    for a, b in zip(visited, visited[1:]):
        assert b in puzzle.board.neighbours(a)


def test_a_move_onto_a_park_with_no_visitor_left_is_refused_with_the_reason():
    """It crashed with AttributeError (a Park has no colour); now refused, listing and refusal agree."""
    board = Board((Tile.make("A3", "park"), Tile.make("B3", "park")))
    state = LineupState.start(board, "W", cubes="R").child(Move("A3")).child(Place(R))
    why = state.refusal(Move("B3"))
    assert why.rule == "F6" and "no visitor is left in hand" in why.reason
    assert Move("B3") not in state.legal_actions()
    assert LineupState.start(board, "W").refusal(Move("A3")).rule == "F6"


@pytest.mark.parametrize("gate", ["N", "E", "S", "W"])
def test_a_door_may_go_on_any_gate_border_in_any_round_f21(gate):
    board = Board(tuple(Tile.make(c, "park") for c in ("C1", "E3", "C5", "A3")))
    state = LineupState.start(board, gate, doors=1)
    for other in ("C1:N", "E3:E", "C5:S", "A3:W"):
        assert state.refusal(PlaceDoor(other)) is None
        assert PlaceDoor(other) in state.legal_actions()
        assert state.child(PlaceDoor(other)).board.has_door(Border.parse(other))
    assert state.refusal(PlaceDoor("A1:N")).rule == "F21"       # the edge away from the gates


def test_apply_changes_the_state_and_a_refusal_changes_nothing():
    board = Board((Tile.make("A3", "bird"),))
    state = LineupState.start(board, "W", cubes="Y")
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        state.apply(Place(Y))
    assert caught.value.rule == "F4" and state == before
    state.apply(Move("A3"))
    assert state.path == ("A3",) and before.path == ()


def test_one_step_has_one_spelling():
    assert Move("B3", "B3:W") == Move("B3", "A3:E") and PlaceDoor("B3:W") == PlaceDoor("A3:E")
    assert BuyDoor("RGR") == BuyDoor("RRG")


def _candidates(board):
    """Steps that may or may not be legal: doors on every border of the board (gate borders and the
    outer edge included), moves to every cell across every side, every visitor, payments."""
    from zoobook.fivebyfive.board import ALL_CELLS, CellSide, Side

    sides = [CellSide(c, s) for c in ALL_CELLS for s in Side]
    out = [PlaceDoor(s.name) for s in sides]
    out += [Move(c.name) for c in ALL_CELLS] + [Move(s.cell.name, s.name) for s in sides[::3]]
    out += [Place(c, m) for c in Colour for m in (False, True) if not (m and c is W)]
    out += [BuyDoor(p) for p in ("RRR", "RGB", "WWY", "KK", "RRRR")]
    out += [BuyPopularity(t.name, "RRR") for t in board.tiles] + [BuyPopularity("A1", "YYY"), Stop(), "nonsense"]
    return out


def _fields(state: LineupState) -> dict:
    """What a refused action must not change: every field of the state (each an immutable value, so
    comparing them is comparing the states, as their repr did at half the test's CPU time)."""
    return dict(vars(state))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_refusal_and_legal_actions_agree_on_random_boards(seed):
    """The game API's contract (zoobook.game_api.contract_violations) on states of random lineups,
    with illegal candidates mixed in."""
    from zoobook.game_api import contract_violations

    rng = random.Random(seed)
    puzzle = random_lineup_puzzle(rng, cells=rng.choice((12, 20, 25)), max_cubes=8, max_doors=2)
    state = LineupState.start(puzzle.board, puzzle.gate, puzzle.cubes, puzzle.meeples, puzzle.doors)
    candidates = _candidates(puzzle.board)
    for _ in range(25):
        assert contract_violations(state, rng.sample(candidates, 40), snapshot=_fields) == []
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(rng.choice(legal))
