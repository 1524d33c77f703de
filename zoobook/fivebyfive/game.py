"""The whole game of 5x5 Zoo for 1-4 players, as an OpenSpiel-style state.

:class:`GameState` holds one game: :meth:`~GameState.legal_actions` lists every
decision the current player may take, :meth:`~GameState.apply` takes one (and
then runs everything that needs no decision: dealing, the solo AI, scoring),
:meth:`~GameState.is_terminal` and :meth:`~GameState.returns` end it. Chance is
a seeded :class:`random.Random` inside the state, so the same seed and the same
actions replay the same game; :meth:`~GameState.clone` copies a state (with
``reseed`` a bot can look ahead without seeing the true future draws).

The decisions, in the rulebook's order:

* setup -- :class:`PlaceTile` for the two start tiles on the red squares (F3);
* main phase -- :class:`Take` a tile (row, slot); on rows 2-5 :class:`RowEffect`
  or :class:`TakeDoor` ("Instead of the usual action, you may obtain 1 Door
  token"); then :class:`ChoosePopularity`, :class:`ChooseSpecial` or
  :class:`ChooseMeeple` for the row's effect (and a special card's immediate
  effect); then :class:`PlaceTile` (fixed orientation, any open space) or
  :class:`DiscardTile` when a tile fits nowhere (ASSUMED);
* lineup phase -- the steps of :class:`zoobook.fivebyfive.lineup.LineupState`
  (``Move``, ``Place``, ``PlaceDoor``, ``BuyDoor``, ``BuyPopularity``, ``Stop``)
  or :class:`BestLineup`, the optimal lineup of :mod:`zoobook.fivebyfive.solver` as one action.

Popularity conditions, the solo AI, the scoring phase, the start-player rule and
the final scoring run by themselves and are written to :attr:`GameState.log`.

Examples
--------
>>> state = GameState.new(players=2, seed=7)
>>> state.phase, state.current_player
('setup', 0)
>>> state.legal_actions()[0]
PlaceTile(tile='T42', cell='C1')
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0])
>>> len(state.returns())
2
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, fields, replace

from zoobook import game_api
from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.fivebyfive import lineup as lu
from zoobook.action_fields import Action, field_refusal
from zoobook.fivebyfive.board import Board, Cell, start_squares
from zoobook.fivebyfive.cards import (
    FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, Round3, TurnContext, final_bonus, popularity_earned,
    special_card_points,
)
from zoobook.fivebyfive.components import STATED_COUNTS, anchors, components, placed
from zoobook.fivebyfive.mainboard import DOOR_ROWS, ROW_EFFECTS, MainBoard, row_sizes
from zoobook.fivebyfive.scoring import (
    best_request_cards, most_visitors_award, next_start_player, solo_bonus,
)
from zoobook.fivebyfive.solo import ai_removal, solo_rank
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.fivebyfive.vocabulary import BASIC_COLOURS, Colour, sorted_letters

__all__ = [
    "GameConfig", "PlayerState", "GameState",
    "Take", "RowEffect", "TakeDoor", "ChoosePopularity", "ChooseSpecial", "ChooseMeeple",
    "PlaceTile", "DiscardTile", "BestLineup", "LINEUP_STEPS", "winner_order", "witness_steps", "action_text",
]

DIRECTIONS = ("N", "E", "S", "W")
ROUNDS = 3
TURNS_PER_ROUND = 5


# -- actions --------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Take(Action):
    """Take the tile in *row* (1-6), slot *slot* (from 0) of the main board."""

    row: int
    slot: int

    FIELD_RULE = "F15"

    def __str__(self) -> str:
        slot = self.slot + 1 if type(self.slot) is int else repr(self.slot)    # words for a malformed one too
        return f"take row {self.row!r} slot {slot}"


@dataclass(frozen=True, eq=False)
class RowEffect(Action):
    """Use the action effect of the row just taken from."""

    FIELD_RULE = "F-TURN-7"

    def __str__(self) -> str:
        return "use the row effect"


@dataclass(frozen=True, eq=False)
class TakeDoor(Action):
    """Rows 2-5: a door token instead of the row effect."""

    FIELD_RULE = "F-TURN-7"

    def __str__(self) -> str:
        return "take a door token instead"


@dataclass(frozen=True, eq=False)
class ChoosePopularity(Action):
    """Place a popularity token on the tile named *tile* (its first cell)."""

    tile: str

    FIELD_RULE = "F10"

    def __str__(self) -> str:
        return f"popularity token on {self.tile}"


@dataclass(frozen=True, eq=False)
class ChooseSpecial(Action):
    card: str

    FIELD_RULE = "F-TURN-9"

    def __str__(self) -> str:
        card = _SPECIALS.get(self.card) if type(self.card) is str else None
        return f"choose special card {self.card} ({card.effect if card else 'not in the box'})"


@dataclass(frozen=True, eq=False)
class ChooseMeeple(Action):
    colour: str

    FIELD_RULE = "F-TURN-11"

    def __str__(self) -> str:
        try:
            return f"choose the {Colour(self.colour).word} meeple"
        except (ValueError, TypeError):                 # a malformed one: its words, still
            return f"choose the meeple {self.colour!r}"


@dataclass(frozen=True, eq=False)
class PlaceTile(Action):
    """Place the tile *tile* from hand with its first cell on *cell* (north up)."""

    tile: str
    cell: str

    FIELD_RULE = "F-PLACEMENT-2"

    def __str__(self) -> str:
        return f"place {self.tile} at {self.cell}"


@dataclass(frozen=True, eq=False)
class DiscardTile(Action):
    """Return a tile that fits nowhere to the box (ASSUMED ``unplaceable_tile_discarded``)."""

    tile: str

    FIELD_RULE = "F-PLACEMENT-2"

    def __str__(self) -> str:
        return f"discard {self.tile} (no room)"


@dataclass(frozen=True, eq=False)
class BestLineup(Action):
    """The whole lineup of this round as the optimal lineup solver plays it."""

    FIELD_RULE = "F9"

    def __str__(self) -> str:
        return "best lineup"


#: The lineup steps, as :class:`zoobook.fivebyfive.lineup.LineupState` defines them.
LINEUP_STEPS = (lu.Move, lu.Place, lu.PlaceDoor, lu.BuyDoor, lu.BuyPopularity, lu.Stop)


def witness_steps(witness: dict) -> list:
    """The lineup steps that play a ``5x5/lineup`` solver witness.

    >>> witness = {"free_actions": [{"pay": "RRG", "gain": "door"}], "doors": ["A3:W"],
    ...            "visitors": [{"tile": "A3", "visitor": "red meeple", "via": "A3:W"}]}
    >>> witness_steps(witness)  # doctest: +NORMALIZE_WHITESPACE
    [BuyDoor(cubes='RRG'), PlaceDoor(border='A3:W'), Move(tile='A3', border='A3:W'),
     Place(colour=<Colour.RED: 'R'>, meeple=True)]
    """
    steps: list = []
    for free in witness["free_actions"]:
        if free["gain"] == "door":
            steps.append(lu.BuyDoor(free["pay"]))
        else:
            steps.append(lu.BuyPopularity(free["tile"], free["pay"]))
    steps += [lu.PlaceDoor(border) for border in witness["doors"]]
    for visit in witness["visitors"]:
        word, piece = visit["visitor"].split()
        steps += [lu.Move(visit["tile"], visit["via"]), lu.Place(Colour[word.upper()], piece == "meeple")]
    return steps


def components_special(card_id: str):
    """The special card called *card_id* (``"S07"``) from the box."""
    return _SPECIALS[card_id]


_SPECIALS = {card.id: card for card in components().special_cards}


def _lineup_text(action) -> str:
    if field_refusal(action) is not None:           # a malformed step: its fields, as given
        return f"lineup: {action!r}"
    if isinstance(action, lu.Move):
        return f"lineup: move to {action.tile}" + (f" across {action.border}" if action.border else "")
    if isinstance(action, lu.Place):
        return f"lineup: place a {lu.Visitor(action.colour, action.meeple)}"
    if isinstance(action, lu.PlaceDoor):
        return f"lineup: door on {action.border}"
    if isinstance(action, lu.BuyDoor):
        return f"lineup: pay {action.cubes} for a door"
    if isinstance(action, lu.BuyPopularity):
        return f"lineup: pay {action.cubes} for a popularity token on {action.tile}"
    return "lineup: stop"


def action_text(action) -> str:
    """An action in words, as the log writes it."""
    return _lineup_text(action) if isinstance(action, LINEUP_STEPS) else str(action)


# -- configuration and players -------------------------------------------------------------------
@dataclass(frozen=True)
class GameConfig:
    """How a game is set up.

    Attributes
    ----------
    players : int
        1 (solo, against the tile-removing AI) to 4.
    seed : int
    bonus_cards : tuple of str or None
        Three final bonus card letters; ``None`` draws three at random
        (``beginner`` uses A, B and C as the rulebook recommends).
    condition : str or None
        The popularity condition card (A-F); ``None`` draws one (``beginner``: A).
    """

    players: int = 2
    seed: int = 0
    bonus_cards: tuple[str, ...] | None = None
    condition: str | None = None
    beginner: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 4:
            raise ValueError(f"5x5 Zoo is for 1-4 players, not {self.players}")
        if self.bonus_cards is not None and (len(set(self.bonus_cards)) != 3
                                             or set(self.bonus_cards) - set(FINAL_BONUS_CARDS)):
            raise ValueError(f"choose three different final bonus cards A-H, not {self.bonus_cards}")
        if self.condition is not None and self.condition not in POPULARITY_CONDITIONS:
            raise ValueError(f"the popularity condition is one of A-F, not {self.condition!r}")


@dataclass(frozen=True)
class RoundScore:
    """One player's scoring phase of one round, step by step."""

    lineup: int = 0
    award: int = 0
    requests: int = 0
    visitors: int = 0

    @property
    def total(self) -> int:
        return self.lineup + self.award + self.requests


