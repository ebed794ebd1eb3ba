"""The fold: a project's events -> the state the summary is rendered from.

The fold is a function of the *set* of events. ``apply`` is written so that applying the same
events in any order gives the same state (every container is keyed by id or keeps the top-k by
the total order (timestamp, id)), which is what lets a cache fold only the new tail of the log
after a write or a union merge and still agree byte for byte with a fold from scratch.
Duplicate ids are the caller's concern when folding incrementally (the index knows which ids
it has seen); ``fold`` drops them itself.

Rules (DESIGN section 5):
- an issue is done when a ``fix`` names it; each issue shows its latest fix and its three most
  recent ``failed``/``partial`` attempts;
- a decision stands unless another decision's ``supersedes`` names it;
- notes: the ten most recent; lessons: notes and decisions marked ``lesson``;
- key files: files cited by events, most cited first;
- events of an unknown type are counted and otherwise ignored.
"""

from __future__ import annotations

from kenning.core.events import Event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

if TYPE_CHECKING:
    Item = dict[str, Any]  # a compact, JSON-ready copy of an event: what projections need
else:
    Item = dict

ATTEMPTS_SHOWN = 3
NOTES_SHOWN = 10
# the budgeted state keeps this many done issues and lessons: more than a 6,000-character
# summary can show, so the budget (not the state) decides what is cut
TOP_KEPT = 200

_ITEM_KEYS = ("id", "type", "timestamp", "summary", "location", "issue_id", "outcome",
              "supersedes", "lesson", "source", "commit")


def item_of(event: Event) -> Item:
    data = event.as_dict()
    return {k: data[k] for k in _ITEM_KEYS if data.get(k) not in (None, "", False)}


def key(item: Item) -> tuple[str, str]:
    return (item.get("timestamp", ""), item.get("id", ""))


def _insert_top(items: list[Item], item: Item, limit: int | None) -> Item | None:
    """Insert keeping newest first; return the item pushed out past ``limit``, if any."""
    items.append(item)
    items.sort(key=key, reverse=True)
    if limit is not None and len(items) > limit:
        return items.pop()
    return None


class State:
    """What the summary needs, kept small enough to load on every write."""

    def __init__(self, bounded: bool = True) -> None:
        self.bounded = bounded
        self.open_issues: dict[str, Item] = {}
        self.fixes: dict[str, Item] = {}
        self.done: list[Item] = []
        self.done_ids: set[str] = set()
        self.attempts: dict[str, list[Item]] = {}
        self.decisions: dict[str, Item] = {}
        self.retired: set[str] = set()
        self.notes: list[Item] = []
        self.note_count = 0
        self.lessons: list[Item] = []
        self.lesson_count = 0
        self.key_files: dict[str, int] = {}
        self.unknown = 0
        self.event_count = 0

    # -- applying one event ----------------------------------------------------------------

    def apply(self, event: Event) -> None:
        self.event_count += 1
        if event.path:
            self.key_files[event.path] = self.key_files.get(event.path, 0) + 1
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

    def _limit(self, limit: int) -> int | None:
        return limit if self.bounded else None

    def _issue(self, event: Event) -> None:
        item, iid = item_of(event), event.issue_id
        if not iid:
            self._loose(item)
            return
        current = self.open_issues.get(iid) or next((d for d in self.done if d["issue_id"] == iid), None)
        if current is not None and key(current) <= key(item):
            return  # two issues sharing an id (a rare branch collision): the earliest stands
        if iid in self.fixes:
            self._mark_done(iid, item)
        else:
            self.open_issues[iid] = item

    def _fix(self, event: Event) -> None:
        item, iid = item_of(event), event.issue_id
        if not iid:
            self._loose(item)
            return
        previous = self.fixes.get(iid)
        if previous is None or key(previous) < key(item):
            self.fixes[iid] = item
        issue = self.open_issues.pop(iid, None)
        if issue is not None:
            self._mark_done(iid, issue)

    def _mark_done(self, iid: str, issue: Item) -> None:
        self.done = [d for d in self.done if d["issue_id"] != iid]
        self.done_ids.add(iid)
        pushed = _insert_top(self.done, issue, self._limit(TOP_KEPT))
        if pushed is not None:
            # a done issue pushed out of the kept window can never come back: drop its attempts
            self.attempts.pop(pushed["issue_id"], None)

    def _attempt(self, event: Event) -> None:
        item, iid = item_of(event), event.issue_id
        if event.outcome not in ("failed", "partial"):
            return
        if not iid:
            self._loose(item)
            return
        if self.bounded and iid in self.done_ids and all(d["issue_id"] != iid for d in self.done):
            return
        _insert_top(self.attempts.setdefault(iid, []), item, self._limit(ATTEMPTS_SHOWN))

    def _decision(self, event: Event) -> None:
        target = event.supersedes
        if target:
            self.retired.add(target)
            self.decisions.pop(target, None)
        if event.id not in self.retired:
            self.decisions[event.id] = item_of(event)

    def _note(self, event: Event) -> None:
        if event.lesson:
            self.lesson_count += 1
            _insert_top(self.lessons, item_of(event), self._limit(TOP_KEPT))
        else:
            self._loose(item_of(event))

    def _loose(self, item: Item) -> None:
        """Notes, and events derived from git that name no issue, share the notes section."""
        self.note_count += 1
        _insert_top(self.notes, item, self._limit(NOTES_SHOWN))

    # -- views used by projections ------------------------------------------------------------

    def standing_decisions(self) -> list[Item]:
        return sorted((d for d in self.decisions.values() if not d.get("lesson")), key=key, reverse=True)

    def lesson_items(self) -> list[Item]:
        decided = [d for d in self.decisions.values() if d.get("lesson")]
        return sorted(decided + self.lessons, key=key, reverse=True)

    def lesson_total(self) -> int:
        return self.lesson_count + sum(1 for d in self.decisions.values() if d.get("lesson"))

    def open_items(self) -> list[Item]:
        return sorted(self.open_issues.values(), key=key, reverse=True)

    def top_files(self, limit: int = 20) -> list[tuple[str, int]]:
        return sorted(self.key_files.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]

    # -- persistence (the cache stores the bounded state as JSON) ------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "bounded": self.bounded, "open_issues": self.open_issues, "fixes": self.fixes,
            "done": self.done, "done_ids": sorted(self.done_ids), "attempts": self.attempts,
            "decisions": self.decisions, "retired": sorted(self.retired), "notes": self.notes,
            "note_count": self.note_count, "lessons": self.lessons, "lesson_count": self.lesson_count,
            "key_files": self.key_files, "unknown": self.unknown, "event_count": self.event_count,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        state = cls(bool(data["bounded"]))
        for name in ("open_issues", "fixes", "done", "attempts", "decisions", "notes", "note_count",
                     "lessons", "lesson_count", "key_files", "unknown", "event_count"):
            setattr(state, name, data[name])
        state.done_ids = set(data["done_ids"])
        state.retired = set(data["retired"])
        return state


def unique(events: Iterable[Event]) -> list[Event]:
    """Events in the fold's order, each id once (the earliest copy by (timestamp, id) wins)."""
    seen: set[str] = set()
    ordered = []
    for event in sorted(events, key=lambda e: e.sort_key):
        if event.id not in seen:
            seen.add(event.id)
            ordered.append(event)
    return ordered


def fold(events: Iterable[Event], bounded: bool = True) -> State:
    state = State(bounded)
    for event in unique(events):
        state.apply(event)
    return state
