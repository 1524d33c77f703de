"""`make lab` serves the workbook: start it as a user would, fetch /lab, stop it; a learner's venv holds
JupyterLab and the workbook, none of the teacher's or the maintainer's tools."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.browser.labtools import free_port, isolated_jupyter_env, stop_process, wait_for_http

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
KERNELS_SETTINGS = "@jupyterlab/apputils-extension:kernels-settings"
NOTIFICATIONS = "@jupyterlab/apputils-extension:notification"


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_serves_jupyterlab_on_the_notebooks(tmp_path):
    port = free_port()
    log = tmp_path / "make-lab.log"
    lab_args = (f"--no-browser --port={port} --ServerApp.port_retries=0 --ServerApp.ip=127.0.0.1 "
                "--IdentityProvider.token= --ServerApp.password=")
    with log.open("wb") as sink:
        process = subprocess.Popen(["make", "--no-print-directory", "lab", f"LAB_ARGS={lab_args}"],
                                   cwd=REPO, env=isolated_jupyter_env(tmp_path / "home"),
                                   stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(f"{url}/api", process=process, log=log, timeout=300)
        with urllib.request.urlopen(f"{url}/lab", timeout=30) as response:
            status, page = response.status, response.read().decode("utf-8")
        with urllib.request.urlopen(f"{url}/api/contents", timeout=30) as response:
            served = {item["name"] for item in json.load(response)["content"]}
        with urllib.request.urlopen(f"{url}/lab/api/settings/{KERNELS_SETTINGS}", timeout=30) as response:
            kernels_settings = json.load(response)
        with urllib.request.urlopen(f"{url}/lab/api/settings/{NOTIFICATIONS}", timeout=30) as response:
            notifications = json.load(response)
        with urllib.request.urlopen(f"{url}/lab/api/settings", timeout=30) as response:
            plugins = {setting["id"] for setting in json.load(response)["settings"]}
    finally:
        stop_process(process)

    assert status == 200
    assert "<title>JupyterLab</title>" in page and '"appName": "JupyterLab"' in page
    # The server's root is notebooks/: the workbook itself, not the repository.
    assert "00-start-here.ipynb" in served and "pyproject.toml" not in served
    assert f"http://127.0.0.1:{port}/lab" in log.read_text(), "make lab should print the URL"
    # Widget messages are handled one after another: no comms over kernel subshells (lab_settings).
    assert kernels_settings["schema"]["properties"]["commsOverSubshells"]["default"] == "disabled"
    # No news toast over the first widgets; nothing of the teacher's or maintainer's tools.
    assert notifications["schema"]["properties"]["fetchNews"]["default"] == "false"
    assert not {plugin for plugin in plugins if "nbgrader" in plugin or "voila" in plugin}, plugins
    learner = REPO / ".venv" / "bin" / "python"
    for tool in ("nbgrader", "voila", "pytest", "playwright"):
        assert subprocess.run([str(learner), "-c", f"import {tool}"], capture_output=True).returncode != 0, tool
