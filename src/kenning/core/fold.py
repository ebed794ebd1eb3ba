"""The fold: a project's events -> the state the summary is rendered from.

The fold is a function of the *set* of events. ``State.apply`` is written so that applying the
same events in any order gives the same state: every container is keyed (by issue id, event id
or path) or keeps the top-k by the total order (timestamp, id). That is what lets the cache fold
only the new tail of the log after a write or a union merge and still agree, byte for byte,
with a fold from scratch. Duplicate ids are dropped by ``fold`` (and by the index, when the
cache folds incrementally).

Rules (docs/views.md):
- an issue is done when a ``fix`` names it; each issue keeps its latest fix, its newest
  ``failed``/``partial`` attempts and how many it has of each (so a view that shows some of
  them can say how many it did not);
- a decision stands unless another decision's ``supersedes`` names it;
- notes: the most recent; lessons: notes and decisions marked ``lesson``;
- history: events derived from git that name no issue (fix commits, reverts, features), the
  most recent, kept apart from the notes so that a busy history never pushes a hand-written
  note out;
- failures: failed and partial attempts that name no issue (reverts derived from git among
  them), the most recent, kept apart as well: what an agent must not repeat is never pushed out
  by a busy history of routine fixes;
- key files: files cited by events, most cited first;
- an event a note's ``forgets`` names (``ken forget``) is left out of the fold altogether, at
  every clock (``remembered``); the forgetting note itself is no note to show;
- events of an unknown type are counted and otherwise ignored.

The large containers are ``Table`` objects: plain dictionaries here, and SQLite-backed ones in
the cache, so a write touches a few rows instead of loading the whole state.
"""

from __future__ import annotations

import bisect
import heapq
from itertools import islice
from operator import attrgetter

from kenning.core.events import TYPES, Event, serialize
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, TypedDict

    class Item(TypedDict, total=False):
        """A compact, JSON-ready copy of an event: the fields projections show. Only the fields
        that hold something are present (``Event.pick``); ``summary`` is cut to ``ITEM_CHARS``
        in the budgeted state."""

        id: str
        type: str
        timestamp: str
        location: str
        issue_id: str
        outcome: str
        supersedes: str
        lesson: bool
        summary: str
        cited: bool  # it cites lines of code: the views ask where that code stands now
        code_note: str  # a view's copy only: what became of that code (``core.views.coded``)
else:
    Item = dict

ATTEMPTS_SHOWN = 3  # of a done issue in the summary, and of an open one in the context
# the budgeted state keeps this many failed/partial attempts per issue (and counts them all):
# more than one issue's part of a 6,000-character summary shows
ATTEMPTS_KEPT = 20
ITEM_CHARS = 240  # one event's text in the budgeted summary; ``--full`` shows it whole
# the budgeted state keeps this many done issues, lessons, notes, history and failures: more
# than a 6,000-character summary can show, so the budget (not the state) decides what is cut
TOP_KEPT = 200
# files weighed for the key files when deleted ones are skipped: a project that deleted most of
# what its memory cites shows fewer than twenty rather than look at every path ever cited
# (a summary is rendered after every write)
FILES_LOOKED_AT = 100
TABLES = ("open_issues", "fixes", "done_ids", "attempts", "attempt_counts", "decisions", "decided_lessons",
          "retired", "key_files")

_SORT_KEY = attrgetter("timestamp", "id")  # ``Event.sort_key``, read in C
_ITEM_KEYS = ("id", "type", "timestamp", "location", "issue_id", "outcome", "supersedes", "lesson")


