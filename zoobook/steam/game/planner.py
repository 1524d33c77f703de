"""The planner: the fewest turns that clear a solo map, then the best score, then the most cash.

The objective is ruling S10a's ranking of cleared games: fewer turns, then the base
game's final score (:func:`final_score`: 3 per income level, -3 per issued share, +1 per
track tile in complete links), then more cash.

The search is over **whole turns**. It deepens the deadline one turn at a time from a
lower bound (:func:`turns_lower_bound`), so the first deadline with a plan is the fewest
turns; within it the search is exhaustive and returns the best (score, cash) of every plan
clearing by then, memoised on positions.

What the planner is exact over
------------------------------
Every turn is built from the engine's own moves (:func:`~zoobook.steam.game.state.legal_actions`
and :func:`~zoobook.steam.game.state.step`), not from a model of them:

* **shares**: every count from 0 to the shares left;
* **action**: every selection the engine allows (none, each card, each Rapa Nui target);
* **build**: every sequence of the engine's one-tile lays, urbanizations and the end of the
  build, explored depth first. The engine lists track one tile at a time; a longer lay
  ``LayTrack(h0, h1, ..., hk)`` leaves exactly the position of the one-tile lays
  ``(h0, h1), (h1, h2), ...`` (the same track, stubs, tiles counted, hand and cost: each
  tile's price is checked against the cash left, and prices only add up), so every track
  path a build may lay -- detours, long links, parallel links, incomplete track, the
  extension of track that lost its owner (S15), bonus tiles from hand on any tile -- is
  reached. A lay that meets the last clear condition (Easter Island: the one that joins the
  last ruin with no cube left) ends the game cleared at once (S13a): that build ends there,
  with no ``EndBuild``, and its turn is a clearing turn with the score and cash of that moment;
* **move goods**: every legal action of each round (each shipment, a raise, a pass), in
  both rounds, and the end of the turn run by the engine.

Two whole turns that end in the same position (the board compared with its tracks in a
canonical order, since the track order is only a labelling) are the same to every later
turn, so only one is kept. Nothing else is merged: in particular two shipments that move
the same cube with different numbers of links stay apart (more income is not always better:
the income reduction turns 11 into 9 but leaves 10 alone).

The dominances (sound, tested)
-----------------------------
At the deadline a plan must clear during this turn, and by ruling S13 the game ends the
moment it is cleared, before income and expenses. So in that turn cash is only the last
tiebreak, and nothing is paid after the clear.

1. **The last turn issues the fewest shares that pay for it.** Take any clearing last turn
   issuing ``n`` shares, and the same action, build and shipments with the fewest shares
   ``m <= n`` that pay for them: it is legal (the selection, the tiles and the new city only
   need cash, and more shares only add cash), it clears at the same moment, and it ends with
   3 points more per share left unissued (and $5 less each). The score ranks before the cash
   (S10a), so the plan with ``m`` is at least as good.
2. **The last turn lays no tile that ends outside a complete link.** Such a tile is the tail
   of an incomplete track; no other lay of the build depends on it, so the build without it
   is legal, leaves the same complete links (the same shipments, the same clear, the same
   tiles scored) and costs less: never fewer points, never less cash.

3. **A share that is not needed this turn waits for the next.** In a turn before the last,
   the share counts are tried from the fewest that pay for the turn upwards, and stop at the
   first that ends the turn with the expenses paid in full (cash plus income covers shares
   plus locomotive, so no shortfall); a turn that clears the map at once stops at the fewest
   (as in 1). Take a plan A issuing ``k + 1`` shares in turn ``t`` where ``k`` already pays for
   turn ``t`` without a shortfall, and plan B: the same turn with ``k`` shares, then in turn
   ``t + 1`` one share more than A and otherwise the same moves. At the end of turn ``t``
   neither has a shortfall, so both keep the same income (the reduction sees the same income)
   and A has $4 more ($5 less $1 of expenses). In turn ``t + 1`` B issues its share before
   anything else happens (the shares phase comes first, and a clear comes only in move goods,
   S13), so from then on B has $1 more than A, the same shares (within the 15: the same total),
   the same income, board and level: every move of A is legal for B, the clear comes at the
   same moment, and B ends with the same score and $1 more. So the extra share never gains.
   When the fewest shares leave a shortfall, every count up to the first without one is
   tried: a shortfall lowers the income, and the income reduction makes that non-monotone.

4. **The last turn's move goods depend on the links, not on the track's shape or labels.**
   After the build of the last turn only clearing rests count, and a clear ends the game at
   once (S13): no income or expenses follow, so a rest's score is the build's score plus 3
   per level of income it ships, and its cash is the build's (shipments and a raise cost
   nothing); the turn counts are equal, so the best income is the best rest. What the two rounds can do
   depends on the board only through its nodes (kinds, dangers, colours), its goods and its
   complete links (the shipments of both maps run over the link graph: a route's legality
   and level read its nodes, its number of links and whether each step is a complete link;
   the Zoo's Feeding discount the same; Easter Island's "every ruin joined" the link graph's
   components), and through the player's locomotive, Feeding discount, rounds and raise
   already played, and which links have no owner (S15: they earn nothing). Take two
   positions equal in all of these, their complete links matched one to one between the
   same two nodes with the same owner status: the match carries every legal shipment of
   one to a legal shipment of the other with as many links and as many without an owner,
   leaving the same goods, and a raise or pass to itself; by induction over the two rounds
   both reach the same clears with the same income. So the best income of the clearing
   rests is searched once per such key (:func:`rests_key`) and shared by every action and
   build of the last turn that leaves it (other cards, costs, track shapes, track order,
   incomplete track). On the shipped ``zoo-game-full`` it turns 12,098 searches into 24.

In earlier turns every build is tried: even money spent on a useless stub can, through the
income reduction, change the income (11 drops to 9, but a $1 shortfall leaves 10).
``tests/steam/test_game_planner.py`` checks the planner against an independent brute force
(``tests/steam/twins.py``) that has none of these dominances, and against itself without them
(``dominances=False``).

What the last turns leave out, and why nothing is lost
------------------------------------------------------
* **The last turn** (the deadline's): only turns that clear count, so move goods plays only
  rounds after which the goods left can still come down to none (a round ships at most one
  good, so with two left both rounds ship), and a pass before a shipment is not played (it
  ends exactly where the shipment played at once ends). An action after which the
  locomotive cannot reach the level the goods need (:func:`level_reachable`: one raise at
  most, and it takes a round) is not built on. The build lays whole complete links
  (dominance 2) directly, with tiles from hand on each lay's dearest tiles: putting one on a
  cheaper tile leaves the same board for more cash, which never ranks higher.
* **The turn before it**: only turns leaving at most two goods are kept (the last turn ships
  two at most); move goods stops a sequence as soon as it cannot get there.
* Nothing else is left out: every selection, every build (incomplete track and the
  extension of track that lost its owner included, S15), every shipment.

How it stays fast
-----------------
The board side of a turn (action, build, move goods) does not depend on cash, shares or
income, so it is worked out once per board (a *skeleton*, played with unlimited cash) and then
paid for with each share count by arithmetic: the selection, tiles and new city need cash in
hand, the end of the turn is the engine's :func:`~zoobook.steam.game.economy.end_of_turn_money`.
The last turn is a table, per board, of what each clearing action and build needs, spends and
scores (its move goods by dominance 4); the turn before it is evaluated against that table
without making positions. Four shortcuts change no answer, witness or count (``shortcuts``;
``plan(..., shortcuts=False)`` runs without them and the tests compare both): dominance 4;
the turn before the last takes its first turns from the list of every first turn (which the
refuted openings need too) instead of searching them again; first turns that read the same
from the arithmetic (the next turn's position but for the
money, the action, what the action, build and shipments cost and earn) are worked out once
and counted as many times; and the build's one-tile lays, played through the engine, share
their common prefixes (the engine is a pure function). The Zoo's shipments share the board's
validated hex map (food is no part of it), and equal boards are one object, so the engine's
caches of shipments and networks serve every build that lays the same track.

Pruning (sound: it never cuts a plan that could clear by the deadline)
---------------------------------------------------------------------
* **goods**: a turn has two move-goods rounds, so it feeds at most two areas (Zoo) or
  removes at most two cubes (Easter Island): ``ceil(left / 2)`` turns;
* **locomotive**: food from an area of danger d needs level d - 1 even with Feeding (S4,
  S6); the level rises at most twice a turn (the card and one round), so a level short by
  r needs ``ceil(r / 2)`` turns;
* **money**: track the goods still need must be paid by the cash, every share left and the
  best income;
* **last turn**: only the turns that clear are kept.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> found = plan(Game.zoo(zoo, land=[(1, 0)], turns=3))
>>> found.turns
1
>>> [str(a) for a in found.steps[0].actions][1:3]
['select engineer', 'lay track (2,0) (1,0) (0,0)']
"""

