"""Text rendering for the CLI's read commands: one event per line, ids first, newest first.

Part of the CLI surface. Event text is flattened onto one line, as in the summary.
"""

from __future__ import annotations

from kenning.core.text import one_line, plural, plural_of, where

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any



def event_line(event: dict[str, Any]) -> str:
    kind = event.get("type", "?")
    label = kind
    if kind == "attempt":
        label = f"attempt/{event.get('outcome', '?')}"
    if kind == "issue":
        label = f"issue #{event.get('issue_id', '?')}"
    status = " [superseded]" if event.get("status") == "superseded" else ""
    date = str(event.get("timestamp", ""))[:10]
    return (f"{event.get('id', '?')}  {date}  {label}{status}: {one_line(str(event.get('summary', '')))}{where(event)}"
            f"{_code_tag(event)}")


def _code_tag(event: dict[str, Any]) -> str:
    """`` [code changed]`` after a memory whose cited code is not as it was (``ken show ID`` and
    ``ken verify`` say more); nothing when it cites none or its code is verified."""
    code = event.get("code")
    status = code.get("status") if isinstance(code, dict) else None
    return f" [code {status}]" if status in ("moved", "changed", "gone") else ""


def render_events(events: list[dict[str, Any]]) -> str:
    return "".join(event_line(e) + "\n" for e in events)


def render_issues(issues: list[dict[str, Any]], include_done: bool) -> str:
    if not issues:
        return "no issues recorded\n" if include_done else "no open issues\n"
    lines = []
    for issue in issues:
        counts = issue.get("attempts", {})
        tried = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))
        tried = f" [{tried}]" if tried else ""
        lines.append(f"#{issue.get('issue_id')}  {issue.get('status'):<4}  "
                     f"{one_line(str(issue.get('summary', '')))}{where(issue)}{tried}")
    return "\n".join(lines) + "\n"


def render_show(result: dict[str, Any]) -> str:
    if "event" in result:
        event = result["event"]
        lines = [event_line(event)]
        if event.get("superseded_by"):
            lines.append(f"  superseded by: {', '.join(event['superseded_by'])}")
        if isinstance(event.get("code"), dict):
            from kenning.core.citations import status_words

            lines.append(f"  code: {status_words(event['code'])}")
        if event.get("details"):
            lines += ["", str(event["details"])]
        return "\n".join(lines) + "\n"
    issue = result["issue"]
    lines = [f"#{result['issue_id']} ({result['status']}): {one_line(str(issue.get('summary', '')))}{where(issue)}",
             f"  opened {issue.get('timestamp', '')}  {issue.get('id')}"]
    if issue.get("details"):
        lines.append(f"  details: {one_line(str(issue['details']))}")
    for label, key in (("attempts", "attempts"), ("fixes", "fixes"), ("related", "related")):
        if result.get(key):
            lines.append(f"{label}:")
            lines += [f"  {event_line(e)}" for e in result[key]]
    return "\n".join(lines) + "\n"


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in value.items()) or "none"
    return str(value)


def render_score(score: dict[str, Any]) -> str:
    """The counts, then the estimates under their own heading, each with its formula."""
    counts = {k: v for k, v in score.items() if k not in ("estimates", "estimates_note", "gate_since")}
    gate = dict(counts.pop("gate", {}) or {})
    per_file = gate.pop("files", {})
    lines = [f"{key.replace('_', ' ')}: {_plain(value)}" for key, value in counts.items()]
    since = f" since {score['gate_since']}" if score.get("gate_since") else ""
    lines.append(f"gate{since}: {_plain(gate)} ({plural(len(per_file), 'file')} checked)")
    lines += ["", f"Estimates ({score.get('estimates_note', 'not measurements')}):"]
    for item in score.get("estimates", []):
        lines.append(f"  {item['name'].replace('_', ' ')} (estimate): {item['value']} = {item['formula']}")
        lines.append(f"    assumes {item['assumption']}")
        if item.get("counted"):
            lines.append(f"    counted {item['counted']}")
    return "\n".join(lines) + "\n"


def _bytes(count: int) -> str:
    if count < 1024:
        return f"{count:,} bytes"
    return f"{count / 1024:,.1f} KB" if count < 1024**2 else f"{count / 1024**2:,.1f} MB"


