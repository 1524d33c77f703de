"""What the anytime planner answers: the best plan so far, the proven bound, how they improved.

:func:`~.anytime.plan_anytime` returns an :class:`AnytimePlan`; its ``history`` lists each
:class:`Improvement`. A plan is stored as data (the notebooks keep the plans of long runs) by
:func:`plan_record` and read back by :func:`actions_from_record`.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.anytime import plan_anytime
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> game = Game.zoo(zoo, land=[(1, 0)], turns=3)
>>> found = plan_anytime(game, budget_seconds=20)
>>> record = plan_record(found)
>>> record["turns"], actions_from_record(record) == list(found.actions)
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.plans import TurnPlan

__all__ = ["AnytimePlan", "Improvement", "plan_record", "actions_from_record"]


@dataclass(frozen=True)
class Improvement:
    """One moment of the search: when (wall-clock seconds, and the CPU seconds of this process:
    on a busy machine the two differ, and the CPU time is what a quiet machine would take), the
    bound then, the best plan's turns then."""

    seconds: float
    bound: int
    turns: int | None
    what: str
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class AnytimePlan:
    """What the anytime planner knows when it stops.

    ``turns`` is the turn in which the best plan found clears the map (None: no plan found),
    ``score`` and ``cash`` its final score (S10a) and cash, ``steps`` its turns, ``actions`` all
    its actions (replayed through the engine: they clear the map in turn ``turns``);
    ``lower_bound`` a turn before which no plan clears the map (proven), ``bound_reason`` why;
    ``proved_optimal`` when the bound meets the plan; ``proved_impossible`` when the bound is
    beyond the turn limit; ``interrupted`` when Ctrl-C or the callback stopped it.
    """

    turns: int | None
    score: int | None
    cash: int | None
    steps: tuple[TurnPlan, ...]
    actions: tuple[Action, ...]
    lower_bound: int
    bound_reason: str
    limit: int
    seconds: float
    interrupted: bool = False
    history: tuple[Improvement, ...] = ()
    explanation: tuple[str, ...] = ()
    stats: dict = field(default_factory=dict)

    @property
    def cleared(self) -> bool:
        return self.turns is not None

    @property
    def proved_optimal(self) -> bool:
        return self.turns is not None and self.lower_bound >= self.turns

    @property
    def proved_impossible(self) -> bool:
        return self.lower_bound > self.limit

    @property
    def gap(self) -> int | None:
        """Turns between the plan and the bound (0: proved optimal; None: no plan)."""
        return None if self.turns is None else self.turns - self.lower_bound

    def text(self) -> str:
        """The plan turn by turn, the bound, the gap and the time, as the command prints it."""
        lines = []
        if self.turns is None:
            lines.append("no plan found that clears the map"
                         + (f" by turn {self.limit}" if self.limit else ""))
        else:
            lines.append(f"plan: cleared in turn {self.turns}, score {self.score}, ${self.cash} left")
            lines += [f"  {s.text()}" for s in self.steps]
        bound = ("cannot be cleared by the turn limit" if self.proved_impossible
                 else f"no plan clears it before turn {self.lower_bound}")
        lines.append(f"bound: {bound} ({self.bound_reason})")
        if self.turns is not None:
            lines.append("gap: 0 turns: proved optimal" if self.proved_optimal
                         else f"gap: {self.gap} turn{'s' if self.gap != 1 else ''}")
        elif not self.proved_impossible:
            lines.append(f"open: no plan found, and no proof that none exists (the bound allows "
                         f"turn {self.lower_bound}, the limit is turn {self.limit})")
        lines.append(f"time: {self.seconds:.1f} s" + (" (interrupted)" if self.interrupted else ""))
        return "\n".join(lines)


_ACTION_TYPES = {cls.__name__: cls for cls in (IssueShares, Select, LayTrack, Urbanize, EndBuild, Ship,
                                               RaiseLocomotive, Pass)}


def plan_record(found: AnytimePlan) -> dict:
    """A JSON-ready record of *found*: its claims and its actions (replay them with
    :func:`actions_from_record` to check the claims through the engine).

    >>> from zoobook.steam.game.actions import LayTrack
    >>> actions_from_record({"actions": [{"type": "LayTrack", "hexes": [[0, 0], [1, 0]], "hand": 0}]})
    [LayTrack(hexes=(Hex(q=0, r=0), Hex(q=1, r=0)), hand=0)]
    """
    def action(a):
        fields = {k: ([list(h) for h in v] if k == "hexes" else list(v) if isinstance(v, tuple) else
                      list(v) if k == "town" else v) for k, v in a.__dict__.items()}
        return {"type": type(a).__name__, **fields}

    return {"turns": found.turns, "score": found.score, "cash": found.cash,
            "lower_bound": found.lower_bound, "bound_reason": found.bound_reason,
            "seconds": round(found.seconds, 1), "proved_optimal": found.proved_optimal,
            "actions": [action(a) for a in found.actions]}


def actions_from_record(record: dict) -> list[Action]:
    """The actions of a :func:`plan_record`, as the engine's action objects."""
    out = []
    for entry in record["actions"]:
        entry = dict(entry)
        cls = _ACTION_TYPES[entry.pop("type")]
        if "hexes" in entry:
            entry["hexes"] = tuple(tuple(h) for h in entry["hexes"])
        for key in ("route", "steps", "town"):
            if key in entry:
                entry[key] = tuple(entry[key])
        out.append(cls(**entry))
    return out