from __future__ import annotations

from zoobook.explain import plural
from zoobook.progress import Callback, Interrupted, SearchBudgetExceeded, quiet
from zoobook.rulings import cite
from zoobook.steam.game.actions import Action, IssueShares
from zoobook.steam.game.budget import BudgetSpent, Meter, metered
from zoobook.steam.game.budget import spend
from zoobook.steam.game.moves import MoveSet, turn_options
from zoobook.steam.game.plans import (EXACT_OVER, Plan, PlanBudgetExceeded, SearchStats, TurnPlan,
                                      final_score, replay, searched)
from zoobook.steam.game.position_keys import position_key
from zoobook.steam.game.state import OVER, SHARES, Game, Position
from zoobook.steam.game.turn_bounds import money_ok, short_reason, turns_lower_bound

# the planner's answers and moves are imported from here by the workbook, the CLI and the tests
__all__ = ["Plan", "TurnPlan", "plan", "turn_options", "turns_lower_bound", "final_score",
           "replay", "SearchStats", "MoveSet", "EXACT_OVER", "searched", "PlanBudgetExceeded"]


def _cite(*ids: str) -> str:
    """Cite the first ruling of *ids* the rulings page has (S10a replaces S10 once merged)."""
    for ruling_id in ids:
        try:
            return cite(ruling_id)
        except KeyError:
            continue
    return ""


