"""What a user types, read as they meant it or refused in one line: ``--at PATH[:LINE]``,
undecodable bytes, ``--details -`` and ``--details-file``, a mistyped path given to the gate,
and the counts ``ken score`` builds from repeated checks. Real ``ken`` processes throughout."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from machine import KEN  # noqa: E402  (tests/ is on sys.path: its conftest.py)

from .conftest import Repo, World

WRITES = {  # every write command that takes --details, with what it needs besides a summary
    "issue": [], "attempt": ["--failed"], "fix": [], "decide": [], "note": [],
}


def typed_repo(world: World) -> Repo:
    """An initialized repository with one open issue (attempts and fixes find it) and a file
    whose name holds a colon."""
    repo = world.repo(files={"src/app.py": "def main():\n    return 1\n", "a:b.py": "x = 1\n"})
    repo.init()
    repo.ok("issue", "the open issue", "--at", "src/app.py")
    return repo


@pytest.fixture
def typed(world: World) -> Repo:
    return typed_repo(world)


@pytest.fixture(scope="module")
def typed_shared(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    """One ``typed`` repository for the refusals (each checks that it wrote nothing)."""
    return typed_repo(World(tmp_path_factory.mktemp("typed")))


def refused(repo: Repo, *args: str, input: str | bytes | None = None) -> str:
    """Exit 2, one ``ken: error:`` line naming the problem, nothing on stdout, the log untouched."""
    before = repo.log_bytes()
    r = repo.ken(*args, input=input)
    err = r.stderr if isinstance(r.stderr, str) else r.stderr.decode("utf-8", "replace")
    lines = err.splitlines()
    assert r.returncode == 2, f"ken {args!r} -> {r.returncode}\n{err}"
    assert len(lines) == 1 and lines[0].startswith("ken: error: "), err
    assert "Traceback" not in err and "please report" not in err and "unexpected" not in err, err
    assert not r.stdout
    assert repo.log_bytes() == before, "a refused write changed the log"
    return lines[0]


def written(repo: Repo, *args: str, input: str | None = None) -> dict:
    r = repo.ken(*args, "--json", input=input)
    assert r.returncode == 0 and "Traceback" not in r.stderr, f"ken {args!r} -> {r.returncode}\n{r.stderr}"
    return json.loads(r.stdout)


# -- --at PATH[:LINE] ---------------------------------------------------------------------------

BAD_LINES = {
    "a word for a line": ("src/app.py:abc", "'abc' is not a line number"),
    "a negative line": ("src/app.py:-5", "'-5' is not a line number"),
    "line zero": ("src/app.py:0", "lines are counted from 1"),
    "a range ending before it starts": ("src/app.py:20-10", "1 <= START <= END"),
    "line and column": ("src/app.py:12:5", "give one line number, PATH:LINE (src/app.py:12)"),
    "nothing after the colon": ("src/app.py:", "'' is not a line number"),
    "a word after a file not written yet": ("src/new.py:abc", "'abc' is not a line number"),
}


@pytest.mark.parametrize("command", list(WRITES))
@pytest.mark.parametrize(("at", "said"), list(BAD_LINES.values()), ids=list(BAD_LINES))
def test_a_line_typed_wrong_is_refused_on_every_write(typed_shared: Repo, command: str, at: str,
                                                      said: str) -> None:
    err = refused(typed_shared, command, "summary", "--at", at, *WRITES[command])
    assert said in err and "PATH:LINE" in err, err


def test_a_line_typed_wrong_never_becomes_a_key_file(typed: Repo) -> None:
    for at in ("src/app.py:abc", "src/app.py:-5"):
        typed.ken("note", "n", "--at", at)
    summary = typed.ok("summary", "--full").stdout
    assert "src/app.py:abc" not in summary and "src/app.py:-5" not in summary


@pytest.mark.parametrize(("at", "stored"), [
    ("src/app.py:7", "src/app.py:7"),
    ("src/app.py", "src/app.py"),
    ("a:b.py", "a:b.py"),             # a file whose name holds ':' exists: it is the path
    ("a:b.py:3", "a:b.py:3"),         # and may take a line too
    ("gone:later.py", "gone:later.py"),  # a name with ':' not on disk (yet, or any more): still a path
])
def test_paths_and_lines_that_are_right_are_kept(typed: Repo, at: str, stored: str) -> None:
    assert written(typed, "note", "located", "--at", at)["location"] == stored


def test_readers_take_the_same_at(typed: Repo) -> None:
    typed.ok("note", "about the colon file", "--at", "a:b.py")
    found = json.loads(typed.ok("search", "colon", "--at", "a:b.py", "--json").stdout)
    assert [e["summary"] for e in found] == ["about the colon file"]
    assert "'abc' is not a line number" in refused(typed, "search", "x", "--at", "src/app.py:abc")
    assert "'-5' is not a line number" in refused(typed, "context", "--at", "src/app.py:-5")


# -- undecodable bytes --------------------------------------------------------------------------

def undecodable(raw: bytes) -> str:
    """What Python makes of bytes in argv that are not UTF-8 (the process gets the bytes back)."""
    return os.fsdecode(raw)


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_an_undecodable_at_is_a_clear_error(typed: Repo) -> None:
    for command in WRITES:
        err = refused(typed, command, "ok", "--at", undecodable(b"src/\xff.py"), *WRITES[command])
        assert "not valid UTF-8" in err and "byte 0xff" in err and "retype" in err, err
    err = refused(typed, "search", "x", "--at", undecodable(b"src/\xff.py"))
    assert "not valid UTF-8" in err


@pytest.mark.parametrize("where", ["summary", "details"])
@pytest.mark.real_processes  # end to end: a real `ken` process
def test_undecodable_text_is_refused_not_stored_as_question_marks(typed: Repo, where: str) -> None:
    text = undecodable(b"caf\xe9 au lait")  # Latin-1 bytes typed into a UTF-8 terminal
    args = ["note", text] if where == "summary" else ["note", "ok", "--details", text]
    err = refused(typed, *args)
    assert "not valid UTF-8" in err and "byte 0xe9 at character 4" in err and "iconv" in err, err
    assert b"caf?" not in typed.log_bytes() and "caf\ufffd".encode() not in typed.log_bytes()


# -- --details - and --details-file -------------------------------------------------------------

@pytest.mark.parametrize("command", list(WRITES))
@pytest.mark.real_processes  # end to end: a real `ken` process
def test_details_dash_reads_standard_input(typed: Repo, command: str) -> None:
    event = written(typed, command, "with details", "--details", "-", *WRITES[command],
                    input="line one\nline two: ünïcode\n")
    assert event["details"] == "line one\nline two: ünïcode"
    assert typed.events()[-1]["details"] == "line one\nline two: ünïcode"


@pytest.mark.parametrize("command", list(WRITES))
def test_details_file_reads_a_utf8_file(typed: Repo, command: str) -> None:
    (typed.path / "out.txt").write_bytes("\ufeffTraceback (most recent call last):\n  boom ✗\n".encode())
    event = written(typed, command, "with a file", "--details-file", "out.txt", *WRITES[command])
    assert event["details"] == "Traceback (most recent call last):\n  boom ✗"  # the byte-order mark dropped


def test_details_from_stdin_or_a_file_are_refused_when_unreadable(typed: Repo) -> None:
    (typed.path / "latin1.txt").write_bytes(b"caf\xe9\n")
    (typed.path / "huge.txt").write_bytes(b"x" * 100_000)
    checks = [
        (["--details", "-"], b"caf\xe9\n", "standard input is not UTF-8 text (byte 0xe9 at offset 3)"),
        (["--details-file", "missing.txt"], None, "--details-file 'missing.txt': no such file"),
        (["--details-file", "src"], None, "cannot read --details-file 'src'"),
        (["--details-file", "latin1.txt"], None, "is not UTF-8 text (byte 0xe9 at offset 3)"),
        (["--details-file", "huge.txt"], None, "holds more than 20,000 characters"),
        (["--details", "x", "--details-file", "latin1.txt"], None, "not allowed with argument --details"),
    ]
    for flags, stdin, said in checks:
        assert said in refused(typed, "note", "ok", *flags, input=stdin), flags


def test_details_dash_with_nothing_on_standard_input_records_no_details(typed: Repo) -> None:
    assert "details" not in written(typed, "note", "empty pipe", "--details", "-", input="")


# -- the gate on a path nobody has -------------------------------------------------------------

def test_precheck_of_a_mistyped_path_says_no_such_file(typed: Repo) -> None:
    r = typed.ok("precheck", "src/ap.py", "src/app.py")
    assert r.stdout.splitlines()[0] == ("src/ap.py: no such file is tracked (not on disk, not in git, "
                                        "nothing in memory); check the path")
    assert "ok (no warnings)" not in r.stdout.splitlines()[0]
    report = json.loads(typed.ok("precheck", "src/ap.py", "src/app.py", "--json").stdout)
    typo, real = report["files"]
    assert typo["no_such_file"] is True and typo["severity"] == "none" and typo["warnings"] == []
    assert "no_such_file" not in real
    assert not [r for r in checks(typed) if r.get("file") == "src/ap.py"], "a typo left a check record"


def test_precheck_with_nothing_staged_says_so_in_one_line(typed: Repo) -> None:
    r = typed.ok("precheck")  # no paths: the staged files, and none is staged
    assert r.stdout == ("nothing to check: no file is staged (`git add` one, or name files: "
                        "`ken precheck PATH`)\n"), repr(r.stdout)
    assert json.loads(typed.ok("precheck", "--json").stdout)["files"] == []
    (typed.path / "a:b.py").write_text("x = 2\n")
    typed.world.git(typed.path, "add", "a:b.py")
    assert typed.ok("precheck").stdout == "a:b.py: ok (no warnings)\n"


def test_precheck_judges_deleted_files_as_before(typed: Repo) -> None:
    typed.ok("note", "the old parser drops empty lines", "--at", "src/old.py")  # memory, never a file
    (typed.path / "src" / "app.py").unlink()  # deleted, with memory
    (typed.path / "a:b.py").unlink()  # deleted, no memory, the deletion not staged: git still tracks it
    paths = ["src/old.py", "src/app.py", "a:b.py"]
    report = json.loads(typed.ok("precheck", *paths, "--json").stdout)
    by_path = {f["path"]: f for f in report["files"]}
    assert [w["kind"] for w in by_path["src/old.py"]["warnings"]] == ["stale_memory"]
    assert {w["kind"] for w in by_path["src/app.py"]["warnings"]} >= {"open_issues", "stale_memory"}
    assert not any(f.get("no_such_file") for f in by_path.values()), by_path
    assert "no such file" not in typed.ok("precheck", *paths).stdout
    typed.world.git(typed.path, "rm", "-q", "--cached", "a:b.py")  # now git no longer tracks it
    assert json.loads(typed.ok("precheck", "a:b.py", "--json").stdout)["files"][0].get("no_such_file") is True


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_precheck_of_a_typo_costs_no_git_process(typed: Repo) -> None:
    """The index is read from .git/index: the gate's budget of git processes stays whole."""
    shim = typed.world.base / "shim"
    shim.mkdir()
    calls = typed.world.base / "git-calls"
    (shim / "git").write_text(f'#!/bin/sh\necho "$*" >> {calls}\nexec {shutil.which("git")} "$@"\n')
    (shim / "git").chmod(0o755)
    typed.ok("precheck", "src/app.py")  # the git facts of this HEAD are cached
    r = typed.ok("precheck", "src/ap.py", env={"PATH": f"{shim}:{typed.world.env['PATH']}"})
    assert "no such file is tracked" in r.stdout
    assert not calls.exists() or "ls-files" not in calls.read_text()


