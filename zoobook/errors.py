"""The one exception a user ever sees from a puzzle file.

Every problem with a file is reported as *file: key: reason* on one line, so a
teacher can find the offending line in a text editor. Nothing in the library
lets a malformed file through to a traceback.
"""

from __future__ import annotations

__all__ = ["PuzzleError"]


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
