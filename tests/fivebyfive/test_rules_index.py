"""The 5x5 Zoo rules index: complete, linked, and agreeing with the engine; the drills and quizzes work.

Also the rule checks the index points at that no older test made (setup, preparation, special cards,
final scoring).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.cards import special_card_points
from zoobook.fivebyfive.game import BestLineup, ChooseSpecial, GameState, PlaceTile, RowEffect, Take, components_special
from zoobook.fivebyfive.learn import DRILLS, QUIZZES, after_setup, describe, has_special, special_seed
from zoobook.game_api import contract_violations
from zoobook.learn import DrillRun, broken_references, coverage, load_index, questions
from zoobook.learn.quiz import question_rules
from zoobook.rulings import all_rulings
from zoobook.widgets.drill import draw

INDEX = load_index("fivebyfive")


# -- the index ----------------------------------------------------------------------------------------------
def test_the_index_loads_with_every_group_taught():
    assert INDEX.game == "5x5 Zoo" and len(INDEX.rules) >= 60
    assert set(INDEX.groups()) == {d.group for d in DRILLS} == {q.group for q in QUIZZES}


def test_no_reference_is_broken_and_every_f_ruling_and_5x5_assumed_key_is_linked():
    assert broken_references(INDEX) == []
    linked = {r for rule in INDEX.rules for r in rule.rulings} | {rule.id for rule in INDEX.rules}
    assert {r.id for r in all_rulings() if r.id.startswith("F")} <= linked


def test_coverage_is_complete():
    report = coverage(INDEX)
    assert report.complete, report
    assert report.total == report.with_engine == report.with_lesson == report.with_tests == len(INDEX.rules)


def test_drill_rules_resolve_and_each_drill_has_its_notebook_cell():
    cells = {target for rule in INDEX.rules for target in rule.lesson}
    for drill in DRILLS:
        for rule_id in drill.rules:
            assert INDEX.resolve(rule_id).group in {drill.group, "turn", "free", "popularity"}, (drill.id, rule_id)
        assert f"notebooks/20-learn-5x5.ipynb#{drill.id}" in cells, drill.id


def _candidates(state, rng):
    from zoobook.fivebyfive.learn_positions import game_choices as _game_choices

    extra = [lu.Move("C3"), lu.Place(lu.Colour.WHITE), lu.PlaceDoor("A1:N"), lu.BuyDoor("RRR"), lu.Stop(),
             Take(rng.randint(0, 7), rng.randint(-1, 5)), RowEffect(), BestLineup(), "nonsense"]
    return _game_choices(state) + extra


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_refusal_seen_in_random_games_resolves_in_the_index(players):
    rng = random.Random(players)
    seen = Counter()
    state = GameState.new(players=players, seed=players * 17)
    while True:
        for action in _candidates(state, rng):
            why = state.refusal(action)
            if why is not None:
                assert why.rule, f"{action!r} refused without a rule: {why}"
                INDEX.resolve(why.rule)          # KeyError when the index does not know it
                seen[why.rule] += 1
        if state.is_terminal():
            break
        legal = [a for a in state.legal_actions() if not isinstance(a, BestLineup)]
        state.apply(rng.choice(legal))
    assert {"F3", "F15", "F-TURN-6", "F-TURN-7", "F-PLACEMENT-2", "F4", "F-FINAL-1"} <= set(seen), seen


def test_every_lineup_refusal_on_random_boards_resolves():
    from zoobook.fivebyfive.learn_quizzes import _free_candidates, _lineup_candidates, _random_lineup

    rng = random.Random(3)
    rules = set()
    for _ in range(40):
        state = _random_lineup(rng)
        for action in _lineup_candidates(state, rng) + _free_candidates(state, rng):
            why = state.refusal(action)
            if why is not None:
                rules.add(INDEX.resolve(why.rule).id)
    assert {"F4", "F6", "F9"} <= rules


# -- drills ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_every_drill_solution_reaches_its_goal(drill):
    run = DrillRun(drill, INDEX)
    assert not run.done
    for action in drill.solution:
        answer = run.try_action(action)
        assert answer.accepted, answer.message
    assert run.done and answer.reached and "Goal reached" in answer.message
    assert all(INDEX.resolve(rule_id) for rule_id in drill.rules)
    assert draw(drill.picture, run.state).strip()


@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_a_wrong_choice_is_refused_naming_the_rule_and_changes_nothing(drill):
    run = DrillRun(drill, INDEX)
    for step in range(len(drill.solution) + 1):
        refused = [a for a in run.choices() if run.state.refusal(a) is not None]
        if refused:
            before = repr(run.state)
            answer = run.try_action(refused[0])
            rule = INDEX.resolve(answer.refusal.rule)
            assert not answer.accepted and f"[{answer.refusal.rule}]" in answer.message
            assert rule.statement in answer.message
            assert repr(run.state) == before and len(run.history) == step
            break
        run.try_action(drill.solution[step])
    else:
        pytest.fail(f"{drill.id} never offers an illegal choice")


def test_drill_states_keep_the_engine_contract():
    for drill in DRILLS:
        state = drill.start()
        assert contract_violations(state, drill.choices(state), snapshot=repr) == [], drill.id


# -- quizzes --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("source", QUIZZES, ids=lambda q: q.group)
def test_every_quiz_yields_five_distinct_questions_the_engine_agrees_with(source):
    quiz = questions(source, 5, seed=11, index=INDEX)
    assert len(quiz) == 5 and len({q.prompt for q in quiz}) == 5
    for question in quiz:
        assert set(question_rules(question)) <= {INDEX.resolve(r).id for r in source.rules} | set(source.rules)
        if question.kind == "points":       # the answer is the engine's, its lines name resolvable rules
            assert question.points in question.options
            assert all(INDEX.resolve(line.rule) for line in question.breakdown)
            if source.answer is None:
                assert question.points == sum(line.points for line in question.breakdown)
            continue
        why = question.state.refusal(question.action)
        assert question.legal == (why is None) and question.refusal == why
        if why is not None:
            assert f"[{why.rule}]" in question.explanation and INDEX.resolve(why.rule).statement in question.explanation
    assert questions(source, 5, seed=11, index=INDEX) == quiz


# -- rule checks the index points at ----------------------------------------------------------------------------
def test_one_to_four_players():
    for players in (1, 2, 3, 4):
        assert len(GameState.new(players=players, seed=1).players) == players
    for players in (0, 5):
        with pytest.raises(ValueError, match="1-4 players"):
            GameState.new(players=players, seed=1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_deals_cards_gates_requests_and_a_door(seed):
    game = GameState.new(players=3, seed=seed, beginner=True)
    assert game.bonus_cards == ("A", "B", "C") and game.condition == "A"
    assert len(game.directions) == 3 and len(set(game.directions)) == 3 and set(game.directions) <= set("NESW")
    assert all(len(p.requests) == 3 and p.doors == 1 and p.score == 0 for p in game.players)
    assert len({r for p in game.players for r in p.requests}) == 9     # three different cards each
    drawn = GameState.new(players=2, seed=seed)
    assert len(set(drawn.bonus_cards)) == 3 and drawn.condition in "ABCDEF"


def test_preparation_returns_cubes_keeps_meeples_and_deals_round_cubes():
    for seed in range(4):
        game = after_setup(2, seed)
        assert [len(p.cubes) for p in game.players] == [1, 1]           # round 1: one random cube each
        rng = random.Random(seed)
        meeples, leftovers = {}, []
        while game.round == 1:
            if game.phase == "lineup":                                  # stop at once, keeping the hand
                meeples[game.current_player] = game.lineup.hand.meeples
                leftovers = game.mainboard.remaining()
                game.apply(lu.Stop())
            else:
                game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, BestLineup)]))
        assert game.round == 2 and game.phase == "main"
        for seat, player in enumerate(game.players):
            cube_cards = sum(components_special(c).effect == "cube-every-round" for c in player.specials)
            assert len(player.cubes) == 2 + cube_cards                  # old cubes gone, two new ones
            assert player.meeples == meeples.get(seat, player.meeples)  # meeples stay in hand
        assert len(leftovers) == 2 and not set(leftovers) & set(game.mainboard.remaining())


def test_the_customer_deck_is_reshuffled_from_its_discard_pile():
    game = after_setup(1, 2)
    game.customer_discard = game.customer_deck + game.customer_discard
    game.customer_deck = []
    before = len(game.customer_discard)
    game._random_cube(0, "test")
    assert len(game.customer_deck) == before - 1 and game.customer_discard and len(game.customer_discard) == 1


def test_a_take_brings_the_rows_display_cube():
    game = after_setup(1, 4)
    cube = game.mainboard.cube_for(1)
    cubes = Counter(game.players[0].cubes)
    game.apply(Take(1, 0))
    assert Counter(game.players[0].cubes) - cubes == Counter(cube)


def test_a_condition_token_is_earned_in_play():
    game = after_setup(1, 5, condition="A")
    game.apply(Take(1, 0))
    tile = game.players[0].hand[0][0]
    game.apply(PlaceTile(tile, "E5"))
    assert [t.anchor.name for t in game.players[0].board.tiles if game.players[0].board.is_popular(t)] == ["E5"]


@pytest.mark.parametrize("effect", ["category-points", "three-points", "cube-every-round", "door-and-cube",
                                    "popularity-and-cube", "draw-tile"])
def test_each_special_card_effect(effect):
    game = after_setup(1, special_seed(effect))
    game.apply(Take(3, 0))
    game.apply(RowEffect())
    card = next(c for c in game.mainboard.specials if components_special(c).effect == effect)
    player = game.players[0]
    cubes, doors, hand = len(player.cubes), player.doors, len(player.hand)
    game.apply(ChooseSpecial(card))
    player = game.players[0]
    assert has_special(game, effect) and card not in game.mainboard.specials
    gained = len(player.cubes) - cubes
    assert gained == (1 if effect in ("cube-every-round", "door-and-cube", "popularity-and-cube") else 0)
    assert player.doors - doors == (effect == "door-and-cube")
    assert len(player.hand) - hand == (effect == "draw-tile")
    assert (game.pending[0][0] == "popularity") == (effect == "popularity-and-cube")
    points = special_card_points(components_special(card), player.board)
    if effect == "three-points":
        assert points == 3
    elif effect == "category-points":
        category = components_special(card).category
        assert points == sum(t.category is category for t in player.board.tiles)
    else:
        assert points == 0
    if effect == "cube-every-round":            # and one more cube at every later preparation phase
        rng = random.Random(0)
        while game.round == 1:
            game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, BestLineup)]))
        assert len(game.players[0].cubes) == 2 + 1


def test_final_scoring_adds_bonus_cards_specials_and_stars():
    rng = random.Random(9)
    game = after_setup(2, 9)
    while not game.is_terminal():
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, BestLineup)]))
    for player in game.players:
        names = [name for name, _ in player.final]
        assert names[:3] == [f"bonus {b}" for b in game.bonus_cards]
        assert [n for n in names if n.startswith("special")] == [f"special {c}" for c in player.specials]
        assert names[-1] == "stars" and dict(player.final)["stars"] == sum(t.stars for t in player.board.tiles)
        assert player.score == sum(r.total for r in player.rounds) + sum(points for _, points in player.final)


# -- drills that need the rule, quizzes that test rules (issue 43) ----------------------------------------
def _walk(drill, depth_extra=2, budget=3000):
    """Every legal path through the drill's offered choices: goal reached, missed (with why), or stuck."""
    found = {"goal": 0, "missed": set(), "stuck": []}
    budget = [budget]

    def walk(state, depth, path):
        budget[0] -= 1
        if budget[0] < 0 or drill.reached(state):
            found["goal"] += budget[0] >= 0
            return
        why = drill.misses(state) if path else None
        if why:
            found["missed"].add(why)
            return
        legal = [a for a in drill.choices(state) if state.refusal(a) is None]
        if not legal:
            found["stuck"].append([drill.describe(a) for a in path])
            return
        for action in legal if depth else ():
            after = state.clone()
            after.apply(action)
            walk(after, depth - 1, path + [action])

    walk(drill.start(), len(drill.solution) + 2, [])
    return found


