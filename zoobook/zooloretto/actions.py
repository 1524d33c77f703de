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

from dataclasses import dataclass, replace

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import plural, with_article
from zoobook.zooloretto.model import (
    ANIMALS_PER_SPECIES, CONSTRUCTION_SITES, FERTILE_PER_SEX, RESTAURANT, RESTAURANT_KEY, SITE,
    SOUVENIR_SHOP, STALL_TYPES, STALLS_PER_TYPE, THREE_BUILDINGS, Enclosure, Tile, Zoo,
    max_expansion_boards, sites_in_box,
)

__all__ = [
    "Outcome", "BARN", "SITE_KINDS", "place_tile", "refusal", "legal_placements",
    "shop_destinations", "move_from_barn", "move_between", "move_stall", "exchange", "purchase", "discard",
    "expand", "buy_restaurant", "buy_pavilion", "place_site", "site_destinations", "pass_sites",
    "own_markers", "refusal_of",
]

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


def refusal_of(action, zoo: Zoo, *args, **kwargs) -> Refusal | None:
    """Why *action* (any function of this module) may not be taken now, or None if it may.

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


# -- placing animals and stalls ------------------------------------------------------------
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


# -- money actions ---------------------------------------------------------------------------
def _which_animal(zoo: Zoo, species: str, sex: str | None, offspring: bool, verb: str) -> tuple[str | None, bool]:
    """The barn animal of *species* a move or discard means: an offspring, an unbred fertile one of
    *sex*, or (neither said) a plain one. With no plain one the player must say which (Z8)."""
    barn = zoo.barn
    if species not in barn.animals:
        raise _refuse(f"there is no {species} in your barn", MOVE if verb == "move" else DISCARD)
    if offspring and sex:
        raise _refuse("an offspring is never fertile", OFFSPRING)
    if not offspring and not sex and barn.plain(species) <= 0:
        kinds = (["an offspring"] if species in barn.young else []) + [
            f"a fertile {x}" for x in ("male", "female") if f"{species}-{x}" in barn.fertile]
        raise _refuse(f"every {species} in your barn is {' or '.join(kinds)}: say which one to {verb}", "Z8")
    try:
        barn.remove_animal(species, sex=sex, offspring=offspring)
    except ValueError as exc:
        raise _refuse(str(exc), "Z8") from None
    return sex, offspring


def move_from_barn(zoo: Zoo, species: str, to: str, *, sex: str | None = None,
                   offspring: bool = False, shop_to: str | None = None) -> Outcome:
    """Move action (1 coin): one animal from the barn into an enclosure.

    *sex* names an unbred fertile animal, *offspring* an offspring; with neither, a plain one.
    The animal keeps what it is: an offspring stays an offspring,
    a fertile animal may breed where it arrives (ruling Z8). Filling the enclosure pays its coins
    as ``assumed("zooloretto.filling_coins_on_move")`` says.

    >>> from zoobook.zooloretto.model import new_zoo, Barn
    >>> zoo = replace(new_zoo(expansions=(), coins=1), barn=Barn(("zebra",), young=("zebra",)))
    >>> move_from_barn(zoo, "zebra", "4")
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: every zebra in your barn is an offspring: say which one to move [Z8]
    >>> moved = move_from_barn(zoo, "zebra", "4", offspring=True).zoo
    >>> moved.enclosure("4").offspring, moved.barn.offspring
    (1, 0)
    """
    sex, offspring = _which_animal(zoo, species, sex, offspring, "move")
    why = _animal_refusal(_enclosure(zoo, to, MOVE), species)
    if why:
        raise IllegalAction(why)
    zoo = _pay(zoo, "move")
    zoo = replace(zoo, barn=zoo.barn.remove_animal(species, sex=sex, offspring=offspring))
    return _put_animal(zoo, to, species, sex, offspring=offspring, shop_to=shop_to,
                       pays=assumed("zooloretto.filling_coins_on_move"))


def move_between(zoo: Zoo, species: str, source: str, to: str, *, sex: str | None = None,
                 offspring: bool = False, shop_to: str | None = None) -> Outcome:
    """Move action (1 coin): one animal from enclosure *source* to enclosure *to*.

    The base move takes tiles from the barn into the zoo, or between enclosures, never into
    the barn (ruling Z10); with *source* ``"barn"`` this is :func:`move_from_barn`. *sex* names
    an unbred fertile animal, *offspring* an offspring; with neither, a plain one (one that is
    neither, or a fertile one that has bred). The animal keeps what it is and may breed where it
    arrives (ruling Z8); the enclosure it leaves keeps whatever coins its filling paid. Filling
    *to* pays its coins as ``assumed("zooloretto.filling_coins_on_move_between")`` says, births included.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=(), coins=1).with_enclosure(Enclosure("5", "zebra", 1, fertile=("male",)))
    >>> zoo = zoo.with_enclosure(Enclosure("4", "zebra", 1, fertile=("female",)))
    >>> print(refusal_of(move_between, zoo, "zebra", "5", "4"))
    the 5-space enclosure has no plain zebra (it has a fertile male): say which one to move [Z8]
    >>> out = move_between(zoo, "zebra", "5", "4", sex="male")
    >>> out.events
    ('a zebra is born in the 4-space enclosure',)
    >>> out.zoo.enclosure("4").animals, out.zoo.enclosure("4").offspring, out.zoo.enclosure("5") == Enclosure("5")
    (3, 1, True)
    """
    if source == BARN:
        return move_from_barn(zoo, species, to, sex=sex, offspring=offspring, shop_to=shop_to)
    if to == BARN:
        raise _refuse("a move takes tiles from the barn into the zoo, or between enclosures, never into the "
                      "barn", "Z-MONEY-3")
    here = _enclosure(zoo, source, MOVE_BETWEEN)
    if here.species != species or not here.animals:
        raise _refuse(f"there is no {species} in the {here.name}", MOVE_BETWEEN)
    if to == source:
        raise _refuse("a move must change the animal's place", MOVE_BETWEEN)
    _which_in_enclosure(here, sex, offspring)
    why = _animal_refusal(_enclosure(zoo, to, MOVE_BETWEEN), species)
    if why:
        raise IllegalAction(why)
    zoo = _pay(zoo, "move")
    fertile = list(here.fertile)
    if sex:
        fertile.remove(sex)
    left = here.animals - 1
    zoo = zoo.with_enclosure(replace(here, species=species if left else None, animals=left,
                                     offspring=here.offspring - offspring, fertile=tuple(fertile)))
    return _put_animal(zoo, to, species, sex, offspring=offspring, shop_to=shop_to,
                       pays=assumed("zooloretto.filling_coins_on_move_between"))


def _which_in_enclosure(here: Enclosure, sex: str | None, offspring: bool) -> None:
    """Refuse unless *here* holds the animal a move means: an offspring, an unbred fertile one of
    *sex*, or (neither said) a plain one (Z8)."""
    species = here.species
    if offspring and sex:
        raise _refuse("an offspring is never fertile", OFFSPRING)
    if offspring and not here.offspring:
        raise _refuse(f"there is no offspring {species} in the {here.name}", "Z8")
    if sex and sex not in here.fertile:
        raise _refuse(f"there is no unbred fertile {sex} {species} in the {here.name}", "Z8")
    if not offspring and not sex and here.animals - here.offspring - len(here.fertile) <= 0:
        kinds = (["an offspring"] if here.offspring else []) + [
            f"a fertile {x}" for x in ("male", "female") if x in here.fertile]
        raise _refuse(f"the {here.name} has no plain {species} (it has {' or '.join(kinds)}): say which one "
                      "to move", "Z8")


def move_stall(zoo: Zoo, stall: str, source: str, to: str) -> Outcome:
    """Move action (1 coin): one vending stall from the barn or a stall space to another stall space.

    The move takes tiles from the barn into the zoo, or between enclosures: never into the barn
    (ruling Z10).

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(coins=5).with_enclosure(Enclosure("5", stalls=("site",)))
    >>> move_stall(zoo, "site", "5", "6")
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: the move action cannot move a construction-site marker [Z-SITES-9]
    """
    if stall == SITE:
        raise _refuse("the move action cannot move a construction-site marker", "Z-SITES-9")
    if stall == RESTAURANT:
        raise _refuse("the restaurant is a permanent structure and never moves", "Z-REST-3")
    if to == BARN:
        raise _refuse("a move takes a vending stall from the barn into the zoo or to another stall space, "
                      "never into the barn", "Z-MONEY-4")
    here = zoo.barn.stalls if source == BARN else _enclosure(zoo, source, MOVE_STALL).stalls
    if stall not in here:
        where = "in your barn" if source == BARN else "at the " + zoo.enclosure(source).name
        raise _refuse(f"there is no {stall} {where}", MOVE_STALL)
    if to == source:
        raise _refuse("a move must change the stall's place", MOVE_STALL)
    why = _stall_refusal(_enclosure(zoo, to, MOVE_STALL))
    if why:
        raise IllegalAction(why)
    zoo = _pay(zoo, "move")
    rest = list(here)
    rest.remove(stall)
    if source == BARN:
        zoo = replace(zoo, barn=replace(zoo.barn, stalls=tuple(rest)))
    else:
        zoo = zoo.with_enclosure(zoo.enclosure(source).with_stalls(rest))
    e = zoo.enclosure(to)
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (stall,))))


def exchange(zoo: Zoo, first: str, second: str, *, barn_species: str | None = None,
             shop_to: str | None = None) -> Outcome:
    """Exchange action (1 coin): swap all animals of one species in one place with all animals of
    another species in another place; both groups must fit.

    *second* is an enclosure key or ``"barn"`` (then *barn_species* names the barn's group).
    Every animal keeps what it is -- offspring, unbred fertile, plain -- wherever it goes (Z8).
    Animals from the barn may bring a fertile male and female together: each such pair has one
    offspring, as on any other arrival (*shop_to* places the souvenir shop if that is the first).
    Pavilions and construction-site markers stay where they are (Z4, Z5), so the room an
    enclosure offers is its size less its pavilions and markers. Filling an enclosure by an
    exchange, a birth in it included, pays its coins only as
    ``assumed("zooloretto.filling_coins_on_exchange")`` says (ruling Z7).

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure, Barn
    >>> zoo = new_zoo(expansions=(), coins=1).with_enclosure(Enclosure("4", "zebra", 1))
    >>> zoo = replace(zoo, barn=Barn(("camel", "camel", "camel")))
    >>> out = exchange(zoo, "4", "barn", barn_species="camel").zoo
    >>> out.enclosure("4").animals, out.barn.animals
    (3, ('zebra',))
    """
    if second == BARN:
        return _exchange_with_barn(zoo, first, barn_species, shop_to)
    a, b = _enclosure(zoo, first, EXCHANGE), _enclosure(zoo, second, EXCHANGE)
    if first == second:
        raise _refuse("an exchange needs two different enclosures", EXCHANGE)
    if not a.animals or not b.animals:
        raise _refuse("an exchange swaps two groups of animals; one enclosure is empty (use a move)", EXCHANGE)
    if a.species == b.species:
        raise _refuse(f"an exchange swaps two different species; both enclosures hold "
                      f"{_plural_species(a.species)}", "Z7")
    for group, target in ((a, b), (b, a)):
        _check_fits(group.animals, group.species, group.name, target)
    zoo = _pay(zoo, "exchange")
    moved_a = replace(a, species=b.species, animals=b.animals, offspring=b.offspring, fertile=b.fertile)
    moved_b = replace(b, species=a.species, animals=a.animals, offspring=a.offspring, fertile=a.fertile)
    pays = assumed("zooloretto.filling_coins_on_exchange")
    coins_a, events_a = _fill_coins(a, moved_a, pays=pays)
    coins_b, events_b = _fill_coins(b, moved_b, pays=pays)
    zoo = zoo.with_enclosure(moved_a).with_enclosure(moved_b)
    return Outcome(replace(zoo, coins=zoo.coins + coins_a + coins_b), events_a + events_b)


def _check_fits(count: int, species: str, place: str, target: Enclosure) -> None:
    room = target.size - target.pavilions - target.sites
    if count > room:
        raise _refuse(f"the {plural(count, species)} of the {place} do not fit in the {target.name} "
                      f"({plural(room, 'space')} for animals)", EXCHANGE)


def _exchange_with_barn(zoo: Zoo, key: str, species: str | None, shop_to: str | None) -> Outcome:
    e, barn = _enclosure(zoo, key, EXCHANGE), zoo.barn
    if species is None or species not in barn.animals:
        raise _refuse(f"say which species of the barn to exchange; the barn holds "
                      f"{', '.join(barn.species) or 'no animals'}", EXCHANGE)
    if not e.animals:
        raise _refuse("an exchange swaps two groups of animals; the enclosure is empty (use a move)", EXCHANGE)
    if species == e.species:
        raise _refuse(f"an exchange swaps two different species; the {e.name} and the barn group are both "
                      f"{_plural_species(species)}", "Z7")
    count = barn.animals.count(species)
    _check_fits(count, species, "barn", e)
    zoo = _pay(zoo, "exchange")
    arriving_offspring = barn.young.count(species)
    fertile_in = [f.split("-")[1] for f in barn.fertile if f.split("-")[0] == species]
    animals = [a for a in barn.animals if a != species] + [e.species] * e.animals
    young = [y for y in barn.young if y != species] + [e.species] * e.offspring
    fertile = ([f for f in barn.fertile if f.split("-")[0] != species]
               + [f"{e.species}-{x}" for x in e.fertile])
    barn = replace(barn, animals=tuple(sorted(animals)), young=tuple(sorted(young)),
                   fertile=tuple(sorted(fertile)))
    pairs = min(fertile_in.count("male"), fertile_in.count("female"))
    unpaired = [sex for sex in ("male", "female") for _ in range(fertile_in.count(sex) - pairs)]
    moved = replace(e, species=species, animals=count, offspring=arriving_offspring,
                    fertile=tuple(sorted(unpaired)))
    pays = assumed("zooloretto.filling_coins_on_exchange")
    coins, events = _fill_coins(e, moved, pays=pays)
    zoo = replace(zoo.with_enclosure(moved), barn=barn)
    outcome = Outcome(replace(zoo, coins=zoo.coins + coins), events)
    for _ in range(pairs):  # each fertile animal breeds once
        birth = _give_birth(outcome.zoo, key, shop_to, pays=pays)
        outcome = Outcome(birth.zoo, outcome.events + birth.events)
    return outcome


def purchase(zoo: Zoo, tile: Tile, to: str, *, shop_to: str | None = None,
             offspring: bool = False) -> Outcome:
    """Purchase action (2 coins: 1 to the seller, 1 to the bank): a tile from another barn, placed now.

    *offspring* says the animal bought is an offspring (it stays one, ruling Z8). The souvenir
    shop can be bought from another barn only by a zoo that has none (there is one, ruling Z10).

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure, Middle
    >>> zoo = new_zoo(expansions=("three-buildings",), coins=2).with_enclosure(
    ...     Enclosure("5", stalls=("souvenir-shop",)))
    >>> purchase(replace(zoo, middle=Middle(True, False, 2)), Tile("stall", "souvenir-shop"), "6")
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: there is one souvenir shop in the box and this zoo has it [Z-SHOP-1]
    """
    if tile.kind == "coin":
        raise _refuse("only animals and vending stalls are in barns", PURCHASE)
    if offspring and (tile.kind != "animal" or tile.sex):
        raise _refuse("an offspring is an animal tile, never fertile", OFFSPRING)
    if tile.kind == "stall" and tile.name == SOUVENIR_SHOP:
        why = _shop_purchase_refusal(zoo, to)
    else:
        why = refusal(zoo, tile, to)
    if not why and offspring and _needs_shop(zoo):
        why = Refusal("no offspring has been taken while the souvenir shop is still in the middle of the "
                      "table, so there is none to buy", "Z-SHOP-1")
    if not why and offspring and _grown(zoo, tile.name)[1] >= 2:
        why = Refusal(f"the box has 2 {tile.name} offspring tiles and this zoo holds both", "F20")
    if why:
        raise IllegalAction(why)
    return _place(_pay(zoo, "purchase"), tile, to, shop_to, offspring=offspring)


def _shop_purchase_refusal(zoo: Zoo, to: str) -> Refusal | None:
    if not zoo.uses(THREE_BUILDINGS):
        return Refusal("the souvenir shop belongs to Three Additional Buildings, not in this game", "Z-BUILD-1")
    if zoo.all_stalls()[SOUVENIR_SHOP]:
        return Refusal("there is one souvenir shop in the box and this zoo has it", "Z-SHOP-1")
    if zoo.middle.souvenir_shop:
        return Refusal("the souvenir shop is still in the middle of the table: the first offspring brings it",
                       "Z-SHOP-1")
    if to == BARN:
        return None
    if to not in zoo.keys:
        return Refusal(f"this zoo has no enclosure {to!r} (it has {', '.join(zoo.keys)})", PLACING)
    return _stall_refusal(zoo.enclosure(to))


def discard(zoo: Zoo, tile: str, *, sex: str | None = None, offspring: bool = False) -> Outcome:
    """Discard action (2 coins): remove one tile (a species or a stall) from your own barn.

    For an animal, *sex* names an unbred fertile one and *offspring* an offspring; with neither,
    a plain one. The counts go with it: a discarded offspring
    no longer scores for the souvenir shop (ruling Z8).

    >>> from zoobook.zooloretto.model import new_zoo, Barn
    >>> zoo = replace(new_zoo(coins=2), barn=Barn(("zebra",), young=("zebra",)))
    >>> discard(zoo, "zebra", offspring=True).zoo.offspring
    0
    """
    barn = zoo.barn
    if tile in barn.animals:
        sex, offspring = _which_animal(zoo, tile, sex, offspring, "discard")
        zoo = _pay(zoo, "discard")
        return Outcome(replace(zoo, barn=zoo.barn.remove_animal(tile, sex=sex, offspring=offspring)))
    if tile in barn.stalls:
        zoo = _pay(zoo, "discard")
        stalls = list(barn.stalls)
        stalls.remove(tile)
        return Outcome(replace(zoo, barn=replace(barn, stalls=tuple(stalls))))
    if tile in (SITE, "barn-site", "site"):
        raise _refuse("construction-site markers leave the barn only by passing them to an opponent", "Z-SITES-9")
    raise _refuse(f"there is no {tile} in your barn", DISCARD)


def expand(zoo: Zoo) -> Outcome:
    """Expand action (3 coins): add an expansion board (once; twice in a 2-player game)."""
    limit = max_expansion_boards(zoo.players)
    if zoo.expansion_boards >= limit:
        raise _refuse(f"a {zoo.players}-player zoo may expand only {plural(limit, 'time')}",
                      EXPAND)
    zoo = _pay(zoo, "expand")
    key = f"x{zoo.expansion_boards + 1}"
    return Outcome(replace(zoo, enclosures=zoo.enclosures + (Enclosure(key),)))


def buy_restaurant(zoo: Zoo) -> Outcome:
    """Buy the restaurant (3 coins), placed on two adjacent empty stall spaces (Z2); there is one (Z10)."""
    if not zoo.uses(THREE_BUILDINGS):
        raise _refuse("the restaurant belongs to Three Additional Buildings, not in this game", "Z-BUILD-1")
    if zoo.owns_restaurant:
        raise _refuse("there is one restaurant in the box and this zoo has it", "Z-REST-1")
    if not zoo.middle.restaurant:
        raise _refuse("the restaurant is no longer in the middle of the table", "Z-REST-1")
    pair = zoo.enclosure(RESTAURANT_KEY)
    if SITE in pair.stalls:
        raise _refuse("a construction-site marker blocks the 4-space enclosure's pair of stall spaces", "Z-SITES-4")
    if pair.stalls:
        raise _refuse("the restaurant needs two adjacent empty stall spaces; the 4-space enclosure's pair "
                      f"holds {', '.join(pair.stalls)}", "Z-REST-2")
    zoo = _pay(zoo, "restaurant", "Z-REST-1")
    zoo = replace(zoo, middle=replace(zoo.middle, restaurant=False))
    return Outcome(zoo.with_enclosure(pair.with_stalls((RESTAURANT,))),
                   ("the restaurant opens next to the 4-space enclosure",))


def buy_pavilion(zoo: Zoo, to: str) -> Outcome:
    """Buy a pavilion (3 coins) onto an empty space of one of your enclosures (Z4); it pays no coins."""
    if not zoo.uses(THREE_BUILDINGS):
        raise _refuse("pavilions belong to Three Additional Buildings, not in this game", "Z-BUILD-1")
    if zoo.middle.pavilions <= 0:
        raise _refuse("no pavilion is left in the middle of the table", "Z-PAV-1")
    e = _enclosure(zoo, to, "Z-PAV-2")
    if e.free_spaces == 0:
        raise _refuse(f"the {e.name} has no empty space for a pavilion", "Z-PAV-2")
    zoo = _pay(zoo, "pavilion", "Z-PAV-1")
    zoo = replace(zoo, middle=replace(zoo.middle, pavilions=zoo.middle.pavilions - 1))
    return Outcome(zoo.with_enclosure(replace(e, pavilions=e.pavilions + 1)))


# -- construction sites (placed into an opponent's zoo) ------------------------------------
def site_destinations(zoo: Zoo, kind: str) -> list[str]:
    """Where a marker of *kind* may go in *zoo*; empty when it must be discarded (Z5)."""
    if kind == "enclosure":
        return [e.key for e in zoo.enclosures if e.free_spaces > 0]
    if kind == "stall":
        return [e.key for e in zoo.enclosures if e.free_stall_spaces > 0]
    if kind == "barn":
        return [BARN]
    raise _refuse(f"a construction site is one of {', '.join(SITE_KINDS)}, not {kind!r}", "Z-SITES-1")


def place_site(zoo: Zoo, kind: str, to: str | None = None) -> Outcome:
    """Put a construction-site marker of *kind* into this (an opponent's) zoo.

    With no legal space the marker is discarded and the zoo is unchanged. A zoo that already
    holds every marker of that kind the box has (ASSUMED 3, ruling Z10) cannot be given another.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",))
    >>> place_site(zoo, "stall", "4").zoo.enclosure("4").stalls
    ('site',)
    >>> full = zoo.with_enclosure(Enclosure("5", "camel", 5))
    >>> place_site(full, "enclosure", "5")
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: the 5-space enclosure has no empty space for the enclosure marker [Z-SITES-3]
    """
    if not zoo.uses(CONSTRUCTION_SITES):
        raise _refuse("construction sites belong to the Construction Sites expansion, not in this game", "Z-SITES-1")
    options = site_destinations(zoo, kind)
    if zoo.sites()[kind] >= sites_in_box(kind):
        raise _refuse(f"the box has {sites_in_box(kind)} {kind} markers and this zoo holds them all", "Z-SITES-1")
    if not options:
        where = "enclosure space" if kind == "enclosure" else "vending stall space"
        return Outcome(zoo, (f"no empty {where}: the {kind} marker is discarded",))
    to = to if to is not None else (options[0] if len(options) == 1 else None)
    if to is None:
        raise _refuse(f"say where the {kind} marker goes ({', '.join(options)})", "Z-SITES-2")
    if to not in options:
        if to == BARN or kind == "barn":
            raise _refuse("a barn marker goes into the barn; enclosure and stall markers go on spaces", "Z-SITES-5")
        e = _enclosure(zoo, to, "Z-SITES-3")
        if kind == "enclosure":
            raise _refuse(f"the {e.name} has no empty space for the enclosure marker", "Z-SITES-3")
        raise _refuse(f"the {e.name} has no empty vending stall space for the stall marker", "Z-SITES-4")
    if kind == "barn":
        return Outcome(replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites + 1)))
    e = zoo.enclosure(to)
    if kind == "enclosure":
        return Outcome(zoo.with_enclosure(replace(e, sites=e.sites + 1)))
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (SITE,))))


def own_markers(zoo: Zoo) -> list[tuple[str, str]]:
    """The construction-site markers in *zoo*, one ``(kind, where)`` per marker (for :func:`pass_sites`).

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",)).with_enclosure(Enclosure("5", sites=2))
    >>> own_markers(zoo)
    [('enclosure', '5'), ('enclosure', '5')]
    """
    out = []
    for e in zoo.enclosures:
        out += [("enclosure", e.key)] * e.sites + [("stall", e.key)] * e.stalls.count(SITE)
    return out + [("barn", BARN)] * zoo.barn.sites


def pass_sites(zoo: Zoo, markers) -> Outcome:
    """Money action (1 coin): take up to two of your own markers off your zoo to pass them on.

    *markers* is a list of ``(kind, where)``: ``("enclosure", "5")``, ``("stall", "4")``,
    ``("barn", "barn")``. The caller then places each into an opponent's zoo with
    :func:`place_site`.
    """
    markers = list(markers)
    if not 1 <= len(markers) <= 2:
        raise _refuse(f"one coin passes one or two construction-site markers, not {len(markers)}", "Z-SITES-10")
    if not zoo.uses(CONSTRUCTION_SITES):
        raise _refuse("construction sites belong to the Construction Sites expansion, not in this game", "Z-SITES-1")
    paid = _pay(zoo, "pass sites", "Z-SITES-10")
    zoo = paid
    for kind, where in markers:
        if kind == "barn":
            if where != BARN:  # a barn marker has one place: say so rather than take any word for it
                raise _refuse(f"a barn marker is in the barn, not at {where!r}", "Z-SITES-10")
            if zoo.barn.sites == 0:  # none at all, or fewer than this action names
                held = paid.barn.sites
                raise _refuse("there is no construction-site marker in your barn" if not held else
                              f"your barn holds {plural(held, 'construction-site marker')}, not "
                              f"{sum(k == 'barn' for k, _ in markers)}", "Z-SITES-10")
            zoo = replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites - 1))
            continue
        e = _enclosure(zoo, where, "Z-SITES-10")
        if kind == "enclosure" and e.sites:
            zoo = zoo.with_enclosure(replace(e, sites=e.sites - 1))
        elif kind == "stall" and SITE in e.stalls:
            stalls = list(e.stalls)
            stalls.remove(SITE)
            zoo = zoo.with_enclosure(e.with_stalls(stalls))
        else:
            raise _refuse(f"there is no {kind} construction-site marker at the {e.name}", "Z-SITES-10")
    return Outcome(zoo, (f"{plural(len(markers), 'marker')} to pass to opponents",))


assert set(STALL_TYPES).isdisjoint({SITE, RESTAURANT, SOUVENIR_SHOP})
