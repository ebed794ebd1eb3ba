"""Lessons by hand: `ken lessons add`, `export`, `import` and `prune`, through `ken`'s command line,
each machine its own KEN_HOME."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import World
from .test_lessons import failed, lessons, node_project, store

NOW = {"KEN_NOW": "2031-06-01T00:00:00Z"}
GITHUB_TOKEN = "ghp_R8xq2LmZ7vNc4TbW9sKd3YfH6jPa1UeG0oQi"  # shaped like real ones: all-one-letter ones are fakes
NPM_TOKEN = "npm_Zk3Lq9Wm2Xn7Bv4Cr8Ty1Hu6Jp5Ds0Fg2AbQ"


def line(**fields: object) -> str:
    return json.dumps(fields)


def test_add_files_a_lesson_under_every_library_named_and_redacts_it(world: World) -> None:
    shop = node_project(world, "webshop")
    r = shop.ok("lessons", "add", "next/dynamic around React.memo broke hydration; token " + GITHUB_TOKEN,
                "--library", "react", "--library", "Next", "--json")
    added = json.loads(r.stdout)
    assert added["libraries"] == ["react", "next"] and "ghp_" not in added["text"] and "github" in r.stderr
    consumer = node_project(world, "consumer")
    [found] = lessons(consumer)
    assert (found["id"], found["library"], found["libraries"]) == (added["id"], "react", ["react", "next"])
    assert lessons(consumer, "--library", "next")[0]["id"] == added["id"]  # filed under both
    assert "[react, next]" in consumer.ok("lessons").stdout
    assert "ghp_" not in (Path(world.env["KEN_HOME"]) / "lessons.jsonl").read_text()
    assert shop.log_bytes().count(b"\n") == 0  # the project's log is not where hand lessons go


def test_add_works_outside_any_project_and_shows_in_the_summary(world: World) -> None:
    outside = world.base / "elsewhere"
    outside.mkdir()
    shop = node_project(world, "webshop")
    r = shop.ken("lessons", "add", "React 18 batches updates in timeouts too", "--library", "react", cwd=outside)
    assert r.returncode == 0, r.stderr
    assert "- [react] React 18 batches updates in timeouts too (from another project)" in shop.ok("summary").stdout


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_export_then_import_on_another_machine_is_idempotent(world: World, tmp_path: Path) -> None:
    shop = node_project(world, "webshop")
    issue, attempt = failed(shop, "React.memo on the rows broke hydration")
    shop.ok("fix", "keyed rows by id", "--issue", issue)
    shop.ok("lessons", "add", "next/image needs sharp in standalone builds", "--library", "next")
    exported = tmp_path / "out" / "lessons.jsonl"
    assert "exported 2 lesson(s)" in shop.ok("lessons", "export", str(exported)).stderr
    lines = [json.loads(x) for x in exported.read_text().splitlines()]
    assert {x["id"] for x in lines} >= {attempt} and all(x["v"] == 1 and "root" not in x for x in lines)
    assert shop.ok("lessons", "export", "-").stdout == exported.read_text()  # `-` prints the same lines

    other = World(tmp_path / "laptop")
    consumer = node_project(other, "consumer")
    r = consumer.json("lessons", "import", str(exported))
    assert (r["added"], r["present"], r["skipped"]) == (2, 0, [])
    again = consumer.json("lessons", "import", str(exported))
    assert (again["added"], again["present"]) == (0, 2)
    found = {x["id"]: x for x in lessons(consumer)}
    assert found[attempt]["fix"] == "keyed rows by id" and found[attempt]["project"] == "webshop"
    assert len(store(other)) == 3  # two lessons and a fix, once


def test_import_redacts_attributes_and_reports_malformed_lines(world: World, tmp_path: Path) -> None:
    consumer = node_project(world, "consumer")
    source = tmp_path / "lessons.jsonl"
    source.write_text("\n".join([
        line(id="l-1", text="React.lazy needs Suspense; password=Sup3rSecretValue!", libraries=["react"]),
        line(id="l-2", text="next.config.js rewrites run before middleware"),  # attributed: next
        line(id="l-3", text="the build was slow on Fridays"),  # names no declared library
        "{not json",
        line(text="no id"),
        line(id="l-4", text="React 18 strict mode", timestamp="yesterday"),
        "",
        line(id="l-5", text="a fix came with it", libraries=["react"], fix="pinned it, " + NPM_TOKEN),
    ]) + "\n")
    r = consumer.ken("lessons", "import", str(source))
    assert r.returncode == 0, r.stderr
    assert re.findall(r"lessons\.jsonl:(\d+): skipped", r.stderr) == ["3", "4", "5", "6"]
    assert "imported 3 lesson(s)" in r.stderr and "Traceback" not in r.stderr
    found = {x["id"]: x for x in lessons(consumer)}
    assert set(found) == {"l-1", "l-2", "l-5"}
    assert found["l-2"]["libraries"] == ["next"]
    text = (Path(world.env["KEN_HOME"]) / "lessons.jsonl").read_text()
    assert "Sup3rSecretValue" not in text and NPM_TOKEN not in text and "[REDACTED:" in text


@pytest.mark.parametrize("make", ["missing", "folder", "latin1"])
def test_a_file_that_cannot_be_imported_is_one_error_and_writes_nothing(world: World, tmp_path: Path,
                                                                         make: str) -> None:
    consumer = node_project(world, "consumer")
    path = tmp_path / "in.jsonl"
    if make == "folder":
        path.mkdir()
    elif make == "latin1":
        path.write_bytes(b'{"id": "x", "text": "caf\xe9 react", "libraries": ["react"]}\n')  # Latin-1 bytes
    r = consumer.ken("lessons", "import", str(path))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert str(path) in r.stderr
    assert store(world) == []


def test_prune_drops_old_lessons_from_the_machine_store_only(world: World) -> None:
    shop = node_project(world, "webshop")
    old_issue = shop.json("issue", "old problem", env={"KEN_NOW": "2029-01-01T00:00:00Z"})["issue_id"]
    shop.ok("attempt", "React.memo broke the old list", "--failed", "--issue", old_issue,
            env={"KEN_NOW": "2029-01-02T00:00:00Z"})
    recent = {"KEN_NOW": "2031-05-01T00:00:00Z"}
    issue = shop.json("issue", "recent problem", env=recent)["issue_id"]
    shop.ok("attempt", "the React suspense boundary swallowed the error", "--failed", "--issue", issue, env=recent)
    shop.ok("lessons", "add", "next 14 drops swcMinify", "--library", "next", env={"KEN_NOW": "2029-03-01T00:00:00Z"})
    log_before = shop.log_bytes()
    store_before = (Path(world.env["KEN_HOME"]) / "lessons.jsonl").read_bytes()

    dry = shop.ok("lessons", "prune", "--older-than", "1y", "--dry-run", env=NOW).stdout
    assert dry.startswith("would prune 2 lesson(s)") and "React.memo broke the old list" in dry
    assert (Path(world.env["KEN_HOME"]) / "lessons.jsonl").read_bytes() == store_before

    report = shop.json("lessons", "prune", "--older-than", "1y", env=NOW)
    assert sorted(x["text"] for x in report["pruned"]) == ["React.memo broke the old list", "next 14 drops swcMinify"]
    kept = [x["text"] for x in lessons(node_project(world, "consumer"))]
    assert kept == ["the React suspense boundary swallowed the error"]
    assert shop.log_bytes() == log_before  # the project's own history is never pruned
    shop.ok("regenerate")  # promoting the old attempt again does not bring it back
    assert len(lessons(node_project(world, "third"))) == 1


@pytest.mark.parametrize("args", [
    ("lessons", "prune", "--older-than", "1x"),
    ("lessons", "prune", "--older-than", "0d"),
    ("lessons", "prune"),
    ("lessons", "add", "text without a library"),
    ("lessons", "add", "", "--library", "react"),
    ("lessons", "add", "text", "--library", "not a name"),
    ("lessons", "export"),
    ("lessons", "import"),
    ("lessons", "sync", "extra"),
    ("lessons", "prune", "--older-than", "1y", "--clear"),
    ("lessons", "remote", "-x"),
    ("lessons", "bogus"),
])
def test_hostile_arguments_are_one_clear_error(world: World, args: tuple[str, ...]) -> None:
    shop = node_project(world, "webshop")
    r = shop.ken(*args)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, (args, r.stderr)
    assert store(world) == [] and not (Path(world.env["KEN_HOME"]) / "team.json").exists()


def test_export_into_a_folder_is_an_error(world: World, tmp_path: Path) -> None:
    shop = node_project(world, "webshop")
    r = shop.ken("lessons", "export", str(tmp_path))
    assert r.returncode == 2 and "folder" in r.stderr and len(r.stderr.splitlines()) == 1
