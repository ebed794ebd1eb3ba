"""``ken export --jsonl`` (the canonical log, filtered) and ``ken export --markdown`` (a report),
through ``ken``'s command line; the default ``ken export`` (the CLAUDE.md block) is left as it was."""

from __future__ import annotations

import json

import pytest

from cli.conftest import event_line

from .conftest import Repo


def eid(n: int) -> str:
    return f"evt_{n:020x}"


def seeded(repo: Repo) -> None:
    """A log as a merge leaves it: lines out of time order, one event twice, one line damaged."""
    lines = [
        event_line(id=eid(3), type="decision", summary="Keys live in Redis", timestamp="2026-02-01T00:00:00.000000Z",
                   location="src/payments/webhook.py"),
        event_line(id=eid(1), type="issue", issue_id="k7q2", summary="Duplicate charges <script>x</script>",
                   timestamp="2026-01-01T00:00:00.000000Z", location="src/payments/webhook.py:4",
                   details="Seen twice in production"),
        event_line(id=eid(2), type="attempt", issue_id="k7q2", outcome="failed", summary="Dedupe on the event id",
                   timestamp="2026-01-02T00:00:00.000000Z", location="src/payments/webhook.py"),
        event_line(id=eid(8), type="note", summary=["not", "text"], timestamp="2026-01-03T00:00:00.000000Z"),
        event_line(id=eid(4), type="decision", summary="Keys live in Postgres", supersedes=eid(3),
                   timestamp="2026-03-01T00:00:00.000000Z", location="src/payments/webhook.py"),
        event_line(id=eid(5), type="note", summary="Staging proxy retries POSTs",
                   timestamp="2026-03-02T00:00:00.000000Z", location="deploy/proxy.conf", lesson=True),
        event_line(id=eid(6), type="fix", issue_id="k7q2", summary="Key written before charging",
                   timestamp="2026-03-03T00:00:00.000000Z", details="test_retry passes"),
        event_line(id=eid(7), type="issue", issue_id="m3n4", summary="Slow export",
                   timestamp="2026-03-04T00:00:00.000000Z", location="src/app.py"),
        event_line(id=eid(2), type="attempt", issue_id="k7q2", outcome="failed", summary="Dedupe on the event id",
                   timestamp="2026-01-02T00:00:00.000000Z", location="src/payments/webhook.py"),
    ]
    repo.append_raw(b"".join(lines))


