"""Widgets: thin views over the rules models, shared scaffolding in :mod:`.common`.

Widgets hold no rules. Each game's widgets take a model, ask the library for
legal moves, scores and solutions, and render them (mostly into
``ipywidgets.HTML`` values, which tests can read without a kernel).
"""

from zoobook.widgets.common import (figure_html, ruling_html, solution_html, SolutionPanel,
                                    RulingLookup)

__all__ = ["figure_html", "ruling_html", "solution_html", "SolutionPanel", "RulingLookup"]
