"""The turn engine: phases, economy, costs, limits, blockers, and refusals that cite their rule."""

import pytest

from zoobook.errors import IllegalAction
from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import (EndBuild, Game, GameResult, IssueShares, LayTrack, Pass, RaiseLocomotive,
                                Select, Ship, Urbanize)
from zoobook.steam.game.easter_goods import add_towns
from zoobook.steam.game.economy import Economy, end_of_turn_money, income_reduction
from zoobook.steam.zoo.model import Area, Town, ZooMap


#: Most tests below start the Zoo with Easter Island's money so that they are about one rule
#: each; the Zoo's own start (S11b) has its own test.
FUNDED = Economy(cash=10, income=0, shares=2, locomotive=2)


def zoo_game(turns=3, **kwargs):
    """zebras (0,0) d1, goats (3,0) d2, lions (3,2) d5; an exit at (0,2); a town at (6,0)."""
    kwargs.setdefault("economy", FUNDED)
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
    assert caught.value.rule, f"the refusal names no rule: {text}"
    assert "base-games" not in text and "rulings.md" not in text, text
    for word in words:
        assert word in text, text
    return text


# -- economy (S11) ---------------------------------------------------------------------------

@pytest.mark.parametrize("income, cut", [(0, 0), (10, 0), (11, 2), (20, 2), (21, 4), (30, 4),
                                         (31, 6), (40, 6), (41, 8), (49, 8), (50, 10), (80, 10)])
def test_income_reduction_table(income, cut):
    assert income_reduction(income) == cut


def test_each_map_starts_as_ruling_s11b_says_and_expenses_are_shares_plus_level():
    zoo = Game.zoo(ZooMap.build(areas=[Area("a", (0, 0), 1), Area("b", (2, 0), 1)]), [(1, 0)])
    # the base game's start (S11b, replacing S11a's $0 and no share): 2 shares issued, $10, locomotive 1
    assert zoo.start.economy == Economy(cash=10, income=0, shares=2, locomotive=1)
    assert zoo.start.economy.expenses == 3
    assert zoo.new_state().legal_actions()[0] == IssueShares(0)
    # a turn of doing nothing costs the 2 shares and the level: $10 -> $7
    idle = zoo.new_state()
    for action in [IssueShares(0), Select(None), EndBuild(), Pass(), Pass()]:
        idle.apply(action)
    assert (idle.position.turn, idle.position.cash, idle.position.economy.income) == (2, 7, 0)
    assert easter_game().start.economy == Economy(cash=10, income=0, shares=2, locomotive=2)
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
    refused(other, IssueShares(14), "at most 15", "S-ECONOMY-1")


# -- phases and refusals ----------------------------------------------------------------------

def test_actions_out_of_phase_are_refused_with_the_turn_order():
    state = zoo_game().new_state()
    refused(state, Select("engineer"), "shares phase", "S11")
    refused(state, Ship(("zebras", "goats"), (0,)), "move goods")


def test_zoo_track_costs_4_and_3_tiles_engineer_2_and_4_tiles():
    plain = at_build(zoo_game())
    plain.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    assert plain.position.cash == 10 - 2 * 4
    refused(plain, LayTrack([(3, 0), (4, 0), (5, 0)]), "at most 3 tiles", "S-TRACK-1")
    engineer = at_build(zoo_game(), "engineer")
    engineer.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    engineer.apply(LayTrack([(3, 0), (3, 1), (3, 2)]))
    engineer.apply(LayTrack([(3, 0), (4, 0)]))
    assert engineer.position.cash == 10 - 4 * 2 and engineer.position.tiles_laid == 4
    refused(engineer, LayTrack([(4, 0), (5, 0)]), "at most 4 tiles with the Engineer", "S-TRACK-1")


