"""Helpers shared by the Zooloretto tests: zoos written the way a puzzle file writes them."""

from __future__ import annotations

import pytest

from zoobook.puzzles.fields import Table
from zoobook.zooloretto.files import read_zoo


def zoo_from(**keys):
    """A zoo from puzzle-file keys; enclosures not given are listed empty (as the spec requires)."""
    from zoobook.zooloretto.model import BASE_KEYS

    keys.setdefault("players", 2)
    enclosures = dict(keys.pop("enclosure", {}))
    boards = keys.get("expansion_boards", 0)
    for key in BASE_KEYS + tuple(f"x{i}" for i in range(1, boards + 1)):
        enclosures.setdefault(key, {})
    table = Table({**keys, "enclosure": enclosures})
    zoo = read_zoo(table)
    table.done()
    return zoo


@pytest.fixture
def make_zoo():
    return zoo_from


@pytest.fixture
def flip(monkeypatch):
    """Change one assumed value for one test: ``flip("zooloretto.filling_coins_on_exchange", True)``."""
    import copy

    import zoobook.assumed as assumed_module

    data = copy.deepcopy(assumed_module.all_assumed())

    def set_value(key: str, value) -> None:
        *path, last = key.split(".")
        node = data
        for part in path:
            node = node[part]
        assert last in node, f"no assumed value {key}"
        node[last] = value
        monkeypatch.setattr(assumed_module, "all_assumed", lambda: data)

    return set_value
