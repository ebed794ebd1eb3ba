"""Events: the typed, immutable facts that make up a project's memory (schema v1).

An event is one JSON object on one line of ``.kenning/events.jsonl``. This module knows the
schema: its fields, declared once (``FIELDS``), how an event is validated before it is written,
how a line is parsed when read, and the canonical serialization (sorted keys, no spaces, UTF-8).

Unknown fields survive a round trip untouched; unknown types are kept and left to the fold to
count and skip. Older schema versions are upcast here, at read time, by one named step per
version (``UPCASTS``, applied by ``upcast``); the file is never rewritten.

Schema versions:
    0  (pre-release) no ``v`` field; ``kind`` instead of ``type``: ``upcast_v0_v1``.
    1  current: the table in docs/format.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime, timedelta, timezone

from kenning.core.errors import InvalidInput
from kenning.core.paths import is_normal, path_refusal, plain
from kenning.core.text import article, lazy_regex

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs the gate ~8 ms
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SCHEMA_VERSION = 1

LESSON_PREFIXES = ("lesson:", "gotcha:", "avoid:")

# -- the fields of schema v1, declared once ----------------------------------------------------
# Every check of an event is derived from ``FIELDS``: the reader's (``parse_line``), the
# writer's (``validate_draft``), ``ken validate``'s and the JSON Schema's (``core.schema``,
# committed as docs/event.schema.json and src/kenning/schema/event.schema.json); so are the
# CLI's choices and the MCP tools' enums.
TYPES = ("issue", "attempt", "fix", "decision", "note", "snooze")
OUTCOMES = ("worked", "failed", "partial")
SOURCES = ("cli", "mcp", "agent-hook", "watcher", "import", "git")

# the closed formats: the reader compiles them, the schema ships them, ken validate words them
EVENT_ID = r"^evt_[0-9a-f]{20}$"
ISSUE_ID = r"^[0-9a-z]{4,12}$"
TIMESTAMP = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$"
COMMIT = r"^[0-9a-f]{7,64}$"  # a full sha-1 or sha-256, or an abbreviated one an import kept

# a field's JSON type -> (the Python type a decoder gives it, its name in the reader's words)
KINDS: dict[str, tuple[type, str]] = {
    "string": (str, "text"), "array": (list, "a list of text"), "boolean": (bool, "true or false"),
    "integer": (int, "a whole number"), "object": (dict, "an object")}

MAX_SUMMARY = 2000
MAX_DETAILS = 20000


class Field:
    """One field of the format and every rule it is held to.

    ``need``: "read" (no reader can place an event without it), "written" (every writer
    gives it; a reader copes without), or "" (optional). ``pattern``, ``items``: the closed
    format of its text, or of each of its items. ``path``: a path inside the repository (the
    path rule: ``_check_path``, ``core.schema.PATH``). ``text``: free text, trimmed and held to
    UTF-8 before a write. Not a dataclass: importing ``dataclasses`` costs the gate 15 ms.
    """

    __slots__ = ("kind", "says", "need", "pattern", "items", "choices", "path", "text", "longest")

    def __init__(self, kind: str, says: str, need: str = "", *, pattern: str | None = None,
                 items: str | None = None, choices: tuple[str, ...] = (), path: bool = False,
                 text: bool = False, longest: int | None = None) -> None:
        self.kind, self.says, self.need, self.pattern, self.items = kind, says, need, pattern, items
        self.choices, self.path, self.text, self.longest = choices, path, text, longest


# a field not named here is the writer's own and round-trips
FIELDS: dict[str, Field] = {
    "v": Field("integer", f"schema version: {SCHEMA_VERSION}", "written"),
    "id": Field("string", "evt_ + 20 lowercase hex: random when written, derived from the commit sha for an event "
                          "derived from git, from the source record for an imported one, from what failed on which "
                          "files for one captured from an agent session", "read", pattern=EVENT_ID),
    "type": Field("string", "what happened", "read", choices=TYPES),
    "summary": Field("string", "one line: what happened", "written", text=True, longest=MAX_SUMMARY),
    "details": Field("string", "longer text: error output, the approach, evidence", text=True, longest=MAX_DETAILS),
    "timestamp": Field("string", "UTC, microseconds: when it happened", "read", pattern=TIMESTAMP),
    "location": Field("string", "the file it concerns: a repository-relative POSIX path, optionally :LINE",
                      path=True),
    "citation": Field("object", "the lines it cites, kept to follow them: path, start, end, commit (HEAD when "
                                "written), dirty (the file had uncommitted changes), lines (a whitespace-blind "
                                "hash per line), symbol (the enclosing function or class), text (at most 40 "
                                "lines, redacted), cut (text left out)"),
    "git_commit": Field("string", "HEAD when it was written (an imported one may be abbreviated)", pattern=COMMIT),
    "source": Field("string", "the surface that wrote it", "written", choices=SOURCES),
    "actor": Field("string", "who wrote it, when known: human, an MCP client's name, git:<email>"),
    "issue_id": Field("string", "the issue it belongs to: short base-32, shown as #k7q2", pattern=ISSUE_ID),
    "outcome": Field("string", "attempt: how it went", choices=OUTCOMES),
    "supersedes": Field("string", "decision: the full id of the decision it retires", pattern=EVENT_ID),
    "lesson": Field("boolean", "decision or note: marked as a reusable lesson"),
    "forgets": Field("string", "note: the full id of an event to forget (`ken forget`): every view and the gate leave "
                               "that event out; the log keeps its line", pattern=EVENT_ID),
    "commit": Field("string", "derived from git: the commit's sha", pattern=COMMIT),
    "commit_message": Field("string", "derived from git: the commit's message", text=True),
    "paths": Field("array", "more files it is about; snooze: the files it covers", path=True),
    "touched": Field("array", "derived from a revert: every file the revert touched", path=True),
    "reverts": Field("array", "derived from a revert: the shas of the commits it reverts", items=COMMIT),
    "until": Field("string", "snooze: the UTC time it ends", pattern=TIMESTAMP),
    "reason": Field("string", "snooze: why the warnings can wait", text=True),
    "unsnooze": Field("boolean", "snooze: ends, on its paths, the snoozes recorded before it (until is its own time)"),
    "captured": Field("string", "captured from an agent session's tool calls: the agent and its session id"),
    "imported_from": Field("string", "import: the tool it came from (projectmem, beads)"),
    "imported_type": Field("string", "import: its type in that tool, when kenning has no such type (kept as a note)"),
    "imported_id": Field("string", "import: its id in that tool, when that id could not be kept"),
}
# derived: what every event carries, what the reader cannot do without, the free text
# (redaction scrubs every string of an event, not only these: ``core.secrets.event_scrub``)
REQUIRED = tuple(name for name, field in FIELDS.items() if field.need)
NEEDED_TO_READ = tuple(name for name, field in FIELDS.items() if field.need == "read")
TEXT_FIELDS = tuple(name for name, field in FIELDS.items() if field.text)
# which types carry a field only they may carry, and which fields a type must carry
ONLY_ON = {"supersedes": ("decision",), "lesson": ("decision", "note"), "captured": ("attempt",),
           "forgets": ("note",)}
REQUIRED_ON = {"issue": ("issue_id",), "attempt": ("outcome",), "snooze": ("until", "paths", "reason")}
# hand-recorded attempts and fixes name their issue; one derived from git, or an attempt captured from an
# agent session (``captured``), may name none
ISSUE_REQUIRED_ON = ("attempt", "fix")

# an event stamped further ahead of the clock than this is an outlier, not a clock a bit fast
FUTURE_SLACK_US = 3600 * 1_000_000

EVENT_ID_RE = lazy_regex(EVENT_ID)
ISSUE_ID_RE = lazy_regex(ISSUE_ID)
# ASCII digits only, and the whole text (``fullmatch``): what the schema's pattern means too, and
# what sorts correctly as text (other scripts' digits and a trailing newline do neither)
TIMESTAMP_RE = lazy_regex(TIMESTAMP, re.ASCII)
# the alphabet of issue ids: lowercase base-32 without the look-alikes i, l, o, u
# sqlite3 imports datetime on every command that opens the index, so hand-written calendar
# arithmetic saved nothing (measured: both ways, the gate loads datetime)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MICROSECOND = timedelta(microseconds=1)
# the times a timestamp can spell (years 1 to 9999), in microseconds since the epoch
EARLIEST = (datetime(1, 1, 1, tzinfo=timezone.utc) - _EPOCH) // _MICROSECOND
LATEST = (datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc) - _EPOCH) // _MICROSECOND
ISSUE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


class Event:
    """One immutable event; wraps the decoded JSON object so unknown fields round-trip.

    Not a dataclass on purpose: importing ``dataclasses`` pulls in ``inspect`` (about 15 ms),
    and the gate's whole-process budget is 100 ms.
    """

    # id, type, time, issue and outcome are read a dozen times per event by the fold and the
    # index: set once, when the event is made, they cost an attribute read rather than a call
    __slots__ = ("_data", "_path", "id", "type", "timestamp", "issue_id", "outcome")
    _data: dict[str, Any]
    _path: str | None
    id: str
    type: str
    timestamp: str
    issue_id: str | None  # the issue it belongs to, when it names one
    outcome: str | None  # an attempt's: how it went

    def __init__(self, data: Mapping[str, Any]) -> None:
        own, put = dict(data), object.__setattr__
        put(self, "_data", own)
        put(self, "_path", _path_of(own))
        put(self, "id", str(own.get("id", "")))
        put(self, "type", str(own.get("type", "")))
        put(self, "timestamp", str(own.get("timestamp", "")))
        issue, outcome = own.get("issue_id"), own.get("outcome")
        put(self, "issue_id", issue if isinstance(issue, str) and issue else None)
        put(self, "outcome", outcome if isinstance(outcome, str) else None)

    @staticmethod
    def _adopt(data: dict[str, Any]) -> Event:
        """Wrap a freshly decoded object without copying it (``parse_line`` owns it alone, and
        checked that its id, type and time are text; the index holds only lines it checked).
        Each slot is set through its own descriptor: half the cost of ``object.__setattr__``
        by name, on every line of a rebuild."""
        event = _NEW_EVENT(Event)
        _SET_DATA(event, data)
        _SET_PATH(event, _path_of(data))
        _SET_ID(event, data.get("id", ""))
        _SET_TYPE(event, data.get("type", ""))
        _SET_TIMESTAMP(event, data.get("timestamp", ""))
        _SET_ISSUE_ID(event, data.get("issue_id") or None)  # checked: text, or absent
        _SET_OUTCOME(event, data.get("outcome"))
        return event

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("events are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and other._data == self._data

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Event({self.type} {self.id} {self.summary[:40]!r})"

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def as_dict(self) -> dict[str, Any]:
        return dict(self._data)

    def pick(self, keys: tuple[str, ...]) -> dict[str, Any]:
        """The fields among ``keys`` that hold something (not null, empty or false)."""
        data = self._data
        return {k: value for k in keys if (value := data.get(k)) not in (None, "", False)}

    @property
    def summary(self) -> str:
        return str(self._data.get("summary", ""))

    @property
    def details(self) -> str | None:
        value = self._data.get("details")
        return value if isinstance(value, str) else None

    @property
    def location(self) -> str | None:
        value = self._data.get("location")
        return value if isinstance(value, str) and value else None

    @property
    def path(self) -> str | None:
        """The location without its ``:LINE`` suffix: the key the gate matches on (worked out
        once, when the event is made: the fold and the index ask for it often)."""
        return self._path

    def cites(self, path: str) -> bool:
        """True when the event is about ``path``: its location, or one of its ``paths``."""
        if self.path == path:
            return True
        paths = self._data.get("paths")
        return isinstance(paths, list) and path in paths

    def paths(self) -> list[str]:
        """Every path the event is about (the location first)."""
        own = self.path
        found = [own] if own else []
        extra = self._data.get("paths")
        if isinstance(extra, list):  # ``found`` holds the location alone: compared to it, not searched
            found += [p for p in extra if isinstance(p, str) and p and p != own]
        return found

    @property
    def supersedes(self) -> str | None:
        value = self._data.get("supersedes")
        return value if isinstance(value, str) and value else None

    @property
    def forgets(self) -> str | None:
        """The id of the event this note forgets (``ken forget``), if it is a forgetting note."""
        value = self._data.get("forgets")
        return value if isinstance(value, str) and value and self.type == "note" else None

    @property
    def lesson(self) -> bool:
        """Marked as a reusable lesson: ``lesson: true``, or (on a decision or a note) a summary
        that starts with ``lesson:``, ``gotcha:`` or ``avoid:``, so a marker typed into the text
        counts the same on every surface and in every clone."""
        if self._data.get("lesson") is True:
            return True
        return self.type in ("decision", "note") and self.summary[:8].lower().startswith(LESSON_PREFIXES)

    @property
    def source(self) -> str:
        return str(self._data.get("source", ""))

    @property
    def git_commit(self) -> str | None:
        value = self._data.get("git_commit") or self._data.get("commit")
        return value if isinstance(value, str) and value else None

    @property
    def sort_key(self) -> tuple[str, str]:
        """The fold's total order: by timestamp, then id."""
        return (self.timestamp, self.id)


