"""The fold on two kinds of tables must give one projection: ``MemoryTable`` (plain dicts, a fold
from scratch) and the index's SQLite-backed ``StateTable`` (``Cache.table``), including the
cache's own ways of carrying a state between processes (the short fields through ``meta``, a
state folded in memory saved with ``save_tables`` and then grown on the SQLite tables, or grown
on the same tables held in memory and written through, then read back by another process).

And the property the cache rests on (``kenning.core.fold``'s docstring): the state is a
function of the *set* of events, so applying them in any order gives the same projection.

Views are compared, not the internal order of the small lists; the raw ``short_fields()`` is compared
only between runs that applied the same events in the same order.

One order is not the same (pinned by the tests at the end): when the kept window of done issues
is full, an issue arriving after a later issue with the same id (its "twin", from another
branch) has already pushed another done issue out leaves a different bounded state than a fold
from scratch; the state flags it (``refold``) and the cache folds from scratch. The order
property with overflowing windows therefore draws logs without issue twins (twins are drawn
everywhere else).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as label
from hypothesis import strategies as st

from event_strategies import add_forgetting, link_supersedes, type_fields  # tests/ is on sys.path (its conftest.py)
from kenning.core import fold as fold_module
from kenning.core.events import TYPES, Event, format_timestamp, parse_line, parse_timestamp, serialize
from kenning.core.fold import TABLES, MemoryTable, State, fold, remembered, unique
from kenning.core.views import summary
from kenning.store.cache import Cache, StateTable

SETTINGS = settings(max_examples=75, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BASE = parse_timestamp("2030-06-30T12:00:00Z")
# paths whose order differs between code points and naive bytes would show a collation mismatch;
# capitals sort before lower case, "ü" after "z"
PATHS = ("src/pay.py", "src/Pay.py", "src/ünï.py", "lib/z.py", "README")
ISSUES = ("k7q2", "m3x9", "p4w8", "zz00", "q1q1")
KINDS = (*TYPES, "issue", "attempt", "fix", "note", "review")  # "review": a type this kenning does not know
ISSUE_HEAVY = ("issue", "issue", "issue", "fix", "fix", "attempt", "note")  # fills the kept windows
SOURCES = ("cli", "mcp", "git", "agent-hook")
SUMMARIES = st.one_of(
    st.sampled_from(["plain words", "lesson: retry with backoff", "Gotcha: the clock is UTC", "x" * 300,
                     "## Heading\n- item", "two\nlines", "  padded  ", "ünïcödé — “quotes” 日本", ""]),
    st.text(st.characters(codec="utf-8"), max_size=12))
IDS = st.integers(0, 2**80 - 1).map(lambda n: f"evt_{n:020x}")


@st.composite
def event_logs(draw: st.DrawFn, max_size: int = 40, twins: bool = True) -> list[Event]:
    """Events as a log holds them: shared issue ids, tied timestamps, issues and fixes with no
    issue id, decisions superseding earlier, later, unknown or their own ids, lessons by flag
    and by prefix, unknown types, and duplicate ids (exact and differing copies). ``twins``:
    two issue events (distinct event ids) may open the same issue id."""
    times = draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=8))
    when = st.one_of(st.sampled_from(times), st.integers(0, 10_000)).map(
        lambda s: format_timestamp(BASE + s * 1_000_000))
    kinds = draw(st.sampled_from([KINDS, ISSUE_HEAVY]))
    found: list[dict[str, Any]] = []
    supersede: list[tuple[dict[str, Any], int]] = []
    for _ in range(draw(st.integers(0, max_size))):
        if found and draw(st.integers(0, 9)) == 0:
            copy = dict(draw(st.sampled_from(found)))
            if draw(st.booleans()):
                copy["timestamp"] = draw(when)
                copy["summary"] = draw(SUMMARIES)
            found.append(copy)
            continue
        kind = draw(st.sampled_from(kinds))
        data: dict[str, Any] = {"v": 1, "id": draw(IDS), "type": kind, "source": draw(st.sampled_from(SOURCES)),
                                "summary": draw(SUMMARIES), "timestamp": draw(when)}
        if draw(st.integers(0, 3)) > 0:
            path = draw(st.sampled_from(PATHS))
            data["location"] = path if draw(st.booleans()) else f"{path}:{draw(st.integers(1, 99))}"
        opened = {d["issue_id"] for d in found if d["type"] == "issue" and "issue_id" in d}
        free = ISSUES if twins or kind != "issue" else tuple(i for i in ISSUES if i not in opened)
        if kind in ("issue", "attempt", "fix") and free and draw(st.integers(0, 5)) > 0:
            data["issue_id"] = draw(st.sampled_from(free))
        type_fields(draw, data, supersede)
        found.append(data)
    link_supersedes(draw, found, supersede, IDS)
    add_forgetting(draw, found, IDS, when)
    # every event goes through the reader, as the log's lines do
    return [parse_line(serialize(Event(d))) for d in found]


# -- folding ----------------------------------------------------------------------------------------

def on_memory_tables(events: list[Event], bounded: bool) -> State:
    state = State(bounded)
    for event in events:
        state.apply(event)
    return state


def on_state_tables(events: list[Event], bounded: bool, cache: Cache) -> State:
    state = State(bounded, tables={name: cache.table(name) for name in TABLES})
    for event in events:
        state.apply(event)
    return state


def carried_over(events: list[Event], cut: int, bounded: bool, cache: Cache) -> State:
    """As the index across processes: part folded on the SQLite tables, the short fields saved
    in meta, a new State loaded from both, the rest folded onto it."""
    state = on_state_tables(events[:cut], bounded, cache)
    cache.set_meta("state_small", state.short_fields())
    state = State(bounded, tables={name: cache.table(name) for name in TABLES}, short=cache.meta("state_small"))
    for event in events[cut:]:
        state.apply(event)
    return state


def rebuilt_then_grown(events: list[Event], cut: int, bounded: bool, cache: Cache) -> State:
    """As a rebuild then an append: part folded on MemoryTables, saved table by table, loaded as
    StateTables, the rest folded onto them."""
    first = on_memory_tables(events[:cut], bounded)
    tables = {name: getattr(first, name) for name in TABLES}
    assert all(isinstance(table, MemoryTable) for table in tables.values())
    cache.save_tables({name: table.rows for name, table in tables.items()})
    cache.set_meta("state_small", first.short_fields())
    state = State(bounded, tables={name: cache.table(name) for name in TABLES}, short=cache.meta("state_small"))
    for event in events[cut:]:
        state.apply(event)
    return state


def held_then_grown(events: list[Event], cut: int, bounded: bool, cache: Cache) -> tuple[State, State]:
    """As a rebuild that goes on folding in the same process (the events derived from git): part
    folded on MemoryTables and saved whole, the same state kept with each table held in memory and
    written through to the index (``Cache.held_table``), the rest folded onto it. Returns that
    state, and the state another process then reads from the index."""
    held = on_memory_tables(events[:cut], bounded)
    cache.save_tables({name: getattr(held, name).rows for name in TABLES})
    for name in TABLES:
        setattr(held, name, cache.held_table(name, getattr(held, name)))
    for event in events[cut:]:
        held.apply(event)
    cache.set_meta("state_small", held.short_fields())
    read_back = State(bounded, tables={name: cache.table(name) for name in TABLES}, short=cache.meta("state_small"))
    return held, read_back


def tables(state: State) -> dict[str, Any]:
    """Every table as its ``newest()`` pairs (what the views iterate), and its size."""
    found: dict[str, Any] = {}
    for name in TABLES:
        table = getattr(state, name)
        found[name] = list(table.by_rank())
        found[name + ".size"] = table.size()
    return found


def views(state: State, bounded: bool) -> dict[str, Any]:
    """What projections read from a state, and the summary rendered from it."""
    budget = summary.DEFAULT_BUDGET if bounded else None
    return {
        "done": state.done_items(), "notes": state.note_items(), "lessons": list(state.lesson_items()),
        "decisions": list(state.standing_decisions()), "open": list(state.open_items()),
        "top_files": state.top_files(), "lesson_total": state.lesson_total(), "note_count": state.note_count,
        "history": state.history_items(), "history_count": state.history_count,
        "lesson_count": state.lesson_count, "unknown": state.unknown, "failures": state.failure_items(),
        "failure_count": state.failure_count, "failures_from_git": state.failures_from_git,
        "rendered": summary.render(state, "proj", "purpose", budget),
        "rendered_small": summary.render(state, "proj", "purpose", 900),
    }


def projection(state: State, bounded: bool) -> dict[str, Any]:
    return {**tables(state), **views(state, bounded)}


@contextmanager
def limits(small: bool) -> Iterator[None]:
    """The fold's top-k sizes, shrunk so a small example overflows them (kept windows, notes,
    attempts): the rules are the same at any size."""
    if not small:
        yield
        return
    with mock.patch.multiple(fold_module, TOP_KEPT=1, ATTEMPTS_KEPT=1):
        yield


def note_coverage(state: State, events: list[Event]) -> None:
    """Labels for ``--hypothesis-show-statistics``: which parts of the state the examples reach."""
    for name in ("open_issues", "fixes", "done_ids", "attempts", "decisions", "decided_lessons", "retired"):
        if getattr(state, name).size():
            label(f"{name} not empty")
    if state.note_count > len(state.note_items()):
        label("notes beyond the kept window")
    if state.history_count > len(state.history_items()):
        label("history beyond the kept window")
    if state.done_ids.size() > len(state.done_items()):
        label("done issues beyond the kept window")
    if any(len(a) < sum(1 for e in events if e.issue_id == iid and e.outcome in ("failed", "partial"))
           for iid, a in state.attempts.by_rank()):
        label("attempts beyond the kept window")
    if state.unknown:
        label("unknown types")
    label(f"{len(events) // 10 * 10}+ events")


# -- the properties ---------------------------------------------------------------------------------

# (bounded, small limits): the cached state at real sizes and with its windows overflowing, and
# the unbounded state of ``--full`` (which keeps everything: its limits never apply)
MODES = pytest.mark.parametrize("bounded, small", [(True, False), (True, True), (False, False)],
                                ids=["bounded", "bounded-small-limits", "unbounded"])


@MODES
@SETTINGS
@given(log=event_logs(), dedupe=st.booleans(), shuffle=st.randoms(use_true_random=False), cut=st.floats(0, 1))
def test_memory_tables_and_state_tables_give_one_projection(
        log: list[Event], dedupe: bool, shuffle: Any, cut: float, bounded: bool, small: bool) -> None:
    """The same events in the same order (deduplicated by ``unique`` or not, in log order or
    shuffled) give one state on MemoryTables and on SQLite tables, however it was carried."""
    events = unique(log) if dedupe else list(log)
    if shuffle.random() < 0.5:
        shuffle.shuffle(events)
    split = int(len(events) * cut)
    caches = [Cache.in_memory() for _ in range(4)]
    try:
        with limits(small):
            reference = on_memory_tables(events, bounded)
            held, read_back = held_then_grown(events, split, bounded, caches[3])
            others = {"StateTable": on_state_tables(events, bounded, caches[0]),
                      "carried over meta": carried_over(events, split, bounded, caches[1]),
                      "saved then grown": rebuilt_then_grown(events, split, bounded, caches[2]),
                      "saved, held, grown": held, "held, grown, read back": read_back}
        for name in TABLES:
            assert isinstance(getattr(others["StateTable"], name), StateTable)
        want = projection(reference, bounded)
        for how, state in others.items():
            assert state.short_fields() == reference.short_fields(), how
            assert projection(state, bounded) == want, how
        note_coverage(reference, events)
    finally:
        for cache in caches:
            cache.close()


@MODES
@SETTINGS
@given(data=st.data(), order=st.randoms(use_true_random=False))
def test_any_order_of_the_same_events_gives_one_projection(data: st.DataObject, order: Any, bounded: bool,
                                                          small: bool) -> None:
    """The fold is a function of the set of events: the fold's own order and any other give one
    projection, on MemoryTables and on SQLite tables. (With the done window overflowing, no
    issue twins: the known disagreement below.)"""
    log = data.draw(event_logs(twins=not (bounded and small)), label="log")
    events = remembered(log)  # what the fold keeps: each id once, none a note forgot
    shuffled = list(events)
    order.shuffle(shuffled)
    cache = Cache.in_memory()
    try:
        with limits(small):
            folded = on_memory_tables(events, bounded)
            note_coverage(folded, events)
            want = projection(folded, bounded)
            assert projection(on_memory_tables(shuffled, bounded), bounded) == want
            assert projection(on_state_tables(shuffled, bounded, cache), bounded) == want
            assert projection(fold_module.fold(shuffled + log[:3], bounded), bounded) == want
    finally:
        cache.close()


# -- the known disagreement: an issue twin arriving after the done window filled -----------------------

def numbered(n: int, kind: str, seconds: int, **fields: Any) -> Event:
    return Event({"v": 1, "id": f"evt_{n:020x}", "type": kind, "source": "cli", "summary": f"{kind} {n}",
                  "timestamp": format_timestamp(BASE + seconds * 1_000_000), **fields})


def twin_arrives_late(filler: int) -> tuple[list[Event], list[Event]]:
    """(the log in the fold's own order, the same events in the order a log grew): ``filler``
    newer done issues, then issue ``aaaa`` at 50 s and ``bbbb`` at 40 s, both fixed, and last the
    earliest issue ``aaaa`` at 10 s (another branch's, appended by a union merge): that one is
    the issue ``aaaa`` that stands."""
    events: list[Event] = []
    for i in range(filler):
        events += [numbered(1000 + i, "issue", 1000 + i, issue_id=f"f{i:03d}"),
                   numbered(2000 + i, "fix", 1000 + i, issue_id=f"f{i:03d}")]
    events += [numbered(1, "fix", 60, issue_id="aaaa"), numbered(2, "fix", 61, issue_id="bbbb"),
               numbered(3, "attempt", 45, issue_id="bbbb", outcome="failed", summary="retry"),
               numbered(4, "issue", 50, issue_id="aaaa"), numbered(5, "issue", 40, issue_id="bbbb"),
               numbered(6, "issue", 10, issue_id="aaaa")]
    return unique(events), events


def test_the_order_property_sees_the_known_disagreement_at_small_limits() -> None:
    """The comparison is not vacuous: with one done issue kept, the twin arriving late gives
    another projection (the state keeps ``aaaa``, a fold from scratch keeps ``bbbb``)."""
    in_order, as_grown = twin_arrives_late(0)
    with limits(True):
        scratch, grown = on_memory_tables(in_order, True), on_memory_tables(as_grown, True)
    assert [d["issue_id"] for d in scratch.done_items()] == ["bbbb"]
    assert [d["issue_id"] for d in grown.done_items()] == ["aaaa"]
    assert projection(grown, True) != projection(scratch, True)


def test_a_late_issue_twin_asks_for_a_fold_from_scratch() -> None:
    """At the real window (TOP_KEPT done issues kept): ``TOP_KEPT - 1`` newer done issues leave one
    place. Folded from scratch the earliest ``aaaa`` (10 s) stands, so ``bbbb`` (40 s) takes the
    place; applied as the log grew, ``aaaa`` at 50 s takes it first and pushes ``bbbb`` out (its
    attempts dropped for good), then the twin at 10 s replaces it. A bounded state cannot bring
    ``bbbb`` back, so it says so (``refold``), and the cache folds from scratch instead
    (tests/cli/test_views.py shows the summary that results)."""
    in_order, as_grown = twin_arrives_late(fold_module.TOP_KEPT - 1)
    scratch, grown = on_memory_tables(in_order, True), on_memory_tables(as_grown, True)
    assert projection(grown, True) != projection(scratch, True)
    assert grown.refold and not scratch.refold
    assert summary.render(fold(in_order), "proj", "purpose", 200_000) == summary.render(
        scratch, "proj", "purpose", 200_000)


@given(ranks=st.dictionaries(st.text("abc", min_size=1, max_size=3), st.sampled_from(["", "01", "02", "10", "2030"]),
                             max_size=40),
       limit=st.integers(0, 12))
@settings(max_examples=200, deadline=None)
def test_the_first_rows_by_rank_are_those_of_the_whole_order(ranks: dict[str, str], limit: int) -> None:
    """``by_rank(limit)`` picks the first rows without ordering them all (a summary asks for the
    most cited of 50,000 files): the same rows, ties at the edge and all, as the whole order's
    first ``limit``, in memory and in the index."""
    held = MemoryTable()
    cache = Cache(None)
    stored = cache.table("key_files")
    for k, rank in ranks.items():
        held.put(k, rank, k.upper())
        stored.put(k, rank, k.upper())
    whole = list(held.by_rank())
    assert list(held.by_rank(limit)) == whole[:limit]
    assert list(stored.by_rank(limit)) == whole[:limit] == list(stored.by_rank())[:limit]
    cache.close()


def test_a_stored_table_read_whole_or_in_part_gives_back_every_value() -> None:
    """Read in order or by many keys, the index decodes its values a few hundred at a time in
    one call: every value comes back as it was put, past each batch's edge, whatever its JSON
    (lists, objects, text with quotes, commas and brackets, numbers, true, null)."""
    held = MemoryTable()
    cache = Cache(None)
    stored = cache.table("attempts")

    def value(n: int) -> Any:
        return ([{"summary": f'tried "{n}", then ]', "n": n}], {"failed": n, "partial": 0},
                f"text, with [brackets] {n} ü", n, [True, None, [n, [n]]])[n % 5]

    for n in range(700):
        key, rank = f"k{n:04d}", f"{(n * 7919) % 701:04d}"
        held.put(key, rank, value(n))
        stored.put(key, rank, value(n))
    assert list(stored.by_rank()) == list(held.by_rank())
    assert list(islice(stored.by_rank(), 3)) == list(held.by_rank())[:3]
    wanted = [f"k{n:04d}" for n in range(0, 700, 3)] + ["missing"]
    assert stored.many(wanted) == {k: held.get(k) for k in wanted if held.get(k) is not None}
    cache.close()
