"""What the exact planner answers: a plan, its turns, the search's counts, and what it weighed.

:func:`~.planner.plan` returns a :class:`Plan` (the fewest turns, the score, the cash and each
turn as a :class:`TurnPlan`, with an explanation that says why no plan does better); a budget
that stops it first raises :class:`PlanBudgetExceeded` with what it had proved by then.
:func:`searched` says in one clause what a search weighed, for the explanations.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.planner import plan
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> game = Game.zoo(zoo, land=[(1, 0)], turns=3)
>>> found = plan(game)
>>> [(t.turn, t.cash) for t in replay(game, game.start, found.actions)] == [(t.turn, t.cash) for t in found.steps]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from zoobook.progress import SearchBudgetExceeded
from zoobook.steam.game import state as engine
from zoobook.steam.game.actions import Action
from zoobook.steam.game.state import OVER, Game, Position, step

__all__ = ["Plan", "TurnPlan", "SearchStats", "PlanBudgetExceeded", "searched", "EXACT_OVER",
           "final_score", "replay"]

_EVERY_MOVE = ("every legal move of the engine (every share count, every action, every track path "
               "a build may lay one tile at a time, every shipment, raise and pass)")
_DOMINANCES = ("the last turn issues only the fewest shares that pay for it and lays no tile "
               "outside a complete link, and no earlier turn issues a share it does not need to "
               "pay its way without a shortfall (S13)")
_BOUNDS = ("positions that the goods, locomotive and money bounds show cannot clear by the "
           "deadline are not searched")


def searched(prune: bool = True, dominances: bool = True) -> str:
    """What a search with these options weighed, in one clause (explanations quote it): every
    legal move but those the dominances prove never do better, and, with *prune*, not the
    positions the bounds rule out. It says what was left out, because "every legal move" alone
    would claim more than the search did.

    >>> print(searched(prune=False, dominances=False))  # doctest: +NORMALIZE_WHITESPACE
    every legal move of the engine (every share count, every action, every track path a build
    may lay one tile at a time, every shipment, raise and pass)
    >>> "bounds show cannot clear" in searched(prune=True, dominances=False)
    True
    """
    text = _EVERY_MOVE
    if dominances:
        text += f", but for moves proven never to do better ({_DOMINANCES})"
    if prune:
        text += f"; {_BOUNDS}"
    return text


#: What the planner's default search weighs (:func:`searched` with the bounds and dominances).
EXACT_OVER = searched()


class PlanBudgetExceeded(SearchBudgetExceeded):
    """The exact planner stopped at its budget (CPU seconds, memory or positions) before it
    settled the map: what it had proved by then.

    ``lower_bound`` is a turn before which no plan clears the map (proved: the turns bound,
    or the deadlines the search refuted), ``bound_reason`` why; ``clears_in`` the fewest turns
    when the search had found them but not yet the plan's moves (else None); ``stats`` the
    search's counts; ``cpu_seconds`` the CPU time it spent; ``what`` the cap reached
    (``"cpu"``, ``"memory"`` or ``"positions"``).
    """

    def __init__(self, message: str, *, what: str, lower_bound: int, bound_reason: str,
                 stats: SearchStats, cpu_seconds: float, clears_in: int | None = None) -> None:
        super().__init__(message)
        self.what = what
        self.lower_bound = lower_bound
        self.bound_reason = bound_reason
        self.stats = stats
        self.cpu_seconds = cpu_seconds
        self.clears_in = clears_in


@dataclass(frozen=True)
class TurnPlan:
    """The actions of one turn of a plan and what the turn left."""

    turn: int
    actions: tuple[Action, ...]
    cash: int
    income: int
    locomotive: int

    def text(self) -> str:
        return f"turn {self.turn}: " + "; ".join(str(a) for a in self.actions)


@dataclass
class SearchStats:
    """What a search did: positions expanded, turns weighed, openings refuted.

    ``weighed`` counts the whole turns (or rests of turns) generated at the positions
    expanded; ``refuted``, once a plan is found, the distinct first turns (one per end
    position) after which no plan clears by its deadline: the openings a player must rule
    out (0 for a plan of one turn); during a search, the first turns refuted so far.
    """

    expanded: int = 0
    weighed: int = 0
    refuted: int = 0


@dataclass(frozen=True)
class Plan:
    """The planner's answer.

    ``turns`` is the turn in which the map is cleared (None: no plan clears it by the
    limit), ``score`` the base game's final score then (S10a), ``cash`` what is left,
    ``steps`` one :class:`TurnPlan` per turn, ``lower_bound`` the first deadline tried
    and ``explanation`` the reasons in plain sentences.
    """

    turns: int | None
    cash: int | None
    steps: tuple[TurnPlan, ...]
    lower_bound: int
    stats: SearchStats
    explanation: tuple[str, ...]
    score: int | None = None

    @property
    def cleared(self) -> bool:
        return self.turns is not None

    @property
    def actions(self) -> list[Action]:
        return [a for s in self.steps for a in s.actions]


# -- the objective -----------------------------------------------------------------------------

def final_score(game: Game, pos: Position) -> int:
    """The base game's final score (S10a): 3 per income level, -3 per issued share, +1 per
    track tile in complete links (the engine's own count, :func:`~zoobook.steam.game.state.final_score`).

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)],
    ...                    tracks=[[(0, 0), (1, 0), (2, 0), (3, 0)]])
    >>> game = Game.zoo(zoo, land=[(1, 1)], turns=1)
    >>> final_score(game, game.start.with_(economy=game.start.economy.with_(income=2, shares=1)))
    5
    """
    return engine.final_score(game, pos)


def replay(game: Game, position: Position, actions: Iterable[Action]) -> list[TurnPlan]:
    """The turns of a plan, each with the cash, income and locomotive it leaves."""
    steps, current, turn = [], [], position.turn
    pos = position
    for action in actions:
        pos, _ = step(game, pos, action)
        current.append(action)
        if pos.phase == OVER or pos.turn != turn:
            steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income,
                                  pos.economy.locomotive))
            current, turn = [], pos.turn
    if current:
        steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income, pos.economy.locomotive))
    return steps
