r"""A first review of a solo Age of Steam game record: each decision against the exact planner.

For every action of the record, the exact planner (:func:`~zoobook.steam.game.planner.plan`)
gives the best outcome from the position before it (fewest turns, then the base game's score,
then cash: ruling S10a) and the best outcome still open after the action played. The action
loses what separates the two, and is labelled by the loss:

==============  ===============================================================================
``best``        the best outcome is still open (another action may be as good: any that keeps it
                is best)
``inaccuracy``  the map still clears in the same turn, with a lower score or less cash
``mistake``     the map now clears one turn later
``blunder``     two or more turns later, or no longer in time at all
==============  ===============================================================================

The thresholds follow the game's own ranking: turns first (the game's result), then the score
and cash that break ties between equally fast plans. Only maps small enough for the exact planner
(:data:`~zoobook.steam.game.anytime.EXACT_LAND` land hexes at most) are reviewed, each decision
under a budget of CPU seconds; a decision the planner does not settle in it is ``unsettled``.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> from zoobook.steam.game.actions import EndBuild, IssueShares, LayTrack, Select, Ship
>>> game = Game.zoo(ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)]), land=[(1, 0)],
...                 turns=3)
>>> state = game.new_state()
>>> for action in [IssueShares(1), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(),
...                Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,))]:
...     state.apply(action)
>>> decisions = review(state.record())
>>> print("\n".join(review_text(decisions)))  # doctest: +NORMALIZE_WHITESPACE
1. turn 1 shares: issue 1 share -- inaccuracy: clears in turn 1, score -2, $13; best issue 0 shares:
   clears in turn 1, score 1, $8
2. turn 1 action: select no action -- inaccuracy: clears in turn 1, score -2, $11; best select engineer:
   clears in turn 1, score -2, $13
3. turn 1 build: lay track (0,0) (1,0) (2,0) -- best (clears in turn 1, score -2, $11)
4. turn 1 build: end build -- best (clears in turn 1, score -2, $11)
5. turn 1 move goods: ship goats -> yaks -- best (clears in turn 1, score -2, $11)
6. turn 1 move goods: ship yaks -> goats -- best (clears in turn 1, score -2, $11)
accuracy: 4 of 6 decisions keep the best outcome; 2 inaccuracies
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.records import RecordError, parse_record, replay_steps
from zoobook.steam.game.anytime import EXACT_LAND
from zoobook.steam.game.planner import PlanBudgetExceeded, plan
from zoobook.steam.game.state import OVER, GameState

__all__ = ["Outcome", "Decision", "review", "review_text", "LABELS"]

LABELS = ("best", "inaccuracy", "mistake", "blunder", "unsettled")
_PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders", "unsettled": "unsettled"}


@dataclass(frozen=True)
class Outcome:
    """The best a position still allows: cleared in turn *turns* with *score* and *cash* (S10a),
    or not cleared in time (``turns`` None)."""

    turns: int | None
    score: int | None = None
    cash: int | None = None

    @property
    def rank(self) -> tuple:
        """Sort key, best first."""
        if self.turns is None:
            return (1, 0, 0, 0)
        return (0, self.turns, -self.score, -self.cash)

    def __str__(self) -> str:
        if self.turns is None:
            return "no plan clears the map in time"
        return f"clears in turn {self.turns}, score {self.score}, ${self.cash}"


@dataclass(frozen=True)
class Decision:
    """One action of the record judged: the best outcome before it and after it, and the label."""

    number: int
    turn: int
    phase: str
    played: Any
    best: Any
    before: Outcome | None
    after: Outcome | None
    label: str

    def text(self) -> str:
        head = f"{self.number}. turn {self.turn} {self.phase}: {self.played} -- {self.label}"
        if self.label == "unsettled":
            return head + " (the planner did not settle it within the budget)"
        if self.label == "best":
            return f"{head} ({self.after})"
        return f"{head}: {self.after}; best {self.best}: {self.before}"


def _best(state: GameState, budget: float | None) -> tuple[Outcome, Any]:
    """The best outcome from *state*'s position and the first action of a plan reaching it."""
    pos = state.position
    if pos.phase == OVER:
        result = pos.outcome
        return (Outcome(result.turns, result.score, result.cash) if result.cleared else Outcome(None)), None
    found = plan(state.game, pos, budget_seconds=budget)
    if not found.cleared:
        return Outcome(None), None
    return Outcome(found.turns, found.score, found.cash), found.actions[0]


def _label(before: Outcome, after: Outcome) -> str:
    if after.rank == before.rank:
        return "best"
    if before.turns is not None and after.turns == before.turns:
        return "inaccuracy"
    if before.turns is not None and after.turns == before.turns + 1:
        return "mistake"
    return "blunder"


def review(text: str, *, file: str = "", budget: float | None = 20.0) -> list[Decision]:
    """Every decision of the Age of Steam record *text* judged by the exact planner (each under
    *budget* CPU seconds); :class:`RecordError` for a bad record, another game's, or a map too
    large for the exact planner."""
    record, final = parse_record(text, file=file)
    if record.game != "steam":
        raise RecordError(f"the review reads Age of Steam records for now, not {record.game}", line=1, file=file)
    if len(final.game.land) > EXACT_LAND:
        raise RecordError(f"the map has {len(final.game.land)} land hexes: the review uses the exact planner, "
                          f"which takes maps of at most {EXACT_LAND}", line=1, file=file)
    decisions: list[Decision] = []
    previous: tuple[Outcome, Any] | None = None
    before: GameState | None = None
    for number, _, action, state in replay_steps(text, file=file):
        try:
            now = _best(state, budget)
        except PlanBudgetExceeded:
            now = None
        if action is not None:
            pos = before.position
            if previous is None or now is None:
                decisions.append(Decision(number - 1, pos.turn, pos.phase, action, None, None, None, "unsettled"))
            else:
                decisions.append(Decision(number - 1, pos.turn, pos.phase, action, previous[1], previous[0],
                                          now[0], _label(previous[0], now[0])))
        previous, before = now, state.clone()
    return decisions


def review_text(decisions: list[Decision]) -> list[str]:
    """The review as ``zoobook review`` prints it: each decision, then the accuracy."""
    lines = [decision.text() for decision in decisions]
    counts = {label: sum(d.label == label for d in decisions) for label in LABELS}
    judged = len(decisions) - counts["unsettled"]
    summary = ", ".join(f"{counts[label]} {label if counts[label] == 1 else _PLURALS[label]}"
                        for label in LABELS[1:] if counts[label])
    accuracy = f"{counts['best']} of {judged} decisions keep the best outcome" if judged else "nothing judged"
    lines.append(f"accuracy: {accuracy}" + (f"; {summary}" if summary else ""))
    return lines
