"""Files from a repository or a remote, nested, huge or broken, through ``ken``'s command line: each is
named in one line and left out, the command goes on, and a write that reached the log exits 0."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .conftest import Repo, World
from .test_lessons import failed, node_project

DEEP = 100_000
BRACKETS = "[" * DEEP + "]" * DEEP


def one_line_about(stderr: str, needle: str) -> None:
    assert "Traceback" not in stderr and "unexpected" not in stderr, stderr
    assert len([ln for ln in stderr.splitlines() if needle in ln]) >= 1, stderr


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_note_with_a_poisoned_team_lessons_remote_is_written_and_exits_0(world: World, tmp_path: Path) -> None:
    team = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(team)], check=True, env=world.env)
    teammate = tmp_path / "teammate"  # a teammate (or anyone who can push) commits a line of brackets
    subprocess.run(["git", "clone", "-q", str(team), str(teammate)], check=True, env=world.env, capture_output=True)
    (teammate / "lessons.jsonl").write_text(BRACKETS + "\n")
    for args in (["add", "lessons.jsonl"], ["commit", "-q", "-m", "lessons"], ["push", "-q", "origin", "HEAD:main"]):
        world.git(teammate, *args)
    shop = node_project(world, "webshop")
    shop.ok("lessons", "remote", str(team))
    assert shop.ken("lessons", "sync", "--json").returncode == 0  # the sync that brings it in works, and again
    before = len(shop.events())

    r = shop.ken("note", "the cart total rounds per line")
    assert r.returncode == 0, r.stderr
    one_line_about(r.stderr, "line 1 is not a lesson record (nested more than 64 levels deep)")
    assert len(shop.events()) == before + 1 and shop.events()[-1]["summary"] == "the cart total rounds per line"
    _, attempt = failed(shop, "wrapped the rows in React.memo(); hydration broke")  # promoted and shared too
    report = shop.json("lessons", "sync")
    assert report["shared"] >= 1 and report["pushed"] is True
    assert attempt in {x["id"] for x in shop.json("lessons")["lessons"]}


def test_init_and_writes_with_nested_or_huge_manifests(world: World) -> None:
    repo = world.repo(files={"package.json": '{"name": "shop", "dependencies": ' + BRACKETS + "}",
                             "pyproject.toml": "[project]\nname = 'x'\ndependencies = " + BRACKETS + "\n",
                             "Cargo.toml": "[package]\nname = 'big'\n" + "# padding\n" * 500_000,
                             "src/app.py": "x = 1\n"})
    r = repo.ken("init", "--no-hooks", "--no-backfill")
    assert r.returncode == 0, r.stderr
    for name, why in (("package.json", "nested more than 64 levels deep"),
                      ("pyproject.toml", "nested more than 64 levels deep"), ("Cargo.toml", "larger than 4 MB")):
        one_line_about(r.stderr, f"{name} was not read for the project map ({why})")
    assert (repo.path / ".kenning" / "PROJECT_MAP.md").exists()
    repo.ok("issue", "the cart re-renders", "--at", "src/app.py")
    r = repo.ken("attempt", "memoized the cart with react", "--failed", "--at", "src/app.py")
    assert r.returncode == 0, r.stderr
    one_line_about(r.stderr, "package.json was not read for the libraries this project declares")
    assert repo.events()[-1]["summary"] == "memoized the cart with react"


def test_agent_settings_nested_deeply_are_named_and_not_rewritten(repo: Repo) -> None:
    settings = repo.path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"hooks": ' + BRACKETS + "}")
    r = repo.ken("hooks", "install", "--agent", "claude")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        f"ken: error: {settings} cannot be read (nested more than 64 levels deep); fix it, then run this again"]
    assert settings.read_text() == '{"hooks": ' + BRACKETS + "}"
    r = repo.ken("hooks", "status")
    assert r.returncode == 0 and "nested more than 64 levels deep" in r.stdout and "Traceback" not in r.stderr


def test_doctor_names_a_nested_mcp_json_as_broken(repo: Repo) -> None:
    (repo.path / ".mcp.json").write_text('{"mcpServers": ' + BRACKETS + "}")
    r = repo.ken("doctor", "--json")
    assert "Traceback" not in r.stderr
    found = [c for c in json.loads(r.stdout)["mcp_clients"] if c["file"].endswith(".mcp.json")]
    assert [c["status"] for c in found] == ["broken"] and "nested more than 64 levels deep" in found[0]["message"]


def test_lessons_import_of_a_nested_line_or_a_fifo_is_one_line(repo: Repo, tmp_path: Path) -> None:
    import os

    nested = tmp_path / "nested.jsonl"
    nested.write_text(BRACKETS + "\n")
    r = repo.ken("lessons", "import", str(nested))
    assert "Traceback" not in r.stderr and "unexpected" not in r.stderr, r.stderr
    assert "nested more than 64 levels deep" in r.stdout + r.stderr
    fifo = tmp_path / "lessons.fifo"
    os.mkfifo(fifo)
    r = repo.ken("lessons", "import", str(fifo))  # refused at once: no writer will ever come
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        f"ken: error: {fifo} is a named pipe (FIFO), not a regular file; give a lessons file (JSON Lines, as "
        "`ken lessons export` writes)"]
