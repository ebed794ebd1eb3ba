"""``ken visualize``: one project's memory gathered for a page, then written where asked.

Everything is read at once from the index (aggregated in SQL by ``store.cache_views``), plus
one ``git log`` over the gate's window for churn, the code map from the cache, the gate's check
records and the last ``ken audit`` report. What a page lists is bounded (the newest events,
issues and decisions, the hottest files); what it counts is not: every count covers the whole
memory, and the page says how much of a list it shows. The result is a pure function of the
memory, git history, the clock (``--now``) and the config: sorted, with no wall clock of its own.
"""

from __future__ import annotations

import json

from kenning import git
from kenning.app import checks, counts
from kenning.app.history import decisions, lifecycles
from kenning.app.memory import open_memory
from kenning.app.project import now_micros
from kenning.core import heat as rules
from kenning.core.events import format_timestamp
from kenning.core.text import one_line
from kenning.git import history as git_history
from kenning.store import cache_views as views
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from kenning.app.memory import Memory
    from kenning.app.project import Project

EVENTS_SHOWN = 5000  # the timeline's list; its chart counts every event
HEAT_FILES = 1000    # files in the heat map, hottest first
FILE_EVENTS = 3      # newest events shown with each file of the heat map
MAP_FILES = 6000     # files painted in the code map
GATE_FILES = 20      # files in the gate's activity table
AUDIT_ITEMS = 50     # re-attempts listed from the last audit
SUMMARY_CHARS = 240  # an event's summary on the page; `ken show ID` prints it whole
DEFAULT_PAGE = "visualize.html"  # in .kenning/local/: machine-local, never committed


def default_output(project: Project) -> Path:
    return project.local_dir / DEFAULT_PAGE


def visualize(project: Project, render: Callable[[dict[str, Any]], str], output: Path | None = None,
              now: str | None = None) -> dict[str, Any]:
    """Gather the page data, render it with ``render`` (the page surface, passed in: the app
    layer never imports a surface) and write it atomically to ``output`` (a folder: the page
    goes in it as ``visualize.html``); what was written, and the data."""
    data = page_data(project, now)
    text = render(data)
    target = default_output(project) if output is None else output / DEFAULT_PAGE if output.is_dir() else output
    # a page named inside the repository is written by its rule; one named elsewhere is the user's choice
    files.write_atomic(target, text, within=project.root if files.contains(project.root, target) else None)
    return {"output": str(target), "bytes": len(text.encode("utf-8")), "data": data}


def page_data(project: Project, now: str | None = None) -> dict[str, Any]:
    """Everything ``ken visualize`` shows, as plain sorted data (``--json`` prints it)."""
    project.require_initialized()
    now_us = now_micros(now)
    window_days = int(project.number("gate", "window_days"))
    churn, churn_note = _churn(project, now_us, window_days)
    with open_memory(project, now) as memory:
        db = memory.cache.db
        stats = file_stats(db, churn)
        counted = _counts(memory)
        data: dict[str, Any] = {
            "version": 1,
            "project": project.name,
            "generated": format_timestamp(now_us),
            "counts": counted,
            "heat": _heat(db, stats, window_days, churn_note),
            "timeline": _timeline(db),
            "issues": lifecycles(db, now_us, counted["open_issues"], counted["done_issues"]),
            "decisions": decisions(db, counted["decisions"], counted["superseded_decisions"]),
        }
    data["codemap"] = _codemap(project, stats)
    data["gate"] = gate_activity(project)
    data["audit"] = last_audit(project)
    return data


def event_view(row: views.ListedRow) -> dict[str, Any]:
    """One event as a page lists it: its summary on one line and cut, every path it is about
    (the location's first, as ``Event.paths`` orders them)."""
    event_id, time, kind, outcome, issue_id, path, origin, summary, extra = row
    paths = [path] if path else []
    for more in json.loads(extra) if extra else []:
        if isinstance(more, str) and more and more not in paths:
            paths.append(more)
    view: dict[str, Any] = {"id": event_id, "time": time, "type": kind, "paths": paths,
                            "summary": one_line(str(summary or ""), SUMMARY_CHARS),
                            "origin": "git" if origin == "git" else "log"}
    if outcome:
        view["outcome"] = outcome
    if issue_id:
        view["issue_id"] = issue_id
    return view


# -- files and their heat -----------------------------------------------------------------------

def _churn(project: Project, now_us: int, window_days: int) -> tuple[dict[str, int], str | None]:
    """Commits touching each file in the gate's window up to now (what the gate calls churn),
    from one ``git log``; a note instead when git cannot say."""
    root = project.root
    if git.head_commit(root) is None:
        return {}, None
    until = now_us // 1_000_000
    try:
        records, _ = git_history.files_log(root, ["HEAD"], since=until - window_days * 86400, until=until)
    except git.GitError as err:
        return {}, f"git history unavailable ({err}): churn is not counted"
    counts: dict[str, int] = {}
    for record in records:
        for path in {p for p, _, _ in record.files}:
            counts[path] = counts.get(path, 0) + 1
    return counts, None


def file_stats(db: sqlite3.Connection, churn: dict[str, int]) -> dict[str, dict[str, Any]]:
    """path -> its counts, heat and level, for every file the memory cites or git saw change."""
    stats: dict[str, dict[str, Any]] = {}
    for path, failed, partial, reverts, open_, issues, events, newest in views.file_heat(db):
        stats[path] = {"path": path, "failed": failed, "partial": partial, "reverts": reverts, "open_issues": open_,
                       "issues": issues, "events": events, "newest": newest, "churn": churn.get(path, 0)}
    for path, commits in churn.items():
        stats.setdefault(path, {"path": path, "failed": 0, "partial": 0, "reverts": 0, "open_issues": 0, "issues": 0,
                                "events": 0, "newest": None, "churn": commits})
    for entry in stats.values():
        entry["heat"] = rules.heat(entry["failed"], entry["reverts"], entry["open_issues"], entry["partial"],
                                   entry["churn"])
        entry["level"] = rules.level(entry["heat"])
    return stats


