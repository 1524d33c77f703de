"""Legality: every refusal has its reason; every action does what the rulebook sentence says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from zoobook.zooloretto import actions as act
from zoobook.errors import IllegalAction
from zoobook.zooloretto.actions import place_tile, refusal
from zoobook.zooloretto.model import Tile, box_problems
from zoobook.zooloretto.scoring import score

from .conftest import zoo_from

TB, CS = "three-buildings", "construction-sites"
T = Tile.parse


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as info:
        call(*args, **kwargs)
    return info.value.reason


# -- placing -------------------------------------------------------------------------------------------
def test_one_species_per_enclosure_and_the_barn_takes_anything():
    zoo = zoo_from(enclosure={"5": {"animals": ["camel"]}})
    why = refusal(zoo, T("zebra"), "5")
    assert why.reason == "the 5-space enclosure holds camels; one species per enclosure"
    assert why.rule == "Z-PLACE-2"
    assert refusal(zoo, T("zebra"), "barn") is None
    assert refusal(zoo, T("zebra"), "6") is None


def test_a_species_may_live_in_two_enclosures():
    zoo = zoo_from(enclosure={"5": {"animals": ["camel"]}})
    assert place_tile(zoo, T("camel"), "6").zoo.enclosure("6").species == "camel"


def test_a_full_enclosure_and_a_marked_space_refuse_animals():
    full = zoo_from(enclosure={"4": {"animals": ["zebra"] * 4}})
    assert refusal(full, T("zebra"), "4").reason == "the 4-space enclosure has no empty space"
    marked = zoo_from(expansions=[CS], enclosure={"4": {"animals": ["zebra"] * 3, "sites": 1}})
    assert "construction-site marker takes no tile" in refusal(marked, T("zebra"), "4")


def test_stalls_need_an_empty_stall_space():
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"stalls": ["kiosk"]}, "6": {"stalls": ["site"]},
                                               "4": {"stalls": ["snack"]}})
    assert refusal(zoo, T("barrow"), "5").reason == "the 5-space enclosure has no empty vending stall space"
    assert refusal(zoo, T("barrow"), "6").rule == "Z-SITES-6"
    assert refusal(zoo, T("barrow"), "4") is None  # the 4-space enclosure has two stall spaces


def test_filling_an_enclosure_pays_its_coins():
    """Coins for filling: 5-space 2, 4-space 1, 6-space 0, expansion board 1."""
    for key, size, coins in (("5", 5, 2), ("4", 4, 1), ("6", 6, 0), ("x1", 5, 1)):
        zoo = zoo_from(expansion_boards=1, enclosure={key: {"animals": ["camel"] * (size - 1)}})
        assert place_tile(zoo, T("camel"), key).zoo.coins == coins


def test_an_animal_filling_beside_a_pavilion_pays_but_a_pavilion_never_does():
    beside = zoo_from(expansions=[TB], coins=0, enclosure={"5": {"animals": ["camel"] * 3, "pavilions": 1}})
    assert place_tile(beside, T("camel"), "5").zoo.coins == 2
    last = zoo_from(expansions=[TB], coins=3, enclosure={"5": {"animals": ["camel"] * 4}})
    after = act.buy_pavilion(last, "5").zoo
    assert after.enclosure("5").is_full and after.coins == 0


def test_a_marked_enclosure_never_fills_so_never_pays():
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"animals": ["camel"] * 3, "sites": 1}})
    assert place_tile(zoo, T("camel"), "5").zoo.coins == 0


# -- births ---------------------------------------------------------------------------------------------
def test_a_fertile_pair_produces_one_offspring_in_the_enclosure():
    zoo = zoo_from(enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}})
    out = place_tile(zoo, T("panda-female"), "6")
    six = out.zoo.enclosure("6")
    assert (six.animals, six.offspring, six.fertile) == (3, 1, ())
    # each fertile animal breeds once: a second female finds no unbred male
    again = place_tile(out.zoo, T("panda-female"), "6").zoo.enclosure("6")
    assert (again.animals, again.offspring, again.fertile) == (4, 1, ("female",))


def test_offspring_goes_to_the_barn_when_the_enclosure_is_full():
    zoo = zoo_from(enclosure={"4": {"animals": ["zebra"] * 3, "fertile": ["female"]}})
    out = place_tile(zoo, T("zebra-male"), "4")
    assert out.zoo.enclosure("4").animals == 4 and out.zoo.barn.animals == ("zebra",)
    assert out.zoo.barn.offspring == 1 and out.zoo.coins == 1


def test_the_offspring_can_be_the_tile_that_fills_and_pays():
    zoo = zoo_from(enclosure={"4": {"animals": ["zebra"] * 2, "fertile": ["female"]}})
    out = place_tile(zoo, T("zebra-male"), "4")
    assert out.zoo.enclosure("4").is_full and out.zoo.coins == 1


def test_no_birth_in_the_barn():
    zoo = zoo_from(barn={"animals": ["zebra"], "fertile": ["zebra-male"]})
    out = place_tile(zoo, T("zebra-female"), "barn")
    assert out.zoo.barn.offspring == 0 and len(out.zoo.barn.animals) == 2


# -- the souvenir shop (Z3) -----------------------------------------------------------------------------
def test_first_offspring_brings_the_souvenir_shop_onto_a_chosen_empty_stall_space():
    zoo = zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}})
    assert "say which empty stall space" in refused(place_tile, zoo, T("panda-female"), "6")
    out = place_tile(zoo, T("panda-female"), "6", shop_to="4")
    assert out.zoo.enclosure("4").stalls == ("souvenir-shop",) and not out.zoo.middle.souvenir_shop
    assert "souvenir shop" in out.events[-1]


def test_souvenir_shop_goes_to_the_barn_only_when_no_stall_space_is_empty():
    stalls = {"5": {"stalls": ["kiosk"]}, "4": {"stalls": ["kiosk", "snack"]}}
    zoo = zoo_from(expansions=[TB], enclosure={**stalls, "6": {"animals": ["panda"], "fertile": ["male"],
                                                               "stalls": ["snack"]}})
    assert [p for p in act.legal_placements(zoo, T("panda-female")) if p[0] == "6"] == [("6", "barn")]
    assert place_tile(zoo, T("panda-female"), "6").zoo.barn.stalls == ("souvenir-shop",)
    open_space = zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}})
    assert "barn only when none is empty" in refused(place_tile, open_space, T("panda-female"), "6", shop_to="barn")


def test_only_the_first_offspring_brings_the_shop():
    zoo = zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}},
                   middle={"souvenir_shop": False})
    out = place_tile(zoo, T("panda-female"), "6")
    assert out.zoo.all_stalls()["souvenir-shop"] == 0


# -- money actions ------------------------------------------------------------------------------------------
def test_move_from_barn_costs_1_coin_and_can_fill():
    zoo = zoo_from(coins=1, enclosure={"5": {"animals": ["camel"] * 4}}, barn={"animals": ["camel"]})
    out = act.move_from_barn(zoo, "camel", "5")
    assert out.zoo.barn.animals == () and out.zoo.coins == 0 + 2  # paid 1, then 2 for filling
    assert refused(act.move_from_barn, zoo.__class__(**{**zoo.__dict__, "coins": 0}), "camel", "5") == \
        "the move action costs 1 coin and you have 0"


def test_move_refuses_markers_and_the_restaurant():
    zoo = zoo_from(expansions=[TB, CS], coins=5, enclosure={"4": {"stalls": ["restaurant"]}, "5": {"stalls": ["site"]}})
    assert "cannot move a construction-site marker" in refused(act.move_stall, zoo, "site", "5", "barn")
    assert "permanent structure" in refused(act.move_stall, zoo, "restaurant", "4", "6")


def test_move_a_stall_from_the_barn():
    zoo = zoo_from(coins=1, barn={"stalls": ["kiosk"]})
    out = act.move_stall(zoo, "kiosk", "barn", "6")
    assert out.zoo.enclosure("6").stalls == ("kiosk",) and out.zoo.barn.stalls == () and out.zoo.coins == 0


def test_exchange_needs_both_groups_to_fit_and_leaves_pavilions():
    zoo = zoo_from(expansions=[TB], coins=2, enclosure={"6": {"animals": ["panda"] * 5},
                                                         "4": {"animals": ["zebra"] * 2, "pavilions": 1}})
    assert "do not fit" in refused(act.exchange, zoo, "6", "4")
    ok = zoo_from(expansions=[TB], coins=1, enclosure={"6": {"animals": ["panda"] * 3},
                                                        "4": {"animals": ["zebra"] * 2, "pavilions": 1}})
    out = act.exchange(ok, "6", "4").zoo
    assert out.enclosure("4").species == "panda" and out.enclosure("4").pavilions == 1
    assert out.enclosure("6").animals == 2 and out.coins == 0


def test_purchase_and_discard_cost_2():
    zoo = zoo_from(coins=4, barn={"animals": ["camel"]})
    bought = act.purchase(zoo, T("zebra"), "4").zoo
    assert bought.coins == 2 and bought.enclosure("4").animals == 1
    assert act.discard(bought, "camel").zoo.barn.animals == ()
    assert refused(act.discard, bought, "panda") == "there is no panda in your barn"


def test_expand_once_per_player_twice_with_two_players():
    two = zoo_from(players=2, coins=6)
    twice = act.expand(act.expand(two).zoo).zoo
    assert twice.keys[-2:] == ("x1", "x2")
    assert "only 2 times" in refused(act.expand, zoo_from(players=2, coins=3, expansion_boards=2))
    assert "only 1 time" in refused(act.expand, zoo_from(players=3, coins=3, expansion_boards=1))


# -- buildings (Z2, Z4) -------------------------------------------------------------------------------------
def test_restaurant_needs_3_coins_and_the_empty_adjacent_pair():
    rich = zoo_from(expansions=[TB, CS], coins=3)
    out = act.buy_restaurant(rich).zoo
    assert out.enclosure("4").stalls == ("restaurant",) and out.coins == 0 and not out.middle.restaurant
    assert refused(act.buy_restaurant, out) == "there is one restaurant in the box and this zoo has it"
    assert "costs 3 coins" in refused(act.buy_restaurant, zoo_from(expansions=[TB], coins=2))
    half = zoo_from(expansions=[TB], coins=3, enclosure={"4": {"stalls": ["kiosk"]}})
    assert "two adjacent empty stall spaces" in refused(act.buy_restaurant, half)
    blocked = zoo_from(expansions=[TB, CS], coins=3, enclosure={"4": {"stalls": ["site"]}})
    assert "blocks" in refused(act.buy_restaurant, blocked)
    assert "not in this game" in refused(act.buy_restaurant, zoo_from(coins=3))


def test_two_pavilions_may_share_an_enclosure_and_there_are_two():
    zoo = zoo_from(expansions=[TB], coins=9, enclosure={"5": {"animals": ["camel"] * 2}})
    zoo = act.buy_pavilion(act.buy_pavilion(zoo, "5").zoo, "5").zoo
    assert zoo.enclosure("5").pavilions == 2 and zoo.coins == 3
    assert refused(act.buy_pavilion, zoo, "6") == "no pavilion is left in the middle of the table"
    full = zoo_from(expansions=[TB], coins=3, enclosure={"4": {"animals": ["zebra"] * 4}})
    assert refused(act.buy_pavilion, full, "4") == "the 4-space enclosure has no empty space for a pavilion"


# -- construction sites (Z5) ----------------------------------------------------------------------------------
def test_markers_go_on_empty_spaces_or_are_discarded():
    full = zoo_from(expansions=[CS], enclosure={"5": {"animals": ["camel"] * 5}, "4": {"animals": ["zebra"] * 4},
                                                "6": {"animals": ["panda"] * 6}})
    out = act.place_site(full, "enclosure")
    assert out.zoo == full and "discarded" in out.events[0]
    zoo = zoo_from(expansions=[CS])
    assert act.place_site(zoo, "enclosure", "6").zoo.enclosure("6").sites == 1
    assert act.place_site(zoo, "barn").zoo.barn.sites == 1
    assert "say where" in refused(act.place_site, zoo, "stall")


def test_several_markers_may_share_an_enclosure_and_block_tiles():
    zoo = zoo_from(expansions=[CS], enclosure={"4": {"animals": ["zebra"] * 2}})
    zoo = act.place_site(act.place_site(zoo, "enclosure", "4").zoo, "enclosure", "4").zoo
    assert zoo.enclosure("4").free_spaces == 0
    assert "no empty space" in refusal(zoo, T("zebra"), "4")


def test_passing_up_to_two_markers_costs_1_coin():
    zoo = zoo_from(expansions=[CS], coins=1, enclosure={"5": {"sites": 1}, "6": {"stalls": ["site"]}},
                   barn={"sites": 1})
    out = act.pass_sites(zoo, [("enclosure", "5"), ("stall", "6")])
    assert out.zoo.enclosure("5").sites == 0 and out.zoo.enclosure("6").stalls == () and out.zoo.coins == 0
    assert "not 3" in refused(act.pass_sites, zoo, [("enclosure", "5"), ("stall", "6"), ("barn", "barn")])
    assert "there is no" in refused(act.pass_sites, zoo, [("enclosure", "4")])


def test_exchange_with_the_barn_swaps_whole_groups():
    zoo = zoo_from(coins=1, enclosure={"6": {"animals": ["panda"] * 2, "offspring": 1}},
                   barn={"animals": ["camel"] * 4 + ["zebra"], "fertile": ["camel-male"]})
    out = act.exchange(zoo, "6", "barn", barn_species="camel").zoo
    six = out.enclosure("6")
    assert (six.species, six.animals, six.fertile) == ("camel", 4, ("male",))
    assert out.barn.animals == ("panda", "panda", "zebra") and out.offspring == zoo.offspring
    assert "do not fit" in refused(act.exchange, zoo_from(coins=1, enclosure={"4": {"animals": ["panda"]}},
                                                          barn={"animals": ["camel"] * 5}),
                                   "4", "barn", barn_species="camel")


def test_exchange_from_the_barn_that_brings_a_fertile_pair_together_has_one_offspring():
    # "a fertile male and a fertile female of one species in one enclosure at once produce one
    # offspring": the barn never breeds, but the exchange puts both camels in the 6-space enclosure.
    zoo = zoo_from(coins=1, enclosure={"6": {"animals": ["panda"] * 2}},
                   barn={"animals": ["camel"] * 3, "fertile": ["camel-female", "camel-male"]})
    out = act.exchange(zoo, "6", "barn", barn_species="camel")
    six = out.zoo.enclosure("6")
    assert (six.species, six.animals, six.offspring, six.fertile) == ("camel", 4, 1, ())
    assert out.zoo.barn.animals == ("panda", "panda")
    assert any("camel is born" in event for event in out.events)


def test_exchange_birth_into_a_full_enclosure_sends_the_offspring_to_the_barn():
    zoo = zoo_from(coins=1, enclosure={"4": {"animals": ["panda"]}},
                   barn={"animals": ["camel"] * 4, "fertile": ["camel-female", "camel-male"]})
    out = act.exchange(zoo, "4", "barn", barn_species="camel").zoo
    assert (out.enclosure("4").animals, out.enclosure("4").offspring) == (4, 0)
    assert out.barn.animals.count("camel") == 1 and out.barn.offspring == 1


# -- issue 17: exchanges (Z7), the box's single buildings and the move action (Z10) ----------------------
def test_an_exchange_swaps_two_different_species():
    zoo = zoo_from(coins=1, enclosure={"5": {"animals": ["zebra"] * 2}, "6": {"animals": ["zebra"] * 3}})
    with pytest.raises(IllegalAction) as info:
        act.exchange(zoo, "5", "6")
    assert info.value.rule == "Z7" and "two different species" in info.value.reason


def _exchange_birth_zoo():
    """4-space: 1 panda. Barn: 3 camels, a fertile pair among them. The exchange brings the camels in,
    the pair has an offspring, and the offspring fills the 4-space enclosure (filling pays 1 coin)."""
    return zoo_from(coins=1, enclosure={"4": {"animals": ["panda"]}},
                    barn={"animals": ["camel"] * 3, "fertile": ["camel-female", "camel-male"]})


def test_an_offspring_born_in_an_exchange_pays_no_filling_coins():
    out = act.exchange(_exchange_birth_zoo(), "4", "barn", barn_species="camel")
    four = out.zoo.enclosure("4")
    assert (four.animals, four.offspring, four.is_full) == (4, 1, True)
    assert out.zoo.coins == 0  # paid 1 for the exchange, nothing for filling (Z7)


def test_flipping_filling_coins_on_exchange_pays_for_the_birth_and_the_swap(flip):
    flip("zooloretto.filling_coins_on_exchange", True)
    assert act.exchange(_exchange_birth_zoo(), "4", "barn", barn_species="camel").zoo.coins == 1
    swap = zoo_from(coins=1, enclosure={"5": {"animals": ["zebra"] * 4}, "6": {"animals": ["camel"] * 5}})
    assert act.exchange(swap, "5", "6").zoo.coins == 0 + 2  # the 5-space enclosure fills with camels


def test_an_exchange_swap_pays_nothing_by_default():
    swap = zoo_from(coins=1, enclosure={"5": {"animals": ["zebra"] * 4}, "6": {"animals": ["camel"] * 5}})
    assert act.exchange(swap, "5", "6").zoo.coins == 0


def _move_fill_zoo():
    return zoo_from(coins=1, enclosure={"4": {"animals": ["zebra"] * 2, "fertile": ["female"]}},
                    barn={"animals": ["zebra"], "fertile": ["zebra-male"]})


def test_a_move_pays_for_filling_even_by_the_birth_it_sets_off():
    out = act.move_from_barn(_move_fill_zoo(), "zebra", "4", sex="male")
    assert out.zoo.enclosure("4").is_full and out.zoo.coins == 0 + 1


def test_flipping_filling_coins_on_move_stops_the_payment(flip):
    flip("zooloretto.filling_coins_on_move", False)
    out = act.move_from_barn(_move_fill_zoo(), "zebra", "4", sex="male")
    assert out.zoo.enclosure("4").is_full and out.zoo.coins == 0


def test_there_is_one_souvenir_shop_and_one_restaurant():
    zoo = zoo_from(expansions=[TB], coins=5, enclosure={"5": {"stalls": ["souvenir-shop"]},
                                                         "4": {"stalls": ["restaurant"]}},
                   middle={"restaurant": False})
    with pytest.raises(IllegalAction) as info:
        act.purchase(zoo, Tile("stall", "souvenir-shop"), "6")
    assert info.value.rule == "Z-SHOP-1"
    assert act.refusal_of(act.buy_restaurant, zoo).rule == "Z-REST-1"
    # a zoo without the shop may buy it from another barn, once nobody has it in the middle
    other = zoo_from(expansions=[TB], coins=2, middle={"souvenir_shop": False})
    bought = act.purchase(other, Tile("stall", "souvenir-shop"), "6").zoo
    assert bought.enclosure("6").stalls == ("souvenir-shop",) and bought.coins == 0
    assert "never comes on a truck" in refusal(other, Tile("stall", "souvenir-shop"), "6")


def test_a_vending_stall_never_moves_into_the_barn():
    zoo = zoo_from(coins=1, enclosure={"5": {"stalls": ["kiosk"]}})
    with pytest.raises(IllegalAction) as info:
        act.move_stall(zoo, "kiosk", "5", "barn")
    assert info.value.rule == "Z-MONEY-4"
    assert act.move_stall(zoo, "kiosk", "5", "6").zoo.enclosure("6").stalls == ("kiosk",)


def test_an_offspring_moved_out_of_the_barn_stays_an_offspring():
    only = zoo_from(coins=1, barn={"animals": ["zebra"], "offspring": 1})
    assert act.refusal_of(act.move_from_barn, only, "zebra", "4").rule == "Z8"
    moved = act.move_from_barn(only, "zebra", "4", offspring=True).zoo
    assert (moved.enclosure("4").offspring, moved.barn.offspring, moved.offspring) == (1, 0, 1)
    mixed = zoo_from(coins=2, barn={"animals": ["camel", "zebra", "zebra"], "offspring": ["zebra"]})
    plain = act.move_from_barn(mixed, "zebra", "4").zoo
    assert (plain.enclosure("4").offspring, plain.barn.young) == (0, ("zebra",))
    young = act.move_from_barn(mixed, "zebra", "4", offspring=True).zoo
    assert (young.enclosure("4").offspring, young.barn.young) == (1, ())
    assert "no camel offspring" in refused(act.move_from_barn, mixed, "camel", "4", offspring=True)


def test_discarding_an_offspring_takes_its_souvenir_shop_point_with_it():
    zoo = zoo_from(expansions=[TB], coins=2, enclosure={"5": {"stalls": ["souvenir-shop"]}},
                   barn={"animals": ["zebra"], "offspring": 1})
    from zoobook.zooloretto.scoring import score

    assert "Souvenir shop: 1 offspring: 1" in score(zoo).breakdown()
    after = act.discard(zoo, "zebra", offspring=True).zoo
    assert after.offspring == 0 and after.barn.animals == ()
    assert not any(line.startswith("Souvenir shop") and not line.endswith(": 0")
                   for line in score(after).breakdown())


def test_several_kinds_in_the_barn_must_be_named():
    zoo = zoo_from(coins=2, barn={"animals": ["zebra", "zebra"], "offspring": 1, "fertile": ["zebra-male"]})
    why = act.refusal_of(act.discard, zoo, "zebra")
    assert why.rule == "Z8" and "say which one" in why
    assert act.discard(zoo, "zebra", sex="male").zoo.barn.fertile == ()


# -- issue 17: the box (F20) and the assumed marker count (Z10) ---------------------------------------------
def test_the_box_has_two_fertile_animals_of_each_sex_per_species():
    zoo = zoo_from(enclosure={"5": {"animals": ["monkey"]}, "6": {"animals": ["monkey"]}},
                   barn={"animals": ["monkey", "monkey"], "fertile": ["monkey-male", "monkey-male"]})
    why = refusal(zoo, T("monkey-male"), "5")
    assert why.rule == "F20" and "2 fertile male monkeys" in why
    assert refusal(zoo, T("monkey-female"), "5") is None
    # an offspring was born of one male and one female: they never breed again
    bred = zoo_from(enclosure={"4": {"animals": ["panda"] * 3, "offspring": 1, "fertile": ["male"]}})
    assert refusal(bred, T("panda-male"), "6").rule == "F20"


def test_the_box_count_of_markers_is_the_assumed_one(flip):
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"sites": 2}, "6": {"sites": 1}})
    why = act.refusal_of(act.place_site, zoo, "enclosure", "4")
    assert why.rule == "Z-SITES-1" and "box has 3 enclosure markers" in why
    flip("zooloretto.construction_site_markers", {"enclosure": 4, "stall": 3, "barn": 3})
    assert act.place_site(zoo, "enclosure", "4").zoo.sites()["enclosure"] == 4


# -- the move between enclosures (Z10: the base move takes tiles from the barn into the zoo, or between enclosures)
def test_a_move_between_enclosures_costs_1_coin_and_empties_the_source():
    zoo = zoo_from(coins=1, enclosure={"5": {"animals": ["camel"]}, "6": {"animals": ["camel"] * 2}})
    out = act.move_between(zoo, "camel", "5", "6")
    assert out.zoo.coins == 0 and out.events == ()
    assert (out.zoo.enclosure("6").species, out.zoo.enclosure("6").animals) == ("camel", 3)
    assert (out.zoo.enclosure("5").species, out.zoo.enclosure("5").animals) == (None, 0)
    assert out.zoo.barn == zoo.barn
    # into an empty enclosure: a species may live in two enclosures
    split = act.move_between(zoo, "camel", "6", "4").zoo
    assert [(e.key, e.species, e.animals) for e in split.enclosures] == [
        ("5", "camel", 1), ("4", "camel", 1), ("6", "camel", 1)]


def _between_zoo(**extra):
    return zoo_from(coins=extra.pop("coins", 1), enclosure={
        "5": {"animals": ["zebra"] * 3, "offspring": 1, "fertile": ["male"]},
        "4": {"animals": ["camel"] * 2}, "6": {"animals": ["zebra"] * 6}}, **extra)


@pytest.mark.parametrize("args, kwargs, rule, words", [
    (("zebra", "5", "barn"), {}, "Z-MONEY-3", "never into the barn"),
    (("zebra", "5", "5"), {}, "Z-MONEY-3", "must change the animal's place"),
    (("camel", "5", "x1"), {}, "Z-MONEY-3", "there is no camel in the 5-space enclosure"),
    (("zebra", "x1", "4"), {}, "Z-MONEY-3", "no enclosure"),
    (("zebra", "5", "4"), {}, "Z-PLACE-2", "holds camels; one species per enclosure"),
    (("zebra", "5", "6"), {}, "Z-PLACE-3", "has no empty space"),
    (("camel", "4", "5"), {"sex": "female"}, "Z8", "no unbred fertile female camel"),
    (("camel", "4", "6"), {"offspring": True}, "Z8", "no offspring camel"),
    (("zebra", "5", "4"), {"sex": "male", "offspring": True}, "Z-BIRTH-4", "never fertile"),
])
def test_each_refused_move_between_names_its_rule_and_changes_nothing(args, kwargs, rule, words):
    zoo = _between_zoo()
    with pytest.raises(IllegalAction) as info:
        act.move_between(zoo, *args, **kwargs)
    assert info.value.rule == rule and words in info.value.reason, info.value.refusal
    assert act.refusal_of(act.move_between, zoo, *args, **kwargs) == info.value.refusal
    assert zoo == _between_zoo() and zoo.coins == 1  # a refusal changes nothing


def test_a_move_between_needs_a_coin_and_a_named_kind_when_no_plain_animal_is_there():
    broke = zoo_from(coins=0, enclosure={"4": {"animals": ["camel"] * 2}})
    assert refused(act.move_between, broke, "camel", "4", "x1") == "this zoo has no enclosure 'x1' (it has 5, 4, 6)"
    assert refused(act.move_between, broke, "camel", "4", "5") == "the move action costs 1 coin and you have 0"
    assert act.refusal_of(act.move_between, broke, "camel", "4", "5").rule == "Z-MONEY-1"
    only = zoo_from(coins=1, enclosure={"5": {"animals": ["zebra"], "offspring": 1}})
    why = act.refusal_of(act.move_between, only, "zebra", "5", "4")
    assert why.rule == "Z8" and "say which one to move" in why.reason


def test_a_moved_animal_keeps_what_it_is():
    empty4 = zoo_from(coins=3, enclosure={"5": {"animals": ["zebra"] * 3, "offspring": 1, "fertile": ["male"]}})
    kid = act.move_between(empty4, "zebra", "5", "4", offspring=True).zoo
    assert (kid.enclosure("4").offspring, kid.enclosure("5").offspring, kid.offspring) == (1, 0, 1)
    male = act.move_between(empty4, "zebra", "5", "4", sex="male").zoo
    assert (male.enclosure("4").fertile, male.enclosure("5").fertile) == (("male",), ())
    plain = act.move_between(empty4, "zebra", "5", "4").zoo
    assert plain.enclosure("4").fertile == () and plain.enclosure("5") == replace(
        empty4.enclosure("5"), animals=2)
    assert box_problems(plain) == box_problems(kid) == box_problems(male) == []


def test_a_move_between_that_meets_a_partner_has_one_offspring_and_brings_the_shop():
    zoo = zoo_from(expansions=[TB], coins=1, enclosure={
        "5": {"animals": ["zebra"] * 2, "fertile": ["male"]},
        "4": {"animals": ["zebra"], "fertile": ["female"], "stalls": ["kiosk", "snack"]}})
    assert act.refusal_of(act.move_between, zoo, "zebra", "5", "4", sex="male").rule == "Z-SHOP-2"  # say where
    out = act.move_between(zoo, "zebra", "5", "4", sex="male", shop_to="6")
    four = out.zoo.enclosure("4")
    assert (four.animals, four.offspring, four.fertile) == (3, 1, ())
    assert out.zoo.enclosure("5").fertile == () and out.zoo.enclosure("6").stalls == ("souvenir-shop",)
    assert out.events[0] == "a zebra is born in the 4-space enclosure"
    assert out.zoo.offspring == 1
    assert "Souvenir shop: 1 offspring: 1" in score(out.zoo).breakdown()


def _fill_between_zoo():
    return zoo_from(coins=1, enclosure={"5": {"animals": ["zebra"] * 4}, "6": {"animals": ["zebra"]}})


def test_a_move_between_pays_for_filling_as_the_assumed_value_says(flip):
    out = act.move_between(_fill_between_zoo(), "zebra", "6", "5")
    assert out.zoo.enclosure("5").is_full and out.zoo.coins == 0 and out.events == ()
    flip("zooloretto.filling_coins_on_move_between", True)
    out = act.move_between(_fill_between_zoo(), "zebra", "6", "5")
    assert out.zoo.coins == 0 + 2 and out.events == ("the 5-space enclosure is full: +2 coins",)


def test_moves_back_and_forth_make_no_coin():
    """Z10: two moves between a full enclosure and one short of full cost 2 coins and earn none."""
    zoo = zoo_from(coins=2, enclosure={"5": {"animals": ["zebra"] * 5}, "4": {"animals": ["zebra"] * 3}})
    there = act.move_between(zoo, "zebra", "5", "4").zoo
    back = act.move_between(there, "zebra", "4", "5").zoo
    assert back.coins == 0


def test_a_move_from_the_barn_through_move_between_is_the_barn_move():
    zoo = zoo_from(coins=1, barn={"animals": ["camel"]})
    assert act.move_between(zoo, "camel", "barn", "4") == act.move_from_barn(zoo, "camel", "4")


def test_event_and_action_words_take_an_before_a_vowel():
    """'an elephant is born', never 'a elephant' (issue 41), in the zoo rules' events and the game's words."""
    from zoobook.zooloretto.game import Discard, Move
    from zoobook.zooloretto.model import Enclosure, new_zoo
    zoo = place_tile(new_zoo(expansions=()), Tile.parse("elephant-male"), "4").zoo
    born = place_tile(zoo, Tile.parse("elephant-female"), "4")
    assert born.events == ("an elephant is born in the 4-space enclosure",)
    full = new_zoo(expansions=()).with_enclosure(Enclosure("4", "elephant", 3, fertile=("male",)))
    assert "an elephant is born; the 4-space enclosure is full, so it goes into the barn" in \
        place_tile(full, Tile.parse("elephant-female"), "4").events
    zebra = place_tile(new_zoo(expansions=()), Tile.parse("zebra-male"), "5").zoo
    assert place_tile(zebra, Tile.parse("zebra-female"), "5").events[0].startswith("a zebra is born")
    assert str(Move("elephant", "5")).startswith("move an elephant from the barn")
    assert str(Discard("elephant")) == "discard an elephant from the barn (2 coins)"
