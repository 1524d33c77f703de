"""Malformed and aliased actions (issue 41): every accepted action is listed in its one canonical form,
an alias becomes that form, and any malformed action -- whatever its fields -- is refused with
IllegalAction naming the field and its rule, and changes nothing."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from zoobook.action_fields import malformed_field
from zoobook.errors import IllegalAction
from zoobook.game_api import contract_violations
from zoobook.zooloretto import game as zg
from zoobook.zooloretto.game import (
    Discard, Draw, Exchange, Load, Move, PassSites, Purchase, Take, ZoolorettoState,
)

COMBOS = [(), ("three-buildings",), ("construction-sites",), ("three-buildings", "construction-sites")]
#: Junk for any field: bools where ints go, ints where strings go, lists, None, unknown ids, nesting.
JUNK = [True, False, None, 0, 1, -1, 99, 1.0, "", "nonsense", "barn", "x2", "male", "5", "4", "coins", "female",
        "enclosure", "kiosk", "elephant", ["5"], [], ("enclosure", "5"), (("barn", "barn"),), (("barn", "5"),),
        [("barn", "barn")], {"to": "5"}]


def _state_values(state):
    return (state.round, state.current_player, tuple(state.supply), tuple(map(tuple, state.trucks)),
            tuple(state.taken), tuple(state.zoos), state.middle, tuple(state.discards), state.pending_tile,
            tuple(state.to_place), tuple(state.to_mark), state.over, len(state.log))


def _coins(state, amount):
    """Every zoo with *amount* coins, so the money actions (and their junk forms) are on offer."""
    state.zoos = [replace(zoo, coins=amount) for zoo in state.zoos]
    state._checked = {}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("expansions", COMBOS, ids=["base", "buildings", "sites", "both"])
def test_junk_in_any_field_of_a_legal_action_is_refused_naming_the_field(players, expansions):
    rng = random.Random(players * 10 + len(expansions))
    state = ZoolorettoState.new(players=players, seed=400 + players, expansions=expansions)
    mutants_checked = refused_for_type = 0
    step = 0
    while not state.is_terminal():
        if step % 17 == 0:
            probe = state.clone()
            if probe.phase == "turn":
                _coins(probe, 5)
            legal = probe.legal_actions()
            mutants = []
            for action in rng.sample(legal, min(len(legal), 12)):
                names = [f.name for f in fields(action)]
                for name in rng.sample(names, min(len(names), 2)):
                    for junk in rng.sample(JUNK, 6):
                        mutants.append(replace(action, **{name: junk}))
            for mutant in mutants:
                why = probe.refusal(mutant)  # never raises, whatever the fields
                wrong = malformed_field(mutant)  # e.g. "Load.truck must be a whole number, not True"
                if wrong:  # a field not of its declared type: refused, naming the field
                    field = wrong.split(" must be")[0]
                    assert why is not None and why.reason.startswith(field) and why.rule, (mutant, why)
                    refused_for_type += 1
                mutants_checked += 1
            # listed exactly when accepted; a refused apply raises IllegalAction and changes nothing
            assert contract_violations(probe, mutants, snapshot=_state_values) == []
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert mutants_checked > 200 and refused_for_type > 60, (mutants_checked, refused_for_type)


def _state_with_zoos(**coins):
    state = ZoolorettoState.new(players=2, seed=1, expansions=("three-buildings", "construction-sites"))
    from zoobook.zooloretto.model import Barn, Enclosure
    zoo = (state.zoos[0].with_enclosure(Enclosure("5", "zebra", 2)).with_enclosure(Enclosure("4", "camel", 1)))
    state.zoos[0] = replace(zoo, coins=3, barn=Barn(("panda",)))
    state._checked = {}
    return state


def test_an_exchange_in_either_order_is_the_one_listed_exchange():
    state = _state_with_zoos()
    legal = state.legal_actions()
    assert Exchange("5", "4") in legal
    swapped = Exchange("4", "5")
    assert swapped == Exchange("5", "4") and (swapped.first, swapped.second) == ("5", "4")
    assert Exchange("barn", "4", "panda") == Exchange("4", "barn", "panda") in legal
    assert state.refusal(Exchange("4", "5")) is None
    state.apply(Exchange("4", "5"))
    assert state.zoos[0].enclosure("5").species == "camel" and "exchange the animals of the 5-space" in state.log[-1]


def test_markers_passed_in_any_order_are_the_one_listed_pass():
    state = _state_with_zoos()
    from zoobook.zooloretto.model import Enclosure
    state.zoos[0] = state.zoos[0].with_enclosure(Enclosure("6", sites=1, stalls=("site",)))
    state._checked = {}
    listed = PassSites((("enclosure", "6"), ("stall", "6")))
    assert listed in state.legal_actions()
    assert PassSites((("stall", "6"), ("enclosure", "6"))) == listed
    assert state.refusal(PassSites((("stall", "6"), ("enclosure", "6")))) is None


@pytest.mark.parametrize("action, field", [
    (Load(True), "truck"), (Load(1.0), "truck"), (Take(False), "truck"), (Take(None), "truck"),
    (Move(["panda"], "5"), "species"), (Move("panda", "6", offspring=1), "offspring"),
    (Purchase(True, "kiosk", "5"), "seller"), (Discard(["panda"]), "tile"),
    (PassSites([("barn", "barn")]), "markers"), (Exchange(["5"], "4"), "first"),
])
def test_a_malformed_action_is_refused_naming_its_field_and_changes_nothing(action, field):
    state = _state_with_zoos()
    if isinstance(action, Load):
        state.apply(Draw())
    before = repr(state)
    why = state.refusal(action)
    assert why is not None and f"{type(action).__name__}.{field} must be" in why.reason and why.rule
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.refusal == why and repr(state) == before
    assert action not in state.legal_actions()


def test_load_true_is_not_truck_2():
    state = ZoolorettoState.new(players=2, seed=1)
    state.apply(Draw())
    assert Load(1) in state.legal_actions() and Load(True) != Load(1)
    assert state.refusal(Load(True)).rule == zg.DRAW


def test_aliases_that_mean_another_action_are_refused():
    state = _state_with_zoos()
    assert state.refusal(zg.MoveBetween("panda", "barn", "6")).rule == "Z-MONEY-2"
    assert state.refusal(Exchange("5", "4", "panda")).rule == "Z-MONEY-5"
    state.zoos[0] = replace(state.zoos[0], barn=replace(state.zoos[0].barn, sites=1))
    state._checked = {}
    assert PassSites((("barn", "barn"),)) in state.legal_actions()
    assert state.refusal(PassSites((("barn", "5"),))).rule == "Z-SITES-10"  # the barn marker is in the barn
