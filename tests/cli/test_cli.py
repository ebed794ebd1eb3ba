"""The ``ken`` command line, driven as a user drives it, in real git repositories: its ``main`` in
this process (``conftest.Repo.ken``), and the tests marked ``real_processes`` through real processes.

Each test names the behaviour a user can see (files, bytes, exit codes, stdout/stderr); no
mocks. ``KEN_HOME`` isolates every run from the machine (see ``conftest.World``).
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from .conftest import LOG, Repo, World, event_line

EVENT_ID = re.compile(r"evt_[0-9a-f]{20}")
ALNUM = string.ascii_letters + string.digits
FIXED = {"KEN_NOW": "2031-01-01T00:00:00Z"}


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Bytes and mtime of every file kenning may write: the tree, git hooks and excludes
    (not git's own bookkeeping, not the derived cache)."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        ours = not rel.startswith(".git/") or rel.startswith((".git/hooks/", ".git/info/"))
        if path.is_file() and ours and not rel.startswith(".kenning/cache/"):
            out[rel] = (path.read_bytes(), path.stat().st_mtime_ns)
    return out


def assert_rejected(repo: Repo, *args: str, code: int = 2, cwd: Path | None = None) -> str:
    """Exit ``code``, exactly one line on stderr, no traceback, and the log untouched."""
    before = repo.log_bytes() if repo.log.is_file() else None
    r = repo.ken(*args, cwd=cwd)
    lines = r.stderr.splitlines()
    assert r.returncode == code, f"ken {args} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
    assert len(lines) == 1 and lines[0].startswith("ken: error: "), r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert r.stdout == ""
    after = repo.log_bytes() if repo.log.is_file() else None
    assert after == before, "a rejected command changed the log"
    return lines[0]


def open_issue(repo: Repo, summary: str = "Webhook retries create duplicate charges", *extra: str) -> str:
    out = repo.ok("issue", summary, *extra).stdout
    m = re.fullmatch(r"#([0-9a-z]{4,12}) (evt_[0-9a-f]{20})\n", out)
    assert m, out
    return m.group(1)


def written(r) -> dict:
    """The event a ``--json`` write printed."""
    return json.loads(r.stdout)


def unique_prefix(target: str, others: list[str], minimum: int = 1) -> str:
    for n in range(minimum, len(target) + 1):
        if not any(o.startswith(target[:n]) for o in others if o != target):
            return target[:n]
    return target


def token(prefix: str, n: int) -> str:
    # built at run time, so the test file itself holds no secret-shaped string
    return prefix + "".join(secrets.choice(ALNUM) for _ in range(n))


def populate(repo: Repo) -> dict[str, str]:
    """A small history with every event type, a supersession and a lesson."""
    ids: dict[str, str] = {}
    ids["i1"] = open_issue(repo, "Webhook retries create duplicate charges", "--at", "src/app.py:2")
    repo.ok("attempt", "Deduplicated on the event id", "--failed", "--at", "src/app.py:2")
    repo.ok("attempt", "A lock around mark_paid", "--partial", "--issue", ids["i1"])
    repo.ok("fix", "Write the idempotency key before charging", "--issue", ids["i1"], "--details", "test passes")
    ids["i2"] = open_issue(repo, "Login page flickers on Safari", "--at", "src/login.ts")
    repo.ok("attempt", "Disabled the CSS transition", "--failed", "--issue", ids["i2"])
    d1 = written(repo.ok("decide", "Keys live in Redis with a 24h TTL", "--at", "src/app.py", "--json"))["id"]
    ids["d2"] = written(repo.ok("decide", "Keys live in Postgres; drop Redis", "--supersedes", d1, "--json"))["id"]
    ids["d1"] = d1
    repo.ok("note", "The staging secret rotates weekly", "--lesson")
    repo.ok("note", "Retries come from the provider, not from us", "--at", "src/app.py")
    return ids


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Repo, dict[str, str]]:
    world = World(tmp_path_factory.mktemp("template"))
    repo = world.repo()
    repo.init()
    return repo, populate(repo)


@pytest.fixture
def history(world: World, template: tuple[Repo, dict[str, str]]) -> tuple[Repo, dict[str, str]]:
    """A fresh copy of a populated repository (ids of its issues and decisions alongside)."""
    path = world.base / "hist" / "repo"  # the template's folder name: the same project name
    shutil.copytree(template[0].path, path, symlinks=True)
    return Repo(world, path), template[1]


# -- init ---------------------------------------------------------------------------------------

@pytest.mark.real_processes  # end to end: a real `ken` process
def test_init_creates_its_files_keeps_claude_md_and_changes_nothing_the_second_time(world: World) -> None:
    repo = world.repo(files={"src/app.py": "x = 1\n", "CLAUDE.md": "# House rules\n\nkeep this line\n"})
    first = repo.ok("init", cwd=repo.path / "src")  # the defaults, from a subdirectory
    kd = repo.path / ".kenning"
    for name in ("events.jsonl", "config.toml", "plan.md", "PROJECT_MAP.md", "AI_INSTRUCTIONS.md",
                 ".gitignore", "summary.md"):
        assert (kd / name).is_file(), name
    assert (kd / "events.jsonl").read_bytes() == b""
    claude = (repo.path / "CLAUDE.md").read_text()
    assert claude.startswith("# House rules\n\nkeep this line\n")
    assert "kenning:begin" in claude and "kenning:end" in claude
    assert "kenning:begin" in (repo.path / "AGENTS.md").read_text()
    assert "created" in first.stdout

    before = snapshot(repo.path)
    second = repo.ok("init")
    assert snapshot(repo.path) == before, "a second `ken init` changed bytes or mtimes"
    assert "created" not in second.stdout and "updated" not in second.stdout
    assert claude.count("kenning:begin") == 1

    edited = claude.replace("## Project memory (kenning)", "## my edit inside the block") + "\nmy text after\n"
    (repo.path / "CLAUDE.md").write_text(edited)
    repo.ok("init")
    assert (repo.path / "CLAUDE.md").read_text() == claude + "\nmy text after\n"


def test_init_says_created_for_the_files_it_created_and_updated_for_those_it_changed(world: World) -> None:
    repo = world.repo(files={"src/app.py": "x = 1\n", "CLAUDE.md": "# House rules\n"})
    first = json.loads(repo.init("--json").stdout)["files"]
    for path in ("AGENTS.md", ".gitattributes", ".kenning/AI_INSTRUCTIONS.md", ".kenning/events.jsonl",
                 ".kenning/config.toml", ".kenning/.gitignore"):
        assert first[path] == "created", (path, first)
    assert first["CLAUDE.md"] == "updated", first  # the user's file, given kenning's block
    assert set(json.loads(repo.init("--json").stdout)["files"].values()) == {"unchanged"}
    (repo.path / "AGENTS.md").write_text("# Agents\n")  # the block removed by hand
    (repo.path / ".gitattributes").write_text("*.png binary\n")
    text = repo.init().stdout
    assert "  updated  AGENTS.md\n" in text and "  updated  .gitattributes\n" in text, text
    assert "  created  " not in text, text


def test_a_clone_of_a_mirror_kept_as_repo_is_titled_by_its_registered_name(world: World) -> None:
    source = world.repo("upstream")
    mirror = world.base / "mirrors" / "tokio-rs+axum" / "repo"  # the last folder names no project
    world.git(world.base, "clone", "-q", "--bare", str(source.path), str(mirror))
    world.git(world.base, "clone", "-q", str(mirror), str(world.base / "axum"))
    clone = Repo(world, world.base / "axum")
    report = json.loads(clone.ok("init", "--no-hooks", "--no-backfill", "--json").stdout)
    assert report["registered"] == "axum"
    title = (clone.path / ".kenning" / "PROJECT_MAP.md").read_text().splitlines()[0]
    assert title == "# Project map: axum", title
    assert "axum" in clone.ok("summary").stdout.splitlines()[0]


def test_init_takes_now_and_derives_the_history_before_that_time(world: World) -> None:
    repo = world.repo()
    (repo.path / "src" / "app.py").write_text("def main():\n    return 2\n")
    world.git(repo.path, "add", "-A")
    when = {"GIT_AUTHOR_DATE": "2020-05-01T12:00:00Z", "GIT_COMMITTER_DATE": "2020-05-01T12:00:00Z"}
    subprocess.run(["git", "commit", "-q", "-m", "fix: main returns 2"], cwd=repo.path, env={**world.env, **when},
                   check=True)
    report = json.loads(repo.ok("init", "--no-hooks", "--now", "2020-06-01T00:00:00Z", "--json").stdout)
    assert report["events_derived"] == 1, report  # the fix of 2020-05-01 is within the 90 days before --now
    assert [e["summary"] for e in repo.json("search", "main returns")] == ["fix: main returns 2"]


def test_init_bridge_keeps_line_endings_follows_a_link_and_skips_what_it_cannot_read(world: World) -> None:
    repo = world.repo(files={"src/app.py": "x = 1\n"})
    (repo.path / "CLAUDE.md").write_bytes(b"# Rules\r\nkeep\r\n")
    (repo.path / "AGENTS.md").symlink_to("CLAUDE.md")
    repo.init()
    data = (repo.path / "CLAUDE.md").read_bytes()
    assert data.startswith(b"# Rules\r\nkeep\r\n\r\n<!-- kenning:begin") and data.count(b"kenning:begin") == 1
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert (repo.path / "AGENTS.md").is_symlink()
    (repo.path / "AGENTS.md").unlink()
    (repo.path / "AGENTS.md").write_bytes(b"caf\xe9\n")
    r = repo.init()
    assert "AGENTS.md" in r.stdout and "skipped" in r.stdout
    assert (repo.path / "AGENTS.md").read_bytes() == b"caf\xe9\n"


def test_init_marks_the_log_merge_union_once_and_keeps_existing_attributes(world: World) -> None:
    repo = world.repo(files={"src/app.py": "x = 1\n", ".gitattributes": "*.png binary"})  # no final newline
    repo.init()
    repo.init()
    text = (repo.path / ".gitattributes").read_text()
    assert text == "*.png binary\n.kenning/events.jsonl merge=union\n.kenning/plan.md merge=union\n"
    assert world.git(repo.path, "check-attr", "merge", ".kenning/events.jsonl").strip().endswith("merge: union")


def test_init_private_keeps_kenning_out_of_git_and_touches_no_tracked_file(world: World) -> None:
    repo = world.repo(files={"src/app.py": "x = 1\n", "CLAUDE.md": "# mine\n"})
    tracked = {p: (repo.path / p).read_bytes() for p in ("src/app.py", "CLAUDE.md")}
    repo.init("--private")
    repo.init("--private")
    assert world.git(repo.path, "status", "--porcelain", "--untracked-files=all") == ""
    assert {p: (repo.path / p).read_bytes() for p in tracked} == tracked
    assert not (repo.path / ".gitattributes").exists() and not (repo.path / "AGENTS.md").exists()
    exclude = (repo.path / ".git" / "info" / "exclude").read_text().splitlines()
    assert [line for line in exclude if line.rstrip("/").endswith(".kenning")] in (["/.kenning/"], [".kenning/"])
    world.git(repo.path, "check-ignore", "-q", ".kenning/events.jsonl")
    open_issue(repo)  # and it works
    assert world.git(repo.path, "status", "--porcelain", "--untracked-files=all") == ""


# -- writes -------------------------------------------------------------------------------------

@pytest.mark.real_processes  # end to end: a real `ken` process
def test_write_commands_print_ids_and_json_prints_the_event_as_written(repo: Repo) -> None:
    iid = open_issue(repo, "Checkout times out")
    assert repo.events()[-1]["issue_id"] == iid and repo.events()[-1]["type"] == "issue"
    for args in (("attempt", "Raised the timeout", "--failed"), ("fix", "Cached the price lookup"),
                 ("decide", "Prices are cached for 60 s"), ("note", "The price API is slow on Mondays")):
        r = repo.ok(*args, "--issue", iid)
        assert EVENT_ID.fullmatch(r.stdout.strip()), r.stdout
        assert repo.events()[-1]["id"] == r.stdout.strip()
    for args in (("issue", "Cart badge is stale"), ("note", "noted", "--lesson"), ("decide", "decided")):
        r = repo.ok(*args, "--json")
        event = written(r)
        assert event == repo.events()[-1]
        assert EVENT_ID.fullmatch(event["id"]) and event["summary"] == args[1]
        assert event["v"] == 1 and event["source"] == "cli"


def test_issue_is_optional_only_when_exactly_one_is_open(repo: Repo) -> None:
    err = assert_rejected(repo, "attempt", "tried something", "--failed")
    assert "--issue" in err or "ken issue" in err
    assert_rejected(repo, "fix", "fixed something")
    first = open_issue(repo, "first problem")
    r = repo.ok("attempt", "tried once", "--failed")
    assert f"#{first}" in r.stderr
    assert repo.events()[-1]["issue_id"] == first
    second = open_issue(repo, "second problem")
    err = assert_rejected(repo, "attempt", "tried twice", "--failed")
    assert "2" in err and "--issue" in err
    assert_rejected(repo, "fix", "fixed?")
    repo.ok("fix", "fixed the first", "--issue", first)
    r = repo.ok("attempt", "tried on the second", "--worked")
    assert f"#{second}" in r.stderr and repo.events()[-1]["issue_id"] == second


def test_issue_and_supersedes_accept_unique_prefixes(repo: Repo) -> None:
    ids = [open_issue(repo, f"problem {n}") for n in range(3)]
    target = ids[1]
    prefix = unique_prefix(target, ids)
    repo.ok("attempt", "by prefix", "--failed", "--issue", prefix)
    repo.ok("attempt", "by #prefix", "--partial", "--issue", "#" + prefix.upper())
    assert [e["issue_id"] for e in repo.events()[-2:]] == [target, target]

    d1 = written(repo.ok("decide", "first choice", "--json"))["id"]
    all_ids = [e["id"] for e in repo.events()]
    short = unique_prefix(d1, all_ids, minimum=len("evt_") + 4)
    d2 = written(repo.ok("decide", "second choice", "--supersedes", short, "--json"))
    assert d2["supersedes"] == d1
    d3 = written(repo.ok("decide", "third choice", "--supersedes", d2["id"][4:14], "--json"))  # without evt_
    assert d3["supersedes"] == d2["id"]
    summary = repo.ok("summary").stdout
    assert "third choice" in summary and "first choice" not in summary and "second choice" not in summary


def test_a_decision_already_superseded_is_refused_naming_its_replacement(repo: Repo) -> None:
    d1 = written(repo.ok("decide", "sessions in Redis", "--json"))["id"]
    d2 = written(repo.ok("decide", "sessions in Postgres", "--supersedes", d1, "--json"))["id"]
    err = assert_rejected(repo, "decide", "sessions in SQLite", "--supersedes", d1)
    assert f"{d1} was already superseded by {d2}" in err and f"supersede {d2} instead" in err
    d3 = written(repo.ok("decide", "sessions in SQLite", "--supersedes", d2, "--json"))["id"]
    err = assert_rejected(repo, "decide", "sessions in memory", "--supersedes", d1[:12])  # a prefix, two links back
    assert f"superseded by {d2} (now replaced in turn by {d3}); supersede {d3} instead" in err
    doctor = repo.ken("doctor")
    assert doctor.returncode == 0 and "double_supersede" not in doctor.stdout, doctor.stdout


def test_a_double_supersession_from_a_merge_is_mended_by_superseding_one_replacement(repo: Repo) -> None:
    d1 = written(repo.ok("decide", "sessions in Redis", "--json"))["id"]
    ours = written(repo.ok("decide", "ours: sessions in Postgres", "--supersedes", d1, "--json"))["id"]
    theirs = "evt_" + "3" * 20  # the other branch's decision, merged in
    repo.append_raw(event_line(id=theirs, type="decision", summary="theirs: sessions in SQLite", supersedes=d1,
                               timestamp="2030-01-01T00:00:00.000000Z"))
    doctor = repo.ken("doctor", "--json", env={"KEN_NOW": "2030-01-02T00:00:00Z"})
    problems = json.loads(doctor.stdout)["problems"]
    assert doctor.returncode == 1 and [p["kind"] for p in problems] == ["double_supersede"], problems
    assert f"{ours} and {theirs} all stand" in problems[0]["message"]
    err = assert_rejected(repo, "decide", "sessions in memory", "--supersedes", d1)
    assert f"supersede {ours} or {theirs} instead" in err
    repo.ok("decide", "sessions in Postgres after all", "--supersedes", theirs, env={"KEN_NOW": "2030-01-02T00:00:00Z"})
    doctor = repo.ken("doctor", "--json", env={"KEN_NOW": "2030-01-02T00:00:00Z"})
    assert doctor.returncode == 0 and json.loads(doctor.stdout)["problems"] == [], doctor.stdout


def test_timestamps_strictly_increase_when_the_clock_steps_back_a_little(repo: Repo) -> None:
    repo.ok("note", "one", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    repo.ok("note", "two", env={"KEN_NOW": "2029-12-31T23:50:00Z"})  # ten minutes back (NTP, a VM resumed)
    repo.ok("note", "three", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    repo.ok("note", "four", "--now", "2029-12-31T23:30:00Z")
    stamps = [e["timestamp"] for e in repo.events()]
    assert stamps == [f"2030-01-01T00:00:00.00000{n}Z" for n in range(4)]


def test_one_future_dated_event_does_not_drag_later_events_into_its_future(repo: Repo) -> None:
    repo.append_raw(b'{"v":1,"id":"evt_00000000000000000077","type":"note","summary":"from the future",'
                    b'"timestamp":"2099-01-01T00:00:00.000000Z","source":"cli"}\n')
    repo.ok("note", "written now", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    repo.ok("note", "and again", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    stamps = [e["timestamp"] for e in repo.events() if e["summary"] != "from the future"]
    assert stamps == ["2030-01-01T00:00:00.000000Z", "2030-01-01T00:00:00.000001Z"]
    doctor = repo.ken("doctor", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    assert doctor.returncode == 1 and "evt_00000000000000000077 is dated 2099-01-01" in doctor.stdout


# -- bad input: one clear line, exit 2, nothing written ------------------------------------------

@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Repo, dict[str, str]]:
    """One populated repository for the read-only and rejected-input cases."""
    world = World(tmp_path_factory.mktemp("shared"))
    repo = world.repo()
    repo.init()
    iid = open_issue(repo, "The one open issue", "--at", "src/app.py")
    issue_evt = repo.events()[-1]["id"]
    # two issues and two decisions whose ids share a prefix, as a merge of two branches can leave
    stamp = "2030-01-01T00:00:00.00000{}Z"
    repo.append_raw(event_line(id="evt_ab00000000000000000001", type="issue", issue_id="zq1a",
                               summary="merged issue A", timestamp=stamp.format(1)))
    repo.append_raw(event_line(id="evt_ab00000000000000000002", type="issue", issue_id="zq1b",
                               summary="merged issue B", timestamp=stamp.format(2)))
    repo.append_raw(event_line(id="evt_ab00000000000000000003", type="decision", summary="merged decision A",
                               timestamp=stamp.format(3)))
    repo.append_raw(event_line(id="evt_ab00000000000000000004", type="decision", summary="merged decision B",
                               timestamp=stamp.format(4)))
    outside = world.base / "outside.py"
    outside.write_text("secret = 1\n")
    os.symlink(outside, repo.path / "escape.py")
    return repo, {"iid": iid, "issue_evt": issue_evt, "outside": str(outside), "repo": str(repo.path)}


BAD_INPUT = {
    "empty summary": ["note", "   "],
    "blank summary": ["issue", ""],
    "summary of 2001 chars": ["note", "x" * 2001],
    "details over 20,000 chars": ["note", "fine", "--details", "d" * 20001],
    "unknown issue": ["fix", "y", "--issue", "9999999"],
    "ambiguous issue": ["attempt", "x", "--failed", "--issue", "zq1"],
    "supersedes an unknown id": ["decide", "x", "--supersedes", "evt_fffffffffffffffffff0"],
    "supersedes an ambiguous prefix": ["decide", "x", "--supersedes", "evt_ab0000"],
    "supersedes a non-decision": ["decide", "x", "--supersedes", "{issue_evt}"],
    "empty location": ["note", "x", "--at", ""],
    "blank location": ["issue", "x", "--at", "  "],
    "empty issue reference": ["note", "x", "--issue", ""],
    "empty supersedes": ["decide", "x", "--supersedes", ""],
    "a location longer than any path": ["note", "x", "--at", "d/" * 600 + "f.py"],
    "path outside via ..": ["note", "x", "--at", "../outside.py"],
    "path far outside via ..": ["note", "x", "--at", "../../../../etc/passwd"],
    "absolute path outside": ["note", "x", "--at", "/etc/passwd"],
    "absolute path of a sibling": ["note", "x", "--at", "{outside}"],
    "symlink out of the repository": ["note", "x", "--at", "escape.py"],
    "the repository itself": ["note", "x", "--at", "{repo}"],
    "inside .git": ["note", "x", "--at", ".git/config"],
    "attempt without outcome": ["attempt", "no outcome given", "--issue", "{iid}"],
    "two outcomes": ["attempt", "x", "--failed", "--worked", "--issue", "{iid}"],
    "bad --now": ["note", "x", "--now", "yesterday"],
    "impossible --now": ["note", "x", "--now", "2030-13-45T00:00:00Z"],
    "unknown option": ["note", "x", "--bogus"],
    "lesson on a fix": ["fix", "x", "--issue", "{iid}", "--lesson"],
}


@pytest.mark.parametrize("args", list(BAD_INPUT.values()), ids=list(BAD_INPUT))
def test_bad_input_is_one_clear_error_and_writes_nothing(shared: tuple[Repo, dict[str, str]],
                                                         args: list[str]) -> None:
    repo, refs = shared
    assert_rejected(repo, *(a.format(**refs) for a in args))


def test_bad_now_in_the_environment_is_rejected(shared: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = shared
    before = repo.log_bytes()
    r = repo.ken("note", "x", env={"KEN_NOW": "not a time"})
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
    assert repo.log_bytes() == before


READS = [["summary"], ["summary", "--full"], ["issues", "--all"], ["search", "x"], ["show", "abcd"],
         ["doctor"], ["regenerate"], ["precheck", "src/app.py"], ["precheck", "src/app.py", "--json"]]


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_commands_outside_an_initialized_project_exit_3_and_create_nothing(bare_repo: Repo) -> None:
    for args in [*READS, ["plan"], ["note", "x"], ["issue", "x"]]:
        assert_rejected(bare_repo, *args, code=3)
    assert not (bare_repo.path / ".kenning").exists()
    assert_rejected(bare_repo, "summary", code=3, cwd=bare_repo.world.base)  # not even a git repository


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_log_replaced_by_a_directory_is_unreadable_exit_4(repo: Repo) -> None:
    repo.ok("note", "before the damage")
    repo.log.unlink()
    repo.log.mkdir()
    for args in [*READS, ["note", "x"]]:
        err = assert_rejected(repo, *args, code=4)
        assert "events.jsonl" in err


# -- paths --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def paths_repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    world = World(tmp_path_factory.mktemp("paths"))
    repo = world.repo(files={"src/pay/webhook.py": "def handle():\n    pass\n", "README.md": "hi\n"})
    repo.init()
    os.symlink("src/pay", repo.path / "linked")  # a symlinked directory inside the repository
    return repo


PATHS = [  # (working directory, --at as typed, stored location)
    ("", "src/pay/webhook.py", "src/pay/webhook.py"),
    ("", "./src/pay/webhook.py", "src/pay/webhook.py"),
    ("", "{root}/src/pay/webhook.py", "src/pay/webhook.py"),
    ("", "src//pay/../pay/webhook.py", "src/pay/webhook.py"),
    ("src/pay", "webhook.py", "src/pay/webhook.py"),
    ("src/pay", "./webhook.py:12", "src/pay/webhook.py:12"),
    ("src/pay", "../../README.md", "README.md"),
    ("src", "{root}/src/pay/webhook.py:7", "src/pay/webhook.py:7"),
    ("", "linked/webhook.py", "src/pay/webhook.py"),
    ("linked", "webhook.py:3", "src/pay/webhook.py:3"),
    ("", "src/pay/not_written_yet.py", "src/pay/not_written_yet.py"),
    ("", "./src/pay/webhook.py:42", "src/pay/webhook.py:42"),
]


@pytest.mark.parametrize(("cwd", "typed", "stored"), PATHS, ids=[f"{c or '.'}:{t}" for c, t, _ in PATHS])
def test_locations_are_stored_repository_relative(paths_repo: Repo, cwd: str, typed: str, stored: str) -> None:
    at = typed.format(root=paths_repo.path)
    # every case writes its words at the same file, on purpose: --force keeps each, repeat or not
    r = paths_repo.ok("note", f"located at {typed}", "--at", at, "--json", "--force", cwd=paths_repo.path / cwd)
    assert written(r)["location"] == stored
    assert paths_repo.events()[-1]["location"] == stored


def test_search_at_finds_a_file_however_it_is_spelled(paths_repo: Repo) -> None:
    paths_repo.ok("note", "spelled plainly", "--at", "src/pay/webhook.py:9")
    for cwd, spelled in (("", "src/pay/webhook.py"), ("src/pay", "webhook.py"), ("linked", "./webhook.py"),
                         ("", str(paths_repo.path / "src/pay/webhook.py"))):
        r = paths_repo.ok("search", "spelled plainly", "--at", spelled, "--json", cwd=paths_repo.path / cwd)
        assert [e["summary"] for e in json.loads(r.stdout)] == ["spelled plainly"], (cwd, spelled)


# -- secrets ------------------------------------------------------------------------------------

@pytest.mark.real_processes  # end to end: a real `ken` process
def test_secrets_are_redacted_before_the_log_and_stderr_names_the_kinds(repo: Repo) -> None:
    gh = token("ghp_", 36)
    password = token("", 14) + "7q"  # unquoted values without a digit read as names, by design
    url_secret = token("", 14)
    r = repo.ok("note", f"pushed with {gh} and password={password}", "--details",
                f"db at postgres://admin:{url_secret}@db.internal:5432/app", "--json")
    raw = repo.log_bytes().decode()
    for secret in (gh, password, url_secret):
        assert secret not in raw and secret not in r.stdout and secret not in r.stderr
    event = repo.events()[-1]
    assert "[REDACTED:github_token]" in event["summary"]
    assert "[REDACTED:password_assignment]" in event["summary"]
    assert "[REDACTED:url_credentials]" in event["details"]
    assert written(r) == event
    said = r.stderr.lower()
    assert "redacted" in said
    for kind in ("github_token", "password_assignment", "url_credentials"):
        assert kind in said
    assert secrets_free(repo.ok("summary", "--full").stdout, gh, password, url_secret)


def secrets_free(text: str, *values: str) -> bool:
    return not any(v in text for v in values)


def test_redact_filter_leaves_ordinary_text_byte_for_byte(world: World, repo: Repo) -> None:
    benign = ("the sk-learn pipeline failed at 3f2a9c1e4b5d6f708192a3b4c5d6e7f8091a2b3c on branch\n"
              "sk-fix-the-webhook-signature-regression; uuid 123e4567-e89b-12d3-a456-426614174000;\n"
              "Bearer of bad news; token budget 2000; café ünïcode ✓\n\nno final newline")
    for cwd in (repo.path, world.base):  # inside a project and outside any repository
        r = repo.ken("redact", input=benign, cwd=cwd)
        assert (r.returncode, r.stdout, r.stderr) == (0, benign, "")
    gh = token("ghp_", 36)
    r = repo.ken("redact", input=f"token {gh} here\n")
    assert r.returncode == 0 and r.stdout == "token [REDACTED:github_token] here\n"
    assert "github_token" in r.stderr and gh not in r.stderr


# -- damaged logs -------------------------------------------------------------------------------

@pytest.mark.slow
def test_torn_tail_and_malformed_line_are_skipped_with_warnings_then_repaired(repo: Repo) -> None:
    iid = open_issue(repo, "Webhook retries create duplicate charges")
    repo.ok("note", "second line")
    repo.append_raw(b"this is not json\n")  # line 3
    repo.ok("note", "fourth line")
    torn = b'{"type":"note","summary":"torn \xe2\x9c'  # cut mid-character, as a crash would
    repo.append_raw(torn)
    intact = repo.log_bytes()[: -len(torn)]

    for args in (["summary"], ["issues", "--all"], ["show", iid], ["search", "line"]):
        r = repo.ok(*args)
        assert "line 3" in r.stderr and "incomplete" in r.stderr, r.stderr
        assert "warning" not in r.stdout
    assert "Webhook retries" in repo.ok("issues").stdout
    for args in (["summary", "--json"], ["issues", "--all", "--json"], ["search", "line", "--json"],
                 ["show", iid, "--json"], ["doctor", "--json"]):
        r = repo.ken(*args)
        assert r.returncode == (1 if args[0] == "doctor" else 0) and "Traceback" not in r.stderr
        json.loads(r.stdout)  # warnings never reach stdout
    assert repo.log_bytes() == intact + torn, "a read changed the log"

    new = written(repo.ok("note", "written after the crash", "--json"))
    data = repo.log_bytes()
    assert data == intact + json.dumps(new, sort_keys=True, separators=(",", ":"),
                                       ensure_ascii=False).encode() + b"\n"
    quarantined = [p.read_bytes() for p in (repo.path / ".kenning/local/quarantine").iterdir()]
    assert quarantined == [torn]
    assert b"this is not json\n" in data, "a malformed middle line must never be deleted"
    r = repo.ok("summary")
    assert "line 3" in r.stderr and "incomplete" not in r.stderr


def test_doctor_reports_malformed_lines_and_duplicate_issue_ids_after_a_merge(repo: Repo) -> None:
    repo.ok("note", "line one")
    repo.append_raw(b"<<<<<<< HEAD\n")  # line 2
    stamp = "2030-02-0{}T00:00:00.000000Z"
    repo.append_raw(event_line(id="evt_" + "1" * 20, type="issue", issue_id="k7q2",
                               summary="ours: checkout fails", timestamp=stamp.format(1)))
    repo.append_raw(event_line(id="evt_" + "2" * 20, type="issue", issue_id="k7q2",
                               summary="theirs: login fails", timestamp=stamp.format(2)))
    repo.append_raw(b"\xff\xfe not utf-8\n")  # line 5
    clock = {"KEN_NOW": "2030-03-01T00:00:00Z"}
    r = repo.ken("doctor", env=clock)
    assert r.returncode == 1, r.stderr  # problems found: a script or CI reads it from the exit code
    assert re.search(r"\bline 2\b", r.stdout) and re.search(r"\bline 5\b", r.stdout), r.stdout
    assert "k7q2" in r.stdout and "evt_" + "1" * 20 in r.stdout and "evt_" + "2" * 20 in r.stdout
    report = json.loads(repo.ken("doctor", "--json", env=clock).stdout)
    assert [(p["kind"], p["line"]) for p in report["problems"]] == [("malformed_line", 5)]
    # two branches that picked one issue id: history no one can change, so information, not a problem
    assert [(p["kind"], p["issue_id"]) for p in report["information"]] == [("duplicate_issue_id", "k7q2")]
    # the marker hides no event: named as a harmless leftover, apart from the problems
    assert [(h["kind"], h["line"]) for h in report["harmless"]] == [("conflict_marker", 2)]
    assert report["events"] == 3


def test_doctor_is_quiet_on_a_healthy_log(history: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = history
    report = json.loads(repo.ok("doctor", "--json").stdout)
    assert report["problems"] == [] and report["events"] == 10


# -- projections --------------------------------------------------------------------------------

def test_summary_prints_exactly_summary_md(history: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = history
    (repo.path / ".kenning" / "summary.md").unlink()
    text = repo.ok("summary").stdout
    assert text == (repo.path / ".kenning" / "summary.md").read_text()
    assert json.loads(repo.ok("summary", "--json").stdout) == {"summary": text}
    assert "Keys live in Postgres" in text and "Keys live in Redis" not in text


def test_same_events_in_any_line_order_give_byte_identical_summaries(
        world: World, history: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = history
    lines = repo.log_bytes().splitlines(keepends=True)
    outputs = []
    for seed in (1, 2, 3):
        twin = world.base / f"twin{seed}" / "repo"  # the same folder name: the same project name
        shutil.copytree(repo.path, twin, symlinks=True)
        shutil.rmtree(twin / ".kenning" / "cache")
        shuffled = list(lines) + ([lines[2]] if seed == 3 else [])  # a line duplicated by a merge
        random.Random(seed).shuffle(shuffled)
        (twin / LOG).write_bytes(b"".join(shuffled))
        twin_repo = Repo(world, twin)
        outputs.append((twin_repo.ok("summary", "--full", env=FIXED).stdout,
                        twin_repo.ok("summary", env=FIXED).stdout))
    outputs.append((repo.ok("summary", "--full", env=FIXED).stdout, repo.ok("summary", env=FIXED).stdout))
    assert all(out == outputs[0] for out in outputs)
    assert len(outputs[0][0]) > 300


def test_deleting_the_cache_loses_nothing(history: tuple[Repo, dict[str, str]]) -> None:
    repo, ids = history
    reads = (["summary", "--full"], ["summary"], ["issues", "--all", "--json"], ["search", "", "--json"],
             ["show", ids["i1"], "--json"], ["show", ids["d1"], "--json"])
    before = [repo.ok(*args).stdout for args in reads]
    shutil.rmtree(repo.path / ".kenning" / "cache")
    assert [repo.ok(*args).stdout for args in reads] == before
    shutil.rmtree(repo.path / ".kenning" / "cache")
    repo.ok("attempt", "after the cache was deleted", "--worked", "--issue", ids["i2"])
    shown = json.loads(repo.ok("show", ids["i2"], "--json").stdout)
    assert [a["summary"] for a in shown["attempts"]] == ["Disabled the CSS transition", "after the cache was deleted"]


def test_union_merge_of_two_clones_gives_the_same_summary_in_either_order(
        world: World, history: tuple[Repo, dict[str, str]]) -> None:
    ours, ids = history
    world.git(ours.path, "add", "-A")
    world.git(ours.path, "commit", "-q", "-m", "kenning")
    theirs_path = world.base / "theirs" / "repo"
    world.git(world.base, "clone", "-q", str(ours.path), str(theirs_path))
    world.git(theirs_path, "config", "user.name", "Other Runner")
    world.git(theirs_path, "config", "user.email", "other@example.invalid")
    theirs = Repo(world, theirs_path)
    common = ours.log_bytes()
    assert theirs.log_bytes() == common

    ours.ok("attempt", "ours: retried with backoff", "--failed", "--issue", ids["i2"])
    ours.ok("decide", "ours: Postgres keys expire after 7 days", "--supersedes", ids["d2"])
    ours_only = open_issue(ours, "ours: flaky checkout test")
    theirs.ok("attempt", "theirs: pinned the Safari version", "--partial", "--issue", ids["i2"])
    theirs.ok("fix", "theirs: rendered the login page server-side", "--issue", ids["i2"])
    theirs.ok("note", "theirs: Safari 17 only", "--lesson")
    ours_new, theirs_new = ours.log_bytes()[len(common):], theirs.log_bytes()[len(common):]

    merged = []
    for name, data in (("ab", common + ours_new + theirs_new), ("ba", common + theirs_new + ours_new)):
        path = world.base / name / "repo"
        shutil.copytree(ours.path, path, symlinks=True)
        shutil.rmtree(path / ".kenning" / "cache")
        (path / LOG).write_bytes(data)
        clone = Repo(world, path)
        merged.append([clone.ok(*args, env=FIXED).stdout for args in
                       (["summary", "--full"], ["summary"], ["issues", "--all", "--json"])])
    assert merged[0] == merged[1]
    full = merged[0][0]
    for text in ("ours: Postgres keys expire", "theirs: rendered the login page", "ours: flaky checkout test",
                 "theirs: Safari 17 only"):
        assert text in full
    assert f"#{ours_only}" in full

    # and git itself merges the two logs without a conflict, to the same memory
    for repo in (ours, theirs):
        world.git(repo.path, "add", "-A")
        world.git(repo.path, "commit", "-q", "-m", "more memory")
    world.git(ours.path, "pull", "-q", "--no-rebase", "--no-edit", str(theirs_path), "main")
    assert sorted(ours.log_bytes().splitlines()) == sorted((common + ours_new + theirs_new).splitlines())
    assert ours.ok("summary", "--full", env=FIXED).stdout == full
    assert json.loads(ours.ok("doctor", "--json").stdout)["problems"] == []


# -- bugs found and fixed: torn-tail notice, timestamps after a malformed last line -------------

def test_the_write_that_repairs_a_torn_tail_does_not_warn_about_it(repo: Repo) -> None:
    repo.ok("note", "before the crash")
    repo.append_raw(b'{"type":"note","summ')
    r = repo.ok("note", "repairs the tail")
    assert "the next write" not in r.stderr, r.stderr  # it is this write that repaired it
    assert "moved 20 bytes" in r.stderr and "quarantine" in r.stderr, r.stderr


def test_timestamps_still_increase_after_a_malformed_last_line(repo: Repo) -> None:
    repo.ok("note", "one", env={"KEN_NOW": "2030-01-01T00:00:00Z"})
    repo.append_raw(b"garbage left by a bad merge\n")
    repo.ok("note", "two", env={"KEN_NOW": "2029-12-31T23:59:00Z"})
    stamps = [json.loads(line)["timestamp"] for line in repo.log_bytes().splitlines() if line.startswith(b"{")]
    assert stamps[0] < stamps[1], stamps


def test_an_index_written_by_an_older_kenning_is_rebuilt(repo: Repo) -> None:
    """Version 12 kept bad lines as bare numbers; reading its meta as this version's would crash."""
    import sqlite3

    repo.ok("note", "kept across the upgrade")
    repo.append_raw(b"not an event\n")
    repo.ok("summary")
    db = sqlite3.connect(repo.path / ".kenning" / "cache" / "index.sqlite")
    info = json.loads(db.execute("SELECT value FROM meta WHERE key='log'").fetchone()[0])
    info["malformed"] = [number for number, _ in info["malformed"]]  # the old shape
    db.execute("UPDATE meta SET value=? WHERE key='log'", (json.dumps(info),))
    db.execute("PRAGMA user_version=12")
    db.commit()
    db.close()
    r = repo.ok("search", "upgrade")
    assert "kept across the upgrade" in r.stdout and "line 2 is not a valid event (not JSON)" in r.stderr
