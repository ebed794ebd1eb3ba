"""The rows one event makes in the index: its own (the columns the queries filter on and its
JSON), one per path it is about, a retirement when it supersedes a
decision or forgets an event, one per path a snooze covers. Pure: ``Cache`` writes them."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import chain

from kenning.core.events import Event, serialize
from kenning.core.gate.rows import SnoozeRow

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def path_rows(event: Event, origin: str, fixed: str | None = None,
              retired: str | None = None) -> list[tuple[Any, ...]]:
    """One row per path the event is about: the gate's queries never touch the JSON column
    until they know which few events they will show. (A bulk load makes the same rows for every
    event at once: ``bulk_path_rows``.)"""
    paths = dict.fromkeys(event.paths())  # a path listed twice is one row
    rest = (event.type, event.timestamp, event.id, event.outcome, event.issue_id, origin, fixed, retired)
    return [(path, *rest) for path in paths]


def bulk_path_rows(loaded: list[tuple[Event, str, int | None, str | None]], paths: set[str] | None,
                   retirements: list[tuple[str, str, str]], one_array: int,
                   ) -> tuple[list[tuple[str, list[Any]]], list[tuple[str | None, str | None, int]], list[int]]:
    """The path rows of a bulk load (``Cache.insert_many``): for each path (in order; only
    ``paths``' when given), its rows in key order (ts, id). A path with fewer than ``one_array``
    rows has them whole, (path, type, ts, id, outcome, issue, origin, fixed, retired, n): its
    issue's first fix (among ``loaded``), its first retirement (among ``retirements``), its
    number among the path's hand-written memories (rows from the log but snoozes) by (ts, id).
    A path with more has its memories as integers, for SQLite to make the rows: each event's
    number in ``loaded`` from 1 (the row id an empty table gives it), the list in (ts, id) order
    (so a memory's number is its place); then its other rows whole, as a list of their own.
    With them, the numbers of the events SQLite reads for those rows, and the marks (fixed,
    retired, number) of those that have either."""
    if paths is not None and not paths:
        return [], [], []  # an index asked for events by id alone (the summary's one pass)
    first_fix: dict[str, str] = {}
    for event, *_ in loaded:
        iid = event.issue_id if event.type == "fix" else None
        if iid is not None and (iid not in first_fix or event.timestamp < first_fix[iid]):
            first_fix[iid] = event.timestamp
    first_retired: dict[str, str] = {}
    for target, _, ts in retirements:
        if target not in first_retired or ts < first_retired[target]:
            first_retired[target] = ts
    about = _paths_about(loaded, paths)
    counted = Counter(chain.from_iterable(found for _, found in about))  # counted in C, in one call
    many = {path for path, rows in counted.items() if rows >= one_array}
    marks: list[tuple[str | None, str | None, int]] = []
    read: list[int] = []  # the events of the rows SQLite makes
    # each path's rows as the events come, in (ts, id) order: the key's, without sorting the rows
    # themselves (600,000 with 500 paths on one event in a hundred); a memory of a path with many
    # is only its event's number
    by_path: defaultdict[str, list[tuple[Any, ...]]] = defaultdict(list)
    made: defaultdict[str, list[int]] = defaultdict(list)  # the memories of the paths with many
    numbered: dict[str, int] = {}  # path -> its memories so far, for the paths with few
    for at, found in about:
        event, origin, _, _ = loaded[at]
        kind, ts, eid, outcome, issue_id = event.type, event.timestamp, event.id, event.outcome, event.issue_id
        fixed = first_fix.get(issue_id or "") if kind == "issue" else None
        retired = first_retired.get(eid) if kind == "decision" else None
        memory = origin == "log" and kind != "snooze"
        n = None
        if not many or many.isdisjoint(found):  # every row whole: the loop of most events, kept to that alone
            for path in found:
                if memory:
                    n = numbered[path] = numbered.get(path, 0) + 1
                by_path[path].append((path, kind, ts, eid, outcome, issue_id, origin, fixed, retired, n))
            continue
        read.append(at + 1)
        if fixed is not None or retired is not None:
            marks.append((fixed, retired, at + 1))
        for path in found:
            if memory and path in many:
                made[path].append(at + 1)
                continue
            if memory:
                n = numbered[path] = numbered.get(path, 0) + 1
            by_path[path].append((path, kind, ts, eid, outcome, issue_id, origin, fixed, retired, n))
    ordered: list[tuple[str, list[Any]]] = []  # the key (path, ts, id): appended to, never split
    for path in sorted(counted):
        if path in many:
            ordered.append((path, made.get(path, [])))  # get: a missing key is not added
        ordered.append((path, by_path.get(path, [])))
    return ordered, marks, read


def _paths_about(loaded: list[tuple[Event, str, int | None, str | None]],
                 paths: set[str] | None) -> list[tuple[int, list[str]]]:
    """(at, the paths ``loaded[at]`` is about, only ``paths``' when given) for each event about
    one, in the fold's order (ts, id)."""
    about: list[tuple[int, list[str]]] = []
    fold_keys = [(row[0].timestamp, row[0].id) for row in loaded]
    for at in sorted(range(len(loaded)), key=fold_keys.__getitem__):
        event = loaded[at][0]
        own = event.path
        if event.get("paths"):
            found = list(dict.fromkeys(event.paths()))  # a path listed twice is one row
            if paths is not None:
                found = [p for p in found if p in paths]
        elif own is not None and (paths is None or own in paths):
            found = [own]
        else:
            continue
        about.append((at, found))
    return about


# the types of event that can retire another (``retirement``): a bulk load looks among these alone
RETIRING = ("decision", "note")


def retirement(event: Event) -> tuple[str, str, str] | None:
    """A decision that supersedes another retires it from its own time on, and a note that
    forgets an event (``ken forget``) retires it altogether: facts the index keeps as rows (the
    retiring event's type tells them apart), so no read searches for the retiring event."""
    if event.type not in RETIRING:
        return None
    target = event.supersedes if event.type == "decision" else event.forgets
    return (target, event.id, event.timestamp) if target else None


def snooze_rows(event: Event) -> list[SnoozeRow]:
    """A snooze covers the paths it lists until its end: kept as rows, so the gate reads only
    the snoozes still running, without opening their JSON. An unsnooze is a row whose end is
    "" (before every time): never running itself, found by ``snoozes_ended``."""
    until, paths = event.get("until"), event.get("paths")
    if event.type == "snooze" and event.get("unsnooze") is True:
        until = ""
    if event.type != "snooze" or not isinstance(until, str) or not isinstance(paths, list):
        return []
    return [SnoozeRow(path, until, event.timestamp, event.id) for path in dict.fromkeys(paths) if isinstance(path, str)]


def event_row(event: Event, origin: str, line: int | None, raw: str | None) -> tuple[Any, ...]:
    """The event's own row (its words for the search are not in it: ``store.search`` takes
    them from the JSON). A plain tuple, not a named row: a rebuild makes 100,000 of them, and
    only ``Cache`` reads them, to bind. ``cites``: 1 when the JSON holds a ``citation`` (the
    gate's look for memories that cite code walks those alone), else null."""
    text = raw or serialize(event)
    return (event.id, event.timestamp, event.type, event.path, event.issue_id, event.outcome,
            event.supersedes, origin, line, 1 if '"citation":' in text else None, text)
