"""``ken doctor``: a full read of the log that reports what the fold tolerates silently.

Malformed lines (with their numbers), a torn tail, bytes of torn writes kept in quarantine,
what a merge can leave (events glued to other bytes, conflict markers, repeated lines; a log git
does not merge as a union: ``log_health``, which ``--fix`` uses to repair by appending),
duplicate event ids with different content, two issues sharing an issue id (two branches that
picked the same random id), two decisions superseding the same decision, supersedes naming a
non-decision, and unknown event types. Fixes that were later reverted (a failed attempt after
all: the gate shows the revert as ``Reverted fix …``). Also the MCP clients' config files, when present:
a missing, broken or ``--root``-pinned kenning entry. And the coding agents' hooks: each installed
command is run as the agent would run it, from the repository with a bare PATH, because an agent
treats a hook that cannot start as a non-blocking error and goes on without it.

Every finding is one of three groups (``MENDED_BY``): a *problem*, which ``--fix`` or the user
can mend, and the only group that makes ``ken doctor`` exit 1; *information*, a fact nobody can
change (upstream history, a teammate's choice), shown and never failing a run; and the
*harmless* leftovers of merges that ``log_health`` names.
"""

from __future__ import annotations

import json
import os

from kenning import git
from kenning.app.gate import tool_calls
from kenning.app.project import now_micros
from kenning.app.recall import open_memory
from kenning.app.setup import mcp_clients
from kenning.app.team import log_health
from kenning.core import duplicates
from kenning.core.errors import MemoryUnreadable
from kenning.core.events import FUTURE_SLACK_US, TYPES, Event, format_timestamp
from kenning.core.text import article
from kenning.system import processes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project


def doctor(project: Project, now: str | None = None, fix: bool = False) -> dict[str, Any]:
    """Every problem found, with the harmless leftovers of merges apart; with ``fix``, first
    repair what appending can (``log_health.fix``), then report what is left."""
    fixed = log_health.fix(project.require_initialized(), now) if fix else []
    problems: list[dict[str, Any]] = []
    try:
        memory = open_memory(project, now)
    except MemoryUnreadable as err:  # say so, and still read what can be read
        problems.append({"kind": "unreadable_log", "message": str(err)})
        memory = open_memory(project, now, capture=False, strict=False)
    with memory:
        memory.warnings.clear()  # doctor reports these itself, on stdout
        tail = memory.log.read_from(0)
        found = log_health.scan(tail.lines, tail.torn)
        derived = memory.events(memory.cache.derived_events())
    events = found.events
    problems += found.problems
    problems += _reverted_fixes(derived)
    problems += _conflicts(events)
    counts, found_memories = _memories(events, derived)
    problems += found_memories
    merge_problems, merge = log_health.merge_setup(project)
    problems += merge_problems
    problems += _future(events, now_micros(now))
    quarantined, pieces = _quarantined(project)
    if quarantined:
        problems.append({"kind": "quarantined_bytes", "bytes": quarantined,
                         "message": f"{quarantined} bytes of {pieces} torn write(s) are kept in "
                                    ".kenning/local/quarantine/; re-record anything they held, then delete them"})
    clients = mcp_clients.check_clients(project)
    problems += [{"kind": f"mcp_{c['status']}", "file": c["file"], "message": c["message"]}
                 for c in clients if c["status"] != "ok"]
    problems += _tracked_derived(project)
    hooks_found, hooks_run = _agent_hooks(project)
    problems += hooks_found
    information = [p for p in problems if MENDED_BY.get(p["kind"], "you") is None]
    problems = [p for p in problems if MENDED_BY.get(p["kind"], "you") is not None]
    return {"events": len(events), "memories": counts, "problems": problems, "information": information,
            "harmless": found.harmless, "fixed": fixed, "merge": merge, "quarantined_bytes": quarantined,
            "mcp_clients": clients, "agent_hooks": hooks_run}


# What mends each finding: "--fix", "you" (a command or an edit the finding names), or None for
# information: true as recorded and beyond anyone's reach, so it must not fail a script or CI
# forever. A kind missing here is a problem (docs/team.md lists them all; a test holds it).
MENDED_BY: dict[str, str | None] = {
    "unreadable_log": "you", "malformed_line": "you", "duplicate_event_id": "you",
    "torn_tail": "--fix", "glued_line": "--fix", "merge_not_union": "--fix", "merge_driver_replaced": "you",
    "quarantined_bytes": "you", "future_timestamp": "you", "unknown_type": "you",
    "double_supersede": "you", "contradicting_decisions": "you",
    "mcp_broken": "you", "tracked_derived_files": "you", "tracked_derived_unknown": "you",
    "agent_hooks_unreadable": "you", "agent_hook_fails": "you", "agent_hooks_outdated": "you",
    # history a commit cannot change: a fix git later reverted; two branches that picked one
    # issue id; a decision whose supersedes names no decision (ignored by the fold)
    "reverted_fix": None, "duplicate_issue_id": None, "supersedes_non_decision": None,
    # copies written before writes refused them (or kept with --force): a note cannot be retired
    "duplicated_memories": None,
    # a client configured without kenning, or pinned to one project: the user's choice
    "mcp_missing": None, "mcp_pinned": None,
}


