"""``ken context`` and ``ken brief``: memory handed over in one block, or on one screen.

Both read memory once and ask the index bounded questions (by path, by rank, newest first), so
their cost follows what they show, not the size of the log. ``brief`` runs git at most once
for its gate warnings, plus once when HEAD moved since the last read (capture): never once per
file.
"""

from __future__ import annotations

import heapq
from itertools import islice

from kenning.app.gate.precheck import CLOCK_SLACK_US, judge, settings
from kenning.app.lessons import cases as lessons_app
from kenning.app.memory import Memory
from kenning.app.paths import canonical_path, split_location
from kenning.app.project import Project, now_micros
from kenning.app.recall import open_whole
from kenning.app.views.summary import in_tree, purpose
from kenning.core.defaults import CONTEXT_TOKENS as DEFAULT_TOKENS
from kenning.core.defaults import MAX_TOKENS, MIN_TOKENS
from kenning.core.errors import InvalidInput
from kenning.core.events import format_timestamp
from kenning.core.fold import key
from kenning.core.gate import rules as gate
from kenning.core.views import brief as brief_core
from kenning.core.views import context as context_core
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from kenning.core.fold import Item

SHOWN = 40  # entries fetched per section: more than any budget up to 20,000 tokens can show


class Context:
    def __init__(self, text: str, tokens: int, focus: list[str], sections: list[dict[str, Any]]) -> None:
        self.text, self.tokens, self.focus, self.sections = text, tokens, focus, sections

    def to_json(self) -> dict[str, Any]:
        return {"tokens": self.tokens, "budget_chars": self.tokens * 4, "chars": len(self.text),
                "focus": self.focus, "sections": self.sections, "text": self.text}


def check_tokens(tokens: int) -> int:
    if not MIN_TOKENS <= tokens <= MAX_TOKENS:
        raise InvalidInput(f"tokens must be between {MIN_TOKENS} and {MAX_TOKENS:,} (got {tokens})")
    return tokens


def context(project: Project, tokens: int = DEFAULT_TOKENS, paths: list[str] | None = None,
            cwd: Path | None = None, now: str | None = None) -> Context:
    """The block, never over ``tokens`` (counted as characters / 4)."""
    check_tokens(tokens)
    project.require_initialized()
    # `--at PATH:LINE` as on the write commands: the gate judges the file
    focus = list(dict.fromkeys(canonical_path(project.root, split_location(p.strip(), cwd)[0], cwd)
                               for p in paths or []))
    now_us = now_micros(now)
    with open_whole(project, now) as memory:
        inputs = gather(memory, focus, now_us)
    text, sections = context_core.render(inputs, tokens * 4)
    return Context(text, tokens, focus, sections)


def gather(memory: Memory, focus: list[str], now_us: int) -> context_core.Inputs:
    project = memory.project
    inputs = context_core.Inputs(project.title, focus)
    inputs.setup_mode = not purpose(project)
    if focus:
        notices: list[str] = []
        report = judge(memory, focus, now_us, notices)
        for notice in notices:
            memory.warn(notice)
        inputs.gate = gate.render_text(report, now_us, 8).rstrip("\n").splitlines()
    state = memory.state
    folders = _folders(focus)
    inputs.issues = _issues(memory, focus)
    inputs.issue_total = state.open_issues.size()
    near = _near(memory, "decision", focus, folders)
    inputs.decisions = _focus_first(near, state.standing_decisions())
    inputs.decision_total = state.decisions.size()
    inputs.fixes, inputs.fix_total, inputs.fix_more = _fixes(memory, focus, folders)
    inputs.lessons, inputs.lesson_total = lessons_app.for_memory(memory, limit=SHOWN)
    inputs.map_lines = context_core.map_part(files.read_text(project.map_path) or "", focus)
    issues = [issue.item for issue in inputs.issues] + [a for issue in inputs.issues for a in issue.attempts]
    said = code_words(memory, now_us, [*issues, *inputs.decisions, *inputs.fixes])
    if said is not None:
        inputs.decisions, inputs.fixes = said(inputs.decisions), said(inputs.fixes)
        inputs.issues = [context_core.Issue(said([i.item])[0], said(i.attempts)) for i in inputs.issues]
    return inputs


def code_words(memory: Memory, now_us: int, items: list[Item], order: bool = False) -> Any:
    """What gives a list of the items shown copies that say where their cited code stands
    (``core.views.coded``; in the list's own order, or with ``order`` verified first and gone
    last), the citations followed in one batch; None (nothing imported, nothing followed) when
    none of them cites code."""
    ids = sorted({str(item["id"]) for item in items if item.get("cited") and item.get("id")})
    if not ids:
        return None
    from kenning.app.citations import codes_of
    from kenning.core.views import coded

    found = codes_of(memory, ids)
    return lambda shown: coded.annotated(shown, found, now_us, order=order)


def _folders(focus: list[str]) -> list[str]:
    return sorted({p.rsplit("/", 1)[0] + "/" for p in focus if "/" in p})


def _near(memory: Memory, kind: str, focus: list[str], folders: list[str]) -> list[Item]:
    """Events of ``kind`` about the focus files, then about their folders, newest first in each."""
    if not focus:
        return []
    rows = memory.cache.near(kind, focus, [], SHOWN)
    rows += [r for r in memory.cache.near(kind, [], folders, SHOWN) if r not in rows]
    events = [e for e in memory.events(rows[:SHOWN]) if not e.lesson]  # marked ones show as lessons
    return [memory.state.item(e) for e in events]


