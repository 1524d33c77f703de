"""Small helpers for driving JupyterLab in a real Chromium (Playwright, sync API).

Use them from a test in ``tests/browser/`` with the fixtures of ``conftest.py``
(``lab_url`` is the server's base URL, ``page`` a fresh browser tab)::

    from playwright.sync_api import expect
    from tests.browser.labtools import outputs, run_cells, screenshot

    def test_my_lesson(page, lab_url):
        # only the cells the widget needs (nbval runs the whole lesson); fails, naming the error,
        # if one raises, and before anything runs if no cell holds a needle
        run_cells(page, lab_url, "10-my-lesson.ipynb", "import ", "explorer = ShipmentExplorer(")
        outputs(page).get_by_role("button", name="Solve").first.click()
        expect(outputs(page).locator(".zoobook-solution")).to_have_count(1)
        screenshot(page, "my-lesson")

Widgets render under ``.jp-OutputArea-output`` (``outputs(page)``): text boxes as
``.widget-text input``, dropdowns as ``.widget-dropdown select``, HTML widgets as
``.widget-html-content``, buttons by role and name. Prefer Playwright's ``expect``
(which retries) over reading the page once: widget views update asynchronously.

Waiting: the kernel's status is
read from ``window.jupyterapp`` (the CSS idle indicator races), and "run all" is
awaited through the command's own promise, which settles when the last cell ends.
The server helpers at the bottom (``free_port``, ``isolated_jupyter_env``,
``wait_for_http``, ``stop_process``) also serve for other servers, e.g. Voila.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser tests then fail on their own imports, naming playwright
    PlaywrightTimeout = TimeoutError

__all__ = ["ARTIFACTS", "run_cells", "run_open_cells", "restart_kernel",
           "run_notebook", "open_notebook", "close_documents", "wait_for_kernel_idle",
           "run_all_cells", "cell_errors", "output_html", "output_text", "outputs", "widget_box", "screenshot",
           "free_port", "isolated_jupyter_env", "wait_for_http", "stop_process", "lab_diagnosis", "POLL_MS"]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

_CURRENT_PATH = "name => window.jupyterapp?.shell.currentWidget?.context?.path === name"

_KERNEL_IDLE = """() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel
                       ?.status === 'idle'"""

# Every error output of the current notebook's code cells, as "Name: message".
_CELL_ERRORS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const errors = [];
    for (const cell of Array.from(panel.content.model.cells)) {
        if (cell.type !== 'code') continue;
        for (const out of cell.outputs.toJSON()) {
            if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
        }
    }
    return errors;
}"""

# Clear outputs (so nothing stored can pass for a fresh result), run every cell and
# resolve when the last one has finished; a timer turns a hang into a clear failure.
_RUN_ALL = """async (timeout) => {
    const app = window.jupyterapp;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    const run = app.commands.execute('notebook:run-all-cells');
    const timer = new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`cells still running after ${timeout} ms`)), timeout));
    return await Promise.race([run, timer]);
}"""


# Clear outputs, then run the code cells whose source holds one of the needles, in the notebook's
# order, each awaited through the command's own promise; stop at the first cell that fails (as
# "run all" does). Returns the needles no code cell holds (then nothing runs) and the cells run.
_RUN_CELLS = """async ([needles, timeout]) => {
    const app = window.jupyterapp;
    const notebook = app.shell.currentWidget.content;
    const cells = Array.from(notebook.model.cells);
    const holds = (cell, needle) => cell.type === 'code' && cell.sharedModel.getSource().includes(needle);
    const missing = needles.filter(needle => !cells.some(cell => holds(cell, needle)));
    const chosen = missing.length ? [] :
        cells.map((cell, i) => needles.some(needle => holds(cell, needle)) ? i : -1).filter(i => i >= 0);
    await app.commands.execute('notebook:clear-all-cell-outputs');
    const timer = new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`cells still running after ${timeout} ms`)), timeout));
    for (const i of chosen) {
        notebook.activeCellIndex = i;
        notebook.deselectAll();
        if (!await Promise.race([app.commands.execute('notebook:run-cell'), timer])) break;
    }
    return {missing, ran: chosen};
}"""


def run_cells(page, base_url: str, name: str, *needles: str, timeout: float = 120_000) -> list[int]:
    """Open the notebook *name*, clear its outputs and run only the code cells that hold a needle.

    The opening of a widget check: a browser test needs the cells that build its widget (and
    what those use: the imports, the puzzle loaded, the notebook's own clicks on the widget),
    not the whole lesson, which nbval runs already. Each needle is a piece of source text, e.g.
    ``"import "`` or ``"explorer = ShipmentExplorer("``; every code cell holding one runs, in
    the notebook's order, in a fresh workspace with an idle kernel. A needle no cell holds fails
    the test before anything runs (the lesson changed: choose the cells again), and so does a
    cell that raises (``AssertionError`` naming the error). Returns the indices of the cells run.
    """
    open_notebook(page, base_url, name)
    return run_open_cells(page, *needles, timeout=timeout)


