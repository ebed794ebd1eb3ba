"""Failed attempts read from an agent's own session: the pure rules.

An agent session is a sequence of observations, one per tool call that matters, kept
machine-local by the hooks after each call (``app.capture.sessions``):

- ``edit``: the files an edit or patch changed, each with a hash of its content after the edit
  and, the first time the session touches it, a hash of its content before (never the content);
- ``run``: a shell command recognised as a test or build run (``run_kind``), with its exit code
  and, bounded, the failing test names and the first error line of its output;
- ``undo``: a shell command that throws work-tree changes away (``undo_of``): ``git checkout --
  F``, ``git restore F``, ``git reset --hard``, ``git clean``, ``git stash`` once the stash is
  dropped (``pop`` or ``apply`` takes it back); an edit that returns a file to its content before
  the session is one too.

``attempts`` reads a session: edits to some files, then a run that fails, then those files undone
(with no passing run in between) is one failed attempt on them. A run that fails because its tool
is missing (exit 127, ``command not found``) says nothing about the edits; an edit that changed
only whitespace is not an attempt. Everything here is pure: the caller hashes, reads and writes.
"""

from __future__ import annotations

import re
import shlex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

MAX_COMMAND = 300  # characters of a command kept
MAX_TESTS = 8  # failing test names kept per run
MAX_NAME = 160  # characters of one test name
MAX_ERROR = 240  # characters of the first error line
MAX_EVENTS = 3  # captured attempts written per session, at most
ALL = "*"  # an undo of every changed file (git reset --hard, git stash)
ABSENT = "absent"  # the hash of a file that did not exist

# the first word (after env assignments and wrappers) -> what it runs; a tool whose test or build
# needs a sub-command lists the sub-commands that count
_RUNNERS: dict[str, tuple[str, ...] | None] = {
    "pytest": None, "py.test": None, "tox": None, "nox": None, "ctest": None, "make": None,
    "gradle": None, "gradlew": None, "mvn": None, "mvnw": None, "jest": None, "vitest": None,
    "mocha": None, "rspec": None, "phpunit": None, "ninja": None, "bazel": ("test", "build"),
    "go": ("test", "build", "vet"), "cargo": ("test", "build", "check", "nextest", "clippy"),
    "npm": ("test", "t", "run", "run-script"), "pnpm": ("test", "t", "run", "build"),
    "yarn": ("test", "run", "build"), "bun": ("test", "run"), "dotnet": ("test", "build"),
    "mix": ("test", "compile"), "swift": ("test", "build"), "cmake": ("--build",), "tsc": None,
    "unittest": None, "deno": ("test",), "hatch": ("test", "run"), "uv": ("run",), "poetry": ("run",),
}
_WRAPPERS = ("env", "time", "nice", "timeout", "xvfb-run", "sudo", "command", "exec")
_PYTHONS = re.compile(r"^python(\d+(\.\d+)?)?(\.exe)?$")
_SCRIPT_WORDS = re.compile(r"test|build|check|lint|compile|typecheck", re.IGNORECASE)
_SEPARATORS = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")

# a run whose tool is missing: nothing about the edits
_MISSING = re.compile(r"command not found|not recognized as an internal or external command|"
                      r"No module named '?(pytest|tox|nox|unittest)'?\s*$|: not found\s*$|"
                      r"No such file or directory.*(?:pytest|gradlew|mvnw|make)", re.IGNORECASE | re.MULTILINE)
# failing test names, as the common runners print them
_FAILED_TESTS = (
    re.compile(r"^FAILED ([^\s]+::[^\s]+)", re.MULTILINE),                          # pytest -q / -rf
    re.compile(r"^ERROR ([^\s]+::[^\s]+)", re.MULTILINE),                           # pytest errors
    re.compile(r"^--- FAIL: (\S+)", re.MULTILINE),                                  # go test
    re.compile(r"^test (\S+) \.\.\. FAILED$", re.MULTILINE),                        # cargo test
    re.compile(r"^(?:FAIL|ERROR): (\w+) \(([\w.]+)\)", re.MULTILINE),               # unittest
    re.compile(r"^\s*●\s+(.+?)\s*$", re.MULTILINE),                                 # jest
    re.compile(r"^\s*\d+\) (.+)$", re.MULTILINE),                                   # mocha
)
_ERROR_LINE = re.compile(r"^\s*(?:E\s+)?(?:[\w.]*(?:Error|Exception)\b.*|error(?:\[\w+\])?:.*|FAIL(?:ED)?\b.*|"
                         r"panic:.*|fatal:.*|AssertionError.*|assert .*|make: \*\*\*.*)$", re.MULTILINE)
