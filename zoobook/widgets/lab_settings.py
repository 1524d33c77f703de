"""The JupyterLab settings the workbook's widgets need, written where JupyterLab reads them.

JupyterLab 4.6 sends widget messages to kernel *subshells* by default
(``commsOverSubshells``: ``"perCommTarget"``). With ipykernel 7 a widget's messages
can then be handled on two threads at once: a comm's first messages go to the main
shell while its subshell is still starting, later ones to the subshell. Two handlers
of one widget interleave (a click handled while the typed entry it reads is still
being applied), which breaks the one-message-after-another order every widget here
is written for. The workbook turns comms over subshells off: each widget message is
handled after the one before it, as in JupyterLab up to 4.4. It also turns off
JupyterLab's news and update checks, whose first toast covered the widgets.

Every venv of the Makefile (``make lab``, ``make teach``, ``make test``) and Binder's ``postBuild`` run
``python -m zoobook.widgets.lab_settings``, which merges :data:`LAB_OVERRIDES` into
the environment's ``share/jupyter/lab/settings/overrides.json`` (JupyterLab's
administrator defaults: a user's own setting still wins).

Examples
--------
>>> import json, tempfile
>>> from pathlib import Path
>>> prefix = Path(tempfile.mkdtemp())
>>> path = write_overrides(prefix)
>>> path.relative_to(prefix).as_posix()
'share/jupyter/lab/settings/overrides.json'
>>> json.loads(path.read_text())["@jupyterlab/apputils-extension:kernels-settings"]
{'commsOverSubshells': 'disabled'}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

__all__ = ["LAB_OVERRIDES", "overrides_path", "write_overrides"]

#: Plugin id -> settings the workbook sets (merged into what the file already holds): widget messages
#: one after another, and no news or update toast (JupyterLab's "Would you like to receive official
#: Jupyter news?" covered the first widgets a learner meets).
LAB_OVERRIDES = {"@jupyterlab/apputils-extension:kernels-settings": {"commsOverSubshells": "disabled"},
                 "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def overrides_path(prefix: str | Path = sys.prefix) -> Path:
    """JupyterLab's overrides file for the environment at *prefix*."""
    return Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def write_overrides(prefix: str | Path = sys.prefix) -> Path:
    """Merge :data:`LAB_OVERRIDES` into *prefix*'s overrides file, keeping every other setting.

    Raises
    ------
    ValueError
        If the file exists and does not hold a JSON object (it is left as it was).
    """
    path = overrides_path(prefix)
    current = {}
    if path.exists():
        try:
            current = json.loads(path.read_text(encoding="utf-8") or "{}")
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not JSON ({exc.msg}, line {exc.lineno}); left as it was") from None
        if not isinstance(current, dict):
            raise ValueError(f"{path}: holds a JSON {type(current).__name__}, not an object; left as it was")
    for plugin, settings in LAB_OVERRIDES.items():
        current[plugin] = {**current.get(plugin, {}), **settings}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":     # pragma: no cover - the Makefile's and postBuild's call
    try:
        print(f"JupyterLab settings for the workbook's widgets: {write_overrides()}")
    except ValueError as exc:
        sys.exit(f"zoobook: {exc}")
