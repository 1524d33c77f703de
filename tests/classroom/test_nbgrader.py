"""The classroom notebooks through the real nbgrader, as a teacher runs it.

One course folder: ``make student``'s nbgrader source goes to ``source/ps1/``; ``nbgrader
generate_assignment`` releases it; two students hand in one notebook of it (``HANDED_IN``), one
untouched and one with the master's solutions put back; ``nbgrader autograde`` scores both (the
notebooks not handed in score 0). The release must give away no solution, hidden test or
teacher's note, and be the same notebooks as ``make student``'s student editions.

One notebook goes through autograde, not all five: each execution costs nbgrader a kernel and
the notebook's whole run, and what it adds over tests/classroom/test_editions.py (every master's
graded cells pass with the solutions and fail with the stubs, run in-process) is nbgrader's
bookkeeping: cell ids and checksums, hidden tests put back, points, a hand-graded answer. The
notebook handed in has each of those (function checks with hidden tests, a challenge answer, a
Markdown answer read by hand).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from zoobook.classroom.editions import (build_student_editions, graded_points, hand_graded_points,
                                        restore_solutions, solution_blocks)

nbgrader_api = pytest.importorskip("nbgrader.api", reason="nbgrader is one of the test tools: pip install -e '.[test]'")

REPO = Path(__file__).resolve().parents[2]
MASTERS = sorted((REPO / "notebooks" / "classroom").glob("*.ipynb"))
MARKS = re.compile(r"BEGIN SOLUTION|END SOLUTION|HIDDEN TESTS|TEACHER NOTE|Teacher's edition")
#: The notebook both students hand in (see the module's docstring).
HANDED_IN = "03-steiner-trees-easter.ipynb"
pytestmark = pytest.mark.nbgrader


def nbgrader(root: Path, *args: str) -> str:
    """Run an nbgrader command in the course folder (it needs this venv's scripts, alembic, on PATH);
    its log."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=root, env=env,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{result.stderr[-4000:]}"
    return result.stdout + result.stderr


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    (root / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        # The class's settings (docs/teachers-guide.md), this folder as the course.
        f"load_subconfig({str(REPO / 'classroom' / 'hub' / 'nbgrader_config.py')!r})\n"
        f"c.CourseDirectory.root = {str(root)!r}\n"
        "c.CourseDirectory.course_id = 'zoobook'\n"
        "c.ExecutePreprocessor.timeout = 900\n")
    build_student_editions(MASTERS, root / "student", nbgrader_source=root / "source" / "ps1")
    nbgrader(root, "generate_assignment", "ps1")
    for student in ("untouched", "solved"):
        folder = root / "submitted" / student / "ps1"
        folder.mkdir(parents=True)
        released = root / "release" / "ps1" / HANDED_IN
        notebook = nbformat.read(released, as_version=4)
        if student == "solved":
            notebook = restore_solutions(notebook, nbformat.read(REPO / "notebooks" / "classroom"
                                                                 / released.name, as_version=4))
        nbformat.write(notebook, folder / released.name)
    (root / "autograde.log").write_text(nbgrader(root, "autograde", "ps1"))
    return root


def released(course: Path) -> list[Path]:
    return sorted((course / "release" / "ps1").glob("*.ipynb"))


def test_nbgrader_releases_every_notebook(course):
    assert [p.name for p in released(course)] == [p.name for p in MASTERS]


def test_the_release_holds_no_solution_hidden_test_or_teachers_note(course):
    for path in released(course):
        master = nbformat.read(REPO / "notebooks" / "classroom" / path.name, as_version=4)
        text = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells)
        assert not MARKS.search(text), f"{path.name}: {MARKS.search(text).group()}"
        secret = set()
        for cell in master.cells:
            for block in solution_blocks(cell.source):
                secret.update(line.strip() for line in block.split("\n")[1:-1])
            for block in re.findall(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", cell.source, re.S):
                secret.update(line.strip() for line in block.split("\n"))
        lines = {line.strip() for line in text.split("\n")}
        # Lines that also stand outside a solution in the master (a bare `return best`) are no secret.
        public = {line.strip() for cell in master.cells for line in
                  re.sub(r"(### BEGIN (SOLUTION|HIDDEN TESTS)|<!-- BEGIN SOLUTION -->).*?"
                         r"(### END (SOLUTION|HIDDEN TESTS)|<!-- END SOLUTION -->)", "", cell.source,
                         flags=re.S).split("\n")}
        leaked = sorted((secret - public - {""}) & lines)
        assert not leaked, f"{path.name} gives away: {leaked}"
        notebook = nbformat.read(path, as_version=4)
        assert "widgets" not in notebook.metadata


def test_the_release_is_make_students_student_edition(course):
    for path in released(course):
        ours = nbformat.read(course / "student" / path.name, as_version=4)
        theirs = nbformat.read(path, as_version=4)
        assert [c.source for c in theirs.cells] == [c.source for c in ours.cells], path.name


def _points(master: Path) -> tuple[int, int]:
    """(autograded points, hand-graded points) of a master: graded checks and Markdown answers."""
    notebook = nbformat.read(master, as_version=4)
    auto = sum(graded_points(c.source) or 0 for c in notebook.cells if c.cell_type == "code")
    by_hand = sum(hand_graded_points(c.source) for c in notebook.cells
                  if c.cell_type == "markdown" and solution_blocks(c.source))
    return auto, by_hand


def test_autograde_scores_the_untouched_release_0_and_the_solutions_full_marks(course):
    total = sum(sum(_points(m)) for m in MASTERS)
    auto, by_hand = _points(REPO / "notebooks" / "classroom" / HANDED_IN)
    assert auto > 0 and by_hand > 0   # the notebook handed in has graded checks and an answer read by hand
    with nbgrader_api.Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        untouched = gradebook.find_submission("ps1", "untouched")
        solved = gradebook.find_submission("ps1", "solved")
        assert untouched.max_score == solved.max_score == total
        assert untouched.score == 0
        assert solved.score == auto, {nb.name: [(g.name, g.score, g.max_score) for g in nb.grades
                                                if g.score != g.max_score] for nb in solved.notebooks}
        assert {nb.name: nb.score for nb in solved.notebooks if nb.score} == {HANDED_IN[:-len(".ipynb")]: auto}
        # What is left is read by hand (question 3.4), and nbgrader says so.
        manual = [g for nb in solved.notebooks for g in nb.grades if g.needs_manual_grade]
        assert sum(g.max_score for g in manual) == by_hand and solved.needs_manual_grade


def test_autograde_prints_no_harmless_warning(course):
    """The class's nbgrader_config.py silences the checksum warning of every graded cell with hidden
    tests, and a graded cell shows its report as display output, not a value nbgrader reads as points."""
    log = (course / "autograde.log").read_text()
    assert "Autograding" in log or "autograde" in log.lower()
    assert "Attribute 'checksum'" not in log
    assert "cannot be converted to" not in log
    # What is left is news: here only the four notebooks each student did not hand in.
    warnings = [line for line in log.splitlines() if "WARNING" in line]
    assert warnings and all("No submitted file" in line for line in warnings), \
        [line for line in warnings if "No submitted file" not in line]
