"""Construction-site markers (ruling Z5): where an opponent's marker may go, and passing one's own on.

Examples
--------
>>> from zoobook.zooloretto.model import new_zoo
>>> site_destinations(new_zoo(), "enclosure")
['5', '4', '6']
"""

from __future__ import annotations

from dataclasses import replace

from zoobook.explain import plural
from zoobook.zooloretto.model import CONSTRUCTION_SITES, RESTAURANT, SITE, SOUVENIR_SHOP, STALL_TYPES, Zoo, sites_in_box
from zoobook.zooloretto.actions.common import BARN, SITE_KINDS, Outcome, _enclosure, _pay, _refuse

__all__ = ["site_destinations", "place_site", "own_markers", "pass_sites"]


def site_destinations(zoo: Zoo, kind: str) -> list[str]:
    """Where a marker of *kind* may go in *zoo*; empty when it must be discarded (Z5)."""
    if kind == "enclosure":
        return [e.key for e in zoo.enclosures if e.free_spaces > 0]
    if kind == "stall":
        return [e.key for e in zoo.enclosures if e.free_stall_spaces > 0]
    if kind == "barn":
        return [BARN]
    raise _refuse(f"a construction site is one of {', '.join(SITE_KINDS)}, not {kind!r}", "Z-SITES-1")


def place_site(zoo: Zoo, kind: str, to: str | None = None) -> Outcome:
    """Put a construction-site marker of *kind* into this (an opponent's) zoo.

    With no legal space the marker is discarded and the zoo is unchanged. A zoo that already
    holds every marker of that kind the box has (ASSUMED 3, ruling Z10) cannot be given another.

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",))
    >>> place_site(zoo, "stall", "4").zoo.enclosure("4").stalls
    ('site',)
    >>> full = zoo.with_enclosure(Enclosure("5", "camel", 5))
    >>> place_site(full, "enclosure", "5")
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: the 5-space enclosure has no empty space for the enclosure marker [Z-SITES-3]
    """
    if not zoo.uses(CONSTRUCTION_SITES):
        raise _refuse("construction sites belong to the Construction Sites expansion, not in this game", "Z-SITES-1")
    options = site_destinations(zoo, kind)
    if zoo.sites()[kind] >= sites_in_box(kind):
        raise _refuse(f"the box has {sites_in_box(kind)} {kind} markers and this zoo holds them all", "Z-SITES-1")
    if not options:
        where = "enclosure space" if kind == "enclosure" else "vending stall space"
        return Outcome(zoo, (f"no empty {where}: the {kind} marker is discarded",))
    to = to if to is not None else (options[0] if len(options) == 1 else None)
    if to is None:
        raise _refuse(f"say where the {kind} marker goes ({', '.join(options)})", "Z-SITES-2")
    if to not in options:
        if to == BARN or kind == "barn":
            raise _refuse("a barn marker goes into the barn; enclosure and stall markers go on spaces", "Z-SITES-5")
        e = _enclosure(zoo, to, "Z-SITES-3")
        if kind == "enclosure":
            raise _refuse(f"the {e.name} has no empty space for the enclosure marker", "Z-SITES-3")
        raise _refuse(f"the {e.name} has no empty vending stall space for the stall marker", "Z-SITES-4")
    if kind == "barn":
        return Outcome(replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites + 1)))
    e = zoo.enclosure(to)
    if kind == "enclosure":
        return Outcome(zoo.with_enclosure(replace(e, sites=e.sites + 1)))
    return Outcome(zoo.with_enclosure(e.with_stalls(e.stalls + (SITE,))))


def own_markers(zoo: Zoo) -> list[tuple[str, str]]:
    """The construction-site markers in *zoo*, one ``(kind, where)`` per marker (for :func:`pass_sites`).

    >>> from zoobook.zooloretto.model import new_zoo, Enclosure
    >>> zoo = new_zoo(expansions=("construction-sites",)).with_enclosure(Enclosure("5", sites=2))
    >>> own_markers(zoo)
    [('enclosure', '5'), ('enclosure', '5')]
    """
    out = []
    for e in zoo.enclosures:
        out += [("enclosure", e.key)] * e.sites + [("stall", e.key)] * e.stalls.count(SITE)
    return out + [("barn", BARN)] * zoo.barn.sites


def pass_sites(zoo: Zoo, markers) -> Outcome:
    """Money action (1 coin): take up to two of your own markers off your zoo to pass them on.

    *markers* is a list of ``(kind, where)``: ``("enclosure", "5")``, ``("stall", "4")``,
    ``("barn", "barn")``. The caller then places each into an opponent's zoo with
    :func:`place_site`.
    """
    markers = list(markers)
    if not 1 <= len(markers) <= 2:
        raise _refuse(f"one coin passes one or two construction-site markers, not {len(markers)}", "Z-SITES-10")
    if not zoo.uses(CONSTRUCTION_SITES):
        raise _refuse("construction sites belong to the Construction Sites expansion, not in this game", "Z-SITES-1")
    paid = _pay(zoo, "pass sites", "Z-SITES-10")
    zoo = paid
    for kind, where in markers:
        if kind == "barn":
            if where != BARN:  # a barn marker has one place: say so rather than take any word for it
                raise _refuse(f"a barn marker is in the barn, not at {where!r}", "Z-SITES-10")
            if zoo.barn.sites == 0:  # none at all, or fewer than this action names
                held = paid.barn.sites
                raise _refuse("there is no construction-site marker in your barn" if not held else
                              f"your barn holds {plural(held, 'construction-site marker')}, not "
                              f"{sum(k == 'barn' for k, _ in markers)}", "Z-SITES-10")
            zoo = replace(zoo, barn=replace(zoo.barn, sites=zoo.barn.sites - 1))
            continue
        e = _enclosure(zoo, where, "Z-SITES-10")
        if kind == "enclosure" and e.sites:
            zoo = zoo.with_enclosure(replace(e, sites=e.sites - 1))
        elif kind == "stall" and SITE in e.stalls:
            stalls = list(e.stalls)
            stalls.remove(SITE)
            zoo = zoo.with_enclosure(e.with_stalls(stalls))
        else:
            raise _refuse(f"there is no {kind} construction-site marker at the {e.name}", "Z-SITES-10")
    return Outcome(zoo, (f"{plural(len(markers), 'marker')} to pass to opponents",))


assert set(STALL_TYPES).isdisjoint({SITE, RESTAURANT, SOUVENIR_SHOP})
