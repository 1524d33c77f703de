"""Bots for the whole game of Zooloretto: random, greedy and lookahead.

Every bot has ``choose(state) -> action`` for the player to move. The two thinking bots
judge a zoo by :func:`zoo_value`: its final score if the game ended now
(:func:`zoobook.zooloretto.scoring.score`), plus half a coin's worth per coin (coins buy
money actions), plus a share of the points an unfinished enclosure still promises --
the more of it is filled, the larger the share; a construction-site marker takes away
the full-enclosure points it blocks (ruling Z5).

* **random** -- a seeded random legal action.
* **greedy** -- the action with the best immediate change of its own zoo's value: each
  tile where it adds most, each marker where it takes most from an opponent, a truck
  by the value of placing its tiles one by one, a money action by its change; drawing
  a tile is worth a fixed :data:`DRAW_VALUE` (the hope of a better truck).
* **lookahead** -- a truck by the best order and places of all its tiles, markers by the
  harm they do, and drawing by its expectation: for every tile the supply may still
  hold (weighted by how many are left; the order is hidden, the bot never peeks), the
  best truck (valued tile by tile) it could then take after loading that tile where it helps most, discounted
  by :data:`OPPONENT_DISCOUNT` for opponents who may take that truck first (no discount
  when it is the last player without a truck). :func:`advice` gives its choice with
  the reasons, for a hint button.

Examples
--------
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> state = ZoolorettoState.new(players=2, seed=3)
>>> final = play(state, [GreedyBot(0), LookaheadBot(1)])
>>> final.is_terminal(), len(final.returns())
(True, 2)
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from zoobook.zooloretto import actions as za
from zoobook.zooloretto.game import (
    MONEY_ACTIONS, Draw, Load, Mark, Take, ZoolorettoState,
)
from zoobook.zooloretto.model import Tile, Zoo
from zoobook.zooloretto.scoring import enclosure_points, score
from zoobook.zooloretto.supply import marker_kind

__all__ = ["zoo_value", "RandomBot", "GreedyBot", "LookaheadBot", "BOTS", "play", "advice",
           "DRAW_VALUE", "OPPONENT_DISCOUNT", "COIN_VALUE"]

COIN_VALUE = 0.5
#: What the greedy bot expects from drawing instead of taking a truck.
DRAW_VALUE = 2.0
#: The lookahead bot's discount on the trucks it hopes to take later (an opponent may take them first).
OPPONENT_DISCOUNT = 0.75
#: Share of the points an enclosure still promises, by the square of how full it is.
PROMISE_SHARE = 0.6


@lru_cache(maxsize=1 << 15)
def zoo_value(zoo: Zoo) -> float:
    """Score now + coins + a share of the unfinished enclosures' promise.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> empty = new_zoo(expansions=())
    >>> four = empty.with_enclosure(Enclosure("5", "camel", 4))
    >>> marked = empty.with_enclosure(Enclosure("5", "camel", 4, sites=1))
    >>> zoo_value(four) > zoo_value(marked) > zoo_value(empty)
    True
    """
    value = score(zoo).total + COIN_VALUE * zoo.coins
    for e in zoo.enclosures:
        if not e.animals or e.is_full:
            continue
        if e.sites == 0:
            reachable, target = e.spec.full_points, e.size
        elif e.sites == 1:
            reachable, target = e.spec.short_points, e.size - 1
        else:
            continue
        now = enclosure_points(e).points
        if reachable > now and target:
            value += PROMISE_SHARE * (reachable - now) * (e.occupied / target) ** 2
    return value


def _placements(zoo: Zoo, code: str):
    tile = Tile.parse(code)
    for to, shop in za.legal_placements(zoo, tile):
        yield to, shop, za.place_tile(zoo, tile, to, shop_to=shop).zoo


@lru_cache(maxsize=1 << 14)
def greedy_truck(zoo: Zoo, codes: tuple[str, ...]) -> tuple[float, Zoo, tuple[str, ...]]:
    """Place a truck's tiles one at a time, each where it adds most: (value after, zoo, words)."""
    zoo = zoo if "coin" not in codes else _with_coins(zoo, codes.count("coin"))
    tiles = sorted(c for c in codes if c != "coin" and marker_kind(c) is None)
    words = []
    while tiles:
        best = None
        for code in dict.fromkeys(tiles):
            for to, shop, after in _placements(zoo, code):
                value = zoo_value(after)
                if best is None or value > best[0]:
                    best = (value, code, to, after)
        _, code, to, zoo = best
        tiles.remove(code)
        words.append(f"{code} -> {to}")
    return zoo_value(zoo), zoo, tuple(words)


