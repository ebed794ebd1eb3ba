"""A project's memory: the log brought into the index, incrementally.

The index remembers how far into the log it has read (a byte offset), plus the file's size,
mtime and inode and checksums of its first block and of the block just before the offset. If
the file is exactly as it was, nothing is read. If it only grew (an append, or a union merge
that added lines after ours), only the new tail is parsed and folded. Anything else (a
checkout that rewrote the file, an edit) rebuilds the index from scratch. The fold is
order-independent, so an incremental fold and a rebuild agree.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import sqlite3
from bisect import bisect_right
from collections import Counter
from itertools import accumulate

from kenning import git
from kenning.app.warnings import hand_over
from kenning.core import damage
from kenning.core.errors import MemoryUnreadable, UnsafePath, cause
from kenning.core.events import Event, parse_indexed, parse_line
from kenning.core.fold import TABLES, MemoryTable, State, remembered, unique
from kenning.core.text import plural
from kenning.git import GitError
from kenning.git import index as git_index
from kenning.store import cache_owner
from kenning.store.cache import Cache
from kenning.store.log import EventLog, is_event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import TracebackType
    from typing import Any

    from kenning.app.project import Project

_LOG = ".kenning/events.jsonl"
_INDEX = ".kenning/cache/index.sqlite"
_WARNED_LINES = 3  # bad lines named one by one on each command; `ken doctor` lists them all


_SAVED = "state_saved"  # meta key: a new random mark each time the summary state is saved
_NOTHING_READ: dict[str, Any] = {"end": 0, "lines": 0, "crc": 0, "events": 0, "records": 0, "newer": 0,
                                 "skipped": 0, "malformed": []}


class _no_collection:  # noqa: N801 - used as a context manager, like contextlib's
    """The cyclic garbage collector paused while a rebuild reads the whole log: it makes
    hundreds of thousands of objects that live until it ends and hold no cycles, so each of
    the collector's passes over them is waste (1.3 s of 10 at 100,000 events), during the
    read and after it."""

    def __init__(self, paused: bool) -> None:
        self.resume = paused and gc.isenabled()

    def __enter__(self) -> None:
        if self.resume:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.resume:
            # what the read made is still young to the collector, which would walk all of it
            # twice on its next passes (0.2 s each at 100,000 events): moved to the oldest
            # generation in one step, unwalked, where only a full collection meets it
            gc.freeze()
            gc.unfreeze()
            gc.enable()


class _Rebuild(Exception):
    """The tail cannot be folded onto the cached state; fold the whole log again."""


class Memory:
    """A project's index, up to date with its log when returned by ``open_memory``."""

    def __init__(self, project: Project, cache: Cache | None = None) -> None:
        self.project = project
        self.log = EventLog(project.log_file, os.path.join(project.local_folder, "events.lock"),
                            os.path.join(project.local_folder, "quarantine"))
        self.cache = cache or _index(project)
        self.warnings: list[str] = []
        self._state: State | None = None
        self._state_at: tuple[Any, ...] = ()  # which save of the state this process holds
        self.promotable: list[Event] = []  # new events that may become cross-project lessons
        # what the opener asks to be done as a use case ends (``app.recall``: share the lessons
        # among the events taken in); the memory itself knows nothing of lessons or capture
        self.on_close: list[Callable[[Memory], None]] = []
        # answered from one pass in memory while the index is built in the background
        # (``open_whole``): the build shares the lessons, and writes the derived files
        self.one_pass = False
        self.by_id_only = False  # one pass for the summary: the fold, and the events by id alone
        self.skipped = 0  # lines of the log that are not readable events
        self._verified: list[int] | None = None  # the log's stat as this process last read it
        self._shown: dict[str, Event] = {}  # index row -> its event, as decoded once (``events``)
        self._shown_size = 0
        if self.cache.problem:
            self.warn(self.cache.problem)

    def close(self) -> None:
        self.cache.close()

    def _before_close(self) -> None:
        for task in self.on_close:
            task(self)

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        """Close; after a use case that succeeded, hand the warnings to the surface first.

        What the opener asked to be done on closing is done first (``app.recall``: the lessons
        among the events this process took in are shared, whatever else it did): a sync that
        indexed another process's write (a summary refresh, a refused write) is the only one
        that will ever see those events arrive."""
        try:
            if kind is None:
                self._before_close()  # a problem is a warning: the use case has succeeded
                self.flush_warnings()
            elif issubclass(kind, Exception):
                with contextlib.suppress(Exception):  # the error being raised says what went wrong
                    self._before_close()
        finally:
            self.close()

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self._load_state()
        return self._state

    def _load_state(self) -> State:
        self._state_at = self._saved_at()
        tables = {name: self.cache.table(name) for name in TABLES}
        # the stored key keeps its first name, so an index built by an earlier version stays valid
        return State(bounded=True, tables=tables, short=self.cache.meta("state_small"))

    def _refresh_state(self) -> None:
        """Drop the state this process read earlier when another process has saved one since
        (appended to the log, derived from new commits, widened the history). Its small fields
        are kept in memory, so a summary rendered from them, or saved over the newer ones, would
        lose the other's work."""
        if self._state is not None and self._saved_at() != self._state_at:
            self._state = None

    def _saved_at(self) -> tuple[Any, ...]:
        """Which save of the state the index holds: its mark, and (for a kenning of an earlier
        version sharing the index, which writes no mark) the log as read and the last commit."""
        log, derived = self.cache.meta("log"), self.cache.meta("git")
        return self.cache.meta(_SAVED), (log or {}).get("stat"), (derived or {}).get("head")

    @contextlib.contextmanager
    def transaction(self, write: bool = True) -> Iterator[None]:
        """The index's write transaction, or (``write=False``) a read one that sees one moment of
        it. The state is only read or changed inside one: on entry, a state another process has
        since replaced is dropped; rolled back, a transaction takes with it what the state took
        in, so it is dropped too (read again from the index)."""
        try:
            with self._begun(write):
                self._refresh_state()
                yield
        except BaseException:
            self._state = None
            raise

    def _begun(self, write: bool) -> contextlib.ExitStack:
        """The index's transaction, begun on the file now at its path. A file another process
        removed or replaced (by hand, or after damage) is reopened first, and looked at again
        once the lock is held: replaced in between, this connection would write to a removed
        file ("attempt to write a readonly database")."""
        for _ in range(3):
            if self.cache.replaced():
                self._reopen()
            begun = contextlib.ExitStack()
            begun.enter_context(self.cache.transaction() if write else self.cache.snapshot())
            if not self.cache.replaced():
                break
            begun.close()
        return begun

    def _save_state(self, rebuilt: bool) -> None:
        state = self.state
        if rebuilt:  # folded in memory from scratch: write each table in one go
            self.cache.save_tables({name: getattr(state, name).rows for name in TABLES}, rebuild_encoder())
        self.cache.set_meta("state_small", state.short_fields())
        # a fresh mark for each save (a counter would start again after a rebuild clears it):
        # another process that read an older state sees the difference (``_refresh_state``)
        self.cache.set_meta(_SAVED, os.urandom(8).hex())
        self._state_at = self._saved_at()

    def sync(self, appended: bool = False, strict: bool = True, whole: bool = False) -> None:
        """Bring the index and the summary state up to date with the log. ``appended``: the
        caller holds the lock and only appended since the last sync, so the prefix is trusted.
        ``whole``: forget everything the index holds and fold the whole log again, in the
        index's file and in one transaction (``ken regenerate``): other processes wait for it,
        then read the new index; none is left holding a file that was removed under it.

        An index that cannot be used (damaged by a power cut, a read-only or full disk) never
        fails a read: a damaged one is rebuilt, an unwritable one is replaced by an index in
        memory for this process, folded from the log."""
        for attempt in (1, 2, 3):
            try:
                with self.transaction():
                    if whole:
                        self.cache.empty()
                    # the log's size is read once the index is ours: read before, while another
                    # process held the index and appended, it would be short of the index's end
                    # and look like a rewritten log (a needless whole rebuild)
                    info = self._sync_log(self.log.stat(), rebuild=whole, appended=appended)
                break
            except sqlite3.DatabaseError as err:
                if attempt == 3:
                    raise MemoryUnreadable(f"cannot build the index even in memory ({err})") from err
                self._replace_cache(err, damaged=attempt == 1)
        self._verified = info["stat"]
        self.skipped = int(info.get("skipped", 0))
        self._report(info)
        if strict:
            _require_readable(info)

    def _replace_cache(self, err: sqlite3.DatabaseError, damaged: bool) -> None:
        self._state = None
        if damaged and self.cache.replaced() and self._reopen():  # rebuilt by another process
            return
        if damaged and not isinstance(err, sqlite3.OperationalError):  # malformed, not a database
            self.cache.reset()
            self.warn(f"the index {_INDEX} was damaged ({err}); rebuilt it from the log")
            return
        self.cache.close()
        self.cache = Cache.in_memory()
        self.warn(f"the index {_INDEX} cannot be written ({err}); answering from the log (slower)")

    def _reopen(self) -> bool:
        """Use the index file now at the path; False when it cannot be opened (then it is
        treated as any index that cannot be written)."""
        self._state = None
        try:
            self.cache.reopen()
        except (OSError, sqlite3.Error, UnsafePath):
            return False
        return True

    def rebuild_in_transaction(self) -> None:
        """Forget everything derived and fold the log again (history was rewritten)."""
        self._sync_log(self.log.stat(), rebuild=True)

    def _sync_log(self, st: Any, rebuild: bool, appended: bool = False) -> dict[str, Any]:
        info = self.cache.meta("log")
        fingerprint = [st.st_size, st.st_mtime_ns, st.st_ino]
        if not rebuild and info and info["stat"] == fingerprint:
            return info  # type: ignore[no-any-return]
        self._state = None  # another process may have moved the state on: reload it here
        rebuild = rebuild or not self._is_prefix(info, st.st_size, appended)
        if rebuild:
            derived = self.cache.meta("git")
            self.cache.clear()
            if derived:  # keep where capture started, so a rebuild derives the same window
                self.cache.set_meta("git", {**derived, "head": None})
            self._state = State()  # in memory while folding everything; saved in one go
            info = dict(_NOTHING_READ)
        try:
            with _no_collection(rebuild), (self.log.rebuilding() if rebuild else contextlib.nullcontext()):
                info = self._fold_tail(info, rebuild)
        except _Rebuild:
            return self._sync_log(st, rebuild=True)
        info["stat"] = fingerprint
        self.cache.set_meta("log", info)
        if self.by_id_only and rebuild:  # asked once, by this process: the fold stays in memory
            self._state_at = self._saved_at()
            return info
        self._save_state(rebuild)
        if rebuild and self._state is not None:
            # kept, read from memory and written through: the summary this use case renders next
            # reads every open issue's attempts (a reload from the index decoded them all again)
            for name in TABLES:
                setattr(self._state, name, self.cache.held_table(name, getattr(self._state, name)))
        return info

    def read_for_paths(self, paths: list[str]) -> int:
        """Index, into this memory's empty index, only the lines of the log that can decide the
        gate on ``paths`` (the cold gate's partial read); the number of events read. The index
        records no position in the log, so nothing takes it for a whole one."""
        tail = self.log.read_from(0)
        lines = tail.lines + ([tail.torn] if tail.torn and is_event(tail.torn) else [])
        cited, closing = _deciding_lines(lines, paths)
        counts = {"skipped": 0, "records": 0, "newer": 0}
        malformed: list[list[Any]] = []
        decode = whole_log_decoder()
        events = self._parse(cited, counts, malformed, decode)
        # the issues these lines name (opened here, or tried here: a fix settles its attempts) and
        # the decisions they hold
        wanted = {e.id if e.type == "decision" else e.issue_id for e, _, _ in events
                  if e.type in ("issue", "attempt", "decision")} - {None}
        events += self._parse([(n, raw) for n, raw, key in closing if key is None or key in wanted], counts,
                              malformed, decode)
        kept = {id(event) for event in remembered(e for e, _, _ in events)}
        self.cache.insert_many([(e, "log", n, text) for e, n, text in events if id(e) in kept], set(paths))
        self.skipped = counts["skipped"]
        self._report({"malformed": malformed, **counts})
        return len(kept)

    def _parse(self, numbered: list[tuple[int, bytes]], counts: dict[str, int], malformed: list[list[Any]],
               decode: Callable[[str], Any]) -> list[tuple[Event, int, str]]:
        return [(event, number, text) for number, raw in numbered
                for event, text in self._read_line(raw, number, counts, malformed, decode)]

    def _read_line(self, raw: bytes, number: int, counts: dict[str, int], malformed: list[list[Any]],
                   decode: Callable[[str], Any] = json.loads) -> list[tuple[Event, str]]:
        """The events on one line: the line itself, or, when it is damaged, the whole events
        glued inside it (a merge onto a cut-off line): read, so a bad join loses no event.
        What a merge leaves that hides no event (a conflict marker, a cut-off write, a glued
        line) is no hole in memory: neither counted nor warned about; `ken doctor` names it."""
        try:
            text = raw.decode("utf-8")
            if number == 1:
                text = text.lstrip("\ufeff")  # a byte-order mark some editors add
            return [(parse_line(text, decode), text)]
        except ValueError as err:  # also covers UnicodeDecodeError and JSONDecodeError
            kind, glued = damage.classify(raw)
            if kind == damage.MALFORMED:
                self._count_bad(raw, err, counts)
                malformed.append([number, reason(err)])
            return [(event, piece) for piece, event in glued]

    def forget_derived(self, event_ids: list[str]) -> None:
        """Remove events derived from commits that history no longer has, and fold again from
        the index (the fold only adds; a removal means folding from scratch, without git)."""
        self.cache.remove(event_ids)
        state = State()
        for row in self.cache.all_events():
            state.apply(parse_line(row))
        self._state = state
        self._save_state(rebuilt=True)
        self._state = None

    def save_state(self) -> None:
        if self.by_id_only:  # the fold lives in this process alone, and only for this answer
            self._state_at = self._saved_at()
            return
        self._save_state(isinstance(self.state.open_issues, MemoryTable))

    def _is_prefix(self, info: dict[str, Any] | None, size: int, appended: bool) -> bool:
        """Whether the log still starts with the bytes the index has read: then only its tail
        is new. Checked byte for byte (a CRC of the whole prefix), so an edit in place of any
        line, even of the same length, is noticed; skipped only right after our own append."""
        if not info or "crc" not in info or size < info["end"]:
            return False
        if appended and info.get("stat") == self._verified:
            return True
        return bool(self.log.checksum(info["end"]) == info["crc"])

    def _fold_tail(self, info: dict[str, Any], rebuild: bool) -> dict[str, Any]:
        tail = self.log.read_from(info["end"], info["crc"])
        counts = {key: info[key] for key in ("events", "records", "newer", "skipped")}
        malformed = list(info["malformed"])
        number = info["lines"]
        fresh: list[tuple[Event, str, int | None, str | None]] = []
        tail_times: list[str] = []
        unterminated = [tail.torn] if tail.torn and is_event(tail.torn) else []
        if rebuild:
            fresh = self._read_all(tail.lines + unterminated, number, counts, malformed)
            number += len(tail.lines) + len(unterminated)
            counts["events"] += len(fresh)
        for raw in () if rebuild else tail.lines + unterminated:
            number += 1
            if not raw.strip():
                continue  # a blank line (a hand edit, a merge) is no event and no damage
            for event, text in self._read_line(raw, number, counts, malformed):
                counts["events"] += 1
                tail_times.append(event.timestamp)
                if event.forgets and self.cache.event(event.forgets) is not None:
                    raise _Rebuild  # an event the index holds is forgotten: the fold only adds
                if self.index(event, "log", number, text):
                    self._may_promote(event)
                if self.state.refold:
                    raise _Rebuild
        if unterminated:  # read, but not past: the next writer completes it, and it is read again
            number -= 1
            counts["events"] -= 1
        newest = max(info.get("newest", ""), max((r[0].timestamp for r in fresh), default=""), *tail_times)
        if fresh:  # an empty index: keep each id once, none forgotten, fold in the fold's order, load in bulk
            ordered = remembered(row[0] for row in fresh)
            self.state.apply_all(ordered)
            if not self.one_pass:  # the background build shares the lessons (``_may_promote``)
                self.promotable += _promotable(ordered)
            if len(ordered) < len(fresh):  # a copy of an id, or a forgotten event: left out
                kept = {id(event) for event in ordered}
                fresh = [row for row in fresh if id(row[0]) in kept]
            self.cache.insert_many(fresh, set() if self.by_id_only else None, self.by_id_only, rebuild_encoder())
        return {**counts, "end": tail.end, "lines": number, "malformed": malformed[-1000:],
                "torn": bool(tail.torn) and not unterminated, "newest": newest,
                "crc": tail.crc, "unterminated": len(unterminated)}

    def _read_all(self, lines: list[bytes], before: int, counts: dict[str, int],
                  malformed: list[list[Any]]) -> list[tuple[Event, str, int | None, str | None]]:
        """The events of the whole log's ``lines`` (numbered after ``before``), for a rebuild:
        a line that reads as an event at the first try costs one decode and one check; any
        other (a blank line, a byte-order mark, damage) is read as ``_read_line`` reads it."""
        decode = whole_log_decoder()
        fresh: list[tuple[Event, str, int | None, str | None]] = []
        add = fresh.append
        for number, raw in enumerate(lines, before + 1):
            if number > 1:
                try:
                    text = raw.decode("utf-8")
                    add((parse_line(text, decode), "log", number, text))
                    continue
                except ValueError:
                    pass
            if raw.strip():  # a blank line (a hand edit, a merge) is no event and no damage
                fresh += [(event, "log", number, text)
                          for event, text in self._read_line(raw, number, counts, malformed, decode)]
        return fresh

    @staticmethod
    def _count_bad(raw: bytes, err: ValueError, counts: dict[str, int]) -> None:
        counts["skipped"] += 1
        if raw.lstrip().startswith(b"{") and not isinstance(err, (UnicodeDecodeError, json.JSONDecodeError)):
            counts["records"] += 1  # an event-shaped line with a bad field: damage, not a foreign file
            if "newer kenning" in str(err):
                counts["newer"] += 1

    def _may_promote(self, event: Event) -> None:
        if not self.one_pass:
            self.promotable += _promotable([event])

    def index(self, event: Event, origin: str, line: int | None, raw: str | None = None) -> bool:
        """Take in one event; False when the index already had it, or a note forgot it."""
        if not event.forgets and self.cache.forgetting(event.id, 1):
            return False  # forgotten before it arrived (a teammate's copy of a captured attempt)
        if self.cache.insert(event, origin, line, raw):
            self.state.apply(event)
            return True
        stored = self.cache.event(event.id)
        if stored is not None and stored != raw and unique([event, parse_line(stored)])[0] is event:
            raise _Rebuild  # a differing copy of a known id that the fold prefers: start over
        return False

    def _report(self, info: dict[str, Any]) -> None:
        malformed = info["malformed"]
        for number, reason in malformed[:_WARNED_LINES]:
            self.warn(f"{_LOG} line {number} is not a valid event ({reason}); skipped (its bytes are kept)")
        if info.get("skipped", 0) > _WARNED_LINES:
            self.warn(f"{_LOG}: {info['skipped'] - _WARNED_LINES} more lines are not valid events; "
                      "`ken doctor` lists them")
        if info.get("torn"):
            self.warn(f"{_LOG} ends in an incomplete line (a write was cut off); skipped, "
                      "the next write moves it to .kenning/local/quarantine/")

    def newest_timestamp(self) -> str:
        """The newest timestamp among the log's events (as the index last read them)."""
        info = self.cache.meta("log") or {}
        return str(info.get("newest", ""))

    def forget_torn_warning(self) -> None:
        self.warnings = [w for w in self.warnings if "incomplete line" not in w]

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def flush_warnings(self) -> None:
        """Hand the reader warnings so far to the surface's sink (``warnings_to``), never into a
        projection or ``--json`` output."""
        hand_over(self.warnings)
        self.warnings.clear()

    def events(self, rows: list[str]) -> list[Event]:
        """Events from the index's rows (each checked when it was indexed). A row already decoded
        by this memory is not decoded again: the gate reads an event carrying hundreds of paths
        once for each of them it judges (half the JSON a 20-file precheck decoded). Keyed by the
        row's text, never stale; events are immutable, so one can be shared."""
        found = []
        shown = self._shown
        for row in rows:
            event = shown.get(row)
            if event is None:
                event = shown[row] = parse_indexed(row)
                self._shown_size += len(row)
                if self._shown_size > _SHOWN_KEPT:  # a long-lived server reads many: start again
                    shown.clear()
                    self._shown_size = 0
            found.append(event)
        return found


