"""Turning whatever path a user typed into the one key memory is filed under.

``src/a.py``, ``./src/a.py``, ``/abs/repo/src/a.py`` and ``a.py`` typed inside ``src/`` all
become ``src/a.py``: repository-relative, POSIX separators, symlinks resolved. The file need
not exist (a deleted file can still carry memory); a path outside the repository is refused.
"""

from __future__ import annotations

import os
import re

from kenning.core.errors import InvalidInput
from kenning.core.paths import MAX_PATH, names_drive, path_refusal, repo_path
from kenning.core.text import lazy_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike

    StrPath = str | PathLike[str]  # a folder as callers hold it: str on the gate's way

# a line reference that went wrong starts like a number: `:-5`, `:+3`, `:12a`, `:10-20`, `:4.2`
_NUMBERISH = lazy_regex(r"[+-]?[0-9]")


def split_location(text: str, cwd: StrPath | None = None) -> tuple[str, int | None]:
    """``PATH``, ``PATH:LINE`` or ``PATH:START-END`` -> (the path, the first line or None)."""
    path, start, _ = split_range(text, cwd)
    return path, start


def split_range(text: str, cwd: StrPath | None = None) -> tuple[str, int | None, int | None]:
    """``PATH``, ``PATH:LINE`` or ``PATH:START-END``, where lines are whole numbers from 1 and
    END is not before START -> (path, start, end); a single line is START = END. A name may hold ``:``
    itself (``a:b.py``), so what follows the last ``:`` is read as a line only when it is one;
    otherwise the disk decides: an existing file named ``text`` is a path, while ``app.py:abc``
    (``app.py`` exists, or the tail has no dot after a file name with one) or ``app.py:-5`` is a
    line typed wrong, refused rather than remembered as a file that never was."""
    head, sep, tail = text.rpartition(":")
    if not sep or not head or _exists(text, cwd):
        return text, None, None
    span = re.fullmatch(r"([0-9]+)-([0-9]+)", tail)
    if span:
        start, end = int(span.group(1)), int(span.group(2))
        if start < 1 or end < start:
            raise InvalidInput(f"{text[:80]!r}: give PATH:LINE, or PATH:START-END with 1 <= START <= END "
                               f"({head[:60]}:40-52)")
        return head, start, end
    if re.fullmatch(r"[0-9]+", tail):  # ASCII digits only: int() would also take "١٢" or fail on "²"
        if int(tail) < 1:
            raise InvalidInput(f"{text[:80]!r}: lines are counted from 1; give PATH:LINE with LINE at least 1, "
                               "or PATH alone")
        if re.search(r":[0-9]+$", head) and not _exists(head, cwd):
            raise InvalidInput(f"{text[:80]!r}: give one line number, PATH:LINE ({head[:80]}), not LINE:COLUMN")
        return head, int(tail), int(tail)
    name = head.replace("\\", "/").rsplit("/", 1)[-1]
    if (not tail.strip() or _NUMBERISH.match(tail) or os.path.isfile(_anchored(head, cwd))
            or ("." in name.lstrip(".") and not re.search(r"[./\\]", tail))):
        raise InvalidInput(f"{text[:80]!r}: {tail[:40]!r} is not a line number; give PATH, PATH:LINE or PATH:START-END "
                           f"with lines whole numbers from 1 ({head[:60]}:42)")
    return text, None, None


def _anchored(text: str, cwd: StrPath | None) -> str:
    expanded = os.path.expanduser(text)
    return expanded if os.path.isabs(expanded) else os.path.join(cwd or os.getcwd(), expanded)


def _exists(text: str, cwd: StrPath | None) -> bool:
    try:
        return os.path.lexists(_anchored(text, cwd))
    except (OSError, ValueError):  # a name the file system cannot hold exists nowhere
        return False


