"""The zoo of one Zooloretto player: enclosures, stall spaces, barn, coins and tiles.

Everything here is a frozen value. A :class:`Zoo` knows its boards (the base
board's 5-, 4- and 6-space enclosures and up to two expansion boards), what
stands on every space, the barn, the player's coins, and what is still in the
middle of the table (restaurant, souvenir shop, pavilions). Rules that change a
zoo live in :mod:`~zoobook.zooloretto.actions`; scoring in
:mod:`~zoobook.zooloretto.scoring`.

Spaces of one enclosure are interchangeable, so an enclosure is stored as counts
(animals, offspring among them, pavilions, construction-site markers) rather than
as a list of labelled spaces.

Examples
--------
>>> zoo = new_zoo(players=2, expansion_boards=1)
>>> [e.name for e in zoo.enclosures]
['5-space enclosure', '4-space enclosure', '6-space enclosure', 'expansion enclosure 1']
>>> zoo.enclosure("4").stall_spaces, zoo.enclosure("x1").spec.full_points
(2, 9)
>>> Tile.parse("zebra-male")
Tile(kind='animal', name='zebra', sex='male')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from zoobook.assumed import assumed

__all__ = [
    "SPECIES", "STALL_TYPES", "SOUVENIR_SHOP", "RESTAURANT", "SITE", "THREE_BUILDINGS",
    "CONSTRUCTION_SITES", "EXPANSIONS", "SPECIES_IN_PLAY", "PAVILIONS_IN_BOX", "SITES_PER_KIND",
    "EnclosureSpec", "ENCLOSURE_SPECS", "BASE_KEYS", "Enclosure", "Barn", "Middle", "Zoo", "Tile",
    "new_zoo", "max_expansion_boards", "sites_in_box", "box_problems", "COINS_IN_BOX", "COIN_TILES",
]

SPECIES = ("camel", "elephant", "flamingo", "kangaroo", "leopard", "monkey", "panda", "zebra")
#: The four base vending stall types (the printed names differ by edition).
STALL_TYPES = ("kiosk", "barrow", "snack", "popcorn")
SOUVENIR_SHOP = "souvenir-shop"
RESTAURANT = "restaurant"
#: A stall construction-site marker on a stall space.
SITE = "site"
THREE_BUILDINGS = "three-buildings"
CONSTRUCTION_SITES = "construction-sites"
EXPANSIONS = (THREE_BUILDINGS, CONSTRUCTION_SITES)
#: Species in play by player count (base game).
SPECIES_IN_PLAY = {2: 5, 3: 6, 4: 7, 5: 8}
#: "Place the 4 tiles face up": restaurant, souvenir shop and two pavilions.
PAVILIONS_IN_BOX = 2
#: Ruling Z5/Z10 (ASSUMED): 9 markers, 3 of each kind. The box count lives in the assumed-values
#: file (``zooloretto.construction_site_markers``); read it with :func:`sites_in_box`. This constant
#: is the printed default, kept for callers that only name the kinds.
SITES_PER_KIND = 3
#: Base game: 30 coins and 12 coin tiles in the box.
COINS_IN_BOX = 30
COIN_TILES = 12
#: Base game: 12 vending stalls, 4 types x 3; 2 offspring tiles per species.
STALLS_PER_TYPE = 3
OFFSPRING_PER_SPECIES = 2
#: 7 plain + 2 fertile males + 2 fertile females per species.
ANIMALS_PER_SPECIES = 11
FERTILE_PER_SEX = 2


@dataclass(frozen=True)
class EnclosureSpec:
    """One printed enclosure: its size, stall spaces and what it pays."""

    key: str
    name: str
    size: int
    stall_spaces: int
    full_points: int
    short_points: int
    filling_coins: int


ENCLOSURE_SPECS = {
    "5": EnclosureSpec("5", "5-space enclosure", 5, 1, 8, 5, 2),
    "4": EnclosureSpec("4", "4-space enclosure", 4, 2, 5, 4, 1),
    "6": EnclosureSpec("6", "6-space enclosure", 6, 1, 10, 6, 0),
    "x1": EnclosureSpec("x1", "expansion enclosure 1", 5, 1, 9, 5, 1),
    "x2": EnclosureSpec("x2", "expansion enclosure 2", 5, 1, 9, 5, 1),
}
BASE_KEYS = ("5", "4", "6")
#: Only the 4-space enclosure has two adjacent stall spaces (Z2: the restaurant's pair).
RESTAURANT_KEY = "4"


def max_expansion_boards(players: int) -> int:
    """Expanding is allowed once per player, twice in a 2-player game.

    >>> max_expansion_boards(2), max_expansion_boards(4)
    (2, 1)
    """
    return 2 if players == 2 else 1


@dataclass(frozen=True)
class Enclosure:
    """One enclosure and its stall spaces.

    Attributes
    ----------
    key : str
        ``"5"``, ``"4"``, ``"6"``, ``"x1"`` or ``"x2"``.
    species : str or None
        The one species living here (None while empty of animals).
    animals : int
        Animal tiles here, offspring included.
    offspring : int
        How many of those animals are offspring.
    pavilions, sites : int
        Pavilions (Z4) and construction-site markers (Z5) on its spaces.
    stalls : tuple of str
        What stands on its stall spaces: stall types, ``"souvenir-shop"``,
        ``"restaurant"`` (alone, covering both spaces of the 4-space enclosure) or
        ``"site"`` (a stall construction-site marker).
    fertile : tuple of str
        The fertile animals here that have not bred yet, by sex (``"male"``/``"female"``).
    """

    key: str
    species: str | None = None
    animals: int = 0
    offspring: int = 0
    pavilions: int = 0
    sites: int = 0
    stalls: tuple[str, ...] = ()
    fertile: tuple[str, ...] = ()

    def __hash__(self) -> int:
        # Solvers hash zoos by the ten thousand; a frozen value may keep its hash.
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.key, self.species, self.animals, self.offspring, self.pavilions,
                           self.sites, self.stalls, self.fertile))
            object.__setattr__(self, "_hash", cached)
        return cached

    @property
    def spec(self) -> EnclosureSpec:
        return ENCLOSURE_SPECS[self.key]

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def size(self) -> int:
        return self.spec.size

    @property
    def stall_spaces(self) -> int:
        return self.spec.stall_spaces

    @property
    def free_spaces(self) -> int:
        """Spaces holding nothing at all (a marked space is not free: Z5)."""
        return self.size - self.animals - self.pavilions - self.sites

    @property
    def occupied(self) -> int:
        """What scoring counts against the size: animals and pavilions, not markers (Z4, Z5)."""
        return self.animals + self.pavilions

    @property
    def is_full(self) -> bool:
        return self.occupied == self.size

    @property
    def used_stall_spaces(self) -> int:
        return sum(2 if s == RESTAURANT else 1 for s in self.stalls)

    @property
    def free_stall_spaces(self) -> int:
        return self.stall_spaces - self.used_stall_spaces

    @property
    def has_vending_stall(self) -> bool:
        """A stall, the souvenir shop or the restaurant stands here (a marker is none: Z5)."""
        return any(s != SITE for s in self.stalls)

    def with_stalls(self, stalls) -> "Enclosure":
        return replace(self, stalls=tuple(sorted(stalls)))


@dataclass(frozen=True)
class Barn:
    """The barn: unlimited room for animals and stalls, and barn construction-site markers.

    ``animals`` is a sorted tuple of species (offspring included). ``young`` names the
    species of the offspring among them and ``fertile`` the unbred fertile animals as
    ``"zebra-male"`` tokens, so every barn animal is exactly one of: offspring, unbred
    fertile, or plain (ruling Z8: moves, exchanges and discards keep these in step).
    """

    animals: tuple[str, ...] = ()
    young: tuple[str, ...] = ()
    stalls: tuple[str, ...] = ()
    sites: int = 0
    fertile: tuple[str, ...] = ()

    @property
    def offspring(self) -> int:
        """How many barn animals are offspring."""
        return len(self.young)

    @property
    def species(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.animals)))

    @property
    def stall_types(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.stalls)))

    def plain(self, species: str) -> int:
        """Grown barn animals of *species* that are not unbred fertile ones."""
        return (self.animals.count(species) - self.young.count(species)
                - sum(f.split("-")[0] == species for f in self.fertile))

    def add_animal(self, species: str, *, offspring: bool = False, sex: str | None = None) -> "Barn":
        fertile = self.fertile + ((f"{species}-{sex}",) if sex else ())
        young = self.young + ((species,) if offspring else ())
        return replace(self, animals=tuple(sorted(self.animals + (species,))),
                       young=tuple(sorted(young)), fertile=tuple(sorted(fertile)))

    def remove_animal(self, species: str, *, offspring: bool = False, sex: str | None = None) -> "Barn":
        """This barn less one animal of *species*: an offspring, an unbred fertile one of *sex*, or a
        plain one (:class:`ValueError` if there is none of that kind)."""
        animals, young, fertile = list(self.animals), list(self.young), list(self.fertile)
        if offspring:
            if species not in young:
                raise ValueError(f"there is no {species} offspring in your barn")
            young.remove(species)
        elif sex:
            token = f"{species}-{sex}"
            if token not in fertile:
                raise ValueError(f"there is no fertile {sex} {species} in your barn")
            fertile.remove(token)
        elif self.plain(species) <= 0:
            raise ValueError(f"there is no plain {species} in your barn")
        animals.remove(species)
        return replace(self, animals=tuple(animals), young=tuple(young), fertile=tuple(fertile))

    def add_stall(self, stall: str) -> "Barn":
        return replace(self, stalls=tuple(sorted(self.stalls + (stall,))))


@dataclass(frozen=True)
class Middle:
    """What Three Additional Buildings still has in the middle of the table."""

    restaurant: bool = True
    souvenir_shop: bool = True
    pavilions: int = PAVILIONS_IN_BOX


@dataclass(frozen=True)
class Zoo:
    """One player's zoo and the game facts its rules depend on."""

    players: int
    expansions: frozenset[str]
    enclosures: tuple[Enclosure, ...]
    barn: Barn = Barn()
    coins: int = 0
    middle: Middle = field(default_factory=lambda: Middle(False, False, 0))

    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.players, self.expansions, self.enclosures, self.barn, self.coins, self.middle))
            object.__setattr__(self, "_hash", cached)
        return cached

    def enclosure(self, key: str) -> Enclosure:
        for enclosure in self.enclosures:
            if enclosure.key == key:
                return enclosure
        raise KeyError(f"this zoo has no enclosure {key!r} (it has {', '.join(self.keys)})")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(e.key for e in self.enclosures)

    @property
    def expansion_boards(self) -> int:
        return len(self.enclosures) - len(BASE_KEYS)

    def with_enclosure(self, enclosure: Enclosure, *, coins: int | None = None) -> "Zoo":
        """This zoo with *enclosure* in place of the one with its key (and *coins*, if given)."""
        # Built directly rather than with dataclasses.replace: solvers call this in their inner loop.
        enclosures = tuple(enclosure if e.key == enclosure.key else e for e in self.enclosures)
        return Zoo(self.players, self.expansions, enclosures, self.barn,
                   self.coins if coins is None else coins, self.middle)

    def uses(self, expansion: str) -> bool:
        return expansion in self.expansions

    @property
    def is_combined(self) -> bool:
        """Both expansions at once: scored, but flagged (ruling Z6)."""
        return THREE_BUILDINGS in self.expansions and CONSTRUCTION_SITES in self.expansions

    # -- whole-zoo counts -----------------------------------------------------------
    def all_stalls(self) -> Counter:
        """Every stall tile in the zoo, stall spaces and barn (markers excluded)."""
        found = Counter(self.barn.stalls)
        for e in self.enclosures:
            found.update(s for s in e.stalls if s != SITE)
        return found

    @property
    def offspring(self) -> int:
        return self.barn.offspring + sum(e.offspring for e in self.enclosures)

    @property
    def owns_restaurant(self) -> bool:
        return RESTAURANT in self.enclosure(RESTAURANT_KEY).stalls

    @property
    def pavilions(self) -> int:
        return sum(e.pavilions for e in self.enclosures)

    def sites(self) -> dict[str, int]:
        """Construction-site markers by kind: enclosure, stall, barn."""
        return {"enclosure": sum(e.sites for e in self.enclosures),
                "stall": sum(e.stalls.count(SITE) for e in self.enclosures),
                "barn": self.barn.sites}


