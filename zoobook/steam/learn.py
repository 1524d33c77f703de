"""Learn the Age of Steam solo maps: one drill per rule group, and quizzes from real engine states.

Each :class:`~zoobook.learn.drill.Drill` sets up a tiny map of the real turn engine
(:class:`zoobook.steam.game.state.GameState`) in the phase where its rule bites, offers the
learner a few actions (legal and illegal ones) and names the goal in game terms ("feed the
yaks this turn"), never the buttons to press. The engine is the referee: a refused action
comes back with the rule's ID from ``zoobook/steam/rules.toml``; after a legal move that
rules the goal out, ``misses`` says why. Each :class:`~zoobook.learn.quiz.QuizSource` walks a
section's maps a few random legal steps and asks "legal or not?" about an action a learner
might try there, an illegal one breaking a rule of that section; ``refusal()`` is the answer
key. The :class:`~zoobook.learn.quiz.ScoreSource` asks for the final score of a cleared map,
read off the engine's :func:`~zoobook.steam.game.state.score_lines`.

Nothing here decides a rule: the drills only choose positions and the words of the goals.

Examples
--------
>>> drill = drill_by_id("drill-feeding-lion")
>>> state = drill.start()
>>> state.position.phase, state.position.card, state.position.economy.locomotive
('move goods', 'feeding', 2)
>>> for action in drill.solution:
...     state.apply(action)
>>> drill.reached(state)
True
>>> state.refusal(drill.solution[0]).rule     # a second shipment past the lion: no discount left
'S4'
>>> wrong = drill.start()
>>> wrong.apply(Ship(("yaks", "lion", "goats"), (1, 0)))
>>> drill.misses(wrong)
'the Feeding discount went to the other shipment: it counts in one shipment a turn'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from zoobook.learn.drill import Drill
from zoobook.learn.quiz import QuizSource, ScoreLine, ScoreSource
from zoobook.steam.easter.island import City, Island, easter_island
from zoobook.steam.easter.moai import setup as easter_setup
from zoobook.steam.game.actions import (EndBuild, IssueShares, LayTrack, Pass, RaiseLocomotive, Select,
                                        Ship, Urbanize)
from zoobook.steam.game.economy import Economy
from zoobook.steam.game.state import ACTION, BUILD, MOVE, SHARES, Game, GameState, score_lines
from zoobook.steam.zoo.model import Area, Town, ZooMap

__all__ = ["DRILLS", "QUIZZES", "drill_by_id", "quiz_for", "describe", "PICTURE", "context", "GROUPS",
           "hard_setup", "score_breakdown", "EXAMPLES", "worked_example"]

#: The drills' and quizzes' picture, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: the map as the game widget draws it, each hex labelled with the (q,r) the buttons name, with the
#: money and the clear conditions.
PICTURE = "zoobook.widgets.steam_game:game_picture"

#: The rule groups in the order the Learn notebook teaches them (the rulebook's order: set-up, the
#: turn, its phases one by one, the end).
GROUPS = ("setup", "turn", "economy", "actions", "blockers", "track", "incomplete", "urbanization",
          "goods", "locomotive", "moai", "danger", "exits", "feeding", "end")


def describe(action: Any) -> str:
    """An action's label on its button: the game log's words ("issue no shares" for 0)."""
    if isinstance(action, IssueShares) and action.count == 0:
        return "issue no shares"
    return str(action)


# -- small maps -------------------------------------------------------------------------------

def _zoo(areas: Sequence[Area], *, land: Sequence = (), tracks: Sequence = (), exits: Sequence = (),
         towns: Sequence = (), turns: int = 3, economy: Economy | None = None, **position: Any) -> GameState:
    zoo = ZooMap.build(areas=areas, towns=towns, exits=exits, tracks=tracks)
    return Game.zoo(zoo, land, turns, economy=economy, **position).new_state()


def _easter(cities: Sequence[City], *, plain: Sequence = (), mountain: Sequence = (), tracks: Sequence = (),
            towns: Sequence = (), turns: int = 3, economy: Economy | None = None,
            **position: Any) -> GameState:
    island = Island.build(plain=plain, mountain=mountain, cities=cities, tracks=tracks, towns=towns)
    return Game.easter(island, turns, economy=economy, **position).new_state()


def _fixed(*actions: Any) -> Callable[[GameState], list]:
    return lambda state: list(actions)


def _fed(name: str) -> Callable[[GameState], bool]:
    return lambda state: state.position.board.area(name).fed


def _linked(a: str, b: str, *, owned: bool = False) -> Callable[[GameState], bool]:
    def reached(state: GameState) -> bool:
        hexmap = state.game.rules.goods.hexmap(state.position.board)
        return any({link.start, link.end} == {a, b} and not (owned and link.index in state.position.unowned)
                   for link in hexmap.complete_links())
    return reached


# -- why a legal move misses: questions about the position, answered by the engine ---------------

def _turn_over(state: GameState, start_turn: int = 1) -> bool:
    return state.is_terminal() or state.position.turn > start_turn


def _misses_in_move(reached: Callable[[GameState], bool], what: str) -> Callable[[GameState], str | None]:
    """A move-goods drill misses once this turn's move-goods rounds are over without *what*."""
    def misses(state: GameState) -> str | None:
        if _turn_over(state) and not reached(state):
            return f"this turn's two move-goods rounds are over and {what}"
        return None
    return misses