@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_no_legal_move_leaves_a_drill_silently_stuck(drill):
    walked = _walk(drill)
    assert walked["goal"] >= 1
    assert walked["stuck"] == [], f"{drill.id}: legal paths that end with no move and no reason"


NEED_THE_RULE = [d for d in DRILLS if d.id not in {"drill-setup-start-tiles", "drill-placement"}]


@pytest.mark.parametrize("drill", NEED_THE_RULE, ids=lambda d: d.id)
def test_a_drill_can_be_missed_by_a_legal_move_and_says_why(drill):
    """Clicking legal buttons at random does not finish it: some legal path misses, and says why in words."""
    walked = _walk(drill)
    assert walked["missed"], f"{drill.id}: every legal path reaches the goal"
    assert all(len(why) > 20 and not why.endswith(".") for why in walked["missed"])


@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_a_drill_goal_names_no_button(drill):
    labels = {drill.describe(a) for a in drill.solution}
    assert not any(label in drill.goal for label in labels), drill.goal
    run = DrillRun(drill, INDEX)
    for action in drill.solution:
        answer = run.try_action(action)
        assert answer.missed is None, (drill.id, answer.message)      # the way there is never called a miss


def test_undo_after_a_missing_move_brings_the_goal_back_in_reach():
    from zoobook.fivebyfive.learn import drill as drill_by_id

    run = DrillRun(drill_by_id("drill-lineup-colours"), INDEX)
    run.try_action(lu.Move("A3"))
    answer = run.try_action(lu.Place(lu.Colour.WHITE))         # the white cube was the bird's only visitor
    assert answer.accepted and answer.missed and "Undo" in answer.message
    assert run.undo() and run.missed is None
    assert run.try_action(lu.Place(lu.Colour.RED)).missed is None


