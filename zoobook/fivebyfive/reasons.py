"""Why an action is good, in one line: what it changes in the player's position, read from the model.

The hint of the game widget and the strong-bot lesson name the best action and say
what it enables. That sentence is computed here, never written by hand: the player's
position is measured before and after the action (on a copy of the game; after a
tile is taken, the rest of the turn is played by the lookahead bot), and every
difference is a :class:`Gain`:

* ``condition``: the placed tile meets the popularity condition card (for condition C,
  "this tile completes condition C (3 connected birds)") and earns a popularity token;
* ``token``: a popularity token from row 2 or a special card;
* ``request``: this round's best lineup (the exact solver) now meets a request card;
* ``lineup``: this round's best lineup scores more;
* ``bonus``: a final bonus card that reads the board alone (C, D, E, F, H) scores more;
* ``path``: the visitors of a colour held reach more tiles from this round's gate, or
  (for a placement) the tile leaves their path a way to grow where some other cell
  would close it (:func:`ways_out`);
* ``stars``, ``special`` (a category special card's points), ``door``, ``meeple``,
  ``cube``, ``card``: the rest.

Each gain carries a rough size in points (the request card's points, the lineup's
rise, a popularity token worth one point per lineup still to come, ...); the reason
names the biggest two. A take whose turn draws at random (row 4's cubes, a special
card's cube or tile) is tried on a few sampled deals, and only the gains every one of
them makes are named, so the reason never counts on luck. The copies deal the unseen
cards anew (``GameState.clone(reseed=...)``): the reason does not peek either.

Examples
--------
>>> from dataclasses import replace
>>> from zoobook.fivebyfive.board import Board, Tile
>>> from zoobook.fivebyfive.game import GameState, PlaceTile, Take
>>> state = GameState.new(players=1, seed=3, condition="C")
>>> while state.phase == "setup":
...     state.apply(state.legal_actions()[0])
>>> state.apply(Take(1, 0))                         # a tile in hand, to be placed
>>> birds = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird")))
>>> state.players[0] = replace(state.players[0], board=birds, hand=(("T39", False),), cubes="Y")
>>> state.directions = ("W", "N", "E")              # this round's gate: W, next to A3
>>> reason(state, PlaceTile("T39", "C3"))           # T39: a bird with 1 star
'this tile completes condition C (3 connected birds): a popularity token on it; adds 1 star point'
>>> reason(state, PlaceTile("T39", "E5"))
'adds 1 star point'
>>> for gain in gains(state, PlaceTile("T39", "C3")):
...     print(gain.kind, round(gain.points, 1), gain.text)
condition 3 this tile completes condition C (3 connected birds): a popularity token on it
stars 1 adds 1 star point
path 0.9 opens the yellow visitors' path from the W gate to 3 tiles (was 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from zoobook.fivebyfive.board import Board, Border, gate_border
from zoobook.fivebyfive.bots import LookaheadBot, reach
from zoobook.fivebyfive.cards import (
    FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, final_bonus, same_category_group, special_card_points,
)
from zoobook.fivebyfive.components import components
from zoobook.fivebyfive.game import (
    BestLineup, ChoosePopularity, GameState, PlaceTile, Take, action_text, components_special,
)
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.fivebyfive.vocabulary import BASIC_COLOURS, Colour, fits

__all__ = ["Gain", "Position", "position", "gains", "reason", "ways_out", "REASON_DRAWS"]

#: Sampled deals a take is tried on when its turn draws at random (the reason names what all of them give).
REASON_DRAWS = 3

#: The final bonus cards that read the board alone (A, B and G read the third round's lineup).
_BOARD_CARDS = frozenset("CDEFH")


@dataclass(frozen=True)
class Gain:
    """One thing an action does for the player.

    Attributes
    ----------
    kind : str
        ``condition``, ``token``, ``request``, ``lineup``, ``bonus``, ``path``, ``stars``,
        ``special``, ``door``, ``meeple``, ``cube`` or ``card``.
    key : str
        What it is about (a card letter, a colour, a request card's number), so the
        gains of several sampled deals can be matched.
    points : float
        A rough size, for ordering: points, or points expected over the game.
    text : str
        The gain in words.
    """

    kind: str
    key: str
    points: float
    text: str


@dataclass(frozen=True)
class Position:
    """What the reason compares: one player's position, measured from the model.

    Attributes
    ----------
    tokens : int
        Popularity tokens on the zoo board.
    lineup : int
        The best lineup of this round from this round's gate with the hand held (the
        exact solver: tiles, popularity, doors, the solo bonus and request cards); 0
        outside a round, or once the player's lineup is walked.
    requests_met : frozenset of int
        The request cards (box numbers) that best lineup meets.
    bonus : tuple of (str, int)
        The board-only final bonus cards and their points as the board stands.
    paths : tuple of (str, int)
        Per visitor colour held (cubes and meeples, white excepted): the tiles a
        visitor of that colour can reach from this round's gate (walls stop it).
    stars, special_points, doors, meeples, cubes, specials : int
    """

    tokens: int
    lineup: int
    requests_met: frozenset
    bonus: tuple
    paths: tuple
    stars: int
    special_points: int
    doors: int
    meeples: int
    cubes: int
    specials: int


@lru_cache(maxsize=4096)
def _best_lineup(puzzle: LineupPuzzle) -> tuple[int, tuple[int, ...]]:
    solution = solve_lineup(puzzle)
    return solution.value, tuple(solution.witness["cards"])


def _colours_held(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    held = set(player.cubes + player.meeples) - {Colour.WHITE.letter}
    return [c.letter for c in BASIC_COLOURS if c.letter in held]


def position(state: GameState, seat: int, colours: list[str] | None = None) -> Position:
    """*seat*'s position in *state*: what :func:`gains` compares (*colours*: the paths to measure).

    >>> state = GameState.new(players=1, seed=3)
    >>> position(state, 0).lineup, position(state, 0).doors
    (0, 1)
    """
    player = state.players[seat]
    board = player.board
    lineup, met = 0, frozenset()
    # lineup_results holds the lineups walked in this lineup phase, and, all through the next
    # main phase, last round's: only in a lineup phase does a seat's entry mean "walked already".
    walked = state.phase == "lineup" and seat in state.lineup_results
    if state.phase in ("main", "lineup") and state.round and not walked:
        cards = tuple(components().request_cards[i] for i in player.requests)
        lineup, numbers = _best_lineup(LineupPuzzle(board, state.gate, state.round, len(state.players),
                                                    player.cubes, player.meeples, player.doors, cards))
        met = frozenset(player.requests[n - 1] for n in numbers)
    gate = state.gate or state.directions[0]
    colours = _colours_held(state, seat) if colours is None else colours
    return Position(
        tokens=len(board.popular), lineup=lineup, requests_met=met,
        bonus=tuple((letter, final_bonus(letter, board).points) for letter in state.bonus_cards
                    if letter in _BOARD_CARDS),
        paths=tuple((c, reach(board, gate, c)) for c in colours),
        stars=sum(t.stars for t in board.tiles),
        special_points=sum(special_card_points(components_special(card), board) for card in player.specials),
        doors=player.doors, meeples=len(player.meeples), cubes=len(player.cubes), specials=len(player.specials))


def _lineups_left(state: GameState) -> int:
    """The lineups still to come, this round's included: what a popularity token is worth."""
    return max(1, len(state.directions) - max(state.round, 1) + 1)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _condition_text(state: GameState, board: Board, cell: str) -> str:
    letter = state.condition
    if letter == "C":
        tile = board.tile_at(cell)
        group = len(same_category_group(board, tile))
        return (f"this tile completes condition C ({group} connected {tile.category.word}s): "
                f"a popularity token on it")
    return f"this tile meets condition {letter} ({POPULARITY_CONDITIONS[letter].name}): a popularity token on it"


