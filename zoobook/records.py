"""Game records: one game of any engine as plain text a person can read and a diff can show.

A record is a JSON Lines file (``docs/game-records.md``): its first line, the *header*, says which
game was played with which options, the seed that fixes every hidden draw, who sat in each seat (a
human or a bot with its parameters), how many actions follow and the format version; every other
line is one action in the game API's own vocabulary -- the seat that took it, the action's class
name and its fields::

    {"format": "zoobook game record", "version": 1, "game": "zooloretto", "seed": 4, ...}
    {"seat": 0, "action": "Draw"}
    {"seat": 0, "action": "Load", "fields": {"truck": 2}}

The format is shared; what is particular to a game -- its state class, its actions, how its
options become plain data and a new state again -- is a :class:`RecordCodec` that the game
declares in one of its ``kinds`` modules as ``RECORDS = {game: hook}`` (the registry's hooks,
imported when first used). Reading a record rebuilds the start from the options and the seed and
replays every action through the engine's ``apply``: an illegal action is refused, so a record
never holds a position the rules cannot reach. Anything wrong -- a line that is not JSON, an
unknown format version, an unknown game or action, an illegal action, too few or too many lines
-- is one :class:`RecordError`, ``FILE: line N: reason``, and nothing is built.

:func:`write_record` writes atomically: a temporary file in the same folder, flushed to disk,
then renamed over the old record, so a crash mid-write leaves the old record whole.

Examples
--------
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> state = ZoolorettoState.new(players=2, seed=4)
>>> for _ in range(3):
...     state.apply(state.legal_actions()[0])
>>> text = state.record(players=[Player.bot("greedy", seed=1), Player.human()])
>>> print(text.splitlines()[1])
{"seat": 0, "action": "Draw"}
>>> again = from_record(text)
>>> repr(again) == repr(state), again.history == state.history
(True, True)
>>> from_record(text.replace('"version": 1', '"version": 9'), file="game.jsonl")
Traceback (most recent call last):
...
zoobook.records.RecordError: game.jsonl: line 1: format version 9 is not known (this zoobook reads version 1)
"""

from __future__ import annotations

import atexit
import dataclasses
import enum
import functools
import json
import os
import tempfile
import threading
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoobook.errors import IllegalAction, PuzzleError

__all__ = ["FORMAT", "VERSION", "Player", "RecordCodec", "RecordError", "GameRecord", "Recorder", "record_text",
           "parse_record", "from_record", "replay_steps", "replay_lines", "load_record_text", "load_record",
           "write_record", "codec_for",
           "codec_for_state", "action_to_plain", "action_from_plain", "MAX_RECORD_BYTES"]

#: The first line's ``format``: what the file is, in words.
FORMAT = "zoobook game record"
#: The one format version this module reads and writes.
VERSION = 1
#: A record larger than this is refused unread (a whole game is a few tens of kilobytes).
MAX_RECORD_BYTES = 8 * 1024 * 1024

_HEADER_KEYS = ("format", "version", "game", "seed", "options", "players", "actions")
_ACTION_KEYS = ("seat", "action", "fields")


class RecordError(PuzzleError):
    """A record that cannot be read: ``FILE: line N: reason`` (a :class:`PuzzleError`, so the
    ``zoobook`` command prints it as one line and exits 2).

    >>> str(RecordError("not JSON", line=3, file="g.jsonl"))
    'g.jsonl: line 3: not JSON'
    """

    def __init__(self, reason: str, *, line: int | None = None, file: str = "") -> None:
        self.line = line
        super().__init__(reason, key=f"line {line}" if line is not None else "", file=file)


