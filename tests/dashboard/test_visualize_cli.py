"""``ken visualize`` and ``ken dashboard`` as a user runs them, in real git repositories: the
page is self-contained and deterministic, shows lifecycles, supersession, the audit and the
gate's activity, and the dashboard survives a project whose folder is gone."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from .conftest import NOW, SOURCES, Repo, World

Story = tuple[Repo, dict[str, str], Path]

REMOTE = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import""", re.I)


def page_of(repo: Repo, *extra: str, name: str = "page.html") -> str:
    out = repo.path / name
    repo.ok("visualize", "-o", str(out), *extra, env={"KEN_NOW": NOW})
    return out.read_text(encoding="utf-8")


def test_the_page_is_self_contained_and_the_same_bytes_for_the_same_memory(story: Story) -> None:
    repo, _, page = story
    first = page.read_text(encoding="utf-8")
    assert page_of(repo, name="again.html") == first
    assert not REMOTE.findall(first)
    assert "http://" not in first and "https://" not in first
    assert first.count("<script") == 2 and first.count("</script>") == 2  # the data, the script: nothing loaded
    assert "Content-Security-Policy" in first and "default-src 'none'" in first


def test_text_from_the_memory_cannot_close_the_data_block_or_add_markup(world: World) -> None:
    repo = world.repo()
    repo.init()
    repo.ok("note", "</script><script>alert(1)</script> <img src=x onerror=alert(2)>", "--at",
            "src/</script>.py")
    html = page_of(repo)
    assert html.count("</script>") == 2
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(2)&gt;" in html
    data = re.search(r'<script type="application/json" id="ken-data">(.*?)</script>', html, re.S)
    assert data and "src/</script>.py" in json.loads(data.group(1))["paths"]


def test_default_output_is_machine_local_and_the_path_is_printed(repo: Repo) -> None:
    r = repo.ok("visualize")
    page = repo.path / ".kenning" / "local" / "visualize.html"
    assert page.exists() and str(page) in r.stdout
    assert "visualize.html" not in repo.world.git(repo.path, "status", "--porcelain")  # never committed
    folder = repo.world.base / "pages"
    folder.mkdir()
    assert str(folder / "visualize.html") in repo.ok("visualize", "-o", str(folder)).stdout  # a folder: the page in it


def test_lifecycles_supersession_and_counts_are_in_the_page(story: Story) -> None:
    _, ids, page = story
    html = page.read_text(encoding="utf-8")
    lifecycle = re.search(rf'<li class="issue done" id="issue-{ids["issue"]}">(.*?)</li>\n', html, re.S)
    assert lifecycle, "the fixed issue has its lifecycle"
    steps = re.findall(r'<span class="lab">(\w+)</span>', lifecycle.group(1))
    assert steps == ["opened", "failed", "failed", "partial", "fixed"]
    assert "fixed after" in lifecycle.group(1)
    assert f'id="issue-{ids["other"]}"' in html and "open for" in html
    superseded = re.search(rf'<li id="d-{ids["redis"]}" class="decision superseded">(.*?)</li>', html, re.S)
    assert superseded and "<del>keys in Redis</del>" in superseded.group(1)
    assert f'href="#d-{ids["postgres"]}"' in superseded.group(1) and "keys in Postgres" in superseded.group(1)
    assert "9 events" in html and "2 decisions" in html


def test_the_json_is_the_data_the_page_shows(story: Story) -> None:
    repo, _, page = story
    result = repo.json("visualize", "-o", str(repo.path / "p.html"), env={"KEN_NOW": NOW})
    assert (repo.path / "p.html").read_bytes() == page.read_bytes()
    data = result["data"]
    assert result["output"] == str(repo.path / "p.html") and result["bytes"] > 0
    assert data["counts"]["by_type"] == {"attempt": 3, "decision": 2, "fix": 1, "issue": 2, "note": 1}
    hottest = data["heat"]["files"][0]
    assert (hottest["path"], hottest["failed"], hottest["partial"], hottest["heat"]) == ("src/pay/webhook.py", 2, 1, 7)
    assert {f["path"] for f in data["codemap"]["files"]} == set(SOURCES)
    assert ["web/app.ts", "web/util.ts"] in data["codemap"]["edges"]
    assert data["timeline"]["total"] == 9 and len(data["timeline"]["events"]) == 9
    assert data["audit"] is None and data["gate"]["checks"] == 0


