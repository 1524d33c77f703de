"""Play 5x5 Zoo solo against the AI, or with 2-4 players against bots: the main board, your zoo, your hand,
the lineup, the scores.

:class:`FiveByFiveGame` (and :class:`SoloGame`, its solo form) is a thin view over
:class:`zoobook.fivebyfive.game.GameState`:
every button applies one legal action of the state (or shows the refusal), and
every panel is re-rendered from the state as HTML, so tests read exactly what a
reader sees. No rule lives here.

* the main board: one button per tile ("take T12 (bird)"), with each row's
  effect and display cube, the special cards and meeples on offer;
* your zoo: the drawing, and a 5x5 grid of cell buttons to place the tile in hand;
* the other decisions (row effect or door, where the popularity token goes,
  which special card or meeple; the lineup steps) as buttons named by the action;
* "Best lineup" plays the optimal lineup of the round (the lineup solver's, as one action); in
  the third round, with a final bonus card in play that reads the lineup (A, B, G), it is "Best
  lineup for the final score" and walks the lineup with the most final points
  (:func:`zoobook.fivebyfive.final_lineup.final_lineup_steps`) step by step;
* "What would the best bot do?" asks the search bot (:mod:`zoobook.fivebyfive.search_bot`),
  without playing: each candidate with its expected value (mean and spread over the sampled deals)
  and share of the samples, and why the best, in a line :mod:`zoobook.fivebyfive.reasons` computes
  from the model (what the action changes: a condition's popularity token, a request card met, a
  colour's path kept open...);
* the scoring breakdown per round and at the end, and the solo rank;
* with 2-4 players the other seats are bots (``opponents``: any bot of
  :data:`zoobook.fivebyfive.all_bots.BOTS`, the search bot included) and play as soon as it is their
  turn; with ``you=None`` bots play every seat and the buttons step through their game.

Examples
--------
>>> game = SoloGame(seed=3)
>>> game.state.phase
'setup'
>>> game.cell_buttons["C1"].click()          # the first start tile on the red square C1
>>> game.state.players[0].board.tile_at("C1") is not None
True
>>> game.bot_move.click()                    # let the greedy bot play one decision
>>> "Your zoo" in game.zoo_view.value
True
>>> table = FiveByFiveGame(players=3, seed=5, opponents="greedy")    # you are seat 0; seats 1 and 2 are bots
>>> table.state.current_player, len(table.state.players[2].board.tiles)   # the bots placed their start tiles
(0, 2)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.errors import IllegalAction
from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import ALL_CELLS, Board
from zoobook.fivebyfive.all_bots import BOTS
from zoobook.fivebyfive.bots import GreedyBot
from zoobook.fivebyfive.cards import FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, SPECIAL_EFFECTS
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.final_lineup import final_lineup_steps, reads_third_lineup
from zoobook.fivebyfive.game import (
    BestLineup, GameState, PlaceTile, Take, action_text, components_special,
)
from zoobook.fivebyfive.mainboard import ROW_EFFECTS
from zoobook.fivebyfive.reasons import reason
from zoobook.fivebyfive.search_bot import SearchBot, SearchView
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.records import Player
from zoobook.widgets.fivebyfive_board import CATEGORY_FILL, VISITOR_FILL, board_svg
from zoobook.widgets.keeper import GameKeeper, bots_for

__all__ = ["FiveByFiveGame", "SoloGame", "mainboard_html", "zoo_html", "lineup_html", "hand_html", "scores_html",
           "table_html", "hint_html", "game_picture"]

#: The lineup steps offered in a dropdown each (a group can hold hundreds: a door for every border,
#: a popularity token for every tile and every 3 cubes), with the button that takes the chosen one.
_STEP_GROUPS = ((lu.Move, "Move across", "move"), (lu.PlaceDoor, "Door from hand", "place the door"),
                (lu.BuyDoor, "Buy a door with", "buy the door"))


def _esc(text) -> str:
    return html.escape(str(text))


def _cube(letter: str, meeple: bool = False) -> str:
    shape = "border-radius:50% 50% 2px 2px" if meeple else "border-radius:2px"
    return (f'<span title="{Colour(letter).word}" style="display:inline-block;width:12px;height:12px;'
            f'background:{VISITOR_FILL[Colour(letter)]};border:1px solid #555;{shape};margin:0 1px"></span>')


def tile_label(tile_id: str) -> str:
    """``"T12 bird 1*"``: a box tile in a few words."""
    card = components().tile(tile_id)
    size = " large" if card.large else ""
    stars = f" {card.stars}*" if card.stars else ""
    walls = f" walls {','.join(side for _, side in card.walls)}" if card.walls else ""
    return f"{tile_id}{size} {card.kind.word}{stars}{walls}"


def mainboard_html(state: GameState) -> str:
    """The main board: rows with their effect, display cube and tiles; cards and meeples on offer."""
    board = state.mainboard
    if board is None:
        return "<div class='zoobook-5x5-main'><i>The main board is dealt at the start of round 1.</i></div>"
    rows = []
    for row, tiles in enumerate(board.rows, 1):
        cube = board.cube_for(row)
        cells = "".join(
            f"<td style='padding:2px 6px;background:{CATEGORY_FILL[components().tile(t).kind]}'>"
            f"{_esc(tile_label(t))}</td>" if t else "<td style='color:#aaa'>(taken)</td>" for t in tiles)
        rows.append(f"<tr><td><b>row {row}</b></td><td>{_esc(ROW_EFFECTS[row] or 'no effect')}</td>"
                    f"<td>{_cube(cube) if cube else '-'}</td>{cells}</tr>")
    specials = ", ".join(f"{c} ({components_special(c).effect})" for c in board.specials) or "none"
    meeples = "".join(_cube(m, True) for m in board.meeples) or "none"
    # The slots numbered as the buttons name them ("take row 2 slot 1").
    slots = "".join(f"<th>slot {n}</th>" for n in range(1, max(len(t) for t in board.rows) + 1))
    head = f"<tr><th>row</th><th>effect</th><th>cube</th>{slots}</tr>"
    return (f"<div class='zoobook-5x5-main'><b>Main board, round {state.round}</b> (gate {state.gate})"
            f"<table>{head}{''.join(rows)}</table>Special cards: {_esc(specials)}<br>Meeples: {meeples}</div>")


def _board_picture(state: GameState, board: Board, seat: int) -> str:
    """The zoo as the lineup lesson draws it (``fivebyfive_board.board_svg``), with this round's gate and lineup."""
    lineup = state.lineup if state.phase == "lineup" and state.current_player == seat else None
    if lineup is None:
        return board_svg(board, gate=state.gate, scale=0.8)
    return board_svg(board, gate=state.gate, path=lineup.path[:len(lineup.placed)],
                     visitors=[(v.colour, v.meeple) for v in lineup.placed], scale=0.8)


