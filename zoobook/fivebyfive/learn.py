"""The 5x5 Zoo drills and quizzes of notebook 23 (``DRILLS``, ``QUIZZES``).

Every drill is a small position built with the engine's own constructors
(:class:`~zoobook.fivebyfive.lineup.LineupState`, :class:`~zoobook.fivebyfive.game.GameState`);
every answer is the engine's. The rules they teach are in ``zoobook/fivebyfive/rules.toml``.

Examples
--------
>>> from zoobook.learn.drill import DrillRun
>>> run = DrillRun(DRILLS[0])
>>> for action in DRILLS[0].solution:
...     _ = run.try_action(action)
>>> run.done
True
"""

from __future__ import annotations

import random

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.game import action_text
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.learn.drill import Drill
from zoobook.learn.quiz import QuizSource

__all__ = ["DRILLS", "QUIZZES", "describe", "lineup_picture"]


def describe(action) -> str:
    """An action in words, without the log's "lineup:" prefix.

    >>> describe(lu.Move("B3"))
    'move to B3'
    """
    return action_text(action).removeprefix("lineup: ")


def lineup_picture(state: lu.LineupState) -> str:
    """The lineup state as the board SVG (the game's own drawing)."""
    from zoobook.widgets.fivebyfive_board import board_svg

    visitors = [(v.colour, v.meeple) for v in state.placed]
    return board_svg(state.board, gate=state.gate, path=state.path, visitors=visitors, scale=0.6)


# -- lineup ---------------------------------------------------------------------------------------
def _doors_start() -> lu.LineupState:
    board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
    return lu.LineupState.start(board, "W", cubes="RY", doors=1)


_DOORS = Drill(
    "drill-lineup-doors", "lineup", "A door in the wall",
    "Walk a visitor from the W gate to the carnivore, then through a door to the bird.",
    ("F7",), start=_doors_start,
    choices=lambda s: [lu.Move("A3"), lu.Move("B3"), lu.Place(Colour.RED), lu.Place(Colour.YELLOW),
                       lu.PlaceDoor("A3:E")],
    reached=lambda s: len(s.placed) == 2,
    solution=(lu.Move("A3"), lu.Place(Colour.RED), lu.PlaceDoor("A3:E"), lu.Move("B3"), lu.Place(Colour.YELLOW)),
    describe=describe, picture=lineup_picture)


def _random_lineup(rng: random.Random) -> lu.LineupState:
    puzzle = random_lineup_puzzle(rng, max_cubes=8)
    state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                 doors=puzzle.doors)
    for _ in range(rng.randrange(4)):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


def _lineup_candidates(state: lu.LineupState, rng: random.Random) -> list:
    names = [t.name for t in state.board.tiles]
    moves = [lu.Move(name) for name in rng.sample(names, min(3, len(names)))]
    places = [lu.Place(colour) for colour in rng.sample(list(Colour), 2)]
    return moves + places


def _lineup_context(state: lu.LineupState) -> str:
    where = f"on {state.path[-1]}" if state.path else f"at the {state.gate} gate"
    return f"Standing {where}, cubes {state.hand.cubes or '-'}, meeples {state.hand.meeples or '-'}."


DRILLS: tuple[Drill, ...] = (_DOORS,)

QUIZZES: tuple[QuizSource, ...] = (
    QuizSource("lineup", states=_random_lineup, candidates=_lineup_candidates, describe=describe,
               context=_lineup_context, picture=lineup_picture),
)
