"""Ruling Z8: every action keeps every count in step, and a zoo survives a save and a reload.

Random action sequences (seeded, biased toward actions that are legal) on a zoo: after every action
that succeeds, the test's own inventory -- animals, offspring and unbred fertile animals per species
and sex, stalls, buildings, markers, coins -- has changed by exactly what the action says it did (a
tile in, one tile out, a birth, coins paid and earned); the zoo is one the box can supply (F20); the
souvenir shop's line counts the offspring the inventory holds; and writing the zoo to a puzzle file
and reading it back gives the same zoo. Every refusal names a rule and changes nothing, and a tile
may go exactly where ``legal_placements`` says it may when ``refusal`` is None.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from zoobook.errors import IllegalAction
from zoobook.puzzles.fields import Table
from zoobook.zooloretto import actions as act
from zoobook.zooloretto.files import read_zoo, zoo_dict
from zoobook.zooloretto.model import Tile, box_problems, new_zoo
from zoobook.zooloretto.scoring import score

SPECIES = ("zebra", "camel", "panda")
STALLS = ("kiosk", "snack")
TB, CS = "three-buildings", "construction-sites"
ACTIONS = ("place_tile", "move_from_barn", "move_between", "move_stall", "exchange", "purchase", "discard", "expand",
           "buy_restaurant", "buy_pavilion", "place_site", "pass_sites")


def inventory(zoo) -> Counter:
    """Everything the zoo holds, counted place by place (the test's own bookkeeping)."""
    held = Counter()
    for e in zoo.enclosures:
        if e.species:
            held["animal", e.species] += e.animals
            held["offspring", e.species] += e.offspring
            for sex in e.fertile:
                held["unbred", e.species, sex] += 1
        held["pavilion"] += e.pavilions
        held["site", "enclosure"] += e.sites
        for stall in e.stalls:
            held[("site", "stall") if stall == "site" else ("stall", stall)] += 1
    for species in zoo.barn.animals:
        held["animal", species] += 1
    for species in zoo.barn.young:
        held["offspring", species] += 1
    for token in zoo.barn.fertile:
        species, sex = token.split("-")
        held["unbred", species, sex] += 1
    for stall in zoo.barn.stalls:
        held["stall", stall] += 1
    held["site", "barn"] += zoo.barn.sites
    held["coins"] = zoo.coins
    held["boards"] = len(zoo.enclosures)
    held["middle", "restaurant"] = zoo.middle.restaurant
    held["middle", "souvenir-shop"] = zoo.middle.souvenir_shop
    held["middle", "pavilion"] = zoo.middle.pavilions
    return held


def _tile_delta(tile: Tile, offspring: bool = False) -> Counter:
    if tile.kind == "coin":
        return Counter({"coins": 1})
    if tile.kind == "stall":
        return Counter({("stall", tile.name): 1})
    out = Counter({("animal", tile.name): 1})
    if tile.sex:
        out["unbred", tile.name, tile.sex] += 1
    if offspring:
        out["offspring", tile.name] += 1
    return out


def _event_delta(events) -> Counter:
    """Births, the souvenir shop arriving, coins for filling: what the events report."""
    out = Counter()
    for event in events:
        born = re.match(r"a (\w+) is born", event)
        if born:
            species = born.group(1)
            out.update({("animal", species): 1, ("offspring", species): 1})
            out.subtract({("unbred", species, "male"): 1, ("unbred", species, "female"): 1})
        if "souvenir shop goes" in event:
            out["stall", "souvenir-shop"] += 1
            out["middle", "souvenir-shop"] -= 1
        paid = re.search(r"is full: \+(\d+) coin", event)
        if paid:
            out["coins"] += int(paid.group(1))
    return out


def expected_change(name: str, args: tuple, kwargs: dict, events) -> Counter:
    """What the action says it does to the inventory."""
    delta = _event_delta(events)
    if name == "place_tile":
        delta.update(_tile_delta(args[0]))
    elif name in ("move_from_barn", "move_between", "move_stall", "exchange"):
        delta["coins"] -= 1
    elif name == "purchase":
        delta["coins"] -= 2
        delta.update(_tile_delta(args[0], kwargs.get("offspring", False)))
    elif name == "discard":
        delta["coins"] -= 2
        what = args[0]
        if what in STALLS or what == "souvenir-shop":
            delta["stall", what] -= 1
        else:
            delta["animal", what] -= 1
            if kwargs.get("offspring"):
                delta["offspring", what] -= 1
            elif kwargs.get("sex"):
                delta["unbred", what, kwargs["sex"]] -= 1
    elif name == "expand":
        delta.update({"coins": -3, "boards": 1})
    elif name == "buy_restaurant":
        delta.update({"coins": -3, ("stall", "restaurant"): 1, ("middle", "restaurant"): -1})
    elif name == "buy_pavilion":
        delta.update({"coins": -3, "pavilion": 1, ("middle", "pavilion"): -1})
    elif name == "place_site":
        if not any("discarded" in e for e in events):
            delta["site", args[0]] += 1
    elif name == "pass_sites":
        delta["coins"] -= 1
        for kind, _ in args[0]:
            delta["site", kind] -= 1
    return delta


def _barn_species(rng, zoo) -> str:
    """Mostly a species the barn holds (so that barn actions are often legal), sometimes any."""
    return rng.choice((SPECIES + zoo.barn.animals * 3))


def _barn_kind(rng, zoo, species: str) -> dict:
    """Which animal of *species*: mostly one the barn holds, sometimes one it does not."""
    kinds = [{"sex": None, "offspring": False}, {"sex": None, "offspring": True},
             {"sex": "male", "offspring": False}, {"sex": "female", "offspring": False}]
    held = [k for k in kinds if (k["offspring"] and species in zoo.barn.young)
            or (k["sex"] and f"{species}-{k['sex']}" in zoo.barn.fertile)
            or (not k["offspring"] and not k["sex"] and zoo.barn.plain(species) > 0)]
    return rng.choice((held * 3 + kinds))


def _enclosure_kind(rng, zoo, key: str) -> dict:
    """Which animal of enclosure *key*: mostly one it holds, sometimes one it does not."""
    kinds = [{"sex": None, "offspring": False}, {"sex": None, "offspring": True},
             {"sex": "male", "offspring": False}, {"sex": "female", "offspring": False}]
    if key not in zoo.keys:
        return rng.choice(kinds)
    e = zoo.enclosure(key)
    held = [k for k in kinds if (k["offspring"] and e.offspring) or (k["sex"] in e.fertile)
            or (not k["offspring"] and not k["sex"] and e.animals - e.offspring - len(e.fertile) > 0)]
    return rng.choice((held * 3 + kinds))


def _draw_action(rng, zoo):
    """One action with arguments drawn from small domains (many of them illegal now)."""
    places = list(zoo.keys) + ["barn"]
    shop = [None] + places
    name = rng.choice((("place_tile",) * 4 + ("move_from_barn", "move_between", "exchange", "discard") * 2
                       + ACTIONS))
    kwargs: dict = {}
    if name in ("place_tile", "purchase"):
        roll = rng.randint(0, 9)
        if roll == 0 and name == "place_tile":
            tile = Tile("coin", "coin")
        elif roll <= 2:
            tile = Tile("stall", rng.choice((STALLS + ("souvenir-shop",) * (name == "purchase"))))
        else:
            tile = Tile("animal", rng.choice((SPECIES)),
                        rng.choice(([None, "male", "female"])))
        # mostly where the species already lives (births need a pair in one enclosure), or the barn
        home = [e.key for e in zoo.enclosures if e.species == tile.name] * 4 + ["barn"] * 2
        args = (tile, "coins" if tile.kind == "coin" else rng.choice((places + home)))
        kwargs["shop_to"] = rng.choice(shop)
        if name == "purchase" and tile.kind == "animal" and not tile.sex:
            kwargs["offspring"] = rng.random() < 0.5
    elif name == "move_from_barn":
        args = (_barn_species(rng, zoo), rng.choice((places)))
        kwargs = {**_barn_kind(rng, zoo, args[0]), "shop_to": rng.choice(shop)}
    elif name == "move_between":
        # mostly from an enclosure with animals to one that could take them (births need a pair to meet)
        filled = [e.key for e in zoo.enclosures if e.animals] * 4
        source = rng.choice((filled + places))
        species = zoo.enclosure(source).species if source in zoo.keys else None
        homes = [e.key for e in zoo.enclosures if e.species == species and e.key != source] * 3
        args = (species or rng.choice(SPECIES), source, rng.choice((places + homes)))
        kwargs = {**_enclosure_kind(rng, zoo, source), "shop_to": rng.choice(shop)}
    elif name == "move_stall":
        args = (rng.choice((STALLS + ("souvenir-shop",))), rng.choice((places)),
                rng.choice((places)))
    elif name == "exchange":
        args = (rng.choice((zoo.keys)), rng.choice((places + ["barn"] * 2)))
        kwargs = {"barn_species": _barn_species(rng, zoo), "shop_to": rng.choice(shop)}
    elif name == "discard":
        what = rng.choice((SPECIES + STALLS + ("souvenir-shop",) + zoo.barn.animals * 3))
        args = (what,)
        if what in SPECIES:
            kwargs = _barn_kind(rng, zoo, what)
    elif name == "buy_pavilion":
        args = (rng.choice((zoo.keys)),)
    elif name == "place_site":
        args = (rng.choice((["enclosure", "stall", "barn"])), rng.choice(shop))
    elif name == "pass_sites":
        mine = act.own_markers(zoo)
        args = (rng.sample(mine, rng.randint(1, min(2, len(mine)))) if mine and rng.random() < 0.9
                else [("barn", "barn")] * rng.randint(1, 3),)
    else:
        args = ()
    return name, args, kwargs


def _round_trip(zoo):
    table = Table(zoo_dict(zoo))
    again = read_zoo(table)
    table.done()
    return again


@pytest.mark.parametrize("seed", range(40))
def test_random_actions_keep_every_count_in_step_and_survive_a_reload(seed):
    rng = random.Random(seed)
    expansions = [(), (TB,), (CS,), (TB, CS)][seed % 4]
    zoo = new_zoo(players=2, expansions=expansions, coins=rng.randint(4, 20))
    for _ in range(80):
        tile = Tile("animal", rng.choice(SPECIES), rng.choice((None, "male", "female")))
        legal = {to for to, _ in act.legal_placements(zoo, tile)}
        assert legal == {to for to in zoo.keys + ("barn",) if act.refusal(zoo, tile, to) is None}
        name, args, kwargs = _draw_action(rng, zoo)
        action = getattr(act, name)
        before = inventory(zoo)
        try:
            outcome = action(zoo, *args, **kwargs)
        except IllegalAction as exc:
            assert exc.rule, f"{name}{args} refused without naming a rule: {exc}"
            assert act.refusal_of(action, zoo, *args, **kwargs) == exc.refusal
            assert inventory(zoo) == before  # a refusal changes nothing
            continue
        zoo = outcome.zoo
        change = inventory(zoo)
        change.subtract(before)
        expected = expected_change(name, args, kwargs, outcome.events)
        assert +change == +expected and -change == -expected, (name, args, kwargs, outcome.events)
        assert box_problems(zoo) == []
        for e in zoo.enclosures:
            assert e.offspring + len(e.fertile) <= e.animals
        if zoo.middle.souvenir_shop:
            assert zoo.offspring == 0  # the first offspring brings the shop (Z3, Z10)
        offspring = sum(n for key, n in inventory(zoo).items() if key[0] == "offspring")
        shop_lines = [line for line in score(zoo).breakdown() if line.startswith("Souvenir shop")]
        assert shop_lines in ([], [f"Souvenir shop: {offspring} offspring: {offspring}"])
        assert _round_trip(zoo) == zoo
