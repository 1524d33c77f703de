"""A class on a real JupyterHub: a teacher and three students, release to autograde, through nbgrader's exchange.

``make test-hub`` (and ``make test``) runs it. It starts PyPI's JupyterHub on loopback with the
repository's ``classroom/hub/jupyterhub_config.py`` (npm's configurable-http-proxy in front, as in
class), changed only where a test machine differs from a school's server: a dummy login instead of
the server's accounts, and JupyterHub's SimpleLocalProcessSpawner, which runs every user's server as
this OS user but in a home folder of its own. Every user's nbgrader reads the repository's
``classroom/hub/nbgrader_config.py``; the exchange is a folder in the test's temporary directory.

Everything then goes through the Hub's proxy with each user's own token, as the browser would:
the teacher's Formgrader API generates and releases assignment ``ps1`` (classroom notebook 01)
and later collects and autogrades it; each student's nbgrader Assignments API fetches it; the
student's notebook is read and saved through the server's contents API; the Assignments API
submits it. Alice hands in the master's solutions, Bob two wrong functions (one of them a wrapper
of the library's solver), Carol the untouched release. The grades must be all the autograded
points, all but Bob's two cells, and zero; and autograde's log must hold no warning.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from zoobook.classroom.editions import build_student_editions, graded_points, restore_solutions

pytest.importorskip("jupyterhub", reason="JupyterHub is one of the test tools: pip install -e '.[test]'")
pytest.importorskip("nbgrader", reason="nbgrader is one of the test tools: pip install -e '.[test]'")
requests = pytest.importorskip("requests")

REPO = Path(__file__).resolve().parents[2]
HUB_FILES = REPO / "classroom" / "hub"
NOTEBOOK = "01-hex-grids-as-graphs.ipynb"
MASTER = REPO / "notebooks" / "classroom" / NOTEBOOK
TEACHER, STUDENTS = "teacher", ("alice", "bob", "carol")
COURSE, ASSIGNMENT = "zoobook", "ps1"
#: Where `make hub-proxy` installs configurable-http-proxy when npm has no global one.
LOCAL_PROXY = REPO / "build" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
pytestmark = pytest.mark.hub


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proxy_command() -> str:
    found = shutil.which("configurable-http-proxy") or (str(LOCAL_PROXY) if LOCAL_PROXY.exists() else None)
    if found is None:
        pytest.fail("configurable-http-proxy is missing: `make hub-proxy` installs it with npm into build/hub-proxy")
    return found


class Hub:
    """The running Hub: its URL, an admin service token, and the processes to stop."""

    def __init__(self, root: Path):
        self.root = root
        self.port, self.hub_port, self.api_port = free_port(), free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.admin_token = os.urandom(16).hex()
        self.tokens: dict[str, str] = {}
        self.process: subprocess.Popen | None = None

    def api(self, method: str, path: str, token: str | None = None, **kwargs) -> requests.Response:
        headers = {"Authorization": f"token {token or self.admin_token}"}
        return requests.request(method, f"{self.url}/hub/api{path}", headers=headers, timeout=60, **kwargs)

    def user(self, name: str, method: str, path: str, **kwargs) -> requests.Response:
        """A request to *name*'s own server, through the proxy, with *name*'s token."""
        headers = {"Authorization": f"token {self.tokens[name]}"}
        return requests.request(method, f"{self.url}/user/{name}{path}", headers=headers, timeout=600, **kwargs)


def write_hub_config(hub: Hub, homes: Path, config_dir: Path) -> Path:
    config = hub.root / "jupyterhub_config.py"
    # nbgrader runs this venv's scripts (alembic): its bin folder first on the users' PATH.
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    environment = {"PATH": path, "PYTHONPATH": os.pathsep.join(filter(None, [
                       str(REPO), os.environ.get("PYTHONPATH", "")])),
                   "JUPYTER_CONFIG_PATH": str(config_dir), "ZOOBOOK_EXCHANGE": str(hub.root / "exchange"),
                   "ZOOBOOK_ONE_ACCOUNT": "1", "ZOOBOOK_TEACHER": TEACHER, "MPLBACKEND": "Agg"}
    config.write_text(f"""
