"""Read-only queries of the index for the pages (``ken visualize``, ``ken dashboard``).

A page summarises a whole memory, so unlike the gate's bounded queries (``cache.py``) these
may read every row of a table once: each is a single pass that SQLite aggregates (a GROUP BY,
a window), so Python sees per-file or per-day counts, never 100,000 events. Where a page shows
a list, the query returns that bounded list. Nothing here writes: they take the connection of
an open ``Cache`` and leave it as they found it.
"""

from __future__ import annotations

import json

from kenning.core.events import Event, parse_indexed
from kenning.core.rows import Row

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3

# one row per file the memory cites: hand-recorded failed and partial attempts, failed attempts
# derived from git (each is a revert touching the file), issues never fixed, every event, and
# the newest; snoozes are bookkeeping, not history, and are left out
_FILE_HEAT = """
SELECT path,
  sum(type='attempt' AND outcome='failed' AND origin!='git'),
  sum(type='attempt' AND outcome='partial'),
  sum(type='attempt' AND outcome='failed' AND origin='git'),
  count(DISTINCT CASE WHEN type='issue' AND fixed IS NULL THEN issue_id END),
  count(DISTINCT CASE WHEN type='issue' THEN issue_id END),
  count(*), max(ts)
FROM event_paths WHERE type!='snooze' GROUP BY path ORDER BY path"""

def event_of(raw: str) -> Event:
    """An event as the index holds it. Every row was checked when it was read from the log, so
    it is decoded (and an old version upcast) without checking it again: a page decodes
    thousands."""
    return parse_indexed(raw)


class FileHeat(Row):
    """What the memory holds about one file, counted: the attempts failed by hand and partial,
    the reverts (failed attempts derived from git), the issues still open and all of them, every
    event, and the newest one's time."""

    path: str
    failed: int
    partial: int
    reverts: int
    open_issues: int
    issues: int
    events: int
    newest: str


def file_heat(db: sqlite3.Connection) -> list[FileHeat]:
    """One row per file the memory cites, by path."""
    return [FileHeat(str(path), int(failed), int(partial), int(reverts), int(open_), int(issues), int(events),
                     str(newest))
            for path, failed, partial, reverts, open_, issues, events, newest in db.execute(_FILE_HEAT)]


def revert_times(db: sqlite3.Connection) -> dict[str, list[str]]:
    """path -> the time of each revert that touched it (the failed attempts derived from git),
    oldest first: reverts are few, and each cools by its own age."""
    found: dict[str, list[str]] = {}
    for path, ts in db.execute("SELECT path, ts FROM event_paths WHERE type='attempt' AND outcome='failed'"
                               " AND origin='git' ORDER BY path, ts"):
        found.setdefault(str(path), []).append(str(ts))
    return found


def day_counts(db: sqlite3.Connection) -> list[tuple[str, str, int]]:
    """(day, type, events) for every day that has events: the whole timeline, counted."""
    rows = db.execute("SELECT substr(ts, 1, 10) AS day, type, count(*) FROM events GROUP BY day, type"
                      " ORDER BY day, type")
    return [(str(day), str(kind), int(n)) for day, kind, n in rows]


def files_cited(db: sqlite3.Connection) -> int:
    """Files any event but a snooze is about: counted on the path rows' key, never the events."""
    return int(db.execute("SELECT count(DISTINCT path) FROM event_paths WHERE type!='snooze'").fetchone()[0])


# what a page lists of an event, read from the row's columns and two fields of its JSON in
# SQLite: a page lists thousands, and their details (up to 20,000 characters each) are never shown
_LISTED = ("SELECT id, ts, type, outcome, issue_id, path, origin, json_extract(json, '$.summary'),"
           " json_extract(json, '$.paths') FROM events WHERE {key} IN (SELECT value FROM json_each(?))")


class Listed(Row):
    """An event as a page lists it: its columns, its summary, and the paths it is about beyond
    its location (``paths``, as JSON)."""

    id: str
    time: str
    type: str
    outcome: str | None
    issue_id: str | None
    path: str | None
    origin: str
    summary: str | None
    extra_paths: str | None


def listed(db: sqlite3.Connection, event_ids: list[str]) -> dict[str, Listed]:
    """id -> each of ``event_ids`` the index holds, as a page lists it."""
    return {row.id: row for row in map(Listed._make, db.execute(_LISTED.format(key="id"), (json.dumps(event_ids),)))}


def recent_events(db: sqlite3.Connection, limit: int) -> list[Listed]:
    """The newest ``limit`` events, newest first (by time, then id). The candidates are read per
    type from the type index alone (time and row number: no row is opened; an index on time
    alone would cost every write), with every event sharing the oldest time kept, so that ties
    are broken by id here and the answer is the same however the index grew; then only the
    chosen rows are read."""
    kinds = [str(r[0]) for r in db.execute("SELECT DISTINCT type FROM events")]
    keys: set[tuple[str, int]] = set()
    for kind in kinds:
        keys.update(db.execute("SELECT ts, rowid FROM events WHERE type=? ORDER BY ts DESC LIMIT ?", (kind, limit)))
    newest = sorted(keys, reverse=True)
    if len(newest) > limit:
        edge = newest[limit - 1][0]
        newest = [key for key in newest if key[0] >= edge]
        for kind in kinds:
            newest += db.execute("SELECT ts, rowid FROM events WHERE type=? AND ts=?", (kind, edge)).fetchall()
    rows = db.execute(_LISTED.format(key="rowid"), (json.dumps(sorted({rowid for _, rowid in newest})),))
    return sorted(map(Listed._make, rows), key=lambda row: (row.time, row.id),
                  reverse=True)[:limit]


