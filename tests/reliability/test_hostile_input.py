"""Hostile input across every CLI command (the list of ``ken --help``; ``ken mcp`` has its own
suite): empty strings, 1 MB arguments, undecodable bytes in argv, control characters, Markdown
heading injection, ``..``/absolute/symlinked paths, unknown ids, wrong types.

A refused input gives one ``ken: error:`` line on stderr, no traceback and no "unexpected", a
non-zero exit, and leaves the log byte-identical. Input that may be accepted (``--details -``
reads whatever stdin holds) is either accepted, leaving every line valid UTF-8 JSON, or refused
as above; undecodable bytes in a summary or a path are refused. The long version runs every
case as a real process; the fast one runs a quarter of them (and every ``watch``/``hook`` case)
as processes and the rest through ``kenning.cli.main.main`` in-process. 1 MB arguments are
in-process only: Linux refuses a single argv string over 128 KB.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .conftest import LONG, Repo, World, bad_lines, clean_refusal, crash, figure, scale

EVT = "evt_" + "f" * 20
BAD = os.fsdecode(b"bad \xff\xfe bytes")  # what Python makes of undecodable argv bytes
WRITES = {"issue": [], "attempt": ["--failed", "--issue", "{issue}"], "fix": ["--issue", "{issue}"], "decide": [],
          "note": []}
OUT_OF_REPO = ["../outside.txt", "{outside}", "/etc/passwd", "link.txt", "linkdir/f.py", ".git/config", "",
               "~nosuchuser/x.py", "src/../../outside.txt", "."]


def refused_cases() -> list[list[str]]:
    """Every path refusal on ``note``; on the other writes the shape of each kind of refusal."""
    cases: list[list[str]] = [["bogus"], ["--bogus"]]
    cases += [["note", "ok", "--at", at] for at in OUT_OF_REPO]
    cases += [["note", "", "--lesson"], ["note", "ok", "--now", "2030-13-45T00:00:00Z"],
              ["note", "ok", "--details", "d" * 120_000]]
    for cmd, extra in WRITES.items():
        cases += [[cmd, "   \t ", *extra], [cmd, "x" * 120_000, *extra], [cmd, "ok", "--now", "not a time", *extra],
                  [cmd, "ok", "--bogus", *extra], [cmd], [cmd, "ok", "--at", "../outside.txt", *extra],
                  [cmd, "ok", "--at", "link.txt", *extra]]
    cases += [
        ["attempt", "ok", "--issue", "{issue}"], ["attempt", "ok", "--failed", "--issue", "zzzz"],
        ["attempt", "ok", "--failed", "--worked", "--issue", "{issue}"], ["attempt", "ok", "--failed", "--issue", ""],
        ["attempt", "ok", "--failed", "--issue", "{issue}", "--diff"],
        ["attempt", "ok", "--failed", "--issue", "{issue}", "--diff", "--at", "src/app.py"],
        ["fix", "ok", "--issue", "zzzz"], ["fix", "ok", "--issue", "#"], ["note", "ok", "--issue", "zzzz"],
        ["decide", "ok", "--supersedes", EVT], ["decide", "ok", "--supersedes", "{note_id}"],
        ["decide", "ok", "--supersedes", "evt_"], ["note", "ok", "--supersedes", "{decision_id}"],
        ["show", EVT], ["show", "zzzz"], ["show", ""], ["show"], ["show", "#"], ["show", "evt_"],
        ["issues", "--bogus"], ["issues", "extra"],
        ["search", "x", "--limit", "abc"], ["search", "x", "--limit", "0"], ["search", "x", "--limit", "-5"],
        ["search", "x", "--type", "bogus"], ["search", "x", "y", "z"],
        ["summary", "extra"], ["summary", "--bogus"], ["regenerate", "extra"], ["plan", ""], ["plan", " \t\n "],
        ["plan", "x" * 120_000], ["plan", "one", "two"], ["plan", "--bogus"], ["instructions", "extra"],
        ["instructions", "--bogus"], ["map", "extra"], ["map", "--bogus"], ["stats", "extra"], ["stats", "--bogus"],
        ["redact", "extra"], ["doctor", "extra"],
        ["forget"], ["forget", "zzzz"], ["forget", ""], ["forget", EVT], ["forget", "evt_"],
        ["forget", EVT, "--reason", ""],
        ["forget", EVT, "--now", "nope"], ["verify", "zzzz"], ["verify", ""], ["verify", "--bogus"], ["verify", "evt_"],
        ["setup", "--agent", "bogus"], ["setup", "extra"], ["setup", "--undo", "--dry-run", "--bogus"],
        ["visualize", "extra"], ["visualize", "--bogus"], ["visualize", "--now", "nope"], ["visualize", "-o"],
        ["visualize", "-o", "/dev/null/x"], ["dashboard", "extra"], ["dashboard", "--now", "nope"],
        ["precheck", "--lines", "abc"], ["precheck", "src/app.py", "--snooze", "abc", "--reason", "r"],
        ["precheck", "src/app.py", "--snooze", "7d"], ["precheck", "src/app.py", "--snooze", "7d", "--reason", ""],
        ["precheck", "src/app.py", "--snooze", "-1d", "--reason", "r"], ["precheck", "src/app.py", "--now", "nope"],
        ["precheck", "--unsnooze"], ["precheck", "src/app.py", "--unsnooze", "--snooze", "7d", "--reason", "r"],
        ["precheck", "src/app.py", "--unsnooze", "--reason", " "], ["precheck", "../outside.txt", "--unsnooze"],
        ["precheck", "src/app.py", "--unsnooze", "--now", "nope"], ["precheck", "src/app.py", "--quiet", "--json"],
        ["precheck", "--quiet", "--lines", "abc"], ["precheck", "link.txt", "--quiet"],
        ["score", "--since", "nope"], ["score", "--since", ""], ["score", "--since", "-5d"], ["score", "--since", "0d"],
        ["score", "--since", "2030-13-45"], ["score", "--since", "30d", "--now", "nope"], ["score", "--since"],
        ["export", "--cursor", "--tokens", "5"], ["export", "--stdout", "--tokens", "abc"], ["export", "--stdout", "x"],
        ["export", "--jsonl", "--since", "nope"], ["export", "--markdown", "--path", "../outside.txt"],
        ["export", "--jsonl", "--type", "bogus"], ["export", "--jsonl", "--claude-md"], ["export", "--jsonl", "--json"],
        ["export", "--jsonl", "-o", "/dev/null/x"], ["export", "--markdown", "-o", "src"],
        ["import"], ["import", "x.jsonl"], ["import", "--from", "bogus", "x.jsonl"],
        ["import", "--from", "projectmem", "missing.jsonl"], ["import", "--from", "beads", "src"],
        ["import", "--from", "jsonl", "latin1.txt"], ["import", "--from", "projectmem", "big.txt"],
        ["import", "--from", "beads", "link.txt"], ["import", "--from", "jsonl", BAD],
        ["validate", "missing.jsonl"], ["validate", "src"], ["validate", "a", "b"], ["validate", "--bogus"],
        ["init", "--json", "--bogus"], ["init", "--json", "extra"],
        ["context", "--tokens", "abc"], ["context", "--tokens", "5"], ["context", "--tokens", "99999999"],
        ["context", "--now", "nope"], ["brief", "--now", "nope"], ["brief", "extra"], ["score", "extra"],
        ["lessons", "--limit", "abc"], ["lessons", "--limit", "0"], ["lessons", "forget"], ["lessons", "forget", EVT],
        ["lessons", "bogus"], ["export", "--tokens", "abc"], ["export", "--tokens", "5"],
        ["projects"], ["projects", "bogus"], ["projects", "use", "nosuch"], ["projects", "remove", "nosuch"],
        ["projects", "add", "/nonexistent/dir"], ["projects", "list", "extra"], ["projects", "use", "x", "--name", "y"],
        ["hooks"], ["hooks", "bogus"], ["hooks", "install", "--agent", "bogus"], ["hook", "bogus"], ["hook"],
        ["watch", "--saves", "1"], ["watch", "--saves", "abc"], ["watch", "--window", "0"], ["watch", "--window", "-1"],
        ["watch", "--window", "nan"], ["init", "--backfill-days", "abc"], ["init", "--bogus"],
        ["backfill"], ["backfill", "--days", "abc"], ["backfill", "--since", "nope"], ["backfill", "--days", "-5"],
        ["backfill", "--days", "1", "--since", "2020-01-01"], ["audit", "--since", "nope"],
        ["audit", "--controls", "abc"], ["audit", "--controls", "-1"],
        ["status", "extra"], ["status", "--bogus"], ["completion"], ["completion", "tcsh"], ["completion", BAD],
        ["completion", "bash", "extra"], ["wrap"], ["wrap", "--"], ["wrap", "--", "/nonexistent/agent-cli"],
        ["wrap", "--", "{outside}"],
    ]
    # --at PATH[:LINE] with a line typed wrong; --details-file that cannot be read as UTF-8 text
    for cmd, extra in WRITES.items():
        cases += [[cmd, "ok", "--at", "src/app.py:abc", *extra], [cmd, "ok", "--details-file", "missing.txt", *extra]]
    cases += [["note", "ok", "--at", at] for at in ("src/app.py:-5", "src/app.py:0", "src/app.py:3:7", "src/app.py:",
                                                     "src/app.py:+2", "src/app.py:²")]
    cases += [["note", "ok", "--details-file", f] for f in ("src", "latin1.txt", "", "~nosuchuser/x.txt", BAD,
                                                             "/dev/null/x", "big.txt")]
    cases += [["note", "ok", "--details", "x", "--details-file", "src/app.py"], ["note", "ok", "--details-file"],
              ["search", "x", "--at", "src/app.py:abc"], ["context", "--at", "src/app.py:-5"]]
    for reader in (["search", "x", "--at"], ["context", "--at"], ["precheck"]):
        cases += [[*reader, at] for at in ("../outside.txt", "{outside}", "link.txt", "linkdir/f.py",
                                           "~nosuchuser/x.py")]
    return cases


SURVIVED = [
    [], ["note", BAD], ["note", "ok", "--details", BAD], ["note", "ok", "--at", os.fsdecode(b"src/\xff.py")],
    ["attempt", "ok", "--failed", "--issue", BAD], ["show", BAD], ["search", BAD], ["search", "x", "--at", BAD],
    ["precheck", os.fsdecode(b"src/\xff.py")], ["projects", "use", BAD], ["lessons", "--library", BAD],
    ["note", "bell \x07 esc \x1b[31m red \x1b[0m cr \r tab \t del \x7f"], ["note", "ok", "--at", "src/a\n# Fake.py"],
    ["search", "\x1b[2J"], ["context", "--at", "src/app.py:0"], ["note", "ok", "--at", "src/app.py:99999999999999"],
    ["hook", "pre-tool-use"], ["hook", "session-start"], ["redact"],
    ["note", "ok", "--details", "-"], ["attempt", "ok", "--failed", "--details-file", "-"],
    ["note", "ok", "--at", "a:b.py"], ["precheck", "src/typo.py"], ["precheck", "src/typo.py", "--json"],
    ["plan", BAD], ["plan", "# Fake heading\n## Ideas\n- [x] done"], ["plan", "bell \x07 esc \x1b[31m red"],
    ["plan", "token ghp_" + "a1" * 18], ["instructions", "--json"], ["map"], ["map", "--build"], ["stats", "--json"],
    ["precheck", "src/app.py", "--unsnooze", "--quiet"], ["precheck", os.fsdecode(b"src/\xff.py"), "--unsnooze"],
    ["precheck", "src/typo.py", "--quiet", "--strict"], ["score", "--since", "2001-01-01", "--json"],
    ["score", "--since", "99999d"], ["export", "--stdout"], ["export", "--cursor", "--stdout", "--json"],
    ["init", "--json", "--no-backfill", "--no-register"],
]


@pytest.fixture
def hostile(world: World) -> tuple[Repo, dict[str, str]]:
    outside = world.base / "outside.txt"
    outside.write_text("not yours\n")
    (world.base / "outsidedir").mkdir()
    (world.base / "outsidedir" / "f.py").write_text("x = 1\n")
    repo = world.repo()
    os.symlink(outside, repo.path / "link.txt")
    os.symlink(world.base / "outsidedir", repo.path / "linkdir")
    (repo.path / "latin1.txt").write_bytes(b"caf\xe9\n")
    (repo.path / "big.txt").write_bytes(b"x" * 100_000)
    (repo.path / "a:b.py").write_text("x = 1\n")
    issue = repo.json("issue", "an open issue", "--at", "src/app.py")
    note = repo.json("note", "a plain note")
    decision = repo.json("decide", "a decision", "--at", "src/app.py")
    return repo, {"issue": issue["issue_id"], "note_id": note["id"], "decision_id": decision["id"],
                  "outside": str(outside)}


def fill(args: list[str], values: dict[str, str]) -> list[str]:
    return [re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], a) for a in args]


# served until stopped, or run by git: always a real process (with a timeout)
PROCESS_ONLY = {"watch", "hook", "mcp"}


def run_cases(world: World, repo: Repo, cases: list[list[str]], judge, workers: int = 3) -> tuple[list[str], int]:
    """Run each case and return the problems ``judge`` finds, and how many ran as processes.

    Long version: every case is a real process (``workers`` at a time, each in its own copy of
    ``repo``). Fast version: every fourth case and every ``watch``/``hook`` case is a process, the
    rest go through ``kenning.cli.main.main`` in-process (the same code, a tenth of the cost)."""
    real = [c for n, c in enumerate(cases) if LONG or n % 4 == 0 or (c and c[0] in PROCESS_ONLY)]
    inproc = [c for c in cases if not any(c is r for r in real)]
    copies = [repo] + [world.copy(repo, f"{repo.path.name}-copy{n}") for n in range(1, workers)]

    def one(target: Repo, args: list[str], in_process: bool) -> str | None:
        before = target.log_bytes()
        try:
            r = target.inproc(*args) if in_process else target.ken(*args, timeout=6, input=STDIN)
        except subprocess.TimeoutExpired:
            return f"ken {args[:4]!r}: still running after 6 s instead of refusing"
        problem = judge(r, before, target.log_bytes())
        return f"{problem}{' (in-process)' if in_process else ''}\n    {r.describe()[:700]}" if problem else None

    def worker(n: int) -> list[str]:
        return [p for args in real[n::workers] if (p := one(copies[n], args, False))]

    with ThreadPoolExecutor(workers) as pool:
        problems = [p for found in pool.map(worker, range(workers)) for p in found]
    problems += [p for args in inproc if (p := one(copies[0], args, True))]
    return problems, len(real)


STDIN = b"\xff\xfe{not json\x1b[2J"


def judge_refused(r, before: bytes, after: bytes) -> str | None:
    problem = clean_refusal(r)
    if problem:
        return f"not a clean refusal: {problem}"
    if after != before:
        return "the log changed"
    return None


def judge_survived(r, before: bytes, after: bytes) -> str | None:
    if crash(r):
        return f"crashed: {crash(r)}"
    if r.returncode != 0:
        if r.args and r.returncode == 2 and not r.stderr.strip() and not r.stdout.strip():
            return "exit 2 without a word"
        if after != before:
            return "a failed command changed the log"
        if r.args and r.args[0] != "hook" and clean_refusal(r):
            return f"not a clean refusal: {clean_refusal(r)}"
    if bad_lines(after):
        return f"the log has invalid lines: {bad_lines(after)[:2]}"
    return None


def test_every_command_has_hostile_cases() -> None:
    """A new command joins this suite: its refusals are listed above (``ken mcp`` has its own)."""
    from kenning.cli.parser import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    covered = {c[0] for c in refused_cases() if c}
    missing = sorted(set(commands) - covered - {"mcp"})
    assert not missing, f"commands without hostile-input cases: {missing}"


@pytest.mark.slow
def test_refused_inputs_change_nothing(world: World, hostile: tuple[Repo, dict[str, str]]) -> None:
    repo, values = hostile
    cases = [fill(c, values) for c in refused_cases()]
    problems, processes = run_cases(world, repo, cases, judge_refused)
    commands = {c[0] for c in cases if c and not c[0].startswith("-")}
    figure("hostile.refused", f"{len(cases)} hostile argv across {len(commands)} commands ({processes} as real "
           f"processes, the rest in-process): {len(cases) - len(problems)} refused cleanly with the log "
           f"byte-identical, {len(problems)} not")
    assert not problems, f"{len(problems)} of {len(cases)} cases:\n" + "\n".join(problems[:12])


def test_odd_but_possible_inputs_never_crash(world: World, hostile: tuple[Repo, dict[str, str]]) -> None:
    repo, values = hostile
    cases = [fill(c, values) for c in SURVIVED]
    problems, _ = run_cases(world, repo, cases, judge_survived)
    figure("hostile.survived", f"{len(cases)} odd inputs (undecodable argv bytes, control characters, garbage "
           f"on stdin): {len(cases) - len(problems)} handled, {len(problems)} crashed or damaged the log")
    assert not problems, "\n".join(problems[:12])


def shape(args: list[str]) -> str:
    """argv with long arguments shown by their size."""
    return "ken " + " ".join(a if len(a) < 40 else f"<{a[:2]}… {len(a):,} chars>" for a in args)


def test_one_megabyte_arguments(repo: Repo) -> None:
    """1 MB in one argument, through the CLI's main (a process cannot be given it)."""
    big = "x" * 1_000_000
    problems = []
    for args in (["note", big], ["issue", big], ["note", "ok", "--details", big], ["note", "ok", "--at", big],
                 ["note", "ok", "--at", "a/" * scale(20_000, 500_000)], ["decide", "ok", "--supersedes", big],
                 ["show", big], ["attempt", "ok", "--failed", "--issue", big]):
        before = repo.log_bytes()
        r = repo.inproc(*args)
        problem = judge_refused(r, before, repo.log_bytes())
        if problem:
            problems.append(f"{shape(args)}: {problem}: {r.stderr[:300]!r}")
    for args in (["search", big], ["precheck", big], ["search", "x", "--at", big], ["context", "--at", big]):
        before = repo.log_bytes()
        r = repo.inproc(*args)
        problem = judge_survived(r, before, repo.log_bytes())
        if problem:
            problems.append(f"{shape(args)}: {problem}: {r.stderr[:300]!r}")
    figure("hostile.one_megabyte", f"12 commands given a 1 MB argument (in-process): {12 - len(problems)} handled")
    assert not problems, "\n".join(problems)


