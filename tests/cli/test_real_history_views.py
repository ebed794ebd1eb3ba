"""The views on a repository with a real history (issue 13, item 10): the summary and the brief
of a memory that is mostly derived from git, key files that were deleted since, and the map of
a C++ tree built with CMake and Bazel. Real git repositories, ``ken``'s command line."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from kenning.app.views.project_map import project_map

from .conftest import Repo, World

NOW = "2031-01-01T00:00:00Z"
DAY = 86_400
NOW_S = 1_924_992_000  # NOW in seconds


def commit(repo: Repo, message: str, days_ago: float, files: dict[str, str | None]) -> str:
    """A commit ``days_ago`` before NOW writing (or, for None, deleting) ``files``."""
    for rel, text in files.items():
        path = repo.path / rel
        if text is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    repo.world.git(repo.path, "add", "-A")
    when = f"@{int(NOW_S - days_ago * DAY)} +0000"
    env = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    dated(repo, env, "commit", "-q", "-m", message)
    return repo.world.git(repo.path, "rev-parse", "HEAD").strip()


def dated(repo: Repo, env: dict[str, str], *args: str) -> None:
    r = subprocess.run(["git", *args], cwd=repo.path, env={**repo.world.env, **env}, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def revert(repo: Repo, sha: str, days_ago: float) -> None:
    when = f"@{int(NOW_S - days_ago * DAY)} +0000"
    dated(repo, {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}, "revert", "--no-edit", sha)


@pytest.fixture
def history(world: World) -> tuple[Repo, str]:
    """Fix commits (conventional and plain), a feature, a change that was reverted, and a file
    the history cites that a later commit deleted. Nothing hand-written yet."""
    repo = world.repo(files={"src/app.py": "def main():\n    return 1\n", "src/old.py": "OLD = 1\n"})
    commit(repo, "fix: handle an empty request body", 40, {"src/app.py": "def main():\n    return 2\n"})
    commit(repo, "Fix the crash on start", 38, {"src/old.py": "OLD = 2\n"})
    commit(repo, "feat: parse in parts", 36, {"src/parser.py": "def parse():\n    return []\n"})
    fast = commit(repo, "Use the fast parser", 34, {"src/parser.py": "def parse():\n    return fast()\n"})
    revert(repo, fast, 33)
    commit(repo, "Drop the old module", 30, {"src/old.py": None})
    repo.ok("init", "--no-hooks", env={"KEN_NOW": NOW})
    return repo, fast


def summary_of(repo: Repo) -> str:
    return repo.ok("summary", env={"KEN_NOW": NOW}).stdout


def section(text: str, title: str) -> list[str]:
    """The lines of a summary section, without its heading."""
    body = text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    return [ln for ln in body.splitlines()[1:] if ln]


# --- the summary -------------------------------------------------------------------------------------

def test_history_derived_from_git_reads_naturally_under_its_own_title(history: tuple[Repo, str]) -> None:
    repo, fast = history
    repo.ok("note", "The parser must stay streaming", env={"KEN_NOW": NOW})
    text = summary_of(repo)
    assert section(text, "Notes (1)") == ["- The parser must stay streaming"]
    # the revert is what an agent must not repeat: first, and shown once
    assert section(text, "Failed attempts and reverts (1)") == [
        f"- Reverted {fast[:10]}: Use the fast parser (src/parser.py)"]
    assert section(text, "From git history (3)") == [
        "- feat: parse in parts (src/parser.py)",
        "- Fix the crash on start (src/old.py)",
        "- fix: handle an empty request body (src/app.py)",
    ]
    assert "fix: fix:" not in text and "attempt: " not in text and "- fix: Fix" not in text


def test_after_a_years_backfill_the_reverts_lead_and_the_budget_is_spent_before_cutting(world: World) -> None:
    # issue 28: a year's backfill showed ten routine fixes and hid the reverts behind "… 41 more"
    repo = world.repo(files={"src/core.py": "v = 0\n", "docs/guide.md": "guide\n"})
    hot = "src/core.py"
    for n in range(90):  # a routine fix every four days, most of them on the hot file
        path = hot if n % 3 else f"src/m{n}.py"
        commit(repo, f"Fix routine thing {n}: " + "a few words on what it changes " * 2, 365 - 4 * n,
               {path: f"v = {n}\n"})
    sentinel = commit(repo, "Use a sentinel default", 300, {hot: "v = 'sentinel'\n"})
    revert(repo, sentinel, 299)  # ten months ago, on the hot file
    guide = commit(repo, "Reword the guide", 20, {"docs/guide.md": "reworded\n"})
    revert(repo, guide, 12)  # recent, on a file cited once
    cache = commit(repo, "Cache the parser", 18, {hot: "v = 'cached'\n"})
    revert(repo, cache, 15)  # recent, on the hot file: first
    for n in range(6):
        commit(repo, f"Fix later thing {n}", 10 - n, {hot: f"w = {n}\n"})
    repo.ok("init", "--no-hooks", "--no-backfill", env={"KEN_NOW": NOW})
    repo.ok("backfill", "--days", "365", env={"KEN_NOW": NOW})
    text = summary_of(repo)
    full = repo.ok("summary", "--full", env={"KEN_NOW": NOW}).stdout
    reverts = [f"- Reverted {cache[:10]}: Cache the parser (src/core.py)",
               f"- Reverted {guide[:10]}: Reword the guide (docs/guide.md)",
               f"- Reverted {sentinel[:10]}: Use a sentinel default (src/core.py)"]
    assert text.split("\n## ")[2].startswith("Failed attempts and reverts (3)\n")  # right after the purpose
    assert section(text, "Failed attempts and reverts (3)") == section(full, "Failed attempts and reverts (3)") \
        == reverts
    shown = section(text, "From git history (96)")
    assert shown[-1] == f"- … {96 - len(shown[:-1])} more: `ken summary --full`"
    assert len(shown) > 40 and not any("Reverted" in line for line in shown)
    assert len(section(full, "From git history (96)")) == 96
    assert 6000 - 200 < len(text) <= 6000  # cut only once the budget is spent
    assert summary_of(repo) == text == (repo.path / ".kenning" / "summary.md").read_text()


def test_key_files_leave_out_deleted_files_and_still_show_twenty(history: tuple[Repo, str]) -> None:
    repo, _ = history
    for n in range(24):
        (repo.path / "src" / f"m{n:02d}.py").write_text("x = 1\n")
    lines = []
    for n in range(24):  # m00 cited 24 times … m23 once; gone.py most of all, and it is not there
        for k in range(24 - n):
            lines.append(event_json(f"{n:02d}{k:02d}", "note", f"about m{n:02d}", f"src/m{n:02d}.py"))
    lines += [event_json(f"90{k:02d}", "note", "about a file since deleted", "src/gone.py") for k in range(30)]
    repo.append_raw(("\n".join(lines) + "\n").encode())
    files = section(summary_of(repo), "Key files (20)")
    assert len(files) == 20
    assert files[0] == "- src/m00.py (24)" and files[-1] == "- src/m19.py (5)"
    assert not any("gone.py" in f or "old.py" in f for f in files)
    full = repo.ok("summary", "--full", env={"KEN_NOW": NOW}).stdout
    assert not any("gone.py" in f for f in section(full, "Key files (20)"))
    # the file comes back, and so does its place among the key files
    (repo.path / "src" / "gone.py").write_text("back = True\n")
    assert section(summary_of(repo), "Key files (20)")[0] == "- src/gone.py (30)"


def event_json(n: str, kind: str, summary: str, location: str) -> str:
    return json.dumps({"v": 1, "id": f"evt_{int(n):020x}", "type": kind, "source": "cli", "summary": summary,
                       "timestamp": f"2030-12-01T00:{int(n) // 100 % 60:02d}:{int(n) % 100 % 60:02d}.{int(n):06d}Z",
                       "location": location}, sort_keys=True, separators=(",", ":"))


def test_an_index_of_an_older_version_is_rebuilt(history: tuple[Repo, str]) -> None:
    repo, _ = history
    before = summary_of(repo)
    db = sqlite3.connect(repo.path / ".kenning" / "cache" / "index.sqlite")
    db.execute("PRAGMA user_version=18")
    db.close()
    assert summary_of(repo) == before


# --- the brief -----------------------------------------------------------------------------------------

def test_brief_of_a_memory_derived_from_git_shows_the_recent_history(history: tuple[Repo, str]) -> None:
    repo, fast = history
    out = repo.ok("brief", env={"KEN_NOW": NOW}).stdout
    assert "Nothing on record" not in out
    recent = out.split("Recent history (4)\n", 1)[1].splitlines()
    assert recent[:4] == [f"  Reverted {fast[:10]}: Use the fast parser (src/parser.py)",
                          "  feat: parse in parts (src/parser.py)", "  Fix the crash on start (src/old.py)",
                          "  … 1 more: `ken summary --full`"]
    data = repo.json("brief", env={"KEN_NOW": NOW})
    assert data["recent_history"]["total"] == 4
    shown = data["recent_history"]["shown"]
    assert [s["type"] for s in shown] == ["attempt", "note", "fix"] and all(s["from_git"] for s in shown)
    assert shown[0]["outcome"] == "failed" and shown[0]["location"] == "src/parser.py"
    # a hand-written note is newer than the history: it comes first, and is not from git
    repo.ok("note", "The parser must stay streaming", env={"KEN_NOW": NOW})
    data = repo.json("brief", env={"KEN_NOW": NOW})
    assert data["recent_history"]["total"] == 5
    assert data["recent_history"]["shown"][0]["summary"] == "The parser must stay streaming"
    assert data["recent_history"]["shown"][0]["from_git"] is False


def test_brief_judges_the_most_cited_files_that_still_exist(history: tuple[Repo, str]) -> None:
    repo, _ = history
    lines = [event_json(f"90{k:02d}", "attempt", "tried and failed", "src/gone.py")[:-1]
             + ',"issue_id":"zzzz","outcome":"failed"}' for k in range(3)]
    repo.append_raw(("\n".join(lines) + "\n").encode())
    out = repo.ok("brief", env={"KEN_NOW": "2031-06-01T00:00:00Z"}).stdout  # the failures are old by then
    assert "gone.py" not in out


def test_brief_says_nothing_on_record_only_of_an_empty_memory(world: World) -> None:
    repo = world.repo()
    repo.init()
    assert "Nothing on record yet" in repo.ok("brief").stdout
    issue = repo.json("issue", "The build is slow")["issue_id"]
    repo.ok("fix", "Cached the toolchain", "--issue", issue)
    out = repo.ok("brief").stdout
    assert "Nothing on record yet" not in out
    assert "Nothing open or recent among 2 events on record" in out


# --- the project map -------------------------------------------------------------------------------------

CMAKE = """# Copyright: project(not_this one)
cmake_minimum_required(VERSION 3.16...3.26)
project(absl LANGUAGES CXX VERSION 20250127  # the LTS date
  DESCRIPTION "Abseil: C++ common libraries (\\"absl\\")")
