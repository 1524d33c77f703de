"""Learn Zooloretto: one drill per rule group, and quizzes drawn from real games (issues 18 and 43).

Every drill is a tiny position of the real engine, :class:`~zoobook.zooloretto.game.ZoolorettoState`,
set up the way the tests set up positions (a seeded new game whose supply, trucks and zoos are then
arranged with the engine's own values), a goal in game terms ("make your three pandas score"), never the
clicks, and the actions offered to the learner -- legal ones and tempting illegal ones. The engine
answers: an illegal action is refused with the rule's ID in the rules index
(``zoobook/zooloretto/rules.toml``). Nothing here decides legality. After a legal move that does not
reach the goal, ``misses`` says why the goal is out of reach from there (a short search over the
offered moves decides *whether*; the drill's own sentence says *why*).

The quizzes ask "legal or not, and which rule?" about actions in states reached by seeded random play,
the engine's ``refusal`` as the answer key, and "how many points?" about real zoos, the breakdown read
off the engine's scoring. Each source declares the rules its questions can have as their reason.

Examples
--------
>>> drill = DRILLS[0]
>>> state = drill.start()
>>> print(state.refusal(Draw()))
every truck still in play is full: take one (or make a money action) [Z-TRUCK-1]
>>> for action in drill.solution:
...     state.apply(action)
>>> drill.reached(state)
True
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from zoobook.explain import plural
from zoobook.learn.drill import Drill, out_of_reach
from zoobook.learn.quiz import QuizSource, ScoreLine, ScoreSource
from zoobook.zooloretto import actions as za
from zoobook.zooloretto.game import (
    BuyPavilion, BuyRestaurant, Discard, Draw, Exchange, Expand, Load, Mark, Move, MoveBetween, MoveStall,
    PassSites, Place, Purchase, Take, ZoolorettoState,
)
from zoobook.zooloretto.model import STALL_TYPES, Barn, Enclosure, Zoo, max_expansion_boards
from zoobook.zooloretto.scoring import score

__all__ = ["DRILLS", "QUIZZES", "describe", "PICTURE", "SCORE_PICTURE", "context", "random_state"]

#: The drills' and quizzes' picture, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: the trucks and every zoo, as the game table draws them, each labelled as the buttons name them.
PICTURE = "zoobook.widgets.zooloretto_game:table_picture"
#: A "how many points?" question's picture: the zoo to score, its points hidden.
SCORE_PICTURE = "zoobook.widgets.zooloretto_game:score_question_picture"
#: A "who wins?" question's picture: every zoo and its coins, the points hidden.
FINAL_PICTURE = "zoobook.widgets.zooloretto_game:final_table_picture"

BUILDINGS, SITES = "three-buildings", "construction-sites"


# -- positions, built the way the tests build them ---------------------------------------------------
#: The species the drills use (a drill's game is the first seed that has them all in play).
DRILL_SPECIES = ("camel", "panda", "zebra")


def _game(players: int = 2, expansions=(), seed: int | None = None) -> ZoolorettoState:
    """A new game; without *seed*, the first seed whose species in play include the drills' own."""
    if seed is not None:
        return ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
    for seed in itertools.count(1):
        state = ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
        if set(DRILL_SPECIES) <= set(state.species):
            return state
    raise AssertionError("unreachable")


def _truck(state: ZoolorettoState, truck: int, codes) -> None:
    """Put *codes* on *truck*, taking each tile out of the supply (so no tile is made)."""
    for code in codes:
        state.supply.remove(code)
    state.trucks[truck] = list(codes)


def _zoo(state: ZoolorettoState, seat: int, *enclosures: Enclosure, barn: Barn | None = None,
         coins: int | None = None) -> None:
    """Arrange *seat*'s zoo: these enclosures, this barn, these coins."""
    zoo = state.zoos[seat]
    for enclosure in enclosures:
        zoo = zoo.with_enclosure(enclosure)
    changes = {}
    if barn is not None:
        changes["barn"] = barn
    if coins is not None:
        changes["coins"] = coins
    state.zoos[seat] = replace(zoo, **changes)


def _sat_out(state: ZoolorettoState, seat: int, truck: int) -> None:
    """*seat* has taken (empty) truck *truck* this round: the others keep the turn."""
    state.trucks[truck] = []
    state.taken[seat] = truck


def _places(zoo: Zoo) -> tuple[str, ...]:
    return zoo.keys + (za.BARN,)


def _place_choices(state: ZoolorettoState) -> list:
    """Every place for every tile still on the taken truck (legal or not), plus a tile not on it."""
    if state.phase != "place":
        return []
    zoo = state.zoos[state.current_player]
    out = [Place(code, to) for code in dict.fromkeys(state.to_place) for to in _places(zoo)]
    out += [a for a in state.legal_actions() if a not in out]
    return out


