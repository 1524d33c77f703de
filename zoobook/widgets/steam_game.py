"""Play a whole solo Age of Steam game with widgets: a thin view over :mod:`zoobook.steam.game`.

:class:`GamePlayer` shows the map (drawn by :mod:`zoobook.widgets.hexdraw`), the money,
income, locomotive and the clear conditions, a list of the legal actions of the current
phase (the shipments come from the map's shipment solver), a box to lay track hex by hex
and the same hexes as a clickable board (:class:`~zoobook.widgets.hexbuttons.HexButtonBoard`),
the log, and a Hint button that runs the anytime planner with a progress bar for the seconds
in its *think* box and shows the best next action with the proven bound. Refused actions show
the rule that forbids them and change nothing. No rules live here.

On a full map (about a hundred hexes) a click answers in a fraction of a second: the build
phase's list holds the one-tile lays (checked one by one, not every legal path listed), and
the map is redrawn only when the board changes.

>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> player = GamePlayer(Game.zoo(zoo, land=[(1, 0)], turns=2), draw=False)
>>> player.choose_text("issue no shares")
>>> player.phase_label.value
'<b>Turn 1 of 2</b>: action phase'
>>> player.choose_text("select no action")
>>> player.lay("0,0 0,1")
>>> "only on the land hexes of the map" in player.message.value
True
>>> player.lay("0,0 1,0 2,0")
>>> player.state.position.cash, player.message.value
(6, '')
>>> player.choose(LayTrack([(0, 0), (0, -1)]))
>>> "Refused" in player.message.value and "[S2]" in player.message.value
True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import ipywidgets as widgets

from zoobook.steam.game.actions import Action, IssueShares, LayTrack
from zoobook.steam.game.anytime import AnytimePlan, plan_anytime
from zoobook.progress import quiet
from zoobook.errors import IllegalAction
from zoobook.steam.game.state import Game, GameState, short_actions
from zoobook.records import Player
from zoobook.widgets.common import figure_html
from zoobook.widgets.hexbuttons import HexButtonBoard
from zoobook.widgets.keeper import GameKeeper

__all__ = ["GamePlayer", "status_html", "action_label", "draw_game", "hex_label", "menu_actions",
           "budgeted_hint", "Advice", "DEFAULT_THINK", "game_picture"]


def action_label(action) -> str:
    """The text a player reads for an action (the log's wording)."""
    if isinstance(action, IssueShares) and action.count == 0:
        return "issue no shares"
    return str(action)


def status_html(state: GameState) -> str:
    """Money, income, locomotive, hand, blockers and the clear conditions as HTML."""
    pos, eco, rules = state.position, state.position.economy, state.game.rules
    rows = [("cash", f"${eco.cash}"), ("income", str(eco.income)), ("shares", str(eco.shares)),
            ("locomotive", str(eco.locomotive)), ("expenses", f"${eco.expenses}"),
            ("score (S10a)", str(state.score()))]
    if rules.exit_bonus:
        rows.append(("bonus tiles", str(pos.hand)))
    if rules.selection.price:
        rows.append(("blocked", ", ".join(sorted(pos.blocked)) or "none"))
    if pos.card:
        rows.append(("action", rules.card(pos.card).describe()))
    cells = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                    for k, v in rows)
    checks = "".join(f"<li>{'&#9745;' if ok else '&#9744;'} {html.escape(text)}</li>"
                     for text, ok in state.conditions())
    outcome = ""
    if pos.outcome:
        word = "CLEARED" if pos.outcome.cleared else "LOST"
        outcome = f"<p class='zoobook-outcome'><b>{word}</b>: {html.escape(pos.outcome.reason)}</p>"
    return (f"<div class='zoobook-steam-status'><table>{cells}</table>"
            f"<b>Clear conditions</b><ul>{checks}</ul>{outcome}</div>")


def draw_game(state: GameState, *, title: str = "", coordinates: bool = False):
    """The map with its land, track and goods (each hex's ``q,r`` with *coordinates*); returns
    ``(figure, axes)``."""
    from zoobook.widgets.hexdraw import draw_hexmap

    goods = state.game.rules.goods
    board = state.position.board
    hexmap = goods.hexmap(board)
    return draw_hexmap(hexmap, label=lambda node: goods.node_label(board, node),
                       extra_hexes=state.game.land, title=title, font_size=7,
                       ownerless=state.position.unowned, coordinates=coordinates)