def zoo_html(state: GameState, seat: int = 0) -> str:
    """Your zoo: the drawing, and the tiles in hand waiting to be placed."""
    player = state.players[seat]
    board = state.lineup.board if state.phase == "lineup" and state.lineup and state.current_player == seat \
        else player.board
    waiting = ", ".join(tile_label(t) for t, _ in player.hand) or "none"
    return (f"<div class='zoobook-5x5-zoo'><b>Your zoo</b> ({len(board.tiles)} tiles, "
            f"{len(board.popular)} popularity tokens)<br>{_board_picture(state, board, seat)}<br>"
            f"Tiles to place: {_esc(waiting)}{lineup_html(state, seat)}</div>")


def lineup_html(state: GameState, seat: int = 0) -> str:
    """The lineup walked so far this round: each tile with its visitor, and the running score (F11)."""
    lineup = state.lineup
    if state.phase != "lineup" or lineup is None or state.current_player != seat:
        return ""
    steps = [f"{name} ({visitor})" for name, visitor in zip(lineup.path, lineup.placed)]
    if lineup.awaiting_placement:
        steps.append(f"{lineup.path[-1]} (waiting for a visitor)")
    score = lineup.score()
    return (f"<div class='zoobook-5x5-lineup'><b>Lineup from the {state.gate} gate:</b> "
            f"{_esc(' -> '.join(steps) or 'not started')}; so far {score.tiles} tiles + "
            f"{score.popularity} popularity + {score.doors} doors = {score.total}</div>")


