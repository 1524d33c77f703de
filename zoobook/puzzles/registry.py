"""The plug-in registry of puzzle kinds.

Each game package declares its kinds in a module named ``kinds`` with a
``KINDS`` tuple of :class:`PuzzleKind` (``zoobook/steam/zoo/kinds.py`` and so
on). The registry imports every module called ``kinds`` in the zoobook package
tree, so a new game is added without touching this file or any other game. Tests may also
:func:`register` kinds of their own.

Examples
--------
>>> from zoobook.puzzles.solution import Solution
>>> toy = PuzzleKind(
...     name="toy/echo", summary="returns its number",
...     parse=lambda table: table.integer("n"),
...     solve=lambda n: Solution(n, [n], ("The number is the answer.",)))
>>> _ = register(toy, replace=True)
>>> get_kind("toy/echo").summary
'returns its number'
>>> unregister("toy/echo")
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table
from zoobook.puzzles.solution import Solution

__all__ = ["PuzzleKind", "register", "unregister", "get_kind", "all_kinds", "game_modules"]


@dataclass(frozen=True)
class PuzzleKind:
    """What the library knows about one kind of puzzle.

    Attributes
    ----------
    name : str
        The ``kind`` written in files, ``"<game>/<question>"``.
    summary : str
        The question, in one line.
    parse : callable
        ``parse(table) -> model``: builds the rules model from the file's
        kind-specific keys (a :class:`~zoobook.puzzles.fields.Table`; the common
        keys are already consumed). It must read every key it accepts and raise
        :class:`~zoobook.errors.PuzzleError` for bad data; the loader rejects the
        keys it left unread.
    solve : callable
        ``solve(model) -> Solution``: the certified optimum.
    dump : callable, optional
        ``dump(model) -> dict``: the kind-specific keys of a file for *model*,
        used to write puzzle files (generators). Must round-trip with *parse*.
    """

    name: str
    summary: str
    parse: Callable[[Table], Any]
    solve: Callable[[Any], Solution]
    dump: Callable[[Any], dict] | None = field(default=None, compare=False)

    @property
    def game(self) -> str:
        """The game part of the name, which is also the folder under ``puzzles/``."""
        return self.name.split("/", 1)[0]


_KINDS: dict[str, PuzzleKind] = {}
_GAME_MODULES: list = []
_discovered = False


def register(kind: PuzzleKind, *, replace: bool = False) -> PuzzleKind:
    """Add *kind* to the registry; an existing name is an error unless *replace*."""
    if "/" not in kind.name:
        raise ValueError(f"kind name {kind.name!r} must look like 'game/question'")
    if kind.name in _KINDS and not replace and _KINDS[kind.name] is not kind:
        raise ValueError(f"puzzle kind {kind.name!r} is registered twice")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Remove the kind *name* (tests use this to clean up their toy kinds)."""
    _KINDS.pop(name, None)


def _discover() -> None:
    """Import every module named ``kinds`` inside the zoobook package tree."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import zoobook

    for module in pkgutil.walk_packages(zoobook.__path__, prefix="zoobook."):
        if module.name.rsplit(".", 1)[-1] != "kinds":
            continue
        kinds_module = importlib.import_module(module.name)
        _GAME_MODULES.append(kinds_module)
        for kind in getattr(kinds_module, "KINDS", ()):
            register(kind, replace=True)


def get_kind(name: str) -> PuzzleKind:
    """The registered kind called *name*; :class:`PuzzleError` on ``kind`` if none."""
    _discover()
    try:
        return _KINDS[name]
    except KeyError:
        known = ", ".join(sorted(_KINDS)) or "none registered"
        raise PuzzleError(f"unknown puzzle kind {name!r} (known: {known})", key="kind") from None


def all_kinds() -> list[PuzzleKind]:
    """Every registered kind, sorted by name."""
    _discover()
    return [_KINDS[name] for name in sorted(_KINDS)]


def game_modules() -> list:
    """The ``kinds`` modules found, for optional extras.

    A kinds module may define ``COMMANDS``: callables ``add(subparsers)`` that
    add sub-commands to the ``zoobook`` command.
    """
    _discover()
    return list(_GAME_MODULES)
