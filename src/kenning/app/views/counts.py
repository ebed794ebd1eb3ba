"""The memory's counts, one function each, so that no two views count one thing two ways.

``ken stats``, ``ken score`` (and the MCP ``get_score``), the project page's header and the
dashboard's cards take every figure they share from here: events written by hand and derived
from git, issues open and done, decisions recorded, superseded and standing, the files events
cite, and lessons. Each reads the index or the fold of a memory the caller has opened; none
reads the events one by one.
"""

from __future__ import annotations

from kenning.store import cache_views as views

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.memory import Memory


def events(memory: Memory) -> dict[str, Any]:
    """Events by origin and type: ``hand_written`` (the log's), ``derived_from_git``, their sum
    ``events``, and ``by_type`` (both together); ``log`` and ``git`` by type, for ``ken score``,
    whose counts are the log's."""
    log, git = memory.cache.type_counts("log"), memory.cache.type_counts("git")
    return {"events": sum(log.values()) + sum(git.values()), "hand_written": sum(log.values()),
            "derived_from_git": sum(git.values()),
            "by_type": {t: log.get(t, 0) + git.get(t, 0) for t in sorted({*log, *git})}, "log": log, "git": git}


def issues(memory: Memory) -> tuple[int, int]:
    """(open, done) issues as the fold has them: the log's and those git's fixes closed."""
    state = memory.state
    return int(state.open_issues.size()), int(state.done_ids.size())


def decisions(memory: Memory, by_type: dict[str, int]) -> dict[str, int]:
    """Decisions recorded (``by_type``'s), superseded by a later one, and standing: every
    decision no other retired, lessons among them."""
    state = memory.state
    return {"decisions": by_type.get("decision", 0), "superseded_decisions": memory.cache.superseded_count(),
            "standing_decisions": int(state.decisions.size() + state.decided_lessons.size())}


def files_cited(memory: Memory) -> int:
    """Files any event is about (its location or one of its paths), snoozes aside."""
    return views.files_cited(memory.cache.db)


def marked_lessons(memory: Memory) -> int:
    """Lessons marked in this memory (``--lesson``, or a ``lesson:`` prefix): the log's count."""
    return int(memory.state.lesson_total())


def lessons(memory: Memory, shown: int) -> tuple[list[dict[str, Any]], int]:
    """(the first ``shown``, how many) of the lessons ``ken lessons`` lists in this project:
    the machine's and the team's for its stack, then its own marked ones, forgotten ones left out."""
    from kenning.app.lessons import cases as lessons_app

    return lessons_app.for_memory(memory, None, shown)
