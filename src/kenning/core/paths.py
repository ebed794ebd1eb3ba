"""What "a path inside the repository" means: one rule, for every place that meets one.

An event's ``location``, ``paths`` and ``touched``, a path an import brings in, the file an
import statement resolves to, and the repository-relative path a user's typed path comes down
to are all held to it, so a path is never kept by one and refused by another.

The rule, read on the text alone (no file system):

- ``\\`` is a separator, as ``/`` is (a Windows path reads as its POSIX form);
- ``.`` and empty segments fall away, and ``..`` takes back the segment before it, as a shell's
  ``cd`` does: ``src/../lib/a.py`` is ``lib/a.py``;
- refused: empty text, more than ``MAX_PATH`` characters, a control character or an unpaired
  surrogate (no file name has one, and the UTF-8 log cannot hold the second), a leading ``/``
  (absolute, or a ``\\\\server`` share), a Windows drive (``C:/x``, ``C:\\x``, ``C:``), a ``..``
  that climbs above the repository root (``src/../../x``), and a path that comes down to the
  root itself (``.``, ``src/..``).

``repo_path`` gives the normal form writers store; ``path_refusal`` the one line that says why
a path is refused. A line of the log is read when every path on it passes: readers keep what
was written, writers write the normal form.
"""

from __future__ import annotations

import re

from kenning.core.text import lazy_regex

MAX_PATH = 1024  # characters: longer than any real repository path, short enough for one git call

# C0 controls, DEL and lone surrogates: no file name holds them. All three are unprintable, so a
# printable path (nearly all) is passed without the pattern, which costs the gate 0.7 ms to compile
_UNFIT = lazy_regex("[\x00-\x1f\x7f\ud800-\udfff]")
_DRIVE = re.compile(r"[A-Za-z]:(?:[/\\]|$)")
# a path in its normal form, the form kenning writes: segments of anything but / \ and control
# characters, none of them . or .., no drive first; the second of ``_normal_forms`` is a list of them joined by newlines
_SEGMENT = "(?!\\.\\.?(?:/|\n|\\Z))[^/\\\\\x00-\x1f\x7f\ud800-\udfff]+"
_ONE = f"(?![A-Za-z]:(?:/|\n|\\Z)){_SEGMENT}(?:/{_SEGMENT})*"
# compiled on first use (about 4 ms): a reader checking log lines needs them, the warm gate
# reading the index never does
_COMPILED: list[re.Pattern[str]] = []


def _normal_forms() -> list[re.Pattern[str]]:
    """[one path in its normal form, a list of them joined by newlines]."""
    if not _COMPILED:
        _COMPILED.extend((re.compile(_ONE), re.compile(f"{_ONE}(?:\n{_ONE})*")))
    return _COMPILED


def repo_path(text: str) -> str | None:
    """The normal form of ``text`` as a path inside the repository (``./src//a.py`` ->
    ``src/a.py``), or None when the rule refuses it (``path_refusal`` says why)."""
    return _judged(text)[0]


def path_refusal(text: str) -> str | None:
    """Why ``text`` is no path inside the repository, as one line; None when it is one."""
    why = _judged(text)[1]
    return None if why is None else f"{_shown(text)} is not a path inside the repository: {why}"


def is_repo_path(text: str) -> bool:
    """Whether the rule keeps ``text`` (in any form: ``src/../a.py`` is kept as ``a.py``)."""
    return _judged(text)[0] is not None


def names_drive(text: str) -> bool:
    """Whether ``text`` starts with a Windows drive (``C:/x``, ``C:\\x``, ``C:``), which the
    rule refuses wherever it is typed, even where the file system would take it as a folder."""
    return _DRIVE.match(text) is not None


def is_normal(text: str) -> bool:
    """Whether ``text`` passes and is its own normal form (``repo_path(text) == text``), in one
    compiled match: a reader asks it of every path of every event."""
    return len(text) <= MAX_PATH and _normal_forms()[0].fullmatch(text) is not None


def plain(paths: list[str]) -> bool:
    """``is_normal`` of each of ``paths``, found in one match over them all joined (an event can
    carry hundreds); False says only that some need ``repo_path`` one by one."""
    if not paths:
        return True
    joined = "\n".join(paths)
    return ((len(joined) <= MAX_PATH or max(map(len, paths)) <= MAX_PATH) and joined.count("\n") == len(paths) - 1
            and _normal_forms()[1].fullmatch(joined) is not None)


def _judged(text: str) -> tuple[str | None, str | None]:
    """(normal form, None) or (None, why it is refused)."""
    if not text:
        return None, "it is empty"
    if len(text) > MAX_PATH:
        return None, f"it is {len(text):,} characters long (at most {MAX_PATH:,})"
    if not text.isprintable() and _UNFIT.search(text):
        return None, "it holds a control character or invalid UTF-8, which no file name has"
    path = text.replace("\\", "/")
    if path[0] == "/":
        return None, "it is absolute; give it relative to the repository root"
    if _DRIVE.match(path):
        return None, "it names a Windows drive; give it relative to the repository root"
    kept: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if not kept:
                return None, "it climbs above the repository root with .."
            kept.pop()
        elif part and part != ".":
            kept.append(part)
    if not kept:
        return None, "it names the repository root itself, not a file in it"
    return "/".join(kept), None


def _shown(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:79] + "…")
