"""The planner: the fewest turns that clear a solo map, then the most cash (ruling S10).

The search is over **whole turns**. From a position at the start of a turn the
planner lists the turns worth playing (:func:`turn_options`) and searches them
depth-first, deepening the deadline one turn at a time from a lower bound, so the
first deadline with a plan is the fewest turns; within it the search is
exhaustive (over its move set), so the cash it reports is the most any such plan
leaves.

The move set
------------
Each turn option is built from the exact solvers of the map packages:

* **track**: a build is up to three *segments*, each the cheapest free hex path
  from a node (or the end of an incomplete track) to another node, found by
  Dijkstra over the land hexes (on Easter Island the costs are the connect
  solver's $3/$4, :mod:`zoobook.steam.easter.connect`); the last segment may be
  laid in part, leaving incomplete track to finish next turn. Bonus tiles from
  hand (S7) cover the tiles beyond the limit, or all of them.
* **shipments**: every legal shipment from the goods part (the Zoo's come from
  :func:`zoobook.steam.zoo.shipping.route_level`), keeping for each resulting map
  the one with most links (more income, nothing else differs).
* **action**: every card the selection policy allows (and none).
* **shares**: the fewest that pay for the turn. Ruling S10 ranks by cash, and a
  share issued with R turns left (this one included) nets $5 - $R, most ($4) in
  the last turn, so in the last turn the planner issues every share left; when
  expenses would go unpaid it also tries the shares that cover them.

A plan is therefore optimal *over this move set*; the tests compare it with a
brute force over every legal action of the engine on tiny maps.

Pruning (sound: it never cuts a plan that could clear by the deadline)
---------------------------------------------------------------------
* **goods**: a turn has two move-goods rounds, so it feeds at most two areas
  (Zoo) or removes at most two cubes (Easter Island): ``ceil(left / 2)`` turns;
* **locomotive**: food from an area of danger d needs level d - 1 even with
  Feeding (S4, S6); the level rises at most twice a turn (the card and one
  move-goods round), so a level short by r needs ``ceil(r / 2)`` turns;
* **money**: an animal area without any link needs a tile of track; if every
  share issued and the best income could not pay for them, the branch is dead;
* **memoisation**: positions are frozen and hashable; each is searched once per
  deadline.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> found = plan(Game.zoo(zoo, land=[(1, 0), (1, 1)], turns=3))
>>> found.turns, found.cash
(1, 58)
>>> [str(a) for a in found.steps[0].actions][:3]
['issue 13 shares', 'select engineer', 'lay track (0,0) (1,0) (2,0)']
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from zoobook.explain import plural
from zoobook.hexgrid import Hex, neighbours
from zoobook.rulings import cite
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.economy import MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.memo import canonical
from zoobook.progress import Callback, Interrupted, SearchBudgetExceeded, quiet
from zoobook.steam.game.state import (ACTION, BUILD, MOVE, OVER, Game, IllegalAction,
                                      Position, _end_of_turn, step)

__all__ = ["Plan", "TurnPlan", "plan", "turn_options", "turns_lower_bound", "segments",
           "replay", "SearchStats"]


@dataclass(frozen=True)
class TurnPlan:
    """The actions of one turn of a plan and what the turn left."""

    turn: int
    actions: tuple[Action, ...]
    cash: int
    income: int
    locomotive: int

    def text(self) -> str:
        return f"turn {self.turn}: " + "; ".join(str(a) for a in self.actions)


@dataclass
class SearchStats:
    """What a search did: positions expanded, pruned by each bound, memo hits.

    ``weighed`` counts the whole turns (or rests of turns) generated at the positions
    expanded; ``refuted`` the first turns the search played out at the last deadline it
    tried and found to clear too late (or never): the tempting openings it had to rule out.
    """

    expanded: int = 0
    weighed: int = 0
    pruned_goods: int = 0
    pruned_money: int = 0
    memo_hits: int = 0
    refuted: int = 0


@dataclass(frozen=True)
class Plan:
    """The planner's answer.

    ``turns`` is the turn in which the map is cleared (None: no plan clears it
    by the limit), ``cash`` what is left then, ``steps`` one :class:`TurnPlan`
    per turn, ``lower_bound`` the first deadline tried and ``explanation`` the
    reasons in plain sentences.
    """

    turns: int | None
    cash: int | None
    steps: tuple[TurnPlan, ...]
    lower_bound: int
    stats: SearchStats
    explanation: tuple[str, ...]

    @property
    def cleared(self) -> bool:
        return self.turns is not None

    @property
    def actions(self) -> list[Action]:
        return [a for s in self.steps for a in s.actions]


# -- bounds ----------------------------------------------------------------------------------

def _rounds_needed(goods_left: int) -> int:
    return math.ceil(goods_left / 2)


def turns_lower_bound(game: Game, pos: Position) -> tuple[int, str]:
    """Turns still needed (this one included) and the reason, never more than the truth."""
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if left == 0:
        return (1 if pos.phase != OVER else 0), "nothing left to ship"
    need, why = _rounds_needed(left), f"{goods.goods_word(left)} and two move-goods rounds a turn"
    level = goods.level_needed(pos.board)
    if level is None:
        return 10 ** 6, goods.impossible_reason(pos.board)
    short = max(0, level - pos.economy.locomotive)
    by_level = math.ceil(short / 2)
    if by_level > need:
        need, why = by_level, (f"locomotive level {level} needed, {short} above yours, and it "
                               "rises at most twice a turn")
    return max(need, 1), why


def _money_ok(game: Game, pos: Position, turns_left: int) -> bool:
    """Whether the track the goods still need could be paid in *turns_left* turns."""
    tiles = game.rules.goods.tiles_needed(pos.board) - pos.hand
    if tiles <= 0:
        return True
    cheapest = min(game.rules.tile_price(t, card) for card in (*game.rules.cards, game.rules.card(None))
                   for t in ("plain", "mountain"))
    eco = pos.economy
    best_income = sum(eco.income + 12 * k for k in range(turns_left))
    money = eco.cash + SHARE_PRICE * (MAX_SHARES - eco.shares) + best_income
    return money >= tiles * cheapest


def _cash_ceiling(pos: Position, deadline: int) -> int:
    """More cash than any plan from *pos* can end with by *deadline* (the money bound).

    Each remaining turn collects the income, which rises by at most 12 a turn (two
    shipments of at most 6 links), and pays at least today's expenses (shares and
    level never fall); a share issued nets at most $4 ($5 less at least one turn's
    $1); track and actions only cost.
    """
    if pos.phase == OVER:
        return pos.outcome.cash if pos.outcome.cleared else -1
    eco = pos.economy
    turns = deadline - pos.turn + 1
    if turns <= 0:
        return -1
    return (eco.cash + turns * (eco.income - eco.shares - eco.locomotive) + 6 * turns * (turns + 1)
            + 4 * (MAX_SHARES - eco.shares))


# -- the move set ------------------------------------------------------------------------------

def segments(game: Game, pos: Position) -> list[tuple[Hex, ...]]:
    """The cheapest free hex path from each node or stub end to each other node.

    Cheapest by track price (Dijkstra, ties broken by the smaller hex path), so a
    segment is what a player building the cheapest link would lay.
    """
    rules = game.rules
    hexmap = rules.goods.hexmap(pos.board)
    used = {h for t in hexmap.tracks for h in t.hexes[1:]} - {n.hex for n in hexmap.nodes}
    free = {h: rules.price.of(t) for h, t in game.land.items() if h not in used}
    linked = {frozenset((link.start, link.end)) for link in hexmap.complete_links()}
    stub_origin = {t.end: t.start for t in hexmap.tracks if not hexmap.is_node(t.end)}
    starts = [n.hex for n in hexmap.nodes] + [h for h, _ in pos.stubs]
    node_hexes = {n.hex for n in hexmap.nodes}
    out = []
    for start in starts:
        origin = stub_origin.get(start, start)
        origin_name = hexmap.node_at(origin).name
        dist = {start: (0, (start,))}
        heap = [(0, (start,))]
        reached: dict[Hex, tuple] = {}
        while heap:
            cost, path = heapq.heappop(heap)
            here = path[-1]
            if dist.get(here, (None,))[0] is not None and dist[here][1] != path:
                continue
            for h in neighbours(here):
                if hexmap.is_node(h) and len(path) > 1 and h != origin:
                    cand = path + (h,)
                    if h not in reached or (cost, cand) < reached[h]:
                        reached[h] = (cost, cand)
                if h in free and h not in path:
                    cand, c = path + (h,), cost + free[h]
                    if h not in dist or (c, cand) < dist[h]:
                        dist[h] = (c, cand)
                        heapq.heappush(heap, (c, cand))
        for h, (_, path) in sorted(reached.items()):
            target = hexmap.node_at(h).name
            if start == origin:
                if frozenset((origin_name, target)) in linked:
                    continue  # a parallel link adds nothing a shipment could use
                if (target, h) < (origin_name, origin) and h in node_hexes:
                    continue  # the same pair is planned from the other end
            out.append(path)
    return out


def _apply_all(game: Game, pos: Position, actions: Iterable[Action]) -> Position | None:
    for action in actions:
        try:
            pos, _ = step(game, pos, action)
        except IllegalAction:
            return None
    return pos


def _disjoint(paths: list[tuple[Hex, ...]]) -> bool:
    """Whether no two segments share a track hex (a hex holds one track, S2)."""
    seen: set[Hex] = set()
    for path in paths:
        inner = set(path[1:-1])
        if inner & seen:
            return False
        seen |= inner
    return True


_RICH = 10 ** 9


class MoveSet:
    """The planner's move set for one game, with caches.

    Builds depend only on the map, the card and the tiles left; move-goods rounds
    only on the map, the level and the Feeding discount. Each is worked out once,
    through the engine's own :func:`~zoobook.steam.game.state.step`, and reused for
    every economy that reaches it.
    """

    def __init__(self, game: Game, prune: bool = False) -> None:
        self.game = game
        self.prune = prune
        self._builds: dict = {}
        self._moves: dict = {}
        self.deadline: int | None = None

    # -- build ------------------------------------------------------------------------
    def builds(self, pos: Position) -> list[tuple[tuple[Action, ...], Position]]:
        """Builds from a build-phase position (ending with EndBuild), each with the position after."""
        out = []
        for actions, after, cost in self._cached_builds(pos):
            if cost <= pos.cash:
                out.append((actions, after.with_(card=pos.card,
                                                 economy=pos.economy.with_(cash=pos.cash - cost))))
        return out

    def _build_options(self, pos: Position) -> list[tuple[tuple[Action, ...], Position]]:
        game = self.game
        rules = game.rules
        card = rules.card(pos.card)
        room = rules.tile_limit(card) - pos.tiles_laid
        capacity = room + pos.hand
        chosen: list[tuple[tuple[Action, ...], Position]] = []
        seen = set()
        prefixes: list[tuple[Action, ...]] = [()]
        if card.urbanizes and not pos.urbanized:
            prefixes += [(Urbanize(t),) for t in rules.goods.towns(pos.board)]
        for prefix in prefixes:
            start = _apply_all(game, pos, prefix)
            if start is None:
                continue
            segs = segments(game, start)
            tiles_of = [len(s) - 2 for s in segs]
            combos: list[tuple[tuple[int, ...], int | None]] = [((), None)]
            for size in (1, 2, 3):
                for combo in itertools.combinations(range(len(segs)), size):
                    total = sum(tiles_of[i] for i in combo)
                    if total > capacity or not _disjoint([segs[i] for i in combo]):
                        continue
                    combos.append((combo, None))
            for i in range(len(segs)):
                if tiles_of[i] > room >= 1:
                    combos.append(((), i))  # laid in part: a stub to finish next turn
            for combo, partial in combos:
                used = sum(tiles_of[i] for i in combo)
                variants = {max(0, used - room), min(pos.hand, used)} if combo else {0}
                for from_hand in sorted(variants):
                    lays, left = [], from_hand
                    for i in combo:
                        take = min(left, tiles_of[i])
                        lays.append(LayTrack(segs[i], hand=take))
                        left -= take
                    if partial is not None:
                        lays.append(LayTrack(segs[partial][:room + 1]))
                    actions = prefix + tuple(lays) + (EndBuild(),)
                    after = _apply_all(game, pos, actions)
                    if after is None:
                        continue
                    after = after.with_(board=canonical(after.board))
                    key = (after.board, after.cash, after.hand, after.stubs)
                    if key in seen:
                        continue
                    seen.add(key)
                    chosen.append((actions, after))
        return chosen

    # -- move goods -----------------------------------------------------------------------
    def _ships(self, pos: Position) -> list[Ship]:
        game = self.game
        goods = game.rules.goods
        level = pos.economy.locomotive
        discount = game.rules.card(pos.card).discount and not pos.discount_used
        best: dict = {}
        for ship in goods.shipments(pos.board, level, discount=discount):
            effect = goods.ship(pos.board, ship, level, discount=discount)
            key = (effect.board, effect.used_discount, effect.entered_exit)
            if key not in best or ship.links > best[key].links:
                best[key] = ship
        return list(best.values())

    def moves(self, pos: Position) -> list[tuple[tuple[Action, ...], Position]]:
        """The move-goods rounds left, through the end of the turn."""
        if pos.phase != MOVE:
            return []
        discount = self.game.rules.card(pos.card).discount and not pos.discount_used
        key = (pos.board, pos.economy.locomotive, discount, pos.raised, pos.moves)
        if key not in self._moves:
            self._moves[key] = self._move_plans(pos)
        out = []
        eco = pos.economy
        goods = self.game.rules.goods
        turns_after = None if self.deadline is None or not self.prune else self.deadline - pos.turn
        for actions, board, links, raises, entered, used in self._moves[key]:
            if turns_after is not None and goods.goods_left(board) > 2 * turns_after:
                continue  # the goods bound, applied before the end of the turn is worked out
            before_end = pos.with_(board=board, moves=2, raised=pos.raised or raises > 0,
                                   entered_exit=pos.entered_exit or entered,
                                   discount_used=pos.discount_used or used,
                                   economy=eco.with_(income=eco.income + links,
                                                   locomotive=eco.locomotive + raises))
            end, _ = _end_of_turn(self.game, before_end, [])
            out.append((actions, end))
        return out

    def _move_plans(self, pos: Position) -> list[tuple]:
        game = self.game
        plans = []
        rounds = 2 - pos.moves
        base = pos.with_(moves=0)  # so that step never runs the end of the turn here
        for first in [*self._ships(base), RaiseLocomotive(), Pass()]:
            try:
                after, _ = step(game, base, first)
            except IllegalAction:
                continue
            seconds: list = [None]
            if rounds == 2:
                seconds = [*self._ships(after), RaiseLocomotive(), Pass()]
            for second in seconds:
                if second is None:
                    end, actions = after, (first,)
                else:
                    if isinstance(first, Pass) and not isinstance(second, Pass):
                        continue  # "pass, then act" is the same turn as "act, then pass"
                    try:
                        end, _ = step(game, after.with_(moves=0), second)
                    except IllegalAction:
                        continue
                    actions = (first, second)
                raises = sum(isinstance(a, RaiseLocomotive) for a in actions)
                links = sum(a.links for a in actions if isinstance(a, Ship))
                plans.append((actions, end.board, links, raises, end.entered_exit, end.discount_used))
        return plans

    # -- whole turns -------------------------------------------------------------------------
    def selects(self, pos: Position) -> list[Select]:
        rules = self.game.rules
        return [Select(None)] + [Select(c.name, t) for c in rules.cards
                                 for t in (rules.goods.flip_targets(pos.board) if c.targeted else [None])]

    def turn_options(self, pos: Position, deadline: int | None = None
                     ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every turn (or rest of a turn) in the move set, with the position after it."""
        game = self.game
        deadline = game.turns if deadline is None else deadline
        self.deadline = deadline
        if pos.phase == OVER:
            return []
        if pos.phase == MOVE:
            return self.moves(pos)
        if pos.phase == BUILD:
            return [(build + moves, end) for build, after in self.builds(pos)
                    for moves, end in self.moves(after)]
        if pos.phase == ACTION:
            out = []
            for select in self.selects(pos):
                try:
                    after, _ = step(game, pos, select)
                except IllegalAction:
                    continue
                out += [((select,) + rest, end) for rest, end in self.turn_options(after, deadline)]
            return out
        return self._whole_turns(pos, deadline)

    def _whole_turns(self, pos: Position, deadline: int) -> list[tuple[tuple[Action, ...], Position]]:
        game = self.game
        eco = pos.economy
        spare = MAX_SHARES - eco.shares
        rich = pos.with_(economy=eco.with_(cash=_RICH), phase=ACTION)
        turns_left = deadline - pos.turn + 1
        best: dict = {}
        for select in self.selects(pos):
            try:
                chosen, _ = step(game, rich, select)
            except IllegalAction:
                continue
            card = game.rules.card(select.action)
            price = game.rules.selection.price if select.action else 0
            for build, built, cost in self._cached_builds(chosen):
                need = max(0, price - eco.cash, price - card.cash_bonus + cost - eco.cash)
                least = math.ceil(need / SHARE_PRICE)
                if least > spare:
                    continue
                counts = [spare] if turns_left == 1 else [least]
                for count in counts:
                    cash = eco.cash + SHARE_PRICE * count - price + card.cash_bonus - cost
                    # cached builds are shared by cards alike for building: keep this card
                    start = built.with_(card=chosen.card,
                                        economy=chosen.economy.with_(cash=cash, shares=eco.shares + count))
                    for moves, end in self.moves(start):
                        actions = (IssueShares(count), select) + build + moves
                        self._keep_richest(best, actions, end)
                        short = self._shortfall(start, moves, end)
                        if short and count < spare:
                            more = min(spare, count + math.ceil(short / SHARE_PRICE))
                            richer = start.with_(economy=replace(start.economy,
                                                                 cash=cash + SHARE_PRICE * (more - count),
                                                                 shares=eco.shares + more))
                            for again_moves, again in self.moves(richer):
                                if again_moves == moves:
                                    self._keep_richest(best, (IssueShares(more), select) + build + moves,
                                                       again)
        return list(best.values())

    @staticmethod
    def _keep_richest(best: dict, actions: tuple, end: Position) -> None:
        """Keep, among turns ending in the same position but for cash, the richest (cash never hurts)."""
        key = end.with_(economy=end.economy.with_(cash=0), outcome=None) if end.phase != OVER else end
        if key not in best or best[key][1].cash < end.cash:
            best[key] = (actions, end)

    def _signature(self, card_name: str | None) -> tuple:
        """What of a card matters to a build: its tile limit, its prices, urbanizing."""
        card = self.game.rules.card(card_name)
        return (card.tile_limit(self.game.rules.tiles), card.tile_price(1), card.tile_price(2),
                card.urbanizes)

    def _cached_builds(self, chosen: Position):
        key = (chosen.board, chosen.stubs, chosen.hand, self._signature(chosen.card),
               chosen.tiles_laid, chosen.urbanized, chosen.turn)
        if key not in self._builds:
            rich = chosen.with_(economy=chosen.economy.with_(cash=_RICH))
            self._builds[key] = [(actions, after, _RICH - after.cash)
                                 for actions, after in self._build_options(rich)]
        return self._builds[key]

    @staticmethod
    def _shortfall(start: Position, moves: tuple[Action, ...], end: Position) -> int:
        """The expenses this turn leaves unpaid (base-games.md: income drops by the shortfall)."""
        eco = start.economy
        links = sum(a.links for a in moves if isinstance(a, Ship))
        raises = sum(isinstance(a, RaiseLocomotive) for a in moves)
        return max(0, eco.shares + eco.locomotive + raises - (eco.cash + eco.income + links))


