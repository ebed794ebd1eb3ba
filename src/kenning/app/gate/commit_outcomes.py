"""A commit's outcome for the gate's check records: did the change repeat an approach the gate
had warned about?

Runs from the post-commit hook, in the background. For each file the commit changed that has
an open warned check record (``app.gate.checks``), the lines the commit added to it are compared with
the changes of the file's failed attempts; the records are completed with the answer. (An
agent's edit completes them the same way, from ``app.gate.tool_calls``.) Not part of ``app.gate.checks``:
it builds on ``app.gate.precheck``, which records every gate run through ``app.gate.checks``.
"""

from __future__ import annotations

from kenning import git
from kenning.app.gate import checks
from kenning.app.gate.precheck import similar_failures
from kenning.app.project import Project, now_micros
from kenning.core.gate.similarity import added_lines
from kenning.git import history as git_history


def complete_checks(project: Project) -> int:
    """Complete open check records for the files HEAD changed; return how many were closed.
    Only the newest record about each changed file is read (``checks.newest_about``, searched
    from the end), not every record ever made: the records grow with every check."""
    if not checks.exist(project):
        return 0
    head = git.head_commit(project.root)
    if head is None:
        return 0
    patch = git_history.show_patches(project.root, [head]).get(head, "")
    added = added_lines(patch)
    open_files = _open_warned(project, list(added))
    if not open_files:
        return 0
    now_us = now_micros()
    changed = {path: lines for path, lines in added.items() if path in open_files}
    similar = similar_failures(project, changed)
    for path in changed:
        checks.complete(project, path, "commit", now_us, path in similar, similar.get(path))
    return len(changed)


def _open_warned(project: Project, paths: list[str]) -> set[str]:
    """The ``paths`` whose newest record is a warning or a block that no change has closed."""
    newest = checks.newest_about(project, paths)
    return {path for path, last in newest.items()
            if last is not None and "outcome" not in last and last.get("severity") in ("warn", "block")}
