"""The ASCII-art map shorthand: reading, writing, and the round trip with the explicit form."""

import random

import pytest

from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex
from zoobook.steam.ascii import drawable_tracks, parse_ascii, render_ascii, same_tracks
from zoobook.steam.hexmap import HexMap, Node
from zoobook.steam.zoo.generate import random_zoo


def test_hex_q_r_sits_on_line_r_at_column_4q_plus_2r():
    drawn = parse_ascii("\n.   X\n  a   .\n    ^   Y~\n")
    assert drawn.marks == {"X": [Hex(1, 0)], "Y": [Hex(1, 2)]}
    assert drawn.track_cells == {"a": [Hex(0, 1)]}
    assert drawn.terrain[Hex(0, 2)] == "mountain" and drawn.terrain[Hex(1, 2)] == "river"
    assert drawn.terrain[Hex(0, 0)] == "plain"


def test_a_track_reads_from_its_node_and_ends_at_a_node_or_not():
    drawn = parse_ascii("A   a   a   B\n  b   .   .   .")
    complete, stub = drawn.tracks(drawn.mark_hexes())
    assert complete == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert stub == [Hex(0, 0), Hex(0, 1)]
    m = HexMap.build([Node(h, mark) for mark, (h,) in drawn.marks.items()], [complete, stub])
    assert [link.complete for link in m.links()] == [True, False]


@pytest.mark.parametrize("text, reason", [
    (" A", "off the hex grid"),
    ("A   a   B\n\n    a", "do not form one chain"),
    ("A   a   B\n  C", "one hex touches 3 nodes"),
    ("A   a   a   B\n      C", "touches several nodes"),
    ("a   a", "neither end touches a node"),
    ("A   ab%c", "not a hex token"),
])
def test_misdrawn_maps_are_explained(text, reason):
    with pytest.raises(PuzzleError, match=reason):
        drawn = parse_ascii(text)
        drawn.tracks(drawn.mark_hexes())


def test_render_refuses_what_it_cannot_draw():
    with pytest.raises(ValueError, match="outside the shorthand's grid"):
        render_ascii({(-1, 0): "plain"}, {}, [])
    marks = {(0, 0): "A", (2, 0): "B", (1, 1): "C"}
    ambiguous = [[(0, 0), (1, 0), (2, 0)]]   # (1, 0) touches all three nodes
    with pytest.raises(ValueError, match="explicit form"):
        render_ascii({}, marks, ambiguous)
    assert drawable_tracks(marks, ambiguous) == ([], ambiguous)


@pytest.mark.parametrize("seed", range(20))
def test_render_then_parse_gives_the_same_map(seed):
    zoo = random_zoo(random.Random(seed), width=10, height=8, areas=6, exits=3, towns=2)
    marks = {node.hex: f"N{i}" if i < 10 else f"M{i - 10}" for i, node in enumerate(zoo.hexmap.nodes)}
    tracks = [t.hexes for t in zoo.tracks]
    drawn, explicit = drawable_tracks(marks, tracks)
    text = render_ascii(dict(zoo.terrain), marks, drawn)
    back = parse_ascii(text)
    assert back.terrain == dict(zoo.terrain)
    assert back.mark_at() == marks
    assert same_tracks(back.tracks(back.mark_hexes()) + explicit, tracks)
    assert render_ascii(back.terrain, back.mark_at(), back.tracks(back.mark_hexes())) == text