# the slots' own setters (``Event.__setattr__`` refuses every write after it is made)
_NEW_EVENT = object.__new__
_SET_DATA, _SET_PATH, _SET_ID, _SET_TYPE, _SET_TIMESTAMP, _SET_ISSUE_ID, _SET_OUTCOME = (
    getattr(Event, name).__set__ for name in Event.__slots__)


def _path_of(data: Mapping[str, Any]) -> str | None:
    location = data.get("location")
    return location_path(location) if isinstance(location, str) and location else None


def location_path(location: str) -> str:
    """``src/a.py:12`` -> ``src/a.py``; a path without a line number is returned as is."""
    head, sep, tail = location.rpartition(":")
    return head if sep and tail.isdigit() and head else location


def canonical_json(data: Mapping[str, Any]) -> str:
    """The one serialization of an event: sorted keys, no spaces, UTF-8 characters kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def serialize(event: Event) -> str:
    return canonical_json(event.as_dict())


# -- older versions, upcast on read ------------------------------------------------------------
# One named step per version, each bringing an event from version N to N + 1 in place (on a copy
# ``upcast`` made); ``upcast`` applies them in turn until the event is current. A new version
# adds its step here and raises SCHEMA_VERSION: every reader upcasts through ``upcast``.

def upcast_v0_v1(data: dict[str, Any]) -> None:
    """Version 0 (pre-release) named the type ``kind``."""
    if "type" not in data and "kind" in data:
        data["type"] = data.pop("kind")


UPCASTS: dict[int, Callable[[dict[str, Any]], None]] = {0: upcast_v0_v1}


class NewerSchema(ValueError):
    """A line written by a newer kenning: its version is not one this reader can read."""

    def __init__(self, version: int) -> None:
        super().__init__(f"written by a newer kenning (schema v{version}); upgrade ken to read it")
        self.version = version


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older event up to the current schema in memory; the file itself is never
    rewritten. A line without ``v`` is version 0. ``NewerSchema`` for a version newer than this
    kenning knows, ``ValueError`` for a negative one: neither is guessed at. A ``v`` that is not
    a whole number is left for the reader's checks to name. The input is never changed."""
    version = data.get("v", 0)
    if version == SCHEMA_VERSION or type(version) is not int:
        return data
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    if version < 0:
        raise ValueError(f"v {version} is no schema version")
    data = dict(data)
    while version < SCHEMA_VERSION:
        UPCASTS[version](data)
        version += 1
        data["v"] = version
    return data