def hand_html(state: GameState, seat: int = 0) -> str:
    """Cubes, meeples, doors, special cards and request cards in front of the player."""
    player = state.players[seat]
    hand = state.lineup.hand if state.phase == "lineup" and state.lineup else None
    cubes = hand.cubes if hand else player.cubes
    meeples = hand.meeples if hand else player.meeples
    doors = hand.doors if hand else player.doors
    box = components()
    requests = "; ".join(str(box.request_cards[i]) for i in player.requests) or "none left"
    met = "; ".join(str(box.request_cards[i]) for i in player.met_requests)
    specials = "; ".join(f"{c}: {SPECIAL_EFFECTS[components_special(c).effect].text}" for c in player.specials)
    return (f"<div class='zoobook-5x5-hand'><b>Your hand</b>: cubes {''.join(_cube(c) for c in cubes) or 'none'}"
            f" meeples {''.join(_cube(m, True) for m in meeples) or 'none'} doors {doors}<br>"
            f"Request cards: {_esc(requests)}" + (f" (met: {_esc(met)})" if met else "")
            + (f"<br>Special cards: {_esc(specials)}" if specials else "") + "</div>")


def scores_html(state: GameState, seat: int = 0) -> str:
    """The scoring breakdown per round, the final scoring and (solo) the rank."""
    player = state.players[seat]
    award = "solo bonus" if state.solo else "most visitors"
    rows = "".join(f"<tr><td>round {i}</td><td>{r.visitors}</td><td>{r.lineup}</td><td>{r.award}</td>"
                   f"<td>{r.requests}</td><td><b>{r.total}</b></td></tr>" for i, r in enumerate(player.rounds, 1))
    final = "".join(f"<tr><td colspan=5>{_esc(name)}</td><td>{points}</td></tr>" for name, points in player.final)
    cards = ", ".join(f"{b} {FINAL_BONUS_CARDS[b].name}" for b in state.bonus_cards)
    rank = f"<br><b>Rank: {_esc(state.rank())}</b>" if state.rank() else ""
    return (f"<div class='zoobook-5x5-scores'><b>Score: {player.score}</b>{rank}<br>Final bonus cards: "
            f"{_esc(cards)}; popularity condition {state.condition} "
            f"({_esc(POPULARITY_CONDITIONS[state.condition].name)})"
            f"<table><tr><th></th><th>visitors</th><th>lineup</th><th>{award}</th><th>requests</th>"
            f"<th>total</th></tr>{rows}{final}</table></div>")


def table_html(state: GameState, you: int | None = 0, names: dict | None = None) -> str:
    """Every player's score, popularity tokens and zoo (small), for a game of 2-4 players."""
    if state.solo:
        return ""
    cells = []
    for seat, player in enumerate(state.players):
        who = "you" if seat == you else (names or {}).get(seat, "bot")
        turn = " &larr; to play" if seat == state.current_player and not state.is_terminal() else ""
        cells.append(f"<td style='vertical-align:top;padding:0 8px'><b>Player {seat}</b> ({_esc(who)}){turn}<br>"
                     f"{player.score} points, {len(player.board.popular)} popularity tokens, "
                     f"{len(player.board.tiles)} tiles<br>{board_svg(player.board, gate=state.gate, scale=0.45)}</td>")
    places = ""
    if state.is_terminal():
        places = "<br><b>Places:</b> " + ", ".join(f"player {s} ({state.players[s].score})" for s in state.ranking())
    return f"<div class='zoobook-5x5-table'><table><tr>{''.join(cells)}</tr></table>{places}</div>"


