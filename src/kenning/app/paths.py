"""Turning whatever path a user typed into the one key memory is filed under.

``src/a.py``, ``./src/a.py``, ``/abs/repo/src/a.py`` and ``a.py`` typed inside ``src/`` all
become ``src/a.py``: repository-relative, POSIX separators, symlinks resolved. The file need
not exist (a deleted file can still carry memory); a path outside the repository is refused.
"""

from __future__ import annotations

import os
from pathlib import Path

from kenning.core.errors import InvalidInput


def split_line(text: str) -> tuple[str, str | None]:
    head, sep, tail = text.rpartition(":")
    if sep and head and tail.isdigit():
        return head, tail
    return text, None


MAX_PATH = 1024  # characters: longer than any real repository path, short enough for one git call


def canonical_path(root: Path, raw: str, cwd: Path | None = None) -> str:
    text = raw.strip()
    if not text:
        raise InvalidInput("the path is empty; give a file path inside the repository")
    if len(text) > MAX_PATH:
        raise InvalidInput(f"the path is {len(text):,} characters long (at most {MAX_PATH:,}); give a file path")
    if "\x00" in text or "\n" in text:
        raise InvalidInput(f"{raw[:80]!r} holds a control character no file name has; give a file path")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:  # undecodable bytes from argv: the UTF-8 log cannot hold them
        raise InvalidInput(f"{raw[:80]!r} is not valid UTF-8; kenning keeps paths as UTF-8 text") from err
    expanded = os.path.expanduser(text)  # Path.expanduser raises on an unknown ~user
    if text.startswith("~") and expanded == text:
        raise InvalidInput(f"cannot expand {text.split('/')[0]!r}: no such user's home; give the path itself")
    candidate = Path(expanded)
    if not candidate.is_absolute():
        candidate = (cwd or Path.cwd()) / candidate
    real = os.path.realpath(candidate)
    base = os.path.realpath(root)
    rel = os.path.relpath(real, base) if os.path.splitdrive(real)[0] == os.path.splitdrive(base)[0] else ".."
    if rel == "." or rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
        raise InvalidInput(f"{raw!r} is outside the repository {base}; give a path inside it")
    rel = rel.replace(os.sep, "/")
    if rel == ".git" or rel.startswith(".git/"):
        raise InvalidInput(f"{raw!r} is inside .git; give a path to a project file")
    return rel


def canonical_location(root: Path, raw: str, cwd: Path | None = None) -> str:
    """``PATH[:LINE]`` -> ``repo/relative/path[:LINE]``."""
    path, line = split_line(raw.strip())
    rel = canonical_path(root, path, cwd)
    return f"{rel}:{int(line)}" if line else rel
