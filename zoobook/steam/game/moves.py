"""The exact planner's moves: whole turns built from the engine's legal actions.

A turn's board side (action, build, move goods) does not depend on the money but through what
it costs, so :class:`MoveSet` works it out once with unlimited cash (a :class:`Skeleton`) and
then pays for it with each share count. The last two turns are worked out by arithmetic
(:class:`~.last_turns.LastTurns`, mixed in).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zoobook.hexgrid import neighbours
from zoobook.steam.game import state as engine
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Urbanize)
from zoobook.steam.game.economy import MAX_SHARES, SHARE_PRICE, end_of_turn_money
from zoobook.steam.game.last_turns import LastTurns
from zoobook.steam.game.plans import final_score
from zoobook.steam.game.position_keys import RICH, board_key, position_key, try_step, try_steps
from zoobook.steam.game.state import ACTION, BUILD, MOVE, OVER, SHARES, Game, Position
from zoobook.steam.game.turn_bounds import level_reachable

__all__ = ["MoveSet", "Skeleton", "turn_options", "build_start", "lay_begins"]


@dataclass(frozen=True)
class Skeleton:
    """One turn's choices played with unlimited cash: what they cost and where they end.

    ``price`` is what the selection takes before its bonus (paid first), ``net`` the
    selection's price less its bonus, ``cost`` the build's; ``end`` the position after the
    move-goods rounds *before* the end-of-turn money (phase MOVE with both rounds
    played), or the position where the game was cleared (S13).
    """

    select: Action
    build: tuple[Action, ...]
    moves: tuple[Action, ...]
    card: object
    price: int
    net: int
    cost: int
    end: Position
    #: the next turn's position but for the money (None when the game ends this turn)
    after: Position | None = None
    #: cleared at once (S13): the score of the end without shares
    base: int | None = None


def build_start(game: Game, pos: Position) -> tuple:
    """The selected card, the tiles it still lets the player lay this turn, and the ways a
    build starts: as it is, or with an Urbanization of each town (when the card allows one),
    each as ``(actions, position after them, its hex map, its nodes' hexes)``."""
    rules = game.rules
    card = rules.card(pos.card)
    room = rules.tile_limit(card) - pos.tiles_laid
    prefixes: list[tuple[Action, ...]] = [()]
    if card.urbanizes and not pos.urbanized:
        prefixes += [(Urbanize(t),) for t in rules.goods.towns(pos.board)]
    starts = []
    for prefix in prefixes:
        start = try_steps(game, pos, prefix)
        if start is not None:
            hexmap = rules.goods.hexmap(start.board)
            starts.append((prefix, start, hexmap, frozenset(n.hex for n in hexmap.nodes)))
    return card, room, starts


def lay_begins(tracks: frozenset, nodes: frozenset) -> tuple[set, list[tuple]]:
    """The land hexes holding track, and where a lay may begin, as the engine's lay_starts:
    ``(hex, the incomplete track it extends or None, that track's start)`` for every node and
    every incomplete track's end, the player's or one without an owner (S15: extending it
    takes it back)."""
    used = {h for t in tracks for h in t[1:] if h not in nodes}
    by_end = {t[-1]: t for t in tracks if t[-1] not in nodes}
    begins = []
    for begin in sorted(nodes | set(by_end)):
        base = by_end.get(begin)
        begins.append((begin, base, base[0] if base else begin))
    return used, begins


class MoveSet(LastTurns):
    """The planner's moves for one game: whole turns built from the engine's legal actions.

    The board side of a turn (action, build, move goods) does not depend on the money but
    through what it costs, so it is worked out once with unlimited cash (a *skeleton*) and
    then paid for with each share count: the selection, the tiles and the new city are
    affordable when the cash covers them, and the end of the turn is the engine's own
    :func:`~zoobook.steam.game.economy.end_of_turn_money` (bankrupt below income 0).
    """

    def __init__(self, game: Game, prune: bool = False, dominances: bool = True,
                 shortcuts: bool = True) -> None:
        self.game = game
        self.prune = prune
        self.dominances = dominances
        #: the caches of "How it stays fast" (:mod:`.planner`) that change no answer and no
        #: count (dominance 4, skeletons alike in money, shared build prefixes); off: the
        #: planner as it was before them (the tests and the benchmark compare both)
        self.shortcuts = shortcuts
        self._builds: dict = {}
        self._skeletons: dict = {}
        self._finals: dict = {}
        self._rests: dict = {}
        self._moneys: dict = {}
        self._next: dict = {}
        self._templates: dict = {}

    # -- action ------------------------------------------------------------------------------
    def selects(self, pos: Position) -> list[Action]:
        """The selections the engine allows now (an ACTION-phase position)."""
        return [a for a in engine.legal_actions(self.game, pos) if isinstance(a, Select)]

    # -- build ---------------------------------------------------------------------------------
    def builds(self, pos: Position, complete_only: bool = False
               ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every end of the build from a BUILD-phase position, each with the position after.

        With ``complete_only``, only the builds whose new tiles all lie in complete links
        (the last turn's dominance: see the notes of :mod:`.planner`).
        """
        out = []
        for actions, changes, cost in self._cached_builds(pos, complete_only):
            if cost <= pos.cash:
                built = pos.with_(economy=pos.economy.with_(cash=pos.cash - cost), **changes)
                if built.phase == OVER:  # cleared by a lay (S13a): its cash and score are these
                    built = built.with_(outcome=replace(built.outcome, cash=built.cash,
                                                        score=final_score(self.game, built)))
                out.append((actions, built))
        return out

    def _cached_builds(self, pos: Position, complete_only: bool = False):
        card = self.game.rules.card(pos.card)
        what = pos.card if card.urbanizes else (card.tile_limit(self.game.rules.tiles),
                                                 tuple(card.tile_price(p) for p in range(1, 6)))
        key = (board_key(self.game, pos.board), pos.stubs, pos.hand, what, pos.tiles_laid,
               pos.urbanized, pos.turn, complete_only)
        if key not in self._builds:
            rich = pos.with_(economy=pos.economy.with_(cash=RICH))
            found, seen = [], set()
            sequences = (self._complete_lay_sequences(rich) if complete_only else
                         [(self._grouped(actions), stubs) for actions, stubs in self._lay_sequences(rich)])
            played = {(): rich}  # the engine is pure: a prefix played once serves every build
            for actions, _ in sequences:
                here = self._played(played, actions) if self.shortcuts else \
                    try_steps(self.game, rich, actions)
                if here is not None and here.phase == OVER:
                    # The lay that met the last clear condition ended the game cleared at
                    # once (S13a): the build stops there, with no EndBuild (the engine refuses
                    # one after the game is over), and it is a clearing turn.
                    end, finish = here, ()
                else:
                    end, finish = try_step(self.game, here, EndBuild()), (EndBuild(),)
                if end is None:
                    continue
                end_key = position_key(self.game, end)
                if end_key in seen:
                    continue
                seen.add(end_key)
                changes = {f: getattr(end, f) for f in engine.FIELDS
                           if f not in ("economy", "card") and getattr(end, f) != getattr(rich, f)}
                found.append((actions + finish, changes, RICH - end.cash))
            self._builds[key] = found
        return self._builds[key]

    def _played(self, played: dict, actions: tuple[Action, ...]) -> Position | None:
        """The position after *actions* from ``played[()]``, through the engine, reusing and
        filling *played* (action prefix -> position, None once illegal)."""
        known = len(actions)
        while actions[:known] not in played:
            known -= 1
        here = played[actions[:known]]
        for i in range(known, len(actions)):
            here = None if here is None else try_step(self.game, here, actions[i])
            played[actions[:i + 1]] = here
        return here

    def _grouped(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """One-tile lays that extend the tile just laid, as one lay (the same track, stubs and
        tiles; the same cost when no tile comes from hand or every tile costs the same, since a
        longer lay frees its most expensive tiles)."""
        land, rules = self.game.land, self.game.rules
        out: list[Action] = []
        for action in actions:
            prev = out[-1] if out else None
            if (isinstance(action, LayTrack) and isinstance(prev, LayTrack)
                    and action.hexes[0] == prev.hexes[-1] and len(prev.hexes) >= 2
                    and not self._is_node(prev.hexes[-1])):
                merged = prev.hexes + action.hexes[1:]
                prices = {rules.price.of(land[h]) for h in merged[1:] if h in land}
                if (prev.hand + action.hand == 0) or len(prices) == 1:
                    out[-1] = LayTrack(merged, hand=prev.hand + action.hand)
                    continue
            out.append(action)
        return tuple(out)

    def _is_node(self, h) -> bool:
        return h not in self.game.land

    def _lay_sequences(self, pos: Position) -> list[tuple[tuple[Action, ...], frozenset]]:
        """Every build as the engine's one-tile lays (and an urbanization first, which no lay
        depends on: a town is a node before and after), one sequence per end of the build.

        Depth first over tiles: from every node and every end of incomplete track the
        engine lets the player extend, into every free land hex, paid from the limit or from
        hand, ending there or on every neighbouring node but the track's own start.
        """
        game = self.game
        card, room, starts = build_start(game, pos)
        out = []
        for prefix, start, hexmap, nodes in starts:
            tracks = frozenset(tuple(t.hexes) for t in hexmap.tracks)
            stubs = frozenset(h for h, _ in start.stubs)
            seen: set = set()
            stack = [(tracks, stubs, room, start.hand, frozenset(), prefix)]
            ends: set = set()
            while stack:
                tracks, stubs, room_left, hand, from_hand, actions = stack.pop()
                state = (tracks, stubs, room_left, hand)
                if state in seen:
                    continue
                seen.add(state)
                end_key = (tracks, stubs, from_hand)
                if end_key not in ends:
                    ends.add(end_key)
                    out.append((actions, stubs))
                if room_left <= 0 and hand <= 0:
                    continue
                used, begins = lay_begins(tracks, nodes)
                for begin, base, origin in begins:
                    for h in neighbours(begin):
                        if h not in game.land or h in used or h in nodes:
                            continue
                        path = (base or (begin,)) + (h,)
                        rest = tracks - {base} if base else tracks
                        finishes = [None] + [n for n in neighbours(h) if n in nodes and n != origin]
                        pays = ([(room_left - 1, hand, 0)] if room_left > 0 else []) + \
                               ([(room_left, hand - 1, 1)] if hand > 0 else [])
                        for finish in finishes:
                            track = path if finish is None else path + (finish,)
                            lay = (begin, h) if finish is None else (begin, h, finish)
                            new_stubs = (stubs - {begin}) | ({h} if finish is None else set())
                            for room2, hand2, free in pays:
                                stack.append((rest | {track}, new_stubs, room2, hand2,
                                              from_hand | ({h} if free else set()),
                                              actions + (LayTrack(lay, hand=free),)))
        return out

    def _complete_lay_sequences(self, pos: Position) -> list[tuple[tuple[Action, ...], None]]:
        """Every build of the last turn whose new tiles all lie in links that end on a node: a
        sequence of whole lays, each from a node or an incomplete track's end along free land
        hexes to a node other than the track's start (and an urbanization first, as in
        :meth:`_lay_sequences`).

        This is the set :meth:`_lay_sequences` reaches when every track it touches ends on a
        node (its one-tile lays grouped per track: tracks laid in the same build share no hex,
        so the order of their tiles only interleaves them), without walking the one-tile
        sequences that leave a track open. Tiles from hand go where the engine puts them, on a
        lay's dearest tiles; every count of them per lay is tried. A build that puts a hand tile
        on a cheaper tile leaves the same board for more cash spent, which at the last turn is
        never better (the last turn's table ranks the same board and score by the cash spent).
        """
        game = self.game
        rules = game.rules
        card, room, starts = build_start(game, pos)
        price = {h: rules.tile_price(t, card) for h, t in game.land.items()}
        out: list = []
        for prefix, start, hexmap, nodes in starts:
            seen: set = set()
            stack = [(frozenset(tuple(t.hexes) for t in hexmap.tracks), room, start.hand, 0, prefix)]
            while stack:
                tracks, room_left, hand, cost, actions = stack.pop()
                if (tracks, hand, cost) in seen:
                    continue
                seen.add((tracks, hand, cost))
                out.append((actions, None))
                most = room_left + hand
                if most <= 0:
                    continue
                used, begins = lay_begins(tracks, nodes)
                for begin, base, origin in begins:
                    rest = tracks - {base} if base else tracks
                    paths = [((begin,), ())]
                    while paths:
                        hexes, new = paths.pop()
                        for h in neighbours(hexes[-1]):
                            if h not in game.land or h in used or h in nodes or h in new:
                                continue
                            tiles = new + (h,)
                            if len(tiles) < most:
                                paths.append((hexes + (h,), tiles))
                            dear = sorted((price[t] for t in tiles), reverse=True)
                            for finish in neighbours(h):
                                if finish not in nodes or finish == origin:
                                    continue
                                lay = hexes + (h, finish)
                                track = (base or (begin,)) + lay[1:]
                                for free in range(min(hand, len(tiles)) + 1):
                                    if len(tiles) - free > room_left:
                                        continue
                                    stack.append((rest | {track}, room_left - len(tiles) + free,
                                                  hand - free, cost + sum(dear[free:]),
                                                  actions + (LayTrack(lay, hand=free),)))
        return out

    # -- move goods ---------------------------------------------------------------------------
    def moves(self, pos: Position, *, stop_before_end: bool = False, left: int | None = None
              ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every rest of the move-goods phase (each round: every legal action), with the end.

        With ``stop_before_end`` a rest that plays both rounds ends on the position before the
        end-of-turn money (both rounds counted as played, phase still MOVE).

        With ``left`` only the rests that end with at most *left* goods on the map (``0``: the
        rests that clear it) are kept, and a round is not played on when the goods it leaves
        cannot come down to *left* in the rounds after it (a round ships at most one good).
        With ``left=0`` a pass is not played before a shipment: passing and then shipping
        ends exactly where shipping at once ends (the game is over at the clear, S13).
        """
        game = self.game
        goods = game.rules.goods
        out = []
        frontier = [((), pos)]
        while frontier:
            actions, here = frontier.pop()
            for action in self._move_candidates(here):
                if left == 0 and isinstance(action, Pass):
                    continue
                if stop_before_end and here.moves == 1:
                    after = try_step(game, here.with_(moves=0), action)
                    if after is not None and after.phase == MOVE:
                        after = after.with_(moves=2)
                else:
                    after = try_step(game, here, action)
                if after is None:
                    continue
                if after.phase == MOVE and after.moves < 2 and after.turn == here.turn:
                    if left is not None and goods.goods_left(after.board) > left + 2 - after.moves:
                        continue
                    frontier.append((actions + (action,), after))
                else:
                    if left is not None and (goods.goods_left(after.board) > left if left else
                                             not (after.phase == OVER and after.outcome.cleared)):
                        continue
                    out.append((actions + (action,), after))
        return out

    def _move_candidates(self, pos: Position) -> list[Action]:
        """What the engine's :func:`~zoobook.steam.game.state.legal_actions` tries in a
        move-goods round (each is then played, and a refused one skipped)."""
        ships = self.game.rules.goods.shipments(pos.board, pos.economy.locomotive,
                                                discount=engine.has_discount(self.game, pos))
        return [*ships, RaiseLocomotive(), Pass()]

    # -- whole turns -------------------------------------------------------------------------
    def skeletons(self, pos: Position, last: bool = False, left: int | None = None) -> list[Skeleton]:
        """The board side of every turn from a SHARES-phase position (cached).

        With ``last`` only the turns that clear the map are kept (the others are no last
        turn), a selection after which the locomotive cannot reach the level the goods need
        in this turn is not built on (:func:`level_reachable`), and two builds that leave the
        same complete links (and nodes) for the same cost are one: incomplete track and tiles
        in hand have no value once the game ends, and shipments only use complete links.

        With ``left`` (the turn before the last) only the turns that leave at most *left*
        goods on the map are kept: the last turn ships at most two.
        """
        game = self.game
        if last:
            left = 0
        key = (position_key(game, pos.with_(economy=pos.economy.with_(cash=0, shares=0, income=0))), last,
               left)
        if key in self._skeletons:
            return self._skeletons[key]
        if left is not None and not last and self.shortcuts:
            # The same list as the search with *left* would make (goods only go, so a round
            # that cannot get down to *left* has no descendant that does; the order of the
            # rest is kept), filtered from every turn: the refuted openings need those too.
            goods = game.rules.goods
            out = [sk for sk in self.skeletons(pos)
                   if not sk.moves or goods.goods_left(sk.end.board) <= left]
            self._skeletons[key] = out
            return out
        out = []
        for select, card, price, net, build, built, cost in self._turn_builds(pos, last):
            rests = [((), built)] if built.phase != MOVE else \
                self.moves(built, stop_before_end=True, left=left)
            for moves, end in rests:
                after = base = None
                if end.phase == OVER:
                    if not end.outcome.cleared:
                        continue
                    base = final_score(game, end.with_(economy=end.economy.with_(shares=0)))
                else:
                    after, _ = engine.end_of_turn(game, end, [])
                    if after.phase == OVER and not after.outcome.cleared:
                        continue  # the turn limit: lost whatever the money
                out.append(Skeleton(select, build, moves, card, price, net, cost, end,
                                     after, base))
        self._skeletons[key] = out
        return out

    def _turn_builds(self, pos: Position, last: bool):
        """The action and build of every turn from a SHARES-phase position, played with
        unlimited cash: ``(select, card, price, net, build, built, cost)`` in the order the
        skeletons list them (see :meth:`skeletons` for what ``last`` leaves out)."""
        game = self.game
        # Income, shares and cash change nothing on the board: the skeleton starts from 0
        # income (its end's income is the links shipped) and is paid for later.
        rich = pos.with_(phase=ACTION, economy=pos.economy.with_(cash=RICH, income=0, shares=0))
        chosen_keys: set = set()
        for select in self.selects(rich):
            chosen = try_step(game, rich, select)
            if chosen is None:
                continue
            # Two selections that leave the same position have the same turns: Rapa Nui on one
            # one-cube remnant or another turns nothing (S12a) and pays the same.
            if select.target is not None:
                chosen_key = (select.action, position_key(game, chosen))
                if chosen_key in chosen_keys:
                    continue
                chosen_keys.add(chosen_key)
            if last and not level_reachable(game, chosen):
                continue  # the locomotive cannot reach the level this turn: no build clears
            card = game.rules.card(select.action)
            price = game.rules.selection.price if select.action else 0
            net = RICH - chosen.cash
            alike: set = set()
            for build, built in self.builds(chosen, complete_only=last and self.dominances):
                cost = chosen.cash - built.cash
                if last and game.rules.goods.goods_left(built.board) > 2:
                    continue  # two move-goods rounds cannot clear it
                if last:
                    hexmap = game.rules.goods.hexmap(built.board)
                    same = (frozenset(t for t in hexmap.tracks if hexmap.is_node(t.end)),
                            hexmap.nodes, cost, built.phase)
                    if same in alike:
                        continue
                    alike.add(same)
                yield select, card, price, net, build, built, cost

    def paid(self, pos: Position, sk: Skeleton, count: int) -> Position | None:
        """The end of skeleton *sk* from *pos* with *count* shares issued, or None if it cannot
        be paid or ends the game lost."""
        game = self.game
        cash = pos.cash + SHARE_PRICE * count
        if sk.select.action is not None and game.rules.selection.refusal(pos.blocked, cash, sk.card):
            return None
        cash -= sk.net
        if sk.cost > cash:
            return None
        cash -= sk.cost
        end = sk.end
        eco = end.economy.with_(cash=cash, shares=pos.economy.shares + count,
                                income=pos.economy.income + end.economy.income)
        if end.phase == OVER:
            done = end.with_(economy=eco)
            return done.with_(outcome=replace(end.outcome, cash=cash,
                                              score=final_score(game, done)))
        if sk.after.phase == OVER:  # cleared at the end of the turn: the engine decides
            after, _ = engine.end_of_turn(game, end.with_(economy=eco), [])
            return None if after.phase == OVER and not after.outcome.cleared else after
        money, _ = end_of_turn_money(eco)
        if money.income < 0:
            return None  # bankrupt
        return sk.after.with_(economy=money)

    def turn_options(self, pos: Position, deadline: int | None = None, *, last: bool = False,
                     bounded: bool = True, search: bool = False
                     ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every turn (or rest of a turn) from *pos*, one per distinct end position.

        With ``last`` (the deadline's turn) only the turns that clear are kept, and a turn
        from the shares phase issues the fewest shares that pay for it; with ``search`` (the
        planner's own search, bounded) an earlier turn tries the share counts only up to the first that
        pays its way without a shortfall (dominance 3). The notes of :mod:`.planner` prove neither
        loses. Without ``search`` every share count is listed (the greedy bot of the generator
        picks from them).
        """
        if pos.phase == OVER:
            return []
        game = self.game
        if pos.phase == SHARES:
            options = []
            spare = MAX_SHARES - pos.economy.shares
            room = None if deadline is None or not (self.prune and bounded) else \
                2 * (deadline - pos.turn)
            for sk in self.skeletons(pos, last):
                if room is not None and sk.end.phase != OVER and \
                        game.rules.goods.goods_left(sk.end.board) > room:
                    continue  # the goods bound, before paying for it
                cleared_at_once = sk.end.phase == OVER and sk.end.outcome.cleared
                for count in range(spare + 1):
                    end = self.paid(pos, sk, count)
                    if end is None:
                        continue
                    if last and not (end.phase == OVER and end.outcome.cleared):
                        continue
                    options.append(((IssueShares(count), sk.select) + sk.build + sk.moves, end))
                    if last and cleared_at_once and self.dominances:
                        break  # the fewest shares that pay for it: the last turn's dominance (S13)
                    if search and bounded and self.dominances and self._no_later_share(pos, sk, count):
                        break  # a further share is better issued next turn (dominance 3)
        else:
            options = self._rest_of_turn(pos)
            if last:
                options = [(a, end) for a, end in options
                           if end.phase == OVER and end.outcome.cleared]
        options = [(a, end) for a, end in options
                   if not (end.phase == OVER and not end.outcome.cleared)]
        distinct: dict = {}
        for actions, end in options:
            distinct.setdefault(position_key(game, end), (actions, end))
        return list(distinct.values())

    def _rest_of_turn(self, pos: Position):
        """The rest of a turn begun already, played through the engine."""
        game = self.game
        if pos.phase == MOVE:
            return self.moves(pos)
        if pos.phase == BUILD:
            return [(build + moves, end) for build, after in self.builds(pos)
                    for moves, end in ([((), after)] if after.phase != MOVE else self.moves(after))]
        out = []
        for select in self.selects(pos):
            chosen = try_step(game, pos, select)
            if chosen is not None:
                out += [((select,) + rest, end) for rest, end in self._rest_of_turn(chosen)]
        return out


def turn_options(game: Game, pos: Position, deadline: int | None = None
                 ) -> list[tuple[tuple[Action, ...], Position]]:
    """Every turn (or the rest of the current turn) of the planner, one per end position."""
    return MoveSet(game).turn_options(pos, deadline)
