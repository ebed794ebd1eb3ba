"""``ken validate [FILE]`` through ``ken``'s command line: a log kenning wrote passes; a damaged one
has every problem printed as ``LINE: problem`` and exits 1; it reads any file, anywhere."""

from __future__ import annotations

import json
import subprocess

import pytest

from cli.conftest import event_line
from machine import KEN

from .conftest import Repo, World, write_beads, write_projectmem


def eid(n: int) -> str:
    return f"evt_{n:020x}"


def test_a_log_kenning_wrote_is_valid(repo: Repo) -> None:
    issue = repo.json("issue", "Login fails", "--at", "src/app.py:3", "--details", "stack trace here")
    repo.ok("attempt", "Retried the token refresh", "--failed", "--issue", issue["issue_id"])
    repo.ok("fix", "Refresh before expiry", "--issue", issue["issue_id"], "--details", "test passes")
    first = repo.json("decide", "Tokens live 15 minutes", "--lesson")
    repo.ok("decide", "Tokens live 30 minutes", "--supersedes", first["id"])
    repo.ok("note", "The IdP rotates keys on Mondays")
    repo.ok("precheck", "src/app.py", "--snooze", "2d", "--reason", "known")
    repo.ok("import", "--from", "projectmem", str(write_projectmem(repo.path)))
    repo.ok("import", "--from", "beads", str(write_beads(repo.path)))
    r = repo.ken("validate")
    assert r.returncode == 0 and r.stdout == "", r
    assert "0 problems" in r.stderr
    report = repo.json("validate")
    assert report["valid"] and report["events"] == report["lines"] == len(repo.events()) >= 20


def test_every_problem_comes_with_its_line_number(repo: Repo) -> None:
    repo.ok("note", "a good first line")
    issue = event_line(id=eid(4), type="issue", issue_id="ab12", summary="an issue",
                       timestamp="2026-01-02T00:00:00.000000Z")
    repo.append_raw(b"".join([
        b"{not json\n",                                                                          # 2
        b'{"v":1,"type":"attempt","summary":"no id or outcome"}\n',                              # 3
        event_line(id=eid(1), type="review", summary="a type v1 lacks", timestamp="2026-01-01T00:00:00.000000Z"),
        event_line(id=eid(2), type="note", summary="", timestamp="2026-02-30T00:00:00.000000Z"),  # 5
        event_line(id=eid(3), type="note", summary="x", timestamp="2026-01-01T00:00:00Z", lesson="yes"),  # 6
        b"\n",                                                                                   # 7: blank, fine
        issue,
        event_line(id=eid(5), type="decision", summary="retires an issue?", supersedes=eid(4),    # 9
                   timestamp="2026-01-03T00:00:00.000000Z"),
        issue,
        event_line(id=eid(6), type="note", summary="from the future", timestamp="2026-01-04T00:00:00.000000Z", v=2),
        b'\xff\xfe not utf-8\n',                                                                 # 12
        b'{"v":1,"id":"evt_', ]))                                                                 # 13: torn
    r = repo.ken("validate")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r
    lines = r.stdout.splitlines()
    expected = [
        "2: not JSON",
        "3: missing id", "3: missing timestamp", "3: missing source", "3: an attempt needs outcome",
        "3: an attempt needs issue_id",
        '4: type "review" is not one of issue, attempt, fix, decision, note, snooze',
        "5: summary is empty", '5: timestamp "2026-02-30T00:00:00.000000Z" is not a real date and time',
        '6: timestamp "2026-01-01T00:00:00Z" is not a UTC time', "6: lesson is not true or false",
        f"9: supersedes {eid(4)}, which is an issue, not a decision",
        f"10: duplicate id {eid(4)} (first on line 8)",
        "11: written by a newer kenning (schema v2)",
        "12: not UTF-8 text (byte 0xff at column 1)",
        "13: an incomplete last line, cut off mid-write",
    ]
    for want in expected:
        assert any(line.startswith(want) for line in lines), (want, lines)
    assert not any(line.startswith(("1:", "7:", "8:")) for line in lines), lines
    assert [int(line.split(":")[0]) for line in lines] == sorted(int(line.split(":")[0]) for line in lines)
    report = json.loads(repo.ken("validate", "--json").stdout)
    assert not report["valid"] and report["lines"] == 13 and report["events"] == 2  # lines 1 and 8
    assert {p["line"] for p in report["problems"]} == {2, 3, 4, 5, 6, 9, 10, 11, 12, 13}


def test_a_last_line_without_its_newline_is_named(repo: Repo) -> None:
    repo.append_raw(event_line(id=eid(1), type="note", summary="hand-appended", timestamp="2026-01-01T00:00:00.000000Z")
                    .rstrip(b"\n"))
    r = repo.ken("validate")
    assert r.returncode == 1 and r.stdout.startswith("1: no newline at the end of the last line"), r


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_any_file_anywhere_and_standard_input(world: World, repo: Repo) -> None:
    repo.ok("note", "exported")
    export = world.base / "export.jsonl"
    export.write_text(repo.ok("export", "--jsonl").stdout)
    elsewhere = world.base / "not-a-repo"
    elsewhere.mkdir()
    r = subprocess.run([KEN, "validate", str(export)], cwd=elsewhere, env=world.env, capture_output=True, text=True)
    assert r.returncode == 0 and "1 valid event," in r.stderr, r
    piped = repo.ken("validate", "-", input=repo.ok("export", "--jsonl").stdout + "{torn")
    assert piped.returncode == 1 and piped.stdout.startswith("2: an incomplete last line"), piped
    empty = world.base / "empty.jsonl"
    empty.write_text("")
    assert repo.ken("validate", str(empty)).returncode == 0
    bom = world.base / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + export.read_bytes())  # a byte-order mark some editors add: readers skip it
    assert repo.ken("validate", str(bom)).returncode == 0


def test_what_validate_cannot_read_is_one_error_line(world: World, repo: Repo) -> None:
    for args, code in ((["validate", "no-such.jsonl"], 2), (["validate", str(world.base)], 2)):
        r = repo.ken(*args)
        assert r.returncode == code and r.stdout == "" and r.stderr.count("\n") == 1, (args, r)
        assert r.stderr.startswith("ken: error:") and "Traceback" not in r.stderr
    elsewhere = world.base / "not-a-repo"
    elsewhere.mkdir()
    r = subprocess.run([KEN, "validate"], cwd=elsewhere, env=world.env, capture_output=True, text=True)
    assert r.returncode == 3 and "not inside a git repository" in r.stderr, r