load_subconfig({str(HUB_FILES / "jupyterhub_config.py")!r})
c = get_config()
# A test machine, not a school's server: loopback, a dummy login, every server as this OS user.
c.JupyterHub.bind_url = "http://127.0.0.1:{hub.port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub.hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{hub.api_port}"
c.ConfigurableHTTPProxy.command = [{proxy_command()!r}]
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / "{username}")!r}
c.Spawner.notebook_dir = {str(homes / "{username}")!r}
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}
c.Spawner.environment = {environment!r}
c.Spawner.mem_limit = None
c.Spawner.start_timeout = 120
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}  # "start" answers at once: the servers start together
c.Spawner.interrupt_timeout = 0  # a Jupyter server asks "Shut down (y/[n])?" on SIGINT: stop it with SIGTERM
c.Spawner.http_timeout = 120
c.JupyterHub.db_url = "sqlite:///{hub.root / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(hub.root / "cookie_secret")!r}
c.JupyterHub.pid_file = {str(hub.root / "jupyterhub.pid")!r}
c.JupyterHub.cleanup_servers = True
c.JupyterHub.services = [{{"name": "class-admin", "api_token": {hub.admin_token!r}}}]
c.JupyterHub.load_roles = [{{"name": "class-admin", "services": ["class-admin"],
                            "scopes": ["admin:users", "admin:servers", "tokens", "list:users", "read:users"]}}]
""")
    return config


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    root = tmp_path_factory.mktemp("hub")
    homes, config_dir, exchange = root / "home", root / "etc-jupyter", root / "exchange"
    for folder in (homes, config_dir):
        folder.mkdir()
    exchange.mkdir(mode=0o1777)
    exchange.chmod(0o1777)  # as the guide says: world-writable, sticky
    shutil.copy(HUB_FILES / "nbgrader_config.py", config_dir / "nbgrader_config.py")
    # The users' servers need nbgrader's extensions and the contents API, which is all this test asks
    # of them; JupyterLab's, Voila's and the language server's only slow four servers starting at once.
    (config_dir / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"jpserver_extensions": {
        name: False for name in ("jupyterlab", "voila.server_extension", "jupyter_lsp", "notebook")}}}))
    (root / "roster.txt").write_text("\n".join(STUDENTS) + "\n")
    # The teacher's course: `make student`'s nbgrader source for the assignment.
    build_student_editions([MASTER], root / "student", nbgrader_source=homes / TEACHER / "zoobook-course" / "source"
                           / ASSIGNMENT)
    hub = Hub(root)
    config = write_hub_config(hub, homes, config_dir)
    env = {**os.environ, "ZOOBOOK_ROSTER": str(root / "roster.txt"), "ZOOBOOK_TEACHER": TEACHER}
    log = open(root / "jupyterhub.log", "w")
    hub.process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=root, env=env,
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if hub.api("GET", "/").ok:
                    break
            except requests.ConnectionError:
                pass
            if hub.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("JupyterHub did not start:\n" + (root / "jupyterhub.log").read_text()[-4000:])
            time.sleep(0.3)
        yield hub
    finally:
        hub.process.send_signal(signal.SIGTERM)  # the Hub stops the users' servers and its proxy
        try:
            hub.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(hub.process.pid, signal.SIGKILL)
        log.close()


def log_in_and_start(hub: Hub, names: list[str]) -> None:
    """Each user gets a token of their own from the Hub, and their server is started."""
    for name in names:
        assert hub.api("GET", f"/users/{name}").ok, f"{name} is not a user of the Hub (the roster)"
        response = hub.api("POST", f"/users/{name}/tokens", json={"note": "the class test", "expires_in": 3600})
        assert response.status_code == 201, response.text
        hub.tokens[name] = response.json()["token"]
        response = hub.api("POST", f"/users/{name}/server")
        assert response.status_code in (201, 202), response.text
    deadline = time.monotonic() + 120
    waiting = set(names)
    while waiting:
        for name in sorted(waiting):
            if hub.api("GET", f"/users/{name}").json()["servers"].get("", {}).get("ready"):
                waiting.discard(name)
        if waiting and time.monotonic() > deadline:
            pytest.fail(f"servers not ready in 2 minutes: {waiting}\n"
                        + (hub.root / "jupyterhub.log").read_text()[-4000:])
        time.sleep(0.3)


def formgrader(hub: Hub, path: str) -> dict:
    response = hub.user(TEACHER, "POST", f"/formgrader/api/{path}")
    assert response.ok, f"{path}: {response.status_code} {response.text[:2000]}"
    result = response.json()
    assert result.get("success", True), f"{path}: {result}"
    return result


def assignments(hub: Hub, student: str, action: str) -> None:
    response = hub.user(student, "POST", f"/assignments/{action}",
                        params={"course_id": COURSE, "assignment_id": ASSIGNMENT})
    assert response.ok, f"{student} {action}: {response.status_code} {response.text[:2000]}"
    answer = response.json()
    assert not (isinstance(answer, dict) and answer.get("success") is False), f"{student} {action}: {answer}"


def bobs_answer(released: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The solutions, but hex_neighbours wraps the library's and hex_distance counts like a square grid."""
    notebook = restore_solutions(released, nbformat.read(MASTER, as_version=4))
    for cell in notebook.cells:
        if cell.source.startswith("def hex_neighbours"):
            cell.source = ("from zoobook.hexgrid import neighbours\n\n\ndef hex_neighbours(h):\n"
                           "    return [tuple(n) for n in neighbours(h)]")
        elif cell.source.startswith("def hex_distance"):
            cell.source = "def hex_distance(a, b):\n    return abs(a[0] - b[0]) + abs(a[1] - b[1])"
    return notebook


