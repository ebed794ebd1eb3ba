"""Lessons in and out of the machine-wide store by hand: ``ken lessons add``, ``export``,
``import`` and ``prune``.

Every lesson that comes in is redacted like every write (with the project's rules when run in
one, the built-in rules elsewhere) and keeps its id, so importing a file twice adds nothing. A
lesson that names no library is attributed by the same rules as promotion, against the stack of
this project and of every project registered on this machine; one that names none of them is
skipped and reported, as is every malformed line, with its number. Nothing is written when the
file cannot be read at all. Pruning rewrites the machine's store only, never a project's log.
"""

from __future__ import annotations

import os
from pathlib import Path

from kenning.app.lessons.promotion import declared, project_name
from kenning.app.project import Project, ken_home, now_micros, now_text
from kenning.core import durations
from kenning.core.errors import InvalidInput
from kenning.core.events import format_timestamp
from kenning.core.lessons import exchange, rules
from kenning.core.lessons.attribution import attribute
from kenning.core.secrets import redaction
from kenning.store import files, inputs
from kenning.store.lessons import LessonStore
from kenning.store.words import english_words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_TEXT = 2000  # a lesson is a summary: the event schema's limit
MAX_FILE = 64 << 20  # bytes: a lessons file this large is not one


def add(project: Project | None, text: str, libraries: list[str], now: str | None = None) -> dict[str, Any]:
    """Record a lesson by hand, filed under ``libraries`` (at least one)."""
    if not text.strip():
        raise InvalidInput("the lesson's text is empty; say what was learned")
    if len(text) > MAX_TEXT:
        raise InvalidInput(f"the lesson is {len(text):,} characters; keep it under {MAX_TEXT:,}")
    try:
        names = exchange.checked_libraries(libraries)
    except ValueError as err:
        raise InvalidInput(f"--library: {err}") from None
    if not names:
        raise InvalidInput("name the library the lesson is about with --library")
    clean, kinds = _scrub(project, text)
    stack = declared(project.root) if project is not None else {}
    fields = {"id": "lsn_" + os.urandom(10).hex(), "text": clean, "type": "note",
              "project": project_name(project) if project is not None else None,
              "ecosystems": {name: sorted(stack[name]) for name in names if name in stack}}
    root = str(project.root) if project is not None else None  # so its own project knows it as its own
    record = exchange.lesson_record(fields, names, now_text(now), root, source="hand")
    _store().append([record])
    return {**rules.public(record), "redacted": list(kinds)}


def export(target: str | None, root: Path | None = None) -> tuple[str, int]:
    """(the exchange text of every lesson on this machine, how many); written to ``target``
    unless it is None (the caller prints it): by the rule for links of the repository ``root``
    (``files.inside``) when it is named inside it, else where the user chose."""
    from kenning.app.lessons import team as team_lessons

    lessons = rules.visible([*_store().records(), *team_lessons.records()])
    text = exchange.exchange_text(lessons)
    if target is not None:
        path = Path(target)
        if path.is_dir():
            raise InvalidInput(f"{target} is a folder; give a file name such as {path / 'lessons.jsonl'}")
        files.write_atomic(path, text, within=root if root is not None and files.contains(root, path) else None)
    return text, len(lessons)


def import_file(project: Project | None, source: str, now: str | None = None) -> dict[str, Any]:
    """Bring the lessons of an exchange file into the machine's store; each id once."""
    lines = _read_lines(Path(source))
    stack = _stack(project)
    records: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    kinds: set[str] = set()
    stamp = now_text(now)
    for number, raw in lines:
        try:
            new, found = _lesson(project, exchange.read_line(raw), stack, stamp)
        except ValueError as err:
            skipped.append({"line": number, "reason": str(err)})
            continue
        records += new
        kinds.update(found)
    added, present = _add_new(records)
    return {"file": source, "added": added, "present": present, "skipped": skipped, "redacted": sorted(kinds)}