def turn_options(game: Game, pos: Position, deadline: int | None = None
                 ) -> list[tuple[tuple[Action, ...], Position]]:
    """Every turn (or the rest of the current turn) in the planner's move set.

    From the shares phase a turn is shares, action, build and both move-goods
    rounds; from a later phase, the rest of the current turn.
    """
    return MoveSet(game).turn_options(pos, deadline)


# -- the search -----------------------------------------------------------------------------------

class _Search:
    def __init__(self, game: Game, prune: bool, progress: Callback, max_positions: int | None = None) -> None:
        self.game = game
        self.prune = prune
        self.progress = progress
        self.max_positions = max_positions
        self.stats = SearchStats()
        self.memo: dict = {}
        self.moves = MoveSet(game, prune)

    def best(self, pos: Position, deadline: int, top: bool = False):
        """(cash, actions) of the richest plan clearing by *deadline*, or None."""
        if pos.phase == OVER:
            return (pos.outcome.cash, ()) if pos.outcome.cleared and pos.outcome.turns <= deadline else None
        if pos.turn > deadline:
            return None
        key = (pos, deadline)
        if key in self.memo:
            self.stats.memo_hits += 1
            return self.memo[key]
        if self.prune:
            need, _ = turns_lower_bound(self.game, pos)
            if pos.turn + need - 1 > deadline:
                self.stats.pruned_goods += 1
                self.memo[key] = None
                return None
            if not _money_ok(self.game, pos, deadline - pos.turn + 1):
                self.stats.pruned_money += 1
                self.memo[key] = None
                return None
        self.stats.expanded += 1
        if self.max_positions is not None and self.stats.expanded > self.max_positions:
            raise SearchBudgetExceeded(f"more than {self.max_positions} positions")
        options = self.moves.turn_options(pos, deadline)
        self.stats.weighed += len(options)
        if self.prune:
            goods = self.game.rules.goods
            options.sort(key=lambda o: (goods.goods_left(o[1].board), -o[1].cash))
        found = None
        if top:
            self.stats.refuted = 0
        for done, (actions, after) in enumerate(options):
            if top:
                if self.progress(done, len(options), f"deadline turn {deadline}") is False:
                    raise Interrupted("stopped by the progress callback")
            if self.prune and found is not None and _cash_ceiling(after, deadline) <= found[0]:
                self.stats.pruned_money += 1
                continue
            result = self.best(after, deadline)
            if top and result is None:
                self.stats.refuted += 1
            if result is not None and (found is None or result[0] > found[0]):
                found = (result[0], actions + result[1])
        # A branch cut by the cash ceiling could not beat *found*, so *found* stays the optimum.
        self.memo[key] = found
        return found


