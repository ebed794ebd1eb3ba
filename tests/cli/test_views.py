"""``ken context``, ``ken brief``, ``ken score`` and ``ken export``, run as a user runs them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import Repo, World

NOW = {"KEN_NOW": "2031-01-01T00:00:00Z"}
ROOT = Path(__file__).resolve().parents[2]


def history(repo: Repo) -> dict[str, str]:
    """Two open issues (one on the focus file), failed attempts, decisions here and elsewhere."""
    ids = {}
    ids["focus"] = repo.json("issue", "List rerenders on every keystroke", "--at", "src/list.py")["issue_id"]
    repo.ok("attempt", "Memoized the rows; hydration broke", "--failed", "--issue", ids["focus"],
            "--at", "src/list.py")
    ids["other"] = repo.json("issue", "Checkout total off by a cent", "--at", "src/cart.py")["issue_id"]
    repo.ok("attempt", "Rounded per line item", "--failed", "--issue", ids["other"], "--at", "src/cart.py")
    repo.ok("decide", "Rows are keyed by id, never by index", "--at", "src/list.py")
    for n in range(12):  # newer decisions elsewhere: focus ordering must still put list.py's first
        repo.ok("decide", f"Unrelated decision number {n} about the cart totals", "--at", "src/cart.py")
    return ids


@pytest.fixture
def project(world: World) -> Repo:
    repo = world.repo(files={"src/list.py": "rows = []\n", "src/cart.py": "total = 0\n"})
    repo.init()
    return repo


# --- context ---------------------------------------------------------------------------------------

@pytest.mark.slow
def test_context_puts_the_focus_files_gate_warnings_first_and_fits_the_budget(project: Repo) -> None:
    history(project)
    out = project.ok("context", "--tokens", "150", "--at", "src/list.py").stdout
    assert len(out) <= 600
    assert out.startswith("# Context: ")
    first_section = out.split("\n## ")[1]
    assert first_section.startswith("Before you edit") and "hydration broke" in first_section


@pytest.mark.slow
def test_context_orders_decisions_and_issues_about_the_focus_first(project: Repo) -> None:
    ids = history(project)
    out = project.ok("context", "--tokens", "20000", "--at", "src/list.py", env=NOW).stdout
    decisions = out.split("## Standing decisions")[1]
    assert decisions.index("Rows are keyed by id") < decisions.index("Unrelated decision number 11")
    issues = out.split("## Open issues")[1]
    assert issues.index("#" + ids["focus"]) < issues.index("#" + ids["other"])
    # without focus, the newest come first
    plain = project.ok("context", "--tokens", "20000", env=NOW).stdout.split("## Standing decisions")[1]
    assert plain.index("Unrelated decision number 11") < plain.index("Rows are keyed by id")


def said(text: str, title: str, heading: str = "## ") -> bool:
    """The section is in the text, or named on the line of what the budget left out."""
    left_out = next((ln for ln in text.splitlines() if ln.startswith("Left out for the budget: ")), "")
    return heading + title in text or f"{title} (" in left_out


@pytest.mark.slow
def test_every_cut_says_what_was_left_out(project: Repo) -> None:
    history(project)
    project.path.joinpath(".kenning", "PROJECT_MAP.md").write_text(
        "# Map\n\n## Purpose\nA shop.\n\n## Structure\n" + "".join(f"- src/m{n}.py\n" for n in range(30)))
    out = project.ok("context", "--tokens", "300", "--at", "src/list.py").stdout
    assert len(out) <= 1200
    assert "more: `ken search --type decision`" in out
    for tokens in range(100, 420, 40):
        data = project.json("context", "--tokens", str(tokens), "--at", "src/list.py")
        assert data["chars"] <= tokens * 4
        for section in data["sections"]:
            assert said(data["text"], section["title"]), (tokens, section, data["text"])
        # priority: a section is never dropped while a later one shows its heading
        present = [said(data["text"], s["title"]) and "## " + s["title"] in data["text"] for s in data["sections"]]
        assert present == sorted(present, reverse=True), (tokens, data["text"])


@pytest.mark.slow
def test_context_is_deterministic_and_json_carries_the_same_text(project: Repo) -> None:
    history(project)
    a = project.ok("context", "--tokens", "800", env=NOW).stdout
    b = project.ok("context", "--tokens", "800", env=NOW).stdout
    assert a == b and len(a) <= 3200
    data = project.json("context", "--tokens", "800", env=NOW)
    assert data["text"] == a and data["chars"] == len(a) <= data["budget_chars"] == 3200
    assert [s["title"] for s in data["sections"]][:3] == ["Open issues", "Standing decisions", "Project map"] or \
        data["sections"][0]["title"] == "Open issues"


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_context_rejects_a_budget_out_of_range(project: Repo) -> None:
    for tokens in ("99", "20001"):
        r = project.ken("context", "--tokens", tokens)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "between 100 and 20,000" in r.stderr


def test_context_shows_the_map_lines_about_the_focus(project: Repo) -> None:
    map_path = project.path / ".kenning" / "PROJECT_MAP.md"
    map_path.write_text("# Map\n\n## Purpose\nA shop.\n\n## Structure\n- src/list.py: the product list\n"
                        "- src/cart.py: the cart\n")
    out = project.ok("context", "--at", "src/list.py", env=NOW).stdout
    part = out.split("## Project map")[1]
    assert "A shop." in part and "src/list.py: the product list" in part and "src/cart.py" not in part


# --- the budget at 100,000 events ------------------------------------------------------------------

@pytest.mark.slow  # 100,000 events
def test_context_and_brief_stay_bounded_at_100k_events(world: World) -> None:
    repo = world.repo(files={"src/api/module_0.py": "x = 1\n"})
    repo.init()
    subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), "100000", str(repo.log)], check=True,
                   capture_output=True)
    for tokens in (100, 2000, 20000):
        out = repo.ok("context", "--tokens", str(tokens), "--at", "src/api/module_0.py", env=NOW).stdout
        assert 0 < len(out) <= tokens * 4, tokens
    assert "more: `" in out  # even 20,000 tokens cannot hold 100,000 events: the cut says so
    brief = repo.ok("brief", env=NOW).stdout
    assert len(brief.splitlines()) <= 40 and "open issues" in brief.splitlines()[0]


# --- brief -------------------------------------------------------------------------------------------

def git_counter(world: World) -> tuple[dict[str, str], Path]:
    """An environment whose ``git`` counts its own runs into a file."""
    shim = world.base / "shim"
    shim.mkdir(exist_ok=True)
    count = world.base / "git-runs"
    real = shutil.which("git")
    # one line per run, whatever newlines the arguments hold
    (shim / "git").write_text(f'#!/bin/sh\nprintf "%s\\n" "$1 $2 $3" >> "{count}"\nexec "{real}" "$@"\n')
    (shim / "git").chmod(0o755)
    return {"PATH": f"{shim}{os.pathsep}{world.env['PATH']}"}, count


@pytest.mark.slow
@pytest.mark.real_processes  # end to end: a real `ken` process
def test_brief_fits_a_screen_and_runs_at_most_three_git_processes(project: Repo) -> None:
    history(project)
    lines = [json.dumps({"v": 1, "id": f"evt_{n:020x}", "type": "attempt", "outcome": "failed",
                         "issue_id": "zzzz", "timestamp": f"2030-12-{1 + n % 28:02d}T00:00:{n % 60:02d}.{n:06d}Z",
                         "source": "import", "summary": f"attempt {n}", "location": f"src/gen{n % 300}.py"},
                        sort_keys=True, separators=(",", ":")) for n in range(3000)]
    with open(project.log, "a") as f:
        f.write("\n".join(lines) + "\n")
    env, count = git_counter(project.world)
    (project.path / "src" / "list.py").write_text("rows = [1]\n")
    project.world.git(project.path, "commit", "-qam", "move HEAD")
    for _ in range(2):  # the first run after HEAD moved, then a warm one
        count.write_text("")
        r = project.ok("brief", env={**env, **NOW})
        runs = count.read_text().splitlines()
        assert len(runs) <= 3, runs
        assert len(r.stdout.splitlines()) <= 40
    assert "List rerenders on every keystroke" in r.stdout and "Rows are keyed by id" not in r.stdout.split(
        "Recent decisions")[0]


@pytest.mark.slow
def test_brief_shows_warnings_stale_memories_issues_and_decisions(project: Repo) -> None:
    history(project)
    decision = project.json("decide", "The cart keeps totals in cents", "--at", "src/cart.py")["id"]
    (project.path / "src" / "cart.py").write_text("".join(f"line {n}\n" for n in range(40)))
    time.sleep(1.1)  # git keeps whole seconds: the rewrite must come after the memories, not beside them
    project.world.git(project.path, "commit", "-qam", "rewrite the cart")
    out = project.ok("brief", env=NOW).stdout
    assert "Active warnings" in out and "src/list.py" in out.split("Active warnings")[1]
    assert "Possibly stale" in out and "src/cart.py" in out.split("Possibly stale")[1]
    assert "Open issues (2)" in out and "Recent decisions (14)" in out and decision in out
    data = project.json("brief", env=NOW)
    assert {w["path"] for w in data["warnings"]} >= {"src/list.py", "src/cart.py"}
    assert data["open_issues"]["total"] == 2


def test_brief_lists_every_file_the_gate_warns_on_with_precheck_s_verdict(project: Repo) -> None:
    """A file with one failed attempt 40 days ago (past the 30-day window, inside the gate's
    365 days of failures), cited less than six busier files and with no open issue of its own:
    `ken precheck` warns on it, and `ken brief` lists it with that same verdict."""
    earlier = {"KEN_NOW": "2030-11-22T00:00:00Z"}  # 40 days before NOW
    (project.path / "src" / "export.py").write_text("def export(rows):\n    return rows\n")
    issue = project.json("issue", "Exports time out", "--at", "src/cart.py", env=earlier)["issue_id"]
    project.ok("attempt", "Streamed the export in chunks", "--failed", "--issue", issue, "--at", "src/export.py",
               env=earlier)
    for n in range(6):  # six files in the tree cited more often, with nothing to warn about
        (project.path / "src" / f"busy{n}.py").write_text(f"busy = {n}\n")
        for k in range(3):
            project.ok("note", f"note {k} on busy file {n}", "--at", f"src/busy{n}.py", env=NOW)
    verdict = project.json("precheck", "src/export.py", env=NOW)["files"][0]
    assert verdict["severity"] == "warn"
    brief = project.json("brief", env=NOW)
    found = {w["path"]: w for w in brief["warnings"]}
    assert found["src/export.py"]["severity"] == verdict["severity"]
    assert "Streamed the export in chunks" in found["src/export.py"]["message"]
    assert brief["unjudged"] == 0
    out = project.ok("brief", env=NOW).stdout
    assert "WARN src/export.py: 1 failed attempt in the last 365 days" in out


def test_brief_of_an_empty_memory_says_how_to_start(project: Repo) -> None:
    out = project.ok("brief").stdout
    assert "Nothing on record yet" in out


# --- score ---------------------------------------------------------------------------------------------

@pytest.mark.slow
def test_score_counts_what_the_log_holds_and_labels_estimates(project: Repo) -> None:
    ids = history(project)
    project.ok("attempt", "Debounced the input", "--partial", "--issue", ids["focus"])
    project.ok("attempt", "Virtualized the list", "--worked", "--issue", ids["focus"])
    project.ok("fix", "Virtualized the list", "--issue", ids["focus"])
    old = project.json("decide", "Prices are floats")["id"]
    project.ok("decide", "Prices are integer cents", "--supersedes", old)
    score = project.json("score")
    assert score["issues"] == 2 and score["open_issues"] == 1 and score["done_issues"] == 1
    assert score["attempts"] == {"failed": 2, "partial": 1, "worked": 1}
    assert score["fixes"] == 1 and score["issues_fixed_after_failed_attempts"] == 1
    assert score["decisions"] == 15 and score["superseded_decisions"] == 1 and score["standing_decisions"] == 14
    assert all(e["kind"] == "estimate" and "x" in e["formula"] for e in score["estimates"])
    text = project.ok("score").stdout
    assert "superseded decisions: 1" in text
    for line in text.splitlines():
        if "hours" in line.lower() or "tokens saved" in line.lower():
            assert "estimate" in line.lower(), line


@pytest.mark.slow
def test_score_estimates_follow_the_gate_records(project: Repo) -> None:
    history(project)
    project.ok("precheck", "src/list.py")
    score = project.json("score")
    assert score["gate"]["warnings"] == 1
    hours = next(e for e in score["estimates"] if e["name"] == "hours_saved")
    # a person's `ken precheck` is counted among the gate's checks, never as an agent's heeded warning
    assert hours["value"] == 0 and "(0)" in hours["formula"] and "1 manual check not counted" in hours["counted"]


# --- export ------------------------------------------------------------------------------------------------

@pytest.mark.slow
def test_export_writes_a_marked_block_keeps_the_rest_and_is_idempotent(project: Repo) -> None:
    history(project)
    claude = project.path / "CLAUDE.md"
    original = "# Mine\nkeep me\n" + claude.read_text() + "\ntrailing words\n"
    claude.write_text(original)
    r = project.ok("export", "--claude-md")
    assert "updated" in r.stdout
    first = claude.read_text()
    assert first.startswith(original) and first.endswith("<!-- kenning:export:end -->\n")
    block = first[first.index("<!-- kenning:export:begin"):first.index("<!-- kenning:export:end -->")]
    assert "Rows are keyed by id" in block and "Memoized the rows; hydration broke" in block
    assert "unchanged" in project.ok("export", "--claude-md").stdout and claude.read_text() == first
    # the bridge block of `ken init` and the export block never overwrite each other
    project.ok("init", "--no-hooks", "--no-backfill")
    assert claude.read_text() == first
    project.ok("decide", "Lists render at most 200 rows")
    project.ok("export", "--claude-md")
    second = claude.read_text()
    assert "Lists render at most 200 rows" in second and second.count("kenning:export:begin") == 1
    assert second.replace(block, "")[:40] == first.replace(block, "")[:40]
    assert "<!-- kenning:begin" in second and "keep me" in second


@pytest.mark.slow
def test_export_to_agents_md_is_budgeted(project: Repo) -> None:
    history(project)
    (project.path / "AGENTS.md").unlink(missing_ok=True)
    project.ok("export", "--agents-md", "--tokens", "200")
    text = (project.path / "AGENTS.md").read_text()
    assert len(text) <= 800 and "kenning:export:end" in text and "more: `" in text
    for tokens in range(100, 300, 25):
        project.ok("export", "--agents-md", "--tokens", str(tokens))
        text = (project.path / "AGENTS.md").read_text()
        assert len(text) <= tokens * 4, tokens
        for title in ("Standing decisions", "Failed approaches: do not repeat"):
            assert said(text, title, "### "), (tokens, text)


def test_export_refuses_damaged_markers_and_writes_nothing(project: Repo) -> None:
    claude = project.path / "CLAUDE.md"
    claude.write_text("mine\n<!-- kenning:export:begin (compiled by `ken export`; edits inside this block are "
                      "replaced) -->\nno end marker\n")
    before = claude.read_text()
    agents_before = (project.path / "AGENTS.md").read_bytes()
    r = project.ken("export", "--agents-md", "--claude-md")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "CLAUDE.md" in r.stderr
    assert claude.read_text() == before and (project.path / "AGENTS.md").read_bytes() == agents_before
    r = project.ken("export")
    assert r.returncode == 2 and "--claude-md" in r.stderr


@pytest.mark.slow
def test_context_lists_the_fixes_of_issues_about_the_focus(project: Repo) -> None:
    ids = history(project)
    project.ok("fix", "Virtualized the list", "--issue", ids["focus"])
    project.ok("fix", "Summed in cents", "--issue", ids["other"])
    fixes = project.ok("context", "--at", "src/list.py").stdout.split("## Relevant fixes")[1].split("\n## ")[0]
    # the other fix is located where its issue is (src/cart.py): near the focus folder, so it may
    # follow, but the fix of the focus file's own issue comes first
    assert "Virtualized the list" in fixes
    assert "Summed in cents" not in fixes or fixes.index("Virtualized the list") < fixes.index("Summed in cents")


@pytest.mark.slow
def test_export_keeps_line_endings_follows_links_and_refuses_what_it_cannot_read(project: Repo) -> None:
    history(project)
    claude, agents = project.path / "CLAUDE.md", project.path / "AGENTS.md"
    claude.write_bytes(b"# Mine\r\nkeep me\r\n")
    agents.unlink()
    agents.symlink_to("CLAUDE.md")
    r = project.ok("export", "--claude-md", "--agents-md")
    assert r.stdout.count("updated") == 1  # one file behind two names, written once
    data = claude.read_bytes()
    assert data.startswith(b"# Mine\r\nkeep me\r\n\r\n<!-- kenning:export:begin") and b"\n" not in data.replace(
        b"\r\n", b"")
    assert agents.is_symlink()
    latin = project.path / "AGENTS.md"
    latin.unlink()
    latin.write_bytes(b"caf\xe9 notes\n")
    r = project.ken("export", "--agents-md")
    assert r.returncode == 2 and "not UTF-8" in r.stderr and len(r.stderr.splitlines()) == 1
    assert latin.read_bytes() == b"caf\xe9 notes\n"


@pytest.mark.slow
def test_context_focus_may_carry_a_line_number(project: Repo) -> None:
    history(project)
    plain = project.json("context", "--at", "src/list.py")
    with_line = project.json("context", "--at", "src/list.py:12")
    assert with_line["focus"] == ["src/list.py"] and with_line["text"] == plain["text"]


def test_score_counts_the_log_and_keeps_git_facts_apart(world: World) -> None:
    repo = world.repo(files={"src/cart.py": "total = 0\n"})
    (repo.path / "src" / "cart.py").write_text("total = 1\n")
    world.git(repo.path, "commit", "-qam", "fix: the cart total starts at one")
    repo.ok("init", "--no-hooks")  # backfill derives the fix from git
    repo.ok("note", "one note")
    score = repo.json("score")
    assert score["by_type"] == {"note": 1} and score["events"] == 1 and score["fixes"] == 0
    assert score["derived_from_git"] == {"fix": 1}


def test_an_issue_twin_merged_in_late_gives_the_summary_of_a_fold_from_scratch(repo: Repo) -> None:
    """The summary keeps the newest 200 done issues. Two branches opened issue ``aaaa``; the
    later one is already in the log, with 199 newer done issues and ``bbbb`` (40 s), when a union
    merge appends the earlier one (10 s), which is the ``aaaa`` that stands. The summary after
    that append is the one a fold from scratch writes: ``bbbb`` keeps its place."""
    repo.init()
    config = repo.path / ".kenning" / "config.toml"
    config.write_text(config.read_text().replace("budget = 6000 ", "budget = 200000 ", 1))

    def event(n: int, kind: str, second: int, **fields: object) -> str:
        return json.dumps({"v": 1, "id": f"evt_{n:020x}", "type": kind, "source": "cli", "summary": f"{kind} {n}",
                           "timestamp": f"2030-01-01T00:{second // 60:02d}:{second % 60:02d}.000000Z", **fields})

    lines = []
    for i in range(199):
        lines += [event(1000 + i, "issue", 1000 + i, issue_id=f"f{i:03d}"),
                  event(2000 + i, "fix", 1000 + i, issue_id=f"f{i:03d}")]
    lines += [event(1, "fix", 60, issue_id="aaaa"), event(2, "fix", 61, issue_id="bbbb"),
              event(3, "attempt", 45, issue_id="bbbb", outcome="failed", summary="retry the flush"),
              event(4, "issue", 50, issue_id="aaaa"), event(5, "issue", 40, issue_id="bbbb")]
    repo.append_raw(("\n".join(lines) + "\n").encode())
    repo.ok("summary")
    repo.append_raw((event(6, "issue", 10, issue_id="aaaa") + "\n").encode())
    grown = repo.ok("summary").stdout
    shutil.rmtree(repo.path / ".kenning" / "cache")
    scratch = repo.ok("summary").stdout
    assert grown == scratch
    assert "#bbbb" in scratch and "retry the flush" in scratch


def test_counts_of_fixes_read_as_english_in_every_view(project: Repo) -> None:
    for summary in ("Totals drift on refunds", "Totals drift on coupons"):
        issue = project.json("issue", summary, "--at", "src/cart.py")["issue_id"]
        project.ok("fix", f"Fixed: {summary}", "--issue", issue, "--at", "src/cart.py", env=NOW)
    assert "2 fixes" in project.ok("stats").stdout
    markdown = project.ok("export", "--markdown").stdout
    assert "2 fixes" in markdown
    project.ok("visualize", "-o", "page.html", env=NOW)
    page = (project.path / "page.html").read_text(encoding="utf-8")
    assert ": 2 fixes</title>" in page
    for text in (project.ok("stats").stdout, markdown, page):
        assert "fixs" not in text
