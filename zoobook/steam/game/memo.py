"""A cache keyed by object identity, for the frozen maps the planner passes around.

Maps are frozen dataclasses whose hash is recomputed on every call (tuples of
areas, tracks...), which made hashing the planner's main cost. The planner's
maps come out of caches themselves, so the same object recurs: keying by ``id``
(and holding a reference, so the id stays unique) finds it for free. Equal maps
that are different objects simply miss, which costs time, never correctness.

>>> cache = IdentityCache(limit=2)
>>> board = ("a", "map")
>>> cache.get(board, "level", lambda: 3), cache.get(board, "level", lambda: 4)
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["IdentityCache", "canonical"]


class IdentityCache:
    """``get(obj, key, compute)``: *compute()* once per (object, key)."""

    def __init__(self, limit: int = 200_000) -> None:
        self.limit = limit
        self._store: dict[tuple[int, Hashable], tuple[Any, Any]] = {}

    def get(self, obj: Any, key: Hashable, compute: Callable[[], Any]) -> Any:
        slot = (id(obj), key)
        found = self._store.get(slot)
        if found is not None and found[0] is obj:
            return found[1]
        value = compute()
        if len(self._store) >= self.limit:
            self._store.clear()
        self._store[slot] = (obj, value)
        return value


_CANON: dict = {}


def canonical(board: Any) -> Any:
    """The first-seen object equal to *board*, so that equal maps share one identity.

    >>> canonical((1, 2)) is canonical((1, 2))
    True
    """
    if len(_CANON) > 200_000:
        _CANON.clear()
    return _CANON.setdefault(board, board)
