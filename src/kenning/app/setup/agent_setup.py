"""``ken setup``: wire kenning into the coding agents installed on this machine, in one command,
and take it out again byte for byte.

For each agent, in the current project (``ken init`` first): its hooks (``tool_calls.AGENTS``, the
same entries ``ken hooks install --agent`` writes; Cursor's flat ``.cursor/hooks.json`` from
``tool_calls.FLAT_AGENTS``), its MCP server entry (``ken mcp`` by absolute path) and its bridge
file (CLAUDE.md and AGENTS.md are ``ken init``'s; Gemini CLI reads GEMINI.md, Cursor a rule).
Codex reads MCP servers only from ``CODEX_HOME/config.toml``, the one file outside the project.

Every file is planned before any is written, so a file that cannot be read stops the command
with nothing changed. A file whose content already holds kenning's entries is left as it is
(re-running changes nothing). Before a file is first changed, its text (or its absence) goes into
``.kenning/local/setup-undo.json``; ``--undo`` writes each back exactly and removes the files and
folders setup created.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from kenning.app.gate import tool_calls
from kenning.app.project import Project, parse_toml
from kenning.app.setup.git_hooks import ken_executable
from kenning.app.setup.init import with_bridge
from kenning.core import foreign
from kenning.core.errors import InvalidInput
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

AGENT_NAMES = ("claude", "codex", "gemini", "cursor")
_COMMANDS = {"claude": ("claude",), "codex": ("codex",), "gemini": ("gemini",), "cursor": ("cursor", "cursor-agent")}
JOURNAL = "setup-undo.json"
SERVER = "kenning"
CURSOR_RULE = Path(".cursor") / "rules" / "kenning.mdc"
_CURSOR_FRONT = "---\ndescription: kenning project memory\nalwaysApply: true\n---\n"


def installed_agents() -> list[str]:
    """The agents whose command is on PATH (Cursor: also its ``~/.cursor`` folder)."""
    return [agent for agent in AGENT_NAMES if any(shutil.which(c) for c in _COMMANDS[agent])
            or (agent == "cursor" and (Path.home() / ".cursor").is_dir())]


def chosen(agent: str | None) -> list[str]:
    """The agents ``--agent`` names (``all``: every one), else those installed here."""
    if agent == "all":
        return list(AGENT_NAMES)
    if agent:
        return [agent]
    found = installed_agents()
    if not found:
        raise InvalidInput(f"no coding agent found on PATH ({', '.join(AGENT_NAMES)}); "
                           "name one with --agent (or --agent all)")
    return found


def setup(project: Project, agent: str | None, dry_run: bool = False) -> list[dict[str, Any]]:
    """Wire the chosen agents; one row per file: agent, file, change (created, updated, unchanged)."""
    project.require_initialized()
    planned = [(name, path, current, text) for name in chosen(agent) for path, current, text in _plan(project, name)]
    rows = [{"agent": name, "file": _shown(project, path),
             "change": "unchanged" if current == text else "updated" if current is not None else "created"}
            for name, path, current, text in planned]
    if dry_run:
        return rows
    journal = _journal(project)
    for name, path, current, text in planned:
        if current != text:
            kept = journal.setdefault(name, {})
            kept.setdefault(str(path), {"text": current, "folders": _missing_folders(path)})
    _save(project, journal)  # before any file: a crash stays undoable
    for _, path, current, text in planned:
        if current != text:
            files.write_atomic(path, text, within=project.root if files.contains(project.root, path) else None)
    return rows


def undo(project: Project, agent: str | None, dry_run: bool = False) -> list[dict[str, Any]]:
    """Give back every file setup changed for the chosen agents (all it wired, without --agent)."""
    project.require_initialized()
    journal = _journal(project)
    names = [n for n in (AGENT_NAMES if agent in (None, "all") else (agent,)) if n in journal]
    rows = []
    for name in names:
        for where, kept in journal[name].items():
            path = Path(where)
            before = kept["text"]
            now = files.read_exact(path)
            rows.append({"agent": name, "file": _shown(project, path),
                         "change": "unchanged" if now == before else "removed" if before is None else "restored"})
            if dry_run or now == before:
                continue
            within = project.root if files.contains(project.root, path) else None
            if before is None:
                files.remove(path, within=within)
                for folder in sorted(kept["folders"], key=len, reverse=True):
                    files.remove_empty_dir(Path(folder))  # one a user filled since stays
            else:
                files.write_atomic(path, before, within=within)
        if not dry_run:
            del journal[name]
    if not dry_run:
        _save(project, journal)
    return rows


# -- what each agent gets -------------------------------------------------------------------------

def _plan(project: Project, agent: str) -> list[tuple[Path, str | None, str]]:
    """(file, its text now or None, its text wired) for every file ``agent`` reads."""
    ken = ken_executable()
    root = project.root
    if agent == "claude":
        return [_hooks(project, "claude"), _json_merged(root / ".mcp.json", {"mcpServers": {SERVER: _server(ken)}})]
    if agent == "codex":
        return [_hooks(project, "codex"), _codex_config(ken)]
    if agent == "gemini":
        path, current, text = _hooks(project, "gemini")
        settings = _merge(json.loads(text), {"mcpServers": {SERVER: _server(ken)}})
        return [(path, current, _dumped(current, json.loads(text), settings)),
                _bridge(project, root / "GEMINI.md", None)]
    if agent == "cursor":
        return [_cursor_hooks(project),
                _json_merged(root / ".cursor" / "mcp.json", {"mcpServers": {SERVER: _server(ken)}}),
                _bridge(project, root / CURSOR_RULE, _CURSOR_FRONT)]
    raise InvalidInput(f"unknown agent {agent!r}; use one of {', '.join(AGENT_NAMES)} or all")


def _server(ken: str) -> dict[str, Any]:
    return {"command": ken, "args": ["mcp"]}


def _read(path: Path) -> str | None:
    try:
        return files.read_exact(path)
    except (UnicodeDecodeError, IsADirectoryError):
        raise InvalidInput(f"{path} is not a UTF-8 text file; move it away, then run ken setup again") from None


def _hooks(project: Project, agent: str) -> tuple[Path, str | None, str]:
    path, text = tool_calls.installed_text(project, agent)
    current = _read(path)
    return path, current, _dumped(current, _object(path, current), json.loads(text))


def _object(path: Path, text: str | None) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        return foreign.json_object(text.encode("utf-8"), foreign.USER_SETTINGS_LIMIT)
    except foreign.Unreadable as err:
        raise InvalidInput(f"{path} cannot be read ({err}); fix it, then run ken setup again") from None


def _merge(data: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``extra``'s tables merged in, one level down (``mcpServers.kenning``)."""
    out = dict(data)
    for key, table in extra.items():
        current = out.get(key)
        out[key] = {**(current if isinstance(current, dict) else {}), **table}
    return out


