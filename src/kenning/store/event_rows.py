"""The rows one event makes in the index: its own (the columns the queries filter on, its
search text and its JSON), one per path it is about, a retirement when it supersedes a
decision or forgets an event, one per path a snooze covers. Pure: ``Cache`` writes them."""

from __future__ import annotations

from kenning.core.events import Event, serialize
from kenning.core.gate.rows import SnoozeRow

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def path_rows(event: Event, origin: str, fixed: str | None = None,
              retired: str | None = None) -> list[tuple[Any, ...]]:
    """One row per path the event is about: the gate's queries never touch the JSON column
    until they know which few events they will show. (A bulk load copies the same rows inside
    SQLite: ``Cache.insert_many``.)"""
    paths = dict.fromkeys(event.paths())  # a path listed twice is one row
    rest = (event.type, event.timestamp, event.id, event.outcome, event.issue_id, origin, fixed, retired)
    return [(path, *rest) for path in paths]


def retirement(event: Event) -> tuple[str, str, str] | None:
    """A decision that supersedes another retires it from its own time on, and a note that
    forgets an event (``ken forget``) retires it altogether: facts the index keeps as rows (the
    retiring event's type tells them apart), so no read searches for the retiring event."""
    target = event.supersedes if event.type == "decision" else event.forgets
    return (target, event.id, event.timestamp) if target else None


def snooze_rows(event: Event) -> list[SnoozeRow]:
    """A snooze covers the paths it lists until its end: kept as rows, so the gate reads only
    the snoozes still running, without opening their JSON. An unsnooze is a row whose end is
    "" (before every time): never running itself, found by ``snoozes_ended``."""
    until, paths = event.get("until"), event.get("paths")
    if event.type == "snooze" and event.get("unsnooze") is True:
        until = ""
    if event.type != "snooze" or not isinstance(until, str) or not isinstance(paths, list):
        return []
    return [SnoozeRow(path, until, event.timestamp, event.id) for path in dict.fromkeys(paths) if isinstance(path, str)]


def search_text(event: Event) -> str:
    """The words the full-text search finds ``event`` by (``store.search``)."""
    return " ".join(filter(None, (event.summary, event.details, event.location, event.get("commit_message"),
                                  event.get("reason")))).lower()


def event_row(event: Event, origin: str, line: int | None, raw: str | None, text: str) -> tuple[Any, ...]:
    """The event's own row, with its search ``text`` (empty when the index is never searched:
    the cold gate's partial index only judges files). A plain tuple, not a named row: a
    rebuild makes 100,000 of them, and only ``Cache`` reads them, to bind."""
    return (event.id, event.timestamp, event.type, event.path, event.issue_id, event.outcome,
            event.supersedes, origin, line, text, raw or serialize(event))
