"""What a player may do to a zoo, and the reason for every refusal.

Each action is a function ``action(zoo, ...) -> Outcome`` that returns the new
zoo and what happened (a birth, coins for filling an enclosure, the souvenir
shop arriving), or raises :class:`IllegalAction` whose ``reason`` is the sentence
a referee would say. :func:`refusal` and :func:`legal_placements` answer "may I?"
without raising.

Placing (base game): an animal goes on an empty space of an enclosure holding
only its species (or none), or into the barn; a vending stall on an empty stall
space or into the barn; a coin tile is 1 coin. A fertile male and female of one
species in one enclosure produce one offspring, which goes into that enclosure
or, if it is full, the barn. Money actions cost 1 (move, exchange), 2 (purchase,
discard) or 3 coins (expand, and with Three Additional Buildings the restaurant
and a pavilion); with Construction Sites passing up to two of one's own markers
to opponents costs 1 coin.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Tile
>>> zoo = place_tile(new_zoo(), Tile.parse("zebra"), "5").zoo
>>> refusal(zoo, Tile.parse("camel"), "5")
'the 5-space enclosure holds zebras; one species per enclosure'
>>> buy_restaurant(zoo)
Traceback (most recent call last):
...
zoobook.zooloretto.actions.IllegalAction: the restaurant costs 3 coins and you have 0
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zoobook.assumed import assumed
from zoobook.explain import plural
from zoobook.rulings import cite
from zoobook.zooloretto.model import (
    CONSTRUCTION_SITES, RESTAURANT, RESTAURANT_KEY, SITE, SOUVENIR_SHOP, STALL_TYPES,
    THREE_BUILDINGS, Enclosure, Tile, Zoo, max_expansion_boards,
)

__all__ = [
    "IllegalAction", "Outcome", "BARN", "place_tile", "refusal", "legal_placements",
    "shop_destinations", "move_from_barn", "move_stall", "exchange", "purchase", "discard",
    "expand", "buy_restaurant", "buy_pavilion", "place_site", "site_destinations", "pass_sites",
]

BARN = "barn"
COSTS = {"move": 1, "exchange": 1, "purchase": 2, "discard": 2, "expand": 3,
         "restaurant": 3, "pavilion": 3, "pass sites": 1}


class IllegalAction(ValueError):
    """An action the rules forbid; ``reason`` says why in a referee's words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Outcome:
    """The zoo after an action, and what happened on the way (in words)."""

    zoo: Zoo
    events: tuple[str, ...] = ()


def _plural_species(species: str) -> str:
    return species if species.endswith("s") else species + "s"


def _pay(zoo: Zoo, action: str) -> Zoo:
    cost = COSTS[action]
    if zoo.coins < cost:
        raise IllegalAction(f"the {action} costs {plural(cost, 'coin')} and you have {zoo.coins}"
                            if action in ("restaurant", "pavilion") else
                            f"the {action} action costs {plural(cost, 'coin')} and you have {zoo.coins}")
    return replace(zoo, coins=zoo.coins - cost)


def _enclosure(zoo: Zoo, key: str) -> Enclosure:
    try:
        return zoo.enclosure(key)
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None


# -- placing animals and stalls ------------------------------------------------------------
def _animal_refusal(enclosure: Enclosure, species: str) -> str | None:
    if enclosure.species not in (None, species):
        return f"the {enclosure.name} holds {_plural_species(enclosure.species)}; one species per enclosure"
    if enclosure.free_spaces == 0:
        why = " (a construction-site marker takes no tile, ruling Z5)" if enclosure.sites else ""
        return f"the {enclosure.name} has no empty space{why}"
    return None


def _stall_refusal(enclosure: Enclosure) -> str | None:
    if enclosure.free_stall_spaces <= 0:
        marked = SITE in enclosure.stalls
        why = " (a construction-site marker takes no tile, ruling Z5)" if marked else ""
        return f"the {enclosure.name} has no empty vending stall space{why}"
    return None