def test_track_is_refused_where_ruling_s2_forbids_it():
    state = at_build(zoo_game(), "engineer")
    refused(state, LayTrack([(1, 0), (2, 0)]), "starts at a city, town or exit", "S-TRACK-1")
    refused(state, LayTrack([(0, 0), (2, 0)]), "does not touch")
    refused(state, LayTrack([(0, 0), (0, -1)]), "only on the land hexes of the map")
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]))
    refused(state, LayTrack([(3, 0), (2, 0), (1, 1)]), "already holds track", "S2")
    broke = at_build(zoo_game())
    broke.position = broke.position.with_(economy=broke.position.economy.with_(cash=3))
    refused(broke, LayTrack([(0, 0), (1, 0)]), "cost $4 ($4 a tile) and you have $3", "S-TRACK-4")


def test_incomplete_track_not_extended_by_the_next_build_loses_its_owner_but_stays():
    state = at_build(zoo_game())
    state.apply(LayTrack([(0, 0), (1, 0)]))
    for action in [EndBuild(), Pass(), Pass(), IssueShares(0), Select(None)]:
        state.apply(action)
    assert state.position.stubs == (((1, 0), 1),) and state.position.unowned == frozenset()
    state.apply(EndBuild())
    (track,) = state.position.board.tracks
    assert track.hexes == ((0, 0), (1, 0)), "S15: it stays on the board"
    assert state.position.unowned == {0} and state.position.stubs == ()
    assert "loses its owner and stays on the board (S15)" in state.log[-1]


def test_ownerless_track_holds_its_hex_carries_goods_for_nothing_until_extended():
    state = at_build(zoo_game(turns=5, economy=Economy(cash=40, shares=2, locomotive=2)))
    state.apply(LayTrack([(0, 0), (1, 0)]))
    for action in [EndBuild(), Pass(), Pass(), IssueShares(0), Select(None), EndBuild(),
                   Pass(), Pass(), IssueShares(0), Select(None)]:
        state.apply(action)
    assert state.position.unowned == {0}
    refused(state, LayTrack([(1, 1), (1, 0)]), "starts at a city, town or exit", "S-TRACK-1")
    refused(state, LayTrack([(0, 0), (1, 0)]), "already holds track", "S2")
    cash = state.position.cash
    state.apply(LayTrack([(1, 0), (2, 0), (3, 0)]))  # extending takes it back (S15), completes it
    assert state.position.unowned == frozenset() and state.position.cash == cash - 4
    assert "takes back" in state.log[-1]
    state.apply(EndBuild())
    state.apply(Ship(("zebras", "goats"), (0,)))
    assert state.position.economy.income == 1


