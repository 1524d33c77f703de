"""Rules of the steam rules index (zoobook/steam/rules.toml) that no other test checks on its own:
each test is named by the rule entries that cite it, and asserts the engine's real outcome."""

import pytest

from zoobook.errors import IllegalAction
from zoobook.steam.easter.island import City, Island, easter_island
from zoobook.steam.easter.moai import setup
from zoobook.steam.game import (EndBuild, Game, IssueShares, LayTrack, Pass, RaiseLocomotive, Select, Ship,
                                Urbanize)
from zoobook.steam.game.economy import Economy
from zoobook.steam.game.state import ACTION, BUILD, MOVE
from zoobook.steam.zoo.model import START_FOOD, Area, ZooMap


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def refused(state, action, rule, *words):
    before = state.position
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state.position is before, "a refused action changes nothing"
    assert caught.value.rule == rule, str(caught.value)
    for word in words:
        assert word in str(caught.value), str(caught.value)


def goats_and_yaks(**kwargs):
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], tracks=[[(0, 0), (1, 0), (2, 0)]])
    return Game.zoo(zoo, [(1, 0)], kwargs.pop("turns", 3), **kwargs).new_state()


def test_the_hard_setup_stacks_moai_in_the_west_and_single_cubes_east():
    island = setup(easter_island(), "Hard", seed=5)
    state = Game.easter(island).new_state()
    play(state, IssueShares(0))
    western = {"Yellow 1", "Yellow 2", "Red 3", "Red 4", "Red 5", "Red 6", "Blue 1", "Blue 2"}
    board = state.position.board
    assert {c.name for c in board.cities if len(c.cubes) == 2} == western
    assert {c.name for c in board.cities if len(c.cubes) == 1} == {"Blue 3", "Blue 4", "Blue 5", "Blue 6"}
    # S12a: Rapa Nui may target every moai, the eastern one-cube remnants too
    assert set(state.game.rules.goods.flip_targets(board)) == western | {"Blue 3", "Blue 4", "Blue 5", "Blue 6"}
    assert island.cube_count() == 20


def test_no_goods_growth_on_either_map():
    zoo = play(goats_and_yaks(economy=Economy(cash=10)), IssueShares(0), Select(None), EndBuild(),
               Ship(("goats", "yaks"), (0,)), Pass())
    assert zoo.position.turn == 2
    assert [(a.food, a.fed) for a in zoo.position.board.areas] == [(1, False), (2, True)], "no food comes back"
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
                                                  City("Blue 1", (2, 0), "blue", True)])
    easter = play(Game.easter(island, 3).new_state(), IssueShares(0), Select(None), EndBuild(), Pass(), Pass())
    assert easter.position.turn == 2 and easter.position.board.cube_count() == 2, "no cube is added"


def test_zoo_areas_start_with_two_food():
    assert START_FOOD == 2
    assert all(area.food == 2 for area in goats_and_yaks().position.board.areas)
    with pytest.raises(ValueError, match="food must be between 0 and 2"):
        Area("yaks", (0, 0), 1, food=3)


def test_malformed_actions_are_refused_naming_the_turn_rule():
    state = goats_and_yaks()
    assert state.refusal("ship everything").rule == "S-TURN-2"
    assert state.refusal(IssueShares("two")).rule in {"S11", "S-TURN-2"}
    assert state.refusal(LayTrack([(0, 0)])).rule != ""
    with pytest.raises(IllegalAction):
        state.apply(None)
    assert state.position.phase == "shares"


def test_the_end_of_turn_runs_income_expenses_reduction_then_the_marker():
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue",)),
                                                  City("Blue 1", (2, 0), "blue", True)],
                          tracks=[[(0, 0), (1, 0), (2, 0)]])
    state = Game.easter(island, 3, economy=Economy(cash=10, income=12, shares=2, locomotive=2)).new_state()
    play(state, IssueShares(0), Select("engineer"), EndBuild(), Pass(), Pass())
    tail = state.log[-5:]
    assert [line.split(":")[0] for line in tail[:3]] == ["income", "expenses", "income reduction"], tail
    assert tail[3].startswith("blockers") and tail[4] == "== turn 2", tail
    # $10 - $8 + income 12 - expenses 4 = $10; income 12 reduced by 2
    assert state.position.cash == 10 and state.position.economy.income == 10


def test_each_map_offers_only_its_four_actions():
    zoo = play(goats_and_yaks(), IssueShares(0))
    assert {a.action for a in zoo.legal_actions()} == {None, "engineer", "locomotive", "urbanization", "feeding"}
    refused(zoo, Select("rapa-nui"), "S8", "no action 'rapa-nui'")
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
                                                  City("Blue 1", (2, 0), "blue", True)])
    easter = play(Game.easter(island, 3).new_state(), IssueShares(0))
    assert {a.action for a in easter.legal_actions()} == {None, "engineer", "locomotive", "urbanization",
                                                          "rapa-nui"}
    refused(easter, Select("feeding"), "S9", "no action 'feeding'")


def test_selecting_no_action_is_free_and_moves_no_blocker():
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue",)),
                                                  City("Blue 1", (2, 0), "blue", True)])
    game = Game.easter(island, 3, economy=Economy(cash=10), blocked=frozenset({"engineer"}))
    state = play(game.new_state(), IssueShares(0), Select(None))
    assert state.position.cash == 10 and state.position.card is None
    play(state, EndBuild(), Pass(), Pass())
    assert state.position.blocked == {"engineer"}
    zoo = play(goats_and_yaks(), IssueShares(0), Select(None))
    assert zoo.position.cash == 10 and zoo.position.phase == BUILD    # the start's $10 (S11b)


