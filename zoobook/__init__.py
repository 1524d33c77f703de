"""zoobook: board-game rules and the graph algorithms hiding in them.

The library is organised one way round: a puzzle file is read into a rules
model, the model becomes a networkx graph, a solver finds the optimum with a
witness and an explanation, and widgets only draw the result.

>>> import zoobook
>>> zoobook.__version__
'0.1.0'
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__", "ensure_installed", "INSTALL_CELL"]

#: The first code cell of a notebook that may be opened where zoobook is not installed yet
#: (Colab, JupyterLite). It does nothing in a checkout, on Binder or after ``pip install``.
INSTALL_CELL = '''\
# On Colab or JupyterLite, install the workbook first (elsewhere this does nothing).
import importlib.util
import sys
if importlib.util.find_spec("zoobook") is None:
    if sys.platform == "emscripten":  # JupyterLite: the site carries the wheel
        %pip install zoobook
    else:  # Colab and any other Python: from the repository
        %pip install --quiet "zoobook @ git+https://github.com/zoobook-workbook/zoobook"
import zoobook
zoobook.ensure_installed()'''


def ensure_installed() -> str:
    """Check that the workbook can run here, and say from where; ready it for the front end.

    Run by :data:`INSTALL_CELL` after it has installed the package where it was missing;
    says where zoobook runs from (no path: notebooks store this output).
    Nothing is installed or changed in a checkout or an installed environment; on
    Colab the custom widget manager is switched on (ipywidgets' views need it there).
    Raises :class:`zoobook.errors.PuzzleError` when the workbook's puzzles are missing
    (a broken install), so a notebook stops at its first cell rather than later.

    >>> ensure_installed().startswith("zoobook 0.1.0 from ")
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
    return f"zoobook {__version__} from {where}: {count} puzzles"
