"""The derived index: ``.kenning/cache/index.sqlite``, rebuildable from the log at any time.

It holds every event (from the log and from git history) keyed by id, with the columns the
read surfaces query (path, issue, type, time), the folded summary state as JSON, and how far
into the log it has read. Deleting it loses nothing: the next read rebuilds it. A damaged file
is treated the same way. Writes to it need no fsync: it is a cache, not a record.
"""

from __future__ import annotations

import json
import os
import sqlite3

from kenning.core.errors import UnsafePath, cause
from kenning.core.events import Event
from kenning.store import cache_owner, search
from kenning.store.bulk import load
from kenning.store.event_queries import EventQueries
from kenning.store.event_rows import RETIRING, bulk_path_rows, event_row, path_rows, retirement, snooze_rows
from kenning.store.files import exists, refuse_links
from kenning.store.gate_queries import FIX_COMMIT_PREFIX, GateQueries
from kenning.store.state_table import RANK_KEY, HeldTable, StateTable, replace_tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from contextlib import AbstractContextManager
    from typing import Any

    from kenning.core.fold import MemoryTable
    from kenning.store.cache_owner import Owner
    from kenning.store.files import StrPath

# 19: the summary state keeps events derived from git apart from the notes
# 20: an unsnooze is kept as a snooze row without an end ("")
# 21: the failed-attempt and issue keys carry the columns their counts read (covering), and
#     the path keys order by (ts, id), as the gate picks the newest rows
# 22: the owner table: which clone built the index (``cache_owner``)
# 23: the summary state counts each issue's failed/partial attempts and keeps the failures that
#     name no issue (reverts among them) and more notes and history: the budget cuts, not the state
# 24: events_derived, so the views count events by origin without reading every event
# 25: the failed-attempt key carries the issue id, as the gate counts them by issue (fixed or not),
#     and the issue key the event id, as it reads an issue's fixes
# 26: the full-text table ``event_text`` (``store.search``): stemmed words and phrases
# 27: a revert's derived paths name the build lists beside its code, and none for a dependency roll; the
#     git facts kept per (HEAD, path) say which commits are relands (they settle a revert)
# 28: a hand-written memory's path row carries its number among the path's (``n``), so the
#     stale-memory count is one key lookup, not a walk over every memory of the file
# 29: a folded item that cites lines says so (``cited``), so the summary follows only those
# 30: a note that forgets an event (``ken forget``) keeps a retirement row; the event is not indexed
# 31: the events that cite code have a partial index of their own (``events_cited``): the gate's
#     look for them no longer walks every memory of a busy file
# 32: the full-text table is built on the first search, from the events' JSON: ``events`` has no
#     ``text`` column, and a rebuild writes no words
# 33: fixes are keyed by the first characters of the commit they name (``events_fix_commit``): the
#     gate finds the fixes a revert undid without reading every fix of a busy file's issues
# 34-35: an event that cites code says so in a column of its own (``cites``), so its partial index is
#     built without searching every event's JSON; the issue and outcome keys hold only the events
#     they are asked about (those with an issue; attempts), and the path rows' type key the issues'
#     alone (other types are asked by path, on the table's key)
# 36: the path rows are keyed by (path, ts, id), a file's memories in the fold's order whatever
#     their type, and the types the gate asks by path have partial keys (failed attempts, issues,
#     decisions): the second key over every row, by origin, was a sort of each row at every
#     rebuild (0.5 s of 599,000 rows with 500 paths on one event in a hundred)
# 37: the events' ids are a unique key of their own (``events_id``), not the table's primary key:
#     a bulk load builds it after the rows, from sorted ids, rather than insert 100,000 random ids
#     one by one into it
CACHE_VERSION = "37"  # 18: retirements, fixes and snoozes kept as facts; event_paths keyed for range scans

