"""The turn engine: phases, economy, costs, limits, blockers, and refusals that cite their rule."""

import pytest

from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import (EndBuild, Game, IllegalAction, IssueShares, LayTrack, Pass,
                                RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.easter_goods import add_towns
from zoobook.steam.game.economy import Economy, end_of_turn_money, income_reduction
from zoobook.steam.zoo.model import Area, Town, ZooMap


def zoo_game(turns=3, **kwargs):
    """zebras (0,0) d1, goats (3,0) d2, lions (3,2) d5; an exit at (0,2); a town at (6,0)."""
    zoo = ZooMap.build(areas=[Area("zebras", (0, 0), 1), Area("goats", (3, 0), 2),
                              Area("lions", (3, 2), 5)],
                       towns=[Town((6, 0))], exits=[(0, 2)])
    land = [(q, r) for q in range(-1, 8) for r in range(0, 3)
            if (q, r) not in {(0, 0), (3, 0), (3, 2), (0, 2), (6, 0)}]
    return Game.zoo(zoo, land, turns, **kwargs)


def easter_game(turns=4, **kwargs):
    island = Island.build(
        plain=[(1, 0), (3, 0), (1, 1)], mountain=[(5, 0)],
        cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")), City("Blue 1", (2, 0), "blue", True),
                City("Red 4", (4, 0), "red", True, ("blue",)), City("Blue 2", (6, 0), "blue", True)])
    return Game.easter(add_towns(island, [(2, 1)]), turns, **kwargs)


def at_build(game, card=None, target=None, shares=0):
    state = game.new_state()
    state.apply(IssueShares(shares))
    state.apply(Select(card, target))
    return state


def refused(state, action, *words):
    before, log = state.position, list(state.log)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state.position is before and state.log == log, "a refused action changes nothing"
    text = str(caught.value)
    for word in words:
        assert word in text, text
    return text


# -- economy (S11) ---------------------------------------------------------------------------

@pytest.mark.parametrize("income, cut", [(0, 0), (10, 0), (11, 2), (20, 2), (21, 4), (30, 4),
                                         (31, 6), (40, 6), (41, 8), (49, 8), (50, 10), (80, 10)])
def test_income_reduction_table(income, cut):
    assert income_reduction(income) == cut


def test_the_start_is_ruling_s11_and_expenses_are_shares_plus_level():
    start = zoo_game().start
    assert start.economy == Economy(cash=10, income=0, shares=2, locomotive=2)
    after, _ = end_of_turn_money(Economy(cash=3, income=12, shares=5, locomotive=4))
    # income 12 collected -> $15; expenses 9 -> $6; income 12 reduced by 2
    assert (after.cash, after.income) == (6, 10)


def test_an_unpaid_expense_lowers_income_and_below_zero_is_bankruptcy():
    state = zoo_game().new_state()
    for action in [IssueShares(0), Select("locomotive"), EndBuild(), RaiseLocomotive(), Pass()]:
        state.apply(action)
    # $10, income 0, expenses 2 + 4 = 6 -> $4
    assert state.position.cash == 4 and state.position.economy.locomotive == 4
    for action in [IssueShares(0), Select("locomotive"), EndBuild(), RaiseLocomotive(), Pass()]:
        state.apply(action)
    assert state.is_terminal() and "bankrupt" in state.result().reason
    assert state.position.economy.income == -4


def test_shares_bring_5_each_and_stop_at_15():
    state = zoo_game().new_state()
    state.apply(IssueShares(13))
    assert state.position.economy.shares == 15 and state.position.cash == 75
    other = zoo_game().new_state()
    refused(other, IssueShares(14), "at most 15", "S11")


# -- phases and refusals ----------------------------------------------------------------------

def test_actions_out_of_phase_are_refused_with_the_turn_order():
    state = zoo_game().new_state()
    refused(state, Select("engineer"), "shares phase", "base-games.md")
    refused(state, Ship(("zebras", "goats"), (0,)), "move goods")


def test_zoo_track_costs_4_and_3_tiles_engineer_2_and_4_tiles():
    plain = at_build(zoo_game())
    plain.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    assert plain.position.cash == 10 - 2 * 4
    refused(plain, LayTrack([(3, 0), (4, 0), (5, 0)]), "exceeds the limit of 3", "S8")
    engineer = at_build(zoo_game(), "engineer")
    engineer.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    engineer.apply(LayTrack([(3, 0), (3, 1), (3, 2)]))
    engineer.apply(LayTrack([(3, 0), (4, 0)]))
    assert engineer.position.cash == 10 - 4 * 2 and engineer.position.tiles_laid == 4
    refused(engineer, LayTrack([(4, 0), (5, 0)]), "exceeds the limit of 4")


def test_track_is_refused_where_ruling_s2_forbids_it():
    state = at_build(zoo_game(), "engineer")
    refused(state, LayTrack([(1, 0), (2, 0)]), "neither a node nor the end", "S2")
    refused(state, LayTrack([(0, 0), (2, 0)]), "not a neighbour")
    refused(state, LayTrack([(0, 0), (0, -1)]), "not a hex where track may be laid")
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    refused(state, LayTrack([(3, 0), (2, 0), (1, 1)]), "already holds track", "S2")
    broke = at_build(zoo_game())
    broke.position = broke.position.with_(economy=broke.position.economy.with_(cash=3))
    refused(broke, LayTrack([(0, 0), (1, 0)]), "cost $4 and you have $3", "S8")


