"""The assumed values: one labelled data file, read in one place.

Every value no rulebook gives (a gate position, a component list, a turn limit)
lives in ``zoobook/data/assumed.toml`` with the ruling that allows it. Code asks
for a value by its dotted key, so correcting an assumption is a one-line edit.

Examples
--------
>>> assumed("fivebyfive.gates")["W"]
'A3'
>>> assumed("steam.turns")
10
>>> assumed("steam.nonsense")
Traceback (most recent call last):
...
KeyError: "no assumed value 'steam.nonsense' in zoobook/data/assumed.toml"
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["assumed", "all_assumed"]


@cache
def all_assumed() -> dict[str, Any]:
    """The whole assumed-values file, parsed."""
    return tomllib.loads(resources.files("zoobook").joinpath("data/assumed.toml").read_text("utf-8"))


def assumed(key: str) -> Any:
    """The assumed value at the dotted *key* (``"fivebyfive.gates"``)."""
    node: Any = all_assumed()
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no assumed value {key!r} in zoobook/data/assumed.toml")
        node = node[part]
    return node
