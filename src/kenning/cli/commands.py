"""The CLI's command handlers: each parses nothing, calls one ``app`` function and renders.

Part of the launcher: ``kenning.cli.spec`` declares each command and names its handler here.
"""

from __future__ import annotations

import json
import os
import sys

from kenning.app.project import find_project

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any


def _print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def _here() -> Path:
    """The working folder as pathlib's ``Path``, for the commands that build paths from it. The
    gate (``precheck``) takes ``os.getcwd()``: it never loads pathlib (about 5 ms of imports)."""
    from pathlib import Path

    return Path.cwd()


def _say(message: str) -> None:
    sys.stderr.write(f"ken: {message}\n")


def init(args: argparse.Namespace) -> int:
    from kenning.app.setup.git_hooks import ken_executable
    from kenning.app.setup.init import init as run_init
    from kenning.app.setup.mcp_clients import setup_text

    project, changes = run_init(_here(), private=args.private, hooks=not args.no_hooks,
                                backfill=not args.no_backfill, backfill_days=args.backfill_days,
                                now=args.now, register=not args.no_register)
    if args.json:
        _print_json(init_report(project.root, changes, ken_executable()))
        return 0
    for path, what in changes:
        print(f"{what:>9}  {path}")
    print(f"kenning is set up in {project.root}. Next: `ken issue \"...\"` when something breaks, "
          "`ken summary` to read the memory.\n")
    sys.stdout.write(setup_text(ken_executable()))
    return 0


def init_report(root: Path, changes: list[tuple[str, str]], ken: str) -> dict[str, Any]:
    """``ken init --json``: every change, and the same changes by kind (files, hooks, the
    events derived from git, git's commit-graph, the registry)."""
    from kenning.app.setup.init import PATH_FILTERS

    derived = next((int(what) for path, what in changes if path == "events derived from git history"), None)
    return {
        "root": str(root),
        "changes": [{"path": path, "what": what} for path, what in changes],
        "files": {path: what for path, what in changes
                  if not path.startswith(("git hook ", "project registry: ", PATH_FILTERS))
                  and path != "events derived from git history"},
        # git's commit-graph with changed-path filters: started (in the background), running,
        # unchanged, skipped; None when init read no history
        "commit_graph": next((what for path, what in changes if path.startswith(PATH_FILTERS)), None),
        "hooks": {path[len("git hook "):]: what for path, what in changes if path.startswith("git hook ")},
        "events_derived": derived,
        "registered": next((path.split(": ", 1)[1] for path, _ in changes if path.startswith("project registry: ")),
                           None),
        "mcp_server": {"command": ken, "args": ["mcp"]},  # what `ken init` prints for each MCP client
    }


def setup(args: argparse.Namespace) -> int:
    from kenning.app.setup import agent_setup

    project = find_project()
    act = agent_setup.undo if args.undo else agent_setup.setup
    rows = act(project, args.agent, dry_run=args.dry_run)
    if args.json:
        _print_json({"dry_run": args.dry_run, "undo": args.undo, "files": rows})
        return 0
    for row in rows:
        what = f"would be {row['change']}" if args.dry_run and row["change"] != "unchanged" else row["change"]
        print(f"{row['agent']:<7} {what:>9}  {row['file']}")
    if not rows:
        print("nothing to undo" if args.undo else "nothing to wire")
    return 0


def backfill(args: argparse.Namespace) -> int:
    from kenning.app.capture.backfill import backfill as run_backfill
    from kenning.core.text import plural

    result = run_backfill(find_project().require_initialized(), days=args.days, since=args.since, now=args.now)
    if args.json:
        _print_json(result)
    else:
        print(f"derived {plural(result['added'], 'more event')}; history read from {result['start']}, "
              f"reverts from {result['reverts_from']}")
    return 0


def audit(args: argparse.Namespace) -> int:
    from kenning.app.gate.audit import audit as run_audit
    from kenning.cli.render import audit_text

    report = run_audit(_here(), since=args.since, controls=args.controls, now=args.now)
    if args.json:
        _print_json(report)
    else:
        sys.stdout.write(audit_text(report))
    return 0


