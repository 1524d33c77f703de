"""Issue 43: a newcomer's route through a game, walked in a real JupyterLab.

From ``00-start-here`` the reader follows the route's link to the game's Learn notebook, completes
two drills by their goals (clicking the moves the goal needs, by the words on the buttons), answers
three quiz questions (whatever kind each is: legal or not, which rule, how many points), then opens
the game's play notebook, starts a game and makes its first move.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from tests.browser.labtools import open_notebook, output_text, outputs, run_cells, screenshot
from zoobook.learn import drills

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Route:
    game: str
    learn: str                  # the Learn notebook the route's link opens
    learn_cells: tuple          # needles of the cells that build its widgets (imports, progress bar)
    drill_ids: tuple            # the two drills completed
    quiz: str                   # the needle of the quiz cell answered
    play: str                   # the play notebook
    play_cells: tuple           # needles of the cells that start a game
    opening: str                # text the game shows once started
    first_move: str             # the button of a first move


ROUTES = [
    Route("fivebyfive", "20-learn-5x5.ipynb", ("from zoobook.fiveby", "progress = LearnProgress("),
          ("drill-setup-start-tiles", "drill-turn-door"), 'quiz("turn")',
          "22-5x5-game.ipynb", ("play_here = SoloGame(",), "setup phase", "C1"),
    Route("zooloretto", "30-learn-zooloretto.ipynb", ("from dataclasses import replace", "progress = LearnProgress("),
          ("drill-turn-full-trucks", "drill-turn-load"), "learn.TURN_QUIZ",
          "32-zooloretto-game.ipynb", ("from zoobook.zooloretto.game import (", "table = GameTable("),
          "Zooloretto, 3 players", "Do it"),
    Route("steam", "10-learn-steam.ipynb", ("progress = LearnProgress(",),
          ("drill-turn-order", "drill-danger-route"), 'quiz_for("turn")',
          "13-steam-zoo-game.ipynb", ("from zoobook.errors import IllegalAction", "game = load_puzzle(DATA",
                                      "player = GamePlayer(game)"),
          "Turn 1 of", "Do it"),
]


def follow_the_route_link(page, lab_url, route: Route) -> None:
    """Open 00-start-here and click its link to the game's Learn notebook (JupyterLab opens it)."""
    open_notebook(page, lab_url, "00-start-here.ipynb")
    link = page.locator(f".jp-RenderedMarkdown a[href*='{route.learn}']").first
    expect(link).to_be_visible()
    link.click()
    expect(page.locator(f".jp-DocumentWidget[data-path$='{route.learn}'], "
                        f".lm-TabBar-tab:has-text('{route.learn}')").first).to_be_visible(timeout=60_000)


def complete_drill(page, drill) -> None:
    box = page.locator(".zoobook-drill", has_text=drill.title)
    expect(box).to_have_count(1)
    answer = box.locator(".zoobook-drill-answer")
    for action in drill.solution:
        label = drill.describe(action)
        box.get_by_role("button", name=label, exact=True).click()
        # the answer names the move just made: the kernel has taken it before the next click
        expect(answer).to_contain_text(f"{label}: legal")
    expect(answer).to_contain_text("Goal reached")


def answer_three_questions(page) -> None:
    quiz = page.locator(".zoobook-quiz").first
    answered = quiz.locator(".zoobook-quiz-answer")
    for number in range(1, 4):
        expect(quiz).to_contain_text(f"Question {number}")
        # a question's answer buttons: "how many points?" choices, or Legal / Not legal (enabled)
        choices = quiz.locator(".zoobook-quiz-points, .zoobook-quiz-verdict:not([disabled])").first
        expect(choices).to_be_visible()
        if "zoobook-quiz-points" in (choices.get_attribute("class") or ""):
            choices.click()
        else:
            quiz.get_by_role("button", name="Not legal", exact=True).click()
            expect(answered).to_be_visible()
            reasons = quiz.locator(".zoobook-quiz-reason")
            if "Which rule" in answered.inner_text():     # a right "Not legal": which rule does it break?
                expect(reasons.first).to_be_visible()
                reasons.first.click()
        expect(answered).to_be_visible()
        quiz.get_by_role("button", name="Next").click()


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.game)
def test_a_newcomer_walks_the_route_from_start_here_to_a_game(page, lab_url, route):
    follow_the_route_link(page, lab_url, route)
    game_drills = {drill.id: drill for drill in drills(route.game)}
    run_cells(page, lab_url, route.learn, *route.learn_cells, *(f'"{d}"' for d in route.drill_ids), route.quiz)
    for drill_id in route.drill_ids:
        complete_drill(page, game_drills[drill_id])
    expect(page.locator(".zoobook-learn-progress").first).to_contain_text("2 of ")
    answer_three_questions(page)
    screenshot(page, f"route-{route.game}-learn")
    run_cells(page, lab_url, route.play, *route.play_cells)
    expect(outputs(page).filter(has_text=route.opening).first).to_be_visible()
    before = output_text(page)
    page.get_by_role("button", name=route.first_move, exact=True).first.click()
    page.wait_for_function("""(before) => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
        .map(n => n.innerText).join('\\n') !== before""", arg=before, timeout=60_000)
    screenshot(page, f"route-{route.game}-game")
