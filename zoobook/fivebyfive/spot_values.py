"""Every spot of a tile rated at once: the search's rollouts place tiles by this.

The greedy value of a placement (:func:`~zoobook.fivebyfive.bots.evaluate` of the
position after it, plus the round's best lineup) is what the lookahead bot and the
search's rollout policy maximise. Computed the general way -- copy the game, apply
the action, value the copy -- it costs about a millisecond a spot, so the search's
rollouts rated only a few spots drawn at random. A placement changes only the
player's board (the tile, and a popularity token if the round's condition pays one)
and hand, so here the board is built once per spot (:func:`placed_board`, the rule
of the game's own placement) and the value read from a view of the state with that
board and hand (:func:`spot_value`): about three times cheaper, and the lineup --
the solver, the dearest part -- is added for the best few spots only
(:func:`best_spot`).

One difference from the copy-and-apply value is meant: the position is valued as if
the main phase went on, also after the round's last placement (where the game itself
moves on to the lineup phase). The round's best lineup then still counts, so the last
tile of a round goes where the lineup about to be walked gains most.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState, PlaceTile
>>> from zoobook.fivebyfive.bots import LookaheadBot
>>> state = GameState.new(players=1, seed=3)
>>> while not (state.phase == "main" and isinstance(state.legal_actions()[0], PlaceTile)):
...     state.apply(LookaheadBot(0).choose(state))
>>> spots = state.legal_actions()
>>> best = best_spot(state, spots, keep=3)
>>> best in spots
True
"""

from __future__ import annotations

from dataclasses import replace

from zoobook.fivebyfive.board import Board
from zoobook.fivebyfive.bots import evaluate, lineup_value
from zoobook.fivebyfive.game import GameState, PlaceTile

__all__ = ["placed_board", "after_placement", "spot_value", "spot_values", "best_spot"]


def placed_board(state: GameState, seat: int, action: PlaceTile) -> Board:
    """*seat*'s board after the main-phase placement *action*: the tile, and the popularity
    token the round's condition pays for it (:meth:`GameState.board_after`, the game's own rule)."""
    return state.board_after(seat, action)[0]


def after_placement(state: GameState, seat: int, action: PlaceTile) -> GameState:
    """A view of *state* after *action* for valuing it: *seat*'s board and hand changed, the rest
    shared with *state* (not a game to play on: nothing else moves, the phase stays ``main``)."""
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(next(item for item in hand if item[0] == action.tile))
    view = object.__new__(GameState)
    view.__dict__.update(state.__dict__)
    view.players = list(state.players)
    view.players[seat] = replace(player, board=placed_board(state, seat, action), hand=tuple(hand))
    return view


def spot_value(state: GameState, seat: int, action: PlaceTile, lineup: bool = False) -> float:
    """:func:`~zoobook.fivebyfive.bots.evaluate` of *seat* after the placement *action* (in the main
    phase); with *lineup*, plus the best lineup of this round with the board and hand then held."""
    view = after_placement(state, seat, action)
    value = evaluate(view, seat)
    if lineup and state.round:
        value += lineup_value(view, seat)
    return value


def spot_values(state: GameState, actions: list, lineup: bool = False) -> list[float]:
    """:func:`spot_value` of each placement in *actions*, for the current player."""
    seat = state.current_player
    return [spot_value(state, seat, action, lineup) for action in actions]


def best_spot(state: GameState, actions: list, keep: int = 3) -> PlaceTile:
    """The best main-phase placement among *actions* by the greedy value with the round's lineup: every spot
    rated without the lineup, the *keep* best of those rated again with it (0: every spot)."""
    seat = state.current_player
    if keep and len(actions) > keep:
        values = spot_values(state, actions)
        order = sorted(range(len(actions)), key=lambda i: -values[i])       # stable: the legal order breaks ties
        actions = [actions[i] for i in sorted(order[:keep])]
    return max(actions, key=lambda a: spot_value(state, seat, a, lineup=True))