def _mark_choices(state: ZoolorettoState) -> list:
    """Every seat and place for each marker still to put down (own zoo and discarding included)."""
    if state.phase != "mark":
        return []
    out = []
    for kind in dict.fromkeys(state.to_mark):
        for seat in range(state.players):
            targets = [za.BARN] if kind == "barn" else list(state.zoos[seat].keys)
            if seat == state.current_player:  # one try at your own zoo is enough to meet the rule
                out.append(Mark(kind, seat, targets[0]))
                continue
            out += [Mark(kind, seat, to) for to in targets] + [Mark(kind, seat, None)]
    return out


def describe(action) -> str:
    """An action's label on its button: the engine's own words.

    >>> describe(Move("zebra", "4", offspring=True))
    'move an offspring zebra from the barn to the 4-space enclosure (1 coin)'
    """
    return str(action)


# -- drills: the goal in game terms, and why a legal move misses it ---------------------------------------
def _yours(choices):
    """*choices* only while the learner (seat 0) is to move: once the turn has passed, no button but Undo."""
    return lambda state: list(choices(state)) if state.current_player == 0 and not state.is_terminal() else []


def _drill(*, why, choices, reached, **fields) -> Drill:
    """A drill whose ``misses`` is *why(state)* once no offered move can reach the goal any more."""
    choices = _yours(choices)

    def misses(state):
        return why(state) if out_of_reach(state, reached, depth=3, actions=choices) else None

    return Drill(choices=choices, reached=reached, describe=describe, picture=PICTURE, misses=misses, **fields)


def _full_trucks() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["camel", "camel", "kiosk"])
    _truck(state, 1, ["zebra", "coin"])
    _truck(state, 2, ["panda"])
    _zoo(state, 0, Enclosure("5", "camel", 3))
    return state


def _full_trucks_choices(state: ZoolorettoState) -> list:
    if state.phase == "turn":
        return [Draw(), Load(0), Take(0), Take(1), Take(2), Place("camel", "5")]
    return _place_choices(state)


DRILL_FULL_TRUCKS = _drill(
    id="drill-turn-full-trucks", group="turn", title="Every truck is full",
    goal="Fill your 5-space enclosure this turn.",
    rules=("Z-TURN-1", "Z-TRUCK-1", "Z-TURN-3"),
    start=_full_trucks, choices=_full_trucks_choices,
    reached=lambda s: s.zoos[0].enclosure("5").is_full,
    why=lambda s: ("the truck you took brought too few camels, and a player who has taken a truck sits out "
                   "the rest of the round" if s.taken[0] != 0 else
                   "a camel went elsewhere, so the 5-space enclosure stays one short"),
    solution=(Take(0), Place("camel", "5"), Place("camel", "5")))


def _load() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["zebra"])
    _truck(state, 2, ["coin"])
    _sat_out(state, 1, 1)
    state.supply.remove("camel")
    state.supply.append("camel")
    state.apply(Draw())
    return state


DRILL_LOAD = _drill(
    id="drill-turn-load", group="turn", title="Load the drawn tile",
    goal="You drew a camel: finish your turn.",
    rules=("Z-TURN-2", "Z-TRUCK-1", "Z-TRUCK-3", "Z-TRUCK-2"),
    start=_load,
    choices=lambda s: [Load(0), Load(1), Load(2), Take(2), Draw()] if s.phase == "load" else [],
    reached=lambda s: s.pending_tile is None and s.trucks[0] == ["zebra", "camel"],
    why=lambda s: "the camel is not on a truck",
    solution=(Load(0),))


# -- placing ------------------------------------------------------------------------------------------
def _placing() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["camel", "zebra"])
    _zoo(state, 0, Enclosure("5", "camel", 4), Enclosure("4", "zebra", 4))
    state.apply(Take(0))
    return state


def _placed_well(state: ZoolorettoState) -> bool:
    zoo = state.zoos[0]
    return state.phase != "place" and zoo.coins == 4 and not zoo.barn.animals


DRILL_PLACING = _drill(
    id="drill-placing-fill", group="placing", title="Fill an enclosure",
    goal="Place both tiles of your truck so that you earn 2 coins and nothing goes into your barn.",
    rules=("Z-PLACE-1", "Z-PLACE-2", "Z-PLACE-3", "Z-PLACE-6", "Z-SCORE-1"),
    start=_placing, choices=_place_choices, reached=_placed_well,
    why=lambda s: ("an animal went into the barn (each species there costs 2 points at the end)"
                   if s.zoos[0].barn.animals else
                   "the camel did not fill the 5-space enclosure, and only filling an enclosure pays coins"),
    solution=(Place("camel", "5"), Place("zebra", "6")))


# -- offspring (and the souvenir shop the first one brings) --------------------------------------------
def _birth() -> ZoolorettoState:
    state = _game(players=2, expansions=(BUILDINGS,))
    _truck(state, 0, ["panda-female"])
    state.supply.remove("panda-male")
    state.supply.remove("panda")
    _zoo(state, 0, Enclosure("6", "panda", 2, fertile=("male",)), Enclosure("4", "zebra", 2))
    state.supply.remove("zebra")
    state.supply.remove("zebra")
    state.apply(Take(0))
    return state


