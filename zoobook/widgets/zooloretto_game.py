"""A table for a whole game of Zooloretto: your zoo and the bots', the trucks, the supply, the log.

A thin view over :class:`zoobook.zooloretto.game.ZoolorettoState`: it lists the legal
actions, applies the one chosen (a refused one shows its reason and rule and changes
nothing), lets the bots in the other seats play until it is your turn again, and asks
the lookahead bot for a hint (:func:`zoobook.zooloretto.bots.advice`). The zoo boards
are the SVG boards of :mod:`zoobook.widgets.zooloretto`.

Examples
--------
>>> table = GameTable(players=2, seed=5, bot="greedy")
>>> table.state.current_player, table.actions.options[0][0]
(0, 'draw a tile')
>>> table.act_button.click()            # draw
>>> table.state.phase
'load'
>>> table.hint_button.click()
>>> "lookahead bot" in table.hint.value
True
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from zoobook.errors import IllegalAction
from zoobook.records import Player
from zoobook.widgets.keeper import GameKeeper, bots_for
from zoobook.widgets.zooloretto import COLOURS, STALL_COLOURS, score_html, zoo_svg
from zoobook.zooloretto.bots import BOTS, advice
from zoobook.zooloretto.game import MONEY_ACTIONS, ZoolorettoState, combination_warning
from zoobook.zooloretto.supply import END_STACK, marker_kind

__all__ = ["GameTable", "trucks_html", "supply_html", "tile_chip", "table_picture", "score_question_picture",
           "final_table_picture"]


def _esc(text) -> str:
    return html.escape(str(text))


def tile_chip(code: str) -> str:
    """A tile as a small coloured label."""
    kind = marker_kind(code)
    name = code.split("-")[0]
    colour = (STALL_COLOURS["site"] if kind else COLOURS.get(name) or STALL_COLOURS.get(code) or "#ffe082")
    label = f"{kind} site" if kind else code.replace("-male", " \u2642").replace("-female", " \u2640")
    return (f'<span class="zoobook-tile" style="background:{colour};border:1px solid #555;border-radius:4px;'
            f'padding:1px 5px;margin:1px;display:inline-block;font-size:12px">{_esc(label)}</span>')


def trucks_html(state: ZoolorettoState) -> str:
    """The delivery trucks: their tiles, empty places, and who took them this round."""
    rows = []
    for t, tiles in enumerate(state.trucks):
        taker = state.taken.index(t) if t in state.taken else None
        chips = "".join(tile_chip(c) for c in tiles) + "&#9633; " * state.room(t)
        status = f" <i>taken by player {taker}</i>" if taker is not None else ""
        rows.append(f"<li>truck {t + 1} ({state.capacities[t]}): {chips}{status}</li>")
    return f'<ul class="zoobook-trucks">{"".join(rows)}</ul>'


def supply_html(state: ZoolorettoState) -> str:
    """How many tiles are left and whether the end stack has been reached."""
    left = len(state.supply)
    if state.end_stack_reached:
        end = "<b>the end stack is reached: this round is the last</b>"
    else:
        end = f"{state.tiles_before_end_stack} more before the end stack of {END_STACK}"
    middle = ""
    if "three-buildings" in state.expansions:
        m = state.middle
        things = [n for n, here in (("restaurant", m.restaurant), ("souvenir shop", m.souvenir_shop)) if here]
        things += [f"{m.pavilions} pavilion(s)"] if m.pavilions else []
        middle = f"; in the middle of the table: {', '.join(things) or 'nothing'}"
    return f'<p class="zoobook-supply">Round {state.round}: {left} tiles in the supply ({end}){middle}.</p>'


class GameTable(widgets.VBox):
    """Play seat 0 of a Zooloretto game against bots.

    Parameters
    ----------
    players : int
        2 to 5.
    seed : int
        The game's seed (the same seed deals the same supply).
    expansions : iterable of str or str
        ``"buildings,sites"``, ``("three-buildings",)``, ...
    bot : str
        The bot in the other seats: ``"random"``, ``"greedy"`` or ``"lookahead"``.
    state : ZoolorettoState, optional
        A game to continue instead of a new one.
    games_dir : str or Path, optional
        Where the game is saved after each action (:mod:`zoobook.widgets.keeper`: Undo, Resume, Load);
        default ``games/`` beside the notebook.
    """

    def __init__(self, players: int = 3, seed: int = 0, expansions=(), bot: str = "greedy",
                 state: ZoolorettoState | None = None, games_dir=None) -> None:
        self.bot_name = bot
        self.seed = seed
        start = state or ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
        seats = [Player.human()] + [Player.bot(bot, seed=seed + s) for s in range(1, start.players)]
        self.keeper = GameKeeper(start, seats, on_restore=self._restore, games_dir=games_dir)
        self._seat_bots(seats)
        self.header = widgets.HTML()
        self.trucks = widgets.HTML()
        self.actions = widgets.Dropdown(description="Action", layout=widgets.Layout(width="640px"))
        self.act_button = widgets.Button(description="Do it", button_style="primary")
        self.hint_button = widgets.Button(description="Hint")
        self.message = widgets.HTML()
        self.hint = widgets.HTML()
        self.boards = widgets.HTML()
        self.log_view = widgets.HTML()
        self.act_button.on_click(lambda _: self.act(self.actions.value))
        self.hint_button.on_click(lambda _: self.show_hint())
        super().__init__([self.header, self.trucks, widgets.HBox([self.actions, self.act_button,
                                                                  self.hint_button]),
                          self.message, self.keeper, self.hint, self.boards, self.log_view])
        self.play_bots()
        self.refresh()

    # -- the game kept (zoobook.widgets.keeper) ----------------------------------------------------
    @property
    def state(self) -> ZoolorettoState:
        """The game as it stands (kept by :attr:`keeper`: every action recorded and saved)."""
        return self.keeper.state

    @state.setter
    def state(self, state: ZoolorettoState) -> None:
        self.keeper.adopt(state)

    def _seat_bots(self, seats) -> None:
        """Your seat (the record's first human seat, else seat 0, now yours) and the others' bots."""
        self.human = next((seat for seat, player in enumerate(seats) if player.kind == "human"), 0)
        self.keeper.take_seat(self.human)
        self.bots = bots_for(seats, BOTS, default=self.bot_name, default_seed=lambda seat: self.seed + seat,
                             you=self.human)

    def _restore(self, state: ZoolorettoState, seats) -> None:
        """Show a game rebuilt from its record (Undo, Resume, Load): its seats, its bots, its position."""
        self._seat_bots(seats)
        self.hint.value = ""
        self.message.value = ""
        self.play_bots()
        self.refresh()

    # -- playing -----------------------------------------------------------------------------------
    def act(self, action) -> bool:
        """Apply *action* for you; then the bots play until it is your turn. False when refused."""
        try:
            self.keeper.apply(action, save=False)
        except IllegalAction as exc:
            self.message.value = (f'<div class="zoobook-refusal">Not allowed: {_esc(exc.reason)} '
                                  f'<small>[{_esc(exc.rule)}]</small></div>')
            return False
        self.message.value = f'<div class="zoobook-events">{_esc(self.state.log[-1])}</div>'
        self.hint.value = ""
        self.play_bots()
        self.keeper.save()              # once: your decision and the bots' replies
        self.refresh()
        return True

    def play_bots(self) -> None:
        while not self.state.is_terminal() and self.state.current_player != self.human:
            self.keeper.apply(self.bots[self.state.current_player].choose(self.state), save=False)

    def show_hint(self):
        """What the lookahead bot would do in your place, and why."""
        if self.state.is_terminal():
            self.hint.value = "<p>The game is over.</p>"
            return None
        action, lines = advice(self.state)
        items = "".join(f"<li>{_esc(line)}</li>" for line in lines)
        self.hint.value = (f'<div class="zoobook-hint"><b>The lookahead bot would: {_esc(action)}</b>'
                           f"<ul>{items}</ul></div>")
        return action

    # -- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        warning = combination_warning(state.expansions)
        flag = f'<p class="zoobook-flag">&#9873; {_esc(warning)}</p>' if warning else ""
        if state.is_terminal():
            order = state.ranking()
            turn = f"<b>Game over.</b> Winner: player {order[0]}; scores {', '.join(f'{s:g}' for s in state.returns())}"
        else:
            turn = f"Player {state.current_player} to play ({state.phase})"
        self.header.value = f"<h4>Zooloretto, {state.players} players</h4>{flag}<p>{turn}</p>" + supply_html(state)
        self.trucks.value = trucks_html(state)
        legal = [] if state.is_terminal() else state.legal_actions()
        legal.sort(key=lambda a: isinstance(a, MONEY_ACTIONS))  # trucks and tiles first, money actions after
        self.actions.options = [(str(a), a) for a in legal]
        self.actions.index = 0 if legal else None
        boards = []
        for seat, zoo in enumerate(state.zoos):
            who = "you" if seat == self.human else f"{type(self.bots[seat]).__name__}"
            boards.append(f"<h5>Player {seat} ({_esc(who)})</h5>" + zoo_svg(zoo))
            if state.is_terminal():
                boards.append(score_html(zoo))
        self.boards.value = "".join(boards)
        recent = "".join(f"<li>{_esc(line)}</li>" for line in state.log[-12:])
        self.log_view.value = f'<details open><summary>Log</summary><ul class="zoobook-log">{recent}</ul></details>'


def table_picture(state: ZoolorettoState) -> str:
    """The trucks and every zoo (the player to move first), as the game table draws them: the Learn
    notebook's picture (:data:`zoobook.zooloretto.learn.PICTURE`)."""
    seats = [state.current_player] + [s for s in range(state.players) if s != state.current_player]
    zoos = "".join(f'<div class="zoobook-learn-zoo"><b>player {s}{" (you)" if s == seats[0] else ""}'
                   f'</b><br>{zoo_svg(state.zoos[s])}</div>' for s in seats)
    return f'<div class="zoobook-learn-table">{trucks_html(state)}{zoos}</div>'


def score_question_picture(state: ZoolorettoState) -> str:
    """The zoo of the player to move, its points hidden: a "how many points?" question's picture
    (:data:`zoobook.zooloretto.learn.SCORE_PICTURE`)."""
    seat = state.current_player
    return (f'<div class="zoobook-learn-table"><div class="zoobook-learn-zoo"><b>player {seat}</b><br>'
            f'{zoo_svg(state.zoos[seat], scores=False)}</div></div>')


def final_table_picture(state: ZoolorettoState) -> str:
    """Every zoo with its coins, the points hidden: a "who wins?" question's picture
    (:data:`zoobook.zooloretto.learn.FINAL_PICTURE`)."""
    zoos = "".join(f'<div class="zoobook-learn-zoo"><b>player {s}</b><br>{zoo_svg(zoo, scores=False)}</div>'
                   for s, zoo in enumerate(state.zoos))
    return f'<div class="zoobook-learn-table">{zoos}</div>'