def test_easter_urbanization_adds_no_cube():
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue", "red"))],
                          towns=[("Town 1", (2, 0))])
    state = Game.easter(island, 3, economy=Economy(cash=30)).new_state()
    play(state, IssueShares(0), Select("urbanization"), Urbanize((2, 0)))
    board = state.position.board
    assert board.city("Town 1").colour == "black" and board.city("Town 1").cubes == ()
    assert board.cube_count() == 2 and state.position.cash == 30 - 8 - 10


def test_a_shipment_visits_no_node_twice_and_follows_links():
    state = goats_and_yaks(phase=MOVE)
    refused(state, Ship(("goats", "yaks", "goats"), (0, 0)), "S3")
    refused(state, Ship(("goats", "yaks"), (5,)), "S-INCOMPLETE-1")
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue",)),
                                                  City("Blue 1", (2, 0), "blue", True)],
                          tracks=[[(0, 0), (1, 0), (2, 0)]])
    easter = Game.easter(island, 3, phase=MOVE).new_state()
    refused(easter, Ship(("Red 3", "Blue 1", "Red 3"), (0, 0)), "S3", "no city twice")
    refused(easter, Ship(("Red 3",), ()), "S3")


def test_a_shipment_uses_at_most_level_links():
    chain = ZooMap.build(areas=[Area(n, (2 * i, 0), 1) for i, n in enumerate("abc")],
                         tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    zoo = Game.zoo(chain, [], 3, phase=MOVE).new_state()          # level 1 (S11b)
    refused(zoo, Ship(("a", "b", "c"), (0, 1)), "S4", "level 2")
    play(zoo, RaiseLocomotive(), Ship(("a", "b", "c"), (0, 1)))
    assert zoo.position.board.area("c").fed
    island = Island.build(plain=[(1, 0), (3, 0), (5, 0)],
                          cities=[City("Red 3", (0, 0), "red", True, ("blue",)), City("Red 4", (2, 0), "red", True),
                                  City("Red 5", (4, 0), "red", True), City("Blue 1", (6, 0), "blue", True)],
                          tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(4, 0), (5, 0), (6, 0)]])
    easter = Game.easter(island, 3, phase=MOVE).new_state()        # level 2 (S11b)
    refused(easter, Ship(("Red 3", "Red 4", "Red 5", "Blue 1"), (0, 1, 2)), "S-GOODS-2", "locomotive level 3")


def test_the_locomotive_never_goes_above_6():
    state = goats_and_yaks(economy=Economy(cash=10, shares=0, locomotive=5), phase=ACTION)
    play(state, Select("locomotive"))
    assert state.position.economy.locomotive == 6
    play(state, EndBuild())
    refused(state, RaiseLocomotive(), "S-LOCOMOTIVE-2", "already at level 6")


def test_an_area_without_food_ships_nothing_and_arrival_feeds():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1, food=0), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)]])
    state = Game.zoo(zoo, [], 3, phase=MOVE).new_state()
    refused(state, Ship(("goats", "yaks"), (0,)), "S-DANGER-2", "no food")
    play(state, Ship(("yaks", "goats"), (0,)))
    board = state.position.board
    assert board.area("goats").fed and board.area("yaks").food == 1 and not board.area("yaks").fed


def test_bonus_tiles_pile_up_one_per_turn_without_limit():
    # the cats have no track: the map stays uncleared and the turn ends normally
    zoo = ZooMap.build(areas=[Area("ants", (0, 0), 1), Area("bees", (6, 0), 1), Area("cats", (8, 2), 1)],
                       exits=[(2, 0), (4, 0)], tracks=[[(0, 0), (1, 0), (2, 0)], [(4, 0), (5, 0), (6, 0)]])
    state = Game.zoo(zoo, [], 5, economy=Economy(cash=30, shares=0, locomotive=2), hand=7).new_state()
    teleport = Ship(("ants", "2,0", "4,0", "bees"), (0, None, 1))
    back = Ship(("bees", "4,0", "2,0", "ants"), (1, None, 0))
    play(state, IssueShares(0), Select(None), EndBuild(), teleport, back)
    # both shipments entered exits: one tile for the turn, on top of the 7 held (no limit)
    assert state.position.turn == 2 and state.position.hand == 8
    play(state, IssueShares(0), Select(None), EndBuild(), Pass(), Pass())
    assert state.position.hand == 8, "no exit entered: no tile"


def test_feeding_helps_one_shipment_and_not_the_second():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("lion", (2, 0), 3), Area("yaks", (4, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    game = Game.zoo(zoo, [], 3, economy=Economy(cash=10, shares=0, locomotive=2), phase=MOVE, card="feeding")
    state = game.new_state()
    play(state, Ship(("goats", "lion", "yaks"), (0, 1)))
    assert state.position.discount_used
    refused(state, Ship(("yaks", "lion", "goats"), (1, 0)), "S4", "level 3")
    without = Game.zoo(zoo, [], 3, economy=Economy(cash=10, shares=0, locomotive=2), phase=MOVE).new_state()
    refused(without, Ship(("goats", "lion", "yaks"), (0, 1)), "S4")


def test_the_game_over_refuses_every_action_naming_the_end_rule():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1, fed=True), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)]])
    state = play(Game.zoo(zoo, [], 1, phase=MOVE).new_state(), Ship(("goats", "yaks"), (0,)))
    assert state.is_terminal() and state.legal_actions() == []
    for action in (Pass(), IssueShares(0), Select(None), EndBuild(), LayTrack([(0, 0), (1, 0)])):
        why = state.refusal(action)
        assert why.rule == "S-END-3" and "game is over" in why.reason
