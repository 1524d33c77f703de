"""Puzzle ``zooloretto/sabotage``: where to put construction-site markers to cost an opponent most.

A marker changes nothing in a score right now -- an empty space stays empty
(ruling Z5) -- except a first barn marker (-2). Its bite is in the future: a
marked space takes no tile, so an enclosure one animal short of full can never
be completed, and a marked stall space pushes the next stall into the barn.

The opponent answers (ruling Z9): for 1 coin, if they have one, they may pass up
to two of their own markers on to other players (Z5), then place the tiles still
to come to them as well as possible. So the value of a placement is what the
opponent still loses after their best reply: their best reachable final score
with the tiles to come, before the markers minus after, each "best" taken over
every reply (passing nothing, or one or two markers) and every order and place
of the tiles. The same reply is open to them before the markers arrive (they may
already hold markers), so a marker they can pass on costs them nothing but a
coin. The solver tries every distinct placement of the markers (markers on two
spaces of one enclosure are the same placement), every distinct reply, and for
each solves the opponent's placement problem exactly
(:mod:`~zoobook.zooloretto.placement`): a max over min over max.

Examples
--------
An opponent without coins cannot answer: the marker on their 5-space enclosure
keeps it one camel short (5 points, not 8).

>>> from zoobook.zooloretto.model import new_zoo, Tile, Enclosure
>>> zoo = new_zoo(expansions=("construction-sites",)).with_enclosure(Enclosure("5", "camel", 4))
>>> s = solve_sabotage(zoo, ["enclosure"], [Tile.parse("camel")])
>>> s.value, s.witness["markers"]
(3, ['enclosure marker -> the 5-space enclosure'])

With one coin they pass the marker on, and it costs them nothing in points:

>>> from dataclasses import replace
>>> solve_sabotage(replace(zoo, coins=1), ["enclosure"], [Tile.parse("camel")]).value
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from zoobook.explain import join_words, plural
from zoobook.puzzles.solution import Solution
from zoobook.rulings import cite
from zoobook.zooloretto.actions import BARN, own_markers, pass_sites, place_site, site_destinations
from zoobook.zooloretto.model import CONSTRUCTION_SITES, Tile, Zoo
from zoobook.zooloretto.placement import Plan, best_placement, coins_break_ties

__all__ = ["marker_placements", "replies", "Answer", "Plans", "best_answer", "solve_sabotage"]


def marker_placements(zoo: Zoo, markers: Sequence[str]) -> dict[Zoo, list[str]]:
    """Every distinct zoo the markers can make, with one way (in words) to make it.

    A marker with no legal space is discarded (Z5).
    """
    layer: dict[Zoo, list[str]] = {zoo: []}
    for kind in markers:
        following: dict[Zoo, list[str]] = {}
        for here, words in layer.items():
            options = site_destinations(here, kind)
            if not options:
                following.setdefault(here, words + [f"{kind} marker discarded (no empty space for it)"])
            for to in options:
                there = place_site(here, kind, to).zoo
                name = "the barn" if to == BARN else f"the {here.enclosure(to).name}"
                following.setdefault(there, words + [f"{kind} marker -> {name}"])
        layer = following
    return layer


def _marker_words(zoo: Zoo, kind: str, where: str) -> str:
    return f"the {kind} marker " + ("in the barn" if where == BARN else f"at the {zoo.enclosure(where).name}")


def replies(zoo: Zoo) -> dict[Zoo, str]:
    """The opponent's answers (Z9): keep every marker, or -- with a coin and Construction Sites in
    play -- pass one or two of their own markers on for 1 coin. Each distinct zoo once, with words.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",), coins=1).with_enclosure(Enclosure("5", sites=2))
    >>> for reply in sorted(replies(zoo).values()):
    ...     print(reply)
    keep every marker
    pass on the enclosure marker at the 5-space enclosure (1 coin)
    pass on the enclosure marker at the 5-space enclosure and the enclosure marker at the 5-space enclosure (1 coin)
    """
    out = {zoo: "keep every marker"}
    if not zoo.uses(CONSTRUCTION_SITES) or zoo.coins < 1:
        return out
    mine = own_markers(zoo)
    for count in (1, 2):
        for chosen in sorted(set(combinations(mine, count))):
            after = pass_sites(zoo, chosen).zoo
            words = join_words(_marker_words(zoo, kind, where) for kind, where in chosen)
            out.setdefault(after, f"pass on {words} (1 coin)")
    return out


@dataclass(frozen=True)
class Answer:
    """The opponent's best answer to a zoo: the reply (in words), the zoo after it, and the plan."""

    reply: str
    zoo: Zoo
    plan: Plan
    replies: int

    @property
    def rank(self) -> tuple[int, int]:
        return self.plan.score.total, self.plan.zoo.coins if coins_break_ties() else 0