@dataclass(frozen=True)
class PlayerState:
    """One player's side of the table (a frozen value; the game replaces it)."""

    seat: int
    board: Board = Board()
    score: int = 0
    cubes: str = ""
    meeples: str = ""
    doors: int = 1
    requests: tuple[int, ...] = ()
    met_requests: tuple[int, ...] = ()
    specials: tuple[str, ...] = ()
    hand: tuple[tuple[str, bool], ...] = ()
    group_tiles: frozenset[Cell] = frozenset()
    rounds: tuple[RoundScore, ...] = ()
    round3: Round3 = Round3()
    final: tuple[tuple[str, int], ...] = ()

    @property
    def popularity_tokens(self) -> int:
        return len(self.board.popular)


#: The fields :meth:`GameState._set` may change.
_PLAYER_FIELDS = frozenset(f.name for f in fields(PlayerState))


def winner_order(players, start: int) -> list[int]:
    """Seats from first to last place: score, then the rulebook's tiebreakers.

    "1. Most Popularity tokens 2. Most Animal tiles on the Zoo board 3. Furthest
    clockwise from the Start player card."
    """
    n = len(players)
    return sorted(range(n), key=lambda s: (-players[s].score, -players[s].popularity_tokens,
                                           -len(players[s].board.tiles), -((s - start) % n)))


