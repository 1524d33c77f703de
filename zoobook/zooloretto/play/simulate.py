"""Many seeded games of Zooloretto with one bot in every seat: the score distribution.

Game *i* of a run uses seed ``seed + i``, so a run is reproducible and a longer run
extends a shorter one.

Examples
--------
>>> result = simulate(games=2, players=2, bot="greedy", seed=0, expansions=("construction-sites",))
>>> len(result.scores), result.players, result.expansions
(2, 2, ('construction-sites',))
>>> print(summary(result).splitlines()[0])
2 2-player games, greedy bot, construction sites, seeds 0-1
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from zoobook.progress import Callback, quiet
from zoobook.records import Player, write_record
from zoobook.zooloretto.bots import BOTS, play
from zoobook.zooloretto.game import ZoolorettoState, combination_warning

__all__ = ["Simulation", "simulate", "summary", "histogram"]


@dataclass(frozen=True)
class Simulation:
    """Every player's final score per game, the winners, the rounds played."""

    players: int
    bot: str
    seed: int
    expansions: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    rounds: tuple[int, ...]

    @property
    def all_scores(self) -> list[int]:
        return [s for game in self.scores for s in game]


def simulate(games: int, players: int = 2, bot: str = "greedy", seed: int = 0, expansions=(),
             progress: Callback = quiet, records: str | Path | None = None) -> Simulation:
    """Play *games* seeded games with *bot* in every seat; *progress* hears ``(done, games, message)``.

    With *records* (a folder), each game's record is written there as ``zooloretto-seed-N.jsonl``
    (:mod:`zoobook.records`; ``zoobook replay`` prints it)."""
    if games < 1:
        raise ValueError(f"play at least one game, not {games}")
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
    scores, winners, rounds = [], [], []
    for game in range(games):
        state = ZoolorettoState.new(players=players, seed=seed + game, expansions=expansions)
        play(state, [BOTS[bot](seed + game * 10 + seat) for seat in range(players)])
        if records is not None:
            write_record(Path(records) / f"zooloretto-seed-{seed + game}.jsonl",
                         state.record([Player.bot(bot, seed=seed + game * 10 + seat) for seat in range(players)]))
        scores.append(tuple(int(s) for s in state.returns()))
        winners.append(state.ranking()[0])
        rounds.append(state.round)
        progress(game + 1, games, f"game {game + 1}")
    return Simulation(players, bot, seed, tuple(state.expansions), tuple(scores), tuple(winners), tuple(rounds))


def histogram(values: list[int], width: int = 5) -> list[tuple[int, int]]:
    """(lowest score of the bin, count) for bins of *width* points.

    >>> histogram([-3, 2, 4, 12])
    [(-5, 1), (0, 2), (5, 0), (10, 1)]
    """
    low, high = min(values) // width, max(values) // width
    counts = Counter(v // width for v in values)
    return [(b * width, counts[b]) for b in range(low, high + 1)]


def summary(result: Simulation) -> str:
    """The run in words: the score distribution with a text histogram, wins by seat, rounds."""
    games = len(result.scores)
    names = ", ".join(e.replace("-", " ") for e in result.expansions) or "base game"
    lines = [f"{games} {result.players}-player game{'s' if games != 1 else ''}, {result.bot} bot, {names}, "
             f"seeds {result.seed}-{result.seed + games - 1}"]
    warning = combination_warning(result.expansions)
    if warning:
        lines.append(warning)
    values = result.all_scores
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    lines.append(f"scores: mean {statistics.mean(values):.1f}, min {min(values)}, "
                 f"quartiles {quartiles[0]:g} / {quartiles[1]:g} / {quartiles[2]:g}, max {max(values)}")
    bins = histogram(values)
    top = max(count for _, count in bins)
    for low, count in bins:
        lines.append(f"  {low:>4} to {low + 4:<4} {'#' * round(30 * count / top):<30} {count}")
    winning = [game[w] for game, w in zip(result.scores, result.winners)]
    lines.append(f"winning scores: mean {statistics.mean(winning):.1f}; rounds per game: mean "
                 f"{statistics.mean(result.rounds):.1f}")
    seats = Counter(result.winners)
    lines.append("wins by seat: " + ", ".join(f"seat {s} {seats[s]}" for s in range(result.players)))
    return "\n".join(lines)