class MemoryTable:
    """A keyed container whose values carry a rank (a time, or a zero-padded count); ``by_rank``
    iterates by rank, highest first.

    The cache provides a SQLite-backed class with the same six methods.
    """

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, Any]] = {}

    def get(self, k: str) -> Any:
        row = self.rows.get(k)
        return None if row is None else row[1]

    def many(self, keys: Iterable[str]) -> dict[str, Any]:
        """The values held for ``keys`` (those not held are left out), asked at once: a view
        asks about every open issue."""
        rows = self.rows
        return {k: rows[k][1] for k in keys if k in rows}

    def put(self, k: str, rank: str, value: Any) -> None:
        self.rows[k] = (rank, value)

    def pop(self, k: str) -> Any:
        row = self.rows.pop(k, None)
        return None if row is None else row[1]

    def size(self) -> int:
        return len(self.rows)

    def by_rank(self, limit: int | None = None) -> Iterator[tuple[str, Any]]:
        """(key, value) pairs by rank, highest first; equal ranks by key, ascending; the first
        ``limit`` of them when given."""
        rows = self.rows
        if limit is not None and limit <= 0:
            return iter(())
        if limit is not None and len(rows) > 4 * limit:  # else ordering them all is as quick
            # the rows ranked as high as the limit-th highest rank, ties and all, are the only
            # ones that can come first: the most cited of 50,000 files without sorting them all
            from heapq import nlargest

            lowest = nlargest(limit, (row[0] for row in rows.values()))[-1]
            ordered = sorted((k, row) for k, row in rows.items() if row[0] >= lowest)
        else:
            ordered = sorted(rows.items())
        ordered.sort(key=lambda kv: kv[1][0], reverse=True)
        return ((k, value) for k, (_, value) in ordered[:limit])


def key(item: Item) -> tuple[str, str]:
    return (item.get("timestamp", ""), item.get("id", ""))


def rank(item: Item) -> str:
    return f"{item.get('timestamp', '')}|{item.get('id', '')}"


def _as_key(value: Any) -> tuple[str, str] | None:
    return (str(value[0]), str(value[1])) if isinstance(value, list) and len(value) == 2 else None


def _insert_top(items: list[Item], item: Item, limit: int | None) -> Item | None:
    """Insert keeping ``items`` in the fold's order, oldest first; return the item pushed out
    past ``limit`` (the oldest), if any. Unbounded lists (``--full``) are only appended to;
    their views sort them once."""
    if limit is None:
        items.append(item)
        return None
    order = key(item)
    if not items or key(items[-1]) <= order:
        items.append(item)  # the newest yet: what a fold in the log's order meets most
    elif len(items) >= limit and order < key(items[0]):
        return item  # older than everything kept: nothing to move
    else:
        bisect.insort(items, item, key=key)
    return items.pop(0) if len(items) > limit else None


