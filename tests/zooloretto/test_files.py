"""The zooloretto/score file contract: the spec's example loads, bad files get one clear message."""

from __future__ import annotations

import io
import json

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import parse_puzzle, puzzle_toml

SPEC_EXAMPLE = '''
id = "spec-example"
kind = "zooloretto/score"
players = 2
expansions = ["three-buildings"]   # and/or "construction-sites"
expansion_boards = 1               # 0-2

[enclosure.5]
[enclosure.6]
[enclosure.x1]

[enclosure.4]                      # keys "5", "4", "6", "x1", "x2" (expansion boards)
animals = ["zebra", "zebra", "zebra"]
offspring = 1                      # how many of those animals are offspring
pavilions = 0
sites = 0                          # construction-site markers on its spaces
stalls = ["restaurant"]            # what stands on its stall spaces

[barn]
animals = ["camel", "camel"]
offspring = 0
stalls = ["snack"]
sites = 1                          # barn construction-site markers
'''


def test_the_spec_example_loads_and_scores():
    """4-space one short 4 (3 zebras next to the restaurant, but one short wins), restaurant alone 2,
    barn camel -2, barn snack -2, barn marker -2: 0. The barn marker implies Construction Sites: flagged (Z6)."""
    solution = parse_puzzle(SPEC_EXAMPLE, file="spec.toml").solve()
    assert solution.value == 0
    assert solution.witness[1] == "4-space enclosure one space short: 4"
    assert solution.witness[-1] == "Total: 0"
    assert "Z6" in solution.explanation[0]


def test_solve_json_prints_the_contract_object(tmp_path):
    path = tmp_path / "spec.toml"
    path.write_text(SPEC_EXAMPLE)
    # In-process: `python -m zoobook` as a real process is tests/fivebyfive/test_lineup_puzzles.py's.
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", str(path), "--json"], out=out, err=err) == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert set(data) == {"id", "kind", "value", "witness", "explanation"} and data["value"] == 0


@pytest.mark.parametrize("change, key, reason", [
    (('animals = ["zebra", "zebra", "zebra"]', 'animals = ["zebra", "camel"]'), "enclosure.4.animals",
     "one species per enclosure"),
    (('animals = ["zebra", "zebra", "zebra"]', 'animals = ["zebra", "unicorn"]'), "enclosure.4.animals[2]",
     "an animal is one of"),
    (('stalls = ["restaurant"]', 'stalls = ["restaurant", "kiosk"]'), "enclosure.4.stalls", "stands alone"),
    (('stalls = ["restaurant"]', 'stalls = ["kiosk", "snack", "popcorn"]'), "enclosure.4.stalls",
     "has 2 vending stall spaces, not 3"),
    (('pavilions = 0', 'pavilions = 1\nfurniture = 2'), "enclosure.4.furniture", "unknown key"),
    (('offspring = 1', 'offspring = 4'), "enclosure.4.offspring", "between 0 and 3"),
    (('sites = 0 ', 'sites = 2 '), "enclosure.4.animals", "has 4 spaces"),
    (('[enclosure.x1]', ''), "enclosure.x1", "every enclosure the zoo has is listed"),
    (('expansion_boards = 1', 'expansion_boards = 0'), "enclosure.x1", "so no enclosure 'x1'"),
    (('players = 2', 'players = 3\nexpansion_boards_typo = 1'), "expansion_boards_typo", "unknown key"),
    (('expansion_boards = 1', 'expansion_boards = 2'), "enclosure.x2", "missing"),
    (('stalls = ["snack"]', 'stalls = ["restaurant"]'), "barn.stalls[1]", "a stall in the barn is one of"),
    (('expansions = ["three-buildings"]', 'expansions = ["three-buildings", "three-buildings"]'),
     "expansions", "listed twice"),
])
def test_bad_files_name_the_key_and_the_reason(change, key, reason):
    text = SPEC_EXAMPLE.replace(*change, 1)
    assert text != SPEC_EXAMPLE
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text, file="bad.toml")
    assert info.value.file == "bad.toml" and info.value.key == key and reason in info.value.reason


def test_the_box_limits_species_stalls_and_markers():
    too_many = SPEC_EXAMPLE.replace('[barn]\nanimals = ["camel", "camel"]',
                                    '[barn]\nanimals = ["camel", "panda", "monkey", "kangaroo", "leopard"]')
    with pytest.raises(PuzzleError, match="a 2-player game has 5 species; this zoo and its tiles show 6"):
        parse_puzzle(too_many)
    spread = SPEC_EXAMPLE.replace("[enclosure.5]", "[enclosure.5]\nsites = 2").replace(
        "[enclosure.6]", "[enclosure.6]\nsites = 2")
    with pytest.raises(PuzzleError,
                       match=r"the box has 3 enclosure construction-site markers \(ASSUMED, ruling Z10\), not 4"):
        parse_puzzle(spread)
    kiosks = SPEC_EXAMPLE.replace('stalls = ["snack"]', 'stalls = ["kiosk", "kiosk", "kiosk", "kiosk"]')
    with pytest.raises(PuzzleError, match="the box has 3 kiosk stalls, not 4"):
        parse_puzzle(kiosks)


