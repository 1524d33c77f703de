"""Kind ``5x5/lineup``: the contract's file format, clear errors, round trips, the puzzle files."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from zoobook.errors import PuzzleError
from zoobook.fivebyfive.kinds import dump
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.puzzles.loading import load_puzzle, parse_puzzle, puzzle_toml

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "5x5"

CONTRACT_EXAMPLE = '''
id = "contract"
kind = "5x5/lineup"
gate = "W"            # N, E, S or W
round = 1             # 1-3
players = 1
cubes = "RRGBKW"      # one-time cubes: R red, B blue, G green, Y yellow, K black, W white
meeples = "G"         # regular meeples (never spent on free actions)
doors = 1             # door tokens in hand

[[tile]]
cells = ["A3"]        # one cell, or two orthogonally adjacent cells for a large tile
kind = "carnivore"    # carnivore, herbivore, aquatic, bird, reptile, park
stars = 1             # walls stand only on tiles with a star icon (F18a)
popularity = false    # a popularity token already on it
walls = ["A3:W"]      # cell:side for each wall this tile carries (sides N, E, S, W)

[[tile]]
cells = ["B3", "B4"]
kind = "bird"

[[door]]
at = "A3:E"           # a door already placed on the border east of A3 ("A3:W" is the W gate's border)

[[request]]
needs = { bird = 3, aquatic = 1 }
points = 5
'''


def test_the_contract_example_loads_and_solves():
    puzzle = parse_puzzle(CONTRACT_EXAMPLE, file="contract.toml")
    solution = puzzle.solve()
    # Door in hand on the walled gate border, red cube on A3, through the placed door to the bird:
    # 2 tiles + 2 doors, and 4 cubes left buy one more token.
    assert solution.value == 5
    witness = solution.witness
    assert witness["tiles"] == ["A3", "B3"] and witness["doors"] == ["A3:W"]
    assert set(witness) >= {"tiles", "doors", "free_actions", "cards"}


@pytest.mark.parametrize("change, key, reason", [
    (('gate = "W"', 'gate = "X"'), "gate", "must be one of"),
    (("round = 1", "round = 4"), "round", "between 1 and 3"),
    (('cubes = "RRGBKW"', 'cubes = "RRQ"'), "cubes", "'Q' is not a colour letter"),
    (('meeples = "G"', 'meeples = "W"'), "meeples", "'W' is not a colour letter"),
    (('cells = ["B3", "B4"]', 'cells = ["B3", "C4"]'), "tile[2].cells", "orthogonally adjacent"),
    (('cells = ["B3", "B4"]', 'cells = ["A3"]'), "tile[2].cells", "already covered"),
    (('walls = ["A3:W"]', 'walls = ["B3:W"]'), "tile[1].walls[1]", "not on a cell of this tile"),
    (('walls = ["A3:W"]', 'walls = ["A3:Q"]'), "tile[1].walls[1]", "side must be N, E, S or W"),
    (('kind = "bird"', 'kind = "dragon"'), "tile[2].kind", "must be one of"),
    (('at = "A3:E"', 'at = "A1:N"'), "door[1].at", "away from the gates"),
    (('at = "A3:E"', 'at = "C1:E"'), "door[1].at", "needs an Animal tile on both sides"),
    (("needs = { bird = 3, aquatic = 1 }", "needs = { park = 1 }"), "request[1].needs.park", "Park never counts"),
    (("stars = 1 ", "colour = 1\nstars = 1 "), "tile[1].colour", "unknown key"),
    # F18a: walls stand only on tiles with a star icon (issue 41: the parser let them through)
    (("stars = 1 ", "stars = 0 "), "tile[1].walls", "a tile without stars has no walls (F18a)"),
    # F20: never more than the box holds
    (('cubes = "RRGBKW"', 'cubes = "RRGBKWWW"'), "cubes", "3 white cubes, but the box has only 2 (F20)"),
    (('cubes = "RRGBKW"', 'cubes = "' + "R" * 16 + '"'), "cubes", "16 red cubes, but the box has only 15"),
    (('meeples = "G"', 'meeples = "GGGG"'), "meeples", "4 green meeples, but the box has only 3"),
])
def test_bad_files_get_one_clear_error_naming_file_and_key(change, key, reason):
    text = CONTRACT_EXAMPLE.replace(*change)
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(text, file="bad.toml")
    message = str(caught.value)
    assert message.startswith(f"bad.toml: {key}: ") and reason in message


def test_defaults_for_optional_keys():
    text = 'id = "x"\nkind = "5x5/lineup"\ngate = "N"\n[[tile]]\ncells = ["C1"]\nkind = "park"\n'
    model = parse_puzzle(text).model
    assert (model.round, model.players, model.cubes, model.meeples, model.doors) == (1, 1, "", "", 0)
    assert parse_puzzle(text).solve().value == 0


@pytest.mark.parametrize("seed", range(8))
def test_dump_round_trips_with_parse(seed):
    puzzle = random_lineup_puzzle(random.Random(seed), requests=seed % 3)
    text = puzzle_toml(id="round-trip", kind="5x5/lineup", body=dump(puzzle))
    again = parse_puzzle(text).model
    assert again == puzzle


def test_at_least_15_puzzles_with_the_themes_the_issue_asks_for():
    files = sorted(PUZZLES.glob("*.toml"))
    assert len(files) >= 15
    themes = set()
    for path in files:
        puzzle = load_puzzle(path)
        assert puzzle.answer is not None, path
        themes.update(puzzle.themes)
    for theme in ("walls and doors", "white cubes as jokers", "parks", "large tiles", "dead end worth entering last",
                  "converting cubes", "request cards steering the path", "solo bonus threshold"):
        assert theme in themes


def test_solve_json_prints_the_contract_object():
    path = PUZZLES / "mr-a.toml"
    out = subprocess.run([sys.executable, "-m", "zoobook", "solve", str(path), "--json"], capture_output=True,
                         text=True, check=True)
    data = json.loads(out.stdout)
    assert data["kind"] == "5x5/lineup" and data["value"] == 8
    assert data["witness"]["tiles"] == ["A3", "B3", "C3", "D3", "D2"]
    assert all(isinstance(line, str) for line in data["explanation"])


def test_the_generator_never_makes_a_hand_beyond_the_box_f20():
    """F20 over many seeds, with hands far larger than the generator's defaults: the draws run
    into the box's 2 white cubes and 3 meeples of a colour on many of them (counted, so the
    seeds are known to test the limit; 2,000 seeds reached no more limits than these 200)."""
    from collections import Counter

    whites_at_limit = meeples_at_limit = 0
    for seed in range(200):
        puzzle = random_lineup_puzzle(random.Random(seed), max_cubes=30, max_meeples=10)
        cubes, meeples = Counter(puzzle.cubes), Counter(puzzle.meeples)
        assert cubes["W"] <= 2 and max(cubes.values(), default=0) <= 15
        assert max(meeples.values(), default=0) <= 3
        whites_at_limit += cubes["W"] == 2
        meeples_at_limit += max(meeples.values(), default=0) == 3
    assert whites_at_limit >= 50 and meeples_at_limit >= 30


def test_generated_lineup_hands_stay_in_the_box_f20():
    from zoobook.fivebyfive.components import hand_beyond_box
    from zoobook.generate.lineup import sample_lineup

    assert all(hand_beyond_box(p.cubes, p.meeples) is None
               for p in (sample_lineup(random.Random(seed), 5) for seed in range(500)))


def test_generated_boards_put_walls_only_on_tiles_with_a_star_f18a():
    from zoobook.fivebyfive.lineup_generator import random_board

    boards = [random_board(random.Random(seed), walls=0.5) for seed in range(50)]
    tiles = [t for board in boards for t in board.tiles]
    assert any(t.walls for t in tiles) and all(t.stars for t in tiles if t.walls)


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_puzzles_hold_only_what_the_box_has_f18a_f20(path):
    from zoobook.fivebyfive.components import hand_beyond_box

    model = load_puzzle(path).model
    assert hand_beyond_box(model.cubes, model.meeples) is None
    assert all(t.stars for t in model.board.tiles if t.walls), "a star-less tile with walls (F18a)"
