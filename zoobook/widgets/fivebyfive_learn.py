"""The tables and pictures of the 5x5 Learn notebook (23), read off the engine's own data.

Every table a player uses at the table, shown whole: the six action rows of the main board
(:func:`action_rows`), the popularity condition cards (:func:`popularity_table`), the special
cards (:func:`special_table`), the final bonus cards with every chart value
(:func:`bonus_charts`), the award for most visitors (:func:`award_table`) and the solo
ranks with the solo bonus (:func:`solo_table`). Nothing is typed twice: each table is built
from the data the engine scores with, so the notebook and the engine cannot disagree.

Examples
--------
>>> "Legendary Zookeeper" in solo_table() and "160" in solo_table()
True
>>> bonus_charts().count("<td") >= 51
True
"""

from __future__ import annotations

import html

from zoobook.fivebyfive.board import Board
from zoobook.fivebyfive.cards import CHARTS, FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, SPECIAL_EFFECTS
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.mainboard import ROW_EFFECTS
from zoobook.fivebyfive.scoring import SOLO_BONUS, SOLO_THRESHOLDS, most_visitors_award
from zoobook.fivebyfive.solo import RANKS
from zoobook.widgets.fivebyfive_board import board_svg
from zoobook.widgets.fivebyfive_game import game_picture, mainboard_html

__all__ = ["action_rows", "popularity_table", "special_table", "bonus_charts", "award_table", "solo_table",
           "zoo", "main_board", "chart_card", "rank_card", "placement_picture"]

_TABLE = "<table class='zoobook-5x5-table' style='border-collapse:collapse'>"
_EFFECT_WORDS = {
    None: "no effect",
    "popularity": "place 1 popularity token on one of your Animal tiles",
    "special": "choose 1 special card from the main board",
    "two-cubes": "draw 2 one-time customer cards: gain their 2 cubes",
    "meeple": "take 1 regular meeple from the main board",
}


def _table(head: list[str], rows: list[list]) -> str:
    cells = "".join(f"<th style='padding:2px 8px;border-bottom:1px solid #999'>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(str(v))}</td>" for v in row)
                   + "</tr>" for row in rows)
    return f"{_TABLE}<tr>{cells}</tr>{body}</table>"


def action_rows() -> str:
    """The six action rows: what a tile taken from each row brings (F-TURN-6 to F-TURN-11)."""
    rows = []
    for row, effect in ROW_EFFECTS.items():
        door = "or 1 door token instead" if effect else "-"
        tiles = "1 large tile per player" if row == 6 else "2 tiles" if row == 1 else "1 tile per player"
        rows.append([row, tiles, "1 cube of the row's display colour" if row <= 5 else "-",
                     _EFFECT_WORDS[effect], door])
    return _table(["row", "tiles dealt", "with the tile", "effect", "door"], rows)


def popularity_table() -> str:
    """The six popularity condition cards (F-POPULARITY-2 to F-POPULARITY-7)."""
    return _table(["card", "name", "earns a token"],
                  [[c.letter, c.name, c.text] for c in POPULARITY_CONDITIONS.values()])


def special_table() -> str:
    """The special card effects (F-SPECIAL-1 to F-SPECIAL-6)."""
    return _table(["special card", "when", "what it does"],
                  [[name, "final scoring" if effect.timing == "game-end" else "at once", effect.text]
                   for name, effect in SPECIAL_EFFECTS.items()])


def bonus_charts() -> str:
    """Every final bonus card with its whole chart, one step a cell: "count -> points" (F17).

    Below the first step a card gives 0; the last step holds for every larger count; D scores
    1 point per wall of the group (no chart).
    """
    width = max(len(chart) for chart in CHARTS.values())
    rows = []
    for letter, card in FINAL_BONUS_CARDS.items():
        chart = CHARTS.get(letter)
        steps = (["1 point per wall"] if chart is None
                 else [f"{count}{'+' if count == max(chart) else ''} \u2192 {points}"
                       for count, points in sorted(chart.items())])
        rows.append([letter, card.text] + steps + [""] * (width - len(steps)))
    return _table(["card", "counts"] + [f"step {n}" for n in range(1, width + 1)], rows)


def award_table() -> str:
    """The award for most visitors on examples (F12): 4 and 2 points, ties share, 2 players no second."""
    cases = [(10, 8, 8, 3), (9, 9, 4, 2), (6, 4), (6, 6), (7, 5, 5)]
    return _table(["visitors placed", "points"],
                  [[" / ".join(map(str, case)), " / ".join(map(str, most_visitors_award(case)))] for case in cases])


def solo_table() -> str:
    """The solo bonus of each round and the whole rank table (F-SOLO-4, F19)."""
    bonus = _table(["round", "solo bonus"], [[r, f"{SOLO_BONUS} points for more than {n} visitors placed"]
                                             for r, n in SOLO_THRESHOLDS.items()])
    ranks, upper = [], None
    for low, name in RANKS:
        band = (f"{low} or more" if upper is None else f"{low}-{upper - 1}") if low is not None \
            else f"{upper - 1} or less"
        ranks.append([band, name])
        upper = low
    return bonus + "<br>" + _table(["final score", "rank"], ranks)


def zoo(board: Board, gate: str | None = None, title: str = "", **lineup) -> str:
    """A zoo board with every cell's name (the buttons' coordinates), as the drills draw it."""
    return board_svg(board, gate=gate, title=title, scale=0.7, **lineup)


def main_board(state: GameState) -> str:
    """The main board of a game in its main phase: rows, slots, display cubes, special cards, meeples."""
    return mainboard_html(state)


def chart_card(ask: tuple[str, int]) -> str:
    """The final bonus card a chart question asks about, as a player holds it (a quiz's picture)."""
    letter, _ = ask
    card = FINAL_BONUS_CARDS[letter]
    chart = CHARTS.get(letter)
    steps = ("1 point per wall" if chart is None
             else " | ".join(f"{count}{'+' if count == max(chart) else ''}: {points}"
                             for count, points in sorted(chart.items())))
    return (f"<div class='zoobook-5x5-card' style='border:1px solid #8a7a5a;padding:4px 8px;display:inline-block'>"
            f"<b>Final bonus {letter}: {html.escape(card.name)}</b><br>{html.escape(card.text)}<br>"
            f"<code>{html.escape(steps)}</code></div>")


def rank_card(score: int) -> str:
    """The solo rank table, as a rank question shows it (a quiz's picture)."""
    return solo_table()


def placement_picture(placement) -> str:
    """A popularity condition question's picture: the game as the game widget draws it, before the tile is placed."""
    return game_picture(placement.state)
