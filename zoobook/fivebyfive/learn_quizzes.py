"""The 5x5 Zoo quizzes of notebook 20 (``QUIZZES``): real positions, actions to judge, scores to count.

Each source draws real engine positions (random legal play, random lineups) and either the
actions to ask "legal or not?" about (a :class:`~zoobook.learn.quiz.QuizSource`) or the
engine's own score of the position, line by line (a :class:`~zoobook.learn.quiz.ScoreSource`).
Each declares the rules it can have as reason; together they ask about nine rules in ten of
those the engine's refusals and scoring cite (``zoobook rules fivebyfive --quizzes``).

>>> quiz("final", 2).rules
('F17',)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.board import ALL_CELLS
from zoobook.fivebyfive.cards import FINAL_BONUS_CARDS, POPULARITY_CONDITIONS, chart_points
from zoobook.fivebyfive.components import anchors, components
from zoobook.fivebyfive.game import (
    BestLineup,
    ChooseMeeple,
    ChoosePopularity,
    ChooseSpecial,
    DiscardTile,
    GameState,
    PlaceTile,
    RowEffect,
    Take,
    TakeDoor,
    components_special,
)
from zoobook.fivebyfive.learn_positions import (
    CHART_PICTURE,
    GAME_PICTURE,
    LINEUP_PICTURE,
    PLACEMENT_PICTURE,
    RANK_PICTURE,
    after_setup,
    best_lineups,
    describe,
    play_until,
    tile_in_hand,
)
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.solo import RANKS, solo_rank
from zoobook.fivebyfive.vocabulary import Colour
from zoobook.learn.quiz import QuizSource, ScoreLine, ScoreSource

__all__ = ["QUIZZES", "quiz"]

# -- quizzes: real engine states, actions to judge, scores to count -------------------------------------------
def _main_board_text(state: GameState) -> str:
    rows = " | ".join(f"{n}: " + " ".join(t or "--" for t in tiles) for n, tiles in enumerate(state.mainboard.rows, 1))
    return f"Main board rows {rows}."


def _any_cell(rng: random.Random) -> str:
    return rng.choice(ALL_CELLS).name


def _setup_states(rng: random.Random) -> GameState:
    state = GameState.new(players=rng.randint(1, 4), seed=rng.randrange(10**6))
    for _ in range(rng.randrange(3)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _setup_candidates(state: GameState, rng: random.Random) -> list:
    tile = tile_in_hand(state)
    board = state.players[state.current_player].board
    taken = [t.anchor.name for t in board.tiles]
    free = [c for c in ("C1", "A3", "E3", "C5") if c not in taken]
    return ([PlaceTile(tile, rng.choice(free)), PlaceTile(tile, rng.choice(free)), PlaceTile(tile, _any_cell(rng))]
            + ([PlaceTile(tile, rng.choice(taken))] if taken else []) + [Take(1, 0)])


def _setup_context(state: GameState) -> str:
    placed = sorted(t.anchor.name for t in state.players[state.current_player].board.tiles)
    return (f"Setup, {len(state.players)} player(s): player {state.current_player} has start tiles on "
            f"{', '.join(placed) or 'no cell yet'}.")


def _main_state(rng: random.Random, players=None) -> GameState:
    """A main phase position of a random game: some turns into a random round."""
    state = after_setup(players or rng.randint(1, 4), rng.randrange(10**6))
    round_ = rng.choice((1, 1, 2, 3))
    turns = rng.randrange(4)
    return play_until(state, lambda s: s.round >= round_ and s.phase == "main" and s.turns[s.current_player] >= turns
                      and not s.pending or s.round > round_, rng, prefer=best_lineups, limit=900)


def _turn_states(rng: random.Random) -> GameState:
    state = _main_state(rng)
    if state.phase == "main" and rng.random() < 0.4:        # half a turn on: the row's effect to use
        rows = [a for a in state.legal_actions() if isinstance(a, Take) and 2 <= a.row <= 5]
        if rows:
            state.apply(rng.choice(rows))
    return state


def _turn_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "main":
        return [Take(1, 0), RowEffect()]
    if state.pending and state.pending[0][0] == "effect":
        tile = tile_in_hand(state) or "T01"
        return [RowEffect(), TakeDoor(), Take(rng.randint(1, 6), 0), PlaceTile(tile, _any_cell(rng))]
    slots = sorted(state.mainboard.slots())
    empty = [(r, c) for r in range(1, 7) for c in range(len(state.mainboard.rows[r - 1]))
             if (r, c) not in slots]
    return ([Take(*rng.choice(slots)) for _ in range(2)] + ([Take(*rng.choice(empty))] if empty else [])
            + [rng.choice((RowEffect(), TakeDoor()))])


def _turn_context(state: GameState) -> str:
    if state.phase != "main":
        return f"Round {state.round}, {state.phase} phase."
    if state.pending:
        return (f"Round {state.round}: player {state.current_player} took {tile_in_hand(state)} from row "
                f"{state.pending[0][1]}.")
    return f"Round {state.round}, player {state.current_player} to start a turn. {_main_board_text(state)}"


def _steer(kind: str, rows: tuple[int, ...]):
    """A *prefer* for :func:`play_until`: take from *rows* and use the effect, to reach a *kind* decision."""
    def prefer(state: GameState, legal: list):
        for action in legal:
            if isinstance(action, Take) and action.row in rows:
                return action
        if state.pending and state.pending[0][0] == "effect" and kind != "place":
            return RowEffect() if RowEffect() in legal else None
        return None
    return prefer


def _pending_states(kind: str, rows: tuple[int, ...], players=None):
    def states(rng: random.Random) -> GameState:
        state = _main_state(rng, players)
        return play_until(state, lambda s: bool(s.pending) and s.pending[0][0] == kind, rng,
                          prefer=_steer(kind, rows))
    return states


def _placement_candidates(state: GameState, rng: random.Random) -> list:
    tile = tile_in_hand(state)
    if tile is None:
        return [Take(1, 0)]
    board = state.players[state.current_player].board
    covered = [c.name for t in board.tiles for c in t.cells]
    spots = [c.name for c in anchors(components().tile(tile), board)]
    other = rng.choice([t.id for t in components().tiles if t.id != tile])
    return (([PlaceTile(tile, rng.choice(spots))] if spots else []) + [PlaceTile(tile, rng.choice(covered))]
            + [PlaceTile(other, rng.choice(spots or covered)), DiscardTile(tile), Take(1, 0)])


def _placement_context(state: GameState) -> str:
    tile = tile_in_hand(state)
    board = state.players[state.current_player].board
    covered = " ".join(sorted(c.name for t in board.tiles for c in t.cells))
    return f"Tile to place: {tile}; covered cells: {covered or 'none'}."


def _popularity_candidates(state: GameState, rng: random.Random) -> list:
    board = state.players[state.current_player].board
    names = [t.name for t in board.tiles]
    popular = [t.name for t in board.tiles if board.is_popular(t)]
    empty = [c.name for c in ALL_CELLS if board.tile_at(c.name) is None]
    return ([ChoosePopularity(rng.choice(names)), ChoosePopularity(rng.choice(names))]
            + ([ChoosePopularity(rng.choice(empty))] if empty else [])
            + ([ChoosePopularity(rng.choice(popular))] if popular else []) + [TakeDoor()])


def _popularity_context(state: GameState) -> str:
    board = state.players[state.current_player].board
    tiles = " ".join(t.name + ("*" if board.is_popular(t) else "") for t in board.tiles)
    return f"Row 2's popularity token to place; your tiles (* has a token): {tiles}."


@dataclass(frozen=True)
class Placement:
    """A tile about to be placed, and where: a "does it earn a popularity token?" question's position."""

    state: GameState
    action: PlaceTile


