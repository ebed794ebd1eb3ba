"""What the gate did: one record per file per gate run, in ``.kenning/local/checks.jsonl``.

Machine-local and never committed. A record says when, from which surface (cli, mcp, git-hook,
agent-hook), which file, the warnings and the decision returned. When a later edit or commit
touches the file, an outcome line completes the open records for it: whether the change
resembled an approach the gate had warned about (a repeat). ``ken score`` folds these lines
into counts of warnings, blocks, overrides and repeats, per file, in total and by who asked
(``origin_of``: an agent, a person, or unknown for a record without a surface). Beside them,
``audit.json`` keeps the last ``ken audit`` report (what the gate would have caught), for the page.
"""

from __future__ import annotations

import json
import os

from kenning.app.warnings import hand_over
from kenning.core.errors import KenError, cause
from kenning.core.events import format_timestamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project
    from kenning.core.gate.rules import FileVerdict

RECORDS = "checks.jsonl"
LOCK = "checks.lock"  # held while records are appended (``_append``)
AUDIT = "audit.json"  # the last `ken audit` report: what the gate would have caught, for `ken visualize`


def _path(project: Project) -> str:
    return os.path.join(project.local_folder, RECORDS)


def _append(project: Project, *records: dict[str, Any]) -> None:
    """The records in one write, O_APPEND: concurrent hooks never interleave a record, and a
    gate run on twenty files opens the file once. A record is bookkeeping: when it cannot be
    kept (a link in its place, a full disk) the gate still answers, and the user is told: a
    warning for the surface (``app.warnings``). A cut-off last line (a crash mid-write) is
    ended first, so it never swallows the next record. Written under the records' own lock
    (``LOCK``): two hooks that both found a cut-off line would both end it, and a write the
    system finishes in two parts could take another's record between them."""
    from kenning.store import files
    from kenning.store.log import file_lock

    lines = [json.dumps(r, sort_keys=True, separators=(",", ":")) for r in records]
    try:
        with file_lock(os.path.join(project.local_folder, LOCK), project.number("lock", "timeout_seconds")):
            files.append_lines(_path(project), lines, mend_torn=True, within=project.folder)
    except (OSError, KenError) as err:
        hand_over([f"the check was not recorded ({cause(err)})"])


def audit_path(project: Project) -> Any:
    return project.local_dir / AUDIT


def last_audit(project: Project) -> dict[str, Any] | None:
    """The report ``ken audit`` kept here last, or None (never run, or unreadable)."""
    from kenning.store import files

    kept = files.read_json(audit_path(project))
    return kept if isinstance(kept, dict) else None


def record(project: Project, verdict: FileVerdict, surface: str, now_us: int, decision: str,
           session: str | None = None, similar: dict[str, Any] | None = None) -> str:
    """Append the record of one gate run on one file; return its id."""
    return record_all(project, [(verdict, decision, similar)], surface, now_us, session)[0]


def record_all(project: Project, judged: list[tuple[FileVerdict, str, dict[str, Any] | None]], surface: str,
               now_us: int, session: str | None = None) -> list[str]:
    """Append the records of one gate run, one per (verdict, decision returned, similar failed
    change) and all in one write; return their ids."""
    records = [_record(verdict, surface, now_us, decision, session, similar) for verdict, decision, similar in judged]
    if records:
        _append(project, *records)
    return [r["id"] for r in records]


def _record(verdict: FileVerdict, surface: str, now_us: int, decision: str, session: str | None,
            similar: dict[str, Any] | None) -> dict[str, Any]:
    live = [w for w in verdict.warnings if w.snoozed_until is None]
    return {
        "id": "chk_" + os.urandom(8).hex(), "time": format_timestamp(now_us), "surface": surface,
        "file": verdict.path, "severity": verdict.severity, "warnings": [w.kind for w in live],
        "snoozed": [w.kind for w in verdict.warnings if w.snoozed_until is not None],
        "event_ids": sorted({i for w in live for i in w.event_ids}), "decision": decision,
        "session": session, "similar": similar,
    }


def complete(project: Project, path: str, by: str, now_us: int, repeated: bool,
             similar: dict[str, Any] | None = None) -> None:
    """Close the open records of ``path``: a change (an edit or a commit) touched the file."""
    _append(project, {"outcome": by, "file": path, "time": format_timestamp(now_us), "repeated": repeated,
                      "similar": similar})


def exist(project: Project) -> bool:
    """Whether any gate run was recorded here (the records' file is there)."""
    from kenning.store import files

    return files.is_file(_path(project))


def read(project: Project) -> list[dict[str, Any]]:
    from kenning.store import files

    text = files.read_text(_path(project)) or ""
    lines = []
    for line in text.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            continue  # a torn line of a machine-local record: skipped, never fatal
        if isinstance(value, dict):
            lines.append(value)
    return lines


# what str.splitlines() also ends a line at, besides "\n" (never raw in a record ken writes:
# json.dumps escapes them; a hand-edited file may hold them)
# (looked for one by one: compiling a character class with such ranges costs 1 ms per process)
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def last_about(project: Project, path: str) -> dict[str, Any] | None:
    """The newest record whose file is ``path`` (a check or a change that closed checks), or
    None. The agent hook asks on every edit, and the records grow by one with every check: so
    the file is searched from its end for the path as JSON writes it (either escaping), and only
    the lines holding it are decoded."""
    return newest_about(project, [path])[path]


