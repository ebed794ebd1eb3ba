"""Cross-project lessons: which events become lessons, and what the store's records mean.

A lesson is something learned in one project that should warn the next project using the same
library, and only that one. Rules:

- failed and partial attempts qualify, because the outcome is the signal; decisions and notes
  qualify only when marked (``--lesson``, or a ``lesson:``/``gotcha:``/``avoid:`` prefix);
- a lesson is promoted only when its text names a library the project declares in a manifest
  (``core.lessons.attribution``): a project without a manifest promotes nothing;
- its id is the id of the event it came from, so promoting the same history twice (a rebuilt
  index, a second clone) adds nothing.

The store is append-only (``store.lessons``); ``visible`` folds its records into the lessons a
reader sees: each lesson once, with the newest fix of its issue, minus the forgotten ones.
"""

from __future__ import annotations

from kenning.core.events import MAX_SUMMARY, Event
from kenning.core.lessons.attribution import attribute, normalize
from kenning.core.text import one_line
from kenning.core.views import shown
from kenning.core.views.shown import LIBRARIES_SHOWN, NAME_CHARS, WHOLE_LESSON, cut

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

LESSON_KEYS = ("id", "text", "library", "libraries", "project", "issue_id", "outcome", "fix")
TEXT_CHARS = 400


def qualifies(event: Event) -> bool:
    """A candidate lesson: a failed or partial attempt, or a decision or note marked as a lesson."""
    if event.type == "attempt":
        return event.outcome in ("failed", "partial")
    return event.type in ("decision", "note") and event.lesson


def lesson_text(event: Event) -> str:
    """The summary on one line, without a ``lesson:`` marker (``gotcha:`` and ``avoid:`` say
    something about the lesson, so they stay)."""
    text = event.summary.strip()
    if text[:7].lower() == "lesson:":
        text = text[7:].strip()
    return one_line(text, TEXT_CHARS)


def promote(event: Event, declared: Mapping[str, Iterable[str]], project: str, root: str,
            english: frozenset[str]) -> dict[str, Any] | None:
    """The store record for ``event``, or None when it does not qualify or names no declared
    library. ``declared`` maps each library to the registries (pypi, npm, …) declaring it;
    ``english`` is the common English words attribution needs (``store.words``)."""
    if not qualifies(event):
        return None
    libraries = attribute(event.summary, declared, english)
    if not libraries:
        return None
    return {"op": "lesson", "id": event.id, "text": lesson_text(event), "library": libraries[0],
            "libraries": libraries, "ecosystems": {lib: sorted(declared.get(lib, ())) for lib in libraries},
            "project": project, "root": root, "issue_id": event.issue_id,
            "outcome": event.outcome if event.type == "attempt" else None, "type": event.type,
            "timestamp": event.timestamp}


def fix_record(lesson_id: str, fix: Event) -> dict[str, Any]:
    return {"op": "fix", "id": lesson_id, "fix": one_line(fix.summary, TEXT_CHARS), "fix_id": fix.id,
            "timestamp": fix.timestamp}