# -- ken score: a repeated check is one check --------------------------------------------------

def checks(repo: Repo) -> list[dict]:
    path = repo.path / ".kenning" / "local" / "checks.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def score(repo: Repo) -> dict:
    return json.loads(repo.ok("score", "--json").stdout)


def heeded(result: dict) -> int:
    return int(re.search(r"heeded gate warnings \((\d+)\)", result["estimates"][0]["formula"]).group(1))


def test_ten_prechecks_of_one_file_are_one_check(typed: Repo) -> None:
    typed.ok("attempt", "memoized main", "--failed", "--at", "src/app.py")
    for _ in range(10):
        typed.ok("precheck", "src/app.py")
    result = score(typed)
    assert result["gate"]["checks"] == 1 and result["gate"]["warnings"] == 1
    assert result["gate"]["by_origin"]["person"]["checks"] == 1
    # a person's own checks are not an agent's heeded warnings, and the estimate says so
    assert heeded(result) == 0 and result["estimates"][0]["value"] == 0
    assert "counted from 0 agent checks; 1 manual check not counted" in typed.ok("score").stdout

    typed.ok("attempt", "cached main", "--failed", "--at", "src/app.py")  # new evidence: a new check
    for _ in range(3):
        typed.ok("precheck", "src/app.py")
    assert score(typed)["gate"]["warnings"] == 2 and score(typed)["gate"]["by_origin"]["person"]["warnings"] == 2