def render_stats(stats: dict[str, Any]) -> str:
    """``ken stats``: the memory's size, one figure a line, the most cited files under theirs."""
    by_type = ", ".join(plural(n, kind) for kind, n in stats["by_type"].items()) or "none"
    lines = [f"events      {stats['events']:,} ({stats['hand_written']:,} written by hand, "
             f"{stats['derived_from_git']:,} derived from git)",
             f"by type     {by_type}",
             f"issues      {stats['open_issues']:,} open, {stats['done_issues']:,} done",
             f"decisions   {stats['decisions']:,} recorded, {stats['standing_decisions']:,} standing",
             f"lessons     {stats['lessons']:,} marked in this memory, {stats['lessons_listed']:,} listed by "
             "`ken lessons` here",
             f"key files   {plural(stats['key_files'], 'file')} cited by events"]
    lines += [f"              {one_line(item['path'])} ({plural(item['events'], 'event')})"
              for item in stats["top_files"]]
    lines += [f"log         .kenning/events.jsonl, {_bytes(stats['log_bytes'])}",
              f"index       .kenning/cache/index.sqlite, {_bytes(stats['index_bytes'])} (derived: safe to delete)"]
    return "\n".join(lines) + "\n"


def render_verify(report: dict[str, Any]) -> str:
    from kenning.core.citations import STATUSES, status_words

    found = report["citations"]
    if not found:
        return "no memory cites lines of code (write one with --at PATH:LINE or PATH:START-END)\n"
    lines = [f"{item['status']:<8}  {item['id']}  {one_line(str(item.get('summary', '')), 80)}\n"
             f"          code {status_words(item)}" for item in found]
    counts = ", ".join(f"{report['counts'][status]} {status}" for status in STATUSES)
    lines.append(f"{plural(len(found), 'memory')} citing code: {counts}")
    return "\n".join(lines) + "\n"


def render_doctor(report: dict[str, Any]) -> str:
    """``ken doctor``: what --fix did, one line per problem (with its line number when it has
    one), the information, the harmless leftovers of merges, what is fine, then the count."""
    lines = [f"fixed: {done}" for done in report["fixed"]]
    lines += [f"{problem['kind']}: {problem['message']}" for problem in report["problems"]]
    lines += [f"information: {item['kind']}: {item['message']}" for item in report["information"]]
    lines += [f"harmless: {item['kind']}: {item['message']}" for item in report["harmless"]]
    merge = report["merge"]
    if merge.get("checked") and set(merge["attributes"].values()) == {"union"} and not merge["driver"]:
        lines.append(f"merge ok: {' and '.join(merge['attributes'])} merge as a union "
                     "(git's built-in driver: nothing to configure)")
    if merge.get("error"):
        lines.append(f"merge not checked: {merge['error']}")
    lines += [f"mcp ok: {c['client']}: {c['message']}" for c in report["mcp_clients"] if c["status"] == "ok"]
    lines += [f"agent hook ok: {run['agent']} {run['event']}: {run['command']}"
              for run in report["agent_hooks"] if run["status"] == "ok"]
    counts = report.get("memories") or {}
    if counts:
        lines.append("memories: " + ", ".join(f"{n} {name}" for name, n in counts.items()))
    harmless = f", {len(report['harmless'])} harmless" if report["harmless"] else ""
    known = f", {len(report['information'])} for information" if report["information"] else ""
    lines.append(f"{plural(report['events'], 'event')} checked, {plural(len(report['problems']), 'problem')}"
                 f"{known}{harmless}")
    return "\n".join(lines) + "\n"


def render_lessons(lessons: list[dict[str, Any]], library: str | None) -> str:
    from kenning.core.lessons.rules import line

    if not lessons:
        if library:
            return f"no lessons about {library} on this machine\n"
        return ("no lessons for this project's stack yet (failed attempts naming a declared library, "
                "and notes marked --lesson, become lessons)\n")
    return "".join(f"{lesson['id']}  {line(lesson)}\n" for lesson in lessons)


def render_projects(entries: list[dict[str, Any]]) -> str:
    if not entries:
        return "no projects registered: run `ken init` in a repository, or `ken projects add PATH`\n"
    lines = []
    for e in entries:
        extra = f"  aliases: {', '.join(e['aliases'])}" if e.get("aliases") else ""
        extra += "" if e.get("initialized", True) else "  (kenning not set up: run `ken init` there)"
        lines.append(f"{'*' if e.get('active') else ' '} {e['name']:<20} {e['path']}{extra}")
    return "\n".join(lines) + "\n"


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f} %"


def _found_by(found: dict[str, Any]) -> str:
    """How the re-attempts were found, every kind named so the parts add up to the whole (a
    report kept by an older version has no ``by_subject``: none counted)."""
    return (f"{found.get('by_message', 0)} announced, {found.get('by_subject', 0)} repeating the reverted subject, "
            f"{found.get('by_diff', 0)} by a similar diff")


