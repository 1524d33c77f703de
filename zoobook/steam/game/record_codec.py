"""How a solo Age of Steam game (the Zoo map or Easter Island) becomes a game record and back.

Neither map has a hidden draw: the Zoo map has no goods to draw, and Easter Island's cubes are set
out before the first turn, one assumed draw from the bag (rulings S14, S16) that is part of the map.
So a record's seed is ``null`` and its options name the game: ``{"setup": NAME}`` for one of the
full set-ups (:data:`~zoobook.steam.game.maps.FULL_SETUPS`, the very game ``full_setup(NAME)``
builds), otherwise the whole map as it stood at the start: ``map`` (``"zoo"`` or ``"easter"``) and
``board``, the keys of the map's ``steam-<map>/clear`` puzzle file (areas or cities, land, track, the
turn limit and a ``start`` that is not the map's own), written and read by that puzzle kind. A record
is therefore complete on its own, whatever map it was played on. (A set-up is named rather than
written out because its towns have names, ``Town 1``, that a puzzle file does not keep, and a
shipment names the nodes it passes.)

Examples
--------
>>> from zoobook.steam.game.maps import full_setup
>>> state = full_setup("easter-normal").new_state()
>>> options = CODEC.options(state)
>>> options, CODEC.seed(state)
({'setup': 'easter-normal'}, None)
>>> again = CODEC.new_state(options, None)
>>> again.position == state.position, again.game.land == state.game.land
(True, True)
>>> CODEC.score_line(again)
'turn 1 shares: $10, income 0, 2 shares, locomotive 2'
"""

from __future__ import annotations

import functools
import json
import weakref
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table
from zoobook.puzzles.registry import get_kind
from zoobook.records import RecordCodec
from zoobook.steam.game.actions import (EndBuild, IssueShares, LayTrack, Pass, RaiseLocomotive, Select, Ship,
                                        Urbanize)
from zoobook.steam.game.kinds import dump_easter, dump_zoo
from zoobook.steam.game.maps import FULL_SETUPS, full_setup
from zoobook.steam.game.state import Game, GameState
from zoobook.steam.zoo.kinds import ShipmentQuestion, dump_ascii

__all__ = ["CODEC", "SteamCodec"]

def _zoo_board(game: Game) -> dict[str, Any]:
    """The ``steam-zoo/clear`` keys of *game*; a board drawn in the ASCII shorthand stays drawn, so
    the board read back holds the same drawing (its terrain), not only the same land."""
    body = dump_zoo(game)
    zoo = game.start.board
    if not zoo.terrain:
        return body
    try:
        drawn = dump_ascii(ShipmentQuestion(zoo, zoo.areas[0].name, zoo.areas[1].name))
    except ValueError:     # a drawing the shorthand cannot hold: the explicit keys
        return body
    for key in ("area", "exit", "town", "track", "plain", "mountain"):
        body.pop(key, None)
    body.update({key: value for key, value in drawn.items() if key not in ("from", "to", "feeding")})
    in_drawing = {h for h, _ in zoo.terrain}
    for name in ("plain", "mountain"):
        extra = [list(h) for h, terrain in game.land.items() if terrain == name and h not in in_drawing]
        if extra:
            body[name] = extra
    # the shorthand draws each track as letters; where it cannot say which nodes a track joins
    # (a town between several tracks) the drawing reads back as other tracks: then the explicit keys
    try:
        table = Table(json.loads(json.dumps(body)))
        again = get_kind("steam-zoo/clear").parse(table)
    except (PuzzleError, ValueError):
        return dump_zoo(game)
    if again.start.board != zoo or dict(again.land) != dict(game.land):
        return dump_zoo(game)
    return body


_DUMPS = {"zoo": _zoo_board, "easter": dump_easter}
_OPTIONS = ("map", "board")
#: The full set-ups already seen, by game (a Game compares by identity): their names or None.
_SETUP_OF: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@functools.cache
def _setup_game(name: str) -> Game:
    return full_setup(name)


def _setup_name(game: Game) -> str | None:
    """The name of the full set-up *game* is (the same map, land, turns and start), else None."""
    if game not in _SETUP_OF:
        _SETUP_OF[game] = next((name for name in FULL_SETUPS
                                if name.split("-")[0] == game.rules.name
                                and _same_game(_setup_game(name), game)), None)
    return _SETUP_OF[game]


def _same_game(one: Game, other: Game) -> bool:
    return one.turns == other.turns and dict(one.land) == dict(other.land) and one.start == other.start


class SteamCodec(RecordCodec):
    """Age of Steam's part of the record format: the map at the start as options, no seed."""

    game = "steam"
    state_class = GameState
    actions = (IssueShares, Select, LayTrack, Urbanize, EndBuild, Ship, RaiseLocomotive, Pass)

    def options(self, state: GameState) -> dict[str, Any]:
        setup = _setup_name(state.game)
        if setup is not None:
            return {"setup": setup}
        name = state.game.rules.name
        # Through JSON and back: the puzzle kind's dump holds tuples where a record holds lists.
        return {"map": name, "board": json.loads(json.dumps(_DUMPS[name](state.game)))}

    def seed(self, state: GameState) -> None:
        return None

    def new_state(self, options: dict[str, Any], seed: int | None) -> GameState:
        if seed is not None:
            raise ValueError(f"Age of Steam's solo maps have no hidden draw: the seed is null, not {seed!r}")
        if "setup" in options:
            if set(options) != {"setup"} or options["setup"] not in FULL_SETUPS:
                raise ValueError(f"setup is one of {', '.join(FULL_SETUPS)} (and the only option), "
                                 f"not {options['setup']!r}")
            return full_setup(options["setup"]).new_state()
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise ValueError(f"Age of Steam has no option {unknown[0]!r} (its options: setup, or "
                             f"{', '.join(_OPTIONS)})")
        name, board = options.get("map"), options.get("board")
        if name not in _DUMPS:
            raise ValueError(f"map must be one of {', '.join(sorted(_DUMPS))}, not {name!r}")
        if not isinstance(board, dict):
            raise ValueError(f"board must be an object (the keys of a steam-{name}/clear file), not {board!r}")
        table = Table(board)
        game = get_kind(f"steam-{name}/clear").parse(table)
        table.done()
        if not isinstance(game, Game):
            raise ValueError(f"board: not a whole game of the {name} map")
        return game.new_state()

    def seats(self, state: GameState) -> int:
        return 1

    def score_line(self, state: GameState) -> str:
        result = state.result()
        if result is not None:
            how = "CLEARED" if result.cleared else "LOST"
            return f"{how} in turn {result.turns}: score {result.score}, ${result.cash} ({result.reason})"
        pos = state.position
        economy = pos.economy
        return (f"turn {pos.turn} {pos.phase}: ${economy.cash}, income {economy.income}, {economy.shares} shares, "
                f"locomotive {economy.locomotive}")

    def describe(self, options: dict[str, Any], seed: int | None) -> str:
        if "setup" in options:
            return f"Age of Steam solo, the full set-up {options['setup']}"
        board = options.get("board", {})
        name = {"zoo": "the Zoo map", "easter": "Easter Island"}.get(options.get("map"), "?")
        return f"Age of Steam solo, {name}, {board.get('turns', 'default')} turns"


CODEC = SteamCodec()
