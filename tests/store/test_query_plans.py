"""Query plans are part of the index's contract.

Every query the gate and the views run is traced while it runs against a populated index,
and SQLite's own plan for it (``EXPLAIN QUERY PLAN``) is checked: a query whose answer is a
few events must find them by key, never by walking a table or every event of a type, and no
correlated subquery may search a type index (the cause of a 0.74 s precheck on a
decision-heavy memory). Checked twice: on an index bulk-loaded by a rebuild (with statistics)
and on one grown event by event (without them), since both occur in the field.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kenning.core.events import Event, parse_line, serialize
from kenning.store.cache import Cache

FILES = [f"src/{folder}/mod_{i}.py" for folder in ("api", "core", "db") for i in range(40)]
HOT = FILES[0]


def _events(count: int, seed: int = 7) -> Iterator[Event]:
    """A decision-heavy memory: chains of superseding decisions, issues with and without
    fixes, attempts of every outcome, snoozes, notes, and events derived from git."""
    rng = random.Random(seed)
    decisions: list[str] = []
    issues: list[str] = []
    for i in range(count):
        path = HOT if rng.random() < 0.2 else rng.choice(FILES)
        data: dict[str, Any] = {"v": 1, "id": f"evt_{i:020x}", "source": "cli", "summary": f"event {i}",
                                "timestamp": f"2030-{1 + i * 5 // count:02d}-{1 + i % 28:02d}T12:00:00.{i:06d}Z",
                                "location": f"{path}:{1 + i % 90}"}
        roll = rng.random()
        if roll < 0.25:
            data.update(type="decision")
            if decisions and rng.random() < 0.5:
                data["supersedes"] = decisions[-1]
            decisions.append(data["id"])
        elif roll < 0.4:
            issues.append(f"i{i:05d}")
            data.update(type="issue", issue_id=issues[-1])
        elif roll < 0.65 and issues:
            outcome = rng.choice(["failed", "partial", "worked"])
            data.update(type="attempt", issue_id=rng.choice(issues), outcome=outcome)
            if rng.random() < 0.3:
                data["details"] = "- old\n+ new"
        elif roll < 0.75 and issues:
            data.update(type="fix", issue_id=rng.choice(issues))
        elif roll < 0.8:
            data.update(type="snooze", until="2031-01-01T00:00:00.000000Z", paths=[path, rng.choice(FILES)])
            if rng.random() < 0.3:  # an unsnooze (ken precheck --unsnooze)
                data.update(until=data["timestamp"], unsnooze=True)
        elif roll < 0.85:
            data.update(type="attempt", outcome="failed", source="git", git_commit=f"{i:040x}")
        else:
            data.update(type="note", paths=rng.sample(FILES, 3))
        yield parse_line(serialize(Event(data)))


def _rebuilt(path: Path) -> Cache:
    cache = Cache(path)
    with cache.transaction():
        cache.insert_many([(e, "git" if e.source == "git" else "log", n, None) for n, e in enumerate(_events(6000))])
    return cache


def _grown(path: Path) -> Cache:
    cache = Cache(path)
    with cache.transaction():
        for n, event in enumerate(_events(6000)):
            cache.insert(event, "git" if event.source == "git" else "log", n)
    return cache


UNTIL = "2030-12-31T00:00:00.000000Z"
SINCE = "2030-03-01T00:00:00.000000Z"

# The queries whose answer is bounded (the gate, context, brief, lookups by id): each must
# reach its rows by key.
BOUNDED: dict[str, Callable[[Cache], Any]] = {
    "failed_attempts": lambda c: c.failed_attempts(HOT, SINCE, UNTIL, 5),
    "failed_attempts from git": lambda c: c.failed_attempts(HOT, SINCE, UNTIL, 5, origin="git"),
    "failed_count": lambda c: c.failed_count(HOT, SINCE, UNTIL),
    "failed_by_issue": lambda c: c.failed_by_issue(HOT, SINCE, SINCE, UNTIL),
    "failed_split": lambda c: c.failed_split(HOT, SINCE, UNTIL, 3, {"i00010", "i00011"}),
    "fix_facts": lambda c: c.fix_facts(["i00010", "i00011"], UNTIL, {"0000000"}),
    "open_issues_at": lambda c: c.open_issues_at(HOT, UNTIL, 20),
    "standing_decision": lambda c: c.standing_decision(HOT, SINCE, UNTIL),
    "memories_before": lambda c: c.memories_before(HOT, SINCE, UNTIL, 20),
    "cited_memories": lambda c: c.cited_memories(HOT, UNTIL, 20),
    "failed_with_details": lambda c: c.failed_with_details(HOT, 50),
    "oldest_memory": lambda c: c.oldest_memory([HOT, FILES[5]]),
    "snoozes_running": lambda c: c.snoozes_running([HOT, FILES[5]], SINCE, UNTIL),
    "snoozes_ended": lambda c: c.snoozes_ended([HOT, FILES[5]], UNTIL),
    "events_by_id": lambda c: c.events_by_id(["evt_00000000000000000001", "evt_00000000000000000002"]),
    "git_history": lambda c: c.git_history("0" * 40, [HOT, FILES[5]]),
    "known_ids": lambda c: c.known_ids(["evt_00000000000000000001", "evt_00000000000000000002"]),
    "event": lambda c: c.event("evt_00000000000000000001"),
    "event_type": lambda c: c.event_type("evt_00000000000000000001"),
    "ids_with_prefix": lambda c: c.ids_with_prefix("evt_0000000000000000001"),
    "issue_ids_with_prefix": lambda c: c.issue_ids_with_prefix("i001"),
    "issue_id_taken": lambda c: c.issue_id_taken("i00010"),
    "issue_event": lambda c: c.issue_event("i00010"),
    "events_of_issue": lambda c: c.events_of_issue("i00010"),
    "forgetting": lambda c: c.forgetting("evt_0000000000000000001"),
    "superseding": lambda c: c.superseding(["evt_00000000000000000001", "evt_00000000000000000002"]),
    "standing_alike by issue": lambda c: c.standing_alike("attempt", HOT, "i00010", 200),
    "standing_alike by path": lambda c: c.standing_alike("decision", HOT, None, 200),
    "standing_alike issues by path": lambda c: c.standing_alike("issue", HOT, None, 200),
    "standing_alike without a path": lambda c: c.standing_alike("issue", None, None, 200),
    "standing_alike decisions without a path": lambda c: c.standing_alike("decision", None, None, 200),
    "near decisions by path": lambda c: c.near("decision", [HOT, FILES[3]], [], 20),
    "near decisions in a folder": lambda c: c.near("decision", [], ["src/api/"], 20),
    "near attempts": lambda c: c.near("attempt", [HOT], ["src/db/"], 20),
    "recent_failures": lambda c: c.recent_failures(10),
    "newest_until": lambda c: c.newest_until(UNTIL),
    "state get": lambda c: c.table("decisions").get("x"),
    "state newest": lambda c: next(c.table("decisions").by_rank(), None),
    "meta": lambda c: c.meta("log"),
    "insert a fix": lambda c: c.insert(_fix("i00010"), "log", None),
    "insert an issue": lambda c: c.insert(_issue("i00011"), "log", None),
    "remove a fix": lambda c: c.remove([_fix("i00010").id]),
}


def _fix(issue_id: str) -> Event:
    return Event({"v": 1, "id": "evt_ffffffffffffffff0001", "type": "fix", "issue_id": issue_id, "source": "cli",
                  "timestamp": "2030-06-01T00:00:00.000000Z", "summary": "fixed", "location": f"{HOT}:1"})


def _issue(issue_id: str) -> Event:
    return Event({"v": 1, "id": "evt_ffffffffffffffff0002", "type": "issue", "issue_id": issue_id, "source": "cli",
                  "timestamp": "2030-06-01T00:00:00.000000Z", "summary": "broken", "location": f"{HOT}:1"})

# Queries whose answer is every event of a kind (listings and counts): they may read every
# event of that type through its index, but never walk the events table itself.
WHOLE_KINDS: dict[str, Callable[[Cache], Any]] = {
    "issues": lambda c: c.issues(),
    "open_issue_ids": lambda c: c.open_issue_ids(),
    "fixed_issue_ids": lambda c: c.fixed_issue_ids(),
    "outcome_counts": lambda c: c.outcome_counts(),
    "attempt_counts": lambda c: c.attempt_counts(),
    "fixed_after_failures": lambda c: c.fixed_after_failures(),
    "superseded_count": lambda c: c.superseded_count(),
    "type_counts": lambda c: c.type_counts("log"),
    "type_counts from git": lambda c: c.type_counts("git"),
    "warned_paths": lambda c: c.warned_paths(SINCE, UNTIL),
    # asked only for a path on no disk: the derived reverts of the span, few by nature
    "reverts_touching": lambda c: c.reverts_touching(HOT, SINCE, UNTIL, 5),
}

# What is a whole read by nature: a text search, the whole log in order, counts by origin.
WHOLE_LOG = {"search", "all_events", "derived_events", "count"}
NOT_QUERIES = {"close", "transaction", "set_meta", "clear", "insert_many", "save_git_history",
               "table", "held_table", "save_tables", "reset", "in_memory", "busy", "snapshot", "replaced", "reopen",
               "empty", "unusable"}

# an index led by the event type, searched without a key of the outer row (a path): in a
# correlated subquery, that is every event of the type once per row of the outer query
_TYPE_INDEXES = re.compile(r"USING (?:COVERING )?INDEX (events_type|events_outcome|event_paths_kind) \((?![^)]*path=)")


def _plans(cache: Cache, run: Callable[[Cache], Any]) -> list[tuple[str, list[str]]]:
    """Each statement ``run`` executed, with the lines of SQLite's plan for it."""
    statements: list[str] = []
    cache.db.set_trace_callback(statements.append)
    try:
        run(cache)
    finally:
        cache.db.set_trace_callback(None)
    plans = []
    for sql in statements:
        if not sql.lstrip().upper().startswith(("SELECT", "DELETE", "UPDATE", "WITH")):
            continue
        rows = cache.db.execute("EXPLAIN QUERY PLAN " + sql).fetchall()
        plans.append((sql, _lines(rows)))
    return plans


