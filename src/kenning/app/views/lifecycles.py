"""Issue lifecycles and decisions as the page shows them, read from the index.

A lifecycle is an issue from its opening through its attempts (each with its outcome) to its
first fix, every step timed from the opening. A decision is shown with what retired it, so a
superseded one can be drawn struck through beside its replacement. Both lists are bounded
(the newest); their counts cover every issue and decision.
"""

from __future__ import annotations

from kenning.core.events import parse_timestamp
from kenning.core.text import one_line
from kenning.store import cache_views as views

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from typing import Any

    from kenning.core.events import Event

ISSUES_SHOWN = 100      # open issues, and as many done ones
STEPS_SHOWN = 12        # attempts and fixes drawn per issue; the rest are counted
DECISIONS_SHOWN = 300
SUMMARY_CHARS = 240


def _seconds(later: str, earlier: str) -> int:
    return max(0, (parse_timestamp(later) - parse_timestamp(earlier)) // 1_000_000)


def _step(event: Event, opened: str) -> dict[str, Any]:
    step: dict[str, Any] = {"id": event.id, "type": event.type, "time": event.timestamp,
                            "summary": one_line(event.summary, SUMMARY_CHARS),
                            "after_s": _seconds(event.timestamp, opened)}
    if event.outcome:
        step["outcome"] = event.outcome
    return step


def _unique_issues(rows: list[str]) -> list[Event]:
    """Issue events, one per issue id (the newest, as ``ken show`` reads it)."""
    seen: set[str] = set()
    found = []
    for event in map(views.event_of, rows):
        if event.issue_id and event.issue_id not in seen:
            seen.add(event.issue_id)
            found.append(event)
    return found


def lifecycles(db: sqlite3.Connection, now_us: int, open_count: int, done_count: int) -> dict[str, Any]:
    """The newest open issues and the most recently fixed ones, each with its steps and how
    long it has been open or took to fix (``open_count``, ``done_count``: every issue)."""
    shown = [*_unique_issues(views.open_issues(db, ISSUES_SHOWN)), *_unique_issues(views.done_issues(db, ISSUES_SHOWN))]
    ids = [e.issue_id or "" for e in shown]
    steps: dict[str, list[Event]] = {}
    for raw in views.issue_steps(db, ids, STEPS_SHOWN):
        event = views.event_of(raw)
        steps.setdefault(event.issue_id or "", []).append(event)
    fixes = {e.issue_id or "": e for e in map(views.event_of, views.first_fixes(db, ids))}
    totals = views.step_counts(db, ids)
    return {"open": open_count, "done": done_count,
            "shown": [_lifecycle(issue, steps.get(key, []), fixes.get(key), totals.get(key, 0), now_us)
                      for issue in shown for key in [issue.issue_id or ""]]}


def _lifecycle(issue: Event, events: list[Event], fix: Event | None, total: int, now_us: int) -> dict[str, Any]:
    """One issue's steps (the first ``STEPS_SHOWN``, and its first fix wherever it falls)."""
    opened = issue.timestamp
    if fix is not None and all(e.id != fix.id for e in events):
        events = [*events, fix]  # the fix came after more attempts than are drawn
    outcomes: dict[str, int] = {}
    for event in events:
        if event.type == "attempt":
            outcomes[event.outcome or "unknown"] = outcomes.get(event.outcome or "unknown", 0) + 1
    life: dict[str, Any] = {"issue_id": issue.issue_id, "id": issue.id,
                            "summary": one_line(issue.summary, SUMMARY_CHARS), "path": issue.path, "opened": opened,
                            "status": "done" if fix else "open",
                            "steps": [_step(e, opened) for e in events], "more_steps": max(0, total - len(events)),
                            "outcomes": dict(sorted(outcomes.items()))}
    if fix is not None:
        life["fixed"] = fix.timestamp
        life["took_s"] = _seconds(fix.timestamp, opened)
    else:
        life["open_s"] = max(0, (now_us - parse_timestamp(opened)) // 1_000_000)
    return life


def decisions(db: sqlite3.Connection, total: int, superseded: int) -> dict[str, Any]:
    """The newest decisions, each standing or superseded, with the decisions that replaced it
    (``total``, ``superseded``: every decision)."""
    shown = [views.event_of(raw) for raw in views.decisions(db, DECISIONS_SHOWN)]
    replaced: dict[str, list[dict[str, Any]]] = {}
    for target, raw in views.replacements(db, [e.id for e in shown]):
        newer = views.event_of(raw)
        replaced.setdefault(target, []).append({"id": newer.id, "time": newer.timestamp,
                                                "summary": one_line(newer.summary, SUMMARY_CHARS)})
    listed = []
    for event in shown:
        entry: dict[str, Any] = {"id": event.id, "time": event.timestamp,
                                 "summary": one_line(event.summary, SUMMARY_CHARS), "path": event.path,
                                 "status": "superseded" if event.id in replaced else "standing",
                                 "replaced_by": replaced.get(event.id, []), "lesson": event.lesson}
        if event.supersedes:
            entry["supersedes"] = event.supersedes
        listed.append(entry)
    return {"total": total, "superseded": superseded, "shown": listed}