def _focus_first(near: list[Item], rest: Any) -> list[Item]:
    """``near`` first, then the rest newest first, each once, at most ``SHOWN``."""
    chosen = {item["id"]: item for item in near}
    for item in rest:
        if len(chosen) >= SHOWN:
            break
        chosen.setdefault(item["id"], item)
    return list(chosen.values())


_END_OF_TIME = "9999-12-31T23:59:59.999999Z"  # context shows every open issue, whatever the clock


def _issues(memory: Memory, focus: list[str]) -> list[context_core.Issue]:
    """Open issues about the focus files (located there, or with a failed attempt there) first."""
    state = memory.state
    near: list[str] = []
    for path in focus:
        opened = memory.cache.open_issues_at(path, _END_OF_TIME, SHOWN, count=False).newest
        near += [e.issue_id for e in memory.events(opened) if e.issue_id]
        near += [e.issue_id for e in memory.events(memory.cache.near("attempt", [path], [], SHOWN))
                 if e.issue_id and state.open_issues.get(e.issue_id) is not None]
    ids = list(dict.fromkeys(near))
    for item in state.open_items():
        if len(ids) >= SHOWN:
            break
        if item["issue_id"] not in ids:
            ids.append(item["issue_id"])
    found = []
    for iid in ids:
        item = state.open_issues.get(iid)
        if item is not None:
            found.append(context_core.Issue(item, list(state.attempts.get(iid) or [])))
    return found


def _fixes(memory: Memory, focus: list[str], folders: list[str]) -> tuple[list[Item], int, str]:
    """Fixes of the issues about the focus files and fixes located there first; without focus,
    the newest fixes."""
    state = memory.state
    if focus:
        issues = [e.issue_id for e in memory.events(memory.cache.near("issue", focus, [], SHOWN)) if e.issue_id]
        of_issues = [state.fixes.get(iid) for iid in dict.fromkeys(issues) if state.done_ids.get(iid)]
        found = {f["id"]: f for f in of_issues if f is not None}
        for item in _near(memory, "fix", focus, folders):
            found.setdefault(item["id"], item)
        return list(found.values())[:SHOWN], len(found), "ken search --type fix"
    done = []
    for issue in state.done_items()[:SHOWN]:
        fix = state.fixes.get(issue["issue_id"])
        if fix is not None:
            done.append(fix)
    return done, state.done_ids.size(), "ken issues --all"


# -- brief ----------------------------------------------------------------------------------------

def brief(project: Project, now: str | None = None) -> brief_core.Brief:
    """One screen for the start of a session."""
    project.require_initialized()
    now_us = now_micros(now)
    with open_whole(project, now) as memory:
        result = _brief(memory, now_us)
        return result


def _brief(memory: Memory, now_us: int) -> brief_core.Brief:
    state = memory.state
    result = brief_core.Brief(memory.project.title)
    # every file in the tree the gate could warn on (failed attempts in its window, open issues),
    # the most recently failing first, as far as the brief's cost allows; then the most cited, for
    # staleness. A deleted file is left out, as from the key files: no edit of it is coming
    exists = in_tree(memory.project)
    since = format_timestamp(gate.failures_start(now_us, settings(memory.project)))
    warned = [p for p in memory.cache.warned_paths(since, format_timestamp(now_us + CLOCK_SLACK_US)) if exists(p)]
    result.unjudged = max(0, len(warned) - brief_core.JUDGED)
    cited = [path for path, _ in state.top_files(6, exists=exists)]
    paths = list(dict.fromkeys([*warned[:brief_core.JUDGED], *cited]))
    if paths:  # one read of git for every path the index has not seen at this HEAD
        for verdict in judge(memory, paths, now_us, result.notices).files:
            result.add_verdict(verdict)
        result.warnings.sort(key=lambda w: w[1] != "block")  # blocks first, each kind newest first
    result.open_issues = [(i, list(state.attempts.get(i["issue_id"]) or [])) for i in _first(state.open_items(), 8)]
    result.open_total = state.open_issues.size()
    result.decisions = _first(state.standing_decisions(), 5)
    result.decision_total = state.decisions.size()
    issues = [item for issue, attempts in result.open_issues for item in (issue, *attempts)]
    said = code_words(memory, now_us, [*issues, *result.decisions])
    if said is not None:
        result.decisions = said(result.decisions)
        result.open_issues = [(said([issue])[0], said(attempts)) for issue, attempts in result.open_issues]
    result.lessons, result.lesson_total = lessons_app.for_memory(memory, limit=brief_core.SHOWN["lessons"])
    notes = ((item, False) for item in state.note_items())
    derived = ((item, True) for item in state.history_items())
    result.history = _first(heapq.merge(notes, derived, key=lambda pair: key(pair[0]), reverse=True),
                            brief_core.SHOWN["history"])
    result.history_total = state.note_count + state.history_count
    if not (result.warnings or result.stale or result.open_total or result.decision_total or result.lesson_total
            or result.history_total):
        result.on_record = memory.cache.count()  # one count, only for a brief that would be empty
    return result


def _first(items: Any, count: int) -> list[Any]:
    return list(islice(items, count))
