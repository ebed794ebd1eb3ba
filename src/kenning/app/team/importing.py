"""``ken import``: another tool's memory into the log, by the write path's own rules.

Each line of the source is converted (``core.importers``), redacted with the project's rules and
checked against the schema before the log's lock is taken. Under the lock, events whose id the
memory already holds are dropped (so a second import adds nothing), an imported issue whose id a
different issue already uses here gets a stable new one, and the rest are appended in one
write, fsynced, and indexed. A line that cannot come in is skipped and reported with its number:
it never stops the import. A dry run does all of that but the append.

projectmem's global lessons (``$PROJECTMEM_HOME/global``, by default ``~/.projectmem/global``)
come in with its log, into the machine-wide lessons store.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

from kenning.app.inputs import open_file
from kenning.app.lessons.cases import import_records
from kenning.app.memory import Memory
from kenning.app.recall import open_memory
from kenning.app.record import refresh_derived
from kenning.app.redact import redact_event, redact_with
from kenning.core import importers
from kenning.core.errors import InvalidInput
from kenning.core.events import TYPES, Event, parse_indexed, parse_line, serialize
from kenning.core.schema import decode_line, problems
from kenning.store import inputs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, BinaryIO

    from kenning.app.project import Project

# bytes: a line this long is no event (a summary and details fill at most ~90 KB of UTF-8);
# it is skipped without being held in memory whole
MAX_LINE = 1 << 20
# bytes read from one source at most: every event it holds is kept in memory until the append
MAX_SOURCE = 512 << 20
_LESSON_FILES = (("library_gotchas.jsonl", "gotcha"), ("patterns.jsonl", "pattern"))


class Batch:
    """What a source file holds: the events it converts to, and the lines that could not come in."""

    def __init__(self) -> None:
        self.drafts: list[dict[str, Any]] = []
        self.skipped: list[dict[str, Any]] = []
        self.lines = 0
        self.repeated = 0  # events the file holds more than once
        self.redacted: set[str] = set()


def import_file(project: Project, fmt: str, source: str, *, dry_run: bool = False,
                lessons: bool = True) -> dict[str, Any]:
    """Import ``source`` (a path, or ``-`` for standard input) of format ``fmt``; the report
    says what was added (or, with ``dry_run``, would be), by type, and what was skipped."""
    if fmt not in importers.FORMATS:
        raise InvalidInput(f"unknown format {fmt!r}; use --from {', '.join(importers.FORMATS)}")
    project.require_initialized()
    batch = _read_batch(project, fmt, source)
    report = _append(project, batch, dry_run)
    report.update(format=fmt, file=source, dry_run=dry_run, lines=batch.lines, skipped=batch.skipped,
                  repeated=batch.repeated, redacted=sorted(batch.redacted))
    report["lessons"] = _import_lessons(project, dry_run) if fmt == "projectmem" and lessons else None
    return report


# -- reading -------------------------------------------------------------------------------------

def _read_batch(project: Project, fmt: str, source: str) -> Batch:
    batch = Batch()
    seen: set[str] = set()
    with _open(source) as stream:
        for number, record, why in _records(stream, source):
            batch.lines = number
            if why is not None:
                batch.skipped.append({"line": number, "reason": why})
                continue
            try:
                drafts = [_checked(project, d, batch) for d in importers.convert(fmt, record)]
            except ValueError as err:  # the reason may quote the value it refused: scrubbed too
                batch.skipped.append({"line": number, "reason": redact_with(project, str(err)).text})
                continue
            for draft in drafts:
                if draft["id"] in seen:
                    batch.repeated += 1
                    continue
                seen.add(draft["id"])
                batch.drafts.append(draft)
    if batch.skipped and not batch.drafts and not batch.repeated:
        raise InvalidInput(_nothing_readable(source, fmt, batch))
    return batch


def _open(source: str) -> BinaryIO:
    if source == "-":
        return sys.stdin.buffer
    if Path(os.path.expanduser(source)).is_dir():
        raise InvalidInput(f"{source} is a directory; give the events file itself (a .jsonl file)")
    return open_file(source, source, "the events file itself (a .jsonl file)")


def _records(stream: BinaryIO, source: str = "") -> Iterator[tuple[int, Any, str | None]]:
    """(line number, decoded JSON, None) per line, or (number, None, why it is not a record);
    blank lines are passed over. More than ``MAX_SOURCE`` bytes in all is refused."""
    number = total = 0

    def line(limit: int) -> bytes:
        nonlocal total
        raw = stream.readline(limit)
        total += len(raw)
        if total > MAX_SOURCE:
            what = "standard input" if source in ("-", "") else source
            raise InvalidInput(f"{what} holds more than {inputs.describe(MAX_SOURCE)}, the most one import "
                               "reads; split it (`split -l 100000`) and import the parts")
        return bytes(raw)

    while True:
        raw = line(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (rest := line(MAX_LINE)) and not rest.endswith(b"\n"):
                pass  # read past the rest of the line without keeping it
            yield number, None, f"longer than {MAX_LINE >> 20} MB: not an event"
            continue
        if not raw.strip():
            continue
        yield number, *decode_line(raw, number == 1)


def _checked(project: Project, draft: dict[str, Any], batch: Batch) -> dict[str, Any]:
    """The draft redacted with the project's rules (every string in it: fields kenning does not
    know, actor, location, the source's ids), then held to the schema and to what every reader
    accepts: an imported event is one ``ken validate`` passes."""
    batch.redacted.update(redact_event(project, draft))
    found = problems(draft)
    if found:
        raise ValueError("cannot be imported: " + "; ".join(found[:3]))
    parse_line(serialize(Event(draft)))
    return draft


def _nothing_readable(source: str, fmt: str, batch: Batch) -> str:
    first = batch.skipped[0]
    message = (f"{source}: not one of its {batch.lines} lines could be imported as {fmt} "
               f"(line {first['line']}: {first['reason']})")
    guess = _guess_format(source, fmt)
    return message + (f"; is it a {guess} file? try --from {guess}" if guess else "")


def _guess_format(source: str, tried: str) -> str | None:
    """The format the file's first record reads as, when it is not the one that was given."""
    if source == "-":
        return None
    try:
        with inputs.open_regular(os.path.expanduser(source)) as stream:
            first = next((r for _, r, why in _records(stream, source) if why is None), None)
    except (OSError, InvalidInput):
        return None
    for fmt in importers.FORMATS:
        if fmt != tried and first is not None:
            try:
                importers.convert(fmt, first)
            except ValueError:
                continue
            return fmt
    return None