def test_a_3_player_zoo_may_not_have_two_expansion_boards():
    with pytest.raises(PuzzleError, match="expansion_boards: must be between 0 and 1"):
        parse_puzzle(SPEC_EXAMPLE.replace("players = 2", "players = 3").replace("expansion_boards = 1",
                                                                                 "expansion_boards = 2"))


@pytest.mark.parametrize("kind, extra", [
    ("zooloretto/truck", {"truck": ["zebra-male", "kiosk", "coin"]}),
    ("zooloretto/sabotage", {"markers": ["enclosure", "stall"], "tiles": ["zebra"]}),
    ("zooloretto/invest", {"tiles": ["camel", "kiosk"]}),
])
def test_every_kind_round_trips_through_dump(kind, extra):
    from zoobook.puzzles.registry import get_kind

    base = parse_puzzle(_with_top_keys(SPEC_EXAMPLE.replace("zooloretto/score", kind), extra))
    text = puzzle_toml(id="again", kind=kind, body=get_kind(kind).dump(base.model))
    assert parse_puzzle(text).model == base.model


def _with_top_keys(text: str, extra: dict) -> str:
    head, sep, rest = text.partition("[enclosure.5]")
    lines = "".join(f"{k} = {json.dumps(v)}\n" for k, v in extra.items())
    return head + lines + sep + rest


def test_truck_holds_at_most_three_tiles():
    with pytest.raises(PuzzleError, match="truck: must have at most 3 item"):
        parse_puzzle(_with_top_keys(SPEC_EXAMPLE.replace("zooloretto/score", "zooloretto/truck"),
                                    {"truck": ["zebra"] * 4}))
    with pytest.raises(PuzzleError, match=r"truck\[1\]: 'lion' is not a tile"):
        parse_puzzle(_with_top_keys(SPEC_EXAMPLE.replace("zooloretto/score", "zooloretto/truck"),
                                    {"truck": ["lion"]}))


# -- issue 17: zoos the box cannot supply (F20), one souvenir shop (Z10), offspring by species (Z8) -------
THREE_MALES = '''
id = "three-males"
kind = "zooloretto/sabotage"
players = 2
expansions = ["construction-sites"]
markers = ["enclosure"]
tiles = ["monkey-male"]
[enclosure.5]
animals = ["monkey"]
fertile = ["male"]
[enclosure.4]
[enclosure.6]
[barn]
animals = ["monkey"]
fertile = ["monkey-male"]
'''


def test_three_fertile_males_of_a_species_are_refused_where_the_third_appears():
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(THREE_MALES, file="m.toml")
    assert (info.value.file, info.value.key) == ("m.toml", "tiles")
    assert "2 fertile male monkeys" in info.value.reason and "[F20]" in info.value.reason
    parse_puzzle(THREE_MALES.replace('tiles = ["monkey-male"]', 'tiles = ["monkey-female"]'))
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(THREE_MALES.replace('animals = ["monkey"]\nfertile = ["monkey-male"]',
                                         'animals = ["monkey", "monkey"]\nfertile = ["monkey-male", "monkey-male"]'))
    assert info.value.key == "barn"


def test_an_offspring_used_up_a_fertile_pair():
    bred = THREE_MALES.replace('[enclosure.5]\nanimals = ["monkey"]\nfertile = ["male"]',
                               '[enclosure.5]\nanimals = ["monkey", "monkey", "monkey"]\noffspring = 1')
    parse_puzzle(bred.replace('tiles = ["monkey-male"]', 'tiles = []'))
    with pytest.raises(PuzzleError, match="each of the 1 monkey offspring used one up"):
        parse_puzzle(bred)


def test_markers_in_the_zoo_and_in_hand_share_the_assumed_count(flip):
    text = (THREE_MALES.replace('tiles = ["monkey-male"]', 'tiles = []')
            .replace('markers = ["enclosure"]', 'markers = ["enclosure", "enclosure"]')
            .replace("[enclosure.4]", "[enclosure.4]\nsites = 2"))
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text)
    assert info.value.key == "markers" and "3 enclosure construction-site markers" in info.value.reason
    flip("zooloretto.construction_site_markers", {"enclosure": 4, "stall": 3, "barn": 3})
    assert parse_puzzle(text).model.markers == ("enclosure", "enclosure")


def test_the_souvenir_shop_cannot_stay_in_the_middle_once_the_zoo_has_an_offspring():
    text = SPEC_EXAMPLE + "\n[middle]\nsouvenir_shop = true\n"
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text)
    assert info.value.key == "middle.souvenir_shop" and "Z10" in info.value.reason
    two_shops = SPEC_EXAMPLE.replace("[enclosure.5]", '[enclosure.5]\nstalls = ["souvenir-shop"]').replace(
        'stalls = ["snack"]', 'stalls = ["souvenir-shop"]')
    with pytest.raises(PuzzleError, match="the box has one souvenir shop, not 2"):
        parse_puzzle(two_shops)


