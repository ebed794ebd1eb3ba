"""The exported block: standing decisions, failed approaches and lessons, compiled for agents
that read ``CLAUDE.md``/``AGENTS.md`` but call no tools.

The block sits between its own markers, distinct from the bridge block ``ken init`` writes, so
neither command ever touches the other's text, and nothing outside the markers is changed.
Budgeted like the summary. The files are rendered wherever the repository is browsed, so memory
text goes in as text, never markup (``core.views.markdown``). Only this project's own memory
goes in (never lessons from other projects on this machine: the file is tracked), so every clone
exports the same block, and exporting twice changes nothing.
"""

from __future__ import annotations

from kenning.core.defaults import EXPORT_TOKENS
from kenning.core.views import marked
from kenning.core.views.budget import Section, fit
from kenning.core.views.markdown import inline, where

TYPE_CHECKING = False
if TYPE_CHECKING:

    from kenning.core.fold import Item

BEGIN = "<!-- kenning:export:begin (compiled by `ken export`; edits inside this block are replaced) -->"
END = "<!-- kenning:export:end -->"
ITEM_CHARS = 240
DEFAULT_TOKENS = EXPORT_TOKENS
EMPTY = "Nothing recorded yet."
# a new Cursor rule (.cursor/rules/kenning.mdc): always in the agent's context, like CLAUDE.md;
# the front matter is written once and then left to the user, like everything outside the block
CURSOR_FRONT_MATTER = ("---\n"
                       "description: Project memory compiled by kenning (standing decisions, failed approaches, "
                       "lessons)\n"
                       "alwaysApply: true\n"
                       "---\n")


class Compiled:
    """What the block shows, gathered by the app layer."""

    def __init__(self) -> None:
        self.decisions: list[Item] = []
        self.decision_total = 0
        self.failures: list[Item] = []
        self.failure_total = 0
        self.lessons: list[Item] = []  # this project's own: a tracked file gets nothing machine-specific


def render(compiled: Compiled, budget: int) -> str:
    """The whole block, markers included, within ``budget`` characters."""
    intro = ("## Project memory\n"
             "Compiled from `.kenning/events.jsonl` by `ken export`. Before editing a file, check it "
             "with `ken precheck PATH`; do not repeat an approach listed as failed.\n\n")
    if budget < 4 * len(intro):  # a small budget keeps its room for the memory itself
        intro = "## Project memory (`ken export`)\n\n"
    frame = len(BEGIN) + len(END) + 2

    def sections() -> list[Section]:
        return [
            Section("Standing decisions", 0.35, ([_line(d, with_id=True)] for d in compiled.decisions),
                    compiled.decision_total, "ken search --type decision", "###"),
            Section("Failed approaches: do not repeat", 0.40, ([_failure(f)] for f in compiled.failures),
                    compiled.failure_total, "ken search --type attempt", "###"),
            Section("Lessons", 0.25, ([_line(x)] for x in compiled.lessons), len(compiled.lessons),
                    "ken lessons", "###"),
        ]

    room = budget - frame - len(intro)
    body = fit(sections, room)[1].rstrip("\n")
    if not body and room >= len(EMPTY) + 1:
        body = EMPTY
    return f"{BEGIN}\n{intro}{body}\n{END}\n"



def _line(item: Item, with_id: bool = False) -> str:
    ident = f"[{inline(item['id'])}] " if with_id else ""
    return f"- {ident}{inline(item.get('summary', ''), ITEM_CHARS)}{where(item)}"


def _failure(item: Item) -> str:
    issue = f" (#{inline(item['issue_id'])})" if item.get("issue_id") else ""
    text = inline(item.get("summary", ""), ITEM_CHARS)
    return f"- {inline(item.get('outcome', 'failed'))}: {text}{where(item)}{issue}"


def splice(text: str | None, block: str, begin: str = BEGIN, end: str = END) -> str:
    """``text`` with ``block`` in place of the marked block, or appended when there is none;
    ``ValueError`` when the markers are damaged (``core.views.marked``)."""
    return marked.replace(text, block, begin, end)
