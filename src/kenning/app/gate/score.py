"""``ken score``: what the memory and the gate did, in counts anyone can check against the log
and ``.kenning/local/checks.jsonl``, with labelled estimates beside them."""

from __future__ import annotations

from kenning.core.errors import InvalidInput
from kenning.core.events import format_timestamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project


def score(project: Project, since: str | None = None, now: str | None = None) -> dict[str, object]:
    """Counts anyone can check against the log (issues, attempts by outcome, fixes, issues fixed
    after failed attempts, decisions and how many were superseded), the events derived from git
    apart, what the gate did (``.kenning/local/checks.jsonl``; ``since``, a date or a span such
    as ``30d``: only its checks since then), and labelled estimates with their formulas. Open,
    done and standing counts are the fold's, which includes git's facts."""
    from kenning.app.gate import checks
    from kenning.app.recall import open_memory
    from kenning.app.views import counts
    from kenning.core.gate.score import estimates, heeded_definition

    since_us = _since(since, now)
    with open_memory(project) as memory:
        events = counts.events(memory)
        logged = events["log"]
        open_issues, done_issues = counts.issues(memory)
        decided = counts.decisions(memory, logged)
        result: dict[str, object] = {
            "events": events["hand_written"],
            "by_type": logged,
            "derived_from_git": events["git"],
            "issues": logged.get("issue", 0),
            "open_issues": open_issues,
            "done_issues": done_issues,
            "attempts": memory.cache.outcome_counts(),
            "fixes": logged.get("fix", 0),
            "issues_fixed_after_failed_attempts": memory.cache.fixed_after_failures(),
            **decided,
            "lessons": counts.marked_lessons(memory),
            "gate": checks.stats(project, since_us),
            "gate_since": None if since_us is None else format_timestamp(since_us),
        }
        result["estimates"] = estimates(result)
        result["estimates_note"] = "not measurements; " + heeded_definition()
        return result


def _since(since: str | None, now: str | None) -> int | None:
    from kenning.app.project import now_micros
    from kenning.core.gate.rules import parse_since

    if since is None:
        return None
    try:
        return max(0, parse_since(since, now_micros(now)))  # a span longer than history: every check
    except ValueError as err:
        raise InvalidInput(f"--since: {err}") from err
