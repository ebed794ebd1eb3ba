"""Other tools' memories as kenning events: projectmem's log and global lessons, a beads
``issues.jsonl`` export, and a JSONL of kenning's own schema (another clone's export).

Pure: one decoded record in, event dicts out, or ``ValueError`` saying in a few words why the
record cannot come in (the caller reports it with its line number and goes on). Rules:

- what the source knew is kept: ids, timestamps, issue ids, outcomes, supersession; a type
  kenning lacks becomes a note whose ``imported_type`` names it;
- an id the source has but that kenning cannot use (the wrong shape, or none at all) becomes
  a stable one derived from the source record, so importing the same file twice adds nothing;
- nothing here is redacted or deduplicated against the log: the app does both before it
  writes.
"""

from __future__ import annotations

import hashlib
import re

from kenning.core.events import (
    COMMIT,
    EVENT_ID,
    ISO_TIME,
    ISSUE_ALPHABET,
    ISSUE_ID_RE,
    MAX_DETAILS,
    MAX_SUMMARY,
    OUTCOMES,
    SCHEMA_VERSION,
    canonical_json,
    format_timestamp,
    parse_timestamp,
    upcast,
)
from kenning.core.lessons.attribution import normalize
from kenning.core.paths import repo_path
from kenning.core.schema import problems
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("projectmem", "jsonl", "beads")
# projectmem's types that kenning has too; its others (hypothesis, …) come in as notes
_SHARED_TYPES = ("issue", "attempt", "fix", "decision", "note")
LESSON_TEXT_CHARS = 400


def convert(fmt: str, record: object) -> list[dict[str, Any]]:
    """The events one record of ``fmt`` becomes (a beads issue may become several)."""
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    if fmt == "projectmem":
        return [from_projectmem(record)]
    if fmt == "beads":
        return from_beads(record)
    if fmt == "jsonl":
        return [from_jsonl(record)]
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


# -- ids and times -----------------------------------------------------------------------------

def stable_id(*parts: str) -> str:
    """An event id derived from the source: the same record always gets the same id."""
    return "evt_" + hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:20]


def stable_issue_id(*parts: str, length: int = 6) -> str:
    """An issue id derived from the source (six letters: collisions are about one in a billion)."""
    digest = hashlib.sha256("\x00".join(parts).encode("utf-8")).digest()
    return "".join(ISSUE_ALPHABET[b % 32] for b in digest[:length])


def normalize_time(value: object) -> str:
    """An ISO 8601 time as tools write it (seconds or nanoseconds; ``Z``, an offset, git's
    ``2026-05-12 21:07:46 -0600``; no zone means UTC) -> kenning's UTC microsecond form."""
    if not isinstance(value, str):
        raise ValueError("no timestamp" if value is None else "timestamp is not text")
    if not re.match(ISO_TIME, value.strip()):
        raise ValueError(f"timestamp {value[:40]!r} is not an ISO 8601 time")
    return format_timestamp(parse_timestamp(value.strip()))


def _issue_id(value: object, source: str) -> str | None:
    """The source's issue id as kenning keeps it: as it was when it fits, else a stable one."""
    if value is None or value == "":
        return None
    text = str(value).strip().lstrip("#").lower()
    return text if ISSUE_ID_RE.match(text) else stable_issue_id(source, text)


def _event_id(value: object, source: str, record: dict[str, Any]) -> tuple[str, str | None]:
    """(the id to use, the source's id when it could not be kept)."""
    if isinstance(value, str) and re.match(EVENT_ID, value):
        return value, None
    if isinstance(value, (str, int)) and str(value).strip():
        return stable_id(source, str(value)), str(value)
    return stable_id(source, canonical_json(record)), None  # no id: the record's content names it


# -- text and paths ----------------------------------------------------------------------------

def _text(record: dict[str, Any], key: str) -> str:
    value = record.get(key)
    return value.strip() if isinstance(value, str) else ""


def fit(summary: str, details: str) -> tuple[str, str]:
    """A summary within bounds (the whole text moves into the details when cut), and details
    within theirs."""
    if len(summary) > MAX_SUMMARY:
        details = summary + ("\n\n" + details if details else "")
        summary = one_line(summary, MAX_SUMMARY)
    if len(details) > MAX_DETAILS:
        details = details[:MAX_DETAILS - 1] + "…"
    return summary, details