def audit_text(report: dict[str, Any]) -> str:
    """``ken audit``'s report: the figures against their goals, then each re-attempt."""
    found, controls, goals = report["reattempts"], report["controls"], report["goals"]
    files = found["files"]
    row = "  {:<31}{:>4} / {:<4} {:>8}"
    timing = report["check_ms"]
    lines = [
        f"ken audit of {report['repository']} since {report['since'][:10]}: {plural(report['commits_read'], 'commit')} "
        f"read, {plural(report['reverts'], 'revert')}, {plural(found['found'], 're-attempt')} "
        f"({_found_by(found)})",
        "",
        row.format("warned before the re-attempt", found["warned"], found["found"], _percent(found["recall"]))
        + f"   goal >= {goals['recall'] * 100:.0f} %",
        row.format("named the reverted change", found["named"], found["found"], _percent(found["attribution"]))
        + f"   goal >= {goals['attribution'] * 100:.0f} %",
        row.format("files of re-attempts warned", files["warned"], files["checked"],
                   _percent(files["warned"] / files["checked"] if files["checked"] else None)),
        row.format("revert warning on a control", controls["revert_warning"], controls["replayed"],
                   _percent(controls["noise"])) + f"   goal <= {goals['noise'] * 100:.0f} %",
        row.format("any warning on a control", controls["any_warning"], controls["replayed"],
                   _percent(controls["any_noise"])),
        f"  time per check (in process)    median {timing['median']} ms, p95 {timing['p95']} ms",
        "",
    ]
    for item in report["items"]:
        verdict = item["verdict"]
        mark = "named " if verdict["named"] else "warned" if verdict["warned"] else "MISSED"
        lines.append(f"{mark} {item['reattempt']['date']} {item['reattempt']['sha'][:10]} "
                     f"{one_line(item['reattempt']['subject'], 70)} [{item['found_by']}]")
        lines.append(f"       reverted {item['revert']['date']} {item['revert']['sha'][:10]} "
                     f"{one_line(item['revert']['subject'], 70)}")
        if verdict["first_line"]:
            lines.append(f"       gate ({verdict['files_warned']} of {verdict['files_checked']} files): "
                         f"{one_line(verdict['first_line'], 100)}")
    for noisy in report["noisy_controls"]:
        commit = noisy["commit"]
        lines.append(f"noise  {commit['date']} {commit['sha'][:10]} {one_line(commit['subject'], 70)}")
        files = noisy.get("files") or []
        on = f" on {', '.join(files[:2])}{f' and {len(files) - 2} more' if len(files) > 2 else ''}" if files else ""
        lines.append(f"       gate{on}: {one_line(noisy['first_line'], 110)}")
    return "\n".join(lines) + "\n"


def render_status(report: dict[str, Any]) -> str:
    """``ken status``: the project, its memory, then each wire (git hooks, agent hooks, MCP)."""
    project = report["project"]
    where = (f"registered as {project['name']}" if project["registered"]
             else "not registered (`ken projects add .`)")
    active = project["active_project"]
    where += "; the active project" if project["active"] else f"; active project: {active or 'none'}"
    serves = project["mcp_serves"]
    lines = [f"project      {project['root']} ({where})",
             f"             an MCP server started here serves {serves.get('name') or '?'}"
             if "error" not in serves else f"             an MCP server started here: {serves['error']}"]
    lines += _status_memory(report["memory"], report["git_history"], project["initialized"])
    hooks = report["git_hooks"]
    lines.append(f"git hooks    {hooks.get('folder') or hooks.get('error')}")
    if hooks.get("refusal"):
        lines.append(f"             {hooks['refusal']}")
    for hook in hooks["hooks"]:
        chained = f" -> then {hook['chained']}" if hook.get("chained") else ""
        lines.append(f"  {hook['hook']:<14}{hook['status']}{chained}")
    lines.append("agent hooks")
    for agent in report["agent_hooks"]:
        lines.append(f"  {agent['agent']:<14}{agent['status']}")
        for command in agent["commands"]:
            runs = (f"runs {command['runs']}" if command["runs"]
                    else "NOT FOUND: `ken` is not on PATH (the hook does nothing)")
            lines.append(f"  {'':<14}{command['event']}: `{command['command']}` {runs}")
    clients = report["mcp_clients"]
    lines.append("mcp clients" + ("" if clients else "  none configured (`ken init` prints the entries to add)"))
    for client in clients:
        lines.append(f"  {client['client']:<20}{client['status']:<8} {client['message']}")
    return "\n".join(lines) + "\n"


