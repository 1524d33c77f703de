"""One game API and one illegal-move error, for every engine the library has (docs/architecture.md).

Read from the source, so that a new engine or a new error class is seen the day it is written:

* every class of ``zoobook/`` with a ``legal_actions`` method is an engine: it subclasses
  ``zoobook.game_api.GameState``, implements all of it (no abstract method left) and is named
  in the architecture page's "One game API" section;
* ``zoobook.errors.IllegalAction`` is the only illegal-move error: no other ``Illegal...`` or
  ``...Refused`` exception class anywhere in the library;
* widgets catch ``IllegalAction`` for a refused move, never ``ValueError`` or ``Exception``
  (which would also swallow bugs), except where they read what a reader typed (listed below).
"""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
import inspect
import re
from pathlib import Path

import pytest

from zoobook.game_api import GameState

REPO = Path(__file__).resolve().parents[2]
LIBRARY = REPO / "zoobook"
ARCHITECTURE = REPO / "docs" / "architecture.md"

#: Widget functions that catch ValueError around parsing text a reader typed (not around a move).
#: The map editor is a form: its changes carry names, numbers and file names a reader typed.
READS_TYPED_TEXT = {("widgets/steam_easter.py", "_hex"), ("widgets/steam_easter.py", "lay"),
                    ("classroom/widgets.py", "run"), ("widgets/steam_map_editor.py", "_change"),
                    ("widgets/steam_map_editor.py", "save"),
                    ("widgets/keeper.py", "saved_games")}   # the headers of the files in a games folder
BROAD = {"ValueError", "Exception", "BaseException", "TypeError"}


def _modules(paths=None, *, mentioning: str | None = None):
    """(path, syntax tree) of the library's modules (or of *paths*); with *mentioning* (a regular
    expression), only of those whose text it is found in: parsing the whole library costs 2-3 CPU-s,
    and a scan for a name needs only the modules that spell it."""
    for path in sorted(LIBRARY.rglob("*.py")) if paths is None else paths:
        text = path.read_text(encoding="utf-8")
        if mentioning is None or re.search(mentioning, text):
            yield path, ast.parse(text, filename=str(path))


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts)


@functools.cache
def _engines() -> tuple[tuple[str, str], ...]:
    return tuple(_scan_engines())


def engines() -> list[tuple[str, str]]:
    """(module, class) of every class of the library that defines ``legal_actions``."""
    return list(_engines())


def _scan_engines() -> list[tuple[str, str]]:
    """(module, class) of every class of the library that defines ``legal_actions``.

    Called while collecting (the parameters of a test below), so in every pytest worker: only
    the modules whose text defines ``legal_actions`` are parsed (parsing the whole library takes
    2 CPU-s; a class defining the method has that text)."""
    found = []
    for path in sorted(LIBRARY.rglob("*.py")):
        if path == LIBRARY / "game_api.py":
            continue   # the base class itself
        text = path.read_text(encoding="utf-8")
        if not re.search(r"def\s+legal_actions\b", text):
            continue
        tree = ast.parse(text, filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(item, ast.FunctionDef) and item.name == "legal_actions" for item in node.body):
                found.append((_module_name(path), node.name))
    return found


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_the_scan_finds_the_four_engines():
    assert {name for _, name in engines()} >= {"GameState", "LineupState", "ZoolorettoState"}
    assert len(engines()) >= 4


@pytest.mark.parametrize("module, name", engines(), ids=lambda v: v)
def test_every_engine_is_a_complete_game_api_state_named_in_the_architecture(module, name):
    cls = getattr(importlib.import_module(module), name)
    if not issubclass(cls, GameState):
        # a mixin holding an engine's legality (5x5's LegalActions): the engine built on it is checked
        package = importlib.import_module(module.rsplit(".", 1)[0])
        for found in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            importlib.import_module(found.name)            # the engines of its package, loaded
        engines_on_it = [sub for sub in _subclasses(GameState) if cls in sub.__mro__]
        assert engines_on_it, f"{module}.{name} has legal_actions but is no zoobook.game_api.GameState, " \
                              "nor a part of one"
        cls = engines_on_it[0]
        name = cls.__name__
    assert not inspect.isabstract(cls), f"{module}.{name} leaves {sorted(cls.__abstractmethods__)} unwritten"
    for method in ("legal_actions", "refusal", "_apply", "is_terminal", "returns", "clone"):
        assert getattr(cls, method) is not getattr(GameState, method), f"{name}.{method} is not its own"
    assert cls.apply is GameState.apply, f"{name} overrides apply: refusal and IllegalAction would be bypassed"
    section = ARCHITECTURE.read_text(encoding="utf-8").split("## One game API", 1)[1].split("\n## ", 1)[0]
    assert f"`{name}`" in section, f"docs/architecture.md's 'One game API' does not name {name}"


def test_illegal_action_is_the_only_illegal_move_error():
    others = []
    for path, tree in _modules(mentioning=r"\bclass\s+\w*(Illegal|Refused\b)"):
        for node in ast.walk(tree):
            if (isinstance(node, ast.ClassDef) and re.search(r"^Illegal|Refused$|IllegalStep", node.name)
                    and path != LIBRARY / "errors.py"):
                others.append(f"{path.relative_to(REPO)}: class {node.name}")
    assert others == []


def _broad_handlers(tree: ast.AST):
    """(function name, caught names) of every except clause catching a broad type."""
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ExceptHandler):
                kinds = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
                names = {k.id for k in kinds if isinstance(k, ast.Name)} if node.type is not None else {"(bare)"}
                if names & (BROAD | {"(bare)"}):
                    yield function.name, names


def test_widgets_catch_illegal_action_not_value_error():
    paths = sorted((LIBRARY / "widgets").glob("*.py")) + [LIBRARY / "classroom" / "widgets.py"]
    trees = dict(_modules(paths))
    broad = set()
    for path in paths:
        where = path.relative_to(LIBRARY).as_posix()
        broad |= {(where, function) for function, _ in _broad_handlers(trees[path])}
    assert broad <= READS_TYPED_TEXT, f"widgets catching a broad error around a move: {broad - READS_TYPED_TEXT}"
    assert READS_TYPED_TEXT <= broad, "stale entries: drop them from READS_TYPED_TEXT"


def test_the_widget_scan_sees_a_broad_handler():
    tree = ast.parse("def click(self):\n    try:\n        self.state.apply(a)\n    except ValueError:\n        pass\n")
    assert list(_broad_handlers(tree)) == [("click", {"ValueError"})]
