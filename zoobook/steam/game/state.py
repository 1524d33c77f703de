"""The turn engine: one solo game of Age of Steam on the Zoo or Easter Island map.

The project's game API (:mod:`zoobook.game_api`, OpenSpiel's shape): a :class:`GameState`
has :meth:`~GameState.legal_actions`, :meth:`~GameState.refusal`,
:meth:`~GameState.apply`, :meth:`~GameState.is_terminal`, :meth:`~GameState.returns`,
:meth:`~GameState.result`, a readable ``str()`` and a text :attr:`~GameState.log`.
Underneath, a :class:`Position` is a frozen, hashable snapshot (the planner
memoises on it) and :func:`step` is the pure rule: ``step(game, position,
action)`` returns the next position and the log lines, or raises
:class:`~zoobook.errors.IllegalAction` whose :class:`~zoobook.errors.Refusal` names the
ruling that forbids the action. ``apply`` changes nothing when it raises.

A turn (rulings S7-S15):

1. **shares** -- :class:`~.actions.IssueShares` (0 or more, $5 each, at most 15 issued, S11);
2. **action** -- :class:`~.actions.Select` a card or none (the map's selection policy, S8/S9);
   an action with no effect may still be selected (S12);
3. **build** -- :class:`~.actions.LayTrack` (tile limit and prices of the map and card,
   Zoo bonus tiles from hand free beyond the limit), :class:`~.actions.Urbanize`
   with the Urbanization card, then :class:`~.actions.EndBuild`; incomplete track
   not extended since the previous turn loses its owner but stays (S15);
4. **move goods**, two rounds -- :class:`~.actions.Ship`, :class:`~.actions.RaiseLocomotive`
   (at most once) or :class:`~.actions.Pass`; on the Zoo map entering an exit gives a
   bonus tile (S7);
5. then by itself: income, expenses, income reduction (S11), bankruptcy (income below 0:
   lost), the blockers (S9), the turn limit (S10).

The map is cleared the moment its last condition is met, and the game ends there,
before income and expenses (S13). Each map starts as ruling S11b says (the Zoo as the
base game: $10 from 2 issued shares, income 0, locomotive 1). Cleared games rank by :attr:`GameResult.rank` (S10a).

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> game = Game.zoo(zoo, land=[(1, 0)], turns=2)
>>> state = game.new_state()
>>> state.position.economy
Economy(cash=10, income=0, shares=2, locomotive=1)
>>> for action in [IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(),
...                Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,))]:
...     state.apply(action)
>>> state.is_terminal(), state.result()
(True, GameResult(cleared=True, turns=1, cash=6, reason='every animal area is fed', score=1))
>>> state.log[-1]
'CLEARED in turn 1 with $6, score 1: every animal area is fed'
>>> state.apply(Pass())
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: the game is over (cleared in turn 1) [S-END-3]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.action_fields import field_refusal
from zoobook.game_api import GameState as GameAPI
from zoobook.hexgrid import Hex
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize, hex_text)
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE, Economy, end_of_turn_money
from zoobook.steam.game.laying import candidate_lays, extendable, last_tile, lay_starts, lay_track
from zoobook.steam.game.map_rules import EASTER, ZOO, MapRules
from zoobook.steam.hexmap import as_hex

__all__ = ["Game", "Position", "GameState", "GameResult", "step", "legal_actions", "short_actions",
           "final_score", "lay_starts", "extendable", "has_discount", "end_of_turn", "FIELDS",
           "SHARES", "ACTION", "BUILD", "MOVE", "OVER"]

SHARES, ACTION, BUILD, MOVE, OVER = "shares", "action", "build", "move goods", "over"


@dataclass(frozen=True)
class GameResult:
    """How a game ended: cleared or not, in which turn, with what score and cash (S10, S10a).

    ``score`` is the base game's final score (S10a): 3 per income level, -3 per issued
    share, +1 per track tile in the player's complete links. :attr:`rank` orders results.
    """

    cleared: bool
    turns: int
    cash: int
    reason: str
    score: int = 0

    @property
    def rank(self) -> tuple:
        """Sort key, best first (S10a): cleared before lost, then fewer turns, higher score, more cash.

        >>> fast = GameResult(True, 3, 0, "", score=1)
        >>> rich = GameResult(True, 3, 50, "", score=0)
        >>> slow = GameResult(True, 4, 99, "", score=99)
        >>> [r.cash for r in sorted([slow, rich, fast], key=lambda r: r.rank)]
        [0, 50, 99]
        """
        return (not self.cleared, self.turns if self.cleared else 0, -self.score, -self.cash)


@dataclass(frozen=True, eq=False)
class Position:
    """Everything that changes during a game; frozen and hashable.

    ``board`` is the map model (a :class:`~zoobook.steam.zoo.model.ZooMap` or an
    Easter Island map) with its track and goods; ``stubs`` pairs the last track hex of each of
    the player's incomplete tracks (a hex holds one track, so it names the track) with the turn
    it was last extended; ``unowned`` holds the
    indices of the tracks that lost their owner (S15: they stay on the board, carry goods
    but earn nothing, and extending one takes it back). Track indices never change: track
    is never taken off the board.
    """

    board: Any
    turn: int = 1
    phase: str = SHARES
    economy: Economy = Economy()
    card: str | None = None
    tiles_laid: int = 0
    urbanized: bool = False
    moves: int = 0
    raised: bool = False
    discount_used: bool = False
    entered_exit: bool = False
    hand: int = 0
    blocked: frozenset = frozenset()
    stubs: tuple[tuple[Hex, int], ...] = ()
    unowned: frozenset = frozenset()
    outcome: GameResult | None = None

    @property
    def cash(self) -> int:
        return self.economy.cash

    def with_(self, **changes: Any) -> "Position":
        """A copy with some fields changed (what ``dataclasses.replace`` does, without its cost;
        the planner makes millions of these)."""
        new = object.__new__(Position)
        fields = dict(self.__dict__)
        fields.pop("_hash", None)
        fields.update(changes)
        new.__dict__.update(fields)
        return new

    def __hash__(self) -> int:
        # Positions are memo keys; hashing the board is the costly part, so do it once.
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f) for f in FIELDS))
            self.__dict__["_hash"] = cached
        return cached

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Position) or hash(self) != hash(other):
            return False
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)


#: The fields of a :class:`Position` (what equality and the hash compare; the planners' keys).
FIELDS = tuple(f for f in Position.__dataclass_fields__)


@dataclass(frozen=True)
class Game:
    """The fixed part of a game: the map's rules, where track may go, the turn limit.

    Attributes
    ----------
    rules : MapRules
    land : mapping hex -> terrain
        The hexes that may take track (never a node hex).
    turns : int
        The turn limit (S10: 10 unless a puzzle sets another number).
    start : Position
        The opening position (the map's start, ruling S11b, unless a puzzle says otherwise).
    """

    rules: MapRules
    land: Mapping[Hex, str]
    turns: int
    start: Position

    @classmethod
    def make(cls, rules: MapRules, board, land: Mapping | Iterable, turns: int | None = None,
             economy: Economy | None = None, **position: Any) -> "Game":
        """A game on *board*; *land* is a mapping hex -> terrain or plain hexes (all plain).

        *economy* defaults to the map's start (S11b). Track on *board* was laid in a build
        before the first turn (S15a): incomplete track in it keeps its owner only if the first
        turn's build extends it (S15)."""
        economy = rules.start if economy is None else economy
        if isinstance(land, Mapping):
            terrain = {as_hex(h): str(t) for h, t in land.items()}
        else:
            terrain = {as_hex(h): "plain" for h in land}
        nodes = rules.goods.hexmap(board)
        clash = sorted(h for h in terrain if nodes.is_node(h))
        if clash:
            raise ValueError(f"track cannot go on the node hex {tuple(clash[0])}")
        turns = assumed("steam.turns") if turns is None else int(turns)
        if turns < 1:
            raise ValueError(f"a game lasts at least 1 turn, not {turns}")
        start = Position(board, economy=economy, **position)
        # Track on the board at the start was laid in a build before the first turn (S15a):
        # incomplete track keeps its owner only if the first turn's build extends it (S15).
        given = {h for h, _ in start.stubs}
        stubs = {(last_tile(nodes, link.hexes), start.turn - 1) for link in nodes.incomplete_links()
                 if link.index not in start.unowned and last_tile(nodes, link.hexes) not in given}
        start = start.with_(stubs=tuple(sorted(set(start.stubs) | stubs)))
        return cls(rules, MappingProxyType(dict(sorted(terrain.items()))), turns, start)

    @classmethod
    def zoo(cls, zoo, land, turns: int | None = None, **kwargs: Any) -> "Game":
        """A Zoo-map game (seed, Zoo; rulings S5-S8, S10, S11)."""
        return cls.make(ZOO, zoo, land, turns, **kwargs)

    @classmethod
    def easter(cls, island, turns: int | None = None, **kwargs: Any) -> "Game":
        """An Easter Island game (seed, Easter Island; rulings S9-S11); track goes on the
        island's plain and mountain hexes."""
        land = {h: t for h, t in island.hexmap.terrain if not island.hexmap.is_node(h)}
        return cls.make(EASTER, island, land, turns, **kwargs)

    def new_state(self) -> "GameState":
        return GameState(self)

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


# -- the rules, as one pure function ---------------------------------------------------------

def _refuse(reason: str, rule: str = "") -> IllegalAction:
    return IllegalAction(Refusal(reason, rule))


def _phase_check(pos: Position, action: Action) -> None:
    wanted = {IssueShares: SHARES, Select: ACTION, LayTrack: BUILD, Urbanize: BUILD, EndBuild: BUILD,
              Ship: MOVE, RaiseLocomotive: MOVE, Pass: MOVE}[type(action)]
    if pos.phase == OVER:
        how = "cleared" if pos.outcome.cleared else "lost"
        raise _refuse(f"the game is over ({how} in turn {pos.outcome.turns})", "S-END-3")
    if pos.phase != wanted:
        raise _refuse(_out_of_turn(pos.phase, wanted), "S11")


#: The phases a player decides in, in the turn's order (S11).
_TURN_ORDER = (SHARES, ACTION, BUILD, MOVE)
_DOING = {SHARES: "issuing shares", ACTION: "selecting an action", BUILD: "building",
          MOVE: "moving goods"}


def _out_of_turn(now: str, wanted: str) -> str:
    """Why a decision of the *wanted* phase waits, said as a player would (S11).

    >>> _out_of_turn("build", "shares")
    'it is the build phase: issuing shares comes earlier in the turn, so it waits for the next turn'
    >>> _out_of_turn("shares", "move goods")
    'it is the shares phase: moving goods comes later in the turn (shares, action, build, move goods)'
    """
    if _TURN_ORDER.index(wanted) < _TURN_ORDER.index(now):
        return f"it is the {now} phase: {_DOING[wanted]} comes earlier in the turn, so it waits for the next turn"
    return f"it is the {now} phase: {_DOING[wanted]} comes later in the turn (shares, action, build, move goods)"


def step(game: Game, pos: Position, action: Action) -> tuple[Position, list[str]]:
    """The position after *action* and the log lines it writes; :class:`IllegalAction` if illegal.

    Pure: *pos* is never changed. The map is cleared the moment its last condition is met
    (S13): the game ends then, before income and expenses.
    """
    if type(action) not in _HANDLERS:
        raise _refuse(f"{action!r} is not an action of a solo Age of Steam game", "S-TURN-2")
    _phase_check(pos, action)
    new, lines = _HANDLERS[type(action)](game, pos, action)
    return _cleared_now(game, new, lines), lines


def _cleared_now(game: Game, pos: Position, lines: list[str]) -> Position:
    """*pos*, ended as cleared when its board meets every condition (S13)."""
    if pos.phase != OVER and game.rules.goods.cleared(pos.board):
        return _finish(game, pos, lines, cleared=True, reason=game.rules.goods.clear_reason)
    return pos


def score_lines(game: Game, pos: Position) -> list[tuple[int, str]]:
    """The base game's final score (S10a), line by line: ``(points, what for)``.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], tracks=[[(0, 0), (1, 0), (2, 0)]])
    >>> game = Game.zoo(zoo, [], turns=1, economy=Economy(cash=0, income=4, shares=3, locomotive=1))
    >>> score_lines(game, game.start)
    [(12, 'income 4 x 3'), (-9, '3 shares x -3'), (1, '1 track tile in your complete links')]
    """
    hexmap = game.rules.goods.hexmap(pos.board)
    tiles = sum(len(link.track_hexes) for link in hexmap.complete_links() if link.index not in pos.unowned)
    eco = pos.economy
    return [(3 * eco.income, f"income {eco.income} x 3"),
            (-3 * eco.shares, f"{eco.shares} share{'s' if eco.shares != 1 else ''} x -3"),
            (tiles, f"{tiles} track tile{'s' if tiles != 1 else ''} in your complete links")]


def final_score(game: Game, pos: Position) -> int:
    """The base game's final score (S10a): 3 per income level, -3 per issued share, +1 per
    track tile in the player's complete links (:func:`score_lines`)."""
    return sum(points for points, _ in score_lines(game, pos))


def _finish(game: Game, pos: Position, lines: list[str], *, cleared: bool, reason: str) -> Position:
    result = GameResult(cleared, pos.turn, pos.cash, reason, final_score(game, pos))
    lines.append(("CLEARED" if cleared else "LOST") + f" in turn {result.turns} with "
                 f"${result.cash}, score {result.score}: {result.reason}")
    return pos.with_(phase=OVER, outcome=result)


def _issue(game: Game, pos: Position, action: IssueShares) -> tuple[Position, list[str]]:
    count, eco = action.count, pos.economy
    if not isinstance(count, int) or count < 0:
        raise _refuse(f"you issue a whole number of shares, 0 or more, not {count!r}", "S-ECONOMY-1")
    if eco.shares + count > MAX_SHARES:
        raise _refuse(f"at most {MAX_SHARES} shares are ever issued: you have issued {eco.shares}, so "
                      f"{MAX_SHARES - eco.shares} more at most", "S-ECONOMY-1")
    eco = eco.issue(count)
    line = (f"issue {count} share{'s' if count != 1 else ''}: +${SHARE_PRICE * count} -> ${eco.cash}"
            if count else "issue no shares")
    return pos.with_(economy=eco, phase=ACTION), [line]


def _select(game: Game, pos: Position, action: Select) -> tuple[Position, list[str]]:
    rules = game.rules
    try:
        card = rules.card(action.action)
    except (KeyError, TypeError) as exc:
        raise _refuse(str(exc.args[0]), rules.rule) from None
    if action.action is None:
        if action.target is not None:
            raise _refuse("selecting no action names no moai to turn", "S-TURN-2")
        return pos.with_(phase=BUILD, card=None), ["select no action"]
    reason = rules.selection.refusal(pos.blocked, pos.cash, card)
    if reason:
        raise IllegalAction(reason)
    eco = pos.economy
    board = pos.board
    lines = []
    price = rules.selection.price
    if price:
        eco = eco.with_(cash=eco.cash - price)
        lines.append(f"select {card.name}: -${price} -> ${eco.cash}")
    else:
        lines.append(f"select {card.name}")
    void = False
    if card.targeted:
        targets = rules.goods.flip_targets(board)
        if not targets and action.target is None:
            void = True
            lines.append(f"  no cube is left on the map: nothing to turn, no ${card.cash_bonus} (S12, S12a)")
        elif action.target not in targets:
            shown = ", ".join(targets) or "none, so select it with no target"
            named = (f"{action.target} holds none" if action.target is not None
                     else "name the one to turn")
            raise _refuse(f"Rapa Nui turns a moai, a ruin holding cubes: {named} (the moai now: {shown})",
                          "S-MOAI-2")
        else:
            board = rules.goods.flip(board, action.target)
            lines.append(f"  flip the moai on {action.target}: "
                         f"{rules.goods.stack_text(board, action.target)}")
    elif action.target is not None:
        raise _refuse(f"only Rapa Nui names a moai: {card.name} takes no target", "S-TURN-2")
    if card.raises_locomotive:
        if eco.locomotive >= MAX_LEVEL:
            lines.append(f"  the locomotive is already at level {MAX_LEVEL}, the highest: no effect (S12)")
        else:
            eco = eco.with_(locomotive=eco.locomotive + 1)
            lines.append(f"  locomotive -> {eco.locomotive}")
    if card.cash_bonus and not void:
        eco = eco.with_(cash=eco.cash + card.cash_bonus)
        lines.append(f"  +${card.cash_bonus} -> ${eco.cash}")
    return pos.with_(phase=BUILD, card=card.name, economy=eco, board=board), lines


def _urbanize(game: Game, pos: Position, action: Urbanize) -> tuple[Position, list[str]]:
    rules = game.rules
    if not rules.card(pos.card).urbanizes:
        raise _refuse("only the Urbanization action puts a new city on a town, and you did not select it",
                      "S-URBANIZATION-1")
    if pos.urbanized:
        raise _refuse("Urbanization puts one new city on a town, and you placed it already",
                      "S-URBANIZATION-1")
    if action.town not in rules.goods.towns(pos.board):
        raise _refuse(f"a new city goes on a town, and {hex_text(action.town)} is not one",
                      "S-URBANIZATION-1")
    price = assumed("steam.urbanize_cost")
    if price > pos.cash:
        raise _refuse(f"a new city costs ${price} and you have ${pos.cash}", "S-URBANIZATION-1")
    board = rules.goods.urbanize(pos.board, action.town)
    eco = pos.economy.with_(cash=pos.cash - price)
    return (pos.with_(board=board, urbanized=True, economy=eco),
            [f"urbanize {hex_text(action.town)}: a new city, -${price} -> ${eco.cash}"])


def _end_build(game: Game, pos: Position, action: EndBuild) -> tuple[Position, list[str]]:
    lines = [f"end build ({pos.tiles_laid} tile{'s' if pos.tiles_laid != 1 else ''} laid)"]
    links = game.rules.goods.hexmap(pos.board).links()
    hexmap = game.rules.goods.hexmap(pos.board)
    # Track completed since it was laid (a town urbanized at its end) is no stub any more.
    stubs = {h: turn for h, turn in pos.stubs if not links[hexmap.track_at(h)].complete}
    lost = sorted(h for h, turn in stubs.items() if turn < pos.turn)
    unowned = set(pos.unowned)
    for h in lost:
        stubs.pop(h)
        i = hexmap.track_at(h)
        unowned.add(i)
        lines.append(f"  incomplete track from {links[i].start} to {hex_text(links[i].hexes[-1])} was not "
                     "extended since last turn: it loses its owner and stays on the board (S15)")
    return pos.with_(phase=MOVE, stubs=tuple(sorted(stubs.items())), unowned=frozenset(unowned)), lines


def has_discount(game: Game, pos: Position) -> bool:
    """Whether this turn's shipments get the card's one-level discount (Feeding, not used yet)."""
    return game.rules.card(pos.card).discount and not pos.discount_used


def _ship(game: Game, pos: Position, action: Ship) -> tuple[Position, list[str]]:
    goods = game.rules.goods
    level, discount = pos.economy.locomotive, has_discount(game, pos)
    reason = goods.refusal(pos.board, action, level, discount=discount)
    if reason:
        raise IllegalAction(reason)
    effect = goods.ship(pos.board, action, level, discount=discount)
    # +1 income per link of the shipment the player owns (S11); ownerless track earns nothing (S15)
    ownerless = sum(1 for key in action.steps if key is not None and key in pos.unowned)
    eco = pos.economy.with_(income=pos.economy.income + effect.links - ownerless)
    extra = ", feeding discount used" if effect.used_discount else ""
    extra += f", {ownerless} without an owner earn{'s' if ownerless == 1 else ''} nothing (S15)" if ownerless else ""
    line = f"{action}: {effect.links} link{'s' if effect.links != 1 else ''}, income -> {eco.income}{extra}"
    lines = [line] + ([f"  {effect.note}"] if effect.note else [])
    new = pos.with_(board=effect.board, economy=eco, discount_used=pos.discount_used or effect.used_discount,
                  entered_exit=pos.entered_exit or effect.entered_exit)
    new = _cleared_now(game, new, lines)
    if new.phase == OVER:
        return new, lines
    return _next_round(game, new, lines)


def _raise(game: Game, pos: Position, action: RaiseLocomotive) -> tuple[Position, list[str]]:
    if pos.raised:
        raise _refuse("you raised the locomotive in this move-goods phase already: once a turn at most",
                      "S-LOCOMOTIVE-2")
    if pos.economy.locomotive >= MAX_LEVEL:
        raise _refuse(f"the locomotive is already at level {MAX_LEVEL}, the highest; pass instead",
                      "S-LOCOMOTIVE-2")
    eco = pos.economy.with_(locomotive=pos.economy.locomotive + 1)
    return _next_round(game, pos.with_(economy=eco, raised=True),
                       [f"raise locomotive -> {eco.locomotive}"])


def _pass(game: Game, pos: Position, action: Pass) -> tuple[Position, list[str]]:
    return _next_round(game, pos, ["pass"])


def _next_round(game: Game, pos: Position, lines: list[str]) -> tuple[Position, list[str]]:
    pos = pos.with_(moves=pos.moves + 1)
    if pos.moves < 2:
        return pos, lines
    return end_of_turn(game, pos, lines)


def end_of_turn(game: Game, pos: Position, lines: list[str]) -> tuple[Position, list[str]]:
    """The income phase and the next turn's start (or the game's end) after the move-goods rounds."""
    rules = game.rules
    hand = pos.hand
    if pos.entered_exit and rules.exit_bonus:
        hand += rules.exit_bonus
        lines.append(f"a shipment entered an exit: +{rules.exit_bonus} track tile to hand "
                     f"({hand} held) (S7)")
    eco, money = end_of_turn_money(pos.economy)
    lines += money
    blocked = rules.selection.after_turn(pos.blocked, pos.card)
    if blocked != pos.blocked:
        lines.append("blockers: " + (", ".join(sorted(blocked)) if blocked else
                                     "all four actions selected, every action is free again"))
    pos = pos.with_(economy=eco, hand=hand, blocked=blocked)
    # A map cleared during the turn ended the game at once (S13, in step); here only loss.
    if eco.income < 0:
        return _finish(game, pos, lines, cleared=False,
                       reason="bankrupt: income below 0 (S11)"), lines
    if pos.turn >= game.turns:
        return _finish(game, pos, lines, cleared=False,
                       reason=f"not cleared by the end of turn {game.turns} (S10)"), lines
    fresh = pos.with_(turn=pos.turn + 1, phase=SHARES, card=None, tiles_laid=0, urbanized=False,
                    moves=0, raised=False, discount_used=False, entered_exit=False)
    return fresh, lines


# -- the legal actions ----------------------------------------------------------------------

def legal_actions(game: Game, pos: Position) -> list[Action]:
    """Every legal action now. Track appears one tile at a time (longer lays are legal too)."""
    rules = game.rules
    if pos.phase == OVER:
        return []
    if pos.phase == SHARES:
        return [IssueShares(n) for n in range(0, MAX_SHARES - pos.economy.shares + 1)]
    if pos.phase == ACTION:
        options: list[Action] = [Select(None)]
        for card in rules.cards:
            targets = (rules.goods.flip_targets(pos.board) or [None]) if card.targeted else [None]
            options += [Select(card.name, t) for t in targets]
    elif pos.phase == BUILD:
        lays: list[Action] = candidate_lays(game, pos)  # already checked by plan_lay
        options = [Urbanize(t) for t in rules.goods.towns(pos.board)] + [EndBuild()]
        return lays + [a for a in options if _legal(game, pos, a)]
    else:
        level = pos.economy.locomotive
        options = list(rules.goods.shipments(pos.board, level, discount=has_discount(game, pos)))
        options += [RaiseLocomotive(), Pass()]
    return [action for action in options if _legal(game, pos, action)]


def short_actions(game: Game, pos: Position) -> list[Action]:
    """The legal actions with lays of one tile only: outside the build phase every legal action;
    in the build phase each legal one-tile lay (ending on its hex or on a node beside it),
    urbanizing and ending the build. A play menu lists these: every legal path would crowd it
    (and on a map of a hundred hexes take seconds to list); longer lays stay legal.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    >>> game = Game.zoo(zoo, [(1, 0), (1, 1)], turns=1)
    >>> pos = step(game, step(game, game.start, IssueShares(2))[0], Select(None))[0]
    >>> [str(a) for a in short_actions(game, pos)]    # doctest: +NORMALIZE_WHITESPACE
    ['lay track (0,0) (1,0)', 'lay track (0,0) (1,0) (2,0)', 'lay track (2,0) (1,0)',
     'lay track (2,0) (1,0) (0,0)', 'lay track (2,0) (1,1)', 'end build']
    >>> len(legal_actions(game, pos)) > len(short_actions(game, pos))  # two-tile lays too
    True
    """
    if pos.phase != BUILD:
        return legal_actions(game, pos)
    lays: list[Action] = candidate_lays(game, pos, longest=1)  # already checked by plan_lay
    options = [Urbanize(t) for t in game.rules.goods.towns(pos.board)] + [EndBuild()]
    return lays + [a for a in options if _legal(game, pos, a)]


def _legal(game: Game, pos: Position, action: Action) -> bool:
    try:
        step(game, pos, action)
    except IllegalAction:
        return False
    return True


_HANDLERS = {IssueShares: _issue, Select: _select, LayTrack: lay_track, Urbanize: _urbanize,
             EndBuild: _end_build, Ship: _ship, RaiseLocomotive: _raise, Pass: _pass}


# -- the state a player holds -----------------------------------------------------------------

class GameState(GameAPI):
    """A game in progress: a :class:`Position`, its :class:`Game` and the text log.

    The project's game API (:class:`zoobook.game_api.GameState`): ``legal_actions``,
    ``refusal`` (a :class:`~zoobook.errors.Refusal` citing a ruling), ``apply`` (raises
    :class:`~zoobook.errors.IllegalAction` and changes nothing when illegal), ``is_terminal``,
    ``returns``, ``clone``; all of it on the pure rule :func:`step`.
    """

    current_player = 0

    def __init__(self, game: Game, position: Position | None = None, log: Sequence[str] = ()) -> None:
        self.game = game
        self.position = position or game.start
        self.log: list[str] = list(log) or [f"== turn {self.position.turn}"]
        self.history: list[Action] = []
        self._tried: tuple | None = None

    # OpenSpiel's vocabulary
    def legal_actions(self) -> list[Action]:
        return legal_actions(self.game, self.position)

    def refusal(self, action: Action) -> Refusal | None:
        """Why *action* is illegal now (words and ruling), or None when it is legal."""
        malformed = field_refusal(action, "S-TURN-2")
        if malformed is not None:
            return malformed
        if isinstance(action, Ship) and len(action.route) != len(action.steps) + 1:
            return Refusal(f"{action!r} is not a well-formed action: a shipment names the nodes of its route, "
                           "one more than its steps", "S-TURN-2")
        try:
            new, lines = step(self.game, self.position, action)
        except IllegalAction as exc:
            return exc.refusal
        except (TypeError, ValueError, AttributeError) as exc:
            return Refusal(f"{action!r} is not a well-formed action ({exc})", "S-TURN-2")
        self._tried = (self.position, action, new, lines)
        return None

    def _apply(self, action: Action) -> None:
        tried = self._tried
        if tried is not None and tried[0] is self.position and tried[1] == action:
            new, lines = tried[2], list(tried[3])
        else:
            new, lines = step(self.game, self.position, action)
        self._tried = None
        before = self.position.turn
        self.position = new
        self.history.append(action)
        self.log += lines
        if new.phase != OVER and new.turn != before:
            self.log.append(f"== turn {new.turn}")

    def is_terminal(self) -> bool:
        return self.position.phase == OVER

    def result(self) -> GameResult | None:
        """The outcome once terminal (None before)."""
        return self.position.outcome

    def score(self) -> int:
        """The base game's final score of the position now (S10a)."""
        return final_score(self.game, self.position)

    def returns(self) -> list[float]:
        """OpenSpiel's returns for the one player: 1 cleared, -1 lost, 0 still playing."""
        if not self.is_terminal():
            return [0.0]
        return [1.0 if self.position.outcome.cleared else -1.0]

    def clone(self) -> "GameState":
        copy = GameState(self.game, self.position, self.log)
        copy.history = list(self.history)
        return copy

    def search_copy(self) -> "GameState":
        """A copy for a search's inner loop: the same game and position (a :class:`Position` is
        immutable, so it is shared), without the log and the history, which a search never
        reads and which grow with every action of the game.

        >>> from zoobook.steam.zoo.model import Area, ZooMap
        >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
        >>> state = Game.zoo(zoo, land=[(1, 0)], turns=3).new_state()
        >>> state.apply(state.legal_actions()[0])
        >>> copy = state.search_copy()
        >>> copy.position is state.position, copy.history, len(state.history)
        (True, [], 1)
        """
        return GameState(self.game, self.position)

    def conditions(self) -> list[tuple[str, bool]]:
        """The clear conditions, each with whether it is met now."""
        return self.game.rules.goods.conditions(self.position.board)

    def __str__(self) -> str:
        pos, eco, rules = self.position, self.position.economy, self.game.rules
        lines = [f"{rules.name} map, turn {pos.turn} of {self.game.turns}, phase: {pos.phase}",
                 f"cash ${eco.cash}, income {eco.income}, shares {eco.shares}, "
                 f"locomotive {eco.locomotive}, expenses {eco.expenses}"]
        if pos.card:
            lines.append(f"action: {rules.card(pos.card).describe()}")
        if pos.phase == BUILD:
            limit = rules.tile_limit(rules.card(pos.card))
            lines.append(f"tiles laid {pos.tiles_laid} of {limit}")
        if rules.exit_bonus:
            lines.append(f"bonus tiles in hand: {pos.hand}")
        if rules.selection.price:
            lines.append("blocked: " + (", ".join(sorted(pos.blocked)) or "none"))
        hexmap = rules.goods.hexmap(pos.board)
        for link in hexmap.links():
            end = (link.end or "(incomplete)") + (" (no link, S2a)" if link.open else "")
            owner = " (no owner, S15)" if link.index in pos.unowned else ""
            lines.append(f"  track {link.start} - {end}: {len(link.track_hexes)} tile"
                         f"{'s' if len(link.track_hexes) != 1 else ''}{owner}")
        lines += rules.goods.describe(pos.board)
        met = self.conditions()
        lines.append("clear: " + ", ".join(f"{text} {'[x]' if ok else '[ ]'}" for text, ok in met))
        if pos.outcome:
            lines.append(("CLEARED" if pos.outcome.cleared else "LOST") + f": {pos.outcome.reason}")
        return "\n".join(lines)