def clean_path(value: object) -> str | None:
    """A repository-relative POSIX path (``:LINE`` allowed) in its normal form, or None for one
    the rule of ``core.paths`` refuses (absolute, climbing out, a Windows drive). The quotes and
    spaces another tool may leave around it are not part of the path."""
    if not isinstance(value, str):
        return None
    return repo_path(value.strip().strip("\"'"))


def _finish(event: dict[str, Any], summary: str, details: str) -> dict[str, Any]:
    summary, details = fit(summary, details)
    event["summary"] = summary
    if details:
        event["details"] = details
    return {k: v for k, v in event.items() if v is not None}


# -- projectmem ----------------------------------------------------------------------------------

def from_projectmem(record: dict[str, Any]) -> dict[str, Any]:
    """One line of ``.projectmem/events.jsonl``: issue, attempt, fix, decision and note keep
    their type; hypothesis and any other type become a note with ``imported_type``."""
    kind, summary = _text(record, "type").lower(), _text(record, "summary")
    if not kind:
        raise ValueError("no type")
    if not summary:
        raise ValueError("no summary")
    event_id, original = _event_id(record.get("id"), "projectmem", record)
    event: dict[str, Any] = {"v": SCHEMA_VERSION, "id": event_id, "type": kind, "source": "import",
                             "imported_from": "projectmem", "imported_id": original,
                             "timestamp": normalize_time(record.get("timestamp")),
                             "issue_id": _issue_id(record.get("issue_id"), "projectmem")}
    _projectmem_type(event, record)
    _projectmem_places(event, record)
    return _finish(event, summary, _projectmem_details(record))


def _projectmem_type(event: dict[str, Any], record: dict[str, Any]) -> None:
    kind = event["type"]
    outcome = _text(record, "outcome").lower()
    if kind == "attempt" and outcome in OUTCOMES:
        event["outcome"] = outcome
    # kenning's attempts and fixes name their issue and outcome: without them they are notes
    missing = (kind in ("attempt", "fix") and not event["issue_id"]) or (kind == "attempt" and "outcome" not in event)
    if kind not in _SHARED_TYPES or missing:
        event["type"], event["imported_type"] = "note", kind
    if event["type"] == "issue" and not event["issue_id"]:
        event["issue_id"] = stable_issue_id("projectmem", event["id"])
    supersedes = record.get("supersedes")
    if event["type"] == "decision" and isinstance(supersedes, str) and supersedes.strip():
        event["supersedes"] = _event_id(supersedes.strip(), "projectmem", record)[0]


def _projectmem_places(event: dict[str, Any], record: dict[str, Any]) -> None:
    location = clean_path(record.get("location"))
    event["location"] = location
    files = record.get("files") or record.get("paths")
    if isinstance(files, list):
        paths = [p for p in dict.fromkeys(clean_path(f) for f in files) if p]
        event["paths"] = paths or None
    commit = _text(record, "git_commit").lower()
    event["git_commit"] = commit if re.match(COMMIT, commit) else None
    event["commit_message"] = _text(record, "git_message") or None


def _projectmem_details(record: dict[str, Any]) -> str:
    """projectmem's notes (``details`` in hand-written lines), then what kenning has no field
    for: the command that was run, a location or a supersession it could not keep."""
    parts = [_text(record, "notes") or _text(record, "details")]
    if _text(record, "command"):
        parts.append(f"command: {_text(record, 'command')}")
    location = _text(record, "location")
    if location and clean_path(location) is None:
        parts.append(f"location: {location}")
    if _text(record, "supersedes") and _text(record, "type") != "decision":
        parts.append(f"supersedes: {_text(record, 'supersedes')}")
    return "\n\n".join(p for p in parts if p)


def lesson_from_projectmem(record: dict[str, Any], kind: str) -> dict[str, Any]:
    """A record of projectmem's global store (``library_gotchas.jsonl`` or ``patterns.jsonl``)
    as a record of kenning's lessons store. A gotcha names its library; a pattern is filed
    under its tags."""
    text = _text(record, "gotcha" if kind == "gotcha" else "pattern")
    if not text:
        raise ValueError(f"no {kind} text")
    names = [record.get("library")] if kind == "gotcha" else record.get("tags")
    libraries = [normalize(n) for n in dict.fromkeys(names or []) if isinstance(n, str) and n.strip()]
    if not libraries:
        raise ValueError("names no library")
    lid = _text(record, "id") or stable_id("projectmem-lesson", canonical_json(record))
    when = record.get("discovered") or record.get("created")
    try:
        timestamp = normalize_time(when)
    except ValueError:
        timestamp = ""  # an undated lesson sorts oldest; it is still worth keeping
    return {"op": "lesson", "id": lid, "text": one_line(text, LESSON_TEXT_CHARS), "library": libraries[0],
            "libraries": libraries, "ecosystems": {}, "project": _text(record, "source_project") or "projectmem",
            "root": None, "issue_id": None, "outcome": None, "type": "note", "timestamp": timestamp,
            "imported_from": "projectmem"}


