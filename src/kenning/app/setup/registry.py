"""The machine-wide project registry: which repositories have kenning, by name.

Lives in ``KEN_HOME/projects.json`` (tests always set ``KEN_HOME``). A project's name is its
repository folder's name, suffixed (``-2``, ``-3``…) on a clash; aliases are extra names.
``ken init`` registers a project but never makes it active: only ``ken projects use`` does.

``choose`` is the one place that decides which project an MCP call acts on (docs/mcp.md):
a ``--root`` boundary, then the call's ``project`` argument, then the repository the server was
started in when kenning is set up there (the client's workspace, whose hooks read that same
memory), then the active project, then the only registered project; otherwise it refuses to
guess and lists the projects.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from kenning import git
from kenning.app.project import Project, ken_home
from kenning.core.errors import InvalidInput, KenError, NotInitialized
from kenning.store import files
from kenning.store.log import file_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

VERSION = 1


def _path() -> Path:
    return ken_home() / "projects.json"


def load() -> dict[str, Any]:
    data = files.read_json(_path())
    if not isinstance(data, dict) or not isinstance(data.get("projects"), list):
        return {"version": VERSION, "projects": [], "active": None}
    return data


def _save(data: dict[str, Any]) -> None:
    files.write_atomic(_path(), json.dumps(data, indent=2, sort_keys=True) + "\n")


def _update(change: Any) -> Any:
    """Read, change and write the registry under a lock (two `ken init`s at once stay whole)."""
    home = ken_home()
    files.ensure_dir(home)
    with file_lock(home / "projects.lock", 10.0):
        data = load()
        result = change(data)
        _save(data)
    return result


def _real(path: Path | str) -> str:
    return os.path.realpath(os.path.expanduser(str(path)))


def entries() -> list[dict[str, Any]]:
    data = load()
    active = data.get("active")
    return [{"name": e["name"], "path": e["path"], "aliases": e.get("aliases", []), "active": e["name"] == active,
             "initialized": Project(Path(e["path"])).initialized} for e in data["projects"]]


def register(root: Path, name: str | None = None, aliases: list[str] | None = None) -> dict[str, Any]:
    """Add a project (idempotent for a path already registered); return its entry."""
    path = _real(root)

    def change(data: dict[str, Any]) -> dict[str, Any]:
        for entry in data["projects"]:
            if entry["path"] == path:
                for alias in aliases or []:
                    _claim(data, alias, entry)
                return dict(entry)
        wanted = name or Path(path).name
        taken = _names(data)
        if name and name in taken:
            raise InvalidInput(f"a project is already called {name!r}; choose another --name")
        chosen, n = wanted, 1
        while chosen in taken:
            n += 1
            chosen = f"{wanted}-{n}"
        entry = {"name": chosen, "path": path, "aliases": []}
        data["projects"].append(entry)
        for alias in aliases or []:
            _claim(data, alias, entry)
        return dict(entry)

    result: dict[str, Any] = _update(change)
    return result


def _names(data: dict[str, Any]) -> set[str]:
    return {n for e in data["projects"] for n in [e["name"], *e.get("aliases", [])]}


def _claim(data: dict[str, Any], alias: str, entry: dict[str, Any]) -> None:
    if alias in (entry["name"], *entry.get("aliases", [])):
        return
    if alias in _names(data):
        raise InvalidInput(f"{alias!r} already names another project; choose another alias")
    entry.setdefault("aliases", []).append(alias)


def _find(data: dict[str, Any], ref: str) -> dict[str, Any] | None:
    projects: list[dict[str, Any]] = data["projects"]
    for entry in projects:
        if ref == entry["name"] or ref in entry.get("aliases", []):
            return entry
    if not (os.sep in ref or "/" in ref or ref.startswith(("~", ".")) or os.path.exists(ref)):
        return None  # a bare word that is no registered name is not a path either
    path = _real(ref)
    inside = [e for e in projects if path == e["path"] or path.startswith(e["path"].rstrip(os.sep) + os.sep)]
    return max(inside, key=lambda e: len(e["path"]), default=None)  # the innermost project holding the path


def remove(ref: str) -> dict[str, Any]:
    def change(data: dict[str, Any]) -> dict[str, Any]:
        entry = _find(data, ref)
        if entry is None:
            raise InvalidInput(f"no registered project {ref!r}; `ken projects list` shows them")
        data["projects"].remove(entry)
        if data.get("active") == entry["name"]:
            data["active"] = None
        return entry

    result: dict[str, Any] = _update(change)
    return result


def use(ref: str) -> dict[str, Any]:
    def change(data: dict[str, Any]) -> dict[str, Any]:
        entry = _find(data, ref)
        if entry is None:
            raise InvalidInput(f"no registered project {ref!r}; `ken projects list` shows them")
        data["active"] = entry["name"]
        return entry

    result: dict[str, Any] = _update(change)
    return result


def clear_active() -> dict[str, Any] | None:
    """Forget the active project; return the entry that was active, or None."""

    def change(data: dict[str, Any]) -> dict[str, Any] | None:
        active = data.get("active")
        data["active"] = None
        return next((dict(e) for e in data["projects"] if active and e["name"] == active), None)

    result: dict[str, Any] | None = _update(change)
    return result


# why a call acts on the project it does, one per step of the precedence, in order
CHOSEN_BY = {
    "root": "the server's --root pins it",
    "argument": "the call's project argument names it",
    "started-in": "the server was started in this repository (its agent hooks read this memory too)",
    "active": "it is the active project (`ken projects use`)",
    "only": "it is the only registered project",
}


def choose(ref: str | None, boundary: Path | None = None, cwd: Path | None = None) -> tuple[Project, str]:
    """The project an MCP call acts on and why (a key of ``CHOSEN_BY``); see the module
    docstring for the precedence. The registry is read on every call: `ken projects use` needs
    no restart of a running server."""
    data = load()
    if boundary is not None:
        pinned = Project(Path(_real(boundary)))
        if ref:
            named = _project_of(data, ref)
            if _real(named.root) != _real(pinned.root):
                raise InvalidInput(f"this server is pinned to {pinned.root} by --root; it cannot act on {ref!r}")
        return pinned.require_initialized(), "root"
    if ref:
        return _project_of(data, ref).require_initialized(), "argument"
    # before the active project: a client started in a repository reads its memory through the
    # hooks there, so serving another project would make the agent read one memory and write another
    root = git.find_root(cwd or Path.cwd())
    if root is not None and Project(root).initialized:
        return Project(root), "started-in"
    active = data.get("active")
    entry = next((e for e in data["projects"] if e["name"] == active), None) if active else None
    if entry is not None:
        return Project(Path(entry["path"])).require_initialized(), "active"
    if len(data["projects"]) == 1:
        return Project(Path(data["projects"][0]["path"])).require_initialized(), "only"
    listed = ", ".join(f"{e['name']} ({e['path']})" for e in data["projects"]) or "none registered"
    raise InvalidInput(f"which project? pass project=NAME or a path; registered: {listed}")


def resolve(ref: str | None, boundary: Path | None = None, cwd: Path | None = None) -> Project:
    """The project an MCP call acts on (``choose`` without the reason)."""
    return choose(ref, boundary, cwd)[0]


def active_name() -> str | None:
    """The active project's name, or None."""
    active = load().get("active")
    return str(active) if active else None


