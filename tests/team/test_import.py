"""``ken import`` through ``ken``'s command line: projectmem logs and global lessons, beads exports and
kenning's own JSONL, each on realistic files with malformed lines; a second import adds nothing;
a dry run writes nothing; everything is redacted like a write; ids that clash are renamed stably."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import BEADS, PROJECTMEM, SECRETS, Repo, World, jsonl, write_beads, write_projectmem


def ids(repo: Repo) -> list[str]:
    return [e["id"] for e in repo.events()]


# -- projectmem ----------------------------------------------------------------------------------

@pytest.mark.real_processes  # end to end: a real `ken` process
def test_projectmem_log_comes_in_with_ids_times_outcomes_and_supersession(repo: Repo) -> None:
    source = write_projectmem(repo.path)
    r = repo.ok("import", "--from", "projectmem", str(source))
    assert "added 10 events" in r.stdout and "1 line skipped" in r.stdout, r.stdout
    assert "line 11: not JSON" in r.stderr, r.stderr  # the broken line, by number; not fatal
    events = {e["id"]: e for e in repo.events()}
    assert {e["id"] for e in PROJECTMEM} <= set(events)
    attempt = events["evt_1b494cd4368c4de0adec"]
    assert (attempt["type"], attempt["outcome"], attempt["issue_id"]) == ("attempt", "failed", "0001")
    assert attempt["timestamp"] == "2026-09-26T04:25:35.000000Z"
    assert attempt["details"] == ("Stripe re-sends with a new event id on manual retries\n\n"
                                  "command: pytest tests/test_webhook.py")
    assert events["evt_43fdb8861a8d4bec9448"]["supersedes"] == "evt_ff7d8add7bf1487dad01"
    assert events["evt_51ad79e762114458bfcf"]["paths"] == ["src/payments/webhook.py", "src/payments/ledger.py"]
    assert events["evt_51ad79e762114458bfcf"]["git_commit"] == "648c87c"  # abbreviated, as projectmem kept it
    # git's `%ai` time, converted to UTC; an absolute path is no location here, so it goes to the details
    exported = events["evt_9c1e0d7a5b3f4e2d8a61"]
    assert exported["timestamp"] == "2026-09-27T07:15:02.000000Z" and "location" not in exported
    assert "/home/dev/shop/jobs/export.py" in exported["details"]
    assert all(e["source"] == "import" and e["imported_from"] == "projectmem" for e in events.values())

    summary = repo.ok("summary", "--full").stdout
    assert "Enforce idempotency" in summary and "Store idempotency keys in Redis" not in summary
    assert "Deduplicated on the Stripe event id" in summary
    show = repo.json("show", "0002")
    assert [a["outcome"] for a in show["attempts"]] == ["partial"]


def test_a_type_kenning_lacks_becomes_a_searchable_note_naming_it(repo: Repo) -> None:
    repo.ok("import", "--from", "projectmem", str(write_projectmem(repo.path)))
    found = repo.json("search", "proxy")
    hypothesis = next(e for e in found if e["id"] == "evt_0000000000000000aaaa")
    assert (hypothesis["type"], hypothesis["imported_type"]) == ("note", "hypothesis")
    assert "maybe the retries are from the proxy" in repo.ok("search", "proxy").stdout


def test_importing_twice_adds_nothing(repo: Repo) -> None:
    source = write_projectmem(repo.path)
    repo.ok("import", "--from", "projectmem", str(source))
    before = repo.log_bytes()
    r = repo.ok("import", "--from", "projectmem", str(source), "--json")
    assert repo.log_bytes() == before
    report = json.loads(r.stdout)
    assert (report["added_total"], report["present"]) == (0, 10)
    # the log grew in projectmem meanwhile: only the new line comes in
    with open(source, "a") as f:
        f.write(json.dumps({"id": "evt_aaaaaaaaaaaaaaaaaaaa", "type": "attempt", "issue_id": "0002",
                            "outcome": "worked", "summary": "Streamed the rows", "timestamp": "2026-09-29T00:00:00Z"})
                + "\n")
    assert repo.json("import", "--from", "projectmem", str(source))["added"] == {"attempt": 1}
    assert len(ids(repo)) == len(set(ids(repo))) == 11


def test_dry_run_says_what_would_come_in_and_writes_nothing(repo: Repo, world: World) -> None:
    gotchas = world.base / "pm" / "global" / "library_gotchas.jsonl"
    gotchas.parent.mkdir(parents=True)
    gotchas.write_text(json.dumps({"id": "got_0123456789ab", "library": "stripe", "gotcha": "retries last 3 days"}))
    env = {"PROJECTMEM_HOME": str(world.base / "pm")}
    before = repo.log_bytes()
    home = sorted(p.name for p in (world.base / "kenhome").rglob("*"))
    r = repo.ok("import", "--from", "projectmem", str(write_projectmem(repo.path)), "--dry-run", env=env)
    assert "would add 10 events (2 issues, 2 attempts, 1 fix, 2 decisions, 3 notes)" in r.stdout, r.stdout
    assert "would add 1 to the machine-wide store" in r.stdout and "nothing was written" in r.stdout
    assert repo.log_bytes() == before
    assert sorted(p.name for p in (world.base / "kenhome").rglob("*")) == home


def test_what_projectmem_missed_is_redacted(repo: Repo) -> None:
    r = repo.ok("import", "--from", "projectmem", str(write_projectmem(repo.path)))
    for kind in ("npm_token", "huggingface_token", "password_assignment", "url_credentials"):
        assert kind in r.stderr, r.stderr
    stored = b"".join(p.read_bytes() for p in (repo.path / ".kenning").rglob("*") if p.is_file())
    served = repo.ok("search", "", "--json", "--limit", "1000").stdout + repo.ok("summary", "--full").stdout
    for secret in SECRETS:
        assert secret.encode() not in stored and secret not in served, secret[:6]
    note = next(e for e in repo.events() if "deploy with" in e["summary"])
    assert "[REDACTED:npm_token]" in note["summary"] and "[REDACTED:url_credentials]" in note["details"]


def test_projectmem_global_lessons_come_in_once(repo: Repo, world: World) -> None:
    folder = world.base / "pm" / "global"
    folder.mkdir(parents=True)
    (folder / "library_gotchas.jsonl").write_text(jsonl([
        {"id": "got_0123456789ab", "library": "Stripe", "gotcha": f"webhooks retry for 3 days; key {SECRETS[0]}",
         "tags": ["python"], "source_project": "shop", "discovered": "2026-01-02T03:04:05.123456Z"},
    ], "{torn"))
    (folder / "patterns.jsonl").write_text(jsonl([
        {"id": "pat_0123456789ab", "pattern": "pin pydantic below 2 with fastapi 0.95", "tags": ["fastapi"],
         "created": "2026-01-02T03:04:05Z"},
        {"id": "pat_ffffffffffff", "pattern": "a pattern filed under nothing", "tags": []},
    ]))
    env = {"PROJECTMEM_HOME": str(world.base / "pm")}
    r = repo.ok("import", "--from", "projectmem", str(write_projectmem(repo.path)), env=env)
    assert "added 2 to the machine-wide store; 2 skipped" in r.stdout, r.stdout
    assert "library_gotchas.jsonl line 2" in r.stderr and "names no library" in r.stderr
    lessons = repo.json("lessons", "--library", "stripe")["lessons"]
    assert [x["id"] for x in lessons] == ["got_0123456789ab"] and lessons[0]["project"] == "shop"
    assert "[REDACTED:npm_token]" in lessons[0]["text"]
    assert [x["id"] for x in repo.json("lessons", "--library", "fastapi")["lessons"]] == ["pat_0123456789ab"]
    again = repo.json("import", "--from", "projectmem", str(write_projectmem(repo.path)), env=env)
    assert (again["lessons"]["added"], again["lessons"]["present"]) == (0, 2)
    assert repo.json("import", "--from", "projectmem", str(write_projectmem(repo.path)), "--no-lessons",
                     env=env)["lessons"] is None


def test_an_issue_id_already_used_here_is_renamed_the_same_way_every_time(repo: Repo) -> None:
    """projectmem numbers its issues 0001, 0002…; kenning's random ids can be digits too."""
    mine = repo.json("issue", "Our own first issue", "--at", "src/app.py")
    source = repo.path / "pm.jsonl"
    issue = {"id": "evt_11111111111111111111", "type": "issue", "issue_id": mine["issue_id"],
             "summary": "Their issue", "timestamp": "2026-01-01T00:00:00Z"}
    attempt = {"id": "evt_22222222222222222222", "type": "attempt", "issue_id": mine["issue_id"],
               "outcome": "failed", "summary": "Their attempt", "timestamp": "2026-01-01T00:00:01Z"}
    source.write_text(jsonl([issue, attempt]))
    report = repo.json("import", "--from", "projectmem", str(source))
    new = report["renamed_issues"][mine["issue_id"]]
    events = {e["id"]: e for e in repo.events()}
    assert events["evt_11111111111111111111"]["issue_id"] == events["evt_22222222222222222222"]["issue_id"] == new
    assert [a["summary"] for a in repo.json("show", mine["issue_id"])["attempts"]] == []
    # later, one more attempt on their issue: it follows the rename made the first time
    source.write_text(jsonl([issue, attempt, {**attempt, "id": "evt_33333333333333333333",
                                              "summary": "Their second attempt"}]))
    assert repo.json("import", "--from", "projectmem", str(source))["added"] == {"attempt": 1}
    assert {a["summary"] for a in repo.json("show", new)["attempts"]} == {"Their attempt", "Their second attempt"}


