"""``ken setup``'s use case: each agent wired (hooks, MCP server, bridge file), a second run
changing nothing, ``--dry-run`` writing nothing, and ``--undo`` giving every file back byte for byte."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kenning.app.project import Project
from kenning.app.setup import agent_setup
from kenning.core.errors import InvalidInput

AGENTS = ["claude", "codex", "gemini", "cursor"]


def _snapshot(*roots: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``roots`` (.git aside): its bytes and mode."""
    return {str(p): (p.read_bytes(), p.stat().st_mode) for root in roots for p in sorted(root.rglob("*"))
            if p.is_file() and ".git" not in p.relative_to(root).parts[:1]}


def test_every_agent_gets_its_hooks_server_and_bridge(project: Project) -> None:
    rows = agent_setup.setup(project, "all")
    assert {(r["agent"], r["file"]) for r in rows} >= {
        ("claude", ".claude/settings.json"), ("claude", ".mcp.json"), ("codex", ".codex/hooks.json"),
        ("codex", str(Path.home() / ".codex" / "config.toml")), ("gemini", ".gemini/settings.json"),
        ("gemini", "GEMINI.md"), ("cursor", ".cursor/hooks.json"), ("cursor", ".cursor/mcp.json"),
        ("cursor", ".cursor/rules/kenning.mdc")}
    assert all(r["change"] == "created" for r in rows)
    gemini = json.loads((project.root / ".gemini" / "settings.json").read_text())
    assert gemini["mcpServers"]["kenning"]["args"] == ["mcp"]
    assert gemini["hooks"]["BeforeTool"][0]["hooks"][0]["timeout"] == 30_000  # milliseconds there
    cursor = json.loads((project.root / ".cursor" / "hooks.json").read_text())
    assert cursor["version"] == 1 and cursor["hooks"]["preToolUse"][0]["matcher"] == "Write"
    assert "[mcp_servers.kenning]" in (Path.home() / ".codex" / "config.toml").read_text()
    assert "alwaysApply: true" in (project.root / ".cursor" / "rules" / "kenning.mdc").read_text()


def test_running_it_again_changes_nothing(project: Project) -> None:
    agent_setup.setup(project, "all")
    before = _snapshot(project.root, Path.home())
    assert {r["change"] for r in agent_setup.setup(project, "all")} == {"unchanged"}
    assert _snapshot(project.root, Path.home()) == before


def test_a_dry_run_writes_nothing(project: Project) -> None:
    before = _snapshot(project.root, Path.home())
    rows = agent_setup.setup(project, "all", dry_run=True)
    assert {r["change"] for r in rows} == {"created"}
    assert _snapshot(project.root, Path.home()) == before


@pytest.mark.parametrize("agent", AGENTS)
def test_undo_gives_every_file_back_byte_for_byte(project: Project, agent: str) -> None:
    # the user's own files, in their own formatting, line endings and modes
    (project.root / ".claude").mkdir()
    (project.root / ".claude" / "settings.json").write_bytes(b'{"permissions":{"allow":["Bash(ls)"]}}\r\n')
    (project.root / ".gemini").mkdir()
    (project.root / ".gemini" / "settings.json").write_bytes(b'{ "theme": "dark" }')
    os.chmod(project.root / ".gemini" / "settings.json", 0o600)
    (project.root / ".cursor").mkdir()
    (project.root / ".cursor" / "mcp.json").write_bytes(b'{"mcpServers": {"other": {"command": "x"}}}\n')
    codex = Path.home() / ".codex"
    codex.mkdir()
    (codex / "config.toml").write_bytes(b'model = "o3"')  # no newline at the end
    (project.root / "GEMINI.md").write_bytes(b"# Our notes\n")
    before = _snapshot(project.root, Path.home())
    journal = project.dir / "local" / agent_setup.JOURNAL

    changed = [r for r in agent_setup.setup(project, agent) if r["change"] != "unchanged"]
    assert changed and _snapshot(project.root, Path.home()) != before
    undone = agent_setup.undo(project, agent)
    assert {r["file"] for r in undone} == {r["file"] for r in changed}
    after = _snapshot(project.root, Path.home())
    after.pop(str(journal))
    before.pop(str(journal), None)
    assert after == before
    assert not (project.root / ".cursor" / "rules").exists()  # the folders setup made are gone too
    assert agent_setup.undo(project, agent) == []  # nothing left to undo


def test_an_unreadable_file_stops_it_before_anything_is_written(project: Project) -> None:
    (project.root / ".cursor").mkdir()
    (project.root / ".cursor" / "mcp.json").write_text("{not json")
    before = _snapshot(project.root, Path.home())
    with pytest.raises(InvalidInput, match=r"mcp.json cannot be read"):
        agent_setup.setup(project, "all")
    assert _snapshot(project.root, Path.home()) == before


def test_without_an_agent_it_wires_those_on_path_or_says_none_is(project: Project, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    with pytest.raises(InvalidInput, match="no coding agent found on PATH"):
        agent_setup.setup(project, None)
    (bin_dir / "gemini").write_text("#!/bin/sh\n")
    (bin_dir / "gemini").chmod(0o755)
    assert {r["agent"] for r in agent_setup.setup(project, None)} == {"gemini"}