HEADINGS = ["x\n# Fake heading", "y\n## Fake section\n- fake item", "z\r\n# Carriage heading", "# Leading heading",
            "w\u2028# Line separator heading", "v\x85# Next line heading"]


def test_markdown_heading_injection(repo: Repo) -> None:
    issue = repo.json("issue", HEADINGS[0], "--at", "src/app.py")["issue_id"]
    repo.ok("attempt", HEADINGS[1], "--failed", "--issue", issue)
    repo.ok("decide", HEADINGS[2], "--at", "src/app.py")
    repo.ok("note", HEADINGS[3], "--lesson")
    repo.ok("note", HEADINGS[4])
    repo.ok("note", HEADINGS[5], "--details", "d\n# Fake details heading")
    repo.ok("export", "--claude-md", "--agents-md")
    outputs = {"summary.md": repo.summary_md().decode(), "ken summary --full": repo.ok("summary", "--full").stdout,
               "ken context": repo.ok("context").stdout,
               "CLAUDE.md": (repo.path / "CLAUDE.md").read_text(), "AGENTS.md": (repo.path / "AGENTS.md").read_text()}
    found = [f"{name}: {line!r}" for name, text in outputs.items() for line in re.split(r"\r\n|\r|\n|\u2028|\x85", text)
             if re.match(r"\s{0,3}#+ .*(Fake|Carriage|Leading|Line separator|Next line)", line)]
    assert not found, "an event's text became a Markdown heading:\n" + "\n".join(found)


