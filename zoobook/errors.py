"""The project's errors: a bad puzzle file, and an illegal move.

**PuzzleError** -- the one exception a user ever sees from a puzzle file.

Every problem with a file is reported as *file: key: reason* on one line, so a
teacher can find the offending line in a text editor. Nothing in the library
lets a malformed file through to a traceback.

**IllegalAction** and **Refusal** -- the one illegal-move error of every game engine, and the
reason it carries: words plus the ID of the rule that forbids the move.
"""

from __future__ import annotations

__all__ = ["PuzzleError", "Refusal", "IllegalAction"]


class PuzzleError(ValueError):
    """A puzzle file (or puzzle data) that cannot be used, with where and why.

    Parameters
    ----------
    reason : str
        What is wrong, in plain words.
    key : str, optional
        The key path inside the file, for example ``tile[3].walls[1]``.
    file : str, optional
        The file the data came from; filled in by the loader when known.

    Examples
    --------
    >>> str(PuzzleError("must be 1-5", key="difficulty", file="p.toml"))
    'p.toml: difficulty: must be 1-5'
    >>> str(PuzzleError("not a TOML file"))
    'not a TOML file'
    """

    def __init__(self, reason: str, *, key: str = "", file: str = "") -> None:
        self.reason = reason
        self.key = key
        self.file = file
        super().__init__(str(self))

    def __str__(self) -> str:
        return ": ".join(part for part in (self.file, self.key, self.reason) if part)

    def at(self, *, file: str | None = None, prefix: str = "") -> "PuzzleError":
        """The same error located in *file* and/or below the key *prefix*."""
        key = ".".join(part for part in (prefix, self.key) if part)
        return PuzzleError(self.reason, key=key, file=file if file is not None else self.file)


class Refusal(str):
    """Why an action is illegal now: the words, and the rule that forbids it.

    A ``Refusal`` is a ``str`` (the whole message, the rule's ID in brackets at the
    end), so it prints and compares as text; ``reason`` and ``rule`` keep the parts.
    Every engine's ``refusal(action)`` returns one, or ``None`` for a legal action.

    Parameters
    ----------
    reason : str
        What is wrong, in a referee's words.
    rule : str, optional
        The ID of the rule or ruling that forbids it (``"F21"``, ``"S12"``, ``"Z10"``);
        empty when the words alone say it (for example "the game is over").

    Examples
    --------
    >>> why = Refusal("a door needs a wall or a gate border", rule="F21")
    >>> str(why), why.reason, why.rule
    ('a door needs a wall or a gate border [F21]', 'a door needs a wall or a gate border', 'F21')
    >>> "door" in why
    True
    >>> Refusal("the game is over")
    'the game is over'
    """

    reason: str
    rule: str

    def __new__(cls, reason: str, rule: str = "") -> "Refusal":
        if isinstance(reason, Refusal) and not rule:
            return reason
        text = f"{reason} [{rule}]" if rule else str(reason)
        self = super().__new__(cls, text)
        self.reason = str(reason)
        self.rule = rule
        return self

    def __repr__(self) -> str:
        return repr(str(self))

    def __reduce__(self):
        return (Refusal, (self.reason, self.rule))


class IllegalAction(ValueError):
    """An action the rules forbid now. Raised by every engine's ``apply``; the state is unchanged.

    The one illegal-move error of the project: widgets and commands catch this type only.

    Parameters
    ----------
    reason : str or Refusal
        Why, in a referee's words (a :class:`Refusal` brings its rule along).
    rule : str, optional
        The rule's ID when *reason* is plain text.

    Examples
    --------
    >>> error = IllegalAction(Refusal("4 fertile males of one species", rule="F20"))
    >>> error.reason, error.rule, str(error)
    ('4 fertile males of one species', 'F20', '4 fertile males of one species [F20]')
    """

    def __init__(self, reason: "str | Refusal", rule: str = "") -> None:
        self.refusal = Refusal(reason, rule)
        self.reason = self.refusal.reason
        self.rule = self.refusal.rule
        super().__init__(str(self.refusal))
