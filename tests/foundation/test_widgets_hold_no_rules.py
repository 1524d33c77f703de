"""Widgets are thin views over models and hold no rules (docs/architecture.md).

Read from each widget module's source (its syntax tree, nothing run), a widget must not:

* raise :class:`~zoobook.errors.IllegalAction` (or build a ``Refusal``) itself: a refusal is the
  model's, the widget only catches it and shows it;
* compare with a rule constant imported from a game package (``zoobook.fivebyfive``,
  ``zoobook.steam``, ``zoobook.zooloretto``: an UPPER_CASE name) that is a number (a limit such
  as ``MAX_LEVEL``), or order anything by one (``<``, ``>=``): the shape of a rule checked in a
  view. Drawing with a constant (a board's size, a colour table) and telling a node type or a
  phase by its name (``node.type == AREA``) are fine;
* import a private name (``_plan_lay``) of a game package: the engine's own checks behind its
  public API.

The detector is shown catching the code these rules moved out of the widgets (the moai lab's
locomotive limit, the steam game's one-tile lay generator), so the scan of today's widgets
cannot pass by seeing nothing.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "zoobook" / "widgets"
GAME_PACKAGES = ("zoobook.fivebyfive", "zoobook.steam", "zoobook.zooloretto")
REFUSALS = ("IllegalAction", "Refusal")


def _is_constant(name: str) -> bool:
    return name.isupper() and any(ch.isalpha() for ch in name)


def _from_game(module: str | None) -> bool:
    return module is not None and any(module == p or module.startswith(p + ".") for p in GAME_PACKAGES)


def rule_constants(tree: ast.Module) -> tuple[dict[str, object], dict[str, str]]:
    """(constants imported by name from a game package -> their values, aliases of game modules
    imported -> the modules' names)."""
    constants: dict[str, object] = {}
    modules: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _from_game(node.module):
            for alias in node.names:
                if _is_constant(alias.name):
                    value = getattr(importlib.import_module(node.module), alias.name)
                    constants[alias.asname or alias.name] = value
                elif _is_module(f"{node.module}.{alias.name}"):      # moai, as in moai.MAX_LEVEL
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _from_game(alias.name) and alias.asname:
                    modules[alias.asname] = alias.name
    return constants, modules


def _is_module(name: str) -> bool:
    package, _, last = name.rpartition(".")
    if last.startswith("_") or not hasattr(importlib.import_module(package), "__path__"):
        return False
    return importlib.util.find_spec(name) is not None


def _names(expr: ast.AST) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return f"{_names(expr.value)}.{expr.attr}"
    return ""


ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _a_limit(value: object, ops) -> bool:
    """A rule check's shape: a number compared (a limit such as MAX_LEVEL), or anything ordered.
    Equality with a name (a node type, a phase, a map's kind) only picks what to draw."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number or any(isinstance(op, ORDER) for op in ops)


def violations(source: str) -> list[str]:
    """Each rule a widget module's *source* holds, as ``line: what``."""
    tree = ast.parse(source)
    constants, modules = rule_constants(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if _names(target).split(".")[-1] in REFUSALS:
                found.append(f"{node.lineno}: raises {_names(target)} itself")
        elif isinstance(node, ast.Call) and _names(node.func).split(".")[-1] == "Refusal":
            found.append(f"{node.lineno}: builds a Refusal itself")
        elif isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                for part in ast.walk(side):
                    name = _names(part) if isinstance(part, (ast.Name, ast.Attribute)) else ""
                    head, _, attr = name.rpartition(".")
                    if name in constants:
                        value = constants[name]
                    elif head in modules and _is_constant(attr):
                        value = getattr(importlib.import_module(modules[head]), attr)
                    else:
                        continue
                    if _a_limit(value, node.ops):
                        found.append(f"{node.lineno}: compares with the rule constant {name}")
        elif isinstance(node, ast.ImportFrom) and _from_game(node.module):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"{node.lineno}: imports the private {node.module}.{alias.name}")
    return sorted(set(found))


MODULES = sorted(p for p in WIDGETS.glob("*.py") if p.name != "__init__.py")

#: The moai lab before the locomotive rule moved to ``moai.raise_locomotive``.
OLD_MOAI_LAB = '''
from zoobook.errors import IllegalAction
from zoobook.steam.easter.moai import MAX_LEVEL, rapa_nui, ship

class MoaiLab:
    def _raise(self) -> str:
        if self.level >= MAX_LEVEL:
            raise IllegalAction(f"the locomotive is already at level {MAX_LEVEL}", "S-LOCOMOTIVE-1")
        self.level += 1
        return f"locomotive to level {self.level}"
'''

#: The steam game's Action list before its one-tile lays moved to ``state.short_actions``.
OLD_GAME_MENU = '''
from zoobook.steam.game.state import BUILD, Game, GameState, lay_starts
from zoobook.steam.game.state import _plan_lay as plan_lay

def menu_actions(state):
    game, pos = state.game, state.position
    if pos.phase != BUILD:
        return state.legal_actions()
'''


def test_the_detector_catches_the_rules_that_left_the_widgets():
    assert violations(OLD_MOAI_LAB) == ["7: compares with the rule constant MAX_LEVEL",
                                        "8: raises IllegalAction itself"]
    assert violations(OLD_GAME_MENU) == ["3: imports the private zoobook.steam.game.state._plan_lay"]


def test_the_detector_sees_a_constant_through_its_module_and_a_refusal_built_or_raised():
    source = '''
from zoobook.steam.easter import moai
from zoobook.errors import IllegalAction, Refusal
import zoobook.zooloretto.supply as supply

def f(level, left):
    if moai.MAX_LEVEL == level or left < supply.END_STACK:
        raise IllegalAction("no")
    return Refusal("no", "S1")
'''
    assert violations(source) == ["7: compares with the rule constant moai.MAX_LEVEL",
                                  "7: compares with the rule constant supply.END_STACK",
                                  "8: raises IllegalAction itself", "9: builds a Refusal itself"]


def test_drawing_with_a_constant_catching_a_refusal_and_checking_input_are_no_rules():
    source = '''
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import SIZE
from zoobook.steam.zoo.model import AREA, MAX_LEVEL

def view(state, names, slider, node):
    slider.max = MAX_LEVEL
    colour = "green" if node.type == AREA else "grey"
    width = 2 * SIZE
    if len(names) < 2:
        raise ValueError("two areas or more")
    try:
        state.apply(1)
    except IllegalAction as exc:
        return str(exc)
'''
    assert violations(source) == []


def test_the_scan_reads_every_widget_module_and_their_imported_constants():
    names = {p.stem for p in MODULES}
    assert {"steam_easter", "steam_game", "steam_zoo", "zooloretto_game", "fivebyfive_board"} <= names
    assert len(MODULES) >= 15
    constants, _ = rule_constants(ast.parse((WIDGETS / "steam_zoo.py").read_text(encoding="utf-8")))
    assert "MAX_LEVEL" in constants      # imported for the slider's range: seen, and no comparison


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_no_widget_module_holds_a_rule(path):
    assert violations(path.read_text(encoding="utf-8")) == []
