"""Project files other than the log: written atomically, so readers never see half a file.

A write goes to a temporary file in the same directory, is flushed and fsynced, and replaces
the target with ``os.replace``. A file whose content would not change is not touched, so
re-running ``ken init`` or refreshing an unchanged summary leaves mtimes alone.
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist or is not a readable file."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return None


def read_exact(path: Path) -> str | None:
    """The file's text exactly as stored (line endings kept), or None when it does not exist.
    ``UnicodeDecodeError`` when it is not UTF-8: a caller about to rewrite part of a user's file
    must not replace bytes it cannot read."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except (FileNotFoundError, NotADirectoryError):
        return None


def write_atomic(path: Path, text: str, mode: int | None = None) -> bool:
    """Replace ``path`` with ``text``; return False when it already had exactly that text.

    A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its own.
    """
    data = text.encode("utf-8")
    current = None
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
            current = os.fstat(f.fileno()).st_mode & 0o7777
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None or current is not None:
            os.chmod(tmp, mode if mode is not None else current)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return True


def read_json(path: Path) -> Any:
    """Decoded JSON, or None when the file is missing or not valid JSON (a cache miss)."""
    text = read_text(path)
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def write_json_quietly(path: Path, value: Any) -> None:
    """Write a cache file; failing to write a cache is never an error (it is rebuilt next time)."""
    try:
        write_atomic(path, json.dumps(value, sort_keys=True))
    except OSError:
        pass


def append_line(path: Path, line: str) -> None:
    """Append one line with a single write to a machine-local record file (created if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def create_if_missing(path: Path, text: str) -> bool:
    """Write ``text`` only when ``path`` does not exist yet; never overwrite a user's file."""
    if path.exists():
        return False
    return write_atomic(path, text)


def ensure_dir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True)


def remove(path: Path) -> bool:
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False
