"""How a 5x5 Zoo game becomes a game record and back (:mod:`zoobook.records`).

The options are the :class:`~zoobook.fivebyfive.game.GameConfig` but the seed: the number of
players (1 is the solo game against the tile-removing AI, whose removals the rules run by themselves
from the seed, so a solo record holds the one seat's decisions only), the final bonus cards and the
popularity condition (``null``: drawn from the seed) and the beginner set-up. The seed fixes every
deck's order, so replaying the same actions deals the same tiles and cards.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=1, seed=3)
>>> state.apply(state.legal_actions()[0])
>>> CODEC.options(state), CODEC.seed(state)
({'players': 1, 'bonus_cards': None, 'condition': None, 'beginner': False}, 3)
>>> CODEC.score_line(CODEC.new_state(CODEC.options(state), 3))
'setup: score 0'
"""

from __future__ import annotations

from typing import Any

from zoobook.fivebyfive.game import (LINEUP_STEPS, BestLineup, ChooseMeeple, ChoosePopularity, ChooseSpecial,
                                     DiscardTile, GameConfig, GameState, PlaceTile, RowEffect, Take, TakeDoor)
from zoobook.records import RecordCodec

__all__ = ["CODEC", "FiveByFiveCodec"]

_OPTIONS = ("players", "bonus_cards", "condition", "beginner")


class FiveByFiveCodec(RecordCodec):
    """5x5 Zoo's part of the record format: the config (less the seed) as options."""

    game = "5x5"
    state_class = GameState
    actions = (Take, RowEffect, TakeDoor, ChoosePopularity, ChooseSpecial, ChooseMeeple, PlaceTile,
               DiscardTile, BestLineup) + LINEUP_STEPS

    def options(self, state: GameState) -> dict[str, Any]:
        config = state.config
        bonus = list(config.bonus_cards) if config.bonus_cards is not None else None
        return {"players": config.players, "bonus_cards": bonus, "condition": config.condition,
                "beginner": config.beginner}

    def seed(self, state: GameState) -> int:
        return state.config.seed

    def new_state(self, options: dict[str, Any], seed: int | None) -> GameState:
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise ValueError(f"5x5 Zoo has no option {unknown[0]!r} (its options: {', '.join(_OPTIONS)})")
        if type(seed) is not int:
            raise ValueError(f"a 5x5 Zoo record needs the seed of its decks, a whole number, not {seed!r}")
        players = options.get("players", 2)
        if type(players) is not int:
            raise ValueError(f"players must be a whole number 1-4, not {players!r}")
        bonus = options.get("bonus_cards")
        if bonus is not None and (not isinstance(bonus, list) or not all(isinstance(c, str) for c in bonus)):
            raise ValueError(f"bonus_cards must be a list of three letters or null, not {bonus!r}")
        condition, beginner = options.get("condition"), options.get("beginner", False)
        if type(beginner) is not bool:
            raise ValueError(f"beginner must be true or false, not {beginner!r}")
        if condition is not None and not isinstance(condition, str):
            raise ValueError(f"condition must be a letter A-F or null, not {condition!r}")
        config = GameConfig(players, seed, tuple(bonus) if bonus is not None else None, condition, beginner)
        return GameState.new(config.players, config.seed, bonus_cards=config.bonus_cards,
                             condition=config.condition, beginner=config.beginner)

    def seats(self, state: GameState) -> int:
        return len(state.players)

    def score_line(self, state: GameState) -> str:
        where = state.phase if not state.round else f"round {state.round} {state.phase}"
        if state.solo:
            return f"{where}: score {state.players[0].score}"
        return f"{where}: scores " + ", ".join(f"seat {p.seat} {p.score}" for p in state.players)

    def describe(self, options: dict[str, Any], seed: int | None) -> str:
        players = options.get("players")
        who = "solo against the AI" if players == 1 else f"{players} players"
        return f"5x5 Zoo, {who}, seed {seed}"


CODEC = FiveByFiveCodec()
