"""Event text as projections show it: on one line, so no event can add a heading or a list."""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")


def one_line(text: str, limit: int | None = None) -> str:
    """Flatten text onto one line (newlines become ' / ') and cut it at ``limit`` characters."""
    flat = " / ".join(part for part in (_SPACE.sub(" ", ln).strip() for ln in text.splitlines()) if part)
    if limit is not None and len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return flat
