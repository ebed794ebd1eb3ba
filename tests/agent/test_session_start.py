"""``ken hook session-start``: the budgeted summary, byte for byte as summary.md and `ken summary`,
with what other projects on this machine learned about the libraries this one declares."""

from __future__ import annotations

import json
import re

import pytest

from .conftest import Repo, World, session_start


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


# -- what must not be repeated comes first, and nothing is cut silently (issue 28) -------------------

def failures_section(text: str) -> list[str]:
    assert "\n## Failed attempts and reverts (" in text, text
    return text.split("\n## Failed attempts and reverts (", 1)[1].split("\n\n", 1)[0].splitlines()[1:]


def test_session_start_shows_every_failed_and_partial_attempt_of_an_open_issue(repo: Repo):
    # the report: three failed attempts and one partial, three injected, no "… N more"
    issue = repo.issue("Webhook retries create duplicate charges", "src/a.py")
    for text in ("deduplicated on the event id", "a lock around mark_paid", "retried inside a transaction"):
        repo.failed(text, "src/a.py", issue)
    repo.ok("attempt", "queued the webhooks; half of them", "--partial", "--issue", issue, "--at", "src/a.py")
    text = injected(repo)
    assert failures_section(text) == [f"- #{issue} partial: queued the webhooks; half of them (src/a.py)",
                                      f"- #{issue} failed: retried inside a transaction (src/a.py)",
                                      f"- #{issue} failed: a lock around mark_paid (src/a.py)",
                                      f"- #{issue} failed: deduplicated on the event id (src/a.py)"]
    assert text.startswith("# Project memory: ") and text.index("## Failed attempts") < text.index("## Open issues")
    assert text == repo.ok("summary").stdout


def test_session_start_puts_a_revert_ahead_of_routine_fixes_after_a_backfill(world: World):
    repo = world.repo()
    for n in range(12):
        repo.commit("src/a.py", f"a = {n}\n", f"Fix routine thing {n}")
    repo.commit("src/quiet.py", "q = 'fast'\n", "Use the fast parser")
    fast = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.git("revert", "--no-edit", fast)
    for n in range(30):  # newer routine fixes: before, they pushed the revert under "… N more"
        repo.commit("src/a.py", f"b = {n}\n", f"Fix later thing {n}")
    repo.ok("backfill", "--days", "365")
    text = injected(repo)
    assert failures_section(text) == [f"- Reverted {fast[:10]}: Use the fast parser (src/quiet.py)"]
    assert "## From git history (42)\n" in text and "more: `ken summary --full`" not in text  # room for all
    assert text.count("Use the fast parser") == 1
    assert text == repo.ok("summary").stdout == repo.ok("summary", "--full").stdout


# -- lessons from other projects -------------------------------------------------------------------

REACT = {"package.json": json.dumps({"dependencies": {"react": "18.2.0"}}), "src/list.tsx": "export const L = 1\n"}
OTHERS = "## Lessons from other projects"


def webshop_lesson(world: World) -> tuple[Repo, str, str]:
    """Project webshop (React) with a failed attempt that names React, later fixed."""
    shop = world.repo(REACT, name="webshop")
    issue = shop.issue("hydration breaks on the product list", "src/list.tsx")
    attempt = shop.failed("wrapped the rows in React.memo(); hydration broke", "src/list.tsx", issue)
    shop.ok("fix", "keyed rows by id", "--issue", issue)
    return shop, issue, attempt


def test_session_start_brings_lessons_other_projects_learned_about_this_stack(world: World):
    shop, issue, attempt = webshop_lesson(world)
    consumer = world.repo(REACT, name="consumer")
    text = injected(consumer)
    assert (f"{OTHERS} (1)\n- [react] failed: wrapped the rows in React.memo(); hydration broke "
            f"(from webshop #{issue}; fixed by: keyed rows by id)\n") in text
    summary_md = (consumer.path / ".kenning" / "summary.md").read_bytes()
    assert text.encode("utf-8") == summary_md
    assert consumer.ok("summary").stdout.encode("utf-8") == summary_md
    assert injected(consumer, "resume") == text  # same inputs, same bytes
    assert OTHERS in consumer.ok("summary", "--full").stdout
    # where it was learned it is this project's own history, not a lesson from elsewhere
    assert OTHERS not in injected(shop) and "React.memo()" in injected(shop)
    # forgotten on this machine: gone from the next session start, and summary.md follows
    consumer.ok("lessons", "forget", attempt)
    after = injected(consumer)
    assert OTHERS not in after and "React.memo()" not in after
    assert after.encode("utf-8") == (consumer.path / ".kenning" / "summary.md").read_bytes()


def test_a_project_that_does_not_declare_the_library_gets_no_lesson_about_it(world: World):
    webshop_lesson(world)
    service = world.repo({"pyproject.toml": '[project]\nname = "s"\ndependencies = ["httpx"]\n',
                          "src/app.py": "x = 1\n"}, name="service")
    assert OTHERS not in injected(service)


@pytest.mark.slow
def test_lessons_from_other_projects_stay_inside_the_budget(world: World):
    shop = world.repo(REACT, name="webshop")
    issue = shop.issue("hydration breaks", "src/list.tsx")
    for n in range(25):
        shop.failed(f"approach {n}: wrapped the rows in React.memo() and " + "more words about it " * 10,
                    "src/list.tsx", issue)
    consumer = world.repo(REACT, name="consumer")
    cfg = consumer.path / ".kenning" / "config.toml"
    cfg.write_text(cfg.read_text().replace("budget = 6000", "budget = 1500"))
    text = injected(consumer)
    assert len(text) <= 1500
    assert f"{OTHERS} (25)\n" in text and "more: `ken lessons`" in text
    assert "(from webshop #" in text
    assert text.encode("utf-8") == (consumer.path / ".kenning" / "summary.md").read_bytes()


def test_session_start_says_which_memory_cites_code_that_changed(repo: Repo):
    """The SessionStart context (the summary) marks a decision whose cited lines were edited since,
    with the commit that edited them, after the one whose code is still there."""
    pay = ("def charge(order):\n    key = order.key()\n    return gateway.charge(order)\n"
           "\n\ndef refund(order):\n    return gateway.refund(order)\n")
    (repo.path / "src/pay.py").write_text(pay)
    repo.git("add", "src/pay.py")
    repo.git("commit", "-qm", "pay")
    edited = repo.ok("decide", "Refunds go through the gateway", "--at", "src/pay.py:6-7").stdout.strip()
    kept = repo.ok("decide", "Charges are keyed by the order", "--at", "src/pay.py:1-3").stdout.strip()
    (repo.path / "src/pay.py").write_text((repo.path / "src/pay.py").read_text().replace(
        "gateway.refund(order)", "ledger.refund(order)"))
    repo.git("commit", "-qam", "refund through the ledger")
    sha = repo.git("rev-parse", "--short=7", "HEAD").stdout.strip()
    text = injected(repo)
    assert text.encode() == (repo.path / ".kenning" / "summary.md").read_bytes()
    decisions = [line for line in text.split("## Standing decisions")[1].split("\n\n")[0].splitlines()
                 if line.startswith("- [")]
    assert [line[3:3 + len(kept)] for line in decisions] == [kept, edited]
    assert decisions[0].endswith("(src/pay.py:1)")
    # how long ago counts from the world's clock (KEN_NOW) back to the commit's date
    assert re.search(rf"\(src/pay\.py:6; code changed in {sha}, [\w ]+: check before relying on it\)$", decisions[1])
