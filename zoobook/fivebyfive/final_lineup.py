"""The best lineup of the third round for the final score: final bonus cards A, B and G read it.

The lineup solver (:mod:`~zoobook.fivebyfive.solver`) answers the lineup puzzle: the most
points the *round* brings (lineup score, solo bonus, request cards). In rounds 1 and 2 that is
what a lineup is worth. In round 3 three final bonus cards read the lineup too
(:class:`~zoobook.fivebyfive.cards.Round3`):

* **A** counts the visitors placed;
* **B** the popular tiles visited (a token bought during the lineup counts);
* **G** the sets of the five colours among the visitors placed (a white cube is in none).

So with one of them in play, the lineup with the most round points need not bring the most
final points: of two lineups the solver scores alike, one may place two sets of colours and
the other one. :func:`best_final_lineup` finds the lineup with the most round points *plus*
those cards' points, which is all that still changes the final score once the third lineup
begins (the board is otherwise final: the other cards, the special cards and the stars read
the tiles, not the lineup).

How it is found
---------------
By trying them all: the lineups a hand can walk are few (about a thousand at most on the
boards of self-played games). Every path from the gate over the solver's lineup graph is
walked depth first; a path the hand cannot make is not extended, since every extension needs
more. Each path is played as well as it can be for these cards:

* the solver's plan for the path (:func:`~zoobook.fivebyfive.solver.plan_for_path`): meeples
  on their own colour, then cubes of the colour, white cubes last, so the most cubes are
  left, and every 3 cubes left buy a door for a wall, then a popularity token for a visited
  tile (card B counts it), then a door for an open border -- the most round points, and the
  most of A and B, for that path;
* with card G in play and parks on the path, also each way to reach 1, 2 or 3 colour sets:
  the parks take the colours short of the sets (a meeple of the colour first, else a cube),
  the other parks the spare meeples, then cubes. A visitor on a coloured tile has no choice
  that helps G (its colour is the tile's), but a cube on a park is a cube fewer to buy with,
  so each choice is scored in full and the best kept.

Examples
--------
A row of five tiles from the west gate -- carnivore, aquatic, herbivore, bird, park -- and a
hand of a yellow meeple and a red, blue, green, black and yellow cube. The solver seats the
park with the colour the hand holds most of (yellow): five round points either way, but
with card G in play the black cube on the park makes a set of the five colours:

>>> from zoobook.fivebyfive.board import Board, Tile
>>> from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
>>> row = ("carnivore", "aquatic", "herbivore", "bird", "park")
>>> board = Board(tuple(Tile.make(f"{column}3", kind) for column, kind in zip("ABCDE", row)))
>>> puzzle = LineupPuzzle(board, "W", round=3, cubes="RBGKY", meeples="Y")
>>> best = best_final_lineup(puzzle, ("C", "G"))
>>> best.plan.value, best.cards, best.solver_plan.value, best.solver_cards, best.gain
(5, {'G': 3}, 5, {'G': 0}, 3)
>>> best.plan.witness()["visitors"][-1]["visitor"]
'black cube'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator

from zoobook.fivebyfive import solver
from zoobook.fivebyfive.cards import CHARTS, FINAL_BONUS_CARDS, Round3, chart_points, round3_count
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import LineupPlan
from zoobook.fivebyfive.solver import compiled as solver_form
from zoobook.fivebyfive.vocabulary import BASIC_COLOURS, Category

__all__ = ["READ_BY_LINEUP", "FinalLineup", "best_final_lineup", "card_points", "final_lineup_steps",
           "reads_third_lineup"]

#: The final bonus cards that read the third round's lineup.
READ_BY_LINEUP = ("A", "B", "G")


def card_points(plan: LineupPlan, cards: Iterable[str]) -> dict[str, int]:
    """What the final bonus cards among *cards* that read the third lineup score for *plan*.

    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
    >>> board = Board((Tile.make("A3", "bird"), Tile.make("B3", "park")))
    >>> board = board.add_popularity(board.tiles[0])
    >>> plan = solver.best_plan(LineupPuzzle(board, "W", cubes="YR"))
    >>> len(plan.tiles), plan.points["popularity"]
    (2, 1)
    >>> card_points(plan, ("A", "C", "G"))           # 2 visitors: below A's chart; no set of five
    {'A': 0, 'G': 0}
    """
    lineup = Round3(tuple(colour for colour, _ in plan.visitors), plan.points["popularity"])
    return {letter: chart_points(letter, round3_count(letter, lineup)) for letter in cards if letter in READ_BY_LINEUP}


@dataclass(frozen=True)
class FinalLineup:
    """The best third lineup for the final score, and the solver's lineup beside it.

    Attributes
    ----------
    plan : LineupPlan
        The lineup: tiles, visitors, doors, free actions and its round points.
    cards : dict
        The points of the cards in play that read it (letter -> points).
    solver_plan : LineupPlan
        The lineup solver's lineup (the most round points).
    solver_cards : dict
        The same cards' points for the solver's lineup.
    paths : int
        The paths from the gate the hand can walk that were tried (those a bound
        proves no better are not counted).
    complete : bool
        Whether every lineup was tried or proved no better (``stop`` can end the walk early).
    """

    plan: LineupPlan
    cards: dict
    solver_plan: LineupPlan
    solver_cards: dict
    paths: int
    complete: bool = True

    @property
    def value(self) -> int:
        """Round points plus the cards' points: what the lineup adds to the final score."""
        return self.plan.value + sum(self.cards.values())

    @property
    def solver_value(self) -> int:
        """The same for the solver's lineup."""
        return self.solver_plan.value + sum(self.solver_cards.values())

    @property
    def gain(self) -> int:
        """Final points over the solver's lineup (0 when it is the best already)."""
        return self.value - self.solver_value

    def explanation(self) -> list[str]:
        """Why this lineup, in sentences."""
        if not self.cards:
            return ["No final bonus card in play reads the lineup (A, B and G do): the lineup solver's lineup, "
                    "the most round points, is the most final points too."]
        read = ", ".join(sorted(self.cards))
        lines = [f"In round 3 final bonus cards read the lineup too ({read} in play)."]
        lines.append(f"The lineup solver's lineup scores {self.solver_plan.value} round points and "
                     f"{sum(self.solver_cards.values())} from the cards: {self.solver_value}.")
        if self.gain:
            by_card = ", ".join(f"{letter} {points}" for letter, points in sorted(self.cards.items()))
            lines.append(f"This one scores {self.plan.value} round points and {by_card} from the cards: "
                         f"{self.value}, {self.gain} more.")
        else:
            lines.append("No lineup scores more: the solver's is best for the final score too.")
        if self.complete:
            lines.append(f"Nothing scores more: {self.paths} paths the hand can walk from the gate were played their "
                         f"best way for these cards, and a bound (the round's points and the cards at their most) "
                         f"proves every other one no better.")
        else:
            lines.append(f"The walk was stopped after {self.paths} paths: this is the best of those, and no worse "
                         f"than the solver's.")
        return lines