_CONDITION_RULE = {"A": "F-POPULARITY-2", "B": "F-POPULARITY-3", "C": "F-POPULARITY-4", "D": "F-POPULARITY-5",
                   "E": "F-POPULARITY-6", "F": "F-POPULARITY-7"}


def _earns(placement: Placement) -> bool:
    """Whether the engine puts a popularity token on the tile when it is placed so."""
    after = placement.state.clone()
    seat = after.current_player
    after.apply(placement.action)
    board = after.players[seat].board
    return board.is_popular(board.tile_at(placement.action.cell))


def _placement_question(rng: random.Random) -> Placement:
    """A placement under a random condition card; half the time one that earns a token, when one does."""
    state = after_setup(rng.randint(1, 4), rng.randrange(10**6), condition=rng.choice(sorted(_CONDITION_RULE)))
    turns = rng.randrange(5)
    state = play_until(state, lambda s: s.phase == "main" and s.turns[s.current_player] >= turns and not s.pending,
                       rng, prefer=best_lineups)
    state = play_until(state, lambda s: bool(s.pending) and s.pending[0][0] == "place", rng, prefer=_steer("place", ()))
    places = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    if not places:
        return _placement_question(rng)
    rng.shuffle(places)
    if rng.random() < 0.5:
        places.sort(key=lambda a: not _earns(Placement(state, a)))
    return Placement(state, places[0])


