"""Opening a project's memory: the log brought into the index, incrementally.

The index remembers how far into the log it has read (a byte offset), plus the file's size,
mtime and inode and checksums of its first block and of the block just before the offset. If
the file is exactly as it was, nothing is read. If it only grew (an append, or a union merge
that added lines after ours), only the new tail is parsed and folded. Anything else (a
checkout that rewrote the file, an edit) rebuilds the index from scratch. The fold is
order-independent, so an incremental fold and a rebuild agree.
"""

from __future__ import annotations

import sys

from kenning.core.events import Event, parse_line
from kenning.core.fold import TABLES, MemoryTable, State, unique
from kenning.git import GitError
from kenning.store.cache import Cache
from kenning.store.log import EventLog

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project

_SAMPLE = 4096


class _Rebuild(Exception):
    """The tail cannot be folded onto the cached state; fold the whole log again."""


class Memory:
    """A project's index, up to date with its log when returned by ``open_memory``."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.log = EventLog(project.log_path, project.local_dir / "events.lock",
                            project.local_dir / "quarantine")
        self.cache = Cache(project.cache_dir / "index.sqlite")
        self.warnings: list[str] = []
        self._state: State | None = None
        self.promotable: list[Event] = []  # new events that may become cross-project lessons

    def close(self) -> None:
        self.cache.close()

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self._load_state()
        return self._state

    def _load_state(self) -> State:
        tables = {name: self.cache.table(name) for name in TABLES}
        return State(bounded=True, tables=tables, small=self.cache.meta("state_small"))

    def _save_state(self, rebuilt: bool) -> None:
        state = self.state
        if rebuilt:  # folded in memory from scratch: write each table in one go
            for name in TABLES:
                table = getattr(state, name)
                self.cache.save_table(name, ((k, r, v) for k, (r, v) in table.rows.items()))
        self.cache.set_meta("state_small", state.small())

    def sync(self) -> None:
        """Bring the index and the summary state up to date with the log."""
        st = self.log.stat()
        with self.cache.transaction():
            info = self._sync_log(st, rebuild=False)
        self._report(info)

    def rebuild_in_transaction(self) -> None:
        """Forget everything derived and fold the log again (history was rewritten)."""
        self._sync_log(self.log.stat(), rebuild=True)

    def _sync_log(self, st: Any, rebuild: bool) -> dict[str, Any]:
        info = self.cache.meta("log")
        fingerprint = [st.st_size, st.st_mtime_ns, st.st_ino]
        if not rebuild and info and info["stat"] == fingerprint:
            return info  # type: ignore[no-any-return]
        self._state = None  # another process may have moved the state on: reload it here
        rebuild = rebuild or not self._is_prefix(info, st.st_size)
        if rebuild:
            derived = self.cache.meta("git")
            self.cache.clear()
            if derived:  # keep where capture started, so a rebuild derives the same window
                self.cache.set_meta("git", {**derived, "head": None})
            self._state = State()  # in memory while folding everything; saved in one go
            info = {"end": 0, "lines": 0, "malformed": []}
        try:
            info = self._fold_tail(info, rebuild)
        except _Rebuild:
            return self._sync_log(st, rebuild=True)
        info["stat"] = fingerprint
        self.cache.set_meta("log", info)
        self._save_state(rebuild)
        if rebuild:
            self._state = None
        return info

    def forget_derived(self, event_ids: list[str]) -> None:
        """Remove events derived from commits that history no longer has, and fold again from
        the index (the fold only adds; a removal means folding from scratch, without git)."""
        self.cache.remove(event_ids)
        state = State()
        for row in self.cache.all_events():
            state.apply(parse_line(row))
        self._state = state
        self._save_state(rebuilt=True)
        self._state = None

    def save_state(self) -> None:
        self._save_state(isinstance(self.state.open_issues, MemoryTable))

    def _is_prefix(self, info: dict[str, Any] | None, size: int) -> bool:
        if not info or size < info["end"]:
            return False
        end = info["end"]
        return bool(self.log.sample(0, min(end, _SAMPLE)) == info["head"]
                and self.log.sample(max(0, end - _SAMPLE), end) == info["window"])

    def _fold_tail(self, info: dict[str, Any], rebuild: bool) -> dict[str, Any]:
        tail = self.log.read_from(info["end"])
        malformed = list(info["malformed"])
        number = info["lines"]
        fresh: list[tuple[Event, str, int | None, str | None]] = []
        tail_times: list[str] = []
        for raw in tail.lines:
            number += 1
            try:
                text = raw.decode("utf-8")
                event = parse_line(text)
            except ValueError:  # also covers UnicodeDecodeError and JSONDecodeError
                malformed.append(number)
                continue
            if rebuild:
                fresh.append((event, "log", number, text))
            else:
                tail_times.append(event.timestamp)
                if self.index(event, "log", number, text):
                    self._may_promote(event)
        newest = max([info.get("newest", "")] + [r[0].timestamp for r in fresh] + tail_times)
        if fresh:  # an empty index: keep each id once, as the fold does, and load in bulk
            kept = {e.id: e for e in unique(row[0] for row in fresh)}
            rows = [row for row in fresh if kept.get(row[0].id) is row[0]]
            for row in rows:
                self.state.apply(row[0])
                self._may_promote(row[0])
            self.cache.insert_many(rows)
        end = tail.end
        return {"end": end, "lines": number, "malformed": malformed[-1000:], "torn": bool(tail.torn), "newest": newest,
                "head": self.log.sample(0, min(end, _SAMPLE)),
                "window": self.log.sample(max(0, end - _SAMPLE), end)}

    def _may_promote(self, event: Event) -> None:
        if event.type == "fix" or (event.type == "attempt" and event.outcome != "worked") or event.lesson:
            self.promotable.append(event)

    def index(self, event: Event, origin: str, line: int | None, raw: str | None = None) -> bool:
        """Take in one event; False when the index already had it."""
        if self.cache.insert(event, origin, line, raw):
            self.state.apply(event)
            return True
        stored = self.cache.event(event.id)
        if stored is not None and stored != raw and unique([event, parse_line(stored)])[0] is event:
            raise _Rebuild  # a differing copy of a known id that the fold prefers: start over
        return False

    def _report(self, info: dict[str, Any]) -> None:
        name = ".kenning/events.jsonl"
        for number in info["malformed"]:
            self.warn(f"{name} line {number} is not a valid event; skipped (its bytes are kept)")
        if info.get("torn"):
            self.warn(f"{name} ends in an incomplete line (a write was cut off); skipped, "
                      "the next write moves it to .kenning/local/quarantine/")

    def newest_timestamp(self) -> str:
        """The newest timestamp among the log's events (as the index last read them)."""
        info = self.cache.meta("log") or {}
        return str(info.get("newest", ""))

    def forget_torn_warning(self) -> None:
        self.warnings = [w for w in self.warnings if "incomplete line" not in w]

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def flush_warnings(self) -> None:
        """Reader warnings go to stderr, never into a projection or ``--json`` output."""
        for message in self.warnings:
            print(f"ken: warning: {message}", file=sys.stderr)
        self.warnings.clear()

    def events(self, rows: list[str]) -> list[Event]:
        return [parse_line(row) for row in rows]


def open_memory(project: Project, now: str | None = None, capture: bool = True) -> Memory:
    """The project's memory, brought up to date with the log and (if HEAD moved) with git."""
    from kenning.app import capture as capture_app
    from kenning.app.project import now_micros

    project.require_initialized()
    memory = Memory(project)
    try:
        memory.sync()
        if capture:
            try:
                capture_app.refresh(memory, now_micros(now) // 1_000_000)
            except GitError as err:
                memory.warn(f"could not read git history ({err}); events derived from commits may be missing")
        promote_lessons(memory)
    except BaseException:
        memory.close()
        raise
    return memory


def promote_lessons(memory: Memory) -> None:
    """Share the lessons among the events just taken in (most reads and writes have none)."""
    if memory.promotable:
        from kenning.app.lessons import promote_pending

        promote_pending(memory)
