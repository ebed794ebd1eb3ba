"""The gate's bounded queries of the index (``Cache`` answers them): what one file's memory
holds as of a moment, failed attempts, open issues, a standing decision, stale memories,
snoozes, and what git said about it. Each is a range scan on one of the index's keys
(tests/store/test_query_plans.py holds them to it), so its cost follows the events shown, not
the events about a file; the answers come as named rows."""

from __future__ import annotations

import json

from kenning.core.gate.rows import SHA_PREFIX, FixFact, SnoozeRow
from kenning.core.rows import Row

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Collection, Iterable
    from typing import Any

# Named, not left to the planner: with sampled statistics it walks every attempt on the
# path's primary key to find the few failed ones (0.9 ms on a file with 3,000 attempts).
FAILED_ROWS = "event_paths p INDEXED BY event_paths_failed"
# a file's issues and decisions, likewise by their partial keys (the table's key is (path, ts, id))
ISSUE_ROWS = "event_paths p INDEXED BY event_paths_kind"
DECISION_ROWS = "event_paths p INDEXED BY event_paths_decision"
_FAILED = "p.path=? AND p.origin=? AND p.type='attempt' AND p.outcome='failed' AND p.ts>=? AND p.ts<=?"
# the first characters of the commit a fix names (its ``commit``, else its ``git_commit``): the key of
# the index's ``events_fix_commit``, so the fixes naming a commit a revert undid are found by key
FIX_COMMIT = "coalesce(json_extract(json, '$.commit'), json_extract(json, '$.git_commit'))"
FIX_COMMIT_PREFIX = f"substr({FIX_COMMIT}, 1, {SHA_PREFIX})"
# what git was asked for, kept with its answer (the ``full`` column): renames followed, lines counted
_RENAMES, _LINES = 1, 2


class IssueFailures(Row):
    """The failed attempts on one file about one issue (None: about none): how many in all,
    how many of them are recent, and the newest one's time."""

    issue_id: str | None
    total: int
    recent: int
    newest: str


class Counted(Row):
    """How many events match (0 when the count was not asked for), and the newest of them (as
    JSON), at most as many as were asked for."""

    total: int
    newest: list[str]


class GitHistory(Row):
    """What git said about one path at one HEAD: the commits that touched it since ``since``
    (seconds), as rows of ``app.gate.precheck``, and what it was asked for: renames followed, lines
    counted."""

    since: int
    renames: bool
    lines: bool
    commits: list[list[Any]]


def _by_issue(row: tuple[str | None, Any]) -> tuple[bool, str]:
    """The order GROUP BY gave: no issue first, then by id."""
    return row[0] is not None, row[0] or ""


