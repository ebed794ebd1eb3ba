"""Setting MCP up from the CLI: ``ken init`` registers the project and prints each client's
configuration; ``ken projects`` manages the registry; ``ken doctor`` reads the clients' config
files and the log's health."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from mcp_harness import KEN, World


def test_init_registers_never_activates_and_prints_every_client_config(world: World) -> None:
    repo = world.repo("shop", init=False)
    out = world.ok(repo, "init", "--no-hooks", "--no-backfill").stdout
    ken = os.path.realpath(str(KEN))
    assert "added  project registry: shop" in out
    assert f"claude mcp add kenning -- {ken} mcp" in out
    snippets = {line.split(":", 1)[0].split()[-1]: json.loads(line.split(": ", 1)[1])
                for line in out.splitlines() if line.strip().endswith("}}}")}
    expected = {"command": ken, "args": ["mcp"]}
    assert snippets[".mcp.json"] == {"mcpServers": {"kenning": expected}}
    assert snippets[".cursor/mcp.json"] == {"mcpServers": {"kenning": expected}}
    assert snippets[".vscode/mcp.json"] == {"servers": {"kenning": {"type": "stdio", **expected}}}
    assert re.search(rf'\[mcp_servers\.kenning\]\n\s+command = "{re.escape(ken)}"\n\s+args = \["mcp"\]', out)
    listed = world.json(repo, "projects", "list")
    assert listed == [{"name": "shop", "path": os.path.realpath(repo), "aliases": [], "active": False,
                       "initialized": True}]
    assert "unchanged  project registry: shop" in world.ok(repo, "init", "--no-hooks", "--no-backfill").stdout


def test_init_no_register_and_name_clashes(world: World) -> None:
    private = world.repo("private", init=False)
    out = world.ok(private, "init", "--no-hooks", "--no-backfill", "--no-register").stdout
    assert "project registry" not in out
    assert world.json(private, "projects", "list") == []
    first = world.repo("app")
    (world.base / "other").mkdir()
    second = world.base / "other" / "app"
    second.mkdir()
    world.git(second, "init", "-q")
    world.ok(second, "init", "--no-hooks", "--no-backfill")
    assert [(e["name"], e["path"]) for e in world.json(first, "projects", "list")] == [
        ("app", os.path.realpath(first)), ("app-2", os.path.realpath(second))]


def test_projects_add_use_remove(world: World) -> None:
    repo = world.repo("shop", init=False)
    r = world.ok(world.base, "projects", "add", str(repo / "src"), "--name", "store", "--alias", "s")
    assert "registered store" in r.stderr
    entry = world.json(world.base, "projects", "list")[0]
    assert (entry["name"], entry["path"], entry["aliases"], entry["initialized"]) == (
        "store", os.path.realpath(repo), ["s"], False)
    assert "kenning not set up" in world.ok(world.base, "projects", "list").stdout
    world.ok(world.base, "projects", "use", "s")
    assert world.json(world.base, "projects", "list")[0]["active"] is True
    assert world.ok(world.base, "projects", "list").stdout.startswith("* store")
    world.ok(world.base, "projects", "remove", str(repo))
    assert world.json(world.base, "projects", "list") == []
    for bad in (["use", "nothing"], ["list", "extra"], ["add"], ["use", "x", "--name", "y"],
                ["add", str(world.base / "not-a-repo-xyz")]):
        r = world.ken(world.base, "projects", *bad)
        assert r.returncode in (2, 3) and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, bad


def test_context_score_and_lessons_commands(world: World) -> None:
    repo = world.repo("shop")
    world.ok(repo, "note", "Keep the retry budget small", "--lesson")
    assert "Keep the retry budget small" in world.ok(repo, "lessons").stdout
    assert world.json(repo, "score")["lessons"] == 1
    assert "lessons: 1" in world.ok(repo, "score").stdout
    context = world.json(repo, "context", "--tokens", "100", "--at", "src/app.py")["text"]
    assert len(context) <= 400 and "\nSetup mode: " in context
    for bad in (["context", "--tokens", "50"], ["lessons", "--limit", "0"]):
        r = world.ken(repo, *bad)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, bad


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_doctor_reads_client_configs_and_quarantine(world: World) -> None:
    repo = world.repo("shop")
    report = world.json(repo, "doctor")
    assert report["problems"] == [] and report["mcp_clients"] == [] and report["quarantined_bytes"] == 0

    ken = os.path.realpath(str(KEN))
    write(repo / ".mcp.json", json.dumps({"mcpServers": {"kenning": {"command": ken, "args": ["mcp"]}}}))
    write(repo / ".cursor" / "mcp.json", json.dumps({"mcpServers": {"kenning": {"command": "/gone/ken",
                                                                                  "args": ["mcp"]}}}))
    write(repo / ".vscode" / "mcp.json", json.dumps({"servers": {"kenning": {
        "type": "stdio", "command": ken, "args": ["mcp", "--root", "/elsewhere"]}}}))
    write(world.home / ".codex" / "config.toml", '[mcp_servers.other]\ncommand = "npx"\n')
    write(world.home / ".claude.json", "{not json")
    write(repo / ".kenning" / "local" / "quarantine" / "torn-1", "x" * 37)

    found = world.ken(repo, "doctor", "--json")
    assert found.returncode == 1  # problems found
    report = json.loads(found.stdout)
    status = {(c["client"], c["status"]) for c in report["mcp_clients"]}
    assert status == {("Claude Code", "ok"), ("Cursor", "broken"), ("VS Code", "pinned"), ("Codex", "missing"),
                      ("Claude Code (user)", "broken")}
    kinds = sorted(p["kind"] for p in report["problems"])
    assert kinds == ["mcp_broken", "mcp_broken", "quarantined_bytes"]
    # a client set up without kenning, or pinned to one project, is the user's choice: shown, not failed on
    assert sorted(p["kind"] for p in report["information"]) == ["mcp_missing", "mcp_pinned"]
    assert report["quarantined_bytes"] == 37
    text = world.ken(repo, "doctor").stdout
    assert "/gone/ken" in text and "--root /elsewhere" in text and "37 bytes" in text
    assert "mcp ok: Claude Code" in text

    write(world.home / ".claude.json", json.dumps({"projects": {str(repo): {"mcpServers": {
        "kenning": {"command": ken, "args": ["mcp"]}}}}}))
    clients = json.loads(world.ken(repo, "doctor", "--json").stdout)["mcp_clients"]
    assert {"client": "Claude Code (user)", "status": "ok"}.items() <= next(
        c for c in clients if c["client"] == "Claude Code (user)").items()
