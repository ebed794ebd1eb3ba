"""The session-start summary: a bounded, deterministic Markdown projection of the state.

Priority when the budget cuts (DESIGN section 5): open issues with their failed attempts,
standing decisions, lessons, recently done issues, notes, then what git history says (fix
commits, reverts, features that name no issue); key files last (``core.budget``). Key files
are the ones still in the working tree: the caller says which exist, so this stays pure.

Every piece of event text is flattened onto one line, so no event can add a heading, and no
wall-clock date appears anywhere: the same events give the same bytes.
"""

from __future__ import annotations

import re

from kenning.core.budget import Section, render_sections
from kenning.core.fold import ATTEMPTS_SHOWN, ITEM_CHARS, NOTES_SHOWN, State
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from kenning.core.fold import Item

DEFAULT_BUDGET = 6000
HISTORY_TITLE = "From git history"

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


def render(state: State, project: str, purpose: str, budget: int | None = DEFAULT_BUDGET,
           exists: Callable[[str], bool] | None = None) -> str:
    """Render the summary; ``budget=None`` renders everything (``ken summary --full``).
    ``exists`` says whether a cited file is still there (None: take every one as there)."""
    limit = None if budget is None else ITEM_CHARS
    head = [f"# Project memory: {one_line(project)}", "",
            "## Project purpose", _no_heading(one_line(purpose, 600 if budget else None)) or PURPOSE_PLACEHOLDER, ""]
    out = "\n".join(head) + "\n"
    out += render_sections(_sections(state, limit, exists), None if budget is None else budget - len(out))
    return out.rstrip("\n") + "\n"


def _sections(state: State, limit: int | None, exists: Callable[[str], bool] | None) -> list[Section]:
    notes = state.note_items()[:NOTES_SHOWN] if limit is not None else state.note_items()
    history = state.history_items()[:NOTES_SHOWN] if limit is not None else state.history_items()
    files = state.top_files(exists=exists)
    return [
        Section("Open issues", 0.40, (_issue_lines(state, i, limit) for i in state.open_items()),
                 state.open_issues.size(), "ken issues"),
        Section("Standing decisions", 0.25, ([_decision_line(d, limit)] for d in state.standing_decisions()),
                 state.decisions.size(), "ken search --type decision"),
        Section("Lessons", 0.10, ([_plain_line(d, limit)] for d in state.lesson_items()),
                 state.lesson_total(), "ken summary --full"),
        Section("Recently done", 0.15, (_issue_lines(state, i, limit) for i in state.done_items()),
                 state.done_ids.size(), "ken issues --all"),
        Section("Notes", 0.10, ([_plain_line(n, limit)] for n in notes),
                 state.note_count, "ken search --type note"),
        Section(HISTORY_TITLE, 0.10, ([_plain_line(n, limit)] for n in history),
                 state.history_count, "ken summary --full"),
        Section("Key files", 0.10, ([f"- {one_line(p)} ({n})"] for p, n in files), len(files), "ken search --at PATH"),
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
    label = f"[{one_line(item['id'])}] " if item.get("type") == "decision" else loose_label(item)
    return f"- {label}{one_line(item.get('summary', ''), limit)}{_where(item)}"


# a summary opening with one of these words already says what the event is: `fix: fix: …` and
# `attempt: Reverted …` read as stutters
_SAYS_FIX = re.compile(r"(fix|fixes|fixed|bugfix|hotfix)\b", re.IGNORECASE)
_SAYS_REVERT = re.compile(r"(revert|reverts|reverted|rollback|roll back|rolled back)\b", re.IGNORECASE)


def loose_label(item: Item) -> str:
    """What an event that names no issue is, before its summary: nothing for a note or for a
    summary that says it (``fix: …``, ``Fix …``, ``Reverted …``), an attempt's outcome
    (``failed: …``), otherwise its type."""
    kind, text = item.get("type"), str(item.get("summary", "")).lstrip()
    if kind == "note" or (kind == "fix" and _SAYS_FIX.match(text)):
        return ""
    if kind == "attempt":
        outcome = item.get("outcome") or "failed"
        return "" if outcome == "failed" and _SAYS_REVERT.match(text) else f"{one_line(str(outcome))}: "
    return f"{one_line(str(kind))}: "
