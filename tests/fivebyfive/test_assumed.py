"""Every assumed value of the 5x5 Zoo sections of zoobook/data/assumed.toml is read by the code it
governs: each test flips one value (monkeypatch) and sees the behaviour change (F23)."""

from __future__ import annotations

import pytest

from zoobook import assumed as assumed_module
from zoobook.fivebyfive import board as board_module
from zoobook.fivebyfive import components as components_module
from zoobook.fivebyfive import game as game_module
from zoobook.fivebyfive import legality as legality_module
from zoobook.fivebyfive import mainboard as mainboard_module
from zoobook.fivebyfive import solo as solo_module
from zoobook.fivebyfive.board import Board, Tile, gate_cell, start_squares
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.game import DiscardTile, GameState, Take
from zoobook.fivebyfive.lineup import LineupState, Move
from zoobook.fivebyfive.mainboard import MainBoard, display_rows

real = assumed_module.assumed

_CACHED = (gate_cell, start_squares, display_rows, components)


def flip(monkeypatch, module, key, value):
    """Make *module* read *value* for the assumed *key* (every other key as in the file)."""
    monkeypatch.setattr(module, "assumed", lambda k: value if k == key else real(k))
    for function in _CACHED:
        function.cache_clear()


@pytest.fixture(autouse=True)
def _clear_caches():
    yield
    for function in _CACHED:
        function.cache_clear()


def test_every_5x5_assumed_value_has_a_flip_test_here():
    lists = {"tiles", "large_tiles", "request_cards", "special_cards", "customer_cards"}   # one unit: components
    keys = (set(real("fivebyfive")) - {"components"}
            | {f"components.{k}" for k in real("fivebyfive.components") if k not in lists} | {"components"})
    text = open(__file__, encoding="utf-8").read()
    missing = sorted(k for k in keys if f'"fivebyfive.{k}"' not in text)
    assert missing == []


def test_gates(monkeypatch):
    board = Board((Tile.make("A2", "park"),))
    assert LineupState.start(board, "W", cubes="R").refusal(Move("A2")) is not None
    flip(monkeypatch, board_module, "fivebyfive.gates", {**real("fivebyfive.gates"), "W": "A2"})
    assert LineupState.start(board, "W", cubes="R").refusal(Move("A2")) is None


def test_start_squares(monkeypatch):
    cells = lambda: {a.cell for a in GameState.new(players=2, seed=1).legal_actions()}  # noqa: E731
    assert cells() == {"C1", "E3", "C5", "A3"}
    flip(monkeypatch, board_module, "fivebyfive.start_squares", ["A1", "E1", "A5", "E5"])
    assert cells() == {"A1", "E1", "A5", "E5"}


def _after_meeting_card_1():
    """Player 0's request cards after the scoring phase met the second of them."""
    state = GameState.new(players=2, seed=1)
    first = state.players[0].requests
    return first, state._requests_after(0, (first[1],)), state


def test_request_card_scores_once(monkeypatch):
    first, after, _ = _after_meeting_card_1()
    assert after == (first[0], first[2])                        # set aside
    flip(monkeypatch, game_module, "fivebyfive.request_card_scores_once", False)
    first, after, _ = _after_meeting_card_1()
    assert after == first                                       # stays and may score again


def test_request_card_replaced(monkeypatch):
    flip(monkeypatch, game_module, "fivebyfive.request_card_replaced", True)
    first, after, state = _after_meeting_card_1()
    assert len(after) == 3 and first[1] not in after and after[:2] == (first[0], first[2])
    assert after[2] not in state.request_deck                   # drawn from the deck


def test_untaken_meeples_leave_game(monkeypatch):
    def stock_after_round_2_deal():
        state = GameState.new(players=2, seed=3)
        while state.round < 2:
            state.apply(state.legal_actions()[0])
        return sum(state.meeple_stock.values())

    leave = stock_after_round_2_deal()
    flip(monkeypatch, game_module, "fivebyfive.untaken_meeples_leave_game", False)
    assert stock_after_round_2_deal() > leave


