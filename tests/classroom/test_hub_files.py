"""The class's JupyterHub and nbgrader settings: they load, say what the guide says, and silence only the harmless.

The real Hub runs them in tests/classroom/test_hub.py (`make test-hub`); these checks are quick.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from traitlets.config.loader import PyFileConfigLoader

REPO = Path(__file__).resolve().parents[2]
HUB_FILES = REPO / "classroom" / "hub"


def load(name: str, monkeypatch, **environment):
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    return PyFileConfigLoader(name, path=str(HUB_FILES)).load_config()


def test_the_hub_config_takes_the_teacher_and_the_roster(tmp_path, monkeypatch):
    roster = tmp_path / "roster.txt"
    roster.write_text("# the class\nalice\nbob\n\ncarol\n")
    config = load("jupyterhub_config.py", monkeypatch, ZOOBOOK_ROSTER=str(roster), ZOOBOOK_TEACHER="ms-k")
    assert config.Authenticator.allowed_users == {"ms-k", "alice", "bob", "carol"}
    assert config.Authenticator.admin_users == {"ms-k"}
    assert config.JupyterHub.load_groups["formgrade-zoobook"]["users"] == ["ms-k"]
    assert config.JupyterHub.load_groups["nbgrader-zoobook"]["users"] == ["alice", "bob", "carol"]
    assert config.JupyterHub.authenticator_class == "pam" and config.JupyterHub.spawner_class == "localprocess"


def test_the_nbgrader_config_names_the_course_and_the_exchange(monkeypatch, tmp_path):
    monkeypatch.delenv("ZOOBOOK_EXCHANGE", raising=False)
    monkeypatch.delenv("ZOOBOOK_ONE_ACCOUNT", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    config = load("nbgrader_config.py", monkeypatch)
    assert config.CourseDirectory.course_id == "zoobook"
    assert config.Exchange.root == "/srv/nbgrader/exchange"
    assert config.CourseDirectory.root == str(tmp_path / "zoobook-course")
    assert "student_id" not in config.CourseDirectory  # on a real server, the account names the student
    one_account = load("nbgrader_config.py", monkeypatch, ZOOBOOK_ONE_ACCOUNT="1", JUPYTERHUB_USER="alice")
    assert one_account.CourseDirectory.student_id == "alice"
    teacher = load("nbgrader_config.py", monkeypatch, ZOOBOOK_ONE_ACCOUNT="1", JUPYTERHUB_USER="teacher")
    assert "student_id" not in teacher.CourseDirectory  # the teacher collects and grades everyone


def test_autograde_keeps_its_warnings_but_the_checksum_of_hidden_tests(monkeypatch, caplog):
    load("nbgrader_config.py", monkeypatch)
    load("nbgrader_config.py", monkeypatch)  # nbgrader reads it more than once: still one filter
    logger = logging.getLogger("AutogradeApp")
    assert sum(type(f).__name__ == "_HiddenTestsPutBack" for f in logger.filters) == 1
    with caplog.at_level(logging.INFO, logger="AutogradeApp"):
        logger.warning("Attribute '%s' for cell %s has changed! (should be: %s, got: %s)", "checksum", "check-8",
                       "60f2", "49a6")
        logger.warning("Attribute '%s' for cell %s has changed! (should be: %s, got: %s)", "points", "check-8", 1, 2)
        logger.warning("Possible missing notebooks")
    assert [r.getMessage()[:22] for r in caplog.records] == ["Attribute 'points' for", "Possible missing noteb"]


def test_the_teachers_guide_shows_the_nbgrader_config_it_uses():
    guide = (REPO / "docs" / "teachers-guide.md").read_text()
    shown = re.findall(r"```python\n(.*?)```", guide, re.S)
    assert (HUB_FILES / "nbgrader_config.py").read_text() in shown
    assert "make test-hub" in guide and "z2jh.jupyter.org" in guide