def test_a_shipment_over_ownerless_track_earns_no_income_and_no_score():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1), Area("ibex", (4, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    game = Game.zoo(zoo, [], 1, economy=FUNDED, unowned=frozenset({1}))
    state = game.new_state()
    for action in [IssueShares(0), Select(None), EndBuild(), Ship(("goats", "yaks", "ibex"), (0, 1))]:
        state.apply(action)
    assert state.position.economy.income == 1 and "1 without an owner earns nothing" in state.log[-2]
    assert state.score() == 3 * 1 - 3 * 2 + 1, "only the owned link's tile scores (S10a, S15)"


def test_exit_track_to_a_town_is_incomplete_until_the_town_becomes_a_new_city():
    zoo = ZooMap.build(areas=[Area("a", (0, 0), 1), Area("b", (0, 2), 1)], towns=[Town((4, 0))],
                       exits=[(2, 0)])
    game = Game.zoo(zoo, [(1, 0), (3, 0), (0, 1)], 3, economy=Economy(cash=40, shares=0, locomotive=1))
    state = game.new_state()
    state.apply(IssueShares(0))
    state.apply(Select("urbanization"))
    state.apply(LayTrack([(2, 0), (3, 0), (4, 0)]))
    assert "makes no link (S2a)" in state.log[-1] and state.position.stubs == (((3, 0), 1),)
    state.apply(Urbanize((4, 0)))
    state.apply(EndBuild())
    assert state.position.stubs == (), "complete once the town is a new city (S2a)"
    assert state.position.board.hexmap.complete_links()[0].end == "4,0"


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
    refused(state, RaiseLocomotive(), "once a turn at most", "S-LOCOMOTIVE-2")


# -- Easter Island ------------------------------------------------------------------------

def test_easter_actions_cost_8_paid_before_the_rapa_nui_5():
    poor = easter_game(economy=Economy(cash=7)).new_state()
    poor.apply(IssueShares(0))
    refused(poor, Select("rapa-nui", "Red 3"), "paid before any cash it gives, and you have $7", "S-ACTIONS-1")
    state = easter_game(economy=Economy(cash=8)).new_state()
    state.apply(IssueShares(0))
    state.apply(Select("rapa-nui", "Red 3"))
    assert state.position.cash == 5
    assert state.position.board.city("Red 3").cubes == ("red", "blue")
    other = easter_game().new_state()
    other.apply(IssueShares(0))
    refused(other, Select("rapa-nui", "Blue 1"), "Blue 1 holds none", "S-MOAI-2")


def test_rapa_nui_may_turn_a_one_cube_remnant_which_changes_nothing_and_pays_5():
    # S12a: Red 4 holds one blue cube, a remnant; turning it leaves it, the stunt pays $5.
    state = easter_game(economy=Economy(cash=8)).new_state()
    state.apply(IssueShares(0))
    assert Select("rapa-nui", "Red 4") in state.legal_actions()
    assert Select("rapa-nui") not in state.legal_actions()  # cubes are left: a target is named
    before = state.position.board
    state.apply(Select("rapa-nui", "Red 4"))
    assert state.position.board.city("Red 4").cubes == ("blue",) == before.city("Red 4").cubes
    assert state.position.cash == 8 - 8 + 5
    assert "one-cube remnant" in state.log[-2] and "+$5" in state.log[-1]


def test_rapa_nui_with_no_cube_left_costs_8_and_pays_nothing():
    # S12: no cube on the map, so nothing to turn: $8 paid, no $5.
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True),
                                                  City("Blue 1", (2, 0), "blue", True)])
    state = Game.easter(island, 2, economy=Economy(cash=10)).new_state()
    state.apply(IssueShares(0))
    refused(state, Select("rapa-nui", "Red 3"), "none, so select it with no target", "S-MOAI-2")
    state.apply(Select("rapa-nui"))
    assert state.position.cash == 2
    assert "no cube is left on the map" in state.log[-1]


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
    refused(state, Select("engineer"), "action blocker", "S-BLOCKERS-2")
    state.apply(Select(None))  # choosing none is allowed and moves no blocker


def test_easter_track_prices_plain_3_mountain_4_and_cube_rules():
    state = at_build(easter_game())
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0)]))
    state.apply(LayTrack([(4, 0), (5, 0), (6, 0)]))
    assert state.position.cash == 10 - 3 - 4
    state.apply(EndBuild())
    refused(state, Ship(("Red 3", "Blue 1"), (0,)), "top cube of Red 3 is red", "S-GOODS-3")
    state.apply(Ship(("Red 4", "Blue 2"), (1,)))
    assert state.position.board.city("Red 4").cubes == ()


def test_easter_urbanization_puts_a_black_city_on_a_town():
    state = at_build(easter_game(), "urbanization", shares=2)
    state.apply(Urbanize((2, 1)))
    assert state.position.board.city("2,1").colour == "black"