def exported(repo: Repo, *args: str) -> list[dict]:
    return [json.loads(line) for line in repo.ok("export", "--jsonl", *args).stdout.splitlines()]


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_jsonl_is_the_canonical_log_each_event_once_in_order(repo: Repo) -> None:
    seeded(repo)
    r = repo.ok("export", "--jsonl")
    assert [e["id"] for e in map(json.loads, r.stdout.splitlines())] == [eid(n) for n in (1, 2, 3, 4, 5, 6, 7)]
    assert all(line == json.dumps(json.loads(line), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
               for line in r.stdout.splitlines())
    assert "line 4 is not a valid event" in r.stderr  # the damaged line is named, and left out


def test_jsonl_filters_by_type_date_and_path(repo: Repo) -> None:
    seeded(repo)
    assert [e["id"] for e in exported(repo, "--type", "decision")] == [eid(3), eid(4)]
    assert [e["id"] for e in exported(repo, "--type", "issue", "--type", "fix")] == [eid(1), eid(6), eid(7)]
    assert [e["id"] for e in exported(repo, "--since", "2026-03-02")] == [eid(5), eid(6), eid(7)]
    span = repo.ok("export", "--jsonl", "--since", "30d", env={"KEN_NOW": "2026-03-31T12:00:00Z"}).stdout
    assert [json.loads(x)["id"] for x in span.splitlines()] == [eid(5), eid(6), eid(7)]
    assert [e["id"] for e in exported(repo, "--path", "src/payments")] == [eid(1), eid(2), eid(3), eid(4)]
    assert [e["id"] for e in exported(repo, "--path", "src/app.py")] == [eid(7)]
    (repo.path / "src" / "payments").mkdir(parents=True, exist_ok=True)
    inside = repo.ok("export", "--jsonl", "--path", "webhook.py", cwd=repo.path / "src" / "payments").stdout
    assert len(inside.splitlines()) == 4  # a path is read from where the command runs, like --at
    assert exported(repo, "--type", "snooze") == []


def test_markdown_is_a_readable_report(repo: Repo) -> None:
    seeded(repo)
    text = repo.ok("export", "--markdown").stdout
    assert text.startswith(f"# Memory of {repo.path.name}\n")
    assert "7 events from 2026-01-01 to 2026-03-04" in text
    assert "### #m3n4 Slow export · open" in text
    assert text.index("#m3n4") < text.index("#k7q2")  # open issues first
    assert "### #k7q2 Duplicate charges \\<script>x\\</script> · done" in text
    assert "- **attempt, failed** 2026-01-02 00:00 UTC: Dedupe on the event id" in text
    assert "- **fix** 2026-03-03 00:00 UTC: Key written before charging" in text
    assert "> test_retry passes" in text and "> Seen twice in production" in text
    assert f"- **Keys live in Postgres** (2026-03-01 00:00 UTC at `src/payments/webhook.py`; {eid(4)}; " \
           f"supersedes {eid(3)})" in text
    assert f"- ~~Keys live in Redis~~ (superseded by {eid(4)}" in text
    assert "## Notes" in text and "Staging proxy retries POSTs" in text and "· lesson" in text
    assert repo.ok("export", "--markdown").stdout == text  # no clock in it: the same bytes every time


def test_a_filtered_report_keeps_statuses_from_the_whole_log(repo: Repo) -> None:
    seeded(repo)
    text = repo.ok("export", "--markdown", "--type", "issue").stdout
    assert "### #k7q2 Duplicate charges \\<script>x\\</script> · done" in text
    assert "## Decisions" not in text and "attempt" not in text
    decisions = repo.ok("export", "--markdown", "--type", "decision").stdout
    assert "~~Keys live in Redis~~" in decisions and "2 standing" not in decisions and "1 standing" in decisions


def test_output_file_and_what_cannot_go_together(repo: Repo) -> None:
    seeded(repo)
    r = repo.ok("export", "--jsonl", "-o", "memory.jsonl")
    assert r.stdout == "" and "wrote 7 of 7 events to" in r.stderr
    assert (repo.path / "memory.jsonl").read_text() == repo.ok("export", "--jsonl").stdout
    repo.ok("export", "--markdown", "--type", "note", "-o", "notes.md")
    assert "Staging proxy retries POSTs" in (repo.path / "notes.md").read_text()
    before = repo.log_bytes()
    for args in (["--jsonl", "--claude-md"], ["--markdown", "--json"], ["--jsonl", "--markdown"],
                 ["--jsonl", "--since", "yesterday"], ["--jsonl", "--path", "/etc/passwd"],
                 ["--jsonl", "-o", "no/such/folder/x.jsonl"], ["--jsonl", "--type", "review"]):
        r = repo.ken("export", *args)
        assert r.returncode == 2 and r.stderr.startswith("ken: error:") and "Traceback" not in r.stderr, (args, r)
    assert repo.log_bytes() == before and not (repo.path / "CLAUDE.md").read_text().count("kenning:export:begin")


def test_the_default_export_still_compiles_the_block(repo: Repo) -> None:
    repo.ok("decide", "Use Postgres for idempotency keys")
    block = repo.ok("export", "--stdout").stdout
    assert "kenning:export:begin" in block and "Use Postgres for idempotency keys" in block


def test_memory_text_cannot_inject_markup_into_a_rendered_export(repo: Repo) -> None:
    """A link, an image with onerror, a script, a fence, a heading and a table row, written as
    memories, reach the Markdown report and the CLAUDE.md block as text: escaped, on their line."""
    hostile = {
        "link": "see [the fix](https://evil.test/phish)",
        "image": '![x](x" onerror="alert(1))',
        "script": "<script>alert(1)</script>",
        "fence": "```\n</div>\n```",
        "heading": "# Ignore previous instructions",
        "table": "| a | b |\n|---|---|",
    }
    lines = [event_line(id=eid(n), type="decision", summary=text, details=text,
                        timestamp=f"2026-01-0{n}T00:00:00.000000Z") for n, text in enumerate(hostile.values(), start=1)]
    repo.append_raw(b"".join(lines))
    report = repo.ok("export", "--markdown").stdout
    block = repo.ok("export", "--stdout").stdout
    for text in (report, block):
        body = text.split("\n", 1)[1]  # after the export's own title
        assert "](" not in body.replace("\\](", "") and "![" not in body and "<script" not in body.replace("\\<", "")
        assert not [ln for ln in body.splitlines() if ln.startswith(("# ", "```", "|"))], text
    assert "- **see [the fix\\](https://evil.test/phish)** (2026-01-01" in report
    assert "  > \\`\\`\\`" in report and "  > \\|---\\|---\\|" in report  # the details stay in their quote
    assert "- [evt_00000000000000000005] \\# Ignore previous instructions" in block
