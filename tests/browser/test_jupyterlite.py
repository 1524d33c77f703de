"""The zero-install site (``make site``, JupyterLite) in a real Chromium, with no network.

What a real visitor's browser fetches from Pyodide's distribution (its CDN) is not reachable
here, so the test assembles a small stand-in and serves everything on loopback:

- the site exactly as ``make site`` built it (``build/site``), copied, with one change: its
  ``pyodideUrl`` points at ``static/pyodide/`` of the copy instead of the CDN;
- there, the Pyodide core of the version jupyterlite-pyodide-kernel was made for, from the npm
  registry (``npm pack pyodide@VERSION``), and the pure-Python packages of Pyodide's own
  distribution that the kernel and zoobook need (micropip, IPython, networkx, tomli-w...),
  the same versions as Pyodide's lock file names, as wheels from PyPI; the lock file is
  rewritten for those files. Compiled packages (numpy, matplotlib...) cannot come from PyPI
  and are left out, as without the network.

Chromium resolves no host but 127.0.0.1, and every request that left it is recorded. The test
then opens the site's ``notebooks/00-start-here.ipynb``, runs its install cell
(``zoobook.INSTALL_CELL``: the site's wheel, then each requirement) and checks what works
offline: ``import zoobook``, ``zoobook list`` (the command's ``main`` in the kernel), a
classroom check with the workbook's cases, and a widget (the puzzle browser) answering a click.

The stand-in is built once and kept in ``build/pyodide-offline/`` (about 25 MB). Most of a run
is Pyodide starting (compiling its WebAssembly) and installing: on this 2-core machine, 50 s until
the kernel was idle, 13 s for the install cell, 85 s for the module (load average 4); shared with
much else (load 17), 210 s, 32 s and 293 s. It has its own target, ``make test-site`` (it needs
``make site`` first), which ``make test`` runs after ``test-browser``.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import ARTIFACTS, POLL_MS, free_port
from tests.foundation.test_packaging import PYPROJECT, normalise

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "site"
SITE_VENV = REPO / ".venv-site"
OFFLINE = REPO / "build" / "pyodide-offline"
CHROMIUM = "/usr/bin/chromium"
NOTEBOOK = "notebooks/00-start-here.ipynb"
# Packages the kernel itself loads (pyodide-kernel's worker) and zoobook's requirements that are
# among Pyodide's packages; the stand-in holds these and their pure-Python dependencies.
ROOTS = ("micropip", "ipython", "jedi", "networkx", "tomli-w", "traitlets", "platformdirs")
# Pyodide's lock makes networkx depend on numpy and matplotlib (its optional extras, for
# drawing); networkx itself imports neither, and zoobook imports networkx without them.
OPTIONAL = {"networkx": {"numpy", "matplotlib"}}
# What the install cell cannot install without Pyodide's distribution: matplotlib (compiled,
# with numpy), needed for the lessons' figures only. (nbformat is missing too: its jsonschema
# needs the compiled rpds-py; the test checks whatever is named against what imports.)
OFFLINE_MISSING = "matplotlib"


# -- the Pyodide stand-in ---------------------------------------------------------------------

def kernel_pyodide_version() -> str:
    """The Pyodide version of .venv-site's jupyterlite-pyodide-kernel (its PYODIDE_VERSION)."""
    found = sorted(SITE_VENV.glob("lib/python*/site-packages/jupyterlite_pyodide_kernel/constants.py"))
    if not found:
        pytest.fail("no .venv-site with jupyterlite-pyodide-kernel: run `make site`")
    return re.search(r'^PYODIDE_VERSION = "([^"]+)"', found[0].read_text(), re.M).group(1)


