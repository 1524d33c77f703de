"""The self-check: right functions pass, wrong ones fail naming the case, expected and got."""

from __future__ import annotations

import functools
import random

import matplotlib
import networkx as nx
import pytest

matplotlib.use("Agg")

from zoobook.classroom import Case, Challenge, Exercise, check, check_answer  # noqa: E402
from zoobook.classroom.exercises import hexes, zoo  # noqa: E402
from zoobook.classroom.widgets import AnswerBox, CheckButton  # noqa: E402
from zoobook.hexgrid import distance, neighbours  # noqa: E402
from zoobook.steam.zoo.generate import random_zoo  # noqa: E402
from zoobook.steam.zoo.shipping import min_locomotive  # noqa: E402

#: The check with the library's solvers allowed: the tests below hold each exercise's reference
#: against the library's own functions (a graded check refuses them: test_solver_guard.py).
check_library = functools.partial(check, allow_solvers=True)

DOUBLE = Exercise("double", "twice n", lambda n: 2 * n, workbook=lambda: [Case("n = 2", (2,)), Case("n = 0", (0,))],
                  random_case=lambda rng: Case("a random n", (rng.randint(-50, 50),)), random_cases=20)


def test_a_right_function_passes_every_case_and_the_report_says_how_many():
    report = check(lambda n: n + n, DOUBLE, seed=3)
    assert report.passed and report.cases == 22 and report.workbook_cases == 2
    assert report.text == "double: all 22 cases pass (2 from the workbook, 20 hidden random ones)."
    assert report.require() is None  # shown as display output, not a value nbgrader reads as points


def test_a_wrong_function_fails_on_the_first_wrong_case_with_expected_and_got():
    report = check(lambda n: n * n, DOUBLE, seed=3)   # right for n = 2 and n = 0, wrong for others
    assert not report.passed
    failure = report.first
    assert failure.case.name.startswith("random case 1 (a random n, seed 3)")
    assert failure.expected == 2 * failure.case.args[0] and failure.got == failure.case.args[0] ** 2
    assert f"expected {failure.expected}, got {failure.got}" in report.text
    assert "seed 3" in report.text  # a student can try the same case again
    with pytest.raises(AssertionError, match="double: case"):
        report.require()
    html = report._repr_html_()
    assert "expected" in html and str(failure.got) in html


def test_the_stub_and_a_crash_are_explained_not_raised():
    def stub(n):
        raise NotImplementedError()

    assert "still the stub" in check(stub, DOUBLE, seed=1).text

    def crashes(n):
        return 1 // 0

    text = check(crashes, DOUBLE, seed=1).text
    assert "ZeroDivisionError" in text and "1 // 0" in text


def test_an_input_changed_by_the_student_does_not_spoil_the_reference():
    ex = Exercise("total", "sum", lambda xs: sum(xs), workbook=lambda: [Case("three", ([1, 2, 3],))],
                  random_case=lambda rng: Case("r", ([rng.randint(0, 5)],)), random_cases=3)

    def destructive(xs):
        total = sum(xs)
        xs.clear()
        return total

    assert check(destructive, ex, seed=0).passed


def test_the_same_seed_gives_the_same_hidden_cases():
    assert [c.args for c in DOUBLE.cases(11)] == [c.args for c in DOUBLE.cases(11)]
    assert [c.args for c in DOUBLE.cases(11)] != [c.args for c in DOUBLE.cases(12)]


def test_a_challenge_answer_is_verified_without_giving_the_answer_away():
    challenge = Challenge("sum", "1 + ... + 10?", solve=lambda: 55)
    assert check_answer(55, challenge).passed
    wrong = check_answer(56, challenge, hints=True)
    assert not wrong.passed and "too high" in wrong.text and "55" not in wrong.text
    assert "55" not in wrong._repr_html_()
    assert "no answer yet" in check_answer(None, challenge).text


# -- the notebooks' exercises, with the library's functions as right answers -----------

def test_hex_exercises_accept_the_library_and_refuse_common_mistakes():
    assert check_library(lambda h: [tuple(n) for n in neighbours(h)], hexes.HEX_NEIGHBOURS, seed=1).passed
    square_grid = check_library(lambda h: [(h[0] + 1, h[1]), (h[0] - 1, h[1]), (h[0], h[1] + 1), (h[0], h[1] - 1)],
                        hexes.HEX_NEIGHBOURS, seed=1)
    assert not square_grid.passed and "missing" in square_grid.text
    assert square_grid.first.picture.startswith("<img")  # drawn on the board

    assert check_library(distance, hexes.HEX_DISTANCE, seed=1).passed
    manhattan = check_library(lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]), hexes.HEX_DISTANCE, seed=1)
    assert "expected 3, got 4" in manhattan.text

    assert check_library(hexes._reference_graph, hexes.MAP_GRAPH, seed=1, random_cases=5).passed
    no_edges = check_library(lambda hs: nx.Graph([(tuple(h), tuple(h)) for h in hs]), hexes.MAP_GRAPH, seed=1)
    assert not no_edges.passed

    bfs = lambda g, s: dict(nx.single_source_shortest_path_length(g, s))  # noqa: E731
    assert check_library(bfs, hexes.BFS_DISTANCES, seed=1, random_cases=5).passed
    as_the_crow_flies = check_library(lambda g, s: {n: distance(n, s) for n in g}, hexes.BFS_DISTANCES, seed=1,
                              random_cases=40)
    assert not as_the_crow_flies.passed  # holes in a map make walking longer than the straight line


