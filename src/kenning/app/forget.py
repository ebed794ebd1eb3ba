"""``ken forget``: leave an event out of memory without rewriting the log.

The log is append-only and merges through git, so forgetting is an appended note whose
``forgets`` names the event (``core.fold.remembered``): the fold, the index, the cold gate and
every view leave that event out, and ``ken show`` says by which note and why. The event's line
stays in the log and in git's history: forgetting is not erasing (docs/capture.md, Control).
"""

from __future__ import annotations

from kenning.app.recall import open_memory
from kenning.app.record import record, resolve_forgettable
from kenning.core.errors import InvalidInput
from kenning.core.events import parse_indexed
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project

REASON_MAX = 500  # one line of why, inside the note's summary


def forget(project: Project, ref: str, reason: str | None = None, *, source: str = "cli", actor: str = "human",
           now: str | None = None) -> dict[str, Any]:
    """Forget the event ``ref`` (an id or unique prefix) by appending a forgetting note; what was
    forgotten (its id, type and summary) and the note written."""
    why = None if reason is None else " ".join(reason.split())
    if reason is not None and not why:
        raise InvalidInput("--reason is empty; say why, or leave --reason out")
    if why is not None and len(why) > REASON_MAX:
        raise InvalidInput(f"--reason is {len(why):,} characters (at most {REASON_MAX}); say it in one line")
    with open_memory(project) as memory:  # refused before anything is locked or written
        target = resolve_forgettable(memory, ref)
        event = parse_indexed(memory.cache.event(target) or "{}")
    summary = f"forgot {event.type} {target}" + (f": {why}" if why else "")
    written = record(project, {"type": "note", "summary": summary, "forgets": target, "source": source,
                               "actor": actor}, cwd=project.root, now=now)
    return {"forgotten": {"id": target, "type": event.type, "summary": one_line(event.summary, 240)},
            "event": written.event.as_dict(), "redacted": list(written.redacted), "notices": written.notices}