def _with_coins(zoo: Zoo, coins: int) -> Zoo:
    return replace(zoo, coins=zoo.coins + coins)


@lru_cache(maxsize=1 << 14)
def best_truck(zoo: Zoo, codes: tuple[str, ...]) -> tuple[float, tuple[str, ...]]:
    """Every order and place of a truck's tiles: (best value after, the placements in words)."""
    if "coin" in codes:
        zoo = _with_coins(zoo, codes.count("coin"))
    tiles = tuple(sorted(c for c in codes if c != "coin" and marker_kind(c) is None))
    return _best_rest(zoo, tiles)


@lru_cache(maxsize=1 << 15)
def _best_rest(zoo: Zoo, tiles: tuple[str, ...]) -> tuple[float, tuple[str, ...]]:
    if not tiles:
        return zoo_value(zoo), ()
    best = None
    for i, code in enumerate(tiles):
        if code in tiles[:i]:
            continue
        rest = tiles[:i] + tiles[i + 1:]
        for to, shop, after in _placements(zoo, code):
            value, words = _best_rest(after, rest)
            if best is None or value > best[0]:
                best = (value, (f"{code} -> {to}" + (f" (souvenir shop -> {shop})" if shop else ""),) + words)
    return best


def marker_harm(state: ZoolorettoState, kinds) -> float:
    """What the markers take from opponents' zoo values, each put where it harms most (one by one)."""
    opponents = tuple(state.zoos[s] for s in range(state.players) if s != state.current_player)
    return _marker_harm(opponents, tuple(kinds))


@lru_cache(maxsize=1 << 12)
def _marker_harm(opponents: tuple[Zoo, ...], kinds: tuple[str, ...]) -> float:
    zoos = list(opponents)
    harm = 0.0
    for kind in kinds:
        best = (0.0, None, None)
        for i, zoo in enumerate(zoos):
            for to in za.site_destinations(zoo, kind):
                after = za.place_site(zoo, kind, to).zoo
                loss = zoo_value(zoo) - zoo_value(after)
                if loss > best[0]:
                    best = (loss, i, after)
        if best[1] is not None:
            harm += best[0]
            zoos[best[1]] = best[2]
    return harm


class RandomBot:
    """A seeded random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: ZoolorettoState):
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """The best immediate change of its own zoo's value (see the module text)."""

    name = "greedy"
    #: Markers weigh half: they hurt one opponent, not every one.
    MARKER_WEIGHT = 0.5

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # -- the sub-decisions, shared with the lookahead bot --------------------------------------
    def choose(self, state: ZoolorettoState):
        phase = state.phase
        actions = state.legal_actions()
        if phase == "place":
            seat = state.current_player
            return max(actions, key=lambda a: zoo_value(state.zoos_after(a, known_legal=True)[seat]))
        if phase == "mark":
            return max(actions, key=lambda a: self._mark_value(state, a))
        if phase == "load":
            return max(actions, key=lambda a: self._load_value(state, a))
        ranked = self.rank(state, actions)
        return ranked[0][1]

    def _mark_value(self, state: ZoolorettoState, action: Mark) -> tuple:
        before = state.zoos[action.seat]
        after = state.zoos_after(action, known_legal=True).get(action.seat, before)
        leader = score(before).total
        return (zoo_value(before) - zoo_value(after), leader, -action.seat)

    def truck_value(self, state: ZoolorettoState, tiles) -> float:
        zoo = state.zoos[state.current_player]
        value = greedy_truck(zoo, tuple(sorted(tiles)))[0] - zoo_value(zoo)
        kinds = [marker_kind(c) for c in tiles if marker_kind(c)]
        return value + (self.MARKER_WEIGHT * marker_harm(state, kinds) if kinds else 0.0)

    def _load_value(self, state: ZoolorettoState, action: Load) -> float:
        truck = state.trucks[action.truck]
        return (self.truck_value(state, truck + [state.pending_tile]) - self.truck_value(state, truck),
                -action.truck)

    def draw_value(self, state: ZoolorettoState) -> float:
        return DRAW_VALUE

    def rank(self, state: ZoolorettoState, actions) -> list[tuple[float, object, str]]:
        """(value, action, why) for every turn action, best first (ties keep the listed order)."""
        seat = state.current_player
        mine = zoo_value(state.zoos[seat])
        rows = []
        for i, action in enumerate(actions):
            if isinstance(action, Draw):
                value, why = self.draw_value(state), "drawing: the hope of a better truck"
            elif isinstance(action, Take):
                value, why = self.take(state, action)
            elif isinstance(action, MONEY_ACTIONS):
                after = state.zoos_after(action, known_legal=True)
                value = zoo_value(after[seat]) - mine
                why = "the change of the zoo's value, coins included"
            else:
                continue
            rows.append((value, i, action, why))
        rows.sort(key=lambda r: (-r[0], r[1]))
        return [(v, a, w) for v, _, a, w in rows]

    def take(self, state: ZoolorettoState, action: Take) -> tuple[float, str]:
        tiles = state.trucks[action.truck]
        value = self.truck_value(state, tiles)
        return value, f"placing {', '.join(tiles)} one by one"


