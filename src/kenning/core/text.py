"""Event text as projections and terminals show it: on one line, so no event can add a heading
or a list, and with control characters made visible, so no event can steer a terminal."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


class _Lazy:
    """A regular expression compiled the first time one of its methods is asked for, then its
    compiled methods set on the instance: a use after the first costs what a compiled one does."""

    def __init__(self, source: str, flags: int) -> None:
        self.pattern, self.flags = source, flags

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self.pattern, self.flags)
        for method in ("match", "fullmatch", "search", "sub", "subn", "split", "finditer", "findall"):
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


def lazy_regex(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled on first use: the gate and the hooks start in a
    new process on every commit and every edit, and a pattern they never use should not cost
    them its compiling (0.05-0.6 ms each; about 20 are declared on their way)."""
    return _Lazy(source, flags)  # type: ignore[return-value]


_SPACE = lazy_regex(r"\s+")
_FLAT = lazy_regex(r"\S+(?: \S+)*")  # already on one line, single spaces: most summaries


def one_line(text: str, limit: int | None = None) -> str:
    """Flatten text onto one line (newlines become ' / ') and cut it at ``limit`` characters."""
    if _FLAT.fullmatch(text):
        flat = text
    else:
        flat = " / ".join(part for part in (_SPACE.sub(" ", ln).strip() for ln in text.splitlines()) if part)
    if limit is not None and len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return flat


# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that can
# make a line read differently from what it holds (Trojan Source)
_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def visible(text: str) -> str:
    """``text`` with every control character written out (``\\x1b``), for a terminal: an event
    summary holding ``ESC [2K`` could otherwise erase the gate's BLOCK line on screen. JSON
    output never goes through this; it stays exact."""
    if text.replace("\n", "").replace("\t", "").isprintable():
        # every character above is unprintable to Python: text that is printable but for its
        # newlines and tabs holds none, and spares the gate compiling the pattern (1 ms)
        return text
    control = re.compile(_CONTROL)
    return control.sub(_escape, text) if control.search(text) else text


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def plural(count: float, noun: str) -> str:
    """``1 commit``, ``2 fixes``, ``0.5 days``: the count and its noun, agreeing. The one place
    a count meets its noun: every view that says "N <event type>" says it through here."""
    shown = str(count) if isinstance(count, int) else f"{count:g}"
    return f"{shown} {noun if count == 1 else plural_of(noun)}"


def plural_of(noun: str) -> str:
    """The plural of a noun, or of a phrase ending in one: ``fix`` -> ``fixes``, ``re-attempt``
    -> ``re-attempts``, ``open issue`` -> ``open issues``, ``memory`` -> ``memories``. English's
    regular rules, which every noun kenning counts (the event types among them) follows."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return noun[:-1] + "ies"
    return noun + "s"


def article(word: str) -> str:
    """``a decision``, ``an issue``, ``an attempt``: the indefinite article the word takes."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def where(item: Mapping[str, Any]) -> str:
    """`` (src/a.py:12)`` after an item's text, on one line; nothing when it names no place."""
    location = item.get("location")
    if not location:
        return ""
    note = item.get("code_note")  # what became of the code it cites (``core.views.coded``)
    return f" ({one_line(str(location))}; {one_line(str(note))})" if note else f" ({one_line(str(location))})"