Sex = Literal["male", "female"]


@dataclass(frozen=True, order=True)
class Tile:
    """A tile from a delivery truck: an animal (maybe fertile), a vending stall or a coin.

    Written in files as ``"zebra"``, ``"zebra-male"``, ``"zebra-female"``, a stall
    type (``"kiosk"``) or ``"coin"``.
    """

    kind: Literal["animal", "stall", "coin"]
    name: str
    sex: Sex | None = None

    @classmethod
    def parse(cls, text: str) -> "Tile":
        """The tile written *text*; :class:`ValueError` with the reason if none."""
        if text == "coin":
            return cls("coin", "coin")
        if text in STALL_TYPES:
            return cls("stall", text)
        species, _, sex = text.partition("-")
        if species in SPECIES and sex in ("", "male", "female"):
            return cls("animal", species, sex or None)
        raise ValueError(f"{text!r} is not a tile: write a species ({', '.join(SPECIES)}), "
                         f"optionally with -male or -female, a stall type "
                         f"({', '.join(STALL_TYPES)}) or coin")

    def __str__(self) -> str:
        return f"{self.name}-{self.sex}" if self.sex else self.name

    @property
    def words(self) -> str:
        """How a player says it: ``fertile male zebra``, ``kiosk``, ``coin``."""
        if self.kind == "animal":
            return f"fertile {self.sex} {self.name}" if self.sex else self.name
        return "coin" if self.kind == "coin" else f"{self.name} stall"


