"""The generator registry: one :class:`Generator` per puzzle kind, keyed by kind name.

A game names its generators in its own ``kinds`` module, ``GENERATORS =
{kind: "package.module:ATTRIBUTE"}`` (:mod:`zoobook.puzzles.registry`); this
registry imports them on first use, so adding a game edits no list here. The
shipped games' generators live in this package (``zoobook/generate/<game>.py``),
beside the games rather than inside them: each one reuses its game's model,
random sampler, solver and ``dump``, and adds what grading needs (the solver
facts of :mod:`zoobook.generate.grading`). One naming for all of them, after the
question (the kind's name after the slash): the generator of a kind is
``<QUESTION>_GENERATOR``, its sampler ``sample_<question>``, its facts
``<question>_facts`` and its calibration ``<QUESTION>_CALIBRATION``
(``steam-zoo/shipment``: ``SHIPMENT_GENERATOR``, ``sample_shipment``,
``shipment_facts``, ``SHIPMENT_CALIBRATION``); a module asking one question of two
games puts the game first (``ZOO_CLEAR_GENERATOR``, ``sample_zoo_clear``). The
hooks' generators are registered here; a generator module does not register itself. A generator
whose import fails is skipped and its error kept (:func:`unavailable`), so one
unfinished game never stops the others.

Examples
--------
>>> "steam-zoo/shipment" in generator_kinds()
True
>>> get_generator("toy/none")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "no generator for kind 'toy/none' (generators: 5x5/lineup, ...)"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zoobook.generate.grading import Calibration, Facts
from zoobook.puzzles.solution import Solution

from zoobook.puzzles.registry import generator_hooks, resolve

__all__ = ["Generator", "register_generator", "get_generator", "generator_kinds", "unavailable"]


def _no_problems(model: Any, solution: Solution, facts: Facts) -> list[str]:
    return []


@dataclass(frozen=True)
class Generator:
    """How to make and grade puzzles of one kind.

    Attributes
    ----------
    kind : str
        The puzzle kind's name (``"steam-zoo/shipment"``).
    sample : callable
        ``sample(rng, difficulty) -> model``: a random rules model, using only
        *rng*; *difficulty* (1-5) is a hint that may set its size.
    facts : callable
        ``facts(model, solution) -> Facts``: effort, decoys, greedy gap, optima
        and themes, measured on the solved model.
    calibration : Calibration
        The kind's scales and thresholds (:func:`zoobook.generate.calibrate`).
    title : callable
        ``title(model, solution, facts) -> str``: a human title.
    problems : callable
        ``problems(model, solution, facts) -> list of str``: kind-specific
        reasons to reject a candidate (too plain to be a puzzle); empty: fine.
    describe : callable or None
        ``describe(model, solution, facts) -> str``: the file's description.
    dump : callable or None
        ``dump(model) -> dict``: the file's kind-specific keys when the kind's
        own ``dump`` is not the most readable form (a ValueError falls back to it).
    solve : callable or None
        ``solve(model) -> Solution`` for candidates, when the sampler has already
        solved them (default: the kind's own solve). The certificate of a kept
        puzzle always re-solves its file with the kind's solve.
    grade : callable or None
        ``grade(model, solution, facts) -> int`` (1-5), for a kind whose grades are a
        scale a teacher reads off the puzzle (turns needed, losing openings ...) rather
        than the calibrated score (default: :func:`~zoobook.generate.grading.grade`).
        It must respect :data:`~zoobook.generate.grading.GREEDY_RIGHT_CAP`.
    """

    kind: str
    sample: Callable[[random.Random, int], Any]
    facts: Callable[[Any, Solution], Facts]
    calibration: Calibration
    title: Callable[[Any, Solution, Facts], str]
    problems: Callable[[Any, Solution, Facts], list[str]] = _no_problems
    describe: Callable[[Any, Solution, Facts], str] | None = None
    dump: Callable[[Any], dict] | None = None
    solve: Callable[[Any], Solution] | None = None
    grade: Callable[[Any, Solution, Facts], int] | None = None


_GENERATORS: dict[str, Generator] = {}
_UNAVAILABLE: dict[str, str] = {}
_loaded = False


def register_generator(generator: Generator, *, replace: bool = False) -> Generator:
    """Add *generator*; a second one for the same kind is an error unless *replace*."""
    if generator.kind in _GENERATORS and not replace and _GENERATORS[generator.kind] is not generator:
        raise ValueError(f"kind {generator.kind!r} already has a generator")
    _GENERATORS[generator.kind] = generator
    return generator


def _load() -> None:
    """Import the generators the kinds modules name (once), keeping the errors of those that fail."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for kind, (hook, package) in generator_hooks().items():
        try:
            generator = resolve(hook, package)
            if not isinstance(generator, Generator) or generator.kind != kind:
                raise TypeError(f"{hook!r} is not the Generator of {kind}")
            register_generator(generator, replace=True)
        except Exception as exc:  # a game still being built: skip it, say why on request
            _UNAVAILABLE[kind] = f"{type(exc).__name__}: {exc}"


def get_generator(kind: str) -> Generator:
    """The generator of *kind*; KeyError naming the kinds that have one."""
    _load()
    try:
        return _GENERATORS[kind]
    except KeyError:
        raise KeyError(f"no generator for kind {kind!r} (generators: {', '.join(generator_kinds())})") from None


def generator_kinds() -> list[str]:
    """The kinds that have a generator, sorted."""
    _load()
    return sorted(_GENERATORS)


def unavailable() -> dict[str, str]:
    """Kinds whose generator could not be imported, with the reason."""
    _load()
    return dict(_UNAVAILABLE)
