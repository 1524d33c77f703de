"""``zoobook review FILE``: the report on standard output, the bar on standard error, one line and
exit 2 for bad input, the partial report and exit 130 on Ctrl-C."""

from __future__ import annotations

import io

import zoobook.review as review_module
from zoobook.cli import main
from zoobook.records import write_record
from zoobook.steam.game.review import SteamEvaluator

from tests.steam.test_game_review import bad_game_record


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_the_report_names_the_mistake_and_writes_its_puzzle(tmp_path):
    path = write_record(tmp_path / "game.jsonl", bad_game_record())
    status, out, err = run("review", str(path), "--puzzles", str(tmp_path / "puzzles"))
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("review of a steam game: seat 0; labels from a loss of 0.1 (inaccuracy)")
    assert "   3. seat 0: end build  (best: lay track (2,0) (1,0) (0,0); loss 1 turn (proved)) MISTAKE" in lines
    assert "  seat 0: 17 decisions, 94% without a label; 0 inaccuracies, 1 mistake, 0 blunders; " \
           "mean loss 0.06 turns" in lines
    costly = lines.index("the 1 costliest decision:")
    assert lines[costly + 1].startswith("  move 3, seat 0: end build lost 1 turn (proved) (mistake)")
    assert lines[-1].startswith("move 3: wrote the puzzle ")
    assert "decisions reviewed [" in err and "17/17" in err
    status, verified, _ = run("verify", str(tmp_path / "puzzles"))
    assert (status, verified.strip()) == (0, "1 passed, 0 failed")
    listed = run("list", str(tmp_path / "puzzles"))[1]
    assert "steam/decision" in listed


def test_a_bad_record_or_seat_is_one_line_and_exit_2(tmp_path):
    text = bad_game_record().splitlines(keepends=True)
    path = tmp_path / "cut.jsonl"
    assert '"EndBuild"' in text[3]      # move 3, line 4
    path.write_text("".join(text[:3]) + text[3].replace("EndBuild", "Fly") + "".join(text[4:]))
    status, out, err = run("review", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"{path}: line 4: no action Fly in steam") and err.count("\n") == 1
    good = write_record(tmp_path / "good.jsonl", "".join(text))
    status, out, err = run("review", str(good), "--seat", "3")
    assert (status, out, err) == (2, "", "--seat: seat 3 is not in this game (seats 0 to 0)\n")
    status, out, err = run("review", str(good), "--workers", "0")
    assert status == 2 and "--workers" in err and out == ""


class CtrlCAtTheThird(SteamEvaluator):
    calls = 0

    def evaluate(self, state, played, budget_seconds, seed):
        CtrlCAtTheThird.calls += 1
        if CtrlCAtTheThird.calls == 3:
            raise KeyboardInterrupt
        return super().evaluate(state, played, budget_seconds, seed)


def test_ctrl_c_prints_the_decisions_done_and_exits_130(tmp_path, monkeypatch):
    monkeypatch.setitem(review_module._REGISTERED, "steam", CtrlCAtTheThird())
    path = write_record(tmp_path / "game.jsonl", bad_game_record())
    status, out, err = run("review", str(path))
    assert status == 130
    lines = out.splitlines()
    assert "note: interrupted: 2 of 17 decisions reviewed" in lines
    assert [line[:9] for line in lines if line[4:5] == "."] == ["   1. sea", "   2. sea"]
    assert "summary (partial):" in lines
