"""Project files other than the log: written atomically, so readers never see half a file.

A write goes to a temporary file in the same directory, is flushed and fsynced, and replaces
the target with ``os.replace``. A file whose content would not change is not touched, so
re-running ``ken init`` or refreshing an unchanged summary leaves mtimes alone.
"""

from __future__ import annotations

import os
import tempfile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist or is not a readable file."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return None


def write_atomic(path: Path, text: str, mode: int | None = None) -> bool:
    """Replace ``path`` with ``text``; return False when it already had exactly that text."""
    data = text.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return True


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
