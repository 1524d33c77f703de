"""Generators of the whole-game kinds ``steam-zoo/clear`` and ``steam-easter/clear``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.generate import generate, get_generator, steam_game
from zoobook.generate.grading import Facts
from zoobook.generate.steam_game import (_EASTER_SIZES, EASTER_DECOY_STEPS, MAX_OPTIONS, MOST_TURNS,
                                         ZOO_DECOY_STEPS, _quick_solution, clear_facts, clear_grade,
                                         easter_game, greedy_turns, plan_themes, zoo_game)
from zoobook.puzzles.solution import Solution
from zoobook.puzzles.loading import load_puzzle, parse_puzzle
from zoobook.steam.game import plan
from zoobook.steam.game.kinds import plan_solution, solve
from zoobook.steam.game.planner import turn_options
from zoobook.steam.game.state import OVER, Game
from zoobook.steam.zoo.model import Area, ZooMap

# The planner's brute-force twin (written from the rules, sharing nothing with the engine)
# lives with the planner's tests; reuse it, never copy it.
from tests.steam.twins import ZooInstance, solve_zoo, zoo_game as twin_game

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("steam-zoo/clear", "steam-easter/clear")
FOLDERS = {"steam-zoo/clear": ROOT / "puzzles" / "steam-zoo-game",
           "steam-easter/clear": ROOT / "puzzles" / "steam-easter-game"}


# Seeds that make a puzzle in well under a second (it varies 20-fold from seed to seed); the
# Zoo's redraws two candidates first, so the stream is also the same past a rejection.
DETERMINISM_SEEDS = {"steam-zoo/clear": 3, "steam-easter/clear": 8}


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_writes_the_same_bytes_and_the_file_certifies(kind):
    seed = DETERMINISM_SEEDS[kind]
    first = generate(kind, difficulty=1, seed=seed)[0]
    assert first.text == generate(kind, difficulty=1, seed=seed)[0].text
    assert first.id == f"generated-{kind.split('/')[0].split('-')[1]}-clear-d1-s{seed}-1"
    assert first.tries == (3 if kind == "steam-zoo/clear" else 1)
    reread = parse_puzzle(first.text)
    assert reread.solve().value == first.solution.value == reread.answer.value


def _goats_and_lions() -> Game:
    """goats (danger 1) and lions (danger 4), one land hex apart, 3 turns.

    goats -> lions needs level 1 (the destination's danger does not count); lions -> goats
    needs level 4, or 3 with Feeding. A turn has one card and two move-goods rounds, and a
    raise takes a round: the Locomotive card reaches 3 and the Feeding card counts as one
    level, never both, so lions -> goats needs a raise, and with both shipments that is
    three rounds: two turns. The base-game greedy player takes no card and never raises
    (a raise only costs a dollar of expenses this turn), so it never feeds the goats: counted
    as clearing in turn 4, one after the limit, its gap is (4 - 2) / 2 = 1.
    """
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("lions", (2, 0), 4)])
    return Game.zoo(zoo, [(1, 0)], 3)


def _clears_by(game: Game, position, deadline: int) -> bool:
    if position.phase == OVER:
        return position.outcome.cleared and position.outcome.turns <= deadline
    return plan(game, position, deadline=deadline).cleared


def test_facts_of_a_hand_derived_game():
    game = _goats_and_lions()
    solution = solve(game)
    facts = clear_facts(game, solution)
    assert solution.value == 2
    assert greedy_turns(game) is None
    assert (facts.greedy_value, facts.greedy_gap, facts.optima) == (None, 1.0, None)
    stats = plan(game).stats
    assert (facts.effort, facts.decoys) == (stats.weighed, stats.refuted)
    # The decoys counted opening by opening: each first turn, then the best plan from there.
    losing = [after for _, after in turn_options(game, game.start, 2) if not _clears_by(game, after, 2)]
    assert facts.decoys == len(losing) >= 1    # the search played out every losing opening here
    assert "locomotive raised" in facts.themes and "greedy never clears" in facts.themes
    assert "plan over several turns" in facts.themes


def test_greedy_clears_a_map_that_needs_no_card_at_once():
    # Both of danger 1: the S11b start's locomotive 1 ships either way without a card.
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    game = Game.zoo(zoo, [(1, 0)], 3)
    facts = clear_facts(game, solve(game))
    assert facts.greedy_value == 1 and facts.greedy_right and facts.decoys == 0


def test_themes_read_the_plan():
    game = _goats_and_lions()
    lines = ["turn 1: issue 0 shares; select rapa-nui on Red 3; lay track (0,0) (1,0); end build; "
             "ship goats =teleport=> lions; pass"]
    themes = plan_themes(game, lines)
    assert themes == ("Rapa Nui", "teleport used", "incomplete track carried over", "cash tiebreak")


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_planner_agrees_with_the_twin_on_generated_tiny_zoo_games(seed):
    made = zoo_game(random.Random(seed), 4, 2, 2, 0, 0, 4, 0.0, turns=1)
    zoo = made.start.board
    inst = ZooInstance(tuple((a.name, tuple(a.hex), a.danger) for a in zoo.areas),
                       tuple(sorted(tuple(h) for h in made.land))[:4], turns=1, shares=13)
    assert (None if not (found := plan(twin_game(inst))).cleared
            else (found.turns, found.score, found.cash)) == solve_zoo(inst)


@pytest.mark.parametrize("kind", KINDS)
def test_every_grade_is_reached_by_a_shipped_generated_puzzle(kind):
    """The shipped files of each grade re-solve to their answer and re-grade to their grade,
    and each grade means what the scale says (turns needed, the plain play, decoy openings)."""
    generator = get_generator(kind)
    steps = ZOO_DECOY_STEPS if kind == "steam-zoo/clear" else EASTER_DECOY_STEPS
    grades = set()
    for path in sorted(FOLDERS[kind].glob("generated-*.toml")):
        puzzle = load_puzzle(path)
        solution = puzzle.solve()
        assert solution.value == puzzle.answer.value
        facts = clear_facts(puzzle.model, solution)
        stated = int(re.search(r"-d(\d)-", path.name).group(1))
        assert generator.grade(puzzle.model, solution, facts) == stated == puzzle.difficulty
        if stated == 1:
            assert solution.value == 1 and facts.greedy_value == 1
        if stated >= 3:
            assert solution.value == 2 and facts.greedy_value != 2 and not facts.greedy_right
            assert facts.decoys >= (0, *steps)[stated - 3]
            assert facts.decoys < (*steps, 10 ** 9)[stated - 3]
        grades.add(stated)
    assert grades == {1, 2, 3, 4, 5}


def test_the_grade_scale_reads_turns_the_plain_play_and_decoys():
    solved = lambda turns: Solution(turns, {}, ())   # noqa: E731
    steps = (10, 20)
    assert clear_grade(None, solved(1), Facts(1, 0, 0.0, 1), steps) == 1
    assert clear_grade(None, solved(1), Facts(1, 0, 1.0, 2), steps) == 2
    assert clear_grade(None, solved(2), Facts(1, 30, 0.0, 2), steps) == 2    # greedy right: at most 2
    assert [clear_grade(None, solved(2), Facts(1, d, 0.5, 3), steps) for d in (0, 9, 10, 19, 20)] == [3, 3, 4, 4, 5]
    assert clear_grade(None, solved(2), Facts(1, 0, 1.0, None), steps) == 3


#: The seed the sampler of each difficulty hint is watched with (kind -> hint -> seed).
SAMPLER_SEEDS = {"steam-zoo/clear": {1: 1, 2: 2, 3: 7, 4: 0, 5: 2},
                 "steam-easter/clear": {1: 1, 2: 2, 3: 5, 4: 0, 5: 5}}


@pytest.mark.parametrize("kind", KINDS)
def test_generating_is_quick_and_settled_by_counts(kind, monkeypatch):
    """A candidate is kept or redrawn by counts (options of the first turn, turns needed), never
    by a clock, so a generated puzzle is the same on every machine; every grade's sizes draw a
    map the exact planner settles within the caps.

    Each kept map is planned once, by the sampler itself: the test watches that run (what the
    planner reported weighing) instead of planning the map a second time. The seeds are ones
    whose draws settle in about a second (the cost varies ten-fold from seed to seed); between
    them the caps redraw some candidates, so the redraw is watched too."""
    runs = []

    def watched(game, **kwargs):
        weighed, budget = [], kwargs["progress"]
        kwargs["progress"] = lambda done, total, message: weighed.append(total) or budget(done, total, message)
        runs.append((game, weighed))
        return plan_solution(game, **kwargs)

    monkeypatch.setattr(steam_game, "plan_solution", watched)
    _quick_solution.cache_clear()   # a map planned by an earlier test would not be planned here
    sample = get_generator(kind).sample
    for hint, seed in SAMPLER_SEEDS[kind].items():
        game = sample(random.Random(seed), hint)
        planned, weighed = runs[-1]        # the sampler's last run: the map it kept
        assert planned is game
        solution = _quick_solution(game)   # that run's answer (cached)
        assert 1 <= solution.value <= MOST_TURNS
        assert solution.witness["turns"] == solution.value
        # The cap counts what the planner weighs at its root turn (reported through progress).
        assert weighed and max(weighed) <= MAX_OPTIONS[game.rules.name]
    assert len(runs) > 5   # some candidate was redrawn


def test_the_easter_sampler_draws_two_rows_towns_and_moai():
    rng = random.Random(5)
    islands = [easter_game(rng, *_EASTER_SIZES[hint]).start.board for hint in (3, 4, 5) for _ in range(4)]
    rows = [len({h.r for h, _ in island.hexmap.terrain} | {c.hex.r for c in island.cities}) for island in islands]
    assert min(rows) >= 2
    assert any(island.towns() for island in islands)
    assert sum(any(len(c.cubes) == 2 for c in island.cities) for island in islands) >= 4   # Rapa Nui's moai
    with_town = [island for island in islands if island.towns()]
    assert all(any("black" in c.cubes for c in island.cities) for island in with_town)
