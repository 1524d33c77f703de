"""The Zooloretto rules index (issue 18): it loads, every reference resolves, every rule has an engine, a
lesson and a test, every refusal the engine gives names a rule of the index, every drill reaches its goal
through the engine and refuses a wrong move with the rule's ID, and every quiz asks real questions."""

from __future__ import annotations

from zoobook.learn.quiz import ScoreSource, question_at
from zoobook.zooloretto.scoring import score

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from zoobook.learn.drill import DrillRun
from zoobook.learn.index import broken_references, coverage, load_index
from zoobook.learn.quiz import questions
from zoobook.game_api import contract_violations
from zoobook.zooloretto.game import ZoolorettoState
from zoobook.zooloretto.learn import DRILLS, QUIZZES

from .test_game import CANDIDATES, COMBOS

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def index():
    return load_index("zooloretto")


def test_the_index_loads_with_every_group(index):
    assert index.game == "Zooloretto"
    groups = Counter(rule.group for rule in index.rules)
    assert set(groups) == {"turn", "placing", "offspring", "money", "scoring", "buildings", "sites"}
    assert len(index.rules) >= 60


def test_no_reference_is_broken(index):
    assert broken_references(index) == []


def test_coverage_is_complete(index):
    found = coverage(index)
    assert found.complete, (found.lacking_engine, found.lacking_lesson, found.lacking_tests)
    assert str(found) == f"Zooloretto: {len(index.rules)} rules, engine {len(index.rules)}/{len(index.rules)}, " \
        f"lesson {len(index.rules)}/{len(index.rules)}, test {len(index.rules)}/{len(index.rules)}"


def test_every_ruling_and_assumed_value_of_the_game_is_linked(index):
    """Independently of the core's check: read the data files and look for each ID and key."""
    rulings = tomllib.loads((REPO / "zoobook/data/rulings.toml").read_text())
    ours = {key for key, entry in rulings.items() if entry.get("game") == "Zooloretto"} | {"F20"}
    linked = {rule.id for rule in index.rules} | {r for rule in index.rules for r in rule.rulings}
    assert ours <= linked, ours - linked
    section = tomllib.loads((REPO / "zoobook/data/assumed.toml").read_text())["zooloretto"]
    keys = {f"zooloretto.{k}" for k, v in section.items() if k != "game"}
    keys |= {f"zooloretto.game.{k}" for k in section["game"]}
    assert keys == {key for rule in index.rules for key in rule.assumed}


def test_every_sentence_group_of_both_rulebooks_has_a_rule(index):
    """Each section of the two expansion rulebooks is the source of at least one rule."""
    sources = " ".join(rule.source for rule in index.rules)
    for section in ("Preparation", "The Restaurant", "Restaurant Scoring", "The Souvenir Shop",
                    "Souvenir Shop Scoring", "The Pavilions", "Combining Expansions",
                    "Construction Sites, markers", "placing markers", "Money actions 1)", "Money actions 2)",
                    "Construction Sites, Scoring"):
        assert section in sources, section


def _random_refusals(players, seed, expansions):
    state = ZoolorettoState.new(players=players, seed=seed, expansions=expansions)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            for action in CANDIDATES:
                why = state.refusal(action)
                if why is not None:
                    yield action, why
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    for action in CANDIDATES[:5]:
        yield action, state.refusal(action)


@pytest.mark.parametrize("expansions", COMBOS, ids=["base", "buildings", "sites", "both"])
def test_every_refusal_seen_in_random_play_resolves_in_the_index(index, expansions):
    seen = Counter()
    for action, why in _random_refusals(3, 11, expansions):
        assert why.rule, (action, why)
        index.resolve(why.rule)  # raises when the rule is not in the index
        seen[why.rule] += 1
    assert len(seen) >= 8, seen


def test_every_refusal_of_the_drills_resolves_and_no_rule_is_free_text(index):
    for drill in DRILLS:
        state = drill.start()
        for action in drill.choices(state):
            why = state.refusal(action)
            if why is not None:
                assert not why.rule.startswith("base game"), why
                index.resolve(why.rule)


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_every_drill_solution_reaches_its_goal(index, drill):
    for rule in drill.rules:
        index.resolve(rule)
    run = DrillRun(drill)
    assert not run.done, "a drill starts short of its goal"
    for action in drill.solution:
        assert action in drill.choices(run.state), f"{action} is not offered"
        answer = run.try_action(action)
        assert answer.accepted, answer.message
    assert run.done and answer.reached


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_a_wrong_choice_is_refused_with_the_rules_id_and_changes_nothing(index, drill):
    run = DrillRun(drill)
    wrong = [a for a in drill.choices(run.state) if run.state.refusal(a) is not None]
    assert wrong, "a drill offers at least one illegal move"
    before = repr(run.state)
    for action in wrong:
        answer = run.try_action(action)
        assert not answer.accepted and answer.refusal.rule in answer.message
        assert repr(run.state) == before and not run.done


def test_every_group_has_a_drill_and_a_quiz(index):
    groups = {rule.group for rule in index.rules}
    assert {drill.group for drill in DRILLS} == groups
    assert {source.group for source in QUIZZES} == groups
    assert {drill.id for drill in DRILLS} <= {cell for rule in index.rules for cell in
                                                (anchor.partition("#")[2] for anchor in rule.lesson)}


def winner_by_z_score_6(state) -> int:
    """The winner by Z-SCORE-6 read from the rules index, sharing no code with ranking(): the most
    points (each zoo scored by scoring.score, pinned by test_scoring), equal points to the player with
    more coins, and (our own convention) the lower seat when both are equal."""
    best = None
    for seat, zoo in enumerate(state.zoos):
        points = score(zoo).total
        if best is None or points > best[0] or (points == best[0] and zoo.coins > best[1]):
            best = (points, zoo.coins, seat)
    return best[2]


@pytest.mark.parametrize("source", QUIZZES, ids=[q.group for q in QUIZZES])
def test_every_quiz_asks_five_distinct_questions_the_engine_answers(index, source):
    if isinstance(source, ScoreSource):  # the same words about new zoos: the stream, not distinct prompts
        asked = [question_at(source, 3, k, index=index) for k in range(5)]
    else:
        asked = questions(source, 5, seed=3)
        assert len({q.prompt for q in asked}) == 5
    for question in asked:
        assert question.group == source.group
        if question.kind == "points":  # the engine's score (or ranking), each line citing an index rule
            state = question.state
            if source.answer:  # "Who wins?": Z-SCORE-6 written again, not the quiz's own answer (ranking()[0])
                expected = winner_by_z_score_6(state)
            else:
                expected = score(state.zoos[state.current_player]).total
            assert question.points == expected and question.points in question.options
            assert all(index.resolve(line.rule) for line in question.breakdown)
            continue
        assert question.legal == (question.refusal is None)
        # the answer key agrees with the engine's other voice: the list of legal actions
        assert question.legal == (question.action in question.state.legal_actions())
        assert question.state.refusal(question.action) == question.refusal
        if question.refusal is not None:
            index.resolve(question.refusal.rule)
            assert question.refusal.rule in question.explanation
    if not isinstance(source, ScoreSource):
        assert questions(source, 5, seed=3) == asked, "seeded: the same questions again"


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_every_drill_position_keeps_the_game_api_contract(drill):
    """A drill's position is a real engine state: legal exactly when not refused, refusals change nothing."""
    state = drill.start()
    for action in drill.solution:
        assert contract_violations(state, drill.choices(state)) == []
        state.apply(action)
