"""The session-start summary: a bounded, deterministic Markdown projection of the state.

Ranked by what an agent must not repeat (docs/views.md): the failed and partial attempts on
open issues and those that name no issue (reverts derived from git among them) come first, the
newest month first and, within a month, those on the most cited files first; then open issues,
the standing decisions that contradict each other (on the same code, neither superseded: one
line per group), standing decisions, lessons, lessons from other projects, recently done issues, notes, then
what git history says (fix commits, features that name no issue); key files last. The budget is
spent before anything is cut, and every list that is cut says how many it did not show
(``core.views.budget``). Key files are the ones still in the working tree, and the lessons from other
projects are the machine-wide store's lessons for the declared stack: the caller gathers both,
so this stays pure.

Every piece of event text is flattened onto one line and escaped (``core.views.markdown``), so no
event can add a heading, a link or markup, and no wall-clock date appears anywhere: the same
events give the same bytes.
"""

from __future__ import annotations

import re
from itertools import chain, islice

from kenning.core.duplicates import contradictions
from kenning.core.events import MAX_SUMMARY, location_path, parse_timestamp
from kenning.core.fold import ATTEMPTS_SHOWN, ITEM_CHARS, TOP_KEPT, State, key
from kenning.core.text import one_line
from kenning.core.views.budget import Section, render_sections
from kenning.core.views.markdown import inline, literal, where

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
    from typing import Any

    from kenning.core.duplicates import Conflict
    from kenning.core.fold import Item

    Coder = Callable[[Iterable[Item]], Iterable[Item]]

DEFAULT_BUDGET = 6000
FAILURES_TITLE = "Failed attempts and reverts"
HISTORY_TITLE = "From git history"
# failures are ranked newest month first: the gate's default look-back for failed attempts and
# reverts, counted back from the newest failure (not the clock), so the same events give the
# same order whenever the summary is rendered
RECENT_US = 30 * 86_400 * 1_000_000
OTHERS_TITLE = "Lessons from other projects"
CONFLICTS_TITLE = "Contradicting decisions"

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
           others_total: int | None = None, own: Sequence[dict[str, Any]] = (),
           forgotten: Collection[str] = frozenset(), codes: Mapping[str, Mapping[str, Any]] | None = None,
           now: int = 0) -> str:
    """Render the summary; ``budget=None`` renders everything (``ken summary --full``).
    ``exists`` says whether a cited file is still there (None: take every one as there).
    ``others`` are lessons other projects learned about this project's stack (as
    ``ken lessons --json`` shows them, newest first), the first of ``others_total``; ``own``
    the store's lessons added by hand in this project, listed with its marked lessons; ``forgotten``
    the lessons ``ken lessons forget`` hid, left out here as everywhere. ``codes`` are the
    statuses of the cited code of the memories that cite some (``{id: status}``, as ``ken verify
    --json`` gives them; ``cited_ids`` names them), said at the clock ``now``: within each section
    verified memories come first and those whose code is gone last, marked (``core.views.coded``)."""
    limit = None if budget is None else ITEM_CHARS
    head = [f"# Project memory: {inline(project)}", "",
            "## Project purpose", inline(purpose, 600 if budget else None) or PURPOSE_PLACEHOLDER, ""]
    out = "\n".join(head) + "\n"
    total = len(others) if others_total is None else max(others_total, len(others))
    elsewhere = Section(OTHERS_TITLE, 0.10, ([_other_line(x, limit)] for x in others), total, "ken lessons")
    # an empty section's share would only shrink the others' (a young project's few sections
    # would leave most of the budget unused): the shares are split among sections with entries
    coder = _coder(codes, now, budget is not None)
    sections = [s for s in _sections(state, limit, exists, elsewhere, own, forgotten, coder) if s.total]
    out += render_sections(sections, None if budget is None else budget - len(out), refill=True)
    return out.rstrip("\n") + "\n"


def _sections(state: State, limit: int | None, exists: Callable[[str], bool] | None,
              elsewhere: Section, own: Sequence[dict[str, Any]] = (),
              forgotten: Collection[str] = frozenset(), coded: Coder | None = None) -> list[Section]:
    mark: Coder = coded or _as_they_are
    # loose failures are kept with the notes or the history too (the brief reads them there):
    # here they are shown once, among the failures
    notes = mark(n for n in state.note_items() if n.get("type") != "attempt")
    history = mark(n for n in state.history_items() if n.get("type") != "attempt")
    found, failure_total = _failures(state)
    failures = mark(found)
    marked = mark(d for d in state.lesson_items() if d["id"] not in forgotten)
    hidden = sum(1 for d in state.lesson_items() if d["id"] in forgotten)
    files = state.top_files(exists=exists)
    conflicts = _conflicts(state)
    return [
        Section(FAILURES_TITLE, 0.40, ([_failure_line(f, limit)] for f in failures), failure_total,
                "ken search --type attempt"),
        Section("Open issues", 0.20, (_issue_lines(state, i, limit, open_issue=True) for i in mark(state.open_items())),
                state.open_issues.size(), "ken issues"),
        Section(CONFLICTS_TITLE, 0.05, ([f"- {inline(c.line())}"] for c in conflicts), len(conflicts), "ken doctor"),
        Section("Standing decisions", 0.20, ([_decision_line(d, limit)] for d in mark(state.standing_decisions())),
                state.decisions.size(), "ken search --type decision"),
        Section("Lessons", 0.10, chain(([_plain_line(d, limit)] for d in marked),
                                       ([_other_line(x, limit)] for x in own)),
                state.lesson_total() - hidden + len(own), "ken summary --full"),
        elsewhere,
        Section("Recently done", 0.10, (_issue_lines(state, i, limit) for i in mark(state.done_items())),
                state.done_ids.size(), "ken issues --all"),
        Section("Notes", 0.10, ([_plain_line(n, limit)] for n in notes),
                state.note_count - (state.failure_count - state.failures_from_git), "ken search --type note"),
        Section(HISTORY_TITLE, 0.10, ([_plain_line(n, limit)] for n in history),
                state.history_count - state.failures_from_git, "ken summary --full"),
        Section("Key files", 0.10, ([f"- {inline(p)} ({n})"] for p, n in files), len(files), "ken search --at PATH"),
    ]


