"""What a bad merge or a cut-off write can leave on one line of the log, read from its text.

A union merge of ``events.jsonl`` is safe by construction (the fold reads a set of events), but
other ways of joining two logs leave shapes that are not events:

- a **conflict marker** (``<<<<<<<``, ``|||||||``, ``=======``, ``>>>>>>>``): a merge without
  ``merge=union``, committed as it stood or resolved by hand;
- a **glued line**, two JSON objects on one line: a log that ended in a cut-off line (no final
  newline), then had another log's lines added by a tool that does not add one (``cat``, ``>>``,
  an older git);
- a **cut-off line**, the start of an object that was never closed: a write killed mid-append
  whose bytes were committed, then merged into the middle of a log.

Only the whole events inside a line are recovered; bytes that never formed an event are never
guessed into one. Pure: the caller reads the line and decides what to do with what is found.
"""

from __future__ import annotations

import json

from kenning.core.events import Event, parse_line

# git writes each marker as seven characters at the start of a line, then a space and a label
# (or nothing, for the separator); ||||||| opens the base section of the diff3 style
MARKERS = ("<<<<<<<", "|||||||", "=======", ">>>>>>>")
# a glued line from a merge holds a few objects; bounding the starts tried keeps a hostile line of
# megabytes of ``{"`` from costing more than a few passes over it
MAX_STARTS = 64

_DECODER = json.JSONDecoder()


def conflict_marker(text: str) -> str | None:
    """The git conflict marker ``text`` is (``<<<<<<<`` …), or None."""
    head = text[:7]
    if head in MARKERS and (len(text) == 7 or text[7] in " \t\r"):
        return head
    return None


# what a line that is not an event is, most specific first
CONFLICT_MARKER, GLUED, CUT_OFF, MALFORMED = "conflict_marker", "glued_line", "cut_off_line", "malformed_line"


def classify(raw: bytes) -> tuple[str, list[tuple[str, Event]]]:
    """What a line that failed to parse as an event is, with the whole events glued inside it
    (only for ``GLUED``)."""
    text = raw.decode("utf-8", "surrogateescape").lstrip("\ufeff")
    if conflict_marker(text):
        return CONFLICT_MARKER, []
    glued = glued_in(raw)
    if glued:
        return GLUED, glued
    return (CUT_OFF if is_cut_off(text) else MALFORMED), []


def glued_in(raw: bytes) -> list[tuple[str, Event]]:
    """``glued_events`` of a raw line, which may hold bytes that are not UTF-8 (a write cut off
    mid-character): only events whose own bytes are UTF-8 are taken."""
    text = raw.decode("utf-8", "surrogateescape").lstrip("\ufeff")
    return [(piece, event) for piece, event in glued_events(text) if _is_utf8(piece)]


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: an undecodable byte of the original line
        return False
    return True


def glued_events(text: str) -> list[tuple[str, Event]]:
    """The whole events on a line that is not one event: each as (its exact text, the event), in
    line order. Empty for a line holding no whole event, and for a line that is one JSON object
    (an event with a bad field is damage of its own: what it nests is not read as events). Every
    object start is tried in order and one that decodes as an event is taken whole, so nothing
    inside it is read again."""
    found: list[tuple[str, Event]] = []
    if _object_end(text, 0) == len(text.rstrip()):
        return found
    start = text.find("{")
    tried = 0
    while start >= 0 and tried < MAX_STARTS:
        tried += 1
        end = _object_end(text, start)
        if end is not None:
            piece = text[start:end]
            try:
                found.append((piece, parse_line(piece)))
            except ValueError:
                end = None
        start = text.find("{", end if end is not None else start + 1)
    return found


def _object_end(text: str, start: int) -> int | None:
    """Where the JSON object starting at ``start`` ends, or None when none does."""
    try:
        value, end = _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        return None
    return end if isinstance(value, dict) else None


def is_cut_off(text: str) -> bool:
    """Whether ``text`` is the start of a JSON object that never closed: bytes of a write that
    was cut off, never an event. Read with strings and escapes respected; a line with an
    object closed and more after it is glued or malformed, not cut off."""
    if not text.startswith("{"):
        return False
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth <= 0:
                return False
    return depth > 0