def canonical(name: str) -> str:
    """A distribution name as PEP 503 spells it: ``canonical("prompt_toolkit") == "prompt-toolkit"``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pure_closure(lock: dict, roots) -> tuple[list[str], set[str]]:
    """The lock's pure-Python packages reachable from *roots*, and the compiled ones met on the way.

    >>> lock = {"packages": {"a": {"file_name": "a-1-py3-none-any.whl", "depends": ["b", "c"]},
    ...                      "b": {"file_name": "b-1-py3-none-any.whl", "depends": []},
    ...                      "c": {"file_name": "c-1-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "depends": []}}}
    >>> pure_closure(lock, ["a"])
    (['a', 'b'], {'c'})
    """
    packages, pure, compiled, todo = lock["packages"], [], set(), list(roots)
    key = {canonical(name): name for name in packages}  # depends may spell a name otherwise
    while todo:
        name = key[canonical(todo.pop())]
        if name in pure or name in compiled:
            continue
        entry = packages[name]
        if not entry["file_name"].endswith("-none-any.whl"):
            compiled.add(name)
            continue
        pure.append(name)
        todo.extend(d for d in entry["depends"] if canonical(d) not in OPTIONAL.get(name, ()))
    return sorted(pure), compiled


def build_offline_pyodide(version: str) -> Path:
    """build/pyodide-offline/VERSION: the npm core, PyPI's wheels of the pure closure, the rewritten lock."""
    folder = OFFLINE / version
    if (folder / "pyodide-lock.json").is_file() and (folder / "OFFLINE.json").is_file():
        return folder
    if shutil.which("npm") is None:
        pytest.fail("npm is missing (it fetches Pyodide's core from the npm registry): apt-get install npm")
    shutil.rmtree(folder, ignore_errors=True)
    work = OFFLINE / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    subprocess.run(["npm", "pack", "--silent", f"pyodide@{version}"], cwd=work, check=True, capture_output=True)
    subprocess.run(["tar", "xzf", f"pyodide-{version}.tgz"], cwd=work, check=True)
    core = work / "package"
    lock = json.loads((core / "pyodide-lock.json").read_text())
    pure, compiled = pure_closure(lock, ROOTS)
    pins = [f"{lock['packages'][name]['name']}=={lock['packages'][name]['version']}" for name in pure]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    "--python-version", lock["info"]["python"], "--dest", str(core), *pins],
                   check=True, capture_output=True, text=True)
    wheels = {canonical(w.name.split("-")[0]): w for w in core.glob("*.whl")}
    for name in pure:
        entry = lock["packages"][name]
        wheel = wheels[canonical(entry["name"])]
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
        entry["depends"] = [d for d in entry["depends"] if canonical(d) not in OPTIONAL.get(name, ())]
    (core / "pyodide-lock.json").write_text(json.dumps(lock))
    (core / "OFFLINE.json").write_text(json.dumps({"pyodide": version, "from_pypi": pins,
                                                   "compiled_left_out": sorted(compiled)}, indent=1))
    core.rename(folder)
    shutil.rmtree(work)
    return folder


# -- the site, served on loopback ----------------------------------------------------------------

class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/octet-stream"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory):
    """A copy of build/site using the Pyodide stand-in, served on 127.0.0.1; yields its URL."""
    if not (SITE / "jupyter-lite.json").is_file():
        pytest.fail("build/site is missing: run `make site` (make test-browser does)")
    pyodide = build_offline_pyodide(kernel_pyodide_version())
    root = tmp_path_factory.mktemp("lite") / "site"
    shutil.copytree(SITE, root)
    shutil.copytree(pyodide, root / "static" / "pyodide")
    config_path = root / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["exposeAppInBrowser"] = True  # window.jupyterapp, to wait on the kernel
    kernel = data.setdefault("litePluginSettings", {}).setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    assert "pyodideUrl" not in kernel, "the built site should take Pyodide from its distribution"
    kernel["pyodideUrl"] = "./static/pyodide/pyodide.mjs"
    config_path.write_text(json.dumps(config, indent=1))
    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def lite(offline_site):
    """A Chromium tab on the site's start-here notebook, the kernel started; records outside requests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])  # no network but loopback
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(300_000)
        page = context.new_page()
        page.outside = []  # every request that tried to leave 127.0.0.1
        context.on("request", lambda request: None if request.url.startswith((offline_site, "data:", "blob:"))
                   else page.outside.append(request.url))
        page.console = []
        page.on("console", lambda message: page.console.append(message.text))
        started = time.monotonic()
        page.goto(f"{offline_site}/lab/index.html?path={NOTEBOOK}")
        page.wait_for_function(f"""() => window.jupyterapp?.shell.currentWidget?.context?.path === {NOTEBOOK!r}
            && window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel?.status === 'idle'""",
                               timeout=600_000, polling=POLL_MS)  # Pyodide compiles for minutes on a busy machine
        page.kernel_seconds = time.monotonic() - started
        try:
            yield page
        finally:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=str(ARTIFACTS / "jupyterlite.png"), full_page=True)
            except Exception:  # the screenshot is a help, not the test
                pass
            context.close()
            browser.close()


_RUN_CELL = """async ([index, source]) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const model = panel.content.model;
    if (source !== null) {
        index = model.cells.length;
        model.sharedModel.insertCell(index, {cell_type: 'code', source});
    }
    panel.content.activeCellIndex = index;
    await window.jupyterapp.commands.execute('notebook:run-cell');
    const outputs = model.cells.get(index).outputs.toJSON();
    const text = outputs.map(o => o.output_type === 'stream' ? o.text
        : o.output_type === 'error' ? `${o.ename}: ${o.evalue}`
        : (o.data?.['text/plain'] ?? '')).join('');
    return {text, error: outputs.some(o => o.output_type === 'error')};
}"""


def run_cell(page, source: str | None = None, *, index: int | None = None) -> str:
    """Run cell *index* of the open notebook, or *source* in a new cell at its end; its text output."""
    result = page.evaluate(_RUN_CELL, [index, source])
    assert not result["error"], result["text"]
    return result["text"]


def _checkout_puzzle_ids() -> set[str]:
    return {tomllib.loads(p.read_text())["id"] for p in (REPO / "puzzles").rglob("*.toml")}


@pytest.fixture(scope="module")
def installed(lite):
    """The notebook's install cell, run: what it said, and how long it took."""
    first_code = lite.evaluate("""() => Array.from(window.jupyterapp.shell.currentWidget.content.model.cells)
        .findIndex(cell => cell.type === 'code')""")
    started = time.monotonic()
    said = run_cell(lite, index=first_code)
    lite.install_seconds = time.monotonic() - started
    return said