def hint_html(view: SearchView, top: int = 6, why: str | None = None) -> str:
    """The search's view as a table: the best action and why, then each candidate's expected value and visit share.

    *why* is the reason to show (the game widget passes :func:`zoobook.fivebyfive.reasons.reason` of the best
    action, with the best's expected value against the runner-up's); ``view.reason`` otherwise.
    """
    rows = "".join(f"<tr><td>{_esc(c.text)}</td><td>{c.mean:.1f}</td><td>&plusmn; {c.spread:.1f}</td>"
                   f"<td>{c.share:.0%}</td></tr>" for c in view.candidates[:top])
    best = action_text(view.best)
    rollouts = f"{view.iterations} rollout" + ("" if view.iterations == 1 else "s")
    deals = f"{view.deals} sampled deal" + ("" if view.deals == 1 else "s")
    footer = (f"{rollouts} on {deals}; value at the end of this round: points scored "
              f"plus what the zoo promises (round 3: the final score)")
    if view.steps:                  # the third lineup for the final score: exact, and many steps
        best = f"{view.candidates[0].text}: " + ", ".join(action_text(step) for step in view.steps)
        footer = "exact: every lineup the hand can walk, scored as the final scoring will"
    return (f"<div class='zoobook-hint'>The best bot would: <b>{_esc(best)}</b>"
            f"<br>Why: {_esc(why or view.reason)}<table><tr><th>candidate</th><th>expected value</th>"
            f"<th>spread</th><th>samples</th></tr>{rows}</table>"
            f"<small>{footer}</small></div>")


def hint_reason(state: GameState, view: SearchView) -> str:
    """The hint's line: what the best action changes (:func:`zoobook.fivebyfive.reasons.reason`), and its
    expected value against the runner-up's."""
    if view.steps:                  # the third lineup for the final score carries its own reason
        return view.reason
    line = reason(state, view.best, seed=state.config.seed)
    if len(view.candidates) > 1:
        best, runner = view.candidates[0], view.candidates[1]
        line += f" ({best.mean:.1f} expected vs {runner.mean:.1f} for {runner.text})"
    return line