# -- the search -----------------------------------------------------------------------------------

class _Search:
    def __init__(self, game: Game, prune: bool, progress: Callback, max_positions: int | None = None,
                 dominances: bool = True, shortcuts: bool = True) -> None:
        self.game = game
        self.prune = prune
        self.progress = progress
        self.max_positions = max_positions
        self.stats = SearchStats()
        self.memo: dict = {}
        self.moves = MoveSet(game, prune, dominances, shortcuts)
        self.dominances = dominances

    def value(self, pos: Position, deadline: int):
        """(score, cash) of the best plan from *pos* clearing by *deadline*, or None."""
        if pos.phase == OVER:
            if pos.outcome.cleared and pos.outcome.turns <= deadline:
                return (final_score(self.game, pos), pos.outcome.cash)
            return None
        if pos.turn > deadline:
            return None
        key = (position_key(self.game, pos), deadline)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = found = self._expand(pos, deadline, top=False)
        return found

    def options(self, pos: Position, deadline: int):
        return self.moves.turn_options(pos, deadline, last=pos.turn == deadline, search=True)

    def _expand(self, pos: Position, deadline: int, top: bool):
        if self.prune:
            need, _ = turns_lower_bound(self.game, pos)
            if pos.turn + need - 1 > deadline or not money_ok(self.game, pos, deadline - pos.turn + 1):
                return None
        self.stats.expanded += 1
        spend()
        if self.max_positions is not None and self.stats.expanded > self.max_positions:
            raise SearchBudgetExceeded(f"more than {self.max_positions} positions")
        if self.dominances and not top and pos.phase == SHARES and pos.turn == deadline:
            found = self.moves.last_turn_value(pos)
            if found is not NotImplemented:
                return found
        if self.dominances and pos.phase == SHARES and pos.turn == deadline - 1:
            found = self.moves.next_to_last_value(pos, deadline, self.stats if top else None,
                                                  progress=self.progress if top else None)
            if found is not NotImplemented:
                return found
        options = self.options(pos, deadline)
        self.stats.weighed += len(options)
        found = None
        for done, (_, after) in enumerate(options):
            if top and self.progress(done, len(options), f"deadline turn {deadline}") is False:
                raise Interrupted("stopped by the progress callback")
            result = self.value(after, deadline)
            if top and result is None:
                self.stats.refuted += 1
            if result is not None and (found is None or result > found):
                found = result
        return found

    def top(self, pos: Position, deadline: int):
        self.stats.refuted = 0
        key = (position_key(self.game, pos), deadline)
        self.memo[key] = found = self._expand(pos, deadline, top=True)
        return found

    def refuted_openings(self, pos: Position, deadline: int) -> int:
        """The distinct first turns from *pos* (one per end position, every share count,
        action, build and shipment, no bound applied) after which no plan clears by
        *deadline*: the openings a player must rule out. 0 when *deadline* is this turn (every
        turn is then the last one, and the ones that do not clear are no openings).

        Counted from the values the search found (memoised), without counting the work in
        :class:`SearchStats`' effort fields."""
        if pos.phase != SHARES or pos.turn >= deadline:
            return 0
        if self.dominances and pos.turn == deadline - 1:
            counted = self.moves.refuted_before_last(pos, deadline)
            if counted is not NotImplemented:
                return counted
        kept = (self.stats.expanded, self.stats.weighed)
        budget, self.max_positions = self.max_positions, None
        try:
            options = self.moves.turn_options(pos, deadline, bounded=False)
            refuted = sum(self.value(after, deadline) is None for _, after in options)
        finally:
            self.max_positions = budget
            self.stats.expanded, self.stats.weighed = kept
        return refuted

    def witness(self, pos: Position, deadline: int) -> tuple[Action, ...]:
        """The actions of a best plan, rebuilt forwards from the values (so every shipment
        names the track of the positions the engine will really reach)."""
        target = self.value(pos, deadline)
        actions: list[Action] = []
        while pos.phase != OVER:
            if self.dominances and pos.phase == SHARES and pos.turn == deadline - 1:
                choice: list = []
                if self.moves.next_to_last_value(pos, deadline, choice=choice) == target and choice:
                    sk, count = choice
                    actions += (IssueShares(count), sk.select) + sk.build + sk.moves
                    pos = self.moves.paid(pos, sk, count)
                    continue
            for chosen, after in self.options(pos, deadline):
                if self.value(after, deadline) == target:
                    actions += chosen
                    pos = after
                    break
            else:  # pragma: no cover - the values say a plan exists
                raise AssertionError("no option reaches the planned value")
        return tuple(actions)


