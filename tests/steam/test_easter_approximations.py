"""networkx's textbook answers against the exact connect solver."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from zoobook.puzzles.loading import load_puzzle
from zoobook.steam.easter.approximations import closure_mst, compare, networkx_steiner
from zoobook.steam.easter.generate import random_island

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "steam-easter"


def test_the_textbook_tree_forks_on_a_track_hex_where_no_network_can():
    island = load_puzzle(PUZZLES / "easter-no-forks-in-the-track.toml").model
    tree = networkx_steiner(island)
    assert not tree.legal and tree.cost == 15          # cheaper, but not a network
    assert island.connect().cost == 18 == closure_mst(island)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_a_legal_textbook_network_is_never_cheaper_than_the_optimum(seed):
    island = random_island(45, 4, 1, seed=seed)
    if island.connect().cost is None:
        return
    result = compare(island)
    if result.networkx.legal:
        assert result.networkx.cost >= result.exact
