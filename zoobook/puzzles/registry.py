"""The plug-in registry of puzzle kinds: a game plugs in through its own ``kinds`` module.

Each game package has a module named ``kinds`` (``zoobook/steam/zoo/kinds.py``
and so on). The registry finds every such file under the zoobook folders on
disk and imports only those modules (never a package's widgets or the
classroom), so listing or solving puzzles stays light. A kinds module may
declare, all optional:

``KINDS``
    a tuple of :class:`PuzzleKind`: the puzzle kinds, their parser, solver and writer;
``VIEWS``
    ``{kind name: hook}``: the kind's picture and play widget (a
    :class:`~zoobook.widgets.puzzle_of_the_day.KindView`), for the puzzle of the day;
``GENERATORS``
    ``{kind name: hook}``: the kind's :class:`~zoobook.generate.registry.Generator`;
``COMMANDS``
    callables ``add(subparsers)`` that add sub-commands to the ``zoobook`` command.

A hook is the object itself or, so that nothing heavy is imported before it
is needed, its dotted name ``"package.module:attribute"`` (a leading dot is
relative to the kinds module's package: ``".views:VIEW"``). Adding a game
therefore touches no file but its own. Tests (or a game outside the zoobook
folders) add a kinds module with :func:`register_game`, or single kinds with
:func:`register`.

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
>>> "zoobook.fivebyfive.kinds" in kinds_module_names()
True
>>> resolve("zoobook.puzzles.solution:Solution") is Solution
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table
from zoobook.puzzles.solution import Solution

#: The ``zoobook/`` folder the kinds modules are found in, from this file's place: the package
#: face (``zoobook/__init__.py``) sits above the puzzles and is not imported to find it
#: (docs/architecture.md, the layers).
_PACKAGE_FOLDER = Path(__file__).parent.parent

__all__ = ["PuzzleKind", "register", "unregister", "get_kind", "all_kinds", "game_modules",
           "register_game", "kinds_module_names", "resolve", "view_hooks", "generator_hooks", "count_optima"]


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
_GAME_MODULES: list[ModuleType] = []
#: Each kind's hooks, ``{kind: (hook, package the hook is relative to)}``.
_VIEWS: dict[str, tuple[Any, str]] = {}
_GENERATORS: dict[str, tuple[Any, str]] = {}
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
    """Remove the kind *name* and its hooks (tests use this to clean up their toy kinds)."""
    _KINDS.pop(name, None)
    _VIEWS.pop(name, None)
    _GENERATORS.pop(name, None)


def kinds_module_names() -> list[str]:
    """The dotted names of the ``kinds`` modules under the ``zoobook/`` folder, found on disk.

    Nothing is imported: a package's ``__init__`` (which may load widgets) is
    never run just to look inside it.
    """
    names = []
    for path in sorted(_PACKAGE_FOLDER.rglob("kinds.py")):
        parts = path.relative_to(_PACKAGE_FOLDER).with_suffix("").parts
        folders = [_PACKAGE_FOLDER.joinpath(*parts[:depth]) for depth in range(1, len(parts))]
        if all((folder / "__init__.py").is_file() for folder in folders):
            names.append(".".join(("zoobook", *parts)))
    return names


def register_game(module: ModuleType | str) -> ModuleType:
    """Add a game's kinds module (or its dotted name): its KINDS, VIEWS, GENERATORS and COMMANDS.

    Hooks are kept as declared and imported only by :func:`resolve`.
    """
    if isinstance(module, str):
        module = importlib.import_module(module)
    package = module.__package__ or module.__name__
    kinds = tuple(getattr(module, "KINDS", ()))
    for kind in kinds:
        register(kind, replace=True)
    known = {kind.name for kind in kinds} | set(_KINDS)
    for attribute, hooks in (("VIEWS", _VIEWS), ("GENERATORS", _GENERATORS)):
        for name, hook in getattr(module, attribute, {}).items():
            if name not in known:
                raise ValueError(f"{module.__name__}.{attribute} names {name!r}, which is not a puzzle kind")
            hooks[name] = (hook, package)
    if module not in _GAME_MODULES:
        _GAME_MODULES.append(module)
    return module


def resolve(hook: Any, package: str | None = None) -> Any:
    """The object a hook names: ``"module:attribute"`` is imported now; anything else is itself.

    >>> resolve(len) is len
    True
    >>> resolve("zoobook.puzzles:nothing")
    Traceback (most recent call last):
    ...
    ValueError: hook 'zoobook.puzzles:nothing': module zoobook.puzzles has no attribute 'nothing'
    """
    if not isinstance(hook, str):
        return hook
    module_name, colon, attribute = hook.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(f"hook {hook!r} must read 'package.module:attribute'")
    module = importlib.import_module(module_name, package)
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"hook {hook!r}: module {module.__name__} has no attribute {attribute!r}") from None


def _discover() -> None:
    """Import every module named ``kinds`` under the zoobook folders, once."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name in kinds_module_names():
        register_game(name)


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


def game_modules() -> list[ModuleType]:
    """The kinds modules found (and those added by :func:`register_game`)."""
    _discover()
    return list(_GAME_MODULES)


def view_hooks() -> dict[str, tuple[Any, str]]:
    """``{kind: (hook, package)}`` of every kind with a view; :func:`resolve` imports one."""
    _discover()
    return dict(_VIEWS)


def generator_hooks() -> dict[str, tuple[Any, str]]:
    """``{kind: (hook, package)}`` of every kind with a generator; :func:`resolve` imports one."""
    _discover()
    return dict(_GENERATORS)


def count_optima(kind: str, model: Any, solution: Solution) -> int | None:
    """How many optimal witnesses *model* has, counted by its kind's generator facts.

    None when the kind has no generator, its generator cannot be imported (a game still being
    built, which ``zoobook generate`` skips too) or its facts do not count them. ``zoobook
    verify`` compares this count with a file's ``[answer].optima``. The generator is reached
    through its hook, as every plug-in is: the puzzles sit below the generators (docs/architecture.md).

    >>> from zoobook.puzzles.loading import load_puzzle, workbook_dir
    >>> puzzle = load_puzzle(workbook_dir("puzzles") / "5x5" / "generated-5x5-lineup-d1-s2026-1.toml")
    >>> count_optima("5x5/lineup", puzzle.model, puzzle.solve()) == puzzle.answer.optima
    True
    >>> count_optima("toy/none", None, None) is None
    True
    """
    hook = generator_hooks().get(kind)
    if hook is None:
        return None
    try:
        generator = resolve(*hook)
    except Exception:  # an unfinished game's generator: nothing to count with
        return None
    return generator.facts(model, solution).optima
