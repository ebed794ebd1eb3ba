"""kenning's text inside a user's file: a block between a begin marker and an end marker.

One rule for every such block (the bridge ``ken init`` writes into CLAUDE.md/AGENTS.md, the
block ``ken export`` compiles): a block is found only when each marker appears once, the begin
before the end; any other arrangement (a marker missing, repeated, or out of order) is damage,
reported as ``ValueError``, because guessing where such a block ends could eat the user's text.
"""

from __future__ import annotations


def span(text: str, begin: str, end: str) -> tuple[int, int] | None:
    """(start, stop) of the block in ``text``, ``stop`` past the end marker and its line break;
    None when neither marker is there. ``begin`` may be the start of the begin line (its tail
    changes between versions)."""
    first, last = text.find(begin), text.find(end)
    if first < 0 and last < 0:
        return None
    if first < 0 or last < first or text.count(begin) > 1 or text.count(end) > 1:
        raise ValueError("its kenning markers are damaged (a marker is missing, repeated or out of order)")
    stop = last + len(end)
    for newline in ("\r\n", "\n"):
        if text.startswith(newline, stop):
            return first, stop + len(newline)
    return first, stop


def replace(text: str | None, block: str, begin: str, end: str) -> str:
    """``text`` with ``block`` in place of the marked block, or appended after a blank line when
    there is none; ``ValueError`` when the markers are damaged."""
    if not text:
        return block
    found = span(text, begin, end)
    if found is None:
        newline = "\r\n" if "\r\n" in text else "\n"
        return text.rstrip("\r\n") + newline + newline + block
    return text[:found[0]] + block + text[found[1]:]
