"""The classroom track: graph-algorithm exercises with an instant self-check.

* :mod:`.checking`: :func:`check` (a student's function against the library's
  solver on the workbook's puzzles and hidden random cases) and
  :func:`check_answer` (an open challenge);
* :mod:`.exercises`: the exercises of the five classroom notebooks;
* :mod:`.widgets`: the "Check my answer" button and the challenge's answer box;
* :mod:`.drawing`: the pictures of a failed case;
* :mod:`.editions`: the student edition (nbgrader-compatible) from a master notebook.
"""

from zoobook.classroom.checking import (Case, Challenge, Exercise, Report, check, check_answer)

__all__ = ["Case", "Challenge", "Exercise", "Report", "check", "check_answer"]
