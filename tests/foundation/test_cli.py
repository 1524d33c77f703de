"""The `zoobook` command, as the puzzle-file contract describes it.

Most tests call ``zoobook.cli.main`` in-process (the toy kind is registered by
conftest); the ones about exit status and standard error run a real process,
with the toy kind registered by a two-line launcher.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.toykind import VALID_TOY, toy_file
from zoobook.cli import main

ROOT = Path(__file__).resolve().parents[2]
# `python -c LAUNCHER args...` runs the real command with the toy game registered
# (the repository root is on PYTHONPATH, so `tests.foundation.toygame` imports).
LAUNCHER = ("from zoobook.puzzles.registry import register_game; "
            "register_game('tests.foundation.toygame.kinds'); "
            "from zoobook.cli import main; raise SystemExit(main())")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}


def run(*argv: str) -> tuple[int, str, str]:
    """``zoobook ARGV`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def run_process(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LAUNCHER, *map(str, argv)], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=300)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_solve_json_prints_exactly_the_contract_object(tmp_path):
    status, out, err = run("solve", toy_file(tmp_path), "--json")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1
    assert json.loads(out) == {"id": "three-tiles", "kind": "toy/heaviest", "value": 7, "witness": "b",
                               "explanation": ["Tile b weighs 7.", "No tile of the 3 weighs more."]}
    assert list(json.loads(out)) == ["id", "kind", "value", "witness", "explanation"]


def test_solve_json_gives_null_when_there_is_no_solution(tmp_path):
    path = toy_file(tmp_path, text='id = "empty"\nkind = "toy/heaviest"\n')
    status, out, _ = run("solve", path, "--json")
    assert status == 0
    assert json.loads(out)["value"] is None and json.loads(out)["witness"] is None


def test_solve_without_json_explains_in_sentences(tmp_path):
    status, out, _ = run("solve", toy_file(tmp_path))
    assert status == 0
    assert out.splitlines() == ["Three tiles", "  value:   7", '  witness: "b"',
                                "  - Tile b weighs 7.", "  - No tile of the 3 weighs more."]


BAD_FILES = [
    (VALID_TOY.replace('walls = ["E", "S"]', 'walls = ["E", "Q"]'),
     "tile[3].walls[2]: must be one of N, E, S, W, not 'Q'"),
    ("id = [", "not valid TOML"),
    (VALID_TOY.replace('kind = "toy/heaviest"', 'kind = "toy/nothing"'), "kind: unknown puzzle kind"),
]


@pytest.mark.parametrize("text, expected", BAD_FILES)
def test_a_bad_file_is_one_line_on_stderr_exit_2_and_nothing_written(tmp_path, text, expected):
    path = toy_file(tmp_path, "bad.toml", text)
    before = snapshot(tmp_path)
    status, out, err = run("solve", path, "--json")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"{path}: {expected}")
    assert snapshot(tmp_path) == before


def test_a_bad_file_in_a_real_process_exits_2_with_one_line_and_no_traceback(tmp_path):
    """The process's own exit status and stderr (one case: the others are the same path in-process)."""
    text, expected = BAD_FILES[0]
    path = toy_file(tmp_path, "bad.toml", text)
    before = snapshot(tmp_path)
    result = run_process("solve", path, "--json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"{path}: {expected}")
    assert "Traceback" not in result.stderr
    assert snapshot(tmp_path) == before


def test_solve_a_missing_file_and_bad_arguments(tmp_path, capsys):
    status, out, err = run("solve", tmp_path / "missing.toml")
    assert (status, out) == (2, "") and err.startswith(f"{tmp_path / 'missing.toml'}: cannot be read")
    status, out, err = run("solve")  # argparse's complaint goes to the stream main was given
    assert (status, out) == (2, "")
    assert err == "zoobook: the following arguments are required: file (see 'zoobook --help')\n"
    assert capsys.readouterr().err == ""


def test_verify_passes_right_answers_and_fails_a_wrong_one(tmp_path):
    toy_file(tmp_path, "right.toml")
    toy_file(tmp_path, "empty.toml", 'id = "empty"\nkind = "toy/heaviest"\n[answer]\nno_solution = true\n')
    assert run("verify", tmp_path) == (0, "2 passed, 0 failed\n", "")

    wrong = toy_file(tmp_path, "wrong.toml", VALID_TOY.replace('"three-tiles"', '"wrong"')
                     .replace("value = 7", "value = 5"))
    status, out, err = run("verify", tmp_path)
    assert status == 1
    assert out == "2 passed, 1 failed\n"
    assert err == f"{wrong}: [answer].value is 5 but the solver finds 7\n"


def test_verify_in_a_real_process_exits_1_on_a_wrong_answer(tmp_path):
    """A failed check is the process's exit status 1 (status 2 of a real process: the bad-file test
    above; 0: the installed command below; every status of ``main`` in-process: the tests around)."""
    toy_file(tmp_path, "right.toml")
    toy_file(tmp_path, "wrong.toml", VALID_TOY.replace('"three-tiles"', '"wrong"').replace("value = 7", "value = 6"))
    result = run_process("verify", tmp_path, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "1 passed, 1 failed\n")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_verify_fails_a_puzzle_without_answer_a_bad_file_and_an_empty_folder(tmp_path):
    toy_file(tmp_path, "bare.toml", 'id = "bare"\nkind = "toy/heaviest"\n')
    status, _, err = run("verify", tmp_path)
    assert status == 1 and "has no [answer]" in err
    toy_file(tmp_path, "bad.toml", "id = 1")
    status, _, err = run("verify", tmp_path)
    assert status == 2 and f"{tmp_path / 'bad.toml'}: id: must be kebab-case" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = run("verify", empty)
    assert status == 1 and err.startswith("no puzzle files under")


def test_verify_defaults_to_the_puzzles_folder_of_the_current_directory(tmp_path, monkeypatch):
    toy_file(tmp_path / "puzzles" / "toy")
    monkeypatch.chdir(tmp_path)
    assert run("verify") == (0, "1 passed, 0 failed\n", "")


def test_list_shows_kind_difficulty_and_themes(tmp_path):
    toy_file(tmp_path, "a.toml")
    toy_file(tmp_path, "b.toml", 'id = "bare"\nkind = "toy/heaviest"\n')
    status, out, err = run("list", tmp_path)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "id           kind          difficulty  themes",
        "bare         toy/heaviest  -",
        "three-tiles  toy/heaviest  2           maximum, reading files",
    ]
    status, out, _ = run("list", tmp_path, "--json")
    assert status == 0
    assert json.loads(out)[1] == {"id": "three-tiles", "kind": "toy/heaviest", "difficulty": 2,
                                  "themes": ["maximum", "reading files"], "title": "Three tiles",
                                  "path": str(tmp_path / "a.toml")}


def test_list_of_nothing_and_of_a_missing_folder(tmp_path):
    assert run("list", tmp_path) == (0, "no puzzles\n", "")
    status, out, err = run("list", tmp_path / "nowhere")
    assert (status, out) == (2, "") and err == f"{tmp_path / 'nowhere'}: no such file or folder\n"


def test_the_installed_command_runs(tmp_path):
    """The console script of pyproject.toml (``zoobook``) is installed next to Python."""
    script = Path(sys.executable).with_name("zoobook")
    if not script.exists():
        pytest.skip("zoobook is not installed as a console script in this environment")
    result = subprocess.run([script, "list", tmp_path], capture_output=True, text=True, timeout=300)
    assert (result.returncode, result.stdout) == (0, "no puzzles\n")


# -- zoobook notebooks: the workbook's notebooks copied out for a pip, Colab or JupyterHub user ------------

def _workbook_notebooks() -> dict[str, bytes]:
    """What the command should copy: the checkout's notebooks and their data, byte for byte."""
    return {name: data for name, data in snapshot(ROOT / "notebooks").items()
            if ".ipynb_checkpoints" not in name and (name.endswith(".ipynb") or name.startswith("data/"))}


def test_notebooks_copies_every_notebook_and_its_data(tmp_path):
    target = tmp_path / "my" / "workbook"          # made if missing, parents too
    status, out, err = run("notebooks", target)
    expected = _workbook_notebooks()
    assert (status, err) == (0, "") and snapshot(target) == expected
    assert "classroom/01-hex-grids-as-graphs.ipynb" in expected and "data/zoo-game-full.toml" in expected
    notebooks = sum(name.endswith(".ipynb") for name in expected)
    assert out == (f"copied {notebooks} notebooks and {len(expected) - notebooks} data files into {target}; "
                   f"start with {target / '00-start-here.ipynb'}\n")


def test_notebooks_refuses_to_overwrite_without_force_and_changes_nothing(tmp_path):
    (tmp_path / "classroom").mkdir()
    (tmp_path / "00-start-here.ipynb").write_text("my edits")
    (tmp_path / "classroom" / "01-hex-grids-as-graphs.ipynb").write_text("my answers")
    before = snapshot(tmp_path)
    status, out, err = run("notebooks", tmp_path)
    assert (status, out) == (2, "") and snapshot(tmp_path) == before
    assert err == (f"{tmp_path}: 2 of the files to copy already exist (00-start-here.ipynb, "
                   "classroom/01-hex-grids-as-graphs.ipynb); --force replaces them\n")
    status, _, err = run("notebooks", tmp_path, "--force")
    assert (status, err) == (0, "") and snapshot(tmp_path) == _workbook_notebooks()


def test_notebooks_bad_targets_are_one_line_exit_2(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    assert run("notebooks", a_file) == (2, "", f"{a_file}: not a folder\n")
    status, out, err = run("notebooks", ROOT / "notebooks", "--force")
    assert (status, out) == (2, "") and "the workbook's own notebooks folder" in err and "\n" not in err[:-1]
    blocked = tmp_path / "blocked"
    (blocked / "classroom").mkdir(parents=True)
    (blocked / "classroom" / "02-bottleneck-paths-zoo.ipynb").mkdir()   # a folder where a notebook goes
    status, _, err = run("notebooks", blocked, "--force")
    assert status == 2 and "1 of the files to copy already exist (classroom/02-bottleneck-paths-zoo.ipynb)" in err
    assert run("notebooks")[0] == 2


def test_notebooks_in_a_real_process_reports_a_folder_it_cannot_make_in_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    target = tmp_path / "notes.txt" / "workbook"      # under a file: no one can make it, not even root
    done = run_process("notebooks", target, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr == f"{target}: cannot copy the notebooks there (Not a directory)\n"
    assert snapshot(tmp_path) == {"notes.txt": b"mine"}


# -- a real process: what solving imports, and a closed pipe ---------------------------------------

HEAVY = ("ipywidgets", "IPython", "zoobook.widgets", "zoobook.classroom")
#: One process runs each command in turn and, after each, prints the heavy modules imported so far
#: (sys.modules only grows, so a command that imports one shows it from its own line on).
IMPORTS_AFTER = ("import json, sys; from zoobook.cli import main\n"
                 "for argv in json.loads(sys.argv[1]):\n"
                 "    status = main(argv)\n"
                 f"    heavy = [m for m in sys.modules if m.split('.')[0] in {HEAVY[:2]!r}\n"
                 f"             or m.startswith({HEAVY[2:]!r})]\n"
                 "    print('HEAVY', json.dumps([argv, status, heavy]))")
COMMANDS = [["solve", "puzzles/5x5/mr-a.toml"], ["list"], ["list", "puzzles/steam-zoo"],
            ["verify", "puzzles/steam-zoo/empty-area.toml"]]


def test_solving_and_listing_import_no_widgets_and_no_classroom():
    done = subprocess.run([sys.executable, "-c", IMPORTS_AFTER, json.dumps(COMMANDS)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    reports = [json.loads(line[len("HEAVY "):]) for line in done.stdout.splitlines() if line.startswith("HEAVY ")]
    assert reports == [[argv, 0, []] for argv in COMMANDS]


def test_a_closed_pipe_ends_quietly():
    """``zoobook list | head``: the reader leaves before the command writes."""
    command = [sys.executable, "-c", "from zoobook.cli import main; raise SystemExit(main())", "list"]
    process = subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()                      # the reader is gone before the first line
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=300) == 141     # as a shell reports a tool stopped by SIGPIPE
    assert stderr == ""                         # no "internal error: BrokenPipeError", no "Exception ignored"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_verify_shows_its_progress_on_a_terminal_and_nothing_in_a_pipe(tmp_path):
    toy_file(tmp_path, "a.toml")
    toy_file(tmp_path, "b.toml", VALID_TOY.replace('"three-tiles"', '"other"'))
    out, err = io.StringIO(), _Terminal()
    assert main(["verify", str(tmp_path)], out=out, err=err) == 0
    shown = err.getvalue()
    assert "puzzles verified [" in shown and "0/2 a.toml" in shown and "1/2 b.toml" in shown
    assert shown.rstrip().endswith("2/2") and out.getvalue() == "2 passed, 0 failed\n"
    assert run("verify", tmp_path)[2] == ""        # the same run into a pipe: the verdict alone