def sites_in_box(kind: str) -> int:
    """Construction-site markers of *kind* in the box (ASSUMED, rulings Z5 and Z10: 3 of each kind).

    >>> sites_in_box("stall")
    3
    """
    return int(assumed("zooloretto.construction_site_markers")[kind])


def _contents(zoo: Zoo, tiles: Iterable["Tile"], markers: Iterable[str]):
    """What each part of a puzzle holds, part by part, as (key, Counter of components)."""
    for e in zoo.enclosures:
        held = Counter()
        if e.species:
            held["animal", e.species] += e.animals - e.offspring
            held["offspring", e.species] += e.offspring
            for sex in e.fertile:
                held["fertile", e.species, sex] += 1
        held["pavilion"] += e.pavilions
        held["site", "enclosure"] += e.sites
        for stall in e.stalls:
            held[("site", "stall") if stall == SITE else ("stall", stall)] += 1
        yield f"enclosure.{e.key}", held
    barn = Counter()
    for species in zoo.barn.species:
        barn["animal", species] += zoo.barn.animals.count(species) - zoo.barn.young.count(species)
        barn["offspring", species] += zoo.barn.young.count(species)
    for token in zoo.barn.fertile:
        species, sex = token.split("-")
        barn["fertile", species, sex] += 1
    for stall in zoo.barn.stalls:
        barn["stall", stall] += 1
    barn["site", "barn"] += zoo.barn.sites
    yield "barn", barn
    middle = Counter({"pavilion": zoo.middle.pavilions, ("stall", RESTAURANT): zoo.middle.restaurant,
                      ("stall", SOUVENIR_SHOP): zoo.middle.souvenir_shop})
    yield "middle", middle
    hand = Counter()
    for tile in tiles:
        if tile.kind == "animal":
            hand["animal", tile.name] += 1
            if tile.sex:
                hand["fertile", tile.name, tile.sex] += 1
        elif tile.kind == "stall":
            hand["stall", tile.name] += 1
        else:
            hand["coin tile"] += 1
    yield "tiles", hand
    yield "markers", Counter(("site", kind) for kind in markers)


