"""``ken wrap -- COMMAND …``: run any agent CLI (aider, a shell, a script) with the memory at hand.

First ``.kenning/summary.md`` is brought up to date with the log and git; then COMMAND runs on
the user's own terminal (stdin, stdout and stderr are its), with these variables added:

    KEN_PROJECT        the repository's root
    KEN_SUMMARY        .kenning/summary.md, the budgeted session-start summary
    KEN_INSTRUCTIONS   .kenning/AI_INSTRUCTIONS.md, the agent protocol
    KEN_MAP            .kenning/PROJECT_MAP.md

``ken wrap`` ends with the command's exit status. A command that does not exist is one error
line and exit 127, one that exists but cannot be run exit 126 (as a shell says).

Why this module starts a process: kenning keeps one home per effect (only ``kenning.git`` runs
git). Running the user's own command is another effect, the whole point of this use case, and
nothing else in kenning does it, so it lives here and nowhere else. On POSIX the command
replaces the ``ken`` process (``exec``): its signals, job control and exit status are its own,
and no Python process stays behind holding memory. Windows has no exec: there the command runs
as a child and its exit code is passed on.
"""

from __future__ import annotations

import os
import shutil

from kenning.app.views import summary as summary_app
from kenning.app.warnings import hand_over
from kenning.core.errors import CommandNotFound, CommandNotRunnable, InvalidInput, KenError, NotInitialized, cause
from kenning.system import processes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project


def variables(project: Project) -> dict[str, str]:
    """What the wrapped command finds in its environment."""
    return {"KEN_PROJECT": str(project.root), "KEN_SUMMARY": str(project.summary_path),
            "KEN_INSTRUCTIONS": str(project.dir / "AI_INSTRUCTIONS.md"), "KEN_MAP": str(project.map_path)}


def wrap(project: Project, command: list[str]) -> int:
    """Refresh the summary, then run ``command``; its exit status (on POSIX this never returns)."""
    argv = command[1:] if command[:1] == ["--"] else command
    if not argv or not argv[0]:
        raise InvalidInput("say which command to run after `--`: ken wrap -- aider (or: ken wrap -- $SHELL)")
    project.require_initialized()
    env = {**os.environ, **variables(project)}
    program = _program(argv[0], env.get("PATH"))
    try:
        summary_app.summary(project)
    except NotInitialized:
        raise
    except KenError as err:  # the agent still runs: the memory is a help, never a gate here
        hand_over([f".kenning/summary.md was not refreshed ({err})"])
    try:
        return processes.replace_with(program, argv, env)
    except OSError as err:
        raise CommandNotRunnable(f"cannot run {argv[0]}: {cause(err)}") from err


def _program(name: str, path: str | None) -> str:
    """The executable ``name`` runs, found as a shell finds it; the error a shell would give."""
    if os.sep in name or (os.altsep and os.altsep in name):
        if not os.path.exists(name):
            raise CommandNotFound(f"{name}: no such file")
        if os.path.isdir(name) or not os.access(name, os.X_OK):
            raise CommandNotRunnable(f"{name} is not an executable file")
        return name
    found = shutil.which(name, path=path)
    if found is None:
        raise CommandNotFound(f"{name}: command not found (is it installed and on PATH?)")
    return found
