"""Fuzzing the loader: whatever a file holds, the only failure is one PuzzleError line.

Three sources of files: random bytes, random TOML documents (dicts dumped with
tomli_w), and near misses of a valid toy puzzle (one key dropped, added or given
a random value, anywhere in the document). Through the ``zoobook`` command the
same files never produce a traceback or an internal error.
"""

from __future__ import annotations

import copy
import io
import os
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.foundation.toykind import VALID_TOY
from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles import load_puzzle, parse_puzzle

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Keys the loader and the toy kind know, so random documents often reach deep code.
KNOWN_KEYS = ["id", "kind", "title", "difficulty", "themes", "description", "answer", "value",
              "no_solution", "optima", "tile", "name", "weight", "walls"]
KNOWN_TEXT = ["toy/heaviest", "three-tiles", "N", "E", "S", "W", "b", "", "toy/", "/"]

keys = st.sampled_from(KNOWN_KEYS) | st.text(min_size=1, max_size=8)
scalars = (st.booleans() | st.integers() | st.integers(-3, 12)
           | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from(KNOWN_TEXT) | st.text(max_size=12)
           | st.dates() | st.datetimes() | st.times())
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4)
    | st.lists(st.dictionaries(keys, inner, max_size=4), min_size=1, max_size=3),
    max_leaves=8)
# Half the documents carry a valid id and kind, so the loader gets past its first checks.
documents = st.dictionaries(keys, values, max_size=6) | st.builds(
    lambda extra: {"id": "fuzz", "kind": "toy/heaviest", **extra}, st.dictionaries(keys, values, max_size=5))
VALID = tomllib.loads(VALID_TOY)


