"""The shipped games' puzzle views: each kind's picture and play widget, for the puzzle of the day.

Each game names its views in its own ``kinds`` module (``VIEWS = {kind:
"zoobook.widgets.kind_views:LINEUP_VIEW"}``); nothing lists them centrally, and
a new game may keep its view anywhere (beside its widget, say). Imports are
local so that showing one kind loads only its game's widgets.

Examples
--------
>>> from zoobook.puzzles import load_puzzle, default_puzzle_dir
>>> puzzle = load_puzzle(default_puzzle_dir() / "5x5" / "mr-a.toml")
>>> LINEUP_VIEW.picture(puzzle.model).startswith("<svg"), LINEUP_VIEW.unit
(True, 'points')
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any

import ipywidgets as widgets

from zoobook.widgets.common import KindView, figure_html

__all__ = ["SHIPMENT_VIEW", "CLEAR_VIEW", "DECISION_VIEW", "CONNECT_VIEW", "MOAI_VIEW", "LINEUP_VIEW", "SCORE_VIEW",
           "TRUCK_VIEW", "SABOTAGE_VIEW", "INVEST_VIEW", "FIVE_DECISION_VIEW", "ZOOLORETTO_DECISION_VIEW"]


def _itself(model: Any) -> Any:
    return model


def _imported(module: str, name: str) -> Any:
    """``zoobook.widgets.<module>.<name>``, imported when a view of that game is first shown."""
    return getattr(importlib.import_module(f"zoobook.widgets.{module}"), name)


def _play(module: str, name: str, subject: Callable[[Any], Any] = _itself,
          read: dict[str, str] | None = None, **fixed: Any) -> Callable[[Any], widgets.Widget]:
    """A play widget: class *name* of the game's widget *module*, built on ``subject(question)``,
    with the keywords *read* from the question's attributes (``{keyword: attribute}``) and *fixed*."""
    def play(question: Any) -> widgets.Widget:
        keywords = {keyword: getattr(question, attribute) for keyword, attribute in (read or {}).items()}
        return _imported(module, name)(subject(question), **keywords, **fixed)
    return play


def _figure(module: str, draw: str, alt: str, title: Callable[[Any], str],
            subject: Callable[[Any], Any] = _itself) -> Callable[[Any], str]:
    """A picture: the matplotlib figure that *draw* of the game's widget *module* makes of
    ``subject(question)`` under ``title(question)``, as an inline image."""
    def picture(question: Any) -> str:
        fig, _ = _imported(module, draw)(subject(question), title=title(question))
        return figure_html(fig, alt=alt, dpi=70)
    return picture


def _shipment_picture(question) -> str:
    feeding = " (with Feeding)" if question.feeding else ""
    return _imported("steam_zoo", "zoo_figure_html")(
        question.zoo, title=f"{question.origin} to {question.destination}{feeding}")


def _lineup_picture(puzzle) -> str:
    return _imported("fivebyfive_board", "board_svg")(puzzle.board, gate=puzzle.gate)


def _zoo_picture(*lists: tuple[str, Callable[[Any], tuple]], subject: Callable[[Any], Any] = attrgetter("zoo"),
                 scores: bool = True) -> Callable[[Any], str]:
    """A picture: the zoo ``subject(question)`` (with its score now, unless the score is the answer)
    and what the question adds, ``(label, things)`` a list: truck, markers, tiles to come."""
    def picture(question: Any) -> str:
        items = "".join(f"<p><b>{label}:</b> {html.escape(', '.join(map(str, things(question))) or 'none')}</p>"
                        for label, things in lists)
        return _imported("zooloretto", "zoo_svg")(subject(question), scores=scores) + items
    return picture


_tiles = attrgetter("tiles")

SHIPMENT_VIEW = KindView(
    _shipment_picture,
    _play("steam_zoo", "ShipmentExplorer", attrgetter("zoo"),
          read={"origin": "origin", "destination": "destination", "feeding": "feeding"}, level=1),
    "(locomotive level)",
    "Move the locomotive slider: the explorer says whether that level is enough.")
CLEAR_VIEW = KindView(
    _figure("steam_game", "draw_game", "the map", lambda game: f"Clear the map in at most {game.turns} turns",
            subject=lambda game: game.new_state()),
    _play("steam_game", "GamePlayer"), "turns",
    "Play the map turn by turn; Hint asks the planner for the best next action.")