class LookaheadBot(GreedyBot):
    """Whole trucks searched exactly, and drawing valued by its expectation (see the module text)."""

    name = "lookahead"

    def truck_value(self, state: ZoolorettoState, tiles) -> float:
        zoo = state.zoos[state.current_player]
        value = best_truck(zoo, tuple(sorted(tiles)))[0] - zoo_value(zoo)
        kinds = [marker_kind(c) for c in tiles if marker_kind(c)]
        return value + (self.MARKER_WEIGHT * marker_harm(state, kinds) if kinds else 0.0)

    def take(self, state: ZoolorettoState, action: Take) -> tuple[float, str]:
        tiles = state.trucks[action.truck]
        zoo = state.zoos[state.current_player]
        value = self.truck_value(state, tiles)
        words = best_truck(zoo, tuple(sorted(tiles)))[1]
        markers = [marker_kind(c) for c in tiles if marker_kind(c)]
        extra = f"; {len(markers)} marker(s) to hurt an opponent" if markers else ""
        return value, "best placement " + ("; ".join(words) or "(coins only)") + extra

    def draw_value(self, state: ZoolorettoState) -> float:
        # The hypothetical trucks are valued tile by tile (the greedy valuation): exact searches for
        # every tile the supply may hold would cost seconds a turn for little difference.
        quick = super().truck_value
        open_trucks = [t for t in range(len(state.trucks)) if not state.truck_taken(t)]
        values = {t: quick(state, state.trucks[t]) if state.trucks[t] else 0.0 for t in open_trucks}
        counts = state.supply_counts()
        total = sum(counts.values())
        if not total:
            return float("-inf")
        expected = 0.0
        for code, count in sorted(counts.items()):  # sorted: nothing may depend on the hidden order
            best = max(values.values(), default=0.0)
            for t in open_trucks:
                if state.room(t) > 0:
                    best = max(best, quick(state, state.trucks[t] + [code]))
            expected += count / total * best
        alone = sum(1 for s in range(state.players) if state.taken[s] is None) == 1
        return expected * (1.0 if alone else OPPONENT_DISCOUNT)


def advice(state: ZoolorettoState, bot: GreedyBot | None = None, top: int = 3) -> tuple[object, list[str]]:
    """What the lookahead bot would do now, and why: (action, lines of reasons)."""
    bot = bot or LookaheadBot()
    action = bot.choose(state)
    phase = state.phase
    seat = state.current_player
    lines = []
    if phase == "turn":
        ranked = bot.rank(state, state.legal_actions())
        for value, act, why in ranked[:top]:
            lines.append(f"{act}: {value:+.1f} ({why})")
        lines.append(f"{len(ranked)} actions weighed; values are changes of the zoo's value "
                     f"(score now + {COIN_VALUE} per coin + a share of what unfinished enclosures promise)")
    elif phase == "place":
        options = sorted(state.legal_actions(), key=lambda a: -zoo_value(state.zoos_after(a)[seat]))
        for act in options[:top]:
            lines.append(f"{act}: zoo value {zoo_value(state.zoos_after(act)[seat]):.1f}")
    elif phase == "mark":
        options = sorted(state.legal_actions(), key=lambda a: bot._mark_value(state, a), reverse=True)
        for act in options[:top]:
            lines.append(f"{act}: costs that zoo {bot._mark_value(state, act)[0]:.1f} of its value")
    elif phase == "load":
        options = sorted(state.legal_actions(), key=lambda a: bot._load_value(state, a), reverse=True)
        for act in options[:top]:
            lines.append(f"{act}: that truck's value for you changes by {bot._load_value(state, act)[0]:+.1f}")
    return action, lines


BOTS = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


def play(state: ZoolorettoState, bots) -> ZoolorettoState:
    """Play *state* to the end, seat *i* played by ``bots[i]``; returns the state."""
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state
