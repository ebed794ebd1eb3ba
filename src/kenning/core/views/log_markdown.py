"""What ``ken export --jsonl`` and ``ken export --markdown`` take out of the log.

``select`` filters the log's events (by type, by date, by the file they cite); ``markdown``
renders a selection as a report people read: issues with their attempts and fixes, decisions
with what superseded what, notes and snoozes. Like every projection it is a pure function of
its events: no clock, the same bytes on every clone. Statuses (open or done, standing or
superseded) come from every event, so a filtered report still says them right.
"""

from __future__ import annotations

from kenning.core.events import MAX_SUMMARY, TYPES, Event
from kenning.core.text import plural
from kenning.core.views.markdown import code, inline, literal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

DETAILS_CHARS = 1000  # per event: a report to read, not the log; `ken show ID` has the rest


def select(events: Iterable[Event], types: Iterable[str] | None = None, since: str | None = None,
           path: str | None = None) -> list[Event]:
    """The events of the given types, at or after ``since`` (a timestamp), citing ``path`` (a
    file, or a folder and everything under it); the order is kept."""
    wanted = set(types) if types else None
    return [e for e in events if (wanted is None or e.type in wanted) and (since is None or e.timestamp >= since)
            and (path is None or _cites(e, path))]


def _cites(event: Event, path: str) -> bool:
    folder = path.rstrip("/") + "/"
    return any(p == path or p.startswith(folder) for p in event.paths())


# -- the Markdown report -----------------------------------------------------------------------------