_FIELDS = {"issue": "issue", "attempt": "attempt", "fix": "fix", "decide": "decision", "note": "note"}


def write(args: argparse.Namespace) -> int:
    from kenning.app.record import record

    project = find_project().require_initialized()
    fields = {
        "type": _FIELDS[args.command], "summary": args.summary, "details": _details(args),
        "location": args.at, "issue_id": getattr(args, "issue", None),
        "outcome": getattr(args, "outcome", None), "supersedes": getattr(args, "supersedes", None),
        "lesson": getattr(args, "lesson", False) or None, "source": "cli", "actor": "human",
        "diff": getattr(args, "diff", False) or None,
    }
    result = record(project, fields, cwd=_here(), now=args.now, force=args.force)
    if result.redacted:
        _say(f"redacted before writing: {', '.join(result.redacted)}")
    for notice in result.notices:
        _say(notice)
    event = result.event
    if args.json:
        _print_json(event.as_dict())
    elif event.type == "issue":
        print(f"#{event.issue_id} {event.id}")
    else:
        print(event.id)
    return 0


def forget(args: argparse.Namespace) -> int:
    from kenning.app.forget import forget as run_forget

    result = run_forget(find_project().require_initialized(), args.event_id, args.reason, now=args.now)
    if result["redacted"]:
        _say(f"redacted before writing: {', '.join(result['redacted'])}")
    for notice in result["notices"]:
        _say(notice)
    if args.json:
        _print_json(result)
    else:
        gone = result["forgotten"]
        print(f"forgot {gone['type']} {gone['id']} ({gone['summary']}) with {result['event']['id']}; "
              "the log keeps its line")
    return 0


def _details(args: argparse.Namespace) -> str | None:
    """``--details TEXT``; ``--details -`` reads standard input, ``--details-file PATH`` a file:
    either must be UTF-8 text (a leading byte-order mark is dropped)."""
    from kenning.core.errors import InvalidInput
    from kenning.core.events import MAX_DETAILS

    if args.details_file is None and args.details != "-":
        given: str | None = args.details
        return given
    source: str = "-" if args.details_file is None else args.details_file
    what = "standard input" if source == "-" else f"--details-file {source!r}"
    limit = 4 * MAX_DETAILS + 4  # bytes: more cannot be MAX_DETAILS characters of UTF-8
    data = _read_bytes(source, what, limit)
    if len(data) >= limit:
        raise InvalidInput(f"{what} holds more than {MAX_DETAILS:,} characters, the most details can hold; "
                           "attach the part that matters")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InvalidInput(f"{what} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start}); "
                           "convert it with `iconv -t UTF-8`") from err


def _read_bytes(source: str, what: str, limit: int) -> bytes:
    """At most ``limit`` bytes of standard input (``-``) or of the file ``source``."""
    from kenning.app.inputs import read_bytes

    if source == "-" and sys.stdin is not None and sys.stdin.isatty():
        _say("reading the details from standard input; end them with Ctrl-D")
    return read_bytes(source, "--details -" if source == "-" else what, limit)


def show(args: argparse.Namespace) -> int:
    from kenning.app.views.read import show as run_show
    from kenning.cli.render import render_show

    result = run_show(find_project(), args.ref)
    _print_json(result) if args.json else sys.stdout.write(render_show(result))
    return 0


def issues(args: argparse.Namespace) -> int:
    from kenning.app.views.read import issues as run_issues
    from kenning.cli.render import render_issues

    result = run_issues(find_project(), include_done=args.all)
    _print_json(result) if args.json else sys.stdout.write(render_issues(result, args.all))
    return 0


def search(args: argparse.Namespace) -> int:
    from kenning.app.views.read import search as run_search
    from kenning.cli.render import render_events

    result = run_search(find_project(), args.query, args.type, args.at, args.limit, cwd=_here())
    _print_json(result) if args.json else sys.stdout.write(render_events(result) or "no matching events\n")
    return 0


