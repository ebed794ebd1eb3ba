"""The team lessons store on this machine: the remote's URL, and a clone of the team's git
repository that kenning alone works in.

- ``KEN_HOME/team.json``: ``{"remote": URL}``, written atomically;
- ``KEN_HOME/team-lessons/<hash of the URL>/``: the clone (another remote gets another clone,
  so two teams' stores never mix); ``lessons.jsonl`` in it holds lesson and fix records
  in the machine store's format, one a line, and is merged with ``merge=union`` (declared in
  the repository's ``.gitattributes`` for everyone, and in the clone's ``.git/info/attributes``
  so a repository that lacks the line still merges cleanly here). Two clones that add lines at
  once merge without a conflict; a line both added is read once (readers fold by id).
- Locks live beside the clone, never inside it, so they are never committed.

Git itself runs through ``kenning.git.clone``; this module only writes files.
"""

from __future__ import annotations

from kenning.core.errors import UnsafePath
from kenning.store import files
from kenning.store.lessons import LessonStore
from kenning.store.log import file_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from pathlib import Path
    from typing import Any

FOLDER = "team-lessons"
FILE = "lessons.jsonl"
UNION = f"{FILE} merge=union"
SYNC_TIMEOUT = 120.0  # a sync may wait on the network twice; a second one waits for it, not fails


def remote(home: Path) -> str | None:
    """The team lessons remote recorded on this machine, or None."""
    data = files.read_json(home / "team.json")
    url = data.get("remote") if isinstance(data, dict) else None
    return url if isinstance(url, str) and url else None


def set_remote(home: Path, url: str | None) -> None:
    import json

    home.mkdir(parents=True, exist_ok=True)
    files.write_atomic(home / "team.json", json.dumps({"remote": url}, indent=2, sort_keys=True) + "\n")


class TeamStore:
    """The clone of one remote."""

    def __init__(self, home: Path, url: str) -> None:
        import hashlib

        self.home = home
        self.url = url
        self.dir = home / FOLDER / hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
        self.lessons = LessonStore(home, self.dir / FILE, home / "team-lessons.lock", follow_links=False)

    def records(self) -> list[dict[str, Any]]:
        """The clone's records (none before the first sync)."""
        return self.lessons.records()

    def append(self, records: list[dict[str, Any]]) -> None:
        self.lessons.append(records)

    def prepare(self) -> None:
        """The clone's folder, before ``git init`` runs in it."""
        self.dir.mkdir(parents=True, exist_ok=True)

    def declare_union(self) -> None:
        """``lessons.jsonl merge=union`` in the clone's own attributes and in the repository's
        ``.gitattributes`` (added to the team's file, never replacing it)."""
        _ensure_line(self.dir / ".git" / "info" / "attributes", UNION)
        _ensure_line(self.dir / ".gitattributes", UNION)

    def sync_lock(self) -> AbstractContextManager[None]:
        """Held for a whole sync: two at once would race in one work tree."""
        self.home.mkdir(parents=True, exist_ok=True)
        return file_lock(self.home / "team-sync.lock", SYNC_TIMEOUT)


def _ensure_line(path: Path, line: str) -> None:
    """Add ``line`` to the attributes file at ``path`` unless it is there. The clone's
    ``.gitattributes`` comes from the team's repository: a link there is refused, never read
    (its target's bytes would be committed and pushed with the next sync) nor written through."""
    if path.is_symlink():
        raise UnsafePath(f"{path} is a symbolic link (committed to the team repository?); kenning never reads or "
                         "writes through it: replace it with a regular file in the team repository")
    text = files.read_text(path) or ""
    if line in text.splitlines():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(path, text + ("" if not text or text.endswith("\n") else "\n") + line + "\n")
