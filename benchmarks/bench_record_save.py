"""Benchmark: saving a game record after each action (``zoobook.records.Recorder``).

A widget saves the game after every action, so the save must not be felt: the target is a
save under 5 ms at the 95th percentile (the 99th and the slowest are printed: on a shared machine a
process is now and then preempted for several milliseconds, even in a trivial loop), after each
action of whole bot games of 5x5 Zoo (4 players), Zooloretto (5 players, both expansions) and
the Easter Island Easy full set-up (the anytime planner's plan). A save is timed two ways: in
the background (``Recorder(background=True)``, what a widget uses: the text made and handed to the
recorder's writer thread, which writes it atomically -- a temporary file, flushed to the disk,
renamed over the old one), judged by the target; and waiting for that whole atomic write
(printed: the disk's flush alone takes several milliseconds on a virtual disk). The baseline is
``state.record()``, which replays the whole game from its seed each time (timed at the game's
end only): what the recorder saves by making each action's line once. Every record is read
back (``from_record``) and must give the same final state.

A game widget saves through :class:`zoobook.widgets.keeper.GameKeeper`, once per click (your
decision and the bots' replies): timed too, with every seat a player's and the last save on the
disk and the writer thread asleep again (``CLICK_GAP``) before the next one is handed over, as
they are long before a player's next click, and judged by the same target. The recorder's own
line saves after every bot's move, while the writer may still be busy with the last save or
waking from it: on a busy machine that hand-over waits for the writer thread to be scheduled,
several milliseconds now and then, which is why a widget saves once per click.

Times are wall time (a save waits for the disk). Run: ``python -m benchmarks.bench_record_save
[--quick] [GAMES]``; ``--quick`` plays one short game of each and judges no target.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import agree, options, target, verdict
from zoobook.records import Player, Recorder, from_record, write_record

TARGET_MS = 5.0
#: Seconds from one save of the widget's keeper on the disk to the next save: far less than a click takes.
CLICK_GAP = 0.02


def _five_by_five(seed: int, quick: bool):
    from zoobook.fivebyfive.all_bots import BOTS
    from zoobook.fivebyfive.game import GameState

    players = 2 if quick else 4
    bots = [BOTS["greedy"](seed + seat) for seat in range(players)]
    return GameState.new(players=players, seed=seed), bots, "5x5"


def _zooloretto(seed: int, quick: bool):
    from zoobook.zooloretto.bots import BOTS
    from zoobook.zooloretto.game import ZoolorettoState

    players = 2 if quick else 5
    state = ZoolorettoState.new(players=players, seed=seed, expansions=("three-buildings", "construction-sites"))
    return state, [BOTS["greedy"](seed + seat) for seat in range(players)], "zooloretto"


class _Planned:
    """The anytime planner's plan, played action by action like a bot."""

    def __init__(self, actions):
        self.actions = list(actions)

    def choose(self, state):
        return self.actions.pop(0)


def _steam(seed: int, quick: bool):
    from zoobook.steam.game.anytime import plan_anytime
    from zoobook.steam.game.maps import full_setup

    game = full_setup("easter-easy")
    # It stops as soon as its plan meets the goods bound (about 2 CPU-s on Easy); the rest is the margin
    # of a busy machine, where 5 s found no plan (make bench under the load of eight sessions).
    found = plan_anytime(game, budget_seconds=30.0)
    agree(bool(found.actions), True, "the anytime planner found a plan for Easter Island Easy")
    return game.new_state(), [_Planned(found.actions)], "steam"


