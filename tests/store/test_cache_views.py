"""The pages' read-only queries (``kenning.store.cache_views``) on a real index: per-file
counts, the newest events with ties broken the same way however the index grew, per-file
history, issues and decisions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kenning.core.events import Event, parse_line, serialize
from kenning.store import cache_views as views
from kenning.store.cache import Cache


def event(n: int, kind: str, ts: str, **fields: Any) -> Event:
    data = {"v": 1, "id": f"evt_{n:020x}", "type": kind, "timestamp": ts, "summary": f"{kind} {n}",
            "source": "cli", **fields}
    return parse_line(serialize(Event(data)))


def t(day: int, second: int = 0) -> str:
    return f"2030-01-{day:02d}T00:00:{second:02d}.000000Z"


STORY = [
    event(1, "issue", t(1), issue_id="aaaa", location="src/a.py:3"),
    event(2, "attempt", t(2), issue_id="aaaa", outcome="failed", location="src/a.py"),
    event(3, "attempt", t(3), issue_id="aaaa", outcome="partial", location="src/a.py"),
    event(4, "fix", t(4), issue_id="aaaa", location="src/a.py"),
    event(5, "issue", t(5), issue_id="bbbb", location="src/b.py"),
    event(6, "attempt", t(6), outcome="failed", source="git", git_commit="c" * 40, location="src/a.py",
          paths=["src/b.py"]),
    event(7, "decision", t(7), location="src/b.py"),
    event(8, "note", t(8), paths=["src/a.py", "src/c.py"]),
    event(10, "snooze", t(9), until=t(20), paths=["src/a.py"], reason="later"),
]


@pytest.fixture(params=["rebuilt", "grown"])
def cache(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Cache]:
    built = Cache(tmp_path / "index.sqlite")
    with built.transaction():
        rows = [(e, "git" if e.source == "git" else "log", n, None) for n, e in enumerate(STORY)]
        retiring = event(9, "decision", t(9), supersedes=STORY[6].id, location="src/b.py")
        rows.append((retiring, "log", 99, None))
        if request.param == "rebuilt":
            built.insert_many(rows)
        else:
            for row in rows:
                built.insert(*row)
    yield built
    built.close()


def test_file_heat_counts_each_signal_per_file(cache: Cache) -> None:
    rows = {row.path: row for row in views.file_heat(cache.db)}
    # reverts: the failed attempts derived from git; events: every one but the snooze
    assert rows["src/a.py"] == views.FileHeat("src/a.py", failed=1, partial=1, reverts=1, open_issues=0, issues=1,
                                              events=6, newest=t(8))
    assert rows["src/b.py"] == views.FileHeat("src/b.py", failed=0, partial=0, reverts=1, open_issues=1, issues=1,
                                              events=4, newest=t(9))
    assert rows["src/c.py"] == views.FileHeat("src/c.py", failed=0, partial=0, reverts=0, open_issues=0, issues=0,
                                              events=1, newest=t(8))


def test_counts_by_type_and_origin(cache: Cache) -> None:
    assert cache.type_counts("log") == {"attempt": 2, "decision": 2, "fix": 1, "issue": 2, "note": 1, "snooze": 1}
    assert cache.type_counts("git") == {"attempt": 1}
    assert cache.superseded_count() == 1
    assert views.files_cited(cache.db) == 3  # a.py, b.py and c.py; a snooze cites nothing
    assert ("2030-01-02", "attempt", 1) in views.day_counts(cache.db)


def test_recent_events_break_ties_by_id_like_a_full_sort(tmp_path: Path) -> None:
    made = Cache(tmp_path / "ties.sqlite")
    tied = [event(n, kind, t(1 + n % 3)) for n, kind in enumerate(["note", "issue", "decision"] * 20)]
    with made.transaction():
        for n, e in enumerate(reversed(tied)):  # grown in the opposite order of the ids
            made.insert(e, "log", n)
    full = [r[0] for r in made.db.execute("SELECT id FROM events ORDER BY ts DESC, id DESC")]
    for limit in (1, 7, 20, 21, 59, 60, 100):
        assert [row[0] for row in views.recent_events(made.db, limit)] == full[:limit]
    made.close()


def test_listed_rows_carry_the_summary_and_the_extra_paths(cache: Cache) -> None:
    row = views.listed(cache.db, [STORY[7].id])[STORY[7].id]
    assert row[:3] == (STORY[7].id, t(8), "note") and row[7] == "note 8"
    assert json.loads(row[8] or "[]") == ["src/a.py", "src/c.py"] and row[5] is None


def test_latest_per_path_is_newest_first_across_origins_without_snoozes(cache: Cache) -> None:
    latest = views.latest_per_path(cache.db, ["src/a.py", "src/b.py", "nowhere.py"], 3)
    assert [row[0] for row in latest["src/a.py"]] == [STORY[7].id, STORY[5].id, STORY[3].id]
    assert [row[0] for row in latest["src/b.py"]][0] == "evt_00000000000000000009"
    assert latest["nowhere.py"] == []


def test_issues_open_done_steps_and_fixes(cache: Cache) -> None:
    assert [parse_line(raw).issue_id for raw in views.open_issues(cache.db, 10)] == ["bbbb"]
    assert [parse_line(raw).issue_id for raw in views.done_issues(cache.db, 10)] == ["aaaa"]
    steps = [parse_line(raw).id for raw in views.issue_steps(cache.db, ["aaaa", "bbbb"], 2)]
    assert steps == [STORY[1].id, STORY[2].id]
    assert [parse_line(raw).id for raw in views.first_fixes(cache.db, ["aaaa", "bbbb"])] == [STORY[3].id]
    assert views.step_counts(cache.db, ["aaaa", "bbbb"]) == {"aaaa": 3}


def test_decisions_and_what_replaced_them(cache: Cache) -> None:
    shown = [parse_line(raw).id for raw in views.decisions(cache.db, 10)]
    assert shown == ["evt_00000000000000000009", STORY[6].id]
    replaced = views.replacements(cache.db, shown)
    assert [(target, parse_line(raw).id) for target, raw in replaced] == [(STORY[6].id, "evt_00000000000000000009")]
