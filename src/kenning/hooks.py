"""Entry points run by hooks: ``ken hook NAME`` (git's pre-commit, post-commit, post-merge,
post-checkout).

A hook must never break the user's git: every failure here is swallowed (fail open) and the
exit status is 0, except one deliberate case: the pre-commit hook in strict mode exits with
``BLOCKED_EXIT`` when a staged file is blocked, and the installed sh block turns that into a
refused commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kenning.app.githooks import BLOCKED_EXIT
from kenning.core.errors import KenError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project

GIT_HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout")


def run(name: str) -> int:
    from kenning.app.project import find_project

    try:
        project = find_project(Path.cwd())
        if not project.initialized:
            return 0
        if name == "pre-commit":
            return _pre_commit(project)
        _refresh(project)
    except (KenError, OSError) as err:
        sys.stderr.write(f"kenning: {name} hook skipped: {err}\n")
    except Exception as err:  # noqa: BLE001 - a hook fails open, whatever happened
        sys.stderr.write(f"kenning: {name} hook skipped after an unexpected {type(err).__name__}\n")
    return 0


def _pre_commit(project: Project) -> int:
    from kenning.app.gate import precheck

    result = precheck(project, [], staged=True)
    flagged = [f for f in result.report.files if f.warnings]
    if flagged:
        from kenning.core.gate import Report, render_text

        sys.stderr.write("kenning: what memory says about the staged files:\n")
        sys.stderr.write(render_text(Report(flagged), result.now_us, 8))
    strict = project.setting("gate", "commit") == "strict"
    blocked = [f.path for f in result.report.files if f.severity == "block"]
    if strict and blocked:
        sys.stderr.write(
            f"kenning: commit refused (gate.commit = \"strict\"): {', '.join(blocked)} blocked. "
            "Read the failed attempts above; snooze with `ken precheck PATH --snooze 1d --reason ...` "
            "or bypass once with `git commit --no-verify`.\n")
        return BLOCKED_EXIT
    return 0


def _refresh(project: Project) -> None:
    """Bring the index, the derived git events and summary.md up to date."""
    from kenning.app import summary as summary_app
    from kenning.app.memory import open_memory

    memory = open_memory(project)
    try:
        summary_app.refresh(memory)
    finally:
        memory.close()