def test_more_coins_than_the_box_are_refused():
    with pytest.raises(PuzzleError, match="coins: must be between 0 and 30"):
        parse_puzzle(SPEC_EXAMPLE.replace("players = 2", "players = 2\ncoins = 31"))


def test_barn_offspring_by_species_round_trip():
    text = SPEC_EXAMPLE.replace('[barn]\nanimals = ["camel", "camel"]\noffspring = 0',
                                '[barn]\nanimals = ["camel", "camel", "panda"]\noffspring = ["panda"]')
    zoo = parse_puzzle(text).model
    assert zoo.barn.young == ("panda",) and zoo.offspring == 2
    from zoobook.puzzles.registry import get_kind

    again = parse_puzzle(puzzle_toml(id="again", kind="zooloretto/score", body=get_kind("zooloretto/score").dump(zoo)))
    assert again.model == zoo
    # a bare count over several species is read alphabetically and written back by name
    counted = parse_puzzle(text.replace('offspring = ["panda"]', "offspring = 1")).model
    assert counted.barn.young == ("camel",)


# -- ruling Z11: a bare offspring count over several barn species -----------------------------------
Z11_FILE = '''
id = "z11-bare-count"
kind = "zooloretto/score"
players = 2
expansions = []
expansion_boards = 0

[enclosure.4]
[enclosure.6]

[enclosure.5]
animals = ["camel", "camel", "camel", "camel"]
offspring = 2                      # both camel offspring tiles of the box

[barn]
animals = ["camel", "zebra"]
offspring = {count}                # whose? the file does not say
'''


def test_a_bare_offspring_count_is_valid_when_some_species_can_take_it():
    """Ruling Z11. Read alphabetically, the barn's offspring would be a third camel offspring (the box has
    2, both in the 5-space enclosure); as a zebra it fits, so the file is valid. By hand: the 5-space
    enclosure one short 5, barn camel -2 and zebra -2: 1."""
    puzzle = parse_puzzle(Z11_FILE.format(count=1), file="z11.toml")
    assert puzzle.solve().value == 1
    from zoobook.puzzles.fields import Table
    from zoobook.zooloretto.files import read_zoo
    import tomllib
    zoo = read_zoo(Table(tomllib.loads(Z11_FILE.format(count=1))))
    assert zoo.barn.young == ("zebra",) and zoo.offspring == 3


def test_a_bare_offspring_count_no_assignment_fits_is_refused_with_one_clear_message():
    """Two barn offspring: the zebra takes at most one (it is the barn's only zebra), so one would be a
    third camel offspring, whichever way they are given: refused, naming the barn, the box and Z11."""
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(Z11_FILE.format(count=2), file="z11.toml")
    message = str(caught.value)
    assert "barn" in message and "2 camel offspring tiles" in message and "Z11" in message, message


def test_the_score_does_not_depend_on_whose_the_offspring_are():
    """Z11: every assignment the box allows scores the same (here with the souvenir shop, which counts
    offspring)."""
    from dataclasses import replace

    from zoobook.zooloretto.files import offspring_readings
    from zoobook.zooloretto.model import Barn, Enclosure, Middle, box_problems, new_zoo
    from zoobook.zooloretto.scoring import score
    barn = Barn(("camel", "camel", "kangaroo", "zebra", "zebra"), young=("camel", "zebra"))
    zoo = replace(new_zoo(expansions=("three-buildings",)).with_enclosure(
        Enclosure("6", "zebra", 2, stalls=("souvenir-shop",))), barn=barn, middle=Middle(True, False, 2))
    readings = [young for young in offspring_readings(barn)
                if not box_problems(replace(zoo, barn=replace(barn, young=young)))]
    # two of camel (2 there), kangaroo (1) and zebra (2): cc, ck, cz, kz, zz
    assert len(readings) == 5
    assert len({score(replace(zoo, barn=replace(barn, young=young))).total for young in readings}) == 1


def test_a_bare_offspring_count_is_fitted_with_the_truck_tiles_too():
    """Z11 with a truck: the zoo alone fits whoever the offspring is, but a camel offspring would have used
    up a fertile male camel, and the zoo's unbred one and the truck's make the box's other two."""
    text = '''
id = "z11-truck"
kind = "zooloretto/truck"
players = 2
expansions = []
expansion_boards = 0
truck = ["camel-male"]
[enclosure.4]
[enclosure.6]
[enclosure.5]
animals = ["camel"]
fertile = ["male"]
[barn]
animals = ["camel", "zebra"]
offspring = 1
'''
    puzzle = parse_puzzle(text, file="z11-truck.toml")
    assert puzzle.model.zoo.barn.young == ("zebra",)
    with pytest.raises(PuzzleError) as caught:  # named as a camel, the same zoo is more than the box
        parse_puzzle(text.replace("offspring = 1", 'offspring = ["camel"]'), file="z11-truck.toml")
    assert "fertile male camels" in str(caught.value) and "Z11" not in str(caught.value)
