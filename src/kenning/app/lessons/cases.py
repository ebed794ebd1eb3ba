"""Use cases for cross-project lessons: what a project declares, promotion, reading, forgetting.

Promotion happens when the index takes in new events from the log: a write, and equally a
teammate's events arriving through a merge or a fresh clone. The store (``KEN_HOME``) is
machine-wide; a lesson is shown in a project only when it concerns a library that project
declares, named with the project it came from.
"""

from __future__ import annotations

from kenning.app.lessons.promotion import _store, declared, project_name
from kenning.app.project import Project, now_text
from kenning.core.defaults import LESSONS_LIMIT
from kenning.core.errors import InvalidInput
from kenning.core.lessons import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.memory import Memory

def _records() -> list[dict[str, Any]]:
    """The machine store's records, then the team store's as of its last sync (``ken lessons
    sync``): read alike, so a team lesson shows wherever a machine lesson would, and a forget on
    this machine hides it here."""
    from kenning.app.lessons import team as team_lessons

    return [*_store().records(), *team_lessons.records()]


# -- reading -----------------------------------------------------------------------------------

def lessons(project: Project, library: str | None = None, limit: int = LESSONS_LIMIT) -> list[dict[str, Any]]:
    """Lessons for the libraries this project declares (or for ``library``), newest first, from
    every project on this machine; then this project's own marked lessons that name no
    declared library."""
    from kenning.app.recall import open_memory

    with open_memory(project) as memory:
        found = for_memory(memory, library, limit)[0]
        return found


def for_memory(memory: Memory, library: str | None = None,
               limit: int = LESSONS_LIMIT) -> tuple[list[dict[str, Any]], int]:
    """(the first ``limit`` lessons, how many there are) for a memory the caller has brought up
    to date: the store's lessons for this stack, then (without ``library``) this project's own.
    The store, the manifests and the registry are each read once."""
    records = _records()
    stack = rules.for_stack(rules.visible(records), declared(memory.project.root), library)
    found = [rules.public(lesson) for lesson in stack]
    if library is None:
        hidden = {x["id"] for x in found} | {r["id"] for r in records if r.get("op") == "forget"}
        found += _own(memory, hidden)
    return found[:limit], len(found)


def from_the_store(memory: Memory, limit: int | None = None
                   ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int, frozenset[str]]:
    """The machine's (and the team's) lessons for this project's stack, newest first, as the
    summary shows them at session start, the store read once: (those added by hand in this
    project, the first ``limit`` that other projects on this machine learned, how many of those
    there are, the ids ``ken lessons forget`` hid: this project's marked lessons among them are
    left out of its summary as they are of ``ken lessons``). Lessons this project promoted are
    left out, and so are those a clone of it elsewhere promoted (their events are in this log):
    the summary shows those as its own history."""
    records = _records()
    ours, others = _from_store(memory, records)
    forgotten = frozenset(str(r["id"]) for r in records if r.get("op") == "forget")
    return ours, (others if limit is None else others[:limit]), len(others), forgotten


def _from_store(memory: Memory, records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(added by hand here, from other projects): the store's lessons for this project's stack,
    those this project (or a clone of it) promoted left out."""
    if not records:
        return [], []  # the common case, and every write refreshes the summary: skip the manifests
    project = memory.project
    root, name = str(project.root), project_name(project)
    stack = rules.for_stack(rules.visible(records), declared(project.root))
    ours = [x for x in stack if rules.added_in(x, root, name)]
    rest = [x for x in stack if x.get("root") != root and not rules.added_in(x, root, name)]
    ids = [str(x["id"]) for x in rest]
    promoted: set[str] = set().union(*(memory.cache.known_ids(ids[i:i + 500]) for i in range(0, len(ids), 500)))
    return [rules.public(x) for x in ours], [rules.public(x) for x in rest if x["id"] not in promoted]


def _own(memory: Memory, hidden: set[str]) -> list[dict[str, Any]]:
    """This project's marked lessons (the fold keeps them bounded), less ``hidden``."""
    name = project_name(memory.project)
    return [{"id": item["id"], "text": item.get("summary", ""), "library": None, "libraries": [], "project": name,
             "issue_id": item.get("issue_id"), "outcome": None, "fix": None}
            for item in memory.state.lesson_items() if item["id"] not in hidden]


def forget(project: Project | None, ref: str, now: str | None = None) -> dict[str, Any]:
    """Hide a lesson everywhere on this machine. The store keeps it, with a record saying so."""
    store = _store()
    records = _records()
    candidates = {r["id"]: r.get("text", "") for r in rules.visible(records)}
    if project is not None and project.initialized:
        candidates.update({item["id"]: item["text"] for item in lessons(project, limit=10_000)})
    wanted = ref.strip().lower()
    matches = sorted(lid for lid in candidates if lid.startswith(wanted) or lid.startswith("evt_" + wanted))
    if not wanted or not matches:
        raise InvalidInput(f"no lesson matches {ref!r}; `ken lessons` shows lesson ids")
    if len(matches) > 1 and wanted not in matches:
        raise InvalidInput(f"{ref!r} matches several lessons ({', '.join(matches[:3])}, …); type more characters")
    lid = wanted if wanted in matches else matches[0]
    by = project_name(project) if project is not None else None
    store.append([{"op": "forget", "id": lid, "by": by, "timestamp": now_text(now)}])
    return {"id": lid, "text": candidates[lid], "forgotten": True}


# -- import ------------------------------------------------------------------------------------

def import_records(records: list[dict[str, Any]], write: bool = True) -> tuple[int, int]:
    """Add lesson records that another tool kept (``ken import --from projectmem``) to the
    machine-wide store, each id once: (added, already there). ``write`` False only counts."""
    store = _store()
    counted = [0, 0]

    def plan(existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = {r["id"] for r in existing if r.get("op") == "lesson"}
        new = []
        for record in records:
            if record["id"] in known:
                counted[1] += 1
                continue
            known.add(record["id"])
            new.append(record)
        counted[0] = len(new)
        return new

    if write:
        store.extend(plan)
    else:  # a dry run reads the store and writes nothing, not even its folder
        plan(store.records())
    return counted[0], counted[1]