def test_a_class_on_jupyterhub_from_release_to_grades(hub):
    started = time.monotonic()
    log_in_and_start(hub, [TEACHER, *STUDENTS])
    print(f"servers up after {time.monotonic() - started:.1f} s")

    formgrader(hub, f"assignment/{ASSIGNMENT}/assign")     # nbgrader generate_assignment
    formgrader(hub, f"assignment/{ASSIGNMENT}/release")    # into the exchange
    for student in STUDENTS:
        assignments(hub, student, "fetch")
        path = f"/api/contents/{ASSIGNMENT}/{NOTEBOOK}"
        fetched = hub.user(student, "GET", path)
        assert fetched.ok, f"{student} has no {NOTEBOOK} after fetching: {fetched.status_code}"
        released = nbformat.from_dict(fetched.json()["content"])
        assert "### BEGIN SOLUTION" not in json.dumps(fetched.json()["content"])
        if student != "carol":  # Carol hands in the release untouched
            answer = restore_solutions(released, nbformat.read(MASTER, as_version=4)) if student == "alice" \
                else bobs_answer(released)
            saved = hub.user(student, "PUT", path, json={"type": "notebook", "format": "json",
                                                         "content": json.loads(nbformat.writes(answer))})
            assert saved.ok, saved.text
        assignments(hub, student, "submit")

    print(f"submitted after {time.monotonic() - started:.1f} s")
    formgrader(hub, f"assignment/{ASSIGNMENT}/collect")
    logs = [formgrader(hub, f"submission/{ASSIGNMENT}/{student}/autograde").get("log", "")
            for student in STUDENTS]
    print(f"autograded after {time.monotonic() - started:.1f} s")
    warnings = [line for log in logs for line in log.splitlines() if "WARNING" in line]
    assert not warnings, "autograde printed warnings:\n" + "\n".join(warnings)

    response = hub.user(TEACHER, "GET", f"/formgrader/api/submissions/{ASSIGNMENT}")
    assert response.ok, response.text
    scores = {s["student"]: (s["score"], s["max_score"]) for s in response.json()}
    master = nbformat.read(MASTER, as_version=4)
    auto = sum(graded_points(c.source) or 0 for c in master.cells if c.cell_type == "code")
    bobs_lost = sum(graded_points(c.source) or 0 for c in master.cells if c.cell_type == "code"
                    and ("hex_neighbours, exercises.HEX_NEIGHBOURS" in c.source
                         or "hex_distance, exercises.HEX_DISTANCE" in c.source))
    assert bobs_lost == 2
    maximum = scores["alice"][1]
    assert maximum >= auto
    assert scores == {"alice": (auto, maximum), "bob": (auto - bobs_lost, maximum), "carol": (0, maximum)}
