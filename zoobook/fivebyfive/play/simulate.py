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

With 2-4 players, one bot against another: the first bot's seat moves round the
table (game *i*: seat ``i % players``), the others play ``against``.

>>> duel = simulate(games=2, players=2, bot="greedy", seed=0, against="random")
>>> duel.bot_seats
(0, 1)
>>> print(summary(duel).splitlines()[-1])  # doctest: +ELLIPSIS
greedy bot against random: 2 wins of 2 = 100% (95% CI 34% to 100%), mean margin +...
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from zoobook.fivebyfive.all_bots import BOTS
from zoobook.fivebyfive.bots import play
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.solo import RANKS, solo_rank
from zoobook.records import Player, write_record

__all__ = ["Simulation", "simulate", "summary", "histogram", "wilson"]


@dataclass(frozen=True)
class Simulation:
    """The outcome of a run: every player's final score per game, and solo ranks.

    With ``against``, ``bot_seats[i]`` is the seat *bot* played in game *i* (the other
    seats played ``against``); otherwise *bot* played every seat.
    """

    players: int
    bot: str
    seed: int
    scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    against: str | None = None
    bot_seats: tuple[int, ...] = ()

    @property
    def wins(self) -> int:
        """Games *bot* won against ``against`` (0 without one)."""
        return sum(w == s for w, s in zip(self.winners, self.bot_seats)) if self.against else 0

    @property
    def all_scores(self) -> list[int]:
        return [s for game in self.scores for s in game]

    @property
    def ranks(self) -> Counter:
        """Solo: how many games earned each rank (ruling F19); empty with 2-4 players."""
        if self.players != 1:
            return Counter()
        return Counter(solo_rank(game[0]) for game in self.scores)


def simulate(games: int, players: int = 1, bot: str = "greedy", seed: int = 0,
             against: str | None = None, records: str | Path | None = None) -> Simulation:
    """Play *games* seeded games with *bot* in every seat, or (*against*) in one seat that moves round the table.

    With *records* (a folder), each game's record is written there as ``5x5-seed-N.jsonl``
    (:mod:`zoobook.records`; ``zoobook replay`` prints it)."""
    if games < 1:
        raise ValueError(f"play at least one game, not {games}")
    for name in (bot, against):
        if name is not None and name not in BOTS:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    if against is not None and players < 2:
        raise ValueError("a bot plays against another with 2-4 players")
    scores, winners, seats = [], [], []
    for game in range(games):
        state = GameState.new(players=players, seed=seed + game)
        mine = game % players if against else None
        names = [bot if against is None or seat == mine else against for seat in range(players)]
        play(state, [BOTS[name](seed + game * 10 + seat) for seat, name in enumerate(names)])
        if records is not None:
            write_record(Path(records) / f"5x5-seed-{seed + game}.jsonl",
                         state.record([Player.bot(name, seed=seed + game * 10 + seat)
                                       for seat, name in enumerate(names)]))
        scores.append(tuple(state.returns()))
        winners.append(state.ranking()[0])
        if mine is not None:
            seats.append(mine)
    return Simulation(players, bot, seed, tuple(scores), tuple(winners), against, tuple(seats))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (honest with few games; a shared win counts a half).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


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
    bots = f"{result.bot} bot" + (f" in one seat, {result.against} in the others" if result.against else "")
    lines = [f"{games} {who} game{'s' if games != 1 else ''}, {bots}, "
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
    if result.against:
        low, high = wilson(result.wins, games)
        margins = [game[seat] - max(game[:seat] + game[seat + 1:])
                   for game, seat in zip(result.scores, result.bot_seats)]
        lines.append(f"{result.bot} bot against {result.against}: {result.wins} wins of {games} = "
                     f"{result.wins / games:.0%} (95% CI {low:.0%} to {high:.0%}), mean margin "
                     f"{statistics.fmean(margins):+.1f} over the best other player")
    return "\n".join(lines)