def test_escape_sequences_reach_no_terminal(repo: Repo) -> None:
    evil = "evil \x1b[1A\x1b[2K hidden \x9b31m \u202e reversed \x07"
    event = repo.json("note", evil, "--at", "src/app.py")
    problems = []
    for args in (["search", "evil"], ["show", event["id"]], ["summary"], ["summary", "--full"], ["context"],
                 ["precheck", "src/app.py"], ["brief"]):
        r = repo.ok(*args)
        raw = [c for c in r.stdout + r.stderr if c in "\x1b\x9b\x07\u202e"]
        if raw:
            problems.append(f"ken {' '.join(args)}: raw control characters {sorted(set(raw))!r} in its output")
    assert json.loads(repo.ok("show", event["id"], "--json").stdout)["event"]["summary"] == evil.strip(), \
        "--json must keep the text exact"
    assert not problems, "\n".join(problems)


def test_not_initialized_and_not_a_repository(world: World) -> None:
    bare = world.repo("bare", init=False)
    plain = world.base / "plain"
    plain.mkdir()
    problems = []
    for cwd in (bare.path, plain):
        for args in (["note", "x"], ["summary"], ["precheck", "a.py"], ["search", "x"], ["issues"], ["regenerate"]):
            r = bare.ken(*args, cwd=cwd)
            if clean_refusal(r) or r.returncode != 3:
                problems.append(f"in {cwd.name}: {r.describe()}")
        if (Path(cwd) / ".kenning").exists():
            problems.append(f"in {cwd.name}: a refused command created .kenning/")
    assert not problems, "\n".join(problems)
