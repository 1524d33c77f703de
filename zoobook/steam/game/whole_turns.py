"""Whole turns built from the engine's moves: what the anytime planner's beams expand.

A turn is built from the engine's own moves: the selections of
:func:`~zoobook.steam.game.state.legal_actions`, lays of track checked and played by
:func:`~zoobook.steam.game.state.step` (so a refused lay is never kept), and the engine's
shipments in each move-goods round. Which lays are tried is the planner's choice (links along
shortest paths over free land between nodes, and the first tiles of longer ones); whether they
are legal is the engine's. :class:`TurnScorer` says how near a position is to clear, the beams'
order; :func:`turn_candidates` lists the best whole turns from a turn's start.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from zoobook.errors import IllegalAction
from zoobook.hexgrid import DIRECTIONS
from zoobook.steam.game import state as engine
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, RaiseLocomotive, Ship,
                                        Urbanize)
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.lookahead import free_land, shortest_free_paths, target_hexes, target_links
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.state import BUILD, MOVE, OVER, SHARES, Game, Position, step

__all__ = ["Ticking", "TurnScorer", "turn_candidates", "rest_of_turn", "play_through", "try_action", "RICH"]

class Ticking(Protocol):
    """A search's clock: ``tick()`` is called once per turn expanded and may raise to stop it."""

    def tick(self) -> None: ...


#: Cash no turn can spend: a turn's board side is played with it, then paid for.
RICH = 10 ** 6


def try_action(game: Game, pos: Position, action: Action) -> Position | None:
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
        if engine.extendable(hexmap, end) is not None:
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


class TurnScorer:
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
    return (EndBuild(),), try_action(game, here, EndBuild()) if here is not None else None


def _builds(game: Game, pos: Position, scorer: TurnScorer, branch: int,
            clock: "Ticking | None" = None) -> list[tuple[tuple, Position]]:
    """A few builds from a BUILD-phase position: each of the *branch* best first lays, then the
    best lays that still fit (the engine plays and checks every one)."""
    rules = game.rules
    card = rules.card(pos.card)
    out = []
    prefixes = [((), pos)]
    if card.urbanizes:
        for town in rules.goods.towns(pos.board):
            after = try_action(game, pos, Urbanize(town))
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
        done = try_action(game, start, EndBuild())
        if done is not None and prefix:
            out.append((prefix + (EndBuild(),), done))
    done = try_action(game, pos, EndBuild())
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
        after = try_action(game, pos, lay)
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


def _moves(game: Game, pos: Position, scorer: TurnScorer, branch: int) -> list[tuple[tuple, Position]]:
    """A few rests of the move-goods phase: the *branch* best first rounds by :func:`_ship_key`,
    each followed by the best second round (the engine lists and plays every action)."""
    out = []
    firsts = sorted(engine.legal_actions(game, pos), key=lambda a: _ship_key(game, pos, a), reverse=True)
    for a1 in firsts[:branch]:
        p1 = try_action(game, pos, a1)
        if p1 is None:
            continue
        if p1.phase != MOVE or p1.turn != pos.turn:
            out.append(((a1,), p1))
            continue
        seconds = sorted(engine.legal_actions(game, p1), key=lambda a: _ship_key(game, p1, a), reverse=True)
        for a2 in seconds[:1]:
            p2 = try_action(game, p1, a2)
            if p2 is not None:
                out.append(((a1, a2), p2))
    return out


def _links(action: Action) -> int:
    return action.links if isinstance(action, Ship) else 0


def turn_candidates(game: Game, pos: Position, branch: int = 2, scorer: "TurnScorer | None" = None,
                    clock: "Ticking | None" = None) -> list[tuple[tuple[Action, ...], Position]]:
    """Whole turns from a SHARES-phase position, each played by the engine from the real cash:
    each action the engine allows, a few builds, a few move-goods rests, and the fewest shares
    that pay for the turn and keep it out of bankruptcy (checked by playing it). From a position
    in the middle of a turn: the rest of that turn, with the cash there is."""
    scorer = scorer or TurnScorer(game)
    if pos.phase != SHARES:
        return rest_of_turn(game, pos, branch, scorer, clock)
    rich = pos.with_(economy=pos.economy.with_(cash=RICH))
    chosen = try_action(game, rich, IssueShares(0))
    if chosen is None:
        return []
    out = []
    seen = set()
    spare = MAX_SHARES - pos.economy.shares
    for select in engine.legal_actions(game, chosen):
        if clock is not None:
            clock.tick()
        built_from = try_action(game, chosen, select)
        if built_from is None:
            continue
        # the action's price is paid before any cash it gives (S9): the least cash the turn needs
        paid = game.rules.selection.price if select.action is not None else 0
        for build, built in _builds(game, built_from, scorer, branch, clock):
            spent = max(RICH - built.cash, paid)
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
        return play_through(game, pos, actions)
    cash = pos.cash + SHARE_PRICE * count
    if cash < max(RICH - built.cash, paid) or pos.economy.shares + count > MAX_SHARES:
        return None
    eco = built.economy.with_(cash=built.cash - RICH + cash, shares=pos.economy.shares + count)
    return play_through(game, built.with_(economy=eco), moves)


def rest_of_turn(game: Game, pos: Position, branch: int, scorer, clock) -> list:
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
            after = try_action(game, pos, select)
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


def play_through(game: Game, pos: Position, actions: Iterable[Action]) -> Position | None:
    for action in actions:
        pos = try_action(game, pos, action)
        if pos is None:
            return None
    return pos
