"""The log after merges, for ``ken doctor``: every line read and named, and ``ken doctor --fix``.

A merge can leave lines that are not events (``core.damage`` names them). Each finding is either
a *problem*, something missing or about to go wrong (events only a glued line holds, a cut-off
last line, a log git does not merge as a union), or *harmless*: bytes every reader skips that hide
nothing (a repeated event, a conflict marker, a cut-off line in the middle, a glued line whose
events are also on lines of their own). ``fix`` repairs every problem it can by appending to the
log and never changes a byte already in it: the log travels through git, where an append merges
cleanly and a rewrite conflicts. A second ``fix`` therefore finds nothing left to append.
"""

from __future__ import annotations

from kenning import git
from kenning.app.memory import reason
from kenning.app.recall import open_memory
from kenning.app.record import refresh_derived
from kenning.app.setup.texts import UNION_MERGED
from kenning.core import damage
from kenning.core.events import Event, parse_line
from kenning.core.text import plural
from kenning.store import files
from kenning.store.log import is_event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project

LOG = ".kenning/events.jsonl"


class LogScan:
    """One full read of the log: the events the fold reads (each id once, glued ones included),
    the problems, the harmless leftovers, and the glued events ``fix`` would append."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.problems: list[dict[str, Any]] = []
        self.harmless: list[dict[str, Any]] = []
        self.recovered: dict[str, str] = {}  # id -> exact text of an event that only a glued line holds
        self._first: dict[str, tuple[int, Event]] = {}  # id -> (line, event) of its first own line
        self._glued: list[tuple[int, list[tuple[str, Event]]]] = []
        self._torn_line = 0  # the number of a cut-off last line, reported as the torn tail it is

    def add_line(self, number: int, raw: bytes) -> None:
        if not raw.strip():
            return  # a blank line (a hand edit, a merge) is no event and no damage
        try:
            text = raw.decode("utf-8")
            event = parse_line(text.lstrip("\ufeff") if number == 1 else text)
        except ValueError as err:
            self._damaged(number, raw, err)
            return
        self._own(number, event)

    def _own(self, number: int, event: Event) -> None:
        seen = self._first.get(event.id)
        if seen is None:
            self._first[event.id] = (number, event)
            self.events.append(event)
        elif seen[1] == event:  # a cherry-pick merged back, a hand-made union: the fold reads it once
            self.harmless.append(_finding("duplicate_line", number, f"repeats event {event.id} of line {seen[0]}: "
                                          "a duplicate, harmless (the fold reads each id once)", id=event.id))
        else:
            self.problems.append(_finding("duplicate_event_id", number, f"holds {event.id} again (first on line "
                                          f"{seen[0]}) with different content; the fold keeps one copy", id=event.id))

    def _damaged(self, number: int, raw: bytes, err: ValueError) -> None:
        kind, glued = damage.classify(raw)
        if kind == damage.GLUED:
            self._glued.append((number, glued))
        elif kind == damage.CONFLICT_MARKER:
            marker = raw[:7].decode("ascii")
            self.harmless.append(_finding(kind, number, f"is a git conflict marker ({marker}), left by a merge "
                                          "without merge=union: readers skip it and read the events around it; "
                                          "delete marker lines by hand if you like (kenning never rewrites the log)"))
        elif kind == damage.CUT_OFF:
            self.harmless.append(_finding(kind, number, "is the start of a write that was cut off (then committed "
                                          "and merged); it never formed an event and is skipped"))
        else:
            self.problems.append(_finding("malformed_line", number, f"is not a valid event ({reason(err)}); "
                                          "it is skipped"))

    def add_torn(self, number: int, torn: bytes) -> None:
        """The bytes after the last newline: an event missing its newline is read as one."""
        if is_event(torn):
            self.add_line(number, torn)
            return
        glued = damage.glued_in(torn)
        held = f" and holds {plural(len(glued), 'whole event')} glued to it" if glued else ""
        self.problems.append(_finding("torn_tail", number, f"is incomplete ({plural(len(torn), 'byte')}, a write "
                                      f"was cut off){held}; `ken doctor --fix` ends it with a newline"
                                      f"{' and appends them' if glued else ''} (the next write would move the "
                                      "bytes to .kenning/local/quarantine/ instead)"))
        if glued:
            self._glued.append((number, glued))
            self._torn_line = number

    def finish(self) -> LogScan:
        """Judge the glued lines once every own line is known: an event also on a line of its
        own is read from there; one that is not must be appended."""
        for number, glued in self._glued:
            missing = [(text, event) for text, event in glued if event.id not in self._first]
            for text, event in missing:
                if event.id not in self.recovered:
                    self.recovered[event.id] = text
                    self.events.append(event)
            if number == self._torn_line:
                continue
            if missing:
                ids = ", ".join(event.id for _, event in missing)
                self.problems.append(_finding(damage.GLUED, number, f"holds {plural(len(missing), 'whole event')} "
                                              f"glued to other bytes ({ids}): ken reads them from it, other tools do "
                                              "not; `ken doctor --fix` appends them as lines of their own"))
            else:
                self.harmless.append(_finding(damage.GLUED, number, "holds events glued to other bytes, each also "
                                              "on a line of its own: harmless (the fold reads each id once)"))
        self.harmless.sort(key=lambda item: int(item["line"]))
        return self


def _finding(kind: str, number: int, says: str, **more: Any) -> dict[str, Any]:
    return {"kind": kind, "line": number, **more, "message": f"line {number} {says}"}


def scan(lines: list[bytes], torn: bytes) -> LogScan:
    """Read every line of the log (``torn``: the bytes after its last newline)."""
    found = LogScan()
    for number, raw in enumerate(lines, start=1):
        found.add_line(number, raw)
    if torn:
        found.add_torn(len(lines) + 1, torn)
    return found.finish()


# -- merging: the attribute that makes git merge the log as a union ------------------------------

def merge_setup(project: Project) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(problems, what was found) for how git merges the files kenning appends to: each must
    have ``merge=union``, and no git config may replace git's built-in union driver. Nothing to
    check outside git, or when ``.kenning/`` is kept out of git (``ken init --private``)."""
    root = project.root
    try:
        if git.git_dir(root) is None or git.ignored(root, LOG):
            return [], {"checked": False}
        found = git.attributes(root, list(UNION_MERGED), "merge")
        driver = git.config_get(root, "merge.union.driver")
    except git.GitError as err:  # no git to run: nothing can merge the log either
        return [], {"checked": False, "error": f"cannot ask git how it merges {LOG} ({err})"}
    problems = [{"kind": "merge_not_union", "file": path, "attribute": value, "message": (
        f"{path} is not merged as a union (its merge attribute is {value or 'unset'}): {_WHY[path]}; "
        f"`ken doctor --fix` adds `{path} merge=union` to .gitattributes (commit it)")}
        for path, value in found.items() if value != "union"]
    if driver:
        problems.append({"kind": "merge_driver_replaced", "driver": driver, "message": (
            f"git config merge.union.driver ({driver}) replaces git's built-in union merge of {LOG}; remove it: "
            "`git config --unset merge.union.driver`")})
    return problems, {"checked": True, "attributes": found, "driver": driver}


