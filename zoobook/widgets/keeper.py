"""Keep a game widget's game: saved after each action, Undo, Resume and Load.

Every game widget (5x5 Zoo, Zooloretto, the Age of Steam maps) holds one :class:`GameKeeper`:
the row of buttons under the table and the game's record (:mod:`zoobook.records`). The widget
applies every action, yours and the bots', through :meth:`GameKeeper.apply`, which records it,
and the keeper writes the record after each action into the games folder (``games/`` in the
kernel's working folder, that is beside the notebook; the widget's ``games_dir`` parameter or
the environment variable ``ZOOBOOK_GAMES_DIR`` names another), atomically and in the background
(:class:`~zoobook.records.Recorder`: the file on the disk is always a whole record). A table you
have not played on yet leaves no file.

* **Undo** goes back to your previous decision: the record without your last action and the
  bots' replies to it, replayed through the engine (so the bots' moves before it are the very
  ones of the seed's game, and the bots, which choose from the position and their seed, answer
  the same move the same way again).
* **Resume** lists the saved games of this widget's game in the folder, newest first (the game
  and its options, the moves played, when it was saved); resuming one rebuilds the table from
  its record and goes on saving into the same file.
* **Load** reads a record from any path; the game then goes on in a new file of the folder (the
  file loaded stays as it was).

A record that cannot be read shows its one line (``FILE: line N: reason``) and changes nothing.
No rule lives here: a position is only ever rebuilt by replaying a record through the engine.

Examples
--------
>>> import tempfile
>>> from zoobook.records import Player
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> folder = tempfile.mkdtemp()
>>> shown = []
>>> keeper = GameKeeper(ZoolorettoState.new(players=2, seed=4), [Player.human(), Player.human()],
...                     on_restore=lambda state, players: shown.append(len(state.history)), games_dir=folder)
>>> for _ in range(3):
...     keeper.apply(keeper.state.legal_actions()[0])
>>> keeper.flush(); keeper.path.name.startswith("zooloretto-"), len(saved_games(folder))
(True, 1)
>>> keeper.undo_button.click()      # two human seats: back before the last action
>>> shown, len(keeper.state.history)
([2], 2)
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from zoobook.records import (FORMAT, GameRecord, Player, Recorder, RecordError, codec_for, codec_for_state,
                             load_record_text, parse_record)

__all__ = ["GameKeeper", "SavedGame", "saved_games", "default_games_dir", "game_file_name", "bots_for",
           "GAMES_DIR_VARIABLE"]

#: Write in a background thread (a save returns at once), except in a browser's Python (JupyterLite's
#: Pyodide), which has no threads: there a save writes before it returns.
BACKGROUND = sys.platform != "emscripten"

#: The environment variable that moves the default games folder (the test runs point it at a
#: temporary folder, so that no run leaves games in the repository).
GAMES_DIR_VARIABLE = "ZOOBOOK_GAMES_DIR"


def default_games_dir() -> Path:
    """``$ZOOBOOK_GAMES_DIR`` if set, else ``games`` in the working folder (beside the notebook)."""
    return Path(os.environ.get(GAMES_DIR_VARIABLE) or "games")


def game_file_name(state: Any, when: float | None = None) -> str:
    r"""A readable file name for the game of *state*: the game, its set-up, the date and time it was
    first saved, and the seed.

    >>> from zoobook.fivebyfive.game import GameState
    >>> import re
    >>> bool(re.fullmatch(r"5x5-20\d\d-\d\d-\d\d-\d{6}-seed-11[.]jsonl", game_file_name(GameState.new(seed=11))))
    True
    """
    codec = codec_for_state(state)
    options, seed = codec.options(state), codec.seed(state)
    setup = options.get("setup") or options.get("map")
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(time.time() if when is None else when))
    parts = [codec.game] + ([str(setup)] if setup else []) + [stamp] + ([f"seed-{seed}"] if seed is not None else [])
    return "-".join(parts) + ".jsonl"


@dataclass(frozen=True)
class SavedGame:
    """One record in a games folder: its path, game, description, moves and when it was saved."""

    path: Path
    game: str
    title: str
    moves: int
    saved: float

    def label(self) -> str:
        """``"5x5 Zoo solo, seed 11 - 12 moves - saved 2026-12-05 02:41"``: what the Resume list shows."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))
        return f"{self.title} - {self.moves} move{'s' if self.moves != 1 else ''} - saved {when}"


