"""The rules index of a game: every rule sentence, where the engine enforces it, teaches it, tests it.

Each game package may hold a ``rules.toml`` (``zoobook/<game>/rules.toml``)::

    [index]
    game = "5x5 Zoo"
    rulebooks = ["5x5 Zoo rulebook"]
    learn = "notebooks/20-learn-5x5.ipynb"

    [[rule]]
    id = "F-LINEUP-3"
    group = "lineup"
    statement = "A visitor may step through an open door in a wall."
    source = "5x5 Zoo rulebook, III. Lineup phase"
    engine = ["zoobook.fivebyfive.lineup:LineupState.refusal"]
    lesson = ["notebooks/20-learn-5x5.ipynb#drill-lineup-doors"]
    tests = ["tests/fivebyfive/test_lineup.py::test_doors_open_walls"]
    rulings = ["F7"]                  # optional
    assumed = ["fivebyfive.gates"]    # optional

:func:`load_index` reads it strictly (an unknown key, a missing field or a duplicate
id is one line: *file: key: reason*); :func:`coverage` counts the rules with an
engine, a lesson and a test; :func:`broken_references` lists every reference that
does not lead anywhere. ``zoobook rules --coverage`` prints both.

Examples
--------
>>> index = parse_index('''
... [index]
... game = "Toy"
... rulebooks = ["Toy rules"]
... learn = "notebooks/none.ipynb"
... [[rule]]
... id = "F-TOY-1"
... group = "toy"
... statement = "Take one or two."
... source = "Toy rules, 1"
... engine = ["zoobook.game_api:GameState.refusal"]
... rulings = ["F7"]
... ''')
>>> index.by_id("F-TOY-1").statement
'Take one or two.'
>>> index.resolve("F7").id          # a ruling resolves to the rule it fills in
'F-TOY-1'
>>> coverage(index).lacking_lesson
('F-TOY-1',)
>>> parse_index('[index]\\ngame = "x"\\nrulebooks = []\\nlearn = "n"\\n[[rule]]\\nid = "F-X-1"\\ncolour = 1',
...             file="rules.toml")
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: rules.toml: rule[0].colour: unknown key (known: ...)
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from zoobook.assumed import all_assumed
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import workbook_dir
from zoobook.rulings import all_rulings

#: The ``zoobook/`` folder, found from this file: the package face (``zoobook/__init__.py``) sits
#: above the rules indexes and is not imported to find it (docs/architecture.md, the layers).
_PACKAGE_FOLDER = Path(__file__).resolve().parent.parent

__all__ = ["Rule", "RulesIndex", "Coverage", "load_index", "parse_index", "games", "coverage",
           "broken_references", "find_rule", "resolve_target", "repo_root", "tests_checkable",
           "TESTS_UNCHECKED"]

_RULE_ID = re.compile(r"[A-Z]+\d+[a-z]*|[A-Z]+-[A-Z]+-\d+[a-z]?")
_GROUP = re.compile(r"[a-z][a-z0-9-]*")
_REQUIRED = ("id", "group", "statement", "source")
_LISTS = ("engine", "lesson", "tests", "rulings", "assumed")
_INDEX_KEYS = ("game", "rulebooks", "learn")


@dataclass(frozen=True)
class Rule:
    """One rule of a game: the project's own one-line statement and where it lives.

    Attributes
    ----------
    id : str
        A ruling ID (``"F7"``) where the rule is that ruling, else ``<F|S|Z>-<GROUP>-<n>``.
    group : str
        The rule group: one Learn section, one drill group (``"lineup"``).
    statement, source : str
        The rule in the project's words; the rulebook and section it comes from.
    engine : tuple of str
        ``module:qualname`` of the code that enforces it.
    lesson : tuple of str
        ``notebook#cell-id`` of the cells that teach it.
    tests : tuple of str
        pytest node ids (``file::function``) that check it.
    rulings, assumed : tuple of str
        Rulings that fill it in; assumed-value keys (``"fivebyfive.gates"``) it reads.

    Examples
    --------
    >>> Rule("F-X-1", "x", "Say it.", "Book, 1").engine
    ()
    """

    id: str
    group: str
    statement: str
    source: str
    engine: tuple[str, ...] = ()
    lesson: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesIndex:
    """A game's rules, in file order.

    Attributes
    ----------
    game : str
        The display name (``"5x5 Zoo"``).
    rules : tuple of Rule
    rulebooks : tuple of str
    learn : str
        The game's Learn notebook (a path from the repository root).
    package : str
        The game package (``"fivebyfive"``); empty for an index parsed from text.
    file : str
        Where it was read from, for messages.

    Examples
    --------
    >>> index = RulesIndex("Toy", (Rule("F-A-1", "a", "A.", "B", rulings=("F1",)),))
    >>> index.groups()
    ('a',)
    >>> index.resolve("F9")
    Traceback (most recent call last):
    ...
    KeyError: "Toy rules index: no rule or linked ruling 'F9'"
    """

    game: str
    rules: tuple[Rule, ...]
    rulebooks: tuple[str, ...] = ()
    learn: str = ""
    package: str = ""
    file: str = ""
    _ids: dict = field(default=None, init=False, repr=False, compare=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_ids", {rule.id: rule for rule in self.rules})

    def by_id(self, rule_id: str) -> Rule:
        """The rule with this id; :class:`KeyError` if none."""
        try:
            return self._ids[rule_id]
        except KeyError:
            raise KeyError(f"{self.game} rules index: no rule {rule_id!r}") from None

    def resolve(self, rule_or_ruling_id: str) -> Rule:
        """The rule with this id, or the first rule that links this ruling; :class:`KeyError` if none."""
        if rule_or_ruling_id in self._ids:
            return self._ids[rule_or_ruling_id]
        for rule in self.rules:
            if rule_or_ruling_id in rule.rulings:
                return rule
        raise KeyError(f"{self.game} rules index: no rule or linked ruling {rule_or_ruling_id!r}")

    def groups(self) -> tuple[str, ...]:
        """The rule groups, in the order they first appear."""
        return tuple(dict.fromkeys(rule.group for rule in self.rules))

    def in_group(self, group: str) -> tuple[Rule, ...]:
        """The rules of one group."""
        return tuple(rule for rule in self.rules if rule.group == group)

    def prefixes(self) -> frozenset[str]:
        """The ruling letters of this game (``{"F"}``), read off its rule ids."""
        return frozenset(re.match(r"[A-Z]+", rule.id).group() for rule in self.rules)


@dataclass(frozen=True)
class Coverage:
    """How many rules of a game have an engine, a lesson and a test, and which lack one.

    Examples
    --------
    >>> c = Coverage("Toy", 2, 2, 1, 2, (), ("F-A-2",), ())
    >>> c.complete, str(c)
    (False, 'Toy: 2 rules, engine 2/2, lesson 1/2, test 2/2')
    """

    game: str
    total: int
    with_engine: int
    with_lesson: int
    with_tests: int
    lacking_engine: tuple[str, ...]
    lacking_lesson: tuple[str, ...]
    lacking_tests: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """Whether every rule has all three."""
        return not (self.lacking_engine or self.lacking_lesson or self.lacking_tests)

    def __str__(self) -> str:
        return (f"{self.game}: {self.total} rules, engine {self.with_engine}/{self.total}, "
                f"lesson {self.with_lesson}/{self.total}, test {self.with_tests}/{self.total}")


def _string_list(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise PuzzleError("must be a list of non-empty strings", key=key)
    return tuple(value)


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise PuzzleError("must be a non-empty string", key=key)
    return value


def _read_rule(data: Any, key: str) -> Rule:
    if not isinstance(data, dict):
        raise PuzzleError("must be a table", key=key)
    known = _REQUIRED + _LISTS
    for name in data:
        if name not in known:
            raise PuzzleError(f"unknown key (known: {', '.join(known)})", key=f"{key}.{name}")
    for name in _REQUIRED:
        if name not in data:
            raise PuzzleError("missing", key=f"{key}.{name}")
    values = {name: _text(data[name], f"{key}.{name}") for name in _REQUIRED}
    if not _RULE_ID.fullmatch(values["id"]):
        raise PuzzleError(f"{values['id']!r} is neither a ruling ID (F7) nor <F|S|Z>-<GROUP>-<n>",
                          key=f"{key}.id")
    if not _GROUP.fullmatch(values["group"]):
        raise PuzzleError(f"{values['group']!r} must be a lower-case word", key=f"{key}.group")
    lists = {name: _string_list(data.get(name, []), f"{key}.{name}") for name in _LISTS}
    for target in lists["engine"]:
        if target.count(":") != 1:
            raise PuzzleError(f"{target!r} must read 'package.module:qualname'", key=f"{key}.engine")
    for target in lists["lesson"]:
        if "#" not in target:
            raise PuzzleError(f"{target!r} must read 'notebooks/NN-x.ipynb#cell-id'", key=f"{key}.lesson")
    for target in lists["tests"]:
        if "::" not in target:
            raise PuzzleError(f"{target!r} must read 'tests/.../test_x.py::test_name'", key=f"{key}.tests")
    return Rule(**values, **lists)


def parse_index(text: str, *, file: str = "rules.toml", package: str = "") -> RulesIndex:
    """A rules index from TOML text; :class:`~zoobook.errors.PuzzleError` (*file: key: reason*) if bad."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError(f"not valid TOML ({exc})", file=file) from None
    try:
        for name in data:
            if name not in ("index", "rule"):
                raise PuzzleError("unknown key (known: index, rule)", key=name)
        head = data.get("index")
        if not isinstance(head, dict):
            raise PuzzleError("missing table", key="index")
        for name in head:
            if name not in _INDEX_KEYS:
                raise PuzzleError(f"unknown key (known: {', '.join(_INDEX_KEYS)})", key=f"index.{name}")
        for name in _INDEX_KEYS:
            if name not in head:
                raise PuzzleError("missing", key=f"index.{name}")
        game = _text(head["game"], "index.game")
        rulebooks = _string_list(head["rulebooks"], "index.rulebooks")
        learn = _text(head["learn"], "index.learn")
        items = data.get("rule", [])
        if not isinstance(items, list):
            raise PuzzleError("must be an array of tables ([[rule]])", key="rule")
        rules, seen = [], set()
        for number, item in enumerate(items):
            rule = _read_rule(item, f"rule[{number}]")
            if rule.id in seen:
                raise PuzzleError(f"duplicate id {rule.id!r}", key=f"rule[{number}].id")
            seen.add(rule.id)
            rules.append(rule)
    except PuzzleError as exc:
        raise exc.at(file=file) from None
    return RulesIndex(game, tuple(rules), rulebooks, learn, package, file)


