"""The brief: one screen (at most 40 lines) for the start of a session.

Active warnings (files the gate would warn or block on now), memories that may be stale (their
file changed a lot since they were written), open issues with their latest failed attempt,
recent decisions, lessons for the project's stack, and the newest notes and events derived from
git history in whatever lines are left. Each section shows a few lines and, when there are more,
a count and the command that shows them. Lines are cut to one terminal width. "Nothing on
record" is said only of a memory that holds no event at all.
"""

from __future__ import annotations

from kenning.core.gate.rules import FileVerdict
from kenning.core.lessons.rules import line as lesson_line
from kenning.core.text import one_line, plural, where
from kenning.core.views.summary import loose_label

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.core.fold import Item

WIDTH = 110
LINES = 40
# files the gate judges for the brief: every file with failed attempts in the gate's window or an
# open issue, the most recently failing first, up to this many (a file with hundreds of issues
# costs about a millisecond: 40 keep the brief within its 300 ms on a 100,000-event memory,
# bench/shapes.py); the rest are counted, and said to be unjudged
JUDGED = 40
# lines per section: with a heading and a "more" line each, and the header, at most 39 lines;
# the recent history takes what is left of the screen, up to its three lines
SHOWN = {"warnings": 6, "stale": 4, "issues": 8, "decisions": 5, "lessons": 4, "history": 3}


class Brief:
    def __init__(self, project: str) -> None:
        self.project = project
        self.warnings: list[tuple[str, str, str]] = []  # (path, severity, what)
        self.unjudged = 0  # files with failures or open issues past what the brief judges
        self.stale: list[tuple[str, str]] = []          # (path, message)
        self.open_issues: list[tuple[Item, list[Item]]] = []
        self.open_total = 0
        self.decisions: list[Item] = []
        self.decision_total = 0
        self.lessons: list[dict[str, Any]] = []
        self.lesson_total = 0
        self.history: list[tuple[Item, bool]] = []  # (note or event, derived from git), newest first
        self.history_total = 0
        self.on_record: int | None = None  # events in memory, counted only when nothing else shows
        self.notices: list[str] = []

    def add_verdict(self, verdict: FileVerdict) -> None:
        live = [w for w in verdict.warnings if w.snoozed_until is None]
        for warning in live:
            if warning.kind in ("stale_memory", "code_changed"):
                self.stale.append((verdict.path, warning.message))
        if verdict.severity in ("warn", "block"):
            what = "; ".join(w.message for w in live if w.severity in ("warn", "block"))
            self.warnings.append((verdict.path, verdict.severity, what))

    def to_json(self) -> dict[str, Any]:
        return {
            "project": self.project,
            "warnings": [{"path": p, "severity": s, "message": m} for p, s, m in self.warnings],
            "unjudged": self.unjudged,
            "stale": [{"path": p, "message": m} for p, m in self.stale],
            "open_issues": {"total": self.open_total, "shown": [
                {"issue_id": i["issue_id"], "summary": i.get("summary", ""), "location": i.get("location"),
                 "latest_attempt": a[0].get("summary") if a else None} for i, a in self.open_issues]},
            "decisions": {"total": self.decision_total, "shown": [
                {"id": d["id"], "summary": d.get("summary", ""), "location": d.get("location"),
                 **({"code": d["code_note"]} if d.get("code_note") else {})}  # what became of its code
                for d in self.decisions]},
            "lessons": {"total": self.lesson_total, "shown": self.lessons},
            "recent_history": {"total": self.history_total, "shown": [
                {"id": i["id"], "type": i.get("type"), "outcome": i.get("outcome"), "summary": i.get("summary", ""),
                 "location": i.get("location"), "from_git": derived} for i, derived in self.history]},
            "notices": self.notices,
        }


def render(brief: Brief) -> str:
    head = (f"{one_line(brief.project, 40)}: {_count(brief.open_total, 'open issue')}, "
            f"{_count(brief.decision_total, 'standing decision')}, {_count(brief.lesson_total, 'lesson')}")
    lines = [one_line(head, WIDTH)]
    lines += _section("Active warnings", [f"{sev.upper()} {path}: {what}" for path, sev, what in brief.warnings],
                      len(brief.warnings), SHOWN["warnings"], "ken precheck FILE")
    if brief.unjudged:
        lines += [] if brief.warnings else ["Active warnings"]
        lines.append(f"  … {_count(brief.unjudged, 'more file')} with failed attempts or open issues, not judged "
                     "here: `ken precheck FILE`")
    lines += _section("Possibly stale", [f"{path}: {message}" for path, message in brief.stale],
                      len(brief.stale), SHOWN["stale"], "ken precheck FILE")
    lines += _section("Open issues", [_issue(i, a) for i, a in brief.open_issues], brief.open_total,
                      SHOWN["issues"], "ken issues")
    lines += _section("Recent decisions", [f"[{d['id']}] {d.get('summary', '')}{where(d)}" for d in brief.decisions],
                      brief.decision_total, SHOWN["decisions"], "ken search --type decision")
    lines += _section("Lessons", [lesson_line(x) for x in brief.lessons], brief.lesson_total,
                      SHOWN["lessons"], "ken lessons")
    room = min(SHOWN["history"], LINES - len(lines) - 2)  # its heading and its "more" line
    if room > 0:
        lines += _section("Recent history", [f"{loose_label(i)}{i.get('summary', '')}{where(i)}"
                                             for i, _ in brief.history], brief.history_total, room,
                          "ken summary --full")
    if len(lines) == 1:
        lines.append(_nothing_shown(brief.on_record))
    return "\n".join(lines) + "\n"


def _nothing_shown(on_record: int | None) -> str:
    if not on_record:
        return "Nothing on record yet: `ken issue`, `ken attempt`, `ken decide` start the memory."
    return (f"Nothing open or recent among {_count(on_record, 'event')} on record: "
            "`ken issues --all` and `ken search` show them.")


def _section(title: str, entries: list[str], total: int, room: int, command: str) -> list[str]:
    if not total:
        return []
    out = [f"{title} ({total})"]
    out += ["  " + one_line(e, WIDTH - 2) for e in entries[:room]]
    shown = min(len(entries), room)
    if total > shown:
        out.append(f"  … {total - shown} more: `{command}`")
    return out


def _count(n: int, noun: str) -> str:
    return plural(n, noun)



def _issue(issue: Item, attempts: list[Item]) -> str:
    text = f"#{issue['issue_id']} {issue.get('summary', '')}{where(issue)}"
    if attempts:
        latest = attempts[0]
        text += f" — {latest.get('outcome', 'failed')}: {latest.get('summary', '')}"
    return text
