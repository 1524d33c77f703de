"""The route bound (issue 16): the first delivery waits for the tiles of its route.

:func:`zoobook.steam.game.bounds.route_bound` is admissible (its docstring gives the argument).
Checked here:

* hand-derived cases where it is tight: two cities six free hexes apart on a row; a build lays at
  most 4 tiles (Engineer), so nothing is delivered in turn 1, and the exact planner clears in turn 2;
* the relaxations it must keep, each on a map where dropping it would claim too much: the Zoo's
  exits (a teleport makes far areas near, S5) and a town that an Urbanization makes a black city
  (S14); and a map where no land joins the goods to any city that takes them (never cleared);
* never above the exact optimum on random maps of one or two rows (detours included), by the exact
  planner, and on the brute-force twin's tiny random maps (tests/steam/twins.py, which shares no
  code with the bounds).
"""

from __future__ import annotations

import random

import pytest

from tests.steam.twins import (easter_game, has_detour, random_easter_instance, random_zoo_instance,
                               rows, solve_easter, solve_zoo, zoo_game)
from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import bounds
from zoobook.steam.game.planner import plan
from zoobook.steam.game.state import Game
from zoobook.steam.zoo.model import Area, ZooMap


def row_island(length: int, cubes=("red",), *, turns: int = 3, town: bool = False, holes=()) -> Game:
    """Cities A (yellow, holding *cubes*) and B (red) at the two ends of a row of plain land;
    *holes* takes land away, a second row (r = 1) gives detours, *town* puts a town above A."""
    land = [(q, 0) for q in range(1, length - 1)]
    if holes:
        land += [(q, 1) for q in range(0, length - 1)]
        land = [h for h in land if h not in holes]
    towns = [("T", (1, -1))] if town else []
    if town:
        land.append((0, -1))
    island = Island.build(plain=land, towns=towns,
                          cities=[City("A", (0, 0), "yellow", False, tuple(cubes)),
                                  City("B", (length - 1, 0), "red", False)])
    return Game.easter(island, turns)


def row_zoo(length: int, *, turns: int = 3, exits: bool = False) -> Game:
    """Goats and yaks at the two ends of a row; with *exits*, an exit one land hex from each."""
    areas = [Area("goats", (0, 0), 1), Area("yaks", (length - 1, 0), 1)]
    land = [(q, 0) for q in range(1, length - 1)]
    exit_hexes = []
    if exits:
        exit_hexes = [(2, 0), (length - 3, 0)]
        land = [h for h in land if h not in exit_hexes]
    return Game.zoo(ZooMap.build(areas=areas, exits=exit_hexes), land=land, turns=turns)


@pytest.mark.parametrize("make", [lambda: row_island(8), lambda: row_island(8, ("red", "red")),
                                  lambda: row_zoo(8)],
                         ids=["one cube", "a stack of two", "zoo"])
def test_tight_when_the_goods_are_six_free_hexes_from_their_city(make):
    game = make()
    bound = bounds.route_bound(game, game.start)
    # 6 tiles: 4 in turn 1 (the largest limit), the rest in turn 2; both goods move in turn 2
    assert bound.turn == 2 and "6 new tiles" in bound.reason and "turn 2" in bound.reason
    assert bounds.goods_bound(game, game.start).turn == 1       # the other bounds see turn 1
    assert bounds.lower_bound(game).turn == 2
    exact = plan(game)
    assert exact.cleared and exact.turns == 2


def test_the_zoo_exits_make_far_areas_near():
    """Goats and yaks are eight hexes apart, but each is one tile from an exit (S5)."""
    game = row_zoo(10, exits=True)
    bound = bounds.route_bound(game, game.start)
    assert bound.turn == 1
    exact = plan(game)
    assert exact.cleared and exact.turns == 1
    assert bounds.lower_bound(game).turn <= exact.turns


def test_a_black_cube_may_go_to_a_town_that_an_urbanization_makes_a_city():
    game = row_island(8, ("black",), town=True)
    bound = bounds.route_bound(game, game.start)
    assert bound.turn == 1
    exact = plan(game)
    assert exact.cleared and exact.turns == 1
    # without the town the black cube has nowhere to go, and both bounds say so
    lonely = row_island(8, ("black",))
    assert bounds.lower_bound(lonely).turn > lonely.turns


def test_no_land_between_the_goods_and_their_city_means_never():
    island = Island.build(plain=[(1, 0)], cities=[City("A", (0, 0), "yellow", False, ("red",)),
                                                  City("B", (4, 0), "red", False)])
    game = Game.easter(island, 2)
    bound = bounds.route_bound(game, game.start)
    assert bound.turn == bounds.IMPOSSIBLE and "no cube" in bound.reason
    assert not plan(game).cleared


def random_row_game(rng: random.Random) -> Game:
    """A row (sometimes two rows with holes: detours) between A and B, the cubes at random (a
    stack to flip, a black cube with a town), or the Zoo's two areas (sometimes with exits)."""
    length = rng.randint(4, 8)
    if rng.random() < 0.3:
        return row_zoo(max(length, 6), turns=2, exits=length >= 7 and rng.random() < 0.5)
    cubes = rng.choice((("red",), ("red", "red"), ("yellow", "red"), ("red", "yellow"), ("black",)))
    town = "black" in cubes or rng.random() < 0.2
    holes = ()
    if length <= 5 and rng.random() < 0.5:
        holes = tuple(rng.sample([(q, 1) for q in range(length - 1)], 1))
    return row_island(length, cubes, turns=2, town=town, holes=holes)


@pytest.mark.parametrize("seed", range(8))
def test_never_above_the_exact_optimum_on_random_rows(seed):
    game = random_row_game(random.Random(seed))
    exact = plan(game)
    bound = bounds.route_bound(game, game.start)
    if exact.cleared:
        assert bound.turn <= exact.turns, bound.reason
    for _, b in bounds.all_bounds(game, game.start):
        assert not exact.cleared or b.turn <= exact.turns


def test_the_random_rows_have_the_shapes_where_it_bites():
    games = [random_row_game(random.Random(seed)) for seed in range(8)]
    bites = [g for g in games if bounds.route_bound(g, g.start).turn > 1]
    assert len(bites) >= 2
    two_rows = [g for g in games if len({h[1] for h in g.land}) >= 2]
    assert two_rows


@pytest.mark.parametrize("seed", range(100, 130))
def test_never_above_the_twins_optimum_on_tiny_random_maps(seed):
    rng = random.Random(seed)
    inst = random_easter_instance(rng, turns=2)
    optimum = solve_easter(inst)
    game = easter_game(inst)
    if optimum is not None:
        assert bounds.route_bound(game, game.start).turn <= optimum[0]
    zoo = random_zoo_instance(rng, turns=2)
    optimum = solve_zoo(zoo)
    game = zoo_game(zoo)
    if optimum is not None:
        assert bounds.route_bound(game, game.start).turn <= optimum[0]


def test_the_twins_maps_have_two_rows_and_detours():
    insts = [random_easter_instance(random.Random(seed), turns=2) for seed in range(100, 130)]
    assert any(rows(i) >= 2 for i in insts) and any(has_detour(i) for i in insts)