_WHY = {LOG: "two branches that each log an event will conflict",
        ".kenning/plan.md": "two branches that each add a `ken plan` idea will conflict"}


def _mark_union(project: Project, paths: list[str]) -> bool:
    """Append a union line for each path to the root .gitattributes; last in the file, it wins
    over any earlier line naming the path."""
    path = files.inside(project.root, project.root / ".gitattributes")  # before its text is read: a link out is refused
    text = files.read_text(path) or ""
    sep = "" if not text or text.endswith("\n") else "\n"
    return files.write_atomic(path, text + sep + "".join(f"{p} merge=union\n" for p in paths), within=project.root)


# -- ken doctor --fix ---------------------------------------------------------------------------------

def fix(project: Project, now: str | None = None) -> list[str]:
    """Repair what ``scan`` and ``merge_setup`` found, by appending only; what was done, one line
    each (empty when there was nothing to do)."""
    done: list[str] = []
    with open_memory(project, now, capture=False, strict=False) as memory:
        memory.warnings.clear()  # what the read found, doctor reports on stdout
        with memory.log.lock(project.number("lock", "timeout_seconds")):
            tail = memory.log.read_from(0)
            found = scan(tail.lines, tail.torn)
            if memory.log.terminate():
                kept = "an event, read as before" if is_event(tail.torn) else "its bytes stay, a line readers skip"
                done.append(f"ended line {len(tail.lines) + 1} with a newline ({kept})")
            if found.recovered:
                texts = list(found.recovered.values())
                _, unconfirmed = memory.log.append("\n".join(texts))
                if unconfirmed:
                    memory.warn(unconfirmed)
                done.append(f"appended {plural(len(texts), 'event')} recovered from glued lines "
                            f"({', '.join(found.recovered)})")
        if done:
            refresh_derived(memory)
    problems, _ = merge_setup(project)
    paths = [p["file"] for p in problems if p["kind"] == "merge_not_union"]
    if paths and _mark_union(project, paths):
        done.append(f"added {', '.join(f'`{p} merge=union`' for p in paths)} to .gitattributes (commit it; "
                    "union is git's built-in driver: no git config is needed)")
    return done