def best_final_lineup(puzzle: LineupPuzzle, cards: Iterable[str], stop=None) -> FinalLineup:
    """The third lineup with the most round points plus final bonus card points (A, B, G).

    Parameters
    ----------
    puzzle : LineupPuzzle
        The lineup: board, gate, hand, request cards (its round is not read: the cards are).
    cards : iterable of str
        The final bonus cards in play (letters A-H); those that do not read the lineup
        add nothing here.
    stop : callable or None
        Asked before each path: when it returns true the walk ends, and the answer is the
        best lineup found so far (``complete`` is false). A bot with a time cap passes one;
        the lineups of real games take a tenth of a second at most, but a full board with
        a big hand and cards A, B and G all in play can take seconds.

    Returns
    -------
    FinalLineup
        The best lineup; on a tie, the lineup solver's own.

    Raises
    ------
    ValueError
        If a card is not a final bonus card's letter.
    """
    cards = tuple(cards)
    unknown = [letter for letter in cards if letter not in FINAL_BONUS_CARDS]
    if unknown:
        raise ValueError(f"the final bonus cards are {', '.join(FINAL_BONUS_CARDS)}, not {', '.join(unknown)}")
    read = [letter for letter in READ_BY_LINEUP if letter in cards]
    solver_plan = solver.best_plan(puzzle)
    solver_cards = card_points(solver_plan, cards)
    best, best_cards, best_value = solver_plan, solver_cards, solver_plan.value + sum(solver_cards.values())
    if not read:                                        # nothing but the round reads it: the solver's
        return FinalLineup(solver_plan, solver_cards, solver_plan, solver_cards, 0)
    bound = solver.lineup_bound(puzzle)
    sets_at_most = (len(puzzle.cubes) + len(puzzle.meeples)) // len(BASIC_COLOURS)
    cards_at_most = _cards_at_most(read, bound.tiles_at_most, sets_at_most)

    def worth(length: int, tokens: int, doors: int) -> bool:
        """Whether a lineup beginning so could beat the best found: the round's bound plus
        the most the cards could give."""
        return bound.at(length, tokens, doors) + cards_at_most > best_value

    paths, complete = 0, True
    for steps, round_points in _walkable_paths(puzzle, worth):
        if stop is not None and stop():
            complete = False
            break
        paths += 1
        if round_points + _cards_at_most(read, len(steps), len(steps) // len(BASIC_COLOURS)) <= best_value:
            continue                                    # not even every card at its most for this path
        for option in _plans(puzzle, steps, "G" in read):
            points = card_points(option, cards)
            value = option.value + sum(points.values())
            if value > best_value:                      # strictly: on a tie the solver's stays
                best, best_cards, best_value = option, points, value
    return FinalLineup(best, best_cards, solver_plan, solver_cards, paths, complete)


def reads_third_lineup(state) -> bool:
    """Whether a final bonus card in play reads the lineup of the game's round: the third round,
    with A, B or G among the cards (so its best lineup is the one for the final score).

    >>> from zoobook.fivebyfive.game import GameState
    >>> state = GameState.new(players=1, seed=3, bonus_cards=("A", "C", "D"))
    >>> reads_third_lineup(state), state.round
    (False, 0)
    """
    from zoobook.fivebyfive.game import ROUNDS                   # the game builds on the lineup solver

    return state.round == ROUNDS and any(letter in READ_BY_LINEUP for letter in state.bonus_cards)


def final_lineup_steps(state, stop=None) -> tuple[FinalLineup, list] | None:
    """In a game at the start of a third lineup: the lineup for the final score and the
    engine's lineup actions that walk it, when it scores more than the solver's lineup.

    ``None`` when the solver's lineup (``BestLineup``) is as good: not the third round's
    lineup, a step of it already taken, no card in play that reads it, or no lineup that
    scores more. *stop* is :func:`best_final_lineup`'s. The steps end where the lineup
    ends; a lineup that can go on ends with a stop only when the player says so.

    >>> from zoobook.fivebyfive.game import GameState
    >>> final_lineup_steps(GameState.new(players=1, seed=3)) is None     # the setup: no lineup yet
    True
    """
    from zoobook.fivebyfive.game import witness_steps            # the game builds on the lineup solver

    if not reads_third_lineup(state) or state.phase != "lineup" or state.lineup.path:
        return None
    best = best_final_lineup(state.lineup_puzzle(), state.bonus_cards, stop=stop)
    if best.gain <= 0:
        return None
    return best, witness_steps(best.plan.witness())


def _cards_at_most(read: list[str], tiles: int, sets: int) -> int:
    """The most cards A, B and G among *read* can give a lineup of at most *tiles* tiles and
    *sets* colour sets (B: every tile popular)."""
    most = {"A": tiles, "B": tiles, "G": sets}
    return sum(chart_points(letter, most[letter]) for letter in read)


def _walkable_paths(puzzle: LineupPuzzle, worth=None) -> Iterator[tuple[list, int]]:
    """Every path from the gate the hand can make, as (tile, border) steps with its round
    points (the solver's closed form), depth first from the empty lineup. A path the hand
    cannot make is not extended (every extension needs more visitors or more doors), nor
    one that ``worth(length, tokens, doors)`` says cannot lead to a better lineup (asked as
    the path is reached, so a bound that tightens as the walk goes cuts more)."""
    comp = solver_form._compiled(puzzle)
    yield [], max(0, comp.value([0] * 6, 0, 0, 0, 0, 0))
    if comp.entry is None:
        return
    first, kind, first_border = comp.entry
    stack = [([(first, first_border)], _counted((0,) * 10, comp.cat[first], comp.pop[first], kind))]
    while stack:
        path, counts = stack.pop()
        t, (n, pv, w, o, e) = list(counts[:6]), _tally(counts)
        if worth is not None and not worth(n, pv, e):
            continue
        value = comp.value(t, n, pv, w, o, e)
        if value < 0:
            continue                                    # the hand cannot: nor any longer path
        yield [(comp.tiles[j], comp.border(ref)) for j, ref in path], value
        visited = {j for j, _ in path}
        for j, kind, ref in reversed(comp.adj[path[-1][0]]):
            if j not in visited:
                stack.append((path + [(j, ref)], _counted(counts, comp.cat[j], comp.pop[j], kind)))


def _counted(counts: tuple, category: int, token: int, kind: int) -> tuple:
    """*counts* -- tiles per category (6), then popular tiles, walls, open borders and doors
    crossed -- after one more tile of *category* entered over a border of *kind*."""
    tiles = list(counts)
    tiles[category] += 1
    tiles[6] += token
    tiles[7 + kind] += 1                                # the solver's kinds: wall 0, open 1, door 2
    return tuple(tiles)


def _tally(counts: tuple) -> tuple[int, int, int, int, int]:
    """(tiles, popular tiles, walls, open borders, doors) of *counts* (see :func:`_counted`)."""
    return (sum(counts[:6]), counts[6], counts[7 + solver_form._WALL], counts[7 + solver_form._OPEN],
            counts[7 + solver_form._DOOR])


def _plans(puzzle: LineupPuzzle, steps: list, colour_sets: bool) -> Iterator[LineupPlan]:
    """The best ways to play one path: the solver's plan, and with *colour_sets* (card G)
    the parks' visitors chosen for 1, 2 and 3 sets of the five colours."""
    plan = solver.plan_for_path(puzzle, steps)
    yield plan
    parks = {i for i, (tile, _) in enumerate(steps) if tile.category is Category.PARK}
    if not colour_sets or not parks:
        return
    meeples, cubes, placed = Counter(puzzle.meeples), Counter(puzzle.cubes), Counter()
    for i, (colour, meeple) in enumerate(plan.visitors):
        if i not in parks:                              # a coloured tile: its colour, whatever the choice
            (meeples if meeple else cubes)[colour.letter] -= 1
            placed[colour.letter] += 1
    for sets in range(1, max(CHARTS["G"]) + 1):
        choice = _park_visitors(len(parks), sets, placed, meeples, cubes)
        if choice is None:
            continue
        try:
            yield solver.plan_for_path(puzzle, steps, choice)
        except ValueError:                              # too few cubes left for the walls' doors
            continue


def _park_visitors(parks: int, sets: int, placed: Counter, meeples: Counter,
                   cubes: Counter) -> tuple[tuple[str, bool], ...] | None:
    """Visitors for *parks* parks that make *sets* colour sets with those *placed* on the other
    tiles, spending as few cubes as can be (meeples first), or ``None`` if none can.

    >>> _park_visitors(2, 1, Counter("RGBK"), Counter("Y"), Counter("RY"))
    (('Y', True), ('R', False))
    >>> _park_visitors(1, 1, Counter("RGB"), Counter(), Counter("YK")) is None   # two colours short, one park
    True
    """
    meeples, cubes = Counter(meeples), Counter(cubes)
    chosen: list[tuple[str, bool]] = []
    for colour in BASIC_COLOURS:
        for _ in range(max(0, sets - placed[colour.letter])):
            pool = meeples if meeples[colour.letter] > 0 else cubes
            if pool[colour.letter] <= 0 or len(chosen) == parks:
                return None
            pool[colour.letter] -= 1
            chosen.append((colour.letter, pool is meeples))
    spare = [(letter, True) for letter in sorted(meeples.elements())]
    spare += [(letter, False) for letter in sorted(cubes.elements(), key=lambda x: (x != "W", x))]
    rest = parks - len(chosen)
    if len(spare) < rest:
        return None
    return tuple(chosen + spare[:rest])