def _header(path: Path) -> dict | None:
    """The header of the record at *path* (its first line only), or None if it is not one."""
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.loads(handle.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def saved_games(folder: str | Path, game: str | None = None) -> list[SavedGame]:
    """The game records in *folder* (of *game* only, if given), the last saved first.

    Only the first line of each file is read: a file that is not a game record is left out, and a
    record damaged further down is listed (resuming it shows what is wrong).
    """
    found = []
    try:
        paths = [p for p in Path(folder).iterdir() if p.suffix == ".jsonl" and not p.name.startswith(".")]
    except OSError:
        return []
    for path in paths:
        header = _header(path)
        if header is None or (game is not None and header.get("game") != game):
            continue
        try:
            title = codec_for(str(header.get("game"))).describe(dict(header.get("options") or {}),
                                                                header.get("seed"))
            saved = path.stat().st_mtime
        except (KeyError, TypeError, ValueError, AttributeError, OSError):
            continue
        moves = header.get("actions") if type(header.get("actions")) is int else 0
        found.append(SavedGame(path, str(header["game"]), title, moves, saved))
    return sorted(found, key=lambda g: (g.saved, g.path.name), reverse=True)


def bots_for(players: Sequence[Player], bots: dict[str, Callable[[int], Any]], *, default: str,
             default_seed: Callable[[int], int], you: int | None) -> dict[int, Any]:
    """The bot of each seat but *you*'s, built from the record's *players*: a seat the record names
    a bot of *bots* for gets that bot with its seed; any other seat (a human, a bot this widget
    does not know, not recorded) gets the *default* bot with ``default_seed(seat)``.

    >>> from zoobook.zooloretto.bots import BOTS
    >>> made = bots_for([Player.human(), Player.bot("random", seed=5), Player()], BOTS, default="greedy",
    ...                 default_seed=lambda seat: 10 + seat, you=0)
    >>> {seat: (bot.name, getattr(bot, "seed", None)) for seat, bot in made.items()}
    {1: ('random', None), 2: ('greedy', 12)}
    """
    made = {}
    for seat, player in enumerate(players):
        if seat == you:
            continue
        params = dict(player.params)
        if player.kind == "bot" and player.name in bots and type(params.get("seed", 0)) is int:
            made[seat] = bots[player.name](params.get("seed", 0))
        else:
            made[seat] = bots[default](default_seed(seat))
    return made


def _esc(text: Any) -> str:
    return html.escape(str(text))


class GameKeeper(widgets.VBox):
    """The record of a widget's game, and its Undo, Resume and Load buttons (see the module text).

    Parameters
    ----------
    state : game state
        The game at its start (or as resumed); every action from now on goes through :meth:`apply`.
    players : sequence of Player
        Who sits in each seat; the human seats are the ones Undo goes back to (with none, Undo
        takes back the last action).
    on_restore : callable
        ``on_restore(state, players)``: the widget shows *state*, a game rebuilt from a record
        (Undo, Resume, Load), with the bots of *players*, and lets the bots move if it is theirs.
    games_dir : str or Path, optional
        The folder of saved games (default :func:`default_games_dir`).
    actions : sequence of (seat, action), optional
        The actions *state* holds already, each with its seat (a resumed game's).
    path : Path, optional
        The file to keep saving into (a resumed game's); default a new one named by
        :func:`game_file_name` at the first save.
    """

    def __init__(self, state: Any, players: Sequence[Player], *, on_restore: Callable[[Any, tuple], None],
                 games_dir: str | Path | None = None, actions: Sequence[tuple[int, Any]] = (),
                 path: Path | None = None) -> None:
        self.folder = Path(games_dir) if games_dir is not None else default_games_dir()
        self.on_restore = on_restore
        self.game = codec_for_state(state).game
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="back to your previous decision")
        self.resume_menu = widgets.Dropdown(description="Saved games", options=[],
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width="34em"))
        self.resume_button = widgets.Button(description="Resume", icon="folder-open")
        self.load_path = widgets.Text(description="Load", placeholder="path of a .jsonl game record",
                                      layout=widgets.Layout(width="26em"))
        self.load_button = widgets.Button(description="Load record")
        self.message = widgets.HTML()
        self.undo_button.on_click(lambda _: self.undo())
        self.resume_button.on_click(lambda _: self.resume_selected())
        self.load_button.on_click(lambda _: self.load(self.load_path.value))
        super().__init__([widgets.HBox([self.undo_button, self.resume_menu, self.resume_button]),
                          widgets.HBox([self.load_path, self.load_button]), self.message],
                         layout=widgets.Layout(border="1px solid #ddd", padding="4px", margin="4px 0"))
        self.add_class("zoobook-keeper")
        self.players = tuple(players)
        if codec_for_state(state).history(state) and not actions:
            self.adopt(state)           # a game begun in code: played unsaved
        else:
            self._start(state, players, actions, path)
        self.refresh_list()

    # -- the record --------------------------------------------------------------------------------
    def _start(self, state: Any, players: Sequence[Player], actions: Sequence[tuple[int, Any]],
               path: Path | None) -> None:
        self.players = tuple(players)
        self.actions: list[tuple[int, Any]] = list(actions)
        self.path = path
        self._state = state
        self._recorder: Recorder | None = Recorder(state, self.players, background=BACKGROUND)
        self.undo_button.disabled = self._undo_point() is None

    @property
    def state(self) -> Any:
        """The game as it stands."""
        return self._state

    def adopt(self, state: Any) -> None:
        """Show *state* from now on, a position set up in code (a test's, a lesson's): it is played
        unsaved, and Undo is off, since nothing says it was reached from its seed by the actions it
        holds (a record of it could replay to another position)."""
        self.flush()
        self._state, self._recorder, self.actions, self.path = state, None, [], None
        self.undo_button.disabled = True
        self._say("This position was set up in code: it is played without a record, so it is not saved.")

    @property
    def human_seats(self) -> set[int]:
        return {seat for seat, player in enumerate(self.players) if player.kind == "human"}

    def record(self) -> GameRecord:
        """The game so far as a :class:`~zoobook.records.GameRecord`."""
        codec = codec_for_state(self.state)
        return GameRecord(codec.game, codec.seed(self.state), codec.options(self.state), self.players,
                          tuple(self.actions))

    def text(self) -> str:
        """The record so far, as the file holds it."""
        return self._recorder.text() if self._recorder is not None else ""

    def apply(self, action: Any, *, save: bool = True) -> None:
        """Apply *action* (``IllegalAction``, nothing recorded, when the engine refuses it), record
        it, and save the game (``save=False``: the caller saves once after a burst of actions, your
        decision and the bots' replies, since a save handed over while the last one is still being
        written waits for it)."""
        seat = self.state.current_player
        if self._recorder is None:
            self.state.apply(action)
            return
        self._recorder.apply(action)
        self.actions.append((seat, self.state.history[-1]))
        self.undo_button.disabled = self._undo_point() is None
        if save:
            self.save()

    def save(self) -> None:
        """Write the record (in the background) once the game holds a decision of yours."""
        humans = self.human_seats
        yours = not humans or any(seat in humans for seat, _ in self.actions)
        if self._recorder is None or not self.actions or not yours:
            return
        try:
            if self.path is None:
                self.path = self._new_path()
            self._recorder.save(self.path)
        except OSError as exc:
            self.message.value = (f"<div class='zoobook-refusal'>The game cannot be saved in "
                                  f"{_esc(self.folder)}: {_esc(exc.strerror or exc)}</div>")

    def flush(self) -> None:
        """Wait until the last save is on the disk."""
        try:
            if getattr(self, "_recorder", None) is not None:     # adopt() may come first, from __init__
                self._recorder.flush()
        except OSError as exc:
            self.message.value = f"<div class='zoobook-refusal'>The last save failed: {_esc(exc)}</div>"

    def _new_path(self) -> Path:
        """A new file in the folder, reserved at once (two tables started in the same second, or two
        processes, never share one)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        name = game_file_name(self.state)
        for number in range(1, 1000):
            path = self.folder / (name if number == 1 else name.replace(".jsonl", f"-{number}.jsonl"))
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                continue
            return path
        raise FileExistsError(f"no free file name for {name} in {self.folder}")

    # -- undo, resume, load -------------------------------------------------------------------------
    def _undo_point(self) -> int | None:
        """How many actions stay after Undo: up to your last decision (without human seats, the
        last action); None when there is nothing to take back."""
        humans = self.human_seats
        for index in range(len(self.actions) - 1, -1, -1):
            if not humans or self.actions[index][0] in humans:
                return index
        return None

    def undo(self) -> None:
        """Back to your previous decision: the record cut before it, replayed through the engine."""
        keep = self._undo_point()
        if keep is None:
            self._say("Nothing to undo: you have not played yet.")
            return
        self.flush()
        record = dataclasses.replace(self.record(), actions=tuple(self.actions[:keep]))
        self._rebuild(record.text(), str(self.path or "the game"), self.path)
        taken = len(self.actions) - keep
        self._say(f"Undone: back to your decision before move {keep + 1} "
                  f"({taken} action{'s' if taken != 1 else ''} taken back).")

    def refresh_list(self) -> None:
        """Read the folder's saved games of this game again, for the Resume list."""
        games = saved_games(self.folder, self.game)
        self.resume_menu.options = [(g.label(), str(g.path)) for g in games]
        if games:                       # ipywidgets 8 leaves a new list unselected: the newest
            self.resume_menu.index = 0
        self.resume_button.disabled = not games

    def resume_selected(self) -> None:
        if self.resume_menu.value is None:
            self._say("No saved game of this kind in " + str(self.folder) + ".")
            return
        self.resume(self.resume_menu.value)

    def resume(self, path: str | Path) -> bool:
        """Rebuild the table from the record at *path* and keep saving into it; False (and the
        record's error shown, nothing changed) if it cannot be read."""
        path = Path(path)
        if self.path is not None and path.resolve() == Path(self.path).resolve():
            self.flush()
        if not self._read_and_rebuild(path, keep_path=path):
            return False
        self._say(f"Resumed {path.name}: {len(self.actions)} moves.")
        return True

    def load(self, path: str | Path) -> bool:
        """Rebuild the table from the record at *path* (any folder); the game goes on in a new file
        of the games folder. False (and the record's error shown, nothing changed) if it cannot be
        read."""
        if not str(path).strip():
            self._say("Write the path of a game record to load.")
            return False
        path = Path(str(path).strip()).expanduser()
        if not self._read_and_rebuild(path, keep_path=None):
            return False
        self._say(f"Loaded {path.name}: {len(self.actions)} moves; the game goes on in a new file.")
        return True

    def _read_and_rebuild(self, path: Path, keep_path: Path | None) -> bool:
        try:
            return self._rebuild(load_record_text(path), str(path), keep_path)
        except RecordError as exc:
            self._say(str(exc), refusal=True)
            return False

    def _rebuild(self, text: str, file: str, path: Path | None) -> bool:
        """Replay *text* and show its position; a bad record (:class:`RecordError`) or another
        game's changes nothing."""
        try:
            record, state = parse_record(text, file=file)
        except RecordError as exc:
            self._say(str(exc), refusal=True)
            return False
        if record.game != self.game:
            self._say(f"{file}: a {record.game} record; this table plays {self.game}", refusal=True)
            return False
        self.flush()
        self._start(state, record.players, record.actions, path)
        self.on_restore(state, self.players)
        self.save()
        self.refresh_list()
        return True

    def take_seat(self, seat: int | None) -> None:
        """Mark *seat* as yours (a record whose seats were all bots, loaded to play one of them)."""
        if seat is not None and seat not in self.human_seats:
            self.players = tuple(Player.human() if s == seat else p for s, p in enumerate(self.players))
            if self._recorder is not None:
                self._recorder = Recorder(self.state, self.players, background=BACKGROUND)

    def _say(self, text: str, *, refusal: bool = False) -> None:
        kind = "zoobook-refusal" if refusal else "zoobook-message"
        self.message.value = f"<div class='{kind}'>{_esc(text)}</div>"