def parse_line(line: str, decode: Callable[[str], Any] = json.loads) -> Event:
    """Decode one log line; ``ValueError`` (its message says why, briefly) when it is not a
    readable event. Every known field is checked here, once, so nothing downstream meets a
    number where it expects text: a bad line is skipped and counted, never fatal.

    ``decode``: a faster JSON decoder for a whole log's read (``app.memory``'s rebuild hands in
    a compiled one). A line it refuses is decoded again by ``json.loads``, whose verdict and
    words stand: a faster decoder only ever speeds up the lines both read the same."""
    data = _decoded(line, decode)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("v") != SCHEMA_VERSION:
        data = upcast(data)
    _check_fields(data)
    if _SURROGATE_ESCAPE.search(line) and _has_surrogate(line):
        raise ValueError("text with an unpaired UTF-16 surrogate (not valid Unicode)")
    return Event._adopt(data)


def _decoded(line: str, decode: Callable[[str], Any]) -> Any:
    try:
        return decode(line)
    except RecursionError as err:  # thousands of nested brackets: not an event, and not a crash
        raise ValueError("nested too deeply to be an event") from err
    except ValueError:
        if decode is json.loads:
            raise
    return _decoded(line, json.loads)  # NaN, a lone surrogate: what the standard decoder says


def parse_indexed(line: str) -> Event:
    """Decode a line the index took in: ``parse_line`` checked it on the way in, so only the
    upcast of an older version is applied again (the index keeps lines as the log holds them,
    and it may have been built by a kenning that knew fewer versions). The gate reads its shown
    events this way."""
    data = json.loads(line)
    return Event._adopt(data if data.get("v") == SCHEMA_VERSION else upcast(data))


