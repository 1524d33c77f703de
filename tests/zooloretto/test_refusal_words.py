"""A Construction Sites refusal names the one rule it breaks, in words true of the position (issue 43 item 5).

Measured before: "discard a site" answered "there is no site in your barn [Z-MONEY-7]" while the barn held a
marker; a stall marker sent to a taken stall space cited the spread-over-opponents rule (Z-SITES-2); passing
two barn markers with one in the barn said there was none.
"""

from __future__ import annotations

from dataclasses import replace

from zoobook.zooloretto import actions as za
from zoobook.zooloretto.game import Discard, Mark, PassSites, Place, Take, ZoolorettoState
from zoobook.zooloretto.model import Barn, Enclosure


def _sites_game(players: int = 2) -> ZoolorettoState:
    return ZoolorettoState.new(players=players, seed=1, expansions=("construction-sites",))


def _with_barn_marker(state: ZoolorettoState, seat: int = 0) -> ZoolorettoState:
    state.supply.remove("site:barn")
    state.zoos[seat] = replace(state.zoos[seat], barn=replace(Barn(), sites=1), coins=3)
    return state


def test_discarding_a_marker_cites_the_marker_rule_and_never_says_the_barn_has_none():
    state = _with_barn_marker(_sites_game())
    why = state.refusal(Discard("site"))
    assert why.rule == "Z-SITES-9"
    assert "no site in your barn" not in why.reason and "pass it on" in why.reason
    # the same rule without a marker in the barn: a discard never removes one
    assert _sites_game().refusal(Discard("site")).rule == "Z-SITES-9"


def test_passing_more_barn_markers_than_the_barn_holds_says_how_many_it_holds():
    state = _with_barn_marker(_sites_game())
    assert state.refusal(PassSites((("barn", za.BARN),))) is None
    why = state.refusal(PassSites((("barn", za.BARN), ("barn", za.BARN))))
    assert why.rule == "Z-SITES-10" and "holds 1 construction-site marker, not 2" in why.reason


def test_a_marker_sent_to_a_space_with_no_room_cites_that_markers_rule():
    state = _sites_game(players=3)
    state.trucks[0] = ["site:stall", "site:enclosure"]
    for code in ("site:stall", "site:enclosure", "kiosk", "camel", "camel", "camel", "camel", "camel"):
        state.supply.remove(code)
    state.zoos[1] = state.zoos[1].with_enclosure(Enclosure("6", stalls=("kiosk",))).with_enclosure(
        Enclosure("5", "camel", 5))
    state.apply(Take(0))
    stall = state.refusal(Mark("stall", 1, "6"))
    assert stall.rule == "Z-SITES-4" and "no empty vending stall space" in stall.reason
    enclosure = state.refusal(Mark("enclosure", 1, "5"))
    assert enclosure.rule == "Z-SITES-3" and "no empty space" in enclosure.reason
    assert state.refusal(Mark("stall", 1, za.BARN)).rule == "Z-SITES-5"
    assert state.refusal(Mark("stall", 1, "4")) is None


def test_placing_a_coin_tile_cites_the_coin_rule():
    """It said "there is no coin left on your truck [Z-TURN-3]": the coin rule (Z-PLACE-5) was never reached."""
    state = ZoolorettoState.new(players=2, seed=1)
    state.supply.remove("coin")
    state.supply.remove("camel")
    state.trucks[0] = ["coin", "camel"]
    coins = state.zoos[0].coins
    state.apply(Take(0))
    assert state.zoos[0].coins == coins + 1 and state.to_place == ["camel"]
    why = state.refusal(Place("coin", "5"))
    assert why.rule == "Z-PLACE-5" and "paid out as 1 coin" in why.reason


def test_discarding_a_barn_marker_cites_the_barn_marker_rule():
    """It cited the stall-marker rule (Z-SITES-4): a barn marker always has a barn to go into (Z-SITES-5)."""
    state = _sites_game(players=3)
    state.trucks[0] = ["site:barn"]
    state.supply.remove("site:barn")
    state.apply(Take(0))
    why = state.refusal(Mark("barn", 1, None))
    assert why.rule == "Z-SITES-5"
    assert state.refusal(Mark("barn", 1, za.BARN)) is None


def test_a_truck_that_does_not_exist_is_counted_as_the_action_counts_it():
    """'take truck 10' was refused with 'there is no truck 9': the refusal counted from 0."""
    from zoobook.zooloretto.game import Take, ZoolorettoState

    state = ZoolorettoState.new(players=2, seed=1)
    why = state.refusal(Take(9))
    assert str(Take(9)) == "take truck 10"
    assert why is not None and why.reason.startswith("there is no truck 10 (this game has")
