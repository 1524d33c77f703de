"""The planner: the fewest turns that clear a solo map, then the best score, then the most cash.

The objective is ruling S10a's ranking of cleared games: fewer turns, then the base
game's final score (:func:`final_score`: 3 per income level, -3 per issued share, +1 per
track tile in complete links), then more cash.

The search is over **whole turns**. It deepens the deadline one turn at a time from a
lower bound (:func:`turns_lower_bound`), so the first deadline with a plan is the fewest
turns; within it the search is exhaustive and returns the best (score, cash) of every plan
clearing by then, memoised on positions.

What the planner is exact over
------------------------------
Every turn is built from the engine's own moves (:func:`~zoobook.steam.game.state.legal_actions`
and :func:`~zoobook.steam.game.state.step`), not from a model of them:

* **shares**: every count from 0 to the shares left;
* **action**: every selection the engine allows (none, each card, each Rapa Nui target);
* **build**: every sequence of the engine's one-tile lays, urbanizations and the end of the
  build, explored depth first. The engine lists track one tile at a time; a longer lay
  ``LayTrack(h0, h1, ..., hk)`` leaves exactly the position of the one-tile lays
  ``(h0, h1), (h1, h2), ...`` (the same track, stubs, tiles counted, hand and cost: each
  tile's price is checked against the cash left, and prices only add up), so every track
  path a build may lay -- detours, long links, parallel links, incomplete track, the
  extension of track that lost its owner (S15), bonus tiles from hand on any tile -- is
  reached. A lay that meets the last clear condition (Easter Island: the one that joins the
  last ruin with no cube left) ends the game cleared at once (S13a): that build ends there,
  with no ``EndBuild``, and its turn is a clearing turn with the score and cash of that moment;
* **move goods**: every legal action of each round (each shipment, a raise, a pass), in
  both rounds, and the end of the turn run by the engine.

Two whole turns that end in the same position (the board compared with its tracks in a
canonical order, since the track order is only a labelling) are the same to every later
turn, so only one is kept. Nothing else is merged: in particular two shipments that move
the same cube with different numbers of links stay apart (more income is not always better:
the income reduction turns 11 into 9 but leaves 10 alone).

The dominances (sound, tested)
-----------------------------
At the deadline a plan must clear during this turn, and by ruling S13 the game ends the
moment it is cleared, before income and expenses. So in that turn cash is only the last
tiebreak, and nothing is paid after the clear.

1. **The last turn issues the fewest shares that pay for it.** Take any clearing last turn
   issuing ``n`` shares, and the same action, build and shipments with the fewest shares
   ``m <= n`` that pay for them: it is legal (the selection, the tiles and the new city only
   need cash, and more shares only add cash), it clears at the same moment, and it ends with
   3 points more per share left unissued (and $5 less each). The score ranks before the cash
   (S10a), so the plan with ``m`` is at least as good.
2. **The last turn lays no tile that ends outside a complete link.** Such a tile is the tail
   of an incomplete track; no other lay of the build depends on it, so the build without it
   is legal, leaves the same complete links (the same shipments, the same clear, the same
   tiles scored) and costs less: never fewer points, never less cash.

3. **A share that is not needed this turn waits for the next.** In a turn before the last,
   the share counts are tried from the fewest that pay for the turn upwards, and stop at the
   first that ends the turn with the expenses paid in full (cash plus income covers shares
   plus locomotive, so no shortfall); a turn that clears the map at once stops at the fewest
   (as in 1). Take a plan A issuing ``k + 1`` shares in turn ``t`` where ``k`` already pays for
   turn ``t`` without a shortfall, and plan B: the same turn with ``k`` shares, then in turn
   ``t + 1`` one share more than A and otherwise the same moves. At the end of turn ``t``
   neither has a shortfall, so both keep the same income (the reduction sees the same income)
   and A has $4 more ($5 less $1 of expenses). In turn ``t + 1`` B issues its share before
   anything else happens (the shares phase comes first, and a clear comes only in move goods,
   S13), so from then on B has $1 more than A, the same shares (within the 15: the same total),
   the same income, board and level: every move of A is legal for B, the clear comes at the
   same moment, and B ends with the same score and $1 more. So the extra share never gains.
   When the fewest shares leave a shortfall, every count up to the first without one is
   tried: a shortfall lowers the income, and the income reduction makes that non-monotone.

4. **The last turn's move goods depend on the links, not on the track's shape or labels.**
   After the build of the last turn only clearing rests count, and a clear ends the game at
   once (S13): no income or expenses follow, so a rest's score is the build's score plus 3
   per level of income it ships, and its cash is the build's (shipments and a raise cost
   nothing); the turn counts are equal, so the best income is the best rest. What the two rounds can do
   depends on the board only through its nodes (kinds, dangers, colours), its goods and its
   complete links (the shipments of both maps run over the link graph: a route's legality
   and level read its nodes, its number of links and whether each step is a complete link;
   the Zoo's Feeding discount the same; Easter Island's "every ruin joined" the link graph's
   components), and through the player's locomotive, Feeding discount, rounds and raise
   already played, and which links have no owner (S15: they earn nothing). Take two
   positions equal in all of these, their complete links matched one to one between the
   same two nodes with the same owner status: the match carries every legal shipment of
   one to a legal shipment of the other with as many links and as many without an owner,
   leaving the same goods, and a raise or pass to itself; by induction over the two rounds
   both reach the same clears with the same income. So the best income of the clearing
   rests is searched once per such key (:func:`_rests_key`) and shared by every action and
   build of the last turn that leaves it (other cards, costs, track shapes, track order,
   incomplete track). On the shipped ``zoo-game-full`` it turns 12,098 searches into 24.

In earlier turns every build is tried: even money spent on a useless stub can, through the
income reduction, change the income (11 drops to 9, but a $1 shortfall leaves 10).
``tests/steam/test_game_planner.py`` checks the planner against an independent brute force
(``tests/steam/twins.py``) that has none of these dominances, and against itself without them
(``dominances=False``).

What the last turns leave out, and why nothing is lost
------------------------------------------------------
* **The last turn** (the deadline's): only turns that clear count, so move goods plays only
  rounds after which the goods left can still come down to none (a round ships at most one
  good, so with two left both rounds ship), and a pass before a shipment is not played (it
  ends exactly where the shipment played at once ends). An action after which the
  locomotive cannot reach the level the goods need (:func:`_level_reachable`: one raise at
  most, and it takes a round) is not built on. The build lays whole complete links
  (dominance 2) directly, with tiles from hand on each lay's dearest tiles: putting one on a
  cheaper tile leaves the same board for more cash, which never ranks higher.
* **The turn before it**: only turns leaving at most two goods are kept (the last turn ships
  two at most); move goods stops a sequence as soon as it cannot get there.
* Nothing else is left out: every selection, every build (incomplete track and the
  extension of track that lost its owner included, S15), every shipment.

How it stays fast
-----------------
The board side of a turn (action, build, move goods) does not depend on cash, shares or
income, so it is worked out once per board (a *skeleton*, played with unlimited cash) and then
paid for with each share count by arithmetic: the selection, tiles and new city need cash in
hand, the end of the turn is the engine's :func:`~zoobook.steam.game.economy.end_of_turn_money`.
The last turn is a table, per board, of what each clearing action and build needs, spends and
scores (its move goods by dominance 4); the turn before it is evaluated against that table
without making positions. Four shortcuts change no answer, witness or count (``shortcuts``;
``plan(..., shortcuts=False)`` runs without them and the tests compare both): dominance 4;
the turn before the last takes its first turns from the list of every first turn (which the
refuted openings need too) instead of searching them again; first turns that read the same
from the arithmetic (the next turn's position but for the
money, the action, what the action, build and shipments cost and earn) are worked out once
and counted as many times; and the build's one-tile lays, played through the engine, share
their common prefixes (the engine is a pure function). The Zoo's shipments share the board's
validated hex map (food is no part of it), and equal boards are one object, so the engine's
caches of shipments and networks serve every build that lays the same track.

Pruning (sound: it never cuts a plan that could clear by the deadline)
---------------------------------------------------------------------
* **goods**: a turn has two move-goods rounds, so it feeds at most two areas (Zoo) or
  removes at most two cubes (Easter Island): ``ceil(left / 2)`` turns;
* **locomotive**: food from an area of danger d needs level d - 1 even with Feeding (S4,
  S6); the level rises at most twice a turn (the card and one round), so a level short by
  r needs ``ceil(r / 2)`` turns;
* **money**: track the goods still need must be paid by the cash, every share left and the
  best income;
* **last turn**: only the turns that clear are kept.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> found = plan(Game.zoo(zoo, land=[(1, 0)], turns=3))
>>> found.turns
1
>>> [str(a) for a in found.steps[0].actions][1:3]
['select engineer', 'lay track (2,0) (1,0) (0,0)']
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

from zoobook import errors
from zoobook.explain import plural
from zoobook.progress import Callback, Interrupted, SearchBudgetExceeded, quiet
from zoobook.rulings import cite
from zoobook.steam.game import state as engine
from zoobook.hexgrid import neighbours
from zoobook.steam.game.budget import BudgetSpent, Meter, metered
from zoobook.steam.game.budget import spend as _spend
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Urbanize)
from zoobook.steam.game.economy import MAX_SHARES, SHARE_PRICE, Economy, end_of_turn_money
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.state import ACTION, BUILD, MOVE, OVER, SHARES, Game, Position, step

__all__ = ["Plan", "TurnPlan", "plan", "turn_options", "turns_lower_bound", "final_score",
           "replay", "SearchStats", "MoveSet", "EXACT_OVER", "searched", "PlanBudgetExceeded"]

_EVERY_MOVE = ("every legal move of the engine (every share count, every action, every track path "
               "a build may lay one tile at a time, every shipment, raise and pass)")
_DOMINANCES = ("the last turn issues only the fewest shares that pay for it and lays no tile "
               "outside a complete link, and no earlier turn issues a share it does not need to "
               "pay its way without a shortfall (S13)")
_BOUNDS = ("positions that the goods, locomotive and money bounds show cannot clear by the "
           "deadline are not searched")


def searched(prune: bool = True, dominances: bool = True) -> str:
    """What a search with these options weighed, in one clause (explanations quote it): every
    legal move but those the dominances prove never do better, and, with *prune*, not the
    positions the bounds rule out. It says what was left out, because "every legal move" alone
    would claim more than the search did.

    >>> print(searched(prune=False, dominances=False))  # doctest: +NORMALIZE_WHITESPACE
    every legal move of the engine (every share count, every action, every track path a build
    may lay one tile at a time, every shipment, raise and pass)
    >>> "bounds show cannot clear" in searched(prune=True, dominances=False)
    True
    """
    text = _EVERY_MOVE
    if dominances:
        text += f", but for moves proven never to do better ({_DOMINANCES})"
    if prune:
        text += f"; {_BOUNDS}"
    return text


#: What the planner's default search weighs (:func:`searched` with the bounds and dominances).
EXACT_OVER = searched()


class PlanBudgetExceeded(SearchBudgetExceeded):
    """The exact planner stopped at its budget (CPU seconds, memory or positions) before it
    settled the map: what it had proved by then.

    ``lower_bound`` is a turn before which no plan clears the map (proved: the turns bound,
    or the deadlines the search refuted), ``bound_reason`` why; ``clears_in`` the fewest turns
    when the search had found them but not yet the plan's moves (else None); ``stats`` the
    search's counts; ``cpu_seconds`` the CPU time it spent; ``what`` the cap reached
    (``"cpu"``, ``"memory"`` or ``"positions"``).
    """

    def __init__(self, message: str, *, what: str, lower_bound: int, bound_reason: str,
                 stats: SearchStats, cpu_seconds: float, clears_in: int | None = None) -> None:
        super().__init__(message)
        self.what = what
        self.lower_bound = lower_bound
        self.bound_reason = bound_reason
        self.stats = stats
        self.cpu_seconds = cpu_seconds
        self.clears_in = clears_in

_ILLEGAL = tuple({getattr(engine, "IllegalAction", errors.IllegalAction), errors.IllegalAction})


def _cite(*ids: str) -> str:
    """Cite the first ruling of *ids* the rulings page has (S10a replaces S10 once merged)."""
    for ruling_id in ids:
        try:
            return cite(ruling_id)
        except KeyError:
            continue
    return ""


@dataclass(frozen=True)
class TurnPlan:
    """The actions of one turn of a plan and what the turn left."""

    turn: int
    actions: tuple[Action, ...]
    cash: int
    income: int
    locomotive: int

    def text(self) -> str:
        return f"turn {self.turn}: " + "; ".join(str(a) for a in self.actions)


@dataclass
class SearchStats:
    """What a search did: positions expanded, turns weighed, openings refuted.

    ``weighed`` counts the whole turns (or rests of turns) generated at the positions
    expanded; ``refuted``, once a plan is found, the distinct first turns (one per end
    position) after which no plan clears by its deadline: the openings a player must rule
    out (0 for a plan of one turn); during a search, the first turns refuted so far.
    """

    expanded: int = 0
    weighed: int = 0
    refuted: int = 0


@dataclass(frozen=True)
class Plan:
    """The planner's answer.

    ``turns`` is the turn in which the map is cleared (None: no plan clears it by the
    limit), ``score`` the base game's final score then (S10a), ``cash`` what is left,
    ``steps`` one :class:`TurnPlan` per turn, ``lower_bound`` the first deadline tried
    and ``explanation`` the reasons in plain sentences.
    """

    turns: int | None
    cash: int | None
    steps: tuple[TurnPlan, ...]
    lower_bound: int
    stats: SearchStats
    explanation: tuple[str, ...]
    score: int | None = None

    @property
    def cleared(self) -> bool:
        return self.turns is not None

    @property
    def actions(self) -> list[Action]:
        return [a for s in self.steps for a in s.actions]


# -- the objective -----------------------------------------------------------------------------

def final_score(game: Game, pos: Position) -> int:
    """The base game's final score (S10a): 3 per income level, -3 per issued share, +1 per
    track tile in complete links (the engine's own count, :func:`~zoobook.steam.game.state.final_score`).

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)],
    ...                    tracks=[[(0, 0), (1, 0), (2, 0), (3, 0)]])
    >>> game = Game.zoo(zoo, land=[(1, 1)], turns=1)
    >>> final_score(game, game.start.with_(economy=game.start.economy.with_(income=2, shares=1)))
    5
    """
    return engine.final_score(game, pos)


# -- bounds ----------------------------------------------------------------------------------

def turns_lower_bound(game: Game, pos: Position) -> tuple[int, str]:
    """Turns still needed (this one included) and the reason, never more than the truth.

    Two counts, and their combination at the start of a turn:

    * **goods**: a turn has two move-goods rounds, one shipment each;
    * **locomotive**: a level short by ``r`` rises at most twice a turn (the card and one
      raise);
    * **both** (from the shares or action phase): a raise takes a round that then carries no
      shipment, and the card of a turn gives at most one level (the Locomotive card's +1 or
      Feeding's one-level discount, never both). :func:`_rounds_bound` counts it.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("lions", (2, 0), 6)])
    >>> game = Game.zoo(zoo, land=[(1, 0)])
    >>> turns_lower_bound(game, game.start)  # doctest: +ELLIPSIS
    (3, '2 animal areas still to feed and locomotive level 5 needed, 4 above yours: ...')
    """
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if left == 0:
        return (1 if pos.phase != OVER else 0), "nothing left to ship"
    rounds = 2 if pos.phase in (SHARES, ACTION, BUILD) else 2 - pos.moves
    need = 1 + max(0, math.ceil((left - rounds) / 2))
    why = f"{goods.goods_word(left)} and two move-goods rounds a turn"
    level = goods.level_needed(pos.board)
    if level is None:
        return 10 ** 6, goods.impossible_reason(pos.board)
    short = max(0, level - pos.economy.locomotive)
    by_level = math.ceil(short / 2)
    if by_level > need:
        need, why = by_level, (f"locomotive level {level} needed, {short} above yours, and it "
                               "rises at most twice a turn")
    if pos.phase in (SHARES, ACTION) and short > 0:
        both = _rounds_bound(left, short)
        if both > need:
            need, why = both, (f"{goods.goods_word(left)} and locomotive level {level} needed, "
                               f"{short} above yours: the card of a turn gives at most one level "
                               "and each raise takes a move-goods round from the shipments")
    return max(need, 1), why


def _rounds_bound(left: int, short: int) -> int:
    """The fewest turns, from a turn's start, for *left* shipments with the locomotive *short*
    levels below what the last of them needs (``short >= 1``).

    In ``T`` turns the cards give at most ``T`` levels. The shipment that needs the level
    either uses Feeding's one-level discount, and then that turn's card is Feeding (at most
    ``T - 1`` levels from Locomotive cards, ``short`` to find), or it does not, and then the
    level must be ``short + 1`` higher (at most ``T`` from cards). Either way the raises
    number at least ``short - T + 1``, at most one a turn, and each takes one of the ``2 T``
    rounds the shipments also need.

    >>> _rounds_bound(3, 4), _rounds_bound(1, 1), _rounds_bound(2, 3)
    (3, 1, 2)
    """
    turns = 1
    while True:
        raises = max(0, short - turns + 1)
        if raises <= turns and left + raises <= 2 * turns:
            return turns
        turns += 1


def _level_reachable(game: Game, pos: Position) -> bool:
    """Whether the goods on the map can still all leave in this turn's move-goods rounds from
    *pos* (a BUILD-phase position, the action selected), as far as the locomotive goes.

    Every plan must reach the level :meth:`level_needed` names (the goods' own bound, which
    already allows Feeding's discount); the level rises in move goods only by one raise, which
    takes a round from the shipments (S11). So a level short by 2, or by 1 with two goods
    left (both rounds must ship), cannot clear the map in this turn. Sound: it only uses
    bounds every plan meets.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("lions", (2, 0), 6)])
    >>> game = Game.zoo(zoo, land=[(1, 0)])
    >>> _level_reachable(game, game.start.with_(phase=BUILD))
    False
    >>> eco = game.start.economy.with_(locomotive=5)
    >>> _level_reachable(game, game.start.with_(phase=BUILD, economy=eco))
    True
    """
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if left == 0:
        return True
    level = goods.level_needed(pos.board)
    if level is None:
        return False
    short = level - pos.economy.locomotive
    return short <= 0 or (short == 1 and left <= 1 and not pos.raised)


def _shipments_word(game: Game, left: int) -> str:
    return "shipment" if game.rules.name == "zoo" else "delivery"


def _short_reason(game: Game, pos: Position, last: int) -> str:
    """Why the bound rules out every turn up to *last*: "5 areas need 5 shipments and 2 turns
    allow 4"."""
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    level = goods.level_needed(pos.board)
    if level is None:
        return goods.impossible_reason(pos.board)
    turns = last - pos.turn + 1
    rounds = 2 * turns - (pos.moves if pos.phase == MOVE else 0)
    if left > rounds:
        word = _shipments_word(game, left)
        return (f"{goods.goods_word(left)} need {plural(left, word)} and "
                f"{plural(max(turns, 0), 'turn')} allow {max(rounds, 0)} (two move-goods rounds a "
                f"turn, one {word} each)")
    short = max(0, level - pos.economy.locomotive)
    return (f"the locomotive must reach level {level}, {short} above yours, and "
            f"{plural(max(turns, 0), 'turn')} raise it by at most {2 * max(turns, 0)}")