# an agent started from a desktop launcher, a service or an IDE may have no more than this:
# no virtualenv, no ~/.local/bin, none of the shell profile's additions
BARE_PATH = "/usr/bin:/bin"
HOOK_RUN_SECONDS = 30.0


def _agent_hooks(project: Project) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(problems, one result per installed command run) for the agents' settings files."""
    problems: list[dict[str, Any]] = []
    runs: list[dict[str, Any]] = []
    for state in tool_calls.states(project):
        agent, where = state["agent"], {"agent": state["agent"], "file": state["file"]}
        if state["problem"]:
            problems.append({"kind": "agent_hooks_unreadable", **where, "message": state["problem"]})
            continue
        for event, entries in state["hooks"].items():
            for command in dict.fromkeys(str(e["command"]) for e in entries):
                failure = _run_hook(project, event, command)
                runs.append({**where, "event": event, "command": command, "status": "failed" if failure else "ok",
                             "message": failure or "starts and answers"})
                if failure:
                    problems.append({"kind": "agent_hook_fails", **where, "event": event, "message": (
                        f"the {agent} {event} hook in {state['file']} {failure}: the agent goes on without "
                        f"kenning and says nothing. Run `ken hooks install --agent {agent}` to write ken's "
                        "absolute path")})
        if state["outdated"]:
            problems.append({"kind": "agent_hooks_outdated", **where, "message": (
                f"the {agent} hooks in {state['file']} are out of date ({'; '.join(state['outdated'])}); "
                f"run `ken hooks install --agent {agent}`")})
    return problems, runs


def _run_hook(project: Project, event: str, command: str) -> str | None:
    """Run an installed agent hook command the way its agent does (a shell, in the repository, the
    payload on stdin) with a bare PATH; None when it starts and answers, else what went wrong."""
    payload: dict[str, Any] = {"session_id": "ken-doctor", "cwd": str(project.root), "hook_event_name": event}
    if event == "SessionStart":
        payload["source"] = "startup"
    else:  # a call that edits no file: the hook must start and stay quiet
        payload.update(tool_name="Bash", tool_input={"command": "true"})
    env = dict(os.environ) if os.name == "nt" else {**os.environ, "PATH": BARE_PATH}
    try:
        done = processes.run_shell(command, project.root, env, json.dumps(payload), HOOK_RUN_SECONDS)
    except OSError as err:
        return f"could not be started ({err})"
    if done.timed_out:
        return f"did not answer within {HOOK_RUN_SECONDS:g}s"
    said = (done.stderr.strip().splitlines() or [""])[-1]
    if done.returncode == 127:
        return f"cannot start with PATH={BARE_PATH} (`{command}`: command not found)"
    if done.returncode != 0:
        return f"exited {done.returncode} (`{command}`{': ' + said if said else ''})"
    if event == "SessionStart" and '"hookSpecificOutput"' not in done.stdout:
        return f"answered no summary (`{command}`{': ' + said if said else ''})"
    return None


# derived or machine-local: what a commit carries of these is never read, and tracking them
# makes every clone's copy a change to commit (the .kenning/.gitignore that `ken init` writes
# keeps them out)
MACHINE_LOCAL = (".kenning/cache", ".kenning/local", ".kenning/summary.md")


def _tracked_derived(project: Project) -> list[dict[str, Any]]:
    """The derived and machine-local files git tracks, with the command that untracks them
    (keeping this clone's copies). Not done by ``--fix``: it stages a change for the user's commit."""
    try:
        found = git.tracked_among(project.root, list(MACHINE_LOCAL))
    except git.GitError as err:
        return [{"kind": "tracked_derived_unknown", "message": f"cannot ask git what it tracks ({err})"}]
    if not found:
        return []
    roots = [p for p in MACHINE_LOCAL if any(f == p or f.startswith(p + "/") for f in found)]
    shown = ", ".join(found[:5]) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
    return [{"kind": "tracked_derived_files", "files": found, "message": (
        f"git tracks {shown}: derived, machine-local files that kenning never reads from a commit "
        f"(an index from git could say anything); untrack them, keeping your copies: "
        f"git rm -r --cached -- {' '.join(roots)}, then commit")}]


