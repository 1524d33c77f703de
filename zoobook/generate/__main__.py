"""``python -m zoobook.generate grades|calibrate KIND ... [--workers N | --scheduler ADDRESS]``:
grade distributions and calibrations on Dask (see :mod:`zoobook.generate.survey`)."""

import sys

from zoobook.generate.survey import main

sys.exit(main())
