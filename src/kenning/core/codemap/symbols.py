"""The function or class a range of lines lies in, named from the source text alone.

A definition is a line that opens one (``def``, ``class``, ``func``, ``fn``, ``function``, ...,
per language, as ``core.codemap.imports`` knows them), and its body is every line after it
indented deeper, blank lines included: what holds for Python by rule and for formatted code in
the brace languages by habit. A range gets the innermost definition whose body holds all of it;
a range with no such definition gets none rather than a guess.
"""

from __future__ import annotations

import re

from kenning.core.codemap.imports import language

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_NAME = r"([A-Za-z_$][\w$]*)"
_DEFINITIONS = {
    "python": re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{_NAME}"),
    "javascript": re.compile(
        rf"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|interface)\s+{_NAME}"
        rf"|^\s*(?:export\s+)?(?:const|let|var)\s+{_NAME}\s*=\s*(?:async\s+)?(?:function|\([^)]*\)\s*=>|\w+\s*=>)"),
    "go": re.compile(rf"^\s*func\s+(?:\([^)]*\)\s*)?{_NAME}|^\s*type\s+{_NAME}\s+(?:struct|interface)"),
    "rust": re.compile(rf"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:fn|struct|enum|trait|impl|mod)\s+"
                       rf"(?:<[^>]*>\s*)?{_NAME}"),
    "c": re.compile(rf"^(?:[\w*&:<>,]+\s+)+\**{_NAME}\s*\([^;]*$|^\s*(?:class|struct)\s+{_NAME}\s*[:{{]?\s*$"),
}
_FAMILY = {"typescript": "javascript", "cpp": "c"}


def enclosing_symbol(path: str, lines: Sequence[str], start: int, end: int) -> str | None:
    """The name of the innermost definition whose body holds lines ``start``-``end`` (from 1)."""
    kind = language(path) or ""
    pattern = _DEFINITIONS.get(_FAMILY.get(kind, kind))
    if pattern is None or not 1 <= start <= end <= len(lines):
        return None
    for at in range(start - 1, -1, -1):
        match = pattern.match(lines[at])
        if match is None:
            continue
        depth = _indent(lines[at])
        if all(not lines[i].strip() or _indent(lines[i]) > depth or _closes(lines[i], depth)
               for i in range(at + 1, end)):
            return next(name for name in match.groups() if name)
    return None


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _closes(line: str, depth: int) -> bool:
    """The brace that ends the definition, at its own depth, still belongs to it."""
    return _indent(line) == depth and line.strip()[:1] in ")}]"
