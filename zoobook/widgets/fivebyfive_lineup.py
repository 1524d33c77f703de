"""An interactive 5x5 Zoo lineup: build one by clicking tiles, compare with the best.

:class:`LineupExplorer` shows the board (the SVG of
:mod:`zoobook.widgets.fivebyfive_board`), a 5x5 grid of buttons (one per cell:
click a tile to move there and place a visitor on it), the free actions (place a
door, buy a door or a popularity token with 3 cubes), the running score, the
request cards met so far, and a **Best lineup** button that draws the optimum and
explains it. Every rule is asked of the models (:class:`LineupState`,
:func:`solve_lineup`, :mod:`zoobook.fivebyfive.scoring`); the widget only shows
what they say, refusals included.

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
>>> board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird")))
>>> explorer = LineupExplorer(LineupPuzzle(board, "W", cubes="RY"))
>>> explorer.click("A3"); explorer.click("B3")
>>> explorer.state.path, explorer.state.score().total
(('A3', 'B3'), 2)
>>> explorer.click("B3")
>>> "already has a visitor" in explorer.message.value
True
"""

from __future__ import annotations

import html
from collections import Counter

import ipywidgets as widgets

from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import Border, Cell
from zoobook.fivebyfive.lineup import (FREE_ACTION_PRICE, BuyDoor, BuyPopularity, LineupState, Move,
                                       Place, PlaceDoor)
from zoobook.fivebyfive.scoring import best_request_cards, request_assignment, solo_bonus
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.fivebyfive.vocabulary import Category, Colour, colour_letters
from zoobook.widgets.common import SolutionPanel
from zoobook.widgets.fivebyfive_board import CATEGORY_FILL, board_svg

__all__ = ["LineupExplorer", "request_cards_html", "score_html", "lineup_picture"]


def score_html(puzzle: LineupPuzzle, state: LineupState) -> str:
    """The running score of a lineup: F11 items, solo bonus and request cards."""
    score = state.score()
    visited = [state.board.tile_named(n) for n in state.path[:len(state.placed)]]
    requests, _ = best_request_cards(puzzle.requests, Counter(t.category for t in visited))
    solo = solo_bonus(len(visited), puzzle.round) if puzzle.players == 1 else 0
    total = score.total + solo + requests
    hand = state.hand
    return (f"<div class='zoobook-5x5-score'><b>Score so far: {total}</b> = {score.tiles} tiles + "
            f"{score.popularity} popularity + {score.doors} doors + {solo} solo bonus + {requests} request points"
            f"<br>In hand: cubes <code>{hand.cubes or '-'}</code>, meeples <code>{hand.meeples or '-'}</code>, "
            f"{hand.doors} door(s)</div>")


def request_cards_html(puzzle: LineupPuzzle, state: LineupState) -> str:
    """The request cards, which set is met now, and which visited tile serves which card (max flow)."""
    if not puzzle.requests:
        return "<div class='zoobook-5x5-requests'><i>No request cards in this puzzle.</i></div>"
    visited = [state.board.tile_named(n) for n in state.path[:len(state.placed)]]
    points, chosen = best_request_cards(puzzle.requests, Counter(t.category for t in visited))
    rows = []
    for index, card in enumerate(puzzle.requests):
        mark = "met" if index in chosen else "not met"
        rows.append(f"<li>Card {index + 1}: {html.escape(str(card))}: <b>{mark}</b></li>")
    serving = ""
    if chosen:
        cards = [puzzle.requests[i] for i in chosen]
        assignment = request_assignment(cards, [(t.name, t.category) for t in visited]) or {}
        serving = "; ".join(f"{tile} serves card {chosen[i] + 1}" for tile, i in assignment.items())
        serving = f"<br>Each tile serves one card (a maximum flow finds who serves whom): {html.escape(serving)}."
    return (f"<div class='zoobook-5x5-requests'><b>Request cards: {points} points</b><ul>{''.join(rows)}</ul>"
            f"{serving}</div>")