def refusal(zoo: Zoo, tile: Tile, to: str) -> str | None:
    """Why *tile* may not go to *to* (an enclosure key or ``"barn"``), or None if it may."""
    if tile.kind == "coin":
        return None if to in (BARN, "coins") else "a coin tile goes to your coins, not onto a space"
    if to == BARN:
        return None
    if to not in zoo.keys:
        return f"this zoo has no enclosure {to!r} (it has {', '.join(zoo.keys)})"
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
            raise IllegalAction("the first offspring brings the souvenir shop: say which empty stall "
                                f"space it goes on ({', '.join(options)}) {cite('Z3')}")
        shop_to = options[0]
    if shop_to not in options:
        raise IllegalAction("the souvenir shop goes on an empty stall space, or into the barn only when "
                            f"none is empty {cite('Z3')}")
    zoo = replace(zoo, middle=replace(zoo.middle, souvenir_shop=False))
    if shop_to == BARN:
        return Outcome(replace(zoo, barn=zoo.barn.add_stall(SOUVENIR_SHOP)),
                       ("no empty stall space: the souvenir shop goes into the barn",))
    e = zoo.enclosure(shop_to)
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (SOUVENIR_SHOP,))),
                   (f"first offspring taken: the souvenir shop goes next to the {e.name}",))


def _put_animal(zoo: Zoo, key: str, species: str, sex: str | None, *, offspring: bool = False,
                shop_to: str | None = None, pays: bool = True) -> Outcome:
    """An animal into an enclosure (already checked), with any birth and filling coins."""
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
    birth = _give_birth(zoo, key, shop_to)
    return Outcome(birth.zoo, events + birth.events)


def _give_birth(zoo: Zoo, key: str, shop_to: str | None) -> Outcome:
    """A fertile pair has met in enclosure *key*: one offspring, into that enclosure or, if it is
    full, the barn; the first offspring of the game brings the souvenir shop (Z3)."""
    here = zoo.enclosure(key)
    species = here.species
    if here.free_spaces > 0:
        born = _put_animal(zoo, key, species, None, offspring=True)
        zoo, events = born.zoo, (f"a {species} is born in the {here.name}",) + born.events
    else:
        zoo = replace(zoo, barn=zoo.barn.add_animal(species, offspring=True))
        events = (f"a {species} is born; the {here.name} is full, so it goes into the barn",)
    if _needs_shop(zoo):
        shop = _take_shop(zoo, shop_to)
        zoo, events = shop.zoo, events + shop.events
    return Outcome(zoo, events)


