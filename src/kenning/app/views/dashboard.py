"""``ken dashboard``: every registered project side by side, read where it lives.

Nothing is copied and nothing is kept centrally: each project's own index is opened at
generation time (the git capture is skipped: a dashboard must not wait on every repository's
history, so events derived from git are those the project's last ``ken`` command brought in).
A project that cannot be read (its folder gone, kenning not set up, its memory unreadable)
becomes one line saying why, never an error that hides the others.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kenning.app.project import Project, ken_home, now_text
from kenning.app.recall import open_memory
from kenning.app.setup import registry
from kenning.app.views import counts
from kenning.app.views.visualize import file_stats, hottest
from kenning.core.errors import KenError, cause
from kenning.core.text import one_line
from kenning.store import cache_views as views
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

OPEN_SHOWN = 5
HOT_SHOWN = 5
LESSONS_SHOWN = 3
HOT_FIELDS = ("path", "heat", "level", "failed", "reverts", "open_issues", "partial")
SUMMARY_CHARS = 160
DEFAULT_PAGE = "dashboard.html"  # in KEN_HOME: the dashboard belongs to the machine, not to a project


def default_output() -> Path:
    return ken_home() / DEFAULT_PAGE


def dashboard(render: Callable[[dict[str, Any]], str], output: Path | None = None,
              now: str | None = None) -> dict[str, Any]:
    """Gather every project, render the page with ``render`` (the page surface, passed in) and
    write it atomically; what was written, and the data."""
    data = dashboard_data(now)
    text = render(data)
    target = default_output() if output is None else output / DEFAULT_PAGE if output.is_dir() else output
    files.write_atomic(target, text)
    return {"output": str(target), "bytes": len(text.encode("utf-8")), "data": data}


def dashboard_data(now: str | None = None) -> dict[str, Any]:
    """Each registered project's counts, open issues, hottest files and lessons (or why not)."""
    generated = now_text(now)  # first: a bad --now is refused before any project is read
    entries = sorted(registry.entries(), key=lambda e: (e["name"], e["path"]))
    return {"version": 1, "generated": generated, "projects": [project_card(e) for e in entries]}


def project_card(entry: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = {"name": entry["name"], "path": entry["path"], "note": None}
    root = Path(entry["path"])
    if not root.is_dir():
        card["note"] = f"its folder is gone; `ken projects remove {entry['name']}` forgets it"
        return card
    project = Project(root)
    if not project.initialized:
        card["note"] = "kenning is not set up there; run `ken init` in it"
        return card
    try:
        card.update(_read(project))
    except (KenError, OSError, sqlite3.Error) as err:
        card["note"] = f"its memory cannot be read ({one_line(cause(err), 200)})"
    except Exception as err:  # noqa: BLE001 - one project's surprise must not hide every other project
        card["note"] = f"its memory cannot be read ({type(err).__name__}: {one_line(str(err), 200)})"
    return card


def _read(project: Project) -> dict[str, Any]:
    """A card's counts (``app.views.counts``'s, as ``ken stats`` and the project's page have them), and
    its lessons as ``ken lessons`` lists them there: forgotten ones out, added ones in."""
    with open_memory(project, capture=False) as memory:
        db = memory.cache.db
        events = counts.events(memory)
        open_count, done_count = counts.issues(memory)
        issues = [views.event_of(raw) for raw in views.open_issues(db, OPEN_SHOWN)]
        hot = hottest(file_stats(db, {}))[:HOT_SHOWN]
        listed, lesson_total = counts.lessons(memory, LESSONS_SHOWN)
        warnings = list(memory.warnings)
        memory.warnings.clear()  # shown on the card, where they belong, not on this terminal
    return {"events": events["events"], "hand_written": events["hand_written"],
            "derived_from_git": events["derived_from_git"], "by_type": events["by_type"], "open_issues": open_count,
            "done_issues": done_count, "lessons": lesson_total,
            "lesson_texts": [one_line(str(item.get("text", "")), SUMMARY_CHARS) for item in listed],
            "issues": [{"issue_id": e.issue_id, "summary": one_line(e.summary, SUMMARY_CHARS), "path": e.path,
                        "opened": e.timestamp} for e in issues],
            "hottest": [{key: f[key] for key in HOT_FIELDS} for f in hot],
            "warnings": warnings}
