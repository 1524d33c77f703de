"""What every action on a zoo shares: its outcome, its price, the rules it cites, and the box (F20).

The zoo actions (:mod:`zoobook.zooloretto.actions`) build on these: :class:`Outcome` (the new zoo and
what happened), the prices of the money actions (:data:`COSTS`), the base-game rule IDs the refusals
cite, and the refusal of a tile the box does not have one more of (ruling F20).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import plural
from zoobook.zooloretto.model import (
    ANIMALS_PER_SPECIES, FERTILE_PER_SEX, STALL_TYPES, STALLS_PER_TYPE, Enclosure, Tile, Zoo,
)

__all__ = ["Outcome", "BARN", "COSTS", "SITE_KINDS"]


BARN = "barn"
COSTS = {"move": 1, "exchange": 1, "purchase": 2, "discard": 2, "expand": 3,
         "restaurant": 3, "pavilion": 3, "pass sites": 1}
#: Base-game rules, cited by their IDs in the rules index (zoobook/zooloretto/rules.toml; the
#: rulings page restates the base game as Z1).
PLACING = "Z-PLACE-1"        # a tile goes into your own zoo: an enclosure, a stall space or the barn
ONE_SPECIES = "Z-PLACE-2"    # one species per enclosure
EMPTY_SPACE = "Z-PLACE-3"    # an animal needs an empty space
STALL_SPACE = "Z-PLACE-4"    # a vending stall needs an empty stall space
OFFSPRING = "Z-BIRTH-4"      # an offspring is never fertile
MONEY = "Z-MONEY-1"          # a money action and its price
MOVE = "Z-MONEY-2"           # move an animal from the barn
MOVE_BETWEEN = "Z-MONEY-3"   # move an animal between enclosures
MOVE_STALL = "Z-MONEY-4"     # move a vending stall
EXCHANGE = "Z-MONEY-5"       # exchange two groups of animals
PURCHASE = "Z-MONEY-6"       # buy a tile from another player's barn
DISCARD = "Z-MONEY-7"        # discard a tile from your barn
EXPAND = "Z-MONEY-8"         # expand the zoo
SITE_KINDS = ("enclosure", "stall", "barn")


@dataclass(frozen=True)
class Outcome:
    """The zoo after an action, and what happened on the way (in words)."""

    zoo: Zoo
    events: tuple[str, ...] = ()


def _refuse(reason: str, rule: str) -> IllegalAction:
    return IllegalAction(Refusal(reason, rule))


def _plural_species(species: str) -> str:
    return species if species.endswith("s") else species + "s"


def _pay(zoo: Zoo, action: str, rule: str = MONEY) -> Zoo:
    cost = COSTS[action]
    if zoo.coins < cost:
        raise _refuse(f"the {action} costs {plural(cost, 'coin')} and you have {zoo.coins}"
                      if action in ("restaurant", "pavilion") else
                      f"the {action} action costs {plural(cost, 'coin')} and you have {zoo.coins}", rule)
    return replace(zoo, coins=zoo.coins - cost)


def _enclosure(zoo: Zoo, key: str, rule: str = PLACING) -> Enclosure:
    try:
        return zoo.enclosure(key)
    except KeyError as exc:
        raise _refuse(exc.args[0], rule) from None


# -- the box (F20) ---------------------------------------------------------------------------------
def _grown(zoo: Zoo, species: str) -> tuple[int, int]:
    """Grown (non-offspring) animals and offspring of *species* in the zoo."""
    grown = zoo.barn.animals.count(species) - zoo.barn.young.count(species)
    young = zoo.barn.young.count(species)
    for e in zoo.enclosures:
        if e.species == species:
            grown += e.animals - e.offspring
            young += e.offspring
    return grown, young


def _unbred(zoo: Zoo, species: str, sex: str) -> int:
    return (zoo.barn.fertile.count(f"{species}-{sex}")
            + sum(e.fertile.count(sex) for e in zoo.enclosures if e.species == species))


def _box_refusal(zoo: Zoo, tile: Tile) -> Refusal | None:
    """Why the box cannot supply *tile* to this zoo (ruling F20), or None."""
    if tile.kind == "animal":
        grown, young = _grown(zoo, tile.name)
        if grown >= ANIMALS_PER_SPECIES:
            return Refusal(f"the box has {ANIMALS_PER_SPECIES} {tile.name} tiles and this zoo holds them all",
                           "F20")
        if tile.sex and _unbred(zoo, tile.name, tile.sex) + young >= FERTILE_PER_SEX:
            return Refusal(f"the box has {FERTILE_PER_SEX} fertile {tile.sex} {_plural_species(tile.name)}; "
                           "this zoo's unbred ones and offspring account for both", "F20")
    elif tile.kind == "stall" and tile.name in STALL_TYPES:
        if zoo.all_stalls()[tile.name] >= STALLS_PER_TYPE:
            return Refusal(f"the box has {STALLS_PER_TYPE} {tile.name} stalls and this zoo holds them all", "F20")
    return None