def paths_in(node, prefix=()):
    """Every (path, value) inside a parsed document, tables and lists alike."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths_in(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths_in(value, prefix + (index,))


@st.composite
def near_misses(draw):
    """The valid toy document with one to three small changes."""
    document = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 3))):
        containers = [(path, node) for path, node in paths_in(document) if isinstance(node, (dict, list))
                      and node]
        path, node = draw(st.sampled_from(containers))
        change = draw(st.sampled_from(["drop", "set", "add"]))
        if isinstance(node, dict):
            key = draw(st.sampled_from(sorted(node))) if change != "add" else draw(keys)
        else:
            key = draw(st.integers(0, len(node) - 1))
        if change == "drop":
            del node[key]
        elif isinstance(node, dict) or change == "set":
            node[key] = draw(values)
        else:
            node.append(draw(values))
    return document


def dumps(document) -> str | None:
    """The document as TOML text, or None when tomli_w cannot write it."""
    try:
        return tomli_w.dumps(document)
    except (TypeError, ValueError):  # e.g. a non-string key deep inside; not a file anyone can write
        return None


def assert_loads_or_one_clean_error(text: str) -> None:
    try:
        parse_puzzle(text, file="fuzz.toml")
    except PuzzleError as exc:
        message = str(exc)
        assert message.startswith("fuzz.toml: ") and "\n" not in message and exc.reason


def assert_cli_is_clean(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_bytes(data)
        for argv in (["solve", str(path), "--json"], ["verify", str(path)], ["list", str(path)]):
            out, err = io.StringIO(), io.StringIO()
            status = main(argv, out=out, err=err)
            assert status in (0, 1, 2), (argv, status, err.getvalue())  # 3 is an internal error
            assert "Traceback" not in err.getvalue()
            if status == 2 and argv[0] == "solve":
                assert out.getvalue() == "" and err.getvalue().count("\n") == 1
        assert os.listdir(folder) == ["fuzz.toml"]  # nothing written


@FUZZ
@given(st.binary(max_size=400) | st.builds(lambda tail: VALID_TOY.encode()[:200] + tail, st.binary(max_size=40)))
def test_random_bytes_give_only_puzzle_errors(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_bytes(data)
        try:
            load_puzzle(path)
        except PuzzleError as exc:
            assert str(exc).startswith(str(path)) and "\n" not in str(exc)


@FUZZ
@given(documents)
def test_random_toml_documents_give_only_puzzle_errors(document):
    text = dumps(document)
    if text is not None:
        assert_loads_or_one_clean_error(text)


@FUZZ
@given(near_misses())
def test_near_misses_of_a_valid_file_give_only_puzzle_errors(document):
    text = dumps(document)
    if text is not None:
        assert_loads_or_one_clean_error(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_misses().map(dumps) | documents.map(dumps) | st.binary(max_size=200))
def test_the_command_never_prints_a_traceback(data):
    if data is None:
        return
    assert_cli_is_clean(data.encode("utf-8") if isinstance(data, str) else data)


def test_the_near_miss_generator_reaches_valid_and_invalid_files():
    """The fuzzer is only useful if some near misses still load and some do not."""
    outcomes = set()

    @settings(max_examples=80, deadline=None, database=None)
    @given(near_misses())
    def probe(document):
        text = dumps(document)
        if text is None:
            return
        try:
            parse_puzzle(text)
            outcomes.add("loads")
        except PuzzleError:
            outcomes.add("error")

    probe()
    assert outcomes == {"loads", "error"}


# -- whole-game files of Age of Steam's solo maps: what loads obeys the rules (issue 41) ----------

ZOO_GAME = {"id": "zoo-fuzz", "kind": "steam-zoo/clear", "turns": 3, "plain": [[1, 0], [1, 1]],
            "area": [{"name": "goats", "hex": [0, 0], "danger": 1},
                     {"name": "yaks", "hex": [2, 0], "danger": 1}],
            "start": {"turn": 1, "cash": 10, "hand": 1}}
EASTER_GAME = {"id": "easter-fuzz", "kind": "steam-easter/clear", "turns": 3, "plain": [[1, 0], [1, 1]],
               "city": [{"name": "Red 3", "hex": [0, 0], "colour": "red", "ruin": True, "cubes": ["blue"]},
                        {"name": "Blue 1", "hex": [2, 0], "colour": "blue", "ruin": True}],
               "start": {"turn": 1, "cash": 10, "blocked": ["engineer"]}}
ACTIONS = ["engineer", "locomotive", "urbanization", "rapa-nui", "feeding"]


def with_changes(document: dict, **changes) -> dict:
    """A deep copy of *document*; ``start__turn=5`` sets ``[start].turn``, ``start__hand=None`` drops it."""
    out = copy.deepcopy(document)
    for path, value in changes.items():
        *tables, key = path.split("__")
        node = out
        for name in tables:
            node = node.setdefault(name, {})
        if value is None:
            node.pop(key, None)
        else:
            node[key] = value
    return out


def _fed(document: dict) -> dict:
    out = copy.deepcopy(document)
    for area in out["area"]:
        area["fed"] = True
    return out


#: Files the rules rule out, each with the key its one error must name and words of its reason.
REFUSED = {
    "a hand on Easter Island": (with_changes(EASTER_GAME, start__hand=2), "start.hand", ["Easter Island", "S7"]),
    "all four Easter actions blocked": (
        with_changes(EASTER_GAME, start__blocked=["engineer", "locomotive", "urbanization", "rapa-nui"]),
        "start.blocked", ["at most 3", "S12"]),
    "an Easter action blocked twice": (with_changes(EASTER_GAME, start__blocked=["engineer", "engineer"]),
                                       "start.blocked[2]", ["twice"]),
    "blocked on the Zoo map": (with_changes(ZOO_GAME, start__blocked=["engineer"]), "start.blocked",
                               ["Zoo map has no action blockers", "S8"]),
    "a Zoo start turn past the last turn": (with_changes(ZOO_GAME, start__turn=4), "start.turn",
                                            ["at most the turn limit, 3", "not 4"]),
    "an Easter start turn past the last turn": (with_changes(EASTER_GAME, start__turn=9), "start.turn",
                                                ["at most the turn limit, 3"]),
    "every Zoo area already fed": (_fed(ZOO_GAME), "area", ["cleared already", "S13"]),
    "an Easter map cleared already": (
        with_changes(EASTER_GAME, city=[dict(EASTER_GAME["city"][0], cubes=[]), EASTER_GAME["city"][1]],
                     track=[{"hexes": [[0, 0], [1, 0], [2, 0]]}]),
        "city", ["cleared already", "S13"]),
    "a Zoo hex both plain and mountain": (with_changes(ZOO_GAME, mountain=[[1, 1]]), "mountain[1]",
                                          ["(1, 1) is listed twice"]),
    "a drawn Zoo hex listed as mountain too": (
        {"id": "drawn", "kind": "steam-zoo/clear", "turns": 3, "map": "Z   .   G\n", "mountain": [[1, 0]],
         "area": [{"name": "zebras", "mark": "Z", "danger": 1}, {"name": "goats", "mark": "G", "danger": 1}]},
        "mountain[1]", ["(1, 0) is drawn in the map already"]),
    "an Easter hex both plain and mountain": (with_changes(EASTER_GAME, mountain=[[1, 1]]), "mountain[1]",
                                              ["(1, 1) is listed twice"]),
    "an Easter map with no ruin": (
        with_changes(EASTER_GAME, city=[dict(c, ruin=False) for c in EASTER_GAME["city"]]), "city",
        ["at least one ruin"]),
}


def test_the_valid_whole_game_files_load():
    for document in (ZOO_GAME, EASTER_GAME):
        game = parse_puzzle(tomli_w.dumps(document)).model
        assert game.start.turn == 1 and game.turns == 3


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_start_or_map_the_rules_rule_out_is_refused_naming_file_key_and_reason(name):
    document, key, words = REFUSED[name]
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(tomli_w.dumps(document), file="bad.toml")
    message = str(caught.value)
    assert message.startswith(f"bad.toml: {key}: ") and "\n" not in message, message
    for word in words:
        assert word in message, message
    # and through the command: one line, exit status 2, nothing written
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bad.toml"
        path.write_text(tomli_w.dumps(document))
        out, err = io.StringIO(), io.StringIO()
        assert main(["solve", str(path)], out=out, err=err) == 2
        assert out.getvalue() == "" and err.getvalue() == f"{message.replace('bad.toml', str(path), 1)}\n"
        assert os.listdir(folder) == ["bad.toml"]


@pytest.mark.parametrize("document, node", [(ZOO_GAME, [0, 0]), (EASTER_GAME, [0, 0])],
                         ids=["zoo", "easter"])
def test_a_one_tile_stub_loads_on_both_maps_as_incomplete_track(document, node):
    """Incomplete track in a file was laid before its first turn (S15, S15a): both maps take a
    stub of one tile from a node, and both date it the turn before the file's first (S15a: the
    first turn's build must extend it, or it loses its owner)."""
    game = parse_puzzle(tomli_w.dumps(with_changes(document, track=[{"hexes": [node, [1, 0]]}]))).model
    hexmap = game.rules.goods.hexmap(game.start.board)
    (link,) = hexmap.links()
    assert not link.complete and [tuple(h) for h in link.hexes] == [(0, 0), (1, 0)]
    assert [(tuple(h), turn) for h, turn in game.start.stubs] == [((1, 0), game.start.turn - 1)]