_NODE_MARK = {"exit": "EX", "town": "T", "new-city": "NC"}
_TERRAIN_MARK = {"mountain": "^", "river": "~", "water": "≈"}


def hex_label(hexmap, h) -> str:
    """A few characters for a hex button: node initials, ``=`` for track, terrain marks.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> game = Game.zoo(ZooMap.build(areas=[Area("goats", (0, 0), 1)]), land=[(1, 0)], turns=1)
    >>> hexmap = game.rules.goods.hexmap(game.new_state().position.board)
    >>> hex_label(hexmap, (0, 0)), hex_label(hexmap, (1, 0))   # "Red 3" would read R3
    ('Goa', '')
    """
    node = hexmap.node_at(h)
    if node is not None:
        words = node.name.split()
        initials = "".join(w[0].upper() for w in words) if len(words) > 1 else node.name[:3].capitalize()
        return _NODE_MARK.get(node.type) or initials
    terrain = _TERRAIN_MARK.get(hexmap.terrain_map.get(tuple(h), "plain"), "")
    return terrain + ("=" if hexmap.track_at(h) is not None else "")


def menu_actions(state: GameState) -> list:
    """The legal actions the Action list offers now: the engine's
    :func:`~zoobook.steam.game.state.short_actions` (in the build phase the one-tile lays,
    urbanizing and ending the build; the Lay box and the hex buttons take whole paths; in the
    other phases every legal action)."""
    return short_actions(state.game, state.position)


#: Seconds the hint thinks unless told otherwise.
DEFAULT_THINK = 10


@dataclass(frozen=True)
class Advice:
    """The hint: the first action of the best plan found (None: no plan found in time), that
    plan (an :class:`~zoobook.steam.game.anytime.AnytimePlan`: turns, bound, gap, steps) and
    the reasons in words."""

    action: Action | None
    plan: AnytimePlan
    reasons: tuple[str, ...]

    def text(self) -> str:
        head = f"Best next action: {self.action}" if self.action else "No plan found in time."
        return "\n".join([head] + [f"  - {r}" for r in self.reasons])


def budgeted_hint(game: Game, position, budget_seconds: float, *, progress=quiet) -> Advice:
    """The best next action from *position* found within *budget_seconds*: the first action of
    the anytime planner's best plan (:func:`~zoobook.steam.game.anytime.plan_anytime`), with
    the proven bound, so the player knows whether better is possible.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    >>> advice = budgeted_hint(Game.zoo(zoo, land=[(1, 0)], turns=3), None, 20)
    >>> str(advice.action), advice.reasons[1]
    ('issue 0 shares', 'No plan clears the map sooner: proved optimal.')
    """
    found = plan_anytime(game, budget_seconds=budget_seconds, progress=progress, position=position)
    took = f"{found.seconds:.1f} s" + (", stopped early" if found.interrupted else "")
    if found.proved_impossible:
        bound = f"No plan can clear the map by turn {found.limit}: {found.bound_reason}."
    else:
        bound = f"No plan clears the map before turn {found.lower_bound}: {found.bound_reason}."
    if not found.cleared:
        return Advice(None, found, (f"The search found no plan that clears the map in {took}.", bound))
    lead = (f"It starts a plan that clears the map in turn {found.turns} with a score of {found.score} "
            f"and ${found.cash} left (found in {took}).")
    proof = ("No plan clears the map sooner: proved optimal." if found.proved_optimal
             else f"{bound} The gap: {found.gap} turn{'s' if found.gap != 1 else ''}; think longer "
                  f"to close it.")
    steps = "The plan: " + " | ".join(s.text() for s in found.steps)
    return Advice(found.actions[0], found, (lead, proof, steps))


def state_hexes(state: GameState) -> set:
    """The hexes the map shows: every hex it mentions, plus the land track may be laid on."""
    hexmap = state.game.rules.goods.hexmap(state.position.board)
    return hexmap.hexes() | {tuple(h) for h in state.game.land}


_HEX = re.compile(r"-?\d+\s*,\s*-?\d+")