def box_problems(zoo: Zoo, tiles: Iterable["Tile"] = (), markers: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Where *zoo* (with *tiles* still to come and *markers* still to place) holds more of a
    component than the box has (ruling F20), as ``(part, reason)`` pairs: the part is where the
    count first goes over (``"enclosure.5"``, ``"barn"``, ``"middle"``, ``"tiles"``, ``"markers"``,
    ``"players"``, ``"coins"``).

    A zoo the box can supply has none:

    >>> zoo = new_zoo().with_enclosure(Enclosure("5", "monkey", 2, fertile=("male", "male")))
    >>> box_problems(zoo)
    []
    >>> box_problems(zoo, [Tile.parse("monkey-male")])
    [('tiles', 'the box has 2 fertile male monkeys; this zoo and its tiles show 3 unbred ones [F20]')]

    Each offspring was born of a fertile male and a fertile female, who never breed again, so
    the unbred fertile animals of a sex and the offspring of a species share the box's 2:

    >>> one = new_zoo().with_enclosure(Enclosure("4", "zebra", 4, offspring=2, fertile=("female",)))
    >>> print(box_problems(one)[0][1])  # doctest: +NORMALIZE_WHITESPACE
    the box has 2 fertile female zebras, and each of the 2 zebra offspring used one up; this zoo also
    shows 1 unbred one [F20]
    """
    totals: Counter = Counter()
    problems: list[tuple[str, str]] = []
    seen: set = set()

    def report(part: str, what, reason: str) -> None:
        if what not in seen:
            seen.add(what)
            problems.append((part, f"{reason} [F20]"))

    for part, held in _contents(zoo, tiles, markers):
        totals.update(held)
        for what in held:
            count = totals[what]
            if what[0] == "animal" and count > ANIMALS_PER_SPECIES:
                report(part, what, f"the box has {ANIMALS_PER_SPECIES} {what[1]} tiles (offspring aside), "
                                   f"not {count}")
            elif what[0] == "offspring" and count > OFFSPRING_PER_SPECIES:
                report(part, what, f"the box has {OFFSPRING_PER_SPECIES} {what[1]} offspring tiles, not {count}")
            elif what[0] in ("fertile", "offspring"):
                species = what[1]
                for sex in ("male", "female"):
                    unbred, born = totals["fertile", species, sex], totals["offspring", species]
                    if unbred + born <= FERTILE_PER_SEX:
                        continue
                    if born:
                        report(part, ("fertile", species, sex),
                               f"the box has {FERTILE_PER_SEX} fertile {sex} {species}s, and each of the "
                               f"{born} {species} offspring used one up; this zoo also shows {unbred} unbred "
                               f"{'one' if unbred == 1 else 'ones'}")
                    else:
                        report(part, ("fertile", species, sex),
                               f"the box has {FERTILE_PER_SEX} fertile {sex} {species}s; this zoo and its "
                               f"tiles show {unbred} unbred ones")
            elif what[0] == "stall":
                limit = 1 if what[1] in (SOUVENIR_SHOP, RESTAURANT) else STALLS_PER_TYPE
                if count > limit:
                    name = what[1].replace("-", " ")
                    report(part, what, f"the box has one {name}, not {count}" if limit == 1 else
                           f"the box has {limit} {name} stalls, not {count}")
            elif what[0] == "site" and count > sites_in_box(what[1]):
                report(part, what, f"the box has {sites_in_box(what[1])} {what[1]} construction-site markers "
                                   f"(ASSUMED, ruling Z10), not {count}")
            elif what == "pavilion" and count > PAVILIONS_IN_BOX:
                report(part, what, f"the box has {PAVILIONS_IN_BOX} pavilions, not {count}")
            elif what == "coin tile" and count > COIN_TILES:
                report(part, what, f"the box has {COIN_TILES} coin tiles, not {count}")
    species = {what[1] for what, n in totals.items() if what[0] in ("animal", "offspring") and n}
    in_play = SPECIES_IN_PLAY.get(zoo.players, len(SPECIES))
    if len(species) > in_play:
        problems.append(("players", f"a {zoo.players}-player game has {in_play} species; this zoo and its "
                                    f"tiles show {len(species)} ({', '.join(sorted(species))}) [F20]"))
    if zoo.coins > COINS_IN_BOX:
        problems.append(("coins", f"the box has {COINS_IN_BOX} coins, not {zoo.coins} [F20]"))
    return problems


def new_zoo(players: int = 2, expansion_boards: int = 0,
            expansions=(THREE_BUILDINGS, CONSTRUCTION_SITES), coins: int = 0) -> Zoo:
    """An empty zoo; with Three Additional Buildings all four tiles are still in the middle."""
    keys = BASE_KEYS + tuple(f"x{i}" for i in range(1, expansion_boards + 1))
    expansions = frozenset(expansions)
    middle = Middle() if THREE_BUILDINGS in expansions else Middle(False, False, 0)
    return Zoo(players, expansions, tuple(Enclosure(k) for k in keys), Barn(), coins, middle)
