"""``ken dashboard``'s page: every registered project as a card, side by side.

A card holds the project's counts, its newest open issues, its hottest files (from the
memory alone: failed attempts, reverts and open issues) and its lessons; a project that could
not be read is a card with one line saying why.
"""

from __future__ import annotations

from kenning.page.document import (
    counted,
    document,
    esc,
    heat_legend,
    number,
    type_class,
    type_ordered,
    when,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render_dashboard(data: dict[str, Any]) -> str:
    """The page for what ``kenning.app.views.dashboard.dashboard_data`` gathered."""
    projects = data["projects"]
    cards = "".join(_card(p) for p in projects) or ('<p class="empty">No project is registered on this machine: '
                                                      "<code>ken init</code> registers one.</p>")
    body = ('<a class="skip" href="#main">Skip to the projects</a>\n<header class="top">\n'
            '<h1>kenning <span class="sub">every project on this machine</span></h1>\n'
            f'<p class="meta">As of {when(data["generated"])} UTC · {counted(len(projects), "registered project")}; '
            "each read from its own memory when this page was made. A file's heat here counts failed attempts, "
            "reverts and open issues (<code>ken visualize</code> in a project adds its churn).</p>\n"
            f'{heat_legend()}</header>\n'
            f'<main id="main" class="cards">\n{cards}</main>\n')
    return document("kenning · every project", body, {"projects": [p["name"] for p in projects]})


def _card(project: dict[str, Any]) -> str:
    head = (f'<h2>{esc(project["name"])}</h2><p class="dim"><code>{esc(project["path"])}</code></p>')
    if project.get("note"):
        return f'<article class="card unreadable">{head}<p class="note">{esc(project["note"])}</p></article>\n'
    kinds = project["by_type"]
    by_type = " · ".join(f'<span class="ty {type_class(k)}">{esc(k)}</span> {number(kinds[k])}'
                         for k in type_ordered(kinds))
    warnings = "".join(f'<p class="note">{esc(w)}</p>' for w in project.get("warnings", []))
    return (f'<article class="card">{head}'
            f'<p>{counted(project["events"], "event")} ({number(project["hand_written"])} written by hand, '
            f'{number(project["derived_from_git"])} derived from git) · '
            f'{counted(project["open_issues"], "open issue")}, '
            f'{number(project["done_issues"])} done · {counted(project["lessons"], "lesson")}</p>'
            f'<p class="meta">{by_type or "no events yet"}</p>{warnings}'
            f'{_issues(project)}{_hottest(project)}{_lessons(project)}</article>\n')


def _issues(project: dict[str, Any]) -> str:
    issues = project["issues"]
    if not issues:
        return "<h3>Open issues</h3><p class=\"dim\">none</p>"
    items = "".join(f'<li><span class="iid">#{esc(i["issue_id"])}</span> {esc(i["summary"])} '
                    f'<span class="dim">{when(i["opened"])}</span></li>' for i in issues)
    more = project["open_issues"] - len(issues)
    return f'<h3>Open issues</h3><ul>{items}</ul>' + (f'<p class="dim">and {number(more)} more</p>' if more > 0 else "")


def _hottest(project: dict[str, Any]) -> str:
    hot = project["hottest"]
    if not hot:
        return '<h3>Hottest files</h3><p class="dim">no failure history</p>'
    items = "".join(f'<li><span class="chip h{f["level"]}">heat {number(f["heat"])}</span> '
                    f'<code>{esc(f["path"])}</code> <span class="dim">{_signals(f)}</span></li>' for f in hot)
    return f'<h3>Hottest files</h3><ul class="hot">{items}</ul>'


def _signals(entry: dict[str, Any]) -> str:
    found = [counted(entry["failed"], "failed attempt"), counted(entry["reverts"], "revert"),
             counted(entry["open_issues"], "open issue"), counted(entry["partial"], "partial attempt")]
    return esc(" · ".join(text for text in found if not text.startswith("0 ")))


def _lessons(project: dict[str, Any]) -> str:
    texts = project["lesson_texts"]
    if not texts:
        return ""
    items = "".join(f"<li>{esc(text)}</li>" for text in texts)
    return f"<h3>Lessons</h3><ul>{items}</ul>"
