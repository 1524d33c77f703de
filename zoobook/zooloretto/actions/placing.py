"""Placing a tile in a zoo: where an animal or a stall may go, births, filling coins and the souvenir shop.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile
>>> zoo = place_tile(new_zoo(), Tile.parse("zebra"), "5").zoo
>>> print(refusal(zoo, Tile.parse("camel"), "5"))
the 5-space enclosure holds zebras; one species per enclosure [Z-PLACE-2]
"""

from __future__ import annotations

from dataclasses import replace

from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import plural, with_article
from zoobook.zooloretto.model import RESTAURANT, SITE, SOUVENIR_SHOP, STALL_TYPES, THREE_BUILDINGS, Enclosure, Tile, Zoo
from zoobook.zooloretto.actions.common import (
    BARN, EMPTY_SPACE, ONE_SPECIES, PLACING, STALL_SPACE, Outcome, _box_refusal, _plural_species, _refuse,
)

__all__ = ["refusal", "shop_destinations", "place_tile", "legal_placements"]


def _animal_refusal(enclosure: Enclosure, species: str) -> Refusal | None:
    if enclosure.species not in (None, species):
        return Refusal(f"the {enclosure.name} holds {_plural_species(enclosure.species)}; one species per "
                       "enclosure", ONE_SPECIES)
    if enclosure.free_spaces == 0:
        if enclosure.sites:
            return Refusal(f"the {enclosure.name} has no empty space (a construction-site marker takes no tile)",
                           "Z-SITES-6")
        return Refusal(f"the {enclosure.name} has no empty space", EMPTY_SPACE)
    return None


def _stall_refusal(enclosure: Enclosure) -> Refusal | None:
    if enclosure.free_stall_spaces <= 0:
        if SITE in enclosure.stalls:
            return Refusal(f"the {enclosure.name} has no empty vending stall space (a construction-site marker "
                           "takes no tile)", "Z-SITES-6")
        return Refusal(f"the {enclosure.name} has no empty vending stall space", STALL_SPACE)
    return None


def refusal(zoo: Zoo, tile: Tile, to: str) -> Refusal | None:
    """Why *tile* from a truck may not go to *to* (an enclosure key or ``"barn"``), or None if it may.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo().with_enclosure(Enclosure("5", "monkey", 2, fertile=("male", "male")))
    >>> print(refusal(zoo, Tile.parse("monkey-male"), "barn"))
    the box has 2 fertile male monkeys; this zoo's unbred ones and offspring account for both [F20]
    """
    if tile.kind == "coin":
        return None if to in (BARN, "coins") else Refusal("a coin tile goes to your coins, not onto a space",
                                                         PLACING)
    if tile.kind == "stall" and tile.name not in STALL_TYPES:
        if tile.name == SOUVENIR_SHOP:
            return Refusal("the souvenir shop never comes on a truck: the first offspring brings it", "Z-SHOP-1")
        return Refusal(f"{with_article(tile.name)} never comes on a truck",
                       "Z-REST-1" if tile.name == RESTAURANT else "Z-SITES-1")
    why = _box_refusal(zoo, tile)
    if why:
        return why
    if to == BARN:
        return None
    if to not in zoo.keys:
        return Refusal(f"this zoo has no enclosure {to!r} (it has {', '.join(zoo.keys)})", PLACING)
    enclosure = zoo.enclosure(to)
    return _animal_refusal(enclosure, tile.name) if tile.kind == "animal" else _stall_refusal(enclosure)


def _fill_coins(before: Enclosure, after: Enclosure, *, pays: bool = True) -> tuple[int, tuple[str, ...]]:
    if pays and after.is_full and not before.is_full and after.spec.filling_coins:
        coins = after.spec.filling_coins
        return coins, (f"the {after.name} is full: +{plural(coins, 'coin')}",)
    return 0, ()


def shop_destinations(zoo: Zoo) -> list[str]:
    """Where the souvenir shop may go: any empty stall space, the barn only when none is (Z3)."""
    spaces = [e.key for e in zoo.enclosures if e.free_stall_spaces > 0]
    return spaces or [BARN]


def _needs_shop(zoo: Zoo) -> bool:
    return zoo.uses(THREE_BUILDINGS) and zoo.middle.souvenir_shop


def _take_shop(zoo: Zoo, shop_to: str | None) -> Outcome:
    options = shop_destinations(zoo)
    if shop_to is None:
        if len(options) > 1:
            raise _refuse("the first offspring brings the souvenir shop: say which empty stall space it goes "
                          f"on ({', '.join(options)})", "Z-SHOP-2")
        shop_to = options[0]
    if shop_to not in options:
        raise _refuse("the souvenir shop goes on an empty stall space, or into the barn only when none is "
                      "empty", "Z-SHOP-2")
    zoo = replace(zoo, middle=replace(zoo.middle, souvenir_shop=False))
    if shop_to == BARN:
        return Outcome(replace(zoo, barn=zoo.barn.add_stall(SOUVENIR_SHOP)),
                       ("no empty stall space: the souvenir shop goes into the barn",))
    e = zoo.enclosure(shop_to)
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (SOUVENIR_SHOP,))),
                   (f"first offspring taken: the souvenir shop goes next to the {e.name}",))


