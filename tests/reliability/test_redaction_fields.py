"""No side door: a secret in any field of any event, through any entry (the write path itself, the
CLI, ``ken import`` of a file, git capture), never reaches ``.kenning/`` (the log, the index,
summary.md). The fields are read from the shipped JSON Schema (``planted``), so a new field is
planted without anyone listing it; where the schema allows text the event is still written, the
secret gone; where it wants an id, a time or an enum value the write is refused without quoting
the secret. The MCP entry is ``tests/mcp/test_mcp_redaction.py``."""

from __future__ import annotations

import argparse
import json

from kenning.app.project import Project
from kenning.app.record import record
from kenning.cli.parser import build_parser
from kenning.core.errors import InvalidInput
from planted import ANTHROPIC, GITHUB, TEXT_FIELDS, UNKNOWN, leaks, planted_events

from .conftest import Repo, World, _inside, event_line, figure, log_events


def _written(repo: Repo) -> dict[str, dict[str, object]]:
    return {str(e["id"]): e for e in log_events(repo.log_bytes())}


# -- the write path itself: every field of every type --------------------------------------------

def test_the_write_path_scrubs_every_field_of_every_type(repo: Repo) -> None:
    """``app.record`` itself, the one function every surface writes through, given what no surface
    offers today: a secret in each field the schema names, and in a field it does not."""
    project = Project(repo.path)
    outcomes: dict[tuple[str, str], str] = {}
    with _inside(repo.path, repo.world.env):
        issue = record(project, {"type": "issue", "summary": "an open issue"}).event.issue_id
        for kind, name, event in planted_events():
            fields = {**event, "issue_id": issue} if name != "issue_id" and "issue_id" in event else event
            try:
                written = record(project, fields, cwd=project.root)
            except InvalidInput as err:
                assert not leaks(text=str(err)), f"{kind}.{name}: the refusal quotes the secret: {err}"
                outcomes[kind, name] = "refused"
                continue
            assert {"github_token", "anthropic_api_key"} & set(written.redacted), (kind, name)
            outcomes[kind, name] = "written"
    must_write = {(kind, name) for kind, name, _ in planted_events() if name in (*TEXT_FIELDS, UNKNOWN)}
    assert {key for key in must_write if outcomes[key] != "written"} == set()
    found = leaks(project.root / ".kenning")
    assert not found, found
    written_count = sum(1 for o in outcomes.values() if o == "written")
    figure("redaction.every_field", f"{len(outcomes)} events, a secret in each field of each type: "
           f"{written_count} written without it, {len(outcomes) - written_count} refused (ids, times, enums); "
           "nothing in the log, the index or summary.md")


# -- the CLI ----------------------------------------------------------------------------------------

def test_a_credential_in_an_at_url_is_redacted_and_the_write_goes_through(repo: Repo) -> None:
    for at in (f"https://deploy:{GITHUB}@git.example.com/org/repo", "https://deploy:Xk9vQ2mPz7LwR4tB@example.com/x:12"):
        r = repo.ok("note", "the mirror needs a token", "--at", at)
        assert "redacted before writing" in r.stderr, r.stderr
    locations = [e.get("location") for e in log_events(repo.log_bytes())[-2:]]
    assert locations == ["https:/[REDACTED:github_token]@git.example.com/org/repo",
                         "https:/[REDACTED:url_credentials]@example.com/x:12"], locations
    assert not leaks(repo.path / ".kenning"), leaks(repo.path / ".kenning")
    stored = b"".join(p.read_bytes() for p in (repo.path / ".kenning").rglob("*") if p.is_file())
    assert b"Xk9vQ2mPz7LwR4tB" not in stored


def test_a_location_inherited_from_a_hand_written_issue_is_redacted(repo: Repo) -> None:
    """A teammate's line, appended by hand, names a location with a token in it; an attempt on
    that issue recorded without --at inherits the location, and its copy is scrubbed."""
    with open(repo.log, "ab") as log:
        log.write(event_line(id="evt_" + "1" * 20, type="issue", issue_id="h4nd", summary="hand-written",
                             timestamp="2026-01-01T00:00:00.000000Z", location=f"{GITHUB}.cfg"))
    r = repo.ok("attempt", "tried rotating it", "--failed", "--issue", "h4nd")
    assert "redacted before writing" in r.stderr and "located at" in r.stderr, r.stderr
    assert log_events(repo.log_bytes())[-1]["location"] == "[REDACTED:github_token].cfg"