def _decision_player(question: Any) -> widgets.Widget:
    """The game widget at the puzzle's position (a copy: playing on changes no puzzle)."""
    player = _imported("steam_game", "GamePlayer")(question.game)
    player.keeper.adopt(question.state.clone())   # played unsaved: the position is the puzzle's
    player.refresh()
    return player


DECISION_VIEW = KindView(
    _figure("steam_game", "draw_game", "the position",
            lambda question: f"Find a better move than {question.played}", subject=attrgetter("state")),
    _decision_player, "turns",
    "Play on from the position: the move played loses a turn; Hint asks the planner for the best.")
CONNECT_VIEW = KindView(
    _figure("steam_easter", "draw_island", "island", lambda island: "join every ruin"),
    _play("steam_easter", "ConnectLab"), "dollars of track",
    "Lay track hex by hex (a city name or q,r) and watch the cost and the joined ruins.")
MOAI_VIEW = KindView(
    _figure("steam_easter", "draw_island", "the moai",
            lambda question: f"ship every moai cube: locomotive at level {question.locomotive}",
            subject=attrgetter("island")),
    _play("steam_easter", "MoaiLab", attrgetter("island"), read={"level": "locomotive"}), "turns",
    "Ship top cubes, turn a moai over (Rapa Nui), raise the locomotive; a turn is two shipments.")
LINEUP_VIEW = KindView(
    _lineup_picture, _play("fivebyfive_lineup", "LineupExplorer"), "points",
    "Click tiles from the gate to line the visitors up; the score follows your clicks.")
SCORE_VIEW = KindView(
    _zoo_picture(subject=_itself, scores=False),  # the points are the answer
    _play("zooloretto", "ZooBoard"), "points",
    "The live board scores the zoo line by line (so it shows the answer): count first, then compare.")
TRUCK_VIEW = KindView(
    _zoo_picture(("The truck", _tiles)), _play("zooloretto", "ZooBoard", attrgetter("zoo")),
    "points if the game ended now",
    "Place the truck's tiles one by one and read the score; Undo to try other places.")
SABOTAGE_VIEW = KindView(
    _zoo_picture(("Markers to place", attrgetter("markers")), ("The opponent's tiles to come", _tiles)),
    _play("zooloretto", "ZooBoard", attrgetter("zoo")), "points the markers cost the opponent",
    "Place the markers in the opponent's zoo, then their tiles as well as they can; Undo to compare.")
INVEST_VIEW = KindView(
    _zoo_picture(("Tiles to come", _tiles)), _play("zooloretto", "ZooBoard", attrgetter("zoo")),
    "points more than buying nothing",
    "Buy (or not), place the tiles to come as well as you can, and compare the totals; Undo to go back.")


# -- "find a better move" at a position of a recorded game (zoobook review --puzzles) ------------
def _question_line(question) -> str:
    return f"<p><b>Played:</b> {html.escape(str(question.played))}. Find a better move.</p>"


def _five_decision_picture(question) -> str:
    state = question.state
    gate = state.gate or state.directions[0]
    board = _imported("fivebyfive_board", "board_svg")(state.players[state.current_player].board, gate=gate,
                                                       title=f"round {state.round}, seat {state.current_player}")
    return board + _question_line(question)


def _five_game(question) -> widgets.Widget:
    from zoobook.records import parse_record

    record, _ = parse_record(question.prefix)
    return _imported("fivebyfive_game", "FiveByFiveGame")(seed=record.seed, players=len(record.players))


FIVE_DECISION_VIEW = KindView(
    _five_decision_picture, _five_game, "points of expected lead",
    "The deciding player's zoo is drawn; play the game from its start (the same seed) to reach the position.")
ZOOLORETTO_DECISION_VIEW = KindView(
    lambda question: (_imported("zooloretto", "zoo_svg")(question.state.zoos[question.state.current_player])
                      + _question_line(question)),
    lambda question: _imported("zooloretto_game", "GameTable")(state=question.state.clone()),
    "points of expected lead",
    "The game goes on from the position: try the better move and watch the bots answer.")
