"""Reading and writing a zoo in puzzle files (the ``zooloretto/score`` contract).

The keys are those of the puzzle-file contract (docs/puzzle-format.md)::

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

Every count is checked against the box (ruling F20): at most 2 pavilions, 3
markers of each kind (ASSUMED, Z10), 3 stalls of each type, one souvenir shop and
one restaurant, 11 tiles and 2 offspring per species, 2 fertile animals of each
sex per species (an offspring used up one of each), 30 coins, the species a
player count allows, and no more on an enclosure than it has spaces. The
souvenir shop cannot still be in the middle of the table once the zoo has an
offspring (the first offspring brings it, Z3 and Z10).

The barn's ``offspring`` is a count (the contract's form) or a list naming each
offspring's species (``offspring = ["zebra"]``). A bare count over several
species does not say whose the offspring are; it is valid when some assignment
of them to the barn's animals fits the box, and the score does not depend on
which (ruling Z11). The reader takes the first that fits, trying the species in
alphabetical order first; the writer names them wherever the barn holds several
species, so a save and a reload give the same zoo (Z8).

Examples
--------
>>> from zoobook.puzzles.fields import Table
>>> from zoobook.zooloretto.model import new_zoo, Barn
>>> from dataclasses import replace
>>> zoo = replace(new_zoo(expansions=()), barn=Barn(("camel", "zebra"), young=("zebra",)))
>>> zoo_dict(zoo)["barn"]["offspring"]
['zebra']
>>> read_zoo(Table(zoo_dict(zoo))) == zoo
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.explain import plural
from zoobook.puzzles.fields import Table
from zoobook.zooloretto.model import (
    BASE_KEYS, COINS_IN_BOX, ENCLOSURE_SPECS, EXPANSIONS, OFFSPRING_PER_SPECIES, PAVILIONS_IN_BOX,
    RESTAURANT, RESTAURANT_KEY, SITE, SOUVENIR_SHOP, SPECIES, STALL_TYPES, THREE_BUILDINGS,
    CONSTRUCTION_SITES, Barn, Enclosure, Middle, Zoo, box_problems, max_expansion_boards, sites_in_box,
)

__all__ = ["read_zoo", "zoo_dict", "implied_expansions", "check_box", "offspring_readings"]

SPACE_STALLS = STALL_TYPES + (SOUVENIR_SHOP, RESTAURANT, SITE)
BARN_STALLS = STALL_TYPES + (SOUVENIR_SHOP,)


def _read_enclosure(table: Table, key: str) -> Enclosure:
    spec = ENCLOSURE_SPECS[key]
    animals = table.items("animals", lambda v, k: _species(v, k), [])
    if len(set(animals)) > 1:
        raise table.error("animals", f"one species per enclosure, not {', '.join(sorted(set(animals)))}")
    offspring = table.integer("offspring", 0, low=0, high=len(animals))
    pavilions = table.integer("pavilions", 0, low=0, high=PAVILIONS_IN_BOX)
    sites = table.integer("sites", 0, low=0, high=sites_in_box("enclosure"))
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
    counts = Counter(animals)
    young = _read_young(table, counts)
    stalls = table.items("stalls", lambda v, k: _choice(v, k, BARN_STALLS, "a stall in the barn is"), [])
    sites = table.integer("sites", 0, low=0, high=sites_in_box("barn"))
    fertile = table.strings("fertile", [])
    for index, token in enumerate(fertile, 1):
        species, _, sex = token.partition("-")
        if sex not in ("male", "female") or species not in SPECIES:
            raise table.error(f"fertile[{index}]", f"write a fertile barn animal as 'zebra-male', not {token!r}")
    for species in counts:
        mine = sum(f.split("-")[0] == species for f in fertile)
        if mine + young.count(species) > counts[species]:
            raise table.error("fertile", f"more fertile and offspring {species}s than {species}s in the barn "
                                         "(an offspring is never fertile)")
    if any(f.split("-")[0] not in counts for f in fertile):
        raise table.error("fertile", "a fertile animal that is not among the barn's animals")
    table.done()
    return Barn(tuple(sorted(animals)), tuple(sorted(young)), tuple(sorted(stalls)), sites, tuple(sorted(fertile)))


def _read_young(table: Table, counts: Counter) -> list[str]:
    """The species of the barn's offspring: a list of species, or a count when that is unambiguous."""
    raw = table.raw("offspring", 0)
    if isinstance(raw, list):
        young = table.items("offspring", _species)
        for species, n in Counter(young).items():
            if n > counts[species]:
                raise table.error("offspring", f"{n} {species} offspring but {counts[species]} {species}s "
                                               "in the barn")
        return young
    total = table.integer("offspring", 0, low=0, high=sum(counts.values()))
    # A bare count over several species does not say whose they are: first give them to the species in
    # alphabetical order (each as far as it has animals that are not fertile, and 2 at most). When that
    # reading is more than the box holds, check_box tries the others (Z11). Scoring never needs the
    # species; the writer names them (a list) so a reload gives the same zoo.
    young: list[str] = []
    for species in sorted(counts):
        room = min(counts[species] - _fertile_count(table, species), OFFSPRING_PER_SPECIES)
        take = max(0, min(room, total - len(young)))
        young += [species] * take
    if len(young) < total:
        raise table.error("offspring", f"{total} offspring, but the barn has room for {len(young)} "
                                       "(an offspring is never fertile; 2 per species)")
    return young