# a run's output that reads as failed, when the agent states no exit code
FAILED_SUMMARY = re.compile(r"\b\d+ (?:failed|errors?)\b|^FAILED\b|^FAIL\b|^error(?:\[\w+\])?:|^BUILD FAILED|"
                            r"^make: \*\*\*", re.MULTILINE)
_EXIT = re.compile(r"(?:^|\n)(?:Error: )?(?:Exit code:?|Process exited with code) (-?\d+)", re.IGNORECASE)


def words(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


def _parts(command: str) -> list[list[str]]:
    """The simple commands of a shell line (split at ``&&``, ``||``, ``;`` and pipes), as words."""
    return [w for w in (words(part) for part in _SEPARATORS.split(command.strip())) if w]


def _head(argv: list[str]) -> list[str]:
    """``argv`` without leading variable assignments and wrappers (``env``, ``timeout 60``...)."""
    rest = list(argv)
    while rest:
        if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", rest[0]):
            rest = rest[1:]
        elif _base(rest[0]) in _WRAPPERS:
            rest = rest[1:]
            while rest and (rest[0].startswith("-") or re.match(r"^\d+(\.\d+)?[smh]?$", rest[0])):
                rest = rest[1:]
        else:
            break
    return rest


def _base(word: str) -> str:
    return re.split(r"[\\/]", word)[-1]


def run_kind(command: str) -> str | None:
    """The test or build tool a shell command runs (``pytest``, ``go test``, ``npm test``...), or
    None when it runs none. ``python -m pytest`` counts, as do ``./gradlew`` and ``npm run test``."""
    for argv in _parts(command):
        kind = _runner(_head(argv))
        if kind is not None:
            return kind
    return None


def _runner(argv: list[str]) -> str | None:
    if not argv:
        return None
    tool = _base(argv[0])
    rest = argv[1:]
    if _PYTHONS.match(tool) and len(rest) >= 2 and rest[0] == "-m":
        tool, rest = rest[1], rest[2:]
    if tool in ("uv", "poetry", "hatch") and rest[:1] == ["run"] and len(rest) > 1:
        return _runner(rest[1:])
    if tool not in _RUNNERS:
        return None
    subs = _RUNNERS[tool]
    if subs is None:
        return tool
    first = next((w for w in rest if not w.startswith("-") or w == "--build"), "")
    if first not in subs:
        return None
    if first in ("run", "run-script"):  # npm run SCRIPT: a script named for testing or building
        script = next((w for w in rest[1:] if not w.startswith("-")), "")
        return f"{tool} run {script}" if _SCRIPT_WORDS.search(script) else None
    return f"{tool} {first}"


def undo_of(command: str) -> tuple[str, list[str]] | None:
    """What a shell command throws away: (how, the paths as written, or ``[ALL]``), or None.
    ``git stash pop``/``apply`` gives ``("stash-back", [ALL])``: the stashed changes are back."""
    for argv in _parts(command):
        found = _git_undo(_head(argv))
        if found is not None:
            return found
    return None


def _git_undo(argv: list[str]) -> tuple[str, list[str]] | None:
    if len(argv) < 2 or _base(argv[0]) != "git":
        return None
    args = argv[1:]
    while args and args[0] in ("-C", "-c") and len(args) > 1:  # git -C DIR ...: the subcommand after
        args = args[2:]
    if not args:
        return None
    sub, rest = args[0], args[1:]
    if sub == "checkout" and "--" in rest:
        files = rest[rest.index("--") + 1:]
        return ("git checkout --", [ALL] if files == ["."] else files) if files else None
    if sub == "checkout" and rest == ["."]:
        return "git checkout .", [ALL]
    if sub == "restore":
        options = {w for w in rest if w.startswith("-")}
        if options & {"--staged", "-S"} and not options & {"--worktree", "-W"}:
            return None  # unstaging keeps the work tree as it is
        files = [w for n, w in enumerate(rest)
                 if not w.startswith("-") and (n == 0 or rest[n - 1] not in ("--source", "-s"))]
        return ("git restore", [ALL] if files == ["."] else files) if files else None
    if sub == "reset" and "--hard" in rest:
        return "git reset --hard", [ALL]
    if sub == "stash":
        action = next((w for w in rest if not w.startswith("-")), "push")
        if action in ("pop", "apply"):
            return "stash-back", [ALL]
        if action in ("drop", "clear"):
            return "git stash drop", [ALL]
        if action in ("push", "save"):
            return "git stash", [ALL]
        return None
    forced = any(w == "--force" or w.startswith("-") and not w.startswith("--") and "f" in w for w in rest)
    if sub == "clean" and forced:
        return "git clean", [ALL]
    return None


def exit_code(text: str) -> int | None:
    """The exit code an agent's tool output states (``Exit code 1``, ``Process exited with code
    1``), or None when it states none."""
    found = _EXIT.search(text[:4000])
    return int(found.group(1)) if found else None


def missing_tool(exit: int | None, output: str) -> bool:
    """Whether a failed run failed because the tool itself is missing, not because of the code."""
    return exit in (126, 127) or bool(_MISSING.search(output[-4000:]))


def failing_tests(output: str) -> list[str]:
    """The names of the tests a run's output reports failing, in order, without repeats, bounded."""
    names: list[str] = []
    for pattern in _FAILED_TESTS:
        for match in pattern.finditer(output):
            name = ".".join(g for g in reversed(match.groups()) if g) if pattern.groups > 1 else match.group(1)
            name = name.strip()[:MAX_NAME]
            if name and name not in names:
                names.append(name)
            if len(names) >= MAX_TESTS:
                return names
        if names:
            return names  # the first runner that recognised something names them
    return names


def first_error(output: str) -> str:
    """The first line of a run's output that reads as an error, trimmed and bounded ('' if none)."""
    found = _ERROR_LINE.search(output)
    line = found.group(0).strip() if found else ""
    line = re.sub(r"^E\s+", "", line)
    return line[:MAX_ERROR]


def format_only(before: str, after: str) -> bool:
    """Whether an edit from ``before`` to ``after`` changed only whitespace."""
    return before != after and "".join(before.split()) == "".join(after.split())


def short_command(command: str) -> str:
    line = " ".join(command.split())
    return line if len(line) <= MAX_COMMAND else line[:MAX_COMMAND - 1] + "…"


class Attempt:
    """One failed attempt read from a session: the files, the run that failed, how it was undone
    and the observation numbers it spans (the first edit to the undo)."""

    __slots__ = ("files", "run", "undo", "first", "last")

    def __init__(self, files: list[str], run: dict[str, Any], undo: str, first: int, last: int) -> None:
        self.files, self.run, self.undo, self.first, self.last = files, run, undo, first, last

    def __repr__(self) -> str:
        return f"Attempt({self.files}, {self.run.get('command')!r}, {self.undo!r})"


class _Touched:
    __slots__ = ("base", "now", "first", "real")

    def __init__(self, base: str, first: int) -> None:
        self.base, self.now, self.first, self.real = base, base, first, False


def attempts(observations: Iterable[dict[str, Any]]) -> list[Attempt]:
    """The failed attempts of a session's observations, in order. Observations repeated (a hook
    run twice for one call: the same ``call``) count once."""
    found: list[Attempt] = []
    base: dict[str, str] = {}  # path -> its hash before the session's first edit of it
    touched: dict[str, _Touched] = {}  # files changed and not yet undone
    failure: dict[str, Any] | None = None  # the failing run after the edits, with no pass since
    stashed: list[tuple[dict[str, _Touched], dict[str, Any] | None]] = []  # git stash: what it put aside
    seen: set[str] = set()
    for number, item in enumerate(_unique(observations, seen)):
        kind = item.get("kind")
        if kind == "edit":
            for path, change in (item.get("files") or {}).items():
                if not isinstance(change, dict):
                    continue
                base.setdefault(path, str(change.get("before") or ""))
                entry = touched.get(path) or _Touched(base[path], number)
                entry.now = str(change.get("after") or "")
                entry.real = entry.real or not change.get("format")
                touched[path] = entry
                if entry.base and entry.now == entry.base:  # edited back to where it started
                    found.extend(_undo(touched, [path], failure, "an edit back to its content before the session",
                                       number))
        elif kind == "run":
            if item.get("failed") and not item.get("missing"):
                if any(t.real for t in touched.values()):
                    failure = {**item, "n": number}
            elif not item.get("failed"):
                failure = None  # the edits standing now pass: they are not a failed attempt
                for entry in touched.values():
                    entry.real = False  # what passed is kept work, whatever is undone later
        elif kind == "undo":
            how, paths = str(item.get("how") or ""), list(item.get("paths") or [])
            if how == "git stash":  # put aside: undone only when the stash is dropped
                stashed.append((dict(touched), failure))
                touched.clear()
                failure = None
            elif how == "stash-back":
                if stashed:
                    back, failure = stashed.pop()
                    touched.update(back)
            elif how == "git stash drop":
                if stashed:
                    back, dropped = stashed.pop()
                    found.extend(_undo(back, [ALL], dropped, "git stash, then dropped", number))
            else:
                found.extend(_undo(touched, paths, failure, how, number))
                if not touched:
                    failure = None
    return found


def _unique(observations: Iterable[dict[str, Any]], seen: set[str]) -> Iterable[dict[str, Any]]:
    for item in observations:
        call = item.get("call")
        if isinstance(call, str) and call:
            if call in seen:
                continue
            seen.add(call)
        yield item


def _undo(touched: dict[str, _Touched], paths: Sequence[str], failure: dict[str, Any] | None, how: str,
          number: int) -> list[Attempt]:
    """Drop the undone files from ``touched``; the attempt they were, when a failing run came after
    a real edit of them."""
    undone = sorted(touched) if ALL in paths else sorted(p for p in paths if p in touched)
    if not undone:
        return []
    real = [p for p in undone if touched[p].real]
    first = min(touched[p].first for p in undone)
    for path in undone:
        del touched[path]
    if failure is None or not real or int(failure.get("n", number)) < first:
        return []
    return [Attempt(real, failure, how, first, number)]


def fold(found: Sequence[Attempt], limit: int = MAX_EVENTS) -> list[list[Attempt]]:
    """A session's attempts grouped into at most ``limit`` events: the attempts on the same files
    together (a repeat is merged, not appended), the groups in order; past the limit, the rest join
    the last group."""
    groups: dict[tuple[str, ...], list[Attempt]] = {}
    for attempt in found:
        groups.setdefault(tuple(attempt.files), []).append(attempt)
    ordered = list(groups.values())
    if len(ordered) > limit:
        ordered = ordered[:limit - 1] + [[a for group in ordered[limit - 1:] for a in group]]
    return ordered


def signature(group: Sequence[Attempt]) -> str:
    """What makes two captured attempts the same: the files and what failed (tests or the first
    error line, else the tool). Equal signatures are one attempt, merged."""
    first = group[0]
    what = first.run.get("tests") or [first.run.get("error") or first.run.get("tool") or ""]
    return "\n".join(["captured", *sorted({f for a in group for f in a.files}), *sorted(str(w) for w in what)])


def summary(group: Sequence[Attempt]) -> str:
    """One line: what was changed, what was run and what failed, and that it was undone."""
    first = group[0]
    files = sorted({f for a in group for f in a.files})
    shown = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
    run = first.run
    tests = run.get("tests") or []
    failed = (f"failing {', '.join(tests[:3])}" + (f" and {len(tests) - 3} more" if len(tests) > 3 else "")
              if tests else run.get("error") or f"exit {run.get('exit')}")
    times = f" ({len(group)} tries)" if len(group) > 1 else ""
    return (f"captured from an agent session: a change to {shown} made `{run.get('command', '')}` fail "
            f"({failed}) and was undone{times}")


def details(group: Sequence[Attempt]) -> str:
    """Each try: the run, its exit code, the failing tests, the first error line, how it was undone."""
    lines = []
    for n, attempt in enumerate(group, 1):
        run = attempt.run
        lines.append(f"try {n}: edited {', '.join(attempt.files)}; ran `{run.get('command', '')}` "
                     f"(exit {run.get('exit')}); undone by {attempt.undo}")
        if run.get("tests"):
            lines.append("  failing: " + ", ".join(run["tests"]))
        if run.get("error"):
            lines.append("  first error: " + str(run["error"]))
    return "\n".join(lines)