_SHOWN_KEPT = 4 << 20  # characters of rows kept decoded (``Memory.events``)


def _promotable(events: list[Event]) -> list[Event]:
    """The events among ``events`` that may become lessons other projects learn from: fixes,
    attempts that did not work, and memories marked as lessons (``app.lessons.promotion``)."""
    return [e for e in events if e.type == "fix" or (e.type == "attempt" and e.outcome != "worked") or e.lesson]


def whole_log_decoder() -> Callable[[str], Any]:
    """The JSON decoder of a read of the whole log: msgspec's, compiled (0.19 s where
    ``json.loads`` takes 0.45 s at 100,000 events, ``bench/decoders.py``). Imported here, by
    the reads that fold the whole log, and never by the warm gate: the import costs more than a
    warm gate's whole read. ``parse_line`` gives the lines it refuses to ``json.loads``."""
    import msgspec

    return msgspec.json.Decoder().decode


def rebuild_encoder() -> Callable[[Any], str]:
    """The JSON encoder of what a rebuild writes at once, the fold's whole state and the busy
    paths' lists of event numbers (``Cache.insert_many``): msgspec's, compiled (25 ms where
    ``json``'s takes 150 ms for the 45,000 values of 100,000 events with 10,000 issues open;
    0.02 s against 0.07 s for 599,000 numbers in 2,000 lists), as text, since SQLite's
    ``json_each`` reads a blob as JSONB. What it writes reads back as the same value: the
    state holds text, whole numbers, true and false, lists and objects, never a float (a NaN is
    where the two would differ). A value it refuses (text with a lone surrogate, which the log's
    reader refuses first) is written by ``json``."""
    import msgspec

    compiled = msgspec.json.Encoder().encode
    standard = json.JSONEncoder(separators=(",", ":")).encode

    def encode(value: Any) -> str:
        try:
            return compiled(value).decode()
        except (TypeError, ValueError):  # UnicodeEncodeError is a ValueError
            return standard(value)

    return encode


