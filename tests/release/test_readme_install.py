"""The README's "Install into your agent" table: every command in it is run here, as a user
would, in a clean HOME with the agents' real CLIs and ``ken`` from the built wheel. The
repository's GitHub name is replaced by this checkout (the tests stay offline), and uvx takes the
wheel instead of PyPI."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from machine import isolated_env, run_git  # noqa: E402  (tests/ is on sys.path: its conftest.py)
from release.conftest import ROOT, npm_cli

pytestmark = pytest.mark.slow

BEGIN, END = "<!-- install-into-your-agent: begin -->", "<!-- install-into-your-agent: end -->"
GITHUB = "kenning-memory/kenning"
PROGRAMS = ("claude", "codex", "gemini", "ken", "uvx")  # what a command in the table starts with


def table() -> dict[str, list[str]]:
    """agent -> the commands its row gives (backticked, in its command columns, starting with a program)."""
    text = (ROOT / "README.md").read_text()
    rows = text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip().splitlines()[2:]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    return {row[0]: [m for cell in row[1:] for m in re.findall(r"`([^`]+)`", cell) if m.split()[0] in PROGRAMS]
            for row in cells}


def test_the_table_has_one_line_per_agent() -> None:
    found = table()
    assert list(found) == ["Claude Code", "Codex", "Gemini CLI", "Cursor", "any MCP client"]
    assert all(found.values()), found


def test_every_command_in_the_table_works(installed: Path, wheel: Path, uvx: str, tmp_path: Path) -> None:
    bins = {agent: npm_cli(agent).parent for agent in ("claude", "codex", "gemini")}
    path = os.pathsep.join([str(installed), *sorted({str(b) for b in bins.values()}), str(Path(uvx).parent),
                            "/usr/bin", "/bin"])
    env = isolated_env(tmp_path, PATH=path, UV_CACHE_DIR=str(tmp_path / "uv-cache"))
    env.pop("CODEX_HOME", None)
    home = Path(env["HOME"])
    trusted = home / ".gemini" / "trustedFolders.json"  # answering Gemini CLI's trust prompt beforehand
    trusted.parent.mkdir(parents=True, exist_ok=True)
    trusted.write_text(json.dumps({str(ROOT / "plugins" / "gemini"): "TRUST_FOLDER"}))
    project = tmp_path / "project"
    project.mkdir()
    run_git(["init", "-q"], project, env)
    run_git(["commit", "-q", "--allow-empty", "-m", "initial"], project, env)
    assert subprocess.run(["ken", "init", "--no-backfill"], cwd=project, env=env, capture_output=True,
                          timeout=120).returncode == 0

    hello = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "readme", "version": "0"}}})
    for agent, commands in table().items():
        for command in commands:
            line = command.replace(GITHUB, str(ROOT))
            if line.startswith("gemini extensions install"):
                line = line.replace("./plugins/gemini", str(ROOT / "plugins" / "gemini")) + " --consent"
            if line.startswith("uvx kenning-memory"):
                line = line.replace("uvx kenning-memory", f"uvx --from {wheel} kenning-memory")
            r = subprocess.run(["sh", "-c", line], cwd=project, env=env, capture_output=True, text=True, timeout=600,
                               input=hello + "\n" if line.endswith(" mcp") else "")
            assert r.returncode == 0, f"{agent}: {line}\n{r.stdout}\n{r.stderr}"
            if line.endswith(" mcp"):
                assert json.loads(r.stdout.splitlines()[0])["result"]["serverInfo"]["name"] == "kenning"
    assert (home / ".claude" / "plugins" / "cache").is_dir()
    assert (home / ".codex" / "plugins" / "cache").is_dir()
    assert (home / ".gemini" / "extensions" / "kenning" / "gemini-extension.json").is_file()
    for wired in (".claude/settings.json", ".codex/hooks.json", ".gemini/settings.json", ".cursor/hooks.json"):
        assert (project / wired).is_file(), wired