# Values that reach the rules' limits: turn numbers around the limit, every action name, hands.
steam_values = (st.integers(-1, 5) | st.sampled_from(ACTIONS) | st.lists(st.sampled_from(ACTIONS), max_size=5)
                | st.booleans() | st.lists(st.lists(st.integers(-1, 3), min_size=2, max_size=2), max_size=3))
steam_keys = st.sampled_from(["turn", "hand", "blocked", "cash", "turns", "plain", "mountain", "fed", "ruin",
                              "cubes", "track", "hexes", "food"])


@st.composite
def steam_near_misses(draw):
    """A valid whole-game document (either map) with one to three changes near the rules' limits."""
    document = copy.deepcopy(draw(st.sampled_from([ZOO_GAME, EASTER_GAME])))
    for _ in range(draw(st.integers(1, 3))):
        containers = [node for _, node in paths_in(document) if isinstance(node, dict)]
        node = draw(st.sampled_from(containers))
        key = draw(steam_keys)
        if draw(st.booleans()) and key in node:
            del node[key]
        else:
            node[key] = draw(steam_values)
    return document


@st.composite
def steam_starts(draw):
    """A valid whole-game document (either map) with a random ``[start]`` and random fed areas or
    emptied stacks: the parts of a file the rules of issue 41 constrain."""
    document = copy.deepcopy(draw(st.sampled_from([ZOO_GAME, EASTER_GAME])))
    document["start"] = draw(st.dictionaries(st.sampled_from(["turn", "hand", "blocked"]), steam_values, max_size=3))
    for node in document.get("area", []) + document.get("city", []):
        if draw(st.booleans()):
            node.update({"fed": True} if "danger" in node else {"cubes": [], "ruin": draw(st.booleans())})
    return document


def assert_loads_by_the_rules_or_one_clean_error(document) -> None:
    text = dumps(document)
    if text is None:
        return
    try:
        game = parse_puzzle(text, file="fuzz.toml").model
    except PuzzleError as exc:
        assert str(exc).startswith("fuzz.toml: ") and "\n" not in str(exc)
        return
    start = game.start
    assert 1 <= start.turn <= game.turns
    assert not game.rules.goods.cleared(start.board)
    if game.rules.exit_bonus == 0:
        assert start.hand == 0
    assert len(start.blocked) <= getattr(game.rules.selection, "blockers", 0) < len(game.rules.cards)
    assert not set(game.land) & {n.hex for n in game.rules.goods.hexmap(start.board).nodes}
    assert not hasattr(start.board, "cities") or any(c.ruin for c in start.board.cities)   # Easter: a ruin


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steam_near_misses())
def test_whatever_whole_game_file_loads_obeys_the_rules(document):
    assert_loads_by_the_rules_or_one_clean_error(document)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steam_starts())
def test_whatever_start_loads_obeys_the_rules(document):
    assert_loads_by_the_rules_or_one_clean_error(document)