def _misses_in_build(reached: Callable[[GameState], bool], what: str) -> Callable[[GameState], str | None]:
    """A build drill misses when no single lay the engine still allows meets the goal (a link is
    always laid from one end: a node or an incomplete track's end)."""
    def misses(state: GameState) -> str | None:
        pos = state.position
        if pos.phase != BUILD:
            return f"the build is over and {what}"
        if not any(reached(state.child(lay)) for lay in state.legal_actions() if isinstance(lay, LayTrack)):
            return (f"no lay you can still make joins them: ${pos.cash} left, {pos.tiles_laid} tile"
                    f"{'s' if pos.tiles_laid != 1 else ''} laid this build")
        return None
    return misses


def hard_setup() -> GameState:
    """Easter Island on the Hard set-up with a fixed draw of its 20 cubes (S14 allows fixing them):
    the notebook's picture of a set-up."""
    island = easter_setup(easter_island(), "Hard", colours=HARD_COLOURS)
    return Game.easter(island).new_state()


#: A fixed draw of the 20 cubes of the Hard set-up (bottom then top, ruin by ruin; S14 allows fixing them).
HARD_COLOURS = ("red", "blue", "blue", "yellow", "yellow", "red", "black", "red", "blue", "red",
                "red", "yellow", "yellow", "blue", "red", "blue", "blue", "red", "yellow", "red")

# -- the turn -----------------------------------------------------------------------------------

_TURN_MAP = dict(areas=[Area("goats", (0, 0), 1, fed=True), Area("yaks", (3, 0), 1)], land=[(2, 0)],
                 tracks=[[(0, 0), (1, 0)]], turns=2)
_TURN_LAY = LayTrack([(1, 0), (2, 0), (3, 0)])


def _turn_misses(state: GameState) -> str | None:
    if state.position.phase == MOVE and not _linked("goats", "yaks")(state):
        return "the build is over and no complete link joins the goats to the yaks"
    return _misses_in_move(_fed("yaks"), "the yaks are still hungry")(state)


TURN = Drill(
    id="drill-turn-order", group="turn", title="One turn, phase by phase",
    goal="Feed the yaks this turn.",
    rules=("S11", "S-TURN-2"),
    start=lambda: _zoo(**_TURN_MAP),
    choices=_fixed(Ship(("goats", "yaks"), (0,)), Select(None), "feed the yaks", _TURN_LAY, EndBuild(),
                   IssueShares(0), Select("locomotive"), Pass()),
    reached=_fed("yaks"),
    misses=_turn_misses,
    solution=(IssueShares(0), Select(None), _TURN_LAY, EndBuild(), Ship(("goats", "yaks"), (0,))),
    describe=describe, picture=PICTURE)

# -- economy ------------------------------------------------------------------------------------


def _economy_misses(state: GameState) -> str | None:
    pos, eco = state.position, state.position.economy
    if state.is_terminal():
        return "the expenses could not be paid: income fell below 0 and the game is lost"
    if pos.phase != SHARES and pos.turn == 1 and eco.cash + eco.income < eco.expenses:
        return (f"at the end of the turn ${eco.cash} and income {eco.income} cannot pay ${eco.expenses} of "
                f"expenses, and no more shares can be issued this turn")
    return None


ECONOMY = Drill(
    id="drill-economy-expenses", group="economy", title="Paying the expenses",
    goal="Reach turn 2 without going bankrupt.",
    rules=("S-ECONOMY-1", "S-ECONOMY-2", "S-ECONOMY-3", "S-ECONOMY-6"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], land=[(1, 0)], turns=2,
                       economy=Economy(cash=1, income=0, shares=2, locomotive=2)),
    choices=_fixed(IssueShares(0), IssueShares(14), IssueShares(1), Select(None), EndBuild(), Pass(),
                   RaiseLocomotive()),
    reached=lambda state: state.position.turn >= 2 and not state.is_terminal(),
    misses=_economy_misses,
    solution=(IssueShares(1), Select(None), EndBuild(), Pass(), Pass()), describe=describe, picture=PICTURE)

# -- action selection ---------------------------------------------------------------------------

_RAPA_NUI_ISLAND = dict(cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
                                City("Blue 1", (2, 0), "blue", True), City("Red 4", (4, 0), "red", True)],
                        plain=[(1, 0), (3, 0)], tracks=[[(0, 0), (1, 0), (2, 0)]])


def _actions_misses(state: GameState) -> str | None:
    pos = state.position
    if pos.phase == ACTION and pos.cash < state.game.rules.selection.price:
        return f"the shares phase is over and ${pos.cash} cannot pay the $8 an action costs"
    if pos.phase not in (SHARES, ACTION) and pos.card != "engineer":
        return "this turn's action is chosen and only the Engineer lets a build lay 4 tiles"
    return None


ACTIONS = Drill(
    id="drill-actions-pay-first", group="actions", title="A fourth tile on Easter Island",
    goal="Make this turn's build able to lay 4 track tiles (a build lays 3).",
    rules=("S9", "S-ACTIONS-1", "S-TRACK-1"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=3, income=0, shares=2, locomotive=2)),
    choices=_fixed(IssueShares(0), IssueShares(1), Select("engineer"), Select("locomotive"), Select("feeding"),
                   Select(None)),
    reached=lambda state: state.position.card == "engineer",
    misses=_actions_misses,
    solution=(IssueShares(1), Select("engineer")), describe=describe, picture=PICTURE)


def _blockers_misses(state: GameState) -> str | None:
    pos = state.position
    if pos.phase not in (SHARES, ACTION) and pos.turn == 1 and pos.card is None:
        return "no action was selected, so no disc moves: three actions stay blocked next turn"
    return None


