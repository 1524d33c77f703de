"""The whole game of Zooloretto for 2-5 players, with both expansions switchable, as an OpenSpiel-style state.

:class:`ZoolorettoState` holds one game. Chance is the shuffle of the supply at setup,
made by a seeded :class:`random.Random`: the same seed and the same actions replay the
same game. The decisions, in the base game's order (rulings Z1-Z5):

* a turn is one of: :class:`Draw` a tile from the supply and then :class:`Load` it on a
  truck with room; :class:`Take` a truck with at least one tile (then :class:`Place`
  each of its tiles and, with Construction Sites, put each marker into an opponent's zoo
  with :class:`Mark`, and sit out the rest of the round); or one money action
  (:class:`Move`, :class:`MoveBetween`, :class:`MoveStall`, :class:`Exchange`, :class:`Purchase`,
  :class:`Discard`, :class:`Expand`; with Three Additional Buildings
  :class:`BuyRestaurant` and :class:`BuyPavilion` (Z2, Z4); with Construction Sites
  :class:`PassSites`, 1 coin for up to two of one's own markers, placed with :class:`Mark` (Z5));
* coin tiles pay 1 coin as the truck is taken; births, filling coins and the souvenir
  shop (Z3) happen inside the zoo rules of :mod:`zoobook.zooloretto.actions`;
* a round ends when every player has taken a truck; the round in which the 15-tile end
  stack is first drawn from is the last, then the final scoring of
  :mod:`zoobook.zooloretto.scoring` is written to :attr:`ZoolorettoState.log` line by line.

The zoo rules (what may go where, what a money action costs) are those of
:mod:`zoobook.zooloretto.actions`; this module adds the supply, the trucks, the turn
order and the middle of the table shared by every zoo. Every refusal names its rule:
the zoo rules' own ruling (Z2-Z5, Z10) or the base-game rule's ID in the rules index (rules.toml).

Each action has one form, the one :meth:`ZoolorettoState.legal_actions` lists: an exchange's two
enclosures in the zoo's order (the barn second), passed markers sorted. Another spelling of the same
action becomes that form as it is built (``Exchange("4", "5") == Exchange("5", "4")``). A malformed
action -- a field not of its declared type (``Load(True)``, a list, ``None`` for a place), or an id
the game does not have -- is refused like any illegal one: :class:`IllegalAction` naming the field
or the rule, and nothing changes. Actions compare field types too, so ``Load(True) != Load(1)``.

Examples
--------
>>> state = ZoolorettoState.new(players=3, seed=4, expansions=("three-buildings", "construction-sites"))
>>> state.current_player, len(state.trucks), len(state.supply)
(0, 3, 99)
>>> state.log[1].startswith("Z6:")
True
>>> state.apply(Draw()); state.pending_tile in state.box
True
>>> state.refusal(Take(0))
'you drew a tile: load it on a truck with room first [Z-TURN-2]'
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0])
>>> len(state.returns()), state.log[-1].startswith("winner")
(3, True)
>>> ZoolorettoState.new(players=2, seed=1).refusal(Draw()) is None, Exchange("4", "5")
(True, Exchange(first='5', second='4', barn_species=None, shop_to=None))
"""

from __future__ import annotations

import inspect
import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass, replace

from zoobook.action_fields import Action, field_refusal
from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import with_article
from zoobook.game_api import GameState
from zoobook.zooloretto import actions as za
from zoobook.zooloretto.model import (
    BASE_KEYS, CONSTRUCTION_SITES, EXPANSIONS, SITE, SOUVENIR_SHOP, SPECIES, THREE_BUILDINGS, Middle, Tile, Zoo,
    max_expansion_boards, new_zoo,
)
from zoobook.zooloretto.scoring import Score, score
from zoobook.zooloretto.supply import (
    END_STACK, box_counts, marker_code, marker_kind, offspring_in_box, species_count, truck_capacities,
)

