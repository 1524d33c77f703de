"""III. Lineup phase of 5x5 Zoo: the lineup graph and the lineup as a state machine.

The lineup graph (:func:`lineup_graph`) has one node per Animal tile (named by its
first cell, a large tile being one node, ruling F5) plus the node ``"gate"``, and
one edge per border a visitor may cross: a border with no wall, or with a door
(F7). It is a :class:`networkx.MultiGraph` because two large tiles side by side
share two borders; each edge's key is the border's name (``"A3:E"``).

The lineup itself follows the rulebook's loop, "1. Move to the next Animal tile,
2. Place visitors", as a game state of the project's one game API
(:class:`zoobook.game_api.GameState`): :meth:`LineupState.legal_actions`,
:meth:`LineupState.refusal` (the reason and its ruling), :meth:`LineupState.apply`
(changes the state; an illegal step raises :class:`zoobook.errors.IllegalAction`
and changes nothing), :meth:`LineupState.child` (a new state, this one unchanged),
:meth:`LineupState.is_terminal` and :meth:`LineupState.score`. The free actions of F9
(3 cubes for a door or a popularity token) and door placement may be taken at any
point; a door may go on the border of any of the four gates (F21).

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> board = Board((Tile.make("A3", "carnivore"), Tile.make("B3", "bird", walls=["B3:W"])))
>>> sorted(lineup_graph(board, "W").edges(keys=True))
[('gate', 'A3', 'A3:W')]
>>> state = LineupState.start(board, "W", cubes="RY", doors=1)
>>> state.apply(Move("A3")); state.apply(Place(Colour.RED))
>>> state.refusal(Move("B3"))
'a wall stands between A3 and B3 and no door is on A3:E (rulebook example D) [F7]'
>>> state.apply(PlaceDoor("A3:E")); state.apply(Move("B3")); state.apply(Place(Colour.YELLOW))
>>> state.score().total, state.is_terminal()
(3, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

import networkx as nx

from zoobook.errors import IllegalAction, Refusal
from zoobook.action_fields import Action, field_refusal
from zoobook.fivebyfive.board import ALL_CELLS, GATES, Board, Border, BorderState, Tile, gate_border
from zoobook.fivebyfive.scoring import LineupScore
from zoobook.fivebyfive.vocabulary import Colour, colour_letters, colours, fits, sorted_letters
from zoobook.game_api import GameState

__all__ = ["GATE", "lineup_graph", "Visitor", "Hand", "Move", "Place", "PlaceDoor", "BuyDoor",
           "BuyPopularity", "Stop", "LineupState", "FREE_ACTION_PRICE"]

#: The name of the gate's node in the lineup graph.
GATE = "gate"
#: "By paying any 3 One Time Customer cubes from your hand" (ruling F9).
FREE_ACTION_PRICE = 3
_CELL_NAMES = frozenset(cell.name for cell in ALL_CELLS)


def lineup_graph(board: Board, gate: str, *, include_blocked: bool = False) -> nx.MultiGraph:
    """The tiles as nodes and the crossable borders as edges, from *gate*.

    Parameters
    ----------
    board : Board
    gate : str
        ``"N"``, ``"E"``, ``"S"`` or ``"W"``: the round's gate (ruling F2).
    include_blocked : bool
        Also add the walled borders without a door (``state="wall"``): where a
        door placed during the lineup would open a way.

    Returns
    -------
    networkx.MultiGraph
        Node attributes: ``category``, ``popular``, ``cells``, ``large``
        (the gate node has ``gate``). Edge key: the border name; attributes
        ``border`` (a :class:`Border`), ``state`` (``"open"``, ``"door"`` or
        ``"wall"``), ``walls`` (0-2).

    Examples
    --------
    >>> from zoobook.fivebyfive.board import Tile
    >>> board = Board((Tile.make(["A3", "B3"], "park"), Tile.make(["A4", "B4"], "bird")))
    >>> graph = lineup_graph(board, "W")
    >>> graph.number_of_edges("A3", "A4")      # two large tiles share two borders
    2
    """
    graph = nx.MultiGraph(gate=gate)
    graph.add_node(GATE, gate=gate)
    for tile in board.tiles:
        graph.add_node(tile.name, category=tile.category.word, popular=board.is_popular(tile),
                       cells=[c.name for c in tile.cells], large=tile.is_large, stars=tile.stars)

    def add(u: str, v: str, border: Border) -> None:
        state = board.border_state(border)
        if state is BorderState.WALL and not include_blocked:
            return
        graph.add_edge(u, v, key=border.name, border=border, state=state.value,
                       walls=board.wall_count(border))

    for a, b, border in board.tile_borders():
        add(a.name, b.name, border)
    entry = board.gate_tile(gate)
    if entry is not None:
        add(GATE, entry.name, gate_border(gate))
    return graph


@dataclass(frozen=True)
class Visitor:
    """A one-time customer cube or a regular customer meeple of one colour."""

    colour: Colour
    meeple: bool = False

    def __str__(self) -> str:
        return f"{self.colour.word} {'meeple' if self.meeple else 'cube'}"


@dataclass(frozen=True)
class Hand:
    """The visitors and door tokens in hand: cube and meeple colours as letters, sorted."""

    cubes: str = ""
    meeples: str = ""
    doors: int = 0

    def __post_init__(self) -> None:
        cubes, meeples = sorted_letters(self.cubes), sorted_letters(self.meeples)   # checked, in colour order
        if Colour.WHITE.letter in meeples:
            raise ValueError("regular customer meeples come in the five basic colours, never white")
        if isinstance(self.doors, bool) or not isinstance(self.doors, int) or self.doors < 0:
            raise ValueError(f"doors in hand must be a whole number 0 or more, not {self.doors!r}")
        object.__setattr__(self, "cubes", cubes)
        object.__setattr__(self, "meeples", meeples)

    @property
    def visitors(self) -> tuple[Visitor, ...]:
        return tuple(Visitor(c) for c in colours(self.cubes)) + tuple(Visitor(c, True) for c in colours(self.meeples))

    def __len__(self) -> int:
        return len(self.cubes) + len(self.meeples)

    def has(self, visitor: Visitor) -> bool:
        return visitor.colour.letter in (self.meeples if visitor.meeple else self.cubes)

    def without(self, visitor: Visitor) -> "Hand":
        if visitor.meeple:
            return replace(self, meeples=self.meeples.replace(visitor.colour.letter, "", 1))
        return replace(self, cubes=self.cubes.replace(visitor.colour.letter, "", 1))

    def payment_refusal(self, cubes: str) -> Refusal | None:
        """Why the cubes *cubes* cannot pay for a free action, or ``None`` (F9)."""
        if not isinstance(cubes, str) or len(cubes) != FREE_ACTION_PRICE:
            return Refusal(f"a free action costs exactly {FREE_ACTION_PRICE} one-time cubes, not {cubes!r}",
                           rule="F9")
        want, have = Counter(cubes), Counter(self.cubes)
        if any(have[c] < n for c, n in want.items()):
            return Refusal(f"the cubes {cubes} are not all in hand (cubes in hand: {self.cubes or 'none'}); "
                           "meeples cannot pay for free actions", rule="F9")
        return None

    def pay(self, cubes: str) -> "Hand":
        """The hand after paying the cubes *cubes*; :class:`IllegalAction` if they are not all in hand."""
        why = self.payment_refusal(cubes)
        if why is not None:
            raise IllegalAction(why)
        left = Counter(self.cubes) - Counter(cubes)
        return replace(self, cubes="".join(c * left[c] for c in left))


@dataclass(frozen=True, eq=False)
class Move(Action):
    """1. Move to the adjacent tile *tile* (its first cell), across *border* if several are shared."""

    tile: str
    border: str | None = None

    FIELD_RULE = "F4"

    def __post_init__(self) -> None:
        object.__setattr__(self, "border", _border_name(self.border))


def _border_name(text):
    """A border's one name ("B3:W" and "A3:E" are the same border: "A3:E"); other text as given."""
    try:
        return Border.parse(text).name
    except (TypeError, ValueError, AttributeError):
        return text