# -- players ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Player:
    """Who sat in a seat: a human, a bot by name with its parameters, or not recorded.

    >>> Player.bot("search", seed=3, budget=2.0).as_plain()
    {'kind': 'bot', 'bot': 'search', 'params': {'budget': 2.0, 'seed': 3}}
    >>> Player.from_plain({"kind": "human"}) == Player.human()
    True
    """

    kind: str = "unknown"
    name: str | None = None
    params: tuple[tuple[str, Any], ...] = ()

    KINDS: typing.ClassVar[tuple[str, ...]] = ("human", "bot", "unknown")

    @classmethod
    def human(cls) -> "Player":
        return cls("human")

    @classmethod
    def bot(cls, name: str, **params: Any) -> "Player":
        return cls("bot", name, tuple(sorted(params.items())))

    def as_plain(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.name is not None:
            out["bot"] = self.name
        if self.params:
            out["params"] = dict(self.params)
        return out

    @classmethod
    def from_plain(cls, data: Any) -> "Player":
        """A player from its plain form; ``ValueError`` says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a player is an object such as {{\"kind\": \"human\"}}, not {data!r}")
        unknown = sorted(set(data) - {"kind", "bot", "params"})
        if unknown:
            raise ValueError(f"a player has no key {unknown[0]!r} (keys: kind, bot, params)")
        kind, name, params = data.get("kind"), data.get("bot"), data.get("params", {})
        if kind not in cls.KINDS:
            raise ValueError(f"a player's kind is one of {', '.join(cls.KINDS)}, not {kind!r}")
        if (kind == "bot") != isinstance(name, str):
            raise ValueError("a bot player names its bot (\"bot\": NAME), and only a bot does")
        if not isinstance(params, dict) or any(not _plain_value(v) for v in params.values()):
            raise ValueError(f"a player's params are an object of plain values, not {params!r}")
        return cls(kind, name, tuple(sorted(params.items())))

    def __str__(self) -> str:
        if self.kind != "bot":
            return self.kind
        params = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"{self.name} bot" + (f" ({params})" if params else "")


def _plain_value(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return all(map(_plain_value, value))
    return value is None or isinstance(value, (bool, int, float, str))


# -- a game's codec ---------------------------------------------------------------------------------
class RecordCodec:
    """What one game tells the shared format: its state class, its actions and its options.

    A subclass sets :attr:`game` (the record's ``game``), :attr:`state_class` and :attr:`actions`
    (every action class, whose names must differ), and writes :meth:`options`, :meth:`seed`,
    :meth:`new_state` and :meth:`score_line`. Actions turn into plain data by their dataclass fields
    (:func:`action_to_plain`), so a game with new actions needs nothing more than listing them.
    """

    game: str = ""
    state_class: type = object
    actions: tuple[type, ...] = ()

    def options(self, state: Any) -> dict[str, Any]:
        """The game's options as plain data (JSON): what :meth:`new_state` needs besides the seed."""
        raise NotImplementedError

    def seed(self, state: Any) -> int | None:
        """The seed of every hidden draw (``None`` for a game without any)."""
        raise NotImplementedError

    def new_state(self, options: dict[str, Any], seed: int | None) -> Any:
        """The start of the game of *options* and *seed*; ``ValueError`` (or :class:`PuzzleError`)
        in words when the options are wrong."""
        raise NotImplementedError

    def seats(self, state: Any) -> int:
        """How many seats take decisions (the length of the header's ``players``)."""
        return len(state.returns())

    def history(self, state: Any) -> list:
        """Every action taken so far, in order (the engine's ``history``)."""
        return list(state.history)

    def score_line(self, state: Any) -> str:
        """The scores (or the running position) in words, for ``zoobook replay``."""
        raise NotImplementedError

    def describe(self, options: dict[str, Any], seed: int | None) -> str:
        """The game and its options in one line, for ``zoobook replay``."""
        return f"{self.game}, seed {seed}"

    @functools.cached_property
    def action_classes(self) -> dict[str, type]:
        by_name: dict[str, type] = {}
        for cls in self.actions:
            if cls.__name__ in by_name:
                raise ValueError(f"{self.game}: two action classes are called {cls.__name__}")
            by_name[cls.__name__] = cls
        return by_name


@functools.cache
def _codecs() -> dict[str, RecordCodec]:
    """Every game's codec by name, from the ``RECORDS`` hooks of the games' ``kinds`` modules."""
    from zoobook.puzzles.registry import game_modules, resolve

    found: dict[str, RecordCodec] = {}
    for module in game_modules():
        for game, hook in getattr(module, "RECORDS", {}).items():
            codec = resolve(hook, module.__package__ or module.__name__)
            if codec.game != game:
                raise ValueError(f"{module.__name__}.RECORDS names {game!r} for the codec of {codec.game!r}")
            found[game] = codec
    return found


def codec_for(game: str) -> RecordCodec:
    """The codec of the game called *game*; ``KeyError`` naming the known games if none."""
    codecs = _codecs()
    if game not in codecs:
        raise KeyError(f"unknown game {game!r} (known: {', '.join(sorted(codecs))})")
    return codecs[game]


def codec_for_state(state: Any) -> RecordCodec:
    """The codec whose engine *state* belongs to; ``TypeError`` if no game records it."""
    for codec in _codecs().values():
        if isinstance(state, codec.state_class):
            return codec
    raise TypeError(f"no game record format for {type(state).__name__} (the games: {', '.join(_codecs())})")


# -- actions as plain data --------------------------------------------------------------------------
def _to_plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return _to_plain(value.value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (frozenset, set)):
        return sorted((_to_plain(item) for item in value), key=repr)
    if isinstance(value, (tuple, list)):
        return [_to_plain(item) for item in value]
    raise ValueError(f"{value!r} has no plain form")


def action_to_plain(action: Any) -> dict[str, Any]:
    """The action's class name and its fields as plain data (JSON), as a record line holds them.

    >>> from zoobook.steam.game.actions import LayTrack, Select
    >>> action_to_plain(LayTrack(((0, 0), (1, 0))))
    {'action': 'LayTrack', 'fields': {'hexes': [[0, 0], [1, 0]], 'hand': 0}}
    >>> action_to_plain(Select())
    {'action': 'Select', 'fields': {'action': None, 'target': None}}
    """
    fields = {f.name: _to_plain(getattr(action, f.name)) for f in dataclasses.fields(action) if f.init}
    return {"action": type(action).__name__, "fields": fields} if fields else {"action": type(action).__name__}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _from_plain(hint: Any, value: Any) -> Any:
    """*value* (from JSON) as the declared type *hint* where it has that shape; otherwise as it is
    (lists as tuples), so the engine's field check refuses it in its own words."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        for arg in args:
            if arg is not type(None):
                converted = _from_plain(arg, value)
                if converted is not value or not isinstance(value, list):
                    return converted
        return value
    if isinstance(value, list):
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_plain(args[0], item) for item in value)
        if origin is tuple and args and len(args) == len(value):
            return tuple(_from_plain(a, item) for a, item in zip(args, value))
        if origin in (frozenset, set):
            try:
                return origin(_from_plain(args[0] if args else Any, item) for item in value)
            except TypeError:       # unhashable items: the engine refuses the raw value
                return value
        if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields") \
                and len(value) == len(hint._fields):
            return hint(*value)
        return tuple(_from_plain(Any, item) for item in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except (ValueError, TypeError):
            return value
    return value


def action_from_plain(codec: RecordCodec, data: Any) -> Any:
    """The action of a record line's ``action`` and ``fields``; ``ValueError`` in words when there
    is no such action or its fields do not build one. Whether it is legal is the engine's question.

    >>> from zoobook.steam.game.record_codec import CODEC
    >>> action_from_plain(CODEC, {"action": "LayTrack", "fields": {"hexes": [[0, 0], [1, 0]]}})
    LayTrack(hexes=(Hex(q=0, r=0), Hex(q=1, r=0)), hand=0)
    >>> action_from_plain(CODEC, {"action": "Fly"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no action Fly in steam (the actions: EndBuild, IssueShares, LayTrack, Pass, ...)
    """
    name, fields = data.get("action"), data.get("fields", {})
    classes = codec.action_classes
    if not isinstance(name, str) or name not in classes:
        raise ValueError(f"no action {name} in {codec.game} (the actions: {', '.join(sorted(classes))})")
    if not isinstance(fields, dict):
        raise ValueError(f"an action's fields are an object, not {fields!r}")
    cls = classes[name]
    known = {f.name for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise ValueError(f"{name} has no field {unknown[0]!r} (its fields: {', '.join(sorted(known)) or 'none'})")
    hints = _hints(cls)
    values = {key: _from_plain(hints.get(key, Any), value) for key, value in fields.items()}
    try:
        return cls(**values)
    except Exception as exc:    # a missing field, or a field its class cannot even hold
        raise ValueError(f"cannot build {name} from {json.dumps(fields)}: {exc}") from None


# -- the record ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameRecord:
    """A game as data: the header's parts and the actions, each with the seat that took it."""

    game: str
    seed: int | None
    options: Mapping[str, Any]
    players: tuple[Player, ...]
    actions: tuple[tuple[int, Any], ...] = field(default=())

    def text(self) -> str:
        """The record as JSON Lines (ends with a newline)."""
        header = {"format": FORMAT, "version": VERSION, "game": self.game, "seed": self.seed,
                  "options": dict(self.options), "players": [p.as_plain() for p in self.players],
                  "actions": len(self.actions)}
        lines = [_dumps(header)]
        lines += [_action_line(seat, action) for seat, action in self.actions]
        return "\n".join(lines) + "\n"


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


def _action_line(seat: int, action: Any) -> str:
    return _dumps({"seat": seat, **action_to_plain(action)})


def record_text(state: Any, players: Sequence[Player] | None = None) -> str:
    """The record of *state*: its game, options, seed, *players* (default: each seat "unknown")
    and every action so far, each with the seat that took it (found by replaying the history)."""
    codec = codec_for_state(state)
    seats = codec.seats(state)
    players = tuple(players) if players is not None else (Player(),) * seats
    if len(players) != seats or not all(isinstance(p, Player) for p in players):
        raise ValueError(f"give one Player per seat ({seats}), not {players!r}")
    options, seed = codec.options(state), codec.seed(state)
    replay = codec.new_state(options, seed)
    actions = []
    for action in codec.history(state):
        actions.append((replay.current_player, action))
        try:    # checked: a record that would not read back is an error here, not in the file
            replay.apply(action)
        except IllegalAction as exc:
            raise ValueError(f"this game cannot be recorded: from its options and seed, action "
                             f"{len(actions)} ({action}) is refused: {exc}") from None
    return GameRecord(codec.game, seed, options, players, tuple(actions)).text()


class Recorder:
    """A game's record kept as it is played, for saving after every action (a few milliseconds:
    each action's line is made once, where :func:`record_text` replays the whole game).

    Parameters
    ----------
    state : GameState
        The game; its actions so far are recorded once (by :func:`record_text`).
    players : sequence of Player, optional
    path : str or Path, optional
        Where :meth:`save` writes (atomically, :func:`write_record`).
    background : bool
        Write in a thread of the recorder's own: :meth:`save` hands over the text and returns
        (well under a millisecond) while the thread writes it atomically, the newest text first
        (a save still waiting when a newer one comes is skipped: each is a whole record).
        Flushing a file to the disk waits for the disk (about 8 ms on the project's test
        machine), which a player should not wait for after each move. The file on disk is
        always a whole record, the one before or the one after; :meth:`flush` (also run when
        Python exits) waits for the last save. ``False``: :meth:`save` writes before it returns.

    Examples
    --------
    >>> from zoobook.zooloretto.game import ZoolorettoState
    >>> recorder = Recorder(ZoolorettoState.new(players=2, seed=1), [Player.human(), Player.bot("greedy")])
    >>> recorder.apply(recorder.state.legal_actions()[0])
    >>> recorder.text() == recorder.state.record([Player.human(), Player.bot("greedy")])
    True
    """

    def __init__(self, state: Any, players: Sequence[Player] | None = None, path: str | Path | None = None,
                 *, background: bool = False):
        self.state = state
        self.path = Path(path) if path is not None else None
        self._saver = _BackgroundSaver() if background else None
        self._codec = codec_for_state(state)
        lines = record_text(state, players).split("\n")[:-1]
        self._header = json.loads(lines[0])
        self._lines = lines[1:]

    def apply(self, action: Any) -> None:
        """Apply *action* to the game (``IllegalAction``, nothing recorded, when illegal) and record it."""
        seat = self.state.current_player
        self.state.apply(action)
        self._lines.append(_action_line(seat, self._codec.history(self.state)[-1]))

    def text(self) -> str:
        """The record so far."""
        self._header["actions"] = len(self._lines)
        return "\n".join([_dumps(self._header), *self._lines]) + "\n"

    def save(self, path: str | Path | None = None) -> Path:
        """Write the record to *path* (default: the recorder's own) atomically."""
        target = path if path is not None else self.path
        if target is None:
            raise ValueError("give the record a path")
        if self._saver is not None:
            self._saver.submit(Path(target), self.text())
            return Path(target)
        return write_record(target, self.text())

    def flush(self) -> None:
        """Wait until every save handed to the background thread is on the disk (re-raising the
        error of a save that failed there)."""
        if self._saver is not None:
            self._saver.flush()


class _BackgroundSaver:
    """One thread writing records with :func:`write_record`, the newest text of each save."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        atexit.register(self.flush)

    def submit(self, path: Path, text: str) -> None:
        with self._lock:
            self._raise_error()
            self._pending = (path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="zoobook-record-saver", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self) -> None:
        with self._lock:
            while self._pending is not None or self._busy:
                self._lock.wait()
            self._raise_error()

    def _raise_error(self) -> None:
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None:
                    self._lock.wait()
                (path, text), self._pending, self._busy = self._pending, None, True
            error = None
            try:
                write_record(path, text)
            except BaseException as exc:    # kept for the next save or flush, which raise it
                error = exc
            with self._lock:
                self._busy = False
                if error is not None:
                    self._error = error
                self._lock.notify_all()


def _line_object(raw: str, number: int, file: str) -> dict:
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        raise RecordError(f"not a JSON object ({reason})", line=number, file=file) from None
    if not isinstance(data, dict):
        raise RecordError(f"each line is one JSON object {{...}}, not {type(data).__name__}",
                          line=number, file=file)
    return data


def _read_header(data: dict, file: str) -> tuple[RecordCodec, dict]:
    def wrong(reason: str) -> RecordError:
        return RecordError(reason, line=1, file=file)

    if data.get("format") != FORMAT:
        raise wrong(f"not a game record (the first line's \"format\" is {FORMAT!r})")
    unknown = sorted(set(data) - set(_HEADER_KEYS))
    if unknown:
        raise wrong(f"the header has no key {unknown[0]!r} (its keys: {', '.join(_HEADER_KEYS)})")
    missing = [key for key in _HEADER_KEYS if key not in data]
    if missing:
        raise wrong(f"the header lacks {missing[0]!r}")
    version = data["version"]
    if version != VERSION or type(version) is not int:
        raise wrong(f"format version {version!r} is not known (this zoobook reads version {VERSION})")
    try:
        codec = codec_for(data["game"]) if isinstance(data["game"], str) else codec_for(repr(data["game"]))
    except KeyError as exc:
        raise wrong(exc.args[0]) from None
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise wrong(f"the seed is a whole number or null, not {seed!r}")
    if not isinstance(data["options"], dict):
        raise wrong(f"the options are an object, not {data['options']!r}")
    count = data["actions"]
    if type(count) is not int or count < 0:
        raise wrong(f"\"actions\" is how many action lines follow (0 or more), not {count!r}")
    if not isinstance(data["players"], list):
        raise wrong(f"the players are a list, one per seat, not {data['players']!r}")
    return codec, data


def _split_lines(text: str, file: str) -> list[str]:
    if not text:
        raise RecordError("the record is empty", line=1, file=file)
    lines = text.split("\n")
    if lines[-1] != "":
        raise RecordError("the record ends in the middle of a line (cut short?): every line ends with "
                          "a newline", line=len(lines), file=file)
    return lines[:-1]


def replay_steps(text: str, *, file: str = "") -> Iterator[tuple[int, int | None, Any, Any]]:
    """Read the record *text* and replay it: ``(line number, seat, action, state after it)`` for
    each action, after ``(1, None, None, start)``. The state is one object throughout, changed in
    place. :class:`RecordError` at the first line that is wrong (the lines before it were fine)."""
    lines = _split_lines(text, file)
    codec, header = _read_header(_line_object(lines[0], 1, file), file)
    state = _start(codec, header, file)
    if len(lines) - 1 != header["actions"]:
        raise RecordError(f"the header counts {header['actions']} actions but {len(lines) - 1} lines "
                          "follow (cut short, or lines added?)", line=max(1, len(lines)), file=file)
    yield 1, None, None, state
    for number, raw in enumerate(lines[1:], start=2):
        seat = state.current_player
        yield number, seat, _replay_line(codec, state, raw, number, file), state


def _start(codec: RecordCodec, header: dict, file: str) -> Any:
    """The start the header describes, after checking its players and its count of actions."""
    try:
        state = codec.new_state(header["options"], header["seed"])
    except (PuzzleError, ValueError, TypeError, KeyError) as exc:
        reason = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise RecordError(f"options: {reason}", line=1, file=file) from None
    seats = codec.seats(state)
    try:
        players = tuple(Player.from_plain(p) for p in header["players"])
    except ValueError as exc:
        raise RecordError(f"players: {exc}", line=1, file=file) from None
    if len(players) != seats:
        raise RecordError(f"the game has {seats} seat{'s' if seats != 1 else ''}, but {len(players)} "
                          "players are listed", line=1, file=file)
    return state


def _replay_line(codec: RecordCodec, state: Any, raw: str, number: int, file: str) -> Any:
    data = _line_object(raw, number, file)
    unknown = sorted(set(data) - set(_ACTION_KEYS))
    if unknown:
        raise RecordError(f"an action line has no key {unknown[0]!r} (its keys: seat, action, fields)",
                          line=number, file=file)
    try:
        action = action_from_plain(codec, data)
    except ValueError as exc:
        raise RecordError(str(exc), line=number, file=file) from None
    if state.is_terminal():
        raise RecordError(f"the game is over, yet the record goes on with {_words(action)}", line=number,
                          file=file)
    seat = data.get("seat")
    if type(seat) is not int or seat != state.current_player:
        raise RecordError(f"seat {seat!r} is named, but seat {state.current_player} is to move",
                          line=number, file=file)
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise RecordError(f"illegal action {_words(action)}: {exc}", line=number, file=file) from None
    return action


def _words(action: Any) -> str:
    """The action as the engine words it, or its fields when its words need what it lacks."""
    try:
        return str(action)
    except Exception:       # a malformed action's __str__ may trip over its own fields
        return repr(action)


def parse_record(text: str, *, file: str = "") -> tuple[GameRecord, Any]:
    """The record *text* read and replayed: the :class:`GameRecord` and the state it ends in."""
    actions = []
    for number, seat, action, state in replay_steps(text, file=file):
        if action is not None:
            actions.append((seat, action))
    header = json.loads(text.split("\n", 1)[0])
    players = tuple(Player.from_plain(p) for p in header["players"])
    record = GameRecord(header["game"], header["seed"], header["options"], players, tuple(actions))
    return record, state


def replay_lines(text: str, *, file: str = "") -> list[str]:
    """The game of the record *text* move by move, as ``zoobook replay`` prints it: the game and
    its players, then each action with its seat, and the scores (or the running position) each
    time they change. The whole record is read first: a bad one is a :class:`RecordError`, and
    no line of it is printed.

    >>> from zoobook.zooloretto.game import ZoolorettoState
    >>> state = ZoolorettoState.new(players=2, seed=1)
    >>> for _ in range(4):
    ...     state.apply(state.legal_actions()[0])
    >>> print("\\n".join(replay_lines(state.record([Player.human(), Player.bot("greedy", seed=2)]))))
    Zooloretto, 2 players, no expansion, seed 1
    players: seat 0 human; seat 1 greedy bot (seed=2)
    start: round 1: scores seat 0 0, seat 1 0
       1. seat 0: draw a tile
       2. seat 0: load it on truck 1
       3. seat 1: draw a tile
       4. seat 1: load it on truck 1
    end: round 1: scores seat 0 0, seat 1 0 (the game goes on)
    """
    header = None
    out: list[str] = []
    shown = ""
    codec = None
    for number, seat, action, state in replay_steps(text, file=file):
        if action is None:
            header = json.loads(text.split("\n", 1)[0])
            codec = codec_for(header["game"])
            players = [Player.from_plain(p) for p in header["players"]]
            out.append(codec.describe(header["options"], header["seed"]))
            out.append("players: " + "; ".join(f"seat {i} {p}" for i, p in enumerate(players)))
            shown = codec.score_line(state)
            out.append(f"start: {shown}")
            continue
        out.append(f"{number - 1:>4}. seat {seat}: {action}")
        line = codec.score_line(state)
        if line != shown:
            out.append(f"      {line}")
            shown = line
    if header is not None and header["actions"]:
        out.append(f"end: {shown}" + ("" if state.is_terminal() else " (the game goes on)"))
    return out


def from_record(text: str, *, file: str = "") -> Any:
    """The state a record ends in, replayed through its engine (see the module text)."""
    for _, _, _, state in replay_steps(text, file=file):
        pass
    return state


def load_record(path: str | Path) -> Any:
    """The state the record file at *path* ends in; every problem is one :class:`RecordError`."""
    return from_record(load_record_text(path), file=str(path))


def load_record_text(path: str | Path) -> str:
    """The text of the record file at *path*, not yet read as a record (:class:`RecordError` when
    it cannot be read, is too large or is not UTF-8)."""
    name = str(path)
    try:
        if Path(path).stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"larger than {MAX_RECORD_BYTES} bytes; not a game record", file=name)
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot be read ({exc.strerror or exc})", file=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise RecordError("not UTF-8 text", line=line, file=name) from None
    return text


def _write_bytes(handle: Any, data: bytes) -> None:
    """Write *data* to the open *handle* (one place, so a test can make it fail half way)."""
    handle.write(data)


def write_record(path: str | Path, text: str) -> Path:
    """Write *text* to *path* atomically: a temporary file beside it, flushed to the disk, then
    renamed over *path*. A crash at any moment leaves either the old record or the new one."""
    path = Path(path)
    data = text.encode("utf-8")
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            _write_bytes(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return path
