"""Puzzle generators and difficulty grading for every puzzle kind (``zoobook generate``).

* :mod:`~zoobook.generate.grading`: solver facts, the difficulty formula and calibration;
* :mod:`~zoobook.generate.registry`: one generator per kind, registered from this package;
* :mod:`~zoobook.generate.pipeline`: sample, solve, measure, filter, grade, certify, write;
* :mod:`~zoobook.generate.survey`: random puzzles in bulk, for calibration and grade distributions;
* one module per game (``zoo``, ``lineup``, ``easter``, ``zooloretto``, ``steam_game``), each
  named by its game's kinds module (``GENERATORS``), none listed here;
* :mod:`~zoobook.generate.kinds`: the ``zoobook generate`` command.
"""

from __future__ import annotations

from zoobook.generate.grading import Calibration, Facts, grade, score, thresholds_from
from zoobook.generate.pipeline import (GeneratedPuzzle, GenerationError, generate,
                                       generate_one, quality_problems, write_generated)
from zoobook.generate.registry import Generator, generator_kinds, get_generator, register_generator
from zoobook.generate.survey import (calibrate, grade_distribution, grade_distributions, is_puzzle,
                                     survey)

__all__ = ["Calibration", "Facts", "grade", "score", "thresholds_from", "GeneratedPuzzle",
           "GenerationError", "generate", "generate_one", "quality_problems", "write_generated",
           "Generator", "generator_kinds", "get_generator", "register_generator", "calibrate",
           "survey", "is_puzzle", "grade_distribution", "grade_distributions"]

