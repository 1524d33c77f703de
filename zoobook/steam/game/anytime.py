"""The anytime planner: the best plan found so far and a proven bound, at every moment.

The exact planner (:mod:`.planner`) proves the fewest turns by trying every legal move; on a
full-size board (a hundred hexes, a dozen animal areas or ruins) that is far beyond any budget.
The anytime planner answers the player's question "can this set-up be cleared in 10 turns,
and how?" within a time budget, in two halves that run side by side:

* **plans**: beam search over whole turns. A turn is built from the engine's own moves: the
  selections of :func:`~zoobook.steam.game.state.legal_actions`, lays of track checked and
  played by :func:`~zoobook.steam.game.state.step` (so a refused lay is never kept), and the
  engine's shipments in each move-goods round. Which lays are tried is the planner's choice
  (links along shortest paths over free land between nodes, and the first tiles of longer
  ones); whether they are legal is the engine's. Each turn's end is scored by how much it
  brought the map nearer to clear; the best ``width`` positions go on. Wider beams follow
  while time is left; every plan found is replayed through the engine before it is kept.
* **bounds**: the relaxations of :mod:`.bounds` give a proven lower bound at once; on a small
  map the exact planner then refutes deadline after deadline (no plan clears by turn ``t``)
  until the bound meets the plan, which is then *proved optimal*, or until the rest of the
  budget is spent (counted on the CPU clock inside its search, :mod:`.budget`; the deadlines
  it refuted by then still raise the bound).

:func:`plan_anytime` returns an :class:`AnytimePlan` when the budget is spent, the bound meets
the plan, the progress callback returns False, or Ctrl-C is pressed (``KeyboardInterrupt``):
in every case the best plan so far and the bound proven so far, never a half-made answer.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> found = plan_anytime(Game.zoo(zoo, land=[(1, 0)], turns=3), budget_seconds=20)
>>> found.turns, found.lower_bound, found.proved_optimal
(1, 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from zoobook.errors import IllegalAction
from zoobook.hexgrid import DIRECTIONS
from zoobook.progress import Callback, Interrupted, SearchBudgetExceeded, quiet
from zoobook.steam.game import state as engine
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.bounds import goods_bound, lower_bound
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.lookahead import free_land, shortest_free_paths, target_hexes, target_links
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.planner import TurnPlan, replay
from zoobook.steam.game.state import BUILD, MOVE, OVER, SHARES, Game, Position, step

__all__ = ["AnytimePlan", "plan_anytime", "turn_candidates", "Improvement", "plan_record",
           "actions_from_record", "EXACT_LAND", "exact_fits"]

#: The most land hexes (free for track at the start) on which the exact planner is tried at
#: all: it tries every track path a build may lay, a number that grows exponentially with the
#: land. The land alone does not tell its cost (random Zoo maps of 5 land hexes and 3 turns took
#: from a tenth of a second to a minute), so callers run it under a budget (``budget_seconds``
#: of :func:`~zoobook.steam.game.planner.plan`) and measure; beyond this many hexes it never
#: finishes, and is not tried. The shipped small maps have 2 to 6 land hexes and the full
#: set-ups 67 to 96.
EXACT_LAND = 30


def exact_fits(game: "Game") -> bool:
    """Whether *game*'s map is small enough for the exact planner (:data:`EXACT_LAND`).

    >>> from zoobook.steam.game.maps import full_setup
    >>> exact_fits(full_setup("easter-hard"))
    False
    """
    return len(game.land) <= EXACT_LAND

#: The most MB the exact planner's search may add to the process's resident memory, where a
#: caller runs it under a budget (:func:`plan_anytime` on a small map, ``zoobook solve``).
EXACT_MEMORY_MB = 300.0

_RICH = 10 ** 6


@dataclass(frozen=True)
class Improvement:
    """One moment of the search: when (wall-clock seconds, and the CPU seconds of this process:
    on a busy machine the two differ, and the CPU time is what a quiet machine would take), the
    bound then, the best plan's turns then."""

    seconds: float
    bound: int
    turns: int | None
    what: str
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class AnytimePlan:
    """What the anytime planner knows when it stops.

    ``turns`` is the turn in which the best plan found clears the map (None: no plan found),
    ``score`` and ``cash`` its final score (S10a) and cash, ``steps`` its turns, ``actions`` all
    its actions (replayed through the engine: they clear the map in turn ``turns``);
    ``lower_bound`` a turn before which no plan clears the map (proven), ``bound_reason`` why;
    ``proved_optimal`` when the bound meets the plan; ``proved_impossible`` when the bound is
    beyond the turn limit; ``interrupted`` when Ctrl-C or the callback stopped it.
    """

    turns: int | None
    score: int | None
    cash: int | None
    steps: tuple[TurnPlan, ...]
    actions: tuple[Action, ...]
    lower_bound: int
    bound_reason: str
    limit: int
    seconds: float
    interrupted: bool = False
    history: tuple[Improvement, ...] = ()
    explanation: tuple[str, ...] = ()
    stats: dict = field(default_factory=dict)

    @property
    def cleared(self) -> bool:
        return self.turns is not None

    @property
    def proved_optimal(self) -> bool:
        return self.turns is not None and self.lower_bound >= self.turns

    @property
    def proved_impossible(self) -> bool:
        return self.lower_bound > self.limit

    @property
    def gap(self) -> int | None:
        """Turns between the plan and the bound (0: proved optimal; None: no plan)."""
        return None if self.turns is None else self.turns - self.lower_bound

    def text(self) -> str:
        """The plan turn by turn, the bound, the gap and the time, as the command prints it."""
        lines = []
        if self.turns is None:
            lines.append("no plan found that clears the map"
                         + (f" by turn {self.limit}" if self.limit else ""))
        else:
            lines.append(f"plan: cleared in turn {self.turns}, score {self.score}, ${self.cash} left")
            lines += [f"  {s.text()}" for s in self.steps]
        bound = ("cannot be cleared by the turn limit" if self.proved_impossible
                 else f"no plan clears it before turn {self.lower_bound}")
        lines.append(f"bound: {bound} ({self.bound_reason})")
        if self.turns is not None:
            lines.append("gap: 0 turns: proved optimal" if self.proved_optimal
                         else f"gap: {self.gap} turn{'s' if self.gap != 1 else ''}")
        elif not self.proved_impossible:
            lines.append(f"open: no plan found, and no proof that none exists (the bound allows "
                         f"turn {self.lower_bound}, the limit is turn {self.limit})")
        lines.append(f"time: {self.seconds:.1f} s" + (" (interrupted)" if self.interrupted else ""))
        return "\n".join(lines)


