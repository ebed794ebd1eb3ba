"""Use cases for the session-start summary: render it, keep ``summary.md`` in step, print it.

The SessionStart hook injects exactly what ``refresh`` writes, so an agent and ``summary.md``
never disagree; the lessons other projects learned about this stack come in with it.
"""

from __future__ import annotations

import os

from kenning.app.memory import Memory
from kenning.app.recall import open_memory, open_whole
from kenning.core.fold import fold
from kenning.core.paths import repo_path
from kenning.core.views import summary as summary_core
from kenning.core.views.summary import purpose_from_map
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from kenning.app.project import Project
    from kenning.core.fold import State

# lessons from other projects the bounded summary takes in; the budget may show fewer
OTHERS_SHOWN = 10


def purpose(project: Project) -> str:
    return purpose_from_map(files.read_text(project.map_path) or "")


def budget(project: Project) -> int:
    value = project.setting("summary", "budget")
    return value if isinstance(value, int) and value > 0 else summary_core.DEFAULT_BUDGET


def in_tree(project: Project) -> Callable[[str], bool]:
    """Whether a file the memory cites is still in the working tree: the key files of the
    summary and the brief leave out deleted ones (the gate still hears about them)."""
    root = str(project.root)

    def exists(path: str) -> bool:
        normal = repo_path(path)
        if normal is None:
            return False  # a hand-edited log may cite anything: never look outside the repository
        return os.path.lexists(os.path.join(root, normal))  # strings: a Path per file costs more than the stat

    return exists


def code_of(memory: Memory, state: State) -> tuple[dict[str, dict[str, Any]], int]:
    """Where the code stands that the memories the summary may show cite, and the clock to say
    it at: nothing (and no import) when none of them cites code."""
    ids = summary_core.cited_ids(state)
    if not ids:
        return {}, 0
    from kenning.app.citations import codes_of
    from kenning.app.project import now_micros

    return codes_of(memory, ids), now_micros()


def render_budgeted(memory: Memory) -> str:
    project = memory.project
    ours, others, total, forgotten = from_the_store(memory, OTHERS_SHOWN)
    codes, now = code_of(memory, memory.state)
    return summary_core.render(memory.state, project.title, purpose(project), budget(project), in_tree(project),
                               others, total, ours, forgotten, codes, now)


def from_the_store(memory: Memory, limit: int | None
                   ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int, frozenset[str]]:
    """The machine-wide lessons for this project's stack: (added here, the first ``limit`` from
    other projects, how many of those, the ids forgotten); an unreadable store is a warning, not a summary that
    cannot be written."""
    from kenning.app.lessons import cases as lessons_app

    try:
        return lessons_app.from_the_store(memory, limit)
    except OSError as err:
        memory.warn(f"could not read the machine-wide lessons store ({err}); the summary leaves its lessons out")
        return [], [], 0, frozenset()


def refresh(memory: Memory) -> str:
    """Re-render ``summary.md`` from the folded state; unchanged text leaves the file alone.

    Read and written under the derived-files lock, after catching up with the log: two
    processes refreshing at once (concurrent writers, a reader beside a writer) otherwise race,
    and the one that read the log first could write last, leaving a summary that lags it."""
    with memory.log.derived_lock(memory.project.number("lock", "timeout_seconds")):
        memory.sync()
        with memory.transaction(write=False):  # one moment of the index, its state read at it
            text = render_budgeted(memory)
        files.write_atomic(memory.project.summary_path, text, within=memory.project.root)
    return text


def summary(project: Project, full: bool = False) -> str:
    with open_whole(project, by_id_only=not full) as memory:
        if full:
            events = memory.events(list(memory.cache.all_events()))
            ours, others, total, forgotten = from_the_store(memory, None)
            state = fold(events, bounded=False)
            codes, now = code_of(memory, state)
            text = summary_core.render(state, project.title, purpose(project), None,
                                       in_tree(project), others, total, ours, forgotten, codes, now)
        elif memory.one_pass:  # the background build writes summary.md once the index is there
            text = render_budgeted(memory)
        else:
            text = refresh(memory)
        return text


def regenerate(project: Project) -> str:
    """Rebuild the index from the log and rewrite the derived files. The index is rebuilt in its
    own file (``Memory.sync(whole=True)``), never removed: a process that has it open goes on
    reading and writing the one index, and waits while it is rebuilt."""
    with open_memory(project, whole=True) as memory:
        return refresh(memory)