class LineupExplorer(widgets.VBox):
    """Build a lineup by hand on a puzzle's board, then ask for the best one.

    Parameters
    ----------
    puzzle : LineupPuzzle
    """

    def __init__(self, puzzle: LineupPuzzle) -> None:
        self.puzzle = puzzle
        self.history: list[LineupState] = []
        self.state = LineupState.start(puzzle.board, puzzle.gate, puzzle.cubes, puzzle.meeples, puzzle.doors)
        self.picture = widgets.HTML(layout=widgets.Layout(min_width="400px"))
        self.buttons: dict[str, widgets.Button] = {}
        grid = widgets.GridBox(layout=widgets.Layout(grid_template_columns="repeat(5, 64px)", grid_gap="3px"))
        children = []
        for row in range(5):
            for column in range(5):
                cell = Cell(column, row)
                tile = puzzle.board.tile_at(cell)
                button = widgets.Button(description=cell.name, layout=widgets.Layout(width="64px", height="40px"),
                                        tooltip=str(tile) if tile else f"{cell.name}: empty")
                if tile is not None:
                    button.style.button_color = CATEGORY_FILL[tile.category]
                    if tile.category in (Category.REPTILE, Category.PARK, Category.CARNIVORE, Category.AQUATIC):
                        button.style.text_color = "white"
                else:
                    button.disabled = True
                button.on_click(lambda _, name=cell.name: self.click(name))
                self.buttons[cell.name] = button
                children.append(button)
        grid.children = children
        self.visitor_choice = widgets.Dropdown(description="Visitor", options=[("best fit", "auto")], value="auto",
                                               layout=widgets.Layout(width="230px"))
        self.border_choice = widgets.Dropdown(description="Border", options=self._border_options(),
                                              layout=widgets.Layout(width="230px"))
        self.place_door_button = widgets.Button(description="Place door")
        self.buy_door_button = widgets.Button(description="Buy door (3 cubes)")
        self.buy_token_button = widgets.Button(description="Buy token (3 cubes)")
        self.token_choice = widgets.Dropdown(description="Token on", options=[t.name for t in puzzle.board.tiles],
                                             layout=widgets.Layout(width="230px"))
        self.undo_button = widgets.Button(description="Undo")
        self.reset_button = widgets.Button(description="Start again")
        self.best_button = widgets.Button(description="Best lineup", button_style="success")
        self.message = widgets.HTML()
        self.score = widgets.HTML()
        self.requests = widgets.HTML()
        self.best = SolutionPanel()
        self.place_door_button.on_click(lambda _: self.place_door(self.border_choice.value))
        self.buy_door_button.on_click(lambda _: self.buy_door())
        self.buy_token_button.on_click(lambda _: self.buy_token(self.token_choice.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.best_button.on_click(lambda _: self.show_best())
        controls = widgets.VBox([
            widgets.HTML("<b>Click a tile to walk there and place a visitor</b>"), grid, self.visitor_choice,
            widgets.HBox([self.border_choice, self.place_door_button]),
            widgets.HBox([self.buy_door_button]),
            widgets.HBox([self.token_choice, self.buy_token_button]),
            widgets.HBox([self.undo_button, self.reset_button, self.best_button])])
        super().__init__([widgets.HBox([self.picture, controls]), self.message, self.score, self.requests,
                          self.best])
        self._refresh()

    # -- what the buttons do ----------------------------------------------------------------
    def _apply(self, *actions) -> bool:
        state = self.state.clone()
        try:
            for action in actions:
                state.apply(action)
        except IllegalAction as exc:
            self.message.value = f"<div class='zoobook-message'>Not allowed: {html.escape(str(exc))}</div>"
            return False
        self.history.append(self.state)
        self.state = state
        self.message.value = f"<div class='zoobook-message'>{html.escape(state.log[-1].capitalize())}.</div>"
        self._refresh()
        return True

    def click(self, cell: str) -> None:
        """Move to the tile on *cell* and place the chosen (or best-fitting) visitor on it."""
        tile = self.state.board.tile_at(cell)
        if tile is None:
            self.message.value = f"<div class='zoobook-message'>{cell} has no Animal tile.</div>"
            return
        moved = self.state.child(Move(tile.name)) if self.state.refusal(Move(tile.name)) is None else None
        if moved is None:
            self._apply(Move(tile.name))  # shows the refusal
            return
        choice = self.visitor_choice.value
        if choice == "auto":
            visitor = moved.suggested_visitor()
            place = Place(visitor.colour, visitor.meeple)
        else:
            letter, kind = choice.split(":")
            place = Place(Colour.parse(letter), kind == "meeple")
        if self._apply(Move(tile.name), place):
            self.message.value = (f"<div class='zoobook-message'>Moved to {html.escape(str(tile))} and placed "
                                  f"a {html.escape(str(self.state.placed[-1]))}.</div>")

    def place_door(self, border: str | None) -> None:
        if border:
            self._apply(PlaceDoor(border))

    def _payment(self) -> str:
        """Three cubes to pay with: the colours least useful now (most plentiful first, white last)."""
        counts = Counter(self.state.hand.cubes)
        order = sorted(self.state.hand.cubes, key=lambda x: (x == "W", -counts[x], x))
        return colour_letters(Colour.parse(x) for x in order[:FREE_ACTION_PRICE])

    def buy_door(self) -> None:
        self._apply(BuyDoor(self._payment()))

    def buy_token(self, tile: str) -> None:
        self._apply(BuyPopularity(tile, self._payment()))

    def undo(self) -> None:
        if self.history:
            self.state = self.history.pop()
            self.message.value = "<div class='zoobook-message'>Undone.</div>"
            self._refresh()

    def reset(self) -> None:
        if self.history:
            self.state = self.history[0]
            self.history.clear()
        self.best.value = ""
        self.message.value = "<div class='zoobook-message'>Back at the gate.</div>"
        self._refresh()

    def show_best(self) -> None:
        """Solve the puzzle and draw the best lineup with its explanation."""
        solution = solve_lineup(self.puzzle)
        witness = solution.witness
        board = self.puzzle.board
        placed = [Border.parse(b) for b in witness["doors"]]
        for border in placed:
            board = board.add_door(border)
        for action in witness["free_actions"]:
            if action["gain"] == "popularity":
                board = board.add_popularity(action["tile"])
        visitors = [(Colour[v["visitor"].split()[0].upper()], v["visitor"].endswith("meeple"))
                    for v in witness["visitors"]]
        picture = board_svg(board, gate=self.puzzle.gate, path=witness["tiles"], visitors=visitors,
                            doors_placed=placed, title=f"best lineup: {solution.value} points", scale=0.8)
        self.best.value = picture + _solution_block(solution)
        self.best_solution = solution

    # -- showing --------------------------------------------------------------------------
    def _border_options(self) -> list[tuple[str, str]]:
        board = self.puzzle.board if not hasattr(self, "state") else self.state.board
        options = []
        for _, _, border in board.tile_borders():
            if board.door_refusal(border) is None:
                options.append((f"{border.name} ({board.border_state(border).value})", border.name))
        from zoobook.fivebyfive.board import gate_border

        entry = gate_border(self.puzzle.gate)
        if board.door_refusal(entry) is None:
            options.insert(0, (f"{entry.name} (gate, {board.border_state(entry).value})", entry.name))
        return options

    def _refresh(self) -> None:
        state = self.state
        self.picture.value = board_svg(state.board, gate=self.puzzle.gate, path=state.path,
                                       visitors=[(v.colour, v.meeple) for v in state.placed],
                                       title=f"lineup from the {self.puzzle.gate} gate")
        self.score.value = score_html(self.puzzle, state)
        self.requests.value = request_cards_html(self.puzzle, state)
        visitors = sorted({(v.colour.letter, v.meeple) for v in state.hand.visitors},
                          key=lambda cv: (cv[1], "RBGYKW".index(cv[0])))
        options = [("best fit", "auto")] + [(f"{Colour.parse(c).word} {'meeple' if m else 'cube'}",
                                             f"{c}:{'meeple' if m else 'cube'}") for c, m in visitors]
        if self.visitor_choice.value not in [v for _, v in options]:
            self.visitor_choice.value = "auto"
        self.visitor_choice.options = options
        self.border_choice.options = self._border_options()
        for name in state.path:
            for cell in state.board.tile_named(name).cells:
                self.buttons[cell.name].description = f"{cell.name} \u2713"
        visited_cells = {c.name for n in state.path for c in state.board.tile_named(n).cells}
        for name, button in self.buttons.items():
            if name not in visited_cells:
                button.description = name
        if not state.can_still_move() and state.path:
            self.message.value += "<div class='zoobook-message'>No further move is possible: the lineup is over.</div>"


def _solution_block(solution) -> str:
    from zoobook.widgets.common import solution_html

    return solution_html(solution, title="Best lineup", unit="points")


def lineup_picture(state: LineupState) -> str:
    """A lineup state as the board SVG of the lineup lesson, with the hand and the running score
    (the Learn notebook's picture, :data:`zoobook.fivebyfive.learn.LINEUP_PICTURE`)."""
    visitors = [(v.colour, v.meeple) for v in state.placed]
    score = state.score()
    hand = state.hand
    return (board_svg(state.board, gate=state.gate, path=state.path, visitors=visitors, scale=0.6)
            + f"<div>In hand: cubes <code>{hand.cubes or '-'}</code>, meeples <code>{hand.meeples or '-'}</code>, "
              f"{hand.doors} door(s). Score so far: {score.tiles} tiles + {score.popularity} popularity + "
              f"{score.doors} doors = <b>{score.total}</b></div>")
