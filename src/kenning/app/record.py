"""The write path: the one function every surface uses to add an event (docs/reliability.md, the write path).

validate -> resolve references -> redact -> lock -> repair a torn tail -> append one line ->
fsync -> unlock -> refresh derived files. Nothing is written unless every step before the
append succeeded; a crash after the append loses nothing, because every reader brings the
derived files up to date from the log.
"""

from __future__ import annotations

import json
import sqlite3

from kenning.app.memory import Memory
from kenning.app.paths import canonical_location
from kenning.app.project import Project, new_event_id, new_issue_id, now_micros
from kenning.app.recall import event_prefix, open_memory, promote_lessons, resolve_event
from kenning.app.redact import redact_event
from kenning.app.views import summary as summary_app
from kenning.core import duplicates
from kenning.core.errors import InvalidInput, KenError, Repeats, cause
from kenning.core.events import (
    FUTURE_SLACK_US,
    SCHEMA_VERSION,
    TEXT_FIELDS,
    Event,
    clean_text,
    format_timestamp,
    parse_indexed,
    parse_timestamp,
    serialize,
    validate_draft,
)
from kenning.core.schema import problems
from kenning.core.text import article, one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from os import PathLike
    from typing import Any

    StrPath = str | PathLike[str]  # a folder as callers hold it: str on the gate's way


class AlreadyRecorded(KenError):
    """An event given its own id (a captured attempt's) that the log already holds: nothing written."""


class Recorded:
    """What a write returns to its surface: the event as written and what to tell the user."""

    def __init__(self, event: Event, redacted: tuple[str, ...], notices: list[str]) -> None:
        self.event = event
        self.redacted = redacted
        self.notices = notices


def record(project: Project, fields: dict[str, Any], *, cwd: StrPath | None = None,
           now: str | None = None, event_id: str | None = None, force: bool = False) -> Recorded:
    """Validate, resolve, redact and append one event; ``fields`` uses the event's field names,
    with ``issue_id`` and ``supersedes`` allowed as prefixes and ``location`` as typed.
    ``event_id``: the id to write it under (one derived from what it records, so writing it again
    writes nothing: ``AlreadyRecorded``); a fresh random id otherwise. A write that repeats a
    standing memory is refused (``Repeats``) unless ``force``."""
    draft = _clean(fields)
    micros = now_micros(now)
    if draft.pop("diff", None):
        _attach_diff(project, draft, cwd)
    # every string as it was given, before the lock: a field's shape is still whole (a URL with
    # its credential, before --at is made a path), and no message below can repeat a secret
    kinds = set(redact_event(project, draft))
    _precheck_shape(draft)
    with open_memory(project) as memory:
        notices: list[str] = []
        _resolve(memory, dict(draft), [], cwd)  # a bad reference is refused now, not after the lock
        with memory.log.lock(project.number("lock", "timeout_seconds")):
            # references are resolved against the log as the lock leaves it: resolved before,
            # another writer's event in between (the only open issue fixed, a new one opened)
            # would go unseen, and this event would name what its writer would not have named
            memory.sync()
            if event_id is not None and memory.cache.ids_with_prefix(event_id):
                raise AlreadyRecorded(f"{event_id} is already in the log")
            if event_id is not None and memory.cache.forgetting(event_id, 1):  # met again: stays forgotten
                raise AlreadyRecorded(f"{event_id} was forgotten (`ken forget`); not recorded again")
            given = dict(draft)
            typed = draft.get("location")
            _resolve(memory, draft, notices, cwd)
            _cite(project, draft, typed, notices, cwd)
            kinds.update(_redact_resolved(project, given, draft))
            validate_draft({**draft, "issue_id": draft.get("issue_id") or "pending"}
                           if draft["type"] == "issue" else draft)
            _check_schema(draft)
            if not force:
                refuse_repeat(memory, draft)
            event = _append(memory, draft, micros, notices, event_id)
        refresh_derived(memory)
        return Recorded(event, tuple(sorted(kinds)), notices)


# the kinds of memory a write may repeat (a snooze is the gate's, and says its own time), and
# how many standing ones at the place a write is compared with: the newest, read by key
REPEATABLE = ("issue", "attempt", "fix", "decision", "note")
REPEAT_WINDOW = 200


