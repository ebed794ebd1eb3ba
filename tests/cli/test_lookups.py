"""The commands a user of such a tool looks for (issue 13, items 7 and 13): bare ``ken``,
``ken init --json``, ``ken plan "idea"``, ``ken export --stdout``/``--cursor``,
``ken precheck --unsnooze``/``--quiet``, ``ken stats``, ``ken score --since``,
``ken instructions`` and ``ken map``, run as a user runs them."""

from __future__ import annotations

import json

import pytest

from .conftest import Repo, World

BLOCK_BEGIN = "<!-- kenning:export:begin"


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_bare_ken_prints_the_overview_and_exits_0(world: World) -> None:
    repo = world.repo()
    r = repo.ken()
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout.startswith("usage: ken") and "precheck" in r.stdout and "stats" in r.stdout


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_init_json_reports_files_hooks_events_and_registry(world: World) -> None:
    repo = world.repo()
    report = json.loads(repo.ok("init", "--json").stdout)
    assert report["root"] == str(repo.path)
    assert report["files"][".kenning/events.jsonl"] == "created" and report["files"]["CLAUDE.md"] == "created"
    assert set(report["hooks"]) >= {"pre-commit", "post-commit"} and report["events_derived"] >= 0
    assert report["registered"] == "repo" and report["mcp_server"]["args"] == ["mcp"]
    assert {"path": ".kenning/plan.md", "what": "created"} in report["changes"]
    again = json.loads(repo.ok("init", "--json", "--no-backfill").stdout)
    assert set(again["files"].values()) == {"unchanged"} and again["events_derived"] is None


def test_plan_appends_ideas_under_their_heading_and_never_logs_an_event(repo: Repo) -> None:
    plan = repo.path / ".kenning" / "plan.md"
    before = repo.log_bytes()
    assert "Move the retry queue to Redis" in repo.ok("plan", "Move the retry queue to Redis").stdout
    added = repo.json("plan", "  Then\ndrop   the cron job ")
    assert added == {"added": "Then drop the cron job", "file": ".kenning/plan.md", "section": "Ideas"}
    text = plan.read_text()
    assert text.endswith("## Ideas\n\n- Move the retry queue to Redis\n- Then drop the cron job\n")
    assert repo.ok("plan").stdout == text and repo.json("plan") == {"plan": text}
    assert repo.log_bytes() == before  # intent, not history

    plan.write_bytes(b"# Plan\r\n\r\n## Ideas\r\n- first\r\n\r\n## Next\r\n- [ ] ship\r\n")
    repo.ok("plan", "second")
    assert plan.read_bytes() == b"# Plan\r\n\r\n## Ideas\r\n- first\r\n- second\r\n\r\n## Next\r\n- [ ] ship\r\n"


def test_plan_redacts_secrets_and_flattens_control_characters(repo: Repo) -> None:
    secret = "ghp_" + "a1" * 18
    r = repo.ok("plan", f"rotate {secret} \x1b[31m soon\n# Fake heading")
    assert "redacted before writing: github_token" in r.stderr
    text = (repo.path / ".kenning" / "plan.md").read_text()
    assert secret not in text and "\x1b" not in text
    assert "- rotate [REDACTED:github_token] [31m soon # Fake heading\n" in text
    assert "\n# Fake heading" not in text


def test_plan_refuses_an_empty_idea_and_changes_nothing(repo: Repo) -> None:
    plan = repo.path / ".kenning" / "plan.md"
    before = plan.read_bytes()
    for idea in ("", " \t\n "):
        r = repo.ken("plan", idea)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "idea is empty" in r.stderr
    assert plan.read_bytes() == before


def test_instructions_and_map_print_their_files(repo: Repo) -> None:
    kenning = repo.path / ".kenning"
    assert repo.ok("instructions").stdout == (kenning / "AI_INSTRUCTIONS.md").read_text()
    assert repo.json("instructions")["instructions"].startswith("# kenning")
    project_map = kenning / "PROJECT_MAP.md"
    project_map.write_text(project_map.read_text() + "\nA hand-written line.\n")
    assert repo.ok("map").stdout == project_map.read_text()
    assert repo.json("map") == {"map": project_map.read_text()}


def test_export_stdout_prints_instead_of_writing(repo: Repo) -> None:
    repo.ok("decide", "Idempotency keys live in Postgres", "--at", "src/app.py")
    claude = repo.path / "CLAUDE.md"
    before = claude.read_text()
    out = repo.ok("export", "--stdout").stdout
    assert out.startswith(BLOCK_BEGIN) and "Idempotency keys live in Postgres" in out
    assert claude.read_text() == before and repo.json("export", "--stdout")["block"] == out
    whole = repo.ok("export", "--claude-md", "--stdout").stdout
    assert whole.startswith(before.rstrip("\n")) and out in whole and claude.read_text() == before
    assert not (repo.path / ".cursor").exists()
    assert repo.ok("export", "--cursor", "--stdout").stdout.startswith("---\ndescription: ")
    assert not (repo.path / ".cursor").exists()


