"""The ``steam/decision`` puzzle kind: "find a better move" at a position of a recorded game.

``zoobook review FILE --puzzles DIR`` writes one for each mistake and blunder of a solo Age of
Steam game (learn from your mistakes). The file holds the position as a *record prefix*, the game
record (docs/game-records.md) cut before the decision, and the action played there::

    id = "steam-decision-3f2a9c01d4-move-9"
    kind = "steam/decision"
    record = '''
    {"format": "zoobook game record", "version": 1, "game": "steam", ...}
    {"seat": 0, "action": "IssueShares", "fields": {"count": 0}}
    ...
    '''
    played = '{"action": "EndBuild"}'
    budget = 10.0
    [answer]
    value = 3        # the fewest turns the map can still be cleared in, from the position

The question: the action played (``played``, one record line's ``action`` and ``fields``)
lost at least a turn; find a move that keeps the map clearable in ``value`` turns. The answer
is the fewest turns from the position (the turn the map is cleared in), certified as the
``steam-*/clear`` kinds certify it (:func:`~zoobook.steam.game.review.outlook`, given
``budget`` CPU seconds): by the exact planner on a small map, or by the anytime planner where its
proven bound meets its plan. The witness names the best action, its plan, and the turn the best
play after the action played clears in, with the bound proving it later. ``zoobook verify``
re-derives both. A file is written only when both are certified, and it holds nothing but what
is certified, so the same record writes the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.records import RecordError, action_from_plain, action_to_plain, codec_for, parse_record
from zoobook.steam.game.review import Outlook, outlook
from zoobook.steam.game.state import GameState

__all__ = ["DecisionQuestion", "DECISION_KIND", "parse", "solve", "dump", "mistake_puzzle", "DEFAULT_BUDGET"]

#: CPU seconds each planner run of a decision puzzle gets (the position, and after the move played).
DEFAULT_BUDGET = 10.0


@dataclass(frozen=True)
class DecisionQuestion:
    """A position of a recorded game (the record *prefix* and the *state* it replays to), the
    action *played* there, and the CPU *budget* of each planner run."""

    prefix: str
    state: GameState
    played: Any
    budget: float = DEFAULT_BUDGET

    @property
    def game(self):
        return self.state.game


def parse(table: Table) -> DecisionQuestion:
    text = table.string("record")
    try:
        record, state = parse_record(text, file="record")
    except RecordError as exc:
        raise table.error("record", str(exc)) from None
    if record.game != "steam" or not isinstance(state, GameState):
        raise table.error("record", f"a steam/decision puzzle is a position of an Age of Steam game, "
                                    f"not of {record.game!r}")
    if state.is_terminal():
        raise table.error("record", "the game is over at the end of this record: there is no decision left")
    raw = table.string("played")
    try:
        data = json.loads(raw)
        if not isinstance(data, dict) or set(data) - {"action", "fields"}:
            raise ValueError('an action is one JSON object, {"action": NAME, "fields": {...}}')
        played = action_from_plain(codec_for("steam"), data)
    except (ValueError, json.JSONDecodeError) as exc:
        raise table.error("played", str(exc)) from None
    refusal = state.refusal(played)
    if refusal is not None:
        raise table.error("played", f"{played} is not legal at this position: {refusal}")
    budget = table.number("budget", DEFAULT_BUDGET)
    if not 0 < budget <= 600:
        raise table.error("budget", f"CPU seconds above 0 and at most 600, not {budget!r}")
    return DecisionQuestion(text, state, played, float(budget))


def dump(question: DecisionQuestion) -> dict[str, Any]:
    return {"record": question.prefix, "played": json.dumps(action_to_plain(question.played)),
            "budget": question.budget}


def _certified_turns(found: Outlook) -> bool:
    """Whether *found*'s turn is proved: the exact planner, or a plan meeting its bound."""
    return found.proved or (found.turns is not None and found.bound >= found.turns)


def _outlooks(question: DecisionQuestion) -> tuple[Outlook, Outlook]:
    game, state = question.game, question.state
    best = outlook(game, state.position, question.budget)
    after = state.search_copy()
    after.apply(question.played)
    return best, outlook(game, after.position, question.budget)


def solve(question: DecisionQuestion) -> Solution:
    """The certified fewest turns from the position, and why the action played does worse;
    :class:`PuzzleError` when the planners cannot certify it within the budget."""
    best, played = _outlooks(question)
    if best.turns is None:
        if not best.proved:
            raise PuzzleError("no certified answer: the planner found no plan clearing the map from this "
                              "position, and no proof that none exists")
        return Solution(None, None, best.reasons)
    if not _certified_turns(best):
        raise PuzzleError(f"no certified fewest turns: the best plan found clears in turn {best.turns}, but the "
                          f"bound proves only turn {best.bound} (give the puzzle a larger budget)")
    later = played.bound if played.turns is None or not _certified_turns(played) else played.turns
    witness = {"best": str(best.actions[0]), "plan": [str(a) for a in best.actions],
               "played": str(question.played), "after played": later if later <= question.game.turns else None}
    after = (f"After {question.played}, no plan clears the map before turn {later}"
             if later <= question.game.turns else
             f"After {question.played}, no plan clears the map by the turn limit ({question.game.turns})")
    return Solution(best.turns, witness, (*best.reasons, after + "."))


def mistake_puzzle(record: Any, decision: Any) -> tuple[str, str] | None:
    """The decision of a review as a ``steam/decision`` puzzle file ``(name, text)``, or None when
    the planners cannot certify that the action played loses a turn (then no puzzle is made)."""
    from zoobook.puzzles.loading import Answer, puzzle_toml
    from zoobook.review import prefix_text

    prefix = prefix_text(record, decision.number)
    _, state = parse_record(prefix)
    question = DecisionQuestion(prefix, state, decision.played)
    best, played = _outlooks(question)
    if best.turns is None or not _certified_turns(best):
        return None
    limit = question.game.turns
    later = played.bound if (played.turns is None or not _certified_turns(played)) else played.turns
    if later <= best.turns:
        return None     # not certified worse by a turn: a puzzle would not be sure of its answer
    digest = hashlib.sha256(prefix.encode("utf-8")).hexdigest()[:10]
    ident = f"steam-decision-{digest}-move-{decision.number}"
    lost = ("the map can no longer be cleared by the turn limit" if later > limit
            else f"no plan clears the map before turn {later}")
    description = (f"Move {decision.number} of a recorded game played {decision.played}: after it, {lost}. "
                   f"Find a better move: one that keeps the map clearable in turn {best.turns}.")
    text = puzzle_toml(id=ident, kind="steam/decision", body=dump(question),
                       title=f"Find a better move (move {decision.number})", difficulty=3,
                       themes=["game review", "learn from your mistakes"], description=description,
                       answer=Answer(best.turns), multiline_strings=True)
    return f"{ident}.toml", text


DECISION_KIND = PuzzleKind("steam/decision",
                           "Age of Steam, a position of a recorded game: find a better move than the one played",
                           parse, solve, dump)
