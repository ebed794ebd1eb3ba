"""Lessons that leave or enter the machine-wide store: the exchange format, lessons written by
hand, and pruning by age.

The exchange format (``ken lessons export`` and ``import``, and the team store's
``lessons.jsonl``) is JSON Lines, one lesson a line:
``{"v": 1, "id", "text", "libraries", "ecosystems", "project", "issue_id", "outcome", "type",
"fix", "timestamp"}``. Only ``id`` and ``text`` are required; a line without ``libraries`` is
attributed by the reader. A lesson's id is its identity: importing the same file twice, or the
same lesson from two files, adds it once.

Pure: the app reads files, the clock and the manifests, and passes them in.
"""

from __future__ import annotations

import json
import re

from kenning.core.events import format_timestamp, parse_timestamp
from kenning.core.foreign import Unreadable, json_value
from kenning.core.lessons.manifests import normalize
from kenning.core.lessons.rules import TEXT_CHARS, libraries_of
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

FORMAT_VERSION = 1
EXPORT_KEYS = ("id", "text", "libraries", "ecosystems", "project", "issue_id", "outcome", "type", "fix", "timestamp")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}")
_LIBRARY = re.compile(r"@?[a-z0-9][a-z0-9._/-]{0,199}")
_OPTIONAL_TEXT = ("project", "issue_id", "outcome", "type", "fix")


def exported(lesson: dict[str, Any]) -> dict[str, Any]:
    """A store lesson (as ``core.lessons.rules.visible`` folds it) as one exchange line. The folder
    it was promoted in (``root``) stays on this machine: it means nothing on another."""
    line = {key: lesson.get(key) for key in EXPORT_KEYS}
    line["libraries"] = libraries_of(lesson)
    line["ecosystems"] = lesson.get("ecosystems") or {}
    line["v"] = FORMAT_VERSION
    return line


def exchange_text(lessons: Iterable[dict[str, Any]]) -> str:
    """Canonical JSON Lines, oldest first, so two exports of the same lessons are identical."""
    lines = sorted((exported(x) for x in lessons), key=lambda x: (str(x["timestamp"] or ""), str(x["id"])))
    return "".join(json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n" for x in lines)


def read_line(raw: str) -> dict[str, Any]:
    """One exchange line, checked and normalized; ``ValueError`` saying what is wrong."""
    try:
        value = json_value(raw, len(raw) + 1)  # the file's size is bounded where it is opened
    except Unreadable as err:  # not JSON, or nested past any lesson (the C decoder would overflow)
        raise ValueError(str(err)) from None
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    lid, text = value.get("id"), value.get("text")
    if not isinstance(lid, str) or not _ID.fullmatch(lid):
        raise ValueError("no id, or an id with spaces or odd characters")
    if not isinstance(text, str) or not text.strip():
        raise ValueError("no text")
    fields: dict[str, Any] = {"id": lid, "text": text, "libraries": _libraries(value),
                              "ecosystems": _ecosystems(value.get("ecosystems")),
                              "timestamp": _timestamp(value.get("timestamp"))}
    for key in _OPTIONAL_TEXT:
        item = value.get(key)
        if item is not None and not isinstance(item, str):
            raise ValueError(f"{key} is not text")
        fields[key] = item or None
    return fields


def _libraries(value: dict[str, Any]) -> list[str]:
    listed = value.get("libraries")
    if listed is None:
        single = value.get("library")
        listed = [single] if single else []
    if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
        raise ValueError("libraries is not a list of names")
    return checked_libraries(listed)


def checked_libraries(names: Iterable[str]) -> list[str]:
    """Library names as given by a person or a file, normalized, each once, in order;
    ``ValueError`` naming the first that cannot be a package name."""
    found = []
    for name in names:
        clean = normalize(name)
        if not _LIBRARY.fullmatch(clean):
            raise ValueError(f"{name!r} is not a library name")
        found.append(clean)
    return list(dict.fromkeys(found))


def _ecosystems(value: object) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        return {}
    return {normalize(str(k)): sorted(str(x) for x in v) for k, v in value.items() if isinstance(v, list)}


def _timestamp(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError("timestamp is not text")
    try:
        return format_timestamp(parse_timestamp(value))
    except ValueError:
        raise ValueError(f"timestamp {value!r} is not ISO 8601") from None


def lesson_record(fields: dict[str, Any], libraries: list[str], timestamp: str, root: str | None = None,
                  source: str = "import") -> dict[str, Any]:
    """The store record for a lesson that did not come from this machine's promotion."""
    return {"op": "lesson", "id": fields["id"], "text": one_line(fields["text"], TEXT_CHARS), "library": libraries[0],
            "libraries": libraries, "ecosystems": {k: v for k, v in fields.get("ecosystems", {}).items()
                                                   if k in libraries},
            "project": fields.get("project"), "root": root, "issue_id": fields.get("issue_id"),
            "outcome": fields.get("outcome"), "type": fields.get("type") or "note", "timestamp": timestamp,
            "source": source}


def fix_record(lesson_id: str, fix: str, timestamp: str) -> dict[str, Any]:
    """The fix an imported lesson came with (its event is not in any log here: no ``fix_id``)."""
    return {"op": "fix", "id": lesson_id, "fix": one_line(fix, TEXT_CHARS), "fix_id": None, "timestamp": timestamp}


def prune(records: list[dict[str, Any]], cutoff: int, now: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the records to keep, the lessons pruned): every lesson first recorded before ``cutoff``
    goes with its fixes. A ``forget`` record takes its place, so promoting the same event again
    (a rebuilt index, a fresh clone) does not bring it back; undated lessons are kept."""
    first: dict[str, dict[str, Any]] = {}  # a lesson's age is its earliest record's, as `visible` shows it
    for record in records:
        if record.get("op") == "lesson":
            seen = first.get(record["id"])
            if seen is None or str(record.get("timestamp") or "") < str(seen.get("timestamp") or ""):
                first[record["id"]] = record
    old = {lid: r for lid, r in first.items() if _before(r.get("timestamp"), cutoff)}
    forgotten = {r["id"] for r in records if r.get("op") == "forget"}
    kept = [r for r in records if not (r.get("op") in ("lesson", "fix") and r["id"] in old)]
    kept += [{"op": "forget", "id": lid, "by": None, "reason": "pruned", "timestamp": now}
             for lid in sorted(old) if lid not in forgotten]
    return kept, sorted(old.values(), key=lambda r: (str(r.get("timestamp")), r["id"]))


def _before(timestamp: object, cutoff: int) -> bool:
    try:
        return parse_timestamp(str(timestamp)) < cutoff
    except ValueError:
        return False