def _string_options(command: str) -> list[argparse.Action]:
    """Every option and argument of ``ken COMMAND`` that takes text (not a flag, not a choice)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices[command]._actions
            if type(a) is argparse._StoreAction and a.choices is None and a.type is None and a.dest != "help"]


def test_every_text_option_of_every_write_command_is_redacted(repo: Repo) -> None:
    """Each option of ``ken issue|attempt|fix|decide|note|precheck --snooze`` that takes text, read
    from the parser (a new option is planted too), run in this process (``inproc``: the CLI's own
    ``main``)."""
    issue = repo.json("issue", "an open issue", "--at", "src/app.py")["issue_id"]
    secret_file = repo.world.base / "details.txt"
    secret_file.write_text(f"the token was {GITHUB}\n")
    runs: list[list[str]] = []
    for command in ("issue", "attempt", "fix", "decide", "note", "precheck"):
        base = {"attempt": ["--failed", "--issue", issue], "fix": ["--issue", issue],
                "precheck": ["--snooze", "2d", "--reason", "later"]}.get(command, [])
        for action in _string_options(command):
            value = str(secret_file) if action.dest == "details_file" else GITHUB
            if action.option_strings:
                runs.append([command, "planted" if command != "precheck" else "src/app.py", *base,
                             action.option_strings[-1], value])
            else:  # the positional: the summary, or the paths a snooze covers
                runs.append([command, value, *base])
    # last: the gate memoizes git's answer for each path it is asked about, in the index (a query,
    # not a memory; checked below against what is stored and served)
    runs.sort(key=lambda args: args[:2] == ["precheck", GITHUB])
    for args in runs:
        r = repo.inproc(*args)
        assert r.returncode in (0, 2) and "Traceback" not in r.stderr, (args, r.stderr)
        # the gate's own report names the paths it was given, as typed: only what is said of the write
        said = r.stderr if args[0] == "precheck" else r.stdout + r.stderr
        # an option that says how to run (a file to read, a time, a duration) is refused quoting
        # what was typed, as any bad option is; nothing is written (checked next)
        if args[-2] not in ("--details-file", "--now", "--snooze"):
            assert not leaks(text=said), (args, r.stdout, r.stderr)
        if args[:2] != ["precheck", GITHUB]:
            assert not leaks(repo.path / ".kenning"), (args, leaks(repo.path / ".kenning"))
    assert len(runs) >= 25 and any(args[:2] == ["precheck", GITHUB] for args in runs)
    served = repo.ok("search", "", "--json", "--limit", "1000").stdout + repo.ok("summary", "--full").stdout
    found = leaks(repo.log, repo.path / ".kenning" / "summary.md", text=served)
    assert not found, found


# -- ken import ---------------------------------------------------------------------------------------

def test_import_scrubs_every_field_of_every_type(repo: Repo) -> None:
    source = repo.world.base / "foreign.jsonl"
    events = planted_events(start=1000)
    source.write_text("".join(json.dumps(e) + "\n" for _, _, e in events))
    r = repo.ken("import", "--from", "jsonl", str(source), "--json")
    assert r.returncode == 0, r.stderr
    assert not leaks(text=r.stdout + r.stderr), "the import's report quotes a secret"
    written = _written(repo)
    for kind, name, event in events:
        if name in (*TEXT_FIELDS, UNKNOWN):
            assert event["id"] in written, f"{kind} with a secret in {name} was not imported: {r.stdout[:2000]}"
    assert written[events[-1][2]["id"]][UNKNOWN] == {
        "tool": {"runs": [{"env": {"TOKEN": "[REDACTED:github_token]"}}, "[REDACTED:anthropic_api_key]"]},
        "[REDACTED:github_token]": "named by a secret"}
    repo.ok("search", "planted", "--json")
    found = leaks(repo.path / ".kenning")
    assert not found, found


# -- git capture ------------------------------------------------------------------------------------

def test_git_capture_scrubs_the_author_the_message_and_the_files(world: World) -> None:
    repo = world.repo()
    (repo.path / f"{GITHUB}.txt").write_text("the key\n")
    world.git(repo.path, "add", f"{GITHUB}.txt")
    world.git(repo.path, "-c", f"user.email={GITHUB}@example.com", "commit", "-q", "-m",
              f"fix: rotate the key {ANTHROPIC}\n\nold one {GITHUB}")
    derived = [e for e in repo.json("search", "", "--limit", "100") if e.get("source") == "git"]
    assert [e["type"] for e in derived] == ["fix"], derived
    fix = derived[0]
    assert fix["actor"] == "git:[REDACTED:github_token]@example.com", fix
    assert fix["location"] == "[REDACTED:github_token].txt" and fix["paths"] == [fix["location"]], fix
    assert fix["commit_message"] == "fix: rotate the key [REDACTED:anthropic_api_key]\n\nold one " \
                                    "[REDACTED:github_token]", fix
    found = leaks(repo.path / ".kenning", text=json.dumps(derived))
    assert not found, found
