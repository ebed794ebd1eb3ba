"""How MCP clients start ``ken mcp``: the configuration ``ken init`` prints, and the reading of
those clients' config files that ``ken doctor`` reports on.

Every snippet names ``ken`` by absolute path (a client starts servers without the user's
shell PATH) and never pins ``--root``: one server serves every registered project. Reading is
tolerant: a missing file is simply absent, a broken one is a finding, never an exception.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from kenning.app.project import Project, parse_toml
from kenning.core import foreign
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SERVER = "kenning"


def _entry(ken: str, vscode: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "stdio"} if vscode else {}
    entry.update({"command": ken, "args": ["mcp"]})
    return entry


def _snippet(key: str, ken: str, vscode: bool = False) -> str:
    return json.dumps({key: {SERVER: _entry(ken, vscode)}}, ensure_ascii=False)


def setup_text(ken: str) -> str:
    """The configuration for Claude Code, Cursor, VS Code and Codex, for ``ken`` at this path."""
    ken_toml = json.dumps(ken, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    return "\n".join([
        "MCP: agents read and write the same memory through `ken mcp` (one server serves every "
        "registered project):",
        f"  Claude Code  claude mcp add {SERVER} -- {_shell_word(ken)} mcp",
        f"               or in .mcp.json: {_snippet('mcpServers', ken)}",
        f"  Cursor       .cursor/mcp.json: {_snippet('mcpServers', ken)}",
        f"  VS Code      .vscode/mcp.json: {_snippet('servers', ken, vscode=True)}",
        "  Codex        in ~/.codex/config.toml:",
        f"                 [mcp_servers.{SERVER}]",
        f"                 command = {ken_toml}",
        '                 args = ["mcp"]',
        *([] if server_installed() else [
            "  (the MCP SDK is missing from ken's environment: reinstall kenning, "
            "e.g. pipx reinstall kenning-memory)"]),
        "",
    ])


def server_installed() -> bool:
    """Whether this installation can serve MCP (the SDK is a dependency; a broken install lacks it)."""
    import importlib.util

    try:
        return importlib.util.find_spec("mcp") is not None
    except (ImportError, ValueError):  # a broken or half-removed installation
        return False


def _shell_word(text: str) -> str:
    safe = all(c.isalnum() or c in "/._-+:@%=," for c in text)
    return text if safe and text else "'" + text.replace("'", "'\\''") + "'"


# -- reading the clients' config files (ken doctor) -----------------------------------------------

def config_files(project: Project) -> list[tuple[str, Path, str]]:
    """(client, file, format) for every config file a client may start ``ken mcp`` from."""
    home = Path.home()
    codex = Path(os.environ["CODEX_HOME"]) if os.environ.get("CODEX_HOME") else home / ".codex"
    return [
        ("Claude Code", project.root / ".mcp.json", "mcpServers"),
        ("Cursor", project.root / ".cursor" / "mcp.json", "mcpServers"),
        ("VS Code", project.root / ".vscode" / "mcp.json", "servers"),
        ("Codex", codex / "config.toml", "toml"),
        ("Claude Code (user)", home / ".claude.json", "claude.json"),
    ]


def check_clients(project: Project) -> list[dict[str, Any]]:
    """One finding per config file present: ``ok``, ``missing`` (no kenning entry), ``broken``
    (unreadable file, or a command that does not exist) or ``pinned`` (``--root`` given)."""
    found = []
    for client, path, kind in config_files(project):
        limit = foreign.USER_SETTINGS_LIMIT if kind in ("toml", "claude.json") else foreign.SETTINGS_LIMIT
        try:
            data = files.read_capped(path, limit)
            if data is None:
                continue
            servers = _servers(data, kind, project, limit)
        except (ValueError, TypeError, AttributeError) as err:  # foreign.Unreadable among them
            found.append(_finding(client, path, "broken", f"{path} cannot be read as "
                                  f"{'TOML' if kind == 'toml' else 'JSON'} ({err}); fix or delete it"))
            continue
        ours = {name: entry for name, entry in servers.items() if _is_kenning(name, entry)}
        if not ours:
            found.append(_finding(client, path, "missing", f"{path} configures no kenning server; "
                                  "`ken init` prints the entry to add"))
        for name, entry in sorted(ours.items()):
            found.append(_judge(client, path, name, entry))
    return found


def _finding(client: str, path: Path, status: str, message: str, server: str | None = None) -> dict[str, Any]:
    return {"client": client, "file": str(path), "server": server, "status": status, "message": message}


def _servers(text: bytes, kind: str, project: Project, limit: int) -> dict[str, Any]:
    if kind == "toml":
        table = foreign.toml_table(text, limit, parse_toml).get("mcp_servers", {})
    else:
        data = foreign.json_object(text, limit)
        if kind == "claude.json":  # user-wide servers, then this project's own (local scope)
            projects = data.get("projects", {})
            local = projects.get(str(project.root)) or projects.get(os.path.realpath(project.root)) or {}
            table = {**data.get("mcpServers", {}), **local.get("mcpServers", {})}
        else:
            table = data.get(kind, {})
    if not isinstance(table, dict):
        raise ValueError(f"the servers table is a {type(table).__name__}, not an object")
    return {str(k): v for k, v in table.items() if isinstance(v, dict)}


def _is_kenning(name: str, entry: dict[str, Any]) -> bool:
    command = str(entry.get("command") or "")
    return name == SERVER or Path(command).name in ("ken", "ken.exe")


def _judge(client: str, path: Path, name: str, entry: dict[str, Any]) -> dict[str, Any]:
    command = str(entry.get("command") or "")
    args = [str(a) for a in entry.get("args") or []]
    where = f"{path} [{name}]"
    exists = (os.path.isfile(command) and os.access(command, os.X_OK)) if os.path.isabs(command) else \
        bool(command) and shutil.which(command) is not None
    if not exists:
        return _finding(client, path, "broken", f"{where}: the command {command or '(none)'!r} does not exist; "
                        "`ken init` prints the current path", name)
    if "mcp" not in args:
        return _finding(client, path, "broken", f"{where}: the arguments {args} do not start `ken mcp`", name)
    if _is_this_ken(command) and not server_installed():
        return _finding(client, path, "broken", f"{where}: this ken lacks the `mcp` package the server needs; "
                        "reinstall kenning (pipx reinstall kenning-memory)", name)
    root = _root_arg(args)
    if root is not None:
        return _finding(client, path, "pinned", f"{where}: pinned with --root {root}; it serves that project "
                        "only and refuses calls naming any other (drop --root to serve every project)", name)
    return _finding(client, path, "ok", f"{where}: starts {command} {' '.join(args)}", name)


def _is_this_ken(command: str) -> bool:
    import sys

    found = command if os.path.isabs(command) else shutil.which(command) or ""
    beside = os.path.dirname(os.path.abspath(sys.executable))  # a venv's python links out of it: not resolved
    return bool(found) and os.path.dirname(os.path.realpath(found)) == beside


def _root_arg(args: list[str]) -> str | None:
    for i, arg in enumerate(args):
        if arg == "--root":
            return args[i + 1] if i + 1 < len(args) else ""
        if arg.startswith("--root="):
            return arg.split("=", 1)[1]
    return None
