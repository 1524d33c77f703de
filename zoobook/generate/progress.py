"""A one-line terminal progress bar (standard library only).

>>> import io
>>> out = io.StringIO()
>>> bar = ProgressBar(4, label="zoo", stream=out, width=8)
>>> for done in range(1, 5):
...     bar(done, 4)
>>> out.getvalue().splitlines()[-1].strip()
'zoo [########] 4/4'
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["ProgressBar", "bar_text"]


def bar_text(done: int, total: int, *, width: int = 30, label: str = "") -> str:
    """``label [#####.....] done/total``.

    >>> bar_text(1, 4, width=8)
    '[##......] 1/4'
    """
    filled = width * done // total if total else width
    head = f"{label} " if label else ""
    return f"{head}[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


class ProgressBar:
    """Call it with ``(done, total)``: redraws one line with ``\\r``, ends it when done."""

    def __init__(self, total: int, *, label: str = "", stream: TextIO | None = None,
                 width: int = 30) -> None:
        self.total, self.label, self.width = total, label, width
        self.stream = stream if stream is not None else sys.stderr

    def __call__(self, done: int, total: int | None = None) -> None:
        total = self.total if total is None else total
        self.stream.write("\r" + bar_text(done, total, width=self.width, label=self.label))
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