def place_tile(zoo: Zoo, tile: Tile, to: str, *, shop_to: str | None = None) -> Outcome:
    """Place one tile from a truck; *shop_to* says where the souvenir shop goes if a birth brings it.

    >>> from zoobook.zooloretto.model import new_zoo
    >>> zoo = place_tile(new_zoo(), Tile.parse("zebra-male"), "4").zoo
    >>> out = place_tile(zoo, Tile.parse("zebra-female"), "4", shop_to="5")
    >>> out.events
    ('a zebra is born in the 4-space enclosure', 'first offspring taken: the souvenir shop goes next to the 5-space enclosure')
    >>> out.zoo.enclosure("4").animals, out.zoo.enclosure("5").stalls
    (3, ('souvenir-shop',))
    """
    why = refusal(zoo, tile, to)
    if why:
        raise IllegalAction(why)
    if tile.kind == "coin":
        return Outcome(replace(zoo, coins=zoo.coins + 1), ("+1 coin",))
    if to == BARN:
        barn = (zoo.barn.add_animal(tile.name, sex=tile.sex) if tile.kind == "animal"
                else zoo.barn.add_stall(tile.name))
        return Outcome(replace(zoo, barn=barn))
    if tile.kind == "stall":
        e = zoo.enclosure(to)
        return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (tile.name,))))
    return _put_animal(zoo, to, tile.name, tile.sex, shop_to=shop_to)


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
def move_from_barn(zoo: Zoo, species: str, to: str, *, sex: str | None = None,
                   offspring: bool = False, shop_to: str | None = None) -> Outcome:
    """Move action (1 coin): one animal from the barn into an enclosure."""
    barn = zoo.barn
    if species not in barn.animals:
        raise IllegalAction(f"there is no {species} in your barn")
    token = f"{species}-{sex}" if sex else None
    if token and token not in barn.fertile:
        raise IllegalAction(f"there is no fertile {sex} {species} in your barn")
    plain = barn.animals.count(species) - sum(f.startswith(species + "-") for f in barn.fertile)
    if not sex and not offspring and plain <= 0:
        raise IllegalAction(f"every {species} in your barn is fertile: say which one")
    why = _animal_refusal(_enclosure(zoo, to), species)
    if why:
        raise IllegalAction(why)
    zoo = _pay(zoo, "move")
    animals = list(barn.animals)
    animals.remove(species)
    fertile = list(barn.fertile)
    if token:
        fertile.remove(token)
    if offspring and barn.offspring == 0:
        raise IllegalAction("there is no offspring in your barn")
    zoo = replace(zoo, barn=replace(barn, animals=tuple(animals), fertile=tuple(fertile),
                                    offspring=barn.offspring - offspring))
    return _put_animal(zoo, to, species, sex, offspring=offspring, shop_to=shop_to,
                       pays=assumed("zooloretto.filling_coins_on_move"))


def move_stall(zoo: Zoo, stall: str, source: str, to: str) -> Outcome:
    """Move action (1 coin): one vending stall to another stall space or the barn.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(coins=5).with_enclosure(Enclosure("5", stalls=("site",)))
    >>> move_stall(zoo, "site", "5", "barn")
    Traceback (most recent call last):
    ...
    zoobook.zooloretto.actions.IllegalAction: the move action cannot move a construction-site marker (ruling Z5: Construction sites)
    """
    if stall == SITE:
        raise IllegalAction(f"the move action cannot move a construction-site marker {cite('Z5')}")
    if stall == RESTAURANT:
        raise IllegalAction(f"the restaurant is a permanent structure and never moves {cite('Z2')}")
    here = zoo.barn.stalls if source == BARN else _enclosure(zoo, source).stalls
    if stall not in here:
        raise IllegalAction(f"there is no {stall} {'in your barn' if source == BARN else 'at the ' + zoo.enclosure(source).name}")
    if to == source:
        raise IllegalAction("a move must change the stall's place")
    if to != BARN:
        why = _stall_refusal(_enclosure(zoo, to))
        if why:
            raise IllegalAction(why)
    zoo = _pay(zoo, "move")
    rest = list(here)
    rest.remove(stall)
    if source == BARN:
        zoo = replace(zoo, barn=replace(zoo.barn, stalls=tuple(rest)))
    else:
        zoo = zoo.with_enclosure(zoo.enclosure(source).with_stalls(rest))
    if to == BARN:
        return Outcome(replace(zoo, barn=zoo.barn.add_stall(stall)))
    e = zoo.enclosure(to)
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (stall,))))