def run_open_cells(page, *needles: str, timeout: float = 120_000) -> list[int]:
    """:func:`run_cells` in the notebook open now, in its kernel as it is (after
    :func:`restart_kernel`, say): outputs cleared, the code cells holding a needle run."""
    result = page.evaluate(_RUN_CELLS, [list(needles), timeout])
    assert not result["missing"], f"no code cell holds {result['missing']}"
    wait_for_kernel_idle(page, timeout=timeout)
    errors = cell_errors(page)
    assert not errors, f"cells raised: {errors}"
    return result["ran"]


def restart_kernel(page, *, timeout: float = 90_000) -> None:
    """Restart the open notebook's kernel (no dialog: through its session) and wait until it is idle:
    every variable of the notebook is gone, as after the reader's Kernel > Restart."""
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.sessionContext.session"
                  ".kernel.restart(); }")
    wait_for_kernel_idle(page, timeout=timeout)


def run_notebook(page, base_url: str, name: str, *, timeout: float = 120_000) -> None:
    """Open the notebook *name* in a fresh workspace, run every cell and wait until it has finished.

    The opening of every notebook check: :func:`open_notebook` (an idle kernel), then
    :func:`run_all_cells` (outputs cleared first, every cell run, the kernel idle again, and an
    ``AssertionError`` naming each error a cell produced). *timeout* bounds the run.
    """
    open_notebook(page, base_url, name)
    run_all_cells(page, timeout=timeout)


def open_notebook(page, base_url: str, name: str, *, timeout: float = 90_000) -> None:
    """Open the notebook *name* (relative to the server's root) and wait for an idle kernel.

    The page then holds this notebook only: where the tab already runs JupyterLab from
    *base_url*, the documents open there close (:func:`close_documents`) and the notebook
    opens in the same app (no second load of JupyterLab); else the tab loads JupyterLab
    in a fresh, empty workspace (no tabs of an earlier test restored). If the loaded app does not
    open it within half of *timeout*, the tab's state is printed and JupyterLab loads afresh once;
    if that fails too, the ``AssertionError`` quotes the tab's state and the server's log.
    """
    lab = f"{base_url.rstrip('/')}/lab"
    page.bring_to_front()  # a tab in the background gets no animation frames: JupyterLab's widgets stall
    if page.url.startswith(lab) and page.evaluate("() => Boolean(window.jupyterapp)"):
        close_documents(page)
        page.evaluate("name => { window.jupyterapp.commands.execute('docmanager:open', {path: name}); }", name)
        try:
            _wait_for_notebook(page, name, timeout=timeout / 2)
            return
        except PlaywrightTimeout:
            # The loaded app did not open it (a stalled app, a kernel that never started): say what
            # the tab showed, then load JupyterLab afresh once; a second failure fails the test.
            print(f"open_notebook({name!r}) in the loaded app timed out; loading the app again. "
                  f"{lab_diagnosis(page)}")
    page.goto(f"{lab}/workspaces/test-{uuid.uuid4().hex[:12]}/tree/{name}")
    try:
        _wait_for_notebook(page, name, timeout=timeout)
    except PlaywrightTimeout as error:
        raise AssertionError(f"{name} did not open with an idle kernel within {timeout / 1000:.0f} s. "
                             f"{lab_diagnosis(page)}") from error


def _wait_for_notebook(page, name: str, *, timeout: float) -> None:
    page.wait_for_function(_CURRENT_PATH, arg=name, timeout=timeout, polling=POLL_MS)
    wait_for_kernel_idle(page, timeout=timeout)


# What a stuck tab shows: the page's visibility, the open document, its kernel's status, any dialog.
_TAB_STATE = """() => {
    const app = window.jupyterapp;
    const widget = app?.shell.currentWidget;
    return {visibility: document.visibilityState, focused: document.hasFocus(), app: Boolean(app),
            document: widget?.context?.path ?? null,
            kernel: widget?.sessionContext?.session?.kernel?.status ?? null,
            dialogs: Array.from(document.querySelectorAll('.jp-Dialog')).map(d => d.innerText.slice(0, 300))};
}"""

#: The running lab server's log (set by ``tests/browser/conftest.py``), quoted when a tab gets stuck.
SERVER_LOG: Path | None = None


