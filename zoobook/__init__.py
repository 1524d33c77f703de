"""zoobook: board-game rules and the graph algorithms hiding in them.

The library is organised one way round: a puzzle file is read into a rules
model, the model becomes a networkx graph, a solver finds the optimum with a
witness and an explanation, and widgets only draw the result.

>>> import zoobook
>>> zoobook.__version__
'0.2.0'
"""

from __future__ import annotations

__version__ = "0.2.0"
__all__ = ["__version__", "REPOSITORY", "ensure_installed", "install_requirements", "INSTALL_CELL"]

#: The project's public repository: its intended address, the one place that names it. setup.py
#: makes the package's URLs from it; the install cell, the Binder badges and the README's pip line
#: repeat it (tests/foundation/test_packaging.py checks that they do).
REPOSITORY = "https://github.com/zoobook-workbook/zoobook"

#: The first code cell of a notebook that may be opened where zoobook is not installed yet
#: (Colab, JupyterLite). It does nothing in a checkout, on Binder or after ``pip install``.
#: On JupyterLite it installs the site's own wheel (the site's ``pypi/`` folder), then each of
#: zoobook's requirements (:func:`install_requirements`): what Pyodide's distribution cannot
#: deliver (no network) is named by :func:`ensure_installed` instead of stopping the cell.
INSTALL_CELL = f'''\
# On Colab or JupyterLite, install the workbook first (elsewhere this does nothing).
import importlib.util
import sys
if importlib.util.find_spec("zoobook") is None:
    if sys.platform == "emscripten":  # JupyterLite: the site's wheel, then what it needs
        import piplite
        await piplite.install("zoobook", deps=False)
        import zoobook
        await zoobook.install_requirements()
    else:  # Colab and any other Python: from the repository
        %pip install --quiet "zoobook @ git+{REPOSITORY}"
import zoobook
zoobook.ensure_installed()'''


def _requirements() -> list[tuple[str, str]]:
    """(name, requirement) of what the installed zoobook needs at run time (no extras).

    >>> ("networkx", "networkx>=3.2") in _requirements()
    True
    """
    import re
    from importlib import metadata

    try:
        declared = metadata.requires("zoobook") or []
    except metadata.PackageNotFoundError:  # a bare checkout on sys.path: pyproject.toml says
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        declared = tomllib.loads(pyproject.read_text())["project"]["dependencies"] if pyproject.is_file() else []
    wanted = [r for r in declared if "extra ==" not in r.replace("extra==", "extra ==")]
    return [(re.match(r"[A-Za-z0-9._-]+", r).group(0), r.replace(" ", "")) for r in wanted]


def _missing_requirements() -> list[str]:
    """The names of zoobook's requirements that are not installed here (none, normally).

    On JupyterLite a requirement counts only when its modules import: Pyodide records a package
    whose own dependencies failed to load (no network) as installed.
    """
    import re
    import sys
    from importlib import import_module, metadata

    canonical = lambda name: re.sub(r"[-_.]+", "-", name).lower()  # noqa: E731
    modules: dict[str, list[str]] = {}
    if sys.platform == "emscripten":
        for module, distributions in metadata.packages_distributions().items():
            for distribution in distributions:
                modules.setdefault(canonical(distribution), []).append(module)
    missing = []
    for name, _ in _requirements():
        try:
            metadata.distribution(name)
            for module in modules.get(canonical(name), []):
                if not module.startswith("_"):
                    import_module(module)
        except (metadata.PackageNotFoundError, ImportError):
            missing.append(name)
    return missing


async def install_requirements() -> list[str]:
    """On JupyterLite: install zoobook's requirements one by one; return those that failed.

    Called by :data:`INSTALL_CELL` after the site's wheel was installed without them. One at a
    time, so that one that cannot come (Pyodide's matplotlib without the network) leaves the
    others installed; :func:`ensure_installed` names what is missing.
    """
    import piplite  # JupyterLite's micropip, which knows the site's own wheels

    failed = []
    for name, requirement in _requirements():
        try:
            await piplite.install(requirement)
        except Exception:  # noqa: BLE001 - reported by name below, the rest still installs
            failed.append(name)
    return failed


def ensure_installed() -> str:
    """Check that the workbook can run here, and say from where; ready it for the front end.

    Run by :data:`INSTALL_CELL` after it has installed the package where it was missing;
    says where zoobook runs from (no path: notebooks store this output).
    Nothing is installed or changed in a checkout or an installed environment; on
    Colab the custom widget manager is switched on (ipywidgets' views need it there).
    Raises :class:`zoobook.errors.PuzzleError` when the workbook's puzzles are missing
    (a broken install), so a notebook stops at its first cell rather than later.

    >>> ensure_installed().startswith("zoobook 0.2.0 from ")
    True
    """
    import sys

    from zoobook.puzzles.loading import _checkout_root, workbook_dir

    puzzles = workbook_dir("puzzles")
    if "google.colab" in sys.modules:  # pragma: no cover - only on Colab
        from google.colab import output

        output.enable_custom_widget_manager()
    root = _checkout_root()
    where = "a checkout" if root is not None and puzzles.is_relative_to(root) else "the installed package"
    count = sum(1 for _ in puzzles.rglob("*.toml"))
    said = f"zoobook {__version__} from {where}: {count} puzzles"
    missing = _missing_requirements()
    if missing:
        fetch = ("JupyterLite fetches them from Pyodide's distribution, over the network"
                 if sys.platform == "emscripten" else "pip install zoobook installs them")
        said += f"; not installed: {', '.join(missing)} ({fetch})"
    return said