def _birth_choices(state: ZoolorettoState) -> list:
    if state.phase != "place":
        return []
    return [Place("panda-female", "6"), Place("panda-female", "6", "barn"), Place("panda-female", "6", "4"),
            Place("panda-female", "6", "5"), Place("panda-female", "barn"), Place("panda-female", "5"),
            Place("panda-female", "4")]


DRILL_BIRTH = _drill(
    id="drill-offspring-birth", group="offspring", title="A birth brings the souvenir shop",
    goal="Get an offspring this turn, and make the souvenir shop it brings earn your zebras 1 point each.",
    rules=("Z-BIRTH-1", "Z-BIRTH-2", "Z-SHOP-1", "Z-SHOP-2", "Z-SHOP-3"),
    start=_birth, choices=_birth_choices,
    reached=lambda s: s.zoos[0].offspring >= 1 and "souvenir-shop" in s.zoos[0].enclosure("4").stalls,
    why=lambda s: ("the female is not with the fertile male, so no offspring is born" if not s.zoos[0].offspring
                   else "the souvenir shop stands beside an enclosure without your zebras"),
    solution=(Place("panda-female", "6", "4"),))


# -- money actions --------------------------------------------------------------------------------------
def _purchase() -> ZoolorettoState:
    state = _game(players=2)
    for code in ("kiosk", "camel", "zebra", "zebra", "zebra"):
        state.supply.remove(code)
    _zoo(state, 1, barn=Barn(("camel",), stalls=("kiosk",)), coins=0)
    _zoo(state, 0, Enclosure("4", "zebra", 3), coins=2)
    return state


DRILL_PURCHASE = _drill(
    id="drill-money-purchase", group="money", title="Buy from another zoo's barn",
    goal="No truck brings a vending stall this round: make your three zebras score 1 point each anyway.",
    rules=("Z-MONEY-1", "Z-MONEY-6", "Z-MONEY-7", "Z-SCORE-3"),
    start=_purchase,
    choices=lambda s: [Purchase(1, "kiosk", "4"), Purchase(1, "kiosk", "barn"), Purchase(0, "kiosk", "4"),
                       Purchase(1, "camel", "4"), Purchase(1, "panda", "5"), Discard("kiosk"), Expand()],
    reached=lambda s: "kiosk" in s.zoos[0].enclosure("4").stalls,
    why=lambda s: "your coins are spent and no vending stall stands beside the zebras",
    solution=(Purchase(1, "kiosk", "4"),))


def _move() -> ZoolorettoState:
    state = _game(players=2)
    for code in ("zebra", "zebra", "zebra", "zebra", "zebra-male", "zebra-female", "kiosk"):
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("4", "zebra", 3), barn=Barn(("zebra",), young=("zebra",), stalls=("kiosk",)),
         coins=1)
    return state


DRILL_MOVE = _drill(
    id="drill-money-move", group="money", title="Move an animal out of the barn",
    goal="Fill your 4-space enclosure this turn.",
    rules=("Z-MONEY-2", "Z8", "Z-MONEY-4"),
    start=_move,
    choices=lambda s: [Move("zebra", "4"), Move("zebra", "4", offspring=True), Move("zebra", "4", sex="male"),
                       Move("zebra", "5", offspring=True), MoveStall("kiosk", "barn", "barn"),
                       MoveStall("kiosk", "barn", "6")],
    reached=lambda s: s.zoos[0].enclosure("4").is_full,
    why=lambda s: "your one coin is spent and the 4-space enclosure is still one zebra short",
    solution=(Move("zebra", "4", offspring=True),))


def _exchange() -> ZoolorettoState:
    state = _game(players=2)
    for code in ["zebra"] * 5 + ["camel"] * 5 + ["panda"]:
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("5", "zebra", 2), Enclosure("6", "zebra", 3), Enclosure("4", "panda", 1),
         barn=Barn(("camel",) * 5), coins=1)
    return state


DRILL_EXCHANGE = _drill(
    id="drill-money-exchange", group="money", title="One exchange fills an enclosure",
    goal="Turn the five camels of your barn into a full enclosure this turn.",
    rules=("Z-MONEY-5", "Z7"),
    start=_exchange,
    choices=lambda s: [Exchange("5", "6"), Exchange("4", za.BARN, "camel"), Exchange("5", za.BARN, "camel"),
                       Exchange("6", za.BARN, "camel"), Move("camel", "5"), Exchange("5", za.BARN, "zebra")],
    reached=lambda s: any(e.is_full and e.species == "camel" for e in s.zoos[0].enclosures),
    why=lambda s: "your one coin is spent and the camels fill no enclosure (the 6-space one needs six)",
    solution=(Exchange("5", za.BARN, "camel"),))