def test_legal_actions_are_the_ones_counted_by_hand_and_the_game_ends_after_the_limit():
    # goats (0,0) and yaks (2,0), one land hex between: every legal action, phase by phase,
    # written out from the rules (not from the engine's own check)
    state = two_areas(turns=1, economy=FUNDED).new_state()
    assert state.legal_actions() == [IssueShares(n) for n in range(0, 14)]
    state.apply(IssueShares(0))
    assert {a.action for a in state.legal_actions()} == {None, "engineer", "locomotive",
                                                         "urbanization", "feeding"}
    state.apply(Select(None))
    assert set(state.legal_actions()) == {
        LayTrack([(0, 0), (1, 0)]), LayTrack([(0, 0), (1, 0), (2, 0)]),
        LayTrack([(2, 0), (1, 0)]), LayTrack([(2, 0), (1, 0), (0, 0)]), EndBuild()}
    # after a one-tile stub no free hex is left, and a lay puts down at least one tile (S2)
    assert state.child(LayTrack([(0, 0), (1, 0)])).legal_actions() == [EndBuild()]
    state.apply(LayTrack([(0, 0), (1, 0), (2, 0)]))
    assert state.legal_actions() == [EndBuild()]
    state.apply(EndBuild())
    assert set(state.legal_actions()) == {Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,)),
                                          RaiseLocomotive(), Pass()}
    state.apply(RaiseLocomotive())
    assert set(state.legal_actions()) == {Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,)),
                                          Pass()}
    state.apply(Pass())
    assert not state.result().cleared and "turn 1" in state.result().reason
    assert state.legal_actions() == []
    assert "LOST" in str(state)


# -- amendments of 2026-12-01: S12, S13, S10a ----------------------------------------------

def two_areas(turns=2, **kwargs):
    """goats (0,0) and yaks (2,0), danger 1, one land hex between them."""
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    return Game.zoo(zoo, [(1, 0)], turns, **kwargs)


def test_a_map_fed_in_full_is_cleared_at_once_before_expenses_can_bankrupt_it():
    # $4 pays the one tile; 5 shares + locomotive 1 = $6 of expenses the empty purse cannot pay:
    # income 2 - shortfall 6 = -4 would be bankruptcy, but the map is cleared first (S13).
    state = two_areas(economy=Economy(cash=4, income=0, shares=5, locomotive=1)).new_state()
    for action in [IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(),
                   Ship(("goats", "yaks"), (0,))]:
        state.apply(action)
    assert not state.is_terminal()
    state.apply(Ship(("yaks", "goats"), (0,)))
    result = state.result()
    assert result.cleared and result.turns == 1 and result.cash == 0
    assert not any(line.startswith(("income:", "expenses:")) for line in state.log), state.log
    assert state.log[-1].startswith("CLEARED in turn 1")


def test_the_clear_ends_the_game_at_the_first_shipment_that_completes_it():
    # the goats were fed before the game; one shipment feeds the yaks and ends it (S13)
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1, fed=True), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)]])
    state = Game.zoo(zoo, [], 1).new_state()
    for action in [IssueShares(0), Select(None), EndBuild(), Ship(("goats", "yaks"), (0,))]:
        state.apply(action)
    assert state.is_terminal() and state.result().cleared and state.position.moves == 0
    assert state.legal_actions() == []


def test_void_actions_may_still_be_selected_and_cost_as_usual():
    # Locomotive at level 6 and Rapa Nui with no cube left on the map (S12, S12a)
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True),
                                                  City("Blue 1", (2, 0), "blue", True)])
    game = Game.easter(island, 10, economy=Economy(cash=30, locomotive=6))
    state = game.new_state()
    state.apply(IssueShares(0))
    assert Select("locomotive") in state.legal_actions()
    assert Select("rapa-nui") in state.legal_actions()
    refused(state, Select("rapa-nui", "Red 3"), "Red 3 holds none", "S-MOAI-2")
    state.apply(Select("locomotive"))
    assert state.position.economy.locomotive == 6 and state.position.cash == 22
    assert "no effect (S12)" in state.log[-1]
    for action in [EndBuild(), Pass(), Pass(), IssueShares(0), Select("rapa-nui")]:
        state.apply(action)
    # expenses 2 shares + level 6, then $8 for Rapa Nui and no $5: nothing was flipped
    assert state.position.cash == 22 - 8 - 8
    for action in [EndBuild(), Pass(), Pass()]:
        state.apply(action)
    assert state.position.blocked == frozenset({"locomotive", "rapa-nui"})