BLOCKERS = Drill(
    id="drill-blockers-cycle", group="blockers", title="The action-blocker cycle",
    goal="Start turn 2 with every action free to select.",
    rules=("S-BLOCKERS-2", "S-BLOCKERS-3"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=20), phase=ACTION,
                          blocked=frozenset({"engineer", "locomotive", "urbanization"})),
    choices=_fixed(Select("engineer"), Select("locomotive"), Select(None), Select("rapa-nui", "Red 3"),
                   EndBuild(), Pass()),
    reached=lambda state: state.position.turn >= 2 and not state.position.blocked,
    misses=_blockers_misses,
    solution=(Select("rapa-nui", "Red 3"), EndBuild(), Pass(), Pass()), describe=describe, picture=PICTURE)

# -- track ----------------------------------------------------------------------------------------

_GOATS_YAKS = _linked("goats", "yaks")

TRACK = Drill(
    id="drill-track-link", group="track", title="A link for $8",
    goal="Join the goats to the yaks with a complete link in this build, with the $8 you have.",
    rules=("S1", "S2", "S-TRACK-1", "S-TRACK-2", "S-TRACK-4"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)],
                       land=[(1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1)],
                       economy=Economy(cash=8, income=0, shares=0, locomotive=1), phase=BUILD),
    choices=_fixed(LayTrack([(0, 0), (0, 1), (1, 1), (2, 1), (3, 0)]), LayTrack([(0, 0), (-1, 1)]),
                   LayTrack([(0, 0), (1, 0)]), LayTrack([(1, 0), (2, 0), (3, 0)]), LayTrack([(0, 0), (2, 0)]),
                   LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]), LayTrack([(0, 0), (0, -1)]), EndBuild()),
    reached=_GOATS_YAKS,
    misses=_misses_in_build(_GOATS_YAKS, "the goats and yaks are not joined"),
    solution=(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]),), describe=describe, picture=PICTURE)

_OWNED = _linked("goats", "yaks", owned=True)

INCOMPLETE = Drill(
    id="drill-incomplete-extend", group="incomplete", title="Take back the ownerless track",
    goal="Own a complete link from the goats to the yaks at the end of this build.",
    rules=("S15", "S2", "S-INCOMPLETE-1"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)], tracks=[[(0, 0), (1, 0)]],
                       land=[(1, 0), (2, 0), (1, 1), (2, 1)], economy=Economy(cash=8, income=0, shares=0, locomotive=1),
                       phase=BUILD, turn=2, unowned=frozenset({0})),
    choices=_fixed(LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(3, 0), (2, 1), (1, 1)]),
                   LayTrack([(3, 0), (2, 0)]), LayTrack([(1, 0), (2, 0), (3, 0)]), EndBuild()),
    reached=_OWNED,
    misses=_misses_in_build(_OWNED, "the goats and yaks are not joined by a link you own"),
    solution=(LayTrack([(1, 0), (2, 0), (3, 0)]),), describe=describe, picture=PICTURE)

# -- urbanization ---------------------------------------------------------------------------------


def _urbanization_misses(state: GameState) -> str | None:
    pos = state.position
    if _turn_over(state):
        return "the turn is over and the black cube is still on Red 3"
    if pos.phase in (BUILD, MOVE) and pos.card != "urbanization":
        return "this turn's action is chosen, and without Urbanization no black city can take the cube"
    if pos.phase == MOVE and not any(isinstance(a, Ship) and a.route[0] == "Red 3" for a in state.legal_actions()):
        return "the build is over and no black city is joined to Red 3 by a complete link"
    return None


URBANIZATION = Drill(
    id="drill-urbanization-black-city", group="urbanization", title="A city for the black cube",
    goal="Deliver the black cube on Red 3 this turn.",
    rules=("S-URBANIZATION-1", "S-URBANIZATION-2", "S15", "S-GOODS-3"),
    start=lambda: _easter([City("Red 3", (0, 0), "red", True, ("black",)), City("Red 4", (4, 0), "red", True)],
                          plain=[(1, 0), (3, 0)], towns=[("Town 1", (2, 0))],
                          economy=Economy(cash=30), phase=ACTION),
    choices=_fixed(Urbanize((2, 0)), Select("engineer"), Select("urbanization"), Select(None), Urbanize((0, 0)),
                   LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(), Ship(("Red 3", "Town 1"), (0,)), Pass()),
    reached=lambda state: not state.position.board.city("Red 3").cubes,
    misses=_urbanization_misses,
    solution=(Select("urbanization"), Urbanize((2, 0)), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(),
              Ship(("Red 3", "Town 1"), (0,))),
    describe=describe, picture=PICTURE)

# -- moving goods ---------------------------------------------------------------------------------

def _top_red_gone(state: GameState) -> bool:
    return state.position.board.city("Red 3").cubes == ("blue",)


GOODS = Drill(
    id="drill-goods-top-cube", group="goods", title="The top cube to a city of its colour",
    goal="Deliver Red 3's top cube in this last move-goods round of the turn.",
    rules=("S3", "S-GOODS-2", "S-GOODS-3", "S-MOAI-1", "S-ECONOMY-5"),
    start=lambda: _easter([City("Red 3", (0, 0), "red", True, ("blue", "red")), City("Blue 1", (2, 0), "blue", True),
                           City("Red 4", (4, 0), "red", True, ("blue",))],
                          plain=[(1, 0), (3, 0)], tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]],
                          phase=MOVE, moves=1),
    choices=_fixed(Ship(("Red 3", "Blue 1"), (0,)), Ship(("Red 4", "Blue 1", "Red 3"), (1, 0)),
                   Ship(("Red 4", "Blue 1"), (1,)), Ship(("Red 3", "Red 4"), (0,)),
                   Ship(("Red 3", "Blue 1", "Red 4"), (0, 1)), Pass()),
    reached=_top_red_gone,
    misses=_misses_in_move(_top_red_gone, "Red 3's red cube is still there"),
    solution=(Ship(("Red 3", "Blue 1", "Red 4"), (0, 1)),), describe=describe, picture=PICTURE)