_SURROGATE_ESCAPE = lazy_regex(r"\\u[dD][89a-fA-F]")
# the type each known field must have when present (null stands for absent), and its name in
# the reader's words; unknown fields are the writer's business and round-trip untouched
_FIELD_TYPES: dict[str, type] = {name: KINDS[field.kind][0] for name, field in FIELDS.items()}
_TYPE_NAMES = dict(KINDS.values())
_TIMES = tuple(name for name, field in FIELDS.items() if field.pattern == TIMESTAMP)


def _check_fields(data: dict[str, Any]) -> None:
    """The checks of a current-version event (``upcast`` has refused a newer one)."""
    for key in NEEDED_TO_READ:
        if not data.get(key):
            raise ValueError(f"missing {key}")
    types = _FIELD_TYPES
    for key, value in data.items():
        wanted = types.get(key)
        if wanted is not None and type(value) is not wanted and value is not None:
            raise ValueError(f"{key} is not {_TYPE_NAMES[wanted]}")
    if type(data["v"]) is not int:
        raise ValueError("v (the schema version) is not a whole number")
    for key in _TIMES:
        if data.get(key) is not None:
            _check_time(data[key], key)
    if "\x00" in data["id"] or "\n" in data["id"]:
        raise ValueError("id has control characters")
    location = data.get("location")
    if location is not None and location not in _NORMAL_PATHS:
        _check_path(location, "location")
    for key in ("paths", "touched", "reverts"):
        items = data.get(key)
        if items and not (key != "reverts" and _plain_paths(items)):
            for item in items:
                if type(item) is not str:
                    raise ValueError(f"{key} is not a list of text")
                if key != "reverts":
                    _check_path(item, key)


