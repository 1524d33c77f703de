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

import random
from collections import Counter
from dataclasses import replace

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.explain import with_article
from zoobook.game_api import GameState
from zoobook.zooloretto import actions as za
# The actions live in their own module; they are named here too, so that
# ``from zoobook.zooloretto.game import ZoolorettoState, Take`` gives a game and its moves at once.
from zoobook.zooloretto.game_actions import (
    ACTIONS, COIN_TILE, DRAW, EMPTY_TRUCK, GAME_OVER, MONEY, MONEY_ACTIONS, PLACEMENT, TAKE, TAKEN, TRUCKS, TURN,
    BuyPavilion, BuyRestaurant, Discard, Draw, Exchange, Expand, Load, Mark, Move, MoveBetween, MoveStall, PassSites,
    Place, Purchase, Take, _FIELD_RULES, _field_refusal, _refusal_from,
)
from zoobook.zooloretto.game_money import MoneyActions
from zoobook.zooloretto.model import (
    CONSTRUCTION_SITES, EXPANSIONS, SITE, SPECIES, THREE_BUILDINGS, Middle, Tile, Zoo, new_zoo,
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


# -- the state -------------------------------------------------------------------------------
class ZoolorettoState(MoneyActions, GameState):
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
        self.history: list = []                 # every action taken, in order (a game record's lines)
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
        copy = self._copy_position()
        copy.log = list(self.log)
        copy.history = list(self.history)
        return copy

    def search_copy(self) -> "ZoolorettoState":
        """A copy for a search's inner loop: the same position and legal actions as :meth:`clone`,
        with an empty log (the log gains a line an action and a search never reads it).

        >>> state = ZoolorettoState.new(players=2, seed=1)
        >>> copy = state.search_copy()
        >>> copy.log, copy.legal_actions() == state.legal_actions(), len(state.log)
        ([], True, 2)
        """
        copy = self._copy_position()
        copy.log, copy.history = [], []
        return copy

    def redealt(self, seed: int) -> "ZoolorettoState":
        """A :meth:`search_copy` whose supply is shuffled anew from *seed* alone (a determinization).

        The supply's tiles are what everyone may count; only their order is hidden. The copy
        sorts them first, so its order depends on what the supply holds and on *seed*, never on
        the true order: a review or a search that samples deals does not peek.

        >>> state = ZoolorettoState.new(players=2, seed=1)
        >>> twin = ZoolorettoState.new(players=2, seed=1)
        >>> twin.supply.reverse()                     # the same tiles in another order
        >>> state.redealt(5).supply == twin.redealt(5).supply != state.supply
        True
        """
        copy = self.search_copy()
        copy.supply = sorted(copy.supply)
        random.Random(seed).shuffle(copy.supply)
        return copy

    def _copy_position(self) -> "ZoolorettoState":
        """Everything but the log and the history, copied so that applying to the copy never changes this state (the
        zoos and the middle are frozen values, shared)."""
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
            # counted from 1, as the action's own words count them ("take truck 10")
            named = truck + 1 if isinstance(truck, int) else repr(truck)
            return Refusal(f"there is no truck {named} (this game has {len(self.trucks)})", TRUCKS)
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
            options = ", ".join(za.shop_destinations(after))
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
        self.history.append(action)
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