_CHAIN = ("ants", "bees", "cats", "dogs")


def _locomotive_misses(state: GameState) -> str | None:
    pos = state.position
    raise_left = pos.phase == BUILD or not pos.raised
    if pos.phase in (BUILD, MOVE) and pos.turn == 1 and pos.economy.locomotive + raise_left < 3:
        return ("your locomotive can reach only level 2 this turn (one raise in move goods), and three links "
                "need level 3")
    return _misses_in_move(_fed("dogs"), "the dogs are still hungry")(state)


LOCOMOTIVE = Drill(
    id="drill-locomotive-action", group="locomotive", title="Three links at level 1",
    goal="Feed the dogs this turn: the only food is with the ants, three links away, and your locomotive is at "
         "level 1.",
    rules=("S-LOCOMOTIVE-1", "S-LOCOMOTIVE-2", "S-GOODS-2", "S8"),
    start=lambda: _zoo([Area(name, (2 * i, 0), 1, food=2 if name == "ants" else 0, fed=name != "dogs")
                        for i, name in enumerate(_CHAIN)],
                       tracks=[[(2 * i, 0), (2 * i + 1, 0), (2 * i + 2, 0)] for i in range(3)], phase=ACTION),
    choices=_fixed(Ship(_CHAIN, (0, 1, 2)), RaiseLocomotive(), Select(None), Select("locomotive"), EndBuild(),
                   Pass()),
    reached=_fed("dogs"),
    misses=_locomotive_misses,
    solution=(Select("locomotive"), EndBuild(), RaiseLocomotive(), Ship(_CHAIN, (0, 1, 2))),
    describe=describe, picture=PICTURE)

# -- moai -----------------------------------------------------------------------------------------------


def _moai_misses(state: GameState) -> str | None:
    pos = state.position
    if pos.phase in (BUILD, MOVE) and pos.card != "rapa-nui" and "blue" in pos.board.city("Red 3").cubes:
        return "the moai on Red 3 was not turned, so its red cube stays on top this turn"
    return _misses_in_move(lambda s: "blue" not in s.position.board.city("Red 3").cubes,
                           "the blue cube is still on Red 3")(state)


MOAI = Drill(
    id="drill-moai-rapa-nui", group="moai", title="Turn the statue",
    goal="Deliver the blue cube under Red 3's red one to Blue 1 this turn.",
    rules=("S-MOAI-1", "S-MOAI-2", "S9"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, phase=ACTION),
    choices=_fixed(Ship(("Red 3", "Blue 1"), (0,)), Select("rapa-nui", "Blue 1"), Select(None),
                   Select("rapa-nui", "Red 3"), EndBuild(), Pass()),
    reached=lambda state: "blue" not in state.position.board.city("Red 3").cubes,
    misses=_moai_misses,
    solution=(Select("rapa-nui", "Red 3"), EndBuild(), Ship(("Red 3", "Blue 1"), (0,))),
    describe=describe, picture=PICTURE)

# -- the Zoo's danger, exits and Feeding -----------------------------------------------------------

DANGER = Drill(
    id="drill-danger-route", group="danger", title="Around the bears",
    goal="Feed the yaks in this last move-goods round: your locomotive is at level 2.",
    rules=("S4", "S-DANGER-2"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("bears", (2, 0), 3), Area("yaks", (4, 0), 2)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)],
                               [(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 0)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE, moves=1),
    choices=_fixed(Ship(("goats", "bears", "yaks"), (0, 1)), Ship(("bears", "yaks"), (1,)),
                   Ship(("goats", "bears"), (0,)), Ship(("yaks", "bears", "goats"), (1, 0)),
                   Ship(("goats", "yaks"), (2,)), Pass()),
    reached=_fed("yaks"),
    misses=_misses_in_move(_fed("yaks"), "the yaks are still hungry"),
    solution=(Ship(("goats", "yaks"), (2,)),), describe=describe, picture=PICTURE)

def _bonus(state: GameState) -> bool:
    return state.position.hand >= 1