def summary(args: argparse.Namespace) -> int:
    from kenning.app.views.summary import summary as run_summary

    text = run_summary(find_project(), full=args.full)
    _print_json({"summary": text}) if args.json else sys.stdout.write(text)
    return 0


def regenerate(args: argparse.Namespace) -> int:
    from kenning.app.views.summary import regenerate as run_regenerate

    text = run_regenerate(find_project().require_initialized())
    print(f"rebuilt the index and .kenning/summary.md ({len(text):,} characters)")
    return 0


def plan(args: argparse.Namespace) -> int:
    from kenning.app.views import plan as plan_app

    project = find_project()
    if args.idea is not None:
        idea, redacted = plan_app.add_idea(project, args.idea)
        if redacted:
            _say(f"redacted before writing: {', '.join(redacted)}")
        _print_json({"added": idea, "file": ".kenning/plan.md", "section": "Ideas"}) if args.json else print(
            f"added to the Ideas in .kenning/plan.md: {idea}")
        return 0
    text = plan_app.read(project)
    _print_json({"plan": text}) if args.json else sys.stdout.write(text)
    return 0


def instructions(args: argparse.Namespace) -> int:
    from kenning.app.setup.texts import installed_instructions as run_instructions

    text = run_instructions(find_project())
    _print_json({"instructions": text}) if args.json else sys.stdout.write(text)
    return 0


def project_map(args: argparse.Namespace) -> int:
    from kenning.app.views import codemap
    from kenning.cli.render import render_code_structure, render_codemap_build

    project = find_project()
    if args.build:
        report = codemap.build(project, now=args.now)
        _print_json(report) if args.json else sys.stdout.write(render_codemap_build(report))
        return 0
    from kenning.app.views.project_map import read as run_map

    text, structure = run_map(project), codemap.structure(project)
    if args.json:  # the map exactly as the file holds it; the code structure beside it, when built
        _print_json({"map": text, **({"code_structure": structure} if structure else {})})
    else:
        sys.stdout.write(text + (render_code_structure(structure) if structure else ""))
    return 0


def stats(args: argparse.Namespace) -> int:
    from kenning.app.views.stats import stats as run_stats
    from kenning.cli.render import render_stats

    result = run_stats(find_project().require_initialized())
    _print_json(result) if args.json else sys.stdout.write(render_stats(result))
    return 0


def visualize(args: argparse.Namespace) -> int:
    from kenning.app.views.visualize import visualize as run_visualize
    from kenning.page.project import render_project

    result = run_visualize(find_project(), render_project, _output(args.output), now=args.now)
    _show_page(result, args)
    return 0


def dashboard(args: argparse.Namespace) -> int:
    from kenning.app.views.dashboard import dashboard as run_dashboard
    from kenning.page.dashboard import render_dashboard

    result = run_dashboard(render_dashboard, _output(args.output), now=args.now)
    _show_page(result, args)
    return 0


def _output(given: str | None) -> Path | None:
    from pathlib import Path

    return _here() / Path(given).expanduser() if given else None


def _show_page(result: dict[str, Any], args: argparse.Namespace) -> None:
    """Say where the page is (``--json``: with the data it shows); open it when asked."""
    if args.json:
        _print_json(result)
    else:
        print(f"wrote {result['output']} ({result['bytes'] / 1024:,.0f} KB); open it in a browser")
    if getattr(args, "open", False):
        import webbrowser
        from pathlib import Path

        webbrowser.open(Path(result["output"]).resolve().as_uri())


REDACT_MAX = 16 << 20  # bytes of standard input `ken redact` takes


def redact(args: argparse.Namespace) -> int:
    from kenning.app.inputs import read_stdin
    from kenning.app.redact import redact_text

    data = read_stdin(REDACT_MAX, "ken redact").decode("utf-8", "replace")  # held whole, scrubbed thrice at most
    result = redact_text(data, _here())
    sys.stdout.write(result.text)
    if result.kinds:
        _say(f"redacted: {', '.join(result.kinds)}")
    return 0


