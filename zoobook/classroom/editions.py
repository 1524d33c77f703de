"""The student edition of a master notebook, compatible with nbgrader.

A master (teacher) notebook keeps everything. Marks in it drive the student
edition, the same marks nbgrader uses, so a teacher running nbgrader can also
take the master as its "source" version:

* code between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` is replaced by
  ``raise NotImplementedError()``, indented like the markers; in Markdown the
  marks are HTML comments, ``<!-- BEGIN SOLUTION -->`` and
  ``<!-- END SOLUTION -->`` (invisible where the master is shown, as in the
  Voila app; nbgrader finds them all the same), and the answer becomes
  ``YOUR ANSWER HERE``; the cell becomes a *solution* cell;
* code between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` is
  removed (the teacher's extra checks); the cell stays a graded test;
* Markdown between ``<!-- BEGIN TEACHER NOTE -->`` and ``<!-- END TEACHER NOTE -->``
  is a note for the teacher: gone from the student edition and from nbgrader's
  source version alike (nbgrader allows hidden regions only in graded cells).
  Older masters wrote the note between the hidden-test marks; that still works;
* code between ``### BEGIN TEACHER ONLY`` and ``### END TEACHER ONLY`` runs only in
  the teacher's edition (the challenge box with hints and any number of answers):
  gone from the student edition and nbgrader's source version alike;
* a Markdown answer (a solution cell) is graded by hand, 1 point, or N points when
  the cell holds ``<!-- Graded by hand (N points) -->``;
* a code cell whose first line is ``# Graded check (N points)`` is an
  autograded test cell worth N points, locked.

A line that mentions a mark without being one (``x = 1  ### END SOLUTION``) is
refused: nbgrader would take it for a mark and release a different notebook.

Every solution and graded cell gets nbgrader's cell metadata
(``nbgrader: {grade, grade_id, locked, points, solution, schema_version, task}``);
outputs, execution counts, run times and saved widget state are cleared, as
nbgrader's release does.
:func:`restore_solutions` puts the master's solutions back into a student
edition (the test that the editions fit together uses it).

Run ``python -m zoobook.classroom.editions notebooks/classroom --out student``
(``make student``) to write the student editions.

Examples
--------
>>> print(strip_solutions('def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION\\n'))
def f(x):
    # YOUR CODE HERE
    raise NotImplementedError()
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import nbformat

__all__ = ["BEGIN_SOLUTION", "END_SOLUTION", "BEGIN_HIDDEN", "END_HIDDEN", "BEGIN_NOTE", "END_NOTE",
           "BEGIN_TEACHER_CODE", "END_TEACHER_CODE", "strip_teacher_code", "hand_graded_points",
           "GRADED", "strip_solutions", "strip_hidden_tests", "strip_teacher_notes", "solution_blocks",
           "graded_points", "student_edition", "restore_solutions", "build_student_editions", "main",
           "NBGRADER_SCHEMA"]

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
BEGIN_NOTE, END_NOTE = "<!-- BEGIN TEACHER NOTE -->", "<!-- END TEACHER NOTE -->"
BEGIN_TEACHER_CODE, END_TEACHER_CODE = "### BEGIN TEACHER ONLY", "### END TEACHER ONLY"
_TEACHER_CODE = (BEGIN_TEACHER_CODE,), (END_TEACHER_CODE,)
#: The points of a Markdown answer graded by hand: ``<!-- Graded by hand (3 points) -->``.
BY_HAND = re.compile(r"<!--\s*Graded by hand \((\d+) points?\)\s*-->", re.IGNORECASE)
#: Each mark as it may be written: code cells use the first spelling, Markdown either.
_SOLUTION = (BEGIN_SOLUTION, "<!-- BEGIN SOLUTION -->"), (END_SOLUTION, "<!-- END SOLUTION -->")
_HIDDEN = (BEGIN_HIDDEN,), (END_HIDDEN,)
_NOTE = (BEGIN_NOTE, BEGIN_HIDDEN), (END_NOTE, END_HIDDEN)
#: What nbgrader takes for a mark: any line containing these words.
_NBGRADER_WORDS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")
#: The first line of an autograded cell: ``# Graded check (2 points)``.
GRADED = re.compile(r"^#\s*Graded check \((\d+) points?\)", re.IGNORECASE)
NBGRADER_SCHEMA = 3
#: nbgrader's own placeholders, written into the student edition for the student to replace (the
#: library itself has no unfinished code here).
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
MARKDOWN_STUB = "YOUR ANSWER HERE"


def _blocks(source: str, marks: tuple[tuple[str, ...], tuple[str, ...]]) -> list[tuple[int, int, str]]:
    """``(first line, last line, indent)`` of each marked block (marker lines included)."""
    begins, ends = marks
    lines = source.split("\n")
    out, start = [], None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped in begins:
            if start is not None:
                raise ValueError(f"{begins[0]} twice without {ends[0]} (line {i + 1})")
            start = i
        elif stripped in ends:
            if start is None:
                raise ValueError(f"{ends[0]} without {begins[0]} (line {i + 1})")
            indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
            out.append((start, i, indent))
            start = None
    if start is not None:
        raise ValueError(f"{begins[0]} on line {start + 1} is never closed by {ends[0]}")
    return out


def _stray_marks(source: str, cell_type: str) -> None:
    """Refuse a line nbgrader would read as a mark although it is not one of ours."""
    marks = {*_SOLUTION[0], *_SOLUTION[1]} if cell_type == "markdown" else {BEGIN_SOLUTION, END_SOLUTION}
    marks |= {BEGIN_HIDDEN, END_HIDDEN}
    for number, line in enumerate(source.split("\n"), 1):
        if line.strip() not in marks and any(word in line for word in _NBGRADER_WORDS):
            raise ValueError(f"line {number} mentions a mark without being one ({line.strip()!r}); "
                             "nbgrader would take it for a mark: put the mark on a line of its own")


def _replace(source: str, marks, stub: str | None) -> str:
    lines = source.split("\n")
    for first, last, indent in reversed(_blocks(source, marks)):
        new = [] if stub is None else [indent + s if s else s for s in stub.split("\n")]
        lines[first:last + 1] = new
    return "\n".join(lines)


def strip_solutions(source: str, cell_type: str = "code") -> str:
    """*source* with each solution block replaced by the stub."""
    return _replace(source, _SOLUTION, CODE_STUB if cell_type == "code" else MARKDOWN_STUB)


def strip_hidden_tests(source: str) -> str:
    """*source* without its hidden-test blocks.

    >>> strip_hidden_tests("check(f)\\n### BEGIN HIDDEN TESTS\\nassert f(2) == 4\\n### END HIDDEN TESTS")
    'check(f)'
    """
    return _replace(source, _HIDDEN, None).rstrip("\n")


def strip_teacher_notes(source: str) -> str:
    """Markdown *source* without its notes for the teacher (and the blank line after each).

    >>> strip_teacher_notes("# Title\\n<!-- BEGIN TEACHER NOTE -->\\nSolutions inside.\\n"
    ...                     "<!-- END TEACHER NOTE -->\\n\\nText")
    '# Title\\nText'
    """
    lines = source.split("\n")
    for first, last, _ in reversed(_blocks(source, _NOTE)):
        if last + 1 < len(lines) and not lines[last + 1].strip():
            last += 1
        lines[first:last + 1] = []
    return "\n".join(lines)


def strip_teacher_code(source: str) -> str:
    """Code *source* without its teacher-only blocks.

    >>> strip_teacher_code("box = AnswerBox(C)\\n### BEGIN TEACHER ONLY\\nbox = AnswerBox(C, hints=True)\\n"
    ...                    "### END TEACHER ONLY\\nbox")
    'box = AnswerBox(C)\\nbox'
    """
    return _replace(source, _TEACHER_CODE, None)


def hand_graded_points(source: str) -> int:
    """The points of a Markdown answer graded by hand (1 unless the cell says otherwise).

    >>> hand_graded_points("<!-- Graded by hand (3 points) -->\\nWhy?"), hand_graded_points("Why?")
    (3, 1)
    """
    match = BY_HAND.search(source)
    return int(match.group(1)) if match else 1


def solution_blocks(source: str) -> list[str]:
    """The text of each solution block, markers included (to put back)."""
    lines = source.split("\n")
    return ["\n".join(lines[a:b + 1]) for a, b, _ in _blocks(source, _SOLUTION)]


def graded_points(source: str) -> int | None:
    """The points of an autograded cell, or None when the cell is not one.

    >>> graded_points("# Graded check (2 points)\\ncheck(f, E).require()"), graded_points("x = 1")
    (2, None)
    """
    match = GRADED.match(source.lstrip())
    return int(match.group(1)) if match else None


def _grade_id(source: str, used: set[str], fallback: str) -> str:
    match = re.search(r"^\s*def\s+([A-Za-z_]\w*)", source, re.MULTILINE)
    if match is None:
        match = re.search(r"^\s*([A-Za-z_]\w*)\s*=", source, re.MULTILINE)
    base = match.group(1).replace("_", "-") if match else fallback
    name, n = base, 2
    while name in used:
        name, n = f"{base}-{n}", n + 1
    used.add(name)
    return name


def _nbgrader(grade_id: str, *, solution: bool, grade: bool, points: int = 0) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": not solution, "schema_version": NBGRADER_SCHEMA,
            "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return meta


def student_edition(master: nbformat.NotebookNode, *, strip: bool = True) -> nbformat.NotebookNode:
    """The student edition of *master* (a new notebook; *master* is unchanged).

    Solution cells are stubbed and unlocked; graded cells lose their hidden
    tests and are locked; outputs are cleared. Markdown solution cells are
    graded by hand (1 point). With ``strip=False`` the solutions and hidden
    tests stay: the same metadata on the full text, nbgrader's *source* version.
    """
    student = nbformat.reads(nbformat.writes(master), as_version=4)
    student.metadata.pop("widgets", None)  # the master's saved widget views: nothing a student needs
    used: set[str] = set()
    for index, cell in enumerate(student.cells):
        cell.metadata.pop("execution", None)  # the master's run times
        try:
            _stray_marks(cell.source, cell.cell_type)
            if cell.cell_type == "markdown":  # the teacher's notes leave both editions
                cell.source = strip_teacher_notes(cell.source)
            else:  # and so does the teacher's own code
                cell.source = strip_teacher_code(cell.source)
        except ValueError as exc:
            raise ValueError(f"cell {index + 1}: {exc}") from None
        source = cell.source
        has_solution = bool(_blocks(source, _SOLUTION))
        has_hidden = cell.cell_type == "code" and bool(_blocks(source, _HIDDEN))
        points = graded_points(source) if cell.cell_type == "code" else None
        if has_solution:
            if strip:
                cell.source = strip_solutions(source, cell.cell_type)
            if cell.cell_type == "markdown":
                cell.metadata["nbgrader"] = _nbgrader(_grade_id("", used, f"answer-{index}"),
                                                      solution=True, grade=True,
                                                      points=hand_graded_points(source))
            else:
                cell.metadata["nbgrader"] = _nbgrader(_grade_id(source, used, f"solution-{index}"),
                                                      solution=True, grade=False)
        if has_hidden and strip:
            cell.source = strip_hidden_tests(cell.source)
        if points is not None or has_hidden:
            if has_solution:
                raise ValueError(f"cell {index + 1} mixes a solution and a graded check; split it")
            cell.metadata["nbgrader"] = _nbgrader(_grade_id("", used, f"check-{index}"), solution=False,
                                                  grade=True, points=points or 1)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return student


def restore_solutions(student: nbformat.NotebookNode, master: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """*student* with the master's solution blocks put back in place of the stubs.

    Cells are matched by position; the student's other edits are kept. Raises
    ValueError when the two notebooks do not match (different cell counts, or a
    cell with a different number of solution blocks).
    """
    if len(student.cells) != len(master.cells):
        raise ValueError(f"the student edition has {len(student.cells)} cells, the master "
                         f"{len(master.cells)}: not the same notebook")
    out = nbformat.reads(nbformat.writes(student), as_version=4)
    for index, (cell, source) in enumerate(zip(out.cells, master.cells)):
        solutions = solution_blocks(source.source) if _blocks(source.source, _SOLUTION) else []
        if not solutions:
            continue
        stub = MARKDOWN_STUB if cell.cell_type == "markdown" else CODE_STUB
        lines = cell.source.split("\n")
        stub_lines = stub.split("\n")
        found = []
        i = 0
        while i < len(lines):
            if [s.strip() for s in lines[i:i + len(stub_lines)]] == stub_lines:
                found.append(i)
                i += len(stub_lines)
            else:
                i += 1
        if len(found) != len(solutions):
            raise ValueError(f"cell {index + 1}: {len(found)} stubs for {len(solutions)} solutions")
        for start, solution in reversed(list(zip(found, solutions))):
            lines[start:start + len(stub_lines)] = solution.split("\n")
        cell.source = "\n".join(lines)
    return out


def build_student_editions(masters: Iterable[str | Path], out: str | Path, *,
                           nbgrader_source: str | Path | None = None) -> list[Path]:
    """Write the student edition of every master notebook (files or folders) into *out*.

    With *nbgrader_source*, also write each master with nbgrader's metadata there
    (solutions kept): the *source* version for ``nbgrader generate_assignment``.
    Everything is built before anything is written, so a bad master writes nothing.
    """
    editions: list[tuple[Path, nbformat.NotebookNode, nbformat.NotebookNode]] = []
    for path in map(Path, masters):
        files = sorted(path.glob("*.ipynb")) if path.is_dir() else [path]
        for file in files:
            master = nbformat.read(file, as_version=4)
            try:
                student, source = student_edition(master), student_edition(master, strip=False)
            except ValueError as exc:
                raise ValueError(f"{file}: {exc}") from None
            nbformat.validate(student)
            editions.append((file, student, source))
    written = []
    for file, student, source in editions:
        for folder, notebook in ((out, student), (nbgrader_source, source)):
            if folder is None:
                continue
            Path(folder).mkdir(parents=True, exist_ok=True)
            target = Path(folder) / file.name
            nbformat.write(notebook, target)
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m zoobook.classroom.editions",
                                     description="Write the student editions of master notebooks.")
    parser.add_argument("masters", nargs="+", help="master notebooks or folders of them")
    parser.add_argument("--out", default="student", help="where to write them (default: student/)")
    parser.add_argument("--nbgrader-source", metavar="DIR",
                        help="also write the masters with nbgrader metadata (solutions kept) into DIR")
    args = parser.parse_args(argv)
    try:
        written = build_student_editions(args.masters, args.out, nbgrader_source=args.nbgrader_source)
    except (ValueError, OSError, nbformat.ValidationError) as exc:
        print(f"make student: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    if not written:
        print("no notebooks found", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