def _differences(state: GameState, before: Position, after: Position) -> list[Gain]:
    """The gains of *after* over *before* that the step-by-step tokens do not already name."""
    out = []
    box = components()
    for number in sorted(after.requests_met - before.requests_met):
        card = box.request_cards[number]
        out.append(Gain("request", str(number), card.points,
                        f"this round's best lineup now meets request card {card}"))
    rest = after.lineup - before.lineup - sum(g.points for g in out)    # the request cards are named already
    if after.lineup > before.lineup and rest > 0:
        out.append(Gain("lineup", "", rest,
                        f"raises this round's best lineup from {before.lineup} to {after.lineup} points"))
    for (letter, old), (_, new) in zip(before.bonus, after.bonus):
        if new > old:
            out.append(Gain("bonus", letter, new - old, f"adds {_count(new - old, 'point')} on final bonus card "
                                                        f"{letter} ({FINAL_BONUS_CARDS[letter].name})"))
    gate = state.gate or state.directions[0]
    lineups = _lineups_left(state)
    old_paths = dict(before.paths)
    for colour, new in after.paths:
        old = old_paths.get(colour, 0)
        if new > old:
            out.append(Gain("path", colour, 0.3 * (new - old) * lineups,
                            f"opens the {Colour(colour).word} visitors' path from the {gate} gate to "
                            f"{_count(new, 'tile')} (was {old})"))
    if after.stars > before.stars:
        out.append(Gain("stars", "", after.stars - before.stars,
                        f"adds {_count(after.stars - before.stars, 'star point')}"))
    if after.special_points > before.special_points:
        out.append(Gain("special", "", after.special_points - before.special_points,
                        f"adds {_count(after.special_points - before.special_points, 'point')} "
                        f"from a special card"))
    for attribute, word, size in (("doors", "door", 0.5), ("meeples", "meeple", lineups),
                                  ("specials", "special card", 1.0), ("cubes", "cube", 0.4)):
        gained = getattr(after, attribute) - getattr(before, attribute)
        if gained > 0:
            out.append(Gain(attribute.rstrip("s") if attribute != "specials" else "card", "", size * gained,
                            f"gains {_count(gained, word)}"))
    return out