def markdown(selected: list[Event], every: list[Event], project: str, notes: Mapping[str, str] | None = None) -> str:
    """The report of ``selected`` (in the fold's order); ``every`` is the whole log, which
    decides statuses. ``notes`` (event id -> words, ``core.views.coded``) say after a memory's
    place what became of the code it cites."""
    said = notes or {}
    fixed: set[str | None] = {e.issue_id for e in every if e.type == "fix" and e.issue_id}
    retired_by: dict[str | None, str] = {e.supersedes: e.id for e in sorted(every, key=_key)
                                         if e.type == "decision" and e.supersedes}
    issues: dict[str | None, Event] = {e.issue_id: e for e in every if e.type == "issue" and e.issue_id}
    out = [f"# Memory of {inline(project)}", "", _counts(selected, fixed, retired_by), ""]
    out += _issues(selected, issues, fixed, said)
    out += _decisions([e for e in selected if e.type == "decision"], retired_by, said)
    out += _listed("Notes", [e for e in selected if e.type == "note"], lambda e: _note(e, said))
    out += _listed("Snoozes", [e for e in selected if e.type == "snooze"], _snooze)
    unknown = sorted({e.type for e in selected if e.type not in TYPES})
    if unknown:
        count = sum(1 for e in selected if e.type not in TYPES)
        named = inline(", ".join(unknown), MAX_SUMMARY)
        out += [f"{plural(count, 'event')} of a type this kenning does not know ({named}) are left out.", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _key(event: Event) -> tuple[str, str]:
    return event.sort_key


def _newest_first(events: Iterable[Event]) -> list[Event]:
    return sorted(events, key=_key, reverse=True)


def _counts(selected: list[Event], fixed: set[str | None], retired_by: dict[str | None, str]) -> str:
    if not selected:
        return "No events."
    kinds = {t: sum(1 for e in selected if e.type == t) for t in TYPES}
    parts = [plural(n, t) for t, n in kinds.items() if n]
    facts = []
    if kinds["issue"]:
        facts.append(f"{sum(1 for e in selected if e.type == 'issue' and e.issue_id not in fixed)} open")
    if kinds["decision"]:
        facts.append(f"{sum(1 for e in selected if e.type == 'decision' and e.id not in retired_by)} standing")
    first, last = min(e.timestamp for e in selected), max(e.timestamp for e in selected)
    return (f"{plural(len(selected), 'event')} from {_day(first)} to {_day(last)}: {', '.join(parts)}"
            + (f" ({'; '.join(facts)})" if facts else "") + ".")


def _issues(selected: list[Event], issues: dict[str | None, Event], fixed: set[str | None],
            said: Mapping[str, str]) -> list[str]:
    """An issue heading per issue (open first, then done; newest first) with its attempts, fixes
    and related events of the selection under it."""
    by_issue: dict[str, list[Event]] = {}
    for event in selected:
        if event.type in ("issue", "attempt", "fix") and event.issue_id:
            by_issue.setdefault(event.issue_id, []).append(event)
    if not by_issue:
        return []
    opened = {iid: _key(issues[iid]) if iid in issues else _key(events[0]) for iid, events in by_issue.items()}
    newest_first = sorted(by_issue, key=lambda iid: opened[iid], reverse=True)
    order = sorted(newest_first, key=lambda iid: iid in fixed)  # open first; stable: newest first within
    out = ["## Issues", ""]
    for iid in order:
        issue = issues.get(iid)
        status = "done" if iid in fixed else "open"
        title = _text(issue.summary) if issue else "(its issue event is not in this log)"
        out.append(f"### #{inline(iid)} {title} · {status}")
        out.append("")
        if issue is not None and issue in by_issue[iid]:
            out.append(f"Opened {_when(issue)}{_at(issue, said)} ({inline(issue.id)})")
            out += _details(issue)
            out.append("")
        for event in by_issue[iid]:
            if event.type != "issue":
                out.append(_step(event, said))
                out += ["  " + line for line in _details(event)]
        if out[-1]:
            out.append("")
    return out


def _step(event: Event, said: Mapping[str, str]) -> str:
    what = f"{event.type}, {event.outcome}" if event.type == "attempt" else event.type
    return f"- **{inline(what)}** {_when(event)}: {_text(event.summary)}{_at(event, said)} ({inline(event.id)})"


def _decisions(decisions: list[Event], retired_by: dict[str | None, str], said: Mapping[str, str]) -> list[str]:
    if not decisions:
        return []
    standing = [d for d in _newest_first(decisions) if d.id not in retired_by]
    retired = [d for d in _newest_first(decisions) if d.id in retired_by]
    out = ["## Decisions", ""]
    for d in standing:
        replaces = f"; supersedes {inline(d.supersedes)}" if d.supersedes else ""
        out.append(f"- **{_text(d.summary)}** ({_when(d)}{_at(d, said)}; {inline(d.id)}{replaces}){_lesson(d)}")
        out += ["  " + line for line in _details(d)]
    for d in retired:
        out.append(f"- ~~{_text(d.summary)}~~ (superseded by {inline(retired_by[d.id])}; {_when(d)}; "
                   f"{inline(d.id)})")
    return [*out, ""]


def _listed(title: str, events: list[Event], line: Callable[[Event], str]) -> list[str]:
    if not events:
        return []
    out = [f"## {title}", ""]
    for event in _newest_first(events):
        out.append(line(event))
        out += ["  " + text for text in _details(event)]
    return [*out, ""]


def _note(event: Event, said: Mapping[str, str]) -> str:
    origin = [str(event.get("imported_type"))] if event.get("imported_type") else []
    if event.get("imported_from"):
        origin.append(f"imported from {event.get('imported_from')}")
    tag = f" ({inline(', '.join(origin), MAX_SUMMARY)})" if origin else ""
    issue = f" #{inline(event.issue_id)}" if event.issue_id else ""
    where = _at(event, said)
    return f"- {_when(event)}{issue}: {_text(event.summary)}{tag}{where}{_lesson(event)} ({inline(event.id)})"


def _snooze(event: Event) -> str:
    paths = ", ".join(code(p) for p in event.paths()) or "(no files)"
    ended = "ended the snoozes on " if event.get("unsnooze") is True else ""
    until = "" if ended else f" until {_day(str(event.get('until', '')))}"
    reason = f": {_text(str(event.get('reason', '')))}" if event.get("reason") else ""
    return f"- {_when(event)}: {ended}{paths}{until}{reason} ({inline(event.id)})"


def _details(event: Event) -> list[str]:
    """The details as a quote, each line escaped on its own (``core.views.markdown``): no line of
    them leaves the quote or runs as markup."""
    text = (event.details or "").strip()
    if not text:
        return []
    cut = ""
    if len(text) > DETAILS_CHARS:
        text = text[:DETAILS_CHARS - 1].rstrip()
        cut = f"… (cut; {code('ken show ' + event.id)} has it all)"
    lines = ["> " + escaped if escaped else ">" for escaped in literal(text).split("\n")]
    lines[-1] += cut
    return lines


def _at(event: Event, said: Mapping[str, str]) -> str:
    if not event.location:
        return ""
    words = said.get(event.id)
    return f" at {code(event.location)}" + (f" ({inline(words)})" if words else "")


def _lesson(event: Event) -> str:
    return " · lesson" if event.lesson else ""


def _when(event: Event) -> str:
    return f"{event.timestamp[:10]} {event.timestamp[11:16]} UTC"


def _day(timestamp: str) -> str:
    return timestamp[:10]


def _text(text: str) -> str:
    """An event's words as text, never markup: a report is read on pages that render it."""
    return inline(text, MAX_SUMMARY)