def refuse_repeat(memory: Memory, draft: dict[str, Any]) -> None:
    """Refuse ``draft`` (resolved: its location canonical, its issue a full id) when it repeats
    a standing memory written by hand (``core.duplicates``): the memory must not fill with
    copies. Asks the index for the newest standing memories at its place, never the log."""
    kind = draft["type"]
    if kind not in REPEATABLE:
        return
    spot = duplicates.place(draft.get("location"))
    rows = memory.cache.standing_alike(kind, spot.path if spot else None, draft.get("issue_id"), REPEAT_WINDOW)
    found = duplicates.repeated(draft, (parse_indexed(row).as_dict() for row in rows))
    if found is not None:
        raise Repeats(_repeat_message(draft, found), str(found.get("id")))


def _repeat_message(draft: dict[str, Any], old: Mapping[str, Any]) -> str:
    """One line: the id it repeats first, what that memory is, and the two ways on."""
    said = one_line(str(old.get("summary", "")), 80)
    iid = old.get("issue_id")
    what = {"issue": f"issue #{iid}, still open", "attempt": f"{old.get('outcome')} attempt on #{iid}",
            "fix": f"fix of #{iid}", "decision": "standing decision"}.get(str(old.get("type")), str(old.get("type")))
    if iid and old.get("type") in ("note", "decision"):
        what += f" on #{iid}"
    at = f" at {old['location']}" if old.get("location") else ""
    way = f"record attempts on it with --issue {iid}, or " if old.get("type") == "issue" else ""
    return f'not recorded: it repeats {old.get("id")} ({what}{at}: "{said}"); {way}keep this one anyway with --force'


def _redact_resolved(project: Project, given: dict[str, Any], draft: dict[str, Any]) -> tuple[str, ...]:
    """Scrub what resolution put in the draft (a location inherited from an issue a teammate
    wrote by hand, a canonical path): the values it changed, not the whole draft again."""
    changed = {name: value for name, value in draft.items() if given.get(name) != value}
    if not changed:
        return ()
    for name in changed:
        del draft[name]
    kinds = redact_event(project, changed)
    draft.update(changed)
    return kinds


def _check_schema(draft: dict[str, Any]) -> None:
    """The draft held to the whole schema, as the event it becomes (the fields the append sets
    stand in): a value redaction had to change in a field with a format (an id, a time) is
    refused here, never written as a line no reader accepts."""
    probe = {**draft, "v": SCHEMA_VERSION, "id": "evt_" + "0" * 20, "timestamp": format_timestamp(0)}
    if draft["type"] == "issue":
        probe["issue_id"] = "0000"
    found = problems(probe)
    if found:
        raise InvalidInput(f"cannot record this event: {found[0]}")


def refresh_derived(memory: Memory) -> None:
    """Bring the index, lessons and summary up to date after an append. The event is in the log
    by now, so nothing here may turn the write into a failure (an agent told "failed" retries
    and writes it twice): a problem becomes a warning, and the next command catches up."""
    steps = ((memory.sync, "the index"), (lambda: promote_lessons(memory), "the lessons"),
             (lambda: summary_app.refresh(memory), ".kenning/summary.md"))
    for step, what in steps:
        try:
            step()
        except (KenError, OSError, sqlite3.Error) as err:
            memory.warn(f"the event is written, but {what} could not be updated ({cause(err)}); "
                        "the next command brings it up to date")
            return
        except Exception as err:  # noqa: BLE001 - whatever broke, the write itself succeeded
            memory.warn(f"the event is written, but {what} could not be updated (unexpected "
                        f"{type(err).__name__}: {one_line(str(err), 200)}); the next command brings it up to date")
            return


