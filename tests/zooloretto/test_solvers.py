"""The decision solvers against brute-force twins on random zoos, plus hand-derived cases.

The twins share only the rules (``legal_placements``, ``place_tile``, ``score``) with
the solvers: they try every tile order and every place by plain recursion -- no
decision graph, no merging of equal states, no canonical marker placements.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings, strategies as st

from zoobook.zooloretto.actions import place_tile
from zoobook.zooloretto.invest import solve_invest
from zoobook.zooloretto.model import ENCLOSURE_SPECS, Barn, Enclosure, Middle, Tile, Zoo, box_problems
from zoobook.zooloretto.placement import best_placement
from zoobook.zooloretto.sabotage import solve_sabotage
from zoobook.zooloretto.scoring import score
from zoobook.zooloretto.truck import solve_truck

from .conftest import zoo_from
from .twins import brute_best, brute_invest, brute_sabotage, brute_score

TB, CS = "three-buildings", "construction-sites"
T = Tile.parse
FEW = settings(max_examples=100, deadline=None)


# -- random zoos --------------------------------------------------------------------------------------------
SPECIES = ("camel", "zebra", "panda")
TILES = ("camel", "zebra", "camel-male", "camel-female", "zebra-female", "kiosk", "snack", "coin")


@st.composite
def zoos(draw, expansions=None):
    expansions = frozenset(draw(st.sampled_from([(), (TB,), (CS,), (TB, CS)])) if expansions is None
                           else expansions)
    boards = draw(st.integers(0, 1))
    keys = ("5", "4", "6") + (("x1",) if boards else ())
    enclosures, pavilions_left, sites_left, shop_left = [], 2, 3, True
    for key in keys:
        size = ENCLOSURE_SPECS[key].size
        pav = draw(st.integers(0, min(1, pavilions_left))) if TB in expansions else 0
        sites = draw(st.integers(0, min(2, sites_left))) if CS in expansions else 0
        pavilions_left, sites_left = pavilions_left - pav, sites_left - sites
        animals = draw(st.integers(max(0, size - pav - sites - 3), size - pav - sites))
        species = draw(st.sampled_from(SPECIES)) if animals else None
        fertile = tuple(draw(st.sampled_from([(), ("male",), ("female",)]))) if animals else ()
        spaces = ENCLOSURE_SPECS[key].stall_spaces
        choices = ["kiosk", "snack"] + (["site"] if CS in expansions else [])
        if TB in expansions and shop_left:
            choices.append("souvenir-shop")
        stalls = draw(st.lists(st.sampled_from(choices), max_size=spaces, unique=True))
        if key == "4" and TB in expansions and not stalls and draw(st.booleans()):
            stalls = ["restaurant"]
        shop_left = shop_left and "souvenir-shop" not in stalls
        enclosures.append(Enclosure(key, species, animals, 0, pav, sites, tuple(sorted(stalls)), fertile))
    barn = Barn(tuple(sorted(draw(st.lists(st.sampled_from(SPECIES), max_size=2)))), (),
                tuple(sorted(draw(st.lists(st.sampled_from(["kiosk", "popcorn"]), max_size=1)))),
                draw(st.integers(0, 1)) if CS in expansions else 0)
    zoo = Zoo(2, expansions, tuple(enclosures), barn, draw(st.integers(0, 4)))
    owns = zoo.owns_restaurant
    middle = Middle(TB in expansions and not owns,
                    TB in expansions and shop_left and draw(st.booleans()), pavilions_left if TB in expansions else 0)
    zoo = replace(zoo, middle=middle)
    assume(not box_problems(zoo))
    return zoo


hands = st.lists(st.sampled_from(TILES), min_size=1, max_size=3).map(lambda names: [T(n) for n in names])


@FEW
@given(zoos())
def test_scoring_agrees_with_the_twin_added_up_from_the_rules(zoo):
    assert score(zoo).total == brute_score(zoo)


@FEW
@given(zoos(), hands)
def test_truck_solver_agrees_with_brute_force(zoo, tiles):
    assume(not box_problems(zoo, tiles))
    plan = best_placement(zoo, tiles)
    assert (plan.score.total, plan.zoo.coins) == brute_best(zoo, tiles)
    # the witness replays to the claimed zoo and score
    replay = zoo
    for move in plan.moves:
        replay = place_tile(replay, move.tile, move.to, shop_to=move.shop_to).zoo
    assert replay == plan.zoo and score(replay).total == solve_truck(zoo, tiles).value


@FEW
@given(zoos(expansions=(CS,)), st.lists(st.sampled_from(["enclosure", "stall", "barn"]), min_size=1, max_size=2),
       st.lists(st.sampled_from(TILES), max_size=2).map(lambda names: [T(n) for n in names]))
def test_sabotage_solver_agrees_with_brute_force(zoo, markers, tiles):
    assume(not box_problems(zoo, tiles, markers))
    # the zoos have 0-4 coins and may hold markers already: the opponent's answer (Z9) is in play
    assert solve_sabotage(zoo, markers, tiles).value == brute_sabotage(zoo, markers, tiles)


@FEW
@given(zoos(expansions=(TB,)), st.lists(st.sampled_from(TILES), max_size=3).map(lambda names: [T(n) for n in names]))
def test_invest_solver_agrees_with_brute_force(zoo, tiles):
    assume(not box_problems(zoo, tiles))
    zoo = replace(zoo, coins=3)
    assert solve_invest(zoo, tiles).value == brute_invest(zoo, tiles)


# -- hand-derived cases -------------------------------------------------------------------------------------
def test_truck_fills_the_enclosure_rather_than_spreading():
    """5-space has 3 camels. Truck: camel, camel, kiosk. Both camels in: full 8; kiosk next to the 4-space
    (empty) scores its type 2. Total 10. Spreading a camel to the 6-space with the kiosk: 5 + 1 + 2 = 8."""
    zoo = zoo_from(enclosure={"5": {"animals": ["camel"] * 3}})
    assert solve_truck(zoo, [T("camel"), T("camel"), T("kiosk")]).value == 10


def test_truck_birth_brings_the_souvenir_shop_where_it_scores():
    """6-space: 1 panda, fertile male. Truck: panda-female. Birth: 3 pandas; the shop beside the 6-space
    scores type 2 + 1 offspring + 3 pandas next to a stall = 6."""
    zoo = zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"], "fertile": ["male"]}})
    solution = solve_truck(zoo, [T("panda-female")])
    assert solution.value == 6
    assert "the souvenir shop goes next to the 6-space enclosure" in solution.witness["placements"][0]


def test_sabotage_marks_the_space_the_opponent_needs():
    """Opponent: 4-space with 3 zebras, a zebra to come. Unmarked: full 5. A marker on the 4-space: one short
    4, and the zebra elsewhere scores 0: loss 1. On the 5-space the 6-space still takes... nothing lost.
    Best: the 4-space, loss 1."""
    zoo = zoo_from(expansions=[CS], enclosure={"4": {"animals": ["zebra"] * 3}})
    solution = solve_sabotage(zoo, ["enclosure"], [T("zebra")])
    assert solution.value == 1 and solution.witness["markers"] == ["enclosure marker -> the 4-space enclosure"]


def test_sabotage_barn_marker_costs_2_now():
    zoo = zoo_from(expansions=[CS])
    assert solve_sabotage(zoo, ["barn"], []).value == 2
    marked = zoo_from(expansions=[CS], barn={"sites": 1})
    assert solve_sabotage(marked, ["barn"], []).value == 0  # -2 once


def test_sabotage_stall_marker_pushes_a_stall_into_the_barn():
    """Opponent's only empty stall space is the 6-space's; a kiosk to come. Unmarked: kiosk type +2 and
    3 pandas next to it +3 = 5. Marked: kiosk into the barn -2. Loss 7."""
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"stalls": ["snack"]}, "4": {"stalls": ["snack", "snack"]},
                                               "6": {"animals": ["panda"] * 3}})
    assert solve_sabotage(zoo, ["stall"], [T("kiosk")]).value == 7


def test_invest_restaurant_pays_with_many_single_stalls():
    """Stalls kiosk at 5, kiosk at 6; one kiosk to come (4-space pair is the only empty space).
    Without: kiosk beside the 4-space, 1 type = 2. With the restaurant: the kiosk goes to the barn (-2),
    2 stalls x 2 + 2 = 6; total 4. Gain 2."""
    zoo = zoo_from(expansions=[TB], coins=3, enclosure={"5": {"stalls": ["kiosk"]}, "6": {"stalls": ["kiosk"]}})
    solution = solve_invest(zoo, [T("kiosk")])
    assert solution.value == 2 and solution.witness["buy"] == "the restaurant"


def test_invest_is_null_when_nothing_may_be_bought():
    zoo = zoo_from(expansions=[TB], coins=2)
    solution = solve_invest(zoo, [T("camel")])
    assert solution.value is None and "costs 3 coins" in solution.explanation[0]


def test_sabotage_opponent_with_a_coin_passes_the_marker_on():
    """Z9. The 5-space holds 4 camels, a camel to come. Without a coin the marker keeps it one short:
    8 - 5 = 3. With a coin the opponent passes the marker on and fills it: 0 points lost."""
    broke = zoo_from(expansions=[CS], enclosure={"5": {"animals": ["camel"] * 4}})
    assert solve_sabotage(broke, ["enclosure"], [T("camel")]).value == 3
    rich = zoo_from(expansions=[CS], coins=1, enclosure={"5": {"animals": ["camel"] * 4}})
    solution = solve_sabotage(rich, ["enclosure"], [T("camel")])
    assert solution.value == 0 and solution.witness["opponent_answer"].startswith("pass on")
    assert "Z9" in " ".join(solution.explanation)


def test_sabotage_one_coin_passes_only_two_of_three_markers():
    """Z9. 5-space: 4 camels; 4-space: 3 zebras; 6-space: 5 pandas; a camel, a zebra and a panda to come.
    Unmarked: 8 + 5 + 10 = 23. Each enclosure has one empty space, so the three markers go one on each. The
    opponent passes two on for its one coin and keeps the one that hurts least: on the 4-space it costs
    5 - 4 = 1 and sends the zebra to the barn (-2), 3 in all (keeping the 5-space's costs 3 + 2, the
    6-space's 4 + 2). So the markers cost them 3, not the 5 + 4 + 1 + ... of an opponent who cannot answer."""
    zoo = zoo_from(expansions=[CS], coins=1, enclosure={"5": {"animals": ["camel"] * 4},
                                                        "4": {"animals": ["zebra"] * 3},
                                                        "6": {"animals": ["panda"] * 5}})
    tiles = [T("camel"), T("zebra"), T("panda")]
    solution = solve_sabotage(zoo, ["enclosure"] * 3, tiles)
    assert solution.witness["opponent_best_before"] == 23
    assert solution.value == 3 == brute_sabotage(zoo, ["enclosure"] * 3, tiles)
    assert "4-space" not in solution.witness["opponent_answer"]


def _tie_zoo():
    """6-space: 5 camels; expansion enclosure 1: 4 camels; a camel to come. Into the 6-space: full 10 +
    one short 5 = 15, no coins (the 6-space pays none). Into the expansion enclosure: one short 6 +
    full 9 = 15, +1 coin. Equal scores; only the tiebreak tells them apart."""
    return zoo_from(expansion_boards=1, enclosure={"6": {"animals": ["camel"] * 5},
                                                   "x1": {"animals": ["camel"] * 4}})


def test_equal_scores_are_broken_by_coins_as_assumed():
    solution = solve_truck(_tie_zoo(), [T("camel")])
    assert solution.value == 15 and "expansion enclosure 1" in solution.witness["placements"][0]
    assert best_placement(_tie_zoo(), [T("camel")]).zoo.coins == 1


def test_flipping_the_tiebreak_keeps_the_first_best_placement(flip):
    flip("zooloretto.tiebreak", "none")
    plan = best_placement(_tie_zoo(), [T("camel")])
    assert plan.score.total == 15 and plan.zoo.coins == 0  # the 6-space comes first in board order
    assert "not broken" in " ".join(solve_truck(_tie_zoo(), [T("camel")]).explanation)


def test_the_generators_never_ask_for_more_than_the_box():
    """F20: generated zoos, trucks, tiles to come and markers together stay within the box."""
    import random

    from zoobook.generate.zooloretto import sample_invest, sample_sabotage, sample_truck

    for seed in range(40):
        hint = 1 + seed % 5
        truck = sample_truck(random.Random(seed), hint)
        assert box_problems(truck.zoo, truck.tiles) == [], seed
        sabotage = sample_sabotage(random.Random(seed), hint)
        assert box_problems(sabotage.zoo, sabotage.tiles, sabotage.markers) == [], seed
        invest = sample_invest(random.Random(seed), hint)
        assert box_problems(invest.zoo, invest.tiles) == [], seed