# -- scoring --------------------------------------------------------------------------------------------
def _stall() -> ZoolorettoState:
    state = _game(players=2)
    for code in ["panda"] * 3 + ["barrow"]:
        state.supply.remove(code)
    _truck(state, 0, ["kiosk"])
    _zoo(state, 0, Enclosure("6", "panda", 3), Enclosure("5", stalls=("barrow",)))
    state.apply(Take(0))
    return state


DRILL_STALL = _drill(
    id="drill-scoring-stall", group="scoring", title="Make the enclosure score",
    goal="Your three pandas score nothing yet: make them score 1 point each.",
    rules=("Z-SCORE-3", "Z-SCORE-4", "Z-PLACE-4"),
    start=_stall, choices=_place_choices,
    reached=lambda s: s.zoos[0].enclosure("6").has_vending_stall,
    why=lambda s: ("a vending stall in the barn earns nothing (and costs 2 points at the end)"
                   if s.zoos[0].barn.stalls else
                   "a vending stall earns 1 point per animal only for the enclosure it stands beside"),
    solution=(Place("kiosk", "6"),))


# -- Three Additional Buildings ------------------------------------------------------------------------------
def _restaurant() -> ZoolorettoState:
    state = _game(players=2, expansions=(BUILDINGS,))
    for code in ("snack", "kiosk"):
        state.supply.remove(code)
    _sat_out(state, 1, 0)
    _zoo(state, 0, Enclosure("4", stalls=("snack",)), Enclosure("5", stalls=("kiosk",)), coins=4)
    return state


DRILL_RESTAURANT = _drill(
    id="drill-buildings-restaurant", group="buildings", title="Open the restaurant",
    goal="Your opponent has taken a truck, so the next turns are yours: open the restaurant in your zoo.",
    rules=("Z-REST-1", "Z-REST-2", "Z-REST-4", "Z-MONEY-4"),
    start=_restaurant,
    choices=lambda s: [BuyRestaurant(), MoveStall("snack", "4", "barn"), MoveStall("snack", "4", "5"),
                       MoveStall("snack", "4", "6"), MoveStall("kiosk", "5", "4"), BuyPavilion("5")],
    reached=lambda s: s.zoos[0].owns_restaurant,
    why=lambda s: (f"{plural(s.zoos[0].coins, 'coin')} left: not enough to clear the 4-space enclosure's pair of stall "
                   "spaces and pay 3 for the restaurant"),
    solution=(MoveStall("snack", "4", "6"), BuyRestaurant()))


def _pavilion() -> ZoolorettoState:
    state = _game(players=2, expansions=(BUILDINGS,))
    for code in ["camel"] * 4 + ["zebra"] * 4:
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("5", "camel", 4), Enclosure("4", "zebra", 4), coins=3)
    return state


DRILL_PAVILION = _drill(
    id="drill-buildings-pavilion", group="buildings", title="Full without the last camel",
    goal="Your 5-space enclosure is one camel short and no camel is coming: make it score as full this turn.",
    rules=("Z-PAV-1", "Z-PAV-2", "Z-PAV-3", "Z-PAV-4"),
    start=_pavilion,
    choices=lambda s: [BuyPavilion("4"), BuyPavilion("x1"), BuyPavilion("5"), BuyPavilion("6"), Expand()],
    reached=lambda s: s.zoos[0].enclosure("5").is_full,
    why=lambda s: "your 3 coins are spent and the 5-space enclosure is still one short",
    solution=(BuyPavilion("5"),))


# -- Construction Sites -------------------------------------------------------------------------------------
def _mark() -> ZoolorettoState:
    state = _game(players=3, expansions=(SITES,))
    _truck(state, 0, ["site:enclosure", "site:stall"])
    for code in ["camel"] * 4 + ["zebra"] * 2 + ["kiosk"]:
        state.supply.remove(code)
    _zoo(state, 1, Enclosure("5", "camel", 4), Enclosure("6", stalls=("kiosk",)))
    _zoo(state, 2, Enclosure("4", "zebra", 2))
    state.apply(Take(0))
    return state


DRILL_MARK = _drill(
    id="drill-sites-mark", group="sites", title="Use a construction-site marker",
    goal="Your truck brought two markers: put them down so that player 1's 5-space enclosure, one camel short, "
         "can never be full.",
    rules=("Z-SITES-2", "Z-SITES-3", "Z-SITES-4", "Z-SITES-6", "Z-SITES-7"),
    start=_mark, choices=_mark_choices,
    reached=lambda s: s.zoos[1].enclosure("5").sites >= 1 and s.phase != "mark",
    why=lambda s: "the enclosure marker went elsewhere: player 1 can still fill the 5-space enclosure",
    solution=(Mark("enclosure", 1, "5"), Mark("stall", 2, "4")))


def _pass() -> ZoolorettoState:
    state = _game(players=2, expansions=(SITES,))
    for code in ("site:barn", "site:stall"):
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("5", stalls=("site",)), barn=replace(Barn(), sites=1), coins=1)
    return state