def verify(args: argparse.Namespace) -> int:
    from kenning.app.citations import verify as run_verify
    from kenning.cli.render import render_verify

    report = run_verify(find_project(), args.ids)
    _print_json(report) if args.json else sys.stdout.write(render_verify(report))
    changed = report["counts"]["changed"] + report["counts"]["gone"]
    return 1 if args.strict and changed else 0


def doctor(args: argparse.Namespace) -> int:
    from kenning.app.team.doctor import doctor as run_doctor
    from kenning.cli.render import render_doctor

    report = run_doctor(find_project(), now=getattr(args, "now", None), fix=args.fix)
    _print_json(report) if args.json else sys.stdout.write(render_doctor(report))
    return 1 if report["problems"] else 0  # scripts and CI read the verdict; information never fails them


def precheck(args: argparse.Namespace) -> int:
    from kenning.app.gate import precheck as gate_app
    from kenning.core.errors import InvalidInput

    project = find_project().require_initialized()
    if args.snooze is not None and args.unsnooze:
        raise InvalidInput("--snooze and --unsnooze cannot go together: snooze the warnings, or end the snoozes")
    if args.quiet and args.json:
        raise InvalidInput("--quiet prints nothing and --json prints the report: choose one")
    recorded = None
    if args.snooze is not None:
        recorded = gate_app.snooze(project, args.paths, args.snooze, args.reason, cwd=_here(), now=args.now)
    elif args.unsnooze:
        recorded = gate_app.unsnooze(project, args.paths, args.reason, cwd=_here(), now=args.now)
    if recorded is not None and not args.quiet:
        if recorded.redacted:
            _say(f"redacted before writing: {', '.join(recorded.redacted)}")
        event = recorded.event
        _say(f"ended the snoozes on these files ({event.id})" if args.unsnooze
             else f"snoozed until {event.get('until')} ({event.id})")
    result = gate_app.precheck(project, args.paths, cwd=os.getcwd(), now=args.now, staged=not args.paths)
    if not args.quiet:
        for notice in result.notices:
            _say(notice)
        _print_json(result.report.to_json()) if args.json else sys.stdout.write(result.text(args.lines))
    return 1 if args.strict and result.report.severity == "block" else 0


def context(args: argparse.Namespace) -> int:
    from kenning.app.views.context import context as run_context

    result = run_context(find_project(), args.tokens, [*args.paths, *args.at], cwd=_here(), now=args.now)
    _print_json(result.to_json()) if args.json else sys.stdout.write(result.text)
    return 0


def brief(args: argparse.Namespace) -> int:
    from kenning.app.views.context import brief as run_brief
    from kenning.core.views.brief import render

    result = run_brief(find_project(), now=args.now)
    for notice in result.notices:
        _say(notice)
    _print_json(result.to_json()) if args.json else sys.stdout.write(render(result))
    return 0


def score(args: argparse.Namespace) -> int:
    from kenning.app.gate.score import score as run_score
    from kenning.cli.render import render_score

    result = run_score(find_project(), since=args.since, now=args.now)
    _print_json(result) if args.json else sys.stdout.write(render_score(result))
    return 0


def _project_if_any() -> Any:
    """The initialized project here, or None: machine-wide commands work anywhere."""
    from kenning.core.errors import KenError

    try:
        project = find_project()
    except KenError:
        return None
    return project if project.initialized else None


