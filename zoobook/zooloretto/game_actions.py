"""The actions of a Zooloretto game: one frozen dataclass per decision, and the rules they cite.

A :class:`~zoobook.zooloretto.game.ZoolorettoState` lists these in ``legal_actions()`` and takes
them with ``apply``: :class:`Draw` and :class:`Load`, :class:`Take` then :class:`Place` and
:class:`Mark`, or one of the money actions (:data:`MONEY_ACTIONS`). Each has one form (an exchange's
two enclosures in the zoo's order, passed markers sorted) and says itself in words. The zoo rules
that decide what a placement or a money action does are :mod:`zoobook.zooloretto.actions`.

Examples
--------
>>> print(Take(0)), Exchange("4", "5")
take truck 1
(None, Exchange(first='5', second='4', barn_species=None, shop_to=None))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zoobook.action_fields import Action, field_refusal
from zoobook.errors import Refusal
from zoobook.explain import with_article
from zoobook.zooloretto import actions as za
from zoobook.zooloretto.model import BASE_KEYS, max_expansion_boards

__all__ = [
    "Draw", "Load", "Take", "Place", "Mark", "Move", "MoveBetween", "MoveStall", "Exchange",
    "Purchase", "Discard", "Expand", "BuyRestaurant", "BuyPavilion", "PassSites", "MONEY_ACTIONS", "ACTIONS",
    "TURN", "TRUCKS", "PLACEMENT", "MONEY",
]

# The base-game rules, cited by their IDs in the rules index (zoobook/zooloretto/rules.toml); the
# expansions' rules are cited by ruling ID.
TURN = "Z-TURN-1"          # a turn is a draw and load, a truck taken, or a money action
DRAW = "Z-TURN-2"          # a drawn tile is loaded at once
TAKE = "Z-TURN-3"          # a taken truck's tiles are all placed now
GAME_OVER = "Z-TURN-6"     # the end-stack round is the last
TRUCKS = "Z-TRUCK-1"       # a truck holds no more than its places
EMPTY_TRUCK = "Z-TRUCK-2"  # a truck is taken with at least one tile
TAKEN = "Z-TRUCK-3"        # a taken truck is out of play for the round
PLACEMENT = "Z-PLACE-1"    # a tile goes into your own zoo
COIN_TILE = "Z-PLACE-5"    # a coin tile is paid as the truck is taken
MONEY = "Z-MONEY-1"        # a money action
PURCHASE = "Z-MONEY-6"     # buying from another player's barn
DISCARD = "Z-MONEY-7"      # discarding from your own barn
PASS_SITES = "Z-SITES-10"  # passing markers on

_RULING = re.compile(r"\b(Z\d+)\b")


#: Every enclosure key in the order a zoo lists them: the canonical order of an exchange's two places.
_ENCLOSURE_ORDER = BASE_KEYS + tuple(f"x{i}" for i in range(1, max_expansion_boards(2) + 1))  # 2 players: most


@dataclass(frozen=True, eq=False)
class Draw(Action):
    """Draw the top tile of the supply (then :class:`Load` it)."""

    def __str__(self) -> str:
        return "draw a tile"


@dataclass(frozen=True, eq=False)
class Load(Action):
    """Put the drawn tile on truck *truck* (0-based), which must have room and be untaken."""

    truck: int

    def __str__(self) -> str:
        return f"load it on truck {self.truck + 1}"


@dataclass(frozen=True, eq=False)
class Take(Action):
    """Take truck *truck* with at least one tile; sit out the rest of the round."""

    truck: int

    def __str__(self) -> str:
        return f"take truck {self.truck + 1}"


@dataclass(frozen=True, eq=False)
class Place(Action):
    """Place a tile of the taken truck (``"zebra-male"``, ``"kiosk"``) on *to* (enclosure key or ``"barn"``).

    *shop_to* says where the souvenir shop goes when this placement brings the game's first
    offspring (Z3); it is given exactly then.
    """

    tile: str
    to: str
    shop_to: str | None = None

    def __str__(self) -> str:
        shop = f" (the souvenir shop to {_place_name(self.shop_to)})" if self.shop_to else ""
        return f"place {self.tile} in {_place_name(self.to)}{shop}"


@dataclass(frozen=True, eq=False)
class Mark(Action):
    """Put a construction-site marker of *kind* into player *seat*'s zoo at *to* (Z5).

    ``to=None`` discards the marker: allowed only when that zoo has no space for it.
    """

    kind: str
    seat: int
    to: str | None

    def __str__(self) -> str:
        if self.to is None:
            return f"{self.kind} marker to player {self.seat}: no space, discarded"
        return f"{self.kind} marker to player {self.seat}: {_place_name(self.to)}"


@dataclass(frozen=True, eq=False)
class Move(Action):
    """Money action (1 coin): one animal from the barn into an enclosure.

    *sex* picks a fertile animal, *offspring* an offspring tile; neither: a plain animal.
    """

    species: str
    to: str
    sex: str | None = None
    offspring: bool = False
    shop_to: str | None = None

    def __str__(self) -> str:
        what, shop = _animal_words(self.species, self.sex, self.offspring), _shop_words(self.shop_to)
        return f"move {what} from the barn to {_place_name(self.to)}{shop} (1 coin)"


def _animal_words(species: str, sex: str | None, offspring: bool) -> str:
    """'a fertile male zebra', 'an offspring zebra' or 'a zebra': the animal a move names."""
    return (f"a fertile {sex} {species}" if sex else f"an offspring {species}" if offspring else
            with_article(species))


def _shop_words(shop_to: str | None) -> str:
    """Where a move that brings the first offspring puts the souvenir shop, in words ('' if nowhere)."""
    return f" (the souvenir shop to {_place_name(shop_to)})" if shop_to else ""


@dataclass(frozen=True, eq=False)
class MoveBetween(Action):
    """Money action (1 coin): one animal from enclosure *source* to enclosure *to* (Z10).

    *sex* picks an unbred fertile animal, *offspring* an offspring tile; neither: a plain animal.
    """

    species: str
    source: str
    to: str
    sex: str | None = None
    offspring: bool = False
    shop_to: str | None = None

    def __str__(self) -> str:
        what, shop = _animal_words(self.species, self.sex, self.offspring), _shop_words(self.shop_to)
        return (f"move {what} from {_place_name(self.source)} to {_place_name(self.to)}{shop} "
                "(1 coin)")


@dataclass(frozen=True, eq=False)
class MoveStall(Action):
    """Money action (1 coin): move one vending stall from *source* to *to*."""

    stall: str
    source: str
    to: str

    def __str__(self) -> str:
        return f"move the {self.stall} from {_place_name(self.source)} to {_place_name(self.to)} (1 coin)"


@dataclass(frozen=True, eq=False)
class Exchange(Action):
    """Money action (1 coin): swap the animals of enclosure *first* with those of *second*
    (an enclosure, or ``"barn"`` with *barn_species*)."""

    first: str
    second: str
    barn_species: str | None = None
    shop_to: str | None = None

    def __post_init__(self) -> None:
        # One exchange, one form: the two enclosures in the zoo's order, the barn second. The
        # other order is the same exchange, so it becomes this one (the form legal_actions lists).
        first, second = self.first, self.second
        if first == za.BARN and isinstance(second, str) and second != za.BARN:
            first, second = second, first
        elif first in _ENCLOSURE_ORDER and second in _ENCLOSURE_ORDER:
            first, second = sorted((first, second), key=_ENCLOSURE_ORDER.index)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        other = (f"the {self.barn_species}s of the barn" if self.second == za.BARN
                 else _place_name(self.second))
        shop = f" (the souvenir shop to {_place_name(self.shop_to)})" if self.shop_to else ""
        return f"exchange the animals of {_place_name(self.first)} with {other}{shop} (1 coin)"


@dataclass(frozen=True, eq=False)
class Purchase(Action):
    """Money action (2 coins: 1 to the seller, 1 to the bank): a tile from *seller*'s barn, placed now.

    *tile* is ``"zebra"`` (a plain one), ``"zebra-male"``, a stall type; *offspring* buys an
    offspring (where the zoo rules tell offspring in a barn apart by species).
    """

    seller: int
    tile: str
    to: str
    shop_to: str | None = None
    offspring: bool = False

    def __str__(self) -> str:
        shop = f" (the souvenir shop to {_place_name(self.shop_to)})" if self.shop_to else ""
        what = f"an offspring {self.tile}" if self.offspring else self.tile
        return f"buy {what} from player {self.seller}'s barn into {_place_name(self.to)}{shop} (2 coins)"


@dataclass(frozen=True, eq=False)
class Discard(Action):
    """Money action (2 coins): remove a tile (an animal or a stall) from your barn.

    *tile* is ``"zebra"`` (a plain one), ``"zebra-male"`` or a stall; *offspring* an offspring.
    """

    tile: str
    offspring: bool = False

    def __str__(self) -> str:
        what = f"an offspring {self.tile}" if self.offspring else with_article(self.tile)
        return f"discard {what} from the barn (2 coins)"


@dataclass(frozen=True, eq=False)
class Expand(Action):
    """Money action (3 coins): add an expansion board."""

    def __str__(self) -> str:
        return "expand the zoo (3 coins)"


@dataclass(frozen=True, eq=False)
class BuyRestaurant(Action):
    """Money action (3 coins, Z2): the restaurant onto the 4-space enclosure's pair of stall spaces."""

    def __str__(self) -> str:
        return "buy the restaurant (3 coins)"