def _as_they_are(items: Iterable[Item]) -> Iterable[Item]:
    return items


def _coder(codes: Mapping[str, Mapping[str, Any]] | None, now: int, bounded: bool) -> Coder | None:
    """What puts a section's items in the order their cited code says and adds its words; None
    when no memory shown cites code (nothing new is imported then: the hot path stays as it was).
    Within a budget a section reads at most ``TOP_KEPT`` items, more than a budget can show, so a
    long table is never read whole to be ordered."""
    if not codes:
        return None
    from kenning.core.views import coded

    return lambda items: coded.annotated(islice(items, TOP_KEPT) if bounded else items,  # type: ignore[arg-type, return-value]
                                         codes, now)


def cited_ids(state: State) -> list[str]:
    """The ids of the memories the summary may show that cite code: the ones whose cited code
    its caller follows (at most ``TOP_KEPT`` of each list, as many as a section reads)."""
    lists = (state.note_items(), state.history_items(), state.failure_items(), state.lesson_items(),
             state.open_items(), state.standing_decisions(), state.done_items(),
             (a for i in islice(state.open_items(), TOP_KEPT)
              for a in state.attempts.get(str(i.get("issue_id"))) or []))
    items = chain.from_iterable(islice(found, TOP_KEPT) if state.bounded else found for found in lists)
    return sorted({str(item["id"]) for item in items if item.get("cited") and item.get("id")})


def _conflicts(state: State) -> list[Conflict]:
    """Standing decisions (lessons among them) that stand on the same code with no supersession
    between them (``core.duplicates``): among the newest ``TOP_KEPT`` of each table, so a render
    after every write reads a bounded number of rows."""
    return contradictions(chain(islice(state.standing_decisions(), TOP_KEPT),
                                islice((d for _, d in state.decided_lessons.by_rank()), TOP_KEPT)))


def _failures(state: State) -> tuple[list[Item], int]:
    """The failed and partial attempts on open issues and those that name no issue, in the order
    they are shown, and how many there are (kept or not): the newest month first (``RECENT_US``
    back from the newest), within a month those on the files the memory cites most, then the
    newest first."""
    found = list(state.failure_items())
    total = state.failure_count
    open_ids = [issue["issue_id"] for issue in state.open_items()]
    kept, counts = state.tried_on(open_ids)  # at once: one read each, not one per open issue
    for iid in open_ids:
        found += kept.get(iid) or []
        total += sum((counts.get(iid) or {}).values())
    if not found:
        return [], total
    times = {id(item): _micros(item) for item in found}  # each read once: thousands on a busy log
    newest = max(times.values())
    heat: dict[str, int] = {}
    for item in found:
        path = location_path(item.get("location", ""))
        if path and path not in heat:
            heat[path] = state.key_files.get(path) or 0
    found.sort(key=key, reverse=True)
    found.sort(key=lambda item: ((newest - times[id(item)]) // RECENT_US,
                                 -heat.get(location_path(item.get("location", "")), 0)))
    return found, max(total, len(found))


def _micros(item: Item) -> int:
    try:
        return parse_timestamp(item.get("timestamp", ""))
    except ValueError:
        return 0  # a hand-edited log's odd time: ranked with the oldest


def _failure_line(item: Item, limit: int | None) -> str:
    """``- #k7q2 failed: what was tried (where)`` for an attempt on an issue; one that names no
    issue reads as it does among the notes (``- Reverted 1a2b3c4d5e: …``)."""
    if not item.get("issue_id"):
        return _plain_line(item, limit)
    outcome = inline(item.get("outcome", "failed"))
    return f"- #{inline(item['issue_id'])} {outcome}: {inline(item.get('summary', ''), _most(limit))}{where(item)}"


def _issue_lines(state: State, issue: Item, limit: int | None, open_issue: bool = False) -> list[str]:
    """An issue; a done one with its fix and its newest failed or partial attempts, an open one
    with how many it has (they are listed among the failures, first)."""
    iid = issue["issue_id"]
    lines = [f"- #{inline(iid)} {inline(issue.get('summary', ''), _most(limit))}{where(issue)}"]
    tried = state.tried(iid)
    if open_issue:
        if tried:
            counts = ", ".join(f"{n} {inline(outcome)}" for outcome, n in sorted(tried.items()))
            lines.append(f"  - attempts: {counts} (under {FAILURES_TITLE})")
        return lines
    fix = state.fixes.get(iid) if state.done_ids.get(iid) else None
    if fix is not None:
        lines.append(f"  - fixed: {inline(fix.get('summary', ''), _most(limit))}")
    attempts = state.attempts.get(iid) or []
    shown = attempts[:ATTEMPTS_SHOWN] if limit is not None else attempts
    for attempt in shown:
        text = inline(attempt.get("summary", ""), _most(limit))
        lines.append(f"  - {inline(attempt.get('outcome', 'failed'))}: {text}")
    hidden = max(sum(tried.values()), len(attempts)) - len(shown)
    if hidden > 0:
        lines.append(f"  - … {hidden} more failed or partial: `ken show #{inline(iid)}`")
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
