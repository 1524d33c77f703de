"""Which actions the player to move may take in a 5x5 Zoo game, and why any other is refused.

:class:`LegalActions` holds the two halves of the game API's contract for
:class:`~zoobook.fivebyfive.game.GameState` (which inherits it): ``legal_actions()`` lists every
action the rules allow now, ``refusal(action)`` says, naming the rule, why an action is not
allowed. The two are written side by side so that an action is listed exactly when it is not
refused. They read the state (phase, pending decisions, main board, lineup) and change nothing.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=2, seed=7)
>>> state.legal_actions()[0]
PlaceTile(tile='T42', cell='C1')
>>> print(state.refusal(Take(1, 0)))
take row 1 slot 1: first every player places two start tiles [F3]
"""

from __future__ import annotations

from zoobook.action_fields import field_refusal
from zoobook.assumed import assumed
from zoobook.errors import Refusal
from zoobook.fivebyfive.actions import (
    LINEUP_STEPS, BestLineup, ChooseMeeple, ChoosePopularity, ChooseSpecial, DiscardTile, PlaceTile, RowEffect,
    Take, TakeDoor, action_text,
)
from zoobook.fivebyfive.board import start_squares
from zoobook.fivebyfive.components import anchors, components
from zoobook.fivebyfive.players import PlayerState

__all__ = ["LegalActions"]