class Plans:
    """best_placement, remembered per zoo; coins play no part in where tiles may go, so zoos that
    differ only in coins share one search."""

    def __init__(self, tiles: Sequence[Tile]) -> None:
        self.tiles, self.memo, self.choices = tuple(tiles), {}, 0

    def __call__(self, zoo: Zoo) -> Plan:
        key = replace(zoo, coins=0)
        plan = self.memo.get(key)
        if plan is None:
            plan = self.memo[key] = best_placement(key, self.tiles)
            self.choices += plan.choices
        final = replace(plan.zoo, coins=plan.zoo.coins + zoo.coins)
        return replace(plan, zoo=final)


def best_answer(zoo: Zoo, tiles: Sequence[Tile], plans=None) -> Answer:
    """The opponent's best reply and placement: the most points, then the most coins."""
    plans = plans or Plans(tiles)
    options = replies(zoo)
    answers = [Answer(words, after, plans(after), len(options)) for after, words in options.items()]
    return max(answers, key=lambda a: a.rank)


def solve_sabotage(zoo: Zoo, markers: Sequence[str], tiles: Sequence[Tile]) -> Solution:
    """The most the *markers* can cost the opponent owning *zoo*, who answers (Z9) and then places *tiles*."""
    from zoobook.zooloretto.truck import placement_words

    plans = Plans(tiles)
    untouched = best_answer(zoo, tiles, plans)
    results = []
    for marked, words in marker_placements(zoo, markers).items():
        answer = best_answer(marked, tiles, plans)
        results.append((untouched.plan.score.total - answer.plan.score.total, words, answer, marked))
    loss, words, answer, marked = max(results, key=lambda row: row[0])
    hand = ", ".join(t.words for t in tiles) if tiles else "no more tiles"
    explanation = [
        f"Without the markers the opponent can reach {untouched.plan.score.total} points with {hand}; "
        f"with the markers placed as shown their best answer reaches {answer.plan.score.total}, so the markers "
        f"cost them {loss}.",
        _reply_sentence(marked, answer),
        f"Every distinct placement of the {plural(len(markers), 'marker')} ({len(results)} in all) "
        "was tried; for each, every reply of the opponent (keeping the markers, or passing one or two on for "
        "1 coin) and every order and place of their tiles was searched; no placement costs them more "
        f"{cite('Z9')}.",
        f"A marked space takes no tile and counts as empty in scoring, so a marked enclosure is never full; "
        f"one marker still allows 'one space short' {cite('Z5')}.",
    ]
    explanation.extend(answer.plan.score.flags)
    witness = {"markers": words, "opponent_best_before": untouched.plan.score.total,
               "opponent_best_after": answer.plan.score.total,
               "opponent_answer": answer.reply,
               "opponent_reply": placement_words(answer.zoo, answer.plan.moves),
               "breakdown_after": answer.plan.score.breakdown()}
    return Solution(loss, witness, tuple(explanation))


def _reply_sentence(marked: Zoo, answer: Answer) -> str:
    if not marked.uses(CONSTRUCTION_SITES) or marked.coins < 1:
        return (f"The opponent has no coin, so they cannot pass markers on: they keep all of them "
                f"{cite('Z9')}.")
    if answer.reply == "keep every marker":
        return (f"The opponent has {plural(marked.coins, 'coin')} but passing markers on would not raise their "
                f"score, so their best answer keeps them {cite('Z9')}.")
    passed = sum(marked.sites().values()) - sum(answer.zoo.sites().values())
    left = sum(answer.zoo.sites().values())
    return (f"Their best answer is to {answer.reply}: a coin takes at most two markers off "
            f"({plural(passed, 'marker')} passed, {plural(left, 'marker')} left in their zoo) {cite('Z9')}.")
