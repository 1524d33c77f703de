"""JupyterHub for one class on one server, with nbgrader's exchange (docs/teachers-guide.md).

Everyone logs in with an account of this server (PAM), and each gets a JupyterLab server of
their own, run as their own user in their home folder, with zoobook, nbgrader and its
Assignments panel. The teacher (``ZOOBOOK_TEACHER``, default ``teacher``) is the Hub's admin
and has nbgrader's Formgrader; the students are listed one per line in ``roster.txt`` beside
this file (or the file ``ZOOBOOK_ROSTER`` names). nbgrader's own settings, the course and its
exchange folder, are in ``nbgrader_config.py`` beside this file: copy it to
``/etc/jupyter/nbgrader_config.py``, where every user's nbgrader reads it.

Start it as root (it starts each user's server as that user)::

    jupyterhub -f classroom/hub/jupyterhub_config.py

For a class bigger than one machine, use Zero to JupyterHub with Kubernetes
(https://z2jh.jupyter.org) with the same nbgrader settings on a shared volume.
``tests/classroom/test_hub.py`` (``make test-hub``) runs this file on loopback with a dummy
login and a spawner that needs no accounts, and takes a class of three through release, fetch,
submit, collect and autograde.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub's config loader provides it)

HERE = Path(__file__).resolve().parent
TEACHER = os.environ.get("ZOOBOOK_TEACHER", "teacher")
ROSTER = Path(os.environ.get("ZOOBOOK_ROSTER", HERE / "roster.txt"))
STUDENTS = [line.strip() for line in ROSTER.read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("#")] if ROSTER.exists() else []

# Where the class reaches the Hub (put HTTPS in front of it, or set c.JupyterHub.ssl_cert/ssl_key).
c.JupyterHub.bind_url = os.environ.get("ZOOBOOK_HUB_URL", "http://:8000")
# The server's own accounts; each user's server runs as that account in its home folder.
c.JupyterHub.authenticator_class = "pam"
c.JupyterHub.spawner_class = "localprocess"
c.Authenticator.allowed_users = {TEACHER, *STUDENTS}
c.Authenticator.admin_users = {TEACHER}
# nbgrader's groups: who grades the course and who takes it (nbgrader's JupyterHub docs).
c.JupyterHub.load_groups = {"formgrade-zoobook": {"users": [TEACHER]},
                            "nbgrader-zoobook": {"users": STUDENTS}}
# Everyone opens JupyterLab in their home folder: released assignments are fetched there.
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
# A notebook of the classroom track needs a few hundred MB at most while autograde runs it.
c.Spawner.mem_limit = os.environ.get("ZOOBOOK_HUB_MEMORY", "2G")