def test_display_token_rows():
    board = MainBoard.deal(2, [f"T{i:02d}" for i in range(1, 11)], ["L01", "L02"], display="RBGYK")
    assert board.cube_for(6) is None


def test_display_token_rows_flipped(monkeypatch):
    flip(monkeypatch, mainboard_module, "fivebyfive.display_token_rows", [2, 3, 4, 5, 6])
    board = MainBoard.deal(2, [f"T{i:02d}" for i in range(1, 11)], ["L01", "L02"], display="RBGYK")
    assert board.cube_for(1) is None and board.cube_for(6) == "K"


@pytest.mark.parametrize("key, field", [("fivebyfive.special_cards_per_round", "specials"),
                                        ("fivebyfive.meeples_per_round", "meeples")])
def test_special_cards_and_meeples_per_round(monkeypatch, key, field):
    def dealt():
        state = GameState.new(players=2, seed=2)
        while state.phase == "setup":
            state.apply(state.legal_actions()[0])
        return len(getattr(state.mainboard, field))

    assert dealt() == 5
    flip(monkeypatch, game_module, key, 3)
    assert dealt() == 3


def test_components(monkeypatch):
    data = real("fivebyfive.components")
    assert components().customer_cards.count(components().customer_cards[-1]) == 2       # two white cards
    mix = {"R": 5, "B": 5, "G": 5, "Y": 5, "K": 5, "W": 0}
    flip(monkeypatch, components_module, "fivebyfive.components", {**data, "customer_cards": mix})
    assert "W" not in {c.letter for c in components().customer_cards}


def test_empty_stock_gives_nothing(monkeypatch):
    """Ruling F24: a draw of a colour the stock lacks gives nothing (and the flipped value gives a cube)."""
    def white_cubes_after_an_empty_stock_draw():
        state = GameState.new(players=2, seed=1)
        state.stock["W"] = 0
        state._gain_cube(0, "W", "test")
        return state.players[0].cubes.count("W")

    assert white_cubes_after_an_empty_stock_draw() == 0
    flip(monkeypatch, game_module, "fivebyfive.components.empty_stock_gives_nothing", False)
    assert white_cubes_after_an_empty_stock_draw() == 1


def test_solo_ai_wraps_to_own_column(monkeypatch):
    """Ruling F25: with both columns empty below and beside, the AI takes the top of the own column."""
    board = MainBoard(((None, None), (None, None), ("T01", None), (None, None), (None, None), (None, None)),
                      display="RBGYK")
    # The player took row 4 of column 0; nothing below, nothing in column 1: the AI wraps to row 3.
    assert solo_module.ai_removal(board, 4, 0) == (3, 0)
    flip(monkeypatch, solo_module, "fivebyfive.components.solo_ai_wraps_to_own_column", False)
    assert solo_module.ai_removal(board, 4, 0) is None


def test_first_start_player_random(monkeypatch):
    """Ruling F26: the first start player is drawn at random."""
    starts = {GameState.new(players=4, seed=seed).start_player for seed in range(12)}
    assert len(starts) > 1
    flip(monkeypatch, game_module, "fivebyfive.components.first_start_player_random", False)
    assert {GameState.new(players=4, seed=seed).start_player for seed in range(12)} == {0}


def _crowded_game():
    """A main phase where the player's zoo has only single free cells (A1 and C1): no large tile fits."""
    state = GameState.new(players=2, seed=4)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    free = {"A1", "C1"}
    tiles = [Tile.make(f"{col}{row}", "park") for col in "ABCDE" for row in range(1, 6)
             if f"{col}{row}" not in free]
    state._set(state.current_player, board=Board(tuple(tiles)))
    return state


def test_unplaceable_tile_discarded(monkeypatch):
    state = _crowded_game()
    large = Take(6, 0)
    assert state.refusal(large) is None
    state.apply(large)
    assert [type(a) for a in state.legal_actions()] == [DiscardTile]
    flip(monkeypatch, legality_module, "fivebyfive.components.unplaceable_tile_discarded", False)
    state = _crowded_game()
    why = state.refusal(large)
    assert why.rule == "F23" and "fits nowhere" in why.reason and large not in state.legal_actions()
    assert Take(1, 0) in state.legal_actions()