def _quarantined(project: Project) -> tuple[int, int]:
    """(bytes, files) under ``.kenning/local/quarantine/``."""
    try:
        with os.scandir(project.local_dir / "quarantine") as found:
            sizes = [entry.stat().st_size for entry in found if entry.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return 0, 0
    return sum(sizes), len(sizes)


def _future(events: list[Event], now_us: int) -> list[dict[str, Any]]:
    """Events dated further ahead than a fast clock explains: a typo or a broken clock. New
    events are stamped by the real clock regardless; these sort after everything until then."""
    limit = format_timestamp(now_us + FUTURE_SLACK_US)
    return [{"kind": "future_timestamp", "id": e.id,
             "message": f"{e.id} is dated {e.timestamp}, in the future; it sorts after every event until "
                        "then (fix the clock that wrote it, or leave it)"}
            for e in events if e.timestamp > limit]


def _memories(events: list[Event], derived: list[Event]) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """How many standing memories the log holds, how many repeat an earlier one and how many
    are decisions standing on the same code as another (``core.duplicates``), with a finding
    for each group of contradicting decisions and one for the copies. A fix derived from git
    counts in what stands (its issue is done); only the log's memories are counted."""
    own = {e.id for e in events}
    alive = duplicates.standing([e.as_dict() for e in (*events, *derived)])
    written = [m for m in alive if m.get("id") in own]
    copies = duplicates.duplicated(written)
    conflicts = duplicates.contradictions(m for m in written if m.get("type") == "decision")
    counts = {"standing": len(written), "duplicated": len(copies),
              "contradicting": sum(len(c.ids) for c in conflicts), **citation_counts(events)}
    found: list[dict[str, Any]] = [{"kind": "contradicting_decisions", "ids": c.ids, "where": c.where.shown(),
                                    "message": c.line()} for c in conflicts]
    if copies:
        shown = ", ".join(f"{copy} repeats {original}" for copy, original in copies[:5])
        more = f" and {len(copies) - 5} more" if len(copies) > 5 else ""
        found.append({"kind": "duplicated_memories", "pairs": [list(pair) for pair in copies], "message": (
            f"{len(copies)} standing memories repeat an earlier one ({shown}{more}); new copies are refused "
            "unless forced")})
    return counts, found


def citation_counts(events: list[Event]) -> dict[str, int]:
    """How many memories' cited code is verified, changed or gone: filled in by ``ken verify``'s
    use case once citations are followed. Empty until then: a count shown must be a real one."""
    return {}


def _reverted_fixes(derived: list[Event]) -> list[dict[str, Any]]:
    """Fix commits that a later commit reverted: the fix did not hold."""
    fixes = {str(e.get("commit")): e for e in derived if e.type == "fix" and e.get("commit")}
    problems = []
    for revert in derived:
        targets = revert.get("reverts") if revert.type == "attempt" else None
        for sha in targets if isinstance(targets, list) else []:
            fix = fixes.get(str(sha))
            if fix is not None:
                problems.append({"kind": "reverted_fix", "id": fix.id, "reverted_by": revert.id,
                                 "message": f"fix {fix.id} ({str(sha)[:10]}: {fix.summary}) was reverted by "
                                            f"{str(revert.get('commit'))[:10]}: count it as a failed attempt"})
    return problems


def _conflicts(events: list[Event]) -> list[dict[str, Any]]:
    problems: list[dict[str, Any]] = []
    by_id: dict[str, Event] = {}
    issue_events: dict[str, list[str]] = {}
    supersedes: dict[str, list[str]] = {}
    for event in events:  # each id once: log_health.scan reports the copies
        by_id[event.id] = event
        if event.type == "issue" and event.issue_id:
            issue_events.setdefault(event.issue_id, []).append(event.id)
        if event.type == "decision" and event.supersedes:
            supersedes.setdefault(event.supersedes, []).append(event.id)
        if event.type not in TYPES:
            problems.append({"kind": "unknown_type", "id": event.id,
                             "message": f"{event.id} has unknown type {event.type!r}; it is kept and ignored"})
    for iid, ids in sorted(issue_events.items()):
        if len(ids) > 1:
            problems.append({"kind": "duplicate_issue_id", "issue_id": iid,
                             "message": f"issue id #{iid} is used by {len(ids)} issues ({', '.join(ids)}); "
                                        "likely two branches picked the same id: refer to them by event id"})
    for target, ids in sorted(supersedes.items()):
        kind = by_id[target].type if target in by_id else None
        standing = [i for i in ids if i not in supersedes]  # once all but one are retired, it is settled
        if len(standing) > 1:
            problems.append({"kind": "double_supersede", "id": target,
                             "message": f"{target} is superseded by {len(ids)} decisions ({', '.join(ids)}); "
                                        f"{' and '.join(standing)} all stand: supersede the ones you mean to retire"})
        if kind is not None and kind != "decision":
            problems.append({"kind": "supersedes_non_decision", "id": target,
                             "message": f"{', '.join(ids)} supersede {target}, {article(str(kind))}; ignored"})
    return problems
