"""Hand-derived final scores, one rule at a time (the numbers are added up by hand in each docstring)."""

from __future__ import annotations

from zoobook.zooloretto.kinds import solve_score
from zoobook.zooloretto.scoring import score

from .conftest import zoo_from

TB, CS = "three-buildings", "construction-sites"


def lines(zoo):
    return [str(line) for line in score(zoo).lines]


# -- base game (Z1) ---------------------------------------------------------------------------
def test_full_one_short_and_per_animal_with_a_stall():
    """5-space full 8, 4-space one short 4, 6-space 3 animals by a kiosk 3, kiosk type +2: 17."""
    zoo = zoo_from(enclosure={"5": {"animals": ["camel"] * 5}, "4": {"animals": ["zebra"] * 3},
                              "6": {"animals": ["panda"] * 3, "stalls": ["kiosk"]}})
    assert lines(zoo) == ["5-space enclosure full: 8", "4-space enclosure one space short: 4",
                          "6-space enclosure: 3 animals next to a vending stall: 3",
                          "Vending stalls: 1 type (kiosk): 2"]
    assert score(zoo).total == 17


def test_animals_without_a_stall_score_nothing_and_a_second_stall_does_not_double():
    """4-space: 2 zebras + 2 stalls = 2 (not 4); 6-space 2 pandas, no stall = 0; types kiosk+snack = 4."""
    zoo = zoo_from(enclosure={"4": {"animals": ["zebra"] * 2, "stalls": ["kiosk", "snack"]},
                              "6": {"animals": ["panda"] * 2}})
    assert score(zoo).total == 2 + 0 + 4
    assert "6-space enclosure: 2 animals, no vending stall: 0" in lines(zoo)


def test_stall_types_count_once_and_the_barn_costs_per_species_and_type():
    """Stalls kiosk, kiosk, snack on spaces: 2 types = 4; barn camel, camel, zebra, kiosk: -4 -2 = -6."""
    zoo = zoo_from(enclosure={"5": {"stalls": ["kiosk"]}, "4": {"stalls": ["kiosk", "snack"]}},
                   barn={"animals": ["camel", "camel", "zebra"], "stalls": ["kiosk"]})
    assert score(zoo).total == 4 - 4 - 2


def test_expansion_board_scores_9_full_and_5_one_short():
    zoo = zoo_from(expansion_boards=2, enclosure={"x1": {"animals": ["camel"] * 5},
                                                  "x2": {"animals": ["zebra"] * 4}})
    assert lines(zoo)[3:] == ["expansion enclosure 1 full: 9", "expansion enclosure 2 one space short: 5"]


def test_offspring_count_as_animals():
    """4-space: 3 zebras + 1 offspring zebra (4 animals, 1 of them offspring) is full: 5."""
    zoo = zoo_from(enclosure={"4": {"animals": ["zebra"] * 4, "offspring": 1}})
    assert score(zoo).total == 5


# -- restaurant (Z2) -----------------------------------------------------------------------------
def test_seed_ten_points_for_vending_stalls_with_the_restaurant_in_a_2_player_game():
    """'In a 2-player game, it is possible for a player to score 10 points for vending stalls using the
    restaurant': 2 expansion boards, 4 single stall spaces filled (2 each = 8) + restaurant 2 = 10."""
    zoo = zoo_from(players=2, expansions=[TB], expansion_boards=2,
                   enclosure={"5": {"stalls": ["kiosk"]}, "4": {"stalls": ["restaurant"]},
                              "6": {"stalls": ["kiosk"]}, "x1": {"stalls": ["snack"]}, "x2": {"stalls": ["popcorn"]}})
    stall_line = score(zoo).lines[-1]
    assert stall_line.points == 10
    assert str(stall_line) == "Vending stalls with the restaurant: 4 stalls x 2 + restaurant 2: 10"
    assert score(zoo).total == 10


def test_restaurant_replaces_the_per_type_score_for_its_owner():
    """kiosk, kiosk, snack on single spaces: per type 4; with the restaurant 3 x 2 + 2 = 8."""
    enclosure = {"5": {"stalls": ["kiosk"]}, "6": {"stalls": ["kiosk"]}, "x1": {"stalls": ["snack"]}}
    without = zoo_from(expansions=[TB], expansion_boards=1, enclosure=enclosure)
    with_restaurant = zoo_from(expansions=[TB], expansion_boards=1,
                               enclosure={**enclosure, "4": {"stalls": ["restaurant"]}})
    assert score(without).total == 4
    assert score(with_restaurant).total == 8