def plan(game: Game, position: Position | None = None, *, prune: bool = True,
         progress: Callback = quiet, deadline: int | None = None,
         max_positions: int | None = None, dominances: bool = True, shortcuts: bool = True,
         budget_seconds: float | None = None, max_memory_mb: float | None = None) -> Plan:
    """The fewest turns to clear the map from *position*, then the best score, then the most cash.

    Parameters
    ----------
    game : Game
    position : Position, optional
        Where to start (default: the game's start). Any phase.
    prune : bool
        Use the bounds (see the module docstring); without them the search only
        memoises (the benchmark's baseline).
    progress : callable
        ``progress(done, total, message)``; return False to stop (raises
        :class:`~zoobook.progress.Interrupted`). Ctrl-C also raises it.
    deadline : int, optional
        The last turn allowed (default: the game's turn limit).
    dominances : bool
        Use the three dominances and the arithmetic of the last two turns (see the module
        docstring); without them every share count and build of the last turn is
        played out through positions (the tests compare both).
    max_positions : int, optional
        Give up with :class:`PlanBudgetExceeded` (a
        :class:`~zoobook.progress.SearchBudgetExceeded`) after expanding this many positions
        (generators keep only quick puzzles).
    budget_seconds : float, optional
        Give up with :class:`PlanBudgetExceeded` after this many CPU seconds of this process
        (checked every few engine steps, :mod:`.budget`). The search's cost grows
        exponentially with the land and the turns: a random Zoo map of 5 land hexes and 3
        turns took a minute, so a caller that must answer (``zoobook solve``) gives a budget.
    max_memory_mb : float, optional
        Give up likewise once the process's resident memory passes this many MB (the
        search's caches hold every board of the turns it works out).
    shortcuts : bool
        Use the caches of "How it stays fast" that change no answer, no witness and no
        count (dominance 4 among them); without them the last turn searches its move goods
        per skeleton (the tests and the benchmark compare both).
    """
    pos = position or game.start
    if pos.phase == OVER:
        raise ValueError("the game is over already")
    last = game.turns if deadline is None else min(deadline, game.turns)
    meter = Meter(budget_seconds, max_memory_mb)  # checks the arguments before any work
    search = _Search(game, prune, progress, max_positions, dominances, shortcuts)
    need, why = turns_lower_bound(game, pos)
    first = max(pos.turn, pos.turn + need - 1 if prune else pos.turn)
    # what is proved so far: no plan clears before turn ``settled[0]`` (why: ``settled[1]``),
    # and, once a deadline has a plan, the turn it clears in (``settled[2]``)
    settled = [max(pos.turn, pos.turn + need - 1), why, None]
    try:
        with metered(meter):
            for target in range(first, last + 1):
                found = search.top(pos, target)
                if found is not None:
                    settled[2] = target
                    actions = search.witness(pos, target)
                    search.stats.refuted = search.refuted_openings(pos, target)
                    return _make_plan(game, pos, found, actions, target, first, need, why,
                                      search.stats, searched(prune, dominances))
                settled[:2] = target + 1, (f"the exact planner found no plan clearing by turn "
                                           f"{target}, weighing {searched(prune, dominances)}")
    except KeyboardInterrupt:
        raise Interrupted("interrupted (Ctrl-C)", search.stats) from None
    except Interrupted as exc:
        exc.partial = search.stats
        raise
    except SearchBudgetExceeded as exc:  # the CPU, memory or positions cap
        what = exc.what if isinstance(exc, BudgetSpent) else "positions"
        raise PlanBudgetExceeded(
            _stopped_short(exc, meter.spent, settled, last, search.stats), what=what,
            lower_bound=settled[0], bound_reason=settled[1],
            stats=search.stats, cpu_seconds=meter.spent, clears_in=settled[2]) from None
    return Plan(None, None, (), first, search.stats,
                _no_plan(game, pos, last, first, need, why, search.stats, searched(prune, dominances)))


