"""Redaction applied to a whole event: every string it holds, at every depth.

Guarantee: :func:`scrub` returns a copy of an event (or a draft, or a record another tool
wrote) in which every string, whatever field it sits in (known or not, top level or nested in
lists and objects, keys included), has passed through the scrubber it is given. It walks the
value, not a list of field names, so a field added later cannot be forgotten.

One exception, and why: a known field with a closed format (an event id, an issue id, a git
sha, a timestamp, an enum value) whose value matches that format holds no free text, and
scrubbing it could only break it (a sha-256 commit is 64 hex digits, the shape of a hex key).
A value that does *not* match its format is scrubbed like any text, so the message that then
refuses it never repeats a secret.

Never raises for a value nested too deeply to walk: that field becomes ``[REDACTED:error]``
(fail closed, as ``core.secrets.redaction`` does for a field it cannot scrub).

Pure: standard library only.
"""

from __future__ import annotations

import re

from kenning.core.events import FIELDS
from kenning.core.schema import ENUMS, ITEM_PATTERNS, PATH, PATTERNS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from kenning.core.secrets.redaction import Redaction

FAILED = "[REDACTED:error]"
# a path has an open format: it is text, and a secret can sit in it (src/<token>.py, a URL)
_CLOSED = {name: re.compile(pattern) for name, pattern in PATTERNS.items() if pattern != PATH}
_CLOSED_ITEMS = {name: re.compile(pattern) for name, pattern in ITEM_PATTERNS.items() if pattern != PATH}


def is_closed(name: str, value: object) -> bool:
    """True when ``value`` is a well-formed value of ``name``'s closed format (no text in it)."""
    if name in ENUMS:
        return value in ENUMS[name]
    pattern = _CLOSED.get(name)
    return pattern is not None and isinstance(value, str) and pattern.fullmatch(value) is not None


def scrub(data: Mapping[str, Any], redact: Callable[[str], Redaction]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """(a copy of ``data`` with every string scrubbed by ``redact``, the kinds it found)."""
    walk = _Walk(redact)
    out: dict[str, Any] = {}
    for name, value in data.items():
        key = name if name in FIELDS else walk.text(str(name))
        out[_free(out, key)] = value if is_closed(name, value) else walk.field(name, value)
    return out, tuple(sorted(walk.kinds))


class _Walk:
    """One scrub: the scrubber and the kinds it has found so far."""

    def __init__(self, redact: Callable[[str], Redaction]) -> None:
        self.redact = redact
        self.kinds: set[str] = set()
        # an event derived from git names each file in location, paths and touched: scrubbed once
        self.done: dict[str, str] = {}

    def text(self, text: str) -> str:
        if not text:
            return text
        done = self.done.get(text)
        if done is None:
            result = self.redact(text)
            self.kinds.update(result.kinds)
            done = self.done[text] = result.text
        return done

    def field(self, name: str, value: object) -> object:
        items = _CLOSED_ITEMS.get(name)
        try:
            if items is not None and isinstance(value, list):  # reverts: shas stay, anything else is text
                return [v if isinstance(v, str) and items.fullmatch(v) else self.value(v) for v in value]
            return self.value(value)
        except RecursionError:  # nested deeper than Python's stack: lose the field, not the secret
            self.kinds.add("error")
            return FAILED

    def value(self, value: object) -> object:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            out: dict[str, Any] = {}
            for key, inner in value.items():
                out[_free(out, self.text(str(key)))] = self.value(inner)
            return out
        return value  # numbers, booleans, null: no text in them


def _free(taken: Mapping[str, Any], key: str) -> str:
    """``key``, or ``key (2)``, ``key (3)``… when two keys scrub to the same text (two
    different secrets as names): both values are kept."""
    if key not in taken:
        return key
    n = 2
    while f"{key} ({n})" in taken:
        n += 1
    return f"{key} ({n})"