EXITS = Drill(
    id="drill-exits-teleport", group="exits", title="Through the exits",
    goal="Feed the bees in this last move-goods round and start the next turn with a bonus track tile in hand.",
    rules=("S5", "S7", "S2a", "S-EXITS-1", "S3"),
    start=lambda: _zoo([Area("ants", (0, 0), 1), Area("bees", (6, 0), 1)], exits=[(2, 0), (4, 0)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(4, 0), (5, 0), (6, 0)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE, moves=1),
    choices=_fixed(Ship(("ants", "2,0", "bees"), (0, None)), Ship(("ants", "2,0", "4,0", "bees"), (0, None, 1)),
                   Ship(("ants", "2,0", "4,0", "bees"), (0, 1, 1)), RaiseLocomotive(), Pass()),
    reached=lambda state: _bonus(state) and state.position.board.area("bees").fed,
    misses=_misses_in_move(lambda state: state.position.board.area("bees").fed, "the bees are still hungry"),
    solution=(Ship(("ants", "2,0", "4,0", "bees"), (0, None, 1)),), describe=describe, picture=PICTURE)


def _feeding_misses(state: GameState) -> str | None:
    pos = state.position
    if pos.discount_used and not pos.board.area("yaks").fed:
        return "the Feeding discount went to the other shipment: it counts in one shipment a turn"
    return _misses_in_move(_fed("yaks"), "the yaks are still hungry")(state)


FEEDING = Drill(
    id="drill-feeding-lion", group="feeding", title="Past the lion with Feeding",
    goal="Feed the yaks: the only way passes the lion (danger 3), and your locomotive is at level 2.",
    rules=("S6", "S4", "S-FEEDING-1"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("lion", (2, 0), 3), Area("yaks", (4, 0), 1),
                        Area("bear", (2, 2), 4)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(2, 0), (2, 1), (2, 2)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE, card="feeding"),
    choices=_fixed(Ship(("bear", "lion", "goats"), (2, 0)), Ship(("goats", "lion", "yaks"), (0, 1)),
                   Ship(("yaks", "lion", "goats"), (1, 0)), Ship(("goats", "lion"), (0,)), Pass()),
    reached=_fed("yaks"),
    misses=_feeding_misses,
    solution=(Ship(("goats", "lion", "yaks"), (0, 1)),), describe=describe, picture=PICTURE)

# -- the end --------------------------------------------------------------------------------------------


def _end_misses(state: GameState) -> str | None:
    if _turn_over(state) and not (state.result() and state.result().cleared):
        return "the turn ended before the map was cleared"
    if not state.is_terminal() and state.position.moves == 1 and sum(
            not state.position.board.area(name).fed for name in ("goats", "yaks")) > 1:
        return "one move-goods round is left and two areas are still hungry"
    return None


END = Drill(
    id="drill-end-clear", group="end", title="Cleared before the expenses",
    goal="Clear the Zoo map this turn: your $4 cannot pay the $6 of expenses.",
    rules=("S13", "S-END-2", "S-END-3", "S-ECONOMY-3", "S11"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], tracks=[[(0, 0), (1, 0), (2, 0)]],
                       turns=2, economy=Economy(cash=4, income=0, shares=5, locomotive=1), phase=MOVE),
    choices=_fixed(Pass(), Ship(("goats", "yaks"), (0,)), IssueShares(1), RaiseLocomotive(),
                   Ship(("yaks", "goats"), (0,))),
    reached=lambda state: bool(state.result() and state.result().cleared and state.result().turns == 1),
    misses=_end_misses,
    solution=(Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,))), describe=describe, picture=PICTURE)


#: Every drill, one per rule group that has a decision to practise (set-up has none), in the
#: notebook's order.
DRILLS: tuple[Drill, ...] = (TURN, ECONOMY, ACTIONS, BLOCKERS, TRACK, INCOMPLETE, URBANIZATION, GOODS,
                             LOCOMOTIVE, MOAI, DANGER, EXITS, FEEDING, END)


def drill_by_id(drill_id: str) -> Drill:
    """The drill whose id (= its notebook cell id) is *drill_id*."""
    for drill in DRILLS:
        if drill.id == drill_id:
            return drill
    raise KeyError(f"no steam drill {drill_id!r} (drills: {', '.join(d.id for d in DRILLS)})")


# -- quizzes ------------------------------------------------------------------------------------------

def _step_off(h: tuple, dq: int, dr: int) -> tuple:
    return (h[0] + dq, h[1] + dr)


def _near_misses(state: GameState) -> list:
    """Actions of the current phase next to the legal ones: what a learner might try (the engine decides)."""
    pos, rules = state.position, state.game.rules
    board = pos.board
    hexmap = rules.goods.hexmap(board)
    if pos.phase == SHARES:
        return [IssueShares(n) for n in (0, 1, 2, 3, 13, 15 - pos.economy.shares, 16 - pos.economy.shares)]
    if pos.phase == ACTION:
        out = [Select(None)] + [Select(name) for name in ("engineer", "locomotive", "urbanization", "feeding")]
        node = hexmap.nodes[0].name if hexmap.nodes else "x"
        out += [Select(None, node), Select("engineer", node)]     # a target where none is taken
        if rules.selection.price:   # Easter Island: Rapa Nui on each ruin, stack or not
            out += [Select("rapa-nui", city.name) for city in board.cities if city.ruin]
        else:
            out.append(Select("rapa-nui"))
        return out
    if pos.phase == BUILD:
        out = [EndBuild()] + [Urbanize(node.hex) for node in hexmap.nodes]
        for node in hexmap.nodes:       # a jump over a hex; a step off the land; more bonus tiles than held
            out.append(LayTrack([node.hex, _step_off(node.hex, 2, 0)]))
            out += [LayTrack([node.hex, h], pos.hand + 1) for h in sorted(state.game.land)
                    if h in {_step_off(node.hex, dq, dr) for dq, dr in ((1, 0), (0, 1), (-1, 1))}]
            out += [LayTrack([node.hex, _step_off(node.hex, dq, dr)]) for dq, dr in ((0, -1), (0, 1), (-1, 0))]
        free = [h for h in sorted(state.game.land) if hexmap.track_at(h) is None]
        out += [LayTrack([h, _step_off(h, 1, 0)]) for h in free[:2]]      # a start in the open
        for lay in state.legal_actions():
            if isinstance(lay, LayTrack):
                last = lay.hexes[-1]
                out += [LayTrack(lay.hexes + (_step_off(last, dq, dr),)) for dq, dr in ((1, 0), (0, 1))]
                out.append(LayTrack(lay.hexes, lay.hand + pos.hand + 1))       # more bonus tiles than held
                if len(lay.hexes) > 2:
                    out.append(LayTrack(lay.hexes[1:]))
        return out
    if pos.phase == MOVE:
        level = pos.economy.locomotive
        graph = hexmap.link_graph()
        one_link = [Ship((a, b), (key,)) for a, b, key in graph.edges(keys=True)]
        one_link += [Ship((b, a), (key,)) for a, b, key in graph.edges(keys=True)]
        there_and_back = [Ship((a, b, a), (key, key)) for a, b, key in graph.edges(keys=True)]
        incomplete = [Ship((link.start, other.name), (link.index,)) for link in hexmap.incomplete_links()
                      for other in hexmap.nodes if other.name != link.start]
        areas = [n.name for n in hexmap.nodes if n.type == "area"]
        teleports = [Ship((a, b), (None,)) for a, b in itertools.permutations(areas[:3], 2)]
        return ([RaiseLocomotive(), Pass()] + one_link + there_and_back + incomplete + teleports
                + rules.goods.shipments(board, min(level + 2, 6), discount=True))
    return [Pass(), IssueShares(0), Select(None), EndBuild()]   # the game is over


