"""Solo rules: the AI's two priority rules, the solo bonus, the rank table (F12, F19)."""

import pytest

from zoobook.fivebyfive.mainboard import MainBoard
from zoobook.fivebyfive.scoring import solo_bonus
from zoobook.fivebyfive.solo import RANKS, ai_removal, solo_rank


def solo_board():
    return MainBoard.deal(1, [f"T{i:02d}" for i in range(1, 11)], ["L01", "L02"], display="RBGYK")


def test_rule_1_the_first_tile_below_in_the_same_column():
    board = solo_board().take(3, 1)
    assert ai_removal(board, 3, 1) == (4, 1)
    board = board.take(4, 1).take(5, 1)           # a gap: the next one further down
    board = solo_board().take(4, 1).take(2, 1)
    assert ai_removal(board, 2, 1) == (3, 1)
    board = solo_board().take(3, 1).take(2, 1)
    assert ai_removal(board, 2, 1) == (4, 1)      # skips the empty slot just below


def test_rule_2_no_tile_below_then_the_next_column_top_to_bottom():
    board = solo_board().take(6, 0)
    assert ai_removal(board, 6, 0) == (1, 1)
    board = solo_board().take(1, 1).take(6, 0)
    assert ai_removal(board, 6, 0) == (2, 1)


def test_assumed_wrap_to_the_own_column_when_the_other_is_empty():
    board = solo_board()
    for row in range(1, 7):
        board = board.take(row, 1)
    board = board.take(6, 0)
    assert ai_removal(board, 6, 0) == (1, 0)


def test_a_solo_round_leaves_two_tiles():
    board = solo_board()
    for _ in range(5):
        row, column = board.slots()[0]
        board = board.take(row, column)
        board = board.take(*ai_removal(board, row, column))
    assert len(board.remaining()) == 2


@pytest.mark.parametrize("round_number, threshold", [(1, 7), (2, 10), (3, 13)])
def test_solo_bonus_needs_strictly_more_than_the_total(round_number, threshold):
    assert solo_bonus(threshold, round_number) == 0
    assert solo_bonus(threshold + 1, round_number) == 4


@pytest.mark.parametrize("score, rank", [
    (200, "Legendary Zookeeper"), (160, "Legendary Zookeeper"), (159, "World's Best Zookeeper"),
    (140, "Chief of the Zoo"), (139, "Outstanding Zoo Head"), (120, "Ordinary Zoomaster"),
    (110, "Deputy Director"), (100, "Excellent Keeper"), (99, "Normal Keeper"), (80, "Normal Keeper"),
    (79, "Part-time Keeper"), (60, "Part-time Keeper"), (59, "Totally uninterested in zookeeping"),
    (0, "Totally uninterested in zookeeping"),
])
def test_rank_table_with_f19(score, rank):
    assert solo_rank(score) == rank


def test_every_band_is_reachable():
    assert {solo_rank(s) for s in range(0, 200)} == {name for _, name in RANKS}
