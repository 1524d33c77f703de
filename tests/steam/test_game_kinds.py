"""The whole-game puzzle kinds: files load, solve, round-trip, and bad files say where and why."""

from pathlib import Path

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import find_puzzle_files, load_puzzle, parse_puzzle, puzzle_toml

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(find_puzzle_files([ROOT / "puzzles" / "steam-zoo-game",
                                  ROOT / "puzzles" / "steam-easter-game"]))

ZOO = '''id = "x"
kind = "steam-zoo/clear"
turns = 2
plain = [[1, 0]]
[[area]]
name = "goats"
hex = [0, 0]
danger = 1
[[area]]
name = "yaks"
hex = [2, 0]
danger = 1
'''


def test_at_least_six_whole_game_puzzles_across_both_maps():
    kinds = {load_puzzle(f).kind.name for f in FILES}
    assert len(FILES) >= 6 and kinds == {"steam-zoo/clear", "steam-easter/clear"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_round_trips_through_dump(path):
    puzzle = load_puzzle(path)
    body = puzzle.kind.dump(puzzle.model)
    again = parse_puzzle(puzzle_toml(id=puzzle.id, kind=puzzle.kind.name, body=body))
    before, after = puzzle.model, again.model
    assert after.turns == before.turns and dict(after.land) == dict(before.land)
    assert after.start.economy == before.start.economy and after.start.turn == before.start.turn
    hexmaps = [game.rules.goods.hexmap(game.start.board) for game in (before, after)]
    assert hexmaps[0].nodes == hexmaps[1].nodes and hexmaps[0].tracks == hexmaps[1].tracks
    assert before.rules.goods.conditions(before.start.board) == after.rules.goods.conditions(after.start.board)


def test_the_default_turn_limit_is_ruling_s10s_ten():
    text = ZOO.replace("turns = 2\n", "")
    assert parse_puzzle(text).model.turns == 10


def test_start_table_sets_a_mid_game_position():
    text = ZOO + "[start]\ncash = 30\nlocomotive = 4\nturn = 2\nhand = 1\n"
    start = parse_puzzle(text).model.start
    assert (start.cash, start.economy.locomotive, start.turn, start.hand) == (30, 4, 2, 1)


@pytest.mark.parametrize("change, key", [
    (("turns = 2", "turns = 0"), "turns"),
    (("plain = [[1, 0]]", "plain = [[0, 0]]"), "plain"),
    (("turns = 2", "turns = 2\n[start]\nlocomotive = 9"), "start.locomotive"),
    (("turns = 2", "turns = 2\ncolour = 1"), "colour"),
])
def test_bad_files_name_the_key(change, key):
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(ZOO.replace(*change), file="bad.toml")
    assert str(caught.value).startswith(f"bad.toml: {key}")


def test_easter_towns_and_blockers_load():
    text = (ROOT / "puzzles/steam-easter-game/easter-game-warm-up.toml").read_text()
    text = text.split("[answer]")[0] + '\n[[town]]\nhex = [5, 1]\n\n[start]\nblocked = ["engineer"]\n'
    game = parse_puzzle(text).model
    assert game.start.blocked == {"engineer"} and game.rules.goods.towns(game.start.board) == [(5, 1)]


def test_plan_command_prints_the_plan_and_the_hint(capsys):
    # A two-turn map the planner settles in 0.4 CPU-s (the warm-up takes 2.5, twice).
    path = str(ROOT / "puzzles/steam-zoo-game/generated-zoo-clear-d3-s2026-1.toml")
    assert main(["plan", path]) == 0
    out = capsys.readouterr().out
    assert "value: 2 turns" in out and "turn 1:" in out
    assert main(["plan", path, "--hint"]) == 0
    assert "Best next action" in capsys.readouterr().out
