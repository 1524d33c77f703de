"""Reading and writing a zoo in puzzle files (the ``zooloretto/score`` contract).

The keys are those of the workplace spec::

    players = 2
    expansions = ["three-buildings"]      # and/or "construction-sites"
    expansion_boards = 1                  # 0-2
    [enclosure.4]                         # "5", "4", "6", "x1", "x2": every enclosure the zoo has
    animals = ["zebra", "zebra", "zebra"]
    offspring = 1
    pavilions = 0
    sites = 0
    stalls = ["restaurant"]
    [barn]
    animals = ["camel", "camel"]
    offspring = 0
    stalls = ["snack"]
    sites = 1

zoobook adds three optional keys the decision puzzles need: ``coins`` (the
player's coins), ``fertile`` in an enclosure (the unbred fertile animals there,
``["male"]``) or in the barn (``["zebra-female"]``), and a ``[middle]`` table
saying what Three Additional Buildings still has in the middle of the table
(by default: whatever this zoo does not hold; the souvenir shop is gone once
the zoo has an offspring).

Every count is checked against the box: at most 2 pavilions, 3 markers of each
kind, 3 stalls of each type, one souvenir shop and one restaurant, the species
a player count allows, and no more on an enclosure than it has spaces.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.explain import plural
from zoobook.puzzles.fields import Table
from zoobook.zooloretto.model import (
    ANIMALS_PER_SPECIES, BASE_KEYS, CONSTRUCTION_SITES, ENCLOSURE_SPECS, EXPANSIONS, FERTILE_PER_SEX,
    OFFSPRING_PER_SPECIES, PAVILIONS_IN_BOX, RESTAURANT, RESTAURANT_KEY, SITE, SITES_PER_KIND,
    SOUVENIR_SHOP, SPECIES, SPECIES_IN_PLAY, STALL_TYPES, STALLS_PER_TYPE, THREE_BUILDINGS, Barn,
    Enclosure, Middle, Zoo, max_expansion_boards,
)

__all__ = ["read_zoo", "zoo_dict", "implied_expansions"]

SPACE_STALLS = STALL_TYPES + (SOUVENIR_SHOP, RESTAURANT, SITE)
BARN_STALLS = STALL_TYPES + (SOUVENIR_SHOP,)


def _read_enclosure(table: Table, key: str) -> Enclosure:
    spec = ENCLOSURE_SPECS[key]
    animals = table.items("animals", lambda v, k: _species(v, k), [])
    if len(set(animals)) > 1:
        raise table.error("animals", f"one species per enclosure, not {', '.join(sorted(set(animals)))}")
    offspring = table.integer("offspring", 0, low=0, high=len(animals))
    pavilions = table.integer("pavilions", 0, low=0, high=PAVILIONS_IN_BOX)
    sites = table.integer("sites", 0, low=0, high=SITES_PER_KIND)
    stalls = table.items("stalls", lambda v, k: _choice(v, k, SPACE_STALLS, "a vending stall space holds"), [])
    fertile = table.items("fertile", lambda v, k: _choice(v, k, ("male", "female"), "a fertile animal is"), [])
    if RESTAURANT in stalls and (key != RESTAURANT_KEY or len(stalls) > 1):
        raise table.error("stalls", "the restaurant covers the 4-space enclosure's two adjacent stall spaces, "
                                    "so it stands alone there as [\"restaurant\"] (ruling Z2)")
    used = 2 if RESTAURANT in stalls else len(stalls)
    if used > spec.stall_spaces:
        raise table.error("stalls", f"the {spec.name} has {plural(spec.stall_spaces, 'vending stall space')}, "
                                    f"not {used}")
    if len(animals) + pavilions + sites > spec.size:
        raise table.error("animals", f"the {spec.name} has {spec.size} spaces, not room for "
                                     f"{len(animals)} animals, {pavilions} pavilions and {sites} markers")
    if len(set(fertile)) > 1:
        raise table.error("fertile", "an unbred fertile male and female of one species would have bred")
    if len(fertile) > len(animals) - offspring:
        raise table.error("fertile", "more fertile animals than grown animals in the enclosure")
    table.done()
    return Enclosure(key, animals[0] if animals else None, len(animals), offspring, pavilions, sites,
                     tuple(sorted(stalls)), tuple(fertile))


def _species(value: Any, key: str) -> str:
    return _choice(value, key, SPECIES, "an animal is")


def _choice(value: Any, key: str, options, what: str) -> str:
    if not isinstance(value, str) or value not in options:
        raise PuzzleError(f"{what} one of {', '.join(options)}, not {value!r}", key=key)
    return value


def _read_barn(table: Table) -> Barn:
    animals = table.items("animals", _species, [])
    offspring = table.integer("offspring", 0, low=0, high=len(animals))
    stalls = table.items("stalls", lambda v, k: _choice(v, k, BARN_STALLS, "a stall in the barn is"), [])
    sites = table.integer("sites", 0, low=0, high=SITES_PER_KIND)
    fertile = table.strings("fertile", [])
    counts = Counter(animals)
    for index, token in enumerate(fertile, 1):
        species, _, sex = token.partition("-")
        if sex not in ("male", "female") or species not in SPECIES:
            raise table.error(f"fertile[{index}]", f"write a fertile barn animal as 'zebra-male', not {token!r}")
    for token, n in Counter(fertile).items():
        species = token.split("-")[0]
        if sum(f.startswith(species + "-") for f in fertile) > counts[species]:
            raise table.error("fertile", f"more fertile {species}s than {species}s in the barn")
        if n > FERTILE_PER_SEX:
            raise table.error("fertile", f"the box has only {FERTILE_PER_SEX} tiles '{token}'")
    table.done()
    return Barn(tuple(sorted(animals)), offspring, tuple(sorted(stalls)), sites, tuple(sorted(fertile)))


def _read_middle(table: Table | None, zoo: Zoo) -> Middle:
    if THREE_BUILDINGS not in zoo.expansions:
        if table is not None:
            raise PuzzleError("only Three Additional Buildings puts tiles in the middle", key="middle")
        return Middle(False, False, 0)
    stalls = zoo.all_stalls()
    default = Middle(not zoo.owns_restaurant, not stalls[SOUVENIR_SHOP] and zoo.offspring == 0,
                     PAVILIONS_IN_BOX - zoo.pavilions)
    if table is None:
        return default
    middle = Middle(table.boolean("restaurant", default.restaurant),
                    table.boolean("souvenir_shop", default.souvenir_shop),
                    table.integer("pavilions", default.pavilions, low=0, high=PAVILIONS_IN_BOX))
    if middle.restaurant and zoo.owns_restaurant:
        raise table.error("restaurant", "this zoo already has the restaurant")
    if middle.souvenir_shop and stalls[SOUVENIR_SHOP]:
        raise table.error("souvenir_shop", "this zoo already has the souvenir shop")
    if middle.pavilions + zoo.pavilions > PAVILIONS_IN_BOX:
        raise table.error("pavilions", f"the box has {PAVILIONS_IN_BOX} pavilions and this zoo holds "
                                       f"{zoo.pavilions}")
    table.done()
    return middle


def implied_expansions(zoo: Zoo) -> frozenset[str]:
    """The expansions whose components the zoo shows, listed or not.

    The spec's own example lists only "three-buildings" yet has a barn marker; such a
    file is accepted and scored with the expansion its components imply (and Z6
    flags the combination) rather than refused.
    """
    stalls = zoo.all_stalls()
    implied = set()
    if stalls[RESTAURANT] or stalls[SOUVENIR_SHOP] or zoo.pavilions:
        implied.add(THREE_BUILDINGS)
    if any(zoo.sites().values()):
        implied.add(CONSTRUCTION_SITES)
    return frozenset(implied)


def _check_box(top: Table, zoo: Zoo) -> None:
    """Counts that span the zoo: species in play, stalls, pavilions, markers."""
    stalls = zoo.all_stalls()
    where = "enclosure" if any(e.stalls for e in zoo.enclosures) else "barn"
    if stalls[SOUVENIR_SHOP] > 1:
        raise top.error(where, "there is only one souvenir shop")
    if zoo.pavilions > PAVILIONS_IN_BOX:
        raise top.error("enclosure", f"the box has {PAVILIONS_IN_BOX} pavilions, not {zoo.pavilions}")
    for kind, count in zoo.sites().items():
        if count > SITES_PER_KIND:
            raise top.error("enclosure", f"the box has {SITES_PER_KIND} {kind} markers, not {count}")
    for stall in STALL_TYPES:
        if stalls[stall] > STALLS_PER_TYPE:
            raise top.error(where, f"the box has {STALLS_PER_TYPE} {stall} stalls, not {stalls[stall]}")
    animals = Counter(zoo.barn.animals)
    offspring = Counter()
    for e in zoo.enclosures:
        if e.species:
            animals[e.species] += e.animals
            offspring[e.species] += e.offspring
    in_play = SPECIES_IN_PLAY[zoo.players]
    if len(animals) > in_play:
        raise top.error("players", f"a {zoo.players}-player game has {in_play} species, this zoo shows "
                                   f"{len(animals)} ({', '.join(sorted(animals))})")
    for species, n in animals.items():
        if n > ANIMALS_PER_SPECIES + OFFSPRING_PER_SPECIES:
            raise top.error("enclosure", f"the box has {ANIMALS_PER_SPECIES} {species} tiles and "
                                         f"{OFFSPRING_PER_SPECIES} offspring, not {n}")
        if offspring[species] > OFFSPRING_PER_SPECIES:
            raise top.error("enclosure", f"the box has {OFFSPRING_PER_SPECIES} {species} offspring, "
                                         f"not {offspring[species]}")
    if zoo.offspring > OFFSPRING_PER_SPECIES * in_play:
        raise top.error("barn", f"a {zoo.players}-player game has {OFFSPRING_PER_SPECIES * in_play} offspring "
                                f"tiles, not {zoo.offspring}")


def read_zoo(top: Table) -> Zoo:
    """The zoo described by the keys of a puzzle file (see the module docstring)."""
    players = top.integer("players", low=2, high=5)
    expansions = top.items("expansions", lambda v, k: _choice(v, k, EXPANSIONS, "an expansion is"), [])
    if len(set(expansions)) < len(expansions):
        raise top.error("expansions", "an expansion is listed twice")
    boards = top.integer("expansion_boards", 0, low=0, high=max_expansion_boards(players))
    keys = BASE_KEYS + tuple(f"x{i}" for i in range(1, boards + 1))
    enclosures_table = top.table("enclosure")
    for name in enclosures_table.keys():
        if name not in keys:
            reason = (f"this zoo has {plural(boards, 'expansion board')}, so no enclosure {name!r}"
                      if name in ENCLOSURE_SPECS else f"enclosures are {', '.join(keys)}, not {name!r}")
            raise enclosures_table.error(name, reason)
    enclosures = []
    for key in keys:
        if key not in enclosures_table:
            raise enclosures_table.error(key, "missing: every enclosure the zoo has is listed, even when empty")
        enclosures.append(_read_enclosure(enclosures_table.table(key), key))
    enclosures_table.done()
    barn = _read_barn(top.table("barn")) if "barn" in top else Barn()
    coins = top.integer("coins", 0, low=0, high=99)
    zoo = Zoo(players, frozenset(expansions), tuple(enclosures), barn, coins)
    _check_box(top, zoo)
    zoo = Zoo(players, zoo.expansions | implied_expansions(zoo), zoo.enclosures, barn, coins)
    middle = _read_middle(top.table("middle") if "middle" in top else None, zoo)
    return Zoo(players, zoo.expansions, zoo.enclosures, barn, coins, middle)


def zoo_dict(zoo: Zoo, *, expansions_order=EXPANSIONS) -> dict[str, Any]:
    """The keys of a puzzle file describing *zoo* (round-trips with :func:`read_zoo`)."""
    out: dict[str, Any] = {"players": zoo.players,
                           "expansions": [x for x in expansions_order if x in zoo.expansions],
                           "expansion_boards": zoo.expansion_boards}
    if zoo.coins:
        out["coins"] = zoo.coins
    enclosures = {}
    for e in zoo.enclosures:
        table: dict[str, Any] = {"animals": [e.species] * e.animals}
        for name in ("offspring", "pavilions", "sites"):
            if getattr(e, name):
                table[name] = getattr(e, name)
        if e.stalls:
            table["stalls"] = list(e.stalls)
        if e.fertile:
            table["fertile"] = list(e.fertile)
        enclosures[e.key] = table
    out["enclosure"] = enclosures
    barn = zoo.barn
    out["barn"] = {"animals": list(barn.animals), "offspring": barn.offspring, "stalls": list(barn.stalls),
                   "sites": barn.sites}
    if barn.fertile:
        out["barn"]["fertile"] = list(barn.fertile)
    if THREE_BUILDINGS in zoo.expansions:
        out["middle"] = {"restaurant": zoo.middle.restaurant, "souvenir_shop": zoo.middle.souvenir_shop,
                         "pavilions": zoo.middle.pavilions}
    return out