def _dumped(current: str | None, before: dict[str, Any], after: dict[str, Any]) -> str:
    """``after`` as the file's text; the text as it is when nothing in it would change."""
    if current is not None and before == after:
        return current
    return json.dumps(after, indent=2, ensure_ascii=False) + "\n"


def _json_merged(path: Path, extra: dict[str, Any]) -> tuple[Path, str | None, str]:
    current = _read(path)
    data = _object(path, current)
    return path, current, _dumped(current, data, _merge(data, extra))


def _codex_config(ken: str) -> tuple[Path, str | None, str]:
    home = Path(os.environ["CODEX_HOME"]) if os.environ.get("CODEX_HOME") else Path.home() / ".codex"
    path = home / "config.toml"
    current = _read(path)
    try:
        servers = parse_toml(current or "").get("mcp_servers", {})
    except ValueError as err:
        raise InvalidInput(f"{path} cannot be read as TOML ({err}); fix it, then run ken setup again") from None
    if isinstance(servers, dict) and SERVER in servers:
        return path, current, current or ""
    table = f"[mcp_servers.{SERVER}]\ncommand = {json.dumps(ken, ensure_ascii=False)}\nargs = [\"mcp\"]\n"
    before = current or ""
    gap = "" if not before else "\n" if before.endswith("\n") else "\n\n"
    return path, current, f"{before}{gap}{table}"


