"""The page's history sections: issue lifecycles, decisions, the gate's activity, the last audit."""

from __future__ import annotations

from kenning.core.durations import spell
from kenning.page.document import OUTCOME_MARKS, counted, esc, number, when

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


# -- issue lifecycles ----------------------------------------------------------------------------------

def issues(data: dict[str, Any]) -> str:
    shown = data["shown"]
    open_shown = sum(1 for life in shown if life["status"] == "open")
    bounded = (f" Showing the {number(open_shown)} newest open issues and the {number(len(shown) - open_shown)} most "
               "recently fixed; <code>ken issues --all</code> lists them all."
               if data["open"] + data["done"] > len(shown) else "")
    parts = ['<h2 id="h-issues">Issue lifecycles</h2>\n',
             f'<p class="note">{counted(data["open"], "open issue")}, {number(data["done"])} done. '
             "Each issue runs from its opening through its attempts to its fix; times are counted from the opening."
             f"{bounded}</p>\n"]
    return _listed(parts, [_lifecycle(life) for life in shown], "ol", "issues", "No issues recorded.")


def _listed(head: list[str], items: list[str], tag: str, kind: str, empty: str) -> str:
    """A section: its heading and note, then its items as one list, or a line saying there are none."""
    if not items:
        return "".join([*head, f'<p class="empty">{empty}</p>\n'])
    return "".join([*head, f'<{tag} class="{kind}">\n', *items, f"</{tag}>\n"])


def _lifecycle(life: dict[str, Any]) -> str:
    done = life["status"] == "done"
    took = (f"fixed after {spell(life['took_s'], parts=2)}" if done
            else f"open for {spell(life.get('open_s', 0), parts=2)}")
    outcomes = ", ".join(f"{n} {k}" for k, n in life["outcomes"].items())
    where = f'<code>{esc(life["path"])}</code> · ' if life.get("path") else ""
    steps = [f'<li class="step opened"><span class="mark" aria-hidden="true">●</span> <span class="lab">opened</span> '
             f'{when(life["opened"])}</li>']
    steps.extend(_step(step) for step in life["steps"] if step["type"] != "fix")
    if life["more_steps"]:
        steps.append(f'<li class="step more">… {counted(life["more_steps"], "more step")} '
                     f'(<code>ken show {esc(life["issue_id"])}</code>)</li>')
    steps.extend(_step(step) for step in life["steps"] if step["type"] == "fix")
    return (f'<li class="issue {esc(life["status"])}" id="issue-{esc(life["issue_id"])}">'
            f'<h3><span class="status {esc(life["status"])}">{esc(life["status"])}</span> '
            f'<span class="iid">#{esc(life["issue_id"])}</span> {esc(life["summary"])}</h3>'
            f'<p class="dim">{where}{took}{" · attempts: " + esc(outcomes) if outcomes else ""}</p>'
            f'<ol class="life">{"".join(steps)}</ol></li>\n')


def _step(step: dict[str, Any]) -> str:
    if step["type"] == "fix":
        mark, label, kind = "■", "fixed", "fix"
    else:
        outcome = str(step.get("outcome", "attempt"))
        mark, label, kind = OUTCOME_MARKS.get(outcome, "?"), outcome, f"attempt {outcome}"
    return (f'<li class="step {esc(kind)}"><span class="mark" aria-hidden="true">{mark}</span> '
            f'<span class="lab">{esc(label)}</span> {esc(step["summary"])} '
            f'<span class="after" title="after the opening">+{esc(spell(step["after_s"], parts=2))}</span></li>')


# -- decisions -------------------------------------------------------------------------------------------

def decisions(data: dict[str, Any]) -> str:
    shown = data["shown"]
    parts = ['<h2 id="h-decisions">Decisions</h2>\n',
             f'<p class="note">{counted(data["total"], "decision")}, {number(data["superseded"])} superseded: '
             "a superseded decision is struck through beside the one that replaced it.",
             f" Showing the {number(len(shown))} newest." if data["total"] > len(shown) else "", "</p>\n"]
    return _listed(parts, [_decision(d) for d in shown], "ul", "decisions", "No decisions recorded.")


def _decision(decision: dict[str, Any]) -> str:
    where = f' <code>{esc(decision["path"])}</code>' if decision.get("path") else ""
    lesson = ' <span class="badge">lesson</span>' if decision.get("lesson") else ""
    if decision["status"] == "superseded":
        newer = " ".join(f'<a href="#d-{esc(n["id"])}" class="newer">{esc(n["summary"])}</a> {when(n["time"])}'
                         for n in decision["replaced_by"])
        body = (f'<span class="status superseded">superseded</span> <del>{esc(decision["summary"])}</del>'
                f' <span class="arrow">→ replaced by</span> {newer}')
    else:
        body = f'<span class="status standing">standing</span> <strong>{esc(decision["summary"])}</strong>'
        if decision.get("supersedes"):
            body += f' <a class="dim" href="#d-{esc(decision["supersedes"])}">(replaces an earlier decision)</a>'
    code = decision.get("code")
    if isinstance(code, dict) and code.get("status") in ("changed", "gone", "moved"):
        # the code it cites is not as it was: said beside it, as the summary says it
        lesson += (f' <span class="badge code-{esc(code["status"])}">'
                   f'{esc(decision.get("code_note") or "code " + str(code["status"]))}</span>')
    return (f'<li id="d-{esc(decision["id"])}" class="decision {esc(decision["status"])}">{body}{lesson}'
            f'<span class="dim"> · {when(decision["time"])}{where}</span></li>\n')


