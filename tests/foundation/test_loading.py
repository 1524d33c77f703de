"""Loading puzzle files: strict, and every error is one line naming file, key and reason."""

from __future__ import annotations

import pytest

from tests.foundation.toykind import VALID_TOY, ToyTile, toy_file
from zoobook.errors import PuzzleError
from zoobook.puzzles import (Answer, catalogue, find_puzzle_files, get_kind, load_puzzle,
                             parse_puzzle, puzzle_toml, write_puzzle)
from zoobook.puzzles.catalogue import load_all
from zoobook.puzzles.registry import game_modules


def error_of(text: str, file: str = "p.toml") -> str:
    """The one-line message parse_puzzle gives for *text*."""
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text, file=file)
    message = str(info.value)
    assert "\n" not in message
    return message


def replace(old: str, new: str, text: str = VALID_TOY) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_a_valid_file_loads_with_its_common_keys_and_model(tmp_path):
    puzzle = load_puzzle(toy_file(tmp_path))
    assert (puzzle.id, puzzle.kind.name, puzzle.title) == ("three-tiles", "toy/heaviest", "Three tiles")
    assert puzzle.difficulty == 2
    assert puzzle.themes == ("maximum", "reading files")
    assert puzzle.description == "Which tile is heaviest?"
    assert puzzle.answer == Answer(7)
    assert puzzle.model == (ToyTile("a", 3, ("N",)), ToyTile("b", 7), ToyTile("c", 5, ("E", "S")))
    assert puzzle.path == tmp_path / "three-tiles.toml"
    assert puzzle.solve().value == 7 and puzzle.solve().witness == "b"


def test_only_id_and_kind_are_required():
    puzzle = parse_puzzle('id = "bare"\nkind = "toy/heaviest"\n')
    assert (puzzle.title, puzzle.difficulty, puzzle.themes, puzzle.answer) == ("", None, (), None)
    assert puzzle.solve().value is None  # no tiles: the question has no solution


@pytest.mark.parametrize("text, expected", [
    # the key path of a list item inside the third [[tile]], counted from 1
    (replace('walls = ["E", "S"]', 'walls = ["X", "S"]'),
     "p.toml: tile[3].walls[1]: must be one of N, E, S, W, not 'X'"),
    (replace('walls = ["E", "S"]', 'walls = ["E", 4]'),
     "p.toml: tile[3].walls[2]: must be one of N, E, S, W, not 4"),
    (replace("weight = 7", "weight = 10"), "p.toml: tile[2].weight: must be between 0 and 9, not 10"),
    (replace("weight = 7", 'weight = "7"'), "p.toml: tile[2].weight: must be an integer, not a string"),
    (replace("weight = 7", "weight = true"), "p.toml: tile[2].weight: must be an integer, not a boolean"),
    (replace('name = "b"\n', ""), "p.toml: tile[2].name: missing"),
    (replace("weight = 7", "weight = 7\ncolour = 'red'"), "p.toml: tile[2].colour: unknown key"),
    (replace("difficulty = 2", "difficulty = 2\ntiles = 3"), "p.toml: tiles: unknown key"),
    (replace('id = "three-tiles"', 'id = "Three Tiles"'),
     "p.toml: id: must be kebab-case: lower-case letters and digits joined by '-'"),
    (replace('id = "three-tiles"\n', ""), "p.toml: id: missing"),
    (replace('kind = "toy/heaviest"\n', ""), "p.toml: kind: missing"),
    (replace("difficulty = 2", "difficulty = 6"), "p.toml: difficulty: must be between 1 and 5, not 6"),
    (replace("difficulty = 2", "difficulty = 2.5"), "p.toml: difficulty: must be an integer, not a number"),
    (replace('themes = ["maximum", "reading files"]', 'themes = ["maximum", 3]'),
     "p.toml: themes[2]: must be a string, not an integer"),
    (replace('title = "Three tiles"', "title = 3"), "p.toml: title: must be a string, not an integer"),
    ('id = "x"\nkind = "toy/heaviest"\ntile = 3\n',
     "p.toml: tile: must be an array of tables ([[tile]]), not an integer"),
    ('id = "x"\nkind = "toy/heaviest"\ntile = [3]\n', "p.toml: tile[1]: must be a table, not an integer"),
])
def test_an_error_names_file_key_path_and_reason(text, expected):
    assert error_of(text) == expected


def test_an_unknown_kind_names_the_kind_and_the_known_ones():
    message = error_of(replace('kind = "toy/heaviest"', 'kind = "toy/lightest"'))
    assert message.startswith("p.toml: kind: unknown puzzle kind 'toy/lightest' (known: ")
    assert "toy/heaviest" in message


