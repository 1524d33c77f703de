"""IV. Scoring phase: lineup score (F11), most visitors and solo bonus (F12), request cards (F13),
next start player."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive.scoring import (LineupScore, RequestCard, RoundResult, best_request_cards,
                                        met_by_flow, met_together, most_visitors_award, needed_together,
                                        next_start_player, request_assignment, request_flow_network,
                                        score_round, solo_bonus)
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category

BIRD, REPTILE, AQUATIC = Category.BIRD, Category.REPTILE, Category.AQUATIC


def test_mr_a_lineup_score_is_8():
    score = LineupScore(tiles=5, popularity=2, doors=1)
    assert score.total == 8 and score.lines()[-1] == "8 points in total"


def test_the_two_rulebook_request_cards_need_bird_5_reptile_2_aquatic_1():
    cards = [RequestCard.make({"bird": 3, "aquatic": 1}, 5), RequestCard.make({"bird": 2, "reptile": 2}, 6)]
    assert dict(needed_together(cards)) == {BIRD: 5, REPTILE: 2, AQUATIC: 1}
    enough = {BIRD: 5, REPTILE: 2, AQUATIC: 1}
    assert met_together(cards, enough)
    assert not met_together(cards, {BIRD: 4, REPTILE: 2, AQUATIC: 1})   # each tile serves one card
    assert best_request_cards(cards, {BIRD: 4, REPTILE: 2, AQUATIC: 1}) == (6, (1,))
    tiles = [(f"b{i}", BIRD) for i in range(5)] + [("r1", REPTILE), ("r2", REPTILE), ("a1", AQUATIC)]
    served = request_assignment(cards, tiles)
    assert sorted(served.values()) == [0, 0, 0, 0, 1, 1, 1, 1]
    assert request_assignment(cards, tiles[1:]) is None


def test_a_park_never_counts_for_request_cards():
    with pytest.raises(ValueError, match="Park never counts"):
        RequestCard(((Category.PARK, 1),), 3)


@pytest.mark.parametrize("visitors, expected", [
    ([9, 5], (4, 0)),               # 2 players: no second place
    ([5, 5], (3, 3)),               # tie for first: 6 split (F12 as written)
    ([9, 7, 3], (4, 2, 0)),
    ([9, 9, 3], (3, 3, 0)),         # tie for first: 6 split, no second place
    ([9, 9, 9], (2, 2, 2)),
    ([9, 9, 9, 9], (1, 1, 1, 1)),   # 6 / 4 rounded down
    ([10, 7, 7, 3], (4, 1, 1, 0)),  # tie for second: 2 split
    ([10, 7, 7, 7], (4, 0, 0, 0)),  # 2 / 3 rounded down
])
def test_award_for_most_visitors_and_its_ties(visitors, expected):
    assert most_visitors_award(visitors) == expected


def test_award_needs_2_to_4_players():
    with pytest.raises(ValueError):
        most_visitors_award([3])


@pytest.mark.parametrize("round, threshold", [(1, 7), (2, 10), (3, 13)])
def test_solo_bonus_is_for_strictly_more_than_the_threshold(round, threshold):
    assert solo_bonus(threshold, round) == 0
    assert solo_bonus(threshold + 1, round) == 4


def test_next_start_player_is_the_lowest_score_ties_clockwise_from_the_start_player():
    assert next_start_player([30, 10, 20], start=0) == 1
    assert next_start_player([10, 30, 10], start=1) == 2
    assert next_start_player([10, 30, 10], start=0) == 0


def test_score_round_for_three_players():
    cards = (RequestCard.make({"bird": 1}, 3),)
    results = [RoundResult(LineupScore(5, 2, 1), 5, (BIRD,) * 5, cards),
               RoundResult(LineupScore(5, 0, 0), 5, (), ()),
               RoundResult(LineupScore(3, 0, 0), 3, (), ())]
    lines, start = score_round(results, round=1, scores_before=[0, 0, 0], start=0)
    assert [line["total"] for line in lines] == [8 + 3 + 3, 5 + 3, 3]
    assert start == 2


category_counts = st.lists(st.integers(0, 4), min_size=5, max_size=5)
card_strategy = st.builds(lambda needs, points: RequestCard(tuple(zip(ANIMAL_CATEGORIES, needs)), points)
                          if any(needs) else RequestCard(((BIRD, 1),), points),
                          st.lists(st.integers(0, 3), min_size=5, max_size=5), st.integers(1, 9))


@settings(max_examples=200, deadline=None)
@given(st.lists(card_strategy, min_size=1, max_size=3), category_counts)
def test_the_per_category_sum_rule_agrees_with_maximum_flow(cards, counts):
    tiles = [(f"{c.word}{i}", c) for c, n in zip(ANIMAL_CATEGORIES, counts) for i in range(n)]
    have = dict(zip(ANIMAL_CATEGORIES, counts))
    for size in range(1, len(cards) + 1):
        for chosen in itertools.combinations(cards, size):
            assert met_together(chosen, have) == met_by_flow(list(chosen), tiles)


def test_the_flow_network_is_a_real_graph_a_student_can_inspect():
    cards = [RequestCard.make({"bird": 2}, 4)]
    graph = request_flow_network(cards, [("A1", BIRD), ("B1", BIRD), ("C1", REPTILE)])
    assert graph.edges["source", ("card", 0)]["capacity"] == 2
    assert ("need", 0, "bird") in graph and graph.has_edge(("need", 0, "bird"), ("tile", "A1"))
    assert not graph.has_edge(("need", 0, "bird"), ("tile", "C1"))