def _token_answer(placement: Placement) -> str:
    return "a popularity token" if _earns(placement) else "no token"


def _token_lines(placement: Placement) -> list[ScoreLine]:
    letter = placement.state.condition
    return [ScoreLine(int(_earns(placement)), f"condition {letter} ({POPULARITY_CONDITIONS[letter].name}) for "
                      f"{placement.action.tile} at {placement.action.cell}", _CONDITION_RULE[letter], unit="token")]


def _token_ask(placement: Placement) -> str:
    state = placement.state
    letter = state.condition
    return (f"Condition card {letter}: {POPULARITY_CONDITIONS[letter].text} This is turn "
            f"{state.turns[state.current_player]} of 5 for player {state.current_player}. Placing "
            f"{placement.action.tile} at {placement.action.cell}: does it earn a token?")


def _special_states(rng: random.Random) -> GameState:
    kind = rng.choice(("special", "meeple"))
    return _pending_states(kind, (3,) if kind == "special" else (5,))(rng)


def _special_candidates(state: GameState, rng: random.Random) -> list:
    if state.pending and state.pending[0][0] == "meeple":
        offered = state.mainboard.meeples
        return (([ChooseMeeple(rng.choice(offered))] if offered else []) + [ChooseMeeple(rng.choice("RBGYK")),
                ChooseSpecial(rng.choice(state.mainboard.specials or ("S01",)))])
    every = [c.id for c in components().special_cards]
    offered = list(state.mainboard.specials) if state.mainboard else []
    return (([ChooseSpecial(rng.choice(offered))] if offered else []) + [ChooseSpecial(rng.choice(every)),
                                                                   ChooseMeeple(rng.choice("RBGYK"))])


def _special_context(state: GameState) -> str:
    if state.pending and state.pending[0][0] == "meeple":
        return f"Row 5's effect: take a regular meeple; on the main board: {state.mainboard.meeples or 'none'}."
    offered = ", ".join(f"{c} ({components_special(c).effect})" for c in state.mainboard.specials)
    return f"Row 3's effect: choose a special card; on the main board: {offered or 'none'}."


def _walled_in(state: lu.LineupState) -> bool:
    """Whether a wall without a door stops some move from where the visitor stands (rule F7 to ask about)."""
    return any((why := state.refusal(lu.Move(t.name))) is not None and why.rule == "F7" for t in state.board.tiles)


def _random_lineup(rng: random.Random) -> lu.LineupState:
    """A random lineup position; half of them next to a wall without a door (a few draws at most)."""
    if rng.random() < 0.5:
        return _random_lineup_once(rng)
    for _ in range(4):
        puzzle = random_lineup_puzzle(rng, cells=rng.randint(14, 25), max_cubes=8)
        state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                     doors=puzzle.doors)
        for _ in range(12):                   # walk until a wall without a door is in the way
            if _walled_in(state):
                return state
            moves = [a for a in state.legal_actions() if isinstance(a, (lu.Move, lu.Place))]
            if not moves:
                break
            state.apply(rng.choice(moves))
    return state