def games() -> tuple[str, ...]:
    """The game packages that have a ``rules.toml`` (found on disk, sorted; nothing imported).

    >>> "fivebyfive" in games()
    True
    """
    found = set()
    for path in _PACKAGE_FOLDER.glob("*/rules.toml"):
        if (path.parent / "__init__.py").is_file():
            found.add(path.parent.name)
    return tuple(sorted(found))


@cache
def load_index(game: str) -> RulesIndex:
    """The rules index of the game package *game* (``"fivebyfive"``, ``"steam"``, ``"zooloretto"``).

    >>> load_index("fivebyfive").game
    '5x5 Zoo'
    >>> load_index("chess")
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: zoobook/chess/rules.toml: no rules index (games with one: ...)
    """
    file = f"zoobook/{game}/rules.toml"
    if game not in games():
        raise PuzzleError(f"no rules index (games with one: {', '.join(games())})", file=file)
    text = resources.files(f"zoobook.{game}").joinpath("rules.toml").read_text("utf-8")
    return parse_index(text, file=file, package=game)


def find_rule(rule_id: str) -> Rule | None:
    """The rule (or the rule linking the ruling) *rule_id* in any game's index, or ``None``.

    >>> find_rule("F-NOTHING-99") is None
    True
    """
    for game in games():
        try:
            return load_index(game).resolve(rule_id)
        except KeyError:
            continue
    return None


