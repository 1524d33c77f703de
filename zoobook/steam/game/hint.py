"""A hint: the best next action from any position, and why (the planner's first step).

>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> advice = hint(Game.zoo(zoo, land=[(1, 0)], turns=3))
>>> str(advice.action)
'issue 0 shares'
>>> print(advice.reasons[0])  # doctest: +NORMALIZE_WHITESPACE
It starts a plan that clears the map in turn 1 with a score of 1 and $8 left: every animal area is
fed (ruling S10a: Ranking cleared games).
"""

from __future__ import annotations

from dataclasses import dataclass

from zoobook.steam.game.actions import Action
from zoobook.steam.game.planner import Plan, plan
from zoobook.progress import Callback, quiet
from zoobook.steam.game.state import Game, Position

__all__ = ["Hint", "hint", "plan_reasons"]


@dataclass(frozen=True)
class Hint:
    """The advised action (None when nothing clears the map in time), the plan and the reasons."""

    action: Action | None
    plan: Plan
    reasons: tuple[str, ...]

    def text(self) -> str:
        head = f"Best next action: {self.action}" if self.action else "No action clears the map in time."
        return "\n".join([head] + [f"  - {r}" for r in self.reasons])


def hint(game: Game, position: Position | None = None, *, progress: Callback = quiet) -> Hint:
    """The first action of the best plan from *position* (fewest turns, then the S10a score,
    then most cash)."""
    found = plan(game, position, progress=progress)
    if not found.cleared:
        return Hint(None, found, found.explanation)
    return Hint(found.actions[0], found, plan_reasons(found))


def plan_reasons(found: Plan) -> tuple[str, ...]:
    """Why the first action of the exact planner's plan *found* is the best: the plan's
    explanation, told of that action, and the plan turn by turn (the hint's and the game
    review's words)."""
    if not found.cleared:
        return found.explanation
    lead = found.explanation[0].replace("A plan clears", "It starts a plan that clears", 1)
    rest = [s.text() for s in found.steps]
    return (lead, *found.explanation[1:], "The plan: " + " | ".join(rest))
