"""What ``ken visualize`` computes, checked in-process at the layer that computes it
(``kenning.app.views.visualize.page_data``) over real git histories: a timeline that keeps its quiet
stretches and stays bounded on a long history, and a heat map led by today's files (renames
followed to the present name, deleted files marked and last, old reverts cooled by --now)."""

from __future__ import annotations

import json
import os
import re
from datetime import date, timedelta
from typing import Any

import pytest

from gate.conftest import LOG, Repo, World, at
from kenning.page.project import render_project


@pytest.fixture
def gw(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> World:
    """A gate-style world (backdated commits, ``ken`` at a chosen ``KEN_NOW``) whose environment
    this process takes too, so that ``page_data`` reads the same machine ``ken`` wrote."""
    world = World(tmp_path)
    for name in [n for n in os.environ if n.startswith(("KEN_", "GIT_"))]:
        monkeypatch.delenv(name)
    for name in ("KEN_HOME", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.setenv(name, world.env[name])
    return world


def page_data(repo: Repo, days: float = 0) -> dict[str, Any]:
    from kenning.app.project import Project
    from kenning.app.views.visualize import page_data as gather

    return gather(Project(repo.path), now=at(days))


def started(world: World, days: float) -> Repo:
    repo = world.repo()
    repo.commit("README.md", "hello\n", "docs: start", days)
    repo.ok("init", "--no-hooks", "--no-backfill", days=days)
    return repo


# -- the timeline ---------------------------------------------------------------------------------

def test_weeks_without_events_are_bars_of_zero_between_the_first_and_the_last(gw: World) -> None:
    repo = started(gw, 400)
    repo.ok("note", "the first thing said", days=300)
    repo.ok("note", "said again eight months later", days=60)
    timeline = page_data(repo)["timeline"]
    starts = [date.fromisoformat(b["start"]) for b in timeline["buckets"]]
    first, last = date.fromisoformat(at(300)[:10]), date.fromisoformat(at(60)[:10])
    assert timeline["unit"] == "week"
    assert starts[0] == first - timedelta(days=first.weekday()) and starts[-1] == last - timedelta(days=last.weekday())
    assert all(starts[n + 1] - starts[n] == timedelta(days=7) for n in range(len(starts) - 1))  # none skipped
    assert len(starts) == 35
    counts = [b["counts"] for b in timeline["buckets"]]
    assert counts[0] == {"note": 1} and counts[-1] == {"note": 1} and all(c == {} for c in counts[1:-1])
    assert timeline["grouped"] is None  # weeks are what it shows: nothing to explain
    assert page_data(repo) == page_data(repo)  # the same memory and --now: the same data


def test_a_seventeen_year_history_is_grouped_by_month_and_says_so(gw: World) -> None:
    repo = started(gw, 17 * 366)
    repo.ok("note", "the project starts", days=17 * 365)
    repo.ok("note", "still going", days=1)
    data = page_data(repo)
    timeline = data["timeline"]
    assert timeline["unit"] == "month"
    starts = [b["start"] for b in timeline["buckets"]]
    first, last = date.fromisoformat(at(17 * 365)[:10]), date.fromisoformat(at(1)[:10])
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    assert len(starts) == months <= 17 * 12 + 1 and len(set(starts)) == len(starts)  # every month once, bounded
    assert starts[0] == f"{first:%Y-%m}-01" and starts[-1] == f"{last:%Y-%m}-01"
    assert sum(sum(b["counts"].values()) for b in timeline["buckets"]) == timeline["total"] == 2
    assert "grouped by month" in timeline["grouped"] and "weeks" in timeline["grouped"]
    assert "Grouped by month: the " in render_project(data)  # said under the chart


# -- the heat map ----------------------------------------------------------------------------------

def fail_twice(repo: Repo, path: str, days: float) -> None:
    issue = repo.issue(f"{path} breaks", path, days)
    repo.failed("first try", path, issue, days)
    repo.failed("second try", path, issue, days)


def test_the_heat_map_follows_renames_marks_deleted_files_and_puts_them_last(gw: World) -> None:
    repo = started(gw, 400)
    repo.commit("src/old_name.py", "x = 1\n", "add the parser", 390)
    repo.commit("src/gone.py", "g = 1\n", "add the cache", 390)
    repo.commit("src/live.py", "l = 1\n", "add the loader", 390)
    fail_twice(repo, "src/old_name.py", 300)
    fail_twice(repo, "src/gone.py", 300)
    repo.failed("third try", "src/gone.py", repo.issue("the cache again", "src/gone.py", 300), 300)
    repo.issue("the loader is slow", "src/live.py", 300)
    repo.git("mv", "src/old_name.py", "src/new_name.py")
    repo.git("commit", "-q", "-m", "move the parser", days=200)
    repo.git("rm", "-q", "src/gone.py")
    repo.git("commit", "-q", "-m", "drop the cache", days=150)
    climbing = {"v": 1, "id": "evt_" + "c" * 20, "type": "note", "summary": "a path that climbs out",
                "location": "src/../../outside.py", "timestamp": at(100).replace("Z", ".000000Z"), "source": "cli"}
    with open(repo.path / LOG, "a", encoding="utf-8") as log:  # as a hand edit or another tool could write it
        log.write(json.dumps(climbing) + "\n")
    data = page_data(repo)
    heat = data["heat"]
    files = {f["path"]: f for f in heat["files"]}
    assert "src/old_name.py" not in files  # its history is under its present name
    renamed = files["src/new_name.py"]
    assert (renamed["failed"], renamed["renamed_from"], renamed["deleted"]) == (2, ["src/old_name.py"], False)
    assert files["src/gone.py"]["deleted"] is True and files["src/live.py"]["deleted"] is False
    assert files["src/gone.py"]["heat"] > renamed["heat"] > files["src/live.py"]["heat"]  # the hottest, and yet
    assert [f["path"] for f in heat["files"]] == ["src/new_name.py", "src/live.py", "src/gone.py"]
    assert heat["deleted"] == 1 and heat["tree_note"] is None  # the climbing path did not make git fail
    assert {e["summary"] for e in renamed["latest"]} >= {"first try", "second try"}  # its old name's events
    html = render_project(data)
    tiles = re.findall(r'<a class="tile h\d( gone)?" href="#file-\d+" title="([^"]+)"', html)
    assert [(gone, title.split(":")[0]) for gone, title in tiles] == [
        ("", "src/new_name.py"), ("", "src/live.py"), (" gone", "src/gone.py")]
    assert "src/gone.py: deleted · 3 failed attempts" in html
    assert 'renamed from <code>src/old_name.py</code>' in html and '<b class="gone">deleted</b>' in html


def test_an_old_revert_cools_and_a_recent_one_does_not(gw: World) -> None:
    repo = started(gw, 1200)
    for name, days in (("src/old.py", 1000), ("src/new.py", 5)):
        repo.commit(name, "a = 1\n", f"add {name}", days + 1)
        repo.commit(name, "a = 2\n", f"change {name}", days + 0.5)
        repo.git("revert", "--no-edit", "HEAD", days=days)
    repo.ok("backfill", "--days", "1300")
    heat = page_data(repo)["heat"]
    files = {f["path"]: f for f in heat["files"]}
    assert "src/old.py" not in files  # one revert almost three years ago: no heat left
    assert files["src/new.py"]["reverts"] == 1 and files["src/new.py"]["revert_heat"] == 3
    assert "halved for every 180 days" in heat["formula"]
    then = {f["path"]: f for f in page_data(repo, days=999)["heat"]["files"]}  # --now the day after it
    assert then["src/old.py"]["reverts"] == 1 and then["src/old.py"]["revert_heat"] == 3
