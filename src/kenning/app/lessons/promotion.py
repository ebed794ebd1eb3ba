"""Promoting lessons: the qualifying events the index just took in go to the machine-wide store.

Promotion happens when the index takes in new events from the log: a write, and equally a
teammate's events arriving through a merge or a fresh clone, so every opening of memory
(``app.memory``) promotes. Below ``app.lessons.cases`` (reading, forgetting), which imports it: the
write path runs one way, memory -> promotion, and never back up to a module that opens memory.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from kenning.app.project import Project, ken_home
from kenning.app.warnings import hand_over
from kenning.core import foreign
from kenning.core.errors import KenError
from kenning.core.lessons import rules
from kenning.core.lessons.attribution import declared_libraries, ecosystem, is_manifest, needs_toml
from kenning.core.text import one_line
from kenning.store import files
from kenning.store.lessons import LessonStore
from kenning.store.words import english_words

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
    """The libraries one manifest declares; a manifest that cannot be read (a FIFO, past
    ``MANIFEST_LIMIT``, nested too deeply, broken JSON or TOML) declares nothing, and says so."""
    from kenning.app.project import parse_toml

    try:
        data = files.read_capped(path, foreign.MANIFEST_LIMIT)
        if data is None:
            return set()
        if needs_toml(path.name):
            return declared_libraries(path.name, foreign.toml_table(data, foreign.MANIFEST_LIMIT, parse_toml))
        text = data.decode("utf-8", "replace")
        if path.suffix == ".json":  # checked here to be named; core.lessons.manifests then reads it quietly
            foreign.json_value(text, foreign.MANIFEST_LIMIT)
        return declared_libraries(path.name, text)
    except foreign.Unreadable as err:
        hand_over([f"{path} was not read for the libraries this project declares ({err}); "
                          "lessons leave it out"])
        return set()


def _store() -> LessonStore:
    return LessonStore(ken_home())


def project_name(project: Project) -> str:
    """The name the registry knows the project by (its folder's name when unregistered)."""
    from kenning.app.setup import registry

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
    except (OSError, KenError, sqlite3.Error) as err:  # e.g. the index locked by a long rebuild
        memory.warn(f"could not update the machine-wide lessons store ({err}); lessons were not shared")
    except Exception as err:  # noqa: BLE001 - this runs after a write succeeded: never fail it
        memory.warn(f"could not update the machine-wide lessons store (unexpected {type(err).__name__}: "
                    f"{one_line(str(err), 200)}); "
                    "lessons were not shared")


def _promote(memory: Memory, events: list[Event]) -> None:
    project = memory.project
    libraries = declared(project.root)
    if not libraries:
        return  # no manifest, no attribution: a project that declares nothing promotes nothing
    root, name = str(project.root), project_name(project)
    # attribution needs the English words only when an event may become a lesson: a plain note
    # or issue does not pay for reading them
    english = english_words() if any(rules.qualifies(event) for event in events) else frozenset()

    def plan(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = {r["id"] for r in records if r.get("op") == "lesson"}
        fixed = {(r["id"], r.get("fix_id")) for r in records if r.get("op") == "fix"}
        new: list[dict[str, Any]] = []
        for event in events:
            record = None if event.id in known else rules.promote(event, libraries, name, root, english)
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
