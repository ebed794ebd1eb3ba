"""Small read use cases: the plan, and the redaction filter used on its own."""

from __future__ import annotations

from kenning import git
from kenning.app.project import Project, find_project
from kenning.app.record import redact_fields
from kenning.core import redaction
from kenning.core.errors import KenError
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def plan(project: Project) -> str:
    project.require_initialized()
    return files.read_text(project.plan_path) or ""


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


def score(project: Project) -> dict[str, object]:
    """Counts anyone can check against the log (issues, attempts by outcome, fixes, issues fixed
    after failed attempts, decisions and how many were superseded), the events derived from git
    apart, what the gate did (``.kenning/local/checks.jsonl``), and labelled estimates with
    their formulas. Open, done and standing counts are the fold's, which includes git's facts."""
    from kenning.app import checks
    from kenning.app.memory import open_memory
    from kenning.core.score import estimates, heeded_definition

    memory = open_memory(project)
    try:
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
            "gate": checks.stats(project),
        }
        result["estimates"] = estimates(result)
        result["estimates_note"] = "not measurements; " + heeded_definition()
        memory.flush_warnings()
        return result
    finally:
        memory.close()
