"""``ken visualize``: one project's memory gathered for a page, then written where asked.

Everything is read at once from the index (aggregated in SQL by ``store.cache_views``), plus
one ``git log`` over the gate's window for churn, where the cited files are now (``app.capture.moves``:
a renamed file's heat goes to its present name, a deleted one is marked and listed last), the
code map from the cache, the gate's check records and the last ``ken audit`` report. What a
page lists is bounded (the newest events, issues and decisions, the hottest files); what it
counts is not: every count covers the whole memory, and the page says how much of a list it
shows. The result is a pure function of the memory, git history, the clock (``--now``) and the
config: sorted, with no wall clock of its own.
"""

from __future__ import annotations

import json

from kenning import git
from kenning.app.capture import moves
from kenning.app.citations import codes_of
from kenning.app.gate import checks
from kenning.app.project import now_micros
from kenning.app.recall import open_memory
from kenning.app.views import counts
from kenning.app.views.lifecycles import decisions, lifecycles
from kenning.core.events import format_timestamp, parse_timestamp
from kenning.core.text import one_line
from kenning.core.views import coded
from kenning.core.views import heat as rules
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
DAY_US = 86_400_000_000
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
        stats = file_stats(db, churn, now_us)
        counted = _counts(memory)
        placed = moves.whereabouts(project.root, stats)
        stats = settled(stats, placed)
        data: dict[str, Any] = {
            "version": 1,
            "project": project.name,
            "generated": format_timestamp(now_us),
            "counts": counted,
            "heat": _heat(db, stats, window_days, churn_note, placed.note),
            "timeline": _timeline(db),
            "issues": lifecycles(db, now_us, counted["open_issues"], counted["done_issues"]),
            "decisions": decisions(db, counted["decisions"], counted["superseded_decisions"]),
        }
        _say_code(memory, data["decisions"]["shown"], now_us)
    data["codemap"] = _codemap(project, stats)
    data["gate"] = gate_activity(project)
    data["audit"] = last_audit(project)
    return data


def _say_code(memory: Memory, shown: list[dict[str, Any]], now_us: int) -> None:
    """Give each decision shown that cites code ``code`` (its status, as ``ken verify --json``
    gives it) and ``code_note`` (what became of it, in a few words), followed in one batch."""
    found = codes_of(memory, [d["id"] for d in shown])
    for decision in shown:
        status = found.get(decision["id"])
        if status is not None:
            decision["code"] = status
            decision["code_note"] = coded.note(status, now_us)


def event_view(row: views.Listed) -> dict[str, Any]:
    """One event as a page lists it: its summary on one line and cut, every path it is about
    (the location's first, as ``Event.paths`` orders them)."""
    paths = [row.path] if row.path else []
    for more in json.loads(row.extra_paths) if row.extra_paths else []:
        if isinstance(more, str) and more and more not in paths:
            paths.append(more)
    view: dict[str, Any] = {"id": row.id, "time": row.time, "type": row.type, "paths": paths,
                            "summary": one_line(str(row.summary or ""), SUMMARY_CHARS),
                            "origin": "git" if row.origin == "git" else "log"}
    if row.outcome:
        view["outcome"] = row.outcome
    if row.issue_id:
        view["issue_id"] = row.issue_id
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


def file_stats(db: sqlite3.Connection, churn: dict[str, int], now_us: int | None = None) -> dict[str, dict[str, Any]]:
    """path -> its counts, heat and level, for every file the memory cites or git saw change.
    With ``now_us``, each revert weighs by its age (``core.views.heat.revert_weight``); without, by one."""
    stats: dict[str, dict[str, Any]] = {}
    for row in views.file_heat(db):
        stats[row.path] = {**row._asdict(), "churn": churn.get(row.path, 0), "revert_weight": float(row.reverts)}
    for path, commits in churn.items():
        stats.setdefault(path, {"path": path, "failed": 0, "partial": 0, "reverts": 0, "open_issues": 0, "issues": 0,
                                "events": 0, "newest": None, "churn": commits, "revert_weight": 0.0})
    if now_us is not None:
        for path, times in views.revert_times(db).items():
            if path in stats:
                stats[path]["revert_weight"] = sum(rules.revert_weight((now_us - parse_timestamp(t)) / DAY_US)
                                                   for t in times)
    for entry in stats.values():
        _rate(entry)
    return stats


def _rate(entry: dict[str, Any]) -> None:
    """The heat and level of a file's counts; the part its reverts add, cooled, beside them."""
    entry["revert_heat"] = rules.heat(0, entry["revert_weight"], 0, 0, 0)
    entry["heat"] = rules.heat(entry["failed"], entry["revert_weight"], entry["open_issues"], entry["partial"],
                               entry["churn"])
    entry["level"] = rules.level(entry["heat"])


_SUMMED = ("failed", "partial", "reverts", "open_issues", "issues", "events", "churn", "revert_weight")