@pytest.mark.parametrize("answer, expected", [
    ("value = 7", Answer(7)),
    ("value = 7.0", Answer(7.0)),
    ("no_solution = true", Answer(None)),
    ("value = 7\noptima = 1", Answer(7, 1)),
])
def test_answer_forms(answer, expected):
    assert parse_puzzle(replace("value = 7", answer)).answer == expected


@pytest.mark.parametrize("answer, expected", [
    ("value = 7\nno_solution = true", "answer.no_solution: give either value or no_solution = true, not both"),
    ("no_solution = false", "answer.no_solution: write no_solution = true, or give a value instead"),
    ("optima = 1", "answer.value: missing"),
    ("value = 7\noptima = 0", "answer.optima: must be at least 1, not 0"),
    ('value = "7"', "answer.value: must be a number, not a string"),
    ("value = nan", "answer.value: must be a finite number"),
    ("value = inf", "answer.value: must be a finite number"),
    ("value = 7\nproof = 'trust me'", "answer.proof: unknown key"),
])
def test_bad_answers(answer, expected):
    assert error_of(replace("value = 7", answer)) == f"p.toml: {expected}"


def test_an_answer_that_is_not_a_table():
    text = VALID_TOY.split("[answer]")[0].replace('id = "three-tiles"', 'id = "three-tiles"\nanswer = 7')
    assert error_of(text) == "p.toml: answer: must be a table, not an integer"


@pytest.mark.parametrize("data, reason", [
    (b'id = "x"\nkind = ', "not valid TOML"),
    (b'id = "x"\nid = "y"\n', "not valid TOML"),
    ('id = "caf\u00e9"'.encode("latin-1"), "not UTF-8 text"),
    (b"\x00\xff\xfe", "not UTF-8 text"),
])
def test_files_that_are_not_toml_text(tmp_path, data, reason):
    path = tmp_path / "bad.toml"
    path.write_bytes(data)
    with pytest.raises(PuzzleError) as info:
        load_puzzle(path)
    assert str(info.value).startswith(f"{path}: {reason}")
    assert "\n" not in str(info.value)


def test_a_missing_file_and_a_huge_file(tmp_path):
    with pytest.raises(PuzzleError, match=r"nope\.toml: cannot be read"):
        load_puzzle(tmp_path / "nope.toml")
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * 1_000_001)
    with pytest.raises(PuzzleError, match="larger than"):
        load_puzzle(huge)


def test_duplicate_ids_are_an_error_on_the_second_file(tmp_path):
    first = toy_file(tmp_path, "a/one.toml")
    second = toy_file(tmp_path, "b/two.toml")
    puzzles, errors = load_all([tmp_path])
    assert [p.path for p in puzzles] == [first]
    assert [str(e) for e in errors] == [f"{second}: id: id 'three-tiles' is also used by {first}"]


def test_catalogue_reports_bad_files_and_keeps_the_good(tmp_path):
    toy_file(tmp_path, "good.toml")
    toy_file(tmp_path, "bad.toml", replace("weight = 7", "weight = -1").replace("three-tiles", "other"))
    rows, errors = catalogue([tmp_path])
    assert [r.id for r in rows] == ["three-tiles"]
    assert [str(e) for e in errors] == [f"{tmp_path / 'bad.toml'}: tile[2].weight: must be between 0 and 9, not -1"]


def test_find_puzzle_files_walks_folders_in_order(tmp_path):
    paths = [toy_file(tmp_path, name) for name in ("z/b.toml", "a.toml", "z/a.toml")]
    (tmp_path / "notes.txt").write_text("not a puzzle")
    assert list(find_puzzle_files([tmp_path])) == sorted(paths)


def test_dump_round_trips_through_puzzle_toml():
    puzzle = parse_puzzle(VALID_TOY)
    text = puzzle_toml(id=puzzle.id, kind=puzzle.kind.name, body=puzzle.kind.dump(puzzle.model),
                       title=puzzle.title, difficulty=puzzle.difficulty, themes=puzzle.themes,
                       description=puzzle.description, answer=puzzle.answer)
    again = parse_puzzle(text)
    assert again == puzzle
    assert parse_puzzle(puzzle_toml(id="none", kind="toy/heaviest", body={"tile": []},
                                    answer=Answer(None))).answer == Answer(None)


def test_write_puzzle_writes_nothing_for_a_bad_file(tmp_path):
    target = tmp_path / "sub" / "bad.toml"
    with pytest.raises(PuzzleError):
        write_puzzle(target, replace("weight = 7", "weight = 70"))
    assert not target.exists() and not target.parent.exists()
    assert write_puzzle(tmp_path / "ok.toml", VALID_TOY).read_text() == VALID_TOY


def test_no_toy_kind_ships_in_the_product():
    assert get_kind("toy/heaviest").summary == "the heaviest tile"  # registered by conftest
    shipped = [kind.name for module in game_modules() for kind in getattr(module, "KINDS", ())]
    assert not [name for name in shipped if name.startswith("toy/")]
