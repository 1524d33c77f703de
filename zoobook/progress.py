"""Progress reports for long searches, clean interruption and search budgets (shared by every game).

A search calls ``progress(done, total, message)`` now and then. A notebook
turns that into an ``ipywidgets.IntProgress``; the ``zoobook`` command into a
:class:`TerminalBar`. A callback may return ``False`` to stop the search; the
search then raises :class:`Interrupted`, as it does on Ctrl-C
(``KeyboardInterrupt``), carrying what it had found and leaving nothing half-changed.

>>> import io
>>> out = io.StringIO()
>>> bar = TerminalBar(out, width=10)
>>> bar(5, 10, "turn 3")
>>> out.getvalue()
'\\r[#####.....] 5/10 turn 3'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["Callback", "Interrupted", "SearchBudgetExceeded", "TerminalBar", "bar_text", "quiet"]

Callback = Callable[[int, int, str], Any]


class Interrupted(Exception):
    """A search stopped early (Ctrl-C or a callback returning False).

    ``partial`` holds what the search had established (may be None).
    """

    def __init__(self, message: str, partial: Any = None) -> None:
        super().__init__(message)
        self.partial = partial


class SearchBudgetExceeded(RuntimeError):
    """A search needed more work (positions, relaxations ...) than its caller allowed.

    Generators set such budgets so that every puzzle they keep solves in a blink.
    """


def quiet(done: int, total: int, message: str = "") -> None:
    """The default callback: report nothing, never stop."""


def bar_text(done: int, total: int, *, width: int = 30, label: str = "", message: str = "",
             unit: str = "", scale: int = 1) -> str:
    """``label [#####.....] done/total unit message``; *scale* divides the counts for display
    (a search that counts tenths of a second shows seconds).

    >>> bar_text(1, 4, width=8, label="zoo")
    'zoo [##......] 1/4'
    >>> bar_text(72, 200, width=8, unit="CPU-s", scale=10)
    '[##......] 7.2/20 CPU-s'
    """
    filled = width * done // total if total else width
    head = f"{label} " if label else ""
    count = f"{done}/{total}" if scale == 1 else f"{done / scale:g}/{total / scale:g}"
    tail = (f" {unit}" if unit else "") + (f" {message}" if message else "")
    return f"{head}[{'#' * filled}{'.' * (width - filled)}] {count}{tail}"


class TerminalBar:
    """A one-line text progress bar redrawn in place; a :data:`Callback`.

    Call :meth:`close` to end the line (also done when *done* reaches *total* with
    ``close_when_done``, for counted batches).
    """

    def __init__(self, stream: TextIO | None = None, width: int = 30, *, label: str = "",
                 close_when_done: bool = False, unit: str = "", scale: int = 1) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width, self.label, self.close_when_done = width, label, close_when_done
        self.unit, self.scale = unit, scale

    def __call__(self, done: int, total: int, message: str = "") -> None:
        self.stream.write("\r" + bar_text(done, total, width=self.width, label=self.label, message=message,
                                              unit=self.unit, scale=self.scale))
        self.stream.flush()
        if self.close_when_done and done >= total:
            self.close()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
