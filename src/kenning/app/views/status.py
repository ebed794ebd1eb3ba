"""``ken status``: every wire between this repository's memory and the tools that use it, on one
screen. Git hooks (which, chained to what, the pre-commit framework), coding-agent hooks
(installed, and whether the command they run exists), the MCP clients' config files that start
``ken mcp``, the project's place in the machine-wide registry, the memory's health and the span
of git history events are derived from.

A report, not a check: it reuses each wire's own reader (``githooks``, ``agent_hooks``,
``mcp_setup``, ``registry``, ``memory``, ``capture``) and turns nothing it finds into an error.
Reading the memory brings the index up to date with the log, as every read does; it does not
read new git history (the report says when HEAD has moved past what was derived).
"""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

from kenning import git
from kenning.app.capture import derive as capture
from kenning.app.gate import tool_calls
from kenning.app.project import load_config
from kenning.app.recall import capture_history, new_memory, one_pass_if_cold, promote_lessons
from kenning.app.setup import git_hooks, mcp_clients, registry
from kenning.core.errors import KenError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project


def status(project: Project) -> dict[str, Any]:
    """The report ``ken status --json`` prints (``render_status`` draws its text)."""
    memory, history = _memory(project) if project.initialized else (None, None)
    return {
        "project": _project(project),
        "memory": memory,
        "git_history": history,
        "git_hooks": _git_hooks(project),
        "agent_hooks": _agent_hooks(project),
        "mcp_clients": mcp_clients.check_clients(project),
    }


def _project(project: Project) -> dict[str, Any]:
    here = os.path.realpath(project.root)
    entries = registry.entries()
    entry = next((e for e in entries if e["path"] == here), None)
    active = next((e["name"] for e in entries if e["active"]), None)
    try:
        served = registry.resolve(None, cwd=project.root)
        mcp_serves: dict[str, Any] = {"name": registry.name_of(served), "root": str(served.root)}
    except KenError as err:
        mcp_serves = {"error": str(err)}
    return {"root": str(project.root), "name": entry["name"] if entry else project.name,
            "initialized": project.initialized, "registered": entry is not None,
            "active": bool(entry and entry["active"]), "active_project": active,
            "registered_projects": len(entries), "mcp_serves": mcp_serves}


def _memory(project: Project) -> tuple[dict[str, Any], dict[str, Any] | None]:
    index = project.cache_dir / "index.sqlite"
    try:
        memory = one_pass_if_cold(new_memory(project))
    except KenError as err:
        return {"error": str(err)}, None
    try:
        before = memory.cache.meta("log")
        memory.sync(strict=False)
        if memory.one_pass:  # what the background build derives from git, derived here too
            capture_history(memory)
        promote_lessons(memory)
        info = memory.cache.meta("log") or {}
        if memory.one_pass:
            state = "being built in the background (this report read the log in one pass)"
        elif before is None:
            state = "built now (it was missing or out of date)"
        else:
            state = "up to date" if before.get("stat") == info.get("stat") else "caught up with the log now"
        history = capture.history_read(memory)
        derived = sum(memory.cache.type_counts("git").values())
        warnings = list(memory.warnings)
        memory.warnings.clear()  # reported here, not again on stderr
    except KenError as err:
        return {"error": str(err)}, None
    finally:
        memory.close()
    health = {
        "config_error": _config_error(project),
        "log": _relative(project, project.log_path), "events": int(info.get("events", 0)),
        "unreadable_lines": int(info.get("skipped", 0)), "torn_tail": bool(info.get("torn")),
        "index": {"path": _relative(project, index), "state": state},
        "summary": {"path": _relative(project, project.summary_path), "exists": project.summary_path.is_file()},
        "warnings": warnings,
    }
    if history is not None:
        head = git.head_commit(project.root)
        history.update(events=derived, current_head=head, up_to_date=history["head"] == head)
    return health, history


def _config_error(project: Project) -> str | None:
    """Why ``config.toml`` cannot be read (then most commands fail), or None."""
    try:
        load_config(project.config_path)
    except KenError as err:
        return str(err)
    return None


def _git_hooks(project: Project) -> dict[str, Any]:
    try:
        folder = git_hooks.hooks_folder(project)
        hooks = git_hooks.inspect(project)
    except KenError as err:
        return {"error": str(err), "hooks": []}
    return {"folder": str(folder), "refusal": git_hooks.refusal(project, folder), "hooks": hooks}


def _agent_hooks(project: Project) -> list[dict[str, Any]]:
    found = []
    for state in tool_calls.states(project):
        commands = [{"event": event, "command": entry["command"], "runs": _resolve(entry["command"])}
                    for event, entries in state["hooks"].items() for entry in entries]
        found.append({"agent": state["agent"], "file": _relative(project, Path(state["file"])),
                      "installed": state["installed"], "status": tool_calls.describe(state), "commands": commands})
    return found


def _resolve(command: str) -> str | None:
    """The program a hook command starts (``ken``, or a Python running ``-m kenning``): its
    absolute path when it exists, or what it names found on this shell's PATH; None when it is
    missing (the hook then fails open, and the gate is off)."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    if not words:
        return None
    fallback = tool_calls.fallback_path(command)
    if fallback is not None:  # the ken on PATH, else the installer's
        return shutil.which("ken") or (fallback if os.path.isfile(fallback) and os.access(fallback, os.X_OK) else None)
    if os.path.isabs(words[0]):
        return words[0] if os.path.isfile(words[0]) and os.access(words[0], os.X_OK) else None
    return shutil.which(words[0])


def _relative(project: Project, path: Path) -> str:
    try:
        return path.relative_to(project.root).as_posix()
    except ValueError:
        return str(path)
