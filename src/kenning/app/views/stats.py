"""``ken stats``: how big the memory is, from the index and the sizes of its files."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from kenning.app.project import Project


def stats(project: Project) -> dict[str, object]:
    """How big the memory is: events by type (the log's, and those derived from git), issues,
    decisions, lessons, the files events cite, and the log's and the index's size on disk.
    Every count is ``app.views.counts``'s, as every other view has it."""
    from kenning.app.recall import open_memory
    from kenning.app.views import counts

    with open_memory(project) as memory:
        events = counts.events(memory)
        open_issues, done_issues = counts.issues(memory)
        result: dict[str, object] = {
            **{key: events[key] for key in ("events", "hand_written", "derived_from_git", "by_type")},
            "open_issues": open_issues, "done_issues": done_issues,
            **counts.decisions(memory, events["by_type"]),
            "lessons": counts.marked_lessons(memory), "lessons_listed": counts.lessons(memory, 0)[1],
            "key_files": counts.files_cited(memory),
            "top_files": [{"path": path, "events": count} for path, count in memory.state.top_files(5)],
            "log_bytes": _size(project.log_path), "index_bytes": _size(project.cache_dir / "index.sqlite"),
        }
        return result


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
