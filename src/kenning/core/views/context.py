"""The context block: what an agent should know before working, in one block of a fixed size.

For agents that read a block rather than call tools (``ken context``, MCP ``get_context``).
Priority when the budget cuts: the gate's warnings for the focus paths, open issues with their
failed attempts, standing decisions (those about the focus first), relevant fixes, lessons for
the project's stack, the relevant part of the project map. A section cut short ends with a
count and the command that shows the rest; sections left out whole are named on the last line
(``core.views.budget``). Memory text is text, never markup (``core.views.markdown``); the map's lines are
the map's own Markdown. Never longer than the budget; no wall-clock text, so the same memory (and
the same lessons store) gives the same bytes.
"""

from __future__ import annotations

import re

from kenning.core.fold import ATTEMPTS_SHOWN
from kenning.core.lessons.rules import line as lesson_line
from kenning.core.text import one_line
from kenning.core.views.budget import Section, fit
from kenning.core.views.markdown import inline, literal, where

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.core.fold import Item

ITEM_CHARS = 200
HEAD_SHARE = 4  # the heading lines take at most a quarter of the budget


class Issue:
    """An open issue with its newest failed and partial attempts."""

    def __init__(self, item: Item, attempts: list[Item]) -> None:
        self.item, self.attempts = item, attempts


class Inputs:
    """Everything the block shows, gathered (and ordered focus-first) by the app layer."""

    def __init__(self, project: str, focus: list[str]) -> None:
        self.project = project
        self.focus = focus
        self.setup_mode = False
        self.gate: list[str] = []  # the gate's text on the focus files, line by line
        self.issues: list[Issue] = []
        self.issue_total = 0
        self.decisions: list[Item] = []
        self.decision_total = 0
        self.fixes: list[Item] = []
        self.fix_total = 0
        self.fix_more = "ken issues --all"
        self.lessons: list[dict[str, Any]] = []
        self.lesson_total = 0
        self.map_lines: list[str] = []


def render(inputs: Inputs, budget: int) -> tuple[str, list[dict[str, Any]]]:
    """(the Markdown block, what each section showed and left out) within ``budget`` characters."""
    head = _head(inputs, budget // HEAD_SHARE)
    sections, body = fit(lambda: _sections(inputs), budget - len(head))
    text = head + body
    text = text.rstrip("\n") + "\n"
    if len(text) > budget:  # only a budget too small for even the heading gets here
        text = text[: budget - 1].rstrip() + "\n"
    report = [{"title": s.title, "total": s.total, "shown": s.shown, "more": s.more} for s in sections if s.total]
    return text, report


def _head(inputs: Inputs, room: int) -> str:
    """The title, (in setup mode) what to do first, and the focus, within ``room``."""
    lines = [f"# Context: {inline(inputs.project, 60)}"]
    if inputs.setup_mode:  # before the focus: until the map has a Purpose, this comes first
        lines.append("Setup mode: fill .kenning/PROJECT_MAP.md (Purpose, from the manifests) first.")
    if inputs.focus:
        lines.append("Focus: " + inline(", ".join(inputs.focus), max(20, room // 2)))
    text = ""
    for line in lines:
        if len(text) + len(line) + 2 > room:
            break
        text += line + "\n"
    return text + "\n"


def _sections(inputs: Inputs) -> list[Section]:
    return [
        # the gate on the focus files comes first into the budget: it gets most of it when it needs it
        Section("Before you edit: the gate", 3.0, ([_gate_line(ln)] for ln in inputs.gate), len(inputs.gate),
                "ken precheck " + " ".join(inputs.focus), counted=False),
        Section("Open issues", 0.22, (_issue_lines(i) for i in inputs.issues), inputs.issue_total, "ken issues"),
        Section("Standing decisions", 0.15, ([_item_line(d, with_id=True)] for d in inputs.decisions),
                inputs.decision_total, "ken search --type decision"),
        Section("Relevant fixes", 0.08, ([_item_line(f)] for f in inputs.fixes), inputs.fix_total, inputs.fix_more),
        Section("Lessons for this stack", 0.10, ([_lesson(x)] for x in inputs.lessons), inputs.lesson_total,
                "ken lessons"),
        Section("Project map", 0.10, ([ln] for ln in inputs.map_lines), len(inputs.map_lines),
                "cat .kenning/PROJECT_MAP.md"),
    ]



def _issue_lines(issue: Issue) -> list[str]:
    item = issue.item
    lines = [f"- #{inline(item['issue_id'])} {inline(item.get('summary', ''), ITEM_CHARS)}{where(item)}"]
    for attempt in issue.attempts[:ATTEMPTS_SHOWN]:  # the state keeps more, for the summary
        lines.append(f"  - {inline(attempt.get('outcome', 'failed'))}: {inline(attempt.get('summary', ''), ITEM_CHARS)}"
                     f"{where(attempt)}")
    return lines


def _item_line(item: Item, with_id: bool = False) -> str:
    ident = f"[{inline(item['id'])}] " if with_id else ""
    issue = f"#{inline(item['issue_id'])} " if item.get("issue_id") and not with_id else ""
    return f"- {ident}{issue}{inline(item.get('summary', ''), ITEM_CHARS)}{where(item)}"


def _lesson(lesson: dict[str, Any]) -> str:
    """The lesson's line as ``ken lessons`` prints it, escaped whole: it renders as that line."""
    return "- " + literal(lesson_line(lesson, ITEM_CHARS + 100))


def _gate_line(line: str) -> str:
    """A line of the gate's text (it quotes memories), escaped, its evidence kept indented."""
    return ("  " if line.startswith(" ") else "") + literal(line)


# -- the relevant part of the project map ---------------------------------------------------------

def map_part(project_map: str, focus: list[str]) -> list[str]:
    """The map's lines that matter for ``focus``: its Purpose, then every line naming a focus
    file, its name or its folder. Without focus, the whole map (the budget cuts it)."""
    text = re.sub(r"<!--.*?-->", "", project_map, flags=re.S)
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    if not focus:
        return [_map_line(ln) for ln in lines if not ln.startswith("# ")]
    needles = set()
    for path in focus:
        needles.add(path)
        needles.add(path.rsplit("/", 1)[-1])
        if "/" in path:
            needles.add(path.rsplit("/", 1)[0] + "/")
    # a needle counts as a whole name: "src/" names the folder in "`src/`", not in "src/cart.py"
    pattern = re.compile("|".join(rf"(?<![\w.-]){re.escape(n)}(?![\w.-])" for n in sorted(needles)))
    chosen, in_purpose = [], False
    for ln in lines:
        if ln.startswith("#"):
            in_purpose = ln.lstrip("#").strip().lower() == "purpose"
            continue
        if in_purpose or pattern.search(ln):
            chosen.append(_map_line(ln))
    return chosen


def _map_line(line: str) -> str:
    """A map line as one list entry: headings become bold, so no map line adds a heading."""
    if line.startswith("#"):
        return "**" + one_line(line.lstrip("#").strip(), ITEM_CHARS) + "**"
    return one_line(line, ITEM_CHARS)