def coverage(index: RulesIndex) -> Coverage:
    """How many rules have an engine / a lesson / a test, and the ids lacking each."""
    lacking = {name: tuple(r.id for r in index.rules if not getattr(r, name))
               for name in ("engine", "lesson", "tests")}
    total = len(index.rules)
    return Coverage(index.game, total, total - len(lacking["engine"]), total - len(lacking["lesson"]),
                    total - len(lacking["tests"]), lacking["engine"], lacking["lesson"], lacking["tests"])


def resolve_target(target: str) -> Any:
    """The object an engine reference ``module:qualname`` names; :class:`LookupError` saying why not.

    >>> resolve_target("zoobook.game_api:GameState.apply").__name__
    'apply'
    >>> resolve_target("zoobook.game_api:GameState.fly")
    Traceback (most recent call last):
    ...
    LookupError: zoobook.game_api:GameState.fly: GameState has no attribute 'fly'
    """
    module_name, _, qualname = target.partition(":")
    try:
        node: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise LookupError(f"{target}: cannot import {module_name} ({exc})") from None
    owner = module_name
    for part in qualname.split("."):
        if not hasattr(node, part):
            raise LookupError(f"{target}: {owner} has no attribute {part!r}")
        node, owner = getattr(node, part), part
    return node


def repo_root() -> Path:
    """The folder that holds ``zoobook/``: a source checkout (with ``notebooks/`` and ``tests/``),
    or the ``site-packages`` of an installed package (with neither)."""
    return _PACKAGE_FOLDER.parent