def _check_time(text: str, key: str) -> None:
    if _VALID_TIME.fullmatch(text) is None:  # one pass checks the form and each field's range
        if not TIMESTAMP_RE.fullmatch(text):
            raise ValueError(f"{key} {text[:40]!r} is not a UTC time like 2026-01-31T12:00:00.000000Z")
        raise ValueError(f"{key} {text[:40]!r} is not a valid date and time")
    if text[8:10] > "28" and int(text[8:10]) > _month_days(int(text[:4]), int(text[5:7])):
        raise ValueError(f"{key} {text[:40]!r} is not a valid date and time")


# TIMESTAMP_RE with every field's range: a month 01-12, a day 01-31, 00-23 hours, 00-59 minutes
# and seconds (the day is held to its month's length after it)
_VALID_TIME = lazy_regex(r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z",
                        re.ASCII)


def _plain_paths(items: list[Any]) -> bool:
    """True when every item is a path ``_check_path`` passes: each found normal before, or all
    in a few passes over them joined (an event can carry hundreds); False sends them to be
    checked one by one."""
    try:
        if _NORMAL_PATHS.issuperset(items):  # only text found normal is kept there
            return True
    except TypeError:  # an item that is a list or an object: no path
        return False
    if all(type(item) is str for item in items) and plain(items):
        _remember_normal(items)
        return True
    return False