def _status_memory(memory: dict[str, Any] | None, history: dict[str, Any] | None, initialized: bool) -> list[str]:
    if not initialized:
        return ["memory       kenning is not set up here: run `ken init`"]
    if memory is None or "error" in memory:
        return [f"memory       unreadable: {(memory or {}).get('error', '?')}"]
    torn = ", an incomplete last line" if memory["torn_tail"] else ""
    summary = "present" if memory["summary"]["exists"] else "missing (`ken summary` writes it)"
    lines = [f"memory       {memory['log']}: {plural(memory['events'], 'event')}, "
             f"{plural(memory['unreadable_lines'], 'unreadable line')}{torn} (`ken doctor` lists them)"
             if memory["unreadable_lines"] or torn else
             f"memory       {memory['log']}: {plural(memory['events'], 'event')}, all readable",
             f"             index {memory['index']['path']}: {memory['index']['state']}; "
             f"{memory['summary']['path']}: {summary}"]
    lines += [f"             warning: {w}" for w in memory["warnings"]]
    if memory["config_error"]:
        lines.append(f"config       {memory['config_error']}")
    if history is None:
        lines.append("git history  not read yet (the next command derives events from it)")
    else:
        moved = "up to date with HEAD" if history["up_to_date"] else "HEAD has moved since (the next read catches up)"
        lines.append(f"git history  {plural(history['events'], 'event')} derived from commits since "
                     f"{history['start'][:10]} (reverts since {history['reverts_from'][:10]}); {moved}; "
                     "`ken backfill --days N` reads further back")
    return lines


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun if n == 1 else plural_of(noun)}"


def _languages(counts: dict[str, int]) -> str:
    return ", ".join(f"{lang} {n:,}" for lang, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def render_codemap_build(report: dict[str, Any]) -> str:
    """``ken map --build``: what was built, what was read again, and where it is kept."""
    languages = f"; {_languages(report['languages'])}" if report["languages"] else ""
    lines = [f"Code map: {_count(report['files'], 'file')} ({report['parsed']:,} read, {report['reused']:,} "
             f"unchanged), {_count(report['edges'], 'import edge')}{languages}."]
    if report["unresolved"]:
        lines.append(f"{_count(report['unresolved'], 'local import')} (relative imports, quoted includes, `mod`) "
                     "name no tracked file.")
    if report["skipped"]:
        lines.append(f"{_count(report['skipped'], 'file')} not read (over 1 MB, or binary): in the map, "
                     "without imports of their own.")
    if report["dropped"]:
        lines.append(f"{_count(report['dropped'], 'file')} gone since the last build, dropped.")
    lines.append(f"Saved in {report['cache']}; `ken map` lists the most imported files.")
    return "\n".join(lines) + "\n"


def render_code_structure(structure: dict[str, Any]) -> str:
    """The section ``ken map`` adds after the project map once a code map was built."""
    languages = f" ({_languages(structure['languages'])})" if structure["languages"] else ""
    lines = ["", "## Code structure", "",
             f"From `ken map --build` at {structure['built_at']}: {_count(structure['files'], 'file')}, "
             f"{_count(structure['edges'], 'import edge')}{languages}."]
    if structure["most_imported"]:
        lines += ["", "Most imported:"]
        lines += [f"- `{f['path']}`: imported by {_count(f['imported_by'], 'file')}"
                  for f in structure["most_imported"]]
    return "\n".join(lines) + "\n"


def render_import(report: dict[str, Any]) -> str:
    """``ken import``: what came in (or, in a dry run, would), by type; what was here already;
    how many lines were skipped (each is named on stderr); the lessons that came with it."""
    verb = "would add" if report["dry_run"] else "added"
    kinds = ", ".join(plural(n, kind) for kind, n in report["added"].items())
    added = plural(report["added_total"], "event") if report["added_total"] else "nothing new"
    line = f"{report['format']} {report['file']}: {verb} {added}"
    line += f" ({kinds})" if kinds else ""
    line += f"; {report['present']} already in the memory" if report["present"] else ""
    line += f"; {plural(len(report['skipped']), 'line')} skipped" if report["skipped"] else ""
    lines = [line + "."]
    if report["renamed_issues"]:
        lines.append("issue ids already used here, renamed: " + ", ".join(
            f"#{old} -> #{new}" for old, new in sorted(report["renamed_issues"].items())))
    lessons = report.get("lessons")
    if lessons and (lessons["added"] or lessons["present"] or lessons["skipped"]):
        lines.append(f"lessons from {lessons['folder']}: {verb} {lessons['added']} to the machine-wide store"
                     + (f"; {lessons['present']} already there" if lessons["present"] else "")
                     + (f"; {len(lessons['skipped'])} skipped" if lessons["skipped"] else "") + ".")
    if report["dry_run"]:
        lines.append("dry run: nothing was written.")
    return "\n".join(lines) + "\n"
