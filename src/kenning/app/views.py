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
