"""The student edition of a master notebook, compatible with nbgrader.

A master (teacher) notebook keeps everything. Three marks in it drive the
student edition, the same marks nbgrader uses, so a teacher running nbgrader can
also take the master as its "source" version:

* code between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` is replaced by
  ``raise NotImplementedError()`` (in Markdown: ``YOUR ANSWER HERE``), indented
  like the markers; the cell becomes a *solution* cell;
* code between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` is
  removed (the teacher's extra checks); the cell stays a graded test. In a
  Markdown cell the same markers hide a note for the teacher;
* a code cell whose first line is ``# Graded check (N points)`` is an
  autograded test cell worth N points, locked.

Every solution and graded cell gets nbgrader's cell metadata
(``nbgrader: {grade, grade_id, locked, points, solution, schema_version, task}``);
outputs and execution counts are cleared, as nbgrader's release does.
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

__all__ = ["BEGIN_SOLUTION", "END_SOLUTION", "BEGIN_HIDDEN", "END_HIDDEN", "GRADED",
           "strip_solutions", "strip_hidden_tests", "solution_blocks", "graded_points",
           "student_edition", "restore_solutions", "build_student_editions", "main",
           "NBGRADER_SCHEMA"]

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
#: The first line of an autograded cell: ``# Graded check (2 points)``.
GRADED = re.compile(r"^#\s*Graded check \((\d+) points?\)", re.IGNORECASE)
NBGRADER_SCHEMA = 3
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
MARKDOWN_STUB = "YOUR ANSWER HERE"


def _blocks(source: str, begin: str, end: str) -> list[tuple[int, int, str]]:
    """``(first line, last line, indent)`` of each marked block (marker lines included)."""
    lines = source.split("\n")
    out, start = [], None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped == begin:
            if start is not None:
                raise ValueError(f"{begin} twice without {end} (line {i + 1})")
            start = i
        elif stripped == end:
            if start is None:
                raise ValueError(f"{end} without {begin} (line {i + 1})")
            indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
            out.append((start, i, indent))
            start = None
    if start is not None:
        raise ValueError(f"{begin} on line {start + 1} is never closed by {end}")
    return out


def _replace(source: str, begin: str, end: str, stub: str | None) -> str:
    lines = source.split("\n")
    for first, last, indent in reversed(_blocks(source, begin, end)):
        new = [] if stub is None else [indent + s if s else s for s in stub.split("\n")]
        lines[first:last + 1] = new
    return "\n".join(lines)


def strip_solutions(source: str, cell_type: str = "code") -> str:
    """*source* with each solution block replaced by the stub."""
    return _replace(source, BEGIN_SOLUTION, END_SOLUTION,
                    CODE_STUB if cell_type == "code" else MARKDOWN_STUB)


def strip_hidden_tests(source: str) -> str:
    """*source* without its hidden-test blocks.

    >>> strip_hidden_tests("check(f)\\n### BEGIN HIDDEN TESTS\\nassert f(2) == 4\\n### END HIDDEN TESTS")
    'check(f)'
    """
    return _replace(source, BEGIN_HIDDEN, END_HIDDEN, None).rstrip("\n")


def solution_blocks(source: str) -> list[str]:
    """The text of each solution block, markers included (to put back)."""
    lines = source.split("\n")
    return ["\n".join(lines[a:b + 1]) for a, b, _ in _blocks(source, BEGIN_SOLUTION, END_SOLUTION)]


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
    used: set[str] = set()
    for index, cell in enumerate(student.cells):
        source = cell.source
        has_solution = bool(_blocks(source, BEGIN_SOLUTION, END_SOLUTION))
        has_hidden = bool(_blocks(source, BEGIN_HIDDEN, END_HIDDEN))
        points = graded_points(source) if cell.cell_type == "code" else None
        if has_solution:
            if strip:
                cell.source = strip_solutions(source, cell.cell_type)
            if cell.cell_type == "markdown":
                cell.metadata["nbgrader"] = _nbgrader(_grade_id("", used, f"answer-{index}"),
                                                      solution=True, grade=True, points=1)
            else:
                cell.metadata["nbgrader"] = _nbgrader(_grade_id(source, used, f"solution-{index}"),
                                                      solution=True, grade=False)
        if has_hidden and strip:
            cell.source = strip_hidden_tests(cell.source)
        if points is not None or (has_hidden and cell.cell_type == "code"):
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
        solutions = solution_blocks(source.source) if _blocks(source.source, BEGIN_SOLUTION, END_SOLUTION) else []
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