# -- turns built from the engine's moves -------------------------------------------------------

def _try(game: Game, pos: Position, action: Action) -> Position | None:
    try:
        return step(game, pos, action)[0]
    except IllegalAction:
        return None


_STEPS = tuple(DIRECTIONS.values())  # the six axial offsets, in hexgrid's order


_LAYS = IdentityCache(limit=20_000)
_GRAPHS = IdentityCache(limit=50_000)


def _link_graph(hexmap):
    """*hexmap*'s link graph, built once per map object (read only here)."""
    return _GRAPHS.get(hexmap, "graph", hexmap.link_graph)


def _target_lays(game: Game, hexmap, hand: int, room: int) -> list[LayTrack]:
    """Lays along the target links not built yet: the whole link when it fits, else its first
    tiles from either end, or the continuation of a stub laid along it."""
    used = {tuple(h) for t in hexmap.tracks for h in t.hexes}
    ends = {tuple(link.hexes[-1]): link for link in hexmap.incomplete_links()}
    take = room + hand
    out = []
    for link in target_links(game):
        for hexes in (link, link[::-1]):
            track = hexes[1:-1]
            laid = 0
            while laid < len(track) and track[laid] in used:
                laid += 1
            if laid == len(track) and laid:
                break  # built
            rest = track[laid:]
            if any(h in used for h in rest):
                continue
            if laid:
                if track[laid - 1] not in ends:
                    continue
                start = (track[laid - 1],)
            else:
                start = (hexes[0],)
            if take <= 0:
                continue
            if len(rest) <= take:
                lay = LayTrack(start + rest + (hexes[-1],), hand=min(hand, len(rest)))
            else:
                lay = LayTrack(start + rest[:take], hand=min(hand, take))
            out.append(lay)
    return out


def _candidate_lays(game: Game, pos: Position, room: int, reach: int = 7) -> list[LayTrack]:
    """Lays worth trying now (the engine decides if each is legal): every shortest link of at most
    *room* tiles (plus tiles in hand) between two nodes not yet joined directly, every extension of
    incomplete track that completes it, and the first tiles of the shortest links up to *reach*
    tiles. They depend on the track and the nodes only (not on the goods): one list per map."""
    hexmap = game.rules.goods.hexmap(pos.board)
    hand = pos.hand
    return _LAYS.get(hexmap, (id(game), room, hand, reach),
                     lambda: _lays_of(game, hexmap, room, hand, reach))


def _shortest_links(game: Game, hexmap, reach: int) -> list[tuple]:
    """(start hex, path, node hex reached) for every node and stub end, to each node within
    *reach* new tiles not yet joined to it directly (one map's, computed once)."""
    graph = _link_graph(hexmap)
    names = {tuple(n.hex): n.name for n in hexmap.nodes}
    free = free_land(game, hexmap)
    starts = [(n.hex, n.name, None) for n in hexmap.nodes]
    for link in hexmap.incomplete_links():
        end = link.hexes[-1]
        if engine._extendable(hexmap, end) is not None:
            starts.append((end, link.start, link))
    out = []
    for start, name, stub in starts:
        for other, (path, goal) in shortest_free_paths(names, free, start, name, reach).items():
            if stub is None and graph.has_edge(name, other):
                continue
            out.append((start, path, goal))
    return out