def test_zoo_exercises_accept_the_library_and_refuse_a_rule_left_out():
    full = lambda z, a, b, f: min_locomotive(z, a, b, feeding=f)  # noqa: E731
    assert check_library(full, zoo.LOWEST_LEVEL, seed=2, random_cases=10).passed
    no_feeding = check_library(lambda z, a, b, f: min_locomotive(z, a, b), zoo.LOWEST_LEVEL, seed=2)
    assert not no_feeding.passed and "Feeding" in no_feeding.first.case.name
    assert no_feeding.first.picture  # the map with the best route drawn

    assert check_library(lambda z, a, b: min_locomotive(zoo.without_teleport(z), a, b), zoo.LEVEL_WITHOUT_TELEPORT,
                 seed=2, random_cases=10).passed
    with_teleport = check_library(lambda z, a, b: min_locomotive(z, a, b), zoo.LEVEL_WITHOUT_TELEPORT, seed=2)
    assert not with_teleport.passed and "Through the exits" in with_teleport.first.case.name

    links_only = check_library(lambda z, a, b: min_locomotive(zoo.without_teleport(z), a, b), zoo.DANGER_CEILING,
                               seed=2)
    assert not links_only.passed


def _brute_ceiling(zoo_map, origin, destination):
    graph = nx.Graph(zoo_map.hexmap.link_graph())
    if origin not in graph or destination not in graph:
        return None
    best = None
    for path in nx.all_simple_paths(graph, origin, destination):
        worst = max(zoo_map.danger(n) for n in path[:-1])
        best = worst if best is None else min(best, worst)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_minimax_reference_agrees_with_every_simple_path(seed):
    rng = random.Random(seed)
    zoo_map = random_zoo(rng, width=8, height=6, areas=5, exits=rng.choice((0, 2)), towns=1)
    for origin in zoo_map.area_names():
        for destination in zoo_map.area_names():
            if origin != destination:
                assert zoo._minimax_danger(zoo_map, origin, destination) == _brute_ceiling(zoo_map, origin, destination)


# -- the widgets ----------------------------------------------------------------------

def test_the_button_checks_the_function_defined_now_by_its_name(monkeypatch):
    import __main__

    button = CheckButton(DOUBLE, seed=5)
    monkeypatch.delattr(__main__, "double", raising=False)
    button.button.click()
    assert "no function" in button.result.value and button.report is None
    monkeypatch.setattr(__main__, "double", lambda n: n + 1, raising=False)
    button.button.click()
    assert "&#10008;" in button.result.value and not button.report.passed
    monkeypatch.setattr(__main__, "double", lambda n: 2 * n, raising=False)
    button.button.click()
    assert button.report.passed and "all 22 cases pass" in button.result.value


def test_the_answer_box_reads_checks_and_refuses_unreadable_text():
    box = AnswerBox(Challenge("ten", "5 + 5?", solve=lambda: 10), tries=None)
    box.answer.value = "ten"
    box.button.click()
    assert "cannot be read" in box.result.value and box.report is None
    box.answer.value = " 10 "
    box.button.click()
    assert box.report.passed and "correct" in box.result.value


def test_easter_exercises_accept_networkx_and_the_exact_answer_and_refuse_shortcuts():
    from zoobook.classroom.exercises import easter

    mst = lambda g: list(nx.minimum_spanning_edges(g, data=False))  # noqa: E731
    assert check_library(mst, easter.KRUSKAL, seed=4, random_cases=8).passed
    too_few = check_library(lambda g: mst(g)[:-1], easter.KRUSKAL, seed=4)
    assert "separate part" in too_few.text and too_few.first.picture
    heaviest = check_library(lambda g: list(nx.maximum_spanning_edges(g, data=False)), easter.KRUSKAL, seed=4)
    assert "a minimum spanning tree weighs" in heaviest.text

    assert not check_library(lambda g: g, easter.METRIC_CLOSURE, seed=4, random_cases=8).passed

    def approximate(g, terminals):  # the textbook 2-approximation misses on some islands
        from networkx.algorithms.approximation import steiner_tree
        return steiner_tree(g, terminals, weight="weight").size(weight="weight")

    exact = lambda g, t: easter.cheapest_network(g.graph["island"].costs, g.graph["island"].cities,  # noqa: E731
                                                 t).lower_bound
    assert check_library(exact, easter.STEINER_COST, seed=4, random_cases=5).passed
    assert not check_library(approximate, easter.STEINER_COST, seed=4, random_cases=200, stop_after=1).passed