def test_incomplete_track_is_lost_when_not_extended_by_the_next_build():
    state = at_build(zoo_game())
    state.apply(LayTrack([(0, 0), (1, 0)]))
    for action in [EndBuild(), Pass(), Pass(), IssueShares(0), Select(None)]:
        state.apply(action)
    assert len(state.position.board.tracks) == 1, "kept through the next build"
    state.apply(EndBuild())
    assert state.position.board.tracks == () and "is lost" in state.log[-1]


def test_an_extended_stub_survives_and_can_be_completed():
    state = at_build(zoo_game())
    state.apply(LayTrack([(0, 0), (1, 0)]))
    for action in [EndBuild(), Pass(), Pass(), IssueShares(1), Select(None)]:
        state.apply(action)
    state.apply(LayTrack([(1, 0), (2, 0), (3, 0)]))
    state.apply(EndBuild())
    (track,) = state.position.board.tracks
    assert track.hexes == ((0, 0), (1, 0), (2, 0), (3, 0)) and state.position.stubs == ()


def test_feeding_lowers_one_danger_in_one_shipment_only():
    state = at_build(zoo_game(), "feeding", shares=1)
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    state.apply(LayTrack([(3, 0), (3, 1), (3, 2)]))
    state.apply(EndBuild())
    # from the lions (danger 5) at level 2 is impossible even with Feeding (S4, S6)
    refused(state, Ship(("lions", "goats"), (1,)), "level 4 even with the Feeding discount", "S4")
    state.apply(Ship(("goats", "lions"), (1,)))
    assert not state.position.discount_used  # goats' danger 2 did not need it


def test_exit_bonus_tile_is_laid_free_beyond_the_limit():
    game = zoo_game(hand=1)
    state = at_build(game)
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    state.apply(LayTrack([(3, 0), (3, 1)], hand=1))
    assert state.position.tiles_laid == 2 and state.position.hand == 0 and state.position.cash == 2
    refused(state, LayTrack([(3, 1), (4, 1)], hand=1), "hold 0 bonus tiles", "S7")


def test_urbanization_makes_a_town_a_danger_1_new_city():
    state = at_build(zoo_game(), "urbanization", shares=1)
    state.apply(Urbanize((6, 0)))
    assert state.position.board.danger("6,0") == 1 and state.position.cash == 15 - 10
    refused(state, Urbanize((6, 0)), "placed it already")
    plain = at_build(zoo_game())
    refused(plain, Urbanize((6, 0)), "only the Urbanization action")


def test_locomotive_action_and_one_raise_per_move_goods_phase():
    state = at_build(zoo_game(), "locomotive")
    assert state.position.economy.locomotive == 3
    state.apply(EndBuild())
    state.apply(RaiseLocomotive())
    refused(state, RaiseLocomotive(), "at most once per move-goods phase")


# -- Easter Island ------------------------------------------------------------------------

def test_easter_actions_cost_8_paid_before_the_rapa_nui_5():
    poor = easter_game(economy=Economy(cash=7)).new_state()
    poor.apply(IssueShares(0))
    refused(poor, Select("rapa-nui", "Red 3"), "costs $8 and you have $7", "S9")
    state = easter_game(economy=Economy(cash=8)).new_state()
    state.apply(IssueShares(0))
    state.apply(Select("rapa-nui", "Red 3"))
    assert state.position.cash == 5
    assert state.position.board.city("Red 3").cubes == ("red", "blue")
    other = easter_game().new_state()
    other.apply(IssueShares(0))
    refused(other, Select("rapa-nui", "Red 4"), "stack of two cubes", "S9")


def test_easter_blockers_cycle_after_four_selections():
    state = easter_game(turns=10, economy=Economy(cash=100)).new_state()
    order = ["engineer", "locomotive", "urbanization", "rapa-nui", "engineer"]
    blocked_after = []
    for card in order:
        state.apply(IssueShares(0))
        if card == "rapa-nui":
            state.apply(Select(card, "Red 3"))
        else:
            state.apply(Select(card))
        for action in [EndBuild(), Pass(), Pass()]:
            state.apply(action)
        blocked_after.append(sorted(state.position.blocked))
    assert blocked_after == [["engineer"], ["engineer", "locomotive"],
                             ["engineer", "locomotive", "urbanization"], [], ["engineer"]]
    state.apply(IssueShares(0))
    refused(state, Select("engineer"), "action blocker", "S9")
    state.apply(Select(None))  # choosing none is allowed and moves no blocker


def test_easter_track_prices_plain_3_mountain_4_and_cube_rules():
    state = at_build(easter_game())
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0)]))
    state.apply(LayTrack([(4, 0), (5, 0), (6, 0)]))
    assert state.position.cash == 10 - 3 - 4
    state.apply(EndBuild())
    refused(state, Ship(("Red 3", "Blue 1"), (0,)), "top cube of Red 3 is red", "S9")
    state.apply(Ship(("Red 4", "Blue 2"), (1,)))
    assert state.position.board.city("Red 4").cubes == ()


def test_easter_urbanization_puts_a_black_city_on_a_town():
    state = at_build(easter_game(), "urbanization", shares=2)
    state.apply(Urbanize((2, 1)))
    assert state.position.board.city("2,1").colour == "black"


def test_legal_actions_are_all_accepted_and_the_game_ends_after_the_limit():
    state = zoo_game(turns=1).new_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and all(state.refusal(a) is None for a in legal)
        state.apply(legal[-1])
    assert not state.result().cleared and "turn 1" in state.result().reason
    assert state.legal_actions() == []
    assert "LOST" in str(state)
