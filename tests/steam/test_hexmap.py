"""The shared Age of Steam map model: nodes, track validation (ruling S2), links, link graph."""

import networkx as nx
import pytest

from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex
from zoobook.steam.hexmap import HexMap, MapError, Node, Track, hex_name

A, B, C, X = Node((0, 0), "A", "city"), Node((3, 0), "B", "city"), Node((0, 3), "C", "town"), \
    Node((3, 3), "3,3", "exit")


def build(*tracks, nodes=(A, B, C, X), terrain=()):
    return HexMap.build(nodes=nodes, tracks=tracks, terrain=terrain)


def error_of(*tracks, nodes=(A, B, C, X)) -> MapError:
    with pytest.raises(MapError) as info:
        build(*tracks, nodes=nodes)
    return info.value


def test_a_complete_link_joins_two_nodes_and_counts_one():
    m = build([(0, 0), (1, 0), (2, 0), (3, 0)])
    (link,) = m.links()
    assert (link.start, link.end, link.complete, link.length) == ("A", "B", True, 1)
    assert link.track_hexes == (Hex(1, 0), Hex(2, 0))
    assert link.other("B") == "A"


def test_track_whose_last_hex_is_not_a_node_is_incomplete_and_carries_nothing():
    m = build([(0, 0), (1, 0), (2, 0)])
    (link,) = m.incomplete_links()
    assert link.end is None and link.length == 0 and link.track_hexes == (Hex(1, 0), Hex(2, 0))
    assert m.link_graph().number_of_edges() == 0


def test_link_graph_keeps_parallel_links_with_their_hexes():
    m = build([(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 0), (1, -1), (2, -1), (3, -1), (3, 0)],
              [(0, 0), (0, 1), (0, 2), (0, 3)])
    g = m.link_graph()
    assert isinstance(g, nx.MultiGraph)
    assert g.number_of_edges("A", "B") == 2
    assert g.edges["A", "B", 1]["hexes"][1] == Hex(1, -1)
    assert all(length == 1 for _, _, length in g.edges(data="length"))
    assert g.nodes["C"] == {"hex": Hex(0, 3), "type": "town"}
    assert sorted(g.nodes) == ["3,3", "A", "B", "C"]


def test_consecutive_hexes_must_be_neighbours():
    e = error_of([(0, 0), (1, 0), (3, 0)])
    assert (e.key, e.reason) == ("track[1].hexes[3]", "(3, 0) is not a neighbour of (1, 0)")


def test_a_track_starts_at_a_node():
    e = error_of([(1, 0), (2, 0), (3, 0)])
    assert e.key == "track[1].hexes[1]" and "not a node" in e.reason


def test_inner_hexes_are_never_nodes():
    e = error_of([(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3)])
    assert e.key == "track[1].hexes[4]" and "inner hexes are never nodes" in e.reason


def test_two_tracks_never_share_a_hex_one_track_per_hex():
    e = error_of([(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 0), (0, 1), (1, 0)])
    assert e.key == "track[2].hexes[3]" and "already holds track[1]" in e.reason
    assert "S2" in e.reason


def test_a_track_may_not_run_through_a_hex_twice():
    e = error_of([(0, 0), (1, 0), (1, 1), (0, 1), (1, 0)])
    assert e.key == "track[1].hexes[5]" and "twice" in e.reason


def test_a_link_needs_a_track_hex_and_two_different_nodes():
    assert "at least one track hex" in error_of([(0, 0), (1, 0)], nodes=(A, Node((1, 0), "D"))).reason
    assert "needs a node hex" in error_of([(0, 0)]).reason
    assert "two different nodes" in error_of([(0, 0), (1, 0), (1, -1), (0, -1), (0, 0)]).reason


def test_nodes_have_unique_hexes_and_names():
    assert "already holds" in error_of(nodes=(A, Node((0, 0), "Z"))).reason
    assert "used twice" in error_of(nodes=(A, Node((5, 5), "A"))).reason


def test_map_errors_are_puzzle_errors_with_file_keys():
    assert issubclass(MapError, PuzzleError)
    assert str(error_of([(0, 0), (2, 0)])).startswith("track[1].hexes[2]: ")


def test_lookups_and_changes():
    m = build([(0, 0), (1, 0), (2, 0)], terrain={(1, 0): "mountain", (5, 5): "plain"})
    assert m.node_at((3, 0)) == B and m.node_at((1, 0)) is None and m.is_node((0, 3))
    assert m.track_at((2, 0)) == 0 and m.track_at((0, 0)) is None
    assert m.terrain_map[Hex(1, 0)] == "mountain"
    assert Hex(5, 5) in m.hexes() and Hex(2, 0) in m.hexes()
    longer = m.with_track([(3, 0), (3, 1), (3, 2), (3, 3)])
    assert len(longer.complete_links()) == 1 and len(m.tracks) == 1
    urban = m.with_node(Node((0, 3), "C", "new-city"))
    assert urban.node("C").type == "new-city" and len(urban.nodes) == 4
    assert m.node_names("city") == ["A", "B"]
    with pytest.raises(KeyError, match="no node named 'Q'"):
        m.node("Q")
    assert hex_name((0, 5)) == "0,5"
    assert Track(((0, 0), (1, 0))).reversed().start == Hex(1, 0)
