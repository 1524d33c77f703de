"""How many turns a position still needs, at least: the exact planner's bounds.

:func:`turns_lower_bound` counts the goods left against the deliveries a turn can make, the
locomotive level the routes need against the raises left, and (:func:`money_ok`) whether the
money can last; a position these show cannot clear by the deadline is not searched. Each is
never more than the truth (the tests check them against the brute-force twin).
"""

from __future__ import annotations

import math

from zoobook.explain import plural
from zoobook.steam.game.economy import MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.state import ACTION, BUILD, MOVE, OVER, SHARES, Game, Position

__all__ = ["turns_lower_bound", "level_reachable", "money_ok", "short_reason"]


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


def level_reachable(game: Game, pos: Position) -> bool:
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
    >>> level_reachable(game, game.start.with_(phase=BUILD))
    False
    >>> eco = game.start.economy.with_(locomotive=5)
    >>> level_reachable(game, game.start.with_(phase=BUILD, economy=eco))
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


def short_reason(game: Game, pos: Position, last: int) -> str:
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


def money_ok(game: Game, pos: Position, turns_left: int) -> bool:
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
