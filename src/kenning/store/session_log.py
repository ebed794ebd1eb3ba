"""What the post-tool hooks observe of an agent session, kept machine-local until it becomes
memory: one small JSON Lines file per session under ``.kenning/local/sessions/``.

Hooks run concurrently (an agent may run tools in parallel), so an observation is one line
appended in one ``O_APPEND`` write (``files.append_lines``): lines never interleave, and no lock
is held on the agent's path. A file stops growing at ``MAX_BYTES`` (an observation is a few
hundred bytes; a session that reaches it has been observed enough), and files older than
``KEEP_SECONDS`` are swept when a session is folded. The file is named by a hash of the session
id, so an id from a payload never becomes a path.
"""

from __future__ import annotations

import json
import os

from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

FOLDER = "sessions"
MAX_BYTES = 512 << 10  # per session
MAX_LINE = 8 << 10  # one observation, at most
KEEP_SECONDS = 30 * 86400
LAST = "last-captured.json"  # what the last folded session captured, for the next SessionStart


def path_of(local_dir: Path, session: str) -> Path:
    import hashlib  # here: only a call worth keeping pays for loading OpenSSL

    name = hashlib.sha256(session.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return local_dir / FOLDER / f"{name}.jsonl"


def append(local_dir: Path, session: str, record: dict[str, Any]) -> bool:
    """Append one observation; False when it was not kept (too large, the session's file full)."""
    line = json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    if len(line) > MAX_LINE:
        return False
    path = path_of(local_dir, session)
    try:
        if os.stat(path).st_size > MAX_BYTES:
            return False
    except FileNotFoundError:
        pass
    files.append_lines(path, [line], within=local_dir)
    return True


def read(local_dir: Path, session: str) -> list[dict[str, Any]]:
    """A session's observations in the order they were appended; a line that is not a JSON
    object (a torn last line) is skipped."""
    raw = files.read_capped(path_of(local_dir, session), MAX_BYTES + MAX_LINE)
    out: list[dict[str, Any]] = []
    for line in (raw or b"").decode("utf-8", "replace").splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict):
            out.append(item)
    return out


def sweep(local_dir: Path, now_s: float) -> int:
    """Remove session files not written to for ``KEEP_SECONDS`` before ``now_s`` (the machine's
    clock, as the files' times are); how many were removed."""
    folder = local_dir / FOLDER
    limit = now_s - KEEP_SECONDS
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if entry.name.endswith(".jsonl") and entry.stat(follow_symlinks=False).st_mtime < limit:
                removed += files.remove(folder / entry.name, within=local_dir)
        except OSError:
            continue
    return removed


def read_last(local_dir: Path) -> Any:
    return files.read_json(local_dir / FOLDER / LAST)


def write_last(local_dir: Path, value: dict[str, Any]) -> None:
    files.write_json_quietly(local_dir / FOLDER / LAST, value)
