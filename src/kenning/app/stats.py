"""``ken stats``: how big the memory is, from the index and the sizes of its files."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from kenning.app.project import Project


def stats(project: Project) -> dict[str, object]:
    """How big the memory is: events by type (the log's, and those derived from git), issues,
    decisions, lessons, the files events cite, and the log's and the index's size on disk."""
    from kenning.app.memory import open_memory

    with open_memory(project) as memory:
        log, derived = memory.cache.type_counts("log"), memory.cache.type_counts("git")
        state = memory.state
        result: dict[str, object] = {
            "events": sum(log.values()) + sum(derived.values()),
            "hand_written": sum(log.values()), "derived_from_git": sum(derived.values()),
            "by_type": {t: log.get(t, 0) + derived.get(t, 0) for t in sorted({*log, *derived})},
            "open_issues": state.open_issues.size(), "done_issues": state.done_ids.size(),
            "decisions": log.get("decision", 0) + derived.get("decision", 0),
            "standing_decisions": state.decisions.size() + state.decided_lessons.size(),
            "lessons": state.lesson_total(), "key_files": state.key_files.size(),
            "top_files": [{"path": path, "events": count} for path, count in state.top_files(5)],
            "log_bytes": _size(project.log_path), "index_bytes": _size(project.cache_dir / "index.sqlite"),
        }
        return result


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
