"""Benchmark: the first page of the classroom app (``make app``), served by the real Voila.

For each classroom notebook, two servers, one after the other, as ``make app`` starts them:

* **cold** (the baseline): plain Voila; the first visitor waits while a kernel starts and runs
  the whole notebook;
* **preheated** (what ``make app`` runs): ``--preheat_kernel=True --pool_size=1``; Voila runs
  the notebook in a spare kernel before anyone asks, and refills the pool after each visit. The
  page timed is a visitor's after the app has settled (the pool refilled and idle).

It reports both times and their ratio, and checks each page: it is served (status 200), it
shows the notebook's title, and no nbgrader mark ("BEGIN HIDDEN TESTS", "END SOLUTION", a
teacher's-note mark) is visible on it. Target: the preheated first page in under 3 s.

Exits non-zero when a page is wrong, or (without ``--quick``) when the target is missed.
``--quick`` (run by ``make test``): one notebook (the lightest, ``QUICK_NOTEBOOK``, unless others are
named), one preheated server (``make app``'s), its first page checked (title, no marks, outputs
shown); no cold baseline, nothing timed.
Run: ``python -m benchmarks.bench_voila [--quick] [NOTEBOOK ...]`` from the repository root.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from benchmarks.timing import target, verdict

REPO = Path(__file__).resolve().parents[1]
CLASSROOM = REPO / "notebooks" / "classroom"
TARGET_SECONDS = 3.0
MARKS = re.compile(r"BEGIN SOLUTION|END SOLUTION|BEGIN HIDDEN TESTS|END HIDDEN TESTS|TEACHER NOTE")
#: The quick mode's one notebook: the classroom's lightest to run (no figures, so its kernels never
#: import matplotlib; the preheated server runs it twice, once to heat and once to refill its pool).
QUICK_NOTEBOOK = "05-matching-and-flow-requests.ipynb"
#: The arguments ``make app`` gives Voila (keep in step with the Makefile's APP_VOILA).
PREHEAT = ("--preheat_kernel=True", "--pool_size=1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def visible_text(page: str) -> str:
    """What a reader sees: the page without comments, scripts, styles and tags."""
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


class Voila:
    """A Voila server on one notebook, on a free loopback port."""

    def __init__(self, notebook: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", *extra],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_listening(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None:
                raise RuntimeError(f"voila exited with status {self.process.returncode}")
            time.sleep(0.1)
        raise RuntimeError("voila did not start")

    def kernels_cpu(self) -> float:
        """CPU seconds used so far by the server's kernels (its child processes)."""
        import psutil

        total = 0.0
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                times = child.cpu_times()
                total += times.user + times.system
            except psutil.Error:
                pass
        return total

    def wait_settled(self, quiet: float = 2.0, timeout: float = 300) -> None:
        """Until the kernels have used no CPU for *quiet* seconds (the pool is rendered)."""
        deadline = time.monotonic() + timeout
        last, since = self.kernels_cpu(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.25)
            now = self.kernels_cpu()
            if now - last > 0.02:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet and now > 0:
                return
        raise RuntimeError("the kernels never settled")

    def get(self) -> tuple[float, str]:
        start = time.perf_counter()
        with urllib.request.urlopen(self.url, timeout=600) as response:
            assert response.status == 200, response.status
            page = response.read().decode("utf-8")
        return time.perf_counter() - start, page

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def check_page(notebook: Path, page: str) -> list[str]:
    import nbformat

    problems = []
    text = visible_text(page)
    title = nbformat.read(notebook, as_version=4).cells[0].source.split("\n")[0].lstrip("# ").strip()
    if title not in text:
        problems.append(f"the title {title!r} is not on the page")
    for mark in sorted(set(MARKS.findall(text))):
        problems.append(f"the page shows the mark {mark!r}")
    if "Traceback" in text:
        problems.append("the page shows a traceback")
    return problems


def first_pages(notebook: Path) -> tuple[float, float, list[str]]:
    """(cold seconds, preheated seconds, problems) for one notebook."""
    cold = Voila(notebook)
    try:
        cold.wait_listening()
        cold_seconds, cold_page = cold.get()
    finally:
        cold.stop()
    warm = Voila(notebook, *PREHEAT)
    try:
        warm.wait_listening()
        warm.get()  # the first visitor takes the kernel heated at start; Voila heats the next
        time.sleep(1.5)  # Voila's fill_delay: then it starts refilling
        warm.wait_settled()
        warm_seconds, warm_page = warm.get()
    finally:
        warm.stop()
    problems = check_page(notebook, cold_page) + check_page(notebook, warm_page)
    outputs = [page.count("jp-OutputArea-output") for page in (cold_page, warm_page)]
    if outputs[1] < outputs[0] or not outputs[0]:
        problems.append(f"the preheated page shows {outputs[1]} outputs, the cold one {outputs[0]}")
    return cold_seconds, warm_seconds, problems


def preheated_first_page(notebook: Path) -> list[str]:
    """Problems of the first page of ``make app``'s preheated Voila (the quick mode's one case)."""
    warm = Voila(notebook, *PREHEAT)
    try:
        warm.wait_listening()
        _, page = warm.get()  # rendered by the kernel heated at start
    finally:
        warm.stop()
    problems = check_page(notebook, page)
    if not page.count("jp-OutputArea-output"):
        problems.append("the preheated page shows no outputs")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one notebook; check the pages, do not judge times")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    try:
        import voila  # noqa: F401
    except ImportError:
        print("bench_voila: Voila is not installed: pip install -e '.[classroom]' (make app installs it)")
        return 1
    notebooks = args.notebooks or sorted(CLASSROOM.glob("*.ipynb"))
    if args.quick:  # no cold baseline, no timing: one preheated server, its first page checked
        if not args.notebooks and (CLASSROOM / QUICK_NOTEBOOK).is_file():
            notebooks = [CLASSROOM / QUICK_NOTEBOOK]
        problems = preheated_first_page(notebooks[0])
        print(f"quick: {notebooks[0].stem}: the preheated first page"
              + (f": {len(problems)} problems" if problems else " is right"))
        for problem in problems:
            print(f"  {notebooks[0].name}: {problem}")
        return 1 if problems else 0
    print(f"{'notebook':<40} {'cold s':>7} {'preheated s':>12} {'ratio':>6}")
    failed, met = False, []
    for notebook in notebooks:
        cold, warm, problems = first_pages(notebook)
        print(f"{notebook.stem:<40} {cold:>7.2f} {warm:>12.2f} {cold / warm:>6.1f}")
        for problem in problems:
            print(f"  {notebook.name}: {problem}")
            failed = True
        met.append(target(f"{notebook.stem}: preheated first page under {TARGET_SECONDS:g} s ({warm:.2f} s)",
                          warm < TARGET_SECONDS))
    return 1 if failed else verdict(met, quick=False)


if __name__ == "__main__":
    sys.exit(main())