def plan(game: Game, position: Position | None = None, *, prune: bool = True,
         progress: Callback = quiet, deadline: int | None = None,
         max_positions: int | None = None) -> Plan:
    """The fewest turns to clear the map from *position*, then the most cash.

    Parameters
    ----------
    game : Game
    position : Position, optional
        Where to start (default: the game's start). Any phase.
    prune : bool
        Use the bounds (see the module docstring); without them the search
        only memoises (the benchmark's baseline).
    progress : callable
        ``progress(done, total, message)``; return False to stop
        (raises :class:`~zoobook.progress.Interrupted`). Ctrl-C also
        raises it.
    deadline : int, optional
        The last turn allowed (default: the game's turn limit).
    max_positions : int, optional
        Give up with :class:`~zoobook.progress.SearchBudgetExceeded` after
        expanding this many positions (generators keep only quick puzzles).
    """
    pos = position or game.start
    last = game.turns if deadline is None else min(deadline, game.turns)
    search = _Search(game, prune, progress, max_positions)
    if pos.phase == OVER:
        raise ValueError("the game is over already")
    need, why = turns_lower_bound(game, pos)
    first = pos.turn + need - 1 if prune else pos.turn
    first = max(first, pos.turn)
    try:
        for target in range(first, last + 1):
            found = search.best(pos, target, top=True)
            if found is not None:
                return _make_plan(game, pos, found, target, first, need, why, search.stats)
    except KeyboardInterrupt:
        raise Interrupted("interrupted (Ctrl-C)", search.stats) from None
    except Interrupted as exc:
        exc.partial = search.stats
        raise
    explanation = (f"No plan clears the map by the end of turn {last}: the search tried every "
                   f"plan of its move set for each deadline up to turn {last} {cite('S10')}.",
                   f"It expanded {plural(search.stats.expanded, 'position')}.")
    if need > 10 ** 5:
        explanation = (f"The map can never be cleared: {why}.",)
    return Plan(None, None, (), first, search.stats, explanation)