def _lays_of(game: Game, hexmap, room: int, hand: int, reach: int) -> list[LayTrack]:
    out: list[LayTrack] = []
    seen = set()
    for start, path, goal in _LAYS.get(hexmap, (id(game), "paths", reach),
                                       lambda: _shortest_links(game, hexmap, reach)):
        k = len(path)
        if k <= room + hand:
            lay = LayTrack((start,) + path + (goal,), hand=min(hand, k))
        else:
            take = room + hand
            if take <= 0:
                continue
            lay = LayTrack((start,) + path[:take], hand=min(hand, take))
        marker = frozenset(lay.hexes)
        if marker in seen:
            continue
        seen.add(marker)
        out.append(lay)
    for lay in _target_lays(game, hexmap, hand, room):
        marker = frozenset(lay.hexes)
        if marker not in seen:
            seen.add(marker)
            out.append(lay)
    return out


_EASTER_WEIGHTS = [60.0, 1.5]


class _Scorer:
    """How near a position is to clear: a number, higher is better (the beam's order)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.goods = game.rules.goods
        # Easter Island's money is tight ($8 an action): a cube is worth less against cash there
        self.per_good = 100.0 if game.rules.name == "zoo" else _EASTER_WEIGHTS[0]
        self.money = 0.8 if game.rules.name == "zoo" else _EASTER_WEIGHTS[1]
        # solvency is judged a few turns past the end (a plan that is broke at the limit has
        # no room for the last links)
        self.margin = 0 if game.rules.name == "zoo" else 5

    def _money_needed(self, pos: Position) -> int:
        """A guess of the money the plan still has to spend: the target links' tiles not laid
        yet at $3, and an Urbanization ($8 and $10) while black cubes wait for a black city."""
        board = pos.board
        hexmap = self.goods.hexmap(board)
        used = {h for t in hexmap.tracks for h in t.hexes}
        need = 3 * sum(1 for h in target_hexes(self.game) if h not in used)
        if any("black" in c.cubes for c in board.cities) and not any(c.colour == "black" for c in board.cities):
            need += 18
        return need

    def ready(self, board, level: int) -> int:
        """Distinct goods a shipment could move now at *level* (areas it could feed, stacks it
        could deliver from)."""
        ships = self.goods.shipments(board, min(level, MAX_LEVEL), discount=True)
        if self.game.rules.name == "zoo":
            fed = {a.name for a in board.areas if a.fed}
            return len({s.route[-1] for s in ships if s.route[-1] not in fed})
        return len({s.route[0] for s in ships})

    def __call__(self, pos: Position) -> float:
        if pos.phase == OVER:
            return 1e9 if pos.outcome.cleared else -1e9
        goods, board = self.goods, pos.board
        left = goods.goods_left(board)
        level = pos.economy.locomotive
        value = -self.per_good * left
        ready = self.ready(board, level)
        ready_up = self.ready(board, min(MAX_LEVEL, level + 1))
        value += 18 * min(ready, 2) + 4 * min(ready, 6) + 2 * min(ready_up, 6)
        hexmap = goods.hexmap(board)
        graph = _link_graph(hexmap)
        if self.game.rules.name == "zoo":
            linked = sum(1 for a in board.areas if not a.fed and graph.degree(a.name) > 0)
            value += 3 * linked
        else:
            import networkx as nx
            ruins = board.ruins()
            comps = {frozenset(nx.node_connected_component(graph, r)) for r in ruins}
            value -= 80 * (len(comps) - 1)
            # cubes with no city of their colour to go to (black before any Urbanization)
            colours = {c.colour for c in board.cities}
            value -= 15 * sum(1 for c in board.cities for cube in c.cubes if cube not in colours)
        value += 0.5 * level
        eco = pos.economy
        # money for the turns to come: cash and three turns of income less expenses, and how
        # many of the turns left the player survives if nothing more is earned (bankruptcy ends
        # the game, S11)
        if self.game.rules.name == "zoo":
            ahead = eco.cash + 3 * (eco.income - eco.expenses)
            value += self.money * min(ahead, 40) + (self.money * ahead if ahead < 0 else 0)
        else:
            # Easter Island: the cash and what the income less the expenses brings in the turns
            # left (each share issued is a debt of $1 a turn to the end), worth only as much as
            # the plan still has to spend (and a little more)
            turns_left = max(1, self.game.turns - pos.turn + 1)
            ahead = eco.cash + turns_left * (eco.income - eco.expenses)
            cap = self._money_needed(pos) + 10
            value += self.money * min(ahead, cap) + (self.money * ahead if ahead < 0 else 0)
        horizon = self.game.turns - pos.turn + 1 + self.margin
        short = horizon - _survives(eco, horizon)
        value -= 60.0 * short
        return value


def _link_value(game: Game, pos: Position, lay: LayTrack, graph, comps: dict) -> float:
    """A cheap guess of what a lay is worth (the beam scores the whole turn properly later):
    new links to unfed areas or between groups of ruins, links from sources, short first."""
    hexmap = game.rules.goods.hexmap(pos.board)
    first, last = hexmap.node_at(lay.hexes[0]), hexmap.node_at(lay.hexes[-1])
    if first is None:  # extending a stub: its origin is the first node
        index = hexmap.track_at(lay.hexes[0])
        first = hexmap.node(hexmap.links()[index].start) if index is not None else None
    tiles = len(lay.hexes) - 1 - (last is not None)
    value = -2.0 * tiles
    on_target = _on_target(game, lay)
    value += 6.0 * on_target
    if last is None:
        return value - 4.0  # first tiles of a long link: worth less than a link now
    names = [n.name for n in (first, last) if n is not None]
    board = pos.board
    if game.rules.name == "zoo":
        level = pos.economy.locomotive
        for name in names:
            kind = board.kind_of(name)
            if kind == "area":
                area = board.area(name)
                if not area.fed and graph.degree(name) == 0:
                    value += 12
                elif not area.fed:
                    value += 4
                if area.food and area.danger <= level + 1:
                    value += 5
            elif kind == "exit":
                value += 4
        return value
    if len(names) == 2 and comps.get(names[0], names[0]) != comps.get(names[1], names[1]):
        value += 10
    colours = {c.name: c for c in board.cities}
    for a, b in (names, names[::-1]):
        ca, cb = colours.get(a), colours.get(b)
        if ca is not None and ca.cubes and cb is not None and cb.colour == ca.cubes[-1]:
            value += 8
    return value


def _survives(eco, turns: int) -> int:
    """Turns the player gets through, earning nothing more, issuing shares only to pay expenses."""
    from zoobook.steam.game.economy import end_of_turn_money

    for done in range(turns):
        while eco.cash + eco.income < eco.expenses and eco.shares < MAX_SHARES:
            eco = eco.issue(1)
        eco, _ = end_of_turn_money(eco)
        if eco.income < 0:
            return done
    return turns


def _on_target(game: Game, lay: LayTrack) -> int:
    """How many new tiles of *lay* lie on a target link (Easter Island's cheapest network)."""
    hexes = target_hexes(game)
    if not hexes:
        return 0
    return sum(1 for h in lay.hexes[1:] if h in hexes)


def _end_build(game: Game, here: Position | None) -> tuple[tuple, Position | None]:
    """The end of a build at *here*: ``EndBuild`` played by the engine, or nothing when a lay
    already ended the game cleared (S13a: the lay that meets the last clear condition clears
    the map at once, and the engine refuses an ``EndBuild`` after that)."""
    if here is not None and here.phase == OVER:
        return (), here
    return (EndBuild(),), _try(game, here, EndBuild()) if here is not None else None


def _builds(game: Game, pos: Position, scorer: _Scorer, branch: int,
            clock: "_Clock | None" = None) -> list[tuple[tuple, Position]]:
    """A few builds from a BUILD-phase position: each of the *branch* best first lays, then the
    best lays that still fit (the engine plays and checks every one)."""
    rules = game.rules
    card = rules.card(pos.card)
    out = []
    prefixes = [((), pos)]
    if card.urbanizes:
        for town in rules.goods.towns(pos.board):
            after = _try(game, pos, Urbanize(town))
            if after is not None:
                prefixes.append(((Urbanize(town),), after))
    for prefix, start in prefixes[:1 + branch]:
        if clock is not None:
            clock.tick()
        ranked = _ranked_lays(game, start, keep=max(branch, 1))
        for i in range(min(branch, len(ranked)) or 1):
            actions, here = prefix, start
            if ranked:
                lay, here = ranked[i]
                actions = prefix + (lay,)
                if game.rules.selection.price:
                    # where money is tight (Easter Island), also the build of this one lay
                    finish, done = _end_build(game, here)
                    if done is not None:
                        out.append((actions + finish, done))
                    if here.phase == OVER:
                        continue
                for _ in range(4):
                    more = _ranked_lays(game, here, keep=1, minimum=0.0)
                    if not more:
                        break
                    lay2, here = more[0]
                    actions += (lay2,)
            finish, done = _end_build(game, here)
            if done is not None:
                out.append((actions + finish, done))
        done = _try(game, start, EndBuild())
        if done is not None and prefix:
            out.append((prefix + (EndBuild(),), done))
    done = _try(game, pos, EndBuild())
    if done is not None:
        out.append(((EndBuild(),), done))
    return out


def _ranked_lays(game: Game, pos: Position, keep: int = 6,
                 minimum: float = -6.0) -> list[tuple[LayTrack, Position]]:
    """The legal lays worth most by :func:`_link_value` (only the best few are played)."""
    import networkx as nx
    rules = game.rules
    room = rules.tile_limit(rules.card(pos.card)) - pos.tiles_laid
    if room + pos.hand <= 0:
        return []
    hexmap = rules.goods.hexmap(pos.board)
    graph = _link_graph(hexmap)
    comps = {}
    for i, comp in enumerate(nx.connected_components(graph)):
        for name in comp:
            comps[name] = i
    valued = [(_link_value(game, pos, lay, graph, comps), lay)
              for lay in _candidate_lays(game, pos, room)]
    valued = [(v, lay) for v, lay in valued if v > minimum]
    valued.sort(key=lambda t: -t[0])
    found = []
    for _, lay in valued:
        after = _try(game, pos, lay)
        if after is not None:
            found.append((lay, after))
            if len(found) >= keep:
                break
    return found


def _ship_key(game: Game, pos: Position, action: Action) -> tuple:
    """The move-goods choice order: shipments that feed an unfed area or deliver a cube first,
    then more links (income), then a raise, then a pass."""
    if isinstance(action, Ship):
        if game.rules.name == "zoo":
            board = pos.board
            progress = not board.area(action.route[-1]).fed
            origin = board.area(action.route[0])
            return (2 if progress else 0, origin.food, -origin.danger, action.links)
        return (2, 0, 0, action.links)
    if isinstance(action, RaiseLocomotive):
        return (1, 0, 0, 0)
    return (0, -1, 0, 0)


def _moves(game: Game, pos: Position, scorer: _Scorer, branch: int) -> list[tuple[tuple, Position]]:
    """A few rests of the move-goods phase: the *branch* best first rounds by :func:`_ship_key`,
    each followed by the best second round (the engine lists and plays every action)."""
    out = []
    firsts = sorted(engine.legal_actions(game, pos), key=lambda a: _ship_key(game, pos, a), reverse=True)
    for a1 in firsts[:branch]:
        p1 = _try(game, pos, a1)
        if p1 is None:
            continue
        if p1.phase != MOVE or p1.turn != pos.turn:
            out.append(((a1,), p1))
            continue
        seconds = sorted(engine.legal_actions(game, p1), key=lambda a: _ship_key(game, p1, a), reverse=True)
        for a2 in seconds[:1]:
            p2 = _try(game, p1, a2)
            if p2 is not None:
                out.append(((a1, a2), p2))
    return out


def _links(action: Action) -> int:
    return action.links if isinstance(action, Ship) else 0


def turn_candidates(game: Game, pos: Position, branch: int = 2, scorer: "_Scorer | None" = None,
                    clock: "_Clock | None" = None) -> list[tuple[tuple[Action, ...], Position]]:
    """Whole turns from a SHARES-phase position, each played by the engine from the real cash:
    each action the engine allows, a few builds, a few move-goods rests, and the fewest shares
    that pay for the turn and keep it out of bankruptcy (checked by playing it). From a position
    in the middle of a turn: the rest of that turn, with the cash there is."""
    scorer = scorer or _Scorer(game)
    if pos.phase != SHARES:
        return _rest_of_turn(game, pos, branch, scorer, clock)
    rich = pos.with_(economy=pos.economy.with_(cash=_RICH))
    chosen = _try(game, rich, IssueShares(0))
    if chosen is None:
        return []
    out = []
    seen = set()
    spare = MAX_SHARES - pos.economy.shares
    for select in engine.legal_actions(game, chosen):
        if clock is not None:
            clock.tick()
        built_from = _try(game, chosen, select)
        if built_from is None:
            continue
        # the action's price is paid before any cash it gives (S9): the least cash the turn needs
        paid = game.rules.selection.price if select.action is not None else 0
        for build, built in _builds(game, built_from, scorer, branch, clock):
            spent = max(_RICH - built.cash, paid)
            need = max(0, -(-(spent - pos.cash) // SHARE_PRICE))
            rests = [((), built)] if built.phase != MOVE else _moves(game, built, scorer, branch)
            for moves, _ in rests:
                body = (select,) + build + moves
                for count in range(need, min(spare, need + 3) + 1):
                    actions = (IssueShares(count),) + body
                    end = _replay_with_cash(game, pos, built, actions, moves, count, paid)
                    if end is None or (end.phase == OVER and not end.outcome.cleared):
                        continue
                    key = hash(end)
                    if key not in seen:
                        seen.add(key)
                        out.append((actions, end))
                    break
    return out


def _replay_with_cash(game: Game, pos: Position, built: Position, actions: tuple, moves: tuple,
                      count: int, paid: int) -> Position | None:
    """The end of the turn *actions* played from *pos* with the real cash: the build was played
    with unlimited cash (*built*), and nothing in it depends on the cash but whether each price
    could be paid, so the build's end is *built* with the real cash and shares (when the cash
    never ran short); the move-goods rounds (whose end of turn depends on the cash) are played
    again by the engine. A build that ended the game is replayed whole."""
    if built.phase != MOVE:
        return _play(game, pos, actions)
    cash = pos.cash + SHARE_PRICE * count
    if cash < max(_RICH - built.cash, paid) or pos.economy.shares + count > MAX_SHARES:
        return None
    eco = built.economy.with_(cash=built.cash - _RICH + cash, shares=pos.economy.shares + count)
    return _play(game, built.with_(economy=eco), moves)


def _rest_of_turn(game: Game, pos: Position, branch: int, scorer, clock) -> list:
    """The rest of a turn begun already (action, build or move-goods phase), played by the engine."""
    out, seen = [], set()

    def keep(actions, end):
        if end.phase == OVER and not end.outcome.cleared:
            return
        if hash(end) not in seen:
            seen.add(hash(end))
            out.append((tuple(actions), end))

    if pos.phase == MOVE:
        for moves, end in _moves(game, pos, scorer, branch):
            keep(moves, end)
        return out
    if pos.phase == BUILD:
        starts = [((), pos)]
    else:  # ACTION
        starts = []
        for select in engine.legal_actions(game, pos):
            after = _try(game, pos, select)
            if after is not None:
                starts.append(((select,), after))
    for head, start in starts:
        if clock is not None:
            clock.tick()
        for build, built in _builds(game, start, scorer, branch, clock):
            if built.phase != MOVE:
                keep(head + build, built)
                continue
            for moves, end in _moves(game, built, scorer, branch):
                keep(head + build + moves, end)
    return out


def _play(game: Game, pos: Position, actions: Iterable[Action]) -> Position | None:
    for action in actions:
        pos = _try(game, pos, action)
        if pos is None:
            return None
    return pos


# -- the search ------------------------------------------------------------------------------

class _Clock:
    def __init__(self, budget: float, progress: Callback, cpu_budget: bool = False) -> None:
        self.start = time.perf_counter()
        self.cpu_start = time.process_time()
        self.cpu_budget = cpu_budget
        self.budget = budget
        self.progress = progress
        self.message = ""

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    @property
    def cpu(self) -> float:
        return time.process_time() - self.cpu_start

    @property
    def left(self) -> float:
        """Seconds of the budget still to spend (in the budget's own clock)."""
        return max(0.0, self.budget - (self.cpu if self.cpu_budget else self.elapsed))

    def tick(self) -> None:
        """Report progress; raise :class:`Interrupted` when the budget is spent or the callback
        says stop."""
        spent = self.cpu if self.cpu_budget else self.elapsed
        if self.progress(min(int(spent * 10), int(self.budget * 10)), int(self.budget * 10),
                         self.message) is False:
            raise Interrupted("stopped by the progress callback")
        if spent >= self.budget:
            raise SearchBudgetExceeded(f"the budget of {self.budget:g} s is spent")


@dataclass
class _Best:
    actions: tuple = ()
    end: Position | None = None

    def rank(self):
        if self.end is None:
            return (True, 0, 0, 0)
        return self.end.outcome.rank


def _beam(game: Game, pos: Position, width: int, branch: int, clock: _Clock, best: _Best,
          scorer: _Scorer, on_plan: Callable) -> None:
    layer = [((), pos)]
    while layer:
        children = []
        for actions, here in layer:
            clock.tick()
            if best.end is not None and here.turn >= best.end.outcome.turns + (0 if here.phase == SHARES else 0):
                # a plan from here clears in this turn at the earliest: only a better score helps
                if here.turn > best.end.outcome.turns:
                    continue
            bound = lower_bound(game, here).turn
            if bound > game.turns or (best.end is not None and bound > best.end.outcome.turns):
                continue
            limit = game.turns if best.end is None else best.end.outcome.turns
            for turn, end in turn_candidates(game, here, branch, scorer, clock):
                if end.phase == OVER:
                    if end.outcome.cleared:
                        on_plan(actions + turn, end)
                    continue
                # a child the bound already rules out would only die in the next layer: keep
                # the beam's places for children that can still clear in time
                if lower_bound(game, end).turn > limit:
                    continue
                children.append((scorer(end), actions + turn, end))
        children.sort(key=lambda t: -t[0])
        seen, layer = set(), []
        for _, actions, end in children:
            # one place per board: the same track and cubes with other money is the same plan
            # with other shares, and a beam of copies explores nothing
            key = hash(end.board)
            if key in seen:
                continue
            seen.add(key)
            layer.append((actions, end))
            if len(layer) >= width:
                break


def _schedule():
    """The beams tried one after another: (width, branch) pairs, cheap first.

    A greedy dive (width 1) first; then a greedy dive weighing two turns a step (a first plan
    on Easter Island Easy in a few seconds); then a narrow beam (Easter Island Normal's first
    plan); then a greedy dive over more turns a step (more builds and shipments weighed each
    turn: Easter Island Easy's 9-turn plan); then ever wider beams, each another try, while
    time is left."""
    yield 1, 1
    yield 1, 2
    yield 3, 2
    yield 1, 3
    yield 2, 2
    yield 4, 2
    width = 8
    while width <= 256:
        yield width, 3
        width *= 2


def plan_anytime(game: Game, budget_seconds: float = 10.0, progress: Callback = quiet, *,
                 position: Position | None = None, exact: bool | None = None,
                 cpu_budget: bool = False) -> AnytimePlan:
    """The best plan found and a proven lower bound, within *budget_seconds*.

    Parameters
    ----------
    game : Game
    budget_seconds : float
        Wall-clock seconds to search (the answer comes back soon after).
    progress : callable
        ``progress(done, total, message)`` in tenths of a second of the budget; return False to
        stop early (the best so far is returned, ``interrupted`` set). Ctrl-C does the same.
    position : Position, optional
        Where to plan from (default: the start). Any phase.
    exact : bool, optional
        Let the exact planner refute deadlines to raise the bound (default: on small maps,
        :func:`exact_fits`).
    cpu_budget : bool
        Count the budget in CPU seconds of this process instead of wall-clock seconds (the
        benchmarks do, so that a busy shared machine reports what a quiet one would).
    """
    pos = position or game.start
    if pos.phase == OVER:
        raise ValueError("the game is over already")
    clock = _Clock(float(budget_seconds), progress, cpu_budget)
    scorer = _Scorer(game)
    best = _Best()
    history: list[Improvement] = []
    bound = lower_bound(game, pos)
    bound_turn, bound_reason = bound.turn, bound.reason
    history.append(Improvement(clock.elapsed, bound_turn, None, "relaxations", cpu_seconds=clock.cpu))
    interrupted = False
    stats = {"beams": 0}

    beam = ["plan"]

    def on_plan(actions, end):
        if best.end is None or end.outcome.rank < best.end.outcome.rank:
            best.actions, best.end = actions, end
            history.append(Improvement(clock.elapsed, bound_turn, end.outcome.turns, beam[0],
                                       cpu_seconds=clock.cpu))
            clock.message = f"best: turn {end.outcome.turns}, bound {bound_turn}"

    use_exact = exact if exact is not None else exact_fits(game)
    try:
        if bound_turn <= game.turns and not use_exact and pos.phase == SHARES and \
                goods_bound(game, pos).turn == bound_turn:
            # the goods bound binds: a plan meeting it delivers in (almost) every round. The link
            # planner (linkplan.py) plans the links between nodes first and the tiles second; it
            # replaced a depth-first search over engine turns that was 4 to 13 times slower to its
            # first plan on the three Easter set-ups (docs/experiments.md). ``stats`` says when the
            # plan came from it
            if game.rules.plans_by_links and not game.rules.goods.hexmap(pos.board).incomplete_links():
                from zoobook.steam.game.linkplan import plan_links
                beam[0] = "plan (at the goods bound)"
                linked = plan_links(game, 0.4 * budget_seconds, position=pos, target=bound_turn, tick=clock.tick)
                end = _play(game, pos, linked) if linked is not None else None
                if end is not None:
                    stats["links at the goods bound"] = len(linked)
                    on_plan(tuple(linked), end)
        if bound_turn <= game.turns and (best.end is None or best.end.outcome.turns > bound_turn):
            for number, (width, branch) in enumerate(_schedule(), start=1):
                beam[0] = f"plan (beam {number}: width {width}, branch {branch})"
                _beam(game, pos, width, branch, clock, best, scorer, on_plan)
                stats["beams"] += 1
                if use_exact:
                    # a small map: the exact planner settles turns, score and cash at once
                    bound_turn, bound_reason = _refute(game, pos, bound_turn, bound_reason, best,
                                                       clock, history, on_plan)
                    break
                if best.end is not None and best.end.outcome.turns <= bound_turn:
                    break
    except (Interrupted, KeyboardInterrupt):
        interrupted = True
        stats["stopped"] = "interrupted"
    except _RefuteStopped as stopped:
        bound_turn, bound_reason = stopped.bound_turn, stopped.bound_reason
        stats["stopped"] = "budget" if stopped.what == "cpu" else f"{stopped.what} cap"
    except SearchBudgetExceeded:
        stats["stopped"] = "budget"
    # why the search ended, for messages that say what it did: its budget spent, Ctrl-C or the
    # callback, or every search it runs finished before the budget (the beams' schedule ends,
    # the exact planner settles a small map)
    stats.setdefault("stopped", "finished")
    return _answer(game, pos, best, bound_turn, bound_reason, clock, interrupted, history, stats)


class _RefuteStopped(SearchBudgetExceeded):
    """The exact planner of :func:`_refute` reached the budget: the bound it raised, if any."""

    def __init__(self, bound_turn: int, bound_reason: str, what: str) -> None:
        super().__init__(f"the exact planner stopped at the {what} budget")
        self.bound_turn, self.bound_reason, self.what = bound_turn, bound_reason, what


def _refute(game, pos, bound_turn, bound_reason, best, clock, history, on_plan):
    """Raise the bound with the exact planner: no plan clears by turn ``t`` (deadline by deadline),
    or the optimum itself (then the plan is taken too)."""
    from zoobook.steam.game.planner import PlanBudgetExceeded
    from zoobook.steam.game.planner import plan as exact_plan

    def ticking(done, total, message):
        clock.tick()

    last = (best.end.outcome.turns if best.end is not None else game.turns)
    try:
        # the rest of the budget, counted on the CPU clock inside the search (the progress
        # callback alone comes only between the first turns, one of which can take minutes)
        found = exact_plan(game, pos, progress=ticking, deadline=last, budget_seconds=clock.left,
                           max_memory_mb=EXACT_MEMORY_MB)
    except PlanBudgetExceeded as stopped:
        # keep what it proved: the deadlines it refuted before the budget ran out
        if stopped.lower_bound > bound_turn:
            bound_turn, bound_reason = stopped.lower_bound, stopped.bound_reason
            history.append(Improvement(clock.elapsed, bound_turn, best.end and best.end.outcome.turns,
                                       "exact planner (stopped at the budget)", cpu_seconds=clock.cpu))
        raise _RefuteStopped(bound_turn, bound_reason, stopped.what) from None
    if found.cleared:
        end = _play(game, pos, found.actions)
        if best.end is None or end.outcome.rank <= best.end.outcome.rank:
            best.actions, best.end = tuple(found.actions), end
        history.append(Improvement(clock.elapsed, found.turns, found.turns, "exact planner", cpu_seconds=clock.cpu))
        return found.turns, (f"the exact planner found no plan clearing by turn {found.turns - 1}"
                             if found.turns > bound_turn else bound_reason)
    new = last + 1
    history.append(Improvement(clock.elapsed, new, best.end and best.end.outcome.turns, "exact planner",
                               cpu_seconds=clock.cpu))
    return new, f"the exact planner found no plan clearing by turn {last}"


def _answer(game, pos, best, bound_turn, bound_reason, clock, interrupted, history, stats) -> AnytimePlan:
    if best.end is None:
        return AnytimePlan(None, None, None, (), (), bound_turn, bound_reason, game.turns,
                           clock.elapsed, interrupted, tuple(history), (), stats)
    steps = tuple(replay(game, pos, best.actions))
    out = best.end.outcome
    return AnytimePlan(out.turns, out.score, out.cash, steps, tuple(best.actions),
                       min(bound_turn, out.turns) if bound_turn > out.turns else bound_turn,
                       bound_reason, game.turns, clock.elapsed, interrupted, tuple(history), (), stats)


# -- plans as data (notebooks store the plans of long runs) ------------------------------------

_ACTION_TYPES = {cls.__name__: cls for cls in (IssueShares, Select, LayTrack, Urbanize, EndBuild, Ship,
                                               RaiseLocomotive, Pass)}


def plan_record(found: AnytimePlan) -> dict:
    """A JSON-ready record of *found*: its claims and its actions (replay them with
    :func:`actions_from_record` to check the claims through the engine).

    >>> from zoobook.steam.game.actions import LayTrack
    >>> actions_from_record({"actions": [{"type": "LayTrack", "hexes": [[0, 0], [1, 0]], "hand": 0}]})
    [LayTrack(hexes=(Hex(q=0, r=0), Hex(q=1, r=0)), hand=0)]
    """
    def action(a):
        fields = {k: ([list(h) for h in v] if k == "hexes" else list(v) if isinstance(v, tuple) else
                      list(v) if k == "town" else v) for k, v in a.__dict__.items()}
        return {"type": type(a).__name__, **fields}

    return {"turns": found.turns, "score": found.score, "cash": found.cash,
            "lower_bound": found.lower_bound, "bound_reason": found.bound_reason,
            "seconds": round(found.seconds, 1), "proved_optimal": found.proved_optimal,
            "actions": [action(a) for a in found.actions]}


def actions_from_record(record: dict) -> list[Action]:
    """The actions of a :func:`plan_record`, as the engine's action objects."""
    out = []
    for entry in record["actions"]:
        entry = dict(entry)
        cls = _ACTION_TYPES[entry.pop("type")]
        if "hexes" in entry:
            entry["hexes"] = tuple(tuple(h) for h in entry["hexes"])
        for key in ("route", "steps", "town"):
            if key in entry:
                entry[key] = tuple(entry[key])
        out.append(cls(**entry))
    return out
