"""What every 5x5 Zoo action shares: fields of one exact type each, checked before any rule.

An action is a frozen dataclass built by a widget, a bot, a drill or a user at a prompt,
so its fields may hold anything: ``ChooseMeeple(5)``, ``Take(True, 0)``, ``Place("R")``.
The engines promise one answer to all of them, :class:`~zoobook.errors.IllegalAction`
naming the rule and the field, and that an action is listed by ``legal_actions()``
exactly when ``refusal()`` is ``None``. Two things make that hold:

* :func:`field_refusal` refuses a field whose type is not the one the action takes
  (the exact type: ``True`` is not a row number, ``numpy.str_`` is not text), before
  the rules read the field and trip over it;
* :class:`ActionFields` compares and hashes actions by their fields' values *and
  types*, so ``Take(True, 0)`` is not equal to the legal ``Take(1, 0)`` (Python's
  ``True == 1`` would otherwise list the refused action as legal).

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, eq=False)
... class Take(ActionFields):
...     row: int
...     slot: int
...     FIELD_TYPES = {"row": (int,), "slot": (int,)}
...     FIELD_RULE = "F15"
>>> Take(1, 0) == Take(1, 0), Take(True, 0) == Take(1, 0), len({Take(1, 0), Take(1, 0)})
(True, False, 1)
>>> field_refusal(Take(1, 0)) is None
True
>>> field_refusal(Take(True, 0))
'Take.row must be a whole number, not True [F15]'
"""

from __future__ import annotations

from zoobook.errors import Refusal

__all__ = ["ActionFields", "field_refusal"]

#: How a refusal names the types a field takes.
_TYPE_WORDS = {int: "a whole number", str: "text", bool: "True or False", type(None): "None"}


class ActionFields:
    """Equality and hash by the fields' values and exact types (see the module text).

    A subclass is a ``@dataclass(frozen=True, eq=False)`` and sets ``FIELD_TYPES`` (field
    name -> the exact types it takes) and ``FIELD_RULE`` (the rule a malformed field is
    refused under: the rule of what the field names).
    """

    __slots__ = ()
    FIELD_TYPES: dict = {}
    FIELD_RULE: str = ""

    def _typed_fields(self) -> tuple:
        return tuple((type(value), value) for value in self.__dict__.values())

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._typed_fields() == other._typed_fields()

    def __hash__(self) -> int:
        # The hash a frozen dataclass gives (its fields' tuple): sets of actions keep the order they had.
        return hash(tuple(self.__dict__.values()))


def field_refusal(action) -> Refusal | None:
    """Why a field of *action* is not of a type the action takes, or ``None`` (also for an
    object that is no :class:`ActionFields`: the engine's phase rules refuse those)."""
    if not isinstance(action, ActionFields):
        return None
    for name, types in type(action).FIELD_TYPES.items():
        value = getattr(action, name)
        if type(value) not in types:
            words = " or ".join(_TYPE_WORDS.get(t, f"a {t.__name__}") for t in types)
            return Refusal(f"{type(action).__name__}.{name} must be {words}, not {value!r}",
                           rule=type(action).FIELD_RULE)
    return None
