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


def context(project: Project, tokens: int = 2000, paths: list[str] | None = None, cwd: Path | None = None,
            now: str | None = None, surface: str = "cli") -> str:
    """What an agent should know before working, within ``tokens`` (counted as chars / 4): the
    gate's verdict on ``paths`` first, then the summary cut to what is left."""
    from kenning.app import gate as gate_app
    from kenning.app.memory import open_memory
    from kenning.app.summary import purpose
    from kenning.core import summary as summary_core
    from kenning.core.errors import InvalidInput

    if not 100 <= tokens <= 20000:
        raise InvalidInput("tokens must be between 100 and 20,000")
    budget = tokens * 4
    head = ""
    if paths:
        verdict = gate_app.precheck(project, paths, cwd=cwd, now=now, surface=surface)
        head = "## Before you edit\n" + verdict.text(8) + "\n"
    memory = open_memory(project, now)
    try:
        body = summary_core.render(memory.state, project.name, purpose(project), max(200, budget - len(head)))
        memory.flush_warnings()
    finally:
        memory.close()
    if setup_mode(project):
        head = ("Setup mode: .kenning/PROJECT_MAP.md has no Purpose yet; fill the map from the "
                "manifests and entry points first.\n\n") + head
    return (head + body)[:budget]


def score(project: Project) -> dict[str, object]:
    """Counts that show what the memory holds and what the gate did with it: warnings issued,
    blocks, overrides (a denied edit made anyway) and repeats of a failed approach after a
    warning, from ``.kenning/local/checks.jsonl``."""
    from kenning.app import checks
    from kenning.app.memory import open_memory

    memory = open_memory(project)
    try:
        counts = memory.cache.type_counts()
        outcomes = memory.cache.outcome_counts()
        state = memory.state
        result: dict[str, object] = {
            "events": sum(counts.values()),
            "by_type": counts,
            "attempts": outcomes,
            "open_issues": state.open_issues.size(),
            "done_issues": state.done_ids.size(),
            "standing_decisions": state.decisions.size() + state.decided_lessons.size(),
            "lessons": state.lesson_total(),
            "issues_fixed_after_failed_attempts": memory.cache.fixed_after_failures(),
            "gate": checks.stats(project),
        }
        memory.flush_warnings()
        return result
    finally:
        memory.close()


def lessons(project: Project, limit: int = 50) -> list[dict[str, object]]:
    """Lessons recorded in this project (notes and standing decisions marked ``lesson``), newest first."""
    from kenning.app.memory import open_memory

    memory = open_memory(project)
    try:
        items = []
        for item in memory.state.lesson_items():
            items.append(item)
            if len(items) >= limit:
                break
        memory.flush_warnings()
        return items
    finally:
        memory.close()
