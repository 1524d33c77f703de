"""The decisions of a solo Age of Steam turn, one small frozen class each.

A turn runs in the base game's order (ruling S11): issue shares, select an
action, build track, two move-goods rounds; income, expenses, income reduction
and the end of the turn run by themselves. The decisions:

* :class:`IssueShares` -- ``count`` shares at $5 each (0 is "issue none");
* :class:`Select` -- one action card by name, or ``None`` for no action
  (both maps' rulebooks allow it, rulings S8/S9); ``target`` names the stack that
  Rapa Nui flips;
* :class:`LayTrack` -- lay new track tiles: ``hexes`` starts at a node (new
  track) or at the last hex of an incomplete track (an extension), then the new
  track hexes in order, and may end on a node (completing the link). ``hand``
  of the new tiles come from the Zoo bonus hand (free, beyond the limit, S7);
* :class:`Urbanize` -- with the Urbanization action, a new city on a town;
* :class:`EndBuild` -- stop building;
* :class:`Ship` -- one shipment along ``route`` (node names) using ``steps``
  (the track index of each link, ``None`` for the Zoo exit teleport);
* :class:`RaiseLocomotive` -- a move-goods round spent raising the level by 1;
* :class:`Pass` -- a move-goods round spent doing nothing.

Every action has a short text (``str(action)``) used by the game log, and compares by its fields'
values and types (:class:`zoobook.action_fields.Action`): ``IssueShares(True)`` is no ``IssueShares(1)``.

>>> str(LayTrack(((0, 0), (1, 0), (2, 0))))
'lay track (0,0) (1,0) (2,0)'
>>> str(Ship(("zebra", "lion"), (0,)))
'ship zebra -> lion'
"""

from __future__ import annotations

from dataclasses import dataclass

from zoobook.action_fields import Action
from zoobook.hexgrid import Hex
from zoobook.steam.hexmap import as_hex

__all__ = ["IssueShares", "Select", "LayTrack", "Urbanize", "EndBuild", "Ship", "RaiseLocomotive",
           "Pass", "Action", "hex_text"]


def hex_text(h) -> str:
    """``(q,r)`` without spaces, as the log writes hexes."""
    return f"({h[0]},{h[1]})"


@dataclass(frozen=True, eq=False)
class IssueShares(Action):
    count: int = 0

    def __str__(self) -> str:
        return f"issue {self.count} share{'s' if self.count != 1 else ''}"


@dataclass(frozen=True, eq=False)
class Select(Action):
    action: str | None = None
    target: str | None = None

    def __str__(self) -> str:
        if self.action is None:
            return "select no action"
        return f"select {self.action}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, eq=False)
class LayTrack(Action):
    hexes: tuple[Hex, ...]
    hand: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hexes", tuple(as_hex(h) for h in self.hexes))

    def __str__(self) -> str:
        extra = f" ({self.hand} from hand)" if self.hand else ""
        return "lay track " + " ".join(hex_text(h) for h in self.hexes) + extra


@dataclass(frozen=True, eq=False)
class Urbanize(Action):
    town: Hex

    def __post_init__(self) -> None:
        object.__setattr__(self, "town", as_hex(self.town))

    def __str__(self) -> str:
        return f"urbanize the town {hex_text(self.town)}"


@dataclass(frozen=True, eq=False)
class EndBuild(Action):
    def __str__(self) -> str:
        return "end build"


@dataclass(frozen=True, eq=False)
class Ship(Action):
    route: tuple[str, ...]
    steps: tuple[int | None, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "route", tuple(self.route))
        object.__setattr__(self, "steps", tuple(self.steps))

    def __str__(self) -> str:
        parts = [self.route[0]]
        for node, step in zip(self.route[1:], self.steps):
            parts.append(("=teleport=> " if step is None else "-> ") + node)
        return "ship " + " ".join(parts)

    @property
    def links(self) -> int:
        """Its length: links used (the teleport is not a link, S5)."""
        return sum(step is not None for step in self.steps)


@dataclass(frozen=True, eq=False)
class RaiseLocomotive(Action):
    def __str__(self) -> str:
        return "raise locomotive"


@dataclass(frozen=True, eq=False)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


Action = IssueShares | Select | LayTrack | Urbanize | EndBuild | Ship | RaiseLocomotive | Pass