def _pass_choices(state: ZoolorettoState) -> list:
    if state.phase == "mark":
        return _mark_choices(state)
    return [PassSites((("barn", za.BARN),)), PassSites((("barn", za.BARN), ("stall", "5"))),
            MoveStall("site", "5", "6"), Discard("site"), PassSites((("enclosure", "5"),))]


DRILL_PASS = _drill(
    id="drill-sites-pass", group="sites", title="Pass a marker on",
    goal="The marker in your barn will cost you 2 points at the end: get rid of it this turn.",
    rules=("Z-SITES-10", "Z-SITES-9", "Z-SITES-5", "Z-SITES-8"),
    start=_pass, choices=_pass_choices,
    reached=lambda s: s.zoos[0].barn.sites == 0 and s.zoos[1].barn.sites == 1 and s.phase != "mark",
    why=lambda s: "your coin is spent and the barn marker is still yours",
    solution=(PassSites((("barn", za.BARN),)), Mark("barn", 1, za.BARN)))

DRILLS: tuple[Drill, ...] = (DRILL_FULL_TRUCKS, DRILL_LOAD, DRILL_PLACING, DRILL_BIRTH, DRILL_PURCHASE,
                             DRILL_MOVE, DRILL_EXCHANGE, DRILL_STALL, DRILL_RESTAURANT, DRILL_PAVILION,
                             DRILL_MARK, DRILL_PASS)


# -- quizzes: real states of seeded random games ---------------------------------------------------------
def _random_step(state: ZoolorettoState, rng: random.Random) -> None:
    """One random legal action. On a turn it mostly draws or takes a truck (a money action one time in
    six, picked among all the legal ones): the game moves on quickly, and every action is legal."""
    if state.phase == "turn" and rng.random() > 1 / 6:
        quick = [a for a in [Draw()] + [Take(t) for t in range(len(state.trucks))] if state.refusal(a) is None]
        if quick:
            state.apply(rng.choice(quick))
            return
    state.apply(rng.choice(state.legal_actions()))


def random_state(rng: random.Random, *, expansions=(), phases=("turn",), players=None,
                 where=lambda state: True, steps: int = 160) -> ZoolorettoState:
    """A state reached by random legal play from a new game, in one of *phases*, where *where* holds."""
    while True:
        state = _game(players or rng.choice((2, 3, 4)), expansions, seed=rng.randrange(10 ** 6))
        for _ in range(rng.randrange(steps)):
            if state.is_terminal():
                break
            _random_step(state, rng)
        if not state.is_terminal() and state.phase in phases and where(state):
            return state


def _finished(rng: random.Random) -> ZoolorettoState:
    """A 2-player game played to its end by random legal actions."""
    state = _game(2, seed=rng.randrange(10 ** 6))
    while not state.is_terminal():
        _random_step(state, rng)
    return state


def context(state: ZoolorettoState) -> str:
    """The position in one line: who is to move, with how many coins, and what they hold.

    >>> context(ZoolorettoState.new(players=2, seed=1))
    'Round 1, player 0 to move (2 coins).'
    """
    if state.is_terminal():
        return f"The end stack was reached in round {state.round}: the final scoring is done."
    seat = state.current_player
    text = f"Round {state.round}, player {seat} to move ({state.zoos[seat].coins} coins)"
    if state.phase == "load":
        return f"{text}, having drawn {state.pending_tile}."
    if state.phase == "place":
        return f"{text}, placing the tiles of a taken truck: {', '.join(state.to_place)}."
    if state.phase == "mark":
        return f"{text}, with construction-site markers to place: {', '.join(state.to_mark)}."
    return text + "."


def _ask(state, rng: random.Random, probes) -> list:
    """Some legal actions, and every probe's actions (the tempting mistakes of the source's rules).

    The quiz draws legal or illegal with even odds, and an illegal action's rule evenly among the rules
    the position breaks: every rule a probe reaches gets its turn, however many actions break it."""
    legal = state.legal_actions()
    return rng.sample(legal, min(3, len(legal))) + [a for probe in probes for a in probe(state, rng)]


def _source(group: str, states, probes, rules) -> QuizSource:
    return QuizSource(group, states, lambda state, rng: _ask(state, rng, probes), describe=describe,
                      context=context, picture=PICTURE, rules=rules)


def _you(state) -> Zoo:
    return state.zoos[state.current_player]


def _other(state) -> int:  # the next seat: an opponent
    return (state.current_player + 1) % state.players


# turn: draw, load, take
def _probe_trucks(state, rng):
    trucks = range(len(state.trucks))
    return [Draw()] + [Take(t) for t in trucks] + [Load(t) for t in trucks]


def _turn_state(rng: random.Random) -> ZoolorettoState:
    """A turn, or now and then a finished game."""
    return _finished(rng) if rng.random() < 0.2 else random_state(rng, phases=("turn",))