def canonical_path(root: StrPath, raw: str, cwd: StrPath | None = None) -> str:
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
    if names_drive(text):
        raise InvalidInput(str(path_refusal(text)))
    expanded = os.path.expanduser(text)  # Path.expanduser raises on an unknown ~user
    if text.startswith("~") and expanded == text:
        raise InvalidInput(f"cannot expand {text.split('/')[0]!r}: no such user's home; give the path itself")
    # joined as pathlib joins: an absolute path stands alone (on Windows ``\\x`` takes cwd's drive)
    candidate = os.path.join(cwd or os.getcwd(), expanded)
    real = os.path.realpath(candidate)
    base = _resolved(str(root))
    rel = os.path.relpath(real, base) if os.path.splitdrive(real)[0] == os.path.splitdrive(base)[0] else ".."
    if _outside(rel):
        # typed relative and climbing out by its own ..: refused in the words every reader and
        # importer uses for that path; otherwise (absolute, a link) by where it leads
        lexical = os.path.relpath(os.path.normpath(candidate), base) if not os.path.isabs(expanded) else ""
        raise InvalidInput((_outside(lexical) and path_refusal(text))
                           or f"{raw!r} is outside the repository {base}; give a path inside it")
    if _RESOLVED[str(root)][1]:
        rel = on_disk_case(base, rel)
    normal = repo_path(rel.replace(os.sep, "/"))
    if normal is None:
        raise InvalidInput(str(path_refusal(rel.replace(os.sep, "/"))))
    if normal == ".git" or normal.startswith(".git/"):
        raise InvalidInput(f"{raw!r} is inside .git; give a path to a project file")
    return normal


def _outside(rel: str) -> bool:
    return rel in (".", "..") or rel.startswith(".." + os.sep) or os.path.isabs(rel)


_RESOLVED: dict[str, tuple[str, bool]] = {}  # repository root -> (its real path, on a case-insensitive file system)


def _resolved(root: str) -> str:
    """The repository's real path, worked out once per process: a gate on twenty files, or a
    server answering for hours, resolves the same root again and again."""
    known = _RESOLVED.get(root)
    if known is None:
        base = os.path.realpath(root)
        known = _RESOLVED[root] = (base, _case_insensitive(base))
    return known[0]


def _case_insensitive(base: str) -> bool:
    """Whether the repository sits on a file system that ignores case (macOS, Windows): then
    ``.GIT`` names the ``.git`` folder too. One stat; elsewhere nothing more is paid."""
    return os.path.exists(os.path.join(base, ".GIT"))


def on_disk_case(base: str, rel: str) -> str:
    """``rel`` spelled as the folder listings spell it, so ``SRC/a.py`` and ``src/a.py`` are one
    memory where the file system takes both for one file. A component that is not on disk
    (a deleted file) or matches several entries is kept as typed."""
    parts = rel.split(os.sep)
    folder = base
    for i, part in enumerate(parts):
        try:
            names = os.listdir(folder)
        except OSError:
            break
        if part not in names:
            matches = [name for name in names if name.casefold() == part.casefold()]
            if len(matches) != 1:
                break
            parts[i] = matches[0]
        folder = os.path.join(folder, parts[i])
    return os.sep.join(parts)


def canonical_location(root: StrPath, raw: str, cwd: StrPath | None = None) -> str:
    """``PATH[:LINE]`` or ``PATH:START-END`` -> ``repo/relative/path[:LINE]``: a range is kept
    by its first line (the range itself goes into the event's citation, ``canonical_range``), so
    every reader of ``location`` reads it as it always has."""
    rel, line, _ = canonical_range(root, raw, cwd)
    return f"{rel}:{line}" if line else rel


def canonical_range(root: StrPath, raw: str, cwd: StrPath | None = None) -> tuple[str, int | None, int | None]:
    """``PATH[:START[-END]]`` -> (repository path, first line, last line)."""
    path, start, end = split_range(raw.strip(), cwd)
    return canonical_path(root, path, cwd), start, end
