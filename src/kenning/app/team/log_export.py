"""``ken export --jsonl`` and ``ken export --markdown``: the log taken out, whole or filtered.

The JSONL is the canonical log: each event once (the copy the fold keeps), in the fold's order
(timestamp, id), serialized canonically, so every clone holding the same events exports the same
bytes, and ``ken import --from jsonl`` reads it back. Lines that are not events are left out
(with a warning naming them); events derived from git are not in the log, so not in the export.
The Markdown is a report to read (``core.views.log_markdown``).
"""

from __future__ import annotations

import os
from pathlib import Path

from kenning.app.paths import canonical_path
from kenning.app.project import Project, now_micros
from kenning.app.recall import open_memory
from kenning.core.errors import InvalidInput
from kenning.core.events import Event, format_timestamp, parse_line, serialize
from kenning.core.fold import unique
from kenning.core.gate.rules import parse_since
from kenning.core.views import log_markdown
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


class Exported:
    """The text of an export and how many events it holds."""

    def __init__(self, text: str, events: int, total: int) -> None:
        self.text = text
        self.events = events
        self.total = total  # events in the log


def export_log(project: Project, form: str, types: Sequence[str] = (), since: str | None = None,
               path: str | None = None, cwd: Path | None = None, now: str | None = None) -> Exported:
    """The log as ``jsonl`` or ``markdown``, filtered by type, date (``2026-01-01``, ``30d``)
    and the file or folder events cite."""
    start = _since(since, now)
    where = canonical_path(project.root, path, cwd) if path else None
    every = log_events(project)
    chosen = log_markdown.select(every, types or None, start, where)
    if form == "jsonl":
        text = "".join(serialize(e) + "\n" for e in chosen)
    elif form == "markdown":
        text = log_markdown.markdown(chosen, every, project.title, _code_notes(project, chosen, now))
    else:
        raise InvalidInput(f"unknown export form {form!r}; use --jsonl or --markdown")
    return Exported(text, len(chosen), len(every))


def _code_notes(project: Project, chosen: list[Event], now: str | None) -> dict[str, str]:
    """For the report's memories that cite code, what became of it (``core.views.coded``), the
    citations followed in one batch; nothing is imported or followed when none cites code."""
    citing = [e for e in chosen if isinstance(e.get("citation"), dict)]
    if not citing:
        return {}
    from kenning.app.citations import codes
    from kenning.core.views import coded

    with open_memory(project, capture=False) as memory:
        found = codes(memory, citing)
    clock = now_micros(now)
    return {event_id: words for event_id, status in found.items() if (words := coded.note(status, clock))}


def log_events(project: Project) -> list[Event]:
    """Every event of the log, each id once, in the fold's order: read from the index, which
    holds exactly what the memory read from the log (the copy the fold keeps of a repeated id,
    the whole events a damaged line still held), less the events derived from git."""
    with open_memory(project, capture=False) as memory:
        derived = {parse_line(row).id for row in memory.cache.derived_events()}
        found = [e for e in map(parse_line, memory.cache.all_events()) if e.id not in derived]
    return unique(found)


def _since(since: str | None, now: str | None) -> str | None:
    if since is None:
        return None
    try:
        return format_timestamp(max(0, parse_since(since, now_micros(now))))
    except ValueError as err:
        raise InvalidInput(f"--since: {err}") from err


def output_path(target: str, cwd: Path | None = None, root: Path | None = None) -> Path:
    """Where ``-o FILE`` writes, checked before anything is read: a file in an existing folder,
    reached by the repository ``root``'s rule for links (``files.inside``) when named inside it."""
    path = Path(os.path.expanduser(target))
    path = path if path.is_absolute() else (cwd or Path.cwd()) / path
    if root is not None and files.contains(root, path):
        files.inside(root, path)
    if path.is_dir():
        raise InvalidInput(f"-o {target}: is a directory; give a file name")
    if not path.parent.is_dir():
        raise InvalidInput(f"-o {target}: the folder {path.parent} does not exist")
    return path


def save(path: Path, text: str, root: Path) -> None:
    """Write an export to ``path`` (from ``output_path``), atomically: by the repository's rule for
    links (``files.inside``) when it is named inside the repository ``root``; elsewhere it is
    where the user chose."""
    files.write_atomic(path, text, within=root if files.contains(root, path) else None)