def export(args: argparse.Namespace) -> int:
    from kenning.app.views.agent_block import block
    from kenning.app.views.agent_block import export as run_export

    project = find_project().require_initialized()
    if args.jsonl or args.markdown:
        return _export_log(project, args)
    targets = [name for name, chosen in (("claude", args.claude_md), ("agents", args.agents_md),
                                         ("cursor", args.cursor)) if chosen]
    if args.stdout and not targets:  # the block alone, for a file kenning does not know
        text = block(project, args.tokens)
        _print_json({"block": text}) if args.json else sys.stdout.write(text)
        return 0
    report = run_export(project, targets, args.tokens, write=not args.stdout)
    if args.stdout:
        _print_json({"files": report}) if args.json else sys.stdout.write("\n".join(e["text"] for e in report))
        return 0
    report = [{k: v for k, v in entry.items() if k != "text"} for entry in report]
    if args.json:
        _print_json({"files": report})
    for entry in report if not args.json else []:
        state = "updated" if entry["changed"] else "unchanged"
        print(f"{state:>9}  {entry['file']} (kenning export block, {entry['block_chars']:,} characters)")
    return 0


def _export_log(project: Any, args: argparse.Namespace) -> int:
    """``ken export --jsonl|--markdown``: the log itself, or a report of it, to stdout or -o FILE."""
    from kenning.app.team.log_export import export_log, output_path, save
    from kenning.core.errors import InvalidInput

    if args.claude_md or args.agents_md or args.cursor or args.json or (args.stdout and args.output):
        raise InvalidInput("--jsonl and --markdown print the log (or write it to -o FILE); they go without "
                           "--claude-md, --agents-md, --cursor and --json")
    target = output_path(args.output, root=project.root) if args.output else None
    result = export_log(project, "jsonl" if args.jsonl else "markdown", args.type or (), args.since, args.path,
                        cwd=_here())
    if target:
        save(target, result.text, project.root)
        _say(f"wrote {result.events} of {result.total} events to {target}")
    else:
        sys.stdout.write(result.text)
    return 0


def import_log(args: argparse.Namespace) -> int:
    from kenning.app.team.importing import import_file
    from kenning.cli.render import render_import

    report = import_file(find_project().require_initialized(), args.source_format, args.file,
                         dry_run=args.dry_run, lessons=not args.no_lessons)
    lessons = report["lessons"] or {"skipped": []}
    for skip in [*report["skipped"], *lessons["skipped"]]:
        _say(f"{skip.get('file', report['file'])} line {skip['line']}: {skip['reason']}; skipped")
    if report["redacted"] and not args.dry_run:
        _say(f"redacted before writing: {', '.join(report['redacted'])}")
    _print_json(report) if args.json else sys.stdout.write(render_import(report))
    return 0


def validate(args: argparse.Namespace) -> int:
    from kenning.app.team.validate import validate as run_validate
    from kenning.core.text import plural

    report = run_validate(args.file, cwd=_here())
    if args.json:
        _print_json(report)
    else:
        for problem in report["problems"]:
            print(f"{problem['line']}: {problem['problem']}")
        _say(f"{report['file']}: {plural(report['lines'], 'line')}, {plural(report['events'], 'valid event')}, "
             f"{plural(len(report['problems']), 'problem')}")
    return 1 if report["problems"] else 0  # scripts and CI read the verdict from the exit code


_PROJECTS_NEED = {
    "add": "`ken projects add` needs the PATH of a repository to register",
    "remove": "`ken projects remove` needs a project: NAME, ALIAS or PATH (`ken projects list` shows them)",
    "use": "`ken projects use` needs a project: NAME, ALIAS or PATH (`ken projects list` shows them), "
           "or --clear to have none active",
}


def projects(args: argparse.Namespace) -> int:
    from kenning.app.setup import registry
    from kenning.cli.render import render_projects
    from kenning.core.errors import InvalidInput

    if args.action != "add" and (args.name or args.alias):
        raise InvalidInput("--name and --alias go with `ken projects add`")
    if args.clear and (args.action != "use" or args.target):
        raise InvalidInput("--clear goes alone with `ken projects use` (it forgets the active project)")
    if args.action == "list" and args.target:
        raise InvalidInput(f"`ken projects list` takes no project (got {args.target!r})")
    if args.action != "list" and not args.target and not args.clear:
        raise InvalidInput(_PROJECTS_NEED[args.action])
    if args.clear:
        was = registry.clear_active()
        _say(f"no active project now (it was {was['name']})" if was else "no active project (none was set)")
    elif args.action == "add":
        from pathlib import Path

        entry = registry.register(find_project(Path(args.target).expanduser().absolute()).root,
                                  name=args.name, aliases=args.alias)
        _say(f"registered {entry['name']} ({entry['path']})")
    elif args.action in ("remove", "use"):
        entry = (registry.remove if args.action == "remove" else registry.use)(args.target)
        _say(f"{'removed' if args.action == 'remove' else 'active project:'} {entry['name']} ({entry['path']})")
    if args.action == "list" or args.json:
        result = registry.entries()
        _print_json(result) if args.json else sys.stdout.write(render_projects(result))
    return 0


