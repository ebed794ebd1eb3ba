"""A commit's outcome for the gate's check records: did the change repeat an approach the gate
had warned about?

Runs from the post-commit hook, in the background. For each file the commit changed that has
an open warned check record (``app.checks``), the lines the commit added to it are compared with
the changes of the file's failed attempts; the records are completed with the answer. (An
agent's edit completes them the same way, from ``app.agent_hooks``.) Not part of ``app.checks``:
it builds on ``app.gate``, which records every gate run through ``app.checks``.
"""

from __future__ import annotations

from kenning import git
from kenning.app import checks
from kenning.app.gate import similar_failures
from kenning.app.project import Project, now_micros
from kenning.core.similarity import added_lines
from kenning.git import history as git_history


def complete_checks(project: Project) -> int:
    """Complete open check records for the files HEAD changed; return how many were closed."""
    open_files = _open_warned(project)
    head = git.head_commit(project.root)
    if not open_files or head is None:
        return 0
    patch = git_history.show_patches(project.root, [head]).get(head, "")
    now_us = now_micros()
    changed = {path: added for path, added in added_lines(patch).items() if path in open_files}
    similar = similar_failures(project, changed)
    for path in changed:
        checks.complete(project, path, "commit", now_us, path in similar, similar.get(path))
    return len(changed)


def _open_warned(project: Project) -> set[str]:
    state: dict[str, bool] = {}
    for line in checks.read(project):
        path = str(line.get("file", ""))
        state[path] = "outcome" not in line and line.get("severity") in ("warn", "block")
    return {p for p, is_open in state.items() if is_open}