class LegalActions:
    """The legality half of :class:`~zoobook.fivebyfive.game.GameState`: what may be done now.

    A mixin: it reads the state's fields (``phase``, ``players``, ``current_player``,
    ``pending``, ``mainboard``, ``lineup``) and writes none.
    """

    def legal_actions(self) -> list:
        """Every action the current player may take now (empty at the end)."""
        if self.phase == "end":
            return []
        if self.phase == "lineup":
            whole = [] if self.lineup.path else [BestLineup()]
            return whole + self.lineup.legal_actions()
        player = self.players[self.current_player]
        if self.phase == "setup":
            free = [c for c in start_squares() if player.board.tile_at(c) is None]
            return [PlaceTile(tile, c.name) for tile, _ in player.hand[:1] for c in free]
        if self.pending:
            return self._pending_actions(player, self.pending[0])
        return [Take(r, c) for r, c in self._takeable(player)]

    def _fits(self, tile_id: str, player: PlayerState) -> bool:
        return bool(anchors(components().tile(tile_id), player.board))

    def _takeable(self, player: PlayerState) -> list[tuple[int, int]]:
        """The main board's slots the player may take from.

        Every slot, when a tile that fits nowhere is returned to the box (ASSUMED
        ``unplaceable_tile_discarded``); otherwise only the tiles that fit on the zoo board,
        unless none does.
        """
        slots = self.mainboard.slots()
        if assumed("fivebyfive.components.unplaceable_tile_discarded"):
            return slots
        fitting = [slot for slot in slots if self._fits(self.mainboard.tile_at(*slot), player)]
        return fitting or slots

    def _pending_actions(self, player: PlayerState, decision: tuple) -> list:
        kind = decision[0]
        if kind == "effect":
            actions = []
            row = decision[1]
            if row != 2 or self._popularity_targets(player):
                actions.append(RowEffect())
            return actions + [TakeDoor()]
        if kind == "popularity":
            return [ChoosePopularity(t.name) for t in self._popularity_targets(player)]
        if kind == "special":
            return [ChooseSpecial(card) for card in self.mainboard.specials]
        if kind == "meeple":
            return [ChooseMeeple(colour) for colour in sorted(set(self.mainboard.meeples))]
        if kind == "place":
            actions = []
            for tile_id, _ in player.hand:
                spots = anchors(components().tile(tile_id), player.board)
                actions += [PlaceTile(tile_id, c.name) for c in spots] or [DiscardTile(tile_id)]
            return actions
        raise AssertionError(f"unknown pending decision {decision}")

    @staticmethod
    def _popularity_targets(player: PlayerState) -> list:
        return [t for t in player.board.tiles if not player.board.is_popular(t)]

    def refusal(self, action) -> Refusal | None:
        """Why *action* is not legal now, naming the rule; ``None`` when it is legal."""
        if self.phase == "end":
            return Refusal("the game is over", rule="F-FINAL-1")
        malformed = field_refusal(action)           # before any rule reads a field
        if malformed is not None:
            return malformed
        if self.phase == "lineup":
            return self._lineup_refusal(action)
        player = self.players[self.current_player]
        if self.phase == "setup":
            return self._setup_refusal(player, action)
        if self.pending:
            return self._pending_refusal(player, self.pending[0], action)
        if not isinstance(action, Take):
            return Refusal(f"{action_text(action)}: a turn begins by taking an Animal tile from the main board",
                           rule="F-TURN-6")
        if (action.row, action.slot) not in self.mainboard.slots():
            return Refusal(f"there is no tile to take in row {action.row} slot {action.slot + 1}", rule="F15")
        if (action.row, action.slot) not in self._takeable(player):
            return Refusal(f"{self.mainboard.tile_at(action.row, action.slot)} fits nowhere on the zoo board and "
                           "another tile does (assumed: a tile that fits nowhere is not returned to the box, "
                           "so it may not be taken)", rule="F23")
        return None

    def _lineup_refusal(self, action) -> Refusal | None:
        if isinstance(action, BestLineup):
            if self.lineup.path:
                return Refusal("the whole optimal lineup is one action only before the first move",
                               rule="F-LINEUP-1")
            return None
        if not isinstance(action, LINEUP_STEPS):
            return Refusal(f"{action_text(action)}: it is the lineup phase; move, place a visitor, place or "
                           "buy a door, buy a popularity token, or stop", rule="F-LINEUP-1")
        return self.lineup.refusal(action)

    def _setup_refusal(self, player: PlayerState, action) -> Refusal | None:
        rule = "F3"
        if not isinstance(action, PlaceTile):
            return Refusal(f"{action_text(action)}: first every player places two start tiles", rule=rule)
        if not player.hand or action.tile != player.hand[0][0]:
            return Refusal(f"the next start tile to place is {player.hand[0][0]}, not {action.tile}", rule=rule)
        squares = {c.name for c in start_squares()}
        if action.cell not in squares:
            return Refusal(f"start tiles go on the red squares {', '.join(sorted(squares))}, not {action.cell}",
                           rule=rule)
        if player.board.tile_at(action.cell) is not None:
            return Refusal(f"{action.cell} already holds a start tile", rule=rule)
        return None

    def _pending_refusal(self, player: PlayerState, decision: tuple, action) -> Refusal | None:
        kind = decision[0]
        if kind == "effect":
            row = decision[1]
            step = "F-TURN-7"
            if isinstance(action, TakeDoor):
                return None
            if isinstance(action, RowEffect):
                if row == 2 and not self._popularity_targets(player):
                    return Refusal("every tile already has a popularity token, so row 2's token has nowhere "
                                   "to go; take a door token instead", rule="F10")
                return None
            return Refusal(f"{action_text(action)}: first use row {row}'s effect or take a door token instead",
                           rule=step)
        if kind == "popularity":
            if not isinstance(action, ChoosePopularity):
                return Refusal(f"{action_text(action)}: place the popularity token first", rule="F-TURN-8")
            targets = {t.name for t in self._popularity_targets(player)}
            if action.tile not in targets:
                if any(t.name == action.tile for t in player.board.tiles):     # a tile, but it has a token
                    return Refusal(f"{action.tile} already has a popularity token; one per tile", rule="F10")
                return Refusal(f"there is no Animal tile of yours at {action.tile}: the token goes on one of "
                               f"your tiles without one ({', '.join(sorted(targets))})", rule="F-TURN-8")
            return None
        if kind == "special":
            if not isinstance(action, ChooseSpecial):
                return Refusal(f"{action_text(action)}: choose a special card first",
                               rule="F-TURN-9")
            if action.card not in self.mainboard.specials:
                return Refusal(f"special card {action.card} is not on the main board "
                               f"({' '.join(self.mainboard.specials)})", rule="F-TURN-9")
            return None
        if kind == "meeple":
            if not isinstance(action, ChooseMeeple):
                return Refusal(f"{action_text(action)}: choose a regular meeple first",
                               rule="F-TURN-11")
            if not isinstance(action.colour, str) or len(action.colour) != 1 \
                    or action.colour not in self.mainboard.meeples:
                return Refusal(f"no {action.colour!r} meeple is on the main board "
                               f"({self.mainboard.meeples or 'none'})", rule="F-TURN-11")
            return None
        # kind == "place"
        rule = "F-PLACEMENT-2"
        if not isinstance(action, (PlaceTile, DiscardTile)):
            return Refusal(f"{action_text(action)}: place the tile taken this turn first",
                           rule="F-PLACEMENT-1")
        hand = [tile_id for tile_id, _ in player.hand]
        if action.tile not in hand:
            return Refusal(f"{action.tile} is not the tile you took (in hand: {', '.join(hand)})",
                           rule="F-PLACEMENT-1")
        spots = {c.name for c in anchors(components().tile(action.tile), player.board)}
        if isinstance(action, DiscardTile):
            if spots:
                return Refusal(f"{action.tile} still fits on the zoo board, so it must be placed",
                               rule="F-PLACEMENT-4")
            return None
        if action.cell not in spots:
            return Refusal(f"{action.tile} does not fit at {action.cell}: its cells must be open spaces "
                           "on the zoo board, top to the north", rule=rule)
        return None