def test_the_site_holds_the_wheel_the_notebooks_and_the_puzzles():
    wheels = json.loads((SITE / "pypi" / "all.json").read_text())
    assert "zoobook" in wheels and {"ipywidgets", "comm", "jupyterlab-widgets"} <= set(wheels)
    notebooks = {str(p.relative_to(REPO)) for p in (REPO / "notebooks").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}
    assert notebooks == {str(p.relative_to(SITE / "files")) for p in (SITE / "files" / "notebooks").rglob("*.ipynb")}
    assert len(list((SITE / "files" / "puzzles").rglob("*.toml"))) == len(_checkout_puzzle_ids())
    import zoobook

    for path in (SITE / "files" / "notebooks").rglob("*.ipynb"):  # each opens with the install cell
        cells = json.loads(path.read_text())["cells"]
        first_code = next(c for c in cells if c["cell_type"] == "code")
        assert "".join(first_code["source"]) == zoobook.INSTALL_CELL, path.name
    for path in (SITE / "files" / "notebooks" / "classroom").glob("*.ipynb"):  # the student editions
        text = path.read_text()
        assert not re.search(r"BEGIN (SOLUTION|HIDDEN TESTS|TEACHER NOTE)", text), path.name
        assert "YOUR CODE HERE" in text or "YOUR ANSWER HERE" in text, path.name


def test_offline_the_install_cell_installs_zoobook_and_names_what_needs_the_network(lite, installed):
    count = len(_checkout_puzzle_ids())
    said = installed.strip().strip("'\"")
    version = PYPROJECT["project"]["version"]
    assert said.startswith(f"zoobook {version} from the installed package: {count} puzzles; not installed: "), said
    assert said.endswith(" (JupyterLite fetches them from Pyodide's distribution, over the network)"), said
    missing = said.split("; not installed: ")[1].split(" (")[0].split(", ")
    assert OFFLINE_MISSING in missing
    # What it says is so: each requirement it calls installed imports, each missing one does not.
    requirements = [normalise(r) for r in PYPROJECT["project"]["dependencies"]]
    imports = {"ipython": "IPython", "tomli-w": "tomli_w"}
    verdicts = json.loads(run_cell(lite, "import importlib, json\nverdicts = {}\n" + "".join(
        f"try:\n    importlib.import_module({imports.get(name, name)!r}); verdicts[{name!r}] = True\n"
        f"except ImportError:\n    verdicts[{name!r}] = False\n" for name, _ in requirements)
        + "print(json.dumps(verdicts))"))
    assert {name for name, imported in verdicts.items() if not imported} == set(missing), verdicts
    print(f"\nkernel idle after {lite.kernel_seconds:.0f} s, install cell {lite.install_seconds:.0f} s; "
          f"offline, not installed: {missing}")


