"""Golden playthroughs of Zooloretto with both expansions (2, 3 and 5 players), replayed and compared
line by line, and the hand-checkable facts in them counted by hand, independently of the library.

To rewrite them after a deliberate rules change:
``ZOOBOOK_WRITE_GOLDEN=1 python -m pytest tests/zooloretto/test_game_golden.py`` (then read the diff).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from zoobook.zooloretto.play.playthrough import GOLDEN_GAMES, playthrough

GOLDEN = Path(__file__).parent / "golden"

# The printed zoo board, typed in from the rulebook tables (Z1): size, stall spaces, full, one short.
BOARD = {"5": (5, 1, 8, 5), "4": (4, 2, 5, 4), "6": (6, 1, 10, 6), "x1": (5, 1, 9, 5), "x2": (5, 1, 9, 5)}
BASE_STALLS = {"kiosk", "barrow", "snack", "popcorn"}


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_playthrough_matches_the_stored_text(name, matches_golden):
    matches_golden(GOLDEN / name, playthrough(*GOLDEN_GAMES[name]))


def _final_zoos(lines):
    """{seat: (enclosures, barn line, coins)} from the '== final zoos' part of a playthrough."""
    zoos, seat = {}, None
    for line in lines[lines.index("== final zoos") + 1:]:
        head = re.match(r"player (\d+): (\d+) coins", line)
        if head:
            seat = int(head.group(1))
            zoos[seat] = {"enclosures": {}, "coins": int(head.group(2))}
        elif line.startswith("  barn:"):
            zoos[seat]["barn"] = line
        else:
            key, text = line.strip().split(": ", 1)
            zoos[seat]["enclosures"][key] = text
    return zoos


def hand_score(zoo) -> int:
    """The final score counted from the printed zoo, as a player adds it up (Z1-Z5), with no library code."""
    total, on_spaces, offspring = 0, [], 0
    for key, text in zoo["enclosures"].items():
        size, _, full, short = BOARD[key]
        animals = int(text.split()[0]) if text[0].isdigit() else 0
        pavilions = int(re.search(r"(\d+) pavilion", text).group(1)) if "pavilion" in text else 0
        offspring += int(re.search(r"(\d+) offspring", text).group(1)) if "offspring" in text else 0
        stalls = re.search(r"stalls ([^,]+)", text).group(1).split() if "stalls" in text else []
        real = [s for s in stalls if s != "site"]
        on_spaces += [s for s in real if s != "restaurant"]
        filled = animals + pavilions  # a marker counts as empty (Z5); pavilions count (Z4)
        if filled == size:
            total += full
        elif filled == size - 1:
            total += short
        elif animals and real:
            total += animals
    restaurant = any("restaurant" in text for text in zoo["enclosures"].values())
    barn = zoo["barn"]
    barn_animals = barn.split("animals ")[1].split(";")[0].split()
    barn_animals = [] if barn_animals == ["-"] else barn_animals
    barn_stalls = barn.split("stalls ")[1].split(";")[0].split()
    barn_stalls = [] if barn_stalls == ["-"] else barn_stalls
    offspring += int(barn.split("offspring ")[1].split(";")[0])
    total += 2 * len(on_spaces) + 2 if restaurant else 2 * len(set(on_spaces))  # Z2
    if "souvenir-shop" in on_spaces:
        total += offspring  # Z3: 1 per offspring in the whole zoo
    total -= 2 * len(set(barn_animals)) + 2 * len(set(barn_stalls))
    if int(barn.split("markers ")[1].split(";")[0]):
        total -= 2  # Z5: once
    return total


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_the_final_scores_agree_with_a_hand_count_of_the_final_zoos(name):
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    players = GOLDEN_GAMES[name][0]
    stated = {int(m.group(1)): int(m.group(2)) for m in
              (re.match(r"player (\d+): (-?\d+) points", line) for line in lines) if m}
    zoos = _final_zoos(lines)
    assert sorted(stated) == sorted(zoos) == list(range(players))
    for seat, zoo in zoos.items():
        assert hand_score(zoo) == stated[seat], (name, seat)


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_the_breakdowns_add_up_and_the_rounds_are_whole(name):
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    players = GOLDEN_GAMES[name][0]
    assert lines[1].startswith("Z6:")  # both expansions: the combination is flagged
    totals = [i for i, line in enumerate(lines) if re.match(r"player \d+: -?\d+ points", line)]
    for start in totals:
        body = []
        for line in lines[start + 1:]:
            if not line.startswith("  "):
                break
            body.append(line.strip())
        *items, total = body
        assert total == f"Total: {lines[start].split(': ')[1].split(' points')[0]}"
        assert sum(int(item.rsplit(": ", 1)[1]) for item in items) == int(total.split(": ")[1])
    takes = Counter(line.split(",")[0] for line in lines if " takes truck " in line)
    assert takes and set(takes.values()) == {players}
    assert sum("end stack is reached" in line for line in lines) == 1