def _walk(starts: Sequence[Callable[[], GameState]], steps: int = 2) -> Callable[[random.Random], GameState]:
    """A state from one of *starts*, after up to *steps* random legal actions of the same phase."""
    def states(rng: random.Random) -> GameState:
        state = rng.choice(starts)()
        for _ in range(rng.randrange(steps + 1)):
            phase = state.position.phase
            same = [a for a in state.legal_actions() if state.child(a).position.phase == phase]
            if not same:
                break
            state.apply(rng.choice(same))
        return state
    return states


_OTHER_PHASES = (IssueShares(0), Select(None), EndBuild(), Pass(), "feed the yaks")


def _candidates(rules: Sequence[str], cross_phase: bool) -> Callable[[GameState, random.Random], list]:
    """A legal action and an illegal one of the current phase (of any phase with *cross_phase*),
    in random order: the illegal one breaks one of the section's *rules* (a rule drawn first, so
    every rule of the section comes up); a position where no such action exists offers only the
    legal one (the quiz draws another position for a "Not legal" question)."""
    def candidates(state: GameState, rng: random.Random) -> list:
        near = list(dict.fromkeys(_near_misses(state) + (list(_OTHER_PHASES) if cross_phase else [])))
        legal, broken = [], {}
        for action in near:
            why = state.refusal(action)
            if why is None:
                legal.append(action)
            else:
                broken.setdefault(why.rule, []).append(action)
        legal = legal or state.legal_actions()
        ours = sorted(rule for rule in broken if rule in rules)   # none here: ask only the legal one
        picked = [rng.choice(legal)] if legal else []
        if ours:
            picked.append(rng.choice(broken[rng.choice(ours)]))
        rng.shuffle(picked)
        return picked
    return candidates


def context(state: GameState) -> str:
    """The position in one line, put before a quiz question."""
    pos, eco, rules = state.position, state.position.economy, state.game.rules
    words = [f"{rules.name.capitalize() if rules.name == 'zoo' else 'Easter Island'} map, turn {pos.turn},"
             f" {pos.phase} phase: ${eco.cash}, income {eco.income}, {eco.shares} shares, "
             f"locomotive {eco.locomotive}"]
    if pos.card:
        words.append(f"action {pos.card}")
    if pos.phase == BUILD:
        words.append(f"{pos.tiles_laid} tiles laid")
    if pos.hand:
        words.append(f"{pos.hand} bonus tiles in hand")
    if rules.selection.price:
        words.append("blocked: " + (", ".join(sorted(pos.blocked)) or "none"))
    if pos.phase == MOVE:
        words.append(f"move-goods round {pos.moves + 1}" + (", raised already" if pos.raised else ""))
    return "; ".join(words) + "."


def _source(group: str, rules: Sequence[str], *starts: Callable[[], GameState],
            cross_phase: bool = False) -> QuizSource:
    return QuizSource(group=group, states=_walk(starts), candidates=_candidates(rules, cross_phase),
                      describe=describe, context=context, picture=PICTURE, rules=tuple(rules))


def _drill_start(drill_id: str) -> Callable[[], GameState]:
    return drill_by_id(drill_id).start


def _at(drill_id: str, *actions: Any) -> Callable[[], GameState]:
    """A drill's start after some of its actions (another phase of the same map)."""
    def start() -> GameState:
        state = drill_by_id(drill_id).start()
        for action in actions:
            state.apply(action)
        return state
    return start


def _in_debt(shares: int, cash: int) -> Callable[[], GameState]:
    """The economy drill's map with another purse: *shares* issued, *cash* in hand."""
    return lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], land=[(1, 0)], turns=2,
                        economy=Economy(cash=cash, income=1, shares=shares, locomotive=2))


def _blocked(*names: str) -> Callable[[], GameState]:
    """The blockers drill's island, action phase, with these actions blocked."""
    return lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=20), phase=ACTION, blocked=frozenset(names))


def _exits_build() -> GameState:
    """The exits drill's map a turn later, building, with a bonus tile in hand and land around."""
    return _zoo([Area("ants", (0, 0), 1), Area("bees", (6, 0), 1)], exits=[(2, 0), (4, 0)],
                tracks=[[(0, 0), (1, 0), (2, 0)]], land=[(1, 0), (3, 0), (5, 0), (1, 1), (2, 1), (3, 1)],
                economy=Economy(cash=5, income=1, shares=0, locomotive=2), phase=BUILD, hand=1)


def _last_ruin() -> GameState:
    """Easter Island with no cube left and two ruins to join: the lay that joins them clears it."""
    return _easter([City("Red 3", (0, 0), "red", True), City("Blue 1", (2, 0), "blue", True)],
                   plain=[(1, 0), (1, 1)], mountain=[(2, 1)], phase=BUILD)


