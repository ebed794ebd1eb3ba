"""Every view bounds what it prints of one memory: a 2 MB lesson in the machine's store or from
the team's remote, and a 2 MB event in a log committed elsewhere, are shown up to the most a
valid write holds, with how many characters were left out and where the whole text is."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from .conftest import Repo, World, event_line
from .test_lessons import node_project

HUGE = 2_000_000
BOUND = 30_000  # a view's whole output with one huge memory in it: the schema's limits and a frame


def huge_lesson(lid: str) -> dict:
    return {"op": "lesson", "v": 1, "id": lid, "text": "hydration " + "x" * HUGE, "library": "react",
            "libraries": ["react"], "project": "elsewhere", "issue_id": "k7q2", "outcome": "failed",
            "timestamp": "2026-01-01T00:00:00.000000Z", "fix": "keyed rows " + "y" * HUGE}


def assert_bounded_views(repo: Repo, lid: str) -> None:
    for args in (["lessons"], ["lessons", "--json"], ["context"], ["brief"], ["summary", "--full"]):
        out = repo.ok(*args).stdout
        assert "hydration xxx" in out, args
        assert len(out) < BOUND, (args, len(out))
    listed = repo.ok("lessons").stdout
    assert re.search(r"hydration x+… \(1,99\d,\d{3} more characters: `ken lessons export -` has the whole lesson\)",
                     listed)
    assert repo.json("lessons")["lessons"][0]["id"] == lid
    whole = repo.ok("lessons", "export", "-").stdout  # the export is data: whole
    assert len(whole) > HUGE


@pytest.mark.slow  # megabytes through several ken processes
def test_a_2mb_lesson_in_the_machine_store_is_shown_bounded(world: World) -> None:
    repo = node_project(world, "shop")
    store = Path(world.env["KEN_HOME"]) / "lessons.jsonl"
    store.write_text(json.dumps(huge_lesson("lsn_huge")) + "\n")
    assert_bounded_views(repo, "lsn_huge")


@pytest.mark.slow
def test_a_2mb_lesson_from_the_team_remote_is_shown_bounded(world: World, tmp_path: Path) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True, env=world.env)
    hostile = tmp_path / "hostile"
    git = ["git", "-c", "user.email=h@example.com", "-c", "user.name=h"]
    subprocess.run([*git, "clone", "-q", str(bare), str(hostile)], check=True, env=world.env, capture_output=True)
    (hostile / "lessons.jsonl").write_text(json.dumps(huge_lesson("lsn_team")) + "\n")
    subprocess.run([*git, "-C", str(hostile), "add", "lessons.jsonl"], check=True, env=world.env)
    subprocess.run([*git, "-C", str(hostile), "commit", "-qm", "lessons"], check=True, env=world.env)
    subprocess.run([*git, "-C", str(hostile), "push", "-q", "origin", "HEAD"], check=True, env=world.env,
                   capture_output=True)
    repo = node_project(world, "shop")
    repo.ok("lessons", "remote", str(bare))
    repo.ok("lessons", "sync")
    assert_bounded_views(repo, "lsn_team")


@pytest.mark.slow
def test_a_2mb_event_in_a_committed_log_is_shown_bounded(repo: Repo) -> None:
    eid = "evt_" + "0" * 19 + "1"
    repo.append_raw(event_line(id=eid, type="issue", issue_id="k7q2", summary="charges " + "s" * HUGE,
                               details="seen " + "d" * HUGE, timestamp="2026-01-01T00:00:00.000000Z"))
    for args in (["show", eid], ["show", "k7q2"], ["show", eid, "--json"], ["search", "charges"],
                 ["search", "charges", "--json"], ["issues"], ["issues", "--json"], ["summary", "--full"],
                 ["context"], ["brief"]):
        out = repo.ok(*args).stdout
        assert "charges sss" in out, args
        assert len(out) < BOUND, (args, len(out))
    shown = repo.ok("show", eid).stdout
    assert "more characters: `ken export --jsonl` has the whole event)" in shown
    assert len(repo.ok("export", "--jsonl").stdout) > 2 * HUGE  # the export is data: whole