def hottest(stats: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The files with any heat, hottest first (then the most events, then by path)."""
    hot = [s for s in stats.values() if s["heat"] > 0]
    return sorted(hot, key=lambda s: (-s["heat"], -s["events"], s["path"]))


def _heat(db: sqlite3.Connection, stats: dict[str, dict[str, Any]], window_days: int,
          churn_note: str | None) -> dict[str, Any]:
    hot = hottest(stats)
    shown = [dict(entry) for entry in hot[:HEAT_FILES]]
    latest = views.latest_per_path(db, [s["path"] for s in shown if s["events"]], FILE_EVENTS)
    for entry in shown:
        entry["latest"] = [event_view(row) for row in latest.get(entry["path"], [])]
    return {"files": shown, "total": len(hot), "formula": rules.FORMULA, "window_days": window_days,
            "levels": [list(r) for r in rules.level_ranges()], "churn_note": churn_note}


def _counts(memory: Memory) -> dict[str, Any]:
    """The whole memory counted, each count ``app.counts``'s (as ``ken stats`` has it)."""
    events = counts.events(memory)
    open_issues, done_issues = counts.issues(memory)
    return {**{key: events[key] for key in ("events", "by_type", "hand_written", "derived_from_git")},
            "open_issues": open_issues, "done_issues": done_issues,
            **counts.decisions(memory, events["by_type"]), "files_cited": counts.files_cited(memory)}


# -- the timeline ---------------------------------------------------------------------------------

def _timeline(db: sqlite3.Connection) -> dict[str, Any]:
    """Every event counted per day, week or month by type (the chart), and the newest
    ``EVENTS_SHOWN`` events (the list the page filters and searches)."""
    days = views.day_counts(db)
    unit = rules.bucket_unit(rules.days_between(days[0][0], days[-1][0])) if days else "day"
    buckets: dict[str, dict[str, int]] = {}
    totals: dict[str, int] = {}
    for day, kind, n in days:
        bucket = buckets.setdefault(rules.bucket_start(day, unit), {})
        bucket[kind] = bucket.get(kind, 0) + n
        totals[kind] = totals.get(kind, 0) + n
    events = [event_view(row) for row in views.recent_events(db, EVENTS_SHOWN)]
    return {"unit": unit, "buckets": [{"start": start, "counts": dict(sorted(counts.items()))}
                                      for start, counts in sorted(buckets.items())],
            "types": dict(sorted(totals.items())), "events": events, "total": sum(totals.values())}


# -- the code map ----------------------------------------------------------------------------------

def _codemap(project: Project, stats: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The code map (``ken map --build``) with each file's heat; None when it was never built.
    Past ``MAP_FILES`` files, the hot ones and the most connected are kept."""
    from kenning.app import codemap  # the map's own use case; loaded only for the page

    built = codemap.load(project)
    if built is None:
        return None
    degree: dict[str, int] = {}
    for importer, imported in built.edges:
        degree[importer] = degree.get(importer, 0) + 1
        degree[imported] = degree.get(imported, 0) + 1
    ranked = sorted(built.files, key=lambda p: (-stats.get(p, {}).get("heat", 0), -degree.get(p, 0), p))
    kept = set(ranked[:MAP_FILES])
    mapped = [{"path": path, "language": built.files[path], "heat": stats.get(path, {}).get("heat", 0),
               "level": stats.get(path, {}).get("level", 0), "failed": stats.get(path, {}).get("failed", 0),
               "open_issues": stats.get(path, {}).get("open_issues", 0)} for path in sorted(kept)]
    edges = [[a, b] for a, b in built.edges if a in kept and b in kept]
    selected = ranked[0] if ranked else None
    return {"built_at": built.built_at, "files": mapped, "edges": edges, "total_files": len(built.files),
            "total_edges": len(built.edges), "selected": selected}


# -- the gate's activity and the last audit ---------------------------------------------------------

def gate_activity(project: Project) -> dict[str, Any]:
    """What the gate did on this machine (``.kenning/local/checks.jsonl``): warnings, blocks,
    denials (an agent's edit refused), overrides, repeats and heeded warnings, and the files
    it warned about most."""
    from kenning.core.score import counted_checks, heeded

    stats = checks.stats(project)
    denials = sum(1 for line in checks.read(project) if "outcome" not in line and line.get("decision") == "deny")
    per_file = [{"path": path, **figures} for path, figures in stats["files"].items()]
    per_file.sort(key=lambda f: (-f["warnings"], -f["blocks"], -f["checks"], f["path"]))
    totals = {key: stats[key] for key in ("checks", "warnings", "blocks", "overrides", "repeats")}
    return {**totals, "denials": denials, "heeded": heeded(stats), "heeded_from": counted_checks(stats),
            "files": per_file[:GATE_FILES],
            "files_checked": len(per_file)}


def last_audit(project: Project) -> dict[str, Any] | None:
    """The last ``ken audit`` report kept in ``.kenning/local/audit.json``, trimmed to what the
    page shows (its timings are left out: they differ on every run); None when there is none."""
    report = checks.last_audit(project)
    if report is None:
        return None
    keep = ("repository", "head", "since", "commits_read", "reverts", "reattempts", "controls", "goals")
    trimmed = {key: report.get(key) for key in keep}
    found = report.get("items")
    items: list[Any] = found if isinstance(found, list) else []
    trimmed["items"] = items[:AUDIT_ITEMS]
    trimmed["items_total"] = len(items)
    return trimmed
