"""The code map's disk: the tracked source files it reads, and ``.kenning/cache/codemap.json``.

Source files are read, never written, and never through a symbolic link: a tracked link may point
anywhere on the machine. A link, a folder (a submodule) or a file gone from the working tree is not
a source. The cache is disposable: written atomically (readers never see half of it), read back
only in this format version; anything else (an older version, a torn or hand-edited file) reads as
no cache, and the next build starts from scratch.
"""

from __future__ import annotations

import json
import os
import stat as stat_module

from kenning.store.files import NOFOLLOW, read_json, write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

# 1: {"version", "built_at", "layout", "files": {path: {"language", "size", "mtime_ns", "skipped",
#     "specs", "imports", "unresolved"}}}: a file's edges are its "imports", each the index of a file
#     in the sorted paths of "files" (a number, not the path again: a sixth of the size to parse)
FORMAT = 1
_SNIFF = 8192  # a NUL byte this early means a binary file, whatever its extension says


def source_stat(root: Path, rel: str) -> tuple[int, int] | None:
    """(size, mtime in ns) of a regular file at ``root/rel``, not following a link; None otherwise."""
    try:
        found = os.lstat(f"{root}/{rel}")
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    return (found.st_size, found.st_mtime_ns) if stat_module.S_ISREG(found.st_mode) else None


def read_source(root: Path, rel: str) -> str | None:
    """The text of a source file (undecodable bytes replaced), or None when it is binary, a link,
    or cannot be read."""
    try:
        fd = os.open(f"{root}/{rel}", os.O_RDONLY | NOFOLLOW)
    except (OSError, ValueError):
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data[:_SNIFF]:
        return None
    return data.decode("utf-8", "replace")


def load(path: Path) -> dict[str, Any] | None:
    """The saved code map (imports as paths), or None when there is none in this format (it is
    rebuilt from scratch then)."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("version") != FORMAT:
        return None
    try:
        if not _valid(data):
            return None
    except (TypeError, AttributeError):  # a value of the wrong type where a list or a dict belongs
        return None
    paths = sorted(data["files"])
    for entry in data["files"].values():
        entry["imports"] = [paths[n] for n in entry["imports"]]
    return data


_ENTRY = {"language", "size", "mtime_ns", "skipped", "specs", "imports", "unresolved"}
_ENTRY_TYPES = {(str, int, int, skipped, list, list, int) for skipped in (str, type(None))}


def _valid(data: dict[str, Any]) -> bool:
    """Every field of the format, of its type, and every import a file of the map. Checked over
    whole collections rather than value by value: a 5,000-file map is read on every rebuild."""
    files = data.get("files")
    if not (isinstance(files, dict) and isinstance(data.get("built_at"), str) and isinstance(data.get("layout"), str)):
        return False
    entries = list(files.values())
    if not all(type(entry) is dict and entry.keys() == _ENTRY for entry in entries):
        return False
    types = {(type(e["language"]), type(e["size"]), type(e["mtime_ns"]), type(e["skipped"]), type(e["specs"]),
              type(e["imports"]), type(e["unresolved"])) for e in entries}
    return (types <= _ENTRY_TYPES and all(type(spec) is str for e in entries for spec in e["specs"])
            and {type(n) for e in entries for n in e["imports"]} <= {int}
            and all(0 <= n < len(entries) for e in entries for n in e["imports"]))


def save(path: Path, data: dict[str, Any]) -> None:
    """Write the code map (imports as paths, each a file of the map) atomically, with its format
    version, keys sorted: the same map, the same bytes."""
    index = {p: n for n, p in enumerate(sorted(data["files"]))}
    files = {path: {**entry, "imports": sorted([index[target] for target in entry["imports"]])}
             for path, entry in data["files"].items()}
    text = json.dumps({**data, "files": files, "version": FORMAT}, sort_keys=True, separators=(",", ":"))
    write_atomic(path, text + "\n", durable=False)  # a cache: lost in a crash, it is rebuilt
