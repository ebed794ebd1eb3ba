"""Recalling a project's memory for a use case: the index brought up to date with the log,
the events of new commits derived (``app.capture.derive``), and the lessons among the events taken in
shared as the use case ends (``app.lessons.promotion``).

Every use case opens its memory here. ``app.memory`` is the memory itself and knows nothing of
capture or lessons: what must happen as a use case ends is handed to it (``Memory.on_close``),
so the imports run one way, recall -> memory, capture, promotion.
"""

from __future__ import annotations

import os

from kenning import git
from kenning.app.memory import Memory
from kenning.app.project import now_micros
from kenning.core.errors import InvalidInput
from kenning.git import GitError
from kenning.store.cache import Cache
from kenning.store.one_pass import OnePassIndex
from kenning.system import processes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project

# below this a whole rebuild takes about a second (10,000 events): the gate just builds the index
COLD_LOG_BYTES = 4 << 20


def new_memory(project: Project, cache: Cache | None = None) -> Memory:
    """A memory that shares the lessons among the events it took in as its use case ends."""
    memory = Memory(project, cache)
    memory.on_close.append(promote_lessons)
    return memory


def open_memory(project: Project, now: str | None = None, capture: bool = True, strict: bool = True,
                whole: bool = False) -> Memory:
    """The project's memory, brought up to date with the log and (if HEAD moved) with git.
    ``MemoryUnreadable`` when not one event can be read from the log (unless not ``strict``).
    ``whole``: its index rebuilt from the whole log first (``Memory.sync``)."""
    project.require_initialized()
    return _brought_up_to_date(new_memory(project), now, capture, strict, whole)


def open_whole(project: Project, now: str | None = None, by_id_only: bool = False) -> Memory:
    """The memory a whole-memory read answers from (``ken summary``, ``brief``, ``context``,
    ``status``, SessionStart): ``open_memory``'s, except right after a clone or a lost cache
    when the log is too long to fold within a command's time (``_cold``). Then the index is
    built in the background (as the first gate starts it) and this answer comes from one pass
    over the log folded into an index in memory: the same fold and the same queries, so the
    same answer the built index gives, without waiting for the index's file to be written.
    The background build itself (``INDEX_BUILDER`` set) builds the index, as before.

    ``by_id_only``: the caller reads the fold's state and asks for events by id, never by path
    or text (the summary): the pass then loads no path rows, no search text and saves no state."""
    project.require_initialized()
    memory = one_pass_if_cold(new_memory(project))
    memory.by_id_only = memory.one_pass and by_id_only
    return _brought_up_to_date(memory, now, capture=True, strict=True)


def one_pass_if_cold(memory: Memory) -> Memory:
    """``memory`` itself, or, when its index must first be built from a long log (``_cold``),
    an index in memory to fold the log into (``Memory.one_pass``) while the background build
    starts; ``memory`` is then closed."""
    try:
        cold = _cold(memory) and not os.environ.get(INDEX_BUILDER)
        if cold and not memory.cache.problem and not memory.cache.busy():
            _build_in_background(memory.project)
    except BaseException:
        memory.close()
        raise
    if not cold:
        return memory
    memory.close()
    passing = new_memory(memory.project, OnePassIndex())
    passing.one_pass = True
    return passing


def _brought_up_to_date(memory: Memory, now: str | None, capture: bool, strict: bool, whole: bool = False) -> Memory:
    try:
        memory.sync(strict=strict, whole=whole)
        if capture:
            capture_history(memory, now)
        promote_lessons(memory)
    except BaseException:
        memory.close()
        raise
    return memory


def capture_history(memory: Memory, now: str | None = None, paths: list[str] | None = None) -> None:
    """Derive the events of new commits; git failing is a warning, never a failed read."""
    try:
        head = git.head_commit(memory.project.folder)
        known = memory.cache.meta("git")
        if head is None or (known is not None and known.get("head") == head):
            return  # no new commit (every warm gate): the history reader is not even loaded
        from kenning.app.capture import derive as capture_app  # the patterns of history reading cost the rest

        capture_app.refresh(memory, now_micros(now) // 1_000_000, paths=paths)
    except GitError as err:
        memory.warn(f"could not read git history ({err}); events derived from commits may be missing")


def open_for_paths(project: Project, paths: list[str], now: str | None = None) -> Memory:
    """The memory the gate needs to judge ``paths``: ``open_memory``'s, except right after a
    clone or a lost cache when the log is too long to fold within a gate's time
    (``COLD_LOG_BYTES``). Then a background ``ken summary`` builds the index, and this answer
    comes from the lines that can change a verdict on these paths (``_deciding_lines``): those
    naming one of them, every copy of a repeated id, and the fixes and superseding decisions
    that close their issues or retire their decisions. The gate's queries run unchanged over
    those lines, so the verdict is the one the whole index gives; only the count of unreadable
    lines covers just the lines read."""
    project.require_initialized()
    memory = new_memory(project)
    try:
        cold = _cold(memory)
        if cold and not memory.cache.problem and not memory.cache.busy():  # an index it could keep
            _build_in_background(project)
    except BaseException:
        memory.close()
        raise
    if not cold:
        return _brought_up_to_date(memory, now, capture=True, strict=True)
    memory.close()
    partial = new_memory(project, Cache.in_memory())
    try:
        read = partial.read_for_paths(paths)
        if not read and partial.skipped:  # perhaps no event in the log at all: let the full read say
            partial.close()
            return open_memory(project, now)
        capture_history(partial, now, paths)
    except BaseException:
        partial.close()
        raise
    return partial


def _cold(memory: Memory) -> bool:
    """A long log that must be folded from scratch, too long to fold within a hook's or a gate's
    time: its index was never built (a fresh clone, a lost cache), or the log is now shorter
    than what the index read (a checkout of another branch rewrote it). A log that grew is
    taken for an append (a write, a pull, a rebase): checking its prefix costs a read of the
    whole file, which the sync that follows does once anyway."""
    if memory.cache.path is None:
        return False
    size = memory.log.stat().st_size
    if size < COLD_LOG_BYTES:
        return False
    info = memory.cache.meta("log")
    return info is None or size < int(info.get("end", 0))


# set in the environment of the background ``ken summary`` that builds the index: it must build
# it, not answer from one pass and start yet another build
INDEX_BUILDER = "KEN_INDEX_BUILDER"


def _build_in_background(project: Project) -> None:
    """Start ``ken summary`` on its own (it builds the index and outlives this command). Not
    started, the next command builds the index in the foreground: nothing is lost."""
    processes.spawn_ken(["summary"], project.folder, {INDEX_BUILDER: "1"})


def promote_lessons(memory: Memory) -> None:
    """Share the lessons among the events just taken in (most reads and writes have none)."""
    if memory.promotable:  # imported only then: most commands share nothing, and start faster
        from kenning.app.lessons.promotion import promote_pending

        promote_pending(memory)


def event_prefix(ref: str) -> str:
    """What a typed event reference searches for: lower case, with ``evt_`` in front."""
    text = ref.strip().lower()
    return text if text.startswith("evt_") else "evt_" + text


def resolve_event(memory: Memory, ref: str) -> str:
    """A full event id from a unique prefix; unknown or ambiguous is an error."""
    prefix = event_prefix(ref)
    matches = memory.cache.ids_with_prefix(prefix) if len(prefix) > 4 else []
    if prefix in matches:
        return prefix
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise InvalidInput(f"no event matches {ref!r}; `ken search` shows event ids")
    raise InvalidInput(f"{ref!r} matches several events ({', '.join(matches)}, …); type more characters")