def _stopped_short(exc: Exception, spent: float, settled: list, last: int,
                   stats: SearchStats) -> str:
    """What the exact planner had done and proved when its budget stopped it, in one sentence.

    >>> print(_stopped_short(Exception("the CPU budget of 4 s is spent"), 4.01, [2, "", None], 3,
    ...                      SearchStats(expanded=1)))  # doctest: +NORMALIZE_WHITESPACE
    the exact planner stopped after 4.0 CPU-s (the CPU budget of 4 s is spent) while trying
    deadline turn 2 of 3, having expanded 1 position: it proved no plan clears before turn 2
    """
    lower, _, clears_in = settled
    doing = (f"while rebuilding the moves of a plan clearing in turn {clears_in}" if clears_in
             else f"while trying deadline turn {lower} of {last}")
    proved = (f"the fewest turns are {clears_in}, but the plan's moves are not built"
              if clears_in else f"no plan clears before turn {lower}")
    return (f"the exact planner stopped after {spent:.1f} CPU-s ({exc}) {doing}, having expanded "
            f"{plural(stats.expanded, 'position')}: it proved {proved}")


def _no_plan(game: Game, pos: Position, last: int, first: int, need: int, why: str,
             stats: SearchStats, weighed: str = EXACT_OVER) -> tuple[str, ...]:
    if need >= 10 ** 5:
        return (f"The map can never be cleared: {why}.",)
    if first > last:
        return (f"No plan clears the map by the end of turn {last}: "
                f"{short_reason(game, pos, last)} {_cite('S10a', 'S10')}.",
                "No search was needed: this count alone rules out every plan.")
    tried = (f"turn {first}" if first == last else f"turns {first} to {last}")
    return (f"No plan clears the map by the end of turn {last} {_cite('S10a', 'S10')}.",
            f"At least {_turns_needed(need)} ({why}), so the search tried the "
            f"deadlines {tried}, weighing {weighed}, and found no plan clearing by any of them; "
            f"it expanded {plural(stats.expanded, 'position')} and weighed "
            f"{plural(stats.weighed, 'whole turn')}.")


def _turns_needed(need: int) -> str:
    """"1 turn is needed", "2 turns are needed".

    >>> _turns_needed(1), _turns_needed(3)
    ('1 turn is needed', '3 turns are needed')
    """
    return f"{plural(need, 'turn')} {'is' if need == 1 else 'are'} needed"


def _make_plan(game, pos, found, actions, target, first, need, why, stats,
               weighed: str = EXACT_OVER) -> Plan:
    score, cash = found
    steps = replay(game, pos, actions)
    goods = game.rules.goods
    rank = _cite("S10a", "S10")
    lines = [f"A plan clears the map in turn {target} with a score of {score} and ${cash} left: "
             f"{goods.clear_reason} {rank}."]
    if target == first:
        lines.append(f"No plan can clear it sooner: {plural(need, 'more turn')} at least ({why}).")
    else:
        lines.append(f"No plan can clear it sooner: at least {_turns_needed(need)} "
                     f"({why}), and the search found no plan clearing by turn {target - 1}, "
                     f"weighing {weighed}.")
    lines.append(f"No plan clearing in turn {target} scores more than {score} (3 per income level, "
                 f"-3 per issued share, +1 per track tile in complete links), and none scoring "
                 f"{score} leaves more than ${cash} {rank}; the search weighed {weighed}.")
    return Plan(target, cash, tuple(steps), first, stats, tuple(lines), score)
