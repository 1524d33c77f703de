"""A pytest plugin loaded before every other (pyproject's ``addopts``: ``-p tests.startup``).

nbval's plugin, loaded by every pytest process (and each xdist worker), imports nbformat, which
imports jsonschema, which imports the optional ``rfc3987_syntax`` if it is installed (Jupyter's
``jupyter_events`` installs it). That package compiles 38 Lark grammars when imported: about
3.5 CPU-seconds, in every pytest process, for jsonschema's ``iri`` format checks, which nothing
here asks for (notebook validation uses no format checker). Marked absent, jsonschema skips
those checks (its import of it is optional), and the import costs 0.3 s. This runs before the
installed plugins because ``-p`` plugins are imported first.
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
