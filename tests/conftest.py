"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture
def matches_golden():
    """Compare *lines* with the golden text file *path*, line by line, naming the first difference.

    ``ZOOBOOK_WRITE_GOLDEN=1`` rewrites the file first (after a deliberate rules change; read the diff).
    """

    def check(path: Path, lines: list[str]) -> None:
        if os.environ.get("ZOOBOOK_WRITE_GOLDEN"):
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        stored = path.read_text(encoding="utf-8").splitlines()
        for number, (want, got) in enumerate(zip(stored, lines), 1):
            assert got == want, f"{path.name} line {number} differs"
        assert len(lines) == len(stored), f"{path.name}: {len(lines)} lines, the golden file has {len(stored)}"

    return check