def tests_checkable(root: Path | None = None) -> bool:
    """Whether the test references can be checked: *root* (default :func:`repo_root`) is a
    source checkout with its ``tests/``.

    An installed package carries no tests (a wheel ships the library, the notebooks and the
    puzzles), so there they are not checked; a ``pyproject.toml`` beside ``tests/`` tells a
    checkout from a ``site-packages`` that some other distribution put a ``tests`` folder in.

    >>> tests_checkable(Path("/nowhere"))
    False
    """
    root = repo_root() if root is None else Path(root)
    return (root / "pyproject.toml").is_file() and (root / "tests").is_dir()


#: What ``zoobook rules --coverage`` says once where :func:`tests_checkable` is false.
TESTS_UNCHECKED = ("test references not checked: zoobook runs from an installed package, which has no tests/ "
                   "(a source checkout checks them)")


def _lesson_path(root: Path, file: str) -> Path:
    """A lesson's notebook (``notebooks/NN-x.ipynb``): from *root* where it has that folder (a checkout),
    else from the notebooks installed with the package."""
    folder, _, rest = file.partition("/")
    if folder == "notebooks" and not (root / folder).is_dir():
        return workbook_dir("notebooks") / rest
    return root / file


@cache
def _cell_ids(path: Path, stamp: float) -> frozenset[str]:
    cells = json.loads(path.read_text("utf-8")).get("cells", [])
    return frozenset(cell.get("id", "") for cell in cells)


