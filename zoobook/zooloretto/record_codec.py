"""How a Zooloretto game becomes a game record and back (:mod:`zoobook.records`).

The options are the number of players and the expansions in play (``three-buildings``,
``construction-sites``, both or none); the seed fixes the species in play and the order of the
supply, so replaying the same actions draws the same tiles.

Examples
--------
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> state = ZoolorettoState.new(players=3, seed=2, expansions=("three-buildings",))
>>> CODEC.options(state), CODEC.seed(state)
({'players': 3, 'expansions': ['three-buildings']}, 2)
>>> CODEC.score_line(state)
'round 1: scores seat 0 0, seat 1 0, seat 2 0'
>>> CODEC.new_state({"players": 3, "expansions": ["gardens"]}, 2)
Traceback (most recent call last):
...
ValueError: expansions: unknown expansion 'gardens': write buildings, sites, both as buildings,sites, or none
"""

from __future__ import annotations

from typing import Any

from zoobook.records import RecordCodec
from zoobook.zooloretto.game import ACTIONS, ZoolorettoState, parse_expansions

__all__ = ["CODEC", "ZoolorettoCodec"]

_OPTIONS = ("players", "expansions")


class ZoolorettoCodec(RecordCodec):
    """Zooloretto's part of the record format: players and expansions as options."""

    game = "zooloretto"
    state_class = ZoolorettoState
    actions = ACTIONS

    def options(self, state: ZoolorettoState) -> dict[str, Any]:
        return {"players": state.players, "expansions": list(state.expansions)}

    def seed(self, state: ZoolorettoState) -> int:
        return state.seed

    def new_state(self, options: dict[str, Any], seed: int | None) -> ZoolorettoState:
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise ValueError(f"Zooloretto has no option {unknown[0]!r} (its options: {', '.join(_OPTIONS)})")
        if type(seed) is not int:
            raise ValueError(f"a Zooloretto record needs the seed of its supply, a whole number, not {seed!r}")
        players, expansions = options.get("players", 2), options.get("expansions", [])
        if type(players) is not int or not 2 <= players <= 5:
            raise ValueError(f"players must be a whole number 2-5, not {players!r}")
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise ValueError(f"expansions must be a list of names, not {expansions!r}")
        try:
            chosen = parse_expansions(",".join(expansions))
        except ValueError as exc:
            raise ValueError(f"expansions: {exc}") from None
        return ZoolorettoState.new(players=players, seed=seed, expansions=chosen)

    def seats(self, state: ZoolorettoState) -> int:
        return state.players

    def score_line(self, state: ZoolorettoState) -> str:
        scores = ", ".join(f"seat {seat} {int(total)}" for seat, total in enumerate(state.returns()))
        return f"round {state.round}: scores {scores}" + (" (final)" if state.is_terminal() else "")

    def describe(self, options: dict[str, Any], seed: int | None) -> str:
        expansions = ", ".join(e.replace("-", " ") for e in options.get("expansions", [])) or "no expansion"
        return f"Zooloretto, {options.get('players')} players, {expansions}, seed {seed}"


CODEC = ZoolorettoCodec()
