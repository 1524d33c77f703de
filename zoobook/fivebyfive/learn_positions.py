"""The positions of the 5x5 Learn drills and quizzes: games set up and played forward by the engine.

Shared by :mod:`zoobook.fivebyfive.learn` (the drills) and :mod:`zoobook.fivebyfive.learn_quizzes`
(the quizzes): an action in words, a game after setup, random play to a chosen moment, the
choices a drill offers at any decision, and the hooks of the pictures (drawn in
``zoobook/widgets/``).

>>> describe(lu.Move("B3")), describe(Take(2, 0))
('move to B3', 'take row 2 slot 1')
"""

from __future__ import annotations

import random

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.components import anchors, components
from zoobook.fivebyfive.game import (
    BestLineup,
    ChooseMeeple,
    ChoosePopularity,
    ChooseSpecial,
    DiscardTile,
    GameState,
    PlaceTile,
    RowEffect,
    Take,
    TakeDoor,
    action_text,
)

__all__ = ["describe", "after_setup", "play_until", "best_lineups", "tile_in_hand", "covered", "game_choices", "solve",
           "LINEUP_PICTURE", "GAME_PICTURE", "CHART_PICTURE", "RANK_PICTURE",
           "PLACEMENT_PICTURE"]

#: The pictures of the drills and quizzes, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: a lineup as the lineup lesson draws it, a game as the game widget does.
LINEUP_PICTURE = "zoobook.widgets.fivebyfive_lineup:lineup_picture"
GAME_PICTURE = "zoobook.widgets.fivebyfive_game:game_picture"
#: The final bonus card of a chart question; the solo rank table of a rank question.
CHART_PICTURE = "zoobook.widgets.fivebyfive_learn:chart_card"
RANK_PICTURE = "zoobook.widgets.fivebyfive_learn:rank_card"
#: A tile about to be placed (a popularity condition question): the game, the cell named.
PLACEMENT_PICTURE = "zoobook.widgets.fivebyfive_learn:placement_picture"


def describe(action) -> str:
    """An action in words (the game log's words, without its "lineup:" prefix).

    >>> describe(lu.Move("B3")), describe(Take(2, 0))
    ('move to B3', 'take row 2 slot 1')
    """
    return action_text(action).removeprefix("lineup: ")


# -- positions built with the engine ------------------------------------------------------------------
def after_setup(players: int = 1, seed: int = 0, **options) -> GameState:
    """A new game with the start tiles placed (the first legal placements): round 1, main phase."""
    state = GameState.new(players=players, seed=seed, **options)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def play_until(state: GameState, done, rng: random.Random, *, prefer=None, limit: int = 400) -> GameState:
    """Play random legal actions (never the whole-lineup shortcut) until ``done(state)``.

    *prefer(state, legal)* may return a preferred action (to steer towards a decision).
    """
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return state
        legal = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        choice = prefer(state, legal) if prefer else None
        state.apply(choice if choice is not None else rng.choice(legal))
    return state


def best_lineups(state: GameState, legal: list):
    """A *prefer* for :func:`play_until`: each lineup walked whole and best (a sensible zoo to ask about)."""
    return BestLineup() if state.phase == "lineup" and not state.lineup.path else None


def tile_in_hand(state: GameState) -> str | None:
    hand = state.players[state.current_player].hand
    return hand[0][0] if hand else None


def covered(state: GameState) -> str:
    return state.players[state.current_player].board.tiles[0].anchor.name


def game_choices(state: GameState) -> list:
    """A handful of actions to offer at any decision of a game: some legal, some not."""
    if state.is_terminal():
        return [Take(1, 0), BestLineup()]
    if state.phase == "lineup":
        steps = [a for a in state.lineup.legal_actions() if isinstance(a, (lu.Move, lu.Place, lu.Stop))][:4]
        return ([BestLineup()] if not state.lineup.path else []) + steps + [Take(1, 0)]
    if state.phase == "setup":
        tile = tile_in_hand(state)
        return [PlaceTile(tile, cell) for cell in ("A1", "C1", "C3", "A3", "E3", "C5")]
    if not state.pending:
        return [Take(row, slot) for row in (1, 2, 3, 4, 5) for slot in (0,)] + [Take(6, 4), RowEffect()]
    kind = state.pending[0][0]
    if kind == "effect":
        return [RowEffect(), TakeDoor(), Take(1, 0)]
    if kind == "popularity":
        names = [t.name for t in state.players[state.current_player].board.tiles]
        return [ChoosePopularity(name) for name in names[:4]] + [ChoosePopularity("E5"), TakeDoor()]
    if kind == "special":
        return [ChooseSpecial(card) for card in state.mainboard.specials] + [TakeDoor()]
    if kind == "meeple":
        return [ChooseMeeple(colour) for colour in "RBGYK"] + [TakeDoor()]
    tile = tile_in_hand(state)
    board = state.players[state.current_player].board
    spots = [c.name for c in anchors(components().tile(tile), board)][:3]
    return [PlaceTile(tile, cell) for cell in spots] + [PlaceTile(tile, covered(state)), DiscardTile(tile),
                                                         Take(1, 1)]


def solve(start, steps) -> tuple:
    """The actions *steps(state)* yields one by one from ``start()`` (each may look at the state)."""
    state = start()
    actions = []
    for step in steps:
        action = step(state) if callable(step) else step
        state.apply(action)
        actions.append(action)
    return tuple(actions)