def _attach_diff(project: Project, draft: dict[str, Any], cwd: StrPath | None) -> None:
    """``--diff``: the working tree's change to the ``--at`` file becomes part of the details, so
    the gate can later recognize an edit that repeats it."""
    from kenning import git
    from kenning.app.paths import canonical_path, split_location

    if not draft.get("location"):
        raise InvalidInput("--diff needs --at PATH: the file whose working-tree change failed")
    path = canonical_path(project.root, split_location(str(draft["location"]).strip(), cwd)[0], cwd)
    try:
        diff = git.working_diff(project.root, path)
    except git.GitError as err:
        raise InvalidInput(f"cannot read the diff of {path}: {err}") from err
    if not diff.strip():
        raise InvalidInput(f"{path} has no uncommitted change to attach; drop --diff or give --details")
    draft["details"] = (draft["details"] + "\n\n" if draft.get("details") else "") + diff[:15000]


def _clean(fields: dict[str, Any]) -> dict[str, Any]:
    draft = {k: v for k, v in fields.items() if v is not None and v is not False}
    for key, flag in (("location", "--at"), ("issue_id", "--issue"), ("supersedes", "--supersedes")):
        value = draft.get(key)
        if isinstance(value, str) and not value.strip():
            raise InvalidInput(f"{flag} is empty; give a value or leave {flag} out")
        if isinstance(value, str) and not _is_utf8(value):
            raise InvalidInput(f"{flag} {value[:60]!r} is not valid UTF-8 text ({_first_bad_byte(value)}); "
                               "kenning keeps paths and ids as UTF-8: retype it in UTF-8")
    for name in TEXT_FIELDS:
        value = draft.get(name)
        # Undecodable bytes (argv in another encoding, a Latin-1 paste) reach us as lone
        # surrogates. They are refused, not stored: the log is UTF-8 text shared through git, so
        # the raw bytes (surrogateescape) would make a line no reader can parse, and a replacement
        # character, or a guessed encoding, silently changes what the user wrote. Refusing
        # loses nothing: the user retypes it, or converts it (`iconv -t UTF-8`).
        if isinstance(value, str) and not _is_utf8(value):
            raise InvalidInput(f"{_FIELD_NAMES.get(name, name)} is not valid UTF-8 text ({_first_bad_byte(value)}); "
                               "kenning stores text as UTF-8: retype it, or convert it with `iconv -t UTF-8`")
        if isinstance(value, str):
            draft[name] = clean_text(value)
    if draft.get("details") == "":
        del draft["details"]
    draft.setdefault("source", "cli")
    return draft


_FIELD_NAMES = {"summary": "the summary", "details": "--details", "reason": "--reason",
                "commit_message": "the commit message"}


def _first_bad_byte(text: str) -> str:
    at = next(n for n, char in enumerate(text) if "\ud800" <= char <= "\udfff")
    code = ord(text[at])
    shown = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"code point U+{code:04X}"
    return f"{shown} at character {at + 1}"


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes from argv arrive as lone surrogates
        return False
    return True


def _precheck_shape(draft: dict[str, Any]) -> None:
    """The checks that need no memory, so bad input fails before anything is opened."""
    probe = dict(draft)
    if isinstance(probe.get("location"), str):
        del probe["location"]  # as typed, relative to where ken runs: canonical_path judges it
    if probe.get("type") in ("issue", "attempt", "fix"):
        probe.setdefault("issue_id", "pending")
    validate_draft(probe)


def _resolve(memory: Memory, draft: dict[str, Any], notices: list[str], cwd: StrPath | None) -> None:
    if draft.get("location"):
        draft["location"] = canonical_location(memory.project.root, str(draft["location"]), cwd)
    kind = draft["type"]
    # git facts, and attempts captured from a session, may name no issue
    derived = (draft.get("source") == "git" or bool(draft.get("captured"))) and not draft.get("issue_id")
    if (kind in ("attempt", "fix") and not derived) or (kind in ("note", "decision") and draft.get("issue_id")):
        draft["issue_id"] = resolve_issue(memory, draft.get("issue_id"), notices)
    if kind in ("attempt", "fix") and not draft.get("location") and draft.get("issue_id"):
        _inherit_location(memory, draft, notices)
    if draft.get("supersedes"):
        draft["supersedes"] = resolve_decision(memory, str(draft["supersedes"]))
    if draft.get("forgets"):
        draft["forgets"] = resolve_forgettable(memory, str(draft["forgets"]))


