"""One game API for every engine of the project (OpenSpiel's shape).

Every game -- a 5x5 Zoo game and its lineup phase, an Age of Steam solo game, a
Zooloretto game -- is played through a state object with the same seven names:

============================  ===========================================================
``legal_actions()``           every action the player to move may take now (a list)
``refusal(action)``           ``None`` when *action* is legal, else a :class:`~zoobook.errors.Refusal`
                              (the words and the rule's ID)
``apply(action)``             take *action*, changing the state in place; an illegal action
                              raises :class:`~zoobook.errors.IllegalAction` and changes nothing
``is_terminal()``             whether the game (or phase) is over
``returns()``                 one number per player (final or so far)
``clone()``                   an independent copy (``child(action)`` is clone + apply)
``search_copy()``             a cheap copy for a search's inner loop (no log or history)
``apply_unchecked(action)``   take an action just listed by ``legal_actions()``, unchecked
``current_player``            the seat to move (``0`` in a one-player game)
``record()``                  the game so far as a game record (text; ``from_record`` reads it)
============================  ===========================================================

The contract that ties them, checked for every engine by :func:`contract_violations`:
an action is in ``legal_actions()`` exactly when ``refusal(action)`` is ``None``, and a
refused ``apply`` leaves the state as it was.

A subclass writes ``legal_actions``, ``refusal``, ``_apply`` (called only with a legal
action), ``is_terminal``, ``returns`` and ``clone``; :class:`GameState` supplies ``apply``
and ``child``, and the two speed hooks every bot uses (``search_copy``, ``apply_unchecked``;
an engine overrides them where it can do better than ``clone`` and the check). Immutable
snapshots (positions a planner memoises on) may live inside a state, but ``apply`` always means
"change this state".

Examples
--------
A two-action toy game: take 1 or 2 from a pile of 3; whoever takes the last wins.

>>> class Pile(GameState):
...     def __init__(self, left=3, player=0):
...         self.left, self.current_player = left, player
...     def legal_actions(self):
...         return [n for n in (1, 2) if n <= self.left]
...     def refusal(self, action):
...         if action not in (1, 2):
...             return Refusal(f"take 1 or 2, not {action!r}", rule="T1")
...         if action > self.left:
...             return Refusal(f"only {self.left} left", rule="T1")
...         return None
...     def _apply(self, action):
...         self.left -= action
...         self.current_player = 1 - self.current_player
...     def is_terminal(self):
...         return self.left == 0
...     def returns(self):
...         if not self.is_terminal():
...             return [0.0, 0.0]
...         winner = 1 - self.current_player
...         return [1.0 if seat == winner else -1.0 for seat in (0, 1)]
...     def clone(self):
...         return Pile(self.left, self.current_player)
>>> pile = Pile()
>>> pile.apply(3)
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: take 1 or 2, not 3 [T1]
>>> pile.left, pile.child(2).left, pile.left
(3, 1, 3)
>>> pile.apply(1); pile.apply(2); pile.is_terminal(), pile.returns()
(True, [-1.0, 1.0])
>>> contract_violations(Pile(), candidates=[0, 1, 2, 3])
[]
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from zoobook.errors import IllegalAction, Refusal

__all__ = ["GameState", "IllegalAction", "Refusal", "contract_violations", "from_record", "malformed_variants",
           "strict_key"]


class GameState(abc.ABC):
    """The base of every engine's state; see the module text for the contract."""

    current_player: int = 0

    @abc.abstractmethod
    def legal_actions(self) -> list:
        """Every action the player to move may take now (empty when terminal)."""

    @abc.abstractmethod
    def refusal(self, action: Any) -> Refusal | None:
        """``None`` when *action* is legal now, else why not (words and rule ID)."""

    @abc.abstractmethod
    def _apply(self, action: Any) -> None:
        """Take *action*, known to be legal (the subclass's rules)."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """Whether nothing more can be played."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """One number per player: the final result, or the running one before the end."""

    @abc.abstractmethod
    def clone(self) -> "GameState":
        """An independent copy: applying to it never changes this state."""

    def apply(self, action: Any) -> None:
        """Take *action*; :class:`IllegalAction` naming the rule (state unchanged) when illegal."""
        why = self.refusal(action)
        if why is not None:
            raise IllegalAction(why)
        self._apply(self.canonical(action))

    def canonical(self, action: Any) -> Any:
        """The form in which ``legal_actions()`` lists an accepted *action* (the action itself by
        default). An engine that accepts another spelling of a listed action maps it here, and
        ``apply`` takes the listed form, so a log or a record holds one spelling of each move. The
        workbook's engines need none: their actions take their one form as they are built (an
        exchange's two sides, passed markers in order) and refuse what cannot (a large tile named
        by its second cell, F1)."""
        return action

    def search_copy(self) -> "GameState":
        """A copy for a search's own use: the same position and the same legal actions, but an
        engine may leave out what a search never reads (the log, the history). Bots copy states
        only through this (or ``clone``), so a new engine field is copied in one place."""
        return self.clone()

    def apply_unchecked(self, action: Any) -> None:
        """Take *action*, which the caller has just taken from ``legal_actions()`` of this very
        state, without checking it again (the check is the cost a search cannot pay per node).
        Anything else goes through :meth:`apply`."""
        self._apply(action)

    def record(self, players: Any = None) -> str:
        """This game as a game record (:mod:`zoobook.records`): the game, its options, the seed of
        its hidden draws, *players* (one :class:`zoobook.records.Player` per seat; default: not
        recorded) and every action so far. The engine's codec, declared in one of its ``kinds``
        modules, says how its options and actions become plain data."""
        from zoobook.records import record_text

        return record_text(self, players)

    @classmethod
    def from_record(cls, text: str, *, file: str = "") -> "GameState":
        """The state a game record *text* ends in, its actions replayed through the engine's
        ``apply`` (:func:`zoobook.records.from_record`); a record of another engine's game, like a
        malformed one, is a :class:`zoobook.records.RecordError` naming *file* and the line."""
        from zoobook.records import RecordError, from_record

        state = from_record(text, file=file)
        if not isinstance(state, cls):
            raise RecordError(f"a record of a {type(state).__name__} game, not of {cls.__name__}", line=1, file=file)
        return state

    def child(self, action: Any) -> "GameState":
        """A new state: this one after *action* (this one is unchanged)."""
        copy = self.clone()
        copy.apply(action)
        return copy


def from_record(text: str, *, file: str = "") -> GameState:
    """The state a game record of any engine ends in (:meth:`GameState.from_record`)."""
    return GameState.from_record(text, file=file)


def strict_key(action: Any) -> Any:
    """A key that tells actions apart as a reader would: by type as well as value.

    Python's equality says ``True == 1`` and ``(1,) == [1]``, so a truck named ``True`` would pass
    for truck 1 in a membership test; the contract compares these keys instead.

    Examples
    --------
    >>> strict_key(True) == strict_key(1), strict_key(1) == strict_key(1)
    (False, True)
    >>> strict_key(("a", [1, 2])) == strict_key(("a", (1, 2)))
    False
    """
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return (type(action), tuple(strict_key(getattr(action, f.name)) for f in dataclasses.fields(action)))
    if isinstance(action, (tuple, list, frozenset, set)):
        items = [strict_key(item) for item in action]
        if isinstance(action, (frozenset, set)):
            items = sorted(items, key=repr)
        return (type(action), tuple(items))
    if isinstance(action, dict):
        return (dict, tuple(sorted(((strict_key(k), strict_key(v)) for k, v in action.items()), key=repr)))
    try:
        hash(action)
    except TypeError:
        return (type(action), repr(action))
    return (type(action), action)


#: Field values that no action of any engine takes: the wrong type, the wrong shape, out of range.
JUNK = (None, True, False, -1, 10**6, 1.5, float("nan"), "", "X99", (), [], ((9, 9),), {"a": 1}, object)


def malformed_variants(action: Any) -> list:
    """*action* with one field at a time replaced by junk (:data:`JUNK`), and with its fields in
    reverse order where that makes another action of the same class: what a careless caller, a
    corrupted record or a fuzzer sends. Non-dataclass actions give no variant.

    Examples
    --------
    >>> @dataclasses.dataclass(frozen=True)
    ... class Take:
    ...     row: int
    ...     slot: int
    >>> variants = malformed_variants(Take(1, 2))
    >>> Take(None, 2) in variants, Take(1, []) in variants, Take(2, 1) in variants
    (True, True, True)
    """
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return []
    fields = [f.name for f in dataclasses.fields(action) if f.init]
    out = []
    for name in fields:
        for junk in JUNK:
            try:
                out.append(dataclasses.replace(action, **{name: junk}))
            except Exception:   # a class whose __post_init__ refuses junk at construction: nothing to send
                pass
    if len(fields) >= 2:
        values = [getattr(action, name) for name in fields]
        try:
            out.append(dataclasses.replace(action, **dict(zip(fields, reversed(values)))))
        except Exception:
            pass
    return out


class _Actions:
    """A collection of actions with membership by :func:`strict_key` (hashed: a legal list of
    hundreds of actions, each looked up once, made linear lists quadratic)."""

    def __init__(self, actions: Iterable = ()):
        self._keys: set = set()
        for action in actions:
            self.add(action)

    def add(self, action: Any) -> None:
        self._keys.add(strict_key(action))

    def __contains__(self, action: Any) -> bool:
        return strict_key(action) in self._keys


def contract_violations(state: GameState, candidates: Iterable | None = None, *,
                        snapshot: Callable[[Any], Any] = repr, limit: int = 5) -> list[str]:
    """Where *state* breaks the contract, in words (an empty list when it keeps it).

    Checks, for each action of ``legal_actions()`` and of *candidates* (actions that may
    or may not be legal: wrong phase, wrong target, junk fields from :func:`malformed_variants`):

    - accepted (``refusal`` is ``None``) exactly when listed by ``legal_actions()`` in that very
      form (compared by :func:`strict_key`: ``True`` is not ``1``), or when it is an alias whose
      ``canonical`` form is listed and applies to the same state;
    - a refusal is a :class:`Refusal` with words, and ``refusal`` never raises;
    - ``apply`` of a refused action raises :class:`IllegalAction` (nothing else) and leaves
      ``snapshot(state)`` as it was;
    - ``apply`` of a legal action, on a clone, does not raise and leaves *state* unchanged.

    Parameters
    ----------
    state : GameState
    candidates : iterable, optional
        Extra actions to try besides the legal ones.
    snapshot : callable
        What must not change (default ``repr``; pass a function of the whole state
        for engines whose ``repr`` is not complete).
    limit : int
        Stop after this many violations.

    Returns
    -------
    list of str
    """
    legal = list(state.legal_actions())
    before = snapshot(state)
    problems: list[str] = []
    listed_legal, seen = _Actions(legal), _Actions()
    for action in legal + list(candidates or ()):
        if action in seen:
            continue
        seen.add(action)
        try:
            why = state.refusal(action)
        except Exception as exc:   # the contract's point: a malformed action is refused, not a crash
            problems.append(f"refusal({action!r}) raised {type(exc).__name__}: {exc}")
            why = "raised"
        listed = action in listed_legal
        if listed and why is not None:
            problems.append(f"{action!r} is listed as legal but refused: {why}")
        elif not listed and why is None:
            alias = _alias_problem(state, action, listed_legal, snapshot)
            if alias is not None:
                problems.append(alias)
        elif why is not None:
            if why != "raised" and (not isinstance(why, Refusal) or not why.reason):
                problems.append(f"{action!r}: refusal {why!r} is not a Refusal with words")
            try:
                state.apply(action)
            except IllegalAction:
                pass
            except Exception as exc:
                problems.append(f"apply({action!r}) raised {type(exc).__name__}, not IllegalAction: {exc}")
            else:
                problems.append(f"{action!r} was refused ({why}) but apply() took it")
            if snapshot(state) != before:
                problems.append(f"refusing {action!r} changed the state")
                return problems
        else:
            copy = state.clone()
            try:
                copy.apply(action)
            except IllegalAction as exc:
                problems.append(f"{action!r} is legal but apply() refused it: {exc}")
            if snapshot(state) != before:
                problems.append(f"applying {action!r} to a clone changed the original")
                return problems
        if len(problems) >= limit:
            break
    return problems


def _alias_problem(state: GameState, action: Any, listed_legal: _Actions,
                   snapshot: Callable[[Any], Any]) -> str | None:
    """``None`` when an accepted but unlisted *action* is an alias of a listed one (its canonical
    form is listed, and both apply to the same state), else what is wrong."""
    canonical = state.canonical(action)
    if canonical not in listed_legal:
        return f"{action!r} is not listed as legal but refusal() accepts it"
    as_given, as_listed = state.clone(), state.clone()
    try:
        as_given.apply(action)
    except Exception as exc:
        return f"{action!r} is accepted (alias of {canonical!r}) but apply() raised {type(exc).__name__}: {exc}"
    as_listed.apply(canonical)
    if snapshot(as_given) != snapshot(as_listed):
        return f"{action!r} and its canonical form {canonical!r} lead to different states"
    return None
