"""Strict, self-locating access to the tables of a TOML puzzle file.

A :class:`Table` wraps one TOML table and remembers its key path. Every read
checks the type and range of the value and, on failure, raises a
:class:`~zoobook.errors.PuzzleError` naming the exact key (``tile[3].walls[1]``).
Calling :meth:`Table.done` afterwards rejects any key that nobody read, which
is how unknown keys become errors rather than silently ignored typos.

Arrays of tables are counted from 1, as a person counts ``[[tile]]`` blocks
down a file.

Examples
--------
>>> t = Table({"round": 2, "gate": "W", "tile": [{"kind": "bird"}]})
>>> t.integer("round", low=1, high=3)
2
>>> t.choice("gate", ("N", "E", "S", "W"))
'W'
>>> [tile.string("kind") for tile in t.tables("tile")]
['bird']
>>> t.done()
>>> Table({"round": 7}).integer("round", low=1, high=3)
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: round: must be between 1 and 3, not 7
>>> Table({"rond": 1}).done()
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: rond: unknown key
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from zoobook.errors import PuzzleError

__all__ = ["Table", "MISSING"]

T = TypeVar("T")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()

# A bare TOML key, optionally followed by 1-based item indexes: `walls`, `tile[3]`.
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+(\[\d+\])*")


def _describe(value: Any) -> str:
    """A short name for a TOML value's type, for error messages."""
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
             list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


class Table:
    """One TOML table, read strictly.

    Parameters
    ----------
    data : dict
        The parsed table.
    path : str, optional
        Its key path inside the file ("" for the top level).
    """

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, dict):
            raise PuzzleError(f"must be a table, not {_describe(data)}", key=path)
        self._data = data
        self._path = path
        self._read: set[str] = set()

    # -- locating -----------------------------------------------------------------
    def key(self, name: str) -> str:
        """The full key path of *name* inside this table.

        A key that is not a bare TOML key is shown quoted, so that a key holding a
        newline or a dot cannot break the one-line message or pass for a path.

        >>> Table({}, "tile[2]").key("walls[1]"), Table({}).key("my key\\n")
        ('tile[2].walls[1]', '"my key\\\\n"')
        """
        shown = name if _BARE_KEY.fullmatch(name) else json.dumps(name)
        return f"{self._path}.{shown}" if self._path else shown

    def error(self, name: str, reason: str) -> PuzzleError:
        """A :class:`PuzzleError` about the key *name* of this table."""
        return PuzzleError(reason, key=self.key(name))

    def __contains__(self, name: str) -> bool:
        return name in self._data

    # -- raw access ---------------------------------------------------------------
    def raw(self, name: str, default: Any = MISSING) -> Any:
        """The value of *name*, unchecked; *default* when absent (error if no default)."""
        self._read.add(name)
        if name not in self._data:
            if default is MISSING:
                raise self.error(name, "missing")
            return default
        return self._data[name]

    def _typed(self, name: str, kinds: tuple[type, ...], what: str, default: Any) -> Any:
        value = self.raw(name, default)
        if value is default and name not in self._data:
            return value
        # bool is an int in Python; TOML keeps them apart and so do we.
        if isinstance(value, bool) and bool not in kinds:
            raise self.error(name, f"must be {what}, not a boolean")
        if not isinstance(value, kinds):
            raise self.error(name, f"must be {what}, not {_describe(value)}")
        return value

    # -- scalars ------------------------------------------------------------------
    def string(self, name: str, default: Any = MISSING) -> str:
        """A string value."""
        return self._typed(name, (str,), "a string", default)

    def boolean(self, name: str, default: Any = MISSING) -> bool:
        """A boolean value (``true`` or ``false``)."""
        return self._typed(name, (bool,), "true or false", default)

    def integer(self, name: str, default: Any = MISSING, *, low: int | None = None,
                high: int | None = None) -> int:
        """An integer, optionally within ``low..high`` inclusive."""
        value = self._typed(name, (int,), "an integer", default)
        if value is default and name not in self._data:
            return value
        _check_range(value, low, high, lambda reason: self.error(name, reason))
        return value

    def number(self, name: str, default: Any = MISSING) -> int | float:
        """An integer or a finite float."""
        value = self._typed(name, (int, float), "a number", default)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(name, "must be a finite number")
        return value

    def choice(self, name: str, options: Sequence[T], default: Any = MISSING) -> T:
        """One of *options* (compared as written, case-sensitive)."""
        value = self.raw(name, default)
        if value is default and name not in self._data:
            return value
        if isinstance(value, bool) or value not in options:
            shown = ", ".join(repr(option) for option in options)
            raise self.error(name, f"must be one of {shown}, not {value!r}")
        return value

    # -- lists --------------------------------------------------------------------
    def items(self, name: str, read: Callable[[Any, str], T], default: Any = MISSING,
              *, min_len: int = 0, max_len: int | None = None) -> list[T]:
        """A list whose items are each converted by ``read(item, key_path)``.

        *read* raises :class:`PuzzleError` (with or without a key); the item's key
        path (``walls[2]``) is added to it.
        """
        value = self._typed(name, (list,), "a list", default)
        if value is default and name not in self._data:
            return value
        if len(value) < min_len:
            raise self.error(name, f"must have at least {min_len} item(s)")
        if max_len is not None and len(value) > max_len:
            raise self.error(name, f"must have at most {max_len} item(s)")
        out = []
        for index, item in enumerate(value, start=1):
            key = self.key(f"{name}[{index}]")
            try:
                out.append(read(item, key))
            except PuzzleError as exc:
                raise PuzzleError(exc.reason, key=exc.key or key) from None
        return out

    def strings(self, name: str, default: Any = MISSING, **limits: Any) -> list[str]:
        """A list of strings."""
        return self.items(name, _read_string, default, **limits)

    def table(self, name: str, default: Any = MISSING) -> "Table":
        """A sub-table."""
        value = self.raw(name, default)
        if value is default and name not in self._data:
            return value
        return Table(value, self.key(name))

    def tables(self, name: str, *, min_len: int = 0) -> list["Table"]:
        """An array of tables (``[[name]]``), empty when absent."""
        value = self.raw(name, [])
        if not isinstance(value, list):
            raise self.error(name, f"must be an array of tables ([[{name}]]), not {_describe(value)}")
        if len(value) < min_len:
            raise self.error(name, f"must appear at least {min_len} time(s)")
        return [Table(item, self.key(f"{name}[{index}]")) for index, item in enumerate(value, 1)]

    def keys(self) -> Iterable[str]:
        """The keys present, in file order."""
        return list(self._data)

    def done(self) -> None:
        """Reject every key of this table that was never read."""
        for name in self._data:
            if name not in self._read:
                raise self.error(name, "unknown key")


