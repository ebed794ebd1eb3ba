"""The agents' packages, generated: the Claude Code plugin and its marketplace, the Codex plugin
and its marketplace, the Gemini CLI extension, and the MCP registry's ``server.json`` (whose
``name`` the README's ``mcp-name:`` line claims, as the registry checks for a PyPI package).

Everything here is derived from the declarations the installed hooks use (``tool_calls.AGENTS``:
each agent's hook events, the tools they match and the ``ken hook`` they run), the distribution's
name and the version it is given (``kenning.__version__``): `make plugins` (``scripts/plugins.py``)
writes ``files(version)`` into the checkout and tests/release fails while a committed file differs.
No file is kept by hand, so none can drift.

Every command runs ``ken`` through ``RUN``, one line of POSIX sh: the ``ken`` on the agent's PATH,
else ``uvx --from kenning-memory==VERSION ken``, else one line on stderr saying what to install
(and exit 0: a hook fails open). A plugin folder is copied into the agent's cache when it is
installed, so nothing in it may name a file outside it.
"""

from __future__ import annotations

import json

from kenning.app.gate.tool_calls import AGENTS, HOOK_NAMES, timeout
from kenning.app.setup.installation import DISTRIBUTION
from kenning.app.setup.texts import AI_INSTRUCTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NAME = "kenning"
DESCRIPTION = ("Project memory for coding agents: what already failed on a file is shown before the "
               "agent edits it, and the session starts with the project's summary")
REPOSITORY = "https://github.com/kenning-memory/kenning"  # pyproject.toml's [project.urls]; tests hold them equal
REGISTRY_NAME = "io.github.kenning-memory/kenning"  # the MCP registry's name: the GitHub namespace it proves
AUTHOR = {"name": "kenning contributors", "url": REPOSITORY}
KEYWORDS = ["memory", "git", "hooks", "mcp", "gate"]
CONTEXT_FILE = "KENNING.md"
# the registry's copy of the schema server.json is checked against: tests/release/data (its source noted there)
REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"
REGISTRY_DESCRIPTION = "Project memory for coding agents: what already failed on a file, before the edit"


def spec(version: str) -> str:
    """What uvx installs: this release of the distribution."""
    return f"{DISTRIBUTION}=={version}"


def run_line(version: str) -> str:
    """``RUN``: ken from PATH, else through uvx, else one line saying what to install."""
    return ('if command -v ken >/dev/null 2>&1; then exec ken "$@"; fi; '
            f'if command -v uvx >/dev/null 2>&1; then exec uvx --from {spec(version)} ken "$@"; fi; '
            f'echo "kenning: ken is not on PATH; install it: pipx install {DISTRIBUTION} (or install uv, '
            'which runs it)" >&2')


def command(version: str, *words: str) -> str:
    """The shell command an agent runs for ``ken WORDS``."""
    return f"sh -c '{run_line(version)}' ken {' '.join(words)}"


def mcp_server(version: str) -> dict[str, Any]:
    """The MCP server entry: ``ken mcp`` through ``RUN``, without a shell in between."""
    return {"command": "sh", "args": ["-c", run_line(version), "ken", "mcp"]}


def hooks(agent: str, version: str) -> dict[str, Any]:
    """``{"hooks": {event: [matcher group]}}`` for ``agent``, from ``tool_calls.AGENTS``."""
    events = AGENTS[agent][1]
    # an event that takes no matcher (Stop, SessionEnd) has none in its group: Claude Code's
    # validator refuses a null one
    return {"hooks": {event: [{**({"matcher": matcher} if matcher is not None else {}), "hooks": [
        {"type": "command", "command": command(version, "hook", HOOK_NAMES[event], "--agent", agent),
         "timeout": timeout(agent)}]}] for event, matcher in events.items()}}


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def files(version: str) -> dict[str, str]:
    """Every generated file, for release ``version``, by its path relative to the checkout's root."""
    claude = "plugins/claude"
    codex = "plugins/codex"
    gemini = "plugins/gemini"
    return {
        ".claude-plugin/marketplace.json": _json({
            "name": NAME, "owner": AUTHOR, "description": DESCRIPTION,
            "plugins": [{"name": NAME, "source": f"./{claude}", "description": DESCRIPTION, "version": version,
                         "category": "development", "keywords": KEYWORDS}]}),
        f"{claude}/.claude-plugin/plugin.json": _json({
            "name": NAME, "version": version, "description": DESCRIPTION, "author": AUTHOR,
            "homepage": REPOSITORY, "repository": REPOSITORY, "license": "MIT", "keywords": KEYWORDS,
            "mcpServers": {NAME: mcp_server(version)}}),
        f"{claude}/hooks/hooks.json": _json({"description": "kenning's gate before edits and its summary at "
                                             "session start", **hooks("claude", version)}),
        ".agents/plugins/marketplace.json": _json({
            "name": NAME, "interface": {"displayName": "kenning"},
            "plugins": [{"name": NAME, "source": {"source": "local", "path": f"./{codex}"},
                         "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"},
                         "category": "Coding"}]}),
        f"{codex}/.codex-plugin/plugin.json": _json({
            "name": NAME, "version": version, "description": DESCRIPTION, "keywords": KEYWORDS,
            "hooks": "./hooks/hooks.json", "mcpServers": "./.mcp.json",
            "interface": {"displayName": "kenning", "shortDescription": "Project memory and a gate before edits",
                          "developerName": AUTHOR["name"], "category": "Coding", "websiteURL": REPOSITORY}}),
        f"{codex}/hooks/hooks.json": _json(hooks("codex", version)),
        f"{codex}/.mcp.json": _json({"mcpServers": {NAME: mcp_server(version)}}),
        f"{gemini}/gemini-extension.json": _json({
            "name": NAME, "version": version, "description": DESCRIPTION,
            "mcpServers": {NAME: mcp_server(version)}, "contextFileName": CONTEXT_FILE}),
        f"{gemini}/hooks/hooks.json": _json(hooks("gemini", version)),
        f"{gemini}/{CONTEXT_FILE}": AI_INSTRUCTIONS,
        "server.json": _json({
            "$schema": REGISTRY_SCHEMA, "name": REGISTRY_NAME, "title": "kenning", "description": REGISTRY_DESCRIPTION,
            "version": version, "websiteUrl": REPOSITORY, "repository": {"url": REPOSITORY, "source": "github"},
            "packages": [{"registryType": "pypi", "identifier": DISTRIBUTION, "version": version,
                          "runtimeHint": "uvx", "transport": {"type": "stdio"},
                          "packageArguments": [{"type": "positional", "value": "mcp"}]}]}),
    }
