"""The launcher's ``ken lessons`` handlers: list, forget, add, export, import, prune, and the
team store's remote and sync. Each checks which arguments its action takes, calls one ``app``
function and renders; split from ``commands`` by noun, like it part of the launcher.
"""

from __future__ import annotations

import sys

from kenning.app.project import find_project
from kenning.cli.commands import _print_json, _project_if_any, _say
from kenning.core.defaults import LESSONS_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

# what each `ken lessons` action takes besides --json and --now; `ref` is its positional
_LESSON_TAKES = {"list": {"library", "limit"}, "forget": {"ref"}, "add": {"ref", "library"}, "export": {"ref"},
                 "import": {"ref"}, "prune": {"older_than", "dry_run"}, "remote": {"ref", "clear"}, "sync": set()}
_LESSON_NEEDS = {"forget": "a lesson id", "add": "the lesson's text", "export": "a file (- prints to stdout)",
                 "import": "a file", "prune": "--older-than AGE"}


def lessons(args: argparse.Namespace) -> int:
    from kenning.core.errors import InvalidInput

    action = args.action or "list"
    given = {k for k in ("ref", "library", "older_than", "dry_run", "clear") if getattr(args, k)}
    given |= {"limit"} if args.limit != LESSONS_LIMIT else set()
    extra = sorted(given - _LESSON_TAKES[action])
    if extra:
        what = f"{args.ref!r}" if extra == ["ref"] else "--" + extra[0].replace("_", "-")
        named = f"ken lessons {args.action}" if args.action else "ken lessons"
        raise InvalidInput(f"`{named}` does not take {what}; see `ken lessons --help`")
    needed = "older_than" if action == "prune" else "ref"
    if action in _LESSON_NEEDS and not getattr(args, needed):
        raise InvalidInput(f"`ken lessons {action}` needs {_LESSON_NEEDS[action]}; see `ken lessons --help`")
    return _ACTIONS[action](args)


def _lessons_list(args: argparse.Namespace) -> int:
    from kenning.app.lessons import cases as lessons_app
    from kenning.cli.render import render_lessons
    from kenning.core.errors import InvalidInput

    if args.limit < 1:
        raise InvalidInput("--limit must be at least 1")
    if len(args.library or ()) > 1:
        raise InvalidInput("list the lessons of one --library at a time")
    library = args.library[0] if args.library else None
    found = lessons_app.lessons(find_project(), library, args.limit)
    _print_json({"lessons": found}) if args.json else sys.stdout.write(render_lessons(found, library))
    return 0


def _lessons_forget(args: argparse.Namespace) -> int:
    from kenning.app.lessons import cases as lessons_app
    from kenning.core.lessons.rules import TEXT_CHARS
    from kenning.core.text import one_line

    result = lessons_app.forget(_project_if_any(), args.ref)
    _print_json(result) if args.json else _say(f"forgot {result['id']}: {one_line(str(result['text']), TEXT_CHARS)}")
    return 0


def _lessons_add(args: argparse.Namespace) -> int:
    from kenning.app.lessons import files as lesson_files

    result = lesson_files.add(_project_if_any(), args.ref, args.library or [], args.now)
    for kind in result["redacted"]:
        _say(f"redacted a {kind} from the lesson")
    _print_json(result) if args.json else _say(f"added {result['id']} [{', '.join(result['libraries'])}]")
    return 0


def _lessons_export(args: argparse.Namespace) -> int:
    from kenning.app.lessons import files as lesson_files

    project = _project_if_any()
    text, count = lesson_files.export(None if args.ref == "-" else args.ref, project.root if project else None)
    if args.ref == "-":
        sys.stdout.write(text)
    else:
        report = {"file": args.ref, "lessons": count}
        _print_json(report) if args.json else _say(f"exported {count} lesson(s) to {args.ref}")
    return 0


def _lessons_import(args: argparse.Namespace) -> int:
    from kenning.app.lessons import files as lesson_files

    report = lesson_files.import_file(_project_if_any(), args.ref, args.now)
    for skipped in report["skipped"]:
        _say(f"{args.ref}:{skipped['line']}: skipped: {skipped['reason']}")
    if report["redacted"]:
        _say(f"redacted: {', '.join(report['redacted'])}")
    _print_json(report) if args.json else _say(f"imported {report['added']} lesson(s) from {args.ref} "
                                               f"({report['present']} already here, {len(report['skipped'])} skipped)")
    return 0


def _lessons_prune(args: argparse.Namespace) -> int:
    from kenning.app.lessons import files as lesson_files
    from kenning.core.lessons.rules import line

    report = lesson_files.prune(args.older_than, args.dry_run, args.now)
    if args.json:
        _print_json(report)
        return 0
    verb = "would prune" if args.dry_run else "pruned"
    print(f"{verb} {len(report['pruned'])} lesson(s) first recorded before {report['before']} (this machine's store)")
    for lesson in report["pruned"]:
        print(f"{lesson['id']}  {line(lesson)}")
    return 0


def _lessons_remote(args: argparse.Namespace) -> int:
    from kenning.app.lessons import team as team_lessons
    from kenning.core.errors import InvalidInput

    if args.clear and args.ref:
        raise InvalidInput("`ken lessons remote` takes a URL or --clear, not both")
    result = team_lessons.remote(args.ref, args.clear)
    _print_json(result) if args.json else print(result["remote"] or "no team lessons remote (`ken lessons remote URL`)")
    return 0


def _lessons_sync(args: argparse.Namespace) -> int:
    from kenning.app.lessons import team as team_lessons

    report = team_lessons.sync()
    if report["warning"]:
        _say(f"warning: {report['warning']}")
    if args.json:
        _print_json(report)
    else:
        pushed = "pushed" if report["pushed"] else "not pushed"
        print(f"team lessons: {report['pulled']} pulled, {report['shared']} shared, {pushed} ({report['remote']})")
    return 0


_ACTIONS: dict[str, Callable[[argparse.Namespace], int]] = {
    "list": _lessons_list, "forget": _lessons_forget, "add": _lessons_add, "export": _lessons_export,
    "import": _lessons_import, "prune": _lessons_prune, "remote": _lessons_remote, "sync": _lessons_sync,
}