def test_the_code_map_appears_once_built(world: World) -> None:
    repo = world.repo("shop", SOURCES)
    repo.init()
    assert page_of(repo, "--json") == page_of(repo, name="again.html")  # --json writes the same page
    assert "Run <code>ken map --build</code>" in page_of(repo)
    repo.ok("map", "--build")
    html = page_of(repo)
    assert "Run <code>ken map --build</code>" not in html
    assert 'title="web/app.ts">app.ts</button>' in html and "Imports (" in html


def test_the_audit_section_appears_after_ken_audit(world: World) -> None:
    repo = world.repo()
    repo.init()
    assert "Run <code>ken audit</code> to see what the gate would have caught" in page_of(repo)
    repo.ok("audit", "--now", NOW)
    assert (repo.path / ".kenning" / "local" / "audit.json").exists()
    html = page_of(repo)
    assert "Run <code>ken audit</code>" not in html
    assert "The last <code>ken audit</code>" in html and "re-attempts warned" in html
    assert page_of(repo, name="again.html") == html  # the audit's own timings are not shown


def test_gate_activity_counts_the_checks(world: World) -> None:
    repo = world.repo("shop", SOURCES)
    repo.init()
    issue = repo.json("issue", "duplicate charges on retry", "--at", "src/pay/webhook.py")["issue_id"]
    repo.ok("attempt", "dedupe on event id", "--failed", "--issue", issue)
    repo.ok("precheck", "src/pay/webhook.py", env={"KEN_NOW": NOW})
    data = repo.json("visualize", "-o", str(repo.path / "p.html"), env={"KEN_NOW": NOW})["data"]
    assert data["gate"]["checks"] == 1 and data["gate"]["warnings"] == 1
    assert data["gate"]["heeded"] == 0
    assert data["gate"]["heeded_from"] == "from 0 agent checks; 1 manual check not counted"
    assert data["gate"]["files"][0]["path"] == "src/pay/webhook.py"
    assert "files judged by the gate" in (repo.path / "p.html").read_text(encoding="utf-8")


def test_visualize_needs_an_initialized_project(world: World) -> None:
    repo = world.repo()
    r = repo.ken("visualize")
    assert r.returncode == 3 and "ken init" in r.stderr and "Traceback" not in r.stderr


def test_the_dashboard_shows_every_project_and_one_line_for_a_gone_one(world: World) -> None:
    shop = world.repo("shop", SOURCES)
    shop.init()
    issue = shop.json("issue", "the app renders twice", "--at", "web/app.ts")["issue_id"]
    shop.ok("attempt", "memoize the render", "--failed", "--issue", issue, "--at", "src/pay/webhook.py")
    shop.ok("note", "Stripe retries for up to three days", "--lesson")
    blog = world.repo("blog")
    blog.init()
    blog.ok("issue", "feed shows drafts", "--at", "src/app.py")
    gone = world.repo("gone")
    gone.init()
    shutil.rmtree(gone.path)
    out = world.base / "all.html"
    r = blog.ok("dashboard", "-o", str(out))
    assert str(out) in r.stdout and r.stderr == ""
    html = out.read_text(encoding="utf-8")
    for text in ("the app renders twice", "feed shows drafts", "src/pay/webhook.py",
                 "Stripe retries for up to three days", "its folder is gone; `ken projects remove gone` forgets it"):
        assert text in html
    data = blog.json("dashboard", "-o", str(out))["data"]
    assert [p["name"] for p in data["projects"]] == ["blog", "gone", "shop"]
    assert data["projects"][1]["note"] and not data["projects"][0]["note"]
    assert not REMOTE.findall(html)


def test_the_dashboard_default_page_is_in_ken_home(world: World) -> None:
    repo = world.repo()
    repo.init()
    r = repo.ok("dashboard")
    assert (Path(world.env["KEN_HOME"]) / "dashboard.html").exists() and "dashboard.html" in r.stdout
