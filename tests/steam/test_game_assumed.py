"""Every steam assumed value is read by the code it governs: flip it and the behaviour changes (F23)."""


from zoobook.steam.easter.island import easter_island
from zoobook.steam.easter.moai import setup
from zoobook.steam.game import EndBuild, Game, IssueShares, Select, Urbanize
from zoobook.steam.game.economy import Economy
from zoobook.steam.zoo.model import Area, Town, ZooMap


def urbanized_cash():
    zoo = ZooMap.build(areas=[Area("a", (0, 0), 1), Area("b", (2, 0), 1)], towns=[Town((4, 0))])
    state = Game.zoo(zoo, [(1, 0)], 2, economy=Economy(cash=20)).new_state()
    for action in [IssueShares(0), Select("urbanization"), Urbanize((4, 0)), EndBuild()]:
        state.apply(action)
    return state.position.cash


def test_the_price_of_a_new_city_is_read_from_the_assumed_values(flip):
    assert urbanized_cash() == 20 - 10
    flip("steam", "urbanize_cost", 3)
    assert urbanized_cash() == 20 - 3


def test_the_turn_limit_is_read_from_the_assumed_values(flip):
    zoo = ZooMap.build(areas=[Area("a", (0, 0), 1), Area("b", (2, 0), 1)])
    assert Game.zoo(zoo, [(1, 0)]).turns == 10
    flip("steam", "turns", 4)
    assert Game.zoo(zoo, [(1, 0)]).turns == 4


def test_the_cube_bag_and_the_towns_are_read_from_the_assumed_values(flip):
    flip("steam.easter", "cube_colours", ["black"])
    island = setup(easter_island(), "Hard", seed=5)
    assert {cube for city in island.cities for cube in city.cubes} == {"black"}
    flip("steam.easter", "towns", [{"mark": "T2", "name": "Hanga Roa"}])
    assert easter_island().towns() == ["Hanga Roa"]