class FiveByFiveGame(widgets.VBox):
    """A game of 5x5 Zoo played with buttons: solo against the AI, or against bots in the other seats.

    Parameters
    ----------
    seed : int
        The game's seed (the same seed deals the same game).
    players : int
        1 (solo, against the tile-removing AI) to 4.
    beginner : bool
        Final bonus cards A, B, C and popularity condition A, as the rulebook recommends.
    you : int or None
        The seat the buttons play (0 by default); the other seats are bots that play at once. ``None``:
        bots play every seat, and "Let the bot play this decision" steps through their game.
    opponents : str
        The bot in the other seats, a name of :data:`zoobook.fivebyfive.all_bots.BOTS` (``"search"``
        for the strong bot: stronger, about a second or two per decision).
    games_dir : str or Path, optional
        Where the game is saved after each action (:mod:`zoobook.widgets.keeper`: Undo, Resume, Load);
        default ``games/`` beside the notebook.
    """

    def __init__(self, seed: int = 0, players: int = 1, beginner: bool = False, you: int | None = 0,
                 opponents: str = "lookahead", games_dir=None) -> None:
        if opponents not in BOTS:
            raise ValueError(f"unknown bot {opponents!r} (known: {', '.join(BOTS)})")
        if you is not None and not 0 <= you < players:
            raise ValueError(f"you play one of the seats 0-{players - 1}, not {you}")
        self.opponents = opponents
        state = GameState.new(players=players, seed=seed, beginner=beginner)
        seats = [Player.human() if seat == you else Player.bot(opponents, seed=seed * 10 + seat)
                 for seat in range(players)]
        self.keeper = GameKeeper(state, seats, on_restore=self._restore, games_dir=games_dir)
        self._seat_bots(seats)
        self.status = widgets.HTML()
        self.main_view = widgets.HTML()
        self.take_buttons: dict[Take, widgets.Button] = {}
        self.take_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.zoo_view = widgets.HTML(layout=widgets.Layout(min_width="330px"))
        self.cell_buttons = {cell.name: self._button(cell.name, self._place_on(cell.name), width="44px")
                             for cell in ALL_CELLS}
        self.grid = widgets.GridBox(list(self.cell_buttons.values()),
                                    layout=widgets.Layout(grid_template_columns="repeat(5, 48px)"))
        self.hand_view = widgets.HTML(layout=widgets.Layout(max_width="560px"))
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        # The lineup's steps beyond moves and visitors, each group a dropdown and a button, so every
        # legal step can be reached however many there are; Stop is always shown in the lineup phase.
        self.step_menus: dict[type, widgets.Dropdown] = {}
        self.step_rows: dict[type, widgets.HBox] = {}
        for kind, label, verb in _STEP_GROUPS:
            menu = widgets.Dropdown(description=label, style={"description_width": "initial"})
            self.step_menus[kind] = menu
            self.step_rows[kind] = widgets.HBox([menu, self._button(verb, lambda menu=menu: self._act_chosen(menu))])
        self.token_tile = widgets.Dropdown(description="Popularity token on", style={"description_width": "initial"})
        self.token_cubes = widgets.Dropdown(description="paying", style={"description_width": "initial"})
        self.token_row = widgets.HBox([self.token_tile, self.token_cubes,
                                       self._button("buy the token", self._buy_token)])
        self.stop_button = self._button(action_text(lu.Stop()), lambda: self.act(lu.Stop()))
        self.lineup_steps = widgets.VBox()
        self.best_lineup = self._button("Best lineup", self.play_best_lineup, width="auto")
        self.hint_button = self._button("What would the best bot do?", self.hint, width="auto")
        self.bot_move = self._button("Let the bot play this decision", self.play_bot_move, width="auto")
        self.hint_view = widgets.HTML()
        self.scores_view = widgets.HTML()
        self.table_view = widgets.HTML()
        self.log_view = widgets.HTML()
        super().__init__([self.status, self.table_view, self.main_view, self.take_box,
                          widgets.HBox([widgets.VBox([self.zoo_view]), widgets.VBox([self.grid, self.hand_view])]),
                          self.choices, self.lineup_steps,
                          widgets.HBox([self.best_lineup, self.hint_button, self.bot_move]),
                          self.keeper, self.hint_view, self.scores_view, self.log_view])
        self._bots_play()
        self.refresh()

    # -- the game kept (zoobook.widgets.keeper) ----------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game as it stands (kept by :attr:`keeper`: every action recorded and saved)."""
        return self.keeper.state

    @state.setter
    def state(self, state: GameState) -> None:
        self.keeper.adopt(state)

    def _seat_bots(self, seats) -> None:
        """Your seat (the record's human seat; none: bots play every seat) and the others' bots."""
        self.you = next((seat for seat, player in enumerate(seats) if player.kind == "human"), None)
        self.bots = bots_for(seats, BOTS, default=self.opponents, you=self.you,
                             default_seed=lambda seat: self.state.config.seed * 10 + seat)
        self.bot_names = {seat: type(bot).name for seat, bot in self.bots.items()}

    def _restore(self, state: GameState, seats) -> None:
        """Show a game rebuilt from its record (Undo, Resume, Load): its seats, its bots, its position."""
        self._seat_bots(seats)
        self.hint_view.value = ""
        self._bots_play()
        self.refresh()

    @property
    def seat(self) -> int:
        """The seat the panels show: yours, or (``you=None``) the one to play."""
        return self.you if self.you is not None else self.state.current_player

    def _bots_play(self) -> None:
        """The bots in the other seats take their decisions until it is your turn (or the game ends)."""
        if self.you is None:
            return
        while not self.state.is_terminal() and self.state.current_player != self.you:
            self.keeper.apply(self.bots[self.state.current_player].choose(self.state), save=False)

    @staticmethod
    def _button(label: str, handler, width: str = "auto") -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width=width))
        button.on_click(lambda _: handler())
        return button

    # -- acting ----------------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Apply *action* (recorded and saved); a refusal is shown in the status line and changes nothing."""
        try:
            self.keeper.apply(action, save=False)
        except IllegalAction as refusal:
            self.status.value = f"<div class='zoobook-message'>Not allowed: {_esc(str(refusal))}</div>"
            return False
        self.hint_view.value = ""
        self._bots_play()
        self.keeper.save()              # once: your decision and the bots' replies
        self.refresh()
        return True

    def _place_on(self, cell: str):
        def place() -> None:
            options = [a for a in self.state.legal_actions() if isinstance(a, PlaceTile) and a.cell == cell]
            if not options:
                self.status.value = (f"<div class='zoobook-message'>Not allowed: no tile in hand can go on "
                                     f"{cell} now</div>")
                return
            self.act(options[0])
        return place

    def _act_chosen(self, menu: widgets.Dropdown) -> None:
        if menu.value is not None:
            self.act(menu.value)

    def _buy_token(self) -> None:
        """Buy a popularity token for the tile and with the cubes chosen (a refusal says why not)."""
        if self.token_tile.value is not None and self.token_cubes.value is not None:
            self.act(lu.BuyPopularity(self.token_tile.value, self.token_cubes.value))

    def play_best_lineup(self) -> None:
        """Play the best lineup: the solver's (the most round points), or in the third round, when
        a final bonus card in play reads the lineup and another lineup scores more final points,
        that one, step by step (the engine's own lineup actions), ended with a stop."""
        found = final_lineup_steps(self.state)
        if found is None:
            self.act(BestLineup())
            return
        seat = self.state.current_player
        for step in found[1]:
            if not self.act(step):
                return
        if (self.state.phase == "lineup" and self.state.current_player == seat
                and self.state.refusal(lu.Stop()) is None):
            self.act(lu.Stop())

    def play_bot_move(self) -> None:
        """Let a bot take the current decision: the seat's own bot, or for your seat the greedy bot (quick)."""
        if not self.state.is_terminal():
            self.act(self.bots.get(self.state.current_player, GreedyBot()).choose(self.state))

    #: The hint's search budget (iterations; a click takes about a second).
    hint_iterations = 16

    def hint(self) -> None:
        """Show the search bot's view of the decision (seeded by the game's seed), without playing it."""
        if self.state.is_terminal():
            self.hint_view.value = "<i>The game is over.</i>"
            return
        view = SearchBot(self.state.config.seed, iterations=self.hint_iterations, time_limit=None).search(self.state)
        self.hint_view.value = hint_html(view, why=hint_reason(self.state, view))

    # -- showing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        legal = state.legal_actions()
        seat = self.seat
        if state.is_terminal() and state.solo:
            self.status.value = f"<b>Game over: {state.players[0].score} points, {_esc(state.rank())}.</b>"
        elif state.is_terminal():
            winner = state.ranking()[0]
            self.status.value = (f"<b>Game over: player {winner} wins with {state.players[winner].score} points"
                                 + (" (you)" if winner == self.you else "") + ".</b>")
        else:
            self.status.value = f"<b>Round {state.round or '-'}, {state.phase} phase.</b> " + _esc(self._prompt(legal))
        self.main_view.value = mainboard_html(state)
        takes = [a for a in legal if isinstance(a, Take)]
        self.take_box.children = [
            self._button(f"take {state.mainboard.tile_at(a.row, a.slot)} "
                         f"({components().tile(state.mainboard.tile_at(a.row, a.slot)).kind.word})",
                         lambda a=a: self.act(a))
            for a in takes]
        places = {a.cell for a in legal if isinstance(a, PlaceTile)}
        for name, button in self.cell_buttons.items():
            button.disabled = name not in places
            button.button_style = "success" if name in places else ""
        others = [a for a in legal if not isinstance(a, (Take, PlaceTile, BestLineup))]
        if state.phase == "lineup":
            others = [a for a in others if isinstance(a, (lu.Move, lu.Place)) and not getattr(a, "border", None)]
        self.choices.children = [self._button(action_text(a), lambda a=a: self.act(a)) for a in others]
        self._refresh_lineup_steps(legal if state.phase == "lineup" else [])
        self.best_lineup.disabled = BestLineup() not in legal
        self.best_lineup.description = ("Best lineup for the final score" if reads_third_lineup(state)
                                        else "Best lineup")
        self.table_view.value = table_html(state, self.you, self.bot_names)
        self.zoo_view.value = zoo_html(state, seat)
        self.hand_view.value = hand_html(state, seat)
        self.scores_view.value = scores_html(state, seat)
        self.log_view.value = ("<details><summary>Game log</summary><pre>"
                               + _esc("\n".join(state.log[-60:])) + "</pre></details>")

    def _refresh_lineup_steps(self, legal: list) -> None:
        """The lineup's grouped steps: a dropdown per group that has any, the token's tile and cubes, and Stop."""
        rows = []
        for kind, _, _ in _STEP_GROUPS:
            steps = [a for a in legal if type(a) is kind and (kind is not lu.Move or a.border)]
            menu = self.step_menus[kind]
            menu.options = [(action_text(a).removeprefix("lineup: "), a) for a in steps]
            if steps:
                rows.append(self.step_rows[kind])
        tokens = [a for a in legal if isinstance(a, lu.BuyPopularity)]
        self.token_tile.options = list(dict.fromkeys(a.tile for a in tokens))
        self.token_cubes.options = list(dict.fromkeys(a.cubes for a in tokens))
        if tokens:
            rows.append(self.token_row)
        if legal:
            self.stop_button.disabled = lu.Stop() not in legal
            rows.append(self.stop_button)
        self.lineup_steps.children = rows

    def reachable_steps(self) -> list:
        """Every lineup step the panel offers now: the buttons' (by their words), the dropdowns'
        choices, and each token's tile with each payment (what a test checks against the legal list)."""
        legal = self.state.legal_actions()
        shown = {b.description for b in self.choices.children}
        out = [a for a in legal if isinstance(a, (lu.Move, lu.Place)) and action_text(a) in shown]
        for kind, row in self.step_rows.items():
            if row in self.lineup_steps.children:
                out += [value for _, value in self.step_menus[kind].options]
        if self.token_row in self.lineup_steps.children:
            out += [lu.BuyPopularity(tile, cubes) for tile in self.token_tile.options
                    for cubes in self.token_cubes.options]
        if self.stop_button in self.lineup_steps.children and not self.stop_button.disabled:
            out.append(lu.Stop())
        return out

    def _prompt(self, legal) -> str:
        if not legal:
            return ""
        first = legal[0]
        if isinstance(first, Take):
            return "Take a tile from the main board."
        if isinstance(first, PlaceTile):
            return f"Place {first.tile} on a green cell of your zoo."
        if self.state.phase == "lineup":
            return "Walk your lineup step by step, or play the best lineup."
        return "Choose: " + ", ".join(action_text(a) for a in legal[:6])