__all__ = [
    "ZoolorettoState", "Draw", "Load", "Take", "Place", "Mark", "Move", "MoveBetween", "MoveStall", "Exchange",
    "Purchase", "Discard", "Expand", "BuyRestaurant", "BuyPavilion", "PassSites", "MONEY_ACTIONS",
    "TURN", "TRUCKS", "PLACEMENT", "MONEY", "parse_expansions", "combination_warning",
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


# -- actions -----------------------------------------------------------------------------------
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


def parse_expansions(text: str | None) -> tuple[str, ...]:
    """``"buildings,sites"`` (or the full names, or ``""``/``"none"``) -> the expansion names.

    >>> parse_expansions("buildings,sites")
    ('three-buildings', 'construction-sites')
    >>> parse_expansions("none")
    ()
    """
    aliases = {"buildings": THREE_BUILDINGS, "three-buildings": THREE_BUILDINGS,
               "sites": CONSTRUCTION_SITES, "construction-sites": CONSTRUCTION_SITES}
    out = []
    for word in (text or "").replace(" ", "").split(","):
        if word in ("", "none"):
            continue
        if word not in aliases:
            raise ValueError(f"unknown expansion {word!r}: write buildings, sites, both as buildings,sites, or none")
        if aliases[word] not in out:
            out.append(aliases[word])
    return tuple(sorted(out, key=EXPANSIONS.index))


def combination_warning(expansions) -> str | None:
    """Ruling Z6's warning when Three Additional Buildings is combined with Construction Sites."""
    if THREE_BUILDINGS in expansions and CONSTRUCTION_SITES in expansions:
        return ("Z6: Three Additional Buildings says it \"should not be combined with other expansions\"; "
                "this game combines it with Construction Sites: played and scored anyway, and flagged")
    return None


def _tile(code: str) -> Tile:
    """A barn or truck tile from its code (the souvenir shop too, which no truck carries)."""
    return Tile("stall", code) if code == SOUVENIR_SHOP else Tile.parse(code)


_DISCARD_KINDS = "offspring" in inspect.signature(za.discard).parameters


def _discard(zoo: Zoo, code: str, offspring: bool):
    """The zoo rules' ``discard`` of exactly the barn tile *code* (an offspring if *offspring*)."""
    if code == SOUVENIR_SHOP or code in zoo.barn.stalls:
        return za.discard(zoo, code)
    species, _, sex = code.partition("-")
    if not _DISCARD_KINDS:  # zoo rules that do not tell barn animals apart take whichever comes
        return za.discard(zoo, species)
    return za.discard(zoo, species, sex=sex or None, offspring=offspring)


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


# -- the state -------------------------------------------------------------------------------
class ZoolorettoState(GameState):
    """One game of Zooloretto; build it with :meth:`new`."""

    def __init__(self) -> None:  # filled in by new() and clone()
        self.players = 0
        self.seed = 0
        self.expansions: tuple[str, ...] = ()
        self.species: tuple[str, ...] = ()
        self.box: Counter = Counter()
        self.supply: list[str] = []
        self.capacities: tuple[int, ...] = ()
        self.trucks: list[list[str]] = []
        self.taken: list[int | None] = []       # per seat: the truck taken this round
        self.zoos: list[Zoo] = []
        self.middle = Middle(False, False, 0)
        self.discards: list[str] = []           # coin tiles paid out, discarded tiles and markers
        self.current_player = 0
        self.pending_tile: str | None = None    # drawn, not yet loaded
        self.to_place: list[str] = []           # tiles of the taken truck still to place
        self.to_mark: list[str] = []            # marker kinds still to put into opponents' zoos
        self.round = 1
        self.last_round = False
        self.over = False
        self.last_taker = 0
        self.log: list[str] = []
        self.turns = 0
        self._checked: dict = {}

    # -- setup -----------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, expansions=()) -> "ZoolorettoState":
        """A new game: the species in play drawn, the supply shuffled, every player 2 coins (ASSUMED)."""
        expansions = tuple(parse_expansions(",".join(expansions)) if not isinstance(expansions, str)
                           else parse_expansions(expansions))
        state = cls()
        rng = random.Random(seed)
        state.players, state.seed, state.expansions = players, seed, expansions
        state.species = tuple(sorted(rng.sample(SPECIES, species_count(players))))
        state.box = box_counts(players, state.species, sites=CONSTRUCTION_SITES in expansions)
        supply = sorted(state.box.elements())
        rng.shuffle(supply)
        state.supply = supply  # the top of the supply is its end; the first END_STACK tiles are the end stack
        state.capacities = truck_capacities(players)
        state.trucks = [[] for _ in state.capacities]
        state.taken = [None] * players
        coins = assumed("zooloretto.game.starting_coins")
        state.middle = new_zoo(players, 0, expansions).middle
        state.zoos = [new_zoo(players, 0, expansions, coins=coins) for _ in range(players)]
        names = ", ".join(e.replace("-", " ") for e in expansions) or "no expansion"
        state.log = [f"Zooloretto, {players} players, seed {seed}, {names}; species {', '.join(state.species)}"]
        warning = combination_warning(expansions)
        if warning:
            state.log.append(warning)
        state.log.append(f"round 1: trucks of {', '.join(map(str, state.capacities))}; "
                         f"{len(supply)} tiles, the last {END_STACK} the end stack; player 0 starts")
        return state

    def clone(self) -> "ZoolorettoState":
        copy = ZoolorettoState.__new__(ZoolorettoState)
        copy.__dict__.update(self.__dict__)
        copy.box = Counter(self.box)
        copy.supply = list(self.supply)
        copy.trucks = [list(t) for t in self.trucks]
        copy.taken = list(self.taken)
        copy.zoos = list(self.zoos)
        copy.discards = list(self.discards)
        copy.to_place = list(self.to_place)
        copy.to_mark = list(self.to_mark)
        copy.log = list(self.log)
        copy._checked = {}
        return copy

    def __repr__(self) -> str:  # complete: contract_violations compares it before and after a refusal
        return (f"ZoolorettoState(players={self.players}, round={self.round}, current={self.current_player}, "
                f"supply={self.supply}, trucks={self.trucks}, taken={self.taken}, zoos={self.zoos}, "
                f"middle={self.middle}, discards={self.discards}, pending={self.pending_tile}, "
                f"to_place={self.to_place}, to_mark={self.to_mark}, last_round={self.last_round}, "
                f"over={self.over}, log={len(self.log)})")

    # -- queries ---------------------------------------------------------------------------
    def uses(self, expansion: str) -> bool:
        return expansion in self.expansions

    def supply_counts(self) -> Counter:
        """What is still in the supply, by tile (its order is hidden: this is what a player knows)."""
        return Counter(self.supply)

    @property
    def end_stack_reached(self) -> bool:
        return self.last_round

    @property
    def tiles_before_end_stack(self) -> int:
        """Tiles still to draw before the end stack (its last END_STACK tiles) is reached."""
        return max(0, len(self.supply) - END_STACK)

    @property
    def phase(self) -> str:
        """``"load"``, ``"place"``, ``"mark"``, ``"turn"`` or ``"over"``."""
        if self.over:
            return "over"
        if self.pending_tile is not None:
            return "load"
        if self.to_place:
            return "place"
        if self.to_mark:
            return "mark"
        return "turn"

    def room(self, truck: int) -> int:
        return self.capacities[truck] - len(self.trucks[truck])

    def truck_taken(self, truck: int) -> bool:
        return truck in self.taken

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[Score]:
        return [score(zoo) for zoo in self.zoos]

    def returns(self) -> list[float]:
        """Every player's score (final once the game is over)."""
        return [float(s.total) for s in self.scores()]

    def ranking(self) -> list[int]:
        """Seats from first to last: score, then coins (the uncertain base-game tiebreak), then seat."""
        totals = self.returns()
        return sorted(range(self.players), key=lambda s: (-totals[s], -self.zoos[s].coins, s))

    # -- legality ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self.over:
            return []
        phase = self.phase
        seat = self.current_player
        if phase == "load":
            return [Load(t) for t in range(len(self.trucks)) if self._truck_refusal(t, loading=True) is None]
        if phase == "place":
            zoo = self.zoos[seat]
            return [Place(code, to, shop) for code in dict.fromkeys(self.to_place)
                    for to, shop in za.legal_placements(zoo, Tile.parse(code))]
        if phase == "mark":
            return [Mark(kind, other, to) for kind in dict.fromkeys(self.to_mark)
                    for other in self._opponents(seat) for to in self._marker_targets(other, kind)]
        # the refusals below decide, so each rule is written once
        candidates = [Draw(), *(Take(t) for t in range(len(self.trucks))), *self._money_candidates(seat)]
        return [action for action in candidates if self.refusal(action) is None]

    def refusal(self, action) -> Refusal | None:
        if self.over:
            return Refusal("the game is over", GAME_OVER)
        if not isinstance(action, ACTIONS):
            return Refusal(f"{action!r} is not a Zooloretto action", TURN)
        malformed = _field_refusal(action, _FIELD_RULES.get(type(action), MONEY))
        if malformed:
            return malformed
        phase, seat = self.phase, self.current_player
        if phase == "load":
            if not isinstance(action, Load):
                return Refusal("you drew a tile: load it on a truck with room first", DRAW)
            return self._truck_refusal(action.truck, loading=True)
        if phase == "place":
            if not isinstance(action, Place):
                return Refusal("you took a truck: place all its tiles first", TAKE)
            return self._place_refusal(seat, action)
        if phase == "mark":
            if not isinstance(action, Mark):
                return Refusal("put your construction-site markers into opponents' zoos first", "Z-SITES-2")
            return self._mark_refusal(seat, action)
        if isinstance(action, Load):
            return Refusal("there is no drawn tile to load: draw one first", DRAW)
        if isinstance(action, Place):
            return Refusal("there is no tile to place: take a truck first", TAKE)
        if isinstance(action, Mark):
            return Refusal("there is no construction-site marker to place now", "Z-SITES-2")
        if isinstance(action, Draw):
            if not self.supply:
                return Refusal("the supply is empty", DRAW)
            if all(self._truck_refusal(t, loading=True) for t in range(len(self.trucks))):
                return Refusal("every truck still in play is full: take one (or make a money action)", TRUCKS)
            return None
        if isinstance(action, Take):
            why = self._truck_refusal(action.truck, loading=False)
            if why is None and not self.trucks[action.truck]:
                return Refusal("a truck must carry at least one tile to be taken", EMPTY_TRUCK)
            return why
        return self._money_refusal(seat, action)

    def _truck_refusal(self, truck, *, loading: bool) -> Refusal | None:
        if not isinstance(truck, int) or not 0 <= truck < len(self.trucks):
            return Refusal(f"there is no truck {truck!r} (this game has {len(self.trucks)})", TRUCKS)
        if self.truck_taken(truck):
            return Refusal(f"truck {truck + 1} has been taken this round", TAKEN)
        if loading and self.room(truck) <= 0:
            return Refusal(f"truck {truck + 1} is full ({self.capacities[truck]} tiles)", TRUCKS)
        return None

    def _opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _marker_targets(self, seat: int, kind: str) -> list[str | None]:
        return list(za.site_destinations(self.zoos[seat], kind)) or [None]

    # -- placing -------------------------------------------------------------------------------
    def _shop_check(self, before: Zoo, after: Zoo, shop_to: str | None) -> Refusal | None:
        """Z3: *shop_to* is given exactly when this action brings the souvenir shop."""
        took_shop = before.middle.souvenir_shop and not after.middle.souvenir_shop
        if took_shop and shop_to is None:
            options = ", ".join(za.shop_destinations(after)) if hasattr(za, "shop_destinations") else ""
            return Refusal(f"the first offspring brings the souvenir shop: say where it goes ({options})", "Z-SHOP-2")
        if not took_shop and shop_to is not None:
            return Refusal("no first offspring is born here, so there is no souvenir shop to place", "Z-SHOP-1")
        return None

    def _place_outcome(self, seat: int, action: Place):
        zoo = self.zoos[seat]
        try:
            tile = Tile.parse(action.tile)
        except ValueError as exc:
            return None, Refusal(str(exc), PLACEMENT)
        try:
            outcome = za.place_tile(zoo, tile, action.to, shop_to=action.shop_to)
        except IllegalAction as exc:
            return None, _refusal_from(exc, PLACEMENT)
        why = self._shop_check(zoo, outcome.zoo, action.shop_to)
        return (None, why) if why else (outcome, None)

    def _place_refusal(self, seat: int, action: Place) -> Refusal | None:
        if action.tile == "coin":  # never pending: asked first, so the coin rule answers, not "not on your truck"
            return Refusal("a coin tile is never placed: it is paid out as 1 coin when its truck is taken", COIN_TILE)
        if action.tile not in self.to_place:
            return Refusal(f"there is no {action.tile} left on your truck", TAKE)
        return self._place_outcome(seat, action)[1]

    def _mark_refusal(self, seat: int, action: Mark) -> Refusal | None:
        if action.kind not in self.to_mark:
            return Refusal(f"you have no {action.kind} marker to place", "Z-SITES-2")
        if action.seat == seat or not isinstance(action.seat, int) or not 0 <= action.seat < self.players:
            return Refusal("a construction-site marker goes into an opponent's zoo, not your own", "Z-SITES-2")
        options = self._marker_targets(action.seat, action.kind)
        if action.to not in options:
            if action.to is None:
                return Refusal(f"player {action.seat}'s zoo has room for the {action.kind} marker: "
                               "it may be discarded only when there is none",
                               {"enclosure": "Z-SITES-3", "stall": "Z-SITES-4"}.get(action.kind, "Z-SITES-5"))
            try:  # the zoo rules say which space is wrong and why (no room: Z-SITES-3/4; barn: Z-SITES-5)
                za.place_site(self.zoos[action.seat], action.kind, action.to)
            except IllegalAction as exc:
                return _refusal_from(exc, "Z-SITES-2")
            return Refusal(f"{with_article(action.kind)} marker may go into player {action.seat}'s "
                           f"{', '.join(map(str, options))}, not {action.to!r}", "Z-SITES-2")
        return None

    # -- money actions -----------------------------------------------------------------------------
    def _money_candidates(self, seat: int):
        """Every money action worth asking about (a superset of the legal ones)."""
        zoo = self.zoos[seat]
        if zoo.coins <= 0:
            return
        keys = zoo.keys
        shop_options = [None]
        if self.middle.souvenir_shop:
            shop_options += list(keys) + [za.BARN]
        barn = zoo.barn
        for species in dict.fromkeys(barn.animals):
            variants = [(None, False)] + [(sex, False) for sex in ("male", "female")
                                          if f"{species}-{sex}" in barn.fertile]
            if barn.offspring:
                variants.append((None, True))
            # a cheap first check (one species per enclosure, an empty space); the move itself checks the rest
            open_keys = [e.key for e in zoo.enclosures if e.species in (None, species) and e.free_spaces > 0]
            for (sex, offspring), to in itertools.product(variants, open_keys):
                for shop in (shop_options if sex else [None]):
                    yield Move(species, to, sex, offspring, shop)
        for here in zoo.enclosures:
            if not here.animals:
                continue
            variants = ([(None, False)] + [(sex, False) for sex in dict.fromkeys(here.fertile)]
                        + [(None, True)] * bool(here.offspring))
            open_keys = [e.key for e in zoo.enclosures if e.key != here.key
                         and e.species in (None, here.species) and e.free_spaces > 0]
            for (sex, offspring), to in itertools.product(variants, open_keys):
                for shop in (shop_options if sex else [None]):
                    yield MoveBetween(here.species, here.key, to, sex, offspring, shop)
        for where, stalls in [(za.BARN, barn.stalls)] + [(e.key, e.stalls) for e in zoo.enclosures]:
            for stall in dict.fromkeys(stalls):
                if stall == SITE:
                    continue
                for to in keys + (za.BARN,):
                    if to != where:
                        yield MoveStall(stall, where, to)
        filled = [e.key for e in zoo.enclosures if e.animals]
        for first, second in itertools.combinations(filled, 2):
            yield Exchange(first, second)
        for first in filled:
            for species in dict.fromkeys(barn.animals):
                for shop in shop_options:
                    yield Exchange(first, za.BARN, species, shop)
        if zoo.coins >= 2:
            for other in self._opponents(seat):
                for code, offspring in self._barn_tiles(other):
                    tile = _tile(code)
                    for to in keys + (za.BARN,):
                        if tile.name == SOUVENIR_SHOP or za.refusal(zoo, tile, to) is None:  # cheap first check
                            for shop in (shop_options if tile.sex else [None]):
                                yield Purchase(other, code, to, shop, offspring)
            for code, offspring in self._barn_tiles(seat):
                yield Discard(code, offspring)
        if zoo.coins >= 3:
            yield Expand()
            if self.uses(THREE_BUILDINGS):
                yield BuyRestaurant()
                for key in keys:
                    yield BuyPavilion(key)
        if self.uses(CONSTRUCTION_SITES):
            own = [("enclosure", e.key) for e in zoo.enclosures for _ in range(e.sites)]
            own += [("stall", e.key) for e in zoo.enclosures for s in e.stalls if s == SITE]
            own += [("barn", za.BARN)] * barn.sites
            choices = {tuple(sorted(c)) for n in (1, 2) for c in itertools.combinations(own, n)}
            for markers in sorted(choices):
                yield PassSites(markers)

    def _barn_tiles(self, seat: int) -> list[tuple[str, bool]]:
        """Every distinct tile of *seat*'s barn as (code, offspring): a plain animal, each unbred fertile
        one, an offspring (where the zoo rules know the species of barn offspring), each stall."""
        barn = self.zoos[seat].barn
        tiles = []
        young = getattr(barn, "young", None)
        for species in dict.fromkeys(barn.animals):
            fertile = [f for f in dict.fromkeys(barn.fertile) if f.split("-")[0] == species]
            plain = (barn.animals.count(species) - sum(f.split("-")[0] == species for f in barn.fertile)
                     - (young.count(species) if young is not None else 0))
            if not _DISCARD_KINDS:  # zoo rules that do not tell barn animals apart: the one a discard takes
                tiles.append((species, False) if plain > 0 else (fertile[0], False))
                continue
            if plain > 0:
                tiles.append((species, False))
            tiles.extend((f, False) for f in fertile)
            if young is not None and species in young:
                tiles.append((species, True))
        tiles.extend((s, False) for s in dict.fromkeys(barn.stalls))
        return tiles

    def _money_refusal(self, seat: int, action) -> Refusal | None:
        # Remembered until the state changes: legal_actions() checks what a bot then weighs.
        key = (seat, action)
        found = self._checked.get(key)
        if found is None:
            found = self._checked[key] = self._money_outcome(seat, action, check_only=True)
        zoos, rest = found
        return rest if zoos is None else None

    def _money_outcome(self, seat: int, action, check_only: bool = False):
        """(new zoos by seat, events) or (None, refusal) for a money action of *seat*."""
        zoo = self.zoos[seat]
        try:
            if isinstance(action, Purchase):  # two zoos change
                return self._purchase(seat, action, check_only)
            out = self._money_effect(seat, zoo, action)
        except IllegalAction as exc:
            return None, _refusal_from(exc, MONEY)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:  # nonsense arguments
            return None, Refusal(f"{action!r} cannot be done: {exc}", MONEY)
        if isinstance(out, Refusal):
            return None, out
        why = self._shop_check(zoo, out.zoo, action.shop_to) if hasattr(action, "shop_to") else None
        return (None, why) if why else ({seat: out.zoo}, out.events)

    def _money_effect(self, seat: int, zoo: Zoo, action):
        """The zoo rules' outcome of a money action other than a purchase, or the refusal of its arguments."""
        if isinstance(action, Move):
            return za.move_from_barn(zoo, action.species, action.to, sex=action.sex,
                                     offspring=action.offspring, shop_to=action.shop_to)
        if isinstance(action, MoveBetween):
            if action.source == za.BARN:  # the zoo rules would take it as a Move: one action, one form
                return Refusal("a move from the barn is Move(species, to), not MoveBetween", "Z-MONEY-2")
            return za.move_between(zoo, action.species, action.source, action.to, sex=action.sex,
                                   offspring=action.offspring, shop_to=action.shop_to)
        if isinstance(action, MoveStall):
            return za.move_stall(zoo, action.stall, action.source, action.to)
        if isinstance(action, Exchange):
            if action.second != za.BARN and action.barn_species is not None:
                return Refusal("barn_species names the barn's group; this exchange is between two enclosures",
                               "Z-MONEY-5")
            return za.exchange(zoo, action.first, action.second, barn_species=action.barn_species,
                               shop_to=action.shop_to)
        if isinstance(action, Discard):
            if action.tile in (SITE, "barn-site") or action.tile.startswith("site:"):
                # a marker is no tile of the barn to discard, whether or not one is there (Z-SITES-9)
                return Refusal("a discard cannot remove a construction-site marker: pass it on to an opponent "
                               "(1 coin)", "Z-SITES-9")
            if (action.tile, action.offspring) not in self._barn_tiles(seat):
                return Refusal(f"there is no {'offspring ' if action.offspring else ''}{action.tile} "
                               "in your barn to discard", DISCARD)
            return _discard(zoo, action.tile, action.offspring)
        if isinstance(action, Expand):
            return za.expand(zoo)
        if isinstance(action, BuyRestaurant):
            return za.buy_restaurant(zoo)
        if isinstance(action, BuyPavilion):
            return za.buy_pavilion(zoo, action.to)
        if isinstance(action, PassSites):
            if tuple(sorted(action.markers)) != tuple(action.markers):
                return Refusal("write the markers in sorted order", PASS_SITES)
            return za.pass_sites(zoo, action.markers)
        return Refusal(f"{action!r} is not a money action", TURN)

    def _purchase(self, seat: int, action: Purchase, check_only: bool = False):
        if action.seller == seat or not isinstance(action.seller, int) or not 0 <= action.seller < self.players:
            return None, Refusal("a purchase takes a tile from another player's barn", PURCHASE)
        offered = self._barn_tiles(action.seller)
        if (action.tile, action.offspring) not in offered:
            offers = ", ".join(c + (" offspring" if o else "") for c, o in offered) or "nothing"
            return None, Refusal(f"player {action.seller}'s barn offers no {action.tile} (it offers {offers})",
                                 PURCHASE)
        zoo, seller = self.zoos[seat], self.zoos[action.seller]
        tile = _tile(action.tile)
        extra = {"offspring": True} if action.offspring else {}
        out = za.purchase(zoo, tile, action.to, shop_to=action.shop_to, **extra)
        why = self._shop_check(zoo, out.zoo, action.shop_to)
        if why:
            return None, why
        if check_only:
            return {seat: out.zoo}, out.events
        # The seller's barn loses exactly that tile (a discard's bookkeeping, without its price);
        # the seller gets 1 coin, the bank the other.
        sold = _discard(replace(seller, coins=seller.coins + 2), action.tile, action.offspring).zoo
        sold = replace(sold, coins=seller.coins + 1)
        return {seat: out.zoo, action.seller: sold}, out.events

    def zoos_after(self, action, *, known_legal: bool = False) -> dict[int, Zoo]:
        """The zoos *action* changes, as they would be after it; this state is unchanged.

        For a placement, a marker or a money action (the actions that change zoos);
        :class:`IllegalAction` naming the rule when the action is not legal now (*known_legal*:
        the caller took it from :meth:`legal_actions`, so the check is skipped).
        """
        why = None if known_legal else self.refusal(action)
        if why is not None:
            raise IllegalAction(why)
        seat = self.current_player
        if isinstance(action, Place):
            return {seat: self._place_outcome(seat, action)[0].zoo}
        if isinstance(action, Mark):
            if action.to is None:
                return {}
            return {action.seat: za.place_site(self.zoos[action.seat], action.kind, action.to).zoo}
        if isinstance(action, MONEY_ACTIONS):
            if not isinstance(action, Purchase):  # a check computes everything but the seller's side
                self._money_refusal(seat, action)
                return self._checked[(seat, action)][0]
            return self._money_outcome(seat, action)[0]
        return {}

    # -- taking actions ------------------------------------------------------------------------------
    def _say(self, line: str) -> None:
        self.log.append(f"round {self.round}, player {self.current_player}: {line}")

    def _set_zoos(self, zoos: dict[int, Zoo]) -> None:
        """New zoos for some seats; the middle of the table they changed is shared by every zoo."""
        middle = self.middle
        for seat, zoo in zoos.items():
            if zoo.middle != self.zoos[seat].middle:
                middle = zoo.middle
        for seat, zoo in zoos.items():
            self.zoos[seat] = zoo
        if middle != self.middle:
            self.middle = middle
            self.zoos = [replace(z, middle=middle) for z in self.zoos]

    def _apply(self, action) -> None:
        seat = self.current_player
        self.turns += 1
        self._checked = {}
        if isinstance(action, Draw):
            if len(self.supply) <= END_STACK and not self.last_round:
                self.last_round = True
                self.log.append(f"round {self.round}: the end stack is reached: this round is the last")
            self.pending_tile = self.supply.pop()
            self._say(f"draws {self.pending_tile}")
        elif isinstance(action, Load):
            self.trucks[action.truck].append(self.pending_tile)
            self._say(f"loads {self.pending_tile} on truck {action.truck + 1}")
            self.pending_tile = None
            self._end_turn()
        elif isinstance(action, Take):
            tiles = self.trucks[action.truck]
            self.trucks[action.truck] = []
            self.taken[seat] = action.truck
            self.last_taker = seat
            self._say(f"takes truck {action.truck + 1} ({', '.join(tiles)})")
            coins = tiles.count("coin")
            if coins:
                self.zoos[seat] = replace(self.zoos[seat], coins=self.zoos[seat].coins + coins)
                self.discards.extend(["coin"] * coins)
                self._say(f"+{coins} coin{'s' if coins > 1 else ''} from coin tiles")
            self.to_place = [t for t in tiles if t != "coin" and marker_kind(t) is None]
            self.to_mark = [marker_kind(t) for t in tiles if marker_kind(t) is not None]
            self._after_placing()
        elif isinstance(action, Place):
            outcome, _ = self._place_outcome(seat, action)
            self.to_place.remove(action.tile)
            self._set_zoos({seat: outcome.zoo})
            events = [e for e in outcome.events if e != "+1 coin"]
            self._say(str(action) + (f": {'; '.join(events)}" if events else ""))
            self._after_placing()
        elif isinstance(action, Mark):
            self.to_mark.remove(action.kind)
            if action.to is None:
                self.discards.append(marker_code(action.kind))
            else:
                self.zoos[action.seat] = za.place_site(self.zoos[action.seat], action.kind, action.to).zoo
            self._say(str(action))
            self._after_placing()
        else:
            zoos, events = self._money_outcome(seat, action)
            if isinstance(action, Discard):
                self.discards.append(action.tile)
            self._set_zoos(zoos)
            self._say(str(action) + (f": {'; '.join(events)}" if events else ""))
            if isinstance(action, PassSites):
                self.to_mark = [kind for kind, _ in action.markers]
                if self.to_mark:
                    return
            self._end_turn()

    def _after_placing(self) -> None:
        if not self.to_place and not self.to_mark:
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.current_player
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.taken[nxt] is None:
                self.current_player = nxt
                return
        self._end_round()

    def _end_round(self) -> None:
        for t, tiles in enumerate(self.trucks):
            if tiles:
                if assumed("zooloretto.game.leftover_truck_tiles") == "discard":
                    self.discards.extend(tiles)
                    self.log.append(f"round {self.round}: truck {t + 1} was left; its tiles leave the game "
                                    f"({', '.join(tiles)})")
                    self.trucks[t] = []
                else:
                    self.log.append(f"round {self.round}: truck {t + 1} was left; its tiles stay on it "
                                    f"({', '.join(tiles)})")
        if self.last_round:
            self._final_scoring()
            return
        self.round += 1
        self.taken = [None] * self.players
        rule = assumed("zooloretto.game.next_round_start")
        self.current_player = self.last_taker if rule == "last truck taker" else (self.round - 1) % self.players
        self.log.append(f"round {self.round}: {len(self.supply)} tiles left; player {self.current_player} starts")

    def _final_scoring(self) -> None:
        self.over = True
        self.log.append(f"round {self.round} was the last: final scoring")
        for seat, zoo in enumerate(self.zoos):
            result = score(zoo)
            self.log.append(f"player {seat}: {result.total} points, {zoo.coins} coins")
            self.log.extend(f"  {line}" for line in result.breakdown())
        order = self.ranking()
        self.log.append(f"winner: player {order[0]} (order {', '.join(map(str, order))})")

    # -- counting, for the conservation tests -----------------------------------------------------------
    def component_counts(self) -> Counter:
        """Every tile of the box where it is now, counted by code (plus ``"offspring"``).

        Animals count as species (fertile ones by their code while their fertility is tracked);
        offspring tiles separately; stalls, coin tiles and markers by code. The supply's tiles plus these
        always equal the box (plus offspring born, at most 2 per species), whatever was played.
        """
        counts: Counter = Counter(self.supply)
        for tiles in self.trucks:
            counts.update(tiles)
        counts.update(self.discards)
        counts.update(self.to_place)
        counts.update(marker_code(k) for k in self.to_mark)
        if self.pending_tile is not None:
            counts[self.pending_tile] += 1
        for zoo in self.zoos:
            for e in zoo.enclosures:
                if e.species:
                    counts[e.species] += e.animals
                for stall in e.stalls:
                    counts[marker_code("stall") if stall == SITE else stall] += 1
                counts[marker_code("enclosure")] += e.sites
                counts["offspring"] += e.offspring
            counts.update(zoo.barn.animals)
            counts.update(zoo.barn.stalls)
            counts[marker_code("barn")] += zoo.barn.sites
            counts["offspring"] += zoo.barn.offspring
            counts["pavilion"] += zoo.pavilions
        return +counts

    def offspring_box(self) -> int:
        return offspring_in_box(self.species)