def _index(project: Project) -> Cache:
    """The project's index as this clone may read it: built by this clone, not tracked by git
    (``store.cache_owner``); else an index in memory, folded from the log."""
    path = os.path.join(project.cache_folder, "index.sqlite")
    gdir = git.git_dir(project.folder)
    if gdir is None:
        return Cache.unusable(path, "no git dir to keep this clone's key in")
    try:
        key = cache_owner.clone_key(os.path.join(gdir, cache_owner.KEY_FILE))
    except OSError as err:
        return Cache.unusable(path, f"this clone's key cannot be kept in {gdir} ({cause(err)})")
    return Cache(path, cache_owner.Owner(key, git_index.stamp(gdir), lambda: _tracked(project, _INDEX)))


def _tracked(project: Project, path: str) -> bool:
    """Whether git tracks ``path``: read from git's index file, or asked of git when that file is
    in a form the reader does not know. When git cannot say, the clone's key alone decides."""
    found = git_index.tracked_paths(project.folder, [path])
    if found is not None:
        return path in found
    try:
        return git.tracked(project.folder, path)
    except GitError:
        return False


def reason(err: ValueError) -> str:
    """Why a line is not an event, in a few words."""
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(err, json.JSONDecodeError):
        return "not JSON"
    return str(err)[:120]