def test_no_action_is_ever_locked_out_for_the_rest_of_a_game():
    # whatever the position, every unblocked action the player can pay for is selectable
    zoo_state = zoo_game(economy=Economy(cash=0, shares=0, locomotive=6)).new_state()
    zoo_state.apply(IssueShares(0))
    assert {a.action for a in zoo_state.legal_actions()} == {None, "engineer", "locomotive",
                                                             "urbanization", "feeding"}


def test_the_result_carries_the_base_game_score_and_ranks_by_turns_score_cash():
    # two ways to clear the same map in turn 1: one issues an extra share it does not need
    def clear(shares):
        state = two_areas(economy=Economy(cash=4, shares=0, locomotive=1)).new_state()
        for action in [IssueShares(shares), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)]),
                       EndBuild(), Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,))]:
            state.apply(action)
        return state.result()

    lean, rich = clear(0), clear(1)
    # S10a: 3 per income level (2), -3 per share, +1 per track tile in complete links (1)
    assert (lean.score, rich.score) == (3 * 2 + 1, 3 * 2 - 3 + 1)
    assert (lean.cash, rich.cash) == (0, 5)
    assert sorted([rich, lean], key=lambda r: r.rank) == [lean, rich], "score before cash"
    lost = GameResult(False, 1, 99, "lost", 99)
    slower = GameResult(True, 2, 99, "", 99)
    assert sorted([lost, slower, rich], key=lambda r: r.rank) == [rich, slower, lost]


# -- Easter Island towns and black cubes (S14) ------------------------------------------------

def test_a_black_cube_is_shipped_to_the_black_city_that_urbanization_makes():
    island = Island.build(plain=[(1, 0), (3, 0)],
                          cities=[City("Red 3", (0, 0), "red", True, ("black",)),
                                  City("Red 4", (4, 0), "red", True)])
    game = Game.easter(add_towns(island, [(2, 0)]), 2, economy=Economy(cash=40, shares=2, locomotive=2))
    goods = game.rules.goods
    assert goods.level_needed(game.start.board) == 1, "a town can become the black cube's city"
    state = game.new_state()
    for action in [IssueShares(0), Select("urbanization"), Urbanize((2, 0)),
                   LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(2, 0), (3, 0), (4, 0)]), EndBuild(),
                   Ship(("Red 3", "2,0"), (0,))]:
        state.apply(action)
    assert state.is_terminal() and state.result().cleared and state.result().turns == 1
    # without a town the black cube has nowhere to go, and the reason says so
    bare = Game.easter(island, 2).start.board
    assert goods.level_needed(bare) is None
    assert "black cube on Red 3" in goods.impossible_reason(bare)


def test_the_assumed_island_has_four_towns_and_a_bag_with_black_cubes():
    from zoobook.assumed import assumed
    from zoobook.steam.easter.island import easter_island

    island = easter_island()
    assert island.towns() == ["Town 1", "Town 2", "Town 3", "Town 4"]
    assert all(c.ruin for c in island.cities), "the towns are not cities (S14)"
    assert "black" in assumed("steam.easter.cube_colours")
    game = Game.easter(island)
    assert sorted(game.rules.goods.towns(game.start.board)) == sorted(
        island.hexmap.node(name).hex for name in island.towns())


def test_the_track_that_joins_the_last_ruin_clears_easter_island_at_once():
    # no cube is left; the lay that joins the two ruins meets the last condition (S13)
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True),
                                                  City("Blue 1", (2, 0), "blue", True)])
    state = Game.easter(island, 3).new_state()
    for action in [IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)])]:
        state.apply(action)
    result = state.result()
    assert state.is_terminal() and result.cleared and result.turns == 1 and result.cash == 7
    assert result.score == 3 * 0 - 3 * 2 + 1
