"""The Learn core: rules index files, coverage, broken references, ``zoobook rules``, drills, quizzes."""

from __future__ import annotations

import io
import json

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError, Refusal
from zoobook.game_api import GameState
from zoobook.learn import index as learn_index
from zoobook.learn.drill import Drill, DrillRun
from zoobook.learn.index import broken_references, coverage, games, load_index, parse_index
from zoobook.learn.quiz import QuizSource, questions

HEAD = '[index]\ngame = "Toy"\nrulebooks = ["Toy rules"]\nlearn = "notebooks/toy.ipynb"\n'


def rule(id="Q-TAKE-1", **fields) -> str:
    values = {"group": "take", "statement": "Take one or two from the pile.", "source": "Toy rules, 1",
              "engine": ["zoobook.game_api:GameState.refusal"], "lesson": ["notebooks/toy.ipynb#drill-take"],
              "tests": ["tests/test_toy.py::test_take"]}
    values.update(fields)
    body = "".join(f"{key} = {json.dumps(value)}\n" for key, value in values.items() if value is not None)
    return f'[[rule]]\nid = "{id}"\n{body}'


@pytest.fixture
def toy_root(tmp_path, monkeypatch):
    """A checkout with the toy game's notebook (cell ``drill-take``) and test file."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "toy.ipynb").write_text(json.dumps(
        {"cells": [{"id": "drill-take", "cell_type": "code", "source": ""}], "metadata": {}}))
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text("def test_take():\n    pass\n\n"
                                                    "class TestPile:\n    def test_empty(self):\n        pass\n")
    monkeypatch.setattr(learn_index, "repo_root", lambda: tmp_path)
    return tmp_path


# -- the file ---------------------------------------------------------------------------------------
def test_an_index_reads_its_rules_in_order_with_tuples():
    index = parse_index(HEAD + rule() + rule("Q-TAKE-2", group="end", rulings=["F7"]))
    assert [r.id for r in index.rules] == ["Q-TAKE-1", "Q-TAKE-2"]
    assert index.by_id("Q-TAKE-1").engine == ("zoobook.game_api:GameState.refusal",)
    assert index.resolve("F7").id == "Q-TAKE-2"
    assert index.groups() == ("take", "end")
    with pytest.raises(KeyError, match="Q-NONE-1"):
        index.resolve("Q-NONE-1")


@pytest.mark.parametrize("text, message", [
    (HEAD + rule(colour="red"), "toy.toml: rule[0].colour: unknown key"),
    (HEAD + rule(statement=None), "toy.toml: rule[0].statement: missing"),
    (HEAD + rule() + rule(), "toy.toml: rule[1].id: duplicate id 'Q-TAKE-1'"),
    (HEAD + rule("take-1"), "toy.toml: rule[0].id: 'take-1' is neither a ruling ID"),
    (HEAD + rule(group="Take It"), "toy.toml: rule[0].group: 'Take It' must be a lower-case word"),
    (HEAD + rule(engine="zoobook.game_api"), "toy.toml: rule[0].engine: must be a list of non-empty strings"),
    (HEAD + rule(engine=["zoobook.game_api.GameState"]), "toy.toml: rule[0].engine: 'zoobook.game_api.Game"),
    (HEAD + rule(lesson=["notebooks/toy.ipynb"]), "toy.toml: rule[0].lesson: 'notebooks/toy.ipynb' must read"),
    (HEAD + rule(tests=["tests/test_toy.py"]), "toy.toml: rule[0].tests: 'tests/test_toy.py' must read"),
    (HEAD.replace('game = "Toy"\n', "") + rule(), "toy.toml: index.game: missing"),
    (HEAD + "extra = 1\n" + rule(), "toy.toml: index.extra: unknown key"),
    (rule(), "toy.toml: index: missing table"),
    ("[index\n", "toy.toml: not valid TOML"),
])
def test_a_bad_index_is_one_line_naming_file_key_and_reason(text, message):
    with pytest.raises(PuzzleError) as caught:
        parse_index(text, file="toy.toml")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_games_are_found_on_disk_and_each_index_loads():
    assert "fivebyfive" in games()
    for game in games():
        assert load_index(game).package == game and load_index(game).rules
    with pytest.raises(PuzzleError, match="no rules index"):
        load_index("chess")


# -- coverage and references -------------------------------------------------------------------------
def test_coverage_counts_and_names_the_rules_lacking_each_part():
    index = parse_index(HEAD + rule() + rule("Q-TAKE-2", engine=[], lesson=[]) + rule("Q-TAKE-3", tests=[]))
    report = coverage(index)
    assert (report.total, report.with_engine, report.with_lesson, report.with_tests) == (3, 2, 2, 2)
    assert report.lacking_engine == ("Q-TAKE-2",) and report.lacking_lesson == ("Q-TAKE-2",)
    assert report.lacking_tests == ("Q-TAKE-3",) and not report.complete
    assert coverage(parse_index(HEAD + rule())).complete


def test_a_complete_toy_index_has_no_broken_reference(toy_root):
    index = parse_index(HEAD + rule() + rule("Q-TAKE-2", tests=["tests/test_toy.py::TestPile::test_empty"]))
    assert broken_references(index) == []


def test_every_kind_of_broken_reference_is_named(toy_root):
    index = parse_index(HEAD + rule(
        engine=["zoobook.game_api:GameState.fly", "zoobook.nowhere:x"],
        lesson=["notebooks/toy.ipynb#drill-gone", "notebooks/gone.ipynb#a"],
        tests=["tests/test_toy.py::test_gone", "tests/test_gone.py::test_x"],
        rulings=["F999"], assumed=["fivebyfive.nonsense"]))
    problems = broken_references(index)
    expected = ["engine zoobook.game_api:GameState.fly: GameState has no attribute 'fly'",
                "engine zoobook.nowhere:x: cannot import zoobook.nowhere",
                "lesson notebooks/toy.ipynb#drill-gone: no cell with id 'drill-gone'",
                "lesson notebooks/gone.ipynb#a: no notebook notebooks/gone.ipynb",
                "test tests/test_toy.py::test_gone: no function test_gone",
                "test tests/test_gone.py::test_x: no test file",
                "unknown ruling F999", "unknown assumed key fivebyfive.nonsense"]
    for words in expected:
        assert any(words in problem for problem in problems), (words, problems)
    assert len(problems) == len(expected)


def test_unlinked_rulings_and_assumed_keys_of_the_game_are_broken_references(toy_root):
    # An index of F rules that links only F7 leaves the other F rulings unlinked; a package's
    # assumed keys must be linked too (here the real fivebyfive section, linking only the gates).
    index = learn_index.RulesIndex("Toy", (learn_index.Rule("F7", "lineup", "Walls block.", "Toy rules",
                                                            assumed=("fivebyfive.gates",)),),
                                   package="fivebyfive")
    problems = broken_references(index)
    assert "ruling F4 is linked from no rule" in problems and "ruling F7 is linked from no rule" not in problems
    assert "assumed key fivebyfive.start_squares is linked from no rule" in problems
    assert not any("fivebyfive.gates" in p for p in problems)


@pytest.fixture
def installed_root(tmp_path, monkeypatch):
    """zoobook as a wheel installs it: the folder holding zoobook/ has no notebooks/ and no tests/."""
    (tmp_path / "site-packages" / "tests").mkdir(parents=True)   # another distribution's stray tests/
    monkeypatch.setattr(learn_index, "repo_root", lambda: tmp_path / "site-packages")
    return tmp_path / "site-packages"


#: A rule whose lesson is a real cell of an installed notebook and whose test exists only in a checkout.
INSTALLED_RULE = rule(lesson=["notebooks/20-learn-5x5.ipynb#learn-progress"], tests=["tests/test_toy.py::test_take"])


def test_an_installed_package_checks_lessons_in_its_notebooks_and_skips_the_tests_it_lacks(installed_root):
    assert not learn_index.tests_checkable()
    assert broken_references(parse_index(HEAD + INSTALLED_RULE)) == []
    index = parse_index(HEAD + rule(lesson=["notebooks/20-learn-5x5.ipynb#gone", "notebooks/gone.ipynb#a"]))
    assert broken_references(index) == [
        "Q-TAKE-1: lesson notebooks/20-learn-5x5.ipynb#gone: no cell with id 'gone'",
        "Q-TAKE-1: lesson notebooks/gone.ipynb#a: no notebook notebooks/gone.ipynb"]


def test_a_checkout_checks_its_tests(toy_root):
    assert learn_index.tests_checkable()
    (toy_root / "pyproject.toml").unlink()   # a folder with tests/ is a checkout only beside its pyproject.toml
    assert not learn_index.tests_checkable()


# -- the command --------------------------------------------------------------------------------------
def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["rules", *argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def toy_game(toy_root, monkeypatch):
    """``zoobook rules`` sees one game, ``toy``, whose index the test sets."""
    holder = {}
    monkeypatch.setattr(learn_index, "games", lambda: ("toy",))
    monkeypatch.setattr(learn_index, "load_index", lambda game: holder["index"])
    return holder


def test_rules_coverage_exits_0_when_complete_and_1_on_a_missing_part_or_a_broken_reference(toy_game):
    toy_game["index"] = parse_index(HEAD + rule())
    assert run("--coverage") == (0, "Toy: 1 rules, engine 1/1, lesson 1/1, test 1/1\n", "")
    toy_game["index"] = parse_index(HEAD + rule() + rule("Q-TAKE-2", tests=[]))
    status, out, _ = run("--coverage")
    assert status == 1 and "test 1/2  INCOMPLETE" in out and "no test: Q-TAKE-2" in out
    toy_game["index"] = parse_index(HEAD + rule(lesson=["notebooks/toy.ipynb#drill-gone"]))
    status, out, _ = run("--coverage")
    assert status == 1 and "broken: Q-TAKE-1: lesson notebooks/toy.ipynb#drill-gone: no cell" in out


def test_rules_coverage_of_an_installed_package_says_once_the_tests_are_not_checked_and_exits_0(
        toy_game, installed_root):
    toy_game["index"] = parse_index(HEAD + INSTALLED_RULE)
    assert run("--coverage") == (0, "Toy: 1 rules, engine 1/1, lesson 1/1, test 1/1\n"
                                    + learn_index.TESTS_UNCHECKED + "\n", "")
    toy_game["index"] = parse_index(HEAD + rule(lesson=["notebooks/20-learn-5x5.ipynb#gone"]))
    status, out, _ = run("--coverage")
    assert status == 1 and "broken: Q-TAKE-1: lesson notebooks/20-learn-5x5.ipynb#gone: no cell" in out


def test_rules_lists_id_group_statement_and_filters_by_group(toy_game):
    toy_game["index"] = parse_index(HEAD + rule() + rule("Q-END-1", group="end", statement="The pile empties."))
    status, out, _ = run()
    assert status == 0 and out.splitlines() == ["Q-TAKE-1  take  Take one or two from the pile.",
                                                "Q-END-1   end   The pile empties."]
    assert run("toy", "--group", "end")[1] == "Q-END-1  end  The pile empties.\n"
    status, _, err = run("--group", "middle")
    assert status == 2 and "no group 'middle'" in err
    status, _, err = run("chess")
    assert status == 2 and "no game 'chess'" in err


def test_rules_of_a_real_game_by_package_or_display_name():
    status, out, _ = run("5x5 zoo")
    assert status == 0 and out == run("fivebyfive")[1] and "F7" in out


# -- drills and quizzes on a toy engine ---------------------------------------------------------------------
class Pile(GameState):
    def __init__(self, left=3):
        self.left = left

    def legal_actions(self):
        return [n for n in (1, 2) if n <= self.left]

    def refusal(self, action):
        if action in self.legal_actions():
            return None
        return Refusal(f"cannot take {action} of {self.left}", rule="Q-TAKE-1")

    def _apply(self, action):
        self.left -= action

    def is_terminal(self):
        return self.left == 0

    def returns(self):
        return [0.0]

    def clone(self):
        return Pile(self.left)

    def __repr__(self):
        return f"Pile({self.left})"


DRILL = Drill("drill-take", "take", "Take", "Empty the pile.", ("Q-TAKE-1",), start=Pile,
              choices=lambda state: [1, 2, 3], reached=lambda state: state.left == 0, solution=(1, 2),
              describe=lambda n: f"take {n}")


def test_a_drill_run_asks_the_engine_refuses_with_rule_and_statement_and_changes_nothing():
    index = parse_index(HEAD + rule())
    run = DrillRun(DRILL, index)
    answer = run.try_action(3)
    assert not answer.accepted and answer.refusal.rule == "Q-TAKE-1" and not answer.reached
    assert answer.message == "Refused [Q-TAKE-1]: cannot take 3 of 3 — Take one or two from the pile."
    assert run.state.left == 3 and run.history == ()
    assert run.try_action(1).accepted and run.state.left == 2 and not run.done
    final = run.try_action(2)
    assert final.accepted and final.reached and run.done and "Goal reached" in final.message
    assert not run.try_action(1).accepted and run.state.left == 0     # done: nothing more is taken
    run.reset()
    assert (run.state.left, run.history, run.done) == (3, (), False)


def test_questions_are_seeded_distinct_and_answered_by_the_engine():
    source = QuizSource("take", states=lambda rng: Pile(rng.randint(0, 4)),
                        candidates=lambda state, rng: [1, 2, 3], describe=lambda n: f"take {n}",
                        context=lambda state: f"{state.left} left.")
    quiz = questions(source, 8, seed=5)
    assert len(quiz) == 8 and len({q.prompt for q in quiz}) == 8
    assert quiz == questions(source, 8, seed=5) and quiz != questions(source, 8, seed=6)
    for question in quiz:
        left = int(question.prompt.split()[0])
        taken = int(question.prompt.split("take ")[1].rstrip("?"))
        assert question.legal == (taken <= left and taken in (1, 2))
        assert question.legal == (question.refusal is None)
        assert ("[Q-TAKE-1]" in question.explanation) != question.legal
    # A source with only 3 distinct questions gives 3, not a loop forever.
    few = QuizSource("take", states=lambda rng: Pile(3), candidates=lambda state, rng: [1, 2, 3])
    assert len(questions(few, 10, seed=0)) == 3


def test_citable_rules_come_from_the_engines_refusals_and_scoring():
    from zoobook.learn.quiz import citable_rules

    citable = citable_rules(load_index("fivebyfive"))
    assert {"F4", "F7", "F10", "F-PLACEMENT-2"} <= set(citable)      # cited by refusal code
    assert {"F11", "F12", "F17", "F19"} <= set(citable)               # engine references that score
    assert "F-SETUP-1" not in citable                                 # the player count: no refusal, no score


def test_rules_quizzes_prints_coverage_and_answer_shares(monkeypatch):
    from zoobook.learn import quiz as learn_quiz

    out = io.StringIO()
    status = main(["rules", "fivebyfive", "--quizzes", "--sample", "3"], out=out)
    text = out.getvalue()
    assert text.startswith("5x5 Zoo: ") and "rules that can be a reason are one" in text
    assert "always \"Not legal\" scores" in text and status == (1 if "BELOW 90%" in text else 0)
    full = learn_quiz.QuizCoverage("Toy", ("A", "B"), ("A", "B"), learn_quiz.Counter(legal=1))
    monkeypatch.setattr(learn_quiz, "quiz_coverage", lambda game, sources, per_source: full)
    assert main(["rules", "fivebyfive", "--quizzes"], out=io.StringIO()) == 0
    short = learn_quiz.QuizCoverage("Toy", ("A", "B"), ("A",), learn_quiz.Counter(illegal=1))
    monkeypatch.setattr(learn_quiz, "quiz_coverage", lambda game, sources, per_source: short)
    out = io.StringIO()
    assert main(["rules", "fivebyfive", "--quizzes"], out=out) == 1 and "never a reason: B" in out.getvalue()