def _bridge(project: Project, path: Path, front: str | None) -> tuple[Path, str | None, str]:
    current = _read(Path(files.inside(project.root, path)))
    try:
        return path, current, with_bridge(current if current is not None else front, project.title)
    except ValueError as err:
        raise InvalidInput(f"{path}: {err}; put the kenning block right or delete it, "
                           "then run ken setup again") from None


def _cursor_hooks(project: Project) -> tuple[Path, str | None, str]:
    """Cursor's ``.cursor/hooks.json``: kenning's command per event, replaced where it stands."""
    relative, events = tool_calls.FLAT_AGENTS["cursor"]
    path = Path(files.inside(project.root, project.root / relative))
    current = _read(path)
    data = _object(path, current)
    after = {"version": 1, **data}
    hooks = dict(after.get("hooks") or {}) if isinstance(after.get("hooks"), dict) else {}
    for event, matcher in events.items():
        ours = {"command": tool_calls.hook_command(event, "cursor"), "timeout": tool_calls.timeout("cursor"),
                **({"matcher": matcher} if matcher else {})}
        entries = [e for e in hooks.get(event) or [] if isinstance(hooks.get(event), list)]
        at = next((i for i, e in enumerate(entries) if tool_calls.is_kenning_hook(e)), None)
        entries = [e for i, e in enumerate(entries) if at is None or i == at or not tool_calls.is_kenning_hook(e)]
        if at is None:
            entries.append(ours)
        else:
            entries[at] = ours
        hooks[event] = entries
    after["hooks"] = hooks
    return path, current, _dumped(current, data, after)


def cursor_hooks(project: Project, action: str) -> list[tuple[Path, str]]:
    """``ken hooks install|uninstall|status --agent cursor``: kenning's entries in
    ``.cursor/hooks.json`` (and, installing, its rule), each file with what happened to it."""
    path = Path(files.inside(project.root, project.root / tool_calls.FLAT_AGENTS["cursor"][0]))
    if action == "install":
        planned = [_cursor_hooks(project), _bridge(project, project.root / CURSOR_RULE, _CURSOR_FRONT)]
        return [(where, "unchanged" if current == text else
                 "installed" if files.write_atomic(where, text, within=project.root) else "unchanged")
                for where, current, text in planned]
    current = _read(path)
    data = _object(path, current)
    found = data.get("hooks")
    hooks: dict[str, Any] = found if isinstance(found, dict) else {}
    ours = sorted(event for event, entries in hooks.items()
                  if isinstance(entries, list) and any(tool_calls.is_kenning_hook(e) for e in entries))
    if action == "status":
        return [(path, f"installed ({', '.join(ours)})" if ours else "not installed")]
    if not ours:
        return [(path, "not installed")]
    kept = {event: [e for e in entries if not tool_calls.is_kenning_hook(e)] for event, entries in hooks.items()
            if isinstance(entries, list)}
    data["hooks"] = {event: entries for event, entries in kept.items() if entries}
    files.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", within=project.root)
    return [(path, "removed")]


# -- the undo journal -----------------------------------------------------------------------------

def _journal(project: Project) -> dict[str, Any]:
    data = files.read_json(project.dir / "local" / JOURNAL)
    return data if isinstance(data, dict) else {}


def _save(project: Project, journal: dict[str, Any]) -> None:
    files.write_atomic(project.dir / "local" / JOURNAL, json.dumps(journal, indent=2, sort_keys=True) + "\n",
                       within=project.root)


def _missing_folders(path: Path) -> list[str]:
    missing = []
    folder = path.parent
    while not folder.exists():
        missing.append(str(folder))
        folder = folder.parent
    return missing


def _shown(project: Project, path: Path) -> str:
    try:
        return path.relative_to(project.root).as_posix()
    except ValueError:
        return str(path)
