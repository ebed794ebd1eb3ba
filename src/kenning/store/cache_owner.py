"""Whose index this is: ``.kenning/cache/index.sqlite`` is machine-local, and only the clone that
built it reads it.

A repository's content is data, never a trusted derivative: a committed index could say that
nothing ever failed on any file, and match the log's stamp. So each clone keeps a random key in
its git dir (``kenning-cache-key``; no commit, fetch or clone carries the git dir's own files),
and the index records the key of the clone that built it. An index without this clone's key (a
committed one, one copied from elsewhere, one an earlier kenning built) is emptied before
anything in it is read, and rebuilt from the log. An index git tracks is not read at all: that
is asked again whenever git's index file has changed since the index last looked (``seen``),
so it costs a read of git's index once per change of it, not one per command.
"""

from __future__ import annotations

import json
import os
import re

from kenning.core.errors import UnsafePath

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

    from kenning.store.files import StrPath

KEY_FILE = "kenning-cache-key"
_KEY = re.compile(r"[0-9a-f]{32}")


class Owner:
    """This clone, as its index must name it: its key, git's index file as it is now (its stat),
    and how to ask whether git tracks the index (asked only when ``seen`` moved)."""

    def __init__(self, key: str, seen: object, tracked: Callable[[], bool]) -> None:
        self.key = key
        self.seen = json.dumps(seen)
        self.tracked = tracked


class TrackedIndex(UnsafePath):
    """Git tracks the index file: what is in it came from a commit, so it is never read."""


def clone_key(path: StrPath) -> str:
    """This clone's key, kept at ``path`` in its git dir; made on first use. ``OSError`` when it
    can be neither read nor made (a read-only git dir)."""
    try:
        with open(path, "rb") as f:  # decoded by hand: a text file's ASCII codec is one more module to load
            key = f.read(64).decode("ascii", "replace").strip()
    except FileNotFoundError:
        key = ""
    if _KEY.fullmatch(key):
        return key
    return _new_key(path, replace=bool(key) or os.path.lexists(path))


def _new_key(path: StrPath, replace: bool) -> str:
    """Write a new key whole, then link it into place: two processes making the first key at once
    agree on the one linked first; a damaged key file is replaced."""
    key = os.urandom(16).hex()
    temporary = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="ascii") as f:
        f.write(key + "\n")
    try:
        if replace:
            os.replace(temporary, path)
            return key
        try:
            os.link(temporary, path)
        except FileExistsError:
            return clone_key(path)
        return key
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def held_by(db: sqlite3.Connection) -> tuple[str, str] | None:
    """(key, seen) as the index records them; None when it records none (or has no such table:
    an earlier kenning built it)."""
    import sqlite3

    try:
        rows = dict(db.execute("SELECT k, v FROM owner"))
    except sqlite3.OperationalError:
        return None
    return (rows["key"], rows["seen"]) if "key" in rows and "seen" in rows else None


def record(db: sqlite3.Connection, owner: Owner) -> None:
    db.executemany("INSERT OR REPLACE INTO owner(k, v) VALUES(?, ?)", (("key", owner.key), ("seen", owner.seen)))