@dataclass(frozen=True, eq=False)
class BuyPavilion(Action):
    """Money action (3 coins, Z4): a pavilion onto an empty space of enclosure *to*."""

    to: str

    def __str__(self) -> str:
        return f"buy a pavilion for {_place_name(self.to)} (3 coins)"


@dataclass(frozen=True, eq=False)
class PassSites(Action):
    """Money action (1 coin, Z5): take one or two of your own markers off to pass them to opponents.

    *markers* is a sorted tuple of ``(kind, where)``: ``("enclosure", "5")``, ``("stall", "4")``,
    ``("barn", "barn")``.
    """

    markers: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        # Markers passed together are a set: any order becomes the sorted one legal_actions lists.
        markers = self.markers
        if isinstance(markers, tuple) and all(isinstance(m, tuple) and len(m) == 2
                                              and all(isinstance(part, str) for part in m) for m in markers):
            object.__setattr__(self, "markers", tuple(sorted(markers)))

    def __str__(self) -> str:
        words = ", ".join(f"the {k} marker {'in the barn' if w == za.BARN else 'at ' + _place_name(w)}"
                          for k, w in self.markers)
        return f"pass on {words} (1 coin)"


#: The rule a malformed action is refused under: its own (a money action's: the money rule).
_FIELD_RULES = {Draw: TURN, Load: DRAW, Take: TAKE, Place: PLACEMENT, Mark: "Z-SITES-2", PassSites: PASS_SITES}

