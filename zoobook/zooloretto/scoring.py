"""Final scoring of one zoo, line by line as a player adds it up.

The base game (ruling Z1) scores each enclosure -- full, one space short, or
1 point per animal when a vending stall stands on its stall spaces -- then +2
per vending stall type on stall spaces and -2 per species and per stall type in
the barn. The expansions change it:

- Z2 the restaurant's owner scores 2 per vending stall on a stall space, of any
  type, plus 2 for the restaurant, instead of 2 per type; the restaurant is a
  stall of the 4-space enclosure.
- Z3 the souvenir shop on a stall space is a stall type of its own and scores
  1 per offspring in the whole zoo; in the barn it costs 2 like any stall type.
- Z4 pavilions count toward full and one-short, never as animals.
- Z5 a marked space counts as empty, so a marked enclosure is never full; one
  marker still leaves "one space short" reachable (the marker is the one empty
  space), two or more rule it out. Barn markers cost 2, once.
- Z6 both expansions together are scored and flagged.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo, Enclosure
>>> zoo = new_zoo(players=2).with_enclosure(Enclosure("4", "zebra", 4))
>>> for line in score(zoo).lines: print(line)
5-space enclosure: empty: 0
4-space enclosure full: 5
6-space enclosure: empty: 0
>>> score(zoo).total
5
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from zoobook.explain import join_words, plural
from zoobook.rulings import cite
from zoobook.zooloretto.model import (
    RESTAURANT, SITE, SOUVENIR_SHOP, Enclosure, Zoo,
)

__all__ = ["ScoreLine", "Score", "score", "enclosure_points", "combination_flag"]


@dataclass(frozen=True)
class ScoreLine:
    """One line of the breakdown: what a player says, and its points.

    ``rule`` is the ruling the line follows (Z1 the base game, Z2-Z5 an expansion's); ``cites`` the one
    rule of the rules index (``zooloretto/rules.toml``) that gives these points, for a learner's "why?".
    """

    label: str
    points: int
    rule: str = "Z1"
    cites: str = field(default="Z-SCORE-3", compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.label}: {self.points}"


@dataclass(frozen=True)
class Score:
    """A zoo's final score: the total, its lines, and any flags (ruling Z6)."""

    total: int
    lines: tuple[ScoreLine, ...]
    flags: tuple[str, ...] = ()

    def breakdown(self) -> list[str]:
        """The witness: every line as ``label: points``, then the total."""
        return [str(line) for line in self.lines] + [f"Total: {self.total}"]


def combination_flag(zoo: Zoo) -> tuple[str, ...]:
    """The Z6 flag, when Three Additional Buildings is combined with another expansion."""
    if not zoo.is_combined:
        return ()
    return ("Three Additional Buildings says it should not be combined with other expansions; "
            f"this zoo uses it with Construction Sites, scored anyway and flagged {cite('Z6')}.",)


@lru_cache(maxsize=1 << 16)  # solvers score the same enclosures over and over
def enclosure_points(enclosure: Enclosure) -> ScoreLine:
    """The line for one enclosure.

    >>> print(enclosure_points(Enclosure("5", "camel", 4)))
    5-space enclosure one space short: 5
    >>> print(enclosure_points(Enclosure("5", "camel", 3, pavilions=2)))
    5-space enclosure full (3 animals and 2 pavilions): 8
    >>> print(enclosure_points(Enclosure("5", "camel", 4, sites=1)))
    5-space enclosure one space short (a construction site counts as empty): 5
    >>> print(enclosure_points(Enclosure("6", "camel", 3, stalls=("kiosk",))))
    6-space enclosure: 3 animals next to a vending stall: 3
    """
    name, spec = enclosure.name, enclosure.spec
    detail = []
    if enclosure.pavilions:
        detail.append(join_words([plural(enclosure.animals, "animal"), plural(enclosure.pavilions, "pavilion")]))
    if enclosure.sites:
        detail.append("a construction site counts as empty" if enclosure.sites == 1
                      else f"{enclosure.sites} construction sites count as empty")
    note = f" ({'; '.join(detail)})" if detail else ""
    site_note = f" ({detail[-1]})" if enclosure.sites else ""
    rule = "Z5" if enclosure.sites else ("Z4" if enclosure.pavilions else "Z1")
    # the rule a learner needs for this line: a marker or a pavilion changes the count, else the base rule
    helper = "Z-SITES-7" if enclosure.sites else ("Z-PAV-3" if enclosure.pavilions else None)
    if enclosure.is_full:
        return ScoreLine(f"{name} full{note}", spec.full_points, rule, helper or "Z-SCORE-1")
    if enclosure.occupied == enclosure.size - 1:
        return ScoreLine(f"{name} one space short{note}", spec.short_points, rule, helper or "Z-SCORE-2")
    if enclosure.animals == 0:
        return ScoreLine(f"{name}: empty{site_note}", 0, rule, "Z-SITES-7" if enclosure.sites else "Z-SCORE-3")
    animals = plural(enclosure.animals, "animal")
    if enclosure.has_vending_stall:
        stall = next(s for s in enclosure.stalls if s != SITE)
        what = {RESTAURANT: "the restaurant", SOUVENIR_SHOP: "the souvenir shop"}.get(stall, "a vending stall")
        rule = {RESTAURANT: "Z2", SOUVENIR_SHOP: "Z3"}.get(stall, rule)
        cites = {RESTAURANT: "Z-REST-6", SOUVENIR_SHOP: "Z-SHOP-4"}.get(
            stall, "Z-BIRTH-4" if enclosure.offspring else "Z-SCORE-3")
        return ScoreLine(f"{name}: {animals} next to {what}{site_note}", enclosure.animals, rule, cites)
    return ScoreLine(f"{name}: {animals}, no vending stall{site_note}", 0, rule,
                     "Z-SITES-7" if SITE in enclosure.stalls else "Z-SCORE-3")


def _stall_lines(zoo: Zoo) -> list[ScoreLine]:
    on_spaces = [s for e in zoo.enclosures for s in e.stalls if s not in (SITE, RESTAURANT)]
    lines = []
    if zoo.owns_restaurant:
        # Z2: every stall on a stall space scores 2, whatever its type, plus 2 for the restaurant.
        lines.append(ScoreLine(
            f"Vending stalls with the restaurant: {plural(len(on_spaces), 'stall')} x 2 + restaurant 2",
            2 * len(on_spaces) + 2, "Z2", "Z-REST-4"))
    elif on_spaces:
        types = sorted(set(on_spaces))
        names = join_words(t.replace("-", " ") for t in types)
        lines.append(ScoreLine(f"Vending stalls: {plural(len(types), 'type')} ({names})", 2 * len(types),
                               "Z3" if SOUVENIR_SHOP in types else "Z1",
                               "Z-SHOP-4" if SOUVENIR_SHOP in types else "Z-SCORE-4"))
    if SOUVENIR_SHOP in on_spaces:
        lines.append(ScoreLine(f"Souvenir shop: {plural(zoo.offspring, 'offspring', 'offspring')}",
                               zoo.offspring, "Z3", "Z-SHOP-3"))
    return lines


def _barn_lines(zoo: Zoo) -> list[ScoreLine]:
    lines = list(_barn_lines_of(zoo.barn))
    if zoo.owns_restaurant:  # the restaurant changes the stalls on spaces, not the barn's cost (Z-REST-5)
        lines = [replace(line, cites="Z-REST-5") if line.cites == "Z-SCORE-5" and "stall type" in line.label
                 else line for line in lines]
    return lines


@lru_cache(maxsize=1 << 12)
def _barn_lines_of(barn) -> tuple[ScoreLine, ...]:
    lines = []
    if barn.species:
        lines.append(ScoreLine(f"Barn: {plural(len(barn.species), 'species', 'species')} "
                               f"({join_words(barn.species)})", -2 * len(barn.species), "Z1", "Z-SCORE-5"))
    if barn.stall_types:
        lines.append(ScoreLine(f"Barn: {plural(len(barn.stall_types), 'vending stall type')} "
                               f"({join_words(t.replace('-', ' ') for t in barn.stall_types)})",
                               -2 * len(barn.stall_types),
                               "Z3" if SOUVENIR_SHOP in barn.stall_types else "Z1",
                               "Z-SHOP-5" if SOUVENIR_SHOP in barn.stall_types else "Z-SCORE-5"))
    if barn.sites:
        lines.append(ScoreLine(f"Barn: {plural(barn.sites, 'construction site')} (once)", -2, "Z5", "Z-SITES-8"))
    return tuple(lines)


def score(zoo: Zoo) -> Score:
    """The final score of *zoo* with its breakdown.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(players=2, expansion_boards=2)
    >>> for key in ("5", "6", "x1", "x2"):
    ...     zoo = zoo.with_enclosure(Enclosure(key, stalls=("kiosk",)))
    >>> zoo = zoo.with_enclosure(Enclosure("4", stalls=("restaurant",)))
    >>> score(zoo).lines[-1]
    ScoreLine(label='Vending stalls with the restaurant: 4 stalls x 2 + restaurant 2', points=10, rule='Z2')
    """
    lines = [enclosure_points(e) for e in zoo.enclosures] + _stall_lines(zoo) + _barn_lines(zoo)
    return Score(sum(line.points for line in lines), tuple(lines), combination_flag(zoo))
