"""What a view shows of one memory: never more than a valid write could have made of it.

An event's text is bounded where it is written (a summary at most ``MAX_SUMMARY`` characters,
details ``MAX_DETAILS``), but a log committed by someone else, a lesson in ``KEN_HOME`` and the
team's lessons remote are not written by ``ken``: a 2 MB text there would be printed whole by
every view and sent whole to every agent. Views (``ken show``, ``search``, ``issues``,
``lessons``, their MCP tools, the summary, context and brief) show each text up to the limit a
valid write has, so nothing ``ken`` wrote is ever cut, and say how many characters they left out
and where the whole text is: the exports (``ken export --jsonl``, ``ken lessons export -``) are
data, and stay whole.
"""

from __future__ import annotations

from kenning.core.events import MAX_DETAILS, MAX_SUMMARY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

WHOLE_EVENT = "`ken export --jsonl` has the whole event"
WHOLE_LESSON = "`ken lessons export -` has the whole lesson"
NAME_CHARS = 200  # a project, a library, an issue id, an outcome: names, not texts
LIBRARIES_SHOWN = 20


def cut(text: str, limit: int, whole: str) -> str:
    """``text`` when it holds at most ``limit`` characters; otherwise its start, then how many
    characters were left out and ``whole``, where to read them: ``limit`` characters in all, so
    cutting twice changes nothing."""
    if len(text) <= limit:
        return text
    kept = max(0, limit - len(f"… ({len(text):,} more characters: {whole})"))
    return f"{text[:kept]}… ({len(text) - kept:,} more characters: {whole})"


def event(data: dict[str, Any]) -> dict[str, Any]:
    """An event's fields as a view shows them: the details up to ``MAX_DETAILS`` characters,
    every other text (and every text in a list) up to ``MAX_SUMMARY``."""
    if not _oversized(data, MAX_SUMMARY) and len(str(data.get("details") or "")) <= MAX_DETAILS:
        return data  # every event ken wrote: nothing to copy
    return {key: _bounded(value, MAX_DETAILS if key == "details" else MAX_SUMMARY, WHOLE_EVENT)
            for key, value in data.items()}


def lesson(data: dict[str, Any]) -> dict[str, Any]:
    """A lesson's fields as a view shows them: its text and fix up to ``MAX_SUMMARY`` characters
    (a lesson added by hand can be no longer), names up to ``NAME_CHARS``, the first
    ``LIBRARIES_SHOWN`` libraries."""
    shown = {key: _bounded(value, MAX_SUMMARY if key in ("text", "fix") else NAME_CHARS, WHOLE_LESSON)
             for key, value in data.items()}
    if isinstance(shown.get("libraries"), list):
        shown["libraries"] = shown["libraries"][:LIBRARIES_SHOWN]
    return shown


def _oversized(data: dict[str, Any], limit: int) -> bool:
    texts = (v for k, value in data.items() if k != "details" for v in (value if isinstance(value, list) else [value]))
    return any(isinstance(v, str) and len(v) > limit for v in texts)


def _bounded(value: Any, limit: int, whole: str) -> Any:
    if isinstance(value, str):
        return cut(value, limit, whole)
    if isinstance(value, list):
        return [cut(v, limit, whole) if isinstance(v, str) else v for v in value]
    return value
