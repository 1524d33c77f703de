"""A pytest plugin loaded before every other (pyproject's ``addopts``: ``-p tests.startup``).

nbval's plugin, loaded by every pytest process (and each xdist worker), imports nbformat, which
imports jsonschema, which imports the optional ``rfc3987_syntax`` if it is installed (Jupyter's
``jupyter_events`` installs it). That package compiles 38 Lark grammars when imported: about
3.5 CPU-seconds, in every pytest process, for jsonschema's ``iri`` format checks, which nothing
here asks for (notebook validation uses no format checker). Marked absent, jsonschema skips
those checks (its import of it is optional), and the import costs 0.3 s. This runs before the
installed plugins because ``-p`` plugins are imported first.
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


# -- the order of files on pytest-xdist's workers ---------------------------------------------------
# `make test` runs tests, doctests and notebooks in one `-n auto --dist loadfile` run: each file goes
# whole to one worker, which asks for the next file when it has two tests left. In collection order
# (or xdist's default, most tests first) a 30-second file could start last and keep one core busy
# while the other idles: the run's tail. Handed out longest first (the classic LPT rule), the last
# files are the doctests and small modules of a fraction of a second. tests/costs.json holds each
# file's seconds (wall, one process; only the order matters); a file not in it counts as
# DEFAULT_COST. The Makefile passes --no-loadscope-reorder so xdist keeps this order.
# `ZOOBOOK_WRITE_TEST_COSTS=1 make test-units` rewrites the table from that run's durations.

import json  # noqa: E402
import os  # noqa: E402
from collections import defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402

COSTS = Path(__file__).with_name("costs.json")
DEFAULT_COST = 1.0  # seconds: a new test file goes before the doctests and the smallest modules
SMALLEST_RECORDED = 0.5  # files under this many seconds are left out of the table


def _file_of(nodeid: str) -> str:
    """The file part of a node id ('tests/x.py::test_y[1]' -> 'tests/x.py')."""
    return nodeid.split("::", 1)[0]


def longest_first(nodeids: list[str], costs: dict[str, float]) -> list[int]:
    """Indexes of *nodeids* with whole files, costliest first (ties, and tests inside a file, in
    their collected order); a file not in *costs* counts DEFAULT_COST, a doctest module less.

    >>> longest_first(["a.py::t1", "zoobook/m.py::m", "b.py::t1", "a.py::t2", "new.py::t"], {"b.py": 9, "a.py": 2})
    [2, 0, 3, 4, 1]
    """
    first: dict[str, int] = {}
    for index, nodeid in enumerate(nodeids):
        first.setdefault(_file_of(nodeid), index)

    def cost(file: str) -> float:
        return costs.get(file, DEFAULT_COST if not file.startswith("zoobook/") else SMALLEST_RECORDED / 2)

    return sorted(range(len(nodeids)), key=lambda i: (-cost(_file_of(nodeids[i])), first[_file_of(nodeids[i])]))


def pytest_collection_modifyitems(session, config, items):
    """On an xdist worker (each collects the same items; the controller hands out files in this
    order), put the files longest first."""
    if not hasattr(config, "workerinput") or not COSTS.exists():
        return
    costs = json.loads(COSTS.read_text(encoding="utf-8"))
    items[:] = [items[i] for i in longest_first([item.nodeid for item in items], costs)]


_recorded: defaultdict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report):
    if os.environ.get("ZOOBOOK_WRITE_TEST_COSTS"):  # written by the controller (or a run without xdist)
        _recorded[_file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session, exitstatus):
    if not os.environ.get("ZOOBOOK_WRITE_TEST_COSTS") or hasattr(session.config, "workerinput") or not _recorded:
        return
    costs = json.loads(COSTS.read_text(encoding="utf-8")) if COSTS.exists() else {}
    costs.update({file: round(seconds, 1) for file, seconds in _recorded.items()})
    kept = {file: seconds for file, seconds in sorted(costs.items(), key=lambda kv: -kv[1])
            if seconds >= SMALLEST_RECORDED}
    COSTS.write_text(json.dumps(kept, indent=0) + "\n", encoding="utf-8")


# -- no saved games in the repository ----------------------------------------------------------------
# The game widgets save every game they play (zoobook.widgets.keeper), by default into games/ of the
# working folder: the repository's root for a test, notebooks/ for nbval. Every pytest process (and the
# kernels nbval starts, which inherit its environment) saves into a temporary folder of its own instead,
# removed when the process ends. The browser tests' JupyterLab drops the variable: there the widgets
# keep games/ beside the notebook, in the server's temporary copy.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

if not os.environ.get("ZOOBOOK_GAMES_DIR"):
    _games = tempfile.mkdtemp(prefix="zoobook-games-")
    os.environ["ZOOBOOK_GAMES_DIR"] = _games
    atexit.register(shutil.rmtree, _games, True)
