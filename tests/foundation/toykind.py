"""The tests' own puzzle kind, ``toy/heaviest``: proves the machinery without a game.

The kind itself is the toy game's (``tests/foundation/toygame``: kind, picture,
play widget, generator and command, plugged in through its kinds module); this
module adds a valid file and a helper that writes files.
"""

from __future__ import annotations

from tests.foundation.toygame.kinds import KINDS as TOY_KINDS
from tests.foundation.toygame.model import SIDES, ToyTile, dump, parse, solve

__all__ = ["ToyTile", "TOY", "TOY_KINDS", "VALID_TOY", "toy_file", "SIDES", "parse", "solve", "dump"]

TOY = TOY_KINDS[0]

VALID_TOY = '''\
id = "three-tiles"
kind = "toy/heaviest"
title = "Three tiles"
difficulty = 2
themes = ["maximum", "reading files"]
description = "Which tile is heaviest?"

[[tile]]
name = "a"
weight = 3
walls = ["N"]

[[tile]]
name = "b"
weight = 7

[[tile]]
name = "c"
weight = 5
walls = ["E", "S"]

[answer]
value = 7
'''


def toy_file(directory, name: str = "three-tiles.toml", text: str = VALID_TOY):
    """Write *text* as ``directory/name`` and return its path."""
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
