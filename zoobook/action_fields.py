"""What every engine's actions share: fields of one declared type each, checked before any rule.

An action is a frozen dataclass built by a widget, a bot, a drill, a record or a user at a prompt,
so its fields may hold anything: ``ChooseMeeple(5)``, ``Take(True, 0)``, ``Load([2])``. Every engine
promises one answer to all of them -- :class:`~zoobook.errors.IllegalAction` naming the rule and
the field, nothing changed -- and that an action is listed by ``legal_actions()`` exactly when
``refusal()`` is ``None`` (:mod:`zoobook.game_api`). Two things make that hold, here once for
every game:

* :func:`field_refusal` refuses a field whose value is not of the type its annotation declares
  (the exact type: ``True`` is no row number, ``numpy.str_`` is no text), before the rules read
  the field and trip over it;
* :class:`Action` compares actions by their fields' values *and types*, so ``Take(True, 0)`` is
  not the legal ``Take(1, 0)`` (in Python ``True == 1``, which would list the refused action as
  legal).

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, eq=False)
... class Take(Action):
...     row: int
...     slot: int
...     FIELD_RULE = "F15"
>>> Take(1, 0) == Take(1, 0), Take(True, 0) == Take(1, 0), len({Take(1, 0), Take(1, 0)})
(True, False, 1)
>>> field_refusal(Take(1, 0)) is None
True
>>> field_refusal(Take(True, 0))
'Take.row must be a whole number, not True [F15]'
>>> field_refusal(Take(1, "2"), rule="X1")
"Take.slot must be a whole number, not '2' [X1]"
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar

from zoobook.errors import Refusal

__all__ = ["Action", "field_refusal", "malformed_field"]


class Action:
    """The base of every engine's actions: a ``@dataclass(frozen=True, eq=False)`` subclass is equal
    to another of its class when their fields are equal in value and in type (in tuples too), and
    hashes as a frozen dataclass does. ``FIELD_RULE`` names the rule a malformed field of it is
    refused under (the rule of what the field names), unless the engine passes one."""

    __slots__ = ()
    FIELD_RULE: ClassVar[str] = ""

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in _field_names(type(self)))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        mine, theirs = self._values(), other._values()
        return mine == theirs and _typed(mine) == _typed(theirs)

    def __hash__(self) -> int:
        return hash(self._values())


def _typed(value: Any) -> Any:
    """*value* with the type of every part beside it: ``True`` and ``1`` are equal in Python, not here."""
    if isinstance(value, (tuple, list)):
        return type(value), tuple(_typed(item) for item in value)
    return type(value), value


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


def field_refusal(action: Any, rule: str | None = None) -> Refusal | None:
    """Why a field of the dataclass *action* is not of its declared type, as a :class:`Refusal` under
    *rule* (default: the action's ``FIELD_RULE``); ``None`` when every field fits, or *action* is no
    dataclass, or no :class:`Action` and no *rule* is given (the engine's own rules refuse those)."""
    if rule is None and not isinstance(action, Action):
        return None     # another game's object: the engine's own rules say what it is not
    wrong = malformed_field(action)
    if wrong is None:
        return None
    return Refusal(wrong, rule if rule is not None else getattr(action, "FIELD_RULE", ""))


def malformed_field(action: Any) -> str | None:
    """The first field of the dataclass *action* whose value is not of its declared type, in words;
    ``None`` when every field fits, or *action* is no dataclass.

    Examples
    --------
    >>> @dataclasses.dataclass(frozen=True)
    ... class Load:
    ...     truck: int
    ...     note: str | None = None
    ...     route: tuple[str, ...] = ()
    >>> malformed_field(Load(1)) is None, malformed_field(Load(1, "x", ("a", "b"))) is None
    (True, True)
    >>> malformed_field(Load(1, ["x"]))
    "Load.note must be text or None, not ['x']"
    >>> malformed_field(Load(1, None, ("a", 2)))
    "Load.route must be a tuple of text, not ('a', 2)"
    """
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    for name, fits, words in _checks(type(action)):
        value = getattr(action, name)
        if not fits(value):
            return f"{type(action).__name__}.{name} must be {words}, not {value!r}"
    return None


@functools.cache
def _checks(cls: type) -> tuple[tuple[str, Callable[[Any], bool], str], ...]:
    """(field name, its check, the type in words) for each field of an action class, made once: bots
    ask about many thousands of actions, so a plain ``str`` or ``int`` is checked without ``typing``."""
    hints = typing.get_type_hints(cls)
    return tuple((field.name, _check(hints.get(field.name, Any)), _words(hints.get(field.name, Any)))
                 for field in dataclasses.fields(cls))


def _check(hint: Any) -> Callable[[Any], bool]:
    """A function telling whether a value is of the declared type *hint* (unknown kinds of hint fit)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda value: True
    if hint is type(None):
        return lambda value: value is None
    if origin in (typing.Union, types.UnionType):
        checks = tuple(map(_check, args))
        return lambda value: any(check(value) for check in checks)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check(args[0])
            return lambda value: type(value) is tuple and all(map(item, value))
        items = tuple(map(_check, args))
        return lambda value: (type(value) is tuple and (not items or len(value) == len(items))
                              and all(check(part) for check, part in zip(items, value)))
    if origin in (frozenset, set, list):
        item = _check(args[0]) if args else (lambda value: True)
        return lambda value: type(value) is origin and all(map(item, value))
    if isinstance(hint, type):
        return lambda value: type(value) is hint    # exact: True is no int, numpy.str_ no str
    return lambda value: True


_WORDS = {int: "a whole number", str: "text", bool: "True or False", type(None): "None", float: "a number"}


def _words(hint: Any) -> str:
    """The declared type *hint* as a player reads it: ``int | None`` -> "a whole number or None"."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(map(_words, args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_plural(args[0])}"
        return f"a tuple of {len(args)}" if args else "a tuple"
    if origin in (frozenset, set, list):
        return f"a {origin.__name__}"
    if hint in _WORDS:
        return _WORDS[hint]
    return f"a {getattr(hint, '__name__', str(hint))}"


def _plural(hint: Any) -> str:
    if hint is str:
        return "text"
    if typing.get_origin(hint) is tuple:
        return "tuples"
    words = _words(hint)
    return words[2:] + "s" if words.startswith("a ") else words