def test_restaurant_counts_as_a_stall_of_the_4_space_enclosure():
    """4-space with 2 zebras and the restaurant: 2 for the animals + 2 for the restaurant = 4."""
    zoo = zoo_from(expansions=[TB], enclosure={"4": {"animals": ["zebra"] * 2, "stalls": ["restaurant"]}})
    assert lines(zoo)[1] == "4-space enclosure: 2 animals next to the restaurant: 2"
    assert score(zoo).total == 4


def test_restaurant_owner_still_loses_2_per_stall_type_in_the_barn():
    """Restaurant alone 2; barn kiosk, kiosk, snack: 2 types = -4. Total -2."""
    zoo = zoo_from(expansions=[TB], enclosure={"4": {"stalls": ["restaurant"]}},
                   barn={"stalls": ["kiosk", "kiosk", "snack"]})
    assert score(zoo).total == 2 - 4


# -- souvenir shop (Z3) -----------------------------------------------------------------------------
def test_souvenir_shop_scores_a_type_and_one_per_offspring_in_the_whole_zoo():
    """Shop at the 5-space (type +2), 1 offspring in the 4-space and 1 in the barn (+2);
    4-space 2 zebras no stall 0; 5-space 1 camel next to the shop 1; barn 1 species -2. Total 3."""
    zoo = zoo_from(expansions=[TB], enclosure={"5": {"animals": ["camel"], "stalls": ["souvenir-shop"]},
                                               "4": {"animals": ["zebra"] * 2, "offspring": 1}},
                   barn={"animals": ["panda"], "offspring": 1})
    assert "Souvenir shop: 2 offspring: 2" in lines(zoo)
    assert score(zoo).total == 1 + 0 + 2 + 2 - 2


def test_souvenir_shop_in_the_barn_costs_2_and_scores_no_offspring():
    zoo = zoo_from(expansions=[TB], enclosure={"4": {"animals": ["zebra"] * 2, "offspring": 2}},
                   barn={"stalls": ["souvenir-shop"]})
    assert score(zoo).total == -2


def test_souvenir_shop_is_one_more_stall_for_the_restaurant_owner():
    """Restaurant + shop at the 6-space + kiosk at the 5-space: 2 x 2 + 2 = 6, plus 0 offspring."""
    zoo = zoo_from(expansions=[TB], enclosure={"4": {"stalls": ["restaurant"]}, "5": {"stalls": ["kiosk"]},
                                               "6": {"stalls": ["souvenir-shop"]}})
    assert score(zoo).total == 6


# -- pavilions (Z4) -------------------------------------------------------------------------------------
def test_pavilions_count_toward_full_and_one_short():
    """5-space: 3 camels + 2 pavilions = full 8; 6-space: 4 pandas + 1 pavilion = one short 6... but
    the box has 2 pavilions, so the second case is a separate zoo."""
    assert score(zoo_from(expansions=[TB], enclosure={"5": {"animals": ["camel"] * 3, "pavilions": 2}})).total == 8
    assert score(zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"] * 4, "pavilions": 1}})).total == 6


def test_pavilions_are_not_animals_for_the_one_point_rule():
    """6-space: 2 pandas + 2 pavilions (2 short) + kiosk: 2 points for animals, not 4; kiosk type 2."""
    zoo = zoo_from(expansions=[TB], enclosure={"6": {"animals": ["panda"] * 2, "pavilions": 2, "stalls": ["kiosk"]}})
    assert lines(zoo)[2] == "6-space enclosure: 2 animals next to a vending stall: 2"
    assert score(zoo).total == 4


# -- construction sites (Z5) -----------------------------------------------------------------------------
def test_a_marked_space_counts_as_empty_so_one_marker_leaves_one_space_short():
    """5-space: 4 camels + 1 marker: never full, but one space short: 5."""
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"animals": ["camel"] * 4, "sites": 1}})
    assert lines(zoo)[0] == "5-space enclosure one space short (a construction site counts as empty): 5"
    assert score(zoo).total == 5


