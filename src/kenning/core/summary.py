"""The session-start summary: a bounded, deterministic Markdown projection of the state.

Priority when the budget cuts (docs/views.md): open issues with their failed attempts,
standing decisions, lessons, lessons from other projects, recently done issues, notes, then
what git history says (fix commits, reverts, features that name no issue); key files last
(``core.budget``). Key files are the ones still in the working tree, and the lessons from other
projects are the machine-wide store's lessons for the declared stack: the caller gathers both,
so this stays pure.

Every piece of event text is flattened onto one line and escaped (``core.markdown``), so no
event can add a heading, a link or markup, and no wall-clock date appears anywhere: the same
events give the same bytes.
"""

from __future__ import annotations

import re
from itertools import chain

from kenning.core.budget import Section, render_sections
from kenning.core.events import MAX_SUMMARY
from kenning.core.fold import ATTEMPTS_SHOWN, ITEM_CHARS, NOTES_SHOWN, State
from kenning.core.markdown import inline, literal, where
from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from kenning.core.fold import Item

DEFAULT_BUDGET = 6000
HISTORY_TITLE = "From git history"
OTHERS_TITLE = "Lessons from other projects"

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


def render(state: State, project: str, purpose: str, budget: int | None = DEFAULT_BUDGET,
           exists: Callable[[str], bool] | None = None, others: Sequence[dict[str, Any]] = (),
           others_total: int | None = None, own: Sequence[dict[str, Any]] = ()) -> str:
    """Render the summary; ``budget=None`` renders everything (``ken summary --full``).
    ``exists`` says whether a cited file is still there (None: take every one as there).
    ``others`` are lessons other projects learned about this project's stack (as
    ``ken lessons --json`` shows them, newest first), the first of ``others_total``; ``own``
    the store's lessons added by hand in this project, listed with its marked lessons."""
    limit = None if budget is None else ITEM_CHARS
    head = [f"# Project memory: {inline(project)}", "",
            "## Project purpose", inline(purpose, 600 if budget else None) or PURPOSE_PLACEHOLDER, ""]
    out = "\n".join(head) + "\n"
    total = len(others) if others_total is None else max(others_total, len(others))
    elsewhere = Section(OTHERS_TITLE, 0.10, ([_other_line(x, limit)] for x in others), total, "ken lessons")
    # an empty section's share would only shrink the others' (a young project's few sections
    # would leave most of the budget unused): the shares are split among sections with entries
    sections = [s for s in _sections(state, limit, exists, elsewhere, own) if s.total]
    out += render_sections(sections, None if budget is None else budget - len(out))
    return out.rstrip("\n") + "\n"


def _sections(state: State, limit: int | None, exists: Callable[[str], bool] | None,
              elsewhere: Section, own: Sequence[dict[str, Any]] = ()) -> list[Section]:
    notes = state.note_items()[:NOTES_SHOWN] if limit is not None else state.note_items()
    history = state.history_items()[:NOTES_SHOWN] if limit is not None else state.history_items()
    files = state.top_files(exists=exists)
    return [
        Section("Open issues", 0.40, (_issue_lines(state, i, limit) for i in state.open_items()),
                 state.open_issues.size(), "ken issues"),
        Section("Standing decisions", 0.25, ([_decision_line(d, limit)] for d in state.standing_decisions()),
                 state.decisions.size(), "ken search --type decision"),
        Section("Lessons", 0.10, chain(([_plain_line(d, limit)] for d in state.lesson_items()),
                                       ([_other_line(x, limit)] for x in own)),
                 state.lesson_total() + len(own), "ken summary --full"),
        elsewhere,
        Section("Recently done", 0.15, (_issue_lines(state, i, limit) for i in state.done_items()),
                 state.done_ids.size(), "ken issues --all"),
        Section("Notes", 0.10, ([_plain_line(n, limit)] for n in notes),
                 state.note_count, "ken search --type note"),
        Section(HISTORY_TITLE, 0.10, ([_plain_line(n, limit)] for n in history),
                 state.history_count, "ken summary --full"),
        Section("Key files", 0.10, ([f"- {inline(p)} ({n})"] for p, n in files), len(files), "ken search --at PATH"),
    ]



def _issue_lines(state: State, issue: Item, limit: int | None) -> list[str]:
    iid = issue["issue_id"]
    lines = [f"- #{inline(iid)} {inline(issue.get('summary', ''), _most(limit))}{where(issue)}"]
    fix = state.fixes.get(iid) if state.done_ids.get(iid) else None
    if fix is not None:
        lines.append(f"  - fixed: {inline(fix.get('summary', ''), _most(limit))}")
    attempts = state.attempts.get(iid) or []
    for attempt in attempts[:ATTEMPTS_SHOWN] if limit is not None else attempts:
        text = inline(attempt.get("summary", ""), _most(limit))
        lines.append(f"  - {inline(attempt.get('outcome', 'failed'))}: {text}")
    return lines


def _most(limit: int | None) -> int:
    """What a line shows of one text: ``--full`` (no limit) shows up to the most a valid write
    holds, since a log committed elsewhere may hold more."""
    return MAX_SUMMARY if limit is None else limit


def _decision_line(item: Item, limit: int | None) -> str:
    return f"- [{inline(item['id'])}] {inline(item.get('summary', ''), _most(limit))}{where(item)}"


def _other_line(lesson: dict[str, Any], limit: int | None) -> str:
    """``- [library] failed: what was tried (from project #issue; fixed by: …)``. Only the texts
    are cut: the origin always shows, so no one takes another project's lesson for this one's."""
    library = f"[{inline(lesson['library'])}] " if lesson.get("library") else ""
    outcome = f"{inline(lesson['outcome'])}: " if lesson.get("outcome") else ""
    where = inline(lesson.get("project") or "another project", 60)
    if lesson.get("issue_id"):
        where += f" #{inline(lesson['issue_id'])}"
    # shorter than an event's text: the origin and the fix share the line, and the section's share is small
    text = inline(lesson.get("text", ""), MAX_SUMMARY if limit is None else limit * 2 // 3)
    fix = lesson.get("fix")
    fixed = f"; fixed by: {inline(fix, MAX_SUMMARY if limit is None else limit // 3)}" if fix else ""
    return f"- {library}{outcome}{text} (from {where}{fixed})"


def _plain_line(item: Item, limit: int | None) -> str:
    label = f"[{inline(item['id'])}] " if item.get("type") == "decision" else literal(loose_label(item)) + " "
    return f"- {label.lstrip()}{inline(item.get('summary', ''), _most(limit))}{where(item)}"


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
