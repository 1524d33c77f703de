"""`make app` serves a classroom notebook as a Voila app; a student checks answers in the browser."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import free_port, isolated_jupyter_env, screenshot, stop_process, wait_for_http

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/classroom/01-hex-grids-as-graphs.ipynb"


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """`make app` on the first classroom notebook, as a teacher would start it."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    home = tmp_path_factory.mktemp("voila")
    port = free_port()
    log = home / "make-app.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "app", f"APP={NOTEBOOK}",
             f"APP_ARGS=--no-browser --port={port} --Voila.ip=127.0.0.1"],
            cwd=REPO, env=isolated_jupyter_env(home / "home"), stdout=sink, stderr=subprocess.STDOUT,
            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        # The first run installs the teacher's venv (.venv-teach, with Voila): allow for it.
        wait_for_http(url, process=process, log=log, timeout=400)
        yield url
    finally:
        stop_process(process)


def test_the_voila_app_checks_a_function_and_the_challenge_answer(browser, app_url):
    from zoobook.classroom.exercises import hexes

    right = hexes.CHALLENGE._solve()  # the library's answer, computed now
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        page.goto(app_url)
        buttons = page.get_by_role("button", name="Check my answer")
        expect(buttons.last).to_be_visible()  # the last cell ran: the notebook rendered without error
        assert "Traceback" not in page.content()
        assert page.locator("img[src^='data:image/png']").count() >= 2  # the map pictures, drawn

        # A function exercise: the teacher's edition holds the solution, so every case passes.
        buttons.first.click()
        expect(page.locator(".widget-html-content", has_text="hex_neighbours: all")).to_be_visible()

        # The challenge box: a wrong answer is told "too low" without the answer; the right one passes.
        answer = page.get_by_placeholder("your answer")
        answer.fill(str(right - 1))
        buttons.last.click()
        verdict = page.locator(".widget-html-content", has_text="challenge: the farthest hex")
        expect(verdict.last).to_contain_text("too low")
        assert f"expected {right}" not in verdict.last.inner_text()
        answer.fill(str(right))
        buttons.last.click()
        expect(verdict.last).to_contain_text("correct!")
        screenshot(page, "classroom-app")
    finally:
        context.close()
