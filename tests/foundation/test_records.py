"""The game-record format (zoobook.records): what a bad record gives, atomic writes, the recorder,
and the commands that read and write records (zoobook replay, simulate-* --records).

A bad record -- cut short, an action changed to an illegal one, a wrong version, random bytes, a
line that is no JSON object -- is one line ``FILE: line N: reason`` (the ``zoobook`` command: exit
2, nothing on standard output, no traceback) and nothing is built or written.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zoobook import records
from zoobook.cli import main
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.game import GameState as FiveState
from zoobook.game_api import GameState
from zoobook.records import Player, Recorder, RecordError, from_record, load_record, write_record
from zoobook.steam.game.maps import full_setup
from zoobook.zooloretto.game import ZoolorettoState

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.function_scoped_fixture])


def _played(state, actions: int):
    for _ in range(actions):
        state.apply(state.legal_actions()[-1])
    return state


def _records() -> dict[str, str]:
    """A short record of each engine."""
    return {"zooloretto": _played(ZoolorettoState.new(players=3, seed=2), 12).record(),
            "5x5": _played(FiveState.new(players=2, seed=2), 12).record(),
            "steam": _played(full_setup("easter-easy").new_state(), 6).record()}


RECORDS = _records()


def _one_line_error(text: str, file: str = "g.jsonl") -> RecordError:
    with pytest.raises(RecordError) as caught:
        from_record(text, file=file)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{file}: ")
    return caught.value


# -- the format ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_record_is_json_lines_with_a_header_and_one_action_a_line(game):
    lines = RECORDS[game].splitlines()
    header = json.loads(lines[0])
    assert header["format"] == records.FORMAT and header["version"] == records.VERSION
    assert header["game"] == game and header["actions"] == len(lines) - 1 == 12 - 6 * (game == "steam")
    for line in lines[1:]:
        data = json.loads(line)
        assert set(data) <= {"seat", "action", "fields"} and type(data["seat"]) is int


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_from_record_and_record_are_inverse(game):
    state = from_record(RECORDS[game])
    assert state.record() == RECORDS[game]
    assert GameState.from_record(RECORDS[game]).history == state.history


def test_from_record_of_another_engine_class_is_refused():
    with pytest.raises(RecordError, match="line 1: a record of a ZoolorettoState game, not of GameState"):
        FiveState.from_record(RECORDS["zooloretto"])


def test_the_players_are_kept():
    players = [Player.human(), Player.bot("lookahead", seed=4, depth=2), Player()]
    state = ZoolorettoState.new(players=3, seed=1)
    record, _ = records.parse_record(state.record(players))
    assert record.players == tuple(players)
    with pytest.raises(ValueError, match="one Player per seat"):
        state.record(players[:2])


# -- bad records: one line each, naming the line ---------------------------------------------------
def _lines(game: str) -> list[str]:
    return RECORDS[game].splitlines()


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_an_action_changed_to_an_illegal_one_names_its_line_and_rule(game):
    lines = _lines(game)
    changed = {"zooloretto": {"action": "Take", "fields": {"truck": 9}},
               "5x5": {"action": "Take", "fields": {"row": 9, "slot": 0}},
               "steam": {"action": "IssueShares", "fields": {"count": 99}}}[game]
    lines[4] = json.dumps({"seat": json.loads(lines[4])["seat"], **changed})
    error = _one_line_error(_join(lines))
    assert error.line == 5 and "illegal action" in error.reason and "[" in error.reason  # the rule's ID


@pytest.mark.parametrize("line, reason", [
    ({"seat": 0, "action": "Fly"}, "no action Fly in zooloretto"),
    ({"seat": 0, "action": "Load", "fields": {"truck": 1, "x": 2}}, "Load has no field 'x'"),
    ({"seat": 0, "action": "Load"}, "cannot build Load"),
    ({"seat": 0, "action": "Load", "fields": {"truck": "one"}}, "Load.truck must be a whole number"),
    ({"seat": 2, "action": "Draw"}, "seat 2 is named, but seat 0 is to move"),
    ({"seat": 0, "action": "Draw", "note": 1}, "no key 'note'"),
    ([1, 2], "each line is one JSON object"),
])
def test_a_malformed_action_line_is_one_line(line, reason):
    state = ZoolorettoState.new(players=2, seed=3)
    lines = state.record().splitlines() + [json.dumps(line)]
    lines[0] = lines[0].replace('"actions": 0', '"actions": 1')
    error = _one_line_error(_join(lines))
    assert error.line == 2 and reason in error.reason


@pytest.mark.parametrize("change, reason", [
    (lambda h: h.update(version=2), "format version 2 is not known (this zoobook reads version 1)"),
    (lambda h: h.update(version="1"), "format version '1' is not known"),
    (lambda h: h.update(format="pgn"), "not a game record"),
    (lambda h: h.update(game="chess"), "unknown game 'chess'"),
    (lambda h: h.update(extra=1), "the header has no key 'extra'"),
    (lambda h: h.pop("seed"), "the header lacks 'seed'"),
    (lambda h: h.update(seed=1.5), "the seed is a whole number or null"),
    (lambda h: h["options"].update(players=9), "options: players must be a whole number 2-5"),
    (lambda h: h["options"].update(expansions=["gardens"]), "options: expansions: unknown expansion"),
    (lambda h: h["options"].update(colour="red"), "Zooloretto has no option 'colour'"),
    (lambda h: h.update(players=[{"kind": "human"}]), "the game has 3 seats, but 1 players are listed"),
    (lambda h: h.update(players=[{"kind": "robot"}] * 3), "players: a player's kind is one of"),
    (lambda h: h.update(actions=3), "the header counts 3 actions but 12 lines follow"),
])
def test_a_bad_header_is_one_line_naming_line_1(change, reason):
    lines = _lines("zooloretto")
    header = json.loads(lines[0])
    change(header)
    lines[0] = json.dumps(header)
    error = _one_line_error(_join(lines))
    assert reason in error.reason and error.line in (1, 13)


def test_a_steam_record_with_a_seed_or_a_bad_board_is_refused():
    lines = _lines("steam")
    header = json.loads(lines[0])
    assert "the seed is null, not 3" in _one_line_error(_join([json.dumps({**header, "seed": 3})] + lines[1:])).reason
    bad = {**header, "options": {"map": "zoo", "board": {"area": []}}}
    error = _one_line_error(_join([json.dumps(bad)] + lines[1:]))
    assert error.line == 1 and error.reason.startswith("options: ")


@given(cut=st.integers(min_value=0, max_value=10**6), game=st.sampled_from(sorted(RECORDS)))
@FUZZ
def test_a_record_cut_short_anywhere_is_refused(cut, game):
    text = RECORDS[game]
    cut %= len(text)        # strictly shorter: every cut loses at least the last newline
    error = _one_line_error(text[:cut])
    assert error.line is not None


@given(data=st.binary(max_size=400))
@FUZZ
def test_random_bytes_are_one_line_through_the_command(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "game.jsonl"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", str(path)], out, err)
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().startswith(f"{path}: ") and len(err.getvalue().strip().splitlines()) == 1
    assert path.read_bytes() == data


@given(index=st.integers(0, 11), junk=st.sampled_from(["", "{", "null", "[]", '{"seat": 0}', "\x00", "1e999",
                                                       '{"seat": 0, "action": "Take", "fields": {"truck": -1}}']))
@FUZZ
def test_a_corrupted_action_line_names_that_line(index, junk):
    lines = _lines("zooloretto")
    lines[1 + index] = junk
    error = _one_line_error(_join(lines))
    assert error.line == 2 + index


def test_a_bad_record_through_the_command_is_exit_2_one_line_and_no_traceback(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(RECORDS["5x5"].replace('"version": 1', '"version": 7'), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(path)], out, err) == 2
    assert err.getvalue() == f"{path}: line 1: format version 7 is not known (this zoobook reads version 1)\n"
    assert out.getvalue() == ""
    assert main(["replay", str(tmp_path / "none.jsonl")], out, err) == 2


# -- replay ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(RECORDS))
def test_replay_prints_every_action_with_its_seat_and_the_scores(game, tmp_path):
    path = write_record(tmp_path / f"{game}.jsonl", RECORDS[game])
    out = io.StringIO()
    assert main(["replay", str(path)], out, io.StringIO()) == 0
    text = out.getvalue().splitlines()
    state = from_record(RECORDS[game])
    numbered = [line for line in text if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(state.history)
    assert [line.split(": ", 1)[1] for line in numbered] == [str(a) for a in state.history]
    assert text[-1].startswith("end: ") and "players: seat 0 unknown" in text[1]


# -- writing: atomic, and the recorder ---------------------------------------------------------------
def test_a_write_killed_half_way_leaves_the_old_record_whole(tmp_path, monkeypatch):
    path = write_record(tmp_path / "game.jsonl", RECORDS["zooloretto"])

    def half_then_crash(handle, data):
        handle.write(data[:len(data) // 2])
        raise OSError("the disk is gone")

    monkeypatch.setattr(records, "_write_bytes", half_then_crash)
    with pytest.raises(OSError, match="the disk is gone"):
        write_record(path, RECORDS["5x5"])
    assert path.read_text(encoding="utf-8") == RECORDS["zooloretto"]
    assert os.listdir(tmp_path) == ["game.jsonl"]        # no temporary file left behind
    assert load_record(path).history == from_record(RECORDS["zooloretto"]).history


def test_the_recorder_saves_what_state_record_says_and_refuses_like_the_engine(tmp_path):
    players = [Player.human(), Player.bot("greedy", seed=1)]
    recorder = Recorder(ZoolorettoState.new(players=2, seed=8), players, tmp_path / "g.jsonl")
    for _ in range(30):
        recorder.apply(recorder.state.legal_actions()[0])
        recorder.save()
    before = recorder.text()
    with pytest.raises(IllegalAction):
        recorder.apply(recorder.state.legal_actions()[0].__class__(99) if recorder.state.phase == "load"
                       else _illegal(recorder.state))
    assert recorder.text() == before == recorder.state.record(players)
    assert (tmp_path / "g.jsonl").read_text(encoding="utf-8") == before


def _illegal(state):
    from zoobook.zooloretto.game import Take

    return Take(99)


def test_the_background_recorder_writes_the_newest_record(tmp_path):
    recorder = Recorder(FiveState.new(players=1, seed=4), None, tmp_path / "g.jsonl", background=True)
    for _ in range(20):
        recorder.apply(recorder.state.legal_actions()[0])
        recorder.save()
    recorder.flush()
    assert (tmp_path / "g.jsonl").read_text(encoding="utf-8") == recorder.state.record()


def test_a_failed_background_save_is_raised_at_the_next_flush(tmp_path, monkeypatch):
    recorder = Recorder(ZoolorettoState.new(players=2, seed=8), None, tmp_path / "missing" / "g.jsonl",
                        background=True)
    recorder.save()
    with pytest.raises(OSError):
        recorder.flush()


# -- records from the command line -----------------------------------------------------------------
@pytest.mark.parametrize("argv, game", [
    (["simulate-5x5", "--games", "2", "--players", "2", "--bot", "random", "--seed", "5"], "5x5"),
    (["simulate-zooloretto", "--games", "2", "--players", "3", "--bot", "random", "--seed", "5",
      "--expansions", "sites", "--quiet"], "zooloretto"),
])
def test_simulate_writes_one_record_per_game_named_by_its_seed(tmp_path, argv, game):
    out = io.StringIO()
    assert main(argv + ["--json", "--records", str(tmp_path / "games")], out, io.StringIO()) == 0
    scores = json.loads(out.getvalue())["scores"]
    files = sorted((tmp_path / "games").iterdir())
    assert [f.name for f in files] == [f"{game}-seed-5.jsonl", f"{game}-seed-6.jsonl"]
    for file, expected in zip(files, scores):
        state = load_record(file)
        assert state.is_terminal() and [int(s) for s in state.returns()] == expected
        header = json.loads(file.read_text(encoding="utf-8").splitlines()[0])
        assert header["seed"] == int(file.stem.rsplit("-", 1)[1])
        assert all(p["kind"] == "bot" and p["bot"] == "random" for p in header["players"])


def test_simulate_records_into_a_file_is_exit_2_and_one_line(tmp_path):
    blocker = tmp_path / "games"
    blocker.write_text("not a folder")
    err = io.StringIO()
    assert main(["simulate-5x5", "--games", "1", "--records", str(blocker)], io.StringIO(), err) == 2
    assert err.getvalue() == f"zoobook simulate-5x5: --records {blocker}: not a folder\n"
    assert blocker.read_text() == "not a folder"


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False)
                           | st.sampled_from(["R", "barn", "5", "T42", "C1", "Take", ""]) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@given(game=st.sampled_from(sorted(RECORDS)), index=st.integers(0, 5), data=st.data())
@FUZZ
def test_an_action_given_random_fields_is_refused_in_one_line_or_is_legal(game, index, data):
    """Whatever a line's fields hold, the engine is asked (never a crash): a RecordError naming
    that line, or -- when the random action happens to be legal -- a record that reads."""
    codec = records.codec_for(game)
    name = data.draw(st.sampled_from(sorted(codec.action_classes)))
    fields = data.draw(st.dictionaries(st.sampled_from(["row", "slot", "tile", "cell", "truck", "to", "count",
                                                        "hexes", "route", "steps", "colour", "action"]),
                                       json_values, max_size=3))
    lines = _lines(game)
    lines[1 + index] = json.dumps({"seat": json.loads(lines[1 + index])["seat"], "action": name, "fields": fields})
    try:
        from_record(_join(lines), file="g.jsonl")
    except RecordError as error:
        assert "\n" not in str(error) and error.line >= 2 + index


def test_the_examples_of_docs_game_records_read():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "game-records.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in doc.split("```jsonl\n")[1:]]
    assert len(blocks) == 3
    for block in blocks:
        state = from_record(block)
        assert state.record().splitlines()[1:] == block.splitlines()[1:]
