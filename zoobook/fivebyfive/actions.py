"""The decisions of a 5x5 Zoo game: one frozen dataclass per kind of action, and their words.

A :class:`~zoobook.fivebyfive.game.GameState` lists these in ``legal_actions()`` and takes them
with ``apply``, in the rulebook's order:

* setup -- :class:`PlaceTile` for the two start tiles on the red squares (F3);
* main phase -- :class:`Take` a tile (row, slot); on rows 2-5 :class:`RowEffect`
  or :class:`TakeDoor`; then :class:`ChoosePopularity`, :class:`ChooseSpecial` or
  :class:`ChooseMeeple`; then :class:`PlaceTile` or :class:`DiscardTile`;
* lineup phase -- the steps of :class:`zoobook.fivebyfive.lineup.LineupState`
  (:data:`LINEUP_STEPS`) or :class:`BestLineup`, the optimal lineup as one action.

Examples
--------
>>> print(Take(2, 0)), print(PlaceTile("T42", "C1"))
take row 2 slot 1
place T42 at C1
(None, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from zoobook.action_fields import Action, field_refusal
from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.vocabulary import Colour

__all__ = [
    "Take", "RowEffect", "TakeDoor", "ChoosePopularity", "ChooseSpecial", "ChooseMeeple",
    "PlaceTile", "DiscardTile", "BestLineup", "LINEUP_STEPS", "witness_steps", "action_text",
    "components_special",
]


def components_special(card_id: str):
    """The special card called *card_id* (``"S07"``) from the box."""
    return _SPECIALS[card_id]


_SPECIALS = {card.id: card for card in components().special_cards}

@dataclass(frozen=True, eq=False)
class Take(Action):
    """Take the tile in *row* (1-6), slot *slot* (from 0) of the main board."""

    row: int
    slot: int

    FIELD_RULE = "F15"

    def __str__(self) -> str:
        slot = self.slot + 1 if type(self.slot) is int else repr(self.slot)    # words for a malformed one too
        return f"take row {self.row!r} slot {slot}"


@dataclass(frozen=True, eq=False)
class RowEffect(Action):
    """Use the action effect of the row just taken from."""

    FIELD_RULE = "F-TURN-7"

    def __str__(self) -> str:
        return "use the row effect"


@dataclass(frozen=True, eq=False)
class TakeDoor(Action):
    """Rows 2-5: a door token instead of the row effect."""

    FIELD_RULE = "F-TURN-7"

    def __str__(self) -> str:
        return "take a door token instead"


@dataclass(frozen=True, eq=False)
class ChoosePopularity(Action):
    """Place a popularity token on the tile named *tile* (its first cell)."""

    tile: str

    FIELD_RULE = "F10"

    def __str__(self) -> str:
        return f"popularity token on {self.tile}"


@dataclass(frozen=True, eq=False)
class ChooseSpecial(Action):
    card: str

    FIELD_RULE = "F-TURN-9"

    def __str__(self) -> str:
        card = _SPECIALS.get(self.card) if type(self.card) is str else None
        return f"choose special card {self.card} ({card.effect if card else 'not in the box'})"


@dataclass(frozen=True, eq=False)
class ChooseMeeple(Action):
    colour: str

    FIELD_RULE = "F-TURN-11"

    def __str__(self) -> str:
        try:
            return f"choose the {Colour(self.colour).word} meeple"
        except (ValueError, TypeError):                 # a malformed one: its words, still
            return f"choose the meeple {self.colour!r}"


@dataclass(frozen=True, eq=False)
class PlaceTile(Action):
    """Place the tile *tile* from hand with its first cell on *cell* (north up)."""

    tile: str
    cell: str

    FIELD_RULE = "F-PLACEMENT-2"

    def __str__(self) -> str:
        return f"place {self.tile} at {self.cell}"


@dataclass(frozen=True, eq=False)
class DiscardTile(Action):
    """Return a tile that fits nowhere to the box (ASSUMED ``unplaceable_tile_discarded``)."""

    tile: str

    FIELD_RULE = "F-PLACEMENT-2"

    def __str__(self) -> str:
        return f"discard {self.tile} (no room)"


@dataclass(frozen=True, eq=False)
class BestLineup(Action):
    """The whole lineup of this round as the optimal lineup solver plays it."""

    FIELD_RULE = "F9"

    def __str__(self) -> str:
        return "best lineup"


#: The lineup steps, as :class:`zoobook.fivebyfive.lineup.LineupState` defines them.
LINEUP_STEPS = (lu.Move, lu.Place, lu.PlaceDoor, lu.BuyDoor, lu.BuyPopularity, lu.Stop)


def witness_steps(witness: dict) -> list:
    """The lineup steps that play a ``5x5/lineup`` solver witness.

    >>> witness = {"free_actions": [{"pay": "RRG", "gain": "door"}], "doors": ["A3:W"],
    ...            "visitors": [{"tile": "A3", "visitor": "red meeple", "via": "A3:W"}]}
    >>> witness_steps(witness)  # doctest: +NORMALIZE_WHITESPACE
    [BuyDoor(cubes='RRG'), PlaceDoor(border='A3:W'), Move(tile='A3', border='A3:W'),
     Place(colour=<Colour.RED: 'R'>, meeple=True)]
    """
    steps: list = []
    for free in witness["free_actions"]:
        if free["gain"] == "door":
            steps.append(lu.BuyDoor(free["pay"]))
        else:
            steps.append(lu.BuyPopularity(free["tile"], free["pay"]))
    steps += [lu.PlaceDoor(border) for border in witness["doors"]]
    for visit in witness["visitors"]:
        word, piece = visit["visitor"].split()
        steps += [lu.Move(visit["tile"], visit["via"]), lu.Place(Colour[word.upper()], piece == "meeple")]
    return steps


def _lineup_text(action) -> str:
    if field_refusal(action) is not None:           # a malformed step: its fields, as given
        return f"lineup: {action!r}"
    if isinstance(action, lu.Move):
        return f"lineup: move to {action.tile}" + (f" across {action.border}" if action.border else "")
    if isinstance(action, lu.Place):
        return f"lineup: place a {lu.Visitor(action.colour, action.meeple)}"
    if isinstance(action, lu.PlaceDoor):
        return f"lineup: door on {action.border}"
    if isinstance(action, lu.BuyDoor):
        return f"lineup: pay {action.cubes} for a door"
    if isinstance(action, lu.BuyPopularity):
        return f"lineup: pay {action.cubes} for a popularity token on {action.tile}"
    return "lineup: stop"


def action_text(action) -> str:
    """An action in words, as the log writes it."""
    return _lineup_text(action) if isinstance(action, LINEUP_STEPS) else str(action)
