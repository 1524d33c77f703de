"""The search's play-outs: sampled deals, greedy trials, the rollout policy and the value at the horizon.

The search bot (:mod:`zoobook.fivebyfive.search_bot`) plays each candidate forward on a copy
and values where it ends; the pieces live here:

* :func:`deal` (a determinization: the face-down decks dealt anew from a seed);
* :func:`past_horizon` and :func:`play_forced` (a play-out's forced moves: the solver's
  lineup, single actions);
* ``_greedy_trial`` (an action tried on a copy, its turn played greedily, valued);
* :func:`rollout` and :func:`rollout_action` (the play-out's policy to the end of the round);
* the value at the horizon: :func:`leaf_values`, :func:`final_estimate` and its features and weights.

Copies are the engine's own (``GameState.search_copy``, ``apply_unchecked``): nothing here
knows the engine's fields.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.bots import _board_points, _by_identity, _lines, evaluate, lineup_value, reach
from zoobook.fivebyfive.cards import chart_points
from zoobook.fivebyfive.fast_copy import draws_untouched
from zoobook.fivebyfive.game import BestLineup, GameState, PlaceTile, components_special, witness_steps
from zoobook.fivebyfive.solver import LineupPuzzle, solve_lineup
from zoobook.fivebyfive.spot_values import best_spot
from zoobook.fivebyfive.vocabulary import BASIC_COLOURS

__all__ = ["deal", "past_horizon", "play_forced", "lineup_points", "final_features", "final_estimate",
           "FINAL_FEATURES", "FINAL_WEIGHTS", "FINAL_PRIOR", "banked", "leaf_values", "rollout", "rollout_action",
           "ROLLOUT_WIDTH", "SCREEN_ROUNDS", "PastDeadline"]


#: The face-down decks: what a player cannot see, and a determinization deals anew.
def deal(state: GameState, seed: int) -> GameState:
    """A copy of *state* whose face-down decks are dealt anew from *seed* alone (a determinization).

    This is ``state.clone(reseed=seed)``: each face-down deck (the request deck too) is
    put in a canonical order before it is shuffled, so the copy's order depends on what
    the deck holds and on *seed*, never on the true, unseen order. The copy's random
    draws (cubes, display tokens) come from *seed* as well.

    >>> state = GameState.new(players=1, seed=3)
    >>> twin = state.clone(reseed=99)               # the same table, the decks in another order
    >>> twin.small_deck != state.small_deck, deal(twin, 5).small_deck == deal(state, 5).small_deck
    (True, True)
    """
    return state.clone(reseed=seed)


# -- the lineup cache (the search's inner loop) ------------------------------------------------
@lru_cache(maxsize=1 << 13)
def _lineup_steps(puzzle: LineupPuzzle) -> tuple:
    """The optimal lineup as lineup steps (the game's :class:`BestLineup`), cached by the puzzle."""
    return tuple(witness_steps(solve_lineup(puzzle).witness))


def _play_best_lineup(game: GameState) -> None:
    """``game.apply(BestLineup())`` with the cached solution (the same steps, the same result)."""
    lineup = game.lineup
    for step in _lineup_steps(game.lineup_puzzle()):
        game.apply_unchecked(step)
    if game.lineup is lineup and not lineup.is_terminal():
        game.apply_unchecked(lu.Stop())



# -- values ---------------------------------------------------------------------------------------
def lineup_points(state: GameState, seat: int) -> int:
    """The points of the best lineup *seat* could walk now from this round's gate (0 outside a round)."""
    if not state.round or state.is_terminal():
        return 0
    return lineup_value(state, seat)


def leaf_values(state: GameState) -> list[float]:
    """Every seat's value where a play-out stops: the final score at the end, else the expected
    final score (:func:`final_estimate`)."""
    if state.is_terminal():
        return [float(v) for v in state.returns()]
    return [final_estimate(state, seat) for seat in range(len(state.players))]


# -- the final-score estimate at the horizon (rounds 1 and 2) --------------------------------------
#: What :func:`final_features` measures, in order (the names of :data:`FINAL_WEIGHTS`' columns).
FINAL_FEATURES = ("constant", "lineup", "popular", "meeples", "doors", "reach", "bonus_near", "category_cards",
                  "cube_cards", "round3_cards", "empty")


@_by_identity
def _near_bonus(board, cards: tuple[str, ...]) -> float:
    """The points the board-only bonus cards would add if every line one step short of a
    better count got there (C: a line with 4 cells covered; E: 2 kinds and room left;
    F: 3 kinds and room left; H: a line with 1 wall and room left). D: none."""
    covered, walls, kinds = _lines(board)          # per line: cells covered, walls, categories
    near = 0.0
    for letter in cards:
        if letter == "C":
            now, short = sum(n == 5 for n in covered), sum(n == 4 for n in covered)
        elif letter == "E":
            now = sum(k == 3 for k in kinds)
            short = sum(k == 2 and n < 5 for k, n in zip(kinds, covered))
        elif letter == "F":
            now = sum(k >= 4 for k in kinds)
            short = sum(k == 3 and n < 5 for k, n in zip(kinds, covered))
        elif letter == "H":
            now, short = sum(w >= 2 for w in walls), sum(w == 1 and n < 5 for w, n in zip(walls, covered))
        else:
            continue
        near += chart_points(letter, now + short) - chart_points(letter, now)
    return near


def _round3_cards(state: GameState, seat: int) -> float:
    """The points of final bonus cards A, B and G (they read the third round's lineup) if that
    lineup were walked with the visitors in hand now: as many visitors as the gate reaches
    tiles for (A), the popular tiles among those reached (B), the colour sets in hand (G)."""
    cards = [letter for letter in state.bonus_cards if letter in "ABG"]
    if not cards:
        return 0.0
    player = state.players[seat]
    board, gate = player.board, state.gate or state.directions[-1]
    visitors = player.cubes + player.meeples
    points = 0.0
    for letter in cards:
        if letter == "A":
            count = min(len(visitors), reach(board, gate, "".join(sorted(set(visitors)))))
        elif letter == "B":
            count = min(len(board.popular), reach(board, gate))
        else:
            count = min(visitors.count(colour.letter) for colour in BASIC_COLOURS)
        points += chart_points(letter, count)
    return points


def final_features(state: GameState, seat: int) -> tuple[float, ...]:
    """What :func:`final_estimate` reads of *seat*'s position (:data:`FINAL_FEATURES`, in order).

    Meant for a round's start (the search's horizon): the best lineup of this round with
    the hand just dealt (the solver: lineup score, solo bonus, request cards), the popularity
    tokens and meeples that score again in the rounds after it, the doors, the tiles the
    later gates reach, the bonus points one step away (:func:`_near_bonus`), the category
    special cards (each tile still to come may add a point), the cube-every-round cards
    (a cube in each later round), the third round's bonus cards (:func:`_round3_cards`)
    and the empty cells (room for the tiles still to come).
    """
    player = state.players[seat]
    board = player.board
    later = max(0, 3 - state.round)
    effects = [components_special(card).effect for card in player.specials]
    return (1.0, float(lineup_points(state, seat)), float(len(board.popular) * later),
            float(len(player.meeples) * later), float(player.doors),
            float(sum(reach(board, gate) for gate in state.directions[state.round:])),
            _near_bonus(board, state.bonus_cards), float(effects.count("category-points")),
            float(effects.count("cube-every-round") * later), _round3_cards(state, seat),
            float(25 - sum(len(t.cells) for t in board.tiles)))


#: The weights a reading of the rules gives, per round start (where they overlap, those of
#: :func:`~zoobook.fivebyfive.bots.evaluate`): a point of this round's lineup is a point; a
#: popularity token or a meeple scores about once more per later round, a door half a point,
#: a tile a later gate reaches 0.6; half the bonus one step away; a category card a point per
#: tile of its kind still to come (a fifth of the 10 or 5 tiles left); a cube 0.8 a round; the
#: third round's cards half (round 2) or all (round 3) of what the hand held now gives.
FINAL_PRIOR = {2: (0.0, 1.0, 0.9, 1.0, 0.5, 0.6, 0.5, 2.0, 0.8, 0.5, 0.0),
               3: (0.0, 1.0, 0.9, 1.0, 0.5, 0.6, 0.5, 1.0, 0.8, 1.0, 0.0)}

#: The weights of :func:`final_features` at the start of round 2 and of round 3: least squares
#: of (final score - points banked) on the features over the round starts of self-played games,
#: shrunk towards :data:`FINAL_PRIOR` (ridge, its strength by cross-validation), printed by
#: ``python -m benchmarks.bench_5x5_search --calibrate N`` (here 42 games, solo, seeds from 5000;
#: the cross-validation chose the strongest shrinkage tried: over games, these features tell
#: little more of the final score than the prior does -- the draws still to come dominate --
#: but the constant, and the weights of the bonus one step away and of the third round's
#: cards, moved). The constant makes the value an expected final score; it changes no choice.
FINAL_WEIGHTS = {2: (63.23, 1.053, 0.959, 0.976, 0.505, 0.612, 0.621, 1.935, 0.8, 0.554, -0.009),
                 3: (37.337, 0.974, 0.9, 1.0, 0.5, 0.6, 0.256, 0.93, 0.8, 0.82, 0.028)}


def banked(state: GameState, seat: int) -> float:
    """The points *seat* holds now: the score, plus the stars, the board-only bonus cards and
    the special cards' end-game points as the board stands (the final score at the end)."""
    player = state.players[seat]
    if state.is_terminal():
        return float(player.score)
    return player.score + _board_points(player.board, state.bonus_cards, player.specials)


def final_estimate(state: GameState, seat: int) -> float:
    """*seat*'s expected final score: the points banked plus :data:`FINAL_WEIGHTS` times
    :func:`final_features` (the final score itself at the end).

    Calibrated on the starts of rounds 2 and 3 (the search's horizon); any other state of
    the main phase is valued with the weights of its round's start (round 1 with round 2's).
    """
    if state.is_terminal():
        return float(state.players[seat].score)
    weights = FINAL_WEIGHTS[min(3, max(2, state.round))]
    return banked(state, seat) + sum(w * x for w, x in zip(weights, final_features(state, seat)))


# -- an action tried on a copy, its turn played greedily -----------------------------------------
def _greedy_value(state: GameState, action, seat: int, seed: int, follow: str = "settle",
                  lineup: bool = False, sampled: bool = False) -> float:
    """:func:`~zoobook.fivebyfive.bots.evaluate` of *seat* after *action* on a copy with fresh draws.

    The copy's unseen cards are dealt anew from *seed* (:func:`deal`); inside a
    sampled deal (*sampled*) only its random draws are (``search_copy(seed)``): a
    policy that saw its own draws would choose row 4's random cubes only in the deals
    where they fit, and the search would trust chance more than a player can.

    *follow* says how much of the turn is played first: ``"none"``; ``"settle"`` the
    effect's follow-up choices (not the tile placement), greedily, as the greedy bot
    does; ``"turn"`` the whole turn, greedily, as the lookahead bot does. With
    *lineup*, the best lineup of the round for the hand then held is added.
    """
    return _greedy_trial(state, action, seat, seed, follow, lineup, sampled)[0]


def _greedy_trial(state: GameState, action, seat: int, seed: int, follow: str = "settle",
                  lineup: bool = False, sampled: bool = False) -> tuple[float, GameState]:
    """:func:`_greedy_value`, and the copy it valued (the state after *action* and what followed).

    A follow-up choice is made by valuing each choice on a copy of the trial (``trial.search_copy(
    seed)``), and that copy has played the best choice and settled what followed it. While
    the trial has drawn no random number yet, the copy is the very state the trial would reach
    by playing that choice itself -- the same cards in the same order, a generator seeded
    alike (:func:`~zoobook.fivebyfive.fast_copy.draws_untouched`) -- so the trial goes on as
    that copy instead of playing the choice (and valuing the choices after it) a second time.
    Once the trial has drawn, it plays the choice itself, as it always did.
    """
    trial = state.search_copy(seed) if sampled else deal(state, seed)
    trial.apply_unchecked(action)
    if follow != "none":
        while (trial.pending and trial.current_player == seat and not trial.is_terminal()
               and (follow == "turn" or trial.pending[0][0] != "place")):
            actions = trial.legal_actions()
            if len(actions) == 1 or trial.pending[0][0] == "popularity":
                trial.apply_unchecked(actions[0])   # evaluate() values a token the same on every tile: the first
                continue
            best_value, best_action, best_trial = None, None, None
            for choice in actions:         # the first of the best, as max() picks
                value, copy = _greedy_trial(trial, choice, seat, seed, "settle", sampled=True)
                if best_value is None or value > best_value:
                    best_value, best_action, best_trial = value, choice, copy
            if draws_untouched(trial, seed):
                trial = best_trial         # undrawn: the copy is where playing the choice leads
            else:
                trial.apply_unchecked(best_action)
    value = evaluate(trial, seat)
    if lineup and trial.phase == "main":
        value += lineup_points(trial, seat)
    return value, trial


# -- a play-out's forced moves ----------------------------------------------------------------
def past_horizon(game: GameState, horizon: int) -> bool:
    """Whether a play-out to the end of round *horizon* is done: the game over or that round scored."""
    return game.is_terminal() or game.round > horizon


def play_forced(game: GameState, rng: random.Random) -> list | None:
    """The choices open now, or ``None`` after playing a forced one (a lineup, a single action).

    A lineup is the solver's; one already begun step by step (by a player, before
    the search was asked) goes on with random steps, stopping only when nothing else is left.
    """
    if game.phase == "lineup" and not game.lineup.path:
        _play_best_lineup(game)            # BestLineup is legal (no step taken): no need to list the steps
        return None
    actions = game.legal_actions()
    if game.phase == "lineup":
        steps = [a for a in actions if not isinstance(a, lu.Stop)] or actions
        if BestLineup() in actions:
            _play_best_lineup(game)
        else:
            game.apply_unchecked(rng.choice(steps))
        return None
    if len(actions) == 1:
        game.apply_unchecked(actions[0])
        return None
    return actions


# -- the rollout policy: a play-out to the end of the round ---------------------------------------
#: Actions the rollout policy rates per decision, drawn at random (rating them all made a search
#: no stronger at 1.5 times the cost: docs/experiments.md).
ROLLOUT_WIDTH = 3

#: The rounds whose play-outs rate every spot of a tile (:func:`~zoobook.fivebyfive.spot_values.best_spot`)
#: instead of ROLLOUT_WIDTH drawn at random: round 3 only (in every round it cost more than it gained).
SCREEN_ROUNDS = (3,)


class PastDeadline(Exception):
    """A play-out reached its deadline before the end of its round (under a time cap)."""


def rollout(game: GameState, horizon: int, rng: random.Random, deadline: float | None = None,
            clock: Callable[[], float] | None = None) -> None:
    """Play *game* greedily to the end of round *horizon* (the solver's lineup, the game's scoring).

    Each decision is :func:`rollout_action`'s. With a *deadline* (on *clock*), raises
    :class:`PastDeadline` at the first decision past it: one play-out can cost 15 to 28 times
    the mean, so a sweep that starts one just in time must be able to stop it.
    """
    while not past_horizon(game, horizon):
        if deadline is not None and clock() > deadline:
            raise PastDeadline
        actions = play_forced(game, rng)
        if actions is None:
            continue
        game.apply_unchecked(rollout_action(game, actions, rng))


def rollout_action(game: GameState, actions: list, rng: random.Random):
    """The rollout policy's pick among *actions* (two or more): the best by the lookahead value (the
    greedy value plus the round's best lineup) of :data:`ROLLOUT_WIDTH` drawn at random; in
    :data:`SCREEN_ROUNDS` a tile's placement rates every spot (:func:`~zoobook.fivebyfive.spot_values.best_spot`)."""
    seat = game.current_player
    if max(game.round, 1) in SCREEN_ROUNDS and game.phase == "main" and isinstance(actions[0], PlaceTile):
        return best_spot(game, actions, keep=ROLLOUT_WIDTH)
    if len(actions) > ROLLOUT_WIDTH:
        actions = rng.sample(actions, ROLLOUT_WIDTH)
    seed = rng.getrandbits(32)
    return max(actions, key=lambda a: _greedy_value(game, a, seat, seed, lineup=True, sampled=True))
