"""Reading and writing puzzle files.

A puzzle file is TOML (read with :mod:`tomllib`, which never executes anything).
The common keys (``id``, ``kind``, ``title``, ``difficulty``, ``themes``,
``description``, ``[answer]``) are read here; the rest of the file belongs to
the kind, whose ``parse`` turns it into a rules model. Any key left unread is an
error, so a typo never passes silently.

Examples
--------
>>> from zoobook.puzzles.registry import PuzzleKind, register, unregister
>>> from zoobook.puzzles.solution import Solution
>>> _ = register(PuzzleKind("toy/double", "twice n", lambda t: t.integer("n"),
...                         lambda n: Solution(2 * n, [n, n], ("n + n.",))), replace=True)
>>> p = parse_puzzle('id = "two"\\nkind = "toy/double"\\nn = 1\\n[answer]\\nvalue = 2\\n', file="two.toml")
>>> p.solve().value == p.answer.value
True
>>> parse_puzzle('id = "two"\\nkind = "toy/double"\\nn = "x"\\n', file="two.toml")
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: two.toml: n: must be an integer, not a string
>>> unregister("toy/double")
"""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import tomli_w

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table
from zoobook.puzzles.registry import PuzzleKind, get_kind
from zoobook.puzzles.solution import Solution

__all__ = ["Answer", "Puzzle", "parse_puzzle", "load_puzzle", "find_puzzle_files",
           "puzzle_toml", "write_puzzle", "default_puzzle_dir", "workbook_dir", "MAX_FILE_BYTES"]

MAX_FILE_BYTES = 1_000_000
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_COMMON = frozenset({"id", "kind", "title", "difficulty", "themes", "description", "answer"})


@dataclass(frozen=True)
class Answer:
    """The certified answer stored in a file's ``[answer]`` table.

    ``value`` is ``None`` for a question with no solution (written
    ``no_solution = true``, since TOML has no null). ``optima`` optionally
    records how many optimal witnesses exist.
    """

    value: int | float | None
    optima: int | None = None


@dataclass(frozen=True)
class Puzzle:
    """A loaded puzzle: its common keys, its rules model and where it came from."""

    id: str
    kind: PuzzleKind
    model: Any
    title: str = ""
    difficulty: int | None = None
    themes: tuple[str, ...] = ()
    description: str = ""
    answer: Answer | None = None
    path: Path | None = field(default=None, compare=False)

    def solve(self) -> Solution:
        """Solve with the kind's solver."""
        return self.kind.solve(self.model)


def _read_answer(table: Table) -> Answer:
    optima = table.integer("optima", None, low=1)
    if "no_solution" in table:
        if "value" in table:
            raise table.error("no_solution", "give either value or no_solution = true, not both")
        if not table.boolean("no_solution"):
            raise table.error("no_solution", "write no_solution = true, or give a value instead")
        answer = Answer(None, optima)
    else:
        answer = Answer(table.number("value"), optima)
    table.done()
    return answer


def _read_id(value: Any, key: str) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise PuzzleError("must be kebab-case: lower-case letters and digits joined by '-'", key=key)
    return value


def puzzle_from_data(data: dict[str, Any], *, file: str = "") -> Puzzle:
    """Build a :class:`Puzzle` from parsed TOML data; errors name *file*."""
    try:
        top = Table(data)
        puzzle_id = _read_id(top.raw("id"), "id")
        kind = get_kind(top.string("kind"))
        title = top.string("title", "")
        difficulty = top.integer("difficulty", None, low=1, high=5)
        themes = tuple(top.strings("themes", []))
        description = top.string("description", "")
        answer = _read_answer(top.table("answer")) if "answer" in top else None
        # The kind sees only its own keys; whatever it leaves unread is unknown.
        body = Table({k: v for k, v in data.items() if k not in _COMMON})
        model = kind.parse(body)
        body.done()
    except PuzzleError as exc:
        raise exc.at(file=file) from None
    except (RecursionError, MemoryError):
        raise PuzzleError("too deeply nested or too large to read", file=file) from None
    return Puzzle(puzzle_id, kind, model, title, difficulty, themes, description, answer,
                  Path(file) if file else None)