def _load_state(rng: random.Random) -> ZoolorettoState:
    """A drawn tile to load; half the time one truck still in play is full (from the supply)."""
    state = random_state(rng, phases=("turn",), where=lambda s: s.refusal(Draw()) is None)
    state.apply(Draw())
    open_trucks = [t for t in range(len(state.trucks)) if not state.truck_taken(t) and state.room(t) > 0]
    if rng.random() < 0.5 and len(open_trucks) > 1:
        truck = rng.choice(open_trucks)
        loaded, codes = list(state.trucks[truck]), state.supply[:state.room(truck)]
        _truck(state, truck, codes)
        state.trucks[truck] = loaded + codes
    return state


TURN_QUIZ = _source(
    "turn", _turn_state, [_probe_trucks, lambda s, rng: [Place(rng.choice(("camel", "kiosk", "zebra")), "5")]],
    ("Z-TURN-3", "Z-TURN-6", "Z-TRUCK-1", "Z-TRUCK-2", "Z-TRUCK-3"))
LOAD_QUIZ = _source("turn", _load_state, [_probe_trucks], ("Z-TURN-2", "Z-TRUCK-1", "Z-TRUCK-3"))


# placing the tiles of a taken truck
def _probe_places(state, rng):
    return [Place(code, to) for code in dict.fromkeys(state.to_place) for to in _places(_you(state))]


def _probe_odd_tiles(state, rng):
    return [Place("coin", rng.choice(("5", "barn"))), Place(rng.choice(state.to_place), "x2")]


def _placing_state(rng: random.Random) -> ZoolorettoState:
    """A truck's tiles to place, mostly beside a full enclosure or full stall spaces (tiles from the supply)."""
    state = random_state(rng, phases=("place",), steps=260)
    if rng.random() < 0.8:
        zoo, code = _you(state), rng.choice(state.to_place)
        if code in STALL_TYPES:
            spots = [e for e in zoo.enclosures if e.free_stall_spaces > 0 and "site" not in e.stalls]
            fill = [c for c in STALL_TYPES if state.supply.count(c) >= 2]
            if spots and fill:
                e, stall = rng.choice(spots), rng.choice(fill)
                for _ in range(e.free_stall_spaces):
                    state.supply.remove(stall)
                state.zoos[state.current_player] = zoo.with_enclosure(
                    e.with_stalls(e.stalls + (stall,) * e.free_stall_spaces))
        else:
            species = code.split("-")[0]
            spots = [e for e in zoo.enclosures if e.species in (None, species) and not (e.sites or e.pavilions)]
            if spots:
                e = rng.choice(spots)
                missing = e.size - e.animals
                if state.supply.count(species) >= missing:
                    for _ in range(missing):
                        state.supply.remove(species)
                    state.zoos[state.current_player] = zoo.with_enclosure(
                        replace(e, species=species, animals=e.size))
    return state


PLACING_QUIZ = _source("placing", _placing_state,
                       [_probe_places, _probe_odd_tiles],
                       ("Z-PLACE-1", "Z-PLACE-2", "Z-PLACE-3", "Z-PLACE-4", "Z-PLACE-5", "Z-TURN-3"))


# offspring and the souvenir shop
def _probe_births(state, rng):
    zoo = _you(state)
    codes = [c for c in dict.fromkeys(state.to_place) if "-" in c]
    shops = [None] + list(_places(zoo)) if state.middle.souvenir_shop else [None, "4"]
    return [Place(c, to, shop) for c in codes for to in _places(zoo) for shop in shops]


OFFSPRING_QUIZ = _source("offspring", lambda rng: random_state(
    rng, expansions=(BUILDINGS,), phases=("place",), where=lambda s: any("-" in c for c in s.to_place), steps=90),
    [_probe_births], ("Z-SHOP-1", "Z-SHOP-2", "Z-PLACE-2", "Z-PLACE-3"))


# money actions
def _probe_moves(state, rng):
    zoo = _you(state)
    out = [Move(rng.choice([s for s in state.species if s not in zoo.barn.animals] or ["camel"]), "6")]
    for species in dict.fromkeys(zoo.barn.animals):
        out += [Move(species, to) for to in zoo.keys] + [Move(species, rng.choice(zoo.keys), sex="male"),
                                                          Move(species, rng.choice(zoo.keys), "female", True)]
    for e in zoo.enclosures:
        if e.animals:
            out += [MoveBetween(e.species, e.key, za.BARN), MoveBetween(e.species, e.key, rng.choice(zoo.keys))]
    return out


def _probe_stalls(state, rng):
    zoo = _you(state)
    out = [MoveStall(stall, e.key, to) for e in zoo.enclosures for stall in e.stalls for to in ("barn", "5")]
    out += [MoveStall(stall, za.BARN, to) for stall in zoo.barn.stalls for to in ("barn", "4")]
    return out


def _probe_exchanges(state, rng):
    zoo = _you(state)
    filled = [e.key for e in zoo.enclosures if e.animals]
    empty = [e.key for e in zoo.enclosures if not e.animals]
    out = [Exchange(a, b) for a, b in itertools.combinations(filled, 2)]
    out += [Exchange(a, b) for a in filled for b in empty[:1]]
    out += [Exchange(a, za.BARN, sp) for a in filled for sp in dict.fromkeys(zoo.barn.animals)]
    return out or [Exchange("5", "6")]