def lab_diagnosis(page) -> str:
    """The tab's state and the end of the lab server's log, for a failure message."""
    try:
        state = page.evaluate(_TAB_STATE)
    except Exception as error:  # the page itself is gone or hung
        state = f"(the page did not answer: {error})"
    log = ""
    if SERVER_LOG is not None and SERVER_LOG.exists():
        log = SERVER_LOG.read_text(encoding="utf-8", errors="replace")[-3000:]
    return f"Tab: {state}. Server log, last lines:\n{log}"


# Every document of the main area closed without asking (run cells leave a notebook "dirty"),
# then every kernel shut down (through the page, which holds the server's XSRF cookie).
_CLOSE_DOCUMENTS = """async () => {
    const app = window.jupyterapp;
    for (const widget of Array.from(app.shell.widgets('main'))) {
        if (widget.context?.model) widget.context.model.dirty = false;
        widget.dispose();
    }
    await app.serviceManager.sessions.shutdownAll();
}"""


def close_documents(page) -> None:
    """Close every document open in the tab's JupyterLab, unsaved, and shut down its kernels."""
    page.evaluate(_CLOSE_DOCUMENTS)


def wait_for_kernel_idle(page, *, timeout: float = 90_000) -> None:
    """Wait until the current notebook's kernel reports ``idle``."""
    page.wait_for_function(_KERNEL_IDLE, timeout=timeout, polling=POLL_MS)


def run_all_cells(page, *, timeout: float = 120_000) -> None:
    """Run every cell of the open notebook and wait until execution has finished.

    Raises ``AssertionError`` naming each error a cell produced (a lesson that shows
    a traceback is broken).
    """
    wait_for_kernel_idle(page, timeout=timeout)
    page.evaluate(_RUN_ALL, timeout)
    wait_for_kernel_idle(page, timeout=timeout)
    errors = cell_errors(page)
    assert not errors, f"cells raised: {errors}"


def cell_errors(page) -> list[str]:
    """The errors shown by the open notebook's cells, as ``"Name: message"``."""
    return page.evaluate(_CELL_ERRORS)


def outputs(page):
    """A locator for every rendered cell output (text, HTML, widget views)."""
    return page.locator(".jp-OutputArea-output")


def widget_box(page, holding):
    """The first widget box (an ipywidgets ``VBox``) among the outputs that holds *holding*, a locator.

    Scope a test to one widget: ``widget_box(page, page.get_by_role("button", name="Solve"))``.
    """
    return outputs(page).locator(".widget-vbox", has=holding).first


def output_html(page) -> str:
    """The HTML of every cell output of the open notebook, joined by newlines."""
    return "\n".join(outputs(page).evaluate_all("nodes => nodes.map(n => n.innerHTML)"))


def output_text(page) -> str:
    """The visible text of every cell output, joined by newlines."""
    return "\n".join(outputs(page).all_inner_texts())


def screenshot(page, name: str) -> Path:
    """Save a full-page PNG as ``tests/artifacts/<name>.png`` (git-ignored) and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


#: How often a wait on the page (a notebook opened, a kernel idle) asks it again, in ms. Playwright's
#: default asks on every animation frame: 60 times a second for as long as a cell runs, each ask a
#: frame that Chromium lays out, composites and draws, for minutes of a busy machine's CPU.
POLL_MS = 200


# -- servers (JupyterLab, Voila) ----------------------------------------------------
# Lab settings for a test server: every cell kept in the page (no windowed notebook, so
# locators find outputs below the fold) and no news or update checks.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_http(url: str, *, process: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    """Poll *url* until it answers 200; fail with the server's log if it dies or hangs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    pytest.fail(f"{url} did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def stop_process(process: subprocess.Popen) -> None:
    """Stop a server we started (SIGTERM, then SIGKILL).

    Started with ``start_new_session=True`` (``make lab`` and its JupyterLab child),
    the whole process group we created is stopped.
    """
    if process.poll() is not None:
        return
    leads_group = os.getpgid(process.pid) == process.pid

    def send(sig: int) -> None:
        try:
            os.killpg(process.pid, sig) if leads_group else process.send_signal(sig)
        except ProcessLookupError:
            pass

    send(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        process.wait(timeout=15)
    if leads_group:  # children (JupyterLab under make) may outlive their parent briefly
        deadline = time.monotonic() + 15
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _group_alive(process.pid):
            os.killpg(process.pid, signal.SIGKILL)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def isolated_jupyter_env(home: Path) -> dict[str, str]:
    """Environment for a server that reads no user config, settings or saved workspaces."""
    env = dict(os.environ)
    for name, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                      ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("IPYTHONDIR", "ipython")]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    for name, settings in LAB_SETTINGS.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    env["PYTHONUNBUFFERED"] = "1"
    return env