class SoloGame(FiveByFiveGame):
    """A solo game against the AI, played with buttons (:class:`FiveByFiveGame` with one player).

    Parameters
    ----------
    seed : int
        The game's seed (the same seed deals the same game).
    beginner : bool
        Final bonus cards A, B, C and popularity condition A, as the rulebook recommends.
    games_dir : str or Path, optional
        Where the game is saved (default ``games/`` beside the notebook).
    """

    def __init__(self, seed: int = 0, beginner: bool = False, games_dir=None) -> None:
        super().__init__(seed=seed, players=1, beginner=beginner, games_dir=games_dir)


def game_picture(state: GameState) -> str:
    """A game state as the game widget draws it (main board, hand, zoo, scores) and the log's last lines
    (the Learn notebook's picture, :data:`zoobook.fivebyfive.learn.GAME_PICTURE`)."""
    seat = state.current_player
    parts = [mainboard_html(state)] if state.phase == "main" else []
    parts += [hand_html(state, seat), zoo_html(state, seat)]
    if state.players[seat].rounds:
        parts.append(scores_html(state, seat))
    log = "<br>".join(html.escape(line) for line in state.log[-4:])
    return "".join(parts) + f"<div class='zoobook-5x5-log'><b>Last in the log:</b><br>{log}</div>"