def _lines(rows: list[tuple[int, int, int, str]]) -> list[str]:
    """The plan as lines, each subquery's steps prefixed with ``CORRELATED>`` when it runs per row."""
    correlated: set[int] = set()
    lines = []
    for node, parent, _, detail in rows:
        if "CORRELATED" in detail or parent in correlated:
            correlated.add(node)
            prefix = "CORRELATED> " if parent in correlated else ""
        else:
            prefix = ""
        lines.append(prefix + detail)
    return lines


def _full_scan(line: str, lines: list[str]) -> bool:
    """A walk over a stored table or index; not over a subquery's few rows already picked."""
    found = re.search(r"\bSCAN (\S+)", line)
    if not found or found.group(1) == "CONSTANT" or "VIRTUAL TABLE" in line:  # json_each: one event's list
        return False
    return not any(re.search(rf"(MATERIALIZE|CO-ROUTINE) {re.escape(found.group(1))}$", other) for other in lines)


@pytest.fixture(scope="module", params=["rebuilt", "grown"])
def cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cache]:
    path = tmp_path_factory.mktemp(request.param) / "index.sqlite"
    built = _rebuilt(path) if request.param == "rebuilt" else _grown(path)
    yield built
    built.close()


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_bounded_queries_reach_their_rows_by_key(cache: Cache, name: str) -> None:
    plans = _plans(cache, BOUNDED[name])
    assert plans, f"{name} ran no query"
    for sql, lines in plans:
        for line in lines:
            assert not _full_scan(line, lines), f"{name}: a full scan\n{sql}\n" + "\n".join(lines)
            assert not (line.startswith("CORRELATED>") and _TYPE_INDEXES.search(line)), (
                f"{name}: a correlated search over a type index\n{sql}\n" + "\n".join(lines))


