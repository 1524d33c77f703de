"""The Zooloretto bots: legal, deterministic, never peeking at the supply's order, and sensible on
hand-made positions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from zoobook.zooloretto.bots import BOTS, GreedyBot, LookaheadBot, advice, zoo_value
from zoobook.zooloretto.game import Mark, Place, Take, ZoolorettoState
from zoobook.zooloretto.model import Enclosure


# Not the lookahead bot with 5 players (2.6 CPU-s a game, twice): it differs from the greedy bot only in
# how it values a truck (it inherits GreedyBot.choose over the legal actions), so its 2-player games and
# the greedy bot's 5-player games take every path it would.
GAMES = [(bot, players) for bot in sorted(BOTS) for players in (2, 5) if (bot, players) != ("lookahead", 5)]


@pytest.mark.parametrize(("bot", "players"), GAMES)
def test_every_bot_plays_whole_games_with_legal_actions_and_the_same_seed_gives_the_same_game(bot, players):
    logs = []
    for _ in range(2):
        state = ZoolorettoState.new(players=players, seed=17, expansions="buildings,sites")
        bots = [BOTS[bot](s) for s in range(players)]
        while not state.is_terminal():
            action = bots[state.current_player].choose(state)
            assert state.refusal(action) is None
            state.apply(action)
        logs.append(state.log)
    assert logs[0] == logs[1]


def _taking(tiles, zoo_changes=(), players=2):
    state = ZoolorettoState.new(players=players, seed=1, expansions="buildings,sites")
    for code in tiles:
        state.supply.remove(code)
    state.trucks[0] = list(tiles)
    for enclosure in zoo_changes:
        state.zoos[0] = state.zoos[0].with_enclosure(enclosure)
    return state


def test_the_greedy_bot_puts_a_tile_where_it_completes_an_enclosure():
    state = _taking(["camel"], [Enclosure("5", "camel", 4), Enclosure("6", "camel", 2)])
    state.apply(Take(0))
    assert GreedyBot().choose(state) == Place("camel", "5")


def test_a_marker_goes_where_it_blocks_an_enclosure_one_short_of_full():
    state = _taking(["site:enclosure"])
    state.zoos[1] = state.zoos[1].with_enclosure(Enclosure("6", "zebra", 5)).with_enclosure(
        Enclosure("5", "camel", 1))
    state.apply(Take(0))
    assert state.phase == "mark"
    assert GreedyBot().choose(state) == Mark("enclosure", 1, "6")
    action, why = advice(state)
    assert action == Mark("enclosure", 1, "6") and why[0].startswith("enclosure marker to player 1: the 6-space")


def test_the_lookahead_bot_values_drawing_by_what_the_supply_holds_not_by_its_order():
    state = ZoolorettoState.new(players=3, seed=5, expansions="sites")
    bot = LookaheadBot()
    value = bot.draw_value(state)
    shuffled = state.clone()
    random.Random(0).shuffle(shuffled.supply)
    assert shuffled.supply != state.supply and bot.draw_value(shuffled) == value


def test_a_full_truck_worth_taking_is_taken_and_a_worthless_one_is_not():
    good = _taking(["camel", "camel", "kiosk"], [Enclosure("5", "camel", 3)])
    assert LookaheadBot().choose(good) == Take(0) and GreedyBot().choose(good) == Take(0)
    bad = _taking(["zebra"], [Enclosure("5", "camel", 3), Enclosure("4", "panda", 2), Enclosure("6", "elephant", 1)])
    assert LookaheadBot().choose(bad) != Take(0)


def test_the_zoo_value_counts_coins_and_promise():
    state = ZoolorettoState.new(players=2, seed=1)
    zoo = state.zoos[0]
    assert zoo_value(replace(zoo, coins=zoo.coins + 2)) == zoo_value(zoo) + 1.0
    assert zoo_value(zoo.with_enclosure(Enclosure("5", "camel", 3))) > zoo_value(zoo)