def mcp(args: argparse.Namespace) -> int:
    try:
        from kenning.mcp.server import serve
    except ModuleNotFoundError as err:
        if (err.name or "").partition(".")[0] != "mcp":
            raise
        from kenning.app.setup.installation import reinstall_command
        from kenning.core.errors import package_missing

        raise package_missing("`ken mcp` (the MCP server)", "mcp", reinstall_command()) from err
    from pathlib import Path

    return serve(Path(args.root) if args.root else None)


def hooks(args: argparse.Namespace) -> int:
    from kenning.app.gate import tool_calls
    from kenning.app.setup import git_hooks

    project = find_project().require_initialized()
    if args.agent == "cursor":  # a flat hooks file of its own shape, and a rule (app.setup.agent_setup)
        from kenning.app.setup.agent_setup import cursor_hooks

        done = cursor_hooks(project, args.action)
        if args.json:
            _print_json({"agent": "cursor", "files": [{"file": str(path), "status": what} for path, what in done]})
        for path, what in [] if args.json else done:
            print(f"cursor         {what}: {path}")
        return 0
    if args.agent and args.action != "status":
        change = tool_calls.install if args.action == "install" else tool_calls.uninstall
        path, changed = change(project, args.agent)
        note = tool_calls.AFTER_INSTALL.get(args.agent) if changed and args.action == "install" else None
        if args.json:
            _print_json({"agent": args.agent, "file": str(path), "changed": changed, "note": note})
        else:
            print(f"{args.action}ed kenning's {args.agent} hooks in {path}" if changed else f"{path} unchanged")
            if note:
                print(note)
        return 0
    found = [] if args.agent else (git_hooks.install(project, required=True) if args.action == "install" else {
        "uninstall": git_hooks.uninstall, "status": git_hooks.status}[args.action](project))
    agents = tool_calls.states(project, args.agent) if args.action == "status" else []
    if args.json:
        git = {} if args.agent else {"git": [{"hook": name, "status": what} for name, what in found],
                                     "hooks_folder": str(git_hooks.hooks_folder(project))}
        _print_json({**git, "agents": agents})
        return 0
    for name, what in found:
        print(f"{name:<14} {what}")
    if not args.agent:
        print(f"hooks folder: {git_hooks.hooks_folder(project)}")
    for state in agents:
        print(f"{state['agent']:<14} {tool_calls.describe(state)}")
    return 0


def hook(args: argparse.Namespace) -> int:
    from kenning.hooks import entry as hook_entry

    return hook_entry.run(args.name, args.agent)


def watch(args: argparse.Namespace) -> int:
    from kenning.cli.watch import watch as run_watch

    if (args.saves is not None and args.saves < 2) or (args.window is not None and not 0 < args.window < 86400):
        from kenning.core.errors import InvalidInput

        raise InvalidInput("--saves must be at least 2 and --window between 0 and 86400 seconds")
    run_watch(find_project().require_initialized(), args.saves, args.window)
    return 0


def status(args: argparse.Namespace) -> int:
    from kenning.app.views.status import status as run_status
    from kenning.cli.render import render_status

    report = run_status(find_project())
    _print_json(report) if args.json else sys.stdout.write(render_status(report))
    return 0


def wrap(args: argparse.Namespace) -> int:
    from kenning.app.views.wrap import wrap as run_wrap

    return run_wrap(find_project(), args.argv)