def test_two_markers_rule_out_one_space_short():
    """5-space: 3 camels + 2 markers (2 'empty' spaces) + kiosk: 3 per animal; kiosk 2. Total 5."""
    zoo = zoo_from(expansions=[CS], enclosure={"5": {"animals": ["camel"] * 3, "sites": 2, "stalls": ["kiosk"]}})
    assert score(zoo).total == 3 + 2


def test_a_stall_marker_is_no_vending_stall():
    """6-space: 2 pandas next to a stall marker: 0 (no stall), and no stall types."""
    zoo = zoo_from(expansions=[CS], enclosure={"6": {"animals": ["panda"] * 2, "stalls": ["site"]}})
    assert score(zoo).total == 0


def test_barn_markers_cost_2_once():
    for sites in (1, 3):
        assert score(zoo_from(expansions=[CS], barn={"sites": sites})).total == -2


def test_marker_and_pavilion_together():
    """4-space: 2 zebras + 1 pavilion + 1 marker: occupied 3 of 4, one space short: 4."""
    zoo = zoo_from(expansions=[TB, CS], enclosure={"4": {"animals": ["zebra"] * 2, "pavilions": 1, "sites": 1}})
    assert score(zoo).total == 4


# -- combining (Z6) --------------------------------------------------------------------------------------
def test_combining_the_expansions_is_scored_and_flagged():
    both = zoo_from(expansions=[TB, CS], enclosure={"4": {"animals": ["zebra"] * 4}})
    one = zoo_from(expansions=[TB], enclosure={"4": {"animals": ["zebra"] * 4}})
    flagged, plain = solve_score(both), solve_score(one)
    assert flagged.value == plain.value == 5
    assert "Z6" in flagged.explanation[0] and not any("Z6" in s for s in plain.explanation)
    assert score(both).flags and not score(one).flags


def test_witness_is_the_breakdown_and_adds_up():
    zoo = zoo_from(expansions=[TB, CS], expansion_boards=1,
                   enclosure={"5": {"animals": ["camel"] * 4, "sites": 1}, "4": {"stalls": ["restaurant"]},
                              "x1": {"animals": ["zebra"] * 2, "offspring": 1, "stalls": ["souvenir-shop"]}},
                   barn={"animals": ["panda"], "sites": 1})
    solution = solve_score(zoo)
    *body, total = solution.witness
    assert total == f"Total: {solution.value}"
    assert sum(int(line.rsplit(": ", 1)[1]) for line in body) == solution.value
    # 5 (one short) + 0 + 0 + 2 (zebras by the shop) + (1 stall x 2 + 2) + 1 offspring - 2 panda - 2 marker
    assert solution.value == 5 + 2 + 4 + 1 - 2 - 2


def test_every_score_line_cites_the_rule_that_gives_its_points():
    """A learner's "why?" for each line is one rule of the index (issue 43: "how many points?" quizzes)."""
    from dataclasses import replace as _replace

    from zoobook.learn.index import load_index
    from zoobook.zooloretto.model import Barn, Enclosure, new_zoo
    from zoobook.zooloretto.scoring import score

    both = ("three-buildings", "construction-sites")
    zoo = (new_zoo(players=2, expansions=both)
           .with_enclosure(Enclosure("5", "camel", 3, pavilions=2))
           .with_enclosure(Enclosure("4", "zebra", 2, offspring=1, stalls=("restaurant",)))
           .with_enclosure(Enclosure("6", "panda", 5, sites=1, stalls=("kiosk",))))
    zoo = _replace(zoo, barn=_replace(Barn(("monkey",), stalls=("snack",)), sites=2))
    cites = {line.label.split(":")[0]: line.cites for line in score(zoo).lines}
    assert cites == {"5-space enclosure full (3 animals and 2 pavilions)": "Z-PAV-3",
                     "4-space enclosure": "Z-REST-6",
                     "6-space enclosure one space short (a construction site counts as empty)": "Z-SITES-7",
                     "Vending stalls with the restaurant": "Z-REST-4",
                     "Barn": "Z-SITES-8"}, cites
    lines = score(zoo).lines
    assert [line.cites for line in lines if line.label.startswith("Barn")] == ["Z-SCORE-5", "Z-REST-5", "Z-SITES-8"]
    index = load_index("zooloretto")
    assert all(index.resolve(line.cites) for line in lines)