# -- the state ------------------------------------------------------------------------------------
@dataclass
class GameState(game_api.GameState):
    """One game of 5x5 Zoo in progress: a :class:`zoobook.game_api.GameState` (mutable, like an
    OpenSpiel state; see :meth:`clone`)."""

    config: GameConfig
    rng: random.Random
    players: list[PlayerState]
    small_deck: list[str]
    large_deck: list[str]
    special_deck: list[str]
    request_deck: list[int]
    customer_deck: list[str]
    customer_discard: list[str]
    stock: Counter
    meeple_stock: Counter
    directions: tuple[str, ...]
    bonus_cards: tuple[str, ...]
    condition: str
    start_player: int = 0
    round: int = 0
    phase: str = "setup"
    current_player: int = 0
    turns: list[int] = field(default_factory=list)
    mainboard: MainBoard | None = None
    pending: list[tuple] = field(default_factory=list)
    taken: tuple[int, int] | None = None
    turn_context: TurnContext = TurnContext()
    lineup: lu.LineupState | None = None
    lineup_order: list[int] = field(default_factory=list)
    lineup_results: dict = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    history: list = field(default_factory=list)

    # -- setting up ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, **options) -> "GameState":
        """A new game after the General and Player Setup, waiting for the start tiles."""
        config = GameConfig(players=players, seed=seed, **options)
        rng = random.Random(seed)
        box = components()
        small = [t.id for t in box.tiles]
        large = [t.id for t in box.large_tiles]
        specials = [c.id for c in box.special_cards]
        requests = list(range(len(box.request_cards)))
        customers = [c.letter for c in box.customer_cards]
        for deck in (small, large, specials, requests, customers):
            rng.shuffle(deck)
        bonus = config.bonus_cards or (("A", "B", "C") if config.beginner
                                       else tuple(sorted(rng.sample(sorted(FINAL_BONUS_CARDS), 3))))
        condition = config.condition or ("A" if config.beginner else rng.choice(sorted(POPULARITY_CONDITIONS)))
        directions = tuple(rng.sample(DIRECTIONS, ROUNDS))
        # Ruling F26: the first start player is drawn at random.
        start = rng.randrange(players) if assumed("fivebyfive.components.first_start_player_random") else 0
        stock = Counter({c.letter: STATED_COUNTS["one-time cubes per colour"] for c in BASIC_COLOURS})
        stock["W"] = STATED_COUNTS["wild white cubes"]
        meeple_stock = Counter({c.letter: STATED_COUNTS["regular meeples per colour"] for c in BASIC_COLOURS})
        state = cls(config, rng, [PlayerState(seat) for seat in range(players)], small, large, specials,
                    requests, customers, [], stock, meeple_stock, directions, tuple(bonus), condition,
                    start_player=start, turns=[0] * players)
        state._log(f"5x5 Zoo, solo against the AI, seed {seed}" if players == 1
                   else f"5x5 Zoo, {players} players, seed {seed}")
        state._log(f"final bonus cards {', '.join(bonus)}; popularity condition {condition} "
                   f"({POPULARITY_CONDITIONS[condition].name}); gates {' '.join(directions)}; "
                   f"start player {start}")
        for seat in range(players):
            cards = [state.request_deck.pop() for _ in range(3)]
            state._set(seat, requests=tuple(cards))
            state._log(f"player {seat} request cards: "
                       + "; ".join(str(box.request_cards[i]) for i in cards))
        for seat in state._seats_from_start():
            drawn = tuple((state.small_deck.pop(), False) for _ in range(2))
            state._set(seat, hand=drawn)
        state.current_player = start
        state._log(f"setup: player {start} places start tiles {', '.join(t for t, _ in state.players[start].hand)}")
        return state

    @classmethod
    def replay(cls, config: GameConfig, actions) -> "GameState":
        """The game of *config* after *actions* (a :attr:`history`): same seed, same game."""
        state = cls.new(config.players, config.seed, bonus_cards=config.bonus_cards,
                        condition=config.condition, beginner=config.beginner)
        for action in actions:
            state.apply(action)
        return state

    def clone(self, reseed: int | None = None) -> "GameState":
        """An independent copy; with *reseed* its future draws come from a new seed.

        With *reseed* each face-down deck (the request deck too: a met request card is
        replaced from it) is put in a canonical order before it is shuffled, so the copy's
        deal depends on what the decks hold and on *reseed* alone, never on their true,
        unseen order: a bot that looks ahead on a reseeded copy cannot peek.
        """
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        copy = replace(self, rng=rng, players=list(self.players), small_deck=list(self.small_deck),
                       large_deck=list(self.large_deck), special_deck=list(self.special_deck),
                       request_deck=list(self.request_deck), customer_deck=list(self.customer_deck),
                       customer_discard=list(self.customer_discard), stock=Counter(self.stock),
                       meeple_stock=Counter(self.meeple_stock), turns=list(self.turns),
                       pending=list(self.pending), lineup_order=list(self.lineup_order),
                       lineup_results=dict(self.lineup_results), log=list(self.log),
                       history=list(self.history), lineup=self.lineup.clone() if self.lineup else None)
        if reseed is not None:
            copy.rng = random.Random(reseed)
            for deck in (copy.small_deck, copy.large_deck, copy.special_deck, copy.request_deck,
                         copy.customer_deck):
                deck.sort()
                copy.rng.shuffle(deck)
        return copy

    # -- small helpers ---------------------------------------------------------------------------
    def _log(self, line: str) -> None:
        self.log.append(line)

    def _set(self, seat: int, **changes) -> PlayerState:
        """Replace *seat*'s player with a copy that has *changes*: ``dataclasses.replace``, faster.

        :class:`PlayerState` is a plain frozen dataclass (every field set by ``__init__``, no
        ``__post_init__``, nothing cached beside the fields: ``tests/fivebyfive/test_game.py``
        checks it), so its ``__init__`` only stores the fields: copying the instance's fields and
        writing the changes over them is the same value, without ``replace``'s walk over the
        fields and keyword call (the search bot sets players tens of thousands of times a decision).
        """
        if not _PLAYER_FIELDS.issuperset(changes):
            raise TypeError(f"PlayerState has no field {sorted(set(changes) - _PLAYER_FIELDS)[0]!r}")
        player = object.__new__(PlayerState)
        values = player.__dict__          # a frozen dataclass refuses setattr, not its __dict__
        values.update(self.players[seat].__dict__)
        values.update(changes)
        self.players[seat] = player
        return player

    def _seats_from_start(self) -> list[int]:
        n = len(self.players)
        return [(self.start_player + k) % n for k in range(n)]

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def gate(self) -> str | None:
        return self.directions[self.round - 1] if self.round else None

    def _random_cube(self, seat: int, why: str) -> None:
        """"Draw 1 One Time Customer card and obtain 1 One Time Customer cube of that color"."""
        if not self.customer_deck:
            self.customer_deck, self.customer_discard = self.customer_discard, []
            self.rng.shuffle(self.customer_deck)
        colour = self.customer_deck.pop()
        self.customer_discard.append(colour)
        self._gain_cube(seat, colour, why)

    def _gain_cube(self, seat: int, colour: str, why: str) -> None:
        # Ruling F24: a draw of a colour the stock has run out of gives nothing.
        if self.stock[colour] <= 0 and assumed("fivebyfive.components.empty_stock_gives_nothing"):
            self._log(f"player {seat}: no {Colour(colour).word} cube left in the stock ({why})")
            return
        self.stock[colour] -= 1
        player = self.players[seat]
        self._set(seat, cubes=sorted_letters(player.cubes + colour))
        self._log(f"player {seat} gains a {Colour(colour).word} cube ({why})")

    # -- the decisions ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "end"

    def legal_actions(self) -> list:
        """Every action the current player may take now (empty at the end)."""
        if self.phase == "end":
            return []
        if self.phase == "lineup":
            whole = [] if self.lineup.path else [BestLineup()]
            return whole + self.lineup.legal_actions()
        player = self.players[self.current_player]
        if self.phase == "setup":
            free = [c for c in start_squares() if player.board.tile_at(c) is None]
            return [PlaceTile(tile, c.name) for tile, _ in player.hand[:1] for c in free]
        if self.pending:
            return self._pending_actions(player, self.pending[0])
        return [Take(r, c) for r, c in self._takeable(player)]

    def _fits(self, tile_id: str, player: PlayerState) -> bool:
        return bool(anchors(components().tile(tile_id), player.board))

    def _takeable(self, player: PlayerState) -> list[tuple[int, int]]:
        """The main board's slots the player may take from.

        Every slot, when a tile that fits nowhere is returned to the box (ASSUMED
        ``unplaceable_tile_discarded``); otherwise only the tiles that fit on the zoo board,
        unless none does.
        """
        slots = self.mainboard.slots()
        if assumed("fivebyfive.components.unplaceable_tile_discarded"):
            return slots
        fitting = [slot for slot in slots if self._fits(self.mainboard.tile_at(*slot), player)]
        return fitting or slots

    def _pending_actions(self, player: PlayerState, decision: tuple) -> list:
        kind = decision[0]
        if kind == "effect":
            actions = []
            row = decision[1]
            if row != 2 or self._popularity_targets(player):
                actions.append(RowEffect())
            return actions + [TakeDoor()]
        if kind == "popularity":
            return [ChoosePopularity(t.name) for t in self._popularity_targets(player)]
        if kind == "special":
            return [ChooseSpecial(card) for card in self.mainboard.specials]
        if kind == "meeple":
            return [ChooseMeeple(colour) for colour in sorted(set(self.mainboard.meeples))]
        if kind == "place":
            actions = []
            for tile_id, _ in player.hand:
                spots = anchors(components().tile(tile_id), player.board)
                actions += [PlaceTile(tile_id, c.name) for c in spots] or [DiscardTile(tile_id)]
            return actions
        raise AssertionError(f"unknown pending decision {decision}")

    @staticmethod
    def _popularity_targets(player: PlayerState) -> list:
        return [t for t in player.board.tiles if not player.board.is_popular(t)]

    def refusal(self, action) -> Refusal | None:
        """Why *action* is not legal now, naming the rule; ``None`` when it is legal."""
        if self.phase == "end":
            return Refusal("the game is over", rule="F-FINAL-1")
        malformed = field_refusal(action)           # before any rule reads a field
        if malformed is not None:
            return malformed
        if self.phase == "lineup":
            return self._lineup_refusal(action)
        player = self.players[self.current_player]
        if self.phase == "setup":
            return self._setup_refusal(player, action)
        if self.pending:
            return self._pending_refusal(player, self.pending[0], action)
        if not isinstance(action, Take):
            return Refusal(f"{action_text(action)}: a turn begins by taking an Animal tile from the main board",
                           rule="F-TURN-6")
        if (action.row, action.slot) not in self.mainboard.slots():
            return Refusal(f"there is no tile to take in row {action.row} slot {action.slot + 1}", rule="F15")
        if (action.row, action.slot) not in self._takeable(player):
            return Refusal(f"{self.mainboard.tile_at(action.row, action.slot)} fits nowhere on the zoo board and "
                           "another tile does (assumed: a tile that fits nowhere is not returned to the box, "
                           "so it may not be taken)", rule="F23")
        return None

    def _lineup_refusal(self, action) -> Refusal | None:
        if isinstance(action, BestLineup):
            if self.lineup.path:
                return Refusal("the whole optimal lineup is one action only before the first move",
                               rule="F-LINEUP-1")
            return None
        if not isinstance(action, LINEUP_STEPS):
            return Refusal(f"{action_text(action)}: it is the lineup phase; move, place a visitor, place or "
                           "buy a door, buy a popularity token, or stop", rule="F-LINEUP-1")
        return self.lineup.refusal(action)

    def _setup_refusal(self, player: PlayerState, action) -> Refusal | None:
        rule = "F3"
        if not isinstance(action, PlaceTile):
            return Refusal(f"{action_text(action)}: first every player places two start tiles", rule=rule)
        if not player.hand or action.tile != player.hand[0][0]:
            return Refusal(f"the next start tile to place is {player.hand[0][0]}, not {action.tile}", rule=rule)
        squares = {c.name for c in start_squares()}
        if action.cell not in squares:
            return Refusal(f"start tiles go on the red squares {', '.join(sorted(squares))}, not {action.cell}",
                           rule=rule)
        if player.board.tile_at(action.cell) is not None:
            return Refusal(f"{action.cell} already holds a start tile", rule=rule)
        return None

    def _pending_refusal(self, player: PlayerState, decision: tuple, action) -> Refusal | None:
        kind = decision[0]
        if kind == "effect":
            row = decision[1]
            step = "F-TURN-7"
            if isinstance(action, TakeDoor):
                return None
            if isinstance(action, RowEffect):
                if row == 2 and not self._popularity_targets(player):
                    return Refusal("every tile already has a popularity token, so row 2's token has nowhere "
                                   "to go; take a door token instead", rule="F10")
                return None
            return Refusal(f"{action_text(action)}: first use row {row}'s effect or take a door token instead",
                           rule=step)
        if kind == "popularity":
            if not isinstance(action, ChoosePopularity):
                return Refusal(f"{action_text(action)}: place the popularity token first", rule="F-TURN-8")
            targets = {t.name for t in self._popularity_targets(player)}
            if action.tile not in targets:
                if any(t.name == action.tile for t in player.board.tiles):     # a tile, but it has a token
                    return Refusal(f"{action.tile} already has a popularity token; one per tile", rule="F10")
                return Refusal(f"there is no Animal tile of yours at {action.tile}: the token goes on one of "
                               f"your tiles without one ({', '.join(sorted(targets))})", rule="F-TURN-8")
            return None
        if kind == "special":
            if not isinstance(action, ChooseSpecial):
                return Refusal(f"{action_text(action)}: choose a special card first",
                               rule="F-TURN-9")
            if action.card not in self.mainboard.specials:
                return Refusal(f"special card {action.card} is not on the main board "
                               f"({' '.join(self.mainboard.specials)})", rule="F-TURN-9")
            return None
        if kind == "meeple":
            if not isinstance(action, ChooseMeeple):
                return Refusal(f"{action_text(action)}: choose a regular meeple first",
                               rule="F-TURN-11")
            if not isinstance(action.colour, str) or len(action.colour) != 1 \
                    or action.colour not in self.mainboard.meeples:
                return Refusal(f"no {action.colour!r} meeple is on the main board "
                               f"({self.mainboard.meeples or 'none'})", rule="F-TURN-11")
            return None
        # kind == "place"
        rule = "F-PLACEMENT-2"
        if not isinstance(action, (PlaceTile, DiscardTile)):
            return Refusal(f"{action_text(action)}: place the tile taken this turn first",
                           rule="F-PLACEMENT-1")
        hand = [tile_id for tile_id, _ in player.hand]
        if action.tile not in hand:
            return Refusal(f"{action.tile} is not the tile you took (in hand: {', '.join(hand)})",
                           rule="F-PLACEMENT-1")
        spots = {c.name for c in anchors(components().tile(action.tile), player.board)}
        if isinstance(action, DiscardTile):
            if spots:
                return Refusal(f"{action.tile} still fits on the zoo board, so it must be placed",
                               rule="F-PLACEMENT-4")
            return None
        if action.cell not in spots:
            return Refusal(f"{action.tile} does not fit at {action.cell}: its cells must be open spaces "
                           "on the zoo board, top to the north", rule=rule)
        return None

    def _apply(self, action) -> None:
        """Take the legal *action* for the current player, then run what follows by itself."""
        seat = self.current_player
        self.history.append(action)
        if not isinstance(action, LINEUP_STEPS):
            self._log(f"player {seat}: {action_text(action)}")
        if self.phase == "setup":
            self._setup_place(seat, action)
        elif self.phase == "lineup":
            self._lineup_step(seat, action)
        elif isinstance(action, Take):
            self._take(seat, action)
        else:
            self._resolve(seat, action)

    # -- setup -----------------------------------------------------------------------------------
    def _setup_place(self, seat: int, action: PlaceTile) -> None:
        # Not a turn yet: "during the turn, you may win Popularity tokens", so no condition applies.
        player = self.players[seat]
        tile = placed(components().tile(action.tile), Cell.parse(action.cell))
        self._set(seat, board=player.board.place(tile), hand=player.hand[1:])
        if self.players[seat].hand:
            return
        order = self._seats_from_start()
        index = order.index(seat)
        if index + 1 < len(order):
            self.current_player = order[index + 1]
            hand = self.players[self.current_player].hand
            self._log(f"setup: player {self.current_player} places start tiles {', '.join(t for t, _ in hand)}")
        else:
            self._start_round()

    # -- I. preparation phase --------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self._log(f"== round {self.round}: preparation (gate {self.gate})")
        # Cubes return to the stock; meeples go back to hand (F14).
        self.stock = Counter({c.letter: STATED_COUNTS["one-time cubes per colour"] for c in BASIC_COLOURS})
        self.stock["W"] = STATED_COUNTS["wild white cubes"]
        for seat in range(len(self.players)):
            self._set(seat, cubes="")
        sizes = row_sizes(len(self.players))
        small = [self.small_deck.pop() for _ in range(sum(sizes[:5]))]
        large = [self.large_deck.pop() for _ in range(sizes[5])]
        display = [c.letter for c in BASIC_COLOURS]      # "5 One Time Customer display tokens"
        self.rng.shuffle(display)
        specials = [self.special_deck.pop() for _ in range(min(assumed("fivebyfive.special_cards_per_round"),
                                                              len(self.special_deck)))]
        if self.mainboard is not None and self.mainboard.meeples:
            # The rulebook clears the tiles and special cards left over, and says nothing of the
            # meeples: ASSUMED (F22) they leave the game too; the other reading returns them to the stock.
            if assumed("fivebyfive.untaken_meeples_leave_game"):
                self._log(f"meeples nobody took leave the game: {self.mainboard.meeples}")
            else:
                self.meeple_stock.update(self.mainboard.meeples)
                self._log(f"meeples nobody took go back to the stock: {self.mainboard.meeples}")
        meeples = ""
        for colour in BASIC_COLOURS[:assumed("fivebyfive.meeples_per_round")]:
            if self.meeple_stock[colour.letter] > 0:
                self.meeple_stock[colour.letter] -= 1
                meeples += colour.letter
        self.mainboard = MainBoard.deal(len(self.players), small, large, display="".join(display),
                                        specials=specials, meeples=meeples)
        for row, tiles in enumerate(self.mainboard.rows, 1):
            cube = self.mainboard.cube_for(row)
            self._log(f"row {row} ({ROW_EFFECTS[row] or 'no effect'}, "
                      f"{Colour(cube).word + ' cube' if cube else 'no cube'}): {' '.join(tiles)}")
        self._log(f"special cards {' '.join(specials)}; meeples {meeples}")
        for seat in self._seats_from_start():
            for _ in range(self.round):
                self._random_cube(seat, f"round {self.round} preparation")
            for card in self.players[seat].specials:
                if components_special(card).effect == "cube-every-round":
                    self._random_cube(seat, f"special card {card}")
        self.phase = "main"
        self.turns = [0] * len(self.players)
        self.current_player = self.start_player
        self._log(f"== round {self.round}: main phase")

    # -- II. main phase --------------------------------------------------------------------------
    def _take(self, seat: int, action: Take) -> None:
        last = self.mainboard.is_last_in_row(action.row, action.slot)
        tile_id = self.mainboard.tile_at(action.row, action.slot)
        cube = self.mainboard.cube_for(action.row)
        self.mainboard = self.mainboard.take(action.row, action.slot)
        self.turns[seat] += 1
        self.taken = (action.row, action.slot)
        self._set(seat, hand=((tile_id, False),))
        self.turn_context = TurnContext(turn=self.turns[seat], last_in_row=last)
        if cube:
            self._gain_cube(seat, cube, f"display token of row {action.row}")
        if action.row in DOOR_ROWS:
            self.pending.append(("effect", action.row))
        self.pending.append(("place",))

    def _resolve(self, seat: int, action) -> None:
        decision = self.pending.pop(0)
        player = self.players[seat]
        if isinstance(action, TakeDoor):
            self._set(seat, doors=player.doors + 1)
        elif isinstance(action, RowEffect):
            row = decision[1]
            effect = ROW_EFFECTS[row]
            if effect == "popularity":
                self.pending.insert(0, ("popularity",))
            elif effect == "special":
                self.pending.insert(0, ("special",))
            elif effect == "two-cubes":
                self._random_cube(seat, "row 4")
                self._random_cube(seat, "row 4")
            elif effect == "meeple":
                self.pending.insert(0, ("meeple",))
        elif isinstance(action, ChoosePopularity):
            self._set(seat, board=player.board.add_popularity(action.tile))
        elif isinstance(action, ChooseMeeple):
            self.mainboard = self.mainboard.take_meeple(action.colour)
            self._set(seat, meeples=sorted_letters(player.meeples + action.colour))
        elif isinstance(action, ChooseSpecial):
            self._special(seat, action.card)
        elif isinstance(action, (PlaceTile, DiscardTile)):
            self._place(seat, action)
            if self.players[seat].hand:
                self.pending.insert(0, ("place",))
        if not self.pending:
            self._end_turn()

    def _special(self, seat: int, card_id: str) -> None:
        self.mainboard = self.mainboard.take_special(card_id)
        self._set(seat, specials=self.players[seat].specials + (card_id,))
        effect = components_special(card_id).effect
        why = f"special card {card_id}"
        if effect in ("cube-every-round", "door-and-cube", "popularity-and-cube"):
            self._random_cube(seat, why)
        if effect == "door-and-cube":
            self._set(seat, doors=self.players[seat].doors + 1)
        elif effect == "popularity-and-cube" and self._popularity_targets(self.players[seat]):
            self.pending.insert(0, ("popularity",))
        elif effect == "draw-tile" and self.small_deck:
            drawn = self.small_deck.pop()
            self._log(f"player {seat} draws {drawn} ({why})")
            self._set(seat, hand=self.players[seat].hand + ((drawn, True),))

    def board_after(self, seat: int, action: PlaceTile) -> tuple[Board, bool]:
        """*seat*'s board after the main-phase placement *action* (not applied), and whether the
        round's popularity condition pays a token for the tile (F16), which that board then holds.
        The rule :meth:`apply` places a tile by; the search bot's rollouts rate spots with it."""
        player = self.players[seat]
        entry = next(item for item in player.hand if item[0] == action.tile)
        tile = placed(components().tile(action.tile), Cell.parse(action.cell))
        board = player.board.place(tile)
        context = replace(self.turn_context, from_special=entry[1], group_tiles=player.group_tiles)
        earned = board.popularity_refusal(tile) is None and popularity_earned(self.condition, board, tile, context)
        return (board.add_popularity(tile) if earned else board), earned

    def _place(self, seat: int, action) -> None:
        player = self.players[seat]
        entry = next(item for item in player.hand if item[0] == action.tile)
        hand = tuple(item for item in player.hand if item is not entry)
        if isinstance(action, DiscardTile):
            self._set(seat, hand=hand)
            return
        board, earned = self.board_after(seat, action)
        tile = placed(components().tile(action.tile), Cell.parse(action.cell))
        groups = player.group_tiles
        if earned:
            if self.condition == "C":
                groups = groups | {tile.anchor}
            self._log(f"player {seat} earns a popularity token on {tile.name} "
                      f"(condition {self.condition}: {POPULARITY_CONDITIONS[self.condition].name})")
        self._set(seat, board=board, hand=hand, group_tiles=groups)

    def _end_turn(self) -> None:
        seat = self.current_player
        if self.solo:
            row, slot = self.taken
            removed = ai_removal(self.mainboard, row, slot)
            if removed:
                tile_id = self.mainboard.tile_at(*removed)
                self.mainboard = self.mainboard.take(*removed)
                self._log(f"AI removes {tile_id} from row {removed[0]} slot {removed[1] + 1}")
        self.taken = None
        n = len(self.players)
        if all(t == TURNS_PER_ROUND for t in self.turns):
            self._log(f"left on the main board: {' '.join(self.mainboard.remaining())}")
            self._start_lineups()
            return
        self.current_player = (seat + 1) % n

    # -- III. lineup phase -----------------------------------------------------------------------
    def _start_lineups(self) -> None:
        self.phase = "lineup"
        self.lineup_order = self._seats_from_start()
        self.lineup_results = {}
        self._log(f"== round {self.round}: lineup phase from the {self.gate} gate")
        self._next_lineup()

    def _next_lineup(self) -> None:
        while self.lineup_order:
            seat = self.lineup_order.pop(0)
            player = self.players[seat]
            state = lu.LineupState.start(player.board, self.gate, player.cubes, player.meeples, player.doors)
            self.current_player = seat
            self.lineup = state
            if not state.is_terminal():
                return
            self._finish_lineup(seat)
        self.lineup = None
        self._scoring()

    def _lineup_step(self, seat: int, action) -> None:
        if isinstance(action, BestLineup):
            for step in self.best_lineup_steps():
                self._log(f"player {seat}: {action_text(step)}")
                self.lineup.apply(step)
            if not self.lineup.stopped and not self.lineup.is_terminal():
                self.lineup.apply(lu.Stop())
        else:
            self._log(f"player {seat}: {action_text(action)}")
            self.lineup.apply(action)
        if self.lineup.is_terminal():
            self._finish_lineup(seat)
            self._next_lineup()

    def lineup_puzzle(self) -> LineupPuzzle:
        """The current player's lineup of this round as a ``5x5/lineup`` puzzle (for the solver)."""
        player = self.players[self.current_player]
        hand = self.lineup.hand if self.lineup else lu.Hand(player.cubes, player.meeples, player.doors)
        board = self.lineup.board if self.lineup else player.board
        cards = tuple(components().request_cards[i] for i in player.requests)
        return LineupPuzzle(board, self.gate, self.round, len(self.players), hand.cubes, hand.meeples,
                            hand.doors, cards)

    def best_lineup_steps(self) -> list:
        """The optimal lineup of :func:`zoobook.fivebyfive.solver.solve_lineup`, as lineup steps from the current state.

        Free actions and doors come first (F9 allows them "before the first move"),
        then the walk: move, place, move, place ...
        """
        if self.lineup is None or self.lineup.path:
            raise IllegalAction("the whole optimal lineup is one action only before the first move",
                                rule="F-LINEUP-1")
        return witness_steps(solve_lineup(self.lineup_puzzle()).witness)

    def _finish_lineup(self, seat: int) -> None:
        state = self.lineup
        visited = [state.board.tile_named(name) for name in state.path[:len(state.placed)]]
        score = state.score()
        self.lineup_results[seat] = (score.total, len(state.placed), tuple(t.category for t in visited))
        changes = dict(board=state.board, doors=state.hand.doors, cubes=state.hand.cubes)
        if self.round == ROUNDS:
            popular = sum(state.board.is_popular(t) for t in visited)
            changes["round3"] = Round3(tuple(v.colour for v in state.placed), popular)
        self._set(seat, **changes)
        self._log(f"player {seat} lineup: {len(state.placed)} visitors, "
                  f"{score.tiles} tiles + {score.popularity} popularity + {score.doors} doors = {score.total}")

    # -- IV. scoring phase -----------------------------------------------------------------------
    def _scoring(self) -> None:
        self._log(f"== round {self.round}: scoring")
        seats = range(len(self.players))
        visitors = [self.lineup_results[s][1] for s in seats]
        if self.solo:
            awards = [solo_bonus(visitors[0], self.round)]
        else:
            awards = list(most_visitors_award(visitors))
        box = components()
        for seat in self._seats_from_start():
            player = self.players[seat]
            lineup_points, count, categories = self.lineup_results[seat]
            cards = [box.request_cards[i] for i in player.requests]
            points, chosen = best_request_cards(cards, Counter(categories))
            met = tuple(player.requests[i] for i in chosen)
            result = RoundScore(lineup_points, awards[seat], points, count)
            self._set(seat, score=player.score + result.total, rounds=player.rounds + (result,),
                      requests=self._requests_after(seat, met), met_requests=player.met_requests + met)
            award = "solo bonus" if self.solo else "most visitors"
            self._log(f"player {seat}: lineup {lineup_points} + {award} {awards[seat]} + requests {points}"
                      + (f" ({', '.join(str(box.request_cards[i]) for i in met)})" if met else "")
                      + f" = {result.total}; total {self.players[seat].score}")
            drawn = [r for r in self.players[seat].requests if r not in player.requests]
            if drawn:
                self._log(f"player {seat} draws request cards "
                          + "; ".join(str(box.request_cards[i]) for i in drawn))
        # "4. Change Start Player" ends every scoring phase, the third included: the card's
        # holder then decides the last tiebreaker.
        previous = self.start_player
        self.start_player = next_start_player([p.score for p in self.players], previous)
        if self.start_player != previous:
            self._log(f"player {self.start_player} has the lowest score and becomes start player")
        if self.round < ROUNDS:
            self._start_round()
        else:
            self._final_scoring()

    def _requests_after(self, seat: int, met: tuple[int, ...]) -> tuple[int, ...]:
        """The request cards in front of the player after the cards *met* scored (F13, ASSUMED).

        ``request_card_scores_once``: a met card is set aside (else it stays and may score
        again); ``request_card_replaced``: a card set aside is replaced from the deck.
        """
        requests = self.players[seat].requests
        if not met or not assumed("fivebyfive.request_card_scores_once"):
            return requests
        kept = tuple(r for r in requests if r not in met)
        if assumed("fivebyfive.request_card_replaced"):
            kept += tuple(self.request_deck.pop() for _ in range(min(len(met), len(self.request_deck))))
        return kept

    def _final_scoring(self) -> None:
        self._log("== final scoring")
        for seat in range(len(self.players)):
            player = self.players[seat]
            parts = [(f"bonus {b.letter}", b.points) for b in
                     (final_bonus(letter, player.board, player.round3) for letter in self.bonus_cards)]
            parts += [(f"special {card}", special_card_points(components_special(card), player.board))
                      for card in player.specials]
            parts.append(("stars", sum(t.stars for t in player.board.tiles)))
            total = player.score + sum(points for _, points in parts)
            self._set(seat, score=total, final=tuple(parts))
            self._log(f"player {seat}: " + ", ".join(f"{name} {points}" for name, points in parts)
                      + f"; final score {total}")
        order = winner_order(self.players, self.start_player)
        if self.solo:
            self._log(f"rank: {solo_rank(self.players[0].score)}")
        else:
            self._log("places: " + ", ".join(f"player {s} ({self.players[s].score})" for s in order))
        self.phase = "end"

    # -- results ---------------------------------------------------------------------------------
    def returns(self) -> list[int]:
        """Each player's final score (OpenSpiel's returns; the order of play is :meth:`ranking`)."""
        return [p.score for p in self.players]

    def ranking(self) -> list[int]:
        """Seats from first to last, with the tiebreakers (:func:`winner_order`)."""
        return winner_order(self.players, self.start_player)

    def rank(self) -> str | None:
        """Solo: the rank of the final score (ruling F19)."""
        return solo_rank(self.players[0].score) if self.solo and self.is_terminal() else None

    def __str__(self) -> str:
        lines = [f"round {self.round} {self.phase}, player {self.current_player} to act"
                 + (f", gate {self.gate}" if self.round else "")]
        if self.mainboard and self.phase == "main":
            for row, tiles in enumerate(self.mainboard.rows, 1):
                cube = self.mainboard.cube_for(row) or "-"
                lines.append(f"  row {row} [{cube}] " + " ".join(t or "--- " for t in tiles))
        for p in self.players:
            lines.append(f"player {p.seat}: {p.score} pts, cubes {p.cubes or '-'}, meeples {p.meeples or '-'}, "
                         f"doors {p.doors}, specials {' '.join(p.specials) or '-'}")
            lines += ["  " + row for row in p.board.ascii().splitlines()]
        return "\n".join(lines)
