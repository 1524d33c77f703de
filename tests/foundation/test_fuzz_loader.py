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
