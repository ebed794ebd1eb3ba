"""A rebuild's bulk load (``Cache.insert_many``) leaves the same index as taking the same events
in one at a time (``Cache.insert``): every path row with its issue's first fix and its
decision's first retirement, every retirement and snooze. A partial index (``paths=``, the cold
gate's) holds exactly the full index's rows about those paths.

The bulk load makes every path row at once, numbering the memories and finding the first fixes
and retirements in Python, and has SQLite make the rows of a path with many from the events just
loaded; one at a time, SQLite numbers and joins them as each row goes in. Random logs hold both
to one answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from event_strategies import add_forgetting, link_supersedes, type_fields  # tests/ is on sys.path (its conftest.py)
from kenning.app.memory import rebuild_encoder
from kenning.core.events import Event, canonical_json, parse_line
from kenning.core.fold import unique
from kenning.store import cache as cache_module
from kenning.store.cache import Cache
from kenning.store.one_pass import OnePassIndex

PATHS = ("src/a.py", "src/b.py", "lib/c.py", "odd:name.py", "src/a.py:12", "docs/café \"ü\".md")
ISSUES = ("k7q2", "m3x9")
KINDS = ("issue", "attempt", "attempt", "fix", "decision", "decision", "note", "snooze")
IDS = st.integers(0, 2**40).map(lambda n: f"evt_{n:020x}")
TIMES = st.integers(1, 28).map(lambda d: f"2030-01-{d:02d}T00:00:00.000000Z")
TABLES = ("events", "event_paths", "retirements", "snoozes")


@st.composite
def logs(draw: st.DrawFn) -> list[Event]:
    found: list[dict[str, Any]] = []
    supersede: list[tuple[dict[str, Any], int]] = []
    for n in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(KINDS))
        data: dict[str, Any] = {"v": 1, "id": draw(IDS), "type": kind, "timestamp": draw(TIMES),
                                "summary": f"{kind} {n}", "source": draw(st.sampled_from(("cli", "git")))}
        if draw(st.integers(0, 4)) > 0:
            path = draw(st.sampled_from(PATHS))
            data["location"] = path if draw(st.booleans()) else f"{path}:{n + 1}"
        if kind == "snooze" or draw(st.integers(0, 2)) == 0:
            data["paths"] = draw(st.lists(st.sampled_from(PATHS), max_size=3))
        if kind == "snooze":
            data["until"] = draw(TIMES)
        if kind in ("issue", "attempt", "fix") and draw(st.integers(0, 5)) > 0:
            data["issue_id"] = draw(st.sampled_from(ISSUES))
        type_fields(draw, data, supersede)
        found.append(data)
    link_supersedes(draw, found, supersede, IDS)
    add_forgetting(draw, found, IDS, TIMES)
    return unique(parse_line(canonical_json(d)) for d in found)


def rows(cache: Cache) -> dict[str, list[tuple[Any, ...]]]:
    return {table: sorted(cache.db.execute(f"SELECT * FROM {table}"), key=repr) for table in TABLES}


def origin(event: Event) -> str:
    return "git" if event.source == "git" else "log"


SETTINGS = settings(max_examples=150, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


# every path's rows as one array, the paths with many, none; with the encoder of those arrays
# that the store has and the compiled one a rebuild hands it
@pytest.mark.parametrize(("one_array", "encoder"), [(1, "json"), (4, "json"), (10**9, "json"),
                                                    (1, "rebuild's"), (4, "rebuild's")])
@SETTINGS
@given(events=logs(), kept=st.sets(st.sampled_from(PATHS)))
def test_a_bulk_load_leaves_the_index_one_event_at_a_time_leaves(tmp_path: Path, events: list[Event],
                                                                   kept: set[str], one_array: int, encoder: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_module, "_ONE_ARRAY", one_array)
    encode = rebuild_encoder() if encoder == "rebuild's" else json.dumps
    made = {name: Cache(None) for name in ("bulk", "single", "partial")}
    with made["bulk"].transaction():
        made["bulk"].insert_many([(e, origin(e), n, None) for n, e in enumerate(events)], encode=encode)
    with made["single"].transaction():
        for n, e in enumerate(events):
            made["single"].insert(e, origin(e), n)
    with made["partial"].transaction():
        made["partial"].insert_many([(e, origin(e), n, None) for n, e in enumerate(events)], kept, encode=encode)
    bulk = rows(made["bulk"])
    assert bulk == rows(made["single"])
    partial = rows(made["partial"])
    assert partial["event_paths"] == [r for r in bulk["event_paths"] if r[0] in kept]
    assert partial["snoozes"] == [r for r in bulk["snoozes"] if r[0] in kept]
    assert partial["retirements"] == bulk["retirements"]
    for cache in made.values():
        cache.close()


@SETTINGS
@given(events=logs(), split=st.integers(0, 30))
def test_a_second_bulk_load_gives_each_path_row_its_own_event(events: list[Event], split: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A bulk load has SQLite make a path's rows from the events it has just loaded, found by
    row id (here every path's): into an index that already held events (an index in memory
    loading a second bulk), or with an id twice (the table keeps one), the row ids are not 1,
    2, ... and each row must still carry its own event's columns and paths."""
    monkeypatch.setattr(cache_module, "_ONE_ARRAY", 1)
    bulk, single = Cache(None), Cache(None)
    with bulk.transaction():
        bulk.insert_many([(e, origin(e), n, None) for n, e in enumerate(events[:split])])
        bulk.insert_many([(e, origin(e), n, None) for n, e in enumerate(events[split:] + events[split:][:1], split)])
    with single.transaction():
        for n, e in enumerate(events):
            single.insert(e, origin(e), n)
    strays = bulk.db.execute(
        "SELECT count(*) FROM event_paths p JOIN events e ON e.id=p.id WHERE p.type!=e.type OR p.ts!=e.ts"
        " OR p.origin!=e.origin OR p.outcome IS NOT e.outcome OR p.issue_id IS NOT e.issue_id").fetchone()[0]
    assert strays == 0
    assert (sorted(bulk.db.execute("SELECT path, id FROM event_paths"))
            == sorted(single.db.execute("SELECT path, id FROM event_paths")))
    bulk.close()
    single.close()


