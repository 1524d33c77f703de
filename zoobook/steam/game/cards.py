"""Action cards and how a map lets the player select them: small strategy objects.

Each map is a combination of a few parts (see :mod:`zoobook.steam.game.map_rules`):
its action cards, its selection policy (the Zoo's free choice, Easter Island's
$8 and blockers) and its track prices. Each part answers a narrow question, so
the turn engine never asks "which map is this?".

Examples
--------
>>> zoo_engineer = Engineer(tiles=4, price=2)
>>> zoo_engineer.tile_limit(3), zoo_engineer.tile_price(4)
(4, 2)
>>> Engineer(tiles=4).tile_price(3)
3
>>> policy = PaidWithBlockers(price=8, blockers=3)
>>> policy.after_turn(frozenset({"engineer", "locomotive", "urbanization"}), "rapa-nui")
frozenset()
>>> sorted(policy.after_turn(frozenset({"engineer"}), "locomotive"))
['engineer', 'locomotive']
"""

from __future__ import annotations

from dataclasses import dataclass

from zoobook.errors import Refusal

__all__ = ["Card", "Engineer", "Locomotive", "Urbanization", "Feeding", "RapaNui",
           "FreeChoice", "PaidWithBlockers", "FlatPrice", "TerrainPrice"]


@dataclass(frozen=True)
class Card:
    """An action card. The defaults say "no effect on this part of the turn"."""

    name: str = ""
    #: Whether it lets the player urbanize a town during this turn's build.
    urbanizes: bool = False
    #: Whether it gives the Zoo Feeding discount in one shipment this turn (S6).
    discount: bool = False
    #: Whether it needs a target (the stack Rapa Nui flips).
    targeted: bool = False

    def tile_limit(self, base: int) -> int:
        return base

    def tile_price(self, price: int) -> int:
        return price

    @property
    def raises_locomotive(self) -> bool:
        return False

    @property
    def cash_bonus(self) -> int:
        return 0

    def describe(self) -> str:
        return self.name


@dataclass(frozen=True)
class Engineer(Card):
    """"Engineer builds 4 tiles instead of 3" (base game); on the Zoo map at $2 a tile (S8)."""

    name: str = "engineer"
    tiles: int = 4
    price: int | None = None

    def tile_limit(self, base: int) -> int:
        return self.tiles

    def tile_price(self, price: int) -> int:
        return price if self.price is None else self.price

    def describe(self) -> str:
        cost = f" at ${self.price} a tile" if self.price is not None else ""
        return f"engineer: build {self.tiles} tiles{cost}"


@dataclass(frozen=True)
class Locomotive(Card):
    """"Locomotive raises the level by 1 at once (max 6)" (base game)."""

    name: str = "locomotive"

    @property
    def raises_locomotive(self) -> bool:
        return True

    def describe(self) -> str:
        return "locomotive: +1 level now"


@dataclass(frozen=True)
class Urbanization(Card):
    """"Urbanization puts a new city tile on a town (does not use a build)" (base game)."""

    name: str = "urbanization"
    urbanizes: bool = True

    def describe(self) -> str:
        return "urbanization: a new city on a town"


@dataclass(frozen=True)
class Feeding(Card):
    """Zoo: "In one of your two shipments only, you may reduce any one danger level by 1" (S6)."""

    name: str = "feeding"
    discount: bool = True

    def describe(self) -> str:
        return "feeding: one danger counts 1 lower in one shipment"


@dataclass(frozen=True)
class RapaNui(Card):
    """Easter Island: "Turn the moai upside down ... and gain $5" (S9)."""

    name: str = "rapa-nui"
    targeted: bool = True
    bonus: int = 5

    @property
    def cash_bonus(self) -> int:
        return self.bonus

    def describe(self) -> str:
        return f"rapa nui: flip a moai, +${self.bonus}"


# -- selection policies -----------------------------------------------------------------

@dataclass(frozen=True)
class FreeChoice:
    """Zoo: "choosing an action is free, and choosing none is allowed" (S8)."""

    price: int = 0

    def refusal(self, blocked: frozenset, cash: int, card: Card) -> Refusal | None:
        return None

    def after_turn(self, blocked: frozenset, chosen: str | None) -> frozenset:
        return blocked


@dataclass(frozen=True)
class PaidWithBlockers:
    """Easter Island: $8 per selection, paid first; three blockers cycle (S9).

    "You cannot select an action that has an action blocker on it." At the end
    of the turn, "if all action spaces are already selected ... remove the 3
    action blockers and your player disc"; otherwise the disc becomes a blocker.
    """

    price: int = 8
    blockers: int = 3

    def refusal(self, blocked: frozenset, cash: int, card: Card) -> Refusal | None:
        if card.name in blocked:
            return Refusal(f"{card.name} has an action blocker on it: a blocked action cannot be selected "
                           f"until all four have been", "S-BLOCKERS-2")
        if cash < self.price:
            return Refusal(f"selecting an action costs ${self.price}, paid before any cash it gives, and you "
                           f"have ${cash}", "S-ACTIONS-1")
        return None

    def after_turn(self, blocked: frozenset, chosen: str | None) -> frozenset:
        if chosen is None:
            return blocked
        if len(blocked) >= self.blockers:
            return frozenset()
        return blocked | {chosen}


# -- track prices -----------------------------------------------------------------------------

@dataclass(frozen=True)
class FlatPrice:
    """Zoo: "Laying cost is $4 per tile, up to 3 tiles" whatever the terrain (S8)."""

    price: int = 4

    def of(self, terrain: str) -> int:
        return self.price

    def describe(self) -> str:
        return f"${self.price} a tile"


@dataclass(frozen=True)
class TerrainPrice:
    """Easter Island: "Plain: $3, Mountain: $4" (S9)."""

    plain: int = 3
    mountain: int = 4

    def of(self, terrain: str) -> int:
        return self.mountain if terrain == "mountain" else self.plain

    def describe(self) -> str:
        return f"${self.plain} plain, ${self.mountain} mountain"