def _cube_letters(text):
    """Cube letters in colour order ("RGR" -> "RRG"), so one payment has one spelling; other text as given."""
    try:
        return colour_letters(colours(text))
    except (TypeError, ValueError, AttributeError):
        return text


@dataclass(frozen=True, eq=False)
class Place(Action):
    """2. Place a visitor of *colour* (a meeple if *meeple*) on the tile just entered."""

    colour: Colour
    meeple: bool = False

    FIELD_RULE = "F6"


@dataclass(frozen=True, eq=False)
class PlaceDoor(Action):
    """Free action: place a door from hand on *border* ("A3:E"; "A3:W" is the W gate's border)."""

    border: str

    FIELD_RULE = "F21"

    def __post_init__(self) -> None:
        object.__setattr__(self, "border", _border_name(self.border))


@dataclass(frozen=True, eq=False)
class BuyDoor(Action):
    """Free action: pay 3 one-time cubes (letters) for a door token to hand."""

    cubes: str

    FIELD_RULE = "F9"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cubes", _cube_letters(self.cubes))


@dataclass(frozen=True, eq=False)
class BuyPopularity(Action):
    """Free action: pay 3 one-time cubes for a popularity token placed at once on *tile*."""

    tile: str
    cubes: str

    FIELD_RULE = "F9"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cubes", _cube_letters(self.cubes))