@pytest.mark.parametrize("name", sorted(WHOLE_KINDS))
def test_listings_read_one_kind_through_its_index(cache: Cache, name: str) -> None:
    for sql, lines in _plans(cache, WHOLE_KINDS[name]):
        for line in lines:
            assert not (_full_scan(line, lines) and " USING " not in line), (
                f"{name}: walks the whole table\n{sql}\n" + "\n".join(lines))
            assert not (line.startswith("CORRELATED>") and _TYPE_INDEXES.search(line)), (
                f"{name}: a correlated search over a type index\n{sql}\n" + "\n".join(lines))


def test_every_query_of_the_index_is_held_to_a_plan() -> None:
    """A new query method cannot slip in unclassified: it joins one of the lists above."""
    methods = {name for name in dir(Cache) if not name.startswith("_") and callable(getattr(Cache, name))}
    bounded = {name.split(" ")[0] for name in BOUNDED} | {"insert", "remove"}
    unclassified = methods - bounded - {name.split(" ")[0] for name in WHOLE_KINDS} - WHOLE_LOG - NOT_QUERIES
    assert not unclassified, f"classify these queries in tests/store/test_query_plans.py: {sorted(unclassified)}"


def test_the_memories_citing_code_are_walked_first(cache: Cache) -> None:
    """Few events cite code, however many memories a busy file has: the gate walks those (newest
    first, no sort) and looks each up among the file's rows by key, never the other way round."""
    [(sql, lines)] = _plans(cache, BOUNDED["cited_memories"])
    assert "events_cited" in lines[0] and "ts=? AND id=?" in lines[1], "\n".join([sql, *lines])
    assert not any("TEMP B-TREE" in line for line in lines), "\n".join([sql, *lines])


# the gate's reads of a file's failed attempts, open issues, standing decision and retired
# decisions: on a partial key, each answered from the key alone
FROM_THEIR_KEYS = ("failed_attempts", "failed_count", "failed_by_issue", "failed_split", "open_issues_at",
                   "standing_decision", "memories_before")


@pytest.mark.parametrize("name", FROM_THEIR_KEYS)
def test_the_gates_reads_on_partial_keys_never_open_the_rows(cache: Cache, name: str) -> None:
    """A partial key that lacks a column its own condition names (the type, the origin) sends
    SQLite to the row for each entry it reads, to test that column again: the warm gate's reads
    of a busy file's failed attempts took twice as long (the path rows keyed by (path, ts, id)
    hold neither in their key)."""
    for sql, lines in _plans(cache, BOUNDED[name]):
        for line in lines:
            if re.search(r"USING (COVERING )?INDEX event_paths_", line):
                assert "COVERING INDEX" in line, f"{name}: reads the rows behind the key\n{sql}\n" + "\n".join(lines)