class State:
    """What the summary needs. ``bounded`` keeps top-k lists and short texts (the cached
    state); unbounded keeps everything (``ken summary --full``)."""

    def __init__(self, bounded: bool = True, tables: dict[str, Any] | None = None,
                 short: dict[str, Any] | None = None) -> None:
        self.bounded = bounded
        given = tables or {}
        self.open_issues = given.get("open_issues") or MemoryTable()
        self.fixes = given.get("fixes") or MemoryTable()        # issue id -> its latest fix
        self.done_ids = given.get("done_ids") or MemoryTable()  # every issue id that is done
        self.attempts = given.get("attempts") or MemoryTable()  # issue id -> newest attempts
        self.attempt_counts = given.get("attempt_counts") or MemoryTable()  # issue id -> {outcome: n}
        self.decisions = given.get("decisions") or MemoryTable()  # standing decisions
        self.decided_lessons = given.get("decided_lessons") or MemoryTable()  # ... marked lesson
        self.retired = given.get("retired") or MemoryTable()    # ids named by supersedes
        self.key_files = given.get("key_files") or MemoryTable()  # path -> citations
        short = short or {}
        self.done: list[Item] = short.get("done", [])  # the newest done issues, oldest first
        self._shown: set[str] | None = None  # the issue ids in ``done``, made when first asked
        self.notes: list[Item] = short.get("notes", [])
        self.note_count: int = short.get("note_count", 0)
        self.history: list[Item] = short.get("history", [])  # derived from git, naming no issue
        self.history_count: int = short.get("history_count", 0)
        self.lessons: list[Item] = short.get("lessons", [])
        self.lesson_count: int = short.get("lesson_count", 0)
        # failed/partial attempts naming no issue (also in the notes or the history, by source)
        self.failures: list[Item] = short.get("failures", [])
        self.failure_count: int = short.get("failure_count", 0)
        self.failures_from_git: int = short.get("failures_from_git", 0)
        self.unknown: int = short.get("unknown", 0)
        # set when an event arriving out of order may have needed an issue this bounded state
        # already let go of: only a fold from scratch, in order, gives the right state then
        self.refold = False
        # while ``apply_all`` folds from scratch: per top list, the place in the order below which
        # its events would be pushed out again (``_cutoffs``)
        self._passing: dict[str, tuple[str, str]] = _NOTHING_PASSES

    def short_fields(self) -> dict[str, Any]:
        """The short lists (kept to their top k) and the counts: stored as one value beside
        the tables, and read back through ``State(short=...)``."""
        return {"done": self.done, "notes": self.notes, "note_count": self.note_count, "history": self.history,
                "history_count": self.history_count, "lessons": self.lessons, "lesson_count": self.lesson_count,
                "failures": self.failures, "failure_count": self.failure_count,
                "failures_from_git": self.failures_from_git, "unknown": self.unknown}

    def item(self, event: Event) -> Item:
        item: Item = event.pick(_ITEM_KEYS)  # type: ignore[assignment]  # the keys are _ITEM_KEYS
        summary = event.summary
        item["summary"] = one_line(summary, ITEM_CHARS) if self.bounded else summary
        if event.get("citation") is not None:
            item["cited"] = True
        return item

    # -- applying one event ----------------------------------------------------------------

    def apply(self, event: Event) -> None:
        path = event.path
        if path and event.type in TYPES:
            files = self.key_files
            count = (files.get(path) or 0) + 1
            files.put(path, f"{count:012d}", count)
        match event.type:
            case "issue":
                self._issue(event)
            case "fix":
                self._fix(event)
            case "attempt":
                self._attempt(event)
            case "decision":
                self._decision(event)
            case "note":
                self._note(event)
            case "snooze":
                pass  # snoozes matter to the gate only
            case _:
                self.unknown += 1

    def apply_all(self, events: list[Event]) -> None:
        """``apply`` each of ``events`` (in the fold's order, each id once: ``remembered``) to a
        state. What one by one gives, without making the items of the notes, history, failures
        and lessons that later events push out of their top lists again: which those are depends
        only on each event and its place in the order (a rebuild folds 100,000 events, and keeps
        the newest 200 of each list). A state whose lists hold something already is applied to
        one by one."""
        fresh = not (self.notes or self.history or self.failures or self.lessons)
        self._passing = _cutoffs(events) if self.bounded and fresh else _NOTHING_PASSES
        try:
            for event in events:
                self.apply(event)
        finally:
            self._passing = _NOTHING_PASSES

    def _limit(self, limit: int) -> int | None:
        return limit if self.bounded else None

    def _issue(self, event: Event) -> None:
        iid = event.issue_id
        if not iid:
            self._loose(event)
            return
        item = self.item(event)
        current = self.open_issues.get(iid)
        standing = key(current) if current is not None else _as_key(self.done_ids.get(iid))
        if standing is not None and standing <= key(item):
            return  # two issues sharing an id (a rare branch collision): the earliest stands
        if self.fixes.get(iid) is not None:
            if self.bounded and current is None and len(self.done) >= TOP_KEPT and iid in self._done_window():
                # an earlier twin of a done issue in the full window: the issue it replaces may
                # have pushed out one that now belongs in the window, and that one is gone
                self.refold = True
            self._mark_done(iid, item)
        else:
            self.open_issues.put(iid, rank(item), item)

    def _fix(self, event: Event) -> None:
        iid = event.issue_id
        if not iid:
            self._loose(event)
            return
        item = self.item(event)
        previous = self.fixes.get(iid)
        if previous is None or key(previous) < key(item):
            self.fixes.put(iid, rank(item), item)
        issue = self.open_issues.pop(iid)
        if issue is not None:
            self._mark_done(iid, issue)

    def _mark_done(self, iid: str, issue: Item) -> None:
        if self.done_ids.get(iid) is not None:  # done before (a second fix): shown once
            self.done = [d for d in self.done if d["issue_id"] != iid]
        self.done_ids.put(iid, "", list(key(issue)))  # remembers which issue holds the id
        pushed = _insert_top(self.done, issue, self._limit(TOP_KEPT))
        if self._shown is not None:  # kept in step: the window's ids, one in and perhaps one out
            self._shown.add(iid)
            if pushed is not None:
                self._shown.discard(pushed["issue_id"])
        if pushed is not None:
            # a done issue pushed out of the kept window can never come back: drop its attempts
            self.attempts.pop(pushed["issue_id"])
            self.attempt_counts.pop(pushed["issue_id"])

    def _attempt(self, event: Event) -> None:
        if event.outcome not in ("failed", "partial"):
            return
        iid = event.issue_id
        if not iid:
            self._loose(event)
            return
        if self.bounded and self.done_ids.get(iid) and iid not in self._done_window():
            # done and out of the kept window: its attempts can never be shown again
            return
        item = self.item(event)
        # changed in place: a table in memory hands out what it holds, and it is put back;
        # one in the index hands out a copy
        attempts = self.attempts.get(iid) or []
        if not attempts or key(attempts[0]) < key(item):
            attempts.insert(0, item)  # the newest yet (a fold in the log's order): no sort
        else:
            attempts.append(item)
            attempts.sort(key=key, reverse=True)
        del attempts[ATTEMPTS_KEPT if self.bounded else len(attempts):]
        self.attempts.put(iid, rank(attempts[0]), attempts)
        counts = self.attempt_counts.get(iid) or {}
        counts[event.outcome] = counts.get(event.outcome, 0) + 1
        self.attempt_counts.put(iid, "", counts)

    def _done_window(self) -> set[str]:
        """The ids of the done issues kept (``done``): asked of every attempt at a done issue,
        so kept as a set rather than searched for in the list each time."""
        if self._shown is None:
            self._shown = {d["issue_id"] for d in self.done}
        return self._shown

    def _decision(self, event: Event) -> None:
        target = event.supersedes
        if target:
            self.retired.put(target, "", 1)
            self.decisions.pop(target)
            self.decided_lessons.pop(target)
        if self.retired.get(event.id) is None:
            item = self.item(event)
            table = self.decided_lessons if event.lesson else self.decisions
            table.put(event.id, rank(item), item)

    def _note(self, event: Event) -> None:
        self._loose(event)  # a lesson, a note, or (one that forgets an event) nothing: ``top_lists`` says

    def _loose(self, event: Event) -> None:
        """Notes, lessons and events that name no issue, into the top lists ``top_lists`` names
        (the one rule, which a fold from scratch also counts back by): those derived from git go
        to the history, the others to the notes; failed and partial attempts to the failures as
        well; each list counts all it was given, kept or not."""
        for name in top_lists(event):
            if name == "notes":  # the most of them
                self.note_count += 1
                items = self.notes
            elif name == "history":
                self.history_count += 1
                items = self.history
            elif name == "failures":
                self.failure_count += 1
                self.failures_from_git += int(event.source == "git")
                items = self.failures
            else:
                self.lesson_count += 1
                items = self.lessons
            self._top(name, items, event)

    def _top(self, name: str, items: list[Item], event: Event) -> None:
        """``event``'s item into the top list ``items`` (named ``name``), unless a fold from
        scratch already knows later events push it out again."""
        cutoff = self._passing.get(name)
        if cutoff is None or cutoff <= (event.timestamp, event.id):
            _insert_top(items, self.item(event), self._limit(TOP_KEPT))

    # -- views used by projections ------------------------------------------------------------

    def standing_decisions(self) -> Iterator[Item]:
        return (d for _, d in self.decisions.by_rank())

    def lesson_items(self) -> Iterator[Item]:
        decided = (d for _, d in self.decided_lessons.by_rank())
        return heapq.merge(decided, sorted(self.lessons, key=key, reverse=True), key=key, reverse=True)

    def lesson_total(self) -> int:
        return self.lesson_count + int(self.decided_lessons.size())

    def done_items(self) -> list[Item]:
        return sorted(self.done, key=key, reverse=True)

    def note_items(self) -> list[Item]:
        return sorted(self.notes, key=key, reverse=True)

    def history_items(self) -> list[Item]:
        return sorted(self.history, key=key, reverse=True)

    def failure_items(self) -> list[Item]:
        """Failed and partial attempts that name no issue, newest first."""
        return sorted(self.failures, key=key, reverse=True)

    def tried(self, issue_id: str) -> dict[str, int]:
        """How many failed and partial attempts an issue has (all of them, kept or not)."""
        return dict(self.attempt_counts.get(issue_id) or {})

    def tried_on(self, issue_ids: list[str]) -> tuple[dict[str, list[Item]], dict[str, dict[str, int]]]:
        """The kept attempts and the counts (``tried``) of each of ``issue_ids`` that has any,
        read at once."""
        return self.attempts.many(issue_ids), self.attempt_counts.many(issue_ids)

    def open_items(self) -> Iterator[Item]:
        return (item for _, item in self.open_issues.by_rank())

    def top_files(self, limit: int = 20, exists: Callable[[str], bool] | None = None) -> list[tuple[str, int]]:
        """The most cited files, most cited first. ``exists`` (given by the caller, which may
        look at the working tree) skips files that are gone, so the list still fills up; it is
        asked about at most ``FILES_LOOKED_AT`` files."""
        if exists is None:
            return list(self.key_files.by_rank(limit))
        return list(islice((kv for kv in self.key_files.by_rank(FILES_LOOKED_AT) if exists(kv[0])), limit))