def _random_lineup_once(rng: random.Random) -> lu.LineupState:
    """A random zoo (12 to 25 cells covered), a random hand, a few random lineup steps taken."""
    puzzle = random_lineup_puzzle(rng, cells=rng.randint(12, 25), max_cubes=8)
    state = lu.LineupState.start(puzzle.board, puzzle.gate, cubes=puzzle.cubes, meeples=puzzle.meeples,
                                 doors=puzzle.doors)
    for _ in range(rng.randrange(5)):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    places = [a for a in state.legal_actions() if isinstance(a, lu.Place)]
    if state.awaiting_placement and places and rng.random() < 0.7:     # mostly a visitor ready to move on
        state.apply(rng.choice(places))
    return state


def _borders_here(state: lu.LineupState) -> list[str]:
    """The borders of the cell the visitor stands on (or of the gate cells), as buttons name them."""
    cells = [state.path[-1]] if state.path else [t.name for t in state.board.tiles][:2]
    return [f"{cell}:{side}" for cell in cells for side in "NESW"]


def _lineup_candidates(state: lu.LineupState, rng: random.Random) -> list:
    names = [t.name for t in state.board.tiles]
    empty = [c.name for c in ALL_CELLS if state.board.tile_at(c.name) is None]
    moves = [lu.Move(name) for name in names]          # every tile: each rule a move can break is asked about
    steps = [a for a in state.legal_actions() if isinstance(a, (lu.Move, lu.Place))]
    large = [t for t in state.board.tiles if len(t.cells) == 2]
    inner = [lu.PlaceDoor(f"{large[0].cells[0].name}:{side}") for side in "ES"] if large and state.hand.doors else []
    off_board = [lu.Move(rng.choice(("F3", "A6", "E0")))] if rng.random() < 0.3 else []
    return (moves + ([lu.Move(rng.choice(empty))] if empty else []) + off_board
            + [lu.Place(c) for c in rng.sample(list(Colour), 2)] + steps[:2] + inner)


def _lineup_context(state: lu.LineupState) -> str:
    where = f"on {state.path[-1]}" if state.path else f"at the {state.gate} gate"
    visited = ", ".join(state.path) or "none"
    return (f"Standing {where} (visited: {visited}); cubes {state.hand.cubes or '-'}, "
            f"meeples {state.hand.meeples or '-'}, doors {state.hand.doors}.")


def _lineup_game_states(rng: random.Random) -> GameState:
    state = after_setup(rng.randint(1, 3), rng.randrange(10**6))
    steps = rng.randrange(4)
    return play_until(state, lambda s: s.phase == "lineup" and len(s.lineup.path) >= steps, rng, limit=900)


def _lineup_game_candidates(state: GameState, rng: random.Random) -> list:
    if state.phase != "lineup":
        return [Take(1, 0)]
    steps = [a for a in state.lineup.legal_actions() if not isinstance(a, lu.Stop)]
    hand = state.players[state.current_player].hand
    return (steps[:2] + [Take(rng.randint(1, 6), 0), TakeDoor(), RowEffect()]
            + ([PlaceTile(hand[0][0], _any_cell(rng))] if hand else []) + [BestLineup()])


def _lineup_game_context(state: GameState) -> str:
    if state.phase != "lineup":
        return f"Round {state.round}, {state.phase} phase."
    line = state.lineup
    return (f"Round {state.round} lineup phase, player {state.current_player} from the {state.gate} gate: "
            f"visited {', '.join(line.path) or 'nothing yet'}.")


def _free_candidates(state: lu.LineupState, rng: random.Random) -> list:
    letters = "RBGYKW"
    cubes = "".join(rng.choice(state.hand.cubes + letters) for _ in range(rng.choice((2, 3, 3, 3))))
    own = "".join(rng.sample(state.hand.cubes, 3)) if len(state.hand.cubes) >= 3 else cubes
    names = [t.name for t in state.board.tiles]
    empty = [c.name for c in ALL_CELLS if state.board.tile_at(c.name) is None]
    edges = [f"{c}:{side}" for c, side in (("A1", "N"), ("A1", "W"), ("E5", "S"), ("E5", "E"), ("B1", "N"),
                                            ("A4", "W"), ("E2", "E"), ("D5", "S"))]
    gates = [f"{c}:{side}" for c, side in (("C1", "N"), ("A3", "W"), ("E3", "E"), ("C5", "S"))]
    doors = [f"{d}" for d in state.board.doors]
    return [lu.BuyDoor(rng.choice((cubes, own, own[:2] + (state.hand.meeples[:1] or "K")))),
            lu.BuyPopularity(rng.choice(names + empty), own),
            lu.PlaceDoor(rng.choice(_borders_here(state))), lu.PlaceDoor(rng.choice(edges)),
            lu.PlaceDoor(rng.choice(gates))] + ([lu.PlaceDoor(rng.choice(doors))] if doors else [])


