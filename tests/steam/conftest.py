"""Fixtures shared by the Age of Steam tests."""

import pytest

from zoobook.assumed import all_assumed


@pytest.fixture
def flip(monkeypatch):
    """Change one assumed value for one test: ``flip("steam.box", "new_city_tiles", 3)``."""
    def set_value(section: str, key: str, value):
        node = all_assumed()
        for part in section.split("."):
            node = node[part]
        monkeypatch.setitem(node, key, value)
    return set_value