@lru_cache(maxsize=65536)
def ways_out(board: Board, gate: str, colour: str) -> int:
    """The empty cells a *colour* visitor's path from *gate* could still grow into.

    The path is the tiles a visitor of that colour can reach from the gate over
    borders without a wall (:func:`~zoobook.fivebyfive.bots.reach`); a way out is an
    empty cell next to one of them across a border without a wall (the gate's own
    cell while it is empty). 0: no tile placed later can lengthen that path.

    >>> from zoobook.fivebyfive.board import Tile
    >>> pond = Board((Tile.make("A3", "aquatic", walls=["A3:N", "A3:S"]),))
    >>> ways_out(pond, "W", "B"), ways_out(pond.place(Tile.make("B3", "carnivore")), "W", "B")
    (1, 0)
    """
    start = board.gate_tile(gate)
    if start is None:
        return 1
    if board.is_blocked(gate_border(gate)) or not fits(Colour(colour), start.category):
        return 0
    seen, frontier, out = {start.anchor}, list(start.cells), set()
    while frontier:
        cell = frontier.pop()
        for side, other_cell in cell.neighbours():
            if board.is_blocked(Border(cell, side)):
                continue
            other = board.tile_at(other_cell)
            if other is None:
                out.add(other_cell)
            elif other.anchor not in seen and fits(Colour(colour), other.category):
                seen.add(other.anchor)
                frontier.extend(other.cells)
    return len(out)


def _kept_open(state: GameState, action: PlaceTile, seat: int, colours: list[str]) -> list[Gain]:
    """The colours whose path from the gate *action* leaves a way to grow, where another cell would close it."""
    gate = state.gate or state.directions[0]
    boards = {}
    for other in state.legal_actions():
        if isinstance(other, PlaceTile) and other.tile == action.tile:
            trial = state.clone()
            trial.apply(other)
            boards[other.cell] = trial.players[seat].board
    out = []
    for colour in colours:
        if ways_out(boards[action.cell], gate, colour) == 0:
            continue
        closing = sorted(cell for cell, board in boards.items() if ways_out(board, gate, colour) == 0)
        if closing:
            out.append(Gain("path", colour, 0.3 * _lineups_left(state),
                            f"keeps the {Colour(colour).word} visitors' path from the {gate} gate open "
                            f"(on {_cells_text(closing)} this tile would close it)"))
    return out


def _cells_text(cells: list[str]) -> str:
    return " or ".join(cells) if len(cells) <= 2 else f"{', '.join(cells[:2])} and {len(cells) - 2} more cells"