def exchange(zoo: Zoo, first: str, second: str, *, barn_species: str | None = None,
             shop_to: str | None = None) -> Outcome:
    """Exchange action (1 coin): swap all animals of one place with all animals of another species
    in another place; both groups must fit.

    *second* is an enclosure key or ``"barn"`` (then *barn_species* names the barn's group).
    Animals from the barn may bring a fertile male and female together: each such pair has one
    offspring, as on any other arrival (*shop_to* places the souvenir shop if that is the first).
    Pavilions and construction-site markers stay where they are (Z4, Z5), so the room an
    enclosure offers is its size less its pavilions and markers.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure, Barn
    >>> zoo = new_zoo(expansions=(), coins=1).with_enclosure(Enclosure("4", "zebra", 1))
    >>> zoo = replace(zoo, barn=Barn(("camel", "camel", "camel")))
    >>> out = exchange(zoo, "4", "barn", barn_species="camel").zoo
    >>> out.enclosure("4").animals, out.barn.animals
    (3, ('zebra',))
    """
    if second == BARN:
        return _exchange_with_barn(zoo, first, barn_species, shop_to)
    a, b = _enclosure(zoo, first), _enclosure(zoo, second)
    if first == second:
        raise IllegalAction("an exchange needs two different enclosures")
    if not a.animals or not b.animals:
        raise IllegalAction("an exchange swaps two groups of animals; one enclosure is empty (use a move)")
    for group, target in ((a, b), (b, a)):
        _check_fits(group.animals, group.species, group.name, target)
    zoo = _pay(zoo, "exchange")
    moved_a = replace(a, species=b.species, animals=b.animals, offspring=b.offspring, fertile=b.fertile)
    moved_b = replace(b, species=a.species, animals=a.animals, offspring=a.offspring, fertile=a.fertile)
    coins = 0
    if assumed("zooloretto.filling_coins_on_exchange"):
        coins = _fill_coins(a, moved_a)[0] + _fill_coins(b, moved_b)[0]
    zoo = zoo.with_enclosure(moved_a).with_enclosure(moved_b)
    return Outcome(replace(zoo, coins=zoo.coins + coins))


def _check_fits(count: int, species: str, place: str, target: Enclosure) -> None:
    room = target.size - target.pavilions - target.sites
    if count > room:
        raise IllegalAction(f"the {plural(count, species)} of the {place} do not fit in the {target.name} "
                            f"({plural(room, 'space')} for animals)")


def _exchange_with_barn(zoo: Zoo, key: str, species: str | None, shop_to: str | None) -> Outcome:
    e, barn = _enclosure(zoo, key), zoo.barn
    if species is None or species not in barn.animals:
        raise IllegalAction(f"say which species of the barn to exchange; the barn holds "
                            f"{', '.join(barn.species) or 'no animals'}")
    if not e.animals:
        raise IllegalAction("an exchange swaps two groups of animals; the enclosure is empty (use a move)")
    if species == e.species:
        raise IllegalAction("an exchange swaps two different species")
    count = barn.animals.count(species)
    _check_fits(count, species, "barn", e)
    zoo = _pay(zoo, "exchange")
    # The barn keeps only a count of its offspring, not their species; scoring needs only the
    # zoo-wide count (the souvenir shop), which every choice here preserves.
    arriving_offspring = min(barn.offspring, count)
    fertile_in = [f.split("-")[1] for f in barn.fertile if f.startswith(species + "-")]
    animals = [a for a in barn.animals if a != species] + [e.species] * e.animals
    fertile = [f for f in barn.fertile if not f.startswith(species + "-")] + [f"{e.species}-{x}" for x in e.fertile]
    barn = replace(barn, animals=tuple(sorted(animals)), fertile=tuple(sorted(fertile)),
                   offspring=barn.offspring - arriving_offspring + e.offspring)
    pairs = min(fertile_in.count("male"), fertile_in.count("female"))
    unpaired = [sex for sex in ("male", "female") for _ in range(fertile_in.count(sex) - pairs)]
    moved = replace(e, species=species, animals=count, offspring=arriving_offspring,
                    fertile=tuple(sorted(unpaired)))
    outcome = Outcome(replace(zoo.with_enclosure(moved), barn=barn))
    for _ in range(pairs):  # each fertile animal breeds once
        birth = _give_birth(outcome.zoo, key, shop_to)
        outcome = Outcome(birth.zoo, outcome.events + birth.events)
    return outcome


def purchase(zoo: Zoo, tile: Tile, to: str, *, shop_to: str | None = None) -> Outcome:
    """Purchase action (2 coins: 1 to the seller, 1 to the bank): a tile from another barn, placed now."""
    if tile.kind == "coin":
        raise IllegalAction("only animals and vending stalls are in barns")
    why = refusal(zoo, tile, to)
    if why:
        raise IllegalAction(why)
    return place_tile(_pay(zoo, "purchase"), tile, to, shop_to=shop_to)