# paths found in their normal form: a log names the same few hundred files on most of its lines,
# and a set lookup costs a tenth of the pattern's match (bounded: a log naming more starts over)
_NORMAL_PATHS: set[str] = set()
_PATHS_KEPT = 1 << 16


def _remember_normal(paths: list[str]) -> None:
    if len(_NORMAL_PATHS) + len(paths) > _PATHS_KEPT:
        _NORMAL_PATHS.clear()
    _NORMAL_PATHS.update(paths)


def _check_path(path: str, key: str) -> None:
    if is_normal(path):  # a path as kenning writes it: no need to ask why not
        _remember_normal([path])
        return
    why = path_refusal(path)  # the one rule every reader, writer and importer holds a path to
    if why is not None:
        raise ValueError(f"{key} {why}")


def _has_surrogate(line: str) -> bool:
    """True when the decoded line holds a lone surrogate (``"\\ud800"``): it cannot be written
    back as UTF-8. Only lines with a surrogate escape can, so the common line skips this."""
    try:
        json.dumps(json.loads(line), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def clean_text(value: str) -> str:
    """Text as stored: surrounding whitespace trimmed, lone surrogates (undecodable bytes from
    the command line) replaced so the log always stays valid UTF-8."""
    return value.strip().encode("utf-8", "replace").decode("utf-8")


def validate_draft(data: Mapping[str, Any]) -> None:
    """Check a new event before anything is written; ``InvalidInput`` names what was wrong.
    Each known field is held to the type the reader holds it to (``_FIELD_TYPES``, from
    ``FIELDS``): nothing a writer accepts is a line every reader then skips."""
    for key, wanted in _FIELD_TYPES.items():
        value = data.get(key)
        if value is not None and (type(value) is not wanted
                                  or (type(value) is list and not all(type(item) is str for item in value))):
            raise InvalidInput(f"{key} is not {_TYPE_NAMES[wanted]}")
    for key in ("location", "paths", "touched"):
        value = data.get(key)
        for path in [value] if type(value) is str else value or ():
            if (why := path_refusal(path)) is not None:
                raise InvalidInput(f"{key}: {why}")
    kind = data.get("type")
    if kind not in TYPES:
        raise InvalidInput(f"unknown event type {kind!r}; use one of {', '.join(TYPES)}")
    summary = data.get("summary")
    if not isinstance(summary, str) or not summary.strip():
        raise InvalidInput("the summary is empty; say in a few words what happened")
    if len(summary) > MAX_SUMMARY:
        raise InvalidInput(
            f"the summary is {len(summary):,} characters (at most {MAX_SUMMARY:,}); "
            "put the rest in --details")
    details = data.get("details")
    if details is not None and len(details) > MAX_DETAILS:
        raise InvalidInput(f"--details is {len(details):,} characters (at most {MAX_DETAILS:,})")
    if kind == "attempt" and data.get("outcome") not in OUTCOMES:
        raise InvalidInput("an attempt needs its outcome: add --failed, --worked or --partial")
    if (kind == "issue" or kind in ISSUE_REQUIRED_ON) and data.get("source") != "git" and not data.get("issue_id") \
            and not (kind == "attempt" and data.get("captured")):
        raise InvalidInput(f"{article(str(kind))} needs an issue id")
    if data.get("supersedes") is not None and kind not in ONLY_ON["supersedes"]:
        raise InvalidInput("only a decision can supersede another decision")
    if data.get("forgets") is not None and kind not in ONLY_ON["forgets"]:
        raise InvalidInput("only a note can forget an event")
    if data.get("lesson") and kind not in ONLY_ON["lesson"]:
        raise InvalidInput("only a decision or a note can be marked as a lesson")
    if data.get("source") not in SOURCES:
        raise InvalidInput(f"unknown source {data.get('source')!r}")


def format_timestamp(micros: int) -> str:
    """Microseconds since the epoch -> ``YYYY-MM-DDTHH:MM:SS.ffffffZ``."""
    moment = _EPOCH + timedelta(microseconds=micros)
    return (f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}T{moment.hour:02d}:{moment.minute:02d}:"
            f"{moment.second:02d}.{moment.microsecond:06d}Z")


