"""Which paths git tracks, read from the index file (``.git/index``) without a process: the
gate asks on every call, and its budget of git processes stays whole. Versions 2 to 4 of the
format are read (git's ``index-format.txt``); a form this reader does not know answers None,
never a guess."""

from __future__ import annotations

import bisect
import os

from kenning.core.text import lazy_regex
from kenning.git import common_dir, git_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.git import StrPath


def stamp(gdir: StrPath) -> list[int] | None:
    """The index file's size, mtime and inode: any change of what git tracks (``git add``, a
    commit, a checkout) rewrites the file, so an unchanged stamp means an unchanged answer.
    None when there is no index file yet."""
    try:
        st = os.stat(os.path.join(gdir, "index"))
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def tracked_paths(root: StrPath, paths: list[str]) -> set[str] | None:
    """Which of ``paths`` git tracks (the index lists them, as a file or a folder of files), read
    from the index file, without a process: the gate's budget of git processes stays whole. None
    when the index is in a form this reader does not know (a split index, a future version)."""
    gdir = git_dir(root)
    if gdir is None:
        return None
    try:
        with open(os.path.join(gdir, "index"), "rb") as f:
            data = f.read()
        if _split(gdir):  # a split index keeps most entries in another file
            return None
    except FileNotFoundError:
        return set()  # nothing was ever added
    except OSError:
        return None
    keys = {path: path.encode("utf-8", "surrogateescape") for path in paths}
    version = int.from_bytes(data[4:8], "big") if data[:4] == b"DIRC" else 0
    try:
        if version in (2, 3):
            return {path for path, key in keys.items() if _named(data, key)}
        names = _index_names(data, 32 if _SHA256.search(_config_text(gdir)) else 20) if version == 4 else None
    except (ValueError, IndexError):  # a damaged index: git will say so; we cannot tell
        return None
    if names is None:
        return None
    found = set()
    for path, key in keys.items():
        at = bisect.bisect_left(names, key)  # the index is sorted by name (bytes)
        inside = bisect.bisect_left(names, key + b"/")  # a folder's files follow its name and "/"
        if (at < len(names) and names[at] == key) or (inside < len(names) and names[inside].startswith(key + b"/")):
            found.add(path)
        elif at and names[at - 1].endswith(b"/") and key.startswith(names[at - 1]):
            found.add(path)  # inside a folder a sparse index keeps as one entry
    return found


def _named(data: bytes, key: bytes) -> bool:
    """Whether a version 2 or 3 index has an entry named ``key``, a file in the folder ``key``
    or a (sparse) folder entry holding ``key``. A byte search, each hit confirmed by the name
    length the entry stores just before its name (before the extended flags, when set): a hit
    inside a longer name never counts, and a stray one elsewhere could only hide a typo."""
    parts = key.split(b"/")
    wanted = [key + b"\0", key + b"/"] + [b"/".join(parts[:n]) + b"/\0" for n in range(1, len(parts))]
    for needle in wanted:
        pos = data.find(needle, 12)
        while pos != -1:
            length = data.index(b"\0", pos) - pos
            for at in (pos - 2, pos - 4):  # the flags, or the flags before the extended flags
                flags = int.from_bytes(data[at:at + 2], "big")
                if flags & 0xFFF == min(length, 0xFFF) and (at == pos - 2) != bool(flags & 0x4000):
                    return True
            pos = data.find(needle, pos + 1)
    return False


_SHA256 = lazy_regex(r"(?im)^\s*objectformat\s*=\s*sha256\s*$")


def _split(gdir: str) -> bool:
    """Whether the git dir holds a ``sharedindex.*`` file (names compared as the file system
    compares them); a folder that cannot be listed holds none that we can see."""
    try:
        names = os.listdir(gdir)
    except PermissionError:
        return False
    return any(os.path.normcase(name).startswith("sharedindex.") for name in names)


def _config_text(gdir: str) -> str:
    try:
        with open(os.path.join(common_dir(gdir), "config"), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _index_names(data: bytes, hash_size: int) -> list[bytes] | None:
    """The entry names of an index file (versions 2 to 4, see git's index-format.txt), or None.
    Version 4 compresses names against the previous one, so it is read entry by entry."""
    if data[:4] != b"DIRC" or len(data) < 12:
        return None
    version, count = int.from_bytes(data[4:8], "big"), int.from_bytes(data[8:12], "big")
    if version not in (2, 3, 4):
        return None
    names: list[bytes] = []
    pos, fixed = 12, 40 + hash_size + 2  # stat fields, object name, flags
    for _ in range(count):
        start = pos
        extended = version >= 3 and data[start + fixed - 2] & 0x40
        pos = start + fixed + (2 if extended else 0)
        if version == 4:  # the name is the previous one, cut by N bytes, plus a suffix
            strip, pos = _varint(data, pos)
            end = data.index(b"\0", pos)
            previous = names[-1] if names else b""
            names.append(previous[:len(previous) - strip] + data[pos:end])
            pos = end + 1
        else:  # padded with NULs to a multiple of eight bytes
            end = data.index(b"\0", pos)
            names.append(data[pos:end])
            pos = start + ((end - start + 8) & ~7)
    while pos + 8 <= len(data) - hash_size:  # extensions: a split index keeps entries elsewhere
        if data[pos:pos + 4] == b"link":
            return None
        pos += 8 + int.from_bytes(data[pos + 4:pos + 8], "big")
    return names


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    byte = data[pos]
    value = byte & 0x7F
    while byte & 0x80:
        pos += 1
        byte = data[pos]
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, pos + 1
