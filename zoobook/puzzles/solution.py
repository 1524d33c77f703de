"""What every solver returns: the optimum, a witness and an explanation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Solution"]


@dataclass(frozen=True)
class Solution:
    """A solver's certified answer.

    Attributes
    ----------
    value : int, float or None
        The optimum; ``None`` where the question has no solution.
    witness : JSON-like
        A solution reaching *value* (lists, dicts, strings and numbers only, so
        it prints as JSON).
    explanation : tuple of str
        Plain sentences: what the witness does and why nothing better exists.

    Examples
    --------
    >>> s = Solution(3, ["A3", "B3"], ("Two tiles.", "Nothing scores more."))
    >>> s.as_json(id="p", kind="toy/echo")["explanation"]
    ['Two tiles.', 'Nothing scores more.']
    """

    value: int | float | None
    witness: Any
    explanation: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.explanation, str) or not all(isinstance(s, str) for s in self.explanation):
            raise TypeError("explanation must be a sequence of sentences (str)")
        object.__setattr__(self, "explanation", tuple(self.explanation))

    def as_json(self, *, id: str, kind: str) -> dict[str, Any]:
        """The object ``zoobook solve --json`` prints."""
        return {"id": id, "kind": kind, "value": self.value, "witness": self.witness,
                "explanation": list(self.explanation)}