def _money_ok(game: Game, pos: Position, turns_left: int) -> bool:
    """Whether the track the goods still need could be paid in *turns_left* turns."""
    tiles = game.rules.goods.tiles_needed(pos.board) - pos.hand
    if tiles <= 0:
        return True
    cheapest = min(game.rules.tile_price(t, card) for card in (*game.rules.cards, game.rules.card(None))
                   for t in ("plain", "mountain"))
    eco = pos.economy
    best_income = sum(eco.income + 12 * k for k in range(turns_left))
    money = eco.cash + SHARE_PRICE * (MAX_SHARES - eco.shares) + best_income
    return money >= tiles * cheapest


# -- positions up to the order of their tracks -------------------------------------------------

_KEYS = IdentityCache()


def _board_key(game: Game, board):
    """What identifies *board*: its tracks as a set (their order only labels the links) and the
    rest of its fields (goods, nodes)."""
    def compute():
        hexmap = game.rules.goods.hexmap(board)
        rest = tuple(getattr(board, f.name) for f in fields(board)
                     if f.compare and f.name not in ("tracks", "hexmap", "terrain"))
        return (frozenset(hexmap.tracks), hexmap.nodes, rest)
    return _KEYS.get(board, "key", compute)


_OTHER_FIELDS = tuple(f for f in engine._FIELDS if f != "board")


