"""The rulings: how zoobook reads what the rulebooks leave open, citable by ID.

Notebooks and explanations cite a ruling by its ID (``F7``, ``S4``, ``Z2``);
the texts live in ``zoobook/data/rulings.toml`` and ``docs/rulings.md`` is
generated from them (``python -m zoobook.rulings > docs/rulings.md``).

Examples
--------
>>> ruling("S4").title
'Danger on the Zoo map'
>>> cite("F12")
'(ruling F12: Award for most visitors)'
>>> ruling("X9")
Traceback (most recent call last):
...
KeyError: "no ruling 'X9' (known: F1-F26, S1-S16, Z1-Z11)"
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import groupby

__all__ = ["Ruling", "ruling", "all_rulings", "cite", "rulings_markdown"]


@dataclass(frozen=True)
class Ruling:
    """One ruling: ID, game, short title, the project's wording, and whether it assumes."""

    id: str
    game: str
    title: str
    text: str
    assumed: bool = False

    def __str__(self) -> str:
        mark = " (assumed)" if self.assumed else ""
        return f"{self.id} {self.title}{mark}: {self.text}"


def _order(ruling_id: str) -> tuple[str, int, str]:
    # Amendments keep their ruling's number and add a letter (S2a follows S2).
    match = re.fullmatch(r"([A-Z]+)(\d+)([a-z]*)", ruling_id)
    return (match.group(1), int(match.group(2)), match.group(3)) if match else (ruling_id, 0, "")


@cache
def all_rulings() -> tuple[Ruling, ...]:
    """Every ruling, in ID order within each game (F, S, Z)."""
    text = resources.files("zoobook").joinpath("data/rulings.toml").read_text("utf-8")
    data = tomllib.loads(text)
    rulings = [Ruling(id=key, **value) for key, value in data.items()]
    return tuple(sorted(rulings, key=lambda r: _order(r.id)))


def ruling(ruling_id: str) -> Ruling:
    """The ruling with ID *ruling_id*; :class:`KeyError` naming the known range if none."""
    for item in all_rulings():
        if item.id == ruling_id:
            return item
    groups: dict[str, list[int]] = {}
    for item in all_rulings():
        prefix, number, _ = _order(item.id)
        groups.setdefault(prefix, []).append(number)
    known = ", ".join(f"{p}{min(n)}-{p}{max(n)}" for p, n in groups.items())
    raise KeyError(f"no ruling {ruling_id!r} (known: {known})")


def cite(ruling_id: str) -> str:
    """A parenthetical citation for explanations: ``(ruling F12: Award for most visitors)``."""
    return f"(ruling {ruling_id}: {ruling(ruling_id).title})"


def rulings_markdown() -> str:
    """The project's rulings page, ``docs/rulings.md``."""
    lines = ["# Rulings", "",
             "How zoobook reads what the rulebooks leave open. Each ruling keeps the ID of the",
             "project's rulings list, so code, tests, notebooks and explanations can cite it",
             "(`zoobook.rulings.ruling(\"F7\")`). A ruling marked *assumed* fills a gap no text gives;",
             "the values it fixes live in one file, `zoobook/data/assumed.toml`.", "",
             "This page is generated from `zoobook/data/rulings.toml` by",
             "`python -m zoobook.rulings > docs/rulings.md`.", ""]
    for game, group in groupby(all_rulings(), key=lambda r: r.game):
        lines += [f"## {game}", ""]
        lines += [f"- **{r.id} {r.title}**{' *(assumed)*' if r.assumed else ''}. {r.text}" for r in group]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(rulings_markdown(), end="")
