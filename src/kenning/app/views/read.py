"""Read use cases: show one issue or event, list issues, search. Each returns plain data that
the CLI renders as text or JSON and the MCP server returns as is, each event's text bounded as
views show it (``core.views.shown``)."""

from __future__ import annotations

from kenning.app.memory import Memory
from kenning.app.paths import canonical_path, split_location
from kenning.app.recall import open_memory, resolve_event
from kenning.app.record import forgotten_as, forgotten_line, resolve_issue
from kenning.core.defaults import SEARCH_LIMIT
from kenning.core.errors import InvalidInput
from kenning.core.events import TYPES, Event
from kenning.core.views import shown
from kenning.store.search import available as full_text

# said once per search when this Python's SQLite lacks FTS5: the answer is right, only narrower
WITHOUT_FULL_TEXT = ("this Python's SQLite has no full-text search (FTS5): words matched as exact text, without "
                     "their other forms (\"proxies\" does not find \"proxy\")")

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from kenning.app.project import Project


def _with_status(memory: Memory, events: list[Event]) -> list[dict[str, Any]]:
    """Event dicts, decisions labelled with who superseded them, and those that cite code with
    where it stands now (``code``)."""
    decisions = [e.id for e in events if e.type == "decision"]
    retiring: dict[str, list[str]] = {}
    for row in memory.cache.superseding(decisions):
        newer = memory.events([row])[0]
        retiring.setdefault(newer.supersedes or "", []).append(newer.id)
    out = []
    for event in events:
        data = shown.event(event.as_dict())
        if event.id in retiring:
            data["status"] = "superseded"
            data["superseded_by"] = retiring[event.id]
        elif event.type == "decision":
            data["status"] = "standing"
        out.append(data)
    return _coded(memory, events, out)


def _coded(memory: Memory, events: list[Event], shown_events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``shown_events`` (the dicts of ``events``, in order), each that cites lines given ``code``:
    its status now (``app.citations``, one batch for them all; not imported when none cites)."""
    citing = [e for e in events if isinstance(e.get("citation"), dict)]
    if not citing:
        return shown_events
    from kenning.app.citations import codes

    found = codes(memory, citing)
    for event, data in zip(events, shown_events, strict=True):
        if event.id in found:
            data["code"] = found[event.id]
    return shown_events


def issue_view(memory: Memory, issue_id: str) -> dict[str, Any]:
    events = memory.events(memory.cache.events_of_issue(issue_id))
    issue = next((e for e in events if e.type == "issue"), None)
    if issue is None:
        raise InvalidInput(f"no issue #{issue_id}; `ken issues --all` lists the issue ids")
    own = [issue, *(e for e in events if e.type in ("attempt", "fix"))]
    coded = _coded(memory, own, [shown.event(e.as_dict()) for e in own])
    shown_own = dict(zip([e.id for e in own], coded, strict=True))
    fixes = [shown_own[e.id] for e in own if e.type == "fix"]
    return {
        "issue": shown_own[issue.id],
        "issue_id": issue_id,
        "status": "done" if fixes else "open",
        "attempts": [shown_own[e.id] for e in own if e.type == "attempt"],
        "fixes": fixes,
        "related": _with_status(memory, [e for e in events if e.type not in ("issue", "attempt", "fix")]),
    }


def show(project: Project, ref: str) -> dict[str, Any]:
    """One issue (``#k7q2`` or a prefix) with its attempts and fixes, or one event by id."""
    with open_memory(project) as memory:
        text = ref.strip()
        if text.lower().startswith("evt_"):
            gone = forgotten_as(memory, text)
            if gone is not None:  # left out of memory (``ken forget``): say by which note and why
                raise InvalidInput(f"{forgotten_line(*gone)}; the log keeps its line, memory leaves it out")
            event_id = resolve_event(memory, text)
            event = memory.events([memory.cache.event(event_id) or "{}"])[0]
            if event.type == "issue" and event.issue_id:
                result = issue_view(memory, event.issue_id)
            else:
                result = {"event": _with_status(memory, [event])[0]}
        else:
            result = issue_view(memory, resolve_issue(memory, text or "?", []))
        return result


def issues(project: Project, include_done: bool = False) -> list[dict[str, Any]]:
    """Issues newest first, each with its status, fix and attempt counts."""
    with open_memory(project) as memory:
        fixed = memory.cache.fixed_issue_ids()
        counts = memory.cache.attempt_counts()
        out = []
        for issue in memory.events(memory.cache.issues()):
            iid = issue.issue_id or ""
            done = iid in fixed
            if done and not include_done:
                continue
            data = shown.event(issue.as_dict())
            data["status"] = "done" if done else "open"
            data["attempts"] = counts.get(iid, {})
            out.append(data)
        return out


def search(project: Project, query: str, kind: str | None = None, at: str | None = None,
           limit: int = SEARCH_LIMIT, cwd: Path | None = None) -> list[dict[str, Any]]:
    """Events holding every word of ``query`` in some form ("proxies" finds "proxy"), and every
    quoted phrase word for word, the best match first (``store.search``); with no query, the
    newest events."""
    if kind is not None and kind not in TYPES:
        raise InvalidInput(f"unknown --type {kind!r}; use one of {', '.join(TYPES)}")
    if limit < 1:
        raise InvalidInput("--limit must be at least 1")
    with open_memory(project) as memory:
        path = canonical_path(project.root, split_location(at.strip(), cwd)[0], cwd) if at else None
        rows = memory.cache.search(query, kind, path, limit)
        if query.strip() and not full_text():
            memory.warn(WITHOUT_FULL_TEXT)
        result = _with_status(memory, memory.events(rows))
        return result