def save_times(make, seed: int, quick: bool, folder: Path) -> tuple[list[float], float]:
    """Each save's milliseconds over one game, and the whole-replay baseline's at its end."""
    state, bots, name = make(seed, quick)
    recorder = Recorder(state, [Player.bot("bench", seed=seed)] * len(bots), folder / f"{name}-{seed}.jsonl",
                        background=True)
    recorder.save()
    times, waited = [], []
    while not state.is_terminal() and not (isinstance(bots[0], _Planned) and not bots[0].actions):
        recorder.apply(bots[state.current_player].choose(state))
        start = time.perf_counter()
        recorder.save()
        times.append((time.perf_counter() - start) * 1000)
        if len(times) % 10 == 0:    # every tenth save also waited for, to time the whole atomic write
            recorder.flush()
            start = time.perf_counter()
            write_record(recorder.path, recorder.text())
            waited.append((time.perf_counter() - start) * 1000)
    recorder.flush()
    start = time.perf_counter()
    baseline = state.record([Player.bot("bench", seed=seed)] * len(bots))
    replay_ms = (time.perf_counter() - start) * 1000
    agree(recorder.text(), baseline, f"{name} seed {seed}: the recorder's text and state.record()")
    again = from_record(recorder.path.read_text(encoding="utf-8"), file=str(recorder.path))
    agree(again.returns(), state.returns(), f"{name} seed {seed}: final scores read back")
    return times, waited, replay_ms


def keeper_save_times(make, seed: int, quick: bool, folder: Path) -> list[float]:
    """Each save's milliseconds of a widget's keeper over one game, the last save written before each."""
    from zoobook.widgets.keeper import GameKeeper

    state, bots, name = make(seed, quick)
    keeper = GameKeeper(state, [Player.human()] * len(bots), on_restore=lambda *_: None,
                        games_dir=folder / f"keeper-{name}-{seed}")
    times = []
    while not state.is_terminal() and not (isinstance(bots[0], _Planned) and not bots[0].actions):
        keeper.apply(bots[state.current_player].choose(state), save=False)
        start = time.perf_counter()
        keeper.save()
        times.append((time.perf_counter() - start) * 1000)
        keeper.flush()              # the last save on the disk, as it is long before your next click,
        time.sleep(CLICK_GAP)       # and the writer thread back asleep
    again = from_record(keeper.path.read_text(encoding="utf-8"), file=str(keeper.path))
    agree(again.returns(), state.returns(), f"{name} seed {seed}: the keeper's record read back")
    return times


def _percentiles(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    return (statistics.median(times), *(times[min(len(times) - 1, int(q * len(times)))] for q in (0.95, 0.99)))


def main(argv=None) -> int:
    args = options(argv, __doc__, count=3, what="games of each")
    games = 1 if args.quick else args.count
    targets = []
    with tempfile.TemporaryDirectory() as folder:
        for label, make in (("5x5 Zoo", _five_by_five), ("Zooloretto", _zooloretto), ("Age of Steam", _steam)):
            times, waits, replays = [], [], []
            for seed in range(games if make is not _steam else 1):
                spent, waited, replay_ms = save_times(make, seed, args.quick, Path(folder))
                times += spent
                waits += waited
                replays.append(replay_ms)
            times.sort()
            median = statistics.median(times)
            p95, p99 = (times[min(len(times) - 1, int(q * len(times)))] for q in (0.95, 0.99))
            print(f"{label}: {len(times)} saves, median {median:.2f} ms, 95th percentile {p95:.2f} ms, "
                  f"99th {p99:.2f} ms, "
                  f"slowest {times[-1]:.2f} ms; waiting for the whole atomic write (fsync): median "
                  f"{statistics.median(waits or [0]):.2f} ms; state.record() at the end (replays the game) "
                  f"{statistics.median(replays):.1f} ms")
            targets.append(target(f"{label} save after an action < {TARGET_MS:g} ms (95th percentile)",
                                  p95 < TARGET_MS))
            kept = keeper_save_times(make, 0, args.quick, Path(folder))
            median, p95, p99 = _percentiles(kept)
            print(f"{label}, the widget's keeper (the last save written before each click): {len(kept)} saves, median "
                  f"{median:.2f} ms, 95th percentile {p95:.2f} ms, 99th {p99:.2f} ms, slowest {max(kept):.2f} ms")
            targets.append(target(f"{label} widget's save after your click < {TARGET_MS:g} ms (95th percentile)",
                                  p95 < TARGET_MS))
    return verdict(targets, args.quick)


if __name__ == "__main__":
    sys.exit(main())