@dataclass(frozen=True, eq=False)
class Stop(Action):
    """End the lineup (F4: the player may stop)."""

    FIELD_RULE = "F4"


@dataclass
class LineupState(GameState):
    """One player's lineup phase, as a game state (:class:`zoobook.game_api.GameState`).

    :meth:`apply` changes the state in place; :meth:`clone` or :meth:`child` give an
    independent copy (every field is an immutable value, so a copy is cheap).

    Attributes
    ----------
    board : Board
        The zoo board, with the doors and tokens placed so far.
    gate : str
    hand : Hand
    path : tuple of str
        The tiles entered, in order (first cells).
    crossings : tuple of (Border, bool)
        The border crossed to enter each tile, and whether a door was on it then
        (a door is "utilized" when the lineup crosses its border, F8).
    placed : tuple of Visitor
        The visitor placed on each tile of *path* (one shorter while one awaits placement).
    log : tuple of str
        Every step taken, in words.
    stopped : bool
    """

    board: Board
    gate: str
    hand: Hand
    path: tuple[str, ...] = ()
    crossings: tuple[tuple[Border, bool], ...] = ()
    placed: tuple[Visitor, ...] = ()
    log: tuple[str, ...] = ()
    stopped: bool = False

    @classmethod
    def start(cls, board: Board, gate: str, cubes: str = "", meeples: str = "", doors: int = 0) -> "LineupState":
        """The state before the first move, standing at *gate*."""
        gate_border(gate)  # validates the gate
        return cls(board, gate, Hand(cubes, meeples, doors))

    def clone(self) -> "LineupState":
        """An independent copy (the fields are immutable values)."""
        return replace(self)

    # -- where we are -------------------------------------------------------------------
    @property
    def awaiting_placement(self) -> bool:
        """True between a move and the placement of its visitor."""
        return len(self.placed) < len(self.path)

    @property
    def position(self) -> Tile | None:
        """The current tile, or ``None`` at the gate."""
        return self.board.tile_named(self.path[-1]) if self.path else None

    def _position_name(self) -> str:
        return self.path[-1] if self.path else f"the {self.gate} gate"

    def _fitting(self, tile: Tile, hand: Hand | None = None) -> tuple[Visitor, ...]:
        hand = self.hand if hand is None else hand
        order = list(Colour)
        return tuple(sorted({v for v in hand.visitors if fits(v.colour, tile.category)},
                            key=lambda v: (v.meeple, order.index(v.colour))))

    def _border_to(self, tile: Tile) -> list[Border]:
        here = self.position
        if here is None:
            entry = self.board.gate_tile(self.gate)
            return [gate_border(self.gate)] if entry is tile else []
        return list(self.board.borders_between(here, tile))

    # -- refusals -----------------------------------------------------------------------
    def refusal(self, action) -> Refusal | None:
        """Why *action* is illegal now (words and rule), or ``None`` if it is legal."""
        if self.stopped:
            return Refusal("the lineup is over: the player stopped", rule="F4")
        rules = _RULES.get(type(action))
        if rules is None:
            return Refusal(f"{action!r} is not a lineup step (move, place, door, free action or stop)", rule="F4")
        return field_refusal(action) or rules[0](self, action)

    def _refuse_move(self, action: Move) -> Refusal | None:
        if self.awaiting_placement:
            return Refusal(f"place a visitor on {self.path[-1]} before moving on", rule="F4")
        try:
            tile = self.board.tile_named(action.tile)
        except (KeyError, ValueError, TypeError, AttributeError):
            if isinstance(action.tile, str) and action.tile in _CELL_NAMES:     # a cell of the board, but empty
                return Refusal(f"{action.tile} is an empty cell: a visitor moves only onto Animal tiles", rule="F4")
            return Refusal(f"there is no cell {action.tile!r} on the zoo board (columns A-E, rows 1-5)", rule="F1")
        if tile.name in self.path:
            return Refusal(f"{tile.name} already has a visitor (rulebook example E)", rule="F4")
        borders = self._border_to(tile)
        if not borders:
            return Refusal(f"{tile.name} is not next to {self._position_name()}", rule="F4")
        if action.border is not None:
            try:
                chosen = Border.parse(action.border)
            except (ValueError, TypeError, AttributeError) as exc:
                return Refusal(str(exc), rule="F7")
            if chosen not in borders:
                return Refusal(f"{chosen} is not a border between {self._position_name()} and {tile.name}",
                               rule="F7")
            borders = [chosen]
        if all(self.board.is_blocked(b) for b in borders):
            where = " or ".join(b.name for b in borders)
            return Refusal(f"a wall stands between {self._position_name()} and {tile.name} and no door is on "
                           f"{where} (rulebook example D)", rule="F7")
        if not self._fitting(tile):
            if tile.category.colour is None:    # a Park takes any colour: the hand is empty
                return Refusal(f"no visitor is left in hand for {tile}: a Park takes any colour, but "
                               "there must be one to place", rule="F6")
            return Refusal(f"no visitor in hand fits {tile}: it takes {tile.category.colour.word} or a white "
                           "cube (rulebook example C)", rule="F6")
        return None

    def _refuse_place(self, action: Place) -> Refusal | None:
        if not self.awaiting_placement:
            return Refusal("move to an Animal tile before placing a visitor", rule="F4")
        if not isinstance(action.colour, Colour):
            return Refusal(f"{action.colour!r} is not a visitor colour", rule="F6")
        visitor = Visitor(action.colour, action.meeple)
        if not self.hand.has(visitor):
            return Refusal(f"there is no {visitor} in hand", rule="F6")
        tile = self.position
        if not fits(visitor.colour, tile.category):
            return Refusal(f"a {visitor} cannot be placed on {tile}", rule="F6")
        return None

    def _refuse_place_door(self, action: PlaceDoor) -> Refusal | None:
        if self.hand.doors < 1:
            return Refusal("there is no door token in hand to place (3 one-time cubes buy one)", rule="F-FREE-1")
        try:
            border = Border.parse(action.border)
        except (ValueError, TypeError, AttributeError) as exc:
            return Refusal(str(exc), rule="F21")
        return self.board.door_refusal(border)

    def _payment_refusal(self, cubes: str) -> Refusal | None:
        why = self.hand.payment_refusal(cubes)
        if why is not None:
            return why
        if self.awaiting_placement and not self._fitting(self.position, self.hand.pay(cubes)):
            return Refusal(f"paying {cubes} would leave no visitor for {self.path[-1]}, entered but not yet "
                           "visited", rule="F6")
        return None

    def _refuse_buy_door(self, action: BuyDoor) -> Refusal | None:
        return self._payment_refusal(action.cubes)

    def _refuse_buy_popularity(self, action: BuyPopularity) -> Refusal | None:
        reason = self._payment_refusal(action.cubes)
        if reason:
            return reason
        try:
            tile = self.board.tile_at(action.tile)
        except ValueError as exc:
            return Refusal(str(exc), rule="F1")
        if tile is not None and tile.name != action.tile:
            # One name per tile, as moves and the legal list use it: the action recorded is that one.
            return Refusal(f"a tile is named by its first cell: the large tile on {action.tile} is {tile.name}",
                           rule="F1")
        return self.board.popularity_refusal(action.tile)

    def _refuse_stop(self, action: Stop) -> Refusal | None:
        if self.awaiting_placement:
            return Refusal(f"place a visitor on {self.path[-1]}, which was entered, before stopping", rule="F4")
        return None

    # -- acting -------------------------------------------------------------------------
    def _apply(self, action) -> None:
        _RULES[type(action)][1](self, action)

    def _do_move(self, action: Move) -> None:
        tile = self.board.tile_named(action.tile)
        borders = [Border.parse(action.border)] if action.border else self._border_to(tile)
        # Across several shared borders, cross a door if there is one (it scores, F8).
        open_borders = sorted((b for b in borders if not self.board.is_blocked(b)),
                              key=lambda b: (not self.board.has_door(b), b))
        border = open_borders[0]
        door = self.board.has_door(border)
        note = f" through the door on {border}" if door else ""
        self.log += (f"move from {self._position_name()} to {tile}{note}",)
        self.path += (tile.name,)
        self.crossings += ((border, door),)

    def _do_place(self, action: Place) -> None:
        visitor = Visitor(action.colour, action.meeple)
        self.hand = self.hand.without(visitor)
        self.placed += (visitor,)
        self.log += (f"place a {visitor} on {self.path[-1]}",)

    def _do_place_door(self, action: PlaceDoor) -> None:
        border = Border.parse(action.border)
        late = any(b == border for b, _ in self.crossings)
        note = " (already crossed: it is not utilized this round)" if late else ""
        self.board = self.board.add_door(border)
        self.hand = replace(self.hand, doors=self.hand.doors - 1)
        self.log += (f"place a door on {border}{note}",)

    def _do_buy_door(self, action: BuyDoor) -> None:
        hand = self.hand.pay(action.cubes)
        self.hand = replace(hand, doors=hand.doors + 1)
        self.log += (f"pay {action.cubes} for a door token",)

    def _do_buy_popularity(self, action: BuyPopularity) -> None:
        tile = self.board.tile_at(action.tile)
        self.hand = self.hand.pay(action.cubes)
        self.board = self.board.add_popularity(tile)
        self.log += (f"pay {action.cubes} for a popularity token on {tile.name}",)

    def _do_stop(self, action: Stop) -> None:
        self.stopped = True
        self.log += ("stop",)

    # -- what can be done -----------------------------------------------------------------
    def legal_moves(self) -> list:
        """The legal :class:`Move` and :class:`Place` steps (the rulebook's loop).

        A move is listed once as ``Move(tile)`` (the border chosen for the player: a door
        if one is open) and once per border it may cross, ``Move(tile, border)``.
        """
        if self.stopped:
            return []
        if self.awaiting_placement:
            return [Place(v.colour, v.meeple) for v in self._fitting(self.position)]
        here = self.position
        candidates = ([self.board.gate_tile(self.gate)] if here is None else list(self.board.neighbours(here)))
        moves = []
        for tile in candidates:
            if tile is None or self.refusal(Move(tile.name)) is not None:
                continue
            moves.append(Move(tile.name))
            moves += [Move(tile.name, b.name) for b in self._border_to(tile) if not self.board.is_blocked(b)]
        return moves

    def legal_actions(self) -> list:
        """Every legal action: moves or placements, door placements, free actions, stop.

        Free actions are listed once per distinct set of 3 cubes. Doors may go on any border
        between two Animal tiles and on the border of any of the four gates (F21).
        """
        if self.stopped:
            return []
        actions: list = list(self.legal_moves())
        if self.hand.doors:
            for a, b, border in self.board.tile_borders():
                if not self.board.has_door(border):
                    actions.append(PlaceDoor(border.name))
            for gate in GATES:
                entry = gate_border(gate)
                if self.board.door_refusal(entry) is None:
                    actions.append(PlaceDoor(entry.name))
        for payment in sorted(_payments(self.hand.cubes)):
            if self._payment_refusal(payment) is None:
                actions.append(BuyDoor(payment))
                actions += [BuyPopularity(t.name, payment) for t in self.board.tiles
                            if not self.board.is_popular(t)]
        if not self.awaiting_placement:
            actions.append(Stop())
        return actions

    def can_still_move(self) -> bool:
        """Whether a move is legal now, or could become legal by placing or buying a door."""
        if self.awaiting_placement:
            return True
        here = self.position
        candidates = [self.board.gate_tile(self.gate)] if here is None else self.board.neighbours(here)
        for tile in candidates:
            if tile is None or tile.name in self.path or not self._fitting(tile):
                continue
            if any(not self.board.is_blocked(b) for b in self._border_to(tile)) or self.hand.doors:
                return True
            # Buy a door and still keep a visitor for the tile.
            if any(self._payment_refusal(p) is None and self._fitting(tile, self.hand.pay(p))
                   for p in _payments(self.hand.cubes)):
                return True
        return False

    def is_terminal(self) -> bool:
        """Over when the player stopped, or when no move can ever be made again and no free
        action is left that could still score (fewer than 3 cubes)."""
        return self.stopped or (not self.can_still_move() and len(self.hand.cubes) < FREE_ACTION_PRICE)

    # -- scoring --------------------------------------------------------------------------
    def score(self) -> LineupScore:
        """The lineup score so far (F11): visited tiles, tokens on them, doors utilized."""
        visited = [self.board.tile_named(name) for name in self.path[:len(self.placed)]]
        return LineupScore(tiles=len(visited), popularity=sum(self.board.is_popular(t) for t in visited),
                           doors=sum(door for _, door in self.crossings[:len(self.placed)]))

    def returns(self) -> list[float]:
        """The lineup score, for the one player (OpenSpiel's ``returns``)."""
        return [float(self.score().total)]

    @property
    def visitors_placed(self) -> int:
        return len(self.placed)

    def suggested_visitor(self) -> Visitor | None:
        """The visitor a careful player puts on the tile just entered (``None`` if none fits).

        Meeples first (they cannot pay for free actions, F9), then a cube of the
        tile's colour (on a Park: the colour the hand holds most of), white last:
        white cubes are the only ones that fit everywhere.
        """
        if not self.awaiting_placement:
            return None
        fitting = self._fitting(self.position)
        if not fitting:
            return None
        counts = Counter(self.hand.cubes)
        return min(fitting, key=lambda v: (not v.meeple, v.colour is Colour.WHITE, -counts[v.colour.letter],
                                           list(Colour).index(v.colour)))


#: Each lineup step's rule check and effect (explicit dispatch: the step's type -> methods).
_RULES = {
    Move: (LineupState._refuse_move, LineupState._do_move),
    Place: (LineupState._refuse_place, LineupState._do_place),
    PlaceDoor: (LineupState._refuse_place_door, LineupState._do_place_door),
    BuyDoor: (LineupState._refuse_buy_door, LineupState._do_buy_door),
    BuyPopularity: (LineupState._refuse_buy_popularity, LineupState._do_buy_popularity),
    Stop: (LineupState._refuse_stop, LineupState._do_stop),
}


def _payments(cubes: str) -> set[str]:
    """Every distinct choice of 3 cubes from *cubes* (as sorted letters)."""
    from itertools import combinations

    return {colour_letters(colours("".join(trio))) for trio in combinations(cubes, FREE_ACTION_PRICE)}