# -- beads ---------------------------------------------------------------------------------------

def from_beads(record: dict[str, Any]) -> list[dict[str, Any]]:
    """One issue of a beads ``issues.jsonl``: an issue event, a fix when it is closed (its close
    reason the summary), and a note per comment. A deleted issue (a tombstone) is left out."""
    bid, title = _text(record, "id"), _text(record, "title")
    if not bid:
        raise ValueError("no id")
    if not title:
        raise ValueError("no title")
    status = _text(record, "status").lower() or "open"
    if status == "tombstone" or record.get("deleted_at"):
        raise ValueError(f"deleted in beads ({bid} is a tombstone)")
    issue_id = stable_issue_id("beads", bid)
    base = {"v": SCHEMA_VERSION, "source": "import", "imported_from": "beads", "imported_id": bid,
            "issue_id": issue_id}
    created = normalize_time(record.get("created_at"))
    events = [_finish({**base, "id": stable_id("beads", bid, "issue"), "type": "issue", "timestamp": created},
                      title, _beads_details(record, bid, status))]
    if status == "closed":
        closed = next((t for t in (record.get("closed_at"), record.get("updated_at")) if isinstance(t, str)), None)
        reason = _text(record, "close_reason")
        events.append(_finish({**base, "id": stable_id("beads", bid, "close"), "type": "fix",
                               "timestamp": normalize_time(closed) if closed else created},
                              one_line(reason) if reason else "Closed in beads", reason if "\n" in reason else ""))
    events += _beads_comments(record, base, bid)
    return events


def _beads_details(record: dict[str, Any], bid: str, status: str) -> str:
    parts = [_text(record, "description")]
    for key, heading in (("design", "Design"), ("acceptance_criteria", "Acceptance criteria"), ("notes", "Notes")):
        if _text(record, key):
            parts.append(f"{heading}:\n{_text(record, key)}")
    facts = [_text(record, "issue_type") or "issue"]
    if isinstance(record.get("priority"), int):
        facts.append(f"priority P{record['priority']}")
    facts.append(status.replace("_", " "))
    if _text(record, "assignee"):
        facts.append(f"assignee {_text(record, 'assignee')}")
    labels = [str(x) for x in record.get("labels") or [] if isinstance(x, str)]
    if labels:
        facts.append("labels " + ", ".join(labels))
    parts.append(f"beads {bid}: " + ", ".join(facts))
    return "\n\n".join(p for p in parts if p)


def _beads_comments(record: dict[str, Any], base: dict[str, Any], bid: str) -> list[dict[str, Any]]:
    comments = record.get("comments")
    found = []
    for n, comment in enumerate(comments if isinstance(comments, list) else []):
        text = _text(comment, "text") if isinstance(comment, dict) else ""
        if not text:
            continue
        try:
            when = normalize_time(comment.get("created_at"))
        except ValueError:
            continue  # a comment kenning cannot date is left out, not the issue
        key = str(comment.get("id", n))
        found.append(_finish({**base, "id": stable_id("beads", bid, "comment", key), "type": "note",
                              "timestamp": when, "actor": _text(comment, "author") or None},
                             one_line(text), text if "\n" in text or len(text) > MAX_SUMMARY else ""))
    return found


# -- kenning's own schema --------------------------------------------------------------------------

def from_jsonl(record: dict[str, Any]) -> dict[str, Any]:
    """A line of kenning's own format (``ken export --jsonl``, another clone's log): kept as it
    is, when it is a valid event, but for its paths, which come in in their normal form
    (``src/../a.py`` as ``a.py``), as every writer stores them."""
    found = problems(record)
    if found:
        raise ValueError("; ".join(found))
    event = dict(upcast(record))
    if isinstance(event.get("location"), str):
        event["location"] = repo_path(event["location"])
    for key in ("paths", "touched"):
        if isinstance(event.get(key), list):
            event[key] = list(dict.fromkeys(map(repo_path, event[key])))
    return event
