"""The import graph of ``zoobook/`` keeps the layers of docs/architecture.md and has no circles.

Read from the source (every module's syntax tree, nothing imported): each ``import`` and
``from ... import`` is an arrow from its module to the module it names, at module level or
inside a function alike (a function-level import still runs, and still ties the two modules
together); an import under ``if TYPE_CHECKING:`` never runs and is no arrow. The layers are
read from the table under "## Layers" in docs/architecture.md, so the document and this test
cannot drift apart. The test fails on

* any circle of imports (a strongly connected part of the graph with more than one module);
* an arrow from a layer to a layer above it in the table (read upwards: an import "back up");
* a rules package (the foundations and the game rules) importing the widgets, the generators
  or the command line.

The checker is shown catching a circle, a back-arrow and a forbidden import in a made-up
package, and reading the whole of the real one, so it cannot pass by reading nothing.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "zoobook"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

#: What a rules package must never import (the brief of issue 42: rules code draws no pictures,
#: makes no puzzles and parses no command line).
NOT_FOR_RULES = ("zoobook.widgets", "zoobook.generate", "zoobook.cli", "zoobook.__main__")
#: The layers that hold rules code.
RULES_LAYERS = ("foundations", "game rules")


# -- reading the import graph ------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """One module's text, and whether it is a package's ``__init__`` (relative imports start there)."""

    text: str
    is_package: bool = False


def read_package(package: Path = PACKAGE) -> dict[str, Source]:
    """Every module under *package* by dotted name (``zoobook.steam.game.state``; ``zoobook`` for
    the package's own ``__init__.py``)."""
    sources = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        sources[".".join(parts)] = Source(path.read_text(encoding="utf-8"), is_package)
    return sources


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """The import statements of *tree* that run: all of them but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for branch in node.orelse:                        # the else branch does run
                yield from _imports_of(branch)
            continue
        yield from _imports(node)


def _imports_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _imports(node)


def _named_modules(node: ast.Import | ast.ImportFrom, module: str, source: Source, known) -> list[str]:
    """The modules an import statement names, resolved against the modules *known*."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            package = module.split(".") if source.is_package else module.split(".")[:-1]
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        # ``from package import module`` names the module; ``from module import name`` the module
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    found = []
    for name in names:
        while name and name not in known:          # ``import zoobook.steam.game.state.x``: its module
            name = name.rpartition(".")[0]
        if name and name != module and name not in found:
            found.append(name)
    return found


def import_graph(sources: Mapping[str, Source]) -> nx.DiGraph:
    """A ``DiGraph`` of the modules in *sources*: an arrow from a module to each one it imports,
    with the ``line`` of the first import that names it; imports of anything else are left out."""
    graph = nx.DiGraph()
    graph.add_nodes_from(sources)
    for module, source in sources.items():
        tree = ast.parse(source.text, filename=module)
        for node in _imports(tree):
            for target in _named_modules(node, module, source, sources):
                if not graph.has_edge(module, target):
                    graph.add_edge(module, target, line=node.lineno)
    return graph


# -- the checks ------------------------------------------------------------------------------------
def circles(graph: nx.DiGraph) -> list[list[str]]:
    """The groups of modules that import one another round a circle (sorted), largest first."""
    parts = [sorted(part) for part in nx.strongly_connected_components(graph) if len(part) > 1]
    return sorted(parts, key=lambda part: (-len(part), part))


def read_layers(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """``[(name, paths), ...]`` from the table under "## Layers", bottom layer first.

    Each row is ``| number | name | `path`, `path` |``; a path ending in ``/`` is a folder.
    """
    section = re.search(r"^## Layers\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if section is None:
        raise ValueError("docs/architecture.md: no '## Layers' section")
    layers = []
    for line in section.group(1).splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            if int(cells[0]) != len(layers) + 1:
                raise ValueError(f"docs/architecture.md: layer {cells[0]} is out of order")
            layers.append((cells[1], tuple(re.findall(r"`([^`]+)`", cells[2]))))
    if not layers:
        raise ValueError("docs/architecture.md: no table of layers under '## Layers'")
    return layers


def module_path(module: str, source: Source) -> str:
    """The file of *module*, relative to the repository (``zoobook/steam/__init__.py``)."""
    return "/".join(module.split(".")) + ("/__init__.py" if source.is_package else ".py")


def layer_of(path: str, layers) -> list[int]:
    """The numbers (0 = the bottom) of the layers whose paths hold the file *path*."""
    return [number for number, (_, paths) in enumerate(layers)
            for entry in paths if path == entry or (entry.endswith("/") and path.startswith(entry))]


def back_arrows(graph: nx.DiGraph, rank: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """``(importer, imported, line)`` of every arrow to a module of a higher layer than its importer's."""
    return sorted((a, b, data["line"]) for a, b, data in graph.edges(data=True) if rank[b] > rank[a])


def forbidden(graph: nx.DiGraph, importers, targets=NOT_FOR_RULES) -> list[tuple[str, str, int]]:
    """``(importer, imported, line)`` of the arrows from *importers* to a module under *targets*."""
    def under(module: str) -> bool:
        return any(module == t or module.startswith(t + ".") for t in targets)
    return sorted((a, b, data["line"]) for a, b, data in graph.edges(data=True) if a in importers and under(b))


# -- the real package ------------------------------------------------------------------------------
SOURCES = read_package()
GRAPH = import_graph(SOURCES)
LAYERS = read_layers(ARCHITECTURE.read_text(encoding="utf-8"))


def _ranks() -> dict[str, int]:
    ranks = {}
    for module, source in SOURCES.items():
        found = layer_of(module_path(module, source), LAYERS)
        if len(found) == 1:
            ranks[module] = found[0]
    return ranks


def _show(arrows, ranks=None) -> str:
    def name(module):
        return f"{module} ({LAYERS[ranks[module]][0]})" if ranks else module
    return "\n".join(f"  {name(a)} imports {name(b)} (line {line})" for a, b, line in arrows)


def test_the_import_graph_has_no_circles():
    found = circles(GRAPH)
    shown = []
    for part in found:                      # one circle of each part, with the lines of its imports
        circle = nx.find_cycle(GRAPH.subgraph(part))
        shown.append("  " + " -> ".join(f"{a} (line {GRAPH.edges[a, b]['line']})" for a, b in circle)
                     + f" -> {circle[0][0]}")
    assert not found, "modules that import one another in a circle (docs/architecture.md, Layers):\n" + \
        "\n".join(shown)


def test_every_module_has_exactly_one_layer_and_every_listed_path_exists():
    for _, paths in LAYERS:
        for entry in paths:
            assert (ROOT / entry).exists(), f"docs/architecture.md lists {entry}, which does not exist"
    for module, source in SOURCES.items():
        path = module_path(module, source)
        found = [LAYERS[number][0] for number in layer_of(path, LAYERS)]
        assert len(found) == 1, f"{path} is in {len(found)} layers of docs/architecture.md ({found}), not one"


def test_no_import_runs_back_up_the_layers():
    ranks = _ranks()
    found = back_arrows(GRAPH, ranks)
    assert not found, "imports against the layers of docs/architecture.md:\n" + _show(found, ranks)


def test_rules_packages_import_no_widgets_generators_or_command_line():
    names = [name for name, _ in LAYERS]
    assert set(RULES_LAYERS) <= set(names), f"docs/architecture.md's layers {names} lack {RULES_LAYERS}"
    ranks = _ranks()
    rules = {module for module, rank in ranks.items() if LAYERS[rank][0] in RULES_LAYERS}
    assert any(m.startswith("zoobook.steam.") for m in rules) and "zoobook.puzzles.catalogue" in rules
    found = forbidden(GRAPH, rules)
    assert not found, "rules code importing widgets, generators or the command line:\n" + _show(found)


def test_the_games_do_not_import_one_another():
    games = dict(LAYERS)["game rules"]
    assert len(games) >= 3
    package = {entry: entry.rstrip("/").replace("/", ".") for entry in games}
    found = [(a, b, data["line"]) for a, b, data in GRAPH.edges(data=True)
             for one in package.values() for other in package.values()
             if one != other and a.startswith(one + ".") and (b == other or b.startswith(other + "."))]
    assert not found, "one game importing another:\n" + _show(sorted(found))


def test_the_reader_reads_the_whole_package():
    """Every module file, hundreds of arrows, and arrows known to be there (one inside a function)."""
    files = list(PACKAGE.rglob("*.py"))
    assert len(SOURCES) == len(files) > 120
    assert GRAPH.number_of_edges() > 500
    assert GRAPH.has_edge("zoobook.steam.game.state", "zoobook.steam.game.map_rules")      # module level
    assert GRAPH.has_edge("zoobook.steam.game.anytime", "zoobook.steam.game.linkplan")     # in a function
    assert GRAPH.has_edge("zoobook.fivebyfive.playouts", "zoobook.fivebyfive.lineup")      # from a package, a module
    assert GRAPH.has_edge("zoobook.cli", "zoobook")                                        # the package face
    assert not GRAPH.has_edge("zoobook.puzzles.registry", "zoobook")


@pytest.mark.parametrize("game", ["fivebyfive", "steam", "zooloretto"])
def test_the_learn_pictures_are_named_in_the_widgets_and_drawn_from_there(game):
    """A game's drills and quizzes carry their pictures as hooks into ``zoobook/widgets/`` (the
    rules package keeps the drill data), and every hook names a function there."""
    import importlib

    from zoobook.puzzles.registry import resolve

    learn = importlib.import_module(f"zoobook.{game}.learn")
    hooks = {item.picture for item in (*learn.DRILLS, *learn.QUIZZES)}
    assert hooks and all(isinstance(hook, str) and hook.startswith("zoobook.widgets.") for hook in hooks), hooks
    assert all(callable(resolve(hook)) for hook in hooks)


# -- the checker on a made-up package ------------------------------------------------------------------
TOY = {
    "toy": Source("", is_package=True),
    "toy.base": Source("import os\nfrom toy import top\n"),                                 # back up
    "toy.top": Source("def later():\n    from toy.middle import helper\n"),                  # in a function
    "toy.middle": Source("from . import top\n"),                                            # relative
    "toy.typed": Source("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy import top\n"
                        "else:\n    import toy.base\n"),
    "toy.views": Source("", is_package=True),
    "toy.views.draw": Source("from ..base import x\n"),
}
TOY_LAYERS = [("foundations", ("toy/base.py", "toy/typed.py")), ("game rules", ("toy/middle.py", "toy/top.py")),
              ("views", ("toy/views/",)), ("face", ("toy/__init__.py",))]


def test_the_checker_reads_arrows_in_functions_relative_imports_and_not_type_checking():
    graph = import_graph(TOY)
    assert set(graph.edges) == {("toy.base", "toy.top"), ("toy.top", "toy.middle"), ("toy.middle", "toy.top"),
                                ("toy.typed", "toy.base"), ("toy.views.draw", "toy.base")}
    assert graph.edges["toy.base", "toy.top"]["line"] == 2


def test_the_checker_catches_a_circle_a_back_arrow_and_a_forbidden_import():
    graph = import_graph(TOY)
    assert circles(graph) == [["toy.middle", "toy.top"]]
    ranks = {}
    for module, source in TOY.items():
        (ranks[module],) = layer_of(module_path(module, source), TOY_LAYERS)
    assert ranks["toy.views.draw"] == 2 and ranks["toy"] == 3
    assert back_arrows(graph, ranks) == [("toy.base", "toy.top", 2)]
    assert forbidden(graph, {"toy.base", "toy.typed"}, targets=("toy.top",)) == [("toy.base", "toy.top", 2)]
    graph.remove_edge("toy.base", "toy.top")
    graph.remove_edge("toy.middle", "toy.top")
    assert circles(graph) == [] and back_arrows(graph, ranks) == []


def test_the_layers_table_is_read_and_checked():
    text = ("# x\n\n## Layers\n\n| layer | name | modules |\n|---|---|---|\n"
            "| 1 | foundations | `a/b.py`, `a/c/` |\n| 2 | games | `a/d/` |\n\n## Next\n| 3 | no | `z` |\n")
    assert read_layers(text) == [("foundations", ("a/b.py", "a/c/")), ("games", ("a/d/",))]
    with pytest.raises(ValueError, match="out of order"):
        read_layers(text.replace("| 2 | games", "| 3 | games"))
    with pytest.raises(ValueError, match="no table of layers"):
        read_layers("## Layers\n\nnone\n")
    with pytest.raises(ValueError, match="no '## Layers' section"):
        read_layers(text.replace("## Layers", "## Strata"))
    assert layer_of("a/c/x.py", read_layers(text)) == [0] and layer_of("a/e.py", read_layers(text)) == []


def test_the_house_fits_on_one_page_and_names_modules_that_exist():
    """Issue 42: the page stays one page (under 900 words) and its map of where a rule lives names
    real modules, so a module moved or deleted without the page fails here."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert len(text.split()) < 900, f"docs/architecture.md has {len(text.split())} words, more than one page"
    table = text.split("## Where a rule lives", 1)[1].split("\n## ", 1)[0]
    named, missing = [], []
    for row in table.splitlines()[2:]:
        for cell in row.split("|")[2:]:
            package = ""                      # a bare name is a module of the package named before it
            for name in re.findall(r"`([\w/]+)`", cell):
                if "/" in name:
                    package = name.split("/")[0] + "/"
                    path = name.rstrip("/")
                else:
                    path = package + name
                named.append(path)
                if not ((ROOT / "zoobook" / f"{path}.py").exists() or (ROOT / "zoobook" / path).is_dir()):
                    missing.append(path)
    assert len(named) > 30 and missing == [], f"docs/architecture.md names modules that do not exist: {missing}"


def test_the_readme_is_for_users():
    """Issue 42: README under 150 lines; the maintainer's material is in CONTRIBUTING.md."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 150
    assert "make lab" in readme and "make test" in readme and (ROOT / "CONTRIBUTING.md").exists()


#: Issue 42: one topic per module; a module past this many lines holds more than one.
MOST_LINES = 800


def test_no_module_is_over_800_lines():
    sizes = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
             for path in (ROOT / "zoobook").rglob("*.py")}
    assert len(sizes) > 100
    assert {path: lines for path, lines in sizes.items() if lines > MOST_LINES} == {}
