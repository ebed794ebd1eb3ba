"""``ken watch``: an opt-in, foreground watcher that records a churn note when one file is saved
many times in a short span. Runs until Ctrl-C; no fork and no daemon, so it works on Windows.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from kenning.core.durations import spell
from kenning.core.errors import extra_missing
from kenning.core.gate.churn import SaveCounter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project

IGNORED_DIRS = {".git", ".kenning", "node_modules", ".venv", "venv", "__pycache__", ".mypy_cache",
                ".pytest_cache", ".ruff_cache", "dist", "build", "target", ".idea", ".vscode"}


def ignored(rel: str) -> bool:
    parts = rel.split("/")
    name = parts[-1]
    return (any(p in IGNORED_DIRS for p in parts[:-1]) or name.endswith(("~", ".swp", ".swx", ".tmp"))
            or name.startswith(".#") or name in IGNORED_DIRS)


def _warning(message: str) -> None:
    print(f"ken: warning: {message}", file=sys.stderr)


def watch(project: Project, saves: int | None = None, window_s: float | None = None,
          stop: threading.Event | None = None) -> int:
    """Watch until Ctrl-C (or ``stop`` is set); return the number of churn notes recorded."""
    try:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer
    except ImportError as err:
        from kenning.app.setup.installation import extra_command

        raise extra_missing("`ken watch`", "watch", extra_command("watch")) from err
    from kenning.app.record import record
    from kenning.app.warnings import warnings_to

    counter = SaveCounter(saves or int(project.number("watch", "saves")),
                          window_s or project.number("watch", "window_seconds"))
    root = os.path.realpath(project.root)
    notes = 0
    lock = threading.Lock()

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            nonlocal notes
            if event.is_directory or event.event_type not in ("modified", "created", "moved"):
                return
            target = getattr(event, "dest_path", "") or event.src_path
            rel = os.path.relpath(os.path.realpath(os.fsdecode(target)), root).replace(os.sep, "/")
            if rel.startswith("..") or ignored(rel):
                return
            with lock:
                count = counter.saved(rel, time.monotonic())
                if count is None:
                    return
                summary = f"churn: {rel} saved {count} times within {spell(counter.window_s, parts=2, words=True)}"
                try:
                    with warnings_to(_warning):  # a watchdog thread: the CLI's sink is not set here
                        # each burst of saves is a fact of its own, however like the last one it reads
                        event_ = record(project, {"type": "note", "summary": summary, "location": rel,
                                                  "source": "watcher", "actor": "watcher"}, force=True)
                    notes += 1
                    print(f"{event_.event.id}  {summary}", flush=True)
                except Exception as err:  # noqa: BLE001 - the watcher keeps watching
                    print(f"ken: could not record churn for {rel}: {err}", file=sys.stderr, flush=True)

    stop = stop or threading.Event()
    if threading.current_thread() is threading.main_thread():
        import signal

        # Ctrl-C raises KeyboardInterrupt; a polite `kill` (SIGTERM) stops just as cleanly
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    observer = Observer()
    observer.schedule(Handler(), root, recursive=True)
    observer.start()
    print(f"watching {root} (a churn note after {counter.saves} saves of one file within "
          f"{counter.window_s:g}s); Ctrl-C to stop", flush=True)
    try:
        while observer.is_alive() and not stop.is_set():
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join(timeout=5)
    print(f"stopped; {notes} churn note{'s' if notes != 1 else ''} recorded", flush=True)
    return notes


def main(project_root: Path | None = None) -> int:
    from kenning.app.project import find_project

    watch(find_project(project_root).require_initialized())
    return 0
