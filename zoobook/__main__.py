"""Run the ``zoobook`` command as ``python -m zoobook``."""

from zoobook.cli import main

raise SystemExit(main())