def _require_readable(info: dict[str, Any]) -> None:
    """``MemoryUnreadable`` when the log has content but not one event can be read from it: a
    foreign or binary file, or one written by a newer kenning. Answering "no warnings" from such
    a log would be a lie; a log with some damaged lines among events is read, with warnings."""
    if not info.get("skipped") or info.get("events") or info.get("unterminated"):
        return
    if info.get("newer") and info["newer"] == info.get("records"):
        raise MemoryUnreadable(f"every event in {_LOG} was written by a newer kenning; update your "
                               "kenning checkout (git pull) and reinstall it to read it")
    if not info.get("records"):
        raise MemoryUnreadable(f"{_LOG} holds {plural(info['skipped'], 'line')} and not one is an event (a binary, "
                               "encrypted or overwritten file?); restore it with `git checkout -- "
                               f"{_LOG}`, or move it aside and run `ken init`")


def _deciding_lines(lines: list[bytes], paths: list[str]) -> tuple[list[tuple[int, bytes]],
                                                                   list[tuple[int, bytes, str | None]]]:
    """The numbered raw lines that may decide the gate on ``paths``, found by byte searches over
    the whole log before any JSON is parsed: a superset. First every line holding a path as JSON
    writes it (raw or ``\\u``-escaped; in a location, a ``paths`` list or any text), and every
    copy of an id the log holds more than once (which copy the fold keeps depends on all); then each
    fix with the issue it closes, each superseding decision with the one it retires (the caller
    keeps those whose key is an issue or decision of the first lines; None: unread, kept), and
    every forgetting note."""
    text = b"\n".join(lines)
    starts = [0, *accumulate(len(line) + 1 for line in lines)]
    needles = {json.dumps(p, ensure_ascii=ascii)[1:-1].encode("utf-8") for p in paths for ascii in (False, True)}
    cited = set().union(*(_holding(text, starts, needle) for needle in needles), _copies(text, starts))
    closing = [(n, lines[n - 1], _field(pattern, lines[n - 1]))
               for needle, pattern in ((b'"fix"', _ISSUE_ID), (b'"supersedes"', _SUPERSEDES))
               for n in sorted(_holding(text, starts, needle) - cited)]
    # every forgetting note (``ken forget``; few): whichever event of the above it forgets
    closing += [(n, lines[n - 1], None) for n in sorted(_holding(text, starts, b'"forgets"') - cited)]
    return [(n, lines[n - 1]) for n in sorted(cited)], closing


def _holding(text: bytes, starts: list[int], needle: bytes) -> set[int]:
    """The numbers (from 1) of the lines of ``text`` that contain ``needle``."""
    found = set()
    at = text.find(needle)
    while at >= 0:
        number = bisect_right(starts, at)
        found.add(number)
        at = text.find(needle, starts[number])
    return found


def _copies(text: bytes, starts: list[int]) -> set[int]:
    """The numbers of the lines whose id another line has too (usually none)."""
    repeated = {key for key, count in Counter(re.findall(_ID, text)).items() if count > 1}
    if not repeated:
        return set()
    return {bisect_right(starts, match.start()) for match in re.finditer(_ID, text) if match.group(1) in repeated}


# compiled where used (re caches them), only by the cold read: not in every warm process
_ID = rb'"id"\s*:\s*"([^"\\]*)"'
_ISSUE_ID = rb'"issue_id"\s*:\s*"([^"\\]*)"'
_SUPERSEDES = rb'"supersedes"\s*:\s*"([^"\\]*)"'


def _field(pattern: bytes, raw: bytes) -> str | None:
    match = re.search(pattern, raw)
    return match.group(1).decode("utf-8", "replace") if match else None