def discard(zoo: Zoo, tile: str) -> Outcome:
    """Discard action (2 coins): remove one tile (a species or a stall) from your own barn."""
    barn = zoo.barn
    if tile in barn.animals:
        zoo = _pay(zoo, "discard")
        animals = list(barn.animals)
        animals.remove(tile)
        plain = barn.animals.count(tile) - sum(f.startswith(tile + "-") for f in barn.fertile)
        fertile = list(barn.fertile)
        if plain <= 0:
            fertile.remove(next(f for f in fertile if f.startswith(tile + "-")))
        return Outcome(replace(zoo, barn=replace(barn, animals=tuple(animals), fertile=tuple(fertile))))
    if tile in barn.stalls:
        zoo = _pay(zoo, "discard")
        stalls = list(barn.stalls)
        stalls.remove(tile)
        return Outcome(replace(zoo, barn=replace(barn, stalls=tuple(stalls))))
    if tile == SITE or tile == "barn-site":
        raise IllegalAction("construction-site markers leave the barn only by passing them to an opponent "
                            f"{cite('Z5')}")
    raise IllegalAction(f"there is no {tile} in your barn")


def expand(zoo: Zoo) -> Outcome:
    """Expand action (3 coins): add an expansion board (once; twice in a 2-player game)."""
    limit = max_expansion_boards(zoo.players)
    if zoo.expansion_boards >= limit:
        raise IllegalAction(f"a {zoo.players}-player zoo may expand only {plural(limit, 'time')}")
    zoo = _pay(zoo, "expand")
    key = f"x{zoo.expansion_boards + 1}"
    return Outcome(replace(zoo, enclosures=zoo.enclosures + (Enclosure(key),)))


def buy_restaurant(zoo: Zoo) -> Outcome:
    """Buy the restaurant (3 coins), placed on two adjacent empty stall spaces (Z2)."""
    if not zoo.uses(THREE_BUILDINGS):
        raise IllegalAction("the restaurant belongs to Three Additional Buildings, not in this game")
    if not zoo.middle.restaurant:
        raise IllegalAction("the restaurant is no longer in the middle of the table")
    pair = zoo.enclosure(RESTAURANT_KEY)
    if SITE in pair.stalls:
        raise IllegalAction("a construction-site marker blocks the 4-space enclosure's pair of stall "
                            f"spaces {cite('Z5')}")
    if pair.stalls:
        raise IllegalAction("the restaurant needs two adjacent empty stall spaces; the 4-space enclosure's "
                            f"pair holds {', '.join(pair.stalls)} {cite('Z2')}")
    zoo = _pay(zoo, "restaurant")
    zoo = replace(zoo, middle=replace(zoo.middle, restaurant=False))
    return Outcome(zoo.with_enclosure(pair.with_stalls((RESTAURANT,))),
                   ("the restaurant opens next to the 4-space enclosure",))


def buy_pavilion(zoo: Zoo, to: str) -> Outcome:
    """Buy a pavilion (3 coins) onto an empty space of one of your enclosures (Z4); it pays no coins."""
    if not zoo.uses(THREE_BUILDINGS):
        raise IllegalAction("pavilions belong to Three Additional Buildings, not in this game")
    if zoo.middle.pavilions <= 0:
        raise IllegalAction("no pavilion is left in the middle of the table")
    e = _enclosure(zoo, to)
    if e.free_spaces == 0:
        raise IllegalAction(f"the {e.name} has no empty space for a pavilion")
    zoo = _pay(zoo, "pavilion")
    zoo = replace(zoo, middle=replace(zoo.middle, pavilions=zoo.middle.pavilions - 1))
    return Outcome(zoo.with_enclosure(replace(e, pavilions=e.pavilions + 1)))


# -- construction sites (placed into an opponent's zoo) ------------------------------------
SITE_KINDS = ("enclosure", "stall", "barn")