MONEY_ACTIONS = (Move, MoveBetween, MoveStall, Exchange, Purchase, Discard, Expand, BuyRestaurant, BuyPavilion,
                 PassSites)
ACTIONS = (Draw, Load, Take, Place, Mark) + MONEY_ACTIONS
_PLACES = {"5": "the 5-space enclosure", "4": "the 4-space enclosure", "6": "the 6-space enclosure",
           "x1": "expansion enclosure 1", "x2": "expansion enclosure 2", "barn": "the barn"}


def _place_name(key: str | None) -> str:
    return _PLACES.get(key or "", repr(key))


def _field_refusal(action, rule: str) -> Refusal | None:
    """Why *action* is malformed (a field not of its declared type, or a sex no animal has), naming the
    field; None if well formed."""
    malformed = field_refusal(action, rule)
    if malformed is None and getattr(action, "sex", None) not in (None, "male", "female"):
        # '' would read as "no sex given"
        return Refusal(f"{type(action).__name__}.sex must be 'male', 'female' or None, not {action.sex!r}", rule)
    return malformed


def _refusal_from(exc: Exception, default_rule: str) -> Refusal:
    """A zoo rule's exception as a Refusal naming its rule (its own, a ruling in its words, or *default_rule*)."""
    rule = getattr(exc, "rule", "") or ""
    reason = str(getattr(exc, "reason", "") or exc)
    if not rule:
        found = _RULING.search(reason)
        rule = found.group(1) if found else default_rule
    return Refusal(reason, rule)


