"""Which project a call acts on, step by step (docs/mcp.md): the ``--root`` boundary, the
``project`` argument, the repository the server was started in, the active project, the only
registered project, else a refusal that lists the projects. A refused or mismatched call writes
nothing; ``current_project`` says which step chose the project."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from mcp_harness import KEN, Mcp, World, connect

pytestmark = pytest.mark.anyio


def notes(repo: Path) -> list[str]:
    path = repo / ".kenning" / "events.jsonl"
    return [line for line in path.read_text().splitlines() if '"type":"note"' in line]


async def test_the_only_registered_project_serves_a_server_started_anywhere(world: World, alpha: Path) -> None:
    outside = world.base / "elsewhere"
    outside.mkdir()
    async with connect(world, outside) as mcp:
        reply = await mcp.ok("add_note", summary="from outside")
        assert reply.head == f"project: alpha ({alpha})"
    assert len(notes(alpha)) == 1


async def test_with_two_projects_and_no_hint_a_call_is_refused_with_the_list(world: World, alpha: Path) -> None:
    beta = world.repo("beta")
    outside = world.base / "elsewhere"
    outside.mkdir()
    async with connect(world, outside) as mcp:
        said = await mcp.refused("add_note", summary="where?")
        assert "alpha" in said and "beta" in said and str(beta) in said
        assert "alpha" in await mcp.refused("get_summary")
        # the project argument: a name, a path, an alias
        assert (await mcp.ok("add_note", summary="by name", project="beta")).head.startswith("project: beta ")
        assert (await mcp.ok("add_note", summary="by path", project=str(beta))).head.startswith(
            "project: beta ")
        world.ok(alpha, "projects", "add", str(alpha), "--alias", "shop")
        assert (await mcp.ok("add_note", summary="by alias", project="shop")).head.startswith("project: alpha ")
        assert "not a registered project" in await mcp.refused("add_note", summary="x", project="gamma")
        stray = world.repo("stray", init=False)
        assert await mcp.refused("add_note", summary="x", project=str(stray))
    assert len(notes(beta)) == 2 and len(notes(alpha)) == 1


async def chosen(mcp: Mcp, **arguments: str) -> tuple[str, str, str | None]:
    """(project, reason, active) from current_project, its text and its structured content agreeing."""
    result = await mcp.session.call_tool("current_project", arguments)
    assert not result.is_error, result
    data = result.structured_content
    assert isinstance(data, dict)
    head, why = (c.text for c in result.content if c.type == "text")
    assert head == f"project: {data['project']} ({data['root']})"
    assert why.startswith("why: ")
    return data["project"], data["reason"], data["active"]


async def test_the_repository_the_server_was_started_in_wins_over_the_active_project(
        world: World, alpha: Path) -> None:
    """An agent in alpha gets alpha's summary from its SessionStart hook: its MCP calls must
    read and write alpha too, whichever project `ken projects use` made active."""
    beta = world.repo("beta")
    world.ok(alpha, "projects", "use", "beta")
    payload = json.dumps({"session_id": "s1", "cwd": str(alpha), "hook_event_name": "SessionStart"})
    hook = subprocess.run([KEN, "hook", "session-start"], cwd=alpha, env=world.env, input=payload,
                          capture_output=True, text=True, timeout=60)
    injected = json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    async with connect(world, alpha / "src") as mcp:
        summary = await mcp.ok("get_summary")
        assert summary.head.startswith(f"project: alpha ({alpha})") and summary.body == injected
        assert (await mcp.ok("add_note", summary="where the agent works")).head.startswith("project: alpha ")
        assert await chosen(mcp) == ("alpha", "started-in", "beta")
        # the project argument still reaches any registered project
        assert (await mcp.ok("add_note", summary="named", project="beta")).head.startswith("project: beta ")
        assert await chosen(mcp, project="beta") == ("beta", "argument", "beta")
    assert len(notes(alpha)) == 1 and len(notes(beta)) == 1


async def test_the_active_project_serves_a_server_started_outside_kenning(world: World, alpha: Path) -> None:
    beta = world.repo("beta")
    plain = world.repo("plain", init=False)  # a git repository without kenning is no hint
    async with connect(world, plain / "src") as mcp:
        assert "alpha" in await mcp.refused("add_note", summary="where?")
        assert "alpha" in await mcp.refused("current_project")
        world.ok(alpha, "projects", "use", "beta")  # read on every call: no restart needed
        assert (await mcp.ok("add_note", summary="to the active one")).head.startswith("project: beta ")
        assert await chosen(mcp) == ("beta", "active", "beta")
        cleared = world.ok(alpha, "projects", "use", "--clear")
        assert "no active project now (it was beta)" in cleared.stderr
        assert "beta" in await mcp.refused("add_note", summary="refused again")
    assert len(notes(beta)) == 1 and len(notes(alpha)) == 0


async def test_an_unregistered_repository_the_server_was_started_in_is_served_too(world: World, alpha: Path) -> None:
    """`ken init --no-register` keeps a project out of the registry, not out of its own
    workspace: its hooks read its memory, so its server must too, active project or not."""
    world.repo("beta")
    local = world.repo("local", init=False)
    world.ok(local, "init", "--no-hooks", "--no-backfill", "--no-register")
    assert [e["name"] for e in world.json(alpha, "projects", "list")] == ["alpha", "beta"]
    async with connect(world, local) as mcp:
        assert (await mcp.ok("add_note", summary="here")).head == f"project: local ({local})"
        world.ok(alpha, "projects", "use", "beta")
        assert (await mcp.ok("add_note", summary="still here")).head == f"project: local ({local})"
        assert await chosen(mcp) == ("local", "started-in", "beta")
    assert len(notes(local)) == 2


@pytest.mark.slow
async def test_current_project_names_each_step_and_writes_nothing(world: World, alpha: Path) -> None:
    outside = world.base / "elsewhere"
    outside.mkdir()
    before = (alpha / ".kenning" / "events.jsonl").read_bytes()
    async with connect(world, outside) as mcp:
        assert await chosen(mcp) == ("alpha", "only", None)
    beta = world.repo("beta")
    async with connect(world, outside, "--root", str(alpha)) as mcp:
        assert await chosen(mcp) == ("alpha", "root", None)
        assert await chosen(mcp, project="alpha") == ("alpha", "root", None)
        assert "--root" in await mcp.refused("current_project", project=str(beta))
        assert "not a registered project" in await mcp.refused("current_project", project="gamma")
    assert (alpha / ".kenning" / "events.jsonl").read_bytes() == before


def test_projects_use_clear_and_a_missing_name(world: World, alpha: Path) -> None:
    world.repo("beta")
    missing = world.ken(alpha, "projects", "use")
    assert missing.returncode == 2 and missing.stdout == ""
    said = missing.stderr.strip()
    assert "\n" not in said and "`ken projects use` needs a project" in said and "--clear" in said, said
    assert world.ken(alpha, "projects", "use", "--clear").stderr.strip() == "ken: no active project (none was set)"
    world.ok(alpha, "projects", "use", "beta")
    assert [e["name"] for e in world.json(alpha, "projects", "list") if e["active"]] == ["beta"]
    cleared = world.ok(alpha, "projects", "use", "--clear")
    assert cleared.stderr.strip() == "ken: no active project now (it was beta)"
    assert not any(e["active"] for e in world.json(alpha, "projects", "list"))
    for wrong in (["use", "beta", "--clear"], ["list", "--clear"], ["remove", "--clear"]):
        r = world.ken(alpha, "projects", *wrong)
        assert r.returncode == 2 and "--clear goes alone with `ken projects use`" in r.stderr, (wrong, r)
    assert "needs a project" in world.ken(alpha, "projects", "remove").stderr
    assert "needs the PATH" in world.ken(alpha, "projects", "add").stderr


@pytest.mark.real_processes  # `ken mcp --root PATH` as the agent's configuration starts it
async def test_root_is_a_boundary_not_a_default(world: World, alpha: Path) -> None:
    beta = world.repo("beta")
    world.ok(alpha, "projects", "use", "beta")
    before = (beta / ".kenning" / "events.jsonl").read_bytes()
    async with connect(world, beta, "--root", str(alpha)) as mcp:
        assert (await mcp.ok("add_note", summary="pinned")).head.startswith("project: alpha ")
        assert (await mcp.ok("get_summary", project="alpha")).head.startswith("project: alpha ")
        assert (await mcp.ok("get_summary", project=str(alpha))).head.startswith("project: alpha ")
        for ref in ("beta", str(beta)):
            said = await mcp.refused("add_note", summary="must not land in beta", project=ref)
            assert "--root" in said and str(alpha) in said
        assert "not a registered project" in await mcp.refused("get_summary", project="gamma")
    assert (beta / ".kenning" / "events.jsonl").read_bytes() == before
    assert len(notes(alpha)) == 1


async def test_a_root_without_kenning_refuses_each_call_and_keeps_serving(world: World, alpha: Path) -> None:
    bare = world.repo("bare", init=False)
    async with connect(world, alpha, "--root", str(bare / "src")) as mcp:
        assert "ken init" in await mcp.refused("get_summary")
        assert "ken init" in await mcp.refused("add_note", summary="x")
        assert (await mcp.ok("list_projects")).text  # not a project tool: still answers
