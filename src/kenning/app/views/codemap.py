"""``ken map --build``: the code map, every tracked source file and its import edges, kept in the
disposable cache (``.kenning/cache/codemap.json``).

The files are git's (``git ls-files``) with a source extension. A build re-reads only what changed:
each file's size and modification time are kept with the import specs parsed from it, so a file
with the same stat is not opened again; a new one is read, a deleted one dropped. Where a spec
points depends on the set of source paths and the configuration files alone: when either changed
(a new file can satisfy an old import), every file's specs are resolved again, which is cheap next
to reading; otherwise only those of the files read again. Source text is scanned, never executed.
"""

from __future__ import annotations

from kenning import git
from kenning.app.project import now_text
from kenning.core.errors import KenError
from kenning.store import codemap as disk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

    from kenning.app.project import Project

CACHE = "codemap.json"
MAX_SOURCE = 1 << 20  # bytes: a bigger "source" file is generated or vendored; it is a node, not read
# the configuration files resolution reads: Go module paths, tsconfig paths, package and crate names
CONFIG_NAMES = ("go.mod", "package.json", "Cargo.toml")
MOST_IMPORTED = 8  # files listed under `ken map`'s Code structure


class CodeMap:
    """A built code map: each source file's language, the import edges, when it was built."""

    __slots__ = ("files", "edges", "built_at")
    files: dict[str, str]
    edges: tuple[tuple[str, str], ...]
    built_at: str

    def __init__(self, files: dict[str, str], edges: tuple[tuple[str, str], ...], built_at: str) -> None:
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "edges", edges)
        object.__setattr__(self, "built_at", built_at)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a code map is a value: build a new one")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CodeMap) and (self.files, self.edges, self.built_at) == (
            other.files, other.edges, other.built_at)

    def __hash__(self) -> int:
        return hash((self.edges, self.built_at))

    def __repr__(self) -> str:
        return f"CodeMap({len(self.files)} files, {len(self.edges)} edges, built {self.built_at})"


def cache_path(project: Project) -> Path:
    return project.cache_dir / CACHE


def load(project: Project) -> CodeMap | None:
    """The last built code map; None when it was never built (or its cache is gone or unreadable)."""
    data = disk.load(cache_path(project))
    if data is None:
        return None
    from kenning.core.codemap.resolve import edges

    files = data["files"]
    pairs = edges({path: entry["imports"] for path, entry in files.items()})
    return CodeMap({path: entry["language"] for path, entry in files.items()}, pairs, data["built_at"])


def build(project: Project, now: str | None = None) -> dict[str, Any]:
    """Build or update the code map and report it: files, parsed (read this time), reused,
    dropped (gone since the last build), skipped (too big or binary), edges, unresolved (local
    imports that name no tracked file), languages, built_at and the cache's path."""
    from kenning.core.codemap import resolve

    project.require_initialized()
    built_at = now_text(now)
    tracked = _tracked(project.root)
    saved = disk.load(cache_path(project)) or {}
    previous = saved.get("files", {})
    entries, fresh = _entries(project.root, tracked, previous)
    configs = _configs(project.root, tracked)
    layout_key = _layout_key(entries, configs)
    # where a spec points depends on the file paths and the configuration only: while both are
    # unchanged, a file that was not read again keeps its edges; otherwise every file is resolved
    stale = fresh if layout_key == saved.get("layout") else set(entries)
    if stale:
        layout = resolve.Layout({path: entry["language"] for path, entry in entries.items()}, configs)
        for path, (targets, unresolved) in resolve.link({p: entries[p]["specs"] for p in stale}, layout).items():
            entries[path].update(imports=list(targets), unresolved=unresolved)
    languages = resolve.header_languages({path: entry["language"] for path, entry in entries.items()},
                                         {path: entry["imports"] for path, entry in entries.items()})
    for path, lang in languages.items():
        entries[path]["language"] = lang
    disk.save(cache_path(project), {"built_at": built_at, "layout": layout_key, "files": entries})
    counts: dict[str, int] = {}
    for lang in languages.values():
        counts[lang] = counts.get(lang, 0) + 1
    return {"files": len(entries), "parsed": len(fresh), "reused": len(entries) - len(fresh),
            "dropped": len(set(previous) - set(entries)),
            "skipped": sum(1 for entry in entries.values() if entry["skipped"]),
            "edges": sum(len(entry["imports"]) for entry in entries.values()),
            "unresolved": sum(entry["unresolved"] for entry in entries.values()),
            "languages": dict(sorted(counts.items())), "built_at": built_at,
            "cache": cache_path(project).relative_to(project.root).as_posix()}


