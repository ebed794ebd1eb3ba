"""``ken hook session-start``: the budgeted summary, byte for byte as summary.md and `ken summary`."""

from __future__ import annotations

import json

import pytest

from .conftest import Repo, session_start


def injected(repo: Repo, source: str = "startup") -> str:
    r = repo.hook("session-start", session_start(repo, source))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    answer = json.loads(r.stdout)
    out = answer["hookSpecificOutput"]
    assert out["hookEventName"] == "SessionStart"
    assert set(out) == {"hookEventName", "additionalContext"}
    return str(out["additionalContext"])


@pytest.mark.parametrize("source", ["startup", "resume", "compact"])
def test_session_start_injects_summary_md_byte_for_byte(repo: Repo, source: str):
    repo.block("src/a.py")
    repo.ok("decide", "All writes go through the single writer queue", "--at", "src/a.py")
    repo.ok("note", "Staging rotates secrets weekly — ünïcode ✓", "--lesson")
    text = injected(repo, source)
    summary_md = (repo.path / ".kenning" / "summary.md").read_bytes()
    assert text.encode("utf-8") == summary_md
    assert repo.ok("summary").stdout.encode("utf-8") == summary_md
    assert "lock the writer" in text or "loses writes" in text
    assert "ünïcode ✓" in text


def test_session_start_follows_new_memory(repo: Repo):
    before = injected(repo)
    repo.issue("checkout times out on large carts", "src/quiet.py")
    after = injected(repo)
    assert after != before and "checkout times out on large carts" in after
    assert after.encode() == (repo.path / ".kenning" / "summary.md").read_bytes()


def test_session_start_respects_the_budget(repo: Repo):
    cfg = repo.path / ".kenning" / "config.toml"
    cfg.write_text(cfg.read_text().replace("budget = 6000", "budget = 1200"))
    issue = repo.issue("the importer drops rows", "src/a.py")
    for i in range(8):
        repo.failed(f"approach number {i}: " + "a long description of what was tried and why " * 4, "src/a.py",
                    issue)
    text = injected(repo)
    assert len(text) <= 1200
    assert len(repo.ok("summary", "--full").stdout) > len(text)  # the budget did cut something
    assert text.encode() == (repo.path / ".kenning" / "summary.md").read_bytes()
    assert repo.ok("summary").stdout == text