def site_destinations(zoo: Zoo, kind: str) -> list[str]:
    """Where a marker of *kind* may go in *zoo*; empty when it must be discarded (Z5)."""
    if kind == "enclosure":
        return [e.key for e in zoo.enclosures if e.free_spaces > 0]
    if kind == "stall":
        return [e.key for e in zoo.enclosures if e.free_stall_spaces > 0]
    if kind == "barn":
        return [BARN]
    raise IllegalAction(f"a construction site is one of {', '.join(SITE_KINDS)}, not {kind!r}")


def place_site(zoo: Zoo, kind: str, to: str | None = None) -> Outcome:
    """Put a construction-site marker of *kind* into this (an opponent's) zoo.

    With no legal space the marker is discarded and the zoo is unchanged.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",))
    >>> place_site(zoo, "stall", "4").zoo.enclosure("4").stalls
    ('site',)
    >>> full = zoo.with_enclosure(Enclosure("5", "camel", 5))
    >>> place_site(full, "enclosure", "5")
    Traceback (most recent call last):
    ...
    zoobook.zooloretto.actions.IllegalAction: the 5-space enclosure has no empty space
    """
    if not zoo.uses(CONSTRUCTION_SITES):
        raise IllegalAction("construction sites belong to the Construction Sites expansion, not in this game")
    options = site_destinations(zoo, kind)
    if not options:
        where = "enclosure space" if kind == "enclosure" else "vending stall space"
        return Outcome(zoo, (f"no empty {where}: the {kind} marker is discarded",))
    to = to if to is not None else (options[0] if len(options) == 1 else None)
    if to is None:
        raise IllegalAction(f"say where the {kind} marker goes ({', '.join(options)})")
    if to not in options:
        if to == BARN or kind == "barn":
            raise IllegalAction("a barn marker goes into the barn; enclosure and stall markers go on spaces")
        e = _enclosure(zoo, to)
        raise IllegalAction(_animal_refusal(e, e.species or "") if kind == "enclosure" else _stall_refusal(e))
    if kind == "barn":
        return Outcome(replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites + 1)))
    e = zoo.enclosure(to)
    if kind == "enclosure":
        return Outcome(zoo.with_enclosure(replace(e, sites=e.sites + 1)))
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (SITE,))))


def pass_sites(zoo: Zoo, markers) -> Outcome:
    """Money action (1 coin): take up to two of your own markers off your zoo to pass them on.

    *markers* is a list of ``(kind, where)``: ``("enclosure", "5")``, ``("stall", "4")``,
    ``("barn", "barn")``. The caller then places each into an opponent's zoo with
    :func:`place_site`.
    """
    markers = list(markers)
    if not 1 <= len(markers) <= 2:
        raise IllegalAction(f"one coin passes one or two construction-site markers, not {len(markers)} "
                            f"{cite('Z5')}")
    if not zoo.uses(CONSTRUCTION_SITES):
        raise IllegalAction("construction sites belong to the Construction Sites expansion, not in this game")
    zoo = _pay(zoo, "pass sites")
    for kind, where in markers:
        if kind == "barn":
            if zoo.barn.sites == 0:
                raise IllegalAction("there is no construction-site marker in your barn")
            zoo = replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites - 1))
            continue
        e = _enclosure(zoo, where)
        if kind == "enclosure" and e.sites:
            zoo = zoo.with_enclosure(replace(e, sites=e.sites - 1))
        elif kind == "stall" and SITE in e.stalls:
            stalls = list(e.stalls)
            stalls.remove(SITE)
            zoo = zoo.with_enclosure(e.with_stalls(stalls))
        else:
            raise IllegalAction(f"there is no {kind} construction-site marker at the {e.name}")
    return Outcome(zoo, (f"{plural(len(markers), 'marker')} to pass to opponents",))


assert set(STALL_TYPES).isdisjoint({SITE, RESTAURANT, SOUVENIR_SHOP})
