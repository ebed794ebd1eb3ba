"""One home per effect (docs/ARCHITECTURE.md), read from the source as tests/test_layers.py reads
imports: processes start only in the ``git/`` package (git) and ``system/processes.py`` (everything else);
files are written only by ``store/``; the environment and the clock are read only in ``app/``
(and by the two process adapters, which hand a child its environment); ``core/`` does no I/O
at all. A call found where it does not belong fails here with its file and line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kenning

PACKAGE = Path(kenning.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))


def rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


PROCESS_HOMES = {"system/processes.py", *(rel(p) for p in MODULES if rel(p).startswith("git/"))}


def calls(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every call and attribute use in the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found.append((node.lineno, ast.unparse(node.func)))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, ast.unparse(node)))
    return found


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def where(found: list[str]) -> str:
    return "\n".join(found)


def test_processes_start_only_in_the_process_adapters() -> None:
    found = [f"{rel(p)} imports subprocess" for p in MODULES
             if "subprocess" in imported(p) and rel(p) not in PROCESS_HOMES]
    found += [f"{rel(p)}:{line} {name}" for p in MODULES if rel(p) not in PROCESS_HOMES
              for line, name in calls(p) if name in ("os.system", "os.popen", "os.spawnv", "os.execv", "os.execvp")]
    assert not found, where(found)


WRITES = ("write_text", "write_bytes", "mkdir", "unlink", "rmdir", "rename", "replace", "touch", "makedirs",
          "rmtree", "symlink_to", "chmod")


def _writes(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = ast.unparse(node.func)
        last = name.rsplit(".", 1)[-1]
        if last in WRITES and (name.startswith(("os.", "shutil.", "Path")) or "." in name) and not name.startswith(
                ("str.", "text.", "line.", "value.", "s.", "name.", "raw.", "title.", "summary.")):
            if last == "replace" and name != "os.replace":
                continue  # str.replace, the common one: only os.replace moves files
            found.append(f"{rel(path)}:{node.lineno} {name}(…)")
        if name in ("open", "io.open") and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and any(
                c in str(node.args[1].value) for c in "wax+"):
            found.append(f"{rel(path)}:{node.lineno} open(…, {node.args[1].value!r})")
        if name == "os.open" and len(node.args) > 1 and any(
                flag in ast.unparse(node.args[1]) for flag in ("O_WRONLY", "O_RDWR", "O_CREAT", "O_APPEND")):
            found.append(f"{rel(path)}:{node.lineno} os.open(…, {ast.unparse(node.args[1])})")
    return found


def test_files_are_written_only_by_the_store() -> None:
    found = [hit for p in MODULES if not rel(p).startswith("store/") for hit in _writes(p)]
    assert not found, where(found)


ENVIRONMENT = ("os.environ", "os.getenv", "os.environ.get", "os.putenv")
CLOCK = ("time.time", "time.time_ns", "datetime.now", "datetime.utcnow", "date.today", "datetime.datetime.now")


@pytest.mark.parametrize(("what", "names"), [("the environment", ENVIRONMENT), ("the clock", CLOCK)])
def test_the_environment_and_the_clock_are_read_only_in_app(what: str, names: tuple[str, ...]) -> None:
    found = [f"{rel(p)}:{line} {name}" for p in MODULES
             if not rel(p).startswith("app/") and rel(p) not in PROCESS_HOMES
             for line, name in calls(p) if name in names]
    assert not found, f"{what} read outside app/:\n{where(sorted(set(found)))}"


IO_MODULES = {"os", "subprocess", "sqlite3", "shutil", "socket", "tempfile", "io", "pathlib", "random", "time",
              "urllib", "http", "glob", "fcntl", "msvcrt", "signal", "threading", "multiprocessing", "webbrowser"}


def test_the_core_imports_no_io_module() -> None:
    found = [f"{rel(p)} imports {', '.join(sorted(imported(p) & IO_MODULES))}" for p in MODULES
             if rel(p).startswith("core/") and imported(p) & IO_MODULES]
    assert not found, where(found)


def test_the_core_opens_no_file() -> None:
    found = [f"{rel(p)}:{line} {name}" for p in MODULES if rel(p).startswith("core/")
             for line, name in calls(p) if name in ("open", "io.open")]
    assert not found, where(found)


# a terminal's progress line while history is read (capture): a display, not a message to keep
PRINTS_ALLOWED = {"app/capture/derive.py"}


def test_the_app_prints_nothing() -> None:
    """Use cases hand warnings to the surface as values (``app.warnings``); only a surface
    decides where output goes (the MCP server must never print, hooks print JSON)."""
    found = [f"{rel(p)}:{line} {name}" for p in MODULES if rel(p).startswith("app/") and rel(p) not in PRINTS_ALLOWED
             for line, name in calls(p) if name in ("print", "sys.stdout.write", "sys.stderr.write")]
    assert not found, where(found)