def test_the_quizzes_ask_about_nine_in_ten_rules_and_not_legal_is_no_safe_guess():
    from zoobook.learn import quizzes
    from zoobook.learn.quiz import quiz_coverage

    report = quiz_coverage("fivebyfive", quizzes("fivebyfive"), per_source=30, seed=1)
    assert report.share >= 0.9, report.never
    assert report.always_not_legal <= 0.6 and report.answers["points"] > 0
    assert {"F7", "F17", "F19", "F-SOLO-4", "F-FINAL-9"} <= set(report.asked)


def test_notebook_23_stores_no_drill_solution_and_shows_every_table_whole():
    import json

    from zoobook.learn.index import repo_root

    notebook = json.loads((repo_root() / "notebooks" / "20-learn-5x5.ipynb").read_text(encoding="utf-8"))
    stored = json.dumps([cell.get("outputs", []) for cell in notebook["cells"]], ensure_ascii=False)
    assert "Goal reached" not in stored and "One way:" not in stored and ": legal." not in stored
    for action_words in {describe(a) for d in DRILLS for a in d.solution if not isinstance(a, (lu.Move, lu.Place))}:
        assert f"{action_words}: legal" not in stored
    assert stored.count("\u2192") >= 51                                # every bonus chart value, "count -> points"
    assert "Legendary Zookeeper" in stored and "Totally uninterested in zookeeping" in stored
    assert all(f"row {n}" in stored or f">{n}<" in stored for n in range(1, 7))