@SETTINGS
@given(events=logs(), later=logs(), by_id_only=st.booleans())
def test_an_index_holding_its_bulk_load_answers_as_the_loaded_index_does(events: list[Event], later: list[Event],
                                                                         by_id_only: bool) -> None:
    """The first summary after a clone asks its index in memory for a few events by id: the
    bulk load is held in Python until a query needs SQLite. Asked by id, or indexing events
    derived after it, the held index answers as the loaded one; the first other query loads
    it, and it then holds the rows the loaded one holds."""
    held, loaded = OnePassIndex(), Cache(None)
    later = later + events[:2]  # copies of ids it holds: refused, as the index refuses them
    asked = [e.id for e in events + later] + ["evt_" + "0" * 20]
    for cache in (held, loaded):
        with cache.transaction():
            cache.insert_many([(e, origin(e), n, None) for n, e in enumerate(events)],
                              set() if by_id_only else None, by_id_only)
    for event in later:
        with held.transaction(), loaded.transaction():
            assert held.insert(event, origin(event), None) == loaded.insert(event, origin(event), None)
        assert held.event(event.id) == loaded.event(event.id)
    assert held.known_ids(asked) == loaded.known_ids(asked)
    assert [held.event(i) for i in asked] == [loaded.event(i) for i in asked]
    held.set_meta("log", {"end": 1})
    assert held.meta("log") == {"end": 1}
    assert held._connection.execute("SELECT count(*) FROM events").fetchone()[0] == 0  # nothing loaded yet
    assert rows(held) == rows(loaded)
    for cache in (held, loaded):
        cache.close()


OLD_COUNT = ("SELECT count(*) FROM event_paths p WHERE p.path=? AND p.origin='log' AND p.ts<? AND p.type!='snooze'"
             " AND (p.retired IS NULL OR p.retired>?)")


@SETTINGS
@given(events=logs(), order=st.randoms(use_true_random=False), before=TIMES, clock=TIMES)
def test_the_stale_memory_count_holds_whatever_order_the_memories_arrive_and_leave_in(
        events: list[Event], order: Any, before: str, clock: str) -> None:
    """The stale-memory count reads the number each memory carries among its path's: events
    indexed older than those already there (a union merge) and events removed renumber the
    rest, so the count is every matching row's, as counting them one by one gives it."""
    arriving = list(events)
    order.shuffle(arriving)
    cache = Cache(None)
    with cache.transaction():
        for n, e in enumerate(arriving):
            cache.insert(e, origin(e), n)
        cache.remove([e.id for e in arriving[::3]])
    for path in ("src/a.py", "src/b.py", "lib/c.py", "odd:name.py", "docs/café \"ü\".md"):
        counted = cache.db.execute(OLD_COUNT, (path, before, clock)).fetchone()[0]
        assert cache.memories_before(path, before, clock, 3).total == counted
    cache.close()


def test_an_id_twice_in_a_bulk_load_is_taken_in_once_the_first_time() -> None:
    """The events' ids are keyed after a bulk load, not during it: a copy of an id later in the
    same load (a line repeated by a merge, changed on one side) adds no event and no path row,
    as the one-at-a-time index refuses it."""
    first = parse_line(canonical_json({"v": 1, "id": "evt_" + "1" * 20, "type": "note", "summary": "one",
                                       "timestamp": "2030-01-02T00:00:00.000000Z", "source": "cli",
                                       "location": "src/a.py"}))
    copy = parse_line(canonical_json({"v": 1, "id": first.id, "type": "note", "summary": "one, edited",
                                      "timestamp": "2030-01-03T00:00:00.000000Z", "source": "cli",
                                      "location": "src/b.py", "paths": ["lib/c.py"]}))
    other = parse_line(canonical_json({"v": 1, "id": "evt_" + "2" * 20, "type": "note", "summary": "two",
                                       "timestamp": "2030-01-04T00:00:00.000000Z", "source": "cli",
                                       "location": "src/a.py"}))
    bulk, single = Cache(None), Cache(None)
    with bulk.transaction():
        bulk.insert_many([(e, "log", n, None) for n, e in enumerate((first, copy, other), 1)])
    with single.transaction():
        for n, e in enumerate((first, copy, other), 1):
            single.insert(e, "log", n)
    assert rows(bulk) == rows(single)
    assert [r[0] for r in rows(bulk)["event_paths"]] == ["src/a.py", "src/a.py"]
    assert bulk.event(first.id) == single.event(first.id) == canonical_json(first.as_dict())
    bulk.close()
    single.close()