@cache
def _test_names(path: Path, stamp: float) -> frozenset[str]:
    """``name`` and ``Class::name`` of every function in a test file."""
    tree = ast.parse(path.read_text("utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(f"{node.name}::{item.name}" for item in node.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return frozenset(names)


@cache
def _assumed_sections() -> frozenset[str]:
    """The dotted names of the ``[section]`` headers of the assumed-values file."""
    text = resources.files("zoobook").joinpath("data/assumed.toml").read_text("utf-8")
    return frozenset(re.findall(r"^\[([\w.]+)\]\s*$", text, re.M))


def _assumed_keys(package: str) -> list[str]:
    """The dotted assumed keys of a game: every value under its ``[package...]`` sections.

    A value is a key, whatever its type (an inline table such as ``gates`` is one key);
    a ``[section]`` header is not.

    >>> keys = _assumed_keys("fivebyfive")
    >>> "fivebyfive.gates" in keys, "fivebyfive.components.tiles" in keys, "fivebyfive.components" in keys
    (True, True, False)
    """
    sections = _assumed_sections()
    keys: list[str] = []

    def walk(node: dict, path: str) -> None:
        for name, value in node.items():
            key = f"{path}.{name}"
            if isinstance(value, dict) and key in sections:
                walk(value, key)
            else:
                keys.append(key)

    section = all_assumed().get(package)
    if isinstance(section, dict):
        walk(section, package)
    return keys


def _assumed_exists(key: str) -> bool:
    node: Any = all_assumed()
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def broken_references(index: RulesIndex, root: Path | None = None) -> list[str]:
    """Every reference of *index* that leads nowhere, one line each (an empty list when none).

    Checks engine targets (importable), lesson notebooks and cell ids (from *root*, default
    :func:`repo_root`, else from the notebooks installed with the package), test files and
    functions (only where :func:`tests_checkable`: an installed package has no tests), ruling
    ids and assumed keys; and that every ruling and assumed key of the game is linked from
    some rule.

    >>> broken_references(RulesIndex("Toy", (Rule("Q-A-1", "a", "A.", "B", engine=("zoobook:nothing",),
    ...                                           rulings=("F999",)),)))
    ["Q-A-1: engine zoobook:nothing: zoobook has no attribute 'nothing'", 'Q-A-1: unknown ruling F999']
    """
    root = repo_root() if root is None else Path(root)
    check_tests = tests_checkable(root)
    problems: list[str] = []
    known_rulings = {r.id for r in all_rulings()}
    for rule in index.rules:
        for target in rule.engine:
            try:
                resolve_target(target)
            except LookupError as exc:
                problems.append(f"{rule.id}: engine {exc}")
        for target in rule.lesson:
            file, _, cell = target.partition("#")
            path = _lesson_path(root, file)
            if not path.is_file():
                problems.append(f"{rule.id}: lesson {target}: no notebook {file}")
            elif cell not in _cell_ids(path, path.stat().st_mtime):
                problems.append(f"{rule.id}: lesson {target}: no cell with id {cell!r}")
        for target in rule.tests if check_tests else ():
            file, _, name = target.partition("::")
            path = root / file
            name = re.sub(r"\[.*\]$", "", name)
            if not path.is_file():
                problems.append(f"{rule.id}: test {target}: no test file {file}")
            elif name not in _test_names(path, path.stat().st_mtime):
                problems.append(f"{rule.id}: test {target}: no function {name} in {file}")
        problems += [f"{rule.id}: unknown ruling {r}" for r in rule.rulings if r not in known_rulings]
        problems += [f"{rule.id}: unknown assumed key {k}" for k in rule.assumed if not _assumed_exists(k)]
    if index.rules:
        linked = {r for rule in index.rules for r in rule.rulings} | {rule.id for rule in index.rules}
        prefixes = index.prefixes()
        for item in all_rulings():
            if re.match(r"[A-Z]+", item.id).group() in prefixes and item.id not in linked:
                problems.append(f"ruling {item.id} is linked from no rule")
    if index.package:
        listed = {k for rule in index.rules for k in rule.assumed}
        for key in _assumed_keys(index.package):
            if not any(key == k or key.startswith(k + ".") or k.startswith(key + ".") for k in listed):
                problems.append(f"assumed key {key} is linked from no rule")
    return problems