class GamePlayer(widgets.VBox):
    """Play a game turn by turn (see the module docstring).

    Parameters
    ----------
    game : Game
        The map, its land, turns and start.
    draw : bool
        Draw the map (matplotlib); off in tests that only click.
    games_dir : str or Path, optional
        Where the game is saved after each action (:mod:`zoobook.widgets.keeper`: Undo, Resume, Load);
        default ``games/`` beside the notebook.
    """

    def __init__(self, game: Game, *, draw: bool = True, games_dir=None) -> None:
        self.draw = draw
        self.keeper = GameKeeper(game.new_state(), [Player.human()], on_restore=self._restore,
                                 games_dir=games_dir)
        self.phase_label = widgets.HTML()
        self.status = widgets.HTML()
        self.picture = widgets.HTML()
        self.actions = widgets.Dropdown(description="Action", layout=widgets.Layout(width="34em"))
        self.apply_button = widgets.Button(description="Do it", button_style="primary")
        self.track = widgets.Text(description="Lay track", placeholder="q,r q,r ... from a node")
        self.hand = widgets.BoundedIntText(value=0, min=0, max=99, description="from hand",
                                           layout=widgets.Layout(width="11em"))
        self.lay_button = widgets.Button(description="Lay")
        # the same hexes the drawing shows, as buttons: click a path, then "Lay track"
        shown = state_hexes(self.state)
        self.board = HexButtonBoard(shown, label=lambda h: hex_label(self._hexmap(), h),
                                    on_change=lambda board: setattr(self.board_path, "value", board.text()))
        self.board_path = widgets.Label()
        self.board_lay_button = widgets.Button(description="Lay track", button_style="primary")
        self.board_clear_button = widgets.Button(description="Clear")
        self.board_lay_button.on_click(lambda _: self.lay_clicked())
        self.board_clear_button.on_click(lambda _: self.clear_clicks())
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        # a full map (about a hundred hexes) is too big to plan to the end: the hint thinks this long
        self.think = widgets.BoundedIntText(value=DEFAULT_THINK, min=1, max=600, description="think (s)",
                                            layout=widgets.Layout(width="10em"))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Planning",
                                            layout=widgets.Layout(visibility="hidden"))
        self.message = widgets.HTML()
        self.advice = widgets.HTML()
        self.log_view = widgets.HTML()
        self.apply_button.on_click(lambda _: self.choose_selected())
        self.lay_button.on_click(lambda _: self.lay(self.track.value, self.hand.value))
        self.hint_button.on_click(lambda _: self.ask_hint())
        build_row = widgets.HBox([self.track, self.hand, self.lay_button])
        self.board_row = widgets.VBox([self.board, widgets.HBox([self.board_lay_button, self.board_clear_button,
                                                                 self.board_path])])
        super().__init__([self.phase_label, widgets.HBox([self.picture, self.status]),
                          widgets.HBox([self.actions, self.apply_button]), build_row, self.board_row,
                          widgets.HBox([self.hint_button, self.think, self.progress]), self.message,
                          self.keeper, self.advice, self.log_view])
        self.refresh()

    # -- the game kept (zoobook.widgets.keeper) -------------------------------------------
    @property
    def state(self) -> GameState:
        """The game as it stands (kept by :attr:`keeper`: every action recorded and saved)."""
        return self.keeper.state

    @state.setter
    def state(self, state: GameState) -> None:
        """A position set up in code: played unsaved, as the other game widgets do."""
        self.keeper.adopt(state)

    def _restore(self, state: GameState, players) -> None:
        """Show a game rebuilt from its record (Undo, Resume, Load); a record of another map gets
        that map's hex buttons."""
        if set(self.board.buttons) != {(int(h[0]), int(h[1])) for h in state_hexes(state)}:
            self.board = HexButtonBoard(state_hexes(state), label=lambda h: hex_label(self._hexmap(), h),
                                        on_change=lambda board: setattr(self.board_path, "value", board.text()))
            self.board_row.children = (self.board,) + tuple(self.board_row.children[1:])
        self.clear_clicks()
        self.message.value = ""
        self.advice.value = ""
        self.refresh()

    # -- what the buttons do ------------------------------------------------------------
    def choose(self, action) -> None:
        """Apply *action* (recorded and saved); a refusal is shown (with its rule) and changes nothing."""
        try:
            self.keeper.apply(action)
        except IllegalAction as exc:
            self.message.value = f"<div class='zoobook-refused'>Refused: {html.escape(str(exc))}</div>"
            return
        self.message.value = ""
        self.advice.value = ""
        self.refresh()

    def choose_text(self, label: str) -> None:
        """Apply the legal action whose label is *label* (what the dropdown shows)."""
        for action in self.state.legal_actions():
            if action_label(action) == label:
                return self.choose(action)
        self.message.value = f"<div class='zoobook-refused'>No legal action reads {html.escape(label)!r} now.</div>"

    def choose_selected(self) -> None:
        if self.actions.value is None:
            self.message.value = "<div class='zoobook-refused'>Choose an action in the list first.</div>"
            return
        self.choose(self.actions.value)

    def lay(self, text: str, hand: int = 0) -> None:
        """Lay track written as hexes ``"q,r q,r ..."``: a node or stub end first, then new hexes."""
        hexes = [tuple(int(v) for v in h.split(",")) for h in _HEX.findall(text)]
        if len(hexes) < 2:
            self.message.value = "<div class='zoobook-refused'>Write at least two hexes, like 0,0 1,0.</div>"
            return
        self.choose(LayTrack(hexes, hand=hand))

    def lay_clicked(self) -> None:
        """Lay the track clicked on the hex board, through :meth:`lay` like the text box.

        The clicks are kept after a refusal (so the player can fix them) and cleared once
        the track is laid.
        """
        before = self.state.position
        self.lay(self.board.text(), self.hand.value)
        if self.state.position is not before:
            self.clear_clicks()

    def clear_clicks(self) -> None:
        self.board.clear()
        self.board_path.value = ""

    def ask_hint(self) -> None:
        """Run the planner from here for at most the seconds in the *think* box, with a progress
        bar, and show its advice."""
        self.progress.layout.visibility = "visible"

        def report(done: int, total: int, message: str) -> None:
            self.progress.max = max(total, 1)
            self.progress.value = done
            self.progress.description = message[:20]

        budget = self.think.value
        try:
            advice = budgeted_hint(self.state.game, self.state.position, budget, progress=report)
        finally:
            self.progress.layout.visibility = "hidden"
        if advice.action:
            head = f"Hint: <b>{html.escape(action_label(advice.action))}</b>"
        elif advice.plan.proved_impossible:
            head = "<b>No plan clears the map in time from here.</b>"
        else:
            head = f"<b>No plan found within {budget} s</b>: think longer."
        items = "".join(f"<li>{html.escape(r)}</li>" for r in advice.reasons)
        self.advice.value = f"<div class='zoobook-hint'>{head}<ul>{items}</ul></div>"
        self.last_hint = advice

    # -- the view ---------------------------------------------------------------------------
    def _hexmap(self):
        """The current position's hex map, built once per position (the board asks per hex)."""
        position = self.state.position
        if getattr(self, "_hexmap_of", (None,))[0] is not position:
            self._hexmap_of = (position, self.state.game.rules.goods.hexmap(position.board))
        return self._hexmap_of[1]

    def refresh(self) -> None:
        pos = self.state.position
        game = self.state.game
        self.phase_label.value = (f"<b>Turn {pos.turn} of {game.turns}</b>: "
                                  f"{'game over' if pos.phase == 'over' else pos.phase + ' phase'}")
        self.status.value = status_html(self.state)
        self.actions.options = [(action_label(a), a) for a in menu_actions(self.state)]
        if self.actions.options and self.actions.value is None:   # ipywidgets 8 leaves a new list blank
            self.actions.index = 0
        self.track.disabled = self.lay_button.disabled = pos.phase != "build"
        self.board.disabled = self.board_lay_button.disabled = pos.phase != "build"
        self.board.relabel()
        self.hint_button.disabled = pos.phase == "over"
        lines = self.state.log[-14:]
        self.log_view.value = ("<pre class='zoobook-log'>" + html.escape("\n".join(lines)) + "</pre>")
        # the picture changes only with the board (track, goods) and the owners of its track
        drawn = getattr(self, "_drawn", (None, None))
        if self.draw and (drawn[0] is not pos.board or drawn[1] != pos.unowned):
            fig, _ = draw_game(self.state)
            self.picture.value = figure_html(fig, alt="the map")
            self._drawn = (pos.board, pos.unowned)


def game_picture(state: GameState) -> str:
    """The map as the game widget draws it, and the player's money and clear conditions (HTML): the
    Learn notebook's picture (:data:`zoobook.steam.learn.PICTURE`). Every hex carries its ``q,r``,
    the coordinates the drill buttons name ("lay track (0,0) (1,0)")."""
    figure, _ = draw_game(state, coordinates=True)
    figure.set_size_inches(6.0, 3.4)
    return ("<div style='display:flex;gap:1em;align-items:flex-start'>"
            f"{figure_html(figure, alt='the map, each hex labelled q,r', dpi=80)}{status_html(state)}</div>")
