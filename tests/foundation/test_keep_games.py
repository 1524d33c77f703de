"""Every game widget keeps its game (issue 45, item 2; zoobook.widgets.keeper): the record saved after
each action in the games folder, Undo back to your previous decision, Resume of a saved game, Load of
a record, and a bad record that shows its one line and changes nothing.

Each check runs on the three game widgets -- 5x5 Zoo against a greedy bot, Zooloretto against a
greedy bot, Age of Steam (Easter Island Easy, solo) -- and compares what the widget *shows* (its
panels' HTML) as well as the engine's state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path

import pytest

from zoobook.records import from_record
from zoobook.widgets.keeper import GAMES_DIR_VARIABLE, saved_games


@dataclass(frozen=True)
class Table:
    """How to build one game widget, play one of your decisions on it, and read what it shows."""

    name: str
    game: str
    build: Callable[[Path | None], object]
    play: Callable[[object], None]
    shown: Callable[[object], tuple]


def _five_by_five(folder):
    from zoobook.widgets.fivebyfive_game import FiveByFiveGame

    return FiveByFiveGame(players=2, seed=5, opponents="greedy", games_dir=folder)


def _zooloretto(folder):
    from zoobook.widgets.zooloretto_game import GameTable

    return GameTable(players=2, seed=5, bot="greedy", games_dir=folder)


def _steam(folder):
    from zoobook.steam.game.maps import full_setup
    from zoobook.widgets.steam_game import GamePlayer

    return GamePlayer(full_setup("easter-easy"), draw=False, games_dir=folder)


def _last_legal(widget) -> None:
    """Your decision: the last legal action (not the first, so that the bots' replies differ from
    a game that only ever took the first), through the widget's own act."""
    widget.act(widget.state.legal_actions()[-1])


def _steam_move(widget) -> None:
    from zoobook.widgets.steam_game import menu_actions

    widget.choose(menu_actions(widget.state)[-1])


TABLES = [
    Table("5x5", "5x5", _five_by_five, _last_legal,
          lambda w: (w.status.value, w.main_view.value, w.zoo_view.value, w.table_view.value, w.scores_view.value)),
    Table("zooloretto", "zooloretto", _zooloretto, _last_legal,
          lambda w: (w.header.value, w.trucks.value, w.boards.value, w.actions.options)),
    Table("steam", "steam", _steam, _steam_move,
          lambda w: (w.phase_label.value, w.status.value, w.log_view.value, w.actions.options)),
]


@pytest.fixture(params=TABLES, ids=lambda t: t.name)
def table(request):
    return request.param


def _played(table: Table, folder: Path, moves: int = 3):
    """A widget after *moves* of your decisions, and what it showed before each and after the last."""
    widget = table.build(folder)
    seen = [(table.shown(widget), list(widget.state.history))]
    for _ in range(moves):
        table.play(widget)
        seen.append((table.shown(widget), list(widget.state.history)))
    widget.keeper.flush()
    return widget, seen


def test_an_untouched_table_saves_nothing_and_each_action_saves_the_whole_record(table, tmp_path):
    widget = table.build(tmp_path)
    assert list(tmp_path.iterdir()) == []
    table.play(widget)
    widget.keeper.flush()
    files = list(tmp_path.glob("*.jsonl"))
    assert len(files) == 1 and files[0].name.startswith(table.game + "-")
    table.play(widget)
    widget.keeper.flush()
    again = from_record(files[0].read_text(encoding="utf-8"), file=str(files[0]))
    assert again.history == widget.state.history and repr(again.returns()) == repr(widget.state.returns())
    header = json.loads(files[0].read_text(encoding="utf-8").splitlines()[0])
    assert header["players"][0] == {"kind": "human"}
    assert [f.name for f in tmp_path.iterdir()] == [files[0].name]     # no temporary file left


def test_the_folder_is_a_parameter_or_the_environment_variable(table, tmp_path, monkeypatch):
    monkeypatch.setenv(GAMES_DIR_VARIABLE, str(tmp_path / "from-environment"))
    widget = table.build(None)
    table.play(widget)
    widget.keeper.flush()
    assert len(list((tmp_path / "from-environment").glob("*.jsonl"))) == 1
    chosen = table.build(tmp_path / "chosen" / "deeper")          # made when the first save needs it
    table.play(chosen)
    chosen.keeper.flush()
    assert len(list((tmp_path / "chosen" / "deeper").glob("*.jsonl"))) == 1
    assert len(list((tmp_path / "from-environment").glob("*.jsonl"))) == 1


def test_undo_twice_goes_back_two_of_your_decisions_and_the_bots_answer_again_the_same(table, tmp_path):
    widget, seen = _played(table, tmp_path)
    path = widget.keeper.path
    widget.keeper.undo_button.click()
    assert (table.shown(widget), widget.state.history) == seen[2]
    widget.keeper.undo_button.click()
    assert (table.shown(widget), widget.state.history) == seen[1]
    widget.keeper.flush()
    on_disk = from_record(path.read_text(encoding="utf-8"), file=str(path))
    assert on_disk.history == seen[1][1]                        # the file is cut back too
    table.play(widget)                                          # the same decision again:
    assert (table.shown(widget), widget.state.history) == seen[2]   # the same bots' replies
    assert widget.keeper.path == path