def _cite(project: Project, draft: dict[str, Any], typed: object, notices: list[str], cwd: StrPath | None) -> None:
    """``--at PATH:LINE`` or ``PATH:START-END``: the cited lines are kept in the event
    (``app.citations``), so every later read can say whether they still stand."""
    if not isinstance(typed, str) or draft.get("citation") is not None:
        return
    from kenning.app.citing import cite
    from kenning.app.paths import canonical_range

    path, start, end = canonical_range(project.root, typed, cwd)
    if start is None or end is None:
        return
    citation, notice = cite(project, path, start, end)
    if citation is not None:
        draft["citation"] = citation
    if notice:
        notices.append(notice)


def _inherit_location(memory: Memory, draft: dict[str, Any], notices: list[str]) -> None:
    """An attempt or fix recorded without ``--at`` is about where its issue is: the gate on that
    file then sees it (three failed attempts on an issue block its file)."""
    row = memory.cache.issue_event(str(draft["issue_id"]))
    location = parse_indexed(row).location if row else None
    if location:
        draft["location"] = location
        notices.append(f"located at {location}, where issue #{draft['issue_id']} is")


def resolve_issue(memory: Memory, ref: str | None, notices: list[str]) -> str:
    """A full issue id from a unique prefix (``#`` optional), or the only open issue."""
    if not ref:
        open_ids = sorted(memory.cache.open_issue_ids())
        if len(open_ids) == 1:
            notices.append(f"recorded against the only open issue #{open_ids[0]}")
            return open_ids[0]
        if not open_ids:
            raise InvalidInput("no issue is open; record one with `ken issue` or name it with --issue ID")
        raise InvalidInput(f"{len(open_ids)} issues are open; name one with --issue ID (see `ken issues`)")
    prefix = ref.strip().lstrip("#").lower()
    matches = memory.cache.issue_ids_with_prefix(prefix) if prefix else []
    if prefix in matches:
        return prefix
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise InvalidInput(f"no issue matches {ref!r}; `ken issues --all` lists the issue ids")
    shown = ", ".join("#" + m for m in matches)
    raise InvalidInput(f"{ref!r} matches several issues ({shown}, …); type more characters")


def forgotten_as(memory: Memory, ref: str) -> tuple[str, Event] | None:
    """(the forgotten id, the note that forgot it) when ``ref`` names a forgotten event and no
    other; None when it names something else (or nothing, or several: the caller's resolver says)."""
    prefix = event_prefix(ref)
    if len(prefix) <= 4:
        return None
    forgotten = dict(memory.cache.forgetting(prefix))
    candidates = sorted({*memory.cache.ids_with_prefix(prefix), *forgotten})
    target = prefix if prefix in candidates else candidates[0] if len(candidates) == 1 else None
    return (target, parse_indexed(forgotten[target])) if target in forgotten else None


def forgotten_line(target: str, note: Event) -> str:
    """What a reader is told of a forgotten event: by which note, when, and why."""
    return f"{target} was forgotten by {note.id} on {note.timestamp[:10]} ({one_line(note.summary, 160)})"


def resolve_forgettable(memory: Memory, ref: str) -> str:
    """The full id of the event ``ref`` names, which ``ken forget`` may forget: one in the index
    (forgotten events are not), and not itself a forgetting note (a forgetting is never undone).
    Unknown, ambiguous or already forgotten is an error."""
    gone = forgotten_as(memory, ref)
    if gone is not None:
        raise InvalidInput(f"{forgotten_line(*gone)}; nothing written")
    target = resolve_event(memory, ref)
    row = memory.cache.event(target)
    if row is not None and parse_indexed(row).forgets:
        raise InvalidInput(f"{target} is a forgetting note: a forgetting is never undone; "
                           "record what should be remembered again with `ken note` or `ken attempt`")
    return target


