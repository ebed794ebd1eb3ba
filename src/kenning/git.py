"""The only module that talks to git.

Cheap facts (where the repository is, what HEAD points at) are read from the ``.git``
directory directly, without a process, because they are needed on every write and every
gate call. Everything else runs ``git`` as a subprocess with a fixed, small number of calls.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

_SHA_RE = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


def find_root(start: Path) -> Path | None:
    """The top of the working tree containing ``start`` (the nearest folder with ``.git``)."""
    current = start.resolve()
    for folder in (current, *current.parents):
        if os.path.exists(folder / ".git"):
            return folder
    return None


def git_dir(root: Path) -> Path | None:
    dot = root / ".git"
    if dot.is_dir():
        return dot
    try:
        text = dot.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if text.startswith("gitdir:"):
        target = Path(text[len("gitdir:"):].strip())
        return target if target.is_absolute() else (root / target).resolve()
    return None


def common_dir(gdir: Path) -> Path:
    """For a linked worktree, the main repository's git dir (where refs and hooks live)."""
    try:
        text = (gdir / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        return gdir
    path = Path(text)
    return path if path.is_absolute() else (gdir / path).resolve()


def head_commit(root: Path) -> str | None:
    """The sha HEAD points at, or None in a repository without commits."""
    gdir = git_dir(root)
    if gdir is None:
        return None
    try:
        head = (gdir / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if _SHA_RE.match(head):
        return head
    if not head.startswith("ref:"):
        return None
    ref = head[4:].strip()
    return _resolve_ref(gdir, ref) or _resolve_ref(common_dir(gdir), ref)


def _resolve_ref(gdir: Path, ref: str) -> str | None:
    try:
        value = (gdir / ref).read_text(encoding="utf-8").strip()
        if _SHA_RE.match(value):
            return value
    except OSError:
        pass
    try:
        packed = (gdir / "packed-refs").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name == ref and _SHA_RE.match(sha):
            return sha
    return None
