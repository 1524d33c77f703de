"""Benchmark: ``zoobook review`` of whole games (issue 45's speed targets).

The case here: a whole Easter Island Normal game (the anytime planner's plan of the full set-up,
20 CPU-s, as ``zoobook plan --setup easter-normal --budget 20 --record`` writes it) reviewed at
the game's default budget on a local Dask cluster of two workers (``--workers 2``), the start of
the cluster included. Target: under 120 s of wall time. Each decision is checked: the review is
whole (not partial), every decision of the game has an appraisal, and the best action is legal
where it was taken.

Two more cases, each at its game's default budget on two workers, under 60 s of wall time:
a whole solo 5x5 Zoo game (the lookahead bot's, its seat marked human: 58 decisions) and a
3-player Zooloretto game (seat 0 the greedy bot's, marked human, against two lookahead bots:
seat 0's decisions reviewed).

``--quick``: a tiny Zoo map where move 3 ends the build without laying the one track, reviewed in
this process; the review must flag that move alone, a mistake of one turn (hand-derived: nothing
can ship in turn 1, the exact planner clears the map in turn 2 instead of 1).

Run: ``python -m benchmarks.bench_review [--quick] [CASE ...]`` (a case by its name, quoted:
``easter-normal``, ``"5x5 solo"``, ``"zooloretto 3-player"``; all by default).
"""

from __future__ import annotations

import sys
import time

from benchmarks.timing import agree, options, target, verdict
from zoobook.records import Player, parse_record
from zoobook.review import prefix_text, review_record
from zoobook.records import from_record

TARGET_SECONDS = {"easter-normal": 120.0, "5x5 solo": 60.0, "zooloretto 3-player": 60.0}


def _tiny_bad_game() -> str:
    from zoobook.steam.game.actions import EndBuild, IssueShares, Select
    from zoobook.steam.game.planner import plan
    from zoobook.steam.game.state import Game
    from zoobook.steam.zoo.model import Area, ZooMap

    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    game = Game.zoo(zoo, land=[(1, 0)], turns=3)
    state = game.new_state()
    for action in (IssueShares(0), Select("engineer"), EndBuild()):
        state.apply(action)
    for action in plan(game, state.position).actions:
        state.apply(action)
    return state.record([Player.human()])


def _full_setup_game(name: str) -> str:
    from zoobook.steam.game.anytime import plan_anytime
    from zoobook.steam.game.maps import full_setup

    game = full_setup(name)
    found = plan_anytime(game, budget_seconds=20.0, cpu_budget=True)
    state = game.new_state()
    for action in found.actions:
        state.apply(action)
    return state.record([Player.human()])


def _five_by_five_game(seed: int = 3) -> str:
    from zoobook.fivebyfive.bots import LookaheadBot
    from zoobook.fivebyfive.game import GameState

    state, bot = GameState.new(players=1, seed=seed), LookaheadBot(seed=seed)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    return state.record([Player.human()])


def _zooloretto_game(seed: int = 7) -> str:
    from zoobook.zooloretto.bots import GreedyBot, LookaheadBot, play
    from zoobook.zooloretto.game import ZoolorettoState

    state = play(ZoolorettoState.new(players=3, seed=seed), [GreedyBot(seed), LookaheadBot(1), LookaheadBot(2)])
    return state.record([Player.human(), Player.bot("lookahead", seed=1), Player.bot("lookahead", seed=2)])


GAMES = {"easter-normal": lambda: _full_setup_game("easter-normal"), "5x5 solo": _five_by_five_game,
         "zooloretto 3-player": _zooloretto_game}


def _check(text: str, review) -> None:
    record, _ = parse_record(text)
    agree(review.partial, False, "the review is whole")
    human = [n for n, (seat, _) in enumerate(record.actions, start=1) if record.players[seat].kind == "human"]
    agree([d.number for d in review.decisions], human, "every decision of the human seat reviewed")
    for decision in review.decisions:
        state = from_record(prefix_text(record, decision.number))
        agree(state.refusal(decision.appraisal.best), None, f"move {decision.number}: the best action is legal")


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    cases = [a for a in argv if a in GAMES]                # cases by name: run those alone
    args = options([a for a in argv if a not in GAMES], __doc__)
    if args.quick:
        text = _tiny_bad_game()
        start = time.perf_counter()
        review = review_record(text)
        print(f"tiny Zoo map: {len(review.decisions)} decisions in {time.perf_counter() - start:.1f} s")
        _check(text, review)
        agree([(d.number, d.label, d.appraisal.loss) for d in review.decisions if d.label],
              [(3, "mistake", 1.0)], "the bad move flagged alone")
        return verdict([], quick=True)
    targets = []
    chosen = [name for name in TARGET_SECONDS if name in (cases or TARGET_SECONDS)]
    for name in chosen:
        limit = TARGET_SECONDS[name]
        text = GAMES[name]()
        start, cpu = time.perf_counter(), time.process_time()
        review = review_record(text, workers=2)
        wall = time.perf_counter() - start
        _check(text, review)
        labels = {seat.seat: dict(seat.counts) for seat in review.summary.values()}
        proved = sum(d.appraisal.proved for d in review.decisions)
        print(f"{name}: {len(review.decisions)} decisions reviewed in {wall:.1f} s on 2 workers "
              f"(this process {time.process_time() - cpu:.1f} CPU-s); labels {labels}; "
              f"{proved} appraisals proved, mean loss {review.summary[0].mean_loss:.2f} {review.unit}")
        targets.append(target(f"review of a whole {name} game < {limit:g} s", wall < limit))
    return verdict(targets, quick=False)


if __name__ == "__main__":
    sys.exit(main())