# -- beads ---------------------------------------------------------------------------------------

def test_beads_issues_come_in_with_their_close_reasons(repo: Repo) -> None:
    source = write_beads(repo.path)
    r = repo.ok("import", "--from", "beads", str(source))
    assert "added 6 events (3 issues, 2 fixes, 1 note)" in r.stdout and "3 lines skipped" in r.stdout, r.stdout
    for said in ("line 4: deleted in beads", "line 5: no title", "line 6: not JSON"):
        assert said in r.stderr, r.stderr
    issues = {i["summary"]: i for i in repo.json("issues", "--all")}
    login = issues["Login fails after password reset"]
    shown = repo.json("show", login["issue_id"])
    assert shown["fixes"][0]["summary"] == "Fixed in PR #42: token TTL from config"
    assert shown["issue"]["imported_id"] == "bd-a1b2" and shown["issue"]["timestamp"] == "2025-10-14T19:34:56.123456Z"
    assert "beads bd-a1b2: bug, priority P1, closed, assignee alice, labels auth, p1" in shown["issue"]["details"]
    assert any(e["summary"] == "Reproduced on staging" and e.get("actor") == "bob" for e in shown["related"])
    open_ids = {i["summary"] for i in repo.json("issues")}
    assert open_ids == {"Add rate limiting to the public API"}
    flaky = repo.json("show", issues["Flaky checkout test"]["issue_id"])
    assert flaky["fixes"][0]["summary"] == "Closed in beads"  # closed without a reason
    assert "Login fails after password reset" in repo.ok("search", "bd-a1b2").stdout  # found by its beads id


