"""The anytime planner: the best plan found so far and a proven bound, at every moment.

The exact planner (:mod:`.planner`) proves the fewest turns by trying every legal move; on a
full-size board (a hundred hexes, a dozen animal areas or ruins) that is far beyond any budget.
The anytime planner answers the player's question "can this set-up be cleared in 10 turns,
and how?" within a time budget, in two halves that run side by side:

* **plans**: beam search over whole turns. A turn is built from the engine's own moves: the
  selections of :func:`~zoobook.steam.game.state.legal_actions`, lays of track checked and
  played by :func:`~zoobook.steam.game.state.step` (so a refused lay is never kept), and the
  engine's shipments in each move-goods round. Which lays are tried is the planner's choice
  (links along shortest paths over free land between nodes, and the first tiles of longer
  ones); whether they are legal is the engine's. Each turn's end is scored by how much it
  brought the map nearer to clear; the best ``width`` positions go on. Wider beams follow
  while time is left; every plan found is replayed through the engine before it is kept.
* **bounds**: the relaxations of :mod:`.bounds` give a proven lower bound at once; on a small
  map the exact planner then refutes deadline after deadline (no plan clears by turn ``t``)
  until the bound meets the plan, which is then *proved optimal*, or until the rest of the
  budget is spent (counted on the CPU clock inside its search, :mod:`.budget`; the deadlines
  it refuted by then still raise the bound).

:func:`plan_anytime` returns an :class:`AnytimePlan` when the budget is spent, the bound meets
the plan, the progress callback returns False, or Ctrl-C is pressed (``KeyboardInterrupt``):
in every case the best plan so far and the bound proven so far, never a half-made answer.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> found = plan_anytime(Game.zoo(zoo, land=[(1, 0)], turns=3), budget_seconds=20)
>>> found.turns, found.lower_bound, found.proved_optimal
(1, 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from zoobook.progress import Callback, Interrupted, SearchBudgetExceeded, quiet
from zoobook.steam.game.anytime_plans import AnytimePlan, Improvement, actions_from_record, plan_record
from zoobook.steam.game.bounds import goods_bound, lower_bound
from zoobook.steam.game.planner import replay
from zoobook.steam.game.state import OVER, SHARES, Game, Position
from zoobook.steam.game.whole_turns import TurnScorer, play_through, turn_candidates

# the answers' classes and records are imported from here by the workbook, the CLI and the tests
__all__ = ["AnytimePlan", "plan_anytime", "turn_candidates", "Improvement", "plan_record",
           "actions_from_record", "EXACT_LAND", "exact_fits"]

#: The most land hexes (free for track at the start) on which the exact planner is tried at
#: all: it tries every track path a build may lay, a number that grows exponentially with the
#: land. The land alone does not tell its cost (random Zoo maps of 5 land hexes and 3 turns took
#: from a tenth of a second to a minute), so callers run it under a budget (``budget_seconds``
#: of :func:`~zoobook.steam.game.planner.plan`) and measure; beyond this many hexes it never
#: finishes, and is not tried. The shipped small maps have 2 to 6 land hexes and the full
#: set-ups 67 to 96.
EXACT_LAND = 30


def exact_fits(game: "Game") -> bool:
    """Whether *game*'s map is small enough for the exact planner (:data:`EXACT_LAND`).

    >>> from zoobook.steam.game.maps import full_setup
    >>> exact_fits(full_setup("easter-hard"))
    False
    """
    return len(game.land) <= EXACT_LAND

#: The most MB the exact planner's search may add to the process's resident memory, where a
#: caller runs it under a budget (:func:`plan_anytime` on a small map, ``zoobook solve``).
EXACT_MEMORY_MB = 300.0


# -- the search ------------------------------------------------------------------------------

class _Clock:
    def __init__(self, budget: float, progress: Callback, cpu_budget: bool = False) -> None:
        self.start = time.perf_counter()
        self.cpu_start = time.process_time()
        self.cpu_budget = cpu_budget
        self.budget = budget
        self.progress = progress
        self.message = ""

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    @property
    def cpu(self) -> float:
        return time.process_time() - self.cpu_start

    @property
    def left(self) -> float:
        """Seconds of the budget still to spend (in the budget's own clock)."""
        return max(0.0, self.budget - (self.cpu if self.cpu_budget else self.elapsed))

    def tick(self) -> None:
        """Report progress; raise :class:`Interrupted` when the budget is spent or the callback
        says stop."""
        spent = self.cpu if self.cpu_budget else self.elapsed
        if self.progress(min(int(spent * 10), int(self.budget * 10)), int(self.budget * 10),
                         self.message) is False:
            raise Interrupted("stopped by the progress callback")
        if spent >= self.budget:
            raise SearchBudgetExceeded(f"the budget of {self.budget:g} s is spent")


@dataclass
class _Best:
    actions: tuple = ()
    end: Position | None = None

    def rank(self):
        if self.end is None:
            return (True, 0, 0, 0)
        return self.end.outcome.rank


def _beam(game: Game, pos: Position, width: int, branch: int, clock: _Clock, best: _Best,
          scorer: TurnScorer, on_plan: Callable) -> None:
    layer = [((), pos)]
    while layer:
        children = []
        for actions, here in layer:
            clock.tick()
            if best.end is not None and here.turn >= best.end.outcome.turns + (0 if here.phase == SHARES else 0):
                # a plan from here clears in this turn at the earliest: only a better score helps
                if here.turn > best.end.outcome.turns:
                    continue
            bound = lower_bound(game, here).turn
            if bound > game.turns or (best.end is not None and bound > best.end.outcome.turns):
                continue
            limit = game.turns if best.end is None else best.end.outcome.turns
            for turn, end in turn_candidates(game, here, branch, scorer, clock):
                if end.phase == OVER:
                    if end.outcome.cleared:
                        on_plan(actions + turn, end)
                    continue
                # a child the bound already rules out would only die in the next layer: keep
                # the beam's places for children that can still clear in time
                if lower_bound(game, end).turn > limit:
                    continue
                children.append((scorer(end), actions + turn, end))
        children.sort(key=lambda t: -t[0])
        seen, layer = set(), []
        for _, actions, end in children:
            # one place per board: the same track and cubes with other money is the same plan
            # with other shares, and a beam of copies explores nothing
            key = hash(end.board)
            if key in seen:
                continue
            seen.add(key)
            layer.append((actions, end))
            if len(layer) >= width:
                break


def _schedule():
    """The beams tried one after another: (width, branch) pairs, cheap first.

    A greedy dive (width 1) first; then a greedy dive weighing two turns a step (a first plan
    on Easter Island Easy in a few seconds); then a narrow beam (Easter Island Normal's first
    plan); then a greedy dive over more turns a step (more builds and shipments weighed each
    turn: Easter Island Easy's 9-turn plan); then ever wider beams, each another try, while
    time is left."""
    yield 1, 1
    yield 1, 2
    yield 3, 2
    yield 1, 3
    yield 2, 2
    yield 4, 2
    width = 8
    while width <= 256:
        yield width, 3
        width *= 2


def plan_anytime(game: Game, budget_seconds: float = 10.0, progress: Callback = quiet, *,
                 position: Position | None = None, exact: bool | None = None,
                 cpu_budget: bool = False) -> AnytimePlan:
    """The best plan found and a proven lower bound, within *budget_seconds*.

    Parameters
    ----------
    game : Game
    budget_seconds : float
        Wall-clock seconds to search (the answer comes back soon after).
    progress : callable
        ``progress(done, total, message)`` in tenths of a second of the budget; return False to
        stop early (the best so far is returned, ``interrupted`` set). Ctrl-C does the same.
    position : Position, optional
        Where to plan from (default: the start). Any phase.
    exact : bool, optional
        Let the exact planner refute deadlines to raise the bound (default: on small maps,
        :func:`exact_fits`).
    cpu_budget : bool
        Count the budget in CPU seconds of this process instead of wall-clock seconds (the
        benchmarks do, so that a busy shared machine reports what a quiet one would).
    """
    pos = position or game.start
    if pos.phase == OVER:
        raise ValueError("the game is over already")
    clock = _Clock(float(budget_seconds), progress, cpu_budget)
    scorer = TurnScorer(game)
    best = _Best()
    history: list[Improvement] = []
    bound = lower_bound(game, pos)
    bound_turn, bound_reason = bound.turn, bound.reason
    history.append(Improvement(clock.elapsed, bound_turn, None, "relaxations", cpu_seconds=clock.cpu))
    interrupted = False
    stats = {"beams": 0}

    beam = ["plan"]

    def on_plan(actions, end):
        if best.end is None or end.outcome.rank < best.end.outcome.rank:
            best.actions, best.end = actions, end
            history.append(Improvement(clock.elapsed, bound_turn, end.outcome.turns, beam[0],
                                       cpu_seconds=clock.cpu))
            clock.message = f"best: turn {end.outcome.turns}, bound {bound_turn}"

    use_exact = exact if exact is not None else exact_fits(game)
    try:
        if bound_turn <= game.turns and not use_exact and pos.phase == SHARES and \
                goods_bound(game, pos).turn == bound_turn:
            # the goods bound binds: a plan meeting it delivers in (almost) every round. The link
            # planner (linkplan.py) plans the links between nodes first and the tiles second; it
            # replaced a depth-first search over engine turns that was 4 to 13 times slower to its
            # first plan on the three Easter set-ups (docs/experiments.md). ``stats`` says when the
            # plan came from it
            if game.rules.plans_by_links and not game.rules.goods.hexmap(pos.board).incomplete_links():
                from zoobook.steam.game.linkplan import plan_links
                beam[0] = "plan (at the goods bound)"
                linked = plan_links(game, 0.4 * budget_seconds, position=pos, target=bound_turn, tick=clock.tick)
                end = play_through(game, pos, linked) if linked is not None else None
                if end is not None:
                    stats["links at the goods bound"] = len(linked)
                    on_plan(tuple(linked), end)
        if bound_turn <= game.turns and (best.end is None or best.end.outcome.turns > bound_turn):
            for number, (width, branch) in enumerate(_schedule(), start=1):
                beam[0] = f"plan (beam {number}: width {width}, branch {branch})"
                _beam(game, pos, width, branch, clock, best, scorer, on_plan)
                stats["beams"] += 1
                if use_exact:
                    # a small map: the exact planner settles turns, score and cash at once
                    bound_turn, bound_reason = _refute(game, pos, bound_turn, bound_reason, best,
                                                       clock, history, on_plan)
                    break
                if best.end is not None and best.end.outcome.turns <= bound_turn:
                    break
    except (Interrupted, KeyboardInterrupt):
        interrupted = True
        stats["stopped"] = "interrupted"
    except _RefuteStopped as stopped:
        bound_turn, bound_reason = stopped.bound_turn, stopped.bound_reason
        stats["stopped"] = "budget" if stopped.what == "cpu" else f"{stopped.what} cap"
    except SearchBudgetExceeded:
        stats["stopped"] = "budget"
    # why the search ended, for messages that say what it did: its budget spent, Ctrl-C or the
    # callback, or every search it runs finished before the budget (the beams' schedule ends,
    # the exact planner settles a small map)
    stats.setdefault("stopped", "finished")
    return _answer(game, pos, best, bound_turn, bound_reason, clock, interrupted, history, stats)


class _RefuteStopped(SearchBudgetExceeded):
    """The exact planner of :func:`_refute` reached the budget: the bound it raised, if any."""

    def __init__(self, bound_turn: int, bound_reason: str, what: str) -> None:
        super().__init__(f"the exact planner stopped at the {what} budget")
        self.bound_turn, self.bound_reason, self.what = bound_turn, bound_reason, what


def _refute(game, pos, bound_turn, bound_reason, best, clock, history, on_plan):
    """Raise the bound with the exact planner: no plan clears by turn ``t`` (deadline by deadline),
    or the optimum itself (then the plan is taken too)."""
    from zoobook.steam.game.planner import PlanBudgetExceeded
    from zoobook.steam.game.planner import plan as exact_plan

    def ticking(done, total, message):
        clock.tick()

    last = (best.end.outcome.turns if best.end is not None else game.turns)
    try:
        # the rest of the budget, counted on the CPU clock inside the search (the progress
        # callback alone comes only between the first turns, one of which can take minutes)
        found = exact_plan(game, pos, progress=ticking, deadline=last, budget_seconds=clock.left,
                           max_memory_mb=EXACT_MEMORY_MB)
    except PlanBudgetExceeded as stopped:
        # keep what it proved: the deadlines it refuted before the budget ran out
        if stopped.lower_bound > bound_turn:
            bound_turn, bound_reason = stopped.lower_bound, stopped.bound_reason
            history.append(Improvement(clock.elapsed, bound_turn, best.end and best.end.outcome.turns,
                                       "exact planner (stopped at the budget)", cpu_seconds=clock.cpu))
        raise _RefuteStopped(bound_turn, bound_reason, stopped.what) from None
    if found.cleared:
        end = play_through(game, pos, found.actions)
        if best.end is None or end.outcome.rank <= best.end.outcome.rank:
            best.actions, best.end = tuple(found.actions), end
        history.append(Improvement(clock.elapsed, found.turns, found.turns, "exact planner", cpu_seconds=clock.cpu))
        return found.turns, (f"the exact planner found no plan clearing by turn {found.turns - 1}"
                             if found.turns > bound_turn else bound_reason)
    new = last + 1
    history.append(Improvement(clock.elapsed, new, best.end and best.end.outcome.turns, "exact planner",
                               cpu_seconds=clock.cpu))
    return new, f"the exact planner found no plan clearing by turn {last}"


def _answer(game, pos, best, bound_turn, bound_reason, clock, interrupted, history, stats) -> AnytimePlan:
    if best.end is None:
        return AnytimePlan(None, None, None, (), (), bound_turn, bound_reason, game.turns,
                           clock.elapsed, interrupted, tuple(history), (), stats)
    steps = tuple(replay(game, pos, best.actions))
    out = best.end.outcome
    return AnytimePlan(out.turns, out.score, out.cash, steps, tuple(best.actions),
                       min(bound_turn, out.turns) if bound_turn > out.turns else bound_turn,
                       bound_reason, game.turns, clock.elapsed, interrupted, tuple(history), (), stats)
