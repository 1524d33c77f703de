"""No Age of Steam map holds more of a component than the box has (rule S-BOX-1, ruling F20):
the map editor refuses the paint, the puzzle loader the file."""

import pytest

from tests.steam.test_game_kinds import ZOO  # two animal areas a land hex apart: the smallest file
from zoobook.errors import IllegalAction, PuzzleError
from zoobook.learn.index import load_index
from zoobook.puzzles.loading import parse_puzzle
from zoobook.steam.box import RULE
from zoobook.steam.game.editing import DraftMap


def zoo_with_exits(count: int) -> DraftMap:
    draft = DraftMap.blank("zoo", columns=2 * count + 5, rows=1)
    draft = draft.paint((0, 0), "city", name="goats").paint((2, 0), "city", name="yaks")
    for i in range(count):
        draft = draft.paint((4 + 2 * i, 0), "exit")
    return draft


def test_the_rule_is_in_the_steam_index():
    assert RULE in {rule.id for rule in load_index("steam").rules}


def test_the_editor_refuses_a_fifth_exit_naming_the_rule():
    draft = zoo_with_exits(4)
    fifth = (12, 0)
    refusal = draft.refusal(fifth, "exit")
    assert refusal is not None and refusal.rule == RULE
    assert "5 exits" in refusal.reason and "only 4 exit hexes" in refusal.reason
    with pytest.raises(IllegalAction) as caught:
        draft.paint(fifth, "exit")
    assert caught.value.rule == RULE
    assert draft.cell(fifth).what == "plain"            # nothing changed
    assert draft.paint(fifth, "town").cell(fifth).what == "town"   # a town there is fine
    # Erasing an exit and painting it elsewhere is fine: four stay four.
    assert draft.paint((4, 0), "erase").refusal(fifth, "exit") is None


def easter_with_red_cubes(count: int) -> DraftMap:
    """An island with *count* red cubes, two to a ruin (plus a red ruin to take them)."""
    ruins = (count + 1) // 2 + 1
    draft = DraftMap.blank("easter", columns=2 * ruins + 1, rows=1)
    draft = draft.paint((0, 0), "city", colour="red", name="Red 0")
    left = count
    for i in range(1, ruins):
        stack = ("red",) * min(2, left)
        left -= len(stack)
        draft = draft.paint((2 * i, 0), "city", colour="blue", name=f"Blue {i}", cubes=stack)
    return draft


def test_the_editor_refuses_a_cube_the_box_does_not_have():
    draft = easter_with_red_cubes(19)        # the last ruin holds one cube: room for a twentieth
    last = max(h for h, c in draft.cities() if c.cubes)
    assert draft.cell(last).cubes == ("red",)
    assert draft.paint(last, "cubes", ("red", "red")).cell(last).cubes == ("red", "red")
    refusal = draft.paint(last, "cubes", ("red", "red")).paint(last, "cubes", ("red", "red")) \
        .refusal((1, 0), "city", colour="blue", cubes=("red",))
    assert refusal is not None and refusal.rule == RULE and "21 red cubes" in refusal.reason


def test_the_editor_refuses_a_fifth_town_on_easter_island():
    draft = DraftMap.blank("easter", columns=13, rows=1).paint((0, 0), "city", colour="red")
    for q in (2, 4, 6, 8):
        draft = draft.paint((q, 0), "town")
    refusal = draft.refusal((10, 0), "town")
    assert refusal.rule == RULE and "4 black new city tiles" in refusal.reason
    # A black city is a black new city tile already laid: it counts with the towns.
    assert draft.refusal((10, 0), "city", colour="black", ruin=False).rule == RULE


def test_the_zoo_towns_cap_is_read_from_the_assumed_values(flip):
    draft = DraftMap.blank("zoo", columns=9, rows=1)
    draft = draft.paint((0, 0), "city", name="goats").paint((2, 0), "city", name="yaks")
    draft = draft.paint((4, 0), "town")
    assert draft.refusal((6, 0), "town") is None
    flip("steam.box", "new_city_tiles", 1)
    assert draft.refusal((6, 0), "town").rule == RULE


def test_the_goods_cube_counts_are_read_from_the_assumed_values(flip):
    draft = easter_with_red_cubes(4)
    five = easter_with_red_cubes(5).text()
    assert parse_puzzle(five).model.start.board.cube_count() == 5
    assert draft.refusal((1, 0), "city", colour="blue", cubes=("red",)) is None
    flip("steam.box", "goods_cubes", {"red": 4, "blue": 20, "yellow": 20, "purple": 20, "black": 16})
    refusal = draft.refusal((1, 0), "city", colour="blue", cubes=("red",))
    assert refusal.rule == RULE and "5 red cubes, but the box has only 4" in refusal.reason
    with pytest.raises(PuzzleError, match="S-BOX-1"):
        parse_puzzle(five, file="five-red.toml")


def test_the_loader_refuses_a_fifth_exit_in_one_clear_message():
    exits = "".join(f"[[exit]]\nhex = [{q}, 3]\n" for q in range(0, 10, 2))
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(ZOO + exits, file="five-exits.toml")
    message = str(caught.value)
    assert message.startswith("five-exits.toml: exit")
    assert "5 exits, but the Zoo map has only 4 exit hexes (S-BOX-1)" in message
    assert "\n" not in message
    # Four exits load.
    four = "".join(f"[[exit]]\nhex = [{q}, 3]\n" for q in range(0, 8, 2))
    assert len(parse_puzzle(ZOO + four).model.start.board.exits) == 4


def test_the_loader_refuses_a_fifth_exit_drawn_on_the_ascii_map():
    text = '''id = "x"
kind = "steam-zoo/shipment"
from = "goats"
to = "yaks"
map = """
G   .   Y   .   E   .   E   .   E   .   E   .   E
"""
area = [{ name = "goats", mark = "G", danger = 1 }, { name = "yaks", mark = "Y", danger = 1 }]
'''
    with pytest.raises(PuzzleError, match=r"x?\.?toml: map: the map has 5 exits.*\(S-BOX-1\)"):
        parse_puzzle(text, file="x.toml")


def test_the_loader_refuses_a_file_with_more_cubes_of_a_colour_than_the_box():
    text = easter_with_red_cubes(20).text()
    assert parse_puzzle(text).model.start.board.cube_count() == 20
    too_many = text + '[[city]]\nname = "Blue 99"\nhex = [40, 0]\ncolour = "blue"\nruin = true\ncubes = ["red"]\n'
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(too_many, file="cubes.toml")
    assert str(caught.value) == ("cubes.toml: city: the island has 21 red cubes, but the box has only "
                                 "20 red cubes (S-BOX-1)")


def test_the_loader_refuses_a_fifth_town_on_easter_island():
    # a black cube for a town to take, so that the map is not cleared at its start (S13, refused)
    draft = DraftMap.blank("easter", columns=10, rows=1).paint((0, 0), "city", colour="red", cubes="black")
    for q in (2, 4, 6, 8):
        draft = draft.paint((q, 0), "town")
    text = draft.text()
    assert len(parse_puzzle(text).model.start.board.towns()) == 4
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(text + "\n[[town]]\nhex = [11, 0]\n", file="t.toml")
    assert str(caught.value) == ("t.toml: town: the island has 5 towns, but the box has only 4 black "
                                 "new city tiles for Easter Island (S-BOX-1)")
