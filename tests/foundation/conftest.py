"""Fixtures of the foundation tests: the toy puzzle kind, registered for the session."""

from __future__ import annotations

import pytest

from tests.foundation.toykind import TOY_KINDS
from zoobook.puzzles import register, unregister


@pytest.fixture(scope="session", autouse=True)
def toy_kinds():
    """The toy kinds, registered while the foundation tests run, removed afterwards."""
    for kind in TOY_KINDS:
        register(kind, replace=True)
    yield TOY_KINDS
    for kind in TOY_KINDS:
        unregister(kind.name)
