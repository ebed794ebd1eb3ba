"""``ken visualize``'s page: one project's memory, in tabs that are plain sections without a script.

Sections: the failure heat map with each file's history, the timeline (a chart of every event
and a filterable, searchable list of the newest), issue lifecycles, decisions, the code map
and the gate's activity with the last audit. Every list the data bounds says how much it shows.
The script (``page.js``) only hides and shows what is already in the document, so everything
is readable with scripts off, in print, and to ``chromium --dump-dom``.
"""

from __future__ import annotations

from kenning.page import codemap, sections
from kenning.page.document import (
    base_name,
    counted,
    document,
    esc,
    folder_of,
    heat_legend,
    minute,
    number,
    type_class,
    type_label,
    type_ordered,
    when,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TABS = (("heat", "Heat map"), ("timeline", "Timeline"), ("issues", "Issues"), ("decisions", "Decisions"),
        ("codemap", "Code map"), ("gate", "Gate"))
CHART_WIDTH, CHART_HEIGHT, CHART_TOP = 960, 180, 12


def render_project(data: dict[str, Any]) -> str:
    """The page for what ``kenning.app.views.visualize.page_data`` gathered."""
    paths = _path_table(data)
    index = {path: n for n, path in enumerate(paths)}
    body = "".join([
        '<a class="skip" href="#main">Skip to the sections</a>\n',
        _header(data),
        _tabs(),
        '<main id="main">\n',
        _section("heat", _heat(data["heat"], index)),
        _section("timeline", _timeline(data["timeline"], data["heat"]["files"], index)),
        _section("issues", sections.issues(data["issues"])),
        _section("decisions", sections.decisions(data["decisions"])),
        _section("codemap", codemap.render(data.get("codemap"))),
        _section("gate", sections.gate(data["gate"]) + sections.audit(data.get("audit"))),
        "</main>\n",
    ])
    script_data = {"paths": paths, "map": codemap.script_data(data.get("codemap"))}
    return document(f"{data['project']} · kenning", body, script_data)


def _path_table(data: dict[str, Any]) -> list[str]:
    """Every path the page names, sorted: rows and cells refer to them by position."""
    found = {f["path"] for f in data["heat"]["files"]}
    found.update(p for e in data["timeline"]["events"] for p in e["paths"])
    return sorted(found)


def _section(name: str, inner: str) -> str:
    return f'<section id="{name}" class="panel" aria-labelledby="h-{name}">\n{inner}</section>\n'


def _header(data: dict[str, Any]) -> str:
    counts = data["counts"]
    kinds = counts["by_type"]
    by_type = " · ".join(f'<span class="ty {type_class(k)}">{esc(k)}</span> {number(kinds[k])}'
                         for k in type_ordered(kinds))
    return (f'<header class="top">\n<h1>{esc(data["project"])} <span class="sub">kenning memory</span></h1>\n'
            f'<p class="meta">As of {when(data["generated"])} UTC · {counted(counts["events"], "event")} '
            f'({number(counts["hand_written"])} written by hand, {number(counts["derived_from_git"])} derived from git)'
            f' · {counted(counts["open_issues"], "open issue")}, {number(counts["done_issues"])} done'
            f' · {counted(counts["decisions"], "decision")} ({number(counts["superseded_decisions"])} superseded)'
            f' · {counted(counts["files_cited"], "file")} cited</p>\n'
            f'<p class="meta">{by_type or "no events yet"}</p>\n</header>\n')


def _tabs() -> str:
    links = "".join(f'<a href="#{name}" class="tab" id="tab-{name}">{esc(label)}</a>' for name, label in TABS)
    return f'<nav class="tabs" aria-label="Sections">{links}</nav>\n'


# -- the heat map and each file's history -------------------------------------------------------------

def _heat(heat: dict[str, Any], index: dict[str, int]) -> str:
    shown = heat["files"]
    parts = ['<h2 id="h-heat">Failure heat map</h2>\n',
             f'<p class="note">{esc(heat["formula"])}; the gate\'s window is {heat["window_days"]} days. '
             'Each file links to its history below. Colours follow the heat; the number is in every cell. '
             "A renamed file is shown under its present name with the history of its old ones; a file no longer "
             "in the tree is marked deleted and comes after every present one.</p>\n",
             heat_legend()]
    for note in (heat.get("churn_note"), heat.get("tree_note")):
        if note:
            parts.append(f'<p class="note">{esc(note)}</p>\n')
    if not shown:
        parts.append('<p class="empty">No failure history yet: no failed attempt, open issue, revert or churn '
                     "on record.</p>\n")
        return "".join(parts)
    if heat["total"] > len(shown):
        parts.append(f'<p class="note">Showing the {number(len(shown))} hottest of {counted(heat["total"], "file")} '
                     "with any heat.</p>\n")
    parts.append('<div class="heat">\n')
    for folder, members in _by_folder(shown):
        total = sum(f["heat"] for f in members)
        tiles = "".join(_tile(f, index) for f in members)
        parts.append(f'<section class="folder" aria-label="{esc(folder)}"><h3>{esc(folder)} <span class="dim">'
                     f'heat {number(total)} · {counted(len(members), "file")}</span></h3>'
                     f'<ul class="tiles">{tiles}</ul></section>\n')
    parts.append("</div>\n")
    parts.append(_file_histories(shown, index))
    return "".join(parts)


def _by_folder(shown: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Files grouped by folder: the folder with the hottest present file first, files hottest
    first, deleted files (and folders holding nothing else) last."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in shown:  # already hottest first
        groups.setdefault(folder_of(entry["path"]), []).append(entry)
    return sorted(groups.items(), key=lambda kv: (bool(kv[1][0].get("deleted")), -kv[1][0]["heat"], kv[0]))


def _facts(entry: dict[str, Any]) -> str:
    """The non-zero signals of a file, in words."""
    reverts = counted(entry["reverts"], "revert")
    if entry["reverts"] and entry.get("revert_heat", 3 * entry["reverts"]) < 3 * entry["reverts"]:
        reverts += f" (cooled to heat {number(entry['revert_heat'])})"
    found = ["deleted" if entry.get("deleted") else "", counted(entry["failed"], "failed attempt"),
             counted(entry["open_issues"], "open issue"), reverts, counted(entry["partial"], "partial attempt"),
             counted(entry["churn"], "commit")]
    return " · ".join(text for text in found if text and not text.startswith("0 ")) or "no signal"


def _tile(entry: dict[str, Any], index: dict[str, int]) -> str:
    path = entry["path"]
    facts = esc(_facts(entry))
    gone = " gone" if entry.get("deleted") else ""
    return (f'<li><a class="tile h{entry["level"]}{gone}" href="#file-{index[path]}" title="{esc(path)}: {facts}">'
            f'<span class="tn">{esc(base_name(path))}</span> <span class="th">heat {number(entry["heat"])}</span>'
            f'<span class="tc">{facts}</span></a></li>')


def _file_histories(shown: list[dict[str, Any]], index: dict[str, int]) -> str:
    rows = "".join(_history_row(entry, index) for entry in shown)
    return ('<h3 id="files">File histories</h3>\n<div class="scroll"><table class="files">'
            '<thead><tr><th scope="col">File</th><th scope="col">Heat</th><th scope="col">Failed</th>'
            '<th scope="col">Partial</th><th scope="col">Reverts</th><th scope="col">Open issues</th>'
            '<th scope="col">Commits</th><th scope="col">Events</th><th scope="col">Newest events</th></tr></thead>'
            f"<tbody>\n{rows}</tbody></table></div>\n")


def _history_row(entry: dict[str, Any], index: dict[str, int]) -> str:
    path = entry["path"]
    latest = "".join(f'<li>{minute(e["time"])} {type_label(e)} {esc(e["summary"])}</li>' for e in entry["latest"])
    link = (f' <a class="to-timeline" href="#timeline" data-file="{esc(path)}">events in the timeline</a>'
            if entry["events"] else "")
    cells = "".join(f'<td class="n">{number(entry[key])}</td>'
                    for key in ("failed", "partial", "reverts", "open_issues", "churn", "events"))
    if entry.get("deleted"):
        link = ' <b class="gone">deleted</b>' + link
    if entry.get("renamed_from"):
        olds = ", ".join(f"<code>{esc(old)}</code>" for old in entry["renamed_from"])
        link = f' <span class="dim">renamed from {olds}</span>{link}'
    return (f'<tr id="file-{index[path]}"><th scope="row"><code>{esc(path)}</code>{link}</th>'
            f'<td class="n h{entry["level"]}">{number(entry["heat"])}</td>{cells}'
            f'<td><ul class="latest">{latest}</ul></td></tr>\n')


# -- the timeline -------------------------------------------------------------------------------------------

def _timeline(timeline: dict[str, Any], hot: list[dict[str, Any]], index: dict[str, int]) -> str:
    events, total = timeline["events"], timeline["total"]
    parts = ['<h2 id="h-timeline">Timeline</h2>\n', _chart(timeline), _filters(timeline["types"], hot)]
    if total > len(events):
        parts.append(f'<p class="note">Showing the {number(len(events))} most recent of {counted(total, "event")}; '
                     "<code>ken search</code> finds the rest.</p>\n")
    parts.append(f'<p id="shown" class="shown" role="status">{counted(len(events), "event")} listed.</p>\n')
    if not events:
        parts.append('<p class="empty">No events yet.</p>\n')
        return "".join(parts)
    rows = "".join(_event_row(e, index) for e in events)
    parts.append('<div class="scroll"><table class="events" id="events"><thead><tr><th scope="col">When (UTC)</th>'
                 '<th scope="col">Type</th><th scope="col">Summary</th><th scope="col">File</th>'
                 f'<th scope="col">Issue</th></tr></thead><tbody>\n{rows}</tbody></table></div>\n')
    return "".join(parts)


def _filters(types: dict[str, int], hot: list[dict[str, Any]]) -> str:
    boxes = "".join(f'<label><input type="checkbox" name="type" value="{esc(k)}" checked> '
                    f'<span class="sw {type_class(k)}" aria-hidden="true"></span> {esc(k)} ({number(n)})</label>'
                    for k in type_ordered(types) for n in [types[k]])
    options = "".join(f'<option value="{esc(f["path"])}"></option>' for f in hot)
    return ('<form class="filters" id="filters" role="search" aria-label="Filter the events">'
            f'<fieldset><legend>Types</legend>{boxes}</fieldset>'
            '<label class="field">File or folder <input type="search" id="f-file" name="file" list="ken-paths" '
            'placeholder="src/payments/" autocomplete="off"></label>'
            '<label class="field">Search <input type="search" id="f-q" name="q" placeholder="words in the events" '
            'autocomplete="off"></label>'
            '<button type="reset">Clear filters</button>'
            f'<datalist id="ken-paths">{options}</datalist></form>\n')


def _event_row(event: dict[str, Any], index: dict[str, int]) -> str:
    """One row of the list: its type and files as data for the filters (files by their position
    in the page's path table), its text for the search."""
    paths = event["paths"]
    where = f"<code>{esc(paths[0])}</code>" if paths else ""
    if len(paths) > 1:
        where += f' <span class="dim" title="{esc(", ".join(paths[1:]))}">+{len(paths) - 1}</span>'
    issue = f'#{esc(event["issue_id"])}' if event.get("issue_id") else ""
    refs = " ".join(str(index[p]) for p in paths)
    return (f'<tr data-t="{esc(event["type"])}" data-f="{refs}"><td>{minute(event["time"])}</td>'
            f'<td>{type_label(event)}</td><td>{esc(event["summary"])}</td><td>{where}</td><td>{issue}</td></tr>\n')


def _chart(timeline: dict[str, Any]) -> str:
    """Stacked bars of every event per day, week or month, drawn here (the script only restacks
    them when types are filtered out); each bar segment names its count."""
    buckets, unit = timeline["buckets"], timeline["unit"]
    if not buckets:
        return ""
    kinds = type_ordered(timeline["types"])
    tallest = max(sum(b["counts"].values()) for b in buckets)
    scale = (CHART_HEIGHT - CHART_TOP) / tallest
    width = CHART_WIDTH / len(buckets)
    bars = []
    for n, bucket in enumerate(buckets):
        if not bucket["counts"]:  # a quiet stretch keeps its place: a mark on the axis, not a gap closed up
            bars.append(f'<g data-start="{esc(bucket["start"])}"><line class="zero" x1="{n * width:.2f}" '
                        f'y1="{CHART_HEIGHT - 1}" x2="{n * width + max(width - 1, 1):.2f}" y2="{CHART_HEIGHT - 1}">'
                        f'<title>{esc(unit)} of {esc(bucket["start"])}: no events</title></line></g>')
            continue
        y = float(CHART_HEIGHT)
        rects = []
        for kind in kinds:
            count = bucket["counts"].get(kind, 0)
            if not count:
                continue
            height = count * scale
            y -= height
            rects.append(f'<rect class="{type_class(kind)}" data-t="{esc(kind)}" data-n="{count}" x="{n * width:.2f}" '
                         f'y="{y:.2f}" width="{max(width - 1, 1):.2f}" height="{height:.2f}">'
                         f'<title>{esc(unit)} of {esc(bucket["start"])}: {counted(count, kind)}</title></rect>')
        bars.append(f'<g data-start="{esc(bucket["start"])}">{"".join(rects)}</g>')
    first, last = buckets[0]["start"], buckets[-1]["start"]
    grouped = f" {esc(timeline['grouped'][:1].upper() + timeline['grouped'][1:])}." if timeline.get("grouped") else ""
    return (f'<figure class="chart"><svg id="chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT + 18}" role="img" '
            f'aria-label="Events per {esc(unit)} by type, {esc(first)} to {esc(last)}; tallest bar {tallest}" '
            f'data-scale="{scale:.6f}" data-base="{CHART_HEIGHT}">'
            f'<line x1="0" y1="{CHART_HEIGHT}.5" x2="{CHART_WIDTH}" y2="{CHART_HEIGHT}.5" class="axis"></line>'
            f'{"".join(bars)}'
            f'<text x="0" y="{CHART_HEIGHT + 15}" class="lab">{esc(first)}</text>'
            f'<text x="{CHART_WIDTH}" y="{CHART_HEIGHT + 15}" class="lab end">{esc(last)}</text>'
            f'<text x="2" y="10" class="lab">{tallest}</text></svg>'
            f'<figcaption>Every event, per {esc(unit)} by type ({counted(timeline["total"], "event")}; '
            f'{counted(len(buckets), esc(unit))}, those without events marked on the axis; the type filter applies '
            f'here too).{grouped} {_chart_legend(kinds)}</figcaption></figure>\n')


def _chart_legend(kinds: list[str]) -> str:
    return "".join(f'<span class="key"><span class="sw {type_class(k)}" aria-hidden="true"></span> {esc(k)}</span>'
                   for k in kinds)
