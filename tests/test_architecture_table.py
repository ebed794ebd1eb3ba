"""The table in docs/ARCHITECTURE.md from each command to the modules it passes through, read
from the source: the command's declaration names its handler, the handler's body names the
use cases it calls, and each use case's imports name the core rules and adapters it uses. A
command that starts using another module changes the table; regenerate it with
``pytest tests/test_architecture_table.py --update-golden``."""

from __future__ import annotations

import ast
from pathlib import Path

import kenning
from kenning.cli.spec import COMMANDS, declared

PACKAGE = Path(kenning.__file__).parent
DOC = PACKAGE.parents[1] / "docs" / "ARCHITECTURE.md"
BEGIN, END = "<!-- commands-to-modules: begin -->", "<!-- commands-to-modules: end -->"


def module_file(name: str) -> Path:
    path = PACKAGE.parent / (name.replace(".", "/") + ".py")
    return path if path.exists() else PACKAGE.parent / name.replace(".", "/") / "__init__.py"


def is_module(name: str) -> bool:
    return name.startswith("kenning.") and module_file(name).exists()


def imported(node: ast.AST) -> dict[str, str]:
    """local name -> kenning module, for the imports under ``node`` (a submodule imported by name
    is that submodule; a name imported from a module is the module)."""
    found: dict[str, str] = {}
    for item in ast.walk(node):
        if isinstance(item, ast.ImportFrom) and item.module and item.module.startswith("kenning"):
            for alias in item.names:
                sub = f"{item.module}.{alias.name}"
                found[alias.asname or alias.name] = sub if is_module(sub) else item.module
        elif isinstance(item, ast.Import):
            for alias in item.names:
                if alias.name.startswith("kenning."):
                    found[alias.asname or alias.name] = alias.name
    return found


def reached_from(module: str, function: str) -> set[str]:
    """The kenning modules a handler's body uses: imported in it, or imported at module level and
    named in it, following the helpers of its own module it calls."""
    tree = ast.parse(module_file(module).read_text(encoding="utf-8"))
    top = {n: m for n, m in imported(ast.Module(body=[s for s in tree.body if not isinstance(s, ast.FunctionDef)],
                                               type_ignores=[])).items()}
    functions: dict[str, ast.AST] = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    # a table of handlers (``_ACTIONS = {"list": _lessons_list, …}``) leads to each of them
    functions |= {t.id: a.value for a in tree.body if isinstance(a, (ast.Assign, ast.AnnAssign)) and a.value
                  for t in (a.targets if isinstance(a, ast.Assign) else [a.target]) if isinstance(t, ast.Name)}
    seen, todo, found = set(), [function], set()
    while todo:
        name = todo.pop()
        if name in seen or name not in functions:
            continue
        seen.add(name)
        body = functions[name]
        found |= set(imported(body).values())
        for item in ast.walk(body):
            if isinstance(item, ast.Name):
                if item.id in top:
                    found.add(top[item.id])
                todo.append(item.id)
    return {m for m in found if m != "kenning"}


def imports_of(module: str) -> set[str]:
    return set(imported(ast.parse(module_file(module).read_text(encoding="utf-8"))).values()) - {"kenning"}


def short(module: str) -> str:
    return module.removeprefix("kenning.")


def row(command: str) -> str:
    handler_module, _, function = declared(command).handler.partition(":")
    reached = reached_from(handler_module, function)
    # every command finds its project and config through app.project: said once, above the table
    cases = sorted(m for m in reached if m.startswith("kenning.app.") and m != "kenning.app.project")
    below = set().union(*(imports_of(m) for m in cases)) if cases else set()
    rules = sorted(m for m in below if m.startswith("kenning.core."))
    adapters = sorted(m for m in below if m.split(".")[1] in ("store", "git", "system") or m == "kenning.git")
    surfaces = sorted(m for m in reached if m.split(".")[1] in ("page", "mcp", "hooks") or m in (
        "kenning.cli.render", "kenning.cli.completion", "kenning.cli.watch"))

    def cell(names: list[str]) -> str:
        return ", ".join(f"`{short(n)}`" for n in names) or "–"

    return (f"| `ken {command}` | `{short(handler_module)}.{function}` | {cell(cases)} | {cell(surfaces)} | "
            f"{cell(rules)} | {cell(adapters)} |")


def table() -> str:
    head = ["| command | handler | use cases (app) | surface | rules (core) | adapters |",
            "|---|---|---|---|---|---|"]
    return "\n".join([BEGIN, *head, *(row(c) for c in COMMANDS), END])


def test_the_architecture_page_tables_each_command_s_modules(update_golden: bool) -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    if update_golden:
        DOC.write_text(text[:start] + table() + text[end:], encoding="utf-8")
        text = DOC.read_text(encoding="utf-8")
    assert text[start:].startswith(table()), ("docs/ARCHITECTURE.md's commands-to-modules table drifted: "
                                              "run pytest tests/test_architecture_table.py --update-golden")


def test_every_command_reaches_a_use_case_or_says_why_not() -> None:
    """Guard the guard: the reading finds the use cases (a handler calling none is a surface's
    own: completion prints a script, mcp starts the server)."""
    own = {"completion", "mcp", "hook", "watch"}
    for command in COMMANDS:
        handler_module, _, function = declared(command).handler.partition(":")
        cases = {m for m in reached_from(handler_module, function)
                 if m.startswith("kenning.app.") and m != "kenning.app.project"}
        assert cases or command in own, f"ken {command} reaches no use case"
