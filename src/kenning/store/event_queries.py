"""The index's queries about events (``Cache`` answers them): lookups by id and by issue,
counts by type and outcome, the full-text search, and the views' bounded reads (context, brief,
export). Events come back as the JSON the index holds, decoded by the caller."""

from __future__ import annotations

from kenning.core.events import TYPES
from kenning.store import search
from kenning.store.gate_queries import DECISION_ROWS, FAILED_ROWS, ISSUE_ROWS, Counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterable, Iterator


def _rows_of(kind: str) -> tuple[str, str]:
    """The path rows to read for events of ``kind`` by path, and what the query adds to its
    ``p.type=?``: an issue's or a decision's by their partial keys (named, with the type they
    hold written out, which a partial key needs to be read), another's on the table's key (path,
    ts, id), among the path's rows of every type."""
    if kind in ("issue", "decision"):
        return (ISSUE_ROWS if kind == "issue" else DECISION_ROWS), f" AND p.type='{kind}'"
    return "event_paths p", ""


class EventQueries:
    """Queries about events, on the index's connection ``db``."""

    db: sqlite3.Connection

    def ids_with_prefix(self, prefix: str, limit: int = 3) -> list[str]:
        rows = self.db.execute("SELECT id FROM events WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                               (prefix, prefix + "\uffff", limit))
        return [r[0] for r in rows]

    def forgetting(self, prefix: str, limit: int = 3) -> list[tuple[str, str]]:
        """(forgotten id, JSON of the first note that forgot it) for the forgotten ids starting
        with ``prefix`` (a full id: that one alone). Forgotten events are not in the index; the
        notes that forgot them are, with a retirement row each."""
        rows = self.db.execute(
            "SELECT r.id, (SELECT e2.json FROM retirements r2 JOIN events e2 ON e2.id=r2.by AND e2.type='note'"
            " WHERE r2.id=r.id ORDER BY r2.ts, r2.by LIMIT 1)"
            " FROM retirements r JOIN events e ON e.id=r.by AND e.type='note'"
            " WHERE r.id >= ? AND r.id < ? GROUP BY r.id ORDER BY r.id LIMIT ?", (prefix, prefix + "\uffff", limit))
        return [(str(target), str(raw)) for target, raw in rows]

    def issue_ids_with_prefix(self, prefix: str, limit: int = 3) -> list[str]:
        rows = self.db.execute(
            "SELECT DISTINCT issue_id FROM events WHERE type='issue' AND issue_id >= ? AND issue_id < ?"
            " ORDER BY issue_id LIMIT ?", (prefix, prefix + "\uffff", limit))
        return [r[0] for r in rows]

    def issue_id_taken(self, issue_id: str) -> bool:
        row = self.db.execute("SELECT 1 FROM events WHERE issue_id = ? LIMIT 1", (issue_id,)).fetchone()
        return row is not None

    def event(self, event_id: str) -> str | None:
        row = self.db.execute("SELECT json FROM events WHERE id=?", (event_id,)).fetchone()
        return row[0] if row else None

    def event_type(self, event_id: str) -> str | None:
        row = self.db.execute("SELECT type FROM events WHERE id=?", (event_id,)).fetchone()
        return row[0] if row else None

    def derived_events(self) -> list[str]:
        """Every event derived from git history, oldest first."""
        return [r[0] for r in self.db.execute("SELECT json FROM events WHERE origin='git' ORDER BY ts, id")]

    def issue_event(self, issue_id: str) -> str | None:
        """The newest ``issue`` event opening ``issue_id``."""
        row = self.db.execute("SELECT json FROM events WHERE issue_id=? AND type='issue' ORDER BY ts DESC, id DESC"
                              " LIMIT 1", (issue_id,)).fetchone()
        return row[0] if row else None

    def events_of_issue(self, issue_id: str) -> list[str]:
        rows = self.db.execute("SELECT json FROM events WHERE issue_id=? ORDER BY ts, id", (issue_id,))
        return [r[0] for r in rows]

    def superseding(self, event_ids: Iterable[str]) -> list[str]:
        """Decisions (as JSON) whose ``supersedes`` names one of ``event_ids``."""
        ids = list(event_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(
            f"SELECT e.json FROM retirements r JOIN events e ON e.id=r.by AND e.type='decision'"
            f" WHERE r.id IN ({marks}) ORDER BY e.ts, e.id", ids)
        return [r[0] for r in rows]

    def standing_alike(self, kind: str, path: str | None, issue_id: str | None, limit: int) -> list[str]:
        """The newest standing memories written by hand (``origin='log'``) that a new one of
        ``kind`` at ``path`` about ``issue_id`` could repeat, newest first: an attempt's or a
        fix's among its issue's; another's among those at its path (an issue not fixed, a
        decision not retired), or among the ``limit`` newest of its type when it has no path.
        Each a range scan on a key: by issue, by type, or (an issue or a decision) by the path's
        partial key; another type at a path walks the path's rows newest first until ``limit``
        of its type are found."""
        if kind in ("attempt", "fix") and issue_id:
            rows = self.db.execute("SELECT json FROM events WHERE issue_id=? AND type=? AND origin='log'"
                                   " ORDER BY ts DESC, id DESC LIMIT ?", (issue_id, kind, limit))
        elif path:
            standing = {"issue": " AND p.fixed IS NULL", "decision": " AND p.retired IS NULL"}.get(kind, "")
            rows_of, typed = _rows_of(kind)
            rows = self.db.execute(
                f"SELECT e.json FROM (SELECT p.id, p.ts FROM {rows_of} WHERE p.path=? AND p.type=?{typed}"
                f" AND p.origin='log'{standing} ORDER BY p.ts DESC, p.id DESC LIMIT ?) q JOIN events e ON e.id=q.id"
                " ORDER BY q.ts DESC, q.id DESC", (path, kind, limit))
        else:
            standing = {"issue": " AND NOT EXISTS (SELECT 1 FROM events f INDEXED BY events_issue"
                                 " WHERE f.issue_id=e.issue_id AND f.type='fix')",
                        "decision": " AND NOT EXISTS (SELECT 1 FROM retirements r WHERE r.id=e.id)"}.get(kind, "")
            rows = self.db.execute(
                "SELECT e.json FROM (SELECT id FROM events WHERE type=? ORDER BY ts DESC LIMIT ?) q"
                f" JOIN events e ON e.id=q.id WHERE e.path IS NULL AND e.origin='log'{standing}"
                " ORDER BY e.ts DESC, e.id DESC", (kind, limit))
        return [r[0] for r in rows]

    def open_issue_ids(self) -> set[str]:
        rows = self.db.execute(
            "SELECT DISTINCT issue_id FROM events WHERE type='issue' AND issue_id NOT IN "
            "(SELECT issue_id FROM events WHERE type='fix' AND issue_id IS NOT NULL)")
        return {r[0] for r in rows}

    def issues(self) -> list[str]:
        rows = self.db.execute("SELECT json FROM events WHERE type='issue' ORDER BY ts DESC, id DESC")
        return [r[0] for r in rows]

    def fixed_issue_ids(self) -> set[str]:
        rows = self.db.execute("SELECT DISTINCT issue_id FROM events WHERE type='fix' AND issue_id IS NOT NULL")
        return {r[0] for r in rows}

    def type_counts(self, origin: str = "log") -> dict[str, int]:
        """Events by type: those of the log (``origin='log'``) or those derived from git. Read
        from two indexes (every event by type, and the derived ones alone), never from the
        events themselves: reading each row for its origin took 0.5 s at 100,000 events."""
        derived = {str(t): int(n) for t, n in self.db.execute(
            "SELECT type, count(*) FROM events INDEXED BY events_derived WHERE origin='git' GROUP BY type")}
        if origin == "git":
            return dict(sorted(derived.items()))
        every = self.db.execute("SELECT type, count(*) FROM events INDEXED BY events_type GROUP BY type")
        log = {str(t): int(n) - derived.get(str(t), 0) for t, n in every}
        return {t: n for t, n in sorted(log.items()) if n}

    def outcome_counts(self) -> dict[str, int]:
        """The log's attempts by outcome."""
        rows = self.db.execute("SELECT outcome, count(*) FROM events WHERE type='attempt' AND origin='log'"
                               " GROUP BY outcome ORDER BY outcome")
        return {str(o): int(n) for o, n in rows}

    def fixed_after_failures(self) -> int:
        """The log's issues with a fix recorded after at least one failed attempt on them."""
        row = self.db.execute(
            "SELECT count(DISTINCT f.issue_id) FROM events f WHERE f.type='fix' AND f.origin='log' AND EXISTS"
            " (SELECT 1 FROM events a INDEXED BY events_issue WHERE a.issue_id=f.issue_id AND a.type='attempt'"
            " AND a.outcome='failed' AND a.origin='log' AND a.ts < f.ts)").fetchone()
        return int(row[0])

    def superseded_count(self) -> int:
        """The log's decisions that a later decision retired."""
        row = self.db.execute("SELECT count(DISTINCT supersedes) FROM events WHERE type='decision'"
                              " AND supersedes IS NOT NULL AND origin='log'").fetchone()
        return int(row[0])

    def attempt_counts(self) -> dict[str, dict[str, int]]:
        counts: dict[str, dict[str, int]] = {}
        rows = self.db.execute("SELECT issue_id, outcome, count(*) FROM events WHERE type='attempt'"
                               " AND issue_id IS NOT NULL GROUP BY issue_id, outcome")
        for issue_id, outcome, n in rows:
            counts.setdefault(issue_id, {})[outcome or "unknown"] = n
        return counts

    def search(self, query: str, kind: str | None, path: str | None, limit: int) -> list[str]:
        """Events matching ``query`` as ``store.search`` reads it: the best match first."""
        return search.find(self.db, query, kind, path, limit, search.available())

    # -- the views' bounded queries (context, brief, export) -----------------------------------

    def near(self, kind: str, paths: list[str], folders: list[str], limit: int) -> list[str]:
        """Events of ``kind`` about ``paths`` or inside ``folders`` (``src/api/``), newest first;
        retired decisions left out. Range scans on the path rows' keys (an issue's or a decision's
        partial key; for another type the rows of every type at those paths)."""
        where, args = [], []
        if paths:
            where.append(f"p.path IN ({','.join('?' * len(paths))})")
            args.extend(paths)
        for folder in folders:  # a prefix range: 'src/api/' <= path < 'src/api0' ('0' follows '/')
            where.append("(p.path >= ? AND p.path < ?)")
            args.extend([folder, folder[:-1] + "0"])
        if not where:
            return []
        standing = " AND p.retired IS NULL" if kind == "decision" else ""
        rows_of, typed = _rows_of(kind)
        # pick the few ids on the path index first, then read only their JSON
        rows = self.db.execute(
            f"SELECT e.json FROM (SELECT DISTINCT p.id, p.ts FROM {rows_of} WHERE p.type=?{typed}"
            f" AND ({' OR '.join(where)}){standing} ORDER BY p.ts DESC, p.id DESC LIMIT ?) q"
            f" JOIN events e ON e.id=q.id ORDER BY q.ts DESC, q.id DESC", (kind, *args, limit))
        return [r[0] for r in rows]

    def warned_paths(self, since: str, until: str) -> list[str]:
        """The files whose history can make the gate warn at ``until``: failed attempts (by hand
        or derived from git) since ``since``, or an issue still open; the one with the newest
        such event first. Reads every failed attempt and issue row through its key, never an
        event's JSON: the brief judges these files, not every file memory cites."""
        rows = self.db.execute(
            "SELECT path, max(ts) AS newest FROM ("
            f"SELECT p.path, p.ts FROM {FAILED_ROWS} WHERE p.type='attempt' AND p.outcome='failed'"
            " AND p.ts>=?1 AND p.ts<=?2"
            " UNION ALL SELECT p.path, p.ts FROM event_paths p WHERE p.type='issue' AND p.issue_id IS NOT NULL"
            " AND p.ts<=?2 AND (p.fixed IS NULL OR p.fixed>?2)) GROUP BY path ORDER BY newest DESC, path",
            (since, until))
        return [r[0] for r in rows]

    def recent_failures(self, limit: int) -> Counted:
        """Failed and partial attempts, newest first, and how many there are."""
        where = "type='attempt' AND outcome IN ('failed', 'partial')"
        total = self.db.execute(f"SELECT count(*) FROM events WHERE {where}").fetchone()[0]
        rows = self.db.execute(f"SELECT json FROM events WHERE {where} ORDER BY ts DESC, id DESC LIMIT ?", (limit,))
        return Counted(int(total), [r[0] for r in rows])

    def all_events(self) -> Iterator[str]:
        for row in self.db.execute("SELECT json FROM events ORDER BY ts, id"):
            yield row[0]

    def newest_until(self, limit: str) -> str | None:
        """The newest timestamp of the log's events at or before ``limit`` (one probe of the
        type index per event type, so the cost does not grow with the log)."""
        found = [row[0] for kind in TYPES for row in self.db.execute(
            "SELECT max(ts) FROM events WHERE type=? AND ts<=? AND origin='log'", (kind, limit)) if row[0]]
        return max(found, default=None)

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM events").fetchone()[0])