# -- the gate and the audit ----------------------------------------------------------------------------

_GATE_FIGURES = (("checks", "checks", "files judged by the gate"),
                 ("warnings", "warnings", "checks that warned or blocked"),
                 ("blocks", "blocks", "checks whose verdict was block"),
                 ("denials", "denials", "edits an agent hook refused"),
                 ("overrides", "overrides", "refused edits made anyway"),
                 ("repeats", "repeats", "failed approaches tried again after a warning"),
                 ("heeded", "heeded", "an agent's warnings − overrides − repeats (a person's own checks "
                  "are not counted)"))


def gate(data: dict[str, Any]) -> str:
    figures = "".join(f'<div><dt>{esc(label)}</dt><dd>{number(data[key])}</dd><dd class="dim">{esc(meaning)}</dd></div>'
                      for key, label, meaning in _GATE_FIGURES)
    parts = ['<h2 id="h-gate">Gate activity</h2>\n',
             '<p class="note">What the gate did on this machine (<code>.kenning/local/checks.jsonl</code>): '
             "a repeated check of the same evidence counts once.</p>\n",
             f'<dl class="figures">{figures}</dl>\n']
    if data["files"]:
        rows = "".join(f'<tr><th scope="row"><code>{esc(f["path"])}</code></th>'
                       + "".join(f'<td class="n">{number(f[k])}</td>' for k in ("checks", "warnings", "blocks",
                                                                             "overrides", "repeats"))
                       + "</tr>" for f in data["files"])
        shown = (f'the {number(len(data["files"]))} most warned of {number(data["files_checked"])}'
                 if data["files_checked"] > len(data["files"]) else "every file checked")
        parts.append(f'<h3>Files ({shown})</h3>\n<div class="scroll"><table class="gate"><thead><tr>'
                     '<th scope="col">File</th><th scope="col">Checks</th><th scope="col">Warnings</th>'
                     '<th scope="col">Blocks</th><th scope="col">Overrides</th><th scope="col">Repeats</th></tr>'
                     f"</thead><tbody>{rows}</tbody></table></div>\n")
    else:
        parts.append('<p class="empty">The gate has not checked a file on this machine yet '
                     "(<code>ken precheck FILE</code>, the git hook or an agent hook).</p>\n")
    return "".join(parts)


def audit(report: dict[str, Any] | None) -> str:
    parts = ['<h2 id="h-audit">What the gate would have caught</h2>\n']
    if report is None:
        parts.append('<p class="hint">Run <code>ken audit</code> to see what the gate would have caught in this '
                     "history: re-attempts of reverted changes it warned about before they happened.</p>\n")
        return "".join(parts)
    found = report.get("reattempts") or {}
    controls = report.get("controls") or {}
    shares = (("re-attempts warned", found.get("warned"), found.get("found"), found.get("recall")),
              ("naming the reverted change", found.get("named"), found.get("found"), found.get("attribution")),
              ("ordinary commits warned (noise)", controls.get("revert_warning"), controls.get("replayed"),
               controls.get("noise")))
    parts.append(f'<p class="note">The last <code>ken audit</code>: {number(_whole(report.get("commits_read")))} '
                 f'commits read since {esc(str(report.get("since") or "?")[:10])} at '
                 f'<code>{esc(str(report.get("head") or "?")[:12])}</code>.</p>\n'
                 f'<dl class="figures">{"".join(_share(*share) for share in shares)}</dl>\n')
    items = [item for item in report.get("items") or [] if isinstance(item, dict)]
    if items:
        total = _whole(report.get("items_total"))
        more = f" (the first {number(len(items))} of {number(total)})" if total > len(items) else ""
        parts.append(f'<h3>Re-attempts of reverted changes{more}</h3>\n<div class="scroll"><table class="audit">'
                     '<thead><tr><th scope="col">Reverted change</th><th scope="col">Re-attempt</th>'
                     f'<th scope="col">Gate</th></tr></thead><tbody>{"".join(map(_audit_row, items))}</tbody>'
                     "</table></div>\n")
    return "".join(parts)


def _whole(value: Any) -> int:
    """A count from a report read back from disk: anything but a whole number counts as 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _share(label: str, part: Any, whole: Any, share: Any) -> str:
    value = f"{number(_whole(part))} of {number(_whole(whole))}" if _whole(whole) else "—"
    if isinstance(share, (int, float)) and not isinstance(share, bool):
        value += f" ({share:.0%})"
    return f"<div><dt>{esc(label)}</dt><dd>{esc(value)}</dd></div>"


def _audit_row(item: dict[str, Any]) -> str:
    def commit(key: str) -> str:
        found = item.get(key) or {}
        return (f'<code>{esc(str(found.get("sha", ""))[:8])}</code> {esc(found.get("subject", ""))} '
                f'<span class="dim">{esc(found.get("date", ""))}</span>')

    verdict = item.get("verdict") or {}
    said = ("✓ warned" if verdict.get("warned") else "✗ missed") + (", named it" if verdict.get("named") else "")
    return (f'<tr><td>{commit("original") if item.get("original") else commit("revert")}</td>'
            f'<td>{commit("reattempt")} <span class="dim">{esc(item.get("days_after_revert", ""))} days after the '
            f'revert</span></td><td>{esc(said)}</td></tr>')