def visible(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lessons the store holds, newest first: each once (the earliest record of an id wins),
    with its newest fix, forgotten ones left out. Order-independent, like the event fold."""
    lessons: dict[str, dict[str, Any]] = {}
    fixes: dict[str, dict[str, Any]] = {}
    forgotten: set[str] = set()
    for record in records:
        op, lid = record.get("op"), str(record.get("id"))
        if op == "lesson" and isinstance(record.get("library"), str):
            kept = lessons.get(lid)
            if kept is None or _key(record) < _key(kept):
                lessons[lid] = record
        elif op == "fix" and isinstance(record.get("fix"), str):
            kept = fixes.get(lid)
            if kept is None or _key(record) > _key(kept):
                fixes[lid] = record
        elif op == "forget":
            forgotten.add(lid)
    shown = []
    for lid, record in lessons.items():
        if lid in forgotten:
            continue
        item = dict(record)
        item["fix"] = fixes[lid]["fix"] if lid in fixes else None
        shown.append(item)
    shown.sort(key=_key, reverse=True)
    return shown


def _key(record: dict[str, Any]) -> tuple[str, str]:
    return (str(record.get("timestamp", "")), str(record.get("fix_id") or record.get("id", "")))


def for_stack(lessons: Iterable[dict[str, Any]], declared: Mapping[str, Iterable[str]],
              library: str | None = None) -> list[dict[str, Any]]:
    """The lessons about a library the project declares from the same registry (PyPI's
    ``requests`` is not npm's), each labelled with the first such library it names; or, when
    ``library`` is given, the lessons about it, declared or not (asking about a library you are
    about to add is the point)."""
    found = []
    for lesson in lessons:
        wanted = [name for name in libraries_of(lesson)
                  if (normalize(library) == name if library else _same_registry(lesson, name, declared))]
        if wanted:
            found.append({**lesson, "library": wanted[0]})
    return found


def libraries_of(lesson: dict[str, Any]) -> list[str]:
    """Every library a lesson is filed under, normalized, in order of first mention (a record
    written before ``libraries`` existed has only ``library``)."""
    listed = lesson.get("libraries")
    names = listed if isinstance(listed, list) and listed else [lesson.get("library")]
    return list(dict.fromkeys(normalize(str(name)) for name in names if name))


def _same_registry(lesson: dict[str, Any], name: str, declared: Mapping[str, Iterable[str]]) -> bool:
    if name not in declared:
        return False
    ecosystems = (lesson.get("ecosystems") or {}).get(name)
    return not ecosystems or bool(set(ecosystems) & set(declared[name]))


def added_in(lesson: dict[str, Any], root: str, project: str) -> bool:
    """Whether ``lesson`` was added by hand (``ken lessons add``) in the project at ``root``
    named ``project``. Records written before the folder was kept have no ``root``: theirs is
    the project they name (a clone of it elsewhere goes by the same name)."""
    if lesson.get("source") != "hand":
        return False
    kept = lesson.get("root")
    return kept == root if kept is not None else lesson.get("project") == project


def public(lesson: dict[str, Any]) -> dict[str, Any]:
    """A lesson as ``ken lessons --json`` shows it: ``libraries`` is every library it is filed
    under; ``library`` the one it is shown for here (the first of them this project declares,
    or the one asked for). Its texts are bounded as every view shows them (``core.views.shown``): a
    lesson from the team's remote or a hand-edited store can be of any size."""
    fields = {k: lesson.get(k) for k in LESSON_KEYS}
    fields["libraries"] = libraries_of(lesson) if lesson.get("library") else []
    return shown.lesson(fields)


def line(lesson: dict[str, Any], width: int | None = None) -> str:
    """One line: the libraries (the one it is shown for first), the lesson, where it came from,
    and its fix when there is one; each text bounded as ``core.views.shown`` bounds it."""
    where = f"from {cut(str(lesson.get('project') or 'another project'), NAME_CHARS, WHOLE_LESSON)}"
    if lesson.get("issue_id"):
        where += f" #{cut(str(lesson['issue_id']), NAME_CHARS, WHOLE_LESSON)}"
    first = lesson.get("library")
    names = [first, *(x for x in lesson.get("libraries") or () if x != first)] if first else []
    more = f", … ({len(names)} in all)" if len(names) > LIBRARIES_SHOWN else ""
    library = f"[{', '.join(cut(str(x), NAME_CHARS, WHOLE_LESSON) for x in names[:LIBRARIES_SHOWN])}{more}] " \
        if names else ""
    outcome = f"{cut(str(lesson['outcome']), NAME_CHARS, WHOLE_LESSON)}: " if lesson.get("outcome") else ""
    fix = f"; fixed by: {one_line(str(lesson['fix']), 160)}" if lesson.get("fix") else ""
    text = f"{library}{outcome}{cut(str(lesson.get('text', '')), MAX_SUMMARY, WHOLE_LESSON)} ({where}{fix})"
    return one_line(text, width)


# the type of each field a store record may carry (None: absent), by op; other fields are kept
_TEXT = (str, type(None))
_RECORD_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "lesson": {key: _TEXT for key in ("text", "library", "project", "root", "issue_id", "outcome", "type",
                                      "source", "timestamp")} | {"libraries": (list, type(None)),
                                                                 "ecosystems": (dict, type(None))},
    "fix": {key: _TEXT for key in ("fix", "fix_id", "timestamp")},
    "forget": {key: _TEXT for key in ("by", "reason", "timestamp")},
}


def record_problem(record: object) -> str | None:
    """Why a decoded store line is not a record the readers above can use, or None. A team's
    lessons file comes from a remote anyone with access can push to: a lesson whose text is a
    number, or whose libraries are not names, is skipped, never handed to a view to crash on."""
    if not isinstance(record, dict):
        return "not a JSON object"
    if not isinstance(record.get("op"), str) or not isinstance(record.get("id"), str):
        return "no op or no id"
    fields = _RECORD_FIELDS.get(record["op"], {})
    for key, value in record.items():
        kinds = fields.get(key)
        if kinds is not None and not isinstance(value, kinds):
            return f"{key} has the wrong type"
    for name in record.get("libraries") or ():
        if not isinstance(name, str):
            return "libraries is not a list of names"
    for names in (record.get("ecosystems") or {}).values():
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            return "ecosystems is not a table of lists of names"
    return None
