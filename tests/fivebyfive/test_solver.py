"""The optimal lineup solver against a brute-force twin, and its witnesses replayed move by move.

The twin shares nothing with the solver's evaluation: it enumerates every simple
path with ``networkx.all_simple_paths``, every choice of border between two
tiles, every way to put the hand's visitors on the tiles, every split of the
spare cubes between doors and popularity tokens, and meets request cards by
maximum flow.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive.board import Board, Cell, Tile
from zoobook.fivebyfive.lineup import (GATE, BuyDoor, BuyPopularity, LineupState, Move, Place, PlaceDoor,
                                       lineup_graph)
from zoobook.fivebyfive.lineup_generator import random_lineup_puzzle
from zoobook.fivebyfive.scoring import SOLO_THRESHOLDS, RequestCard, met_by_flow
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import evaluate, reachable_tiles, solve_lineup
from zoobook.fivebyfive.vocabulary import Category, Colour, fits


def _spare_cube_counts(tiles, cubes: Counter, meeples: Counter) -> set[int]:
    """Every number of cubes that can be left over after one visitor per tile (brute force)."""
    results: set[int] = set()

    def place(i: int, cubes: Counter, meeples: Counter) -> None:
        if i == len(tiles):
            results.add(sum(cubes.values()))
            return
        category = tiles[i].category
        for letter in list(meeples):
            if meeples[letter] and fits(Colour.parse(letter), category):
                meeples[letter] -= 1
                place(i + 1, cubes, meeples)
                meeples[letter] += 1
        for letter in list(cubes):
            if cubes[letter] and fits(Colour.parse(letter), category):
                cubes[letter] -= 1
                place(i + 1, cubes, meeples)
                cubes[letter] += 1

    place(0, Counter(cubes), Counter(meeples))
    return results


def _request_points(puzzle: LineupPuzzle, tiles) -> int:
    visited = [(t.name, t.category) for t in tiles]
    best = 0
    for size in range(1, len(puzzle.requests) + 1):
        for chosen in itertools.combinations(puzzle.requests, size):
            if met_by_flow(list(chosen), visited):
                best = max(best, sum(card.points for card in chosen))
    return best


def brute_force(puzzle: LineupPuzzle) -> int:
    """The best points of the round by trying everything."""
    board = puzzle.board
    graph = lineup_graph(board, puzzle.gate, include_blocked=True)
    entry = board.gate_tile(puzzle.gate)
    best = _request_points(puzzle, [])
    if entry is None:
        return best
    tiles_only = nx.Graph(graph.subgraph(n for n in graph if n != GATE))
    others = [n for n in tiles_only if n != entry.name]
    limit = len(puzzle.cubes) + len(puzzle.meeples)
    paths = [[entry.name]] + list(nx.all_simple_paths(tiles_only, entry.name, others, cutoff=max(limit - 1, 0)))
    for names in paths:
        if len(names) > limit:
            continue
        tiles = [board.tile_named(n) for n in names]
        spare = _spare_cube_counts(tiles, Counter(puzzle.cubes), Counter(puzzle.meeples))
        if not spare:
            continue
        pairs = [(GATE, names[0])] + list(zip(names, names[1:]))
        choices = [[data["state"] for data in graph.get_edge_data(u, v).values()] for u, v in pairs]
        n = len(tiles)
        popular = sum(board.is_popular(t) for t in tiles)
        extra = (4 if puzzle.players == 1 and n > SOLO_THRESHOLDS[puzzle.round] else 0) + \
            _request_points(puzzle, tiles)
        for states in itertools.product(*choices):
            walls, opens, doors = (states.count(s) for s in ("wall", "open", "door"))
            for left in spare:
                for bought_doors in range(left // 3 + 1):
                    for tokens in range(min(left // 3 - bought_doors, n - popular) + 1):
                        in_hand = puzzle.doors + bought_doors
                        if in_hand < walls:
                            continue
                        points = n + popular + tokens + doors + walls + min(opens, in_hand - walls)
                        best = max(best, points + extra)
    return best


def replay(puzzle: LineupPuzzle, witness: dict) -> LineupState:
    """Play the witness through the lineup state machine: free actions and doors first (F9)."""
    state = LineupState.start(puzzle.board, puzzle.gate, puzzle.cubes, puzzle.meeples, puzzle.doors)
    for action in witness["free_actions"]:
        if action["gain"] == "door":
            state = state.child(BuyDoor(action["pay"]))
        else:
            state = state.child(BuyPopularity(action["tile"], action["pay"]))
    for border in witness["doors"]:
        state = state.child(PlaceDoor(border))
    for step in witness["visitors"]:
        colour, piece = step["visitor"].split()
        state = state.child(Move(step["tile"], step["via"]))
        state = state.child(Place(Colour[colour.upper()], piece == "meeple"))
    return state


def small_puzzle(seed: int) -> LineupPuzzle:
    rng = random.Random(seed)
    gate = rng.choice("NESW")
    region = {"W": "ABC", "E": "CDE", "N": "12", "S": "45"}[gate]
    cells = [c for c in (Cell(col, row) for col in range(5) for row in range(5))
             if c.name[0] in region or c.name[1] in region]
    return random_lineup_puzzle(rng, cells=rng.randint(3, 10), max_cubes=7, max_meeples=2, requests=rng.randint(0, 2),
                                gate=gate, within=cells, walls=0.25, popular=0.3, large=0.25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_solver_agrees_with_brute_force_and_its_witness_replays(seed):
    puzzle = small_puzzle(seed)
    solution = solve_lineup(puzzle)
    assert solution.value == brute_force(puzzle)
    state = replay(puzzle, solution.witness)
    points = solution.witness["points"]
    assert state.score().total == points["tiles"] + points["popularity"] + points["doors"]
    assert state.visitors_placed == len(solution.witness["tiles"])
    assert solution.value == sum(points.values())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_solver_on_full_boards_replays_and_beats_every_single_path_tried(seed):
    rng = random.Random(seed)
    puzzle = random_lineup_puzzle(rng, max_cubes=10)
    solution = solve_lineup(puzzle)
    replay(puzzle, solution.witness)
    # No random walk through the lineup graph scores more than the optimum.
    graph = nx.Graph(lineup_graph(puzzle.board, puzzle.gate, include_blocked=True))
    entry = puzzle.board.gate_tile(puzzle.gate)
    for _ in range(30):
        path = [entry.name]
        while True:
            options = [n for n in graph[path[-1]] if n != GATE and n not in path]
            if not options or rng.random() < 0.2:
                break
            path.append(rng.choice(options))
        value = evaluate(puzzle, path)
        assert value is None or value <= solution.value


def test_mr_a_lineup_is_optimal_at_8_points():
    """Rulebook example: 5 visited tiles, 2 tokens on them, 1 door used: 8 points."""
    board = mr_a_board()
    solution = solve_lineup(LineupPuzzle(board, "W", cubes="RGBKKW", doors=1))
    assert solution.value == 8 == brute_force(LineupPuzzle(board, "W", cubes="RGBKKW", doors=1))
    assert solution.witness["tiles"] == ["A3", "B3", "C3", "D3", "D2"]
    assert solution.witness["doors"] == ["C3:E"]


def mr_a_board() -> Board:
    tiles = (Tile.make("A3", "carnivore"), Tile.make("B3", "herbivore"), Tile.make("C3", "park"),
             Tile.make("D3", "reptile", walls=["D3:W"]), Tile.make("D2", "bird"), Tile.make("E2", "carnivore"),
             Tile.make("E1", "carnivore"))
    return Board(tiles, popular=frozenset(Cell.parse(c) for c in ("A3", "D2", "E1")))


def test_converting_unplaceable_cubes_into_tokens():
    """Three cubes no tile can take buy a popularity token for a visited tile (F9)."""
    board = Board((Tile.make("A3", "bird"),))
    solution = solve_lineup(LineupPuzzle(board, "W", cubes="YKKK"))
    assert solution.value == 2
    assert solution.witness["free_actions"] == [{"pay": "KKK", "gain": "popularity", "tile": "A3"}]


def test_buying_a_door_through_a_wall_scores_the_door():
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird", walls=["B3:W"])))
    through = solve_lineup(LineupPuzzle(board, "W", cubes="YYRRR"))
    assert through.value == 3 and through.witness["doors"] == ["A3:E"]
    assert through.witness["free_actions"] == [{"pay": "RRR", "gain": "door"}]
    # One cube short of a door: the spare Y, R, R buy a token for A3 instead.
    short = solve_lineup(LineupPuzzle(board, "W", cubes="YYRR"))
    assert short.value == 2 and short.witness["tiles"] == ["A3"]


def test_request_cards_steer_the_path():
    board = Board((Tile.make("A3", "park"), Tile.make("A2", "bird"), Tile.make("A4", "reptile"),
                   Tile.make("A1", "bird")))
    card = RequestCard.make({"bird": 2}, 5)
    solution = solve_lineup(LineupPuzzle(board, "W", cubes="YYKW", requests=(card,)))
    assert solution.value == 3 + 5
    assert solution.witness["tiles"] == ["A3", "A2", "A1"] and solution.witness["cards"] == [1]


def test_solo_bonus_needs_strictly_more_than_the_threshold():
    cells = [Cell(c, r) for r in range(5) for c in range(5)]
    board = Board(tuple(Tile((cell,), Category.PARK) for cell in cells))
    assert solve_lineup(LineupPuzzle(board, "W", round=1, cubes="R" * 7)).value == 7
    assert solve_lineup(LineupPuzzle(board, "W", round=1, cubes="R" * 8)).value == 8 + 4 + 0
    assert solve_lineup(LineupPuzzle(board, "W", round=1, players=2, cubes="R" * 8)).value == 8


def test_no_tile_on_the_gate_means_nothing_scores():
    board = Board((Tile.make("B3", "bird"),))
    solution = solve_lineup(LineupPuzzle(board, "W", cubes="YYY"))
    assert solution.value == 0 and solution.witness["tiles"] == []
    assert any("gate" in line for line in solution.explanation)


@pytest.mark.parametrize("seed", range(5))
def test_explanation_names_every_visitor_and_the_bound(seed):
    puzzle = random_lineup_puzzle(random.Random(seed), max_cubes=8)
    solution = solve_lineup(puzzle)
    assert sum(line.startswith("Visitor ") for line in solution.explanation) == len(solution.witness["tiles"])
    assert solution.explanation[-1].startswith("Why nothing scores more")


def brute_reachable(puzzle: LineupPuzzle) -> set[str]:
    """Every tile some lineup this hand can pay for enters (networkx's simple paths, the same
    visitor and door counting as :func:`brute_force`)."""
    board = puzzle.board
    graph = lineup_graph(board, puzzle.gate, include_blocked=True)
    entry = board.gate_tile(puzzle.gate)
    if entry is None:
        return set()
    tiles_only = nx.Graph(graph.subgraph(n for n in graph if n != GATE))
    others = [n for n in tiles_only if n != entry.name]
    limit = len(puzzle.cubes) + len(puzzle.meeples)
    found = set()
    for names in [[entry.name]] + list(nx.all_simple_paths(tiles_only, entry.name, others, cutoff=max(limit - 1, 0))):
        tiles = [board.tile_named(n) for n in names]
        spare = (_spare_cube_counts(tiles, Counter(puzzle.cubes), Counter(puzzle.meeples))
                 if len(names) <= limit else set())
        pairs = [(GATE, names[0])] + list(zip(names, names[1:]))
        walls = sum(all(d["state"] == "wall" for d in graph.get_edge_data(u, v).values()) for u, v in pairs)
        if any(puzzle.doors + left // 3 >= walls for left in spare):
            found.update(names)
    return found


@pytest.mark.parametrize("seed", range(30))
def test_reachable_tiles_agree_with_brute_force(seed):
    puzzle = small_puzzle(seed)
    found, complete = reachable_tiles(puzzle)
    assert complete and found == brute_reachable(puzzle)


def test_mr_a_explanation_says_e1_and_e2_are_unreachable_not_left_out_by_choice():
    """The rulebook: "only black visitors are left in hand. Movement is now over." E1 and E2 could
    not be reached; nothing was left out by choice."""
    lines = solve_lineup(LineupPuzzle(mr_a_board(), "W", cubes="RGBKKW", doors=1)).explanation
    assert "Visitors left in hand after this lineup: 1 black cube." in lines
    assert any(line.startswith("Unreachable with this hand: E1 and E2;") for line in lines)
    assert not any("by choice" in line or "Cannot be paid for" in line for line in lines)


def test_explanation_tells_unpayable_unreachable_and_chosen_apart():
    # A3 bird (gate) - B3 park - C3 bird; A2 reptile above A3; A4 aquatic cut off by a wall, no door to be had.
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "park"), Tile.make("C3", "bird"),
                   Tile.make("A2", "reptile"), Tile.make("A4", "aquatic", stars=1, walls=["A4:N"])))
    lines = solve_lineup(LineupPuzzle(board, "W", cubes="YYB")).explanation
    assert "Cannot be paid for: no visitor in hand fits A2" in " ".join(lines)
    assert any(line.startswith("Unreachable with this hand: A4;") for line in lines)
    chosen = [line for line in lines if line.startswith("Left out by choice")]
    assert chosen == [] or "A2" not in chosen[0] and "A4" not in chosen[0]


def test_a_reachable_tile_the_best_lineup_skips_is_left_out_by_choice():
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "bird"), Tile.make("A2", "bird")))
    solution = solve_lineup(LineupPuzzle(board, "W", cubes="YY"))
    skipped = ({"A2", "B3"} - set(solution.witness["tiles"])).pop()
    assert f"Left out by choice: {skipped};" in " ".join(solution.explanation)


def _named(line: str, prefix: str) -> set[str]:
    """The tile names an explanation line starting with *prefix* lists (before its first ';')."""
    return set(line[len(prefix):].split(";")[0].replace(" and ", ", ").split(", "))


@pytest.mark.parametrize("seed", range(12))
def test_left_out_tiles_agree_with_a_full_reachability_search(seed):
    """The explanation takes the tiles the search entered as reachable and searches only the rest:
    its split must equal the one a full reachability search gives (brute-force checked above),
    also when the search stopped early because a lineup scored the bound of the whole round."""
    puzzle = small_puzzle(seed)
    reachable, complete = reachable_tiles(puzzle)
    assert complete
    lines = solve_lineup(puzzle).explanation
    for line in lines:
        if line.startswith("Left out by choice: "):
            assert _named(line, "Left out by choice: ") <= reachable
        if line.startswith("Unreachable with this hand: "):
            assert not _named(line, "Unreachable with this hand: ") & reachable


def test_the_search_unpacks_steps_and_paths_by_their_field_names():
    """The search keeps steps and paths as plain tuples for speed (see ``_Step``): the names it
    unpacks them into must be the named tuples' fields, and each path it pushes must put each
    new value in its field (``visited2`` in ``visited``, ``step_bound`` in ``bound`` ...)."""
    import ast
    import inspect
    import textwrap

    from zoobook.fivebyfive.solver.compiled import _Step
    from zoobook.fivebyfive.solver.search import _Path, _Walk

    tree = ast.parse(textwrap.dedent(inspect.getsource(_Walk.run)))
    unpacked = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)
                and all(isinstance(name, ast.Name) for name in node.targets[0].elts)):
            names = tuple(name.id for name in node.targets[0].elts)
            if isinstance(node.value, ast.Name):
                unpacked[node.value.id] = names
            elif ast.unparse(node.value) == "stack.pop()":
                unpacked["path"] = names
    assert unpacked["path"] == tuple(f if f != "bound" else "path_bound" for f in _Path._fields)
    assert unpacked["step"] == _Step._fields
    pushed = [node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "append"
              and isinstance(node.func.value, ast.Name) and node.func.value.id == "kept"]
    assert len(pushed) == 1 and len(pushed[0].elts) == len(_Path._fields)
    for element, field in zip(pushed[0].elts, _Path._fields):
        if isinstance(element, ast.Name):
            assert {"step_bound": "bound", "tile": "here"}.get(element.id, element.id.removesuffix("2")) == field
