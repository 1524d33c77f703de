"""What a player may do to a zoo, and the reason for every refusal.

Each action is a function ``action(zoo, ...) -> Outcome`` that returns the new
zoo and what happened (a birth, coins for filling an enclosure, the souvenir
shop arriving), or raises :class:`zoobook.errors.IllegalAction` carrying a
:class:`~zoobook.errors.Refusal`: the sentence a referee would say and the rule
that forbids it (a ruling ID such as ``Z10``, or the base-game rule in words).
An illegal action changes nothing. :func:`refusal` and :func:`legal_placements`
answer "may I place this tile?" without raising; :func:`refusal_of` asks the
same of any action.

Placing (base game): an animal goes on an empty space of an enclosure holding
only its species (or none), or into the barn; a vending stall on an empty stall
space or into the barn; a coin tile is 1 coin. A fertile male and female of one
species in one enclosure produce one offspring, which goes into that enclosure
or, if it is full, the barn. Money actions cost 1 (move, exchange), 2 (purchase,
discard) or 3 coins (expand, and with Three Additional Buildings the restaurant
and a pavilion); with Construction Sites passing up to two of one's own markers
to opponents costs 1 coin. No action makes a zoo hold more of a component than
the box has (ruling F20).

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile
>>> zoo = place_tile(new_zoo(), Tile.parse("zebra"), "5").zoo
>>> refusal(zoo, Tile.parse("camel"), "5")
'the 5-space enclosure holds zebras; one species per enclosure [Z-PLACE-2]'
>>> buy_restaurant(zoo)
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: the restaurant costs 3 coins and you have 0 [Z-REST-1]
"""

from __future__ import annotations

from zoobook.errors import IllegalAction, Refusal
from zoobook.zooloretto.actions.common import BARN, SITE_KINDS, Outcome
from zoobook.zooloretto.actions.money import (
    buy_pavilion, buy_restaurant, discard, exchange, expand, move_between, move_from_barn, move_stall, purchase,
)
from zoobook.zooloretto.actions.placing import legal_placements, place_tile, refusal, shop_destinations
from zoobook.zooloretto.actions.sites import own_markers, pass_sites, place_site, site_destinations
from zoobook.zooloretto.model import Zoo

__all__ = [
    "Outcome", "BARN", "SITE_KINDS", "place_tile", "refusal", "legal_placements",
    "shop_destinations", "move_from_barn", "move_between", "move_stall", "exchange", "purchase", "discard",
    "expand", "buy_restaurant", "buy_pavilion", "place_site", "site_destinations", "pass_sites",
    "own_markers", "refusal_of",
]


def refusal_of(action, zoo: Zoo, *args, **kwargs) -> Refusal | None:
    """Why *action* (any action function of this package) may not be taken now, or None if it may.

    >>> from zoobook.zooloretto.model import new_zoo
    >>> refusal_of(expand, new_zoo(coins=3)) is None
    True
    >>> refusal_of(move_stall, new_zoo(coins=3), "kiosk", "5", "barn")
    'a move takes a vending stall from the barn into the zoo or to another stall space, never into the barn [Z-MONEY-4]'
    """
    try:
        action(zoo, *args, **kwargs)
    except IllegalAction as exc:
        return exc.refusal
    return None
