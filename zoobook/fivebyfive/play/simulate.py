"""Many seeded games: the score distribution and, solo, the rank distribution.

Game *i* of a run uses seed ``seed + i``, so a run is reproducible and a longer
run extends a shorter one.

Examples
--------
>>> result = simulate(games=2, players=1, bot="random", seed=0)
>>> len(result.scores), result.players
(2, 1)
>>> sum(result.ranks.values())
2
>>> print(summary(result).splitlines()[0])
2 solo games, random bot, seeds 0-1
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from zoobook.fivebyfive.bots import BOTS, play
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.solo import RANKS, solo_rank

__all__ = ["Simulation", "simulate", "summary", "histogram"]


@dataclass(frozen=True)
class Simulation:
    """The outcome of a run: every player's final score per game, and solo ranks."""

    players: int
    bot: str
    seed: int
    scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]

    @property
    def all_scores(self) -> list[int]:
        return [s for game in self.scores for s in game]

    @property
    def ranks(self) -> Counter:
        """Solo: how many games earned each rank (ruling F19); empty with 2-4 players."""
        if self.players != 1:
            return Counter()
        return Counter(solo_rank(game[0]) for game in self.scores)


def simulate(games: int, players: int = 1, bot: str = "greedy", seed: int = 0) -> Simulation:
    """Play *games* seeded games with *bot* in every seat."""
    if games < 1:
        raise ValueError(f"play at least one game, not {games}")
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
    scores, winners = [], []
    for game in range(games):
        state = GameState.new(players=players, seed=seed + game)
        play(state, [BOTS[bot](seed + game * 10 + seat) for seat in range(players)])
        scores.append(tuple(state.returns()))
        winners.append(state.ranking()[0])
    return Simulation(players, bot, seed, tuple(scores), tuple(winners))


def histogram(values: list[int], width: int = 10) -> list[tuple[int, int]]:
    """(lowest score of the bin, count) for bins of *width* points.

    >>> histogram([3, 12, 17, 31])
    [(0, 1), (10, 2), (20, 0), (30, 1)]
    """
    low, high = min(values) // width, max(values) // width
    counts = Counter(v // width for v in values)
    return [(b * width, counts[b]) for b in range(low, high + 1)]


def summary(result: Simulation) -> str:
    """The run in words: the score distribution, a text histogram, the solo ranks."""
    games = len(result.scores)
    who = "solo" if result.players == 1 else f"{result.players}-player"
    lines = [f"{games} {who} game{'s' if games != 1 else ''}, {result.bot} bot, "
             f"seeds {result.seed}-{result.seed + games - 1}"]
    values = result.all_scores
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    lines.append(f"scores: mean {statistics.mean(values):.1f}, min {min(values)}, "
                 f"quartiles {quartiles[0]:g} / {quartiles[1]:g} / {quartiles[2]:g}, max {max(values)}")
    top = max(count for _, count in histogram(values))
    for low, count in histogram(values):
        lines.append(f"  {low:>3}-{low + 9:<3} {'#' * round(30 * count / top):<30} {count}")
    if result.players == 1:
        lines.append("solo ranks:")
        for _, name in RANKS:
            if result.ranks[name]:
                lines.append(f"  {name:<36} {result.ranks[name]}")
    else:
        seats = Counter(result.winners)
        lines.append("wins by seat: " + ", ".join(f"seat {s} {seats[s]}" for s in range(result.players)))
    return "\n".join(lines)
