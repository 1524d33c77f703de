"""Learn Zooloretto: one drill per rule group, and quizzes drawn from real games (issue 18).

Every drill is a tiny position of the real engine, :class:`~zoobook.zooloretto.game.ZoolorettoState`,
set up the way the tests set up positions (a seeded new game whose supply, trucks and zoos are then
arranged with the engine's own values), a goal in one line, and the actions offered to the learner --
legal ones and tempting illegal ones. The engine answers: an illegal action is refused with the
rule's ID in the rules index (``zoobook/zooloretto/rules.toml``). Nothing here decides legality.

The quizzes ask "legal or not, and why?" about actions in states reached by seeded random play;
the engine's ``refusal`` is the answer key.

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

from zoobook.learn.drill import Drill
from zoobook.learn.quiz import QuizSource
from zoobook.zooloretto import actions as za
from zoobook.zooloretto.game import (
    BuyPavilion, BuyRestaurant, Discard, Draw, Exchange, Expand, Load, Mark, Move, MoveBetween, MoveStall,
    PassSites, Place, Purchase, Take, ZoolorettoState,
)
from zoobook.zooloretto.model import STALL_TYPES, Barn, Enclosure, Zoo

__all__ = ["DRILLS", "QUIZZES", "describe", "PICTURE", "context", "random_state"]

#: The drills' and quizzes' picture, named (drawn by the Learn widgets, :func:`zoobook.widgets.drill.draw`):
#: the trucks and every zoo, as the game table draws them.
PICTURE = "zoobook.widgets.zooloretto_game:table_picture"

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


# -- turn: setup, trucks, the three kinds of turn -------------------------------------------------------
def _full_trucks() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["camel", "camel", "kiosk"])
    _truck(state, 1, ["zebra", "coin"])
    _truck(state, 2, ["panda"])
    _zoo(state, 0, Enclosure("5", "camel", 3))
    return state


def _full_trucks_choices(state: ZoolorettoState) -> list:
    if state.phase == "turn" and state.current_player == 0:
        return [Draw(), Load(0), Take(0), Take(1), Take(2), Place("camel", "5")]
    return _place_choices(state)


def _load() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["zebra"])
    _truck(state, 2, ["coin"])
    _sat_out(state, 1, 1)
    state.supply.remove("camel")
    state.supply.append("camel")
    state.apply(Draw())
    return state


DRILL_FULL_TRUCKS = Drill(
    id="drill-turn-full-trucks", group="turn", title="Every truck is full",
    goal="No truck has room, so no tile may be drawn: take the truck that fills your 5-space enclosure, "
         "and fill it.",
    rules=("Z-TURN-1", "Z-TRUCK-1", "Z-TURN-3"),
    start=_full_trucks, choices=_full_trucks_choices,
    reached=lambda s: s.zoos[0].enclosure("5").is_full,
    solution=(Take(0), Place("camel", "5"), Place("camel", "5")),
    describe=describe, picture=PICTURE)

DRILL_LOAD = Drill(
    id="drill-turn-load", group="turn", title="Load the drawn tile",
    goal="You drew a camel: load it on the one truck that may still take it.",
    rules=("Z-TURN-2", "Z-TRUCK-1", "Z-TRUCK-3", "Z-TRUCK-2"),
    start=_load,
    choices=lambda s: [Load(0), Load(1), Load(2), Take(2), Draw()] if s.phase == "load" else
    [Take(1), Take(0), Draw()],
    reached=lambda s: s.pending_tile is None and s.trucks[0] == ["zebra", "camel"],
    solution=(Load(0),),
    describe=describe, picture=PICTURE)


# -- placing ------------------------------------------------------------------------------------------
def _placing() -> ZoolorettoState:
    state = _game(players=2)
    _truck(state, 0, ["camel", "zebra"])
    _zoo(state, 0, Enclosure("5", "camel", 4), Enclosure("4", "zebra", 4))
    state.apply(Take(0))
    return state


DRILL_PLACING = Drill(
    id="drill-placing-fill", group="placing", title="Fill an enclosure",
    goal="Place both tiles: fill the 5-space enclosure (it pays 2 coins) and keep your barn empty.",
    rules=("Z-PLACE-1", "Z-PLACE-2", "Z-PLACE-3", "Z-PLACE-6", "Z-SCORE-1"),
    start=_placing, choices=_place_choices,
    reached=lambda s: (s.zoos[0].enclosure("5").is_full and not s.zoos[0].barn.animals
                       and s.zoos[0].enclosure("6").species == "zebra"),
    solution=(Place("camel", "5"), Place("zebra", "6")),
    describe=describe, picture=PICTURE)


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


DRILL_BIRTH = Drill(
    id="drill-offspring-birth", group="offspring", title="A birth brings the souvenir shop",
    goal="Bring the fertile pandas together, and put the souvenir shop the first offspring brings beside "
         "your zebras.",
    rules=("Z-BIRTH-1", "Z-BIRTH-2", "Z-SHOP-1", "Z-SHOP-2", "Z-SHOP-3"),
    start=_birth, choices=_birth_choices,
    reached=lambda s: s.zoos[0].offspring >= 1 and "souvenir-shop" in s.zoos[0].enclosure("4").stalls,
    solution=(Place("panda-female", "6", "4"),),
    describe=describe, picture=PICTURE)


# -- money actions --------------------------------------------------------------------------------------
def _purchase() -> ZoolorettoState:
    state = _game(players=2)
    for code in ("kiosk", "camel", "zebra", "zebra", "zebra"):
        state.supply.remove(code)
    _zoo(state, 1, barn=Barn(("camel",), stalls=("kiosk",)), coins=0)
    _zoo(state, 0, Enclosure("4", "zebra", 3), coins=2)
    return state


DRILL_PURCHASE = Drill(
    id="drill-money-purchase", group="money", title="Buy from another zoo's barn",
    goal="Buy the kiosk from player 1's barn (2 coins) and put it where your zebras score 1 point each.",
    rules=("Z-MONEY-1", "Z-MONEY-6", "Z-MONEY-7", "Z-SCORE-3"),
    start=_purchase,
    choices=lambda s: [Purchase(1, "kiosk", "4"), Purchase(1, "kiosk", "barn"), Purchase(0, "kiosk", "4"),
                       Purchase(1, "camel", "4"), Purchase(1, "panda", "5"), Discard("kiosk"), Expand()],
    reached=lambda s: "kiosk" in s.zoos[0].enclosure("4").stalls,
    solution=(Purchase(1, "kiosk", "4"),),
    describe=describe, picture=PICTURE)


def _move() -> ZoolorettoState:
    state = _game(players=2)
    for code in ("zebra", "zebra", "zebra", "zebra", "zebra-male", "zebra-female", "kiosk"):
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("4", "zebra", 3), barn=Barn(("zebra",), young=("zebra",), stalls=("kiosk",)),
         coins=1)
    return state


DRILL_MOVE = Drill(
    id="drill-money-move", group="money", title="Move an offspring out of the barn",
    goal="Pay 1 coin to move the young zebra from your barn into the 4-space enclosure, filling it.",
    rules=("Z-MONEY-2", "Z8", "Z-MONEY-4"),
    start=_move,
    choices=lambda s: [Move("zebra", "4"), Move("zebra", "4", offspring=True), Move("zebra", "4", sex="male"),
                       Move("zebra", "5", offspring=True), MoveStall("kiosk", "barn", "barn"),
                       MoveStall("kiosk", "barn", "6")],
    reached=lambda s: s.zoos[0].enclosure("4").is_full,
    solution=(Move("zebra", "4", offspring=True),),
    describe=describe, picture=PICTURE)


def _exchange() -> ZoolorettoState:
    state = _game(players=2)
    for code in ["zebra"] * 5 + ["camel"] * 5 + ["panda"]:
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("5", "zebra", 2), Enclosure("6", "zebra", 3), Enclosure("4", "panda", 1),
         barn=Barn(("camel",) * 5), coins=1)
    return state


DRILL_EXCHANGE = Drill(
    id="drill-money-exchange", group="money", title="One exchange fills an enclosure",
    goal="With one exchange (1 coin), fill an enclosure with the five camels of your barn.",
    rules=("Z-MONEY-5", "Z7"),
    start=_exchange,
    choices=lambda s: [Exchange("5", "6"), Exchange("4", za.BARN, "camel"), Exchange("5", za.BARN, "camel"),
                       Exchange("6", za.BARN, "camel"), Move("camel", "5"), Exchange("5", za.BARN, "zebra")],
    reached=lambda s: any(e.is_full and e.species == "camel" for e in s.zoos[0].enclosures),
    solution=(Exchange("5", za.BARN, "camel"),),
    describe=describe, picture=PICTURE)


# -- scoring --------------------------------------------------------------------------------------------
def _stall() -> ZoolorettoState:
    state = _game(players=2)
    for code in ["panda"] * 3 + ["barrow"]:
        state.supply.remove(code)
    _truck(state, 0, ["kiosk"])
    _zoo(state, 0, Enclosure("6", "panda", 3), Enclosure("5", stalls=("barrow",)))
    state.apply(Take(0))
    return state


DRILL_STALL = Drill(
    id="drill-scoring-stall", group="scoring", title="Place the tile so the enclosure scores",
    goal="Your three pandas score nothing without a vending stall: place the kiosk so they score "
         "1 point each.",
    rules=("Z-SCORE-3", "Z-SCORE-4", "Z-PLACE-4"),
    start=_stall, choices=_place_choices,
    reached=lambda s: s.zoos[0].enclosure("6").has_vending_stall,
    solution=(Place("kiosk", "6"),),
    describe=describe, picture=PICTURE)


# -- Three Additional Buildings ------------------------------------------------------------------------------
def _restaurant() -> ZoolorettoState:
    state = _game(players=2, expansions=(BUILDINGS,))
    for code in ("snack", "kiosk"):
        state.supply.remove(code)
    _sat_out(state, 1, 0)
    _zoo(state, 0, Enclosure("4", stalls=("snack",)), Enclosure("5", stalls=("kiosk",)), coins=4)
    return state


DRILL_RESTAURANT = Drill(
    id="drill-buildings-restaurant", group="buildings", title="Open the restaurant",
    goal="Open the restaurant (3 coins) on the 4-space enclosure's pair of stall spaces: clear the pair "
         "first.",
    rules=("Z-REST-1", "Z-REST-2", "Z-REST-4", "Z-MONEY-4"),
    start=_restaurant,
    choices=lambda s: [BuyRestaurant(), MoveStall("snack", "4", "barn"), MoveStall("snack", "4", "5"),
                       MoveStall("snack", "4", "6"), MoveStall("kiosk", "5", "4"), BuyPavilion("5")],
    reached=lambda s: s.zoos[0].owns_restaurant,
    solution=(MoveStall("snack", "4", "6"), BuyRestaurant()),
    describe=describe, picture=PICTURE)


def _pavilion() -> ZoolorettoState:
    state = _game(players=2, expansions=(BUILDINGS,))
    for code in ["camel"] * 4 + ["zebra"] * 4:
        state.supply.remove(code)
    _zoo(state, 0, Enclosure("5", "camel", 4), Enclosure("4", "zebra", 4), coins=3)
    return state


DRILL_PAVILION = Drill(
    id="drill-buildings-pavilion", group="buildings", title="A pavilion finishes the job",
    goal="Your 5-space enclosure is one camel short: buy a pavilion (3 coins) that makes it full.",
    rules=("Z-PAV-1", "Z-PAV-2", "Z-PAV-3", "Z-PAV-4"),
    start=_pavilion,
    choices=lambda s: [BuyPavilion("4"), BuyPavilion("x1"), BuyPavilion("5"), BuyPavilion("6"), Expand()],
    reached=lambda s: s.zoos[0].enclosure("5").is_full,
    solution=(BuyPavilion("5"),),
    describe=describe, picture=PICTURE)


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


DRILL_MARK = Drill(
    id="drill-sites-mark", group="sites", title="Use a construction-site marker",
    goal="Your truck brought two markers: put the enclosure marker on the space player 1 needs to fill "
         "the 5-space enclosure, then place the stall marker.",
    rules=("Z-SITES-2", "Z-SITES-3", "Z-SITES-4", "Z-SITES-6", "Z-SITES-7"),
    start=_mark, choices=_mark_choices,
    reached=lambda s: s.zoos[1].enclosure("5").sites >= 1 and s.phase != "mark",
    solution=(Mark("enclosure", 1, "5"), Mark("stall", 2, "4")),
    describe=describe, picture=PICTURE)


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


DRILL_PASS = Drill(
    id="drill-sites-pass", group="sites", title="Pass a marker on",
    goal="A barn marker costs you 2 points: pay 1 coin to pass it into your opponent's barn.",
    rules=("Z-SITES-10", "Z-SITES-9", "Z-SITES-5", "Z-SITES-8"),
    start=_pass, choices=_pass_choices,
    reached=lambda s: s.zoos[0].barn.sites == 0 and s.zoos[1].barn.sites == 1,
    solution=(PassSites((("barn", za.BARN),)), Mark("barn", 1, za.BARN)),
    describe=describe, picture=PICTURE)

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


def context(state: ZoolorettoState) -> str:
    """The position in one line: who is to move, with how many coins, and what they hold.

    >>> context(ZoolorettoState.new(players=2, seed=1))
    'Round 1, player 0 to move (2 coins).'
    """
    seat = state.current_player
    text = f"Round {state.round}, player {seat} to move ({state.zoos[seat].coins} coins)"
    if state.phase == "load":
        return f"{text}, having drawn {state.pending_tile}."
    if state.phase == "place":
        return f"{text}, placing the tiles of a taken truck: {', '.join(state.to_place)}."
    if state.phase == "mark":
        return f"{text}, with construction-site markers to place: {', '.join(state.to_mark)}."
    return text + "."


def _mixed(rng: random.Random, actions, legal, k: int = 4) -> list:
    """About half the time some of the *legal* actions, else some of *actions* that are not among them.

    The quiz takes one of them at random, so its answers are a fair mix of "legal" and "not legal"
    (the engine's ``refusal`` decides, not this choice)."""
    legal = list(dict.fromkeys(legal))
    others = [a for a in dict.fromkeys(actions) if a not in legal]
    pool = legal if legal and (not others or rng.random() < 0.5) else others
    return rng.sample(pool, min(k, len(pool)))


def _turn_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    trucks = range(len(state.trucks))
    actions = [Draw()] + [Take(t) for t in trucks] + [Load(t) for t in trucks] + [Place("camel", "5")]
    return _mixed(rng, actions, [a for a in state.legal_actions() if isinstance(a, (Draw, Take, Load))])


def _placing_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    zoo = state.zoos[state.current_player]
    codes = list(dict.fromkeys(state.to_place)) + [rng.choice(("kiosk", "zebra", "camel-male"))]
    return _mixed(rng, [Place(c, to) for c in codes for to in _places(zoo)], state.legal_actions())


def _offspring_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    zoo = state.zoos[state.current_player]
    codes = [c for c in dict.fromkeys(state.to_place) if "-" in c]
    shops = [None] + list(_places(zoo)) if state.middle.souvenir_shop else [None]
    actions = [Place(c, to, shop) for c in codes for to in _places(zoo) for shop in shops]
    return _mixed(rng, actions, [a for a in state.legal_actions() if a.tile in codes])


def _money_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    seat = state.current_player
    money = list(state._money_candidates(seat))
    other = (seat + 1) % state.players
    extra = [Expand(), Discard("zebra"), Move("camel", "5"), MoveBetween("zebra", "5", "barn"),
             Exchange("5", "6"), Purchase(other, "kiosk", "6"), Purchase(seat, "camel", "barn")]
    legal = [a for a in state.legal_actions() if not isinstance(a, (Draw, Take))]
    return _mixed(rng, money + extra, legal)


def _scoring_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    zoo = state.zoos[state.current_player]
    codes = list(dict.fromkeys(state.to_place))
    stalls = [c for c in codes if c in STALL_TYPES] or [rng.choice(STALL_TYPES)]
    return _mixed(rng, [Place(c, to) for c in codes + stalls for to in _places(zoo)], state.legal_actions())


def _buildings_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    zoo = state.zoos[state.current_player]
    other = (state.current_player + 1) % state.players
    actions = ([BuyRestaurant()] + [BuyPavilion(k) for k in zoo.keys + ("x2",)]
               + [MoveStall("restaurant", "4", to) for to in ("5", "6")]
               + [Purchase(other, "souvenir-shop", to) for to in _places(zoo)])
    legal = [a for a in state.legal_actions() if isinstance(a, (BuyRestaurant, BuyPavilion))]
    return _mixed(rng, actions, legal)


def _sites_candidates(state: ZoolorettoState, rng: random.Random) -> list:
    if state.phase == "mark":
        return _mixed(rng, _mark_choices(state), state.legal_actions())
    zoo = state.zoos[state.current_player]
    own = za.own_markers(zoo)
    actions = ([PassSites((m,)) for m in own] + [PassSites((("barn", za.BARN),)), PassSites((("stall", "4"),))]
               + [MoveStall("site", w, "6") for k, w in own if k == "stall"] + [Discard("site")])
    legal = [a for a in state.legal_actions() if isinstance(a, PassSites)]
    return _mixed(rng, actions, legal)


def _has_markers(state: ZoolorettoState) -> bool:
    """Markers to put down, or markers of one's own and a coin to pass them on."""
    zoo = state.zoos[state.current_player]
    return state.phase == "mark" or (zoo.coins > 0 and any(za.own_markers(zoo)))




def _quiz(group: str, states, candidates) -> QuizSource:
    return QuizSource(group, states, candidates, describe=describe, context=context, picture=PICTURE)


QUIZZES: tuple[QuizSource, ...] = (
    _quiz("turn", lambda rng: random_state(rng, phases=("turn", "load")), _turn_candidates),
    _quiz("placing", lambda rng: random_state(rng, phases=("place",)), _placing_candidates),
    _quiz("offspring", lambda rng: random_state(
        rng, expansions=(BUILDINGS,), phases=("place",), where=lambda s: any("-" in c for c in s.to_place),
        steps=90), _offspring_candidates),
    _quiz("money", lambda rng: random_state(
        rng, phases=("turn",), where=lambda s: s.zoos[s.current_player].coins > 0), _money_candidates),
    _quiz("scoring", lambda rng: random_state(rng, phases=("place",), steps=260), _scoring_candidates),
    _quiz("buildings", lambda rng: random_state(rng, expansions=(BUILDINGS,), phases=("turn",),
                                                where=lambda s: s.zoos[s.current_player].coins >= 3),
          _buildings_candidates),
    _quiz("sites", lambda rng: random_state(
        rng, expansions=(SITES,), phases=("turn", "mark"), where=_has_markers, steps=220), _sites_candidates),
)