def _read_string(item: Any, key: str) -> str:
    if not isinstance(item, str):
        raise PuzzleError(f"must be a string, not {_describe(item)}", key=key)
    return item


def _check_range(value: int | float, low: int | None, high: int | None,
                 error: Callable[[str], PuzzleError]) -> None:
    if low is not None and high is not None and not low <= value <= high:
        raise error(f"must be between {low} and {high}, not {value}")
    if low is not None and value < low:
        raise error(f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise error(f"must be at most {high}, not {value}")


def read_int(item: Any, key: str, *, low: int | None = None, high: int | None = None) -> int:
    """Check that a list item is an integer in range (for :meth:`Table.items`).

    >>> read_int(3, "hex[1]", low=0)
    3
    >>> read_int(True, "hex[1]")
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: hex[1]: must be an integer, not a boolean
    """
    if isinstance(item, bool) or not isinstance(item, int):
        raise PuzzleError(f"must be an integer, not {_describe(item)}", key=key)
    _check_range(item, low, high, lambda reason: PuzzleError(reason, key=key))
    return item


def parsed(parse: Callable[[str], T], example: str) -> Callable[[Any, str], T]:
    """A list-item reader (for :meth:`Table.items`) for strings in a game's notation.

    *parse* turns the text into a value or raises :class:`ValueError` with the
    reason; *example* shows the notation in the message for a non-string.

    >>> read_cell = parsed(lambda text: text.upper(), '"A3"')
    >>> read_cell("a3", "cells[1]")
    'A3'
    >>> read_cell(3, "cells[1]")
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: cells[1]: must be a string such as "A3", not an integer
    """

    def read(item: Any, key: str) -> T:
        if not isinstance(item, str):
            raise PuzzleError(f"must be a string such as {example}, not {_describe(item)}", key=key)
        try:
            return parse(item)
        except ValueError as exc:
            raise PuzzleError(str(exc), key=key) from None

    return read


__all__ += ["read_int", "parsed"]