def settled(stats: dict[str, dict[str, Any]], placed: moves.Whereabouts) -> dict[str, dict[str, Any]]:
    """The files under their present names: what was said about a renamed file's old names is
    added to its present name (``renamed_from`` lists them), and a file no longer in the tree is
    marked ``deleted``."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(stats):  # sorted: the same sums in the same order, the same floats
        name = placed.renamed.get(path, path)
        entry = out.get(name) or dict(stats.get(name) or _no_counts(name))
        if name != path:
            old = stats[path]
            for key in _SUMMED:
                entry[key] += old[key]
            entry["newest"] = max(filter(None, (entry["newest"], old["newest"])), default=None)
            entry["renamed_from"] = sorted({*entry.get("renamed_from", []), path})
        entry["deleted"] = placed.deleted(name)
        out[name] = entry
    for entry in out.values():
        _rate(entry)
    return out


def _no_counts(path: str) -> dict[str, Any]:
    return {"path": path, "failed": 0, "partial": 0, "reverts": 0, "open_issues": 0, "issues": 0, "events": 0,
            "newest": None, "churn": 0, "revert_weight": 0.0}


def hottest(stats: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The files with any heat, hottest first (then the most events, then by path); files no
    longer in the tree after every present one: a map of today's code is led by today's files."""
    hot = [s for s in stats.values() if s["heat"] > 0]
    return sorted(hot, key=lambda s: (bool(s.get("deleted")), -s["heat"], -s["events"], s["path"]))


def _heat(db: sqlite3.Connection, stats: dict[str, dict[str, Any]], window_days: int,
          churn_note: str | None, tree_note: str | None) -> dict[str, Any]:
    hot = hottest(stats)
    shown = [{k: v for k, v in entry.items() if k != "revert_weight"} for entry in hot[:HEAT_FILES]]
    names = {e["path"]: [e["path"], *e.get("renamed_from", [])] for e in shown if e["events"]}
    latest = views.latest_per_path(db, sorted({n for found in names.values() for n in found}), FILE_EVENTS)
    for entry in shown:
        rows = {row.id: row for name in names.get(entry["path"], []) for row in latest.get(name, [])}
        newest = sorted(rows.values(), key=lambda row: (row.time, row.id), reverse=True)[:FILE_EVENTS]
        entry["latest"] = [event_view(row) for row in newest]
    return {"files": shown, "total": len(hot), "formula": rules.FORMULA, "window_days": window_days,
            "levels": [list(r) for r in rules.level_ranges()], "churn_note": churn_note, "tree_note": tree_note,
            "deleted": sum(1 for entry in hot if entry.get("deleted"))}


def _counts(memory: Memory) -> dict[str, Any]:
    """The whole memory counted, each count ``app.views.counts``'s (as ``ken stats`` has it)."""
    events = counts.events(memory)
    open_issues, done_issues = counts.issues(memory)
    return {**{key: events[key] for key in ("events", "by_type", "hand_written", "derived_from_git")},
            "open_issues": open_issues, "done_issues": done_issues,
            **counts.decisions(memory, events["by_type"]), "files_cited": counts.files_cited(memory)}


# -- the timeline ---------------------------------------------------------------------------------

def _timeline(db: sqlite3.Connection) -> dict[str, Any]:
    """Every event counted per day, week, month or year by type (the chart: every bar from the
    first event's to the last's, those with no event as empty bars), and the newest
    ``EVENTS_SHOWN`` events (the list the page filters and searches)."""
    days = views.day_counts(db)
    span = rules.days_between(days[0][0], days[-1][0]) if days else 0
    unit = rules.bucket_unit(span)
    buckets: dict[str, dict[str, int]] = {}
    if days:
        buckets = {start: {} for start in rules.bucket_starts(days[0][0], days[-1][0], unit)}
    totals: dict[str, int] = {}
    for day, kind, n in days:
        bucket = buckets[rules.bucket_start(day, unit)]
        bucket[kind] = bucket.get(kind, 0) + n
        totals[kind] = totals.get(kind, 0) + n
    events = [event_view(row) for row in views.recent_events(db, EVENTS_SHOWN)]
    grouped = None
    if unit in ("month", "year"):  # said, so that nobody looks for the weeks
        grouped = (f"grouped by {unit}: the {span // 7 + 1:,} weeks from the first event to the last are more "
                   "bars than a chart can show")
    return {"unit": unit, "grouped": grouped,
            "buckets": [{"start": start, "counts": dict(sorted(counts.items()))} for start, counts in buckets.items()],
            "types": dict(sorted(totals.items())), "events": events, "total": sum(totals.values())}


# -- the code map ----------------------------------------------------------------------------------

def _codemap(project: Project, stats: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The code map (``ken map --build``) with each file's heat; None when it was never built.
    Past ``MAP_FILES`` files, the hot ones and the most connected are kept."""
    from kenning.app.views import codemap  # the map's own use case; loaded only for the page

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
    from kenning.core.gate.score import counted_checks, heeded

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
