"""Who plays a 5x5 Zoo game and what each has: the set-up, each player's side of the table,
and the order of the players at the end.

Examples
--------
>>> GameConfig(players=5)
Traceback (most recent call last):
...
ValueError: 5x5 Zoo is for 1-4 players, not 5
>>> player = PlayerState(0, score=12)
>>> player.popularity_tokens, player.doors
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from zoobook.fivebyfive.board import Board, Cell
from zoobook.fivebyfive.cards import FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, Round3

__all__ = ["GameConfig", "RoundScore", "PlayerState", "winner_order"]


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up.

    Attributes
    ----------
    players : int
        1 (solo, against the tile-removing AI) to 4.
    seed : int
    bonus_cards : tuple of str or None
        Three final bonus card letters; ``None`` draws three at random
        (``beginner`` uses A, B and C as the rulebook recommends).
    condition : str or None
        The popularity condition card (A-F); ``None`` draws one (``beginner``: A).
    """

    players: int = 2
    seed: int = 0
    bonus_cards: tuple[str, ...] | None = None
    condition: str | None = None
    beginner: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 4:
            raise ValueError(f"5x5 Zoo is for 1-4 players, not {self.players}")
        if self.bonus_cards is not None and (len(set(self.bonus_cards)) != 3
                                             or set(self.bonus_cards) - set(FINAL_BONUS_CARDS)):
            raise ValueError(f"choose three different final bonus cards A-H, not {self.bonus_cards}")
        if self.condition is not None and self.condition not in POPULARITY_CONDITIONS:
            raise ValueError(f"the popularity condition is one of A-F, not {self.condition!r}")


@dataclass(frozen=True)
class RoundScore:
    """One player's scoring phase of one round, step by step."""

    lineup: int = 0
    award: int = 0
    requests: int = 0
    visitors: int = 0

    @property
    def total(self) -> int:
        return self.lineup + self.award + self.requests


@dataclass(frozen=True)
class PlayerState:
    """One player's side of the table (a frozen value; the game replaces it)."""

    seat: int
    board: Board = Board()
    score: int = 0
    cubes: str = ""
    meeples: str = ""
    doors: int = 1
    requests: tuple[int, ...] = ()
    met_requests: tuple[int, ...] = ()
    specials: tuple[str, ...] = ()
    hand: tuple[tuple[str, bool], ...] = ()
    group_tiles: frozenset[Cell] = frozenset()
    rounds: tuple[RoundScore, ...] = ()
    round3: Round3 = Round3()
    final: tuple[tuple[str, int], ...] = ()

    @property
    def popularity_tokens(self) -> int:
        return len(self.board.popular)



def winner_order(players, start: int) -> list[int]:
    """Seats from first to last place: score, then the rulebook's tiebreakers.

    "1. Most Popularity tokens 2. Most Animal tiles on the Zoo board 3. Furthest
    clockwise from the Start player card."
    """
    n = len(players)
    return sorted(range(n), key=lambda s: (-players[s].score, -players[s].popularity_tokens,
                                           -len(players[s].board.tiles), -((s - start) % n)))
