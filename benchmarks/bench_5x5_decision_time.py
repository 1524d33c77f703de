"""Benchmark: where a 5x5 search-bot decision's CPU time goes, and does every decision keep its cap?

Plays ``--games`` solo games and ``--duels`` two-player games (the search bot against the
lookahead bot, seats alternating; seeds from ``--seed``) with the search bot as it plays, at
``--time-limit`` CPU seconds a decision, and times the parts of every decision that searched,
each on the deciding thread's CPU clock (``time.thread_time``, as the cap itself):

* ``ranking``: the root's actions ranked by the lookahead bot's value;
* ``sweeps``: sequential halving, every rollout of every sweep;
* ``view``: the search's view and the reason for the best;
* ``longest rollout`` and its ratio to the decision's mean pace (the sweeps' time over the
  rollouts kept): a sweep starts a rollout when the mean pace says it ends in time;
* ``longest valuation``: one greedy valuation (the ranking's or the rollout policy's);
* ``collector``: every pass of Python's cycle collector inside the decision (``gc.callbacks``),
  in all and the longest.

It prints each part's median, 99th percentile and largest over the decisions, and every
decision past the cap with its parts. Target (issue 22): every decision within its cap; exit
status 1 when one is not. The study that found the last overruns' causes (notebook 23, "The last
overruns") timed these parts.

Run: ``python -m benchmarks.bench_5x5_decision_time [--games 6] [--duels 6] [--jobs 2]``;
``--quick`` times a few decisions of one solo game at a small cap (for ``make test``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from contextlib import contextmanager

from benchmarks.bench_5x5_search import each_result, percentile
from zoobook.fivebyfive import playouts, search_bot
from zoobook.fivebyfive.bots import LookaheadBot
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.search_bot import SearchBot

FIRST_SEED = 1000
#: The parts of a decision, in the order printed (seconds; ``ratio`` is a ratio).
PARTS = ("total", "ranking", "sweeps", "view", "longest rollout", "ratio", "longest valuation", "collector",
         "longest pass")


@contextmanager
def part_timers(clock=time.thread_time):
    """Time the parts of every search inside the block; yields a dict of the current decision's
    parts (cleared by :func:`timed_decision`; the collector's passes count while its ``"inside"``
    is true). The bot's own functions are put back on exit."""
    parts: dict = {}
    patched = []

    def wrap(owner, name: str, total: str | None = None, longest: str | None = None, count: str | None = None):
        original = getattr(owner, name)

        def timed(*args, **kwargs):
            started = clock()
            try:
                return original(*args, **kwargs)
            finally:                                   # a rollout stopped at the deadline counts too
                spent = clock() - started
                if total:
                    parts[total] = parts.get(total, 0.0) + spent
                if longest:
                    parts[longest] = max(parts.get(longest, 0.0), spent)
                if count:
                    parts[count] = parts.get(count, 0) + 1
        patched.append((owner, name, original))
        setattr(owner, name, timed)

    wrap(SearchBot, "_root_ranking", total="ranking")
    wrap(SearchBot, "_halving", total="sweeps")
    wrap(SearchBot, "_view", total="view")
    wrap(search_bot, "rollout", longest="longest rollout")
    wrap(search_bot, "_greedy_value", longest="longest valuation")     # the ranking's
    wrap(playouts, "_greedy_value", longest="longest valuation")       # the rollout policy's
    began = [0.0]

    def collector(phase: str, info: dict) -> None:
        if not parts.get("inside"):                    # a pass between decisions is not a decision's
            return
        if phase == "start":
            began[0] = clock()
        else:
            spent = clock() - began[0]
            parts["collector"] = parts.get("collector", 0.0) + spent
            parts["longest pass"] = max(parts.get("longest pass", 0.0), spent)

    gc.callbacks.append(collector)
    try:
        yield parts
    finally:
        gc.callbacks.remove(collector)
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def timed_decision(bot: SearchBot, state: GameState, parts: dict, clock=time.thread_time) -> tuple[object, dict]:
    """The bot's choice, and the parts of the decision (``None`` parts when it did not search)."""
    parts.clear()
    bot.last_view = None
    parts["inside"] = True
    started = clock()
    action = bot.choose(state)
    total = clock() - started
    parts["inside"] = False                            # set without allocating: no pass starts here
    view = bot.last_view
    if view is None:
        return action, None
    row = {name: parts.get(name, 0.0) for name in PARTS}
    row["total"], row["round"], row["rollouts"] = total, state.round, view.iterations
    row["ratio"] = row["longest rollout"] / (row["sweeps"] / view.iterations) if row["sweeps"] else 0.0
    return action, row


def play_timed(job: tuple) -> list[dict]:
    """One game (``("solo" | "duel", index, seed, time_limit)``): the parts of each searched decision."""
    kind, index, seed, time_limit = job
    players = 1 if kind == "solo" else 2
    seat = 0 if kind == "solo" else index % 2
    state = GameState.new(players=players, seed=seed)
    bots = [SearchBot(seed, time_limit=time_limit) if s == seat else LookaheadBot(seed) for s in range(players)]
    rows = []
    with part_timers() as parts:
        while not state.is_terminal():
            bot = bots[state.current_player]
            if isinstance(bot, SearchBot):
                action, row = timed_decision(bot, state, parts)
                if row is not None:
                    rows.append(dict(row, kind=kind, seed=seed))
            else:
                action = bot.choose(state)
            state.apply(action)
    return rows


def report(rows: list[dict], time_limit: float) -> int:
    print(f"{len(rows)} searched decisions, cap {time_limit:g} CPU-s")
    print(f"  {'part':<18} {'median':>7} {'99th':>7} {'largest':>8}")
    for name in PARTS:
        values = [row[name] for row in rows]
        print(f"  {name:<18} {statistics.median(values):7.3f} {percentile(values, 0.99):7.3f} {max(values):8.3f}")
    over = [row for row in rows if row["total"] > time_limit]
    for row in over:
        print(f"  past the cap: {row['kind']} seed {row['seed']} round {row['round']}: "
              + ", ".join(f"{name} {row[name]:.3f}" for name in PARTS))
    print(f"target every decision <= {time_limit:g} CPU-s: {'MET' if not over else f'MISSED ({len(over)})'}")
    return 1 if over else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="solo games (default 6)")
    parser.add_argument("--duels", type=int, default=6, help="2-player games against lookahead (default 6)")
    parser.add_argument("--time-limit", type=float, default=SearchBot().time_limit,
                        help="CPU seconds per decision (default: the bot's)")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes")
    parser.add_argument("--quick", action="store_true", help="a few decisions of one solo game at a 0.2 s cap")
    args = parser.parse_args(argv)
    if args.quick:
        state, bot, rows = GameState.new(players=1, seed=args.seed), SearchBot(0, time_limit=0.2), []
        with part_timers() as parts:
            while len(rows) < 3:
                action, row = timed_decision(bot, state, parts)
                rows += [dict(row, kind="solo", seed=args.seed)] if row else []
                state.apply(action)
        parts_fit = all(row["ranking"] + row["sweeps"] + row["view"] <= row["total"] for row in rows)
        print(f"quick: 3 decisions timed by parts (ranking + sweeps + view within the total: {parts_fit})")
        return 0 if parts_fit else 1
    jobs = [(kind, index, args.seed + index, args.time_limit)
            for index in range(max(args.games, args.duels))
            for kind, wanted in (("solo", args.games), ("duel", args.duels)) if index < wanted]
    rows = [row for game in each_result(play_timed, jobs, args.jobs) for row in game]
    return report(rows, args.time_limit)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
