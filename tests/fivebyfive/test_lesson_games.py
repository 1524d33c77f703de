"""The bot games notebook 23 teaches from (``notebooks/data/5x5-search-games.json``) still fit the engine.

The file is a record of a benchmark run; a rule change that would make its recorded game illegal, or score it
differently, must show here before the lesson teaches from stale games.
"""

import json

from zoobook.fivebyfive.game import GameState, action_text
from zoobook.puzzles.loading import workbook_dir

GAMES = json.loads((workbook_dir("notebooks") / "data" / "5x5-search-games.json").read_text())


def test_the_recorded_game_replays_legally_to_its_recorded_score_and_scoring():
    game = next(g for g in GAMES["solo"]["games"] if "decisions" in g)
    state = GameState.new(players=1, seed=game["seed"])
    for decision in game["decisions"]:
        matches = [a for a in state.legal_actions() if action_text(a) == decision["action"]]
        assert len(matches) == 1, decision
        state.apply(matches[0])
    assert state.is_terminal() and state.returns()[0] == game["search"]
    player = state.players[0]
    assert [[r.lineup, r.award, r.requests, r.visitors] for r in player.rounds] == game["breakdown"]["search"]["rounds"]
    assert dict(player.final) == game["breakdown"]["search"]["final"]


def test_every_games_scoring_adds_up_to_its_score():
    for game in GAMES["solo"]["games"]:
        for bot in ("search", "lookahead"):
            scoring = game["breakdown"][bot]
            total = sum(sum(r[:3]) for r in scoring["rounds"]) + sum(scoring["final"].values())
            assert total == game[bot], (game["seed"], bot)