# -- points questions: the engine's scoring, line by line -----------------------------------------------------
def _finished_lineup(rng: random.Random) -> lu.LineupState:
    """A random lineup walked at random to its end (a few tries for one that goes somewhere)."""
    for _ in range(10):
        state = _random_lineup(rng)
        if state.legal_actions() and any(isinstance(a, lu.Move) for a in state.legal_actions()):
            break
    for _ in range(30):
        actions = [a for a in state.legal_actions() if not isinstance(a, lu.Stop)]
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


def _lineup_score(state: lu.LineupState) -> list[ScoreLine]:
    score = state.score()
    return [ScoreLine(score.tiles, f"{score.tiles} visited tile(s)", "F11"),
            ScoreLine(score.popularity, f"{score.popularity} popularity token(s) on visited tiles", "F11"),
            ScoreLine(score.doors, f"{score.doors} door(s) crossed", "F11")]


def _scored_round(rng: random.Random) -> GameState:
    """A game just after a round's scoring phase (2-4 players or solo)."""
    state = after_setup(rng.choice((1, 2, 3, 4)), rng.randrange(10**6))
    round_ = rng.choice((1, 1, 2))
    return play_until(state, lambda s: s.round > round_, rng, prefer=best_lineups, limit=1500)


def _scored_seat(state: GameState) -> int:
    return state.start_player          # the seat asked about: whoever starts next (any seat would do)


def _round_score(state: GameState) -> list[ScoreLine]:
    seat = _scored_seat(state)
    result = state.players[seat].rounds[-1]
    award = (ScoreLine(result.award, f"solo bonus for {result.visitors} visitor(s)", "F-SOLO-4") if state.solo
             else ScoreLine(result.award, f"award for most visitors ({result.visitors} placed)", "F12"))
    return [ScoreLine(result.lineup, "the lineup score", "F11"), award,
            ScoreLine(result.requests, "request cards met", "F13")]


def _round_context(state: GameState) -> str:
    seat = _scored_seat(state)
    rounds = len(state.players[seat].rounds)
    visitors = ", ".join(f"player {p.seat} {p.rounds[-1].visitors}" for p in state.players)
    return (f"Round {rounds} is over ({len(state.players)} player(s)); visitors placed: {visitors}; "
            f"player {seat}'s lineup scored {state.players[seat].rounds[-1].lineup} "
            f"and met requests worth {state.players[seat].rounds[-1].requests}.")


_BONUS_RULE = {"A": "F-FINAL-4", "B": "F-FINAL-4", "G": "F-FINAL-4", "C": "F-FINAL-5", "D": "F-FINAL-6",
               "E": "F-FINAL-7", "F": "F-FINAL-7", "H": "F-FINAL-8"}
_SPECIAL_RULE = {"three-points": "F-SPECIAL-2"}


def _finished_game(rng: random.Random) -> GameState:
    state = after_setup(rng.choice((1, 2)), rng.randrange(10**6))
    return play_until(state, lambda s: False, rng, prefer=best_lineups, limit=2500)


def _last_lineup_or_end(rng: random.Random) -> GameState:
    """Round 3's lineup, a few steps in, or the game over."""
    state = after_setup(rng.choice((1, 2)), rng.randrange(10**6))
    if rng.random() < 0.5:
        return _finished_game(rng)
    steps = rng.randrange(3)
    return play_until(state, lambda s: s.round == 3 and s.phase == "lineup" and len(s.lineup.path) >= steps, rng,
                      prefer=lambda s, legal: best_lineups(s, legal) if s.round < 3 else None, limit=2500)