class GateQueries:
    """The gate's queries, on the index's connection ``db``."""

    db: sqlite3.Connection

    def failed_attempts(self, path: str, since: str, until: str, limit: int,
                        origin: str = "log", count: bool = True) -> Counted:
        """Failed attempts on ``path`` in [since, until] from ``origin``: how many (unless
        ``count`` is False: then 0), and the newest."""
        return self._counted(_FAILED, (path, origin, since, until), limit, count, FAILED_ROWS)

    def failed_split(self, path: str, since: str, until: str, limit: int,
                     issues: set[str]) -> tuple[list[str], list[str]]:
        """The ids of the newest of the log's failed attempts on ``path`` in [since, until]: (those whose
        issue is not one of ``issues``, those whose issue is), at most ``limit`` of each. Walks
        the file's failures newest first and stops when both are full."""
        rows = self.db.execute(f"SELECT p.id, p.issue_id FROM {FAILED_ROWS} WHERE {_FAILED}"
                               " ORDER BY p.ts DESC, p.id DESC", (path, "log", since, until))
        others: list[str] = []
        among: list[str] = []
        for event_id, issue in rows:
            kept = among if issue in issues else others
            if len(kept) < limit:
                kept.append(event_id)
            if len(others) >= limit and len(among) >= limit:
                break
        return others, among

    def failed_by_issue(self, path: str, since: str, recent: str, until: str) -> list[IssueFailures]:
        """The log's failed attempts on ``path`` in [since, until], by issue (``recent``: the
        time the recent ones start)."""
        # counted here rather than by GROUP BY, whose sort of the rows by issue cost a third more
        # (a file failed on under a hundred issues at 100,000 events, thousands of rows)
        counted: dict[str | None, list[Any]] = {}
        for issue, ts in self.db.execute(f"SELECT p.issue_id, p.ts FROM {FAILED_ROWS} WHERE {_FAILED}",
                                         (path, "log", since, until)):
            seen = counted.get(issue)
            if seen is None:
                counted[issue] = [1, ts >= recent, ts]
                continue
            seen[0] += 1
            seen[1] += ts >= recent
            if ts > seen[2]:
                seen[2] = ts
        return [IssueFailures(issue, n, int(fresh), newest)
                for issue, (n, fresh, newest) in sorted(counted.items(), key=_by_issue)]

    def fix_facts(self, issues: list[str], until: str, undone: Collection[str] = ()) -> list[FixFact]:
        """The fixes of ``issues`` recorded by ``until``, oldest first, as ``core.gate.rules.fix_fact``
        makes them; the commit only for a fix that names one beginning as one of the commits reverts
        undid (``undone``: their first characters, ``core.gate.rules.undone_prefixes``), else None:
        no other can be one of them. Those few are found by key; no fix's JSON is read for the rest."""
        marks = ",".join("?" * len(issues))
        # named: with statistics the planner walks every fix by time (80 ms), not the few of these issues
        rows = self.db.execute(f"SELECT ts, id, issue_id FROM events INDEXED BY events_issue"
                               f" WHERE issue_id IN ({marks}) AND type='fix' AND ts<=? ORDER BY ts, id",
                               (*issues, until)).fetchall()
        commits = self._fix_commits(sorted(undone)) if undone and rows else {}
        return [FixFact(ts, fix_id, issue, commits.get(fix_id)) for ts, fix_id, issue in rows]

    def _fix_commits(self, prefixes: list[str]) -> dict[str, str]:
        """Fix id -> the commit it names, for the fixes naming one that begins with one of ``prefixes``."""
        marks = ",".join("?" * len(prefixes))
        rows = self.db.execute(f"SELECT id, {FIX_COMMIT} FROM events INDEXED BY events_fix_commit"
                               f" WHERE type='fix' AND {FIX_COMMIT_PREFIX} IN ({marks})", prefixes)
        return {fix_id: str(commit) for fix_id, commit in rows if commit is not None}

    def failed_count(self, path: str, since: str, until: str, origin: str = "log") -> int:
        return int(self.db.execute(f"SELECT count(*) FROM {FAILED_ROWS} WHERE {_FAILED}",
                                   (path, origin, since, until)).fetchone()[0])

    def open_issues_at(self, path: str, until: str, limit: int, count: bool = True) -> Counted:
        """Issues about ``path`` opened by ``until`` with no fix by then: how many (unless
        ``count`` is False: then 0), and the newest."""
        where = "p.path=? AND p.type='issue' AND p.issue_id IS NOT NULL AND p.ts<=? AND (p.fixed IS NULL OR p.fixed>?)"
        return self._counted(where, (path, until, until), limit, count, ISSUE_ROWS)

    def standing_decision(self, path: str, since: str, until: str) -> str | None:
        where = "p.path=? AND p.type='decision' AND p.ts>=? AND p.ts<=? AND (p.retired IS NULL OR p.retired>?)"
        return next(iter(self._counted(where, (path, since, until, until), 1, False, DECISION_ROWS).newest), None)

    def known_ids(self, event_ids: list[str]) -> set[str]:
        if not event_ids:
            return set()
        marks = ",".join("?" * len(event_ids))
        return {r[0] for r in self.db.execute(f"SELECT id FROM events WHERE id IN ({marks})", event_ids)}

    def memories_before(self, path: str, before: str, until: str, limit: int) -> Counted:
        """Memories about ``path`` written by hand before ``before``; decisions retired by
        ``until`` (the clock) left out. Counted without walking them: the number the last one
        before ``before`` carries among the path's memories (``n``, one key lookup), less the
        decisions among them retired by then (a walk over the path's retired decisions alone)."""
        where = ("p.path=? AND p.origin='log' AND p.ts<? AND p.type!='snooze'"
                 " AND (p.retired IS NULL OR p.retired>?)")
        found = self._counted(where, (path, before, until), limit, count=False)
        last = self.db.execute("SELECT p.n FROM event_paths p WHERE p.path=?"
                               " AND p.origin='log' AND p.ts<? AND p.type!='snooze' ORDER BY p.ts DESC, p.id DESC"
                               " LIMIT 1", (path, before)).fetchone()
        retired = self.db.execute("SELECT count(*) FROM event_paths p INDEXED BY event_paths_retired WHERE p.path=?"
                                  " AND p.type='decision' AND p.origin='log' AND p.retired IS NOT NULL"
                                  " AND p.retired<=? AND p.ts<?", (path, until, before)).fetchone()[0]
        return Counted((last[0] if last else 0) - int(retired), found.newest)

    def cited_memories(self, path: str, until: str, limit: int) -> list[str]:
        """The newest memories about ``path`` written by hand by ``until`` that cite lines of code
        (their JSON holds a ``citation``), decisions retired by then left out: a walk over the
        events that cite code alone (a partial index: few, however many memories the file has),
        newest first, each looked up among the path's rows by key. The order is forced (``CROSS
        JOIN``, and ``+`` keeps the clock's bound off the path's key): left to itself, the planner
        walks every memory of the path and looks each up among the citing events (4 ms on a file
        of 20,000 events that cite nothing)."""
        rows = self.db.execute(
            "SELECT e.json FROM events e INDEXED BY events_cited"
            " CROSS JOIN event_paths p"
            " ON p.path=?1 AND p.origin='log' AND p.ts=+e.ts AND p.id=+e.id"
            " WHERE e.cites=1 AND e.ts<=?2 AND p.type!='snooze'"
            " AND (p.retired IS NULL OR p.retired>?2)"
            " ORDER BY e.ts DESC, e.id DESC LIMIT ?3", (path, until, limit))
        return [r[0] for r in rows]

    def git_history(self, head: str, paths: list[str]) -> dict[str, GitHistory]:
        """What git said about each path at ``head``, for those it was asked about."""
        marks = ",".join("?" * len(paths))
        rows = self.db.execute(f"SELECT path, since, full, commits FROM git_history WHERE head=? AND path IN ({marks})",
                               (head, *paths))
        return {path: GitHistory(int(since), bool(int(asked) & _RENAMES), bool(int(asked) & _LINES),
                                 json.loads(commits)) for path, since, asked, commits in rows}

    def save_git_history(self, head: str, entries: dict[str, GitHistory], keep: bool = False) -> None:
        """Keep what git said about each path at ``head``; what it said at other heads is
        dropped unless ``keep``."""
        if not keep:
            self.db.execute("DELETE FROM git_history WHERE head != ?", (head,))  # history moved on
        self.db.executemany(
            "INSERT OR REPLACE INTO git_history(head, path, since, full, commits) VALUES(?,?,?,?,?)",
            ((head, path, told.since, (_RENAMES if told.renames else 0) | (_LINES if told.lines else 0),
              json.dumps(told.commits)) for path, told in entries.items()))

    def failed_with_details(self, path: str, limit: int) -> list[str]:
        """The newest failed attempts on ``path`` that carry a change (``details``): the newest of
        those by hand and of those derived from git (a revert's), each origin's walked newest
        first on the failed attempts' key until ``limit`` carry one."""
        newest = " UNION ALL ".join(
            f"SELECT * FROM (SELECT p.ts, p.id, e.json FROM {FAILED_ROWS} JOIN events e ON e.id=p.id"
            f" WHERE p.path=?1 AND p.origin='{origin}' AND p.type='attempt' AND p.outcome='failed'"
            " AND json_extract(e.json, '$.details') IS NOT NULL ORDER BY p.ts DESC, p.id DESC LIMIT ?2)"
            for origin in ("log", "git"))
        rows = self.db.execute(f"SELECT json FROM ({newest}) ORDER BY ts DESC, id DESC LIMIT ?2", (path, limit))
        return [r[0] for r in rows]

    def oldest_memory(self, paths: list[str]) -> str | None:
        marks = ",".join("?" * len(paths))
        row = self.db.execute(f"SELECT min(ts) FROM event_paths WHERE path IN ({marks}) AND origin='log'"
                              " AND type!='snooze'", paths).fetchone()
        return row[0] if row else None

    def snoozes_running(self, paths: list[str], now: str, until: str) -> list[SnoozeRow]:
        """The snoozes on ``paths`` recorded by ``until`` that run past ``now``."""
        marks = ",".join("?" * len(paths))
        return list(map(SnoozeRow._make, self.db.execute(
            f"SELECT path, until, ts, id FROM snoozes WHERE path IN ({marks}) AND until>? AND ts<=?",
            (*paths, now, until))))

    def snoozes_ended(self, paths: list[str], until: str) -> dict[str, str]:
        """path -> the time of the newest unsnooze on it recorded by ``until``: the snoozes on
        the path recorded at or before then are over."""
        marks = ",".join("?" * len(paths))
        return dict(self.db.execute(f"SELECT path, max(ts) FROM snoozes WHERE path IN ({marks}) AND until=''"
                                    " AND ts<=? GROUP BY path", (*paths, until)))

    def reverts_touching(self, path: str, since: str, until: str, limit: int) -> list[str]:
        """The reverts derived from git in [since, until] whose ``touched`` names ``path`` (not
        only its focus), newest first. A file on no disk is looked for this way (writing it would
        re-create what a revert deleted): a scan of the derived reverts, which are few."""
        return [r[0] for r in self.db.execute(
            "SELECT json FROM events WHERE type='attempt' AND outcome='failed' AND origin='git' AND ts>=? AND ts<=?"
            " AND EXISTS (SELECT 1 FROM json_each(events.json, '$.touched') WHERE value=?)"
            " ORDER BY ts DESC, id DESC LIMIT ?", (since, until, path, limit))]

    def events_by_id(self, event_ids: Iterable[str]) -> list[str]:
        ids = sorted(set(event_ids))
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        return [r[0] for r in self.db.execute(f"SELECT json FROM events WHERE id IN ({marks}) ORDER BY id", ids)]

    def _counted(self, where: str, args: tuple[Any, ...], limit: int, count: bool = True,
                 rows: str = "event_paths p") -> Counted:
        total = self.db.execute(f"SELECT count(*) FROM {rows} WHERE {where}", args).fetchone()[0] if count else 0
        # the newest rows come in key order, and only the few kept open their event's JSON
        found = self.db.execute(f"SELECT (SELECT e.json FROM events e WHERE e.id=p.id) FROM {rows} WHERE {where}"
                                " ORDER BY p.ts DESC, p.id DESC LIMIT ?", (*args, limit))
        return Counted(int(total), [r[0] for r in found])