def test_the_same_check_after_an_edit_counts_again(typed: Repo) -> None:
    typed.ok("attempt", "memoized main", "--failed", "--at", "src/app.py")
    typed.ok("precheck", "src/app.py")
    typed.ok("precheck", "src/app.py")
    record = {"outcome": "edit", "file": "src/app.py", "time": "2031-01-01T00:00:00.000000Z", "repeated": False,
              "similar": None}  # what the agent hook writes when an edit of a warned file goes ahead
    with open(typed.path / ".kenning" / "local" / "checks.jsonl", "a") as f:
        f.write(json.dumps(record) + "\n")
    typed.ok("precheck", "src/app.py")
    typed.ok("precheck", "src/app.py")
    gate = score(typed)["gate"]
    assert (gate["checks"], gate["warnings"]) == (2, 2)
    assert gate["files"]["src/app.py"]["warnings"] == 2


# -- wording ------------------------------------------------------------------------------------

def test_messages_agree_in_article_and_number(typed: Repo) -> None:
    issue_event = typed.events()[0]["id"]
    err = refused(typed, "decide", "x", "--supersedes", issue_event)
    assert f"{issue_event} is an issue, not a decision" in err
    help_text = typed.ok("attempt", "--help").stdout
    assert "the attempt partial" not in help_text and "it partly worked" in help_text

    config = typed.path / ".kenning" / "config.toml"
    config.write_text(re.sub(r"(?m)^churn_commits = 4", "churn_commits = 1", config.read_text()))
    (typed.path / "src" / "app.py").write_text("def main():\n    return 2\n")
    typed.world.git(typed.path, "commit", "-qam", "change main")
    text = typed.ok("precheck", "src/app.py").stdout
    assert re.search(r"\b2 commits touched this file in the last 30 days", text), text
    (typed.path / "src" / "one.py").write_text("x = 1\n")
    typed.world.git(typed.path, "add", "src/one.py")
    typed.world.git(typed.path, "commit", "-qm", "add one")
    text = typed.ok("precheck", "src/one.py").stdout
    assert "1 commit touched this file in the last 30 days" in text, text


@pytest.mark.parametrize(("window", "said"), [("20", "within 20 seconds"), ("90", "within 1 minute 30 seconds"),
                                               ("60", "within 1 minute")])
def test_a_churn_note_says_its_window_as_people_do(typed: Repo, window: str, said: str) -> None:
    before = len(typed.log_bytes().splitlines())
    proc = subprocess.Popen([KEN, "watch", "--saves", "2", "--window", window], cwd=typed.path,
                            env=typed.world.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None and b"watching" in proc.stdout.readline()
        deadline, n = time.monotonic() + 20, 0
        while len(typed.log_bytes().splitlines()) == before and time.monotonic() < deadline:
            (typed.path / "src" / "app.py").write_text(f"x = {n}\n")
            n += 1
            time.sleep(0.3)  # the pace of a user's saves (the scenario); the loop ends on the note
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=15)
    summaries = [json.loads(line)["summary"] for line in typed.log_bytes().splitlines()[before:]]
    assert summaries and all(s.startswith("churn: src/app.py saved ") and s.endswith(said) for s in summaries), \
        summaries
