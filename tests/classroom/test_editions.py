"""The student edition: stubs for solutions, hidden tests gone, nbgrader metadata; solutions put back."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")

from zoobook.classroom.editions import (BEGIN_HIDDEN, BEGIN_SOLUTION, END_SOLUTION, main,  # noqa: E402
                                        restore_solutions, strip_solutions, student_edition)

REPO = Path(__file__).resolve().parents[2]
MASTERS = sorted((REPO / "notebooks" / "classroom").glob("*.ipynb"))
NBGRADER_KEYS = {"grade", "grade_id", "locked", "schema_version", "solution", "task"}


def _notebook(*sources: tuple[str, str]) -> nbformat.NotebookNode:
    cells = [nbformat.v4.new_markdown_cell(s) if kind == "md" else nbformat.v4.new_code_cell(s)
             for kind, s in sources]
    return nbformat.v4.new_notebook(cells=cells)


TOY = _notebook(
    ("md", "# Toy"),
    ("code", "def double(n):\n    \"\"\"Twice n.\"\"\"\n    ### BEGIN SOLUTION\n    return 2 * n\n"
             "    ### END SOLUTION"),
    ("code", "# Graded check (2 points)\nassert double(2) == 4\n### BEGIN HIDDEN TESTS\nassert double(5) == 10\n"
             "### END HIDDEN TESTS"),
    ("md", "Why?\n<!-- BEGIN SOLUTION -->\nBecause.\n<!-- END SOLUTION -->"),
    ("md", "# Notes\n<!-- BEGIN TEACHER NOTE -->\nFor the teacher only.\n<!-- END TEACHER NOTE -->\n\n"
           "Everyone reads this."),
    ("md", "# Old notes\n### BEGIN HIDDEN TESTS\nAlso for the teacher.\n### END HIDDEN TESTS\nAnd this."),
)


def test_solutions_become_indented_stubs_and_hidden_tests_vanish():
    student = student_edition(TOY)
    code, graded = student.cells[1].source, student.cells[2].source
    assert code == ('def double(n):\n    """Twice n."""\n    # YOUR CODE HERE\n    raise NotImplementedError()')
    assert graded == "# Graded check (2 points)\nassert double(2) == 4"
    assert "Because" not in student.cells[3].source and "YOUR ANSWER HERE" in student.cells[3].source
    assert student.cells[4].source == "# Notes\nEveryone reads this."
    assert student.cells[5].source == "# Old notes\nAnd this."
    assert "nbgrader" not in student.cells[4].metadata and "nbgrader" not in student.cells[5].metadata
    assert BEGIN_SOLUTION in TOY.cells[1].source  # the master is untouched


def test_nbgrader_metadata_marks_solution_graded_and_manual_cells():
    cells = student_edition(TOY).cells
    assert "nbgrader" not in cells[0].metadata
    assert cells[1].metadata["nbgrader"] == {"grade": False, "grade_id": "double", "locked": False,
                                             "schema_version": 3, "solution": True, "task": False}
    graded = cells[2].metadata["nbgrader"]
    assert graded["grade"] and graded["locked"] and not graded["solution"] and graded["points"] == 2
    manual = cells[3].metadata["nbgrader"]
    assert manual["grade"] and manual["solution"] and manual["points"] == 1


def test_restoring_the_solutions_gives_back_the_masters_code():
    student = student_edition(TOY)
    restored = restore_solutions(student, TOY)
    assert restored.cells[1].source == TOY.cells[1].source
    assert BEGIN_HIDDEN not in restored.cells[2].source  # hidden tests stay with the teacher


def test_the_nbgrader_source_keeps_solutions_and_hidden_tests_with_the_same_metadata():
    source, student = student_edition(TOY, strip=False), student_edition(TOY)
    # Everything but the teacher's notes: nbgrader refuses hidden regions outside graded cells.
    assert [c.source for c in source.cells[:4]] == [c.source for c in TOY.cells[:4]]
    assert [c.source for c in source.cells[4:]] == [c.source for c in student.cells[4:]]
    assert [c.metadata.get("nbgrader") for c in source.cells] == [c.metadata.get("nbgrader") for c in student.cells]


def test_a_line_nbgrader_would_read_as_a_mark_is_refused():
    with pytest.raises(ValueError, match="cell 1: line 2 mentions a mark"):
        student_edition(_notebook(("code", "x = 1\ny = 2  ### END SOLUTION")))
    with pytest.raises(ValueError, match="mentions a mark"):
        student_edition(_notebook(("md", "Write the answer between BEGIN SOLUTION and END SOLUTION.")))


def test_unbalanced_markers_are_refused_with_the_line():
    with pytest.raises(ValueError, match="never closed"):
        strip_solutions(f"x = 1\n{BEGIN_SOLUTION}\ny = 2")
    with pytest.raises(ValueError, match="without"):
        strip_solutions(f"{END_SOLUTION}")


def test_make_student_writes_one_valid_edition_per_master(tmp_path, capsys):
    assert MASTERS, "notebooks/classroom/ holds the master notebooks"
    assert main([str(REPO / "notebooks" / "classroom"), "--out", str(tmp_path),
                 "--nbgrader-source", str(tmp_path / "source")]) == 0
    assert sorted(p.name for p in (tmp_path / "source").glob("*.ipynb")) == [p.name for p in MASTERS]
    written = sorted(tmp_path.glob("*.ipynb"))
    assert [p.name for p in written] == [p.name for p in MASTERS]
    for path in written:
        student = nbformat.read(path, as_version=4)
        nbformat.validate(student)
        lines = {line.strip() for c in student.cells for line in c.source.split("\n")}
        assert BEGIN_SOLUTION not in lines and BEGIN_HIDDEN not in lines
        assert "Teacher's edition" not in "\n".join(c.source for c in student.cells)
        ids = [c.metadata["nbgrader"]["grade_id"] for c in student.cells if "nbgrader" in c.metadata]
        assert len(ids) == len(set(ids)), f"{path.name}: grade ids repeat"
        graded = [c for c in student.cells if c.metadata.get("nbgrader", {}).get("grade")]
        assert graded and all(c.metadata["nbgrader"]["points"] >= 1 for c in graded)
        for cell in student.cells:
            if "nbgrader" in cell.metadata:
                assert NBGRADER_KEYS <= set(cell.metadata["nbgrader"])
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None


def test_a_bad_master_is_one_clear_message(tmp_path, capsys):
    bad = _notebook(("code", f"{BEGIN_SOLUTION}\nx = 1"))
    nbformat.write(bad, tmp_path / "bad.ipynb")
    assert main([str(tmp_path / "bad.ipynb"), "--out", str(tmp_path / "out")]) == 2
    assert "never closed" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# -- the editions fit together: restored they pass, stubbed they fail -------------------

def run_cells(notebook: nbformat.NotebookNode) -> dict[int, BaseException | None]:
    """Run each code cell in one namespace, as a kernel would, carrying on after errors."""
    namespace: dict = {"__name__": "__main__"}
    results: dict[int, BaseException | None] = {}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(cell.source, f"<cell {index + 1}>", "exec"), namespace)
        except Exception as exc:  # the student's notebook carries on after a failed cell
            results[index] = exc
        else:
            results[index] = None
    return results


@pytest.mark.parametrize("master_path", MASTERS, ids=lambda p: p.stem)
def test_student_edition_passes_its_checks_with_solutions_and_fails_them_with_stubs(master_path, monkeypatch):
    monkeypatch.chdir(REPO)
    master = nbformat.read(master_path, as_version=4)
    student = student_edition(master)
    graded = [i for i, c in enumerate(student.cells) if c.metadata.get("nbgrader", {}).get("grade")
              and c.cell_type == "code"]
    assert graded

    restored = run_cells(restore_solutions(student, master))
    failed = {i: repr(e) for i, e in restored.items() if e is not None}
    assert not failed, f"with the solutions put back these cells fail: {failed}"

    stubbed = run_cells(student)
    passing = [i + 1 for i in graded if stubbed[i] is None]
    assert not passing, f"graded cells {passing} pass although the solutions are stubs"


@pytest.mark.parametrize("master_path", MASTERS, ids=lambda p: p.stem)
def test_the_masters_markdown_marks_are_html_comments_so_no_page_shows_them(master_path):
    """Lab and the Voila app render Markdown: a `### BEGIN ...` mark would show as a heading."""
    shown = [line for cell in nbformat.read(master_path, as_version=4).cells if cell.cell_type == "markdown"
             for line in cell.source.split("\n")
             if any(word in line for word in ("BEGIN", "END SOLUTION", "HIDDEN TESTS", "TEACHER NOTE"))
             and not (line.strip().startswith("<!--") and line.strip().endswith("-->"))]
    assert not shown, f"marks a reader would see: {shown}"


def test_teacher_only_code_leaves_both_editions_and_hand_graded_answers_carry_their_points():
    master = _notebook(
        ("code", "box = AnswerBox(C)\n### BEGIN TEACHER ONLY\nbox = AnswerBox(C, tries=None, hints=True)\n"
                 "### END TEACHER ONLY\nbox"),
        ("md", "<!-- Graded by hand (3 points) -->\n<!-- BEGIN SOLUTION -->\nA proof.\n<!-- END SOLUTION -->"))
    for edition in (student_edition(master), student_edition(master, strip=False)):
        assert edition.cells[0].source == "box = AnswerBox(C)\nbox"
        assert edition.cells[1].metadata["nbgrader"]["points"] == 3


@pytest.mark.parametrize("master_path", MASTERS, ids=lambda p: p.stem)
def test_each_master_asks_one_question_graded_by_hand_for_points(master_path):
    from zoobook.classroom.editions import hand_graded_points

    answers = [c for c in student_edition(nbformat.read(master_path, as_version=4)).cells
               if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution")]
    assert len(answers) == 1 and answers[0].metadata["nbgrader"]["points"] >= 2
    assert answers[0].metadata["nbgrader"]["points"] == hand_graded_points(answers[0].source)


@pytest.mark.parametrize("master_path", MASTERS, ids=lambda p: p.stem)
def test_the_student_editions_challenge_box_takes_one_answer_without_hints(master_path, monkeypatch):
    """The master's box takes any number of answers with hints; the student edition's, one, right or wrong."""
    from zoobook.classroom import widgets

    monkeypatch.chdir(REPO)
    monkeypatch.setattr(widgets, "_ANSWERED", {})
    master = nbformat.read(master_path, as_version=4)
    for edition, tries, hints in ((master, None, True), (student_edition(master), 1, False)):
        namespace: dict = {"__name__": "__main__"}
        code = [c for c in edition.cells if c.cell_type == "code"]
        exec(compile(code[0].source, "<imports>", "exec"), namespace)
        box_cell = next(c for c in code if "AnswerBox(" in c.source)
        exec(compile(box_cell.source, "<box>", "exec"), namespace)
        box = namespace["answer_box"]
        assert (box.tries, box.hints) == (tries, hints), edition is master
        if edition is not master:
            box.answer.value = "-1"  # no challenge's answer
            box.button.click()
            assert box.closed and "that is not the answer" in box.result.value
            assert "too low" not in box.result.value and "breaks the rules" not in box.result.value