def _last_lineup_candidates(state: GameState, rng: random.Random) -> list:
    if state.is_terminal():
        return [Take(1, 0), BestLineup(), lu.Stop(), TakeDoor()]
    steps = [a for a in state.lineup.legal_actions() if isinstance(a, (lu.Move, lu.Place, lu.Stop))]
    return rng.sample(steps, min(2, len(steps))) + [Take(1, 0)]


def _last_lineup_context(state: GameState) -> str:
    if state.is_terminal():
        return f"The game is over: final scores {state.returns()}."
    return (f"Round 3 lineup phase, player {state.current_player} from the {state.gate} gate: "
            f"visited {', '.join(state.lineup.path) or 'nothing yet'}.")


def _final_score(state: GameState) -> list[ScoreLine]:
    lines = []
    for name, points in state.players[0].final:
        if name.startswith("bonus "):
            letter = name.split()[1]
            lines.append(ScoreLine(points, f"bonus card {letter}", _BONUS_RULE[letter]))
        elif name.startswith("special "):
            effect = components_special(name.split()[1]).effect
            lines.append(ScoreLine(points, f"special card {name.split()[1]} ({effect})",
                                   _SPECIAL_RULE.get(effect, "F-SPECIAL-1")))
        else:
            lines.append(ScoreLine(points, "stars on your tiles", "F-FINAL-3"))
    return lines


def _final_context(state: GameState) -> str:
    cards = ", ".join(state.bonus_cards)
    specials = ", ".join(f"{c} ({components_special(c).effect})" for c in state.players[0].specials) or "none"
    return (f"The game is over. Final bonus cards {cards}; player 0's special cards: {specials}; "
            f"round 3 visitors: {len(state.players[0].round3.visitors)}.")


def _chart_question(rng: random.Random) -> tuple[str, int]:
    """A bonus card and its count: the chart is the question (no board)."""
    letter = rng.choice(sorted(_BONUS_RULE))
    return letter, rng.randrange(0, 20 if letter in "AB" else 4 if letter == "G" else 13)


def _chart_score(ask: tuple[str, int]) -> list[ScoreLine]:
    letter, count = ask
    return [ScoreLine(chart_points(letter, count), f"bonus card {letter} with a count of {count}, on its chart",
                      "F17")]


def _chart_ask(ask: tuple[str, int]) -> str:
    letter, count = ask
    return (f"Final bonus card {letter} ({FINAL_BONUS_CARDS[letter].text}) counts {count}. "
            "How many points does it give?")


def _winner(state: GameState) -> int:
    return state.ranking()[0]


def _winner_lines(state: GameState) -> list[ScoreLine]:
    return [ScoreLine(p.score, f"player {p.seat}: {p.popularity_tokens} popularity token(s), "
                               f"{len(p.board.tiles)} tiles", "F-FINAL-9") for p in state.players]


def _close_finish(rng: random.Random) -> GameState:
    """A finished 2-4 player game, the top two scores at most 3 apart when the draw allows."""
    best = None
    for _ in range(3):
        state = after_setup(rng.choice((2, 3, 4)), rng.randrange(10**6))
        state = play_until(state, lambda s: False, rng, prefer=best_lineups, limit=3000)
        scores = sorted(state.returns(), reverse=True)
        if best is None or scores[0] - scores[1] < best[0]:
            best = (scores[0] - scores[1], state)
        if best[0] <= 3:
            break
    return best[1]


def _winner_context(state: GameState) -> str:
    players = "; ".join(f"player {p.seat} {p.score} points, {p.popularity_tokens} token(s), {len(p.board.tiles)} "
                        "tiles" for p in state.players)
    return f"Final scores: {players}; start player {state.start_player}."


def _rank_score(rng: random.Random) -> int:
    """A final solo score: the rank table is the question (no board)."""
    return rng.randrange(40, 175)


def _rank_lines(score: int) -> list[ScoreLine]:
    return [ScoreLine(score, "final solo score", "F19")]


def _rank_choices(score: int) -> list[str]:
    names = [name for _, name in RANKS]
    at = names.index(solo_rank(score))
    return names[max(0, at - 2):at + 2]