# -- writing -------------------------------------------------------------------------------------

def _append(project: Project, batch: Batch, dry_run: bool) -> dict[str, Any]:
    with open_memory(project) as memory:
        if dry_run:
            fresh, renamed = _settle(memory, batch.drafts)
        else:
            with memory.log.lock(memory.project.number("lock", "timeout_seconds")):
                if memory.log.repair_torn_tail():
                    memory.forget_torn_warning()
                memory.sync()
                fresh, renamed = _settle(memory, batch.drafts)
                if fresh:
                    _, unconfirmed = memory.log.append_lines([serialize(Event(d)) for d in fresh])
                    if unconfirmed:
                        memory.warn(unconfirmed)
                    memory.sync(appended=True)
            if fresh:
                refresh_derived(memory)
    counts = Counter(str(d["type"]) for d in fresh)
    return {"added": {t: counts[t] for t in TYPES if counts[t]}, "added_total": len(fresh),
            "present": len(batch.drafts) - len(fresh), "renamed_issues": renamed}


def _settle(memory: Memory, drafts: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """(the drafts the memory does not hold yet, the issue ids renamed). An imported issue keeps
    its id unless a different issue here already uses it; then it (and every imported event
    naming it) takes a stable new one, the same on every import of the same file."""
    ids = [d["id"] for d in drafts]
    known: set[str] = set().union(*(memory.cache.known_ids(ids[i:i + 500]) for i in range(0, len(ids), 500)))
    renamed: dict[str, str] = {}
    owners: dict[str, str] = {}  # issue id -> the event id of the issue using it, in this batch
    moved: set[str] = set()  # the issue events whose own id was renamed
    for draft in (d for d in drafts if d["type"] == "issue"):
        old = str(draft["issue_id"])
        new = _stored_issue_id(memory, draft["id"]) if draft["id"] in known else _free_issue_id(memory, draft, owners)
        owners[new] = draft["id"]
        if new != old:
            renamed[old] = new
            moved.add(draft["id"])
    for draft in drafts:
        if draft.get("issue_id") in renamed and (draft["type"] != "issue" or draft["id"] in moved):
            draft["issue_id"] = renamed[draft["issue_id"]]
    return [d for d in drafts if d["id"] not in known], renamed


def _stored_issue_id(memory: Memory, event_id: str) -> str:
    row = memory.cache.event(event_id)
    return str(parse_indexed(row).get("issue_id")) if row else ""


def _free_issue_id(memory: Memory, draft: dict[str, Any], owners: dict[str, str]) -> str:
    wanted = str(draft["issue_id"])
    for n in range(1000):
        candidate = wanted if n == 0 else importers.stable_issue_id(draft["id"], str(n))
        owner = owners.get(candidate) or _issue_owner(memory, candidate)
        if owner is None or owner == draft["id"]:
            return candidate
    raise InvalidInput(f"no free issue id for {draft['id']}")  # 1,000 collisions: a broken index


def _issue_owner(memory: Memory, issue_id: str) -> str | None:
    row = memory.cache.issue_event(issue_id)
    return str(parse_indexed(row).get("id")) if row else None


# -- projectmem's global lessons ---------------------------------------------------------------------

def projectmem_global() -> Path:
    """projectmem's machine-wide store, where projectmem itself looks for it."""
    home = os.environ.get("PROJECTMEM_HOME")
    return (Path(home) if home else Path.home() / ".projectmem") / "global"


def _import_lessons(project: Project, dry_run: bool) -> dict[str, Any]:
    folder = projectmem_global()
    records: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for name, kind in _LESSON_FILES:
        path = folder / name
        if not path.is_file():
            continue
        with inputs.open_regular(path) as stream:
            for number, record, why in _records(stream, str(path)):
                try:
                    if why is not None or not isinstance(record, dict):
                        raise ValueError(why or "not a JSON object")
                    lesson = importers.lesson_from_projectmem(record, kind)
                except ValueError as err:
                    skipped.append({"file": str(path), "line": number, "reason": str(err)})
                    continue
                redact_event(project, lesson)  # every string: its library, project and id too
                records.append(lesson)
    added, present = import_records(records, write=not dry_run)
    return {"folder": str(folder), "added": added, "present": present, "skipped": skipped}