def _key(game: Game, pos: Position) -> tuple:
    """*pos* up to the order of its tracks: equal keys have equal futures."""
    return (_board_key(game, pos.board),) + tuple(getattr(pos, f) for f in _OTHER_FIELDS)


_RICH = 10 ** 9


def _links_of(game: Game, board) -> tuple:
    """*board*'s complete links as ``(their two nodes, track index)`` (cached per board)."""
    def compute():
        return tuple((tuple(sorted((link.start, link.end))), link.index)
                     for link in game.rules.goods.hexmap(board).complete_links())
    return _KEYS.get(board, "links", compute)


def _rests_key(game: Game, pos: Position) -> tuple:
    """What the move-goods rounds of *pos* (MOVE phase) depend on, up to the labelling of its
    track: the nodes and goods, the complete links as a multiset of node pairs, each owned or
    not (S15), and the locomotive, Feeding discount, rounds and raise. See dominance 4 of the
    module docstring: equal keys have the same clearing rests, shipping the same income."""
    board = pos.board
    hexmap = game.rules.goods.hexmap(board)
    rest = _board_key(game, board)[2]
    links = tuple(sorted((pair, index in pos.unowned) for pair, index in _links_of(game, board)))
    eco = pos.economy
    return (hexmap.nodes, rest, links, eco.locomotive, engine._discount(game, pos),
            pos.discount_used, pos.raised, pos.moves, pos.entered_exit)


def _apply(game: Game, pos: Position | None, action: Action) -> Position | None:
    if pos is None:
        return None
    _spend()  # every engine step is charged to the caller's budget (budget.py), if any
    try:
        return step(game, pos, action)[0]
    except _ILLEGAL:
        return None


def _apply_all(game: Game, pos: Position, actions: Iterable[Action]) -> Position | None:
    for action in actions:
        pos = _apply(game, pos, action)
        if pos is None:
            return None
    return pos


@dataclass(frozen=True)
class _Skeleton:
    """One turn's choices played with unlimited cash: what they cost and where they end.

    ``price`` is what the selection takes before its bonus (paid first), ``net`` the
    selection's price less its bonus, ``cost`` the build's; ``end`` the position after the
    move-goods rounds *before* the end-of-turn money (phase MOVE with both rounds
    played), or the position where the game was cleared (S13).
    """

    select: Action
    build: tuple[Action, ...]
    moves: tuple[Action, ...]
    card: object
    price: int
    net: int
    cost: int
    end: Position
    #: the next turn's position but for the money (None when the game ends this turn)
    after: Position | None = None
    #: cleared at once (S13): the score of the end without shares
    base: int | None = None


def _build_start(game: Game, pos: Position) -> tuple:
    """The selected card, the tiles it still lets the player lay this turn, and the ways a
    build starts: as it is, or with an Urbanization of each town (when the card allows one),
    each as ``(actions, position after them, its hex map, its nodes' hexes)``."""
    rules = game.rules
    card = rules.card(pos.card)
    room = rules.tile_limit(card) - pos.tiles_laid
    prefixes: list[tuple[Action, ...]] = [()]
    if card.urbanizes and not pos.urbanized:
        prefixes += [(Urbanize(t),) for t in rules.goods.towns(pos.board)]
    starts = []
    for prefix in prefixes:
        start = _apply_all(game, pos, prefix)
        if start is not None:
            hexmap = rules.goods.hexmap(start.board)
            starts.append((prefix, start, hexmap, frozenset(n.hex for n in hexmap.nodes)))
    return card, room, starts


def _lay_starts(tracks: frozenset, nodes: frozenset) -> tuple[set, list[tuple]]:
    """The land hexes holding track, and where a lay may begin, as the engine's lay_starts:
    ``(hex, the incomplete track it extends or None, that track's start)`` for every node and
    every incomplete track's end, the player's or one without an owner (S15: extending it
    takes it back)."""
    used = {h for t in tracks for h in t[1:] if h not in nodes}
    by_end = {t[-1]: t for t in tracks if t[-1] not in nodes}
    begins = []
    for begin in sorted(nodes | set(by_end)):
        base = by_end.get(begin)
        begins.append((begin, base, base[0] if base else begin))
    return used, begins