QUIZZES: tuple[QuizSource | ScoreSource, ...] = (
    QuizSource("setup", _setup_states, _setup_candidates, describe, _setup_context, GAME_PICTURE,
               rules=("F-SETUP-5",)),
    QuizSource("turn", _turn_states, _turn_candidates, describe, _turn_context, GAME_PICTURE,
               rules=("F15", "F-TURN-6", "F-TURN-7", "F-PLACEMENT-4")),
    QuizSource("placement", _pending_states("place", (1, 6)), _placement_candidates, describe,
               _placement_context, GAME_PICTURE, rules=("F-PLACEMENT-1", "F-PLACEMENT-2", "F-PLACEMENT-4")),
    QuizSource("popularity", _pending_states("popularity", (2,)), _popularity_candidates, describe,
               _popularity_context, GAME_PICTURE, rules=("F10", "F-TURN-8")),
    ScoreSource("popularity", _placement_question, _token_lines, _token_ask, picture=PLACEMENT_PICTURE,
                rules=tuple(_CONDITION_RULE.values()), answer=_token_answer,
                choices=lambda p: ("a popularity token", "no token"), label=str),
    QuizSource("specials", _special_states, _special_candidates, describe, _special_context, GAME_PICTURE,
               rules=("F-TURN-9", "F-TURN-11")),
    QuizSource("lineup", _random_lineup, _lineup_candidates, describe, _lineup_context, LINEUP_PICTURE,
               rules=("F1", "F4", "F5", "F6", "F7", "F21")),
    QuizSource("lineup", _lineup_game_states, _lineup_game_candidates, describe, _lineup_game_context,
               GAME_PICTURE, rules=("F-LINEUP-1", "F4", "F6", "F7")),
    QuizSource("free", _random_lineup, _free_candidates, describe, _lineup_context, LINEUP_PICTURE,
               rules=("F9", "F-FREE-1", "F21", "F8", "F5", "F10", "F-TURN-8")),
    ScoreSource("scoring", _finished_lineup, _lineup_score, "How many points does this lineup score?",
                _lineup_context, LINEUP_PICTURE, rules=("F11",)),
    ScoreSource("scoring", _scored_round, _round_score, lambda s: f"How many points did player {_scored_seat(s)} "
                "score in this round's scoring phase?", _round_context, GAME_PICTURE,
                rules=("F11", "F12", "F13", "F-SOLO-4")),
    QuizSource("final", _last_lineup_or_end, _last_lineup_candidates, describe, _last_lineup_context, GAME_PICTURE,
               rules=("F-FINAL-1", "F-LINEUP-1")),
    ScoreSource("final", _finished_game, _final_score, "How many points does player 0's final scoring add?",
                _final_context, GAME_PICTURE,
                rules=("F-FINAL-3", "F-FINAL-4", "F-FINAL-5", "F-FINAL-6", "F-FINAL-7", "F-FINAL-8",
                       "F-SPECIAL-1", "F-SPECIAL-2")),
    ScoreSource("final", _chart_question, _chart_score, _chart_ask, picture=CHART_PICTURE, rules=("F17",)),
    ScoreSource("final", _close_finish, _winner_lines, "Who wins?", _winner_context, GAME_PICTURE,
                rules=("F-FINAL-9",), answer=_winner, choices=lambda s: range(len(s.players)),
                label=lambda seat: f"player {seat}"),
    QuizSource("solo", lambda rng: _main_state(rng, 1), _turn_candidates, describe, _turn_context, GAME_PICTURE,
               rules=("F15", "F-TURN-6")),
    ScoreSource("solo", _rank_score, _rank_lines, lambda score: f"A solo game ends with {score} points. Which rank?",
                picture=RANK_PICTURE, rules=("F19",), answer=solo_rank, choices=_rank_choices, label=str),
)


def quiz(group: str, number: int = 0) -> QuizSource | ScoreSource:
    """The *number*-th quiz source of *group* (a notebook section's quiz).

    >>> quiz("final", 2).rules
    ('F17',)
    """
    found = [source for source in QUIZZES if source.group == group]
    if not 0 <= number < len(found):
        raise KeyError(f"5x5 quiz group {group!r} has {len(found)} source(s), not #{number}")
    return found[number]