"""
MODULE = """module(
    name = "abseil-cpp",
    version = "head",
)
bazel_dep(name = "rules_cc", version = "0.2.22")
bazel_dep(name = "google_benchmark", version = "1.9.5", dev_dependency = True)
bazel_dep(
    name = "googletest",
    version = "1.17.0",
)
"""


def test_init_maps_a_cmake_and_bazel_tree(world: World) -> None:
    repo = world.repo(files={"CMakeLists.txt": CMAKE, "MODULE.bazel": MODULE, "BUILD.bazel": "",
                             "WORKSPACE": 'workspace(name = "com_google_absl")\n', "absl/base/macros.h": ""})
    repo.init()
    text = (repo.path / ".kenning" / "PROJECT_MAP.md").read_text()
    assert text.startswith("# Project map: absl\n")
    assert "Abseil: C++ common libraries" in text.split("## Stack")[0]  # the description seeds the purpose
    stack = text.split("## Stack\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert stack == ["- CMake (CMakeLists.txt): project absl 20250127; C++; CMake 3.16 or newer",
                     "- Bazel (MODULE.bazel, WORKSPACE, BUILD.bazel): module abseil-cpp head; "
                     "dependencies: rules_cc, googletest"]
    assert "no manifest found" not in text


@pytest.mark.parametrize(("files", "name", "stack"), [
    ({"meson.build": "project('git', 'c',\n  meson_version: '>=0.61.0',\n  version: run_command('GEN').stdout(),\n)\n"},
     "git", ["Meson (meson.build): project git; C"]),
    ({"settings.gradle.kts": 'rootProject.name = "shop"\ninclude(":app")\n',
      "build.gradle.kts": 'plugins {\n    id("com.android.application")\n    kotlin("android")\n}\n'},
     "shop", ["Gradle (settings.gradle.kts, build.gradle.kts): Kotlin DSL; Android, Kotlin"]),
    ({"pom.xml": "<?xml version='1.0'?>\n<project><!-- <artifactId>no</artifactId> -->\n<parent><artifactId>base"
                 "</artifactId></parent>\n<groupId>com.example</groupId><artifactId>cart</artifactId>"
                 "<version>${revision}</version>\n<developers><developer><name>Ann</name></developer></developers>"
                 "<dependencies><dependency><groupId>g</groupId><artifactId>guava</artifactId></dependency>"
                 "</dependencies></project>\n"},
     "cart", ["Maven (pom.xml): com.example:cart; dependencies: guava"]),
    ({"Package.swift": '// swift-tools-version: 5.9\nlet package = Package(\n  name: "Kit",\n  dependencies: [\n'
                       '    .package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"),\n  ]\n)\n'},
     "Kit", ["Swift Package (Package.swift): Swift tools 5.9; dependencies: swift-log"]),
    ({"Shop.sln": "", "Shop.csproj": "<Project><PropertyGroup><TargetFramework>net8.0</TargetFramework>"
                                      "</PropertyGroup></Project>"},
     "Shop", [".NET (Shop.sln, Shop.csproj): C#; net8.0"]),
    ({"go.mod": "module example.com/tools\n\ngo 1.22\n", "CMakeLists.txt": "PROJECT(${NAME} C)\n",
      "WORKSPACE.bazel": ""},
     "tools", ["Go 1.22 (go.mod)", "CMake (CMakeLists.txt): C", "Bazel (WORKSPACE.bazel)"]),
    ({"CMakeLists.txt": "not ( a manifest", "pom.xml": "<project><artifactId>", "Package.swift": ""},
     None, ["Swift Package (Package.swift)", "Maven (pom.xml)", "CMake (CMakeLists.txt)"]),
])
def test_the_map_names_every_stack_it_finds(tmp_path: Path, files: dict[str, str], name: str | None,
                                            stack: list[str]) -> None:
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    text = project_map(tmp_path)
    assert text.splitlines()[0] == f"# Project map: {name or tmp_path.name}"
    assert text.split("## Stack\n\n", 1)[1].split("\n\n", 1)[0].splitlines() == [f"- {s}" for s in stack]


def test_the_map_never_runs_what_it_reads(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "CMakeLists.txt").write_text(f'project(x)\nexecute_process(COMMAND touch "{marker}")\n')
    (tmp_path / "meson.build").write_text(f"project('y')\nrun_command('touch', '{marker}')\n")
    (tmp_path / "Package.swift").write_text(f'import Foundation\nlet p = Package(name: "z")\n// touch {marker}\n')
    project_map(tmp_path)
    assert not marker.exists()