def test_the_easter_challenge_verifies_a_network_not_just_a_number():
    from zoobook.classroom.exercises import easter

    island = easter.challenge_map()
    result = easter.cheapest_network(island.costs, island.cities, island.ruins)
    assert result.cost > result.lower_bound  # the textbook tree collides: the point of the challenge
    assert check_answer([list(link.hexes) for link in result.links], easter.CHALLENGE).passed
    textbook = check_answer([list(link.hexes) for link in result.textbook_links], easter.CHALLENGE, hints=True)
    assert "breaks the rules" in textbook.text and "both use hex" in textbook.text
    assert "too low" in check_answer(result.lower_bound, easter.CHALLENGE, hints=True).text
    assert check_answer(result.lower_bound, easter.CHALLENGE).first.reason == "that is not the answer"


def test_lineup_exercises_use_every_simple_path_and_the_optimal_solver():
    from zoobook.classroom.exercises import lineup
    from zoobook.fivebyfive.solver import solve_lineup

    assert check_library(lineup._brute_longest, lineup.LONGEST_LINEUP, seed=5, random_cases=5).passed
    tiles_count = check_library(lambda g: g.number_of_nodes() - 1, lineup.LONGEST_LINEUP, seed=5)
    assert not tiles_count.passed

    def solver(puzzle):
        solution = solve_lineup(puzzle)
        return solution.value, solution.witness["tiles"]

    assert check_library(solver, lineup.BEST_LINEUP, seed=5, random_cases=5).passed
    bluff = check_library(lambda p: (solve_lineup(p).value, ["A1", "E5"]), lineup.BEST_LINEUP, seed=5)
    assert "is not a lineup this hand can make" in bluff.text or "scores" in bluff.text
    greedy_short = check_library(lambda p: (0, []), lineup.BEST_LINEUP, seed=5)
    assert "the best lineup scores" in greedy_short.text and greedy_short.first.picture


def test_request_exercises_agree_with_the_counting_rule():
    from zoobook.classroom.exercises import requests
    from zoobook.fivebyfive.scoring import best_request_cards, met_by_flow

    assert check_library(met_by_flow, requests.MET_BY_FLOW, seed=6).passed
    assert check_library(met_by_flow, requests.MET_BY_MATCHING, seed=6).passed
    # Each card alone met is not all cards met together: a tile serves one card.
    separately = lambda cards, tiles: all(met_by_flow([c], tiles) for c in cards)  # noqa: E731
    report = check_library(separately, requests.MET_BY_MATCHING, seed=6)
    assert "one bird too few" in report.first.case.name and "expected False, got True" in report.text
    best = lambda cards, tiles: best_request_cards(cards, [c for _, c in tiles])[0]  # noqa: E731
    assert check_library(best, requests.BEST_CARDS, seed=6).passed
    assert not check_library(lambda cards, tiles: max((c.points for c in cards), default=0), requests.BEST_CARDS,
                     seed=6).passed


def test_a_student_box_takes_one_answer_and_says_only_right_or_wrong():
    challenge = Challenge("once-wrong", "5 + 5?", solve=lambda: 10)
    box = AnswerBox(challenge)
    assert "one answer" in box.result.value
    box.answer.value = "12"
    box.button.click()
    assert not box.report.passed and box.closed
    assert "that is not the answer" in box.result.value and "too" not in box.result.value
    assert "12 is not it" not in box.result.value and "10" not in box.result.value.replace("&#10008;", "")
    shown = box.result.value
    box.answer.value = "10"  # a second answer is not taken, the verdict stays
    box.button.click()
    assert not box.report.passed and box.result.value == shown
    again = AnswerBox(challenge)  # running the cell again makes a box that is closed already
    assert again.closed and not again.report.passed
    again.answer.value = "10"
    again.button.click()
    assert not again.report.passed


def test_a_right_first_answer_is_told_right_and_the_teachers_box_keeps_hints_and_tries():
    box = AnswerBox(Challenge("once-right", "5 + 5?", solve=lambda: 10))
    box.answer.value = "10"
    box.button.click()
    assert box.report.passed and box.closed and "correct" in box.result.value

    teacher = AnswerBox(Challenge("class-guesses", "5 + 5?", solve=lambda: 10), tries=None, hints=True)
    for guess, verdict in (("8", "too low"), ("13", "too high"), ("10", "correct")):
        teacher.answer.value = guess
        teacher.button.click()
        assert verdict in teacher.result.value and not teacher.closed
