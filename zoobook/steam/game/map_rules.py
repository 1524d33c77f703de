"""The two solo maps as combinations of strategy parts.

A :class:`MapRules` is what makes the Zoo differ from Easter Island in the
turn engine, and nothing else:

=================  =========================================  =========================================
part               Zoo (seed; rulings S5-S8)                  Easter Island (seed; ruling S9)
=================  =========================================  =========================================
cards              Engineer ($2 a tile, 4), Locomotive,       Engineer (4 tiles), Locomotive,
                   Urbanization, Feeding                      Urbanization, Rapa Nui
selection          free, none allowed                         $8 paid first, three blockers cycle
track price        $4 a tile                                  $3 plain, $4 mountain
goods              food to animal areas (danger levels)       moai cubes to cities of their colour
exit bonus         1 tile to hand when a shipment enters      none
                   an exit (S7)
start              $10, 2 shares, income 0, locomotive 1      $10, 2 shares, income 0, locomotive 2
                   (the base game's start, S11b)              (its rulebook's start, S11b)
rule               S8 (cited when a build is refused)         S9
=================  =========================================  =========================================

>>> ZOO.card("engineer").tile_limit(ZOO.tiles), ZOO.tile_price("mountain", ZOO.card("engineer"))
(4, 2)
>>> ZOO.start, EASTER.start.cash
(Economy(cash=10, income=0, shares=2, locomotive=1), 10)
>>> ZOO.card("rapa-nui")
Traceback (most recent call last):
...
KeyError: "the Zoo map has no action 'rapa-nui': its actions are engineer, locomotive, urbanization, feeding"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.steam.game.cards import (Card, Engineer, Feeding, FlatPrice, FreeChoice, Locomotive,
                                      PaidWithBlockers, RapaNui, TerrainPrice, Urbanization)
from zoobook.steam.game.easter_goods import MoaiGoods
from zoobook.steam.game.economy import Economy
from zoobook.steam.game.zoo_goods import ZooGoods

__all__ = ["MapRules", "ZOO", "EASTER", "NO_CARD"]

NO_CARD = Card("none")


@dataclass(frozen=True)
class MapRules:
    """One map's rules as parts (see the module docstring)."""

    name: str
    cards: tuple[Card, ...]
    selection: Any
    price: Any
    goods: Any
    tiles: int = 3
    exit_bonus: int = 0
    #: The opening economy (S11b).
    start: Economy = Economy()
    #: The ruling that states this map's track and action rules (cited by refusals).
    rule: str = "S9"
    #: The map's name in a sentence ("the Zoo map", "Easter Island").
    title: str = ""
    #: Goods that go from node to node over links, to a node of their colour (Easter Island's
    #: cubes): what the planner at the goods bound (linkplan.py) plans for.
    plans_by_links: bool = False

    def card(self, name: str | None) -> Card:
        """The card called *name* (``None``: no action)."""
        if name is None:
            return NO_CARD
        for card in self.cards:
            if card.name == name:
                return card
        names = ", ".join(c.name for c in self.cards)
        raise KeyError(f"{self.title or 'this map'} has no action {name!r}: its actions are {names}")

    def tile_limit(self, card: Card) -> int:
        """"3 tiles per build, 4 with the Engineer action" (base game; S8, S9)."""
        return card.tile_limit(self.tiles)

    def tile_price(self, terrain: str, card: Card) -> int:
        return card.tile_price(self.price.of(terrain))


#: The Zoo map (seed, "Zoo"; rulings S5-S8, S11b: the base game's start, 2 shares issued and $10).
ZOO = MapRules("zoo", (Engineer(tiles=4, price=2), Locomotive(), Urbanization(), Feeding()),
               FreeChoice(), FlatPrice(4), ZooGoods(), tiles=3, exit_bonus=1,
               start=Economy(cash=10, income=0, shares=2, locomotive=1), rule="S8",
               title="the Zoo map")


#: Easter Island (seed, "Easter Island"; rulings S9, S11b).
EASTER = MapRules("easter", (Engineer(tiles=4), Locomotive(), Urbanization(), RapaNui()),
                  PaidWithBlockers(price=8, blockers=3), TerrainPrice(3, 4), MoaiGoods(), tiles=3,
                  start=Economy(cash=10, income=0, shares=2, locomotive=2), rule="S9",
                  title="Easter Island", plans_by_links=True)
