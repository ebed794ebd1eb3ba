"""The session-start summary: a bounded, deterministic Markdown projection of the state.

Priority when the budget cuts (DESIGN section 5): open issues with their failed attempts,
standing decisions, lessons, recently done issues, notes; key files last. Each section gets a
share of what is left when its turn comes, so an unused share flows on to the next sections.
A section that had to stop early ends with a count and the command that shows the rest.

Every piece of event text is flattened onto one line, so no event can add a heading, and no
wall-clock date appears anywhere: the same events give the same bytes.
"""

from __future__ import annotations

import re

from kenning.core.fold import ATTEMPTS_SHOWN, ITEM_CHARS, NOTES_SHOWN, State
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from kenning.core.fold import Item

DEFAULT_BUDGET = 6000

PURPOSE_PLACEHOLDER = "(not written yet: describe the project in the Purpose section of .kenning/PROJECT_MAP.md)"


def purpose_from_map(project_map: str) -> str:
    """The text under the ``## Purpose`` heading of PROJECT_MAP.md, without HTML comments."""
    lines = re.sub(r"<!--.*?-->", "", project_map, flags=re.S).splitlines()
    body: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("#"):
            if inside:
                break
            inside = line.lstrip("#").strip().lower() == "purpose"
            continue
        if inside:
            body.append(line)
    return "\n".join(body).strip()


def _no_heading(text: str) -> str:
    """Text at the start of a line that would read as a Markdown heading gets a backslash."""
    return "\\" + text if text.startswith("#") else text


class _Section:
    def __init__(self, title: str, share: float, lines: Iterable[list[str]], total: int, more: str) -> None:
        self.title, self.share, self.entries, self.total, self.more = title, share, lines, total, more


def render(state: State, project: str, purpose: str, budget: int | None = DEFAULT_BUDGET) -> str:
    """Render the summary; ``budget=None`` renders everything (``ken summary --full``)."""
    limit = None if budget is None else ITEM_CHARS
    head = [f"# Project memory: {one_line(project)}", "",
            "## Project purpose", _no_heading(one_line(purpose, 600 if budget else None)) or PURPOSE_PLACEHOLDER, ""]
    out = "\n".join(head) + "\n"
    sections = _sections(state, limit)
    remaining = None if budget is None else budget - len(out)
    for index, section in enumerate(sections):
        if remaining is None:
            out += _render_section(section, None)
            continue
        shares = sum(s.share for s in sections[index:])
        allowance = int(remaining * section.share / shares) if shares else remaining
        text = _render_section(section, allowance)
        out += text
        remaining -= len(text)
    return out.rstrip("\n") + "\n"


def _render_section(section: _Section, allowance: int | None) -> str:
    if section.total == 0:
        return ""
    title = f"## {section.title} ({section.total})\n"
    text = title
    shown = 0
    for entry in section.entries:
        block = "".join(line + "\n" for line in entry)
        left = section.total - shown - 1
        reserve = len(_more_line(left, section.more)) if left > 0 else 0
        if allowance is not None and len(text) + len(block) + reserve + 1 > allowance:
            break
        text += block
        shown += 1
    if shown == 0 and allowance is not None and (
            len(title) + len(_more_line(section.total, section.more)) + 1 > allowance):
        return ""  # not even the heading and its count fit: the section is left out
    if shown < section.total:
        text += _more_line(section.total - shown, section.more)
    return text + "\n"


def _more_line(count: int, command: str) -> str:
    return f"- … {count} more: `{command}`\n"


def _sections(state: State, limit: int | None) -> list[_Section]:
    notes = state.note_items()[:NOTES_SHOWN] if limit is not None else state.note_items()
    return [
        _Section("Open issues", 0.40, (_issue_lines(state, i, limit) for i in state.open_items()),
                 state.open_issues.size(), "ken issues"),
        _Section("Standing decisions", 0.25, ([_decision_line(d, limit)] for d in state.standing_decisions()),
                 state.decisions.size(), "ken search --type decision"),
        _Section("Lessons", 0.10, ([_plain_line(d, limit)] for d in state.lesson_items()),
                 state.lesson_total(), "ken summary --full"),
        _Section("Recently done", 0.15, (_issue_lines(state, i, limit) for i in state.done_items()),
                 state.done_ids.size(), "ken issues --all"),
        _Section("Notes", 0.10, ([_plain_line(n, limit)] for n in notes),
                 state.note_count, "ken search --type note"),
        _Section("Key files", 0.10, ([f"- {one_line(p)} ({n})"] for p, n in state.top_files()),
                 min(state.key_files.size(), 20), "ken search --at PATH"),
    ]


def _where(item: Item) -> str:
    return f" ({one_line(item['location'])})" if item.get("location") else ""


def _issue_lines(state: State, issue: Item, limit: int | None) -> list[str]:
    iid = issue["issue_id"]
    lines = [f"- #{one_line(iid)} {one_line(issue.get('summary', ''), limit)}{_where(issue)}"]
    fix = state.fixes.get(iid) if state.done_ids.get(iid) else None
    if fix is not None:
        lines.append(f"  - fixed: {one_line(fix.get('summary', ''), limit)}")
    attempts = state.attempts.get(iid) or []
    for attempt in attempts[:ATTEMPTS_SHOWN] if limit is not None else attempts:
        lines.append(f"  - {attempt.get('outcome', 'failed')}: {one_line(attempt.get('summary', ''), limit)}")
    return lines


def _decision_line(item: Item, limit: int | None) -> str:
    return f"- [{one_line(item['id'])}] {one_line(item.get('summary', ''), limit)}{_where(item)}"


def _plain_line(item: Item, limit: int | None) -> str:
    label = "" if item.get("type") == "note" else f"{one_line(str(item.get('type')))}: "
    if item.get("type") == "decision":
        label = f"[{one_line(item['id'])}] "
    return f"- {label}{one_line(item.get('summary', ''), limit)}{_where(item)}"