def test_offline_zoobook_list_shows_the_packaged_catalogue(lite, installed):
    listing = run_cell(lite, "import io, json\nfrom zoobook.cli import main\nout = io.StringIO()\n"
                             "assert main(['list', '--json'], out=out) == 0\n"
                             "print(json.dumps(sorted(row['id'] for row in json.loads(out.getvalue()))))")
    assert set(json.loads(listing)) == _checkout_puzzle_ids()


def test_offline_a_classroom_check_runs_the_workbook_cases(lite, installed):
    verdict = run_cell(lite, """
import zoobook.classroom.exercises.hexes as hexes
from zoobook.classroom import check

def hex_distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

report = check(hex_distance, hexes.HEX_DISTANCE, seed=1)
wrong = check(lambda a, b: 0, hexes.HEX_DISTANCE, seed=1)
print(report.passed, report.workbook_cases, wrong.passed)""")
    passed, workbook_cases, wrong_passed = verdict.split()
    assert passed == "True" and int(workbook_cases) >= 5 and wrong_passed == "False"


def test_offline_the_puzzle_browser_answers_a_click(lite, installed):
    run_cell(lite, "from zoobook.puzzles import default_puzzle_dir\nfrom zoobook.widgets.browser import PuzzleBrowser\n"
                   "browser = PuzzleBrowser([default_puzzle_dir()])\nbrowser.select('mr-a')\nbrowser")
    outputs = lite.locator(".jp-OutputArea-output")
    solve = outputs.get_by_role("button", name="Solve")
    expect(solve).to_have_count(1)
    expect(outputs.locator(".zoobook-solution")).to_have_count(0)
    solve.click()
    solution = outputs.locator(".zoobook-solution")
    expect(solution).to_have_count(1)
    expect(solution).to_contain_text("8")  # Mr. A's lineup scores 8, the rulebook's own total


def test_offline_nothing_but_pyodide_s_distribution_was_asked_for(lite, installed):
    """Last: the only requests that tried to leave the machine (none, or Pyodide's CDN)."""
    hosts = {re.match(r"[a-z]+://([^/]+)", url).group(1) for url in lite.outside if "://" in url}
    assert hosts <= {"cdn.jsdelivr.net"}, sorted(lite.outside)[:10]


def _serve(root: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                             functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def no_network_tab(lite):
    """A tab of its own context in the module's Chromium, which resolves no host but 127.0.0.1 (a
    filtered network, at its strictest); its requests are not the lite page's record."""
    context = lite.context.browser.new_context()
    try:
        yield context.new_page()
    finally:
        context.close()


def test_offline_the_front_door_names_the_host_it_cannot_reach_and_what_works(no_network_tab):
    """The site as ``make site`` built it takes Pyodide from its CDN; with that host unreachable the
    first page says so, names the host, and offers what works without it."""
    host = re.search(r'const DEFAULT_PYODIDE = "https://([^/"]+)/', (SITE / "index.html").read_text()).group(1)
    assert host == "cdn.jsdelivr.net", "the built site should take Pyodide from its distribution"
    server = _serve(SITE)
    try:
        no_network_tab.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        message = no_network_tab.locator("#zoobook-offline")
        expect(message).to_be_visible(timeout=60_000)
        expect(message).to_contain_text(f"downloads from {host}")
        expect(message).to_contain_text("Open the workbook anyway")
        expect(message).to_contain_text("pip install zoobook")
        assert no_network_tab.url.endswith("/"), "it must stay on the message, not open a dead kernel"
    finally:
        server.shutdown()
        server.server_close()


def test_the_front_door_opens_the_workbook_when_pyodide_is_reachable(no_network_tab, offline_site):
    no_network_tab.goto(f"{offline_site}/index.html")
    no_network_tab.wait_for_url("**/lab/index.html?path=notebooks/00-start-here.ipynb", timeout=60_000)


def test_the_front_door_keeps_the_configuration_jupyterlite_pages_read_from_it():
    """JupyterLite's pages read their configuration from the root page's ``jupyter-config-data``
    element (config-utils.js fetches ``../index.html``): the front door must keep it, or no kernel
    starts (it once did not, and the offline site stayed on a kernel that never became idle)."""
    page = (SITE / "index.html").read_text(encoding="utf-8")
    assert 'id="jupyter-config-data"' in page and "data-jupyter-lite-root" in page
    assert "fetch(`${url}index.html`)" in (SITE / "config-utils.js").read_text(encoding="utf-8")
