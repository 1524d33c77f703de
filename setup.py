"""What pyproject.toml cannot say: the workbook's puzzles/ and notebooks/ ship inside the package.

They live at the top of the repository, where people edit them; a wheel carries them as
``zoobook/workbook/puzzles`` and ``zoobook/workbook/notebooks``, which
``zoobook.puzzles.loading.workbook_dir`` reads with importlib.resources when there is no
checkout. Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

WORKBOOK = {"zoobook.workbook.puzzles": "puzzles", "zoobook.workbook.notebooks": "notebooks"}

setup(
    packages=find_packages(include=["zoobook", "zoobook.*"]) + list(WORKBOOK),
    package_dir=WORKBOOK,
    package_data={
        "zoobook": ["data/*.toml", "*/rules.toml"],   # the rules indexes (zoobook.learn.index)
        "zoobook.workbook.puzzles": ["**/*.toml"],
        "zoobook.workbook.notebooks": ["**/*.ipynb"],
    },
    exclude_package_data={"zoobook.workbook.notebooks": [".ipynb_checkpoints/*", "**/.ipynb_checkpoints/*"]},
)