_NOTHING_PASSES: dict[str, tuple[str, str]] = {}
_TOP_LISTS = ("lessons", "failures", "history", "notes")
# how far back from the newest event a fold from scratch looks for the top lists' cutoffs: the
# walk costs about a microsecond an event, and each item it saves making about two
CUTOFF_WALK = 20_000


def top_lists(event: Event) -> tuple[str, ...]:
    """The top lists of the state ``event`` enters (``State._loose`` puts it there), in that
    order: what a fold from scratch also counts back from the newest to know which it can pass
    over. A forgetting note is a correction of memory, not something to remember: none."""
    kind = event.type
    if kind == "note":
        if event.forgets:
            return ()
        if event.lesson:
            return ("lessons",)
    elif kind == "attempt":
        if event.outcome not in ("failed", "partial") or event.issue_id:
            return ()
        return ("failures", "history" if event.source == "git" else "notes")
    elif kind not in ("issue", "fix") or event.issue_id:
        return ()
    return ("history",) if event.source == "git" else ("notes",)


def _cutoffs(events: list[Event]) -> dict[str, tuple[str, str]]:
    """Per top list, the place in the fold's order (timestamp, id) of its ``TOP_KEPT``-th newest
    event among ``events`` (in that order, each id once): each older one of that list has as many
    newer ones, so applied in order to a new state it would be inserted and pushed out again.
    Found by walking back from the newest until every list has its cutoff, or for at most
    ``CUTOFF_WALK`` events: a list short of its cutoff by then is filled as before."""
    seen: dict[str, int] = {}
    found: dict[str, tuple[str, str]] = {}
    for walked, event in enumerate(reversed(events)):
        if walked >= CUTOFF_WALK or len(found) == len(_TOP_LISTS):
            break
        for name in top_lists(event):
            count = seen[name] = seen.get(name, 0) + 1
            if count == TOP_KEPT:
                found[name] = event.sort_key
    return found


