"""The puzzle kind steam-zoo/shipment: the contract format, errors, round trips, the command."""

import io
import json
import random
from dataclasses import replace

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import Answer, parse_puzzle, puzzle_toml
from zoobook.steam.ascii import same_tracks
from zoobook.steam.zoo.generate import random_zoo
from zoobook.steam.zoo.kinds import ShipmentQuestion, dump, dump_ascii

# Written exactly as the puzzle-file contract shows it (plus the areas it names).
CONTRACT = '''
id = "contract"
kind = "steam-zoo/shipment"
from = "zebra"
to = "lion"
feeding = false

[[area]]              # animal areas
name = "lion"
hex = [3, 2]          # axial (q, r), ruling S1
danger = 6
food = 2

[[area]]
name = "zebra"
hex = [0, 5]
danger = 2
food = 2

[[exit]]
hex = [1, 5]

[[exit]]
hex = [6, 2]

[[town]]
hex = [4, 4]
urbanized = false     # true: a new city tile, danger 1

[[track]]             # one link: a node hex, the track hexes in order, a node hex
hexes = [[3, 2], [4, 2], [5, 2], [6, 2]]

[[track]]
hexes = [[0, 5], [1, 4], [1, 5]]

[[track]]
hexes = [[4, 4], [4, 3], [3, 3]]
'''


def solve_text(text):
    return parse_puzzle(text, file="p.toml").solve()


def test_the_contract_example_loads_and_solves_with_a_teleport():
    solution = solve_text(CONTRACT)
    assert solution.value == 2
    assert solution.witness == {"route": ["zebra", "1,5", "6,2", "lion"], "teleport": ["1,5", "6,2"],
                                "links": 2, "level": 2, "feeding": None}
    assert any("teleport" in s for s in solution.explanation)
    assert any("does not count" in s and "destination" in s for s in solution.explanation)