def _probe_buy_and_discard(state, rng):
    other = _other(state)
    theirs = list(state.zoos[other].barn.animals[:2]) + list(state.zoos[other].barn.stalls[:1])
    return ([Purchase(other, code, to) for code in theirs for to in ("4", za.BARN)]
            + [Purchase(state.current_player, "camel", za.BARN), Purchase(other, "kiosk", "6")]
            + [Discard(code) for code in dict.fromkeys(_you(state).barn.animals)] + [Discard("zebra")])


def _probe_big_buys(state, rng):
    return [Expand(), BuyRestaurant(), BuyPavilion("5"), PassSites((("barn", za.BARN),))]


def _money_state(rng: random.Random) -> ZoolorettoState:
    state = random_state(rng, phases=("turn",), steps=200)
    if rng.random() < 0.25:  # a zoo that has expanded as often as it may: a third expansion is refused
        zoo = _you(state)
        while zoo.expansion_boards < max_expansion_boards(zoo.players):
            zoo = za.expand(replace(zoo, coins=zoo.coins + 3)).zoo
        state.zoos[state.current_player] = replace(zoo, coins=max(zoo.coins, 3))
    return state


def _rich(rng: random.Random) -> ZoolorettoState:
    return random_state(rng, phases=("turn",), steps=260, where=lambda s: _you(s).coins > 0)


MOVE_QUIZ = _source("money", _rich, [_probe_moves, _probe_stalls],
                    ("Z-MONEY-2", "Z-MONEY-3", "Z-MONEY-4", "Z8", "Z-BIRTH-4"))
EXCHANGE_QUIZ = _source("money", _rich, [_probe_exchanges, _probe_buy_and_discard],
                        ("Z-MONEY-5", "Z7", "Z-MONEY-6", "Z-MONEY-7"))
BUY_QUIZ = _source("money", _money_state, [_probe_big_buys],
                   ("Z-MONEY-1", "Z-MONEY-8", "Z-BUILD-1", "Z-SITES-1"))


# Three Additional Buildings
def _probe_buildings(state, rng):
    zoo = _you(state)
    return ([BuyRestaurant()] + [BuyPavilion(k) for k in zoo.keys + ("x2",)]
            + [MoveStall("restaurant", "4", to) for to in ("5", "6")]
            + [Purchase(_other(state), "souvenir-shop", to) for to in ("4", za.BARN)])


def _buildings_state(rng: random.Random) -> ZoolorettoState:
    """A turn with Three Additional Buildings; half the time a player with the 3 coins a building costs."""
    rich = rng.random() < 0.5
    return random_state(rng, expansions=(BUILDINGS,), where=lambda s: not rich or _you(s).coins >= 3)


BUILDINGS_QUIZ = _source("buildings", _buildings_state, [_probe_buildings],
                         ("Z-REST-1", "Z-REST-2", "Z-REST-3", "Z-PAV-1", "Z-PAV-2", "Z-SHOP-1"))


# Construction Sites
def _probe_markers(state, rng):
    if state.phase == "mark":
        other = _other(state)
        return _mark_choices(state) + [Mark(kind, other, to) for kind in state.to_mark
                                       for to in ((za.BARN,) if kind != "barn" else ("5", "4"))]
    zoo = _you(state)
    own = za.own_markers(zoo)
    return ([PassSites((m,)) for m in own] + [PassSites((("barn", za.BARN),)), PassSites((("stall", "4"),))]
            + [MoveStall("site", w, "6") for k, w in own if k == "stall"] + [Discard("site")])


def _probe_marked_spaces(state, rng):
    marked = [e.key for e in _you(state).enclosures if e.sites or "site" in e.stalls]
    return [Place(code, to) for code in dict.fromkeys(state.to_place) for to in marked]


def _has_markers(state: ZoolorettoState) -> bool:
    """Markers of one's own and a coin to pass them on."""
    return _you(state).coins > 0 and any(za.own_markers(_you(state)))


def _marking_state(rng: random.Random) -> ZoolorettoState:
    """A truck of markers (from the supply) just taken: put them into opponents' zoos."""
    state = random_state(rng, expansions=(SITES,), phases=("turn",), steps=220)
    trucks = [t for t in range(len(state.trucks)) if not state.truck_taken(t)]
    kinds = [k for k in ("enclosure", "stall", "barn") if f"site:{k}" in state.supply]
    if trucks and kinds:
        truck = rng.choice(trucks)
        state.supply.extend(state.trucks[truck])
        _truck(state, truck, [f"site:{k}" for k in rng.sample(kinds, min(2, len(kinds)))])
        state.apply(Take(truck))
    return state