def _add_new(records: list[dict[str, Any]]) -> tuple[int, int]:
    """Append the lessons whose id the store lacks, with their fixes, under the store's lock:
    (added, already there). Two imports of one file at once add it once."""
    counts = [0, 0]

    def plan(existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = {r["id"] for r in existing if r.get("op") == "lesson"}
        new: list[dict[str, Any]] = []
        fresh = False
        for record in records:  # each lesson comes before its fix
            if record["op"] == "lesson":
                fresh = record["id"] not in known
                counts[0 if fresh else 1] += 1
                known.add(record["id"])
            if fresh:
                new.append(record)
        return new

    _store().extend(plan)
    return counts[0], counts[1]


def _lesson(project: Project | None, fields: dict[str, Any], stack: dict[str, set[str]],
            stamp: str) -> tuple[list[dict[str, Any]], set[str]]:
    """The store records for one checked line (the lesson, then its fix), and what was redacted."""
    fields["text"], kinds = _scrub(project, fields["text"])
    names = fields["libraries"] or attribute(fields["text"], stack, english_words())
    if not names:
        raise ValueError("names no library this machine's projects declare; add \"libraries\" to the line")
    if not fields["ecosystems"]:
        fields["ecosystems"] = {name: sorted(stack[name]) for name in names if name in stack}
    records = [exchange.lesson_record(fields, names, fields["timestamp"] or stamp)]
    if fields.get("fix"):
        fix, more = _scrub(project, fields["fix"])
        kinds |= more
        records.append(exchange.fix_record(fields["id"], fix, fields["timestamp"] or stamp))
    return records, kinds


def _read_lines(path: Path) -> list[tuple[int, str]]:
    """(number, text) of each non-blank line; an ``InvalidInput`` naming the file otherwise."""
    if path.is_dir():
        raise InvalidInput(f"{path} is a folder, not a lessons file (JSON Lines, as `ken lessons export` writes)")
    try:
        data = inputs.read_regular(path, MAX_FILE)
    except inputs.TooLarge:
        raise InvalidInput(f"{path} is larger than {inputs.describe(MAX_FILE)}; a lessons file is far "
                           "smaller") from None
    except inputs.NotRegular as err:
        raise InvalidInput(f"{path} is {err}; give a lessons file (JSON Lines, as `ken lessons export` "
                           "writes)") from None
    except FileNotFoundError:
        raise InvalidInput(f"{path} does not exist") from None
    except OSError as err:
        raise InvalidInput(f"{path} cannot be read ({err.strerror or err})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InvalidInput(f"{path} is not UTF-8 text (line {line}); re-save it as UTF-8") from None
    return [(n, raw) for n, raw in enumerate(text.splitlines(), 1) if raw.strip()]


def _stack(project: Project | None) -> dict[str, set[str]]:
    """The libraries declared by this project and every project registered on this machine:
    what an imported lesson without libraries may be attributed to."""
    from kenning.app.setup import registry

    roots = [Path(entry["path"]) for entry in registry.load()["projects"]]
    if project is not None:
        roots.insert(0, project.root)
    stack: dict[str, set[str]] = {}
    for root in dict.fromkeys(roots):
        for name, registries in declared(root).items():
            stack.setdefault(name, set()).update(registries)
    return stack


def _scrub(project: Project | None, text: str) -> tuple[str, set[str]]:
    """``text`` redacted with the project's rules (its config's extra patterns and allowlist),
    or the built-in rules outside a project."""
    if project is not None and project.initialized:
        from kenning.app.redact import redact_with

        scrubbed = redact_with(project, text)
        return scrubbed.text, set(scrubbed.kinds)
    result = redaction.redact(text)
    return result.text, set(result.kinds)


def prune(older_than: str, dry_run: bool = False, now: str | None = None) -> dict[str, Any]:
    """Drop the machine's lessons first recorded more than ``older_than`` ago (``30d``,
    ``6mo``, ``1y``: ``durations.parse``); ``dry_run`` only lists them."""
    try:
        age = durations.parse(older_than) * 1_000_000
    except ValueError as err:
        raise InvalidInput(f"--older-than: {err}") from None
    now_us = now_micros(now)
    cutoff, stamp = now_us - age, format_timestamp(now_us)
    pruned: list[dict[str, Any]] = []

    def plan(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        kept, gone = exchange.prune(records, cutoff, stamp)
        pruned.extend(gone)
        return kept

    store = _store()
    if dry_run:
        plan(store.records())
    elif store.path.exists():
        store.rewrite(plan)
    return {"older_than": older_than, "before": format_timestamp(cutoff), "dry_run": dry_run,
            "pruned": [rules.public(x) for x in pruned]}


def _store() -> LessonStore:
    return LessonStore(ken_home())
