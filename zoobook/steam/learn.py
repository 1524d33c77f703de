"""Learn the Age of Steam solo maps: one drill per rule group, and quizzes from real engine states.

Each :class:`~zoobook.learn.drill.Drill` sets up a tiny map of the real turn engine
(:class:`zoobook.steam.game.state.GameState`) in the phase where its rule bites, offers the
learner a few actions (legal and illegal ones) and names the goal. The engine is the referee:
a refused action comes back with the rule's ID from ``zoobook/steam/rules.toml``. Each
:class:`~zoobook.learn.quiz.QuizSource` walks a drill's map a few random legal steps and asks
"legal or not?" about actions near the legal ones; ``refusal()`` is the answer key.

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
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from zoobook.learn.drill import Drill
from zoobook.learn.quiz import QuizSource
from zoobook.steam.easter.island import City, Island, easter_island
from zoobook.steam.easter.moai import setup as easter_setup
from zoobook.steam.game.actions import (EndBuild, IssueShares, LayTrack, Pass, RaiseLocomotive, Select,
                                        Ship, Urbanize)
from zoobook.steam.game.economy import Economy
from zoobook.steam.game.state import ACTION, BUILD, MOVE, SHARES, Game, GameState
from zoobook.steam.zoo.model import Area, ZooMap

__all__ = ["DRILLS", "QUIZZES", "drill_by_id", "quiz_for", "describe", "PICTURE", "context", "GROUPS"]

#: The drills' and quizzes' picture, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: the map as the game widget draws it, with the money and the clear conditions.
PICTURE = "zoobook.widgets.steam_game:game_picture"

#: The rule groups in the order the Learn notebook teaches them.
GROUPS = ("setup", "turn", "economy", "actions", "blockers", "track", "incomplete", "urbanization",
          "goods", "locomotive", "danger", "exits", "feeding", "moai", "end")


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


# -- setup --------------------------------------------------------------------------------------

#: A fixed draw of the 20 cubes of the Hard set-up (bottom then top, ruin by ruin; S14 allows fixing them).
HARD_COLOURS = ("red", "blue", "blue", "yellow", "yellow", "red", "black", "red", "blue", "red",
                "red", "yellow", "yellow", "blue", "red", "blue", "blue", "red", "yellow", "red")


def _hard_setup() -> GameState:
    island = easter_setup(easter_island(), "Hard", colours=HARD_COLOURS)
    return Game.easter(island).new_state()


SETUP = Drill(
    id="drill-setup-hard", group="setup", title="Easter Island, Hard",
    goal="On the Hard set-up, turn a two-cube statue with Rapa Nui (the statues stand in the west; "
         "the one-cube remnants in the east may be targeted too, but turning one changes nothing).",
    rules=("S11b", "S-SETUP-1", "S-SETUP-2", "S9", "S12a"),
    start=_hard_setup,
    choices=_fixed(Select("rapa-nui", "Blue 5"), IssueShares(0), Select("rapa-nui", "Blue 3"),
                   Select("feeding"), Select("rapa-nui", "Red 3")),
    reached=lambda state: state.position.card == "rapa-nui" and any(
        city.cubes != before.cubes for city, before in zip(state.position.board.cities,
                                                           state.game.start.board.cities)),
    solution=(IssueShares(0), Select("rapa-nui", "Red 3")), describe=describe, picture=PICTURE)

# -- the turn -----------------------------------------------------------------------------------

TURN = Drill(
    id="drill-turn-order", group="turn", title="The phases of a turn",
    goal="Feed the yaks: take the phases of the turn in their order.",
    rules=("S11", "S-TURN-2", "S-ACTIONS-2", "S-END-2"),
    start=lambda: _zoo([Area("goats", (0, 0), 1, fed=True), Area("yaks", (2, 0), 1)],
                       tracks=[[(0, 0), (1, 0), (2, 0)]], turns=2),
    choices=_fixed(Ship(("goats", "yaks"), (0,)), Select(None), "feed the yaks", EndBuild(), IssueShares(0),
                   Select("locomotive")),
    reached=_fed("yaks"),
    solution=(IssueShares(0), Select(None), EndBuild(), Ship(("goats", "yaks"), (0,))),
    describe=describe, picture=PICTURE)

# -- economy ------------------------------------------------------------------------------------

ECONOMY = Drill(
    id="drill-economy-expenses", group="economy", title="Paying the expenses",
    goal="Reach turn 2 without going bankrupt: expenses are $1 a share plus $1 a locomotive level.",
    rules=("S-ECONOMY-1", "S-ECONOMY-2", "S-ECONOMY-3", "S-ECONOMY-6"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], land=[(1, 0)], turns=2,
                       economy=Economy(cash=1, income=0, shares=2, locomotive=2)),
    choices=_fixed(IssueShares(0), IssueShares(14), IssueShares(1), Select(None), EndBuild(), Pass()),
    reached=lambda state: state.position.turn >= 2 and not state.is_terminal(),
    solution=(IssueShares(1), Select(None), EndBuild(), Pass(), Pass()), describe=describe, picture=PICTURE)

# -- action selection ---------------------------------------------------------------------------

_RAPA_NUI_ISLAND = dict(cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
                                City("Blue 1", (2, 0), "blue", True), City("Red 4", (4, 0), "red", True)],
                        plain=[(1, 0), (3, 0)], tracks=[[(0, 0), (1, 0), (2, 0)]])

ACTIONS = Drill(
    id="drill-actions-pay-first", group="actions", title="$8 first, then the $5",
    goal="Select Rapa Nui on Red 3: you need the $8 before its $5 comes in.",
    rules=("S9", "S-ACTIONS-1", "S11"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=3, income=0, shares=2, locomotive=2)),
    choices=_fixed(Select("rapa-nui", "Red 3"), IssueShares(0), IssueShares(1), Select(None), Select("feeding")),
    reached=lambda state: state.position.card == "rapa-nui",
    solution=(IssueShares(1), Select("rapa-nui", "Red 3")), describe=describe, picture=PICTURE)

BLOCKERS = Drill(
    id="drill-blockers-cycle", group="blockers", title="The action-blocker cycle",
    goal="Free every action again: select the one action without a blocker and finish the turn.",
    rules=("S-BLOCKERS-2", "S-BLOCKERS-3"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, economy=Economy(cash=20), phase=ACTION,
                          blocked=frozenset({"engineer", "locomotive", "urbanization"})),
    choices=_fixed(Select("engineer"), Select("locomotive"), Select(None), Select("rapa-nui", "Red 3"),
                   EndBuild(), Pass()),
    reached=lambda state: state.position.turn >= 2 and not state.position.blocked,
    solution=(Select("rapa-nui", "Red 3"), EndBuild(), Pass(), Pass()), describe=describe, picture=PICTURE)

# -- track ----------------------------------------------------------------------------------------

TRACK = Drill(
    id="drill-track-link", group="track", title="A link for $8",
    goal="Join the goats to the yaks with one complete link, paying at most your $8.",
    rules=("S1", "S2", "S-TRACK-1", "S-TRACK-2", "S-TRACK-4"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)],
                       land=[(1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1)],
                       economy=Economy(cash=8, income=0, shares=0, locomotive=1), phase=BUILD),
    choices=_fixed(LayTrack([(0, 0), (-1, 1), (0, 1), (1, 1), (2, 1), (3, 0)]),
                   LayTrack([(0, 0), (0, 1), (1, 1), (2, 1), (3, 0)]), LayTrack([(1, 0), (2, 0), (3, 0)]),
                   LayTrack([(0, 0), (2, 0)]), LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]),
                   LayTrack([(0, 0), (0, -1)]), EndBuild()),
    reached=_linked("goats", "yaks"),
    solution=(LayTrack([(0, 0), (1, 0), (2, 0), (3, 0)]),), describe=describe, picture=PICTURE)

INCOMPLETE = Drill(
    id="drill-incomplete-extend", group="incomplete", title="Take back the ownerless track",
    goal="Extend the track that lost its owner to the yaks: extending it makes it yours again.",
    rules=("S15", "S2", "S-INCOMPLETE-1"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (3, 0), 1)], tracks=[[(0, 0), (1, 0)]],
                       land=[(1, 0), (2, 0), (1, 1), (2, 1)], economy=Economy(cash=8, income=0, shares=0, locomotive=1),
                       phase=BUILD, turn=2, unowned=frozenset({0})),
    choices=_fixed(LayTrack([(0, 0), (1, 0), (2, 0)]), LayTrack([(3, 0), (2, 1), (1, 1)]),
                   LayTrack([(3, 0), (2, 0), (1, 0)]), LayTrack([(1, 0), (2, 0), (3, 0)]), EndBuild()),
    reached=_linked("goats", "yaks", owned=True),
    solution=(LayTrack([(1, 0), (2, 0), (3, 0)]),), describe=describe, picture=PICTURE)

# -- urbanization ---------------------------------------------------------------------------------

URBANIZATION = Drill(
    id="drill-urbanization-black-city", group="urbanization", title="A city for the black cube",
    goal="Urbanize the town so the black cube on Red 3 has a city, and ship it there.",
    rules=("S-URBANIZATION-1", "S-URBANIZATION-2", "S15", "S-GOODS-3"),
    start=lambda: _easter([City("Red 3", (0, 0), "red", True, ("black",)), City("Red 4", (4, 0), "red", True)],
                          plain=[(1, 0), (3, 0)], towns=[("Town 1", (2, 0))],
                          economy=Economy(cash=30), phase=ACTION),
    choices=_fixed(Urbanize((2, 0)), Select("engineer"), Select("urbanization"), Urbanize((0, 0)),
                   LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(), Ship(("Red 3", "Town 1"), (0,))),
    reached=lambda state: not state.position.board.city("Red 3").cubes,
    solution=(Select("urbanization"), Urbanize((2, 0)), LayTrack([(0, 0), (1, 0), (2, 0)]), EndBuild(),
              Ship(("Red 3", "Town 1"), (0,))),
    describe=describe, picture=PICTURE)

# -- moving goods ---------------------------------------------------------------------------------

GOODS = Drill(
    id="drill-goods-top-cube", group="goods", title="The top cube to a city of its colour",
    goal="Deliver the top cube of Red 3 (it is red) to a red city.",
    rules=("S3", "S-GOODS-2", "S-GOODS-3", "S-MOAI-1", "S-ECONOMY-5"),
    start=lambda: _easter([City("Red 3", (0, 0), "red", True, ("blue", "red")), City("Blue 1", (2, 0), "blue", True),
                           City("Red 4", (4, 0), "red", True, ("blue",))],
                          plain=[(1, 0), (3, 0)], tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]],
                          phase=MOVE),
    choices=_fixed(Ship(("Red 3", "Blue 1"), (0,)), Ship(("Red 4", "Blue 1", "Red 3"), (1, 0)),
                   Ship(("Blue 1", "Red 4"), (1,)), Ship(("Red 3", "Red 4"), (0,)),
                   Ship(("Red 3", "Blue 1", "Red 4"), (0, 1)), Pass()),
    reached=lambda state: state.position.board.city("Red 3").cubes == ("blue",),
    solution=(Ship(("Red 3", "Blue 1", "Red 4"), (0, 1)),), describe=describe, picture=PICTURE)

_CHAIN = ("ants", "bees", "cats", "dogs")

LOCOMOTIVE = Drill(
    id="drill-locomotive-action", group="locomotive", title="Three links at level 1",
    goal="Ship food from the ants to the dogs, three links away, with a level-1 locomotive.",
    rules=("S-LOCOMOTIVE-1", "S-LOCOMOTIVE-2", "S-GOODS-2", "S8"),
    start=lambda: _zoo([Area(name, (2 * i, 0), 1, fed=name != "dogs") for i, name in enumerate(_CHAIN)],
                       tracks=[[(2 * i, 0), (2 * i + 1, 0), (2 * i + 2, 0)] for i in range(3)], phase=ACTION),
    choices=_fixed(Ship(_CHAIN, (0, 1, 2)), RaiseLocomotive(), Select(None), Select("locomotive"), EndBuild(),
                   Pass()),
    reached=_fed("dogs"),
    solution=(Select("locomotive"), EndBuild(), RaiseLocomotive(), Ship(_CHAIN, (0, 1, 2))),
    describe=describe, picture=PICTURE)

# -- the Zoo's danger, exits and Feeding -----------------------------------------------------------

DANGER = Drill(
    id="drill-danger-route", group="danger", title="Around the bears",
    goal="Feed the yaks with a level-2 locomotive: the bears (danger 3) are too dangerous to pass.",
    rules=("S4", "S-DANGER-2"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("bears", (2, 0), 3), Area("yaks", (4, 0), 2)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)],
                               [(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 0)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE),
    choices=_fixed(Ship(("goats", "bears", "yaks"), (0, 1)), Ship(("bears", "yaks"), (1,)),
                   Ship(("goats", "bears"), (0,)), Ship(("yaks", "bears", "goats"), (1, 0)),
                   Ship(("goats", "yaks"), (2,))),
    reached=_fed("yaks"),
    solution=(Ship(("goats", "yaks"), (2,)),), describe=describe, picture=PICTURE)

EXITS = Drill(
    id="drill-exits-teleport", group="exits", title="Through the exits",
    goal="Feed the bees through the exits (a teleport) and take the bonus tile it earns.",
    rules=("S5", "S7", "S2a", "S-EXITS-1", "S3"),
    start=lambda: _zoo([Area("ants", (0, 0), 1), Area("bees", (6, 0), 1)], exits=[(2, 0), (4, 0)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(4, 0), (5, 0), (6, 0)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE),
    choices=_fixed(Ship(("ants", "2,0", "bees"), (0, None)), Ship(("ants", "2,0", "4,0", "bees"), (0, None, 1)),
                   Ship(("ants", "2,0", "4,0", "bees"), (0, 1, 1)), RaiseLocomotive(), Pass()),
    reached=lambda state: state.position.hand >= 1,
    solution=(Ship(("ants", "2,0", "4,0", "bees"), (0, None, 1)), Pass()), describe=describe, picture=PICTURE)

FEEDING = Drill(
    id="drill-feeding-lion", group="feeding", title="Past the lion with Feeding",
    goal="Ship the food past the lion (danger 3) at locomotive level 2, using Feeding.",
    rules=("S6", "S4", "S-FEEDING-1"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("lion", (2, 0), 3), Area("yaks", (4, 0), 1),
                        Area("bear", (2, 2), 4)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(2, 0), (2, 1), (2, 2)]],
                       economy=Economy(cash=10, income=0, shares=0, locomotive=2), phase=MOVE, card="feeding"),
    choices=_fixed(Ship(("bear", "lion", "goats"), (2, 0)), Ship(("goats", "lion", "yaks"), (0, 1)),
                   Ship(("yaks", "lion", "goats"), (1, 0)), Ship(("goats", "lion"), (0,)), Pass()),
    reached=lambda state: state.position.discount_used,
    solution=(Ship(("goats", "lion", "yaks"), (0, 1)),), describe=describe, picture=PICTURE)

# -- moai ---------------------------------------------------------------------------------------------

MOAI = Drill(
    id="drill-moai-rapa-nui", group="moai", title="Turn the statue",
    goal="The blue cube under Red 3's red one must reach Blue 1 this turn: turn the moai first.",
    rules=("S-MOAI-1", "S-MOAI-2", "S9"),
    start=lambda: _easter(**_RAPA_NUI_ISLAND, phase=ACTION),
    choices=_fixed(Ship(("Red 3", "Blue 1"), (0,)), Select("rapa-nui", "Blue 1"), Select(None),
                   Select("rapa-nui", "Red 3"), EndBuild(), Pass()),
    reached=lambda state: "blue" not in state.position.board.city("Red 3").cubes,
    solution=(Select("rapa-nui", "Red 3"), EndBuild(), Ship(("Red 3", "Blue 1"), (0,))),
    describe=describe, picture=PICTURE)

# -- the end --------------------------------------------------------------------------------------------

END = Drill(
    id="drill-end-clear", group="end", title="Cleared before the expenses",
    goal="Clear the Zoo map in this turn: $4 cannot pay the $6 of expenses, but a cleared map pays none.",
    rules=("S13", "S-END-2", "S-END-3", "S-ECONOMY-3", "S11"),
    start=lambda: _zoo([Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)], tracks=[[(0, 0), (1, 0), (2, 0)]],
                       turns=2, economy=Economy(cash=4, income=0, shares=5, locomotive=1), phase=MOVE),
    choices=_fixed(Pass(), Ship(("goats", "yaks"), (0,)), IssueShares(1), RaiseLocomotive(),
                   Ship(("yaks", "goats"), (0,))),
    reached=lambda state: bool(state.result() and state.result().cleared and state.result().turns == 1),
    solution=(Ship(("goats", "yaks"), (0,)), Ship(("yaks", "goats"), (0,))), describe=describe, picture=PICTURE)


#: Every drill, one (or more) per rule group, in the notebook's order.
DRILLS: tuple[Drill, ...] = (SETUP, TURN, ECONOMY, ACTIONS, BLOCKERS, TRACK, INCOMPLETE, URBANIZATION, GOODS,
                             LOCOMOTIVE, DANGER, EXITS, FEEDING, MOAI, END)


def drill_by_id(drill_id: str) -> Drill:
    """The drill whose id (= its notebook cell id) is *drill_id*."""
    for drill in DRILLS:
        if drill.id == drill_id:
            return drill
    raise KeyError(f"no steam drill {drill_id!r} (drills: {', '.join(d.id for d in DRILLS)})")


# -- quizzes ------------------------------------------------------------------------------------------

def _near_misses(state: GameState) -> list:
    """Actions of the current phase next to the legal ones: what a learner might try (the engine decides)."""
    pos, rules = state.position, state.game.rules
    board = pos.board
    hexmap = rules.goods.hexmap(board)
    if pos.phase == SHARES:
        return [IssueShares(n) for n in (0, 1, 2, 3, 13, 15 - pos.economy.shares, 16 - pos.economy.shares)]
    if pos.phase == ACTION:
        out = [Select(None)] + [Select(name) for name in ("engineer", "locomotive", "urbanization", "feeding")]
        if rules.selection.price:   # Easter Island: Rapa Nui on each ruin, stack or not
            out += [Select("rapa-nui", city.name) for city in board.cities if city.ruin]
        else:
            out.append(Select("rapa-nui"))
        return out
    if pos.phase == BUILD:
        out = [EndBuild()] + [Urbanize(node.hex) for node in hexmap.nodes]
        for lay in state.legal_actions():
            if isinstance(lay, LayTrack):
                last = lay.hexes[-1]
                out += [LayTrack(lay.hexes + ((last[0] + dq, last[1] + dr),)) for dq, dr in ((1, 0), (0, 1))]
                out.append(LayTrack(lay.hexes[1:])) if len(lay.hexes) > 2 else None
        return out
    if pos.phase == MOVE:
        level = pos.economy.locomotive
        graph = hexmap.link_graph()
        one_link = [Ship((a, b), (key,)) for a, b, key in graph.edges(keys=True)]
        one_link += [Ship((b, a), (key,)) for a, b, key in graph.edges(keys=True)]
        return ([RaiseLocomotive(), Pass()] + one_link
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


_OTHER_PHASES = (IssueShares(0), Select(None), EndBuild(), Pass())


def _candidates(cross_phase: bool) -> Callable[[GameState, random.Random], list]:
    """A legal action and an illegal one of the current phase (of any phase with *cross_phase*),
    in random order: about half the questions are legal, half not."""
    def candidates(state: GameState, rng: random.Random) -> list:
        near = list(dict.fromkeys(_near_misses(state) + (list(_OTHER_PHASES) if cross_phase else [])))
        legal = [a for a in near if state.refusal(a) is None] or state.legal_actions()
        illegal = [a for a in near if state.refusal(a) is not None]
        picked = [rng.choice(pool) for pool in (legal, illegal) if pool]
        rng.shuffle(picked)
        return picked
    return candidates


def context(state: GameState) -> str:
    """The position in one line, put before a quiz question."""
    pos, eco, rules = state.position, state.position.economy, state.game.rules
    words = [f"{rules.name.capitalize() if rules.name == 'zoo' else 'Easter Island'} map, turn {pos.turn},"
             f" {pos.phase} phase: ${eco.cash}, {eco.shares} shares, locomotive {eco.locomotive}"]
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


def _source(group: str, *starts: Callable[[], GameState], cross_phase: bool = False) -> QuizSource:
    return QuizSource(group=group, states=_walk(starts), candidates=_candidates(cross_phase),
                      describe=describe, context=context, picture=PICTURE)


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


#: One quiz per rule group (each yields many distinct questions from real positions).
QUIZZES: tuple[QuizSource, ...] = (
    _source("setup", _drill_start("drill-setup-hard"), _at("drill-setup-hard", IssueShares(0))),
    _source("turn", *(_at("drill-turn-order", *TURN.solution[:k]) for k in range(4)), cross_phase=True),
    _source("economy", _drill_start("drill-economy-expenses"), _drill_start("drill-end-clear"), _in_debt(10, 0),
            _in_debt(14, 3), _in_debt(15, 7)),
    _source("actions", _at("drill-actions-pay-first", IssueShares(1)), _at("drill-actions-pay-first", IssueShares(0)),
            _at("drill-locomotive-action")),
    _source("blockers", _drill_start("drill-blockers-cycle"), _at("drill-blockers-cycle", *BLOCKERS.solution),
            *(_blocked(*names) for size in (1, 2, 3)
              for names in itertools.combinations(("engineer", "locomotive", "urbanization", "rapa-nui"), size))),
    _source("track", _drill_start("drill-track-link"), _at("drill-urbanization-black-city", Select("engineer"))),
    _source("incomplete", _drill_start("drill-incomplete-extend")),
    _source("urbanization", _at("drill-urbanization-black-city", Select("urbanization")),
            _at("drill-urbanization-black-city", Select(None))),
    _source("goods", _drill_start("drill-goods-top-cube"),
            _at("drill-urbanization-black-city", *URBANIZATION.solution[:-1])),
    _source("locomotive", _drill_start("drill-locomotive-action"),
            _at("drill-locomotive-action", Select(None), EndBuild())),
    _source("danger", _drill_start("drill-danger-route")),
    _source("exits", _drill_start("drill-exits-teleport"), _exits_build),
    _source("feeding", _drill_start("drill-feeding-lion"), _drill_start("drill-danger-route")),
    _source("moai", _drill_start("drill-moai-rapa-nui"),
            _at("drill-moai-rapa-nui", Select("rapa-nui", "Red 3"), EndBuild())),
    _source("end", _drill_start("drill-end-clear"), _at("drill-end-clear", Pass()), _last_ruin,
            _at("drill-end-clear", *END.solution), _at("drill-end-clear", Pass(), Pass())),
)


def quiz_for(group: str) -> QuizSource:
    """The quiz of one rule group."""
    for quiz in QUIZZES:
        if quiz.group == group:
            return quiz
    raise KeyError(f"no steam quiz for the group {group!r} (groups: {', '.join(GROUPS)})")