def unique(events: Iterable[Event]) -> list[Event]:
    """Events in the fold's order, each id once (the earliest copy by (timestamp, id) wins)."""
    ordered: list[Event] = []
    seen: set[str] = set()
    # one sort by (timestamp, id) read in C, then one walk: copies of one id at one time are
    # neighbours (a rebuild sorts 100,000 events; a key made by a Python call costs a third more)
    events = sorted(events, key=_SORT_KEY)
    count = len(events)
    for at, event in enumerate(events):
        if event.id in seen:
            continue
        end = at + 1
        while end < count and events[end].id == event.id and events[end].timestamp == event.timestamp:
            end += 1
        if end > at + 1:
            # differing copies of one id at one time (a hand edit on one branch): the canonical
            # line breaks the tie, so whatever the line order, the same copy wins
            event = min(events[at:end], key=serialize)
        seen.add(event.id)
        ordered.append(event)
    return ordered


def forgotten(events: Iterable[Event]) -> set[str]:
    """The ids the forgetting notes among ``events`` name."""
    return {target for event in events if (target := event.forgets)}


def remembered(events: Iterable[Event]) -> list[Event]:
    """``unique(events)`` less the events a forgetting note names (``ken forget``): what every
    view, the index and the gate are built from. The forgetting notes themselves are kept, even
    one another names: a forgetting is never undone (the event can be recorded again)."""
    ordered = unique(events)
    gone = forgotten(ordered)
    return [event for event in ordered if event.id not in gone or event.forgets] if gone else ordered


def fold(events: Iterable[Event], bounded: bool = True) -> State:
    state = State(bounded)
    state.apply_all(remembered(events))
    return state