def _put_animal(zoo: Zoo, key: str, species: str, sex: str | None, *, offspring: bool = False,
                shop_to: str | None = None, pays: bool = True) -> Outcome:
    """An animal into an enclosure (already checked), with any birth and filling coins.

    *pays* says whether filling the enclosure pays its coins: always for a tile from a truck,
    as the assumed values say for a move or an exchange (rulings Z1, Z7). A birth the arrival
    sets off is part of the same action and pays the same way.
    """
    before = zoo.enclosure(key)
    fertile = list(before.fertile)
    partner = {"male": "female", "female": "male"}.get(sex or "")
    born = partner in fertile
    if born:
        fertile.remove(partner)
    elif sex:
        fertile.append(sex)
    after = Enclosure(before.key, species, before.animals + 1, before.offspring + offspring,
                      before.pavilions, before.sites, before.stalls, tuple(sorted(fertile)))
    coins, events = _fill_coins(before, after, pays=pays)
    zoo = zoo.with_enclosure(after, coins=zoo.coins + coins)
    if not born:
        return Outcome(zoo, events)
    birth = _give_birth(zoo, key, shop_to, pays=pays)
    return Outcome(birth.zoo, events + birth.events)


def _give_birth(zoo: Zoo, key: str, shop_to: str | None, *, pays: bool = True) -> Outcome:
    """A fertile pair has met in enclosure *key*: one offspring, into that enclosure or, if it is
    full, the barn; the first offspring of the game brings the souvenir shop (Z3)."""
    here = zoo.enclosure(key)
    species = here.species
    if here.free_spaces > 0:
        born = _put_animal(zoo, key, species, None, offspring=True, pays=pays)
        zoo, events = born.zoo, (f"{with_article(species)} is born in the {here.name}",) + born.events
    else:
        zoo = replace(zoo, barn=zoo.barn.add_animal(species, offspring=True))
        events = (f"{with_article(species)} is born; the {here.name} is full, so it goes into the barn",)
    if _needs_shop(zoo):
        shop = _take_shop(zoo, shop_to)
        zoo, events = shop.zoo, events + shop.events
    return Outcome(zoo, events)


def _place(zoo: Zoo, tile: Tile, to: str, shop_to: str | None, *, offspring: bool = False) -> Outcome:
    """A tile already allowed onto *to*."""
    if tile.kind == "coin":
        return Outcome(replace(zoo, coins=zoo.coins + 1), ("+1 coin",))
    if to == BARN:
        barn = (zoo.barn.add_animal(tile.name, sex=tile.sex, offspring=offspring) if tile.kind == "animal"
                else zoo.barn.add_stall(tile.name))
        return Outcome(replace(zoo, barn=barn))
    if tile.kind == "stall":
        e = zoo.enclosure(to)
        return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (tile.name,))))
    return _put_animal(zoo, to, tile.name, tile.sex, offspring=offspring, shop_to=shop_to)


def place_tile(zoo: Zoo, tile: Tile, to: str, *, shop_to: str | None = None) -> Outcome:
    """Place one tile from a truck; *shop_to* says where the souvenir shop goes if a birth brings it.

    >>> from zoobook.zooloretto.model import new_zoo
    >>> zoo = place_tile(new_zoo(), Tile.parse("zebra-male"), "4").zoo
    >>> out = place_tile(zoo, Tile.parse("zebra-female"), "4", shop_to="5")
    >>> out.events  # doctest: +NORMALIZE_WHITESPACE
    ('a zebra is born in the 4-space enclosure',
     'first offspring taken: the souvenir shop goes next to the 5-space enclosure')
    >>> out.zoo.enclosure("4").animals, out.zoo.enclosure("5").stalls
    (3, ('souvenir-shop',))
    """
    why = refusal(zoo, tile, to)
    if why:
        raise IllegalAction(why)
    return _place(zoo, tile, to, shop_to)


def legal_placements(zoo: Zoo, tile: Tile) -> list[tuple[str, str | None]]:
    """Every ``(to, shop_to)`` a tile may take; ``shop_to`` is set when a birth brings the shop.

    >>> from zoobook.zooloretto.model import new_zoo
    >>> legal_placements(new_zoo(expansions=()), Tile.parse("kiosk"))
    [('5', None), ('4', None), ('6', None), ('barn', None)]
    """
    if tile.kind == "coin":
        return [("coins", None)]
    out = []
    for to in zoo.keys + (BARN,):
        if refusal(zoo, tile, to):
            continue
        if tile.kind == "animal" and to != BARN and _births(zoo, to, tile) and _needs_shop(zoo):
            # The shop's place is chosen after the offspring is in (the birth may fill a stall-less space).
            after = _put_animal_no_shop(zoo, to, tile)
            out.extend((to, shop) for shop in shop_destinations(after))
        else:
            out.append((to, None))
    return out


def _births(zoo: Zoo, key: str, tile: Tile) -> bool:
    partner = {"male": "female", "female": "male"}.get(tile.sex or "")
    return partner in zoo.enclosure(key).fertile


def _put_animal_no_shop(zoo: Zoo, key: str, tile: Tile) -> Zoo:
    return _put_animal(replace(zoo, middle=replace(zoo.middle, souvenir_shop=False)),
                       key, tile.name, tile.sex).zoo