def newest_about(project: Project, paths: list[str]) -> dict[str, dict[str, Any] | None]:
    """``last_about`` for each of ``paths`` (the post-commit hook asks about every file a commit
    changed): the records searched once from their end (``store.tail``) for all of them, until
    each has its newest record or the file's start is reached."""
    from kenning.store import tail

    needles = {path: list(dict.fromkeys(json.dumps(path, ensure_ascii=ascii).encode() for ascii in (True, False)))
               for path in paths}
    found: dict[str, dict[str, Any] | None] = dict.fromkeys(paths)
    pending = set(paths)
    for raw in tail.lines_holding(_path(project), [n for held in needles.values() for n in held]):
        line = raw.decode("utf-8", "replace")  # as ``read`` reads the file
        line = line[:-1] if line.endswith("\r") else line  # a line ended by "\r\n"
        if any(mark in line for mark in _OTHER_BREAKS):  # a raw U+2028 and the like: split as ``read`` splits
            every = read(project)
            return {path: next((r for r in reversed(every) if r.get("file") == path), None) for path in paths}
        try:
            value = json.loads(line)
        except ValueError:
            continue  # a torn line of a machine-local record: skipped, as ``read`` skips it
        path = value.get("file") if isinstance(value, dict) else None
        if not isinstance(path, str):
            continue  # a foreign line, or a record whose file is not text (a hand edit)
        # the line must name it as written (a path met in another's summary is not its record)
        if path in pending and any(n in raw for n in needles[path]):
            found[path] = value
            pending.discard(path)
            if not pending:
                break
    return found


def stats(project: Project, since_us: int | None = None) -> dict[str, Any]:
    """Warnings issued, blocks, overrides and repeats, per file and in total (``since_us``:
    from the records made since then only), and the same totals ``by_origin`` (``origin``: who
    asked). A check that repeats the file's last one (the same evidence, no edit or commit in
    between) is the same check: asking the gate ten times about one file heeded nothing ten
    times. A hook that let a change through (an agent's edit, a commit) is followed by that
    change, seen or not yet. A repeat or an override counts for whoever asked the check it
    follows."""
    files_: dict[str, dict[str, int]] = {}
    origins: dict[str, dict[str, int]] = {kind: dict.fromkeys(KEYS, 0) for kind in ORIGINS}
    open_warned: dict[str, str] = {}  # path -> the origin of its open warned check
    last: dict[str, tuple[Any, ...]] = {}  # path -> the evidence of its last check since a change
    overridden: set[str] = set()  # paths whose last check was made anyway after a deny

    def bump(path: str, key: str, origin: str) -> None:
        files_.setdefault(path, dict.fromkeys(KEYS, 0))[key] += 1
        origins[origin][key] += 1

    start = None if since_us is None else format_timestamp(since_us)
    for line in read(project):
        if start is not None and not str(line.get("time", "")) >= start:
            continue  # records are stamped in one format, so the text orders as the time does
        path = str(line.get("file", ""))
        if "outcome" in line:
            last.pop(path, None)
            warned_by = open_warned.pop(path, None)
            if warned_by is not None and line.get("repeated"):
                bump(path, "repeats", warned_by)
            continue
        origin = origin_of(line)
        evidence = _evidence(line)
        if last.get(path) != evidence:
            last[path] = evidence
            overridden.discard(path)
            bump(path, "checks", origin)
            if line.get("severity") in ("warn", "block"):
                bump(path, "warnings", origin)
                open_warned[path] = origin
            if line.get("severity") == "block":
                bump(path, "blocks", origin)
        if line.get("decision") == "allow-after-deny" and path not in overridden:
            overridden.add(path)
            bump(path, "overrides", origin)
        if line.get("surface") in _CHANGES_FOLLOW and line.get("decision") not in ("deny", "ask"):
            last.pop(path, None)
    totals = {key: sum(f[key] for f in files_.values()) for key in KEYS}
    return {**totals, "by_origin": origins, "files": dict(sorted(files_.items()))}


KEYS = ("checks", "warnings", "blocks", "overrides", "repeats")
# who asked the gate, by the surface a record names: an agent (its edit hook, or an MCP client),
# a person (``ken precheck``, the pre-commit hook), or unknown (a record without a surface, or
# one this version does not know): only an agent's heeded warnings are an agent's saved re-tries
ORIGINS = ("agent", "person", "unknown")
_ORIGIN_OF = {"agent-hook": "agent", "mcp": "agent", "cli": "person", "git-hook": "person"}


def origin_of(record: dict[str, Any]) -> str:
    """``agent``, ``person`` or ``unknown``: who made the check ``record`` (see ``ORIGINS``)."""
    return _ORIGIN_OF.get(str(record.get("surface")), "unknown")


_CHANGES_FOLLOW = ("agent-hook", "git-hook")  # they run just before an edit or a commit


def _evidence(line: dict[str, Any]) -> tuple[Any, ...]:
    """What a check found, comparable with another check's."""
    def names(key: str) -> tuple[str, ...]:
        value = line.get(key)
        return tuple(sorted(str(v) for v in value)) if isinstance(value, list) else ()

    return str(line.get("severity")), names("warnings"), names("snoozed"), names("event_ids")
