"""What pyproject.toml cannot say: the workbook's puzzles/ and notebooks/ (with its data/) ship in the package.

They live at the top of the repository, where people edit them; a wheel carries them as
``zoobook/workbook/puzzles`` and ``zoobook/workbook/notebooks``, which
``zoobook.puzzles.loading.workbook_dir`` reads with importlib.resources when there is no
checkout. The project's URLs come from ``zoobook.REPOSITORY`` (one place names the repository).
Everything else is in pyproject.toml.
"""

import re
from pathlib import Path

from setuptools import find_packages, setup

# Read, not imported: the build runs before zoobook is installed.
REPOSITORY = re.search(r'^REPOSITORY = "([^"]+)"', Path(__file__).with_name("zoobook").joinpath("__init__.py")
                       .read_text(encoding="utf-8"), re.M).group(1)

WORKBOOK = {"zoobook.workbook.puzzles": "puzzles", "zoobook.workbook.notebooks": "notebooks"}

setup(
    project_urls={
        "Homepage": REPOSITORY,
        "Repository": REPOSITORY,
        "Documentation": f"{REPOSITORY}/tree/main/docs",
        "Teacher's guide": f"{REPOSITORY}/blob/main/docs/teachers-guide.md",
    },
    packages=find_packages(include=["zoobook", "zoobook.*"]) + list(WORKBOOK),
    package_dir=WORKBOOK,
    package_data={
        "zoobook": ["data/*.toml", "*/rules.toml"],   # the rules indexes (zoobook.learn.index)
        "zoobook.workbook.puzzles": ["**/*.toml"],
        # the notebooks and the data they read (benchmark results, a map): notebooks/data/
        "zoobook.workbook.notebooks": ["**/*.ipynb", "data/*"],
    },
    exclude_package_data={"zoobook.workbook.notebooks": [".ipynb_checkpoints/*", "**/.ipynb_checkpoints/*"]},
)