# every ISO 8601 time kenning reads (--now, --since, imports): seconds to nanoseconds (cut to
# microseconds), ``Z``, an offset, git's ``2026-05-12 21:07:46 -0600``; no zone means UTC
ISO_TIME = r"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?\s?([Zz]|[+-]\d{2}:?\d{2})?$"


def parse_timestamp(text: str) -> int:
    """``YYYY-MM-DDTHH:MM:SS[.ffffff]Z`` (or ``+00:00``, any ``ISO_TIME``) -> microseconds since the epoch."""
    if len(text) == 27 and text[4:20:3] == "--T::." and text[26] == "Z":
        # the form every event is stamped in, read by position: the gate reads hundreds of
        # times per run, a summary thousands, and the general pattern costs 1 ms to compile
        digits = text[:4] + text[5:7] + text[8:10] + text[11:13] + text[14:16] + text[17:19] + text[20:26]
        if digits.isascii() and digits.isdigit():  # else the pattern decides (``.12345 Z``)
            year, month, day = int(digits[:4]), int(digits[4:6]), int(digits[6:8])
            hour, minute, second, micro = int(digits[8:10]), int(digits[10:12]), int(digits[12:14]), int(digits[14:])
            if year and 0 < month < 13 and 0 < day <= _month_days(year, month) and hour < 24 and minute < 60 \
                    and second < 60:  # a real moment: counted by hand, a third of what datetime costs
                return (((_epoch_days(year, month, day) * 24 + hour) * 60 + minute) * 60 + second) * 1_000_000 + micro
            return _micros(text, year, month, day, hour, minute, second, micro, 0)  # says why not
    m = re.match(ISO_TIME, text.strip())
    if not m:
        raise ValueError(f"not an ISO 8601 time: {text!r}")
    zone = m.group(8)
    offset = 0
    if zone and zone not in "Zz":
        digits = zone[1:].replace(":", "")
        offset = (-1 if zone[0] == "-" else 1) * (int(digits[:2]) * 60 + int(digits[2:]))
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    return _micros(text, year, month, day, hour, minute, second, int((m.group(7) or "0")[:6].ljust(6, "0")), offset)


def _micros(text: str, year: int, month: int, day: int, hour: int, minute: int, second: int, micro: int,
            offset: int) -> int:
    try:
        moment = datetime(year, month, day, hour, minute, second, micro, tzinfo=timezone(timedelta(minutes=offset)))
    except ValueError as err:  # no such day or hour (and no year 0)
        raise ValueError(f"not a valid time: {text!r}") from err
    micros = (moment - _EPOCH) // _MICROSECOND
    if not EARLIEST <= micros <= LATEST:  # an offset past year 1 or 9999: no format could write it
        raise ValueError(f"not a valid time: {text!r}")
    return micros


def _epoch_days(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the count
    ``datetime`` keeps: years of 400 years, March first, so the leap day ends each year)."""
    year -= month <= 2
    era = year // 400
    of_era = year - era * 400
    of_year = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    return era * 146097 + of_era * 365 + of_era // 4 - of_era // 100 + of_year - 719468


def _month_days(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31
