"""Which project a call acts on, step by step (DESIGN section 9): the ``--root`` boundary, the
``project`` argument, the active project, the server's working directory, the only registered
project, else a refusal that lists the projects. A refused or mismatched call writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_harness import World, connect

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


async def test_the_active_project_wins_over_the_working_directory(world: World, alpha: Path) -> None:
    beta = world.repo("beta")
    async with connect(world, alpha / "src") as mcp:
        assert (await mcp.ok("get_summary")).head.startswith("project: alpha ")  # the cwd's repository
        world.ok(alpha, "projects", "use", "beta")  # read on every call: no restart needed
        assert (await mcp.ok("add_note", summary="to the active one")).head.startswith("project: beta ")
        assert (await mcp.ok("add_note", summary="named", project="alpha")).head.startswith("project: alpha ")
    assert len(notes(beta)) == 1 and len(notes(alpha)) == 1


async def test_the_working_directory_repository_wins_when_nothing_is_active(world: World, alpha: Path) -> None:
    world.repo("beta")
    local = world.repo("local", init=False)
    world.ok(local, "init", "--no-hooks", "--no-backfill", "--no-register")
    assert [e["name"] for e in world.json(alpha, "projects", "list")] == ["alpha", "beta"]
    async with connect(world, local) as mcp:
        assert (await mcp.ok("add_note", summary="here")).head == f"project: local ({local})"
    assert len(notes(local)) == 1


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
