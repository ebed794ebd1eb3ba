"""Use cases for cross-project lessons: what a project declares, promotion, reading, forgetting.

Promotion happens when the index takes in new events from the log: a write, and equally a
teammate's events arriving through a merge or a fresh clone. The store (``KEN_HOME``) is
machine-wide; a lesson is shown in a project only when it concerns a library that project
declares, named with the project it came from.
"""

from __future__ import annotations

import os
from pathlib import Path

from kenning.app.project import Project, ken_home, now_text
from kenning.core import lessons as rules
from kenning.core.attribution import declared_libraries, ecosystem, is_manifest, needs_toml
from kenning.core.errors import InvalidInput, KenError
from kenning.store import files
from kenning.store.lessons import LessonStore

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.memory import Memory
    from kenning.core.events import Event

# folders that hold other people's manifests (vendored or installed), not the project's own
_SKIP_DIRS = {"node_modules", "vendor", "target", "dist", "build", "venv", "env", "site-packages", "__pycache__"}


def declared(root: Path) -> dict[str, set[str]]:
    """The libraries declared by the manifests at ``root`` and one folder below it, each with
    the registries (pypi, npm, …) that declare it."""
    found: dict[str, set[str]] = {}
    for path in _manifests(root):
        for name in _read_manifest(path):
            found.setdefault(name, set()).add(ecosystem(path.name))
    return found


def _manifests(root: Path) -> list[Path]:
    found: list[Path] = []
    for folder in [root, *_subfolders(root)]:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        found.extend(folder / name for name in names if is_manifest(name))
    return found


def _subfolders(root: Path) -> list[Path]:
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return []
    return [Path(e.path) for e in entries
            if not e.name.startswith(".") and e.name not in _SKIP_DIRS and e.is_dir(follow_symlinks=False)]


def _read_manifest(path: Path) -> set[str]:
    from kenning.app.project import parse_toml

    text = files.read_text(path)
    if text is None:
        return set()
    if not needs_toml(path.name):
        return declared_libraries(path.name, text)
    try:
        return declared_libraries(path.name, parse_toml(text))
    except ValueError:
        return set()  # a broken manifest declares nothing; `ken doctor` is not the place to parse it


def _store() -> LessonStore:
    return LessonStore(ken_home())


def _records() -> list[dict[str, Any]]:
    """The machine store's records, then the team store's as of its last sync (``ken lessons
    sync``): read alike, so a team lesson shows wherever a machine lesson would, and a forget on
    this machine hides it here."""
    from kenning.app import team_lessons

    return [*_store().records(), *team_lessons.records()]


def project_name(project: Project) -> str:
    """The name the registry knows the project by (its folder's name when unregistered)."""
    from kenning.app import registry

    root = os.path.realpath(project.root)
    for entry in registry.load()["projects"]:
        if entry["path"] == root:
            return str(entry["name"])
    return project.name


# -- promotion ---------------------------------------------------------------------------------

def promote_pending(memory: Memory) -> None:
    """Promote the qualifying events the index just took in; record fixes of promoted issues.
    A store that cannot be written is a warning: memory itself is already safe."""
    events, memory.promotable = memory.promotable, []
    if not events:
        return
    try:
        _promote(memory, events)
    except (OSError, KenError) as err:
        memory.warn(f"could not update the machine-wide lessons store ({err}); lessons were not shared")


def _promote(memory: Memory, events: list[Event]) -> None:
    project = memory.project
    libraries = declared(project.root)
    if not libraries:
        return  # no manifest, no attribution: a project that declares nothing promotes nothing
    root, name = str(project.root), project_name(project)

    def plan(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = {r["id"] for r in records if r.get("op") == "lesson"}
        fixed = {(r["id"], r.get("fix_id")) for r in records if r.get("op") == "fix"}
        new: list[dict[str, Any]] = []
        for event in events:
            record = None if event.id in known else rules.promote(event, libraries, name, root)
            if record is not None:
                known.add(event.id)
                new.append(record)
                new.extend(_fixes_so_far(memory, record))
        fixed.update((r["id"], r.get("fix_id")) for r in new if r["op"] == "fix")
        mine = [r for r in [*records, *new] if r.get("op") == "lesson" and r.get("root") == root]
        for fix in (e for e in events if e.type == "fix" and e.issue_id):
            for lesson in mine:
                if lesson.get("issue_id") == fix.issue_id and (lesson["id"], fix.id) not in fixed:
                    fixed.add((lesson["id"], fix.id))
                    new.append(rules.fix_record(lesson["id"], fix))
        return new

    _store().extend(plan)


def _fixes_so_far(memory: Memory, record: dict[str, Any]) -> list[dict[str, Any]]:
    """A lesson promoted after its issue was already fixed (a rebuilt index, a clone) carries the fix."""
    if not record.get("issue_id"):
        return []
    events = memory.events(memory.cache.events_of_issue(str(record["issue_id"])))
    fixes = sorted((e for e in events if e.type == "fix"), key=lambda e: e.sort_key)
    return [rules.fix_record(record["id"], fixes[-1])] if fixes else []


# -- reading -----------------------------------------------------------------------------------

def lessons(project: Project, library: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    """Lessons for the libraries this project declares (or for ``library``), newest first, from
    every project on this machine; then this project's own marked lessons that name no
    declared library."""
    from kenning.app.memory import open_memory

    memory = open_memory(project)
    try:
        found = for_memory(memory, library, limit)[0]
        memory.flush_warnings()
        return found
    finally:
        memory.close()


def for_memory(memory: Memory, library: str | None = None, limit: int = 50) -> tuple[list[dict[str, Any]], int]:
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


def from_other_projects(memory: Memory, limit: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """(the first ``limit`` lessons, how many there are) that other projects on this machine
    learned about this project's stack, newest first: what the summary shows at session start.
    Lessons this project promoted are left out, and so are those a clone of it elsewhere
    promoted (their events are in this log): the summary shows those as its own history."""
    records = _records()
    if not records:
        return [], 0  # the common case, and every write refreshes the summary: skip the manifests
    root = str(memory.project.root)
    stack = [x for x in rules.for_stack(rules.visible(records), declared(memory.project.root)) if x.get("root") != root]
    ids = [str(x["id"]) for x in stack]
    ours: set[str] = set().union(*(memory.cache.known_ids(ids[i:i + 500]) for i in range(0, len(ids), 500)))
    found = [rules.public(x) for x in stack if x["id"] not in ours]
    return (found if limit is None else found[:limit]), len(found)


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