def _long_line() -> GameState:
    """Four ruins in a row, a red cube three links from the next red city, locomotive 1 (2 after a raise)."""
    return _easter([City("Red 3", (0, 0), "red", True, ("yellow", "red")), City("Blue 1", (2, 0), "blue", True),
                    City("Yellow 1", (4, 0), "yellow", True), City("Red 4", (6, 0), "red", True)],
                   plain=[(1, 0), (3, 0), (5, 0)], towns=[("Town 1", (2, 2))],
                   tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(4, 0), (5, 0), (6, 0)],
                           [(2, 0), (2, 1), (2, 2)]], phase=MOVE, economy=Economy(cash=10, shares=2, locomotive=1))


def _easter_track() -> GameState:
    """Easter Island, building with $5: a plain and a mountain hex between Red 3 and Blue 1."""
    return _easter([City("Red 3", (0, 0), "red", True), City("Blue 1", (3, 0), "blue", True, ("red",))],
                   plain=[(1, 0), (1, 1)], mountain=[(2, 0)], phase=BUILD, economy=Economy(cash=5))


def _hungry_areas() -> GameState:
    """The danger drill's map with the goats' food gone: an empty area ships nothing."""
    return _zoo([Area("goats", (0, 0), 1, food=0, fed=True), Area("bears", (2, 0), 3), Area("yaks", (4, 0), 2)],
                tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]],
                economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE)


#: One "legal or not?" quiz per rule group with a decision (each yields endless questions from real
#: positions; an illegal one breaks a rule of its section).
QUIZZES_LEGAL: tuple[QuizSource, ...] = (
    _source("turn", ("S11", "S-TURN-2"), *(_at("drill-turn-order", *TURN.solution[:k]) for k in range(5)),
            cross_phase=True),
    _source("economy", ("S-ECONOMY-1",), _drill_start("drill-economy-expenses"), _in_debt(10, 0),
            _in_debt(14, 3), _in_debt(15, 7), _in_debt(5, 2)),
    _source("actions", ("S8", "S9", "S-ACTIONS-1"), _at("drill-actions-pay-first", IssueShares(1)),
            _at("drill-actions-pay-first", IssueShares(0)), _at("drill-actions-pay-first", IssueShares(0)),
            _at("drill-actions-pay-first", IssueShares(0)), _drill_start("drill-locomotive-action")),
    _source("blockers", ("S-BLOCKERS-2",), _drill_start("drill-blockers-cycle"),
            *(_blocked(*names) for size in (1, 2, 3)
              for names in itertools.combinations(("engineer", "locomotive", "urbanization", "rapa-nui"), size))),
    _source("track", ("S1", "S2", "S-TRACK-1", "S-TRACK-3", "S-TRACK-4"), _drill_start("drill-track-link"),
            _easter_track, _easter_track, _at("drill-urbanization-black-city", Select("engineer"))),
    _source("incomplete", ("S-INCOMPLETE-1",), _drill_start("drill-incomplete-extend"),
            _at("drill-incomplete-extend", EndBuild()), _at("drill-incomplete-extend", LayTrack([(3, 0), (2, 0)]),
                                                            EndBuild())),
    _source("urbanization", ("S-URBANIZATION-1",), _at("drill-urbanization-black-city", Select("urbanization")),
            _at("drill-urbanization-black-city", Select(None))),
    _source("goods", ("S3", "S-GOODS-2", "S-GOODS-3", "S-GOODS-4"), _drill_start("drill-goods-top-cube"),
            _long_line, _long_line, _long_line,
            _at("drill-urbanization-black-city", Select(None), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild())),
    _source("locomotive", ("S-LOCOMOTIVE-2",), _at("drill-locomotive-action", Select(None), EndBuild()),
            _at("drill-locomotive-action", Select(None), EndBuild(), RaiseLocomotive()),
            _at("drill-locomotive-action", Select("locomotive"), EndBuild(), RaiseLocomotive())),
    _source("moai", ("S-MOAI-1", "S-MOAI-2"), _drill_start("drill-moai-rapa-nui"),
            _at("drill-moai-rapa-nui", Select("rapa-nui", "Red 3"), EndBuild())),
    _source("danger", ("S4", "S-DANGER-2"), _drill_start("drill-danger-route"), _hungry_areas,
            _drill_start("drill-exits-teleport")),
    _source("exits", ("S5", "S7"), _drill_start("drill-exits-teleport"), _exits_build),
    _source("feeding", ("S4",), _drill_start("drill-feeding-lion"),
            _at("drill-feeding-lion", Ship(("yaks", "lion", "goats"), (1, 0)))),
    _source("end", ("S-END-3",), _drill_start("drill-end-clear"), _at("drill-end-clear", *END.solution),
            _at("drill-end-clear", Pass(), Pass()), _last_ruin),
)


def score_breakdown(state: GameState) -> list[ScoreLine]:
    """The engine's final score of *state*, line by line (S10a)."""
    return [ScoreLine(points, words, "S10a") for points, words in score_lines(state.game, state.position)]


def _cleared(rng: random.Random) -> GameState:
    """A cleared map with a random purse: a drill's map after its solution, income and shares drawn."""
    drill = rng.choice((TURN, TRACK, DANGER, END, GOODS, EXITS))
    state = drill.start()
    for action in drill.solution:
        state.apply(action)
    pos = state.position
    eco = pos.economy.with_(income=rng.randrange(0, 9), shares=rng.randrange(0, 7))
    return GameState(state.game, pos.with_(economy=eco))


