"""The team lessons store: two machines (two KEN_HOMEs) share lessons through a bare git
repository with `ken lessons remote URL` and `ken lessons sync`, through `ken`'s command line and real git."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from machine import KEN

from .conftest import Repo, World
from .test_lessons import failed, lessons, node_project


@pytest.fixture
def team(world: World, tmp_path: Path) -> Path:
    """The team's repository: bare, empty, its default branch main (as the machines' git says)."""
    bare = tmp_path / "team-lessons.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True, env=world.env)
    return bare


@pytest.fixture
def laptop(tmp_path: Path) -> World:
    """A second machine: its own KEN_HOME, HOME and projects."""
    return World(tmp_path / "laptop")


def sync(repo: Repo) -> dict:
    return repo.json("lessons", "sync")  # type: ignore[no-any-return]


def remote_lines(bare: Path) -> list[dict]:
    out = subprocess.run(["git", "--git-dir", str(bare), "show", "HEAD:lessons.jsonl"], capture_output=True,
                         text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_lessons_travel_between_two_machines_both_ways(world: World, laptop: World, team: Path) -> None:
    shop = node_project(world, "webshop")
    _, attempt = failed(shop, "wrapped the rows in React.memo(); hydration broke")
    added = shop.json("lessons", "add", "next/image needs sharp in standalone builds", "--library", "next")["id"]
    assert shop.ok("lessons", "remote", str(team)).stdout.strip() == str(team)
    report = sync(shop)
    assert (report["shared"], report["pushed"], report["reached"], report["warning"]) == (2, True, True, None)
    assert {x["id"] for x in remote_lines(team) if x["op"] == "lesson"} == {attempt, added}
    assert all(x.get("root") is None for x in remote_lines(team))  # this machine's folders stay here
    attributes = subprocess.run(["git", "--git-dir", str(team), "show", "HEAD:.gitattributes"], capture_output=True,
                                text=True, check=True).stdout
    assert "lessons.jsonl merge=union" in attributes.splitlines()

    consumer = node_project(laptop, "consumer")
    assert lessons(consumer) == []
    consumer.ok("lessons", "remote", str(team))
    assert sync(consumer)["pulled"] == 2
    found = {x["id"]: x for x in lessons(consumer)}
    assert set(found) == {attempt, added} and found[attempt]["project"] == "webshop"
    assert "hydration broke (from webshop" in consumer.ok("summary").stdout  # the session-start summary too

    theirs = consumer.json("lessons", "add", "React 18 batches updates inside timeouts", "--library", "react")["id"]
    sync(consumer)
    assert sync(shop)["pulled"] == 1
    assert theirs in {x["id"] for x in lessons(shop)}


def test_concurrent_additions_merge_without_conflict_or_duplicates(world: World, laptop: World, team: Path) -> None:
    left, right = node_project(world, "webshop"), node_project(laptop, "webshop")
    for repo in (left, right):
        repo.ok("lessons", "remote", str(team))
    shared = left.json("lessons", "add", "React.lazy needs a Suspense boundary", "--library", "react")["id"]
    sync(left)
    sync(right)
    exported = right.path / "shared.jsonl"
    right.ok("lessons", "export", str(exported))
    right.ok("lessons", "import", str(exported))  # the same lesson now in both machines' stores
    mine = left.json("lessons", "add", "next 14 drops the swcMinify flag", "--library", "next")["id"]
    theirs = right.json("lessons", "add", "React 18 strict mode runs effects twice", "--library", "react")["id"]
    assert sync(left)["pushed"]
    report = sync(right)  # its fetch finds the left's commit: union merge, then push
    assert report["pushed"] and report["pulled"] == 1
    sync(left)
    for repo in (left, right):
        ids = [x["id"] for x in lessons(repo)]
        assert sorted(ids) == sorted({shared, mine, theirs}) and len(ids) == len(set(ids))
    text = subprocess.run(["git", "--git-dir", str(team), "show", "HEAD:lessons.jsonl"], capture_output=True,
                          text=True, check=True).stdout
    assert "<<<<<<<" not in text and ">>>>>>>" not in text
    assert all(json.loads(line) for line in text.splitlines())


def test_a_push_refused_because_the_remote_moved_is_retried(world: World, laptop: World, team: Path,
                                                            tmp_path: Path) -> None:
    left, right = node_project(world, "webshop"), node_project(laptop, "webshop")
    for repo in (left, right):
        repo.ok("lessons", "remote", str(team))
    assert sync(right)["warning"] is None  # an empty store syncs quietly (it pushes the .gitattributes)
    right.ok("lessons", "add", "React 18 batches updates inside timeouts", "--library", "react")
    left.ok("lessons", "add", "next 14 drops the swcMinify flag", "--library", "next")
    # a git on the left machine's PATH that lets the right machine sync just before the left's first push
    shim = tmp_path / "shim"
    shim.mkdir()
    real_git = subprocess.run(["which", "git"], capture_output=True, text=True, check=True).stdout.strip()
    marker = tmp_path / "moved"
    (shim / "git").write_text(
        "#!/bin/sh\n"
        f'case " $* " in *" push "*) if [ ! -e "{marker}" ]; then touch "{marker}"; '
        f'env KEN_HOME="{laptop.env["KEN_HOME"]}" HOME="{laptop.env["HOME"]}" PATH="{os.environ["PATH"]}" '
        f'"{KEN}" lessons sync >/dev/null 2>&1; fi;; esac\n'
        f'exec "{real_git}" "$@"\n')
    (shim / "git").chmod((shim / "git").stat().st_mode | stat.S_IEXEC)
    report = left.json("lessons", "sync", env={"PATH": f"{shim}{os.pathsep}{world.env['PATH']}"})
    assert marker.exists() and report["pushed"] and report["warning"] is None
    merges = subprocess.run(["git", "--git-dir", str(team), "rev-list", "--merges", "main"], capture_output=True,
                            text=True, check=True).stdout
    assert merges.strip(), "the refused push was followed by a merge of what the remote had meanwhile"
    texts = {x["text"] for x in remote_lines(team) if x["op"] == "lesson"}
    assert texts == {"React 18 batches updates inside timeouts", "next 14 drops the swcMinify flag"}


def test_an_unreachable_remote_warns_once_and_local_lessons_keep_working(world: World, tmp_path: Path) -> None:
    shop = node_project(world, "webshop")
    _, attempt = failed(shop, "wrapped the rows in React.memo(); hydration broke")
    missing = tmp_path / "no" / "such" / "repo.git"
    shop.ok("lessons", "remote", str(missing))
    r = shop.ken("lessons", "sync")
    assert r.returncode == 0, r.stderr
    assert len(r.stderr.splitlines()) == 1 and "warning" in r.stderr and str(missing) in r.stderr
    assert "not pushed" in r.stdout and "Traceback" not in r.stderr
    assert [x["id"] for x in lessons(shop)] == [attempt]
    again = shop.json("lessons", "sync")
    assert again["reached"] is False and again["shared"] == 0  # already committed in the local clone
    assert not missing.exists()


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_remote_is_recorded_printed_and_cleared(world: World, team: Path) -> None:
    shop = node_project(world, "webshop")
    assert "no team lessons remote" in shop.ok("lessons", "remote").stdout
    r = shop.ken("lessons", "sync")
    assert r.returncode == 2 and "ken lessons remote URL" in r.stderr and len(r.stderr.splitlines()) == 1
    relative = os.path.relpath(team, shop.path)
    assert shop.json("lessons", "remote", relative) == {"remote": str(team)}  # made absolute
    assert shop.ok("lessons", "remote").stdout.strip() == str(team)
    assert shop.json("lessons", "remote", "--clear") == {"remote": None}
    assert "no team lessons remote" in shop.ok("lessons", "remote").stdout


@pytest.mark.parametrize("name", ["lessons.jsonl", ".gitattributes"])
def test_a_team_file_committed_as_a_link_is_never_read_or_written_through(world: World, team: Path,
                                                                           tmp_path: Path, name: str) -> None:
    """A teammate (or a stranger with push access) commits lessons.jsonl or .gitattributes as a
    link to a file of the reader's: syncing must neither read it (its bytes would be copied into
    the clone and pushed with the next sync) nor write through it."""
    secret = tmp_path / "secret.txt"
    secret.write_text("PRIVATE KEY MATERIAL\n")
    before = secret.read_bytes()
    hostile = tmp_path / "hostile"
    git = ["git", "-c", "user.email=h@example.com", "-c", "user.name=h"]
    subprocess.run([*git, "clone", "-q", str(team), str(hostile)], check=True, env=world.env, capture_output=True)
    (hostile / name).symlink_to(secret)
    subprocess.run([*git, "-C", str(hostile), "add", name], check=True, env=world.env)
    subprocess.run([*git, "-C", str(hostile), "commit", "-qm", "lessons"], check=True, env=world.env)
    subprocess.run([*git, "-C", str(hostile), "push", "-q", "origin", "HEAD"], check=True, env=world.env,
                   capture_output=True)

    shop = node_project(world, "webshop")
    shop.json("lessons", "add", "next/image needs sharp in standalone builds", "--library", "next")
    shop.ok("lessons", "remote", str(team))
    for command in (["lessons", "sync"], ["lessons", "prune"], ["lessons", "sync"]):
        shop.ken(*command)
    refused = shop.ken("lessons", "sync")
    assert refused.returncode != 0
    assert "symbolic link" in refused.stderr and "Traceback" not in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert secret.read_bytes() == before  # nothing appended through the link
    pushed = subprocess.run(["git", "--git-dir", str(team), "log", "--all", "-p"], capture_output=True,
                            text=True, check=True, env=world.env).stdout
    assert "PRIVATE KEY MATERIAL" not in pushed  # nothing read through it went out
    listed = shop.ken("lessons", "--json")  # local lessons still work, with one warning about the team file
    assert listed.returncode == 0
    assert ("symbolic link" in listed.stderr) == (name == "lessons.jsonl")  # listing reads no attributes
    assert any(x["text"].startswith("next/image") for x in json.loads(listed.stdout)["lessons"])