def test_export_cursor_writes_a_rule_with_front_matter_and_keeps_user_edits(repo: Repo) -> None:
    repo.ok("attempt", "Retried the webhook in a loop", "--failed", "--at", "src/app.py",
            "--issue", repo.json("issue", "Duplicate charges")["issue_id"])
    rule = repo.path / ".cursor" / "rules" / "kenning.mdc"
    assert ".cursor/rules/kenning.mdc" in repo.ok("export", "--cursor").stdout
    text = rule.read_text()
    front, body = text.split("---\n")[1], text.split("---\n", 2)[2]
    assert "description: " in front and "alwaysApply: true" in front
    assert BLOCK_BEGIN in body and "Retried the webhook in a loop" in body
    assert "unchanged" in repo.ok("export", "--cursor").stdout and rule.read_text() == text
    rule.write_text(text.replace("alwaysApply: true", "alwaysApply: false"))
    repo.ok("note", "The staging secret rotates weekly", "--lesson")
    repo.ok("export", "--cursor")
    assert "alwaysApply: false" in rule.read_text() and rule.read_text().count(BLOCK_BEGIN) == 1


def blocked(repo: Repo) -> None:
    """Three failed attempts on src/app.py: the gate blocks it."""
    iid = repo.json("issue", "Checkout breaks", "--at", "src/app.py")["issue_id"]
    for n in range(3):
        repo.ok("attempt", f"approach {n}", "--failed", "--issue", iid, "--at", "src/app.py")


def test_unsnooze_ends_the_running_snoozes_and_is_logged(repo: Repo) -> None:
    blocked(repo)
    assert repo.json("precheck", "src/app.py")["severity"] == "block"
    repo.ok("precheck", "src/app.py", "--snooze", "7d", "--reason", "fixing it")
    assert repo.json("precheck", "src/app.py")["severity"] == "none"
    r = repo.ok("precheck", "src/app.py", "--unsnooze")
    assert "ended the snoozes" in r.stderr and "BLOCK" in r.stdout
    ended = repo.events()[-1]
    assert ended["type"] == "snooze" and ended["unsnooze"] is True and ended["paths"] == ["src/app.py"]
    report = repo.json("precheck", "src/app.py")
    assert report["severity"] == "block" and all(w["snoozed_until"] is None
                                                  for f in report["files"] for w in f["warnings"])
    repo.ok("precheck", "src/app.py", "--snooze", "1d", "--reason", "again")  # a later snooze counts again
    assert repo.json("precheck", "src/app.py")["severity"] == "none"


def test_quiet_prints_nothing_and_keeps_the_exit_code(repo: Repo) -> None:
    blocked(repo)
    r = repo.ken("precheck", "src/app.py", "--quiet", "--strict")
    assert (r.returncode, r.stdout, r.stderr) == (1, "", "")
    r = repo.ken("precheck", "src/app.py", "-q")
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")
    r = repo.ken("precheck", "src/app.py", "--quiet", "--json")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1


def test_stats_counts_the_memory(repo: Repo) -> None:
    blocked(repo)
    repo.ok("decide", "Keep the gateway", "--at", "src/app.py")
    repo.ok("note", "CDN caches 404s", "--lesson")
    stats = repo.json("stats")
    assert stats["by_type"] == {"attempt": 3, "decision": 1, "issue": 1, "note": 1}
    assert (stats["events"], stats["hand_written"], stats["derived_from_git"]) == (6, 6, 0)
    assert (stats["open_issues"], stats["decisions"], stats["standing_decisions"], stats["lessons"]) == (1, 1, 1, 1)
    assert stats["key_files"] == 1 and stats["top_files"] == [{"path": "src/app.py", "events": 5}]
    assert stats["log_bytes"] == len(repo.log_bytes()) and stats["index_bytes"] > 0
    text = repo.ok("stats").stdout
    assert "6 (6 written by hand, 0 derived from git)" in text and "src/app.py (5 events)" in text


def test_score_since_counts_only_the_checks_since_then(repo: Repo) -> None:
    for name in ("b.py", "c.py"):
        (repo.path / "src" / name).write_text("x = 1\n")
    repo.ok("precheck", "src/app.py", env={"KEN_NOW": "2030-01-10T00:00:00Z"})
    repo.ok("precheck", "src/b.py", env={"KEN_NOW": "2030-06-01T00:00:00Z"})
    repo.ok("precheck", "src/c.py", env={"KEN_NOW": "2030-06-02T00:00:00Z"})
    assert repo.json("score")["gate"]["checks"] == 3 and repo.json("score")["gate_since"] is None
    since = repo.json("score", "--since", "2030-03-01")
    assert since["gate_since"] == "2030-03-01T00:00:00.000000Z" and since["gate"]["checks"] == 2
    assert sorted(since["gate"]["files"]) == ["src/b.py", "src/c.py"]
    assert repo.json("score", "--since", "30d", "--now", "2030-06-10T00:00:00Z")["gate"]["checks"] == 2
    assert repo.json("score", "--since", "4w", "--now", "2030-06-10T00:00:00Z")["gate"]["checks"] == 2
    assert repo.json("score", "--since", "2031-01-01")["gate"]["checks"] == 0
    assert "gate since 2030-03-01" in repo.ok("score", "--since", "2030-03-01").stdout
    r = repo.ken("score", "--since", "last tuesday")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "--since" in r.stderr
