"""nbgrader's settings for a class on one JupyterHub (docs/teachers-guide.md).

Copy this file to ``/etc/jupyter/nbgrader_config.py``: every user's nbgrader reads it, the
students' to fetch and submit, the teacher's to release, collect and autograde. The course
folder is ``~/zoobook-course`` in the teacher's home (``source/<assignment>/`` holds
``make student``'s ``student/nbgrader-source/`` notebooks); the exchange, where released and
submitted notebooks wait, is ``/srv/nbgrader/exchange`` (create it once, world-writable with the
sticky bit: ``install -d -m 1777 /srv/nbgrader/exchange``). Both can be moved with the
environment variables ``ZOOBOOK_COURSE_ROOT`` and ``ZOOBOOK_EXCHANGE``.
"""

import logging
import os

c = get_config()  # noqa: F821 (nbgrader's config loader provides it)

c.CourseDirectory.course_id = "zoobook"
c.CourseDirectory.root = os.path.expanduser(os.environ.get("ZOOBOOK_COURSE_ROOT", "~/zoobook-course"))
c.Exchange.root = os.environ.get("ZOOBOOK_EXCHANGE", "/srv/nbgrader/exchange")
# The classroom notebooks run their checks on hidden random cases: a minute or two each at most.
c.ExecutePreprocessor.timeout = 900
# Each kernel autograde starts warns that it talks to nbgrader over loopback TCP unencrypted, once per
# notebook per student; the kernel's own log shows errors only (the notebooks' output is not its log).
c.ExecutePreprocessor.extra_arguments = ["--IPKernelApp.log_level=ERROR"]


class _HiddenTestsPutBack(logging.Filter):
    """Drops autograde's "Attribute 'checksum' for cell check-N has changed!" warnings.

    A graded cell of the classroom notebooks runs more cases in its hidden tests, which the
    release lacks; autograde puts them back, and warns, for every such cell of every student
    (15 a student across the five notebooks), that the cell differs from the source. It always
    does: nbgrader keeps the source's checksum, hidden tests included. Whatever a student changed
    in a locked cell, autograde runs the source's cell, so the grade is right either way.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not (record.levelno == logging.WARNING and message.startswith("Attribute 'checksum' for cell")
                    and "has changed" in message)


# Autograde logs through the app that runs it: `nbgrader autograde`, or the teacher's Jupyter server
# (the Formgrader's "autograde" button). nbgrader reads this file more than once: one filter each.
for _name in ("AutogradeApp", "ServerApp"):
    _logger = logging.getLogger(_name)
    if not any(type(f).__name__ == _HiddenTestsPutBack.__name__ for f in _logger.filters):
        _logger.addFilter(_HiddenTestsPutBack())

# nbgrader names a student by their account on the server. Where every user's server runs as one
# account (a container image not named jovyan, or the test's spawner), set ZOOBOOK_ONE_ACCOUNT=1 for
# the users' servers: a student is then named by their Hub login. The teacher's nbgrader still
# collects and grades every student.
_hub_user = os.environ.get("JUPYTERHUB_USER")
if os.environ.get("ZOOBOOK_ONE_ACCOUNT") and _hub_user and _hub_user != os.environ.get("ZOOBOOK_TEACHER", "teacher"):
    c.CourseDirectory.student_id = _hub_user
