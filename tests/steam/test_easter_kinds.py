"""Easter Island puzzle files: the contract format, certified answers, clear errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import load_puzzle, parse_puzzle
from zoobook.puzzles import verify
from zoobook.steam.easter.island import TRACK_COST

from tests.steam.test_easter_connect import brute_force

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles" / "steam-easter"

CONTRACT = '''id = "contract"
kind = "steam-easter/connect"
plain = [[0, 0], [1, 0]]      # hexes where track may be laid
mountain = [[2, 0]]

[[city]]
name = "Red 3"
hex = [3, 0]
colour = "red"
ruin = true
cubes = ["red", "blue"]       # bottom to top; at most 2

[[city]]
name = "Red 4"
hex = [-1, 0]
colour = "red"
ruin = true
'''


def test_the_contract_example_loads_and_solves():
    solution = parse_puzzle(CONTRACT).solve()
    assert solution.value == 3 + 3 + 4
    assert solution.witness == [[[3, 0], [2, 0], [1, 0], [0, 0], [-1, 0]]]  # from Red 3 to Red 4


def test_every_shipped_puzzle_verifies():
    checks, errors = verify([PUZZLES])
    assert not errors
    assert len(checks) >= 10 and all(c.ok for c in checks), [c.reason for c in checks if not c.ok]
    kinds = {c.puzzle.kind.name for c in checks}
    assert kinds == {"steam-easter/connect", "steam-easter/moai"}
    assert all(c.puzzle.themes for c in checks)


#: The brute-force twin enumerates link sets: it finishes in seconds up to about 20 track hexes.
TWIN_HEXES = 20


def _connect_files(small: bool) -> list[Path]:
    out = []
    for path in sorted(PUZZLES.glob("*.toml")):
        puzzle = load_puzzle(path)
        if puzzle.kind.name == "steam-easter/connect":
            hexes = sum(1 for _, t in puzzle.model.hexmap.terrain if t in TRACK_COST)
            if (hexes <= TWIN_HEXES) == small:
                out.append(path)
    return out


@pytest.mark.parametrize("path", _connect_files(small=True), ids=lambda p: p.stem)
def test_small_connect_puzzles_agree_with_the_brute_force_twin(path):
    island = load_puzzle(path).model
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    cities = {c.hex: c.name for c in island.cities}
    assert load_puzzle(path).answer.value == brute_force(costs, cities, island.ruins())


def test_the_twin_checks_every_connect_file_it_can_finish():
    # 8 of the 17 shipped files; the other 9 (27 to 96 track hexes) are beyond its exhaustion
    assert len(_connect_files(small=True)) >= 8
    assert len(_connect_files(small=True)) + len(_connect_files(small=False)) == 17


@pytest.mark.parametrize("change, key, reason", [
    ('mountain = [[2, 0]]', 'mountain = [[1, 0]]', "listed twice"),
    ('plain = [[0, 0], [1, 0]]', 'plain = [[0, 0], [1, 0], [3, 0]]', "never laid on a city hex"),
    ('colour = "red"\nruin = true\ncubes', 'colour = "green"\nruin = true\ncubes', "must be one of"),
    ('cubes = ["red", "blue"]', 'cubes = ["red", "blue", "red"]', "at most 2"),
    ('ruin = true\ncubes', 'ruin = "yes"\ncubes', "true or false"),
    ('name = "Red 4"', 'name = "Red 3"', "already called"),
    ('mountain = [[2, 0]]', 'mountain = [[2, 0]]\nmountains = []', "unknown key"),
])
def test_bad_files_get_one_clear_message(change, key, reason):
    with pytest.raises(PuzzleError, match=reason):
        parse_puzzle(CONTRACT.replace(change, key, 1), file="bad.toml")


def test_moai_track_must_be_complete():
    text = '''id = "m"
kind = "steam-easter/moai"
locomotive = 2
[[city]]
name = "A"
hex = [0, 0]
colour = "red"
ruin = true
cubes = ["red"]
[[track]]
hexes = [[0, 0], [1, 0], [2, 0]]
'''
    with pytest.raises(PuzzleError, match=r"track\[1\].hexes: this track does not end at a city"):
        parse_puzzle(text, file="m.toml")


def test_dump_round_trips_through_the_file_format():
    from zoobook.puzzles.loading import puzzle_toml
    for path in sorted(PUZZLES.glob("*.toml")):
        puzzle = load_puzzle(path)
        text = puzzle_toml(id=puzzle.id, kind=puzzle.kind.name, body=puzzle.kind.dump(puzzle.model))
        assert parse_puzzle(text).model == puzzle.model


def test_cli_solve_json_for_an_unreachable_ruin():
    # In-process: `python -m zoobook` as a real process is tests/fivebyfive/test_lineup_puzzles.py's.
    path = PUZZLES / "easter-a-ruin-beyond-the-cliffs.toml"
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", str(path), "--json"], out=out, err=err) == 0, err.getvalue()
    answer = json.loads(out.getvalue())
    assert answer["value"] is None and "Blue 5" in answer["explanation"][0]