# Every query of the gate and the views is a range scan on one of these keys (the test
# tests/store/test_query_plans.py holds them to it): the cost follows what is shown, not how
# many events the log holds. A partial key carries the columns its own condition names (type,
# origin): SQLite reads a column a query tests from the key or, without it, from the row.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS events(
    id TEXT NOT NULL, ts TEXT NOT NULL, type TEXT NOT NULL, path TEXT, issue_id TEXT,
    outcome TEXT, supersedes TEXT, origin TEXT NOT NULL, line INTEGER, cites INTEGER,
    json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS event_paths(path TEXT NOT NULL, type TEXT NOT NULL, ts TEXT NOT NULL, id TEXT NOT NULL,
    outcome TEXT, issue_id TEXT, origin TEXT NOT NULL, fixed TEXT, retired TEXT, n INTEGER,
    PRIMARY KEY(path, ts, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS retirements(id TEXT NOT NULL, by TEXT NOT NULL, ts TEXT NOT NULL,
    PRIMARY KEY(id, by)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snoozes(path TEXT NOT NULL, until TEXT NOT NULL, ts TEXT NOT NULL, id TEXT NOT NULL,
    PRIMARY KEY(path, until, ts, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS git_history(head TEXT NOT NULL, path TEXT NOT NULL, since INTEGER NOT NULL,
    full INTEGER NOT NULL, commits TEXT NOT NULL, PRIMARY KEY(head, path)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS state(name TEXT NOT NULL, k TEXT NOT NULL, rank TEXT NOT NULL, v TEXT NOT NULL,
    PRIMARY KEY(name, k)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS owner(k TEXT PRIMARY KEY, v TEXT NOT NULL);
RANK_KEY;
CREATE UNIQUE INDEX IF NOT EXISTS events_id ON events(id);
CREATE INDEX IF NOT EXISTS events_issue ON events(issue_id, type, ts, id) WHERE issue_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS events_type ON events(type, ts);
CREATE INDEX IF NOT EXISTS events_outcome ON events(type, outcome, ts, path) WHERE type='attempt';
CREATE INDEX IF NOT EXISTS events_derived ON events(type, origin) WHERE origin='git';
CREATE INDEX IF NOT EXISTS events_cited ON events(ts, id) WHERE cites=1;
CREATE INDEX IF NOT EXISTS events_fix_commit ON events(FIX_COMMIT_PREFIX) WHERE type='fix';
CREATE INDEX IF NOT EXISTS event_paths_kind ON event_paths(type, path, ts, fixed, issue_id, origin) WHERE type='issue';
CREATE INDEX IF NOT EXISTS event_paths_decision ON event_paths(path, ts, id, retired, type, origin)
    WHERE type='decision';
CREATE INDEX IF NOT EXISTS event_paths_retired ON event_paths(path, retired, ts, type, origin)
    WHERE type='decision' AND origin='log' AND retired IS NOT NULL;
CREATE INDEX IF NOT EXISTS event_paths_issue ON event_paths(issue_id) WHERE type='issue';
CREATE INDEX IF NOT EXISTS event_paths_failed ON event_paths(path, origin, ts, id, outcome, issue_id, type)
    WHERE type='attempt' AND outcome='failed';
""".replace("FIX_COMMIT_PREFIX", FIX_COMMIT_PREFIX).replace("RANK_KEY", RANK_KEY)
# built after a bulk load rather than row by row during it: a key built from its sorted entries
# is packed; kept during the load, the path rows' keys of failed attempts and decisions were 10-12 %
# larger and the warm 20-file precheck's SQL took 31.6 ms instead of 25.9 on wide-paths, for a
# load 0.1 s shorter. The path rows' keys of issues and retired decisions are kept during the
# load: built after it, each was a walk of every path row (0.05-0.09 s of 599,000) for a few
# thousand entries, 12 % larger kept (1.59 -> 1.79 MB on open-issues) and read as fast
_DEFERRED = ("events_issue", "events_type", "events_outcome", "events_derived", "events_cited", "events_fix_commit",
             "event_paths_decision", "event_paths_failed")
# what an index asked for events by id alone does without (``insert_many(by_id_only=True)``)
_BY_PATH_OR_TYPE = ("events_type", "events_outcome", "events_derived")
# an index built without the full-text table (a SQLite without FTS5) says so in its version, so
# a Python that has FTS5 rebuilds it with the table, and one without never opens an index that has it
WITHOUT_FULL_TEXT = 1 << 16
_TABLES = ("events", "event_paths", "retirements", "snoozes", "git_history", "meta", "state", "owner")


_INTO_EVENTS = ("INSERT OR IGNORE INTO events(id, ts, type, path, issue_id, outcome, supersedes, origin,"
               " line, cites, json) VALUES")
_INSERT = _INTO_EVENTS + "(?,?,?,?,?,?,?,?,?,?,?)"


# a path's hand-written memories (its rows from the log but snoozes): each row's ``n`` is its
# number among them in the order (ts, id), so how many were written before a time is the ``n``
# of the last one before it (``GateQueries.memories_before``). An event indexed among them (a
# union merge appends older events) or removed renumbers those after it: none, in the usual case
_MEMORY_ROWS = "SELECT {n} FROM event_paths WHERE path=?1 AND origin='log' AND type!='snooze' AND {where}"
_RENUMBER = ("UPDATE event_paths SET n=n+?5 WHERE path=?1 AND origin='log' AND type!='snooze'"
             " AND (ts>?3 OR (ts=?3 AND id>?4))")
_INSERT_PATH = ("INSERT OR IGNORE INTO event_paths(path, type, ts, id, outcome, issue_id, origin, fixed, retired, n)"
                f" VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, CASE WHEN ?7='log' AND ?2!='snooze' THEN"
                f" coalesce(({_MEMORY_ROWS.format(n='n', where='(ts<?3 OR (ts=?3 AND id<?4))')}"
                " ORDER BY ts DESC, id DESC LIMIT 1), 0) + 1 END)")
# an issue's rows carry the time of its first fix: a fact set when either of the two is indexed,
# so counting a file's open issues reads its issue rows and nothing else
_FIRST_FIX = "SELECT min(ts) FROM events WHERE issue_id=?1 AND type='fix'"
_SET_FIXED = f"UPDATE event_paths SET fixed=({_FIRST_FIX}) WHERE type='issue' AND issue_id=?1"
_REFRESH_FIXED = ("UPDATE event_paths SET fixed=(SELECT min(f.ts) FROM events f WHERE f.issue_id=event_paths.issue_id"
                  " AND f.type='fix') WHERE type='issue'")
# likewise a decision's rows carry the time it was first retired (the retirements table says by whom)
_FIRST_RETIREMENT = "SELECT min(ts) FROM retirements WHERE id=?1"
# the paths an indexed event is about (its location's and its ``paths``), and its time: its rows' keys
_EVENT_PATHS = ("SELECT path FROM events WHERE id=?1 UNION"
                " SELECT value FROM json_each((SELECT json FROM events WHERE id=?1), '$.paths')")
_EVENT_ROWS = f"path IN ({_EVENT_PATHS}) AND ts=(SELECT ts FROM events WHERE id=?1) AND id=?1"
_SET_RETIRED = (f"UPDATE event_paths SET retired=({_FIRST_RETIREMENT}) WHERE {_EVENT_ROWS}"
                " AND type='decision'")
_REFRESH_RETIRED = ("UPDATE event_paths SET retired=(SELECT min(r.ts) FROM retirements r WHERE r.id=event_paths.id)"
                    " WHERE type='decision'")

# A bulk load's path rows (``event_rows.bulk_path_rows``). A path with many rows is given
# once, its hand-written memories one JSON array of the events' row ids in the fold's order (so
# each one's number among them is its place), and SQLite makes their rows, each joined by row
# id to a narrow copy of the events' columns (``event_columns``, in memory); its other rows
# (snoozes, events derived from git) and the rows of the paths with few are bound whole, fifty
# to a statement. Bound whole, ten values a row, 599,000 rows (500 paths on one event in a
# hundred) cost 2.0 s, made by SQLite 0.9 s; one statement for each of 50,000 paths of two
# rows cost more than binding their rows. SQLite's own copy of the rows from the events' JSON,
# with the window function and sorts that number them, took 10 s
_INTO_PATHS = "INSERT OR IGNORE INTO event_paths(path, type, ts, id, outcome, issue_id, origin, fixed, retired, n)"
_LOAD_PATH = _INTO_PATHS + " VALUES"
_EVENT_COLUMNS = ("CREATE TEMP TABLE event_columns(eid INTEGER PRIMARY KEY, type, ts, id, outcome, issue_id,"
                  " origin, fixed, retired)")
_COPY_COLUMNS = ("INSERT INTO temp.event_columns SELECT rowid, type, ts, id, outcome, issue_id, origin, NULL, NULL"
                 " FROM main.events WHERE rowid IN (SELECT value FROM json_each(?))")
_MARK_COLUMNS = "UPDATE temp.event_columns SET fixed=?, retired=? WHERE eid=?"
_LOAD_PATH_ARRAY = (f"{_INTO_PATHS} SELECT ?1, e.type, e.ts, e.id, e.outcome, e.issue_id, e.origin, e.fixed, e.retired,"
                    " j.key + 1 FROM json_each(?2) j CROSS JOIN temp.event_columns e ON e.eid = j.value")
# rows of a path from which SQLite makes them (from 16, many-files read 347 arrays for 8,759 rows: slower)
_ONE_ARRAY = 64
_INSERT_RETIREMENT = "INSERT OR IGNORE INTO retirements(id, by, ts) VALUES(?, ?, ?)"
_INSERT_SNOOZE = "INSERT OR IGNORE INTO snoozes(path, until, ts, id) VALUES(?, ?, ?, ?)"


class Cache(EventQueries, GateQueries):
    """One connection to the index; every method is a single query or a single write (the
    queries: ``store.event_queries`` and ``store.gate_queries``).

    An index that cannot be opened or written (a read-only folder, a full disk, a link in its
    place) is replaced by one in memory, folded from the log for this process alone: reads
    never fail because a cache could not be kept. ``problem`` then says why. With an ``owner``,
    an index another clone built is emptied before it is read, and one git tracks is not used
    (``cache_owner``)."""

    def __init__(self, path: StrPath | None, owner: Owner | None = None) -> None:
        self.path = path
        self.owner = owner
        self.problem: str | None = None
        self._file: tuple[int, int] | None = None
        if path is None:
            self.db = self._open(":memory:")
            return
        try:
            self.db, self._file = self._connect_noted(path)
        except (OSError, sqlite3.Error, UnsafePath) as err:
            self.problem = (f"the index .kenning/cache/{os.path.basename(path)} cannot be used ({cause(err)}); "
                            "answering from the log (slower)")
            self.db = self._open(":memory:")

    @classmethod
    def unusable(cls, path: StrPath, why: str) -> Cache:
        """An index in memory, for a clone that cannot own the one at ``path``."""
        cache = cls(None)
        cache.path = path
        cache.problem = (f"the index .kenning/cache/{os.path.basename(path)} cannot be used ({why}); "
                         "answering from the log (slower)")
        return cache

    def _connect_noted(self, path: StrPath) -> tuple[sqlite3.Connection, tuple[int, int] | None]:
        """Connect, noting which file (device, inode) was opened, to notice its replacement.
        Noted before opening where it exists: a replacement in between then looks like one
        (an extra reopen), never the reverse (writes refused with no reopen)."""
        before = self._identity()
        db = self._connect(path)
        return db, before or self._identity()

    def _identity(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path) if self.path is not None else None
        except OSError:
            return None
        return (st.st_dev, st.st_ino) if st is not None else None

    def replaced(self) -> bool:
        """Whether another process removed or replaced the index file since this one opened it
        (``ken regenerate``, a damaged index rebuilt): the open connection still reads the old
        file, and SQLite refuses to write to it."""
        return self.path is not None and self._file is not None and self._identity() != self._file

    def reopen(self) -> None:
        """Open the index file now at the path (building it when it is missing)."""
        assert self.path is not None
        db, self._file = self._connect_noted(self.path)  # opened first: a failure keeps the old one
        self.db.close()
        self.db = db

    @classmethod
    def in_memory(cls) -> Cache:
        return cls(None)

    def _connect(self, path: StrPath) -> sqlite3.Connection:
        refuse_links(path)
        for suffix in ("-journal", "-wal"):
            refuse_links(os.fspath(path) + suffix)
        folder = os.path.dirname(path) or os.curdir
        os.makedirs(folder, exist_ok=True)
        if not os.access(folder, os.W_OK) or (exists(path) and not os.access(path, os.W_OK)):
            raise PermissionError(13, "the folder or file is read-only")
        try:
            return self._open(str(path), self.owner)
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError:
            self._discard(path)  # a damaged cache is just a missing cache: remove it and start again
            return self._open(str(path), self.owner)

    def reset(self) -> None:
        """Replace a damaged index with an empty one (it is rebuilt from the log)."""
        self.db.close()
        if self.path is None:
            self.db = self._open(":memory:")
            return
        self._discard(self.path)
        try:
            self.db, self._file = self._connect_noted(self.path)
        except (OSError, sqlite3.Error, UnsafePath) as err:
            self.problem = f"the index cannot be rebuilt on disk ({cause(err)}); answering from the log (slower)"
            self.db = self._open(":memory:")
            self._file = None

    @staticmethod
    def _discard(path: StrPath) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            try:
                os.unlink(str(path) + suffix)
            except FileNotFoundError:
                pass

    @staticmethod
    def _open(target: str, owner: Owner | None = None) -> sqlite3.Connection:
        db = sqlite3.connect(target, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA synchronous=OFF")
            # a new index's pages (an existing file keeps its own): half as many pages for a
            # rebuild to write and link as at 4 KiB, about a tenth of its SQLite time
            db.execute("PRAGMA page_size=8192")
            if not _ready(db, owner):
                _set_up(db, owner)
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def transaction(self) -> AbstractContextManager[None]:
        return _Transaction(self.db)

    def snapshot(self) -> AbstractContextManager[None]:
        """A read transaction: every query inside it sees the index as one moment left it, while
        writers wait for its end (a render that mixes two moments shows an issue neither open
        nor done)."""
        return _Transaction(self.db, "BEGIN")

    def busy(self) -> bool:
        """Whether another process is writing the index right now (a rebuild holds it for
        seconds): asked without waiting."""
        self.db.execute("PRAGMA busy_timeout=0")
        try:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError:
            return True
        finally:
            self.db.execute("PRAGMA busy_timeout=30000")

    # -- meta ---------------------------------------------------------------------------------

    def meta(self, key: str) -> Any:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def set_meta(self, key: str, value: Any) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)",
                        (key, json.dumps(value, separators=(",", ":"))))

    def empty(self) -> None:
        """Delete every row but the owner's (inside the caller's transaction): a new index, in
        the same file."""
        search.reset(self.db)
        for table in _TABLES:
            if table != "owner":
                self.db.execute(f"DELETE FROM {table}")

    def clear(self, origin: str | None = None) -> None:
        if origin is None:
            search.reset(self.db)
            for table in ("events", "meta", "state", "event_paths", "retirements", "snoozes"):
                self.db.execute(f"DELETE FROM {table}")
        else:
            self.db.execute("DELETE FROM event_paths WHERE origin=?", (origin,))
            self.db.execute("DELETE FROM retirements WHERE by IN (SELECT id FROM events WHERE origin=?)", (origin,))
            self.db.execute("DELETE FROM snoozes WHERE id IN (SELECT id FROM events WHERE origin=?)", (origin,))
            search.forget(self.db, "origin=?", (origin,))
            self.db.execute("DELETE FROM events WHERE origin=?", (origin,))
            self.db.execute(_REFRESH_FIXED)
            self.db.execute(_REFRESH_RETIRED)

    # -- writes -------------------------------------------------------------------------------

    def insert(self, event: Event, origin: str, line: int | None, raw: str | None = None) -> bool:
        """Index one event; False when its id is already known (a duplicate line)."""
        cur = self.db.execute(_INSERT, event_row(event, origin, line, raw))
        if cur.rowcount != 1:
            return False
        search.index_one(self.db, cur.lastrowid, event)
        fixed = retired = None
        if event.type == "issue" and event.issue_id:
            fixed = self.db.execute(_FIRST_FIX, (event.issue_id,)).fetchone()[0]
        elif event.type == "fix" and event.issue_id:
            self.db.execute(_SET_FIXED, (event.issue_id,))
        retires = retirement(event)
        if retires:
            self.db.execute(_INSERT_RETIREMENT, retires)
            self.db.execute(_SET_RETIRED, (retires[0],))
        if event.type == "decision":
            retired = self.db.execute(_FIRST_RETIREMENT, (event.id,)).fetchone()[0]
        for row in path_rows(event, origin, fixed, retired):
            if origin == "log" and event.type != "snooze":  # numbered among the path's memories
                self.db.execute(_RENUMBER, (*row[:4], 1))
            self.db.execute(_INSERT_PATH, row)
        self.db.executemany(_INSERT_SNOOZE, snooze_rows(event))
        return True

    def insert_many(self, rows: Iterable[tuple[Event, str, int | None, str | None]],
                    paths: set[str] | None = None, by_id_only: bool = False,
                    encode: Callable[[list[int]], str] = json.dumps) -> None:
        """Bulk-load events into an empty index (a rebuild). The path rows go in key order, so
        their B-tree is appended to rather than split at random; secondary indexes are built once, at
        the end, from sorted data; the words for the search are left to the first search
        (``store.search``). ``paths``: a partial index that will only be asked about
        these paths keeps path rows for them alone and no planner statistics.
        ``by_id_only``: an index asked for events by id alone (the summary's one pass; with
        ``paths`` empty) builds only the key an event indexed after the load asks for (its
        issue's first fix), not the six the gate's and the views' queries read. An id that comes
        twice is taken in once, the first time, as one at a time. ``encode``: the JSON of a list
        of whole numbers (a busy path's events; a caller may hand in a compiled encoder)."""
        first: dict[str, tuple[Event, str, int | None, str | None]] = {}
        for row in rows:
            first.setdefault(row[0].id, row)
        loaded = list(first.values())
        before = self.db.execute("SELECT 1 FROM events LIMIT 1").fetchone()
        # into an empty table, the ids' key too is built after the rows (the ids are all new)
        for name in _DEFERRED if before else (*_DEFERRED, "events_id"):
            self.db.execute(f"DROP INDEX IF EXISTS {name}")  # not executescript: it would commit
        # 64 MiB of pages, kept by this connection (one use case's) after the load: the events
        # derived from git, the fold's state and summary.md are written and read next, and with
        # the default 2 MiB each of their rows read its pages again from the file
        self.db.execute("PRAGMA cache_size=-65536")
        # in the order they come (sorted by id, the key, they took as long): the n-th row is the
        # n-th event, unless the table held rows before
        load(self.db, _INTO_EVENTS, [event_row(event, origin, line, raw) for event, origin, line, raw in loaded])
        numbered = not before and self.db.execute("SELECT max(rowid) FROM events").fetchone()[0] == len(loaded)
        search.unbuilt(self.db)  # their words are taken in by the first search, if any
        retirements = sorted(filter(None, (retirement(event) for event, _, _, _ in loaded
                                           if event.type in RETIRING)))
        self.db.executemany(_INSERT_RETIREMENT, retirements)
        one_array = _ONE_ARRAY if numbered else 1 << 62  # row ids not known: every row bound whole
        self._load_paths(*bulk_path_rows(loaded, paths, retirements, one_array), encode)
        self.db.executemany(_INSERT_SNOOZE, sorted(row for event, _, _, _ in loaded if event.type == "snooze"
                                                   for row in snooze_rows(event) if paths is None or row.path in paths))
        for statement in _SCHEMA.split(";"):
            if " INDEX " in statement and (not by_id_only or not any(f" {name} " in statement
                                                                          for name in _BY_PATH_OR_TYPE)):
                self.db.execute(statement)
        if paths is None:  # statistics from a sample: enough to plan by
            self.db.execute("PRAGMA analysis_limit=1000")
            self.db.execute("ANALYZE")

    def _load_paths(self, per_path: list[tuple[str, list[Any]]], marks: list[tuple[str | None, str | None, int]],
                    read: list[int], encode: Callable[[list[int]], str]) -> None:
        """The path rows in key order: a path's rows bound whole, or made by SQLite from
        integers (``event_rows.bulk_path_rows``)."""
        few: list[tuple[Any, ...]] = []  # the whole rows of the paths since the last made by SQLite
        copied = False
        try:
            for path, rows in per_path:
                if not rows or type(rows[0]) is tuple:
                    few += rows
                    continue
                load(self.db, _LOAD_PATH, few)  # the rows before go first: the key is appended to
                few = []
                if not copied:
                    self._copy_columns(marks, encode(read))
                    copied = True
                self.db.execute(_LOAD_PATH_ARRAY, (path, encode(rows)))
            load(self.db, _LOAD_PATH, few)
        finally:
            if copied:
                self.db.execute("DROP TABLE temp.event_columns")

    def _copy_columns(self, marks: list[tuple[str | None, str | None, int]], read: str) -> None:
        """The columns of the events ``read`` (the JSON array of their row numbers) that the
        path rows made by SQLite take, with their issue's first fix and retirement."""
        self.db.execute("PRAGMA temp_store=MEMORY")  # dropped at the end of the load: never a file
        self.db.execute(_EVENT_COLUMNS)
        self.db.execute(_COPY_COLUMNS, (read,))
        self.db.executemany(_MARK_COLUMNS, marks)

    def remove(self, event_ids: list[str]) -> None:
        for event_id in event_ids:  # by key: the paths the event names, then its id among them
            kind, issue_id, retires = self.db.execute("SELECT type, issue_id, supersedes FROM events WHERE id=?",
                                                      (event_id,)).fetchone() or (None, None, None)
            for path, ts in self.db.execute(f"SELECT path, ts FROM event_paths WHERE {_EVENT_ROWS}"
                                            " AND n IS NOT NULL", (event_id,)).fetchall():
                self.db.execute(_RENUMBER, (path, None, ts, event_id, -1))  # the memories after it move up
            self.db.execute(f"DELETE FROM event_paths WHERE {_EVENT_ROWS}", (event_id,))
            self.db.execute(f"DELETE FROM snoozes WHERE path IN ({_EVENT_PATHS}) AND id=?1", (event_id,))
            self.db.execute("DELETE FROM retirements WHERE id=(SELECT supersedes FROM events WHERE id=?1) AND by=?1",
                            (event_id,))
            search.forget(self.db, "id=?", (event_id,))
            self.db.execute("DELETE FROM events WHERE id=?", (event_id,))
            if kind == "fix" and issue_id:  # the issue's first fix may have been this one
                self.db.execute(_SET_FIXED, (issue_id,))
            if kind == "decision" and retires:  # and the decision it retired may stand again
                self.db.execute(_SET_RETIRED, (retires,))

    # -- the folded summary state ------------------------------------------------------------

    def table(self, name: str) -> StateTable:
        return StateTable(self.db, name)

    def held_table(self, name: str, held: MemoryTable) -> HeldTable:
        """The state table ``name``, read from ``held`` (the fold's table in memory, just saved
        whole) and written to both."""
        return HeldTable(held, StateTable(self.db, name))

    def save_tables(self, tables: dict[str, Mapping[str, tuple[str, Any]]],
                    encode: Callable[[Any], str] | None = None) -> None:
        """Replace whole state tables at once (after a fold from scratch; ``encode``: see
        ``state_table.replace_tables``)."""
        replace_tables(self.db, tables, encode)


def _version() -> int:
    """The ``user_version`` of an index this process builds and reads."""
    return int(CACHE_VERSION) + (0 if search.available() else WITHOUT_FULL_TEXT)


def _ready(db: sqlite3.Connection, owner: Owner | None) -> bool:
    """Whether the index has this kenning's schema and, with an ``owner``, was built by this
    clone and checked against git's index as it is now (one pragma and one query)."""
    if db.execute("PRAGMA user_version").fetchone()[0] != _version():
        return False
    return owner is None or cache_owner.held_by(db) == (owner.key, owner.seen)


def _set_up(db: sqlite3.Connection, owner: Owner | None) -> None:
    """Make the index this kenning's and this clone's, in one transaction: every process that
    opens a new, older or foreign index comes here, and the first to take the lock sets it up
    while the others wait, then find it ready (dropped tables between two processes' steps
    were "no such table" errors). An index of another clone is emptied, never read."""
    if owner is not None and owner.tracked():
        raise cache_owner.TrackedIndex(
            "git tracks it, and a committed index is not this machine's; untrack it with "
            "`git rm --cached .kenning/cache/index.sqlite`")
    with _Transaction(db):
        if _ready(db, owner):
            return
        version = db.execute("PRAGMA user_version").fetchone()[0]
        held = cache_owner.held_by(db) if version == _version() else None
        if version != _version() or (owner is not None and (held is None or held[0] != owner.key)):
            # one statement at a time: executescript would commit
            for table in (search.TABLE, search.PLAIN_TABLE, *_TABLES):
                db.execute(f"DROP TABLE IF EXISTS {table}")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(search.schema())
            db.execute(f"PRAGMA user_version={_version()}")
        if owner is not None:
            cache_owner.record(db, owner)


class _Transaction:
    """``BEGIN IMMEDIATE``: concurrent refreshers of the cache take turns instead of racing."""

    def __init__(self, db: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> None:
        self.db = db
        self.begin = begin

    def __enter__(self) -> None:
        self.db.execute(self.begin)

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if not exc_type:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite may have rolled back already (a full disk does)
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the error being raised says what went wrong; this one would hide it