def _play_out(state: GameState, action, seat: int, seed: int) -> tuple[list[Gain], GameState, str | None]:
    """Play *action* on a reseeded copy, then the rest of the turn after a take (else the effect's follow-up
    choices, not the placement), by the lookahead bot; the tokens gained step by step, the copy, the cell
    where a tile went."""
    trial = state.clone(reseed=seed)
    steps, out, placed_at = [action], [], None
    bot = LookaheadBot(seed)
    while steps:
        step = steps.pop()
        tokens = len(trial.players[seat].board.popular)
        trial.apply(step)
        board = trial.players[seat].board
        if isinstance(step, PlaceTile):
            placed_at = step.cell
            if len(board.popular) > tokens:
                out.append(Gain("condition", state.condition, _lineups_left(state),
                                _condition_text(state, board, step.cell)))
        elif len(board.popular) > tokens:
            where = step.tile if isinstance(step, ChoosePopularity) else "a tile"
            out.append(Gain("token", "", _lineups_left(state), f"earns a popularity token (on {where})"))
        if (trial.pending and trial.current_player == seat and not trial.is_terminal()
                and (isinstance(action, Take) or trial.pending[0][0] != "place")):
            steps.append(bot.choose(trial))          # after a take the whole turn, else the effect's follow-ups
    return out, trial, placed_at


def _sample(state: GameState, action, seat: int, seed: int, colours: list[str]) -> tuple[list[Gain], str | None]:
    stepped, trial, placed_at = _play_out(state, action, seat, seed)
    if trial.is_terminal() or trial.round != state.round:
        return stepped, placed_at
    return stepped + _differences(state, position(state, seat, colours), position(trial, seat, colours)), placed_at


def gains(state: GameState, action, seed: int = 0) -> tuple[Gain, ...]:
    """Everything *action* does for the current player, biggest first (see the module text).

    *state* is not changed. The same state, action and *seed* give the same gains.
    """
    return _explain(state, action, seed)[0]


def _explain(state: GameState, action, seed: int) -> tuple[tuple[Gain, ...], str | None]:
    if state.is_terminal():
        raise ValueError("the game is over: no action to explain")
    if state.refusal(action) is not None:
        raise ValueError(f"{action_text(action)} is not legal here: {state.refusal(action)}")
    seat = state.current_player
    colours = _colours_held(state, seat)
    if isinstance(action, BestLineup):
        value = solve_lineup(state.lineup_puzzle()).value
        return (Gain("lineup", "", value, f"the lineup solver's optimal lineup of this round: "
                                          f"{_count(value, 'point')}"),), None
    draws = REASON_DRAWS if not isinstance(action, PlaceTile) else 1
    samples = [_sample(state, action, seat, seed + k, colours) for k in range(draws)]
    common = None
    for found, _ in samples:
        keyed = {(g.kind, g.key): g for g in found}
        common = keyed if common is None else {
            k: min(common[k], keyed[k], key=lambda g: g.points) for k in common if k in keyed}
    found = list(common.values())
    if isinstance(action, PlaceTile) and state.phase == "main":
        opened = {g.key for g in found if g.kind == "path"}
        found += [g for g in _kept_open(state, action, seat, colours) if g.key not in opened]
    order = ["condition", "request", "lineup", "bonus", "token", "path", "stars", "special", "meeple", "door",
             "card", "cube"]
    return tuple(sorted(found, key=lambda g: (-g.points, order.index(g.kind), g.key))), samples[0][1]


def reason(state: GameState, action, seed: int = 0, top: int = 2) -> str:
    """One line: the *top* biggest gains of *action* (see :func:`gains`), or a plain statement that none shows.

    After a take, the line ends with the cell the rest of the turn put the tile on (the lookahead bot's
    placement, which the gains assume).

    >>> state = GameState.new(players=1, seed=3)
    >>> state.players[0].hand[0][0], reason(state, state.legal_actions()[0])    # a start tile
    ('T31', 'adds 2 star points')
    """
    found, placed_at = _explain(state, action, seed)
    if not found:
        return "no gain the position shows (the expected scores decide)"
    line = "; ".join(g.text for g in found[:top])
    if isinstance(action, Take) and placed_at:
        line += f" (with the tile at {placed_at})"
    return line
