"""The exported block: standing decisions, failed approaches and lessons, compiled for agents
that read ``CLAUDE.md``/``AGENTS.md`` but call no tools.

The block sits between its own markers, distinct from the bridge block ``ken init`` writes, so
neither command ever touches the other's text, and nothing outside the markers is changed.
Budgeted like the summary; deterministic, so exporting twice changes nothing.
"""

from __future__ import annotations

from kenning.core.budget import Section, fit
from kenning.core.lessons import line as lesson_line
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.core.fold import Item

BEGIN = "<!-- kenning:export:begin (compiled by `ken export`; edits inside this block are replaced) -->"
END = "<!-- kenning:export:end -->"
ITEM_CHARS = 240
DEFAULT_TOKENS = 1500
TRAILER_ROOM = 160


class Compiled:
    """What the block shows, gathered by the app layer."""

    def __init__(self, project: str) -> None:
        self.project = project
        self.decisions: list[Item] = []
        self.decision_total = 0
        self.failures: list[Item] = []
        self.failure_total = 0
        self.lessons: list[dict[str, Any]] = []


def render(compiled: Compiled, budget: int) -> str:
    """The whole block, markers included, within ``budget`` characters."""
    intro = (f"## Project memory: {one_line(compiled.project, 80)}\n"
             "Compiled from `.kenning/events.jsonl` by `ken export`. Before editing a file, check it "
             "with `ken precheck PATH`; do not repeat an approach listed as failed.\n\n")
    frame = len(BEGIN) + len(END) + 2

    def sections() -> list[Section]:
        return [
            Section("Standing decisions", 0.35, ([_line(d, with_id=True)] for d in compiled.decisions),
                    compiled.decision_total, "ken search --type decision", "###"),
            Section("Failed approaches: do not repeat", 0.40, ([_failure(f)] for f in compiled.failures),
                    compiled.failure_total, "ken search --type attempt", "###"),
            Section("Lessons", 0.25, (["- " + lesson_line(x, ITEM_CHARS + 100)] for x in compiled.lessons),
                    len(compiled.lessons), "ken lessons", "###"),
        ]

    room = budget - frame - len(intro)
    body = fit(sections, room, min(TRAILER_ROOM, max(0, room) // 4))[1].rstrip("\n")
    if not body:
        body = "Nothing recorded yet."
    return f"{BEGIN}\n{intro}{body}\n{END}\n"


def _where(item: Item) -> str:
    return f" ({one_line(item['location'])})" if item.get("location") else ""


def _line(item: Item, with_id: bool = False) -> str:
    ident = f"[{one_line(item['id'])}] " if with_id else ""
    return f"- {ident}{one_line(item.get('summary', ''), ITEM_CHARS)}{_where(item)}"


def _failure(item: Item) -> str:
    issue = f" (#{one_line(item['issue_id'])})" if item.get("issue_id") else ""
    return f"- {item.get('outcome', 'failed')}: {one_line(item.get('summary', ''), ITEM_CHARS)}{_where(item)}{issue}"


def splice(text: str | None, block: str, begin: str = BEGIN, end: str = END) -> str:
    """``text`` with ``block`` in place of the marked block, or appended when there is none.
    ``ValueError`` when the markers are damaged (one without the other, out of order, twice):
    guessing there could eat the user's own text."""
    if not text:
        return block
    first, last = text.find(begin), text.find(end)
    if first < 0 and last < 0:
        return text.rstrip("\n") + "\n\n" + block
    if first < 0 or last < first or text.count(begin) > 1 or text.count(end) > 1:
        raise ValueError("its kenning export markers are damaged (a marker is missing, repeated or out of order)")
    stop = last + len(end)
    if text[stop:stop + 1] == "\n":
        stop += 1
    return text[:first] + block + text[stop:]