def _layout_key(entries: dict[str, Any], configs: dict[str, str]) -> str:
    """A digest of what resolution reads besides the specs: the source paths and the config files."""
    import hashlib

    digest = hashlib.sha256("\0".join(sorted(entries)).encode("utf-8", "surrogateescape"))
    for path in sorted(configs):
        digest.update(f"\0\0{path}\0{configs[path]}".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _tracked(root: Path) -> list[str]:
    try:
        return git.tracked_files(root)
    except git.GitError as err:
        raise KenError(f"cannot list the tracked files ({err}); check that `git ls-files` works here") from err


def _entries(root: Path, tracked: Iterable[str], previous: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Each source file's entry (language, stat, specs, why it was skipped), the previous one for
    a file whose size and modification time are unchanged; and the files read this time."""
    from kenning.core.codemap.imports import import_specs, language

    entries: dict[str, Any] = {}
    fresh = set()
    for path in sorted(set(tracked)):
        lang = language(path)
        stat = disk.source_stat(root, path) if lang else None
        if lang is None or stat is None:
            continue  # not source, or not a regular file in the working tree (deleted, a link, a submodule)
        old = previous.get(path)
        if old and (old["size"], old["mtime_ns"]) == stat:
            old["language"] = lang  # a header's refined language is worked out again
            entries[path] = old
            continue
        fresh.add(path)
        text = disk.read_source(root, path) if stat[0] <= MAX_SOURCE else None
        skipped = None if text is not None else ("too big" if stat[0] > MAX_SOURCE else "binary or unreadable")
        specs = list(import_specs(path, text)) if text is not None else []
        entries[path] = {"language": lang, "size": stat[0], "mtime_ns": stat[1], "specs": specs, "skipped": skipped}
    return entries, fresh


def _configs(root: Path, tracked: Iterable[str]) -> dict[str, str]:
    """The text of every tracked go.mod, package.json, Cargo.toml and ts/jsconfig*.json."""
    found = {}
    for path in tracked:
        name = path.rpartition("/")[2]
        is_ts = name.endswith(".json") and name.startswith(("tsconfig", "jsconfig"))
        if name in CONFIG_NAMES or is_ts:
            stat = disk.source_stat(root, path)
            text = disk.read_source(root, path) if stat and stat[0] <= MAX_SOURCE else None
            if text is not None:
                found[path] = text
    return found


def structure(project: Project) -> dict[str, Any] | None:
    """What ``ken map`` adds when a code map was built: its size and the most imported files."""
    built = load(project)
    if built is None:
        return None
    imported_by: dict[str, int] = {}
    for _, imported in built.edges:
        imported_by[imported] = imported_by.get(imported, 0) + 1
    top = sorted(imported_by.items(), key=lambda item: (-item[1], item[0]))[:MOST_IMPORTED]
    languages: dict[str, int] = {}
    for lang in built.files.values():
        languages[lang] = languages.get(lang, 0) + 1
    return {"built_at": built.built_at, "files": len(built.files), "edges": len(built.edges),
            "languages": dict(sorted(languages.items())),
            "most_imported": [{"path": path, "imported_by": n} for path, n in top]}
