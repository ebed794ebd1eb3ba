"""The MCP server writes no repository file but the log through a link: the summary it
refreshes after a write and the gate's check records stay inside the repository (``files.inside``;
under ``.kenning/`` no link at all is followed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mcp_harness import World, connect

SECRET = b"[default]\naws_secret_access_key = not-really-a-key\n"


@pytest.mark.anyio
@pytest.mark.parametrize("linked", [".kenning/summary.md", ".kenning/local/checks.jsonl", ".kenning/local"])
async def test_a_link_out_of_the_repository_gets_no_byte_from_the_server(world: World, alpha: Path,
                                                                         linked: str) -> None:
    outside = world.base / "outside"
    outside.mkdir()
    (outside / "credentials").write_bytes(SECRET)
    path = alpha / linked
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.symlink_to(outside if linked == ".kenning/local" else outside / "credentials",
                    target_is_directory=linked == ".kenning/local")
    async with connect(world, alpha) as mcp:
        noted = await mcp.call("add_note", summary="Noted through the server")
        await mcp.call("precheck_file", file_path="src/app.py")
        assert (await mcp.ok("get_plan")).text  # the server is still there
    assert sorted(p.name for p in outside.iterdir()) == ["credentials"]
    assert (outside / "credentials").read_bytes() == SECRET
    written = b"Noted through the server" in (alpha / ".kenning" / "events.jsonl").read_bytes()
    if noted.error:  # the log's lock lives in .kenning/local: no lock, no write, one line saying why
        assert not written and len(noted.blocks) == 1 and "\n" not in noted.blocks[0]
        assert ".kenning/local is a symbolic link" in noted.blocks[0]
    else:
        assert written
