"""Event text as projections and terminals show it: on one line, so no event can add a heading
or a list, and with control characters made visible, so no event can steer a terminal."""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")
_FLAT = re.compile(r"\S+(?: \S+)*")  # already on one line, single spaces: most summaries


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
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with every control character written out (``\\x1b``), for a terminal: an event
    summary holding ``ESC [2K`` could otherwise erase the gate's BLOCK line on screen. JSON
    output never goes through this; it stays exact."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
