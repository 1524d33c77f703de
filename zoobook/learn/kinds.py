"""``zoobook rules``: list each game's rules, and check that every rule is enforced, taught and tested.

This module defines no puzzle kinds, only the command::

    zoobook rules                      # every game's rules: id, group, statement
    zoobook rules fivebyfive --group lineup
    zoobook rules --coverage           # per game: rules with engine / lesson / test; exit 1 if any lacks one
                                       # or any reference is broken (test references only in a checkout:
                                       # an installed package has no tests/, and says so in one line)
    zoobook rules --quizzes            # per game: the rules a question can have as reason (from the engine's
                                       # refusals and scoring), those a sample of its quizzes has, the share
                                       # of each answer; exit 1 below 90% for any game

Examples
--------
>>> import io
>>> from zoobook.cli import main
>>> out = io.StringIO()
>>> main(["rules", "fivebyfive", "--group", "lineup"], out=out)
0
>>> "lineup" in out.getvalue()
True
>>> err = io.StringIO()
>>> main(["rules", "chess"], out=out, err=err), err.getvalue().strip()
(2, "zoobook rules: no game 'chess' has a rules index (known: ...)")
"""

from __future__ import annotations

import argparse

__all__ = ["KINDS", "COMMANDS", "add_rules"]

KINDS = ()


def _game_names(wanted: str | None, err) -> list[str] | None:
    from zoobook.learn.index import games, load_index

    known = games()
    if wanted is None:
        return list(known)
    for game in known:
        if wanted.lower() in (game.lower(), load_index(game).game.lower()):
            return [game]
    print(f"zoobook rules: no game {wanted!r} has a rules index (known: {', '.join(known)})", file=err)
    return None


def _run(args: argparse.Namespace, out, err) -> int:
    from zoobook.learn.index import TESTS_UNCHECKED, broken_references, coverage, load_index, tests_checkable

    names = _game_names(args.game, err)
    if names is None:
        return 2
    if args.quizzes:
        return _quizzes(names, args.sample, out)
    if args.coverage:
        status = 0
        for game in names:
            index = load_index(game)
            report = coverage(index)
            problems = broken_references(index)
            print(str(report) + ("" if report.complete and not problems else "  INCOMPLETE"), file=out)
            for what, ids in (("engine", report.lacking_engine), ("lesson", report.lacking_lesson),
                              ("test", report.lacking_tests)):
                if ids:
                    print(f"  no {what}: {', '.join(ids)}", file=out)
            for problem in problems:
                print(f"  broken: {problem}", file=out)
            if problems or not report.complete:
                status = 1
        if not tests_checkable():  # an installed package: its lessons are checked, its tests are not there
            print(TESTS_UNCHECKED, file=out)
        return status
    for game in names:
        index = load_index(game)
        rules = index.in_group(args.group) if args.group else index.rules
        if args.group and not rules:
            print(f"zoobook rules: {index.game} has no group {args.group!r} "
                  f"(groups: {', '.join(index.groups())})", file=err)
            return 2
        if len(names) > 1:
            print(f"# {index.game} ({game})", file=out)
        width = max((len(r.id) for r in rules), default=0)
        group_width = max((len(r.group) for r in rules), default=0)
        for rule in rules:
            print(f"{rule.id:<{width}}  {rule.group:<{group_width}}  {rule.statement}", file=out)
    return 0


#: The share of the rules that can be a reason that some quiz question must have (issue 43).
QUIZ_COVERAGE_NEEDED = 0.9


def _quizzes(names: list[str], per_source: int, out) -> int:
    from zoobook.learn import quizzes
    from zoobook.learn.quiz import quiz_coverage

    status = 0
    for game in names:
        report = quiz_coverage(game, quizzes(game), per_source=per_source)
        short = report.share < QUIZ_COVERAGE_NEEDED
        print(str(report) + ("  BELOW 90%" if short else ""), file=out)
        if report.never:
            print(f"  never a reason: {', '.join(report.never)}", file=out)
        status = max(status, int(short))
    return status


def add_rules(commands) -> None:
    """Add ``zoobook rules`` to the command's sub-parsers."""
    parser = commands.add_parser("rules", help="list a game's rules (id, group, statement); "
                                 "--coverage: check every rule has engine, lesson and test")
    parser.add_argument("game", nargs="?", help="a game package (fivebyfive, steam, zooloretto) or its name; "
                        "default: every game")
    parser.add_argument("--group", help="only the rules of this group")
    parser.add_argument("--coverage", action="store_true",
                        help="per game: rules with engine / lesson / test; exit 1 if any lacks one "
                        "or any reference is broken")
    parser.add_argument("--quizzes", action="store_true",
                        help="per game: the rules a quiz question can have as reason, those a sample has, "
                        "the share of each answer; exit 1 below 90%% coverage")
    parser.add_argument("--sample", type=int, default=40, metavar="N",
                        help="with --quizzes: questions sampled per quiz source (default 40)")
    parser.set_defaults(run=_run)


COMMANDS = (add_rules,)