def _project_of(data: dict[str, Any], ref: str) -> Project:
    entry = _find(data, ref)
    if entry is None:
        registered = ", ".join(sorted(_names(data))) or "none"
        raise _unknown_project(ref, registered)
    return Project(Path(entry["path"]))


def _unknown_project(ref: str, registered: str) -> KenError:
    """The error for a ``project`` that names nothing registered, with advice that fits what
    it names: a path that does not exist or is a file gets no "run ken init there"."""
    looks_like_path = "/" in ref or "\\" in ref or ref.startswith((".", "~"))
    where = Path(ref).expanduser()
    if looks_like_path and not where.exists():
        return InvalidInput(f"{ref!r} does not exist; pass a registered project's name or folder "
                            f"(registered: {registered})")
    if looks_like_path and not where.is_dir():
        return InvalidInput(f"{ref!r} is a file, not a project folder; pass the repository's folder "
                            f"(registered: {registered})")
    if looks_like_path and git.find_root(where) is None:
        return InvalidInput(f"{ref!r} is not inside a git repository; kenning keeps memory in one "
                            f"(registered: {registered})")
    return NotInitialized(f"{ref!r} is not a registered project; run `ken init` there or "
                          f"`ken projects add PATH` (registered: {registered})")


def name_of(project: Project) -> str:
    """The registered name of a project, or its folder's name when it is not registered."""
    path = _real(project.root)
    entry = next((e for e in load()["projects"] if e["path"] == path), None)
    return str(entry["name"]) if entry else project.root.name