def replay(game: Game, position: Position, actions: Iterable[Action]) -> list[TurnPlan]:
    """The turns of a plan, each with the cash, income and locomotive it leaves."""
    steps, current, turn = [], [], position.turn
    pos = position
    for action in actions:
        pos, _ = step(game, pos, action)
        current.append(action)
        if pos.phase == OVER or pos.turn != turn:
            steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income,
                                  pos.economy.locomotive))
            current, turn = [], pos.turn
    if current:
        steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income, pos.economy.locomotive))
    return steps


def _make_plan(game, pos, found, target, first, need, why, stats) -> Plan:
    cash, actions = found
    steps = replay(game, pos, actions)
    goods = game.rules.goods
    lines = [f"A plan clears the map in turn {target} with ${cash} left: "
             f"{goods.clear_reason} {cite('S10')}."]
    if target == first:
        lines.append(f"No plan can clear it sooner: {plural(need, 'more turn')} at least ({why}).")
    else:
        lines.append(f"At least {plural(need, 'turn')} are needed ({why}); the search found no plan "
                     f"clearing by turn {target - 1}, trying every plan of its move set.")
    lines.append(f"No plan clearing in turn {target} leaves more than ${cash}: ties rank by cash "
                 f"{cite('S10')}.")
    return Plan(target, cash, tuple(steps), first, stats, tuple(lines))
