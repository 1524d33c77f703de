"""Fixtures of the foundation tests: the toy puzzle kind, registered for the session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# `import toykind` in the test modules (pytest runs with --import-mode=importlib).
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from toykind import TOY_KINDS  # noqa: E402
from zoobook.puzzles import register, unregister  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def toy_kinds():
    """The toy kinds, registered while the foundation tests run, removed afterwards."""
    for kind in TOY_KINDS:
        register(kind, replace=True)
    yield TOY_KINDS
    for kind in TOY_KINDS:
        unregister(kind.name)
