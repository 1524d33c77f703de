"""``zoobook generate``: files written, verified, byte-identical on a rerun; bad arguments in one line."""

from __future__ import annotations

import io

import pytest

from zoobook.cli import main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_generate_writes_verified_files_the_same_every_time(tmp_path):
    code, out, err = run("generate", "steam-zoo/shipment", "--difficulty", "3", "--seed", "4",
                         "--count", "2", "--out", str(tmp_path / "a"))
    assert code == 0, err
    files = sorted((tmp_path / "a").glob("*.toml"))
    assert [f.name for f in files] == ["generated-zoo-shipment-d3-s4-1.toml", "generated-zoo-shipment-d3-s4-2.toml"]
    assert "2/2" in err                                   # the progress bar
    assert run("verify", str(tmp_path / "a"))[0] == 0
    run("generate", "steam-zoo/shipment", "--difficulty", "3", "--seed", "4", "--count", "2",
        "--out", str(tmp_path / "b"))
    assert [f.read_bytes() for f in files] == [f.read_bytes() for f in sorted((tmp_path / "b").glob("*.toml"))]


def test_list_names_the_kinds_with_a_generator():
    code, out, _ = run("generate", "--list")
    assert code == 0 and {"steam-zoo/shipment", "5x5/lineup", "steam-easter/connect"} <= set(out.split())


@pytest.mark.parametrize("argv, words", [
    (["generate", "steam-zoo/shipment", "--difficulty", "6"], "between 1 and 5"),
    (["generate", "steam-zoo/shipment", "--difficulty", "hard"], "whole number"),
    (["generate", "steam-zoo/shipment", "--count", "0"], "between 1 and 10000"),
    (["generate", "steam-zoo/shipment", "--seed", "x"], "seed must be"),
    (["generate", "chess/mate"], "no generator for kind 'chess/mate'"),
    (["generate"], "needs a KIND"),
])
def test_bad_arguments_get_one_line_and_exit_2(argv, words, tmp_path, capsys):
    code, out, err = run(*argv, "--out", str(tmp_path / "x"))
    err += capsys.readouterr().err          # argparse writes its one line to sys.stderr itself
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_out_must_be_a_folder(tmp_path):
    target = tmp_path / "file.txt"
    target.write_text("x")
    code, _, err = run("generate", "steam-zoo/shipment", "--out", str(target))
    assert code == 2 and "not a folder" in err
