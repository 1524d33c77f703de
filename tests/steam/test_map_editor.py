"""The map editor: paint, save, load gives the same map; refusals change nothing; the widget by clicks."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from zoobook.cli import main
from zoobook.errors import IllegalAction, PuzzleError
from zoobook.puzzles.loading import load_puzzle
from zoobook.steam.easter.island import CUBE_COLOURS
from zoobook.steam.game.editing import BRUSHES, SIDES, Cell, DraftMap
from zoobook.steam.game.state import Game
from zoobook.widgets.steam_map_editor import MapEditor

ROOT = Path(__file__).resolve().parents[2]
GAME_FILES = sorted((ROOT / "puzzles").glob("steam-*-game/*.toml"))
SEEDS = {"zoo": 16, "easter": 61}
NAMES = ["lions", "Red 3", "zoo \"north\"", "Zürich", "a'b", "7", "x y z", "1,2"]


# -- random paint sequences (the property's generator) ----------------------------------------

def random_paint(rng: random.Random, draft: DraftMap):
    """One paint, often a bad one: any brush (the other map's too), any hex near or far, odd values."""
    spots = draft.hexes() + draft.outline()
    h = rng.choice(spots) if rng.random() < 0.9 else (rng.randint(-20, 20), rng.randint(-20, 20))
    brush = rng.choice(BRUSHES + ("grow", "shrink", "city", "city", "city", "plain", "mountain"))
    if brush in ("grow", "shrink"):
        return brush, rng.choice(SIDES + ("X",)), None, {}
    value = {"danger": rng.choice([1, 2, 3, 4, 5, 6, 0, 7, "3", True]),
             "colour": rng.choice(CUBE_COLOURS + ("green",)),
             "ruin": rng.choice([True, False, "yes"]),
             "cubes": rng.choice(["", "red", "red blue", "blue,yellow", "black red", "red red red", "pink"]),
             }.get(brush)
    attrs = {}
    if brush == "city":
        if rng.random() < 0.5:
            attrs["name"] = rng.choice(NAMES) + (str(rng.randint(1, 3)) if rng.random() < 0.5 else "")
        if draft.map == "zoo" or rng.random() < 0.1:
            attrs["danger"] = rng.choice([1, 2, 3, 5, 6, 9])
        if draft.map == "easter" or rng.random() < 0.1:
            attrs.update(colour=rng.choice(("red", "blue", "red", "blue", "yellow")), ruin=rng.random() < 0.8,
                         cubes=rng.choice(["", "red", "blue red", "red red", "blue"]))
    return brush, h, value, attrs


def apply(draft: DraftMap, move):
    """The draft after *move*, or the same draft when it is refused (checked: refusal == raise)."""
    brush, where, value, attrs = move
    if brush in ("grow", "shrink"):
        try:
            return getattr(draft, brush)(where)
        except IllegalAction:
            return draft
    refusal = draft.refusal(where, brush, value, **attrs)
    if refusal is not None:
        with pytest.raises(IllegalAction) as caught:
            draft.paint(where, brush, value, **attrs)
        assert str(caught.value) == str(refusal) and "\n" not in str(refusal)
        return draft
    return draft.paint(where, brush, value, **attrs)


def painted_maps(map_name: str, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        draft = DraftMap.blank(map_name, rng.randint(1, 5), rng.randint(1, 4))
        for _ in range(rng.randint(5, 40)):
            draft = apply(draft, random_paint(rng, draft))
        yield draft


@pytest.mark.parametrize("map_name", ["zoo", "easter"])
def test_paint_save_load_gives_the_same_map_over_random_paint_sequences(map_name, tmp_path):
    saved = 0
    for i, draft in enumerate(painted_maps(map_name, 80, seed=SEEDS[map_name])):
        if draft.problems():
            with pytest.raises(PuzzleError):
                draft.save(tmp_path / "bad.toml")
            assert not (tmp_path / "bad.toml").exists()
            continue
        path = draft.save(tmp_path / f"{i}.toml")
        saved += 1
        again = DraftMap.load(path)
        assert again == draft
        assert again.text() == draft.text() == path.read_text(encoding="utf-8")
        game = load_puzzle(path).model
        assert isinstance(game, Game) and DraftMap.from_game(game, id=draft.id) == draft
        assert dict(game.land) == {h: c.what for h, c in draft.cells if c.what in ("plain", "mountain")}
    assert saved >= 20, f"only {saved} of 80 random paintings were maps"


def test_the_random_paintings_reach_every_brush_and_the_hard_shapes():
    """The generator is itself tested: nodes of every kind, mountains, cubes, negative coordinates,
    boards grown and shrunk, names that need quoting."""
    seen = Counter()
    for map_name in ("zoo", "easter"):
        for draft in painted_maps(map_name, 80, seed=SEEDS[map_name]):
            if draft.problems():
                continue
            for h, cell in draft.cells:
                seen[cell.what] += 1
                seen["negative"] += h.q < 0 or h.r < 0
                seen["cubes"] += len(cell.cubes) == 2
                seen["quoted"] += any(ch in cell.name for ch in "\"'ü")
                seen[f"danger {cell.danger}"] += cell.what == "city" and map_name == "zoo"
            seen["big"] += len(draft.hexes()) > 20
    for what in ("plain", "mountain", "city", "town", "exit", "negative", "cubes", "quoted", "big",
                 "danger 1", "danger 6"):
        assert seen[what] > 0, what


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.stem)
def test_every_shipped_whole_game_file_loads_into_the_editor_and_saves_as_the_same_game(path, tmp_path):
    draft = DraftMap.load(path)
    original = load_puzzle(path)
    assert draft.problems() == []
    copy = load_puzzle(draft.save(tmp_path / "copy.toml"))
    assert copy.id == original.id and copy.title == original.title
    a, b = original.model, copy.model
    assert dict(a.land) == dict(b.land) and a.turns == b.turns
    assert a.start.economy == b.start.economy and a.start.blocked == b.start.blocked
    assert a.start.hand == b.start.hand and a.start.turn == b.start.turn
    assert DraftMap.from_game(b, id=copy.id, title=copy.title) == draft
    hexmap_a, hexmap_b = (m.rules.goods.hexmap(m.start.board) for m in (a, b))
    assert set(hexmap_a.nodes) == set(hexmap_b.nodes)
    assert sorted(t.hexes for t in hexmap_a.tracks) == sorted(t.hexes for t in hexmap_b.tracks)


# -- refusals --------------------------------------------------------------------------------

def zoo_pair() -> DraftMap:
    return DraftMap.blank("zoo", 3, 1).paint((0, 0), "city", name="goats").paint((2, 0), "city", name="yaks")


@pytest.mark.parametrize("map_name, h, brush, value, attrs, words, rule", [
    ("easter", (0, 0), "exit", None, {}, "Easter Island has no exit brush", "S5"),
    ("easter", (0, 0), "danger", 3, {}, "has no danger brush", "S4"),
    ("zoo", (0, 0), "colour", "red", {}, "the Zoo map has no colour brush", "S9"),
    ("zoo", (1, 0), "danger", 3, {}, "(1, 0) is plain land, not an animal area", "S4"),
    ("zoo", (0, 0), "danger", 7, {}, "danger is 1 to 6, not 7", "S4"),
    ("zoo", (2, 0), "city", None, {"name": "goats"}, "another city is already called 'goats'", ""),
    ("zoo", (1, 0), "city", None, {"name": "3,4"}, "looks like a hex", ""),
    ("zoo", (9, 9), "plain", None, {}, "(9, 9) is not next to the board", "S1"),
    ("zoo", (9, 9), "erase", None, {}, "not on the board: nothing to erase", ""),
    ("zoo", (1, 0), "paint", None, {}, "there is no brush 'paint'", ""),
    ("zoo", (1, 0), "city", None, {"colour": "red"}, "a city on the Zoo map has no colour", "S4"),
    ("easter", (1, 0), "city", None, {"cubes": "red blue red"}, "a moai is at most 2 cubes, not 3", "S9"),
    ("easter", (1, 0), "city", None, {"cubes": "green"}, "a cube is one of red, blue", "S14"),
    ("easter", (1, 0), "city", None, {"colour": "green"}, "a city's colour is one of", "S9"),
])
def test_bad_paint_gets_one_line_naming_its_rule_and_changes_nothing(map_name, h, brush, value, attrs,
                                                                      words, rule):
    draft = zoo_pair() if map_name == "zoo" else DraftMap.blank("easter", 3, 1).paint((0, 0), "city")
    before = draft.text() if not draft.problems() else None
    refusal = draft.refusal(h, brush, value, **attrs)
    assert refusal is not None and words in refusal.reason and refusal.rule == rule
    with pytest.raises(IllegalAction):
        draft.paint(h, brush, value, **attrs)
    if before is not None:
        assert draft.text() == before


MID_GAME = """id = "mid-game"
kind = "steam-zoo/clear"
turns = 5
plain = [[1, 0], [2, 0], [1, 1]]
[start]
turn = 2
cash = 7
hand = 1
[[area]]
name = "goats"
hex = [0, 0]
danger = 1
food = 1
[[area]]
name = "yaks"
hex = [3, 0]
danger = 4
fed = true
[[town]]
hex = [0, 1]
urbanized = true
[[track]]
hexes = [[0, 0], [1, 0], [2, 0]]
"""


def test_a_mid_game_file_keeps_its_track_start_food_and_new_city_and_track_hexes_refuse_paint():
    draft = DraftMap.from_text(MID_GAME)
    assert draft.tracks == (((0, 0), (1, 0), (2, 0)),)
    assert draft.cell((0, 0)).food == 1 and draft.cell((3, 0)).fed and draft.cell((0, 1)).urbanized
    again = DraftMap.from_text(draft.paint((1, 1), "mountain").text())
    assert again == draft.paint((1, 1), "mountain")
    start = again.to_game().start
    # S15a: the file's track was laid in a build before its first turn (turn 2), so turn 2's build
    # must extend the stub for it to keep its owner
    assert (start.turn, start.cash, start.hand, start.stubs) == (2, 7, 1, (((2, 0), 1),))
    for brush in ("mountain", "erase", "town"):
        refusal = draft.refusal((2, 0), brush)
        assert refusal is not None and refusal.rule == "S2" and "track runs over (2, 0)" in refusal
    assert draft.refusal((0, 0), "erase").rule == "S2"
    assert draft.paint((0, 0), "danger", 3).cell((0, 0)).danger == 3  # a city's attributes still paint
    with pytest.raises(IllegalAction, match="track runs over"):
        draft.shrink("N")


def test_grow_and_shrink_add_and_take_a_row_or_column_on_each_side():
    draft = DraftMap.blank("zoo", 4, 3)
    for side in SIDES:
        grown = draft.grow(side)
        assert len(grown.hexes()) == 12 + (4 if side in "NS" else 3)
        assert grown.shrink(side) == draft
    assert DraftMap.blank("zoo", 1, 1).refusal((0, 0), "erase") is not None
    with pytest.raises(IllegalAction, match="keeps at least one hex"):
        DraftMap.blank("zoo", 3, 1).shrink("N")
    with pytest.raises(IllegalAction, match="N, S, E or W"):
        draft.grow("up")


def test_problems_say_precisely_what_keeps_a_board_from_being_a_game():
    zoo = DraftMap.blank("zoo", 3, 1).paint((0, 0), "city")
    assert zoo.problems() == ["a Zoo game needs at least two animal areas; the board has 1 (S8)"]
    easter = DraftMap.blank("easter", 3, 1).paint((0, 0), "city", ruin=False, cubes="blue")
    assert easter.problems() == [
        "Easter Island needs at least one ruin: its clear condition joins the ruins (S9)",
        "the blue cube on Red 1 (0, 0) has no blue city to go to (S9)"]
    bad_id = DraftMap.blank("zoo", 3, 1, id="Not An Id").paint((0, 0), "city").paint((2, 0), "city")
    assert bad_id.problems() and bad_id.problems()[0].startswith("id:")


def test_a_painted_map_is_what_zoobook_solve_and_plan_read(tmp_path):
    path = (DraftMap.blank("easter", 3, 1, title="two ruins")
            .paint((0, 0), "city", cubes="blue").paint((2, 0), "city", colour="blue")
            .save(tmp_path / "two-ruins.toml"))
    out = io.StringIO()
    assert main(["solve", str(path), "--json"], out=out, err=io.StringIO()) == 0
    answer = json.loads(out.getvalue())
    assert answer["kind"] == "steam-easter/clear" and answer["value"] == 1
    out = io.StringIO()
    assert main(["plan", str(path)], out=out, err=io.StringIO()) == 0
    assert out.getvalue().startswith("two ruins\n  value: 1 turns")


# -- the widget, by clicks ---------------------------------------------------------------------

def test_the_widget_paints_a_zoo_map_by_clicks_and_saves_the_file(tmp_path):
    editor = MapEditor(map="zoo", columns=3, rows=2, draw=False)
    editor.brush.value = "city"
    editor.name.value, editor.danger.value = "zebras", 2
    editor.board.buttons[(0, 0)].click()
    assert editor.name.value == ""  # cleared for the next city
    editor.danger.value = 5
    editor.board.buttons[(2, 0)].click()
    editor.brush.value = "mountain"
    editor.board.buttons[(1, 0)].click()
    editor.brush.value = "exit"
    editor.board.buttons[(-1, 1)].click()  # a "+" hex west of the lower row: the board grows
    editor.brush.value = "town"
    editor.board.buttons[(3, 1)].click()   # and east of it
    editor.brush.value = "erase"
    editor.board.buttons[(1, 1)].click()
    assert editor.board.buttons[(0, 0)].description == "Ze·2"
    assert editor.board.buttons[(2, 0)].description == "A1·5"
    assert editor.board.buttons[(1, 0)].description == "^" and editor.board.buttons[(1, 1)].description == "+"
    editor.puzzle_id.value, editor.title.value, editor.turns.value = "my-zoo", "My zoo", 4
    editor.file.value = str(tmp_path / "my-zoo.toml")
    editor.save_button.click()
    assert "Saved my-zoo.toml" in editor.message.value
    # issue 44: the command names the file in full, so it runs from a terminal in any folder
    assert f"zoobook plan {(tmp_path / 'my-zoo.toml').resolve()}" in editor.message.value
    puzzle = load_puzzle(tmp_path / "my-zoo.toml")
    game = puzzle.model
    assert (puzzle.id, puzzle.title, game.turns) == ("my-zoo", "My zoo", 4)
    zoo = game.start.board
    assert [(a.name, tuple(a.hex), a.danger) for a in zoo.areas] == [("zebras", (0, 0), 2), ("animals 1", (2, 0), 5)]
    assert [tuple(h) for h in zoo.exits] == [(-1, 1)] and [tuple(t.hex) for t in zoo.towns] == [(3, 1)]
    assert dict(game.land) == {(1, 0): "mountain", (0, 1): "plain", (2, 1): "plain"}


def test_a_refused_click_shows_its_reason_and_changes_nothing_and_undo_goes_back(tmp_path):
    editor = MapEditor(map="easter", columns=2, rows=1, draw=False)
    editor.brush.value = "city"
    editor.colour.value, editor.cubes.value = "blue", "red blue"
    editor.board.buttons[(0, 0)].click()
    before = editor.draft
    editor.brush.value = "cubes"
    editor.cubes.value = "red red red"
    editor.board.buttons[(0, 0)].click()
    assert "Refused" in editor.message.value and "[S9]" in editor.message.value
    assert editor.draft is before and editor.board.buttons[(0, 0)].description == "B1:2"
    editor.file.value = str(tmp_path / "x.toml")
    editor.save_button.click()  # a blue city, one ruin, but the red cube has nowhere to go
    assert "Not saved" in editor.message.value and not (tmp_path / "x.toml").exists()
    editor.undo_button.click()
    assert editor.draft == DraftMap.blank("easter", 2, 1)
    assert editor.board.buttons[(0, 0)].description == ""


def test_the_widget_loads_a_shipped_file_and_shows_its_board():
    editor = MapEditor(map="zoo", draw=False)
    path = ROOT / "puzzles" / "steam-easter-game" / "easter-game-warm-up.toml"
    editor.file.value = str(path)
    editor.load_button.click()
    assert editor.draft == DraftMap.load(path) and "Loaded" in editor.message.value
    assert editor.brush.options == DraftMap.load(path).brushes() and "exit" not in editor.brush.options
    assert editor.colour.layout.display is None and editor.danger.layout.display == "none"
    shown = set(editor.board.buttons)
    assert shown == set(editor.draft.hexes()) | set(editor.draft.outline())
    editor.file.value = str(ROOT / "puzzles" / "steam-zoo" / "too-far.toml")
    editor.load_button.click()
    assert "Not loaded" in editor.message.value and "steam-zoo/shipment" in editor.message.value
    assert editor.draft == DraftMap.load(path)


def test_cells_compare_by_value():
    assert Cell("city", "a", danger=2) == Cell("city", "a", danger=2) != Cell("city", "a", danger=3)


def test_draw_shows_the_painted_map_once_it_is_a_game_and_load_names_a_missing_file(tmp_path):
    editor = MapEditor(map="zoo", columns=3, rows=1)
    editor.draw_button.click()
    assert editor.picture.value.startswith("<i>No picture yet: a Zoo game needs at least two animal areas")
    editor.brush.value = "city"
    editor.board.buttons[(0, 0)].click()
    editor.board.buttons[(2, 0)].click()
    editor.draw_button.click()
    assert editor.picture.value.startswith('<img alt="the painted map"')
    before = editor.draft
    editor.load(str(tmp_path / "nowhere.toml"))
    assert "Not loaded" in editor.message.value and "nowhere.toml: cannot read it" in editor.message.value
    assert editor.draft is before


# -- arguments of the wrong kind (issue 41): a precise error naming the field, before any change --

@pytest.mark.parametrize("h", [(1.7, 0.2), ("1", "0"), (True, False), (1,), (1, 0, 0), "1,0", None, (1.0, 0)],
                         ids=repr)
def test_a_hex_that_is_not_two_whole_numbers_is_refused_never_rounded(h):
    draft = zoo_pair()
    before = draft.text()
    refusal = draft.refusal(h, "plain")
    assert refusal is not None and "is not a hex" in refusal.reason and refusal.rule == "S1"
    with pytest.raises(IllegalAction, match="not a hex") as caught:   # a ValueError
        draft.paint(h, "plain")
    assert isinstance(caught.value, ValueError) and repr(h) in str(caught.value)
    assert draft.text() == before and draft.cell((1, 0)) == Cell("plain")


@pytest.mark.parametrize("map_name, brush, value, attrs, words", [
    ("zoo", "danger", None, {}, "the danger brush paints a danger, 1 to 6, not None"),
    ("easter", "colour", None, {}, "the colour brush paints a city colour, not None"),
    ("easter", "ruin", None, {}, "the ruin brush paints true or false, not None"),
    ("easter", "cubes", None, {}, "the cubes brush paints the cubes"),
    ("easter", "cubes", 5, {}, "cubes are colours, bottom to top (a list, or a text such as 'red blue'), not 5"),
    ("easter", "city", None, {"cubes": 5}, "cubes are colours, bottom to top"),
    ("zoo", "city", None, {"danger": None}, "danger is 1 to 6, not None"),
    ("easter", "city", None, {"colour": None}, "a city's colour is one of"),
    ("easter", "city", None, {"ruin": None}, "ruin is true or false, not None"),
    ("zoo", "plain", 3, {}, "the plain brush takes no value (it was given 3)"),
])
def test_a_value_of_the_wrong_kind_is_refused_naming_it_not_ignored(map_name, brush, value, attrs, words):
    draft = zoo_pair() if map_name == "zoo" else DraftMap.blank("easter", 3, 1).paint((0, 0), "city", cubes="red")
    refusal = draft.refusal((0, 0), brush, value, **attrs)
    assert refusal is not None and words in refusal, refusal
    with pytest.raises(IllegalAction):
        draft.paint((0, 0), brush, value, **attrs)
    assert draft.cell((0, 0)) == (zoo_pair() if map_name == "zoo" else
                                  DraftMap.blank("easter", 3, 1).paint((0, 0), "city", cubes="red")).cell((0, 0))


def test_a_city_without_a_name_is_numbered():
    draft = zoo_pair().paint((1, 0), "city", name=None)
    assert draft.cell((1, 0)).name == "animals 1"


@pytest.mark.parametrize("fields, error, words", [
    ({"turns": -5}, ValueError, "turns: a game lasts 1 to 30 turns (S10), not -5"),
    ({"turns": 31}, ValueError, "turns: a game lasts 1 to 30 turns"),
    ({"turns": "5"}, TypeError, "turns: the turn limit is a whole number, not '5'"),
    ({"turns": 2.5}, TypeError, "turns: the turn limit is a whole number"),
    ({"turns": True}, TypeError, "turns: "),
    ({"cells": (((1.7, 0.2), Cell("plain")),)}, TypeError, "cells: a hex is a pair (q, r) of whole numbers"),
    ({"cells": (((0, 0), "plain"),)}, TypeError, "cells: what a hex holds is a Cell"),
    ({"tracks": (((0, 0), ("1", "0")),)}, TypeError, "tracks: a track is a list of hexes"),
    ({"map": "moon"}, ValueError, "map: the map is 'zoo' or 'easter'"),
])
def test_a_draft_with_a_field_of_the_wrong_kind_is_never_made(fields, error, words):
    with pytest.raises(error) as caught:
        DraftMap(**{"map": "zoo", **fields})
    assert words in str(caught.value)
    draft = zoo_pair()
    with pytest.raises(error):
        replace(draft, **fields)         # what the widget does with the turns box
    assert draft.turns == 10


def test_a_blank_board_needs_whole_numbers_of_hexes():
    with pytest.raises(TypeError, match="columns: a whole number of hexes, not 2.5"):
        DraftMap.blank("zoo", 2.5, 1)
    assert DraftMap("zoo", turns=0).turns == DraftMap("zoo").turns == 10   # 0: the default (S10)


def test_saving_to_a_folder_says_so_and_writes_nothing(tmp_path):
    draft = zoo_pair()
    with pytest.raises(PuzzleError) as caught:
        draft.save(tmp_path)
    assert str(caught.value) == (f"{tmp_path}: is a folder: save to a file in it, for example "
                                 f"{tmp_path / 'my-zoo-map.toml'}")
    assert list(tmp_path.iterdir()) == []


def test_the_widget_shows_a_bad_argument_as_a_message_not_a_traceback(tmp_path):
    editor = MapEditor(map="zoo", columns=3, rows=1, draw=False)
    before, undo = editor.draft, list(editor.undo_stack)
    for h in [(1.7, 0.2), ("1", "0"), (True, False)]:
        editor.paint_at(h)
        assert editor.message.value.startswith("<div class='zoobook-refused'>Refused: the hex ")
        assert "is not a hex" in editor.message.value
        assert editor.draft is before and editor.undo_stack == undo
    editor.file.value = str(tmp_path)
    editor.brush.value = "city"
    editor.board.buttons[(0, 0)].click()
    editor.board.buttons[(2, 0)].click()
    editor.save_button.click()
    assert editor.message.value.startswith("<div class='zoobook-refused'>Not saved: ")
    assert "is a folder" in editor.message.value and list(tmp_path.iterdir()) == []
