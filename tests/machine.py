"""The one way tests build a throw-away machine: an environment whose ``KEN_HOME``, ``HOME`` and
git configuration live under a temporary folder, so nothing on the real machine is read or
written, and the ``ken`` executable of this venv."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    import pytest

AUDIT_SITE = Path(__file__).resolve().parent / "audit_site"
_BIN = Path(sys.executable).parent / "ken"
KEN = str(_BIN) if _BIN.exists() else shutil.which("ken")

GITCONFIG = ("[user]\n\tname = {name}\n\temail = {email}\n"
             "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[advice]\n\tdetachedHead = false\n")


def isolated_env(base: Path, strip: tuple[str, ...] = (), name: str = "Test Runner",
                 email: str = "runner@example.invalid", **extra: str) -> dict[str, str]:
    """The environment of a machine under ``base``: KEN_*, GIT_*, PROJECTMEM_* (and ``strip``)
    variables of the real one removed, its own HOME with a git identity, ``extra`` on top."""
    assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
    home = base / "home"
    home.mkdir(parents=True, exist_ok=True)
    (home / ".gitconfig").write_text(GITCONFIG.format(name=name, email=email))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KEN_", "GIT_", "PROJECTMEM_", *strip)) and k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update({
        "KEN_HOME": str(base / "kenhome"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(base / "xdg"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CEILING_DIRECTORIES": str(base),
        "PYTHONDONTWRITEBYTECODE": "1",
    })
    audit = os.environ.get("KEN_SCHEMA_AUDIT")
    if audit:  # every line ken appends is copied there and checked against the schema (schema_audit.py)
        env.update(KEN_SCHEMA_AUDIT=audit, PYTHONPATH=str(AUDIT_SITE))
    env.update(extra)
    return env


def isolate_this_process(monkeypatch: pytest.MonkeyPatch, base: Path, **extra: str) -> dict[str, str]:
    """``isolated_env(base, **extra)`` made this test process's own environment too, for tests
    that call kenning in-process beside the ``ken`` processes they start: the real machine's
    KEN_*/GIT_* variables removed, the same KEN_HOME, HOME and git configuration as theirs."""
    env = isolated_env(base, **extra)
    for name in [n for n in os.environ if n.startswith(("KEN_", "GIT_")) and n not in env]:
        monkeypatch.delenv(name)
    for name in ("KEN_HOME", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", *extra):
        monkeypatch.setenv(name, env[name])
    return env


def run_git(args: tuple[str, ...] | list[str], cwd: Path, env: dict[str, str],
            check: bool = True) -> subprocess.CompletedProcess:
    """Real git in a throw-away repository; ``check`` fails the test with git's own output."""
    r = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    if check:
        assert r.returncode == 0, f"git {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r