def resolve_decision(memory: Memory, ref: str) -> str:
    """The full id of the standing decision ``ref`` names. One already replaced is refused: two
    decisions retiring the same one would both stand (``ken doctor``'s ``double_supersede``)."""
    target = resolve_event(memory, ref)
    kind = memory.cache.event_type(target)
    if kind != "decision":
        raise InvalidInput(f"{target} is {article(str(kind))}, not a decision; "
                           "--supersedes names the decision it replaces")
    replacing = _replacing(memory, target)
    if replacing:
        standing = _standing(memory, replacing)
        by = " and ".join(replacing)
        chain = "" if standing == replacing else f" (now replaced in turn by {' and '.join(standing)})"
        raise InvalidInput(f"{target} was already superseded by {by}{chain}; "
                           f"supersede {' or '.join(standing)} instead")
    return target


def _replacing(memory: Memory, decision: str) -> list[str]:
    """The decisions that name ``decision`` in their ``supersedes``, oldest first."""
    return [parse_indexed(row).id for row in memory.cache.superseding([decision])]


def _standing(memory: Memory, replacing: list[str]) -> list[str]:
    """Where a chain of replacements ends: the decisions nothing replaced yet (a merge can leave
    two). Bounded by the decisions seen, so a cycle written by hand ends too."""
    seen: set[str] = set()
    ends: list[str] = []
    todo = list(replacing)
    while todo:
        decision = todo.pop(0)
        if decision in seen:
            continue
        seen.add(decision)
        newer = _replacing(memory, decision)
        todo.extend(newer)
        if not newer:
            ends.append(decision)
    return ends or replacing


def _append(memory: Memory, draft: dict[str, Any], micros: int, notices: list[str],
            event_id: str | None = None) -> Event:
    """Append the event; the caller holds the log's lock."""
    torn = memory.log.repair_torn_tail()
    if torn:
        memory.forget_torn_warning()
        notices.append(f"moved {len(torn)} bytes of an incomplete last line to .kenning/local/quarantine/")
        memory.sync()
    data = dict(draft)
    if data["type"] == "issue":
        data["issue_id"] = _fresh_issue_id(memory)
    data["v"] = SCHEMA_VERSION
    data["id"] = event_id or new_event_id()
    data["timestamp"] = format_timestamp(_stamp(micros, _last_micros(memory, micros)))
    commit = memory.project.head_commit()
    if commit and "git_commit" not in data:
        data["git_commit"] = commit
    event = Event(data)
    _, unconfirmed = memory.log.append(serialize(event))
    if unconfirmed:
        memory.warn(unconfirmed)
    try:
        memory.sync(appended=True)  # under the lock: the index reads exactly what was appended
    except (KenError, OSError, sqlite3.Error) as err:
        memory.warn(f"the event is written, but the index could not be updated ({cause(err)}); "
                    "the next command brings it up to date")
    return event


def _fresh_issue_id(memory: Memory) -> str:
    length = 4
    while True:
        for _ in range(16):
            candidate = new_issue_id(length)
            if not memory.cache.issue_id_taken(candidate):
                return candidate
        length += 1  # 16 collisions in a row: the short space is crowded, lengthen the id


def _stamp(now_us: int, last_us: int) -> int:
    """Now, or just after the newest event when that is a little ahead (a frozen ``--now``, a
    teammate's clock a few minutes fast), so timestamps increase. An event further ahead than
    ``FUTURE_SLACK_US`` is an outlier (a typo, a broken clock; ``ken doctor`` names it): it
    must not drag every later event into its future."""
    return last_us + 1 if now_us <= last_us < now_us + FUTURE_SLACK_US else now_us


def _last_micros(memory: Memory, now_us: int) -> int:
    """The newest timestamp in the log that is not an outlier (the index remembers it; a
    hand-appended or merged last line may be older or unreadable), so timestamps increase."""
    limit = format_timestamp(now_us + FUTURE_SLACK_US)
    newest = memory.newest_timestamp()
    if newest > limit:  # an outlier far ahead: the newest event before it counts
        newest = memory.cache.newest_until(limit) or ""
    line = memory.log.last_line()
    try:
        stamp = json.loads(line)["timestamp"] if line else ""
        newest = max(newest, stamp) if isinstance(stamp, str) and stamp <= limit else newest
    except (ValueError, KeyError, TypeError, RecursionError):  # a line that is no event: its time is no time
        pass
    try:
        return parse_timestamp(newest) if newest else 0
    except ValueError:
        return 0