class MoveSet:
    """The planner's moves for one game: whole turns built from the engine's legal actions.

    The board side of a turn (action, build, move goods) does not depend on the money but
    through what it costs, so it is worked out once with unlimited cash (a *skeleton*) and
    then paid for with each share count: the selection, the tiles and the new city are
    affordable when the cash covers them, and the end of the turn is the engine's own
    :func:`~zoobook.steam.game.economy.end_of_turn_money` (bankrupt below income 0).
    """

    def __init__(self, game: Game, prune: bool = False, dominances: bool = True,
                 shortcuts: bool = True) -> None:
        self.game = game
        self.prune = prune
        self.dominances = dominances
        #: the caches of "How it stays fast" that change no answer and no count (dominance 4,
        #: skeletons alike in money, shared build prefixes); off: the planner as it was
        #: before them (the tests and the benchmark compare both)
        self.shortcuts = shortcuts
        self._builds: dict = {}
        self._skeletons: dict = {}
        self._finals: dict = {}
        self._rests: dict = {}
        self._moneys: dict = {}
        self._next: dict = {}
        self._templates: dict = {}

    # -- action ------------------------------------------------------------------------------
    def selects(self, pos: Position) -> list[Action]:
        """The selections the engine allows now (an ACTION-phase position)."""
        return [a for a in engine.legal_actions(self.game, pos) if isinstance(a, Select)]

    # -- build ---------------------------------------------------------------------------------
    def builds(self, pos: Position, complete_only: bool = False
               ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every end of the build from a BUILD-phase position, each with the position after.

        With ``complete_only``, only the builds whose new tiles all lie in complete links
        (the last turn's dominance: see the module docstring).
        """
        out = []
        for actions, changes, cost in self._cached_builds(pos, complete_only):
            if cost <= pos.cash:
                built = pos.with_(economy=pos.economy.with_(cash=pos.cash - cost), **changes)
                if built.phase == OVER:  # cleared by a lay (S13a): its cash and score are these
                    built = built.with_(outcome=replace(built.outcome, cash=built.cash,
                                                        score=final_score(self.game, built)))
                out.append((actions, built))
        return out

    def _cached_builds(self, pos: Position, complete_only: bool = False):
        card = self.game.rules.card(pos.card)
        what = pos.card if card.urbanizes else (card.tile_limit(self.game.rules.tiles),
                                                 tuple(card.tile_price(p) for p in range(1, 6)))
        key = (_board_key(self.game, pos.board), pos.stubs, pos.hand, what, pos.tiles_laid,
               pos.urbanized, pos.turn, complete_only)
        if key not in self._builds:
            rich = pos.with_(economy=pos.economy.with_(cash=_RICH))
            found, seen = [], set()
            sequences = (self._complete_lay_sequences(rich) if complete_only else
                         [(self._grouped(actions), stubs) for actions, stubs in self._lay_sequences(rich)])
            played = {(): rich}  # the engine is pure: a prefix played once serves every build
            for actions, _ in sequences:
                here = self._played(played, actions) if self.shortcuts else \
                    _apply_all(self.game, rich, actions)
                if here is not None and here.phase == OVER:
                    # The lay that met the last clear condition ended the game cleared at
                    # once (S13a): the build stops there, with no EndBuild (the engine refuses
                    # one after the game is over), and it is a clearing turn.
                    end, finish = here, ()
                else:
                    end, finish = _apply(self.game, here, EndBuild()), (EndBuild(),)
                if end is None:
                    continue
                end_key = _key(self.game, end)
                if end_key in seen:
                    continue
                seen.add(end_key)
                changes = {f: getattr(end, f) for f in engine._FIELDS
                           if f not in ("economy", "card") and getattr(end, f) != getattr(rich, f)}
                found.append((actions + finish, changes, _RICH - end.cash))
            self._builds[key] = found
        return self._builds[key]

    def _played(self, played: dict, actions: tuple[Action, ...]) -> Position | None:
        """The position after *actions* from ``played[()]``, through the engine, reusing and
        filling *played* (action prefix -> position, None once illegal)."""
        known = len(actions)
        while actions[:known] not in played:
            known -= 1
        here = played[actions[:known]]
        for i in range(known, len(actions)):
            here = None if here is None else _apply(self.game, here, actions[i])
            played[actions[:i + 1]] = here
        return here

    def _grouped(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """One-tile lays that extend the tile just laid, as one lay (the same track, stubs and
        tiles; the same cost when no tile comes from hand or every tile costs the same, since a
        longer lay frees its most expensive tiles)."""
        land, rules = self.game.land, self.game.rules
        out: list[Action] = []
        for action in actions:
            prev = out[-1] if out else None
            if (isinstance(action, LayTrack) and isinstance(prev, LayTrack)
                    and action.hexes[0] == prev.hexes[-1] and len(prev.hexes) >= 2
                    and not self._is_node(prev.hexes[-1])):
                merged = prev.hexes + action.hexes[1:]
                prices = {rules.price.of(land[h]) for h in merged[1:] if h in land}
                if (prev.hand + action.hand == 0) or len(prices) == 1:
                    out[-1] = LayTrack(merged, hand=prev.hand + action.hand)
                    continue
            out.append(action)
        return tuple(out)

    def _is_node(self, h) -> bool:
        return h not in self.game.land

    def _lay_sequences(self, pos: Position) -> list[tuple[tuple[Action, ...], frozenset]]:
        """Every build as the engine's one-tile lays (and an urbanization first, which no lay
        depends on: a town is a node before and after), one sequence per end of the build.

        Depth first over tiles: from every node and every end of incomplete track the
        engine lets the player extend, into every free land hex, paid from the limit or from
        hand, ending there or on every neighbouring node but the track's own start.
        """
        game = self.game
        card, room, starts = _build_start(game, pos)
        out = []
        for prefix, start, hexmap, nodes in starts:
            tracks = frozenset(tuple(t.hexes) for t in hexmap.tracks)
            stubs = frozenset(h for h, _ in start.stubs)
            seen: set = set()
            stack = [(tracks, stubs, room, start.hand, frozenset(), prefix)]
            ends: set = set()
            while stack:
                tracks, stubs, room_left, hand, from_hand, actions = stack.pop()
                state = (tracks, stubs, room_left, hand)
                if state in seen:
                    continue
                seen.add(state)
                end_key = (tracks, stubs, from_hand)
                if end_key not in ends:
                    ends.add(end_key)
                    out.append((actions, stubs))
                if room_left <= 0 and hand <= 0:
                    continue
                used, begins = _lay_starts(tracks, nodes)
                for begin, base, origin in begins:
                    for h in neighbours(begin):
                        if h not in game.land or h in used or h in nodes:
                            continue
                        path = (base or (begin,)) + (h,)
                        rest = tracks - {base} if base else tracks
                        finishes = [None] + [n for n in neighbours(h) if n in nodes and n != origin]
                        pays = ([(room_left - 1, hand, 0)] if room_left > 0 else []) + \
                               ([(room_left, hand - 1, 1)] if hand > 0 else [])
                        for finish in finishes:
                            track = path if finish is None else path + (finish,)
                            lay = (begin, h) if finish is None else (begin, h, finish)
                            new_stubs = (stubs - {begin}) | ({h} if finish is None else set())
                            for room2, hand2, free in pays:
                                stack.append((rest | {track}, new_stubs, room2, hand2,
                                              from_hand | ({h} if free else set()),
                                              actions + (LayTrack(lay, hand=free),)))
        return out

    def _complete_lay_sequences(self, pos: Position) -> list[tuple[tuple[Action, ...], None]]:
        """Every build of the last turn whose new tiles all lie in links that end on a node: a
        sequence of whole lays, each from a node or an incomplete track's end along free land
        hexes to a node other than the track's start (and an urbanization first, as in
        :meth:`_lay_sequences`).

        This is the set :meth:`_lay_sequences` reaches when every track it touches ends on a
        node (its one-tile lays grouped per track: tracks laid in the same build share no hex,
        so the order of their tiles only interleaves them), without walking the one-tile
        sequences that leave a track open. Tiles from hand go where the engine puts them, on a
        lay's dearest tiles; every count of them per lay is tried. A build that puts a hand tile
        on a cheaper tile leaves the same board for more cash spent, which at the last turn is
        never better (the last turn's table ranks the same board and score by the cash spent).
        """
        game = self.game
        rules = game.rules
        card, room, starts = _build_start(game, pos)
        price = {h: rules.tile_price(t, card) for h, t in game.land.items()}
        out: list = []
        for prefix, start, hexmap, nodes in starts:
            seen: set = set()
            stack = [(frozenset(tuple(t.hexes) for t in hexmap.tracks), room, start.hand, 0, prefix)]
            while stack:
                tracks, room_left, hand, cost, actions = stack.pop()
                if (tracks, hand, cost) in seen:
                    continue
                seen.add((tracks, hand, cost))
                out.append((actions, None))
                most = room_left + hand
                if most <= 0:
                    continue
                used, begins = _lay_starts(tracks, nodes)
                for begin, base, origin in begins:
                    rest = tracks - {base} if base else tracks
                    paths = [((begin,), ())]
                    while paths:
                        hexes, new = paths.pop()
                        for h in neighbours(hexes[-1]):
                            if h not in game.land or h in used or h in nodes or h in new:
                                continue
                            tiles = new + (h,)
                            if len(tiles) < most:
                                paths.append((hexes + (h,), tiles))
                            dear = sorted((price[t] for t in tiles), reverse=True)
                            for finish in neighbours(h):
                                if finish not in nodes or finish == origin:
                                    continue
                                lay = hexes + (h, finish)
                                track = (base or (begin,)) + lay[1:]
                                for free in range(min(hand, len(tiles)) + 1):
                                    if len(tiles) - free > room_left:
                                        continue
                                    stack.append((rest | {track}, room_left - len(tiles) + free,
                                                  hand - free, cost + sum(dear[free:]),
                                                  actions + (LayTrack(lay, hand=free),)))
        return out

    # -- move goods ---------------------------------------------------------------------------
    def moves(self, pos: Position, *, stop_before_end: bool = False, left: int | None = None
              ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every rest of the move-goods phase (each round: every legal action), with the end.

        With ``stop_before_end`` a rest that plays both rounds ends on the position before the
        end-of-turn money (both rounds counted as played, phase still MOVE).

        With ``left`` only the rests that end with at most *left* goods on the map (``0``: the
        rests that clear it) are kept, and a round is not played on when the goods it leaves
        cannot come down to *left* in the rounds after it (a round ships at most one good).
        With ``left=0`` a pass is not played before a shipment: passing and then shipping
        ends exactly where shipping at once ends (the game is over at the clear, S13).
        """
        game = self.game
        goods = game.rules.goods
        out = []
        frontier = [((), pos)]
        while frontier:
            actions, here = frontier.pop()
            for action in self._move_candidates(here):
                if left == 0 and isinstance(action, Pass):
                    continue
                if stop_before_end and here.moves == 1:
                    after = _apply(game, here.with_(moves=0), action)
                    if after is not None and after.phase == MOVE:
                        after = after.with_(moves=2)
                else:
                    after = _apply(game, here, action)
                if after is None:
                    continue
                if after.phase == MOVE and after.moves < 2 and after.turn == here.turn:
                    if left is not None and goods.goods_left(after.board) > left + 2 - after.moves:
                        continue
                    frontier.append((actions + (action,), after))
                else:
                    if left is not None and (goods.goods_left(after.board) > left if left else
                                             not (after.phase == OVER and after.outcome.cleared)):
                        continue
                    out.append((actions + (action,), after))
        return out

    def _move_candidates(self, pos: Position) -> list[Action]:
        """What the engine's :func:`~zoobook.steam.game.state.legal_actions` tries in a
        move-goods round (each is then played, and a refused one skipped)."""
        discount = getattr(engine, "_discount", None)
        if discount is None:
            return engine.legal_actions(self.game, pos)
        ships = self.game.rules.goods.shipments(pos.board, pos.economy.locomotive,
                                                discount=discount(self.game, pos))
        return [*ships, RaiseLocomotive(), Pass()]

    # -- whole turns -------------------------------------------------------------------------
    def skeletons(self, pos: Position, last: bool = False, left: int | None = None) -> list[_Skeleton]:
        """The board side of every turn from a SHARES-phase position (cached).

        With ``last`` only the turns that clear the map are kept (the others are no last
        turn), a selection after which the locomotive cannot reach the level the goods need
        in this turn is not built on (:func:`_level_reachable`), and two builds that leave the
        same complete links (and nodes) for the same cost are one: incomplete track and tiles
        in hand have no value once the game ends, and shipments only use complete links.

        With ``left`` (the turn before the last) only the turns that leave at most *left*
        goods on the map are kept: the last turn ships at most two.
        """
        game = self.game
        if last:
            left = 0
        key = (_key(game, pos.with_(economy=pos.economy.with_(cash=0, shares=0, income=0))), last,
               left)
        if key in self._skeletons:
            return self._skeletons[key]
        if left is not None and not last and self.shortcuts:
            # The same list as the search with *left* would make (goods only go, so a round
            # that cannot get down to *left* has no descendant that does; the order of the
            # rest is kept), filtered from every turn: the refuted openings need those too.
            goods = game.rules.goods
            out = [sk for sk in self.skeletons(pos)
                   if not sk.moves or goods.goods_left(sk.end.board) <= left]
            self._skeletons[key] = out
            return out
        out = []
        for select, card, price, net, build, built, cost in self._turn_builds(pos, last):
            rests = [((), built)] if built.phase != MOVE else \
                self.moves(built, stop_before_end=True, left=left)
            for moves, end in rests:
                after = base = None
                if end.phase == OVER:
                    if not end.outcome.cleared:
                        continue
                    base = final_score(game, end.with_(economy=end.economy.with_(shares=0)))
                else:
                    after, _ = engine._end_of_turn(game, end, [])
                    if after.phase == OVER and not after.outcome.cleared:
                        continue  # the turn limit: lost whatever the money
                out.append(_Skeleton(select, build, moves, card, price, net, cost, end,
                                     after, base))
        self._skeletons[key] = out
        return out

    def _turn_builds(self, pos: Position, last: bool):
        """The action and build of every turn from a SHARES-phase position, played with
        unlimited cash: ``(select, card, price, net, build, built, cost)`` in the order the
        skeletons list them (see :meth:`skeletons` for what ``last`` leaves out)."""
        game = self.game
        # Income, shares and cash change nothing on the board: the skeleton starts from 0
        # income (its end's income is the links shipped) and is paid for later.
        rich = pos.with_(phase=ACTION, economy=pos.economy.with_(cash=_RICH, income=0, shares=0))
        chosen_keys: set = set()
        for select in self.selects(rich):
            chosen = _apply(game, rich, select)
            if chosen is None:
                continue
            # Two selections that leave the same position have the same turns: Rapa Nui on one
            # one-cube remnant or another turns nothing (S12a) and pays the same.
            if select.target is not None:
                chosen_key = (select.action, _key(game, chosen))
                if chosen_key in chosen_keys:
                    continue
                chosen_keys.add(chosen_key)
            if last and not _level_reachable(game, chosen):
                continue  # the locomotive cannot reach the level this turn: no build clears
            card = game.rules.card(select.action)
            price = game.rules.selection.price if select.action else 0
            net = _RICH - chosen.cash
            alike: set = set()
            for build, built in self.builds(chosen, complete_only=last and self.dominances):
                cost = chosen.cash - built.cash
                if last and game.rules.goods.goods_left(built.board) > 2:
                    continue  # two move-goods rounds cannot clear it
                if last:
                    hexmap = game.rules.goods.hexmap(built.board)
                    same = (frozenset(t for t in hexmap.tracks if hexmap.is_node(t.end)),
                            hexmap.nodes, cost, built.phase)
                    if same in alike:
                        continue
                    alike.add(same)
                yield select, card, price, net, build, built, cost

    def _paid(self, pos: Position, sk: _Skeleton, count: int) -> Position | None:
        """The end of skeleton *sk* from *pos* with *count* shares issued, or None if it cannot
        be paid or ends the game lost."""
        game = self.game
        cash = pos.cash + SHARE_PRICE * count
        if sk.select.action is not None and game.rules.selection.refusal(pos.blocked, cash, sk.card):
            return None
        cash -= sk.net
        if sk.cost > cash:
            return None
        cash -= sk.cost
        end = sk.end
        eco = end.economy.with_(cash=cash, shares=pos.economy.shares + count,
                                income=pos.economy.income + end.economy.income)
        if end.phase == OVER:
            done = end.with_(economy=eco)
            return done.with_(outcome=replace(end.outcome, cash=cash,
                                              score=final_score(game, done)))
        if sk.after.phase == OVER:  # cleared at the end of the turn: the engine decides
            after, _ = engine._end_of_turn(game, end.with_(economy=eco), [])
            return None if after.phase == OVER and not after.outcome.cleared else after
        money, _ = end_of_turn_money(eco)
        if money.income < 0:
            return None  # bankrupt
        return sk.after.with_(economy=money)

    def last_turn_value(self, pos: Position):
        """The best (score, cash) of a last turn from a SHARES-phase position, worked out with
        the fewest shares that pay for each clearing skeleton (arithmetic, no positions), or
        ``NotImplemented`` when some skeleton clears only at the end of the turn."""
        finals = self.finals(pos)
        if finals is NotImplemented:
            return NotImplemented
        return self.final_value(finals, pos.cash, pos.economy.income, pos.economy.shares)

    def finals(self, pos: Position):
        """The last turn's clearing skeletons as ``{(cash needed, cash spent): best base}``:
        the selection needs its price in hand first, the whole turn needs what it spends, and
        the base is the score without income brought in and shares (cached).

        Worked out per action and build, not per skeleton: the best base of a build is the
        best of its clearing move-goods rests (:meth:`_best_clearing_rest`), which depends on
        the board and the locomotive only, so builds that leave the same board share it."""
        key = _key(self.game, pos.with_(economy=pos.economy.with_(cash=0, shares=0, income=0)))
        if key in self._finals:
            return self._finals[key]
        game = self.game
        table: dict = {}
        if not self.shortcuts:
            self._finals[key] = table = self._finals_by_skeleton(pos)
            return table
        for select, card, price, net, build, built, cost in self._turn_builds(pos, True):
            if built.phase == MOVE:
                base = self._best_clearing_rest(built)
                if base is None:
                    continue
            elif built.phase == OVER:
                if not built.outcome.cleared:
                    continue
                base = final_score(game, built.with_(economy=built.economy.with_(shares=0)))
            else:  # pragma: no cover - a build ends in move goods or with the game
                after, _ = engine._end_of_turn(game, built, [])
                if after.phase == OVER:
                    self._finals[key] = NotImplemented
                    return NotImplemented
                continue
            spend = net + cost
            need = max(spend, price if select.action else 0)
            if table.get((need, spend), -10 ** 9) < base:
                table[(need, spend)] = base
        self._finals[key] = table
        return table

    def _finals_by_skeleton(self, pos: Position):
        """:meth:`finals` from every clearing skeleton, each searched on its own (the planner
        without its shortcuts)."""
        table: dict = {}
        for sk in self.skeletons(pos, True):
            if sk.base is None:
                if sk.after is not None and sk.after.phase == OVER:
                    return NotImplemented
                continue
            spend = sk.net + sk.cost
            need = max(spend, sk.price if sk.select.action else 0)
            if table.get((need, spend), -10 ** 9) < sk.base:
                table[(need, spend)] = sk.base
        return table

    def _best_clearing_rest(self, built: Position) -> int | None:
        """The best base (the score with no shares) of the move-goods rests from *built* (a
        MOVE-phase position of the last turn) that clear the map, or None (cached).

        Every such rest ends the game at the clear (S13), so it needs no cash and earns no
        money, and it lays no track: its score is *built*'s with the income it ships added.
        That income is searched once per :func:`_rests_key` (the last turn's dominance 4 of
        the module docstring): builds of other cards, costs or track shapes that leave the
        same links share one search."""
        key = _rests_key(self.game, built)
        if key not in self._rests:
            best = None
            for _, end in self.moves(built, stop_before_end=True, left=0):
                if end.phase != OVER or not end.outcome.cleared:  # pragma: no cover - left=0 keeps clears
                    continue
                gain = end.economy.income - built.economy.income
                if best is None or gain > best:
                    best = gain
            self._rests[key] = best
        gain = self._rests[key]
        if gain is None:
            return None
        return final_score(self.game, built.with_(economy=built.economy.with_(shares=0))) + 3 * gain

    @staticmethod
    def final_value(finals: dict, cash: int, income: int, shares: int):
        """The best (score, cash) of a last turn, each skeleton with the fewest shares paying it."""
        best = None
        spare = MAX_SHARES - shares
        for (need, spend), base in finals.items():
            count = max(0, -(-(need - cash) // SHARE_PRICE))
            if count > spare:
                continue
            value = (base + 3 * income - 3 * (shares + count), cash + SHARE_PRICE * count - spend)
            if best is None or value > best:
                best = value
        return best

    def _next_turn(self, sk: _Skeleton):
        """For a skeleton that ends its turn (not the game): a number naming the position it
        leads to but for the money (equal positions, one number), and that position's
        last-turn table, or None when the goods and locomotive bound
        (:func:`turns_lower_bound`) needs more than that turn (cached per skeleton)."""
        found = self._next.get(id(sk))
        if found is not None and found[0] is sk:
            return found[1], found[2]
        template = sk.after
        tkey = _key(self.game, template.with_(economy=template.economy.with_(cash=0, shares=0, income=0)))
        entry = self._templates.get(tkey)
        if entry is None:
            finals = None if turns_lower_bound(self.game, template)[0] > 1 else self.finals(template)
            entry = self._templates[tkey] = (len(self._templates), finals)
        self._next[id(sk)] = (sk, *entry)
        return entry

    @staticmethod
    def _signature(sk: _Skeleton, tid) -> tuple:
        """What the arithmetic of the last two turns reads from *sk* (with *tid*, its
        :meth:`_next_turn` number): skeletons alike in it give the same values for every
        share count, so only the first is worked out."""
        return (tid, sk.select.action, sk.net, sk.cost, sk.end.economy.income,
                sk.end.economy.locomotive, sk.base, sk.end.phase,
                sk.end.phase == OVER and sk.end.outcome.cleared,
                sk.after is None or sk.after.phase == OVER)

    def _money(self, cash: int, income: int, shares: int, locomotive: int):
        """The engine's :func:`~zoobook.steam.game.economy.end_of_turn_money` of that economy
        (cached: the arithmetic of the last two turns asks for the same ones many times)."""
        key = (cash, income, shares, locomotive)
        found = self._moneys.get(key)
        if found is None:
            eco = Economy(cash=cash, income=income, shares=shares, locomotive=locomotive)
            found = self._moneys[key] = end_of_turn_money(eco)[0]
        return found

    def _no_later_share(self, pos: Position, sk: _Skeleton, count: int) -> bool:
        """Whether, *sk* being paid with *count* shares from *pos*, no more shares need be
        tried (dominance 3 of the module docstring): the turn clears the map at once (a
        share more only costs 3 points, S13), or it ends with the expenses paid in full (a
        share more is better issued in the next turn)."""
        if sk.end.phase == OVER:
            return sk.end.outcome.cleared
        if sk.after is None or sk.after.phase == OVER:
            return False
        cash = pos.cash + SHARE_PRICE * count - sk.net - sk.cost
        shares = pos.economy.shares + count
        income = pos.economy.income + sk.end.economy.income
        return cash + income >= shares + sk.end.economy.locomotive

    def refuted_before_last(self, pos: Position, deadline: int):
        """:meth:`_Search.refuted_openings` from a SHARES-phase position one turn before
        *deadline*, by arithmetic: the same first turns (every skeleton, every share count),
        each end told apart by its key (the board side of the next turn's position and its
        money), and refuted when the next turn cannot clear: the turns bound rules it out, or
        the last turn's table (exact) has no clearing turn for its money. The position search
        would find the same: its bounds are sound, so they refute only what the table
        refutes. ``NotImplemented`` when some turn ends the game at the end of a turn (the
        position search counts those)."""
        game = self.game
        spare = MAX_SHARES - pos.economy.shares
        selection = game.rules.selection
        refuted: set = set()
        checked: set = set()
        alike: set = set()
        for sk in self.skeletons(pos):
            _spend()
            if sk.end.phase == OVER:
                continue  # cleared at once this turn: a plan, never refuted
            if sk.after.phase == OVER:
                return NotImplemented
            template = sk.after
            tkey, finals = self._next_turn(sk)  # a number per template: cheap keys below
            if finals is NotImplemented:
                return NotImplemented
            signature = self._signature(sk, tkey) if self.shortcuts else id(sk)
            if signature in alike:
                continue  # the same ends as a skeleton counted already
            alike.add(signature)
            end_eco = sk.end.economy
            for count in range(spare + 1):
                cash = pos.cash + SHARE_PRICE * count
                if sk.select.action is not None and selection.refusal(pos.blocked, cash, sk.card):
                    continue
                cash -= sk.net
                if sk.cost > cash:
                    continue
                cash -= sk.cost
                shares = pos.economy.shares + count
                money = self._money(cash, pos.economy.income + end_eco.income, shares,
                                    end_eco.locomotive)
                if money.income < 0:
                    continue  # bankrupt: no opening
                key = (tkey, money.cash, money.income, shares)
                if key in checked:
                    continue  # the same end: its verdict is a function of the key
                checked.add(key)
                value = None if not finals else \
                    self.final_value(finals, money.cash, money.income, shares)
                if value is None or (self.prune and not _money_ok(game, template.with_(economy=money), 1)):
                    refuted.add(key)
        return len(refuted)

    def next_to_last_value(self, pos: Position, deadline: int, stats: SearchStats | None = None,
                           choice: list | None = None, progress: Callback | None = None):
        """The best (score, cash) from a SHARES-phase position one turn before *deadline*, by
        arithmetic: every skeleton, every share count, the engine's end-of-turn money, then
        the last turn's table of the position it leads to (no positions are made)."""
        game = self.game
        best = None
        spare = MAX_SHARES - pos.economy.shares
        selection = game.rules.selection
        skeletons = self.skeletons(pos, left=2)
        alike: dict = {}
        for done, sk in enumerate(skeletons):
            _spend()
            if progress is not None and progress(done, len(skeletons), f"deadline turn {deadline}") is False:
                raise Interrupted("stopped by the progress callback")
            if sk.end.phase != OVER and game.rules.goods.goods_left(sk.end.board) > 2:
                continue
            finals = tid = None
            if sk.end.phase != OVER:
                if sk.after.phase == OVER:
                    return NotImplemented
                tid, finals = self._next_turn(sk)
                if finals is None:
                    continue  # the bound: the next turn cannot clear
                if finals is NotImplemented:
                    return NotImplemented
                if not finals:
                    continue
            signature = self._signature(sk, tid) if self.shortcuts else id(sk)
            if signature in alike:
                if stats is not None:  # counted as if worked out again
                    stats.weighed += alike[signature][0]
                    stats.refuted += alike[signature][1]
                continue
            weighed = refuted = 0
            for count in range(spare + 1):
                cash = pos.cash + SHARE_PRICE * count
                if sk.select.action is not None and selection.refusal(pos.blocked, cash, sk.card):
                    continue
                cash -= sk.net + sk.cost
                if cash < 0 or sk.cost > cash + sk.cost:
                    continue
                shares = pos.economy.shares + count
                income = pos.economy.income + sk.end.economy.income
                if finals is None:  # cleared at once this turn (S13): the fewest shares
                    value = (sk.base + 3 * pos.economy.income - 3 * shares, cash)
                else:
                    money = self._money(cash, income, shares, sk.end.economy.locomotive)
                    if money.income < 0:
                        continue
                    value = self.final_value(finals, money.cash, money.income, shares)
                weighed += 1
                refuted += value is None
                if value is not None and (best is None or value > best):
                    best = value
                    if choice is not None:
                        choice[:] = [sk, count]
                if finals is None or (self.dominances and self._no_later_share(pos, sk, count)):
                    break  # the fewest shares (S13), or dominance 3: a share more waits a turn
            alike[signature] = (weighed, refuted)
            if stats is not None:
                stats.weighed += weighed
                stats.refuted += refuted
        return best

    def turn_options(self, pos: Position, deadline: int | None = None, *, last: bool = False,
                     bounded: bool = True, search: bool = False
                     ) -> list[tuple[tuple[Action, ...], Position]]:
        """Every turn (or rest of a turn) from *pos*, one per distinct end position.

        With ``last`` (the deadline's turn) only the turns that clear are kept, and a turn
        from the shares phase issues the fewest shares that pay for it; with ``search`` (the
        planner's own search, bounded) an earlier turn tries the share counts only up to the first that
        pays its way without a shortfall (dominance 3). The module docstring proves neither
        loses. Without ``search`` every share count is listed (the greedy bot of the generator
        picks from them).
        """
        if pos.phase == OVER:
            return []
        game = self.game
        if pos.phase == SHARES:
            options = []
            spare = MAX_SHARES - pos.economy.shares
            room = None if deadline is None or not (self.prune and bounded) else \
                2 * (deadline - pos.turn)
            for sk in self.skeletons(pos, last):
                if room is not None and sk.end.phase != OVER and \
                        game.rules.goods.goods_left(sk.end.board) > room:
                    continue  # the goods bound, before paying for it
                cleared_at_once = sk.end.phase == OVER and sk.end.outcome.cleared
                for count in range(spare + 1):
                    end = self._paid(pos, sk, count)
                    if end is None:
                        continue
                    if last and not (end.phase == OVER and end.outcome.cleared):
                        continue
                    options.append(((IssueShares(count), sk.select) + sk.build + sk.moves, end))
                    if last and cleared_at_once and self.dominances:
                        break  # the fewest shares that pay for it: the last turn's dominance (S13)
                    if search and bounded and self.dominances and self._no_later_share(pos, sk, count):
                        break  # a further share is better issued next turn (dominance 3)
        else:
            options = self._rest_of_turn(pos)
            if last:
                options = [(a, end) for a, end in options
                           if end.phase == OVER and end.outcome.cleared]
        options = [(a, end) for a, end in options
                   if not (end.phase == OVER and not end.outcome.cleared)]
        distinct: dict = {}
        for actions, end in options:
            distinct.setdefault(_key(game, end), (actions, end))
        return list(distinct.values())

    def _rest_of_turn(self, pos: Position):
        """The rest of a turn begun already, played through the engine."""
        game = self.game
        if pos.phase == MOVE:
            return self.moves(pos)
        if pos.phase == BUILD:
            return [(build + moves, end) for build, after in self.builds(pos)
                    for moves, end in ([((), after)] if after.phase != MOVE else self.moves(after))]
        out = []
        for select in self.selects(pos):
            chosen = _apply(game, pos, select)
            if chosen is not None:
                out += [((select,) + rest, end) for rest, end in self._rest_of_turn(chosen)]
        return out


def turn_options(game: Game, pos: Position, deadline: int | None = None
                 ) -> list[tuple[tuple[Action, ...], Position]]:
    """Every turn (or the rest of the current turn) of the planner, one per end position."""
    return MoveSet(game).turn_options(pos, deadline)


# -- the search -----------------------------------------------------------------------------------

class _Search:
    def __init__(self, game: Game, prune: bool, progress: Callback, max_positions: int | None = None,
                 dominances: bool = True, shortcuts: bool = True) -> None:
        self.game = game
        self.prune = prune
        self.progress = progress
        self.max_positions = max_positions
        self.stats = SearchStats()
        self.memo: dict = {}
        self.moves = MoveSet(game, prune, dominances, shortcuts)
        self.dominances = dominances

    def value(self, pos: Position, deadline: int):
        """(score, cash) of the best plan from *pos* clearing by *deadline*, or None."""
        if pos.phase == OVER:
            if pos.outcome.cleared and pos.outcome.turns <= deadline:
                return (final_score(self.game, pos), pos.outcome.cash)
            return None
        if pos.turn > deadline:
            return None
        key = (_key(self.game, pos), deadline)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = found = self._expand(pos, deadline, top=False)
        return found

    def options(self, pos: Position, deadline: int):
        return self.moves.turn_options(pos, deadline, last=pos.turn == deadline, search=True)

    def _expand(self, pos: Position, deadline: int, top: bool):
        if self.prune:
            need, _ = turns_lower_bound(self.game, pos)
            if pos.turn + need - 1 > deadline or not _money_ok(self.game, pos, deadline - pos.turn + 1):
                return None
        self.stats.expanded += 1
        _spend()
        if self.max_positions is not None and self.stats.expanded > self.max_positions:
            raise SearchBudgetExceeded(f"more than {self.max_positions} positions")
        if self.dominances and not top and pos.phase == SHARES and pos.turn == deadline:
            found = self.moves.last_turn_value(pos)
            if found is not NotImplemented:
                return found
        if self.dominances and pos.phase == SHARES and pos.turn == deadline - 1:
            found = self.moves.next_to_last_value(pos, deadline, self.stats if top else None,
                                                  progress=self.progress if top else None)
            if found is not NotImplemented:
                return found
        options = self.options(pos, deadline)
        self.stats.weighed += len(options)
        found = None
        for done, (_, after) in enumerate(options):
            if top and self.progress(done, len(options), f"deadline turn {deadline}") is False:
                raise Interrupted("stopped by the progress callback")
            result = self.value(after, deadline)
            if top and result is None:
                self.stats.refuted += 1
            if result is not None and (found is None or result > found):
                found = result
        return found

    def top(self, pos: Position, deadline: int):
        self.stats.refuted = 0
        key = (_key(self.game, pos), deadline)
        self.memo[key] = found = self._expand(pos, deadline, top=True)
        return found

    def refuted_openings(self, pos: Position, deadline: int) -> int:
        """The distinct first turns from *pos* (one per end position, every share count,
        action, build and shipment, no bound applied) after which no plan clears by
        *deadline*: the openings a player must rule out. 0 when *deadline* is this turn (every
        turn is then the last one, and the ones that do not clear are no openings).

        Counted from the values the search found (memoised), without counting the work in
        :class:`SearchStats`' effort fields."""
        if pos.phase != SHARES or pos.turn >= deadline:
            return 0
        if self.dominances and pos.turn == deadline - 1:
            counted = self.moves.refuted_before_last(pos, deadline)
            if counted is not NotImplemented:
                return counted
        kept = (self.stats.expanded, self.stats.weighed)
        budget, self.max_positions = self.max_positions, None
        try:
            options = self.moves.turn_options(pos, deadline, bounded=False)
            refuted = sum(self.value(after, deadline) is None for _, after in options)
        finally:
            self.max_positions = budget
            self.stats.expanded, self.stats.weighed = kept
        return refuted

    def witness(self, pos: Position, deadline: int) -> tuple[Action, ...]:
        """The actions of a best plan, rebuilt forwards from the values (so every shipment
        names the track of the positions the engine will really reach)."""
        target = self.value(pos, deadline)
        actions: list[Action] = []
        while pos.phase != OVER:
            if self.dominances and pos.phase == SHARES and pos.turn == deadline - 1:
                choice: list = []
                if self.moves.next_to_last_value(pos, deadline, choice=choice) == target and choice:
                    sk, count = choice
                    actions += (IssueShares(count), sk.select) + sk.build + sk.moves
                    pos = self.moves._paid(pos, sk, count)
                    continue
            for chosen, after in self.options(pos, deadline):
                if self.value(after, deadline) == target:
                    actions += chosen
                    pos = after
                    break
            else:  # pragma: no cover - the values say a plan exists
                raise AssertionError("no option reaches the planned value")
        return tuple(actions)


def plan(game: Game, position: Position | None = None, *, prune: bool = True,
         progress: Callback = quiet, deadline: int | None = None,
         max_positions: int | None = None, dominances: bool = True, shortcuts: bool = True,
         budget_seconds: float | None = None, max_memory_mb: float | None = None) -> Plan:
    """The fewest turns to clear the map from *position*, then the best score, then the most cash.

    Parameters
    ----------
    game : Game
    position : Position, optional
        Where to start (default: the game's start). Any phase.
    prune : bool
        Use the bounds (see the module docstring); without them the search only
        memoises (the benchmark's baseline).
    progress : callable
        ``progress(done, total, message)``; return False to stop (raises
        :class:`~zoobook.progress.Interrupted`). Ctrl-C also raises it.
    deadline : int, optional
        The last turn allowed (default: the game's turn limit).
    dominances : bool
        Use the three dominances and the arithmetic of the last two turns (see the module
        docstring); without them every share count and build of the last turn is
        played out through positions (the tests compare both).
    max_positions : int, optional
        Give up with :class:`PlanBudgetExceeded` (a
        :class:`~zoobook.progress.SearchBudgetExceeded`) after expanding this many positions
        (generators keep only quick puzzles).
    budget_seconds : float, optional
        Give up with :class:`PlanBudgetExceeded` after this many CPU seconds of this process
        (checked every few engine steps, :mod:`.budget`). The search's cost grows
        exponentially with the land and the turns: a random Zoo map of 5 land hexes and 3
        turns took a minute, so a caller that must answer (``zoobook solve``) gives a budget.
    max_memory_mb : float, optional
        Give up likewise once the process's resident memory passes this many MB (the
        search's caches hold every board of the turns it works out).
    shortcuts : bool
        Use the caches of "How it stays fast" that change no answer, no witness and no
        count (dominance 4 among them); without them the last turn searches its move goods
        per skeleton (the tests and the benchmark compare both).
    """
    pos = position or game.start
    if pos.phase == OVER:
        raise ValueError("the game is over already")
    last = game.turns if deadline is None else min(deadline, game.turns)
    meter = Meter(budget_seconds, max_memory_mb)  # checks the arguments before any work
    search = _Search(game, prune, progress, max_positions, dominances, shortcuts)
    need, why = turns_lower_bound(game, pos)
    first = max(pos.turn, pos.turn + need - 1 if prune else pos.turn)
    # what is proved so far: no plan clears before turn ``settled[0]`` (why: ``settled[1]``),
    # and, once a deadline has a plan, the turn it clears in (``settled[2]``)
    settled = [max(pos.turn, pos.turn + need - 1), why, None]
    try:
        with metered(meter):
            for target in range(first, last + 1):
                found = search.top(pos, target)
                if found is not None:
                    settled[2] = target
                    actions = search.witness(pos, target)
                    search.stats.refuted = search.refuted_openings(pos, target)
                    return _make_plan(game, pos, found, actions, target, first, need, why,
                                      search.stats, searched(prune, dominances))
                settled[:2] = target + 1, (f"the exact planner found no plan clearing by turn "
                                           f"{target}, weighing {searched(prune, dominances)}")
    except KeyboardInterrupt:
        raise Interrupted("interrupted (Ctrl-C)", search.stats) from None
    except Interrupted as exc:
        exc.partial = search.stats
        raise
    except SearchBudgetExceeded as exc:  # the CPU, memory or positions cap
        what = exc.what if isinstance(exc, BudgetSpent) else "positions"
        raise PlanBudgetExceeded(
            _stopped_short(exc, meter.spent, settled, last, search.stats), what=what,
            lower_bound=settled[0], bound_reason=settled[1],
            stats=search.stats, cpu_seconds=meter.spent, clears_in=settled[2]) from None
    return Plan(None, None, (), first, search.stats,
                _no_plan(game, pos, last, first, need, why, search.stats, searched(prune, dominances)))


def _stopped_short(exc: Exception, spent: float, settled: list, last: int,
                   stats: SearchStats) -> str:
    """What the exact planner had done and proved when its budget stopped it, in one sentence.

    >>> print(_stopped_short(Exception("the CPU budget of 4 s is spent"), 4.01, [2, "", None], 3,
    ...                      SearchStats(expanded=1)))  # doctest: +NORMALIZE_WHITESPACE
    the exact planner stopped after 4.0 CPU-s (the CPU budget of 4 s is spent) while trying
    deadline turn 2 of 3, having expanded 1 position: it proved no plan clears before turn 2
    """
    lower, _, clears_in = settled
    doing = (f"while rebuilding the moves of a plan clearing in turn {clears_in}" if clears_in
             else f"while trying deadline turn {lower} of {last}")
    proved = (f"the fewest turns are {clears_in}, but the plan's moves are not built"
              if clears_in else f"no plan clears before turn {lower}")
    return (f"the exact planner stopped after {spent:.1f} CPU-s ({exc}) {doing}, having expanded "
            f"{plural(stats.expanded, 'position')}: it proved {proved}")


def _no_plan(game: Game, pos: Position, last: int, first: int, need: int, why: str,
             stats: SearchStats, weighed: str = EXACT_OVER) -> tuple[str, ...]:
    if need >= 10 ** 5:
        return (f"The map can never be cleared: {why}.",)
    if first > last:
        return (f"No plan clears the map by the end of turn {last}: "
                f"{_short_reason(game, pos, last)} {_cite('S10a', 'S10')}.",
                "No search was needed: this count alone rules out every plan.")
    tried = (f"turn {first}" if first == last else f"turns {first} to {last}")
    return (f"No plan clears the map by the end of turn {last} {_cite('S10a', 'S10')}.",
            f"At least {_turns_needed(need)} ({why}), so the search tried the "
            f"deadlines {tried}, weighing {weighed}, and found no plan clearing by any of them; "
            f"it expanded {plural(stats.expanded, 'position')} and weighed "
            f"{plural(stats.weighed, 'whole turn')}.")


def _turns_needed(need: int) -> str:
    """"1 turn is needed", "2 turns are needed".

    >>> _turns_needed(1), _turns_needed(3)
    ('1 turn is needed', '3 turns are needed')
    """
    return f"{plural(need, 'turn')} {'is' if need == 1 else 'are'} needed"


def replay(game: Game, position: Position, actions: Iterable[Action]) -> list[TurnPlan]:
    """The turns of a plan, each with the cash, income and locomotive it leaves."""
    steps, current, turn = [], [], position.turn
    pos = position
    for action in actions:
        pos, _ = step(game, pos, action)
        current.append(action)
        if pos.phase == OVER or pos.turn != turn:
            steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income,
                                  pos.economy.locomotive))
            current, turn = [], pos.turn
    if current:
        steps.append(TurnPlan(turn, tuple(current), pos.cash, pos.economy.income, pos.economy.locomotive))
    return steps


def _make_plan(game, pos, found, actions, target, first, need, why, stats,
               weighed: str = EXACT_OVER) -> Plan:
    score, cash = found
    steps = replay(game, pos, actions)
    goods = game.rules.goods
    rank = _cite("S10a", "S10")
    lines = [f"A plan clears the map in turn {target} with a score of {score} and ${cash} left: "
             f"{goods.clear_reason} {rank}."]
    if target == first:
        lines.append(f"No plan can clear it sooner: {plural(need, 'more turn')} at least ({why}).")
    else:
        lines.append(f"No plan can clear it sooner: at least {_turns_needed(need)} "
                     f"({why}), and the search found no plan clearing by turn {target - 1}, "
                     f"weighing {weighed}.")
    lines.append(f"No plan clearing in turn {target} scores more than {score} (3 per income level, "
                 f"-3 per issued share, +1 per track tile in complete links), and none scoring "
                 f"{score} leaves more than ${cash} {rank}; the search weighed {weighed}.")
    return Plan(target, cash, tuple(steps), first, stats, tuple(lines), score)