def write_file(root: Path, rel: str, text: str) -> Path:
    """Write ``text`` at ``root/rel``, creating folders."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def processes_of(env: dict[str, str]) -> list[int]:
    """The live processes (other than this one) started with this machine's environment: those
    whose environment holds its ``KEN_HOME``. A zombie shows no environment: it has exited."""
    marker = f"KEN_HOME={env['KEN_HOME']}"
    if os.path.isdir("/proc/self"):
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    environ = f.read()
            except OSError:  # gone meanwhile, or not ours
                continue
            if marker.encode() in environ.split(b"\0"):
                found.append(int(entry))
        return found
    listing = subprocess.run(["ps", "eww", "-A", "-o", "pid=,command="], capture_output=True, text=True,
                             timeout=30).stdout  # BSD and macOS ps: `e` adds each process's environment
    return [int(line.split(None, 1)[0]) for line in listing.splitlines()
            if marker in line.split() and int(line.split(None, 1)[0]) != os.getpid()]


def wait_for_processes_to_end(env: dict[str, str], timeout: float = 60.0) -> bool:
    """Wait until no process started with ``env`` is alive (what ``ken`` and its git hooks leave
    running in the background: a post-commit refresh, an index build); False after ``timeout``.
    A background process is started before the command that starts it exits, so once this
    returns True its work is all written."""
    deadline = time.monotonic() + timeout
    while processes_of(env):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)  # polling interval: the condition is the processes' exit
    return True


# -- `ken` run in this process ----------------------------------------------------------------------
# What a test checks of a command (its output, its exit code, what it wrote) is decided by the app
# and rendered by the CLI's ``main``; a ``ken`` process adds 60 ms of interpreter start and imports
# to each call and nothing the test looks at. ``run_main`` calls ``main(argv)`` as the console
# script does, with the machine's environment, folder, standard streams and exit code of a process
# of its own. The surfaces keep tests through real processes (``KEN``): the console script, the git
# and agent hooks, the MCP server, argv bytes that are not UTF-8, signals and concurrency.

# commands that only a process of their own can run: they replace the process (wrap), serve
# until stopped (mcp, watch) or end it from a timer (hook)
PROCESS_ONLY = frozenset({"hook", "mcp", "watch", "wrap"})


def run_ken(args: tuple[str, ...] | list[str], cwd: Path, env: dict[str, str], input: str | bytes | None = None,
            real_process: bool = False, timeout: float = 60) -> subprocess.CompletedProcess:
    """``ken ARGS`` in ``cwd`` with ``env``: in this process (``run_main``) unless ``real_process``
    or the command needs a process of its own; text output unless ``input`` is bytes."""
    text = not isinstance(input, bytes)
    if real_process or not args or args[0] in PROCESS_ONLY:
        return subprocess.run([str(KEN), *args], cwd=cwd, env=env, input=input, capture_output=True, text=text,
                              timeout=timeout)
    return run_main(args, cwd, env, input=input, text=text)


def run_main(args: tuple[str, ...] | list[str], cwd: Path, env: dict[str, str], input: str | bytes | None = None,
             text: bool = True) -> subprocess.CompletedProcess:
    """``ken ARGS`` run by ``kenning.cli.main.main`` in this process: ``os.environ`` is ``env`` and
    the working folder ``cwd`` while it runs (both restored after), stdin ``input`` (empty when
    None), stdout and stderr captured as UTF-8 as a pipe gets them; the exit code of an argparse
    ``SystemExit`` as the process's. Each line appended to a log is held to the schema as a ``ken``
    process's is (the audit folder of ``KEN_SCHEMA_AUDIT``)."""
    import io

    from kenning.cli.main import main

    data = input.encode() if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved_streams, saved_argv = (sys.stdin, sys.stdout, sys.stderr), sys.argv
    os.environ.clear()
    os.environ.update(env)
    try:
        os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        sys.argv = ["ken", *args]
        with audited(env.get("KEN_SCHEMA_AUDIT")):
            try:
                code = main(list(args))
            except SystemExit as exit:  # argparse's usage errors, --help, --version
                code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
                if isinstance(exit.code, str):
                    stderr.write(exit.code + "\n")
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    out, err = stdout.buffer.getvalue(), stderr.buffer.getvalue()  # type: ignore[attr-defined]
    if text:  # as subprocess decodes a pipe in text mode: universal newlines
        return subprocess.CompletedProcess(["ken", *args], code, _universal(out), _universal(err))
    return subprocess.CompletedProcess(["ken", *args], code, out, err)


def _universal(data: bytes) -> str:
    return data.decode().replace("\r\n", "\n").replace("\r", "\n")


class audited:  # noqa: N801 - a context manager, like contextlib's
    """What ``tests/audit_site/sitecustomize.py`` does in a ``ken`` process, for in-process
    calls: each line ``EventLog.append`` writes is copied into the audit folder (once, when an
    in-process server and an in-process command nest)."""

    active = 0

    def __init__(self, folder: str | None) -> None:
        self.folder = folder if folder and os.path.isdir(folder) and not audited.active else None

    def __enter__(self) -> None:
        if self.folder is None:
            return
        audited.active += 1
        from kenning.store import log

        folder, append = self.folder, log.EventLog.append
        self.saved = append

        def copied(self: log.EventLog, line: str) -> object:
            result = append(self, line)
            with open(os.path.join(folder, f"{os.getpid()}.jsonl"), "a", encoding="utf-8") as f:
                f.write(line + "\n")
            return result

        log.EventLog.append = copied  # type: ignore[method-assign,assignment]

    def __exit__(self, *exc: object) -> None:
        if self.folder is not None:
            from kenning.store import log

            log.EventLog.append = self.saved  # type: ignore[method-assign]
            audited.active -= 1
