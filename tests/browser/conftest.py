"""JupyterLab in a real Chromium: one server and one browser for the whole session.

Every test in this folder is marked ``browser`` automatically: ``make test`` runs
them in their own pytest run (``pytest -m browser tests/browser``) after pytest and
nbval, beside the puzzle, benchmark and site checks, and the ordinary run skips them
(``-m "not browser"``).

Fixtures
--------
lab_server
    A JupyterLab server on a free loopback port, rooted in a temporary copy of
    ``notebooks/`` (with ``puzzles/`` copied beside it, as in the repository), the copies'
    stored outputs left out (each test clears them anyway before it runs its cells).
    Attributes: ``url``, ``root`` (the temporary notebooks folder), ``log``.
lab_url
    ``lab_server.url``, e.g. ``http://127.0.0.1:41234``.
browser
    Headless Debian Chromium driven by Playwright.
page
    The session's one tab (1280x900), JupyterLab loaded in it once: a module drives one
    notebook, opened in that app, so its tests share the notebook's run (run it once, in
    a module-scoped fixture). When a test fails, a screenshot is saved as
    ``tests/artifacts/FAILED-<test>.png``. After the module its notebooks close and
    their kernels shut down.

Adding your own browser check (game helpers)
--------------------------------------------
Write ``tests/browser/test_<your lesson>.py``::

    import pytest
    from playwright.sync_api import expect
    from tests.browser.labtools import outputs, run_cells, screenshot

    pytestmark = pytest.mark.browser

    def test_lineup_lesson_solves_in_the_browser(page, lab_url):
        # a fresh workspace; outputs cleared, only the cells holding these texts run (the
        # imports and the widget's own cell), errors named (a module with several tests runs
        # its cells once, in a module-scoped fixture, and the tests share the tab)
        run_cells(page, lab_url, "21-5x5-lineup.ipynb", "import LineupExplorer", "explorer = LineupExplorer(")
        outputs(page).get_by_role("button", name="Solve").first.click()
        expect(outputs(page).locator(".zoobook-solution")).to_have_count(1)
        screenshot(page, "five-by-five")

Run only the cells your widget needs (``run_cells``): nbval already runs every
notebook top to bottom, and a lesson's long cells would cost the browser run
minutes of CPU for nothing (``run_notebook`` runs them all, for a check that
needs the whole lesson). Assert on what a reader sees after an interaction (a
widget's text changed, a figure appeared), not on what the stored outputs
already showed: both clear the outputs first. Keep it to one or two
interactions: the whole browser run shares one server and must stay quick. Run it alone with
``.venv-test/bin/python -m pytest -m browser tests/browser/test_<your lesson>.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser import labtools
from tests.browser.labtools import (ARTIFACTS, close_documents, free_port, isolated_jupyter_env, stop_process,
                                    wait_for_http)

#: How long an ``expect(...)`` waits for a widget to answer (Playwright's own default is 5 s: a
#: click's round trip through the kernel took longer on this 2-core machine when it was busy).
EXPECT_TIMEOUT_MS = 60_000

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
# No calls home (this machine's closed network refuses them, many at a time), as the machine's notes advise.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]



def pytest_configure(config):
    try:
        from playwright.sync_api import expect
    except ImportError:  # the browser tests then fail on their own imports, naming playwright
        return
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the test item, so `page` knows whether the test failed.
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


def without_outputs(path: Path) -> None:
    """Store the notebook at *path* without its code cells' outputs and execution counts.

    The server's copies are opened so: every test clears the outputs before it runs its cells
    (nothing stored can pass for a fresh result), and a lesson's stored figures, tables and
    widget placeholders, rendered whole when the notebook opens (``windowingMode: none``), cost
    Chromium seconds of layout and painting for nothing.
    """
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class LabServer:
    url: str
    root: Path
    log: Path
    process: subprocess.Popen


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab on a free loopback port, rooted in a temporary copy of notebooks/."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    # games/: the games a reader saved beside the notebooks (git-ignored) stay out of the copy
    shutil.copytree(REPO / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "games"))
    for path in root.rglob("*.ipynb"):
        without_outputs(path)
    if (REPO / "puzzles").is_dir():  # so that "../puzzles/..." works as in the repository
        shutil.copytree(REPO / "puzzles", base / "puzzles")
    port = free_port()
    log = base / "jupyterlab.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
               "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=",
               "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={root}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    env = isolated_jupyter_env(base / "home")
    # The game widgets save into games/ beside the notebook, as for a reader (tests/startup.py points
    # every other test run at a temporary folder).
    env.pop("ZOOBOOK_GAMES_DIR", None)
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=root, env=env,
                                   stdout=sink, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        # The first start in a fresh clone compiles the server's modules (the venv is installed
        # without .pyc files): over 90 s when the machine is busy.
        wait_for_http(f"{url}/api", process=process, log=log, timeout=300)
        labtools.SERVER_LOG = log  # quoted when a tab gets stuck
        yield LabServer(url, root, log, process)
    finally:
        stop_process(process)


@pytest.fixture(scope="session")
def lab_url(lab_server) -> str:
    return lab_server.url


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium from Debian (Playwright cannot download its own here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` as root (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def lab_tab(browser):
    """The session's one tab (1280x900): JupyterLab loads in it once, and every module's notebook
    opens in that app (loading the app costs Chromium about ten CPU-seconds each time)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="module")
def page(lab_tab):
    """The tab, for one test module; afterwards its notebooks close and their kernels shut down."""
    try:
        yield lab_tab
    finally:
        try:
            close_documents(lab_tab)
        except Exception:  # no JupyterLab in this tab, or the page is gone
            pass


@pytest.fixture(autouse=True)
def screenshot_on_failure(request):
    """A failed test leaves a screenshot of its tab (if it used one)."""
    yield
    report = getattr(request.node, "report_call", None)
    tab = request.node.funcargs.get("page")
    if report is not None and report.failed and tab is not None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        try:
            tab.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}.png"), full_page=True)
        except Exception:  # the page may be gone; the failure itself matters more
            pass