def parse_puzzle(text: str, *, file: str = "") -> Puzzle:
    """Parse the TOML *text* of a puzzle file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError(f"not valid TOML ({exc})", file=file) from None
    return puzzle_from_data(data, file=file)


def load_puzzle(path: str | Path) -> Puzzle:
    """Load the puzzle file at *path*; every problem is one :class:`PuzzleError`."""
    path = Path(path)
    name = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PuzzleError(f"larger than {MAX_FILE_BYTES} bytes; not a puzzle file", file=name)
        raw = path.read_bytes()
    except OSError as exc:
        raise PuzzleError(f"cannot be read ({exc.strerror or exc})", file=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleError("not UTF-8 text", file=name) from None
    return parse_puzzle(text, file=name)


def find_puzzle_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every ``*.toml`` under *paths* (files are taken as given), sorted per path."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.toml") if p.is_file())
        else:
            yield path


def _checkout_root() -> Path | None:
    """The root of the source checkout this package runs from, if it runs from one."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "zoobook").is_dir() else None


def workbook_dir(name: str) -> Path:
    """A folder of the workbook (``"puzzles"`` or ``"notebooks"``) as a path on disk.

    A source checkout's own folder comes first (edit a puzzle there and every tool sees
    it); else the copy installed with the package (a wheel carries both, read with
    :mod:`importlib.resources`). A package installed as a zip is unpacked once into a
    temporary folder. Raises :class:`PuzzleError` when neither exists, never returns
    an empty stand-in.

    >>> (workbook_dir("puzzles") / "5x5").is_dir()
    True
    """
    if name not in _WORKBOOK_FOLDERS:
        raise ValueError(f"the workbook has no folder {name!r}; it has {sorted(_WORKBOOK_FOLDERS)}")
    root = _checkout_root()
    if root is not None and (root / name).is_dir():
        return root / name
    installed = resources.files("zoobook").joinpath("workbook", name)
    if installed.is_dir():
        return _on_disk(installed, name)
    raise PuzzleError(f"the workbook's {name} are missing: no checkout's {name}/ and no copy installed "
                      f"with the package ({installed}); reinstall zoobook (pip install zoobook)")


_WORKBOOK_FOLDERS = {"puzzles", "notebooks"}
_UNPACKED: dict[str, Path] = {}


def _on_disk(folder: Traversable, name: str) -> Path:
    """*folder* as a real path: itself when installed as files, else an unpacked copy."""
    if isinstance(folder, Path):
        return folder
    if name not in _UNPACKED:
        target = Path(tempfile.mkdtemp(prefix=f"zoobook-{name}-")) / name

        def copy(node: Traversable, to: Path) -> None:
            to.mkdir(parents=True, exist_ok=True)
            for child in node.iterdir():
                if child.is_dir():
                    copy(child, to / child.name)
                else:
                    (to / child.name).write_bytes(child.read_bytes())

        copy(folder, target)
        atexit.register(shutil.rmtree, target.parent, ignore_errors=True)
        _UNPACKED[name] = target
    return _UNPACKED[name]


def default_puzzle_dir() -> Path:
    """The puzzles every tool reads by default.

    ``./puzzles`` when the current folder has one (a user's own collection), else
    the workbook's puzzles: a checkout's ``puzzles/``, else the copy installed with
    the package (see :func:`workbook_dir`). Raises :class:`PuzzleError` when there
    are none anywhere.
    """
    here = Path("puzzles")
    if here.is_dir():
        return here
    return workbook_dir("puzzles")


def puzzle_toml(*, id: str, kind: str, body: dict[str, Any], title: str = "",
                difficulty: int | None = None, themes: Iterable[str] = (),
                description: str = "", answer: Answer | None = None,
                multiline_strings: bool = False) -> str:
    """The text of a puzzle file: common keys first, then the kind's *body*.

    With *multiline_strings*, strings holding newlines (an ASCII-art ``map``)
    are written as TOML multi-line strings, as a person would type them.

    >>> print(puzzle_toml(id="a", kind="toy/double", body={"n": 1}, answer=Answer(2)))
    id = "a"
    kind = "toy/double"
    n = 1
    <BLANKLINE>
    [answer]
    value = 2
    <BLANKLINE>
    """
    head: dict[str, Any] = {"id": id, "kind": kind}
    if title:
        head["title"] = title
    if difficulty is not None:
        head["difficulty"] = difficulty
    themes = list(themes)
    if themes:
        head["themes"] = themes
    if description:
        head["description"] = description
    data = {**head, **body}
    if answer is not None:
        data["answer"] = ({"no_solution": True} if answer.value is None else {"value": answer.value})
        if answer.optima is not None:
            data["answer"]["optima"] = answer.optima
    return tomli_w.dumps(data, multiline_strings=multiline_strings)


def write_puzzle(path: str | Path, text: str) -> Path:
    """Write a puzzle file after checking that it loads; nothing is written if not."""
    path = Path(path)
    parse_puzzle(text, file=str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
