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

import ipywidgets as widgets

from zoobook.widgets.common import KindView, figure_html

__all__ = ["SHIPMENT_VIEW", "CLEAR_VIEW", "CONNECT_VIEW", "MOAI_VIEW", "LINEUP_VIEW", "SCORE_VIEW",
           "TRUCK_VIEW", "SABOTAGE_VIEW", "INVEST_VIEW"]


def _shipment_picture(question) -> str:
    from zoobook.widgets.steam_zoo import zoo_figure_html

    feeding = " (with Feeding)" if question.feeding else ""
    return zoo_figure_html(question.zoo, title=f"{question.origin} to {question.destination}{feeding}")


def _shipment_widget(question) -> widgets.Widget:
    from zoobook.widgets.steam_zoo import ShipmentExplorer

    return ShipmentExplorer(question.zoo, origin=question.origin, destination=question.destination,
                            feeding=question.feeding, level=1)


def _game_picture(game) -> str:
    from zoobook.widgets.steam_game import draw_game

    fig, _ = draw_game(game.new_state(), title=f"Clear the map in at most {game.turns} turns")
    return figure_html(fig, alt="the map", dpi=70)


def _game_widget(game) -> widgets.Widget:
    from zoobook.widgets.steam_game import GamePlayer

    return GamePlayer(game)


def _island_picture(island) -> str:
    from zoobook.widgets.steam_easter import draw_island

    fig, _ = draw_island(island, title="join every ruin")
    return figure_html(fig, alt="island", dpi=70)


def _island_widget(island) -> widgets.Widget:
    from zoobook.widgets.steam_easter import ConnectLab

    return ConnectLab(island)


def _moai_picture(question) -> str:
    from zoobook.widgets.steam_easter import draw_island

    fig, _ = draw_island(question.island,
                         title=f"ship every moai cube: locomotive at level {question.locomotive}")
    return figure_html(fig, alt="the moai", dpi=70)


def _moai_widget(question) -> widgets.Widget:
    from zoobook.widgets.steam_easter import MoaiLab

    return MoaiLab(question.island, level=question.locomotive)


def _lineup_picture(puzzle) -> str:
    from zoobook.widgets.fivebyfive_board import board_svg

    return board_svg(puzzle.board, gate=puzzle.gate)


def _lineup_widget(puzzle) -> widgets.Widget:
    from zoobook.widgets.fivebyfive_lineup import LineupExplorer

    return LineupExplorer(puzzle)


def _unscored_zoo_picture(zoo) -> str:
    from zoobook.widgets.zooloretto import zoo_svg

    return zoo_svg(zoo, scores=False)   # the points are the answer


def _zoo_and(zoo, *lists: tuple[str, tuple]) -> str:
    """The zoo (with its score now) and what the question adds: truck, markers, tiles to come."""
    from zoobook.widgets.zooloretto import zoo_svg

    items = "".join(f"<p><b>{label}:</b> {html.escape(', '.join(map(str, things)) or 'none')}</p>"
                    for label, things in lists)
    return zoo_svg(zoo) + items


def _truck_picture(puzzle) -> str:
    return _zoo_and(puzzle.zoo, ("The truck", puzzle.tiles))


def _sabotage_picture(puzzle) -> str:
    return _zoo_and(puzzle.zoo, ("Markers to place", puzzle.markers),
                    ("The opponent's tiles to come", puzzle.tiles))


def _invest_picture(puzzle) -> str:
    return _zoo_and(puzzle.zoo, ("Tiles to come", puzzle.tiles))


def _zoo_board(zoo) -> widgets.Widget:
    from zoobook.widgets.zooloretto import ZooBoard

    return ZooBoard(zoo)


def _question_zoo_board(puzzle) -> widgets.Widget:
    return _zoo_board(puzzle.zoo)


SHIPMENT_VIEW = KindView(
    _shipment_picture, _shipment_widget, "(locomotive level)",
    "Move the locomotive slider: the explorer says whether that level is enough.")
CLEAR_VIEW = KindView(
    _game_picture, _game_widget, "turns",
    "Play the map turn by turn; Hint asks the planner for the best next action.")
CONNECT_VIEW = KindView(
    _island_picture, _island_widget, "dollars of track",
    "Lay track hex by hex (a city name or q,r) and watch the cost and the joined ruins.")
MOAI_VIEW = KindView(
    _moai_picture, _moai_widget, "turns",
    "Ship top cubes, turn a moai over (Rapa Nui), raise the locomotive; a turn is two shipments.")
LINEUP_VIEW = KindView(
    _lineup_picture, _lineup_widget, "points",
    "Click tiles from the gate to line the visitors up; the score follows your clicks.")
SCORE_VIEW = KindView(
    _unscored_zoo_picture, _zoo_board, "points",
    "The live board scores the zoo line by line (so it shows the answer): count first, then compare.")
TRUCK_VIEW = KindView(
    _truck_picture, _question_zoo_board, "points if the game ended now",
    "Place the truck's tiles one by one and read the score; Undo to try other places.")
SABOTAGE_VIEW = KindView(
    _sabotage_picture, _question_zoo_board, "points the markers cost the opponent",
    "Place the markers in the opponent's zoo, then their tiles as well as they can; Undo to compare.")
INVEST_VIEW = KindView(
    _invest_picture, _question_zoo_board, "points more than buying nothing",
    "Buy (or not), place the tiles to come as well as you can, and compare the totals; Undo to go back.")
