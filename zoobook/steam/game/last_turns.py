"""The exact planner's last two turns by arithmetic: the dominances of the planner's notes.

On the last turn only the fewest shares that pay for a clearing turn are issued, and on the turn
before it only the shares it needs to pay its way; so both turns are worked out from the turn's
*skeletons* (its board side with unlimited cash, :class:`~.moves.Skeleton`) and the money tracks,
without playing every share count through the engine. :class:`LastTurns` is mixed into
:class:`~.moves.MoveSet`, whose skeletons and caches it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoobook.progress import Callback, Interrupted
from zoobook.steam.game import state as engine
from zoobook.steam.game import budget
from zoobook.steam.game.economy import MAX_SHARES, SHARE_PRICE, Economy, end_of_turn_money
from zoobook.steam.game.plans import SearchStats, final_score
from zoobook.steam.game.position_keys import position_key, rests_key
from zoobook.steam.game.state import MOVE, OVER, Position
from zoobook.steam.game.turn_bounds import money_ok, turns_lower_bound

if TYPE_CHECKING:
    from zoobook.steam.game.moves import Skeleton

__all__ = ["LastTurns"]


class LastTurns:
    """The last two turns of :class:`~.moves.MoveSet` (mixed into it): values and counts
    worked out from skeletons and money, or ``NotImplemented`` where the arithmetic does not
    apply and the search plays the turns."""

    def last_turn_value(self, pos: Position):
        """The best (score, cash) of a last turn from a SHARES-phase position, worked out with
        the fewest shares that pay for each clearing skeleton (arithmetic, no positions), or
        ``NotImplemented`` when some skeleton clears only at the end of the turn."""
        finals = self.finals(pos)
        if finals is NotImplemented:
            return NotImplemented
        return self.final_value(finals, pos.cash, pos.economy.income, pos.economy.shares)

    def finals(self, pos: Position):
        """The last turn's clearing skeletons as ``{(cash needed, cash spent): best base}``:
        the selection needs its price in hand first, the whole turn needs what it spends, and
        the base is the score without income brought in and shares (cached).

        Worked out per action and build, not per skeleton: the best base of a build is the
        best of its clearing move-goods rests (:meth:`_best_clearing_rest`), which depends on
        the board and the locomotive only, so builds that leave the same board share it."""
        key = position_key(self.game, pos.with_(economy=pos.economy.with_(cash=0, shares=0, income=0)))
        if key in self._finals:
            return self._finals[key]
        game = self.game
        table: dict = {}
        if not self.shortcuts:
            self._finals[key] = table = self._finals_by_skeleton(pos)
            return table
        for select, card, price, net, build, built, cost in self._turn_builds(pos, True):
            if built.phase == MOVE:
                base = self._best_clearing_rest(built)
                if base is None:
                    continue
            elif built.phase == OVER:
                if not built.outcome.cleared:
                    continue
                base = final_score(game, built.with_(economy=built.economy.with_(shares=0)))
            else:  # pragma: no cover - a build ends in move goods or with the game
                after, _ = engine.end_of_turn(game, built, [])
                if after.phase == OVER:
                    self._finals[key] = NotImplemented
                    return NotImplemented
                continue
            spend = net + cost
            need = max(spend, price if select.action else 0)
            if table.get((need, spend), -10 ** 9) < base:
                table[(need, spend)] = base
        self._finals[key] = table
        return table

    def _finals_by_skeleton(self, pos: Position):
        """:meth:`finals` from every clearing skeleton, each searched on its own (the planner
        without its shortcuts)."""
        table: dict = {}
        for sk in self.skeletons(pos, True):
            if sk.base is None:
                if sk.after is not None and sk.after.phase == OVER:
                    return NotImplemented
                continue
            spend = sk.net + sk.cost
            need = max(spend, sk.price if sk.select.action else 0)
            if table.get((need, spend), -10 ** 9) < sk.base:
                table[(need, spend)] = sk.base
        return table

    def _best_clearing_rest(self, built: Position) -> int | None:
        """The best base (the score with no shares) of the move-goods rests from *built* (a
        MOVE-phase position of the last turn) that clear the map, or None (cached).

        Every such rest ends the game at the clear (S13), so it needs no cash and earns no
        money, and it lays no track: its score is *built*'s with the income it ships added.
        That income is searched once per :func:`rests_key` (the last turn's dominance 4 of
        the notes of :mod:`.planner`): builds of other cards, costs or track shapes that leave the
        same links share one search."""
        key = rests_key(self.game, built)
        if key not in self._rests:
            best = None
            for _, end in self.moves(built, stop_before_end=True, left=0):
                if end.phase != OVER or not end.outcome.cleared:  # pragma: no cover - left=0 keeps clears
                    continue
                gain = end.economy.income - built.economy.income
                if best is None or gain > best:
                    best = gain
            self._rests[key] = best
        gain = self._rests[key]
        if gain is None:
            return None
        return final_score(self.game, built.with_(economy=built.economy.with_(shares=0))) + 3 * gain

    @staticmethod
    def final_value(finals: dict, cash: int, income: int, shares: int):
        """The best (score, cash) of a last turn, each skeleton with the fewest shares paying it."""
        best = None
        spare = MAX_SHARES - shares
        for (need, spend), base in finals.items():
            count = max(0, -(-(need - cash) // SHARE_PRICE))
            if count > spare:
                continue
            value = (base + 3 * income - 3 * (shares + count), cash + SHARE_PRICE * count - spend)
            if best is None or value > best:
                best = value
        return best

    def _next_turn(self, sk: Skeleton):
        """For a skeleton that ends its turn (not the game): a number naming the position it
        leads to but for the money (equal positions, one number), and that position's
        last-turn table, or None when the goods and locomotive bound
        (:func:`turns_lower_bound`) needs more than that turn (cached per skeleton)."""
        found = self._next.get(id(sk))
        if found is not None and found[0] is sk:
            return found[1], found[2]
        template = sk.after
        tkey = position_key(self.game, template.with_(economy=template.economy.with_(cash=0, shares=0, income=0)))
        entry = self._templates.get(tkey)
        if entry is None:
            finals = None if turns_lower_bound(self.game, template)[0] > 1 else self.finals(template)
            entry = self._templates[tkey] = (len(self._templates), finals)
        self._next[id(sk)] = (sk, *entry)
        return entry

    @staticmethod
    def _signature(sk: Skeleton, tid) -> tuple:
        """What the arithmetic of the last two turns reads from *sk* (with *tid*, its
        :meth:`_next_turn` number): skeletons alike in it give the same values for every
        share count, so only the first is worked out."""
        return (tid, sk.select.action, sk.net, sk.cost, sk.end.economy.income,
                sk.end.economy.locomotive, sk.base, sk.end.phase,
                sk.end.phase == OVER and sk.end.outcome.cleared,
                sk.after is None or sk.after.phase == OVER)

    def _money(self, cash: int, income: int, shares: int, locomotive: int):
        """The engine's :func:`~zoobook.steam.game.economy.end_of_turn_money` of that economy
        (cached: the arithmetic of the last two turns asks for the same ones many times)."""
        key = (cash, income, shares, locomotive)
        found = self._moneys.get(key)
        if found is None:
            eco = Economy(cash=cash, income=income, shares=shares, locomotive=locomotive)
            found = self._moneys[key] = end_of_turn_money(eco)[0]
        return found

    def _no_later_share(self, pos: Position, sk: Skeleton, count: int) -> bool:
        """Whether, *sk* being paid with *count* shares from *pos*, no more shares need be
        tried (dominance 3 of the notes of :mod:`.planner`): the turn clears the map at once (a
        share more only costs 3 points, S13), or it ends with the expenses paid in full (a
        share more is better issued in the next turn)."""
        if sk.end.phase == OVER:
            return sk.end.outcome.cleared
        if sk.after is None or sk.after.phase == OVER:
            return False
        cash = pos.cash + SHARE_PRICE * count - sk.net - sk.cost
        shares = pos.economy.shares + count
        income = pos.economy.income + sk.end.economy.income
        return cash + income >= shares + sk.end.economy.locomotive

    def refuted_before_last(self, pos: Position, deadline: int):
        """The planner's ``refuted_openings`` from a SHARES-phase position one turn before
        *deadline*, by arithmetic: the same first turns (every skeleton, every share count),
        each end told apart by its key (the board side of the next turn's position and its
        money), and refuted when the next turn cannot clear: the turns bound rules it out, or
        the last turn's table (exact) has no clearing turn for its money. The position search
        would find the same: its bounds are sound, so they refute only what the table
        refutes. ``NotImplemented`` when some turn ends the game at the end of a turn (the
        position search counts those)."""
        game = self.game
        spare = MAX_SHARES - pos.economy.shares
        selection = game.rules.selection
        refuted: set = set()
        checked: set = set()
        alike: set = set()
        for sk in self.skeletons(pos):
            budget.spend()
            if sk.end.phase == OVER:
                continue  # cleared at once this turn: a plan, never refuted
            if sk.after.phase == OVER:
                return NotImplemented
            template = sk.after
            tkey, finals = self._next_turn(sk)  # a number per template: cheap keys below
            if finals is NotImplemented:
                return NotImplemented
            signature = self._signature(sk, tkey) if self.shortcuts else id(sk)
            if signature in alike:
                continue  # the same ends as a skeleton counted already
            alike.add(signature)
            end_eco = sk.end.economy
            for count in range(spare + 1):
                cash = pos.cash + SHARE_PRICE * count
                if sk.select.action is not None and selection.refusal(pos.blocked, cash, sk.card):
                    continue
                cash -= sk.net
                if sk.cost > cash:
                    continue
                cash -= sk.cost
                shares = pos.economy.shares + count
                money = self._money(cash, pos.economy.income + end_eco.income, shares,
                                    end_eco.locomotive)
                if money.income < 0:
                    continue  # bankrupt: no opening
                key = (tkey, money.cash, money.income, shares)
                if key in checked:
                    continue  # the same end: its verdict is a function of the key
                checked.add(key)
                value = None if not finals else \
                    self.final_value(finals, money.cash, money.income, shares)
                if value is None or (self.prune and not money_ok(game, template.with_(economy=money), 1)):
                    refuted.add(key)
        return len(refuted)

    def next_to_last_value(self, pos: Position, deadline: int, stats: SearchStats | None = None,
                           choice: list | None = None, progress: Callback | None = None):
        """The best (score, cash) from a SHARES-phase position one turn before *deadline*, by
        arithmetic: every skeleton, every share count, the engine's end-of-turn money, then
        the last turn's table of the position it leads to (no positions are made)."""
        game = self.game
        best = None
        spare = MAX_SHARES - pos.economy.shares
        selection = game.rules.selection
        skeletons = self.skeletons(pos, left=2)
        alike: dict = {}
        for done, sk in enumerate(skeletons):
            budget.spend()
            if progress is not None and progress(done, len(skeletons), f"deadline turn {deadline}") is False:
                raise Interrupted("stopped by the progress callback")
            if sk.end.phase != OVER and game.rules.goods.goods_left(sk.end.board) > 2:
                continue
            finals = tid = None
            if sk.end.phase != OVER:
                if sk.after.phase == OVER:
                    return NotImplemented
                tid, finals = self._next_turn(sk)
                if finals is None:
                    continue  # the bound: the next turn cannot clear
                if finals is NotImplemented:
                    return NotImplemented
                if not finals:
                    continue
            signature = self._signature(sk, tid) if self.shortcuts else id(sk)
            if signature in alike:
                if stats is not None:  # counted as if worked out again
                    stats.weighed += alike[signature][0]
                    stats.refuted += alike[signature][1]
                continue
            weighed = refuted = 0
            for count in range(spare + 1):
                cash = pos.cash + SHARE_PRICE * count
                if sk.select.action is not None and selection.refusal(pos.blocked, cash, sk.card):
                    continue
                cash -= sk.net + sk.cost
                if cash < 0 or sk.cost > cash + sk.cost:
                    continue
                shares = pos.economy.shares + count
                income = pos.economy.income + sk.end.economy.income
                if finals is None:  # cleared at once this turn (S13): the fewest shares
                    value = (sk.base + 3 * pos.economy.income - 3 * shares, cash)
                else:
                    money = self._money(cash, income, shares, sk.end.economy.locomotive)
                    if money.income < 0:
                        continue
                    value = self.final_value(finals, money.cash, money.income, shares)
                weighed += 1
                refuted += value is None
                if value is not None and (best is None or value > best):
                    best = value
                    if choice is not None:
                        choice[:] = [sk, count]
                if finals is None or (self.dominances and self._no_later_share(pos, sk, count)):
                    break  # the fewest shares (S13), or dominance 3: a share more waits a turn
            alike[signature] = (weighed, refuted)
            if stats is not None:
                stats.weighed += weighed
                stats.refuted += refuted
        return best