def _sites_state(rng: random.Random) -> ZoolorettoState:
    """Markers of one's own and a coin to pass them on, or a truck's stall to place beside a marked space."""
    if rng.random() < 0.5:
        return random_state(rng, expansions=(SITES,), phases=("turn",), where=_has_markers, steps=220)
    state = random_state(rng, expansions=(SITES,), phases=("place",), steps=220)
    zoo = _you(state)
    free = [e for e in zoo.enclosures if e.stall_spaces == 1 and not e.stalls]
    stalls = [c for c in STALL_TYPES if c in state.supply]
    if free and "site:stall" in state.supply and stalls and zoo.sites()["stall"] < 3:
        marked = rng.choice(free)
        state.supply.remove("site:stall")
        state.zoos[state.current_player] = zoo.with_enclosure(marked.with_stalls(("site",)))
        if not any(c in STALL_TYPES for c in state.to_place):  # a stall on the truck, taken out of the supply
            code = rng.choice(stalls)
            state.supply.remove(code)
            state.to_place.append(code)
    return state


MARK_QUIZ = _source("sites", _marking_state, [_probe_markers], ("Z-SITES-2", "Z-SITES-3", "Z-SITES-4", "Z-SITES-5"))
SITES_QUIZ = _source("sites", _sites_state, [_probe_markers, _probe_marked_spaces],
                     ("Z-SITES-6", "Z-SITES-9", "Z-SITES-10"))


# "how many points?": a real zoo, scored by the engine, line by line
def _score_lines(state) -> list[ScoreLine]:
    return [ScoreLine(line.points, line.label, line.cites) for line in score(_you(state)).lines]


def _ask_points(state) -> str:
    return f"How many points does player {state.current_player}'s zoo score if the game ends now?"


def _with_buildings(zoo: Zoo, rng: random.Random) -> Zoo:
    """*zoo* as if it had bought a building or two (random play seldom does), or had its shop in the barn."""
    if rng.random() < 0.5 and zoo.middle.restaurant and not zoo.enclosure("4").stalls:
        zoo = za.buy_restaurant(replace(zoo, coins=zoo.coins + 3)).zoo
    open_enclosures = [e for e in zoo.enclosures if e.free_spaces > 0 and e.animals]
    if rng.random() < 0.5 and zoo.middle.pavilions and open_enclosures:
        zoo = za.buy_pavilion(replace(zoo, coins=zoo.coins + 3), rng.choice(open_enclosures).key).zoo
    if rng.random() < 0.3 and zoo.middle.souvenir_shop:
        zoo = replace(zoo, barn=replace(zoo.barn, stalls=zoo.barn.stalls + ("souvenir-shop",)),
                      middle=replace(zoo.middle, souvenir_shop=False))
    return zoo


def _scoring_state(expansions):
    def states(rng: random.Random) -> ZoolorettoState:
        state = random_state(rng, expansions=expansions, steps=300,  # a zoo worth adding up: 5 animals or more
                             where=lambda s: sum(e.animals for e in _you(s).enclosures) >= 5)
        if BUILDINGS in expansions:
            state.zoos[state.current_player] = _with_buildings(_you(state), rng)
        return state
    return states


def _points(group: str, expansions, rules) -> ScoreSource:
    return ScoreSource(group, _scoring_state(expansions), _score_lines, ask=_ask_points, picture=SCORE_PICTURE,
                       rules=rules)


def _final_lines(state) -> list[ScoreLine]:
    return [ScoreLine(state.returns()[seat], f"player {seat} ({plural(zoo.coins, 'coin')})",
                      "Z-SCORE-6") for seat, zoo in enumerate(state.zoos)]


#: "Who wins?" at the end of a random 2-player game: the zoos drawn without their points.
WINNER_QUIZ = ScoreSource("scoring", _finished, _final_lines, ask="The game is over. Who wins?",
                          picture=FINAL_PICTURE, rules=("Z-SCORE-6",), answer=lambda s: s.ranking()[0],
                          choices=lambda s: tuple(range(s.players)), label=lambda seat: f"player {seat}")

SCORING_QUIZZES = (
    _points("scoring", (), ("Z-SCORE-1", "Z-SCORE-2", "Z-SCORE-3", "Z-SCORE-4", "Z-SCORE-5", "Z-BIRTH-4")),
    _points("buildings", (BUILDINGS,), ("Z-REST-4", "Z-REST-5", "Z-REST-6", "Z-SHOP-3", "Z-SHOP-4", "Z-SHOP-5",
                                        "Z-PAV-3")),
    _points("sites", (SITES,), ("Z-SITES-7", "Z-SITES-8")),
)

QUIZZES: tuple = (TURN_QUIZ, LOAD_QUIZ, PLACING_QUIZ, OFFSPRING_QUIZ, MOVE_QUIZ, EXCHANGE_QUIZ, BUY_QUIZ,
                  SCORING_QUIZZES[0], WINNER_QUIZ, BUILDINGS_QUIZ, SCORING_QUIZZES[1], MARK_QUIZ, SITES_QUIZ,
                  SCORING_QUIZZES[2])