#: "How many points?" about a cleared map (S10a).
SCORE = ScoreSource(group="end", states=_cleared, score=score_breakdown,
                    ask="If the game ended now, what would its final score be?", context=context,
                    picture=PICTURE, rules=("S10a",))

#: Every quiz source: the legal-or-not ones, then the score.
QUIZZES: tuple[QuizSource | ScoreSource, ...] = QUIZZES_LEGAL + (SCORE,)


def quiz_for(group: str, kind: str = "legal") -> QuizSource | ScoreSource:
    """The quiz of one rule group: ``kind="legal"`` (legal or not?) or ``"points"`` (how many?)."""
    for quiz in QUIZZES:
        if quiz.group == group and isinstance(quiz, ScoreSource) == (kind == "points"):
            return quiz
    raise KeyError(f"no steam {kind} quiz for the group {group!r} (groups: {', '.join(GROUPS)})")


# -- worked examples ---------------------------------------------------------------------------------

def _example_turn() -> GameState:
    return _zoo([Area("camels", (0, 0), 1), Area("llamas", (3, 0), 2)], land=[(1, 0), (2, 0), (1, 1)], turns=2)


def _example_incomplete() -> GameState:
    return _zoo([Area("camels", (0, 0), 1), Area("llamas", (3, 0), 2)], land=[(1, 0), (2, 0)], turns=3)


#: Worked examples, one per section: a position and the moves played on it (none of them a drill's
#: solution). :func:`worked_example` plays them; the notebook draws the position and prints the log.
EXAMPLES: dict[str, tuple[Callable[[], GameState], tuple]] = {
    "turn": (_example_turn, (IssueShares(2), Select("engineer"), LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]),
                             EndBuild(), Ship(("camels", "llamas"), (0,)), RaiseLocomotive())),
    "actions": (lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=9), phase=ACTION),
                (Select("locomotive"),)),
    "blockers": (lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=20), phase=ACTION,
                                 blocked=frozenset({"engineer", "locomotive"})),
                 (Select("urbanization"), EndBuild(), Pass(), Pass())),
    "track": (lambda: _easter([City("Red 3", (0, 0), "red", True), City("Blue 1", (3, 0), "blue", True, ("red",))],
                              plain=[(1, 0)], mountain=[(2, 0)], phase=BUILD),
              (LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]),)),
    "incomplete": (_example_incomplete, (IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0)]), EndBuild(),
                                         Pass(), Pass(), IssueShares(0), Select(None), EndBuild())),
    "urbanization": (lambda: _zoo([Area("camels", (0, 0), 1)], towns=[Town((2, 0))], land=[(1, 0)],
                                  phase=ACTION),
                     (Select("urbanization"), Urbanize((2, 0)))),
    "goods": (lambda: _easter([City("Yellow 1", (0, 0), "yellow", True, ("blue", "red")),
                               City("Red 3", (2, 0), "red", True), City("Red 4", (4, 0), "red", True)],
                              plain=[(1, 0), (3, 0)], tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]],
                              phase=MOVE),
              (Ship(("Yellow 1", "Red 3"), (0,)),)),
    "locomotive": (lambda: _zoo([Area("camels", (0, 0), 1), Area("bees", (2, 0), 1, food=0, fed=True),
                                 Area("llamas", (4, 0), 1)],
                                tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]], phase=MOVE),
                   (RaiseLocomotive(), Ship(("camels", "bees", "llamas"), (0, 1)))),
    "moai": (lambda: _easter([City("Red 5", (0, 0), "red", True, ("yellow", "blue")),
                              City("Yellow 2", (2, 0), "yellow", True)], plain=[(1, 0)],
                             tracks=[[(0, 0), (1, 0), (2, 0)]], economy=Economy(cash=8), phase=ACTION),
             (Select("rapa-nui", "Red 5"),)),
    "danger": (lambda: _zoo([Area("three", (0, 0), 3), Area("two", (2, 0), 2), Area("four", (4, 0), 4)],
                            tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]],
                            economy=Economy(cash=10, locomotive=3), phase=MOVE),
               (Ship(("three", "two", "four"), (0, 1)),)),
    "exits": (lambda: _zoo([Area("ants", (0, 0), 1), Area("bees", (2, 2), 1)], exits=[(2, 0), (0, 2)],
                           tracks=[[(0, 0), (1, 0), (2, 0)], [(0, 2), (1, 2), (2, 2)]],
                           economy=Economy(cash=10, locomotive=2), phase=MOVE),
              (Ship(("ants", "2,0", "0,2", "bees"), (0, None, 1)), Pass())),
    "feeding": (lambda: _zoo([Area("lion", (0, 0), 6), Area("yaks", (2, 0), 1)], tracks=[[(0, 0), (1, 0), (2, 0)]],
                             economy=Economy(cash=10, locomotive=5), phase=MOVE, card="feeding"),
                (Ship(("lion", "yaks"), (0,)),)),
    "end": (lambda: _zoo([Area("camels", (0, 0), 1, fed=True), Area("llamas", (3, 0), 1)],
                         tracks=[[(0, 0), (1, 0), (2, 0), (3, 0)]], economy=Economy(cash=3, income=2, shares=4),
                         phase=MOVE),
            (Ship(("camels", "llamas"), (0,)),)),
}


def worked_example(group: str) -> tuple[GameState, GameState, list[str]]:
    """The section's worked example: the position before, after, and the engine's log of the moves."""
    start, actions = EXAMPLES[group]
    before = start()
    after = before.clone()
    mark = len(after.log)
    for action in actions:
        after.apply(action)
    return before, after, after.log[mark:]
