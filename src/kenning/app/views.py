"""Small use cases: the plan (read, or an idea appended), the agent protocol, the project map,
the score and the stats, and the redaction filter used on its own."""

from __future__ import annotations

from kenning import git
from kenning.app.project import Project, find_project
from kenning.app.redact import redact_fields
from kenning.core import redaction
from kenning.core.errors import InvalidInput, KenError
from kenning.core.events import format_timestamp
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def plan(project: Project) -> str:
    project.require_initialized()
    return files.read_text(project.plan_path) or ""


IDEAS = "## Ideas"
MAX_IDEA = 2000  # characters: an idea is one line, as long as an event's summary may be


def add_idea(project: Project, idea: str) -> tuple[str, tuple[str, ...]]:
    """Append ``idea`` as a bullet at the end of the plan's Ideas section (added when missing):
    the plan is intent, edited in place, never an event. Redacted like every write; returns the
    idea as written and what was redacted."""
    from kenning.core.text import one_line

    project.require_initialized()
    try:
        idea.encode("utf-8")
    except UnicodeEncodeError as err:  # undecodable argv bytes arrive as lone surrogates
        raise InvalidInput("the idea is not valid UTF-8 text; retype it, or convert it with `iconv -t UTF-8`") from err
    # one line of Markdown: control characters (an escape sequence, a bell) have no place in it
    text = " ".join("".join(c if c.isprintable() else " " for c in idea).split())
    if not text:
        raise InvalidInput("the idea is empty; say what you mean to do: ken plan \"...\"")
    if len(text) > MAX_IDEA:
        raise InvalidInput(f"the idea has {len(text):,} characters, more than {MAX_IDEA:,}; "
                           "write the gist and edit .kenning/plan.md for the rest")
    draft = {"summary": text}
    kinds = redact_fields(project, draft)
    added = one_line(draft["summary"], MAX_IDEA + 100)
    current = files.read_exact(project.plan_path) or ""
    files.write_atomic(project.plan_path, _with_idea(current, "- " + added))
    return added, kinds


def _with_idea(text: str, line: str) -> str:
    """``text`` with ``line`` after the last non-blank line of its Ideas section, in the file's
    own line endings."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    start = next((n for n, row in enumerate(lines) if row.strip().lower() == IDEAS.lower()), None)
    if start is None:
        body = text.rstrip("\r\n")
        return f"{body}{newline}{newline if body else ''}{IDEAS}{newline}{newline}{line}{newline}"
    end = next((n for n in range(start + 1, len(lines)) if lines[n].startswith("#")), len(lines))
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    lines.insert(end, line)
    if end == start + 1:  # the first idea: a blank line after the heading, as Markdown reads best
        lines.insert(end, "")
    return newline.join(lines) + newline


def redact_text(text: str, cwd: Path) -> redaction.Redaction:
    """Exactly the redaction a write applies, with the project's extra patterns when there is
    an initialized project here, and the built-in rules otherwise."""
    if git.find_root(cwd) is not None:
        try:
            project = find_project(cwd)
            if project.initialized:
                draft = {"summary": text}
                kinds = redact_fields(project, draft)
                return redaction.Redaction(draft["summary"], kinds)
        except KenError:
            pass  # a broken project config must not stop the filter: fall back to the defaults
    return redaction.redact(text)


def instructions(project: Project) -> str:
    """The agent protocol (``.kenning/AI_INSTRUCTIONS.md``; the shipped text if it was removed)."""
    from kenning.app.texts import AI_INSTRUCTIONS

    project.require_initialized()
    return files.read_text(project.dir / "AI_INSTRUCTIONS.md") or AI_INSTRUCTIONS


def project_map(project: Project) -> str:
    project.require_initialized()
    return files.read_text(project.map_path) or ""


def setup_mode(project: Project) -> bool:
    """A fresh project: the map's Purpose is still the placeholder, so agents fill it first."""
    from kenning.app.summary import purpose

    return not purpose(project)


def score(project: Project, since: str | None = None, now: str | None = None) -> dict[str, object]:
    """Counts anyone can check against the log (issues, attempts by outcome, fixes, issues fixed
    after failed attempts, decisions and how many were superseded), the events derived from git
    apart, what the gate did (``.kenning/local/checks.jsonl``; ``since``, a date or a span such
    as ``30d``: only its checks since then), and labelled estimates with their formulas. Open,
    done and standing counts are the fold's, which includes git's facts."""
    from kenning.app import checks
    from kenning.app.memory import open_memory
    from kenning.core.score import estimates, heeded_definition

    since_us = _since(since, now)
    with open_memory(project) as memory:
        counts = memory.cache.type_counts("log")
        state = memory.state
        result: dict[str, object] = {
            "events": sum(counts.values()),
            "by_type": counts,
            "derived_from_git": memory.cache.type_counts("git"),
            "issues": counts.get("issue", 0),
            "open_issues": state.open_issues.size(),
            "done_issues": state.done_ids.size(),
            "attempts": memory.cache.outcome_counts(),
            "fixes": counts.get("fix", 0),
            "issues_fixed_after_failed_attempts": memory.cache.fixed_after_failures(),
            "decisions": counts.get("decision", 0),
            "superseded_decisions": memory.cache.superseded_count(),
            "standing_decisions": state.decisions.size() + state.decided_lessons.size(),
            "lessons": state.lesson_total(),
            "gate": checks.stats(project, since_us),
            "gate_since": None if since_us is None else format_timestamp(since_us),
        }
        result["estimates"] = estimates(result)
        result["estimates_note"] = "not measurements; " + heeded_definition()
        return result


def _since(since: str | None, now: str | None) -> int | None:
    from kenning.app.project import now_micros
    from kenning.core.gate import parse_since

    if since is None:
        return None
    try:
        return max(0, parse_since(since, now_micros(now)))  # a span longer than history: every check
    except ValueError as err:
        raise InvalidInput(f"--since: {err}") from err


def stats(project: Project) -> dict[str, object]:
    """How big the memory is: events by type (the log's, and those derived from git), issues,
    decisions, lessons, the files events cite, and the log's and the index's size on disk."""
    from kenning.app.memory import open_memory

    with open_memory(project) as memory:
        log, derived = memory.cache.type_counts("log"), memory.cache.type_counts("git")
        state = memory.state
        result: dict[str, object] = {
            "events": sum(log.values()) + sum(derived.values()),
            "hand_written": sum(log.values()), "derived_from_git": sum(derived.values()),
            "by_type": {t: log.get(t, 0) + derived.get(t, 0) for t in sorted({*log, *derived})},
            "open_issues": state.open_issues.size(), "done_issues": state.done_ids.size(),
            "decisions": log.get("decision", 0) + derived.get("decision", 0),
            "standing_decisions": state.decisions.size() + state.decided_lessons.size(),
            "lessons": state.lesson_total(), "key_files": state.key_files.size(),
            "top_files": [{"path": path, "events": count} for path, count in state.top_files(5)],
            "log_bytes": _size(project.log_path), "index_bytes": _size(project.cache_dir / "index.sqlite"),
        }
        return result


def _size(path: Path) -> int:
    import os

    try:
        return os.stat(path).st_size
    except OSError:
        return 0