def test_undo_with_nothing_to_take_back_says_so(table, tmp_path):
    widget = table.build(tmp_path)
    before = (table.shown(widget), list(widget.state.history))
    assert widget.keeper.undo_button.disabled
    widget.keeper.undo()
    assert "Nothing to undo" in widget.keeper.message.value
    assert (table.shown(widget), widget.state.history) == before


def test_resume_lists_the_saved_games_newest_first_and_rebuilds_the_table(table, tmp_path):
    older, _ = _played(table, tmp_path, moves=1)
    widget, seen = _played(table, tmp_path, moves=3)
    fresh = table.build(tmp_path)                              # a kernel restarted: the cells run again
    games = saved_games(tmp_path, table.game)
    assert [g.path for g in games] == [widget.keeper.path, older.keeper.path]
    assert [g.moves for g in games] == [len(seen[-1][1]), len(older.state.history)]
    assert fresh.keeper.resume_menu.options[0][1] == str(widget.keeper.path)
    assert f"{len(seen[-1][1])} moves" in fresh.keeper.resume_menu.options[0][0]
    fresh.keeper.resume_button.click()
    assert (table.shown(fresh), fresh.state.history) == seen[-1]
    table.play(fresh)                                          # and it goes on in the same file
    fresh.keeper.flush()
    assert from_record(widget.keeper.path.read_text(encoding="utf-8")).history == fresh.state.history
    assert len(list(tmp_path.glob("*.jsonl"))) == 2


def _corrupt(text: str) -> dict[str, str]:
    lines = text.splitlines(keepends=True)
    action = json.loads(lines[2])
    action["action"] = "Fly"
    return {"truncated": text[:-5], "unknown action": "".join(lines[:2] + [json.dumps(action) + "\n"] + lines[3:]),
            "version": text.replace('"version": 1', '"version": 7', 1), "bytes": "\x00\x81 not a record\n"}


@pytest.mark.parametrize("damage", ["truncated", "unknown action", "version", "bytes"])
def test_a_bad_record_shows_its_one_line_and_changes_nothing(table, tmp_path, damage):
    widget, seen = _played(table, tmp_path, moves=2)
    good = widget.keeper.path.read_text(encoding="utf-8")
    bad = tmp_path / "elsewhere" / "bad.jsonl"
    bad.parent.mkdir()
    bad.write_text(_corrupt(good)[damage], encoding="utf-8")
    widget.keeper.load_path.value = str(bad)
    widget.keeper.load_button.click()
    message = widget.keeper.message.value
    assert "bad.jsonl" in message and "Traceback" not in message and message.count("\n") == 0
    if damage != "bytes":
        assert "line " in message
    assert (table.shown(widget), widget.state.history) == seen[-1]
    widget.keeper.flush()
    assert widget.keeper.path.read_text(encoding="utf-8") == good
    table.play(widget)                                          # and the game goes on, saved where it was
    widget.keeper.flush()
    assert from_record(widget.keeper.path.read_text(encoding="utf-8")).history == widget.state.history


def test_load_takes_a_record_from_anywhere_and_goes_on_in_a_new_file(table, tmp_path):
    source, seen = _played(table, tmp_path / "teacher", moves=2)
    widget = table.build(tmp_path / "mine")
    assert widget.keeper.load(source.keeper.path)
    assert (table.shown(widget), widget.state.history) == seen[-1]
    assert widget.keeper.path.parent == tmp_path / "mine"
    table.play(widget)
    widget.keeper.flush()
    assert len(source.keeper.path.read_text(encoding="utf-8").splitlines()) == len(seen[-1][1]) + 1


def test_a_record_of_another_game_is_refused_and_changes_nothing(tmp_path):
    five, _ = _played(TABLES[0], tmp_path / "a", moves=1)
    other, seen = _played(TABLES[1], tmp_path / "b", moves=1)
    assert not other.keeper.load(five.keeper.path)
    assert "a 5x5 record; this table plays zooloretto" in other.keeper.message.value
    assert (TABLES[1].shown(other), other.state.history) == seen[-1]


def test_a_position_set_up_by_hand_is_played_unsaved(tmp_path):
    from zoobook.fivebyfive.game import GameState
    from zoobook.widgets.fivebyfive_game import SoloGame

    state = GameState.new(players=1, seed=1)
    state._set(0, doors=3)                      # no action of the game reaches it: no record holds it
    game = SoloGame(seed=1, games_dir=tmp_path)
    game.state = state
    assert "set up in code" in game.keeper.message.value and game.keeper.undo_button.disabled
    game.act(game.state.legal_actions()[0])
    assert len(game.state.history) == 1 and list(tmp_path.iterdir()) == []


def test_without_threads_a_save_is_on_the_disk_when_the_click_returns(tmp_path, monkeypatch):
    """A browser's Python (JupyterLite) has no threads: the keeper writes before it returns."""
    import threading

    from zoobook.widgets import keeper

    monkeypatch.setattr(keeper, "BACKGROUND", False)
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread was started"))
    widget = TABLES[1].build(tmp_path)
    TABLES[1].play(widget)
    assert from_record(widget.keeper.path.read_text(encoding="utf-8")).history == widget.state.history
