"""The money actions on a zoo: move, exchange, purchase, discard, expand, and the buildings of the expansion.

Each costs coins (:data:`~zoobook.zooloretto.actions.common.COSTS`) and returns an
:class:`~zoobook.zooloretto.actions.common.Outcome`, or raises :class:`~zoobook.errors.IllegalAction`
naming its rule; a birth it sets off pays as the action does.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo
>>> buy_restaurant(new_zoo())
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: the restaurant costs 3 coins and you have 0 [Z-REST-1]
"""

from __future__ import annotations

from dataclasses import replace

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import plural
from zoobook.zooloretto.model import (
    RESTAURANT, RESTAURANT_KEY, SITE, SOUVENIR_SHOP, THREE_BUILDINGS, Enclosure, Tile, Zoo, max_expansion_boards,
)
from zoobook.zooloretto.actions.common import (
    BARN, DISCARD, EXCHANGE, EXPAND, MOVE, MOVE_BETWEEN, MOVE_STALL, OFFSPRING, PLACING, PURCHASE, Outcome,
    _enclosure, _grown, _pay, _plural_species, _refuse,
)
from zoobook.zooloretto.actions.placing import (
    refusal, _animal_refusal, _fill_coins, _give_birth, _needs_shop, _place, _put_animal, _stall_refusal,
)

__all__ = [
    "move_from_barn", "move_between", "move_stall", "exchange", "purchase", "discard", "expand", "buy_restaurant",
    "buy_pavilion",
]


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
    >>> from zoobook.zooloretto.actions import refusal_of
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