def test_beads_reimport_adds_only_what_changed(repo: Repo) -> None:
    source = write_beads(repo.path)
    repo.ok("import", "--from", "beads", str(source))
    before = repo.log_bytes()
    assert repo.json("import", "--from", "beads", str(source))["added_total"] == 0
    assert repo.log_bytes() == before
    closed = {**BEADS[1], "status": "closed", "closed_at": "2025-11-01T00:00:00Z", "close_reason": "Shipped in 2.3"}
    source.write_text(jsonl([BEADS[0], closed, *BEADS[2:]]))
    assert repo.json("import", "--from", "beads", str(source))["added"] == {"fix": 1}
    assert repo.json("issues") == []


# -- kenning's own JSONL -------------------------------------------------------------------------

def test_an_export_imports_into_another_clone_unchanged(world: World, repo: Repo) -> None:
    issue = repo.json("issue", "Cache misses after deploy", "--at", "src/app.py")
    repo.ok("attempt", "Warmed the cache on boot", "--failed", "--issue", issue["issue_id"])
    repo.ok("decide", "Cache keys carry the build id")
    exported = repo.ok("export", "--jsonl").stdout
    other = world.repo("other")
    other.init()
    source = other.path / "in.jsonl"
    source.write_text(exported + '{"v":1,"id":"evt_x","type":"note"}\n' + exported.splitlines()[0] + "\n")
    r = other.ok("import", "--from", "jsonl", str(source), "--json")
    report = json.loads(r.stdout)
    assert report["added"] == {"issue": 1, "attempt": 1, "decision": 1}
    assert report["repeated"] == 1 and report["skipped"][0]["line"] == 4, report
    assert "id \"evt_x\" is not evt_" in report["skipped"][0]["reason"]
    assert other.log_bytes().decode() == exported  # byte for byte: the same events, the same lines
    assert other.ok("export", "--jsonl").stdout == exported
    assert other.json("import", "--from", "jsonl", str(source))["added_total"] == 0


def test_standard_input_is_a_source_too(world: World, repo: Repo) -> None:
    repo.ok("note", "Builds need Node 20")
    other = world.repo("other")
    other.init()
    r = other.ok("import", "--from", "jsonl", "-", input=repo.ok("export", "--jsonl").stdout)
    assert "added 1 event (1 note)" in r.stdout, r.stdout
    assert Path(other.path / ".kenning" / "events.jsonl").read_text() == repo.log_bytes().decode()