def latest_per_path(db: sqlite3.Connection, paths: list[str], each: int) -> dict[str, list[Listed]]:
    """path -> the newest ``each`` events about it (snoozes aside), newest first. One probe per
    path on the path rows' key (path, time, id), reading ``each`` keys and the snoozes among
    them: the cost follows what is shown."""
    found: dict[str, list[str]] = {}
    for path in paths:
        found[path] = [r[0] for r in db.execute("SELECT id FROM event_paths WHERE path=? AND type!='snooze'"
                                                " ORDER BY ts DESC, id DESC LIMIT ?", (path, each))]
    rows = listed(db, sorted({event_id for ids in found.values() for event_id in ids}))
    return {path: [rows[i] for i in ids if i in rows] for path, ids in found.items()}


def open_issues(db: sqlite3.Connection, limit: int) -> list[str]:
    """The newest ``limit`` issue events with no fix, newest first."""
    rows = db.execute("SELECT json FROM events WHERE type='issue' AND issue_id NOT IN (SELECT issue_id FROM events"
                      " WHERE type='fix' AND issue_id IS NOT NULL) ORDER BY ts DESC, id DESC LIMIT ?", (limit,))
    return [r[0] for r in rows]


def done_issues(db: sqlite3.Connection, limit: int) -> list[str]:
    """The issue events of the ``limit`` issues fixed most recently (by their newest fix), in
    that order: fixes are walked newest first on the type index until enough issues are found."""
    wanted: dict[str, None] = {}
    for (issue_id,) in db.execute("SELECT issue_id FROM events WHERE type='fix' AND issue_id IS NOT NULL"
                                  " ORDER BY ts DESC, id DESC"):
        wanted[str(issue_id)] = None
        if len(wanted) >= limit:
            break
    order = {issue_id: n for n, issue_id in enumerate(wanted)}
    rows = db.execute("SELECT issue_id, json FROM events WHERE type='issue' AND issue_id IN"
                      " (SELECT value FROM json_each(?)) ORDER BY ts DESC, id DESC", (json.dumps(list(wanted)),))
    return [raw for _, raw in sorted(rows, key=lambda r: order[r[0]])]


def issue_steps(db: sqlite3.Connection, issue_ids: list[str], each: int) -> list[str]:
    """The first ``each`` attempts and fixes of each issue (as JSON), oldest first per issue."""
    rows = db.execute(
        "SELECT e.json FROM (SELECT id, issue_id, ts, row_number() OVER (PARTITION BY issue_id ORDER BY ts, id) AS n"
        " FROM events WHERE type IN ('attempt', 'fix') AND issue_id IN (SELECT value FROM json_each(?))) q"
        " JOIN events e ON e.id=q.id WHERE q.n<=? ORDER BY q.issue_id, q.ts, q.id", (json.dumps(issue_ids), each))
    return [r[0] for r in rows]


def first_fixes(db: sqlite3.Connection, issue_ids: list[str]) -> list[str]:
    """The first fix (as JSON) of each of ``issue_ids`` that has one."""
    rows = db.execute(
        "SELECT e.json FROM (SELECT id, row_number() OVER (PARTITION BY issue_id ORDER BY ts, id) AS n FROM events"
        " WHERE type='fix' AND issue_id IN (SELECT value FROM json_each(?))) q JOIN events e ON e.id=q.id"
        " WHERE q.n=1 ORDER BY e.issue_id", (json.dumps(issue_ids),))
    return [r[0] for r in rows]


def step_counts(db: sqlite3.Connection, issue_ids: list[str]) -> dict[str, int]:
    """issue id -> its attempts and fixes, all of them (a lifecycle may show only the first)."""
    rows = db.execute("SELECT issue_id, count(*) FROM events WHERE type IN ('attempt', 'fix') AND issue_id IN"
                      " (SELECT value FROM json_each(?)) GROUP BY issue_id", (json.dumps(issue_ids),))
    return {str(issue_id): int(n) for issue_id, n in rows}


def decisions(db: sqlite3.Connection, limit: int) -> list[str]:
    """The newest ``limit`` decisions (as JSON), newest first."""
    rows = db.execute("SELECT json FROM events WHERE type='decision' ORDER BY ts DESC, id DESC LIMIT ?", (limit,))
    return [r[0] for r in rows]


def replacements(db: sqlite3.Connection, decision_ids: list[str]) -> list[tuple[str, str]]:
    """(retired decision id, JSON of a decision that supersedes it), oldest replacement first."""
    rows = db.execute("SELECT r.id, e.json FROM retirements r JOIN events e ON e.id=r.by AND e.type='decision'"
                      " WHERE r.id IN"
                      " (SELECT value FROM json_each(?)) ORDER BY r.ts, r.by", (json.dumps(decision_ids),))
    return [(str(target), str(raw)) for target, raw in rows]