def test_the_command_prints_the_contract_json(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text(CONTRACT)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", str(path), "--json"], out, err) == 0
    data = json.loads(out.getvalue())
    assert set(data) == {"id", "kind", "value", "witness", "explanation"}
    assert data["kind"] == "steam-zoo/shipment" and data["value"] == 2
    path.write_text(CONTRACT.replace('hexes = [[0, 5], [1, 4], [1, 5]]', 'hexes = [[0, 5], [1, 4]]'))
    out = io.StringIO()
    assert main(["solve", str(path), "--json"], out, err) == 0
    data = json.loads(out.getvalue())
    assert data["value"] is None and data["witness"] is None
    assert "incomplete track carries nothing" in data["explanation"][0]


@pytest.mark.parametrize("change, key, reason", [
    (('hex = [3, 2]', 'hex = [3]'), "area[1].hex", "must be a pair [q, r] of integers"),
    (('danger = 6', 'danger = 7'), "area[1].danger", "must be between 1 and 6, not 7"),
    (('name = "lion"', 'name = "4,4"'), "area[1].name", "'q,r' names are kept for exits and towns"),
    (('food = 2\n\n[[area]]', 'food = 3\n\n[[area]]'), "area[1].food", "must be between 0 and 2, not 3"),
    (('to = "lion"', 'to = "tiger"'), "to", "'tiger' is not an animal area (areas: lion, zebra)"),
    (('to = "lion"', 'to = "zebra"'), "to", "a shipment goes to another animal area"),
    (('feeding = false', 'feeding = "no"'), "feeding", "must be true or false, not a string"),
    (('urbanized = false', 'urbanised = false'), "town[1].urbanised", "unknown key"),
    (('hex = [4, 4]', 'hex = [3, 2]'), "town[1].hex", "(3, 2) is already area[1].hex"),
    (('[[3, 2], [4, 2], [5, 2], [6, 2]]', '[[3, 2], [4, 2], [6, 2]]'), "track[1].hexes[3]",
     "(6, 2) is not a neighbour of (4, 2)"),
    (('[[4, 4], [4, 3], [3, 3]]', '[[4, 4], [4, 3], [4, 2], [3, 2]]'), "track[3].hexes[3]",
     "(4, 2) already holds track[1]"),
    (('[[0, 5], [1, 4], [1, 5]]', '[[0, 5], [1, 5], [2, 4]]'), "track[2].hexes[2]",
     "inner hexes are never nodes"),
    (('hexes = [[4, 4], [4, 3], [3, 3]]', 'hexes = [[4, 4]]'), "track[3].hexes", "at least 2 item(s)"),
])
def test_bad_files_get_one_clear_error_naming_the_key(change, key, reason):
    old, new = change
    assert old in CONTRACT
    with pytest.raises(PuzzleError) as info:
        solve_text(CONTRACT.replace(old, new, 1))
    assert info.value.file == "p.toml" and info.value.key == key and reason in info.value.reason


SHORTHAND = '''
id = "short"
kind = "steam-zoo/shipment"
from = "zebra"
to = "lion"
map = """
Z   a   a   L   .
  b   .   c   U   .
E   .   .   d   E
"""
[[area]]
name = "zebra"
mark = "Z"
danger = 3
[[area]]
name = "lion"
mark = "L"
danger = 6
'''


def test_the_ascii_shorthand_reads_marks_exits_towns_and_tracks():
    q = parse_puzzle(SHORTHAND).model
    assert [(a.name, tuple(a.hex)) for a in q.zoo.areas] == [("zebra", (0, 0)), ("lion", (3, 0))]
    assert sorted(map(tuple, q.zoo.exits)) == [(-1, 2), (3, 2)]
    assert [(tuple(t.hex), t.urbanized) for t in q.zoo.towns] == [((3, 1), True)]
    assert len(q.zoo.hexmap.complete_links()) == 4
    assert parse_puzzle(SHORTHAND).solve().value == 3


@pytest.mark.parametrize("change, key, reason", [
    (('mark = "L"', 'mark = "Q"'), "area[2].mark", "'Q' is not on the map"),
    (('  b   .   c', ' b   .   c'), "map", "line 2, column 2: 'b' is off the hex grid"),
    (('Z   a   a   L   .', 'Z   a   a   L   K'), "map", "the mark 'K' at (4, 0) is no area's mark"),
    (('Z   a   a   L   .', 'Z   a   a   L   %'), "map", "'%' is not a hex token"),
    (('E   .   .   d   E', 'E   .   .   d   a'), "map", "track 'a': its hexes do not form one chain"),
])
def test_shorthand_errors_name_the_map(change, key, reason):
    old, new = change
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(SHORTHAND.replace(old, new, 1), file="s.toml")
    assert info.value.key == key and reason in info.value.reason, str(info.value)


def _round_trip(question, body):
    text = puzzle_toml(id="rt", kind="steam-zoo/shipment", body=body, answer=Answer(None))
    return parse_puzzle(text).model


@pytest.mark.parametrize("seed", range(12))
def test_explicit_and_shorthand_forms_round_trip(seed):
    zoo = random_zoo(random.Random(seed), width=9, height=7, areas=5, exits=3, towns=2)
    names = zoo.area_names()
    q = ShipmentQuestion(zoo, names[0], names[1], seed % 2 == 0)
    explicit = _round_trip(q, dump(q))
    # The explicit form has no terrain (the contract has none); everything else survives.
    assert explicit == ShipmentQuestion(replace(zoo, terrain=()), q.origin, q.destination, q.feeding)
    short = _round_trip(q, dump_ascii(q))
    assert short.zoo.areas == zoo.areas and set(short.zoo.exits) == set(zoo.exits)
    assert set(short.zoo.towns) == set(zoo.towns)
    assert same_tracks([t.hexes for t in short.zoo.tracks], [t.hexes for t in zoo.tracks])
    again = _round_trip(short, dump(short))
    assert again.zoo.tracks == short.zoo.tracks and again.zoo.areas == short.zoo.areas


def test_shorthand_and_explicit_forms_give_the_same_answers_on_generated_maps():
    from zoobook.steam.zoo.shipping import level_table

    for seed in range(8):
        zoo = random_zoo(random.Random(100 + seed), width=9, height=7, areas=5, exits=2, towns=1)
        q = ShipmentQuestion(zoo, zoo.area_names()[0], zoo.area_names()[1])
        short = _round_trip(q, dump_ascii(q))
        assert level_table(short.zoo) == level_table(zoo)


def test_zoo_levels_command_prints_the_all_pairs_table(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text(CONTRACT)
    out, err = io.StringIO(), io.StringIO()
    assert main(["zoo-levels", str(path)], out, err) == 0
    assert out.getvalue().splitlines() == ["from \\ to  lion  zebra", "lion          .      6",
                                           "zebra         2      ."]
    out = io.StringIO()
    assert main(["zoo-levels", str(path), "--feeding", "--json"], out, err) == 0
    assert {"from": "lion", "to": "zebra", "level": 5} in json.loads(out.getvalue())
    path.write_text(CONTRACT.replace('danger = 6', 'danger = 9'))
    assert main(["zoo-levels", str(path)], io.StringIO(), err) == 2
    assert "area[1].danger" in err.getvalue()
