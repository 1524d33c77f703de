"""Progress reports for long searches, and clean interruption.

A search calls ``progress(done, total, message)`` now and then. The notebook
turns that into an ``ipywidgets.IntProgress`` (see
:mod:`zoobook.widgets.steam_game`), the ``zoobook`` command into
:class:`TerminalBar`. A callback may return ``False`` to stop the search; the
search then raises :class:`Interrupted`, as it does on Ctrl-C
(``KeyboardInterrupt``), carrying what it had found, and leaves nothing half-changed.

>>> import io
>>> out = io.StringIO()
>>> bar = TerminalBar(out, width=10)
>>> bar(5, 10, "turn 3")
>>> out.getvalue()
'\\r[#####     ] 5/10 turn 3'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["Interrupted", "TerminalBar", "Callback", "quiet"]

Callback = Callable[[int, int, str], Any]


class Interrupted(Exception):
    """A search stopped early (Ctrl-C or a callback returning False).

    ``partial`` holds what the search had established (may be None).
    """

    def __init__(self, message: str, partial: Any = None) -> None:
        super().__init__(message)
        self.partial = partial


def quiet(done: int, total: int, message: str) -> None:
    """The default callback: report nothing, never stop."""


class TerminalBar:
    """A one-line text progress bar redrawn in place (for the ``zoobook`` command)."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width

    def __call__(self, done: int, total: int, message: str) -> None:
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{' ' * (self.width - filled)}] {done}/{total} {message}")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