def _fertile_count(table: Table, species: str) -> int:
    fertile = table.raw("fertile", [])
    return sum(isinstance(f, str) and f.split("-")[0] == species for f in fertile) if isinstance(fertile, list) else 0


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
        raise table.error("restaurant", "there is one restaurant and this zoo already has it (ruling Z10)")
    if middle.souvenir_shop and stalls[SOUVENIR_SHOP]:
        raise table.error("souvenir_shop", "there is one souvenir shop and this zoo already has it (ruling Z10)")
    if middle.souvenir_shop and zoo.offspring:
        raise table.error("souvenir_shop", "this zoo has an offspring, so the souvenir shop has left the middle "
                                           "of the table: the first offspring taken brings it (rulings Z3, Z10)")
    if middle.pavilions + zoo.pavilions > PAVILIONS_IN_BOX:
        raise table.error("pavilions", f"the box has {PAVILIONS_IN_BOX} pavilions and this zoo holds "
                                       f"{zoo.pavilions} (ruling F20)")
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


def offspring_readings(barn: Barn) -> Iterator[tuple[str, ...]]:
    """Every way to give the barn's offspring to its species (ruling Z11), alphabetical order first.

    A species takes at most as many offspring as it has animals that are not unbred fertile ones,
    and 2 at most (the box's offspring tiles); each reading is a sorted tuple, as ``Barn.young``.

    >>> list(offspring_readings(Barn(("camel", "camel", "zebra"), young=("camel",))))
    [('camel',), ('zebra',)]
    >>> list(offspring_readings(Barn(("camel", "zebra"), young=("camel", "zebra"), fertile=("zebra-male",))))
    []
    """
    counts = Counter(barn.animals)
    fertile = Counter(token.split("-")[0] for token in barn.fertile)
    species = sorted(counts)
    rooms = [max(0, min(counts[s] - fertile[s], OFFSPRING_PER_SPECIES)) for s in species]
    # Most to the alphabetically first species first: the reading a plain reader would take.
    for shares in itertools.product(*(range(room, -1, -1) for room in rooms)):
        if sum(shares) == barn.offspring:
            yield tuple(s for s, share in zip(species, shares) for _ in range(share))


def _bare_barn_count(top: Table, zoo: Zoo) -> bool:
    """Whether the file gave the barn's offspring as a bare count over several species (Z11)."""
    barn = top.raw("barn", None)
    return (isinstance(barn, dict) and not isinstance(barn.get("offspring", 0), list)
            and len(zoo.barn.species) > 1 and zoo.barn.offspring > 0)


def check_box(top: Table, zoo: Zoo, tiles=(), markers=(), *, tiles_key: str = "tiles") -> Zoo:
    """The zoo read from *top*, checked against the box with *tiles* to come and *markers* to place.

    Refuses a zoo the box cannot supply (ruling F20) with one :class:`PuzzleError` naming the key
    where the count first goes over. When the file gave the barn's offspring as a bare count over
    several species, the zoo is valid if some assignment of them to the barn's species fits, and
    that assignment is the zoo returned (ruling Z11; the score does not depend on which).
    """
    bare = _bare_barn_count(top, zoo)
    first = None
    for young in offspring_readings(zoo.barn) if bare else [zoo.barn.young]:
        candidate = replace(zoo, barn=replace(zoo.barn, young=young))
        problems = box_problems(candidate, tiles, markers)
        if not problems:
            return candidate
        first = first or problems[0]
    part, reason = first if first else box_problems(zoo, tiles, markers)[0]
    if bare:
        reason += (f"; no assignment of the barn's {plural(zoo.barn.offspring, 'offspring', 'offspring')} "
                   f"to its species ({', '.join(zoo.barn.species)}) fits the box (ruling Z11)")
    raise top.error(tiles_key if part == "tiles" else part, reason)


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
    coins = top.integer("coins", 0, low=0, high=COINS_IN_BOX)
    zoo = check_box(top, Zoo(players, frozenset(expansions), tuple(enclosures), barn, coins))
    zoo = Zoo(players, zoo.expansions | implied_expansions(zoo), zoo.enclosures, zoo.barn, coins)
    middle = _read_middle(top.table("middle") if "middle" in top else None, zoo)
    return check_box(top, Zoo(players, zoo.expansions, zoo.enclosures, zoo.barn, coins, middle))


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
    # A count is the contract's form; with offspring among several species the list says whose they are.
    offspring = barn.offspring if len(barn.species) <= 1 or not barn.young else list(barn.young)
    out["barn"] = {"animals": list(barn.animals), "offspring": offspring, "stalls": list(barn.stalls),
                   "sites": barn.sites}
    if barn.fertile:
        out["barn"]["fertile"] = list(barn.fertile)
    if THREE_BUILDINGS in zoo.expansions:
        out["middle"] = {"restaurant": zoo.middle.restaurant, "souvenir_shop": zoo.middle.souvenir_shop,
                         "pavilions": zoo.middle.pavilions}
    return out
