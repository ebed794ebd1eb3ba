"""Cross-project lessons: promoted from one project, shown in the next one that uses the library."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .conftest import Repo, World, event_line

REACT = json.dumps({"name": "app", "dependencies": {"react": "18.2.0", "next": "14.1.0"}})


def node_project(world: World, name: str, manifest: str = REACT) -> Repo:
    repo = world.repo(name, files={"package.json": manifest, "src/list.tsx": "export const L = 1\n"})
    repo.init()
    return repo


def failed(repo: Repo, text: str, at: str = "src/list.tsx") -> tuple[str, str]:
    issue = repo.json("issue", f"problem behind: {text[:30]}", "--at", at)["issue_id"]
    attempt = repo.json("attempt", text, "--failed", "--issue", issue, "--at", at)["id"]
    return issue, attempt


def lessons(repo: Repo, *args: str) -> list[dict]:
    return repo.json("lessons", *args)["lessons"]  # type: ignore[no-any-return]


def store(world: World) -> list[dict]:
    path = Path(world.env["KEN_HOME"]) / "lessons.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_lesson_reaches_the_next_project_using_the_library_with_its_origin_and_fix(world: World) -> None:
    shop = node_project(world, "webshop")
    issue, attempt = failed(shop, "wrapped the rows in React.memo(); hydration broke")
    consumer = node_project(world, "consumer")
    found = lessons(consumer)
    assert found == [{"id": attempt, "text": "wrapped the rows in React.memo(); hydration broke", "library": "react",
                      "libraries": ["react"], "project": "webshop", "issue_id": issue, "outcome": "failed",
                      "fix": None}]
    shop.ok("fix", "keyed rows by id", "--issue", issue)
    assert lessons(consumer)[0]["fix"] == "keyed rows by id"
    text = consumer.ok("lessons").stdout
    assert attempt in text and "[react]" in text and "webshop" in text and "keyed rows by id" in text


def test_only_projects_declaring_the_library_see_it(world: World) -> None:
    shop = node_project(world, "webshop")
    failed(shop, "the React suspense boundaries swallowed the error")
    vue = node_project(world, "vueshop", json.dumps({"dependencies": {"vue": "3.4.0"}}))
    assert lessons(vue) == []
    assert [x["library"] for x in lessons(vue, "--library", "react")] == ["react"]  # asked for by name
    py = world.repo("service", files={"pyproject.toml": '[project]\nname = "s"\ndependencies = ["react-py"]\n'})
    py.init()
    assert lessons(py) == []


def test_a_project_without_a_manifest_promotes_nothing(world: World) -> None:
    bare = world.repo("bare", files={"main.txt": "x\n"})
    bare.init()
    failed(bare, "react suspense in the bare project failed", at="main.txt")
    assert store(world) == []
    assert lessons(node_project(world, "consumer")) == []


def test_english_word_packages_need_a_code_like_mention(world: World) -> None:
    shop = node_project(world, "webshop")
    shop.ok("note", "lesson: the list does not react to prop changes until remount")
    shop.ok("note", "lesson: never trust the next deploy window on Fridays")
    shop.ok("note", "gotcha: `next` rewrites need a trailing slash in next.config.js")
    texts = [x["text"] for x in lessons(node_project(world, "consumer"))]
    assert texts == ["gotcha: `next` rewrites need a trailing slash in next.config.js"]


def test_unmarked_notes_and_decisions_and_worked_attempts_are_not_lessons(world: World) -> None:
    shop = node_project(world, "webshop")
    shop.ok("note", "we use React 18")
    shop.ok("decide", "stay on React 18 for now")
    issue = shop.json("issue", "slow list")["issue_id"]
    shop.ok("attempt", "windowing with React worked", "--worked", "--issue", issue)
    shop.ok("attempt", "concurrent mode in React helped a bit", "--partial", "--issue", issue)
    shop.ok("decide", "never render React portals into body", "--lesson")
    shop.ok("decide", "avoid: the React context for hot state")
    texts = sorted(x["text"] for x in lessons(node_project(world, "consumer")))
    assert texts == ["avoid: the React context for hot state", "concurrent mode in React helped a bit",
                     "never render React portals into body"]


def test_forget_hides_a_lesson_everywhere_and_is_logged(world: World) -> None:
    shop = node_project(world, "webshop")
    _, attempt = failed(shop, "React.lazy inside a loop remounted everything")
    consumer = node_project(world, "consumer")
    r = consumer.ok("lessons", "forget", attempt[:10])
    assert attempt in r.stderr
    assert lessons(consumer) == [] and lessons(shop) == []
    assert [r["op"] for r in store(world)] == ["lesson", "forget"]
    for bad in (("lessons", "forget", "evt_nothing"), ("lessons", "forget"), ("lessons", "extra")):
        r = consumer.ken(*bad)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, bad


def test_a_teammates_lesson_arriving_in_the_log_is_promoted_and_rebuilds_add_nothing(world: World) -> None:
    shop = node_project(world, "webshop")
    shop.append_raw(event_line(id="evt_" + "ab" * 10, type="attempt", outcome="failed", issue_id="tm01",
                               timestamp="2030-01-01T00:00:00.000000Z", summary="react-dom render in a worker failed"))
    shop.append_raw(event_line(id="evt_" + "cd" * 10, type="attempt", outcome="failed", issue_id="tm01",
                               timestamp="2030-01-01T00:00:01.000000Z", summary="useEffect in React fired twice"))
    consumer = node_project(world, "consumer")
    assert lessons(consumer) == []  # nothing has read the teammate's events yet
    shop.ok("issues")
    assert [x["id"] for x in lessons(consumer)] == ["evt_" + "cd" * 10]  # react-dom is not declared
    shutil.rmtree(shop.path / ".kenning" / "cache")
    shop.ok("issues")
    assert len(store(world)) == 1


def test_lessons_show_up_in_context_and_brief_but_not_in_export(world: World) -> None:
    shop = node_project(world, "webshop")
    failed(shop, "React.memo on the rows broke hydration")
    consumer = node_project(world, "consumer")
    assert "React.memo on the rows broke hydration" in consumer.ok("context").stdout.split("## Lessons")[1]
    assert "React.memo on the rows broke hydration" in consumer.ok("brief").stdout.split("\nLessons (")[1]
    # a tracked file gets this project's own memory only, never another project's lessons
    consumer.ok("note", "lesson: the CDN caches 404s for a minute")
    consumer.ok("export", "--claude-md")
    exported = (consumer.path / "CLAUDE.md").read_text()
    assert "the CDN caches 404s" in exported and "hydration" not in exported and "webshop" not in exported


def test_the_summary_shows_other_projects_lessons_for_the_stack_marked_as_theirs(world: World) -> None:
    shop = node_project(world, "webshop")
    issue, _ = failed(shop, "React.memo on the rows broke hydration")
    consumer = node_project(world, "consumer")
    text = consumer.ok("summary").stdout
    assert ("## Lessons from other projects (1)\n"
            f"- [react] failed: React.memo on the rows broke hydration (from webshop #{issue})\n") in text
    assert (consumer.path / ".kenning" / "summary.md").read_text() == text
    assert consumer.json("summary")["summary"] == text
    # the project that learned it, and a copy of it in another folder, hold it as their own history
    copy = world.base / "elsewhere" / "webshop"
    shutil.copytree(shop.path, copy, ignore=shutil.ignore_patterns("cache", "local"))
    for repo in (shop, Repo(world, copy)):
        own = repo.ok("summary").stdout
        assert "other projects" not in own and "React.memo on the rows broke hydration" in own


def test_a_lesson_added_in_a_project_is_its_own_there_and_from_it_elsewhere(world: World) -> None:
    shop = node_project(world, "webshop")
    shop.ok("lessons", "add", "React 18 runs effects twice in strict mode", "--library", "react")
    consumer = node_project(world, "consumer")
    own = shop.ok("summary").stdout
    assert "other projects" not in own
    assert "## Lessons (1)\n- [react] React 18 runs effects twice in strict mode (from webshop)\n" in own
    assert ("## Lessons from other projects (1)\n- [react] React 18 runs effects twice in strict mode "
            "(from webshop)\n") in consumer.ok("summary").stdout
    # a lesson added before the store kept the folder it was added in: its project's name says whose it is
    with (Path(world.env["KEN_HOME"]) / "lessons.jsonl").open("a") as f:
        f.write(json.dumps({"op": "lesson", "id": "lsn_" + "0" * 20, "text": "next caches fetch() by default",
                            "library": "next", "libraries": ["next"], "ecosystems": {}, "project": "webshop",
                            "root": None, "issue_id": None, "outcome": None, "type": "note",
                            "timestamp": "2030-01-01T00:00:00.000000Z", "source": "hand"}) + "\n")
    shop.ok("regenerate")
    assert "other projects" not in shop.ok("summary").stdout
    assert "next caches fetch() by default (from webshop)" in consumer.ok("summary").stdout.split("other projects")[1]


def test_own_marked_lessons_without_a_library_are_listed_too(world: World) -> None:
    bare = world.repo("bare", files={"main.txt": "x\n"})
    bare.init()
    bare.ok("note", "The staging secret rotates weekly", "--lesson")
    found = lessons(bare)
    assert [(x["text"], x["library"], x["libraries"], x["project"]) for x in found] == [
        ("The staging secret rotates weekly", None, [], "bare")]


def test_a_forgotten_marked_lesson_leaves_the_summary_as_it_leaves_ken_lessons(world: World) -> None:
    bare = world.repo("bare", files={"main.txt": "x\n"})
    bare.init()
    bare.ok("note", "The staging secret rotates weekly", "--lesson")
    bare.ok("note", "Deploys freeze on Fridays", "--lesson")
    assert "## Lessons (2)" in bare.ok("summary").stdout
    gone = next(x["id"] for x in lessons(bare) if x["text"].startswith("The staging"))
    bare.ok("lessons", "forget", gone)
    assert [x["text"] for x in lessons(bare)] == ["Deploys freeze on Fridays"]
    shown = bare.ok("summary").stdout
    assert "## Lessons (1)\n- Deploys freeze on Fridays" in shown, shown
    assert "staging secret" not in shown


@pytest.mark.parametrize("manifest,files", [
    ("python", {"requirements.txt": "requests==2.31\npandas>=2\n"}),
    ("rust", {"Cargo.toml": '[package]\nname = "x"\n[dependencies]\nserde = "1"\npandas = "0"\n'}),
    ("go", {"go.mod": "module x\n\nrequire (\n\tgithub.com/pandas/pandas v1.0.0\n)\n"}),
    ("subfolder", {"backend/pyproject.toml": '[project]\nname = "b"\ndependencies = ["pandas"]\n'}),
])
def test_manifests_of_every_kind_declare_libraries(world: World, manifest: str, files: dict[str, str]) -> None:
    repo = world.repo(manifest, files={**files, "main.py": "x = 1\n"})
    repo.init()
    failed(repo, "pandas read_csv coerced ids to float", at="main.py")
    assert [x["library"] for x in lessons(repo)] in (["pandas"], ["github.com/pandas/pandas"])


@pytest.mark.slow  # concurrent processes
def test_projects_promoting_at_once_keep_every_lesson_whole(world: World) -> None:
    import subprocess

    from machine import KEN

    shops = [node_project(world, f"shop{n}") for n in range(6)]
    issues = [shop.json("issue", "slow list")["issue_id"] for shop in shops]
    running = [subprocess.Popen([KEN, "attempt", f"React.memo in shop {n} broke hydration", "--failed",
                                 "--issue", issue], cwd=shop.path, env=world.env)
               for n, (shop, issue) in enumerate(zip(shops, issues, strict=True))]
    assert all(p.wait(timeout=60) == 0 for p in running)
    records = store(world)  # every line parses
    assert sorted(r["project"] for r in records) == [f"shop{n}" for n in range(6)]
    assert len(lessons(shops[0])) == 6


def test_a_lesson_stays_within_its_registry(world: World) -> None:
    py = world.repo("pyservice", files={"requirements.txt": "requests==2.31\nsqlalchemy==2\n", "app.py": "x\n"})
    py.init()
    failed(py, "sqlalchemy pool with `requests` sessions leaked sockets", at="app.py")
    npm = node_project(world, "npmapp", json.dumps({"dependencies": {"requests": "0.3.0"}}))
    assert lessons(npm) == []  # npm's requests is another package
    other = world.repo("pyclient", files={"requirements.txt": "requests\n", "main.py": "x\n"})
    other.init()
    assert [x["library"] for x in lessons(other)] == ["requests"]  # labelled with what this project uses
    assert [x["library"] for x in lessons(other, "--library", "sqlalchemy")] == ["sqlalchemy"]


def test_a_fix_arriving_with_its_attempt_is_recorded_once(world: World) -> None:
    shop = node_project(world, "webshop")
    shop.append_raw(event_line(id="evt_" + "ab" * 10, type="attempt", outcome="failed", issue_id="tm01",
                               timestamp="2030-01-01T00:00:00.000000Z", summary="React.memo broke the list"))
    shop.append_raw(event_line(id="evt_" + "cd" * 10, type="fix", issue_id="tm01",
                               timestamp="2030-01-01T00:00:01.000000Z", summary="keyed by id"))
    shop.ok("issues")
    assert [r["op"] for r in store(world)] == ["lesson", "fix"]
    assert lessons(shop)[0]["fix"] == "keyed by id"


def test_forget_works_outside_any_repository(world: World) -> None:
    shop = node_project(world, "webshop")
    _, attempt = failed(shop, "React.memo broke the list")
    outside = world.base / "elsewhere"
    outside.mkdir()
    r = shop.ken("lessons", "forget", attempt, cwd=outside)
    assert r.returncode == 0, r.stderr
    assert lessons(shop) == []
