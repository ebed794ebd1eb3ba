"""``ken backfill``: widen the span of git history events are derived from, after ``ken init``.

A use case above ``app.memory`` and ``app.capture.derive``: it opens memory, widens the derived
history (``capture.widen``) and refreshes the summary; ``capture`` itself is called by memory
when it opens, and imports nothing that opens memory.
"""

from __future__ import annotations

from kenning.app.capture.derive import DAY, widen
from kenning.app.project import now_micros
from kenning.app.recall import open_memory
from kenning.app.views import summary as summary_app
from kenning.core.errors import InvalidInput
from kenning.core.events import format_timestamp
from kenning.core.gate.rules import parse_since

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project


def backfill(project: Project, days: int | None = None, since: str | None = None,
             now: str | None = None) -> dict[str, Any]:
    """``ken backfill``: widen the history events are derived from, after ``ken init``."""
    now_us = now_micros(now)
    if (days is None) == (since is None):
        raise InvalidInput("say how far back: --days N or --since DATE (such as 2025-01-01 or 1y)")
    if days is not None and days < 0:
        raise InvalidInput("--days must be 0 or more")
    try:
        start_us = now_us - days * DAY * 1_000_000 if days is not None else parse_since(str(since), now_us)
    except ValueError as err:
        raise InvalidInput(f"--since: {err}") from err
    with open_memory(project, now, capture=False) as memory:
        added = widen(memory, start_us // 1_000_000, now_us // 1_000_000)
        info = memory.cache.meta("git") or {}
        if added:
            summary_app.refresh(memory)
    start = int(info.get("start", now_us // 1_000_000))
    return {"added": added, "start": format_timestamp(start * 1_000_000),
            "reverts_from": format_timestamp(int(info.get("revert_start", start)) * 1_000_000)}
