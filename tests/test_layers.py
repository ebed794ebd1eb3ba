"""The layer rules of docs/ARCHITECTURE.md, read from the source: imports point down only.

   cli.main + cli.spec + parser + commands   launcher: may import any surface, lazily
   cli (render, …) | hooks | mcp | page      surfaces: never import each other or the launcher
            app                              use cases
   store | git | system                      adapters (files; git; other processes)
            core                             pure, standard library only

Imports under ``if TYPE_CHECKING:`` count too: a type-only dependency that points up is
still a dependency that points up. And the modules every ``ken`` process loads must not pay
for ``typing`` or ``dataclasses`` (about 8 and 15 ms of imports).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import kenning

PACKAGE = Path(kenning.__file__).parent
STDLIB = set(sys.stdlib_module_names)
LOWER = {"core", "store", "git", "system", "app"}  # git and system (processes): the process adapters
# the launcher is split by noun: cli.spec declares every command, cli.main reads argv and reports
# errors, cli.parser builds argparse's command line, cli.commands holds the handlers that import
# each surface lazily (``ken hook`` -> kenning.hooks.entry, ``ken mcp`` -> kenning.mcp.server), and
# cli.lesson_commands the handlers of ``ken lessons``; the rest of the cli package (render,
# completion, watch) is the CLI's own surface
LAUNCHER = {"kenning.__main__", "kenning.cli.main", "kenning.cli.parser", "kenning.cli.commands",
            "kenning.cli.lesson_commands"}


def launcher(name: str) -> bool:
    return name in LAUNCHER or name == "kenning.cli.spec" or name.startswith("kenning.cli.spec.")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """Every module ``name`` imports, with ``from kenning.x import y`` resolved to the submodule."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:  # `from kenning import git` imports kenning.git
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in MODULES else base)
    return found


def layer(name: str) -> str:
    """``kenning.app.record`` -> ``app``; the root package ``kenning`` -> ``root``."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "root"


def internal(found: set[str]) -> set[str]:
    return {m for m in found if m == "kenning" or m.startswith("kenning.")}


def outside_stdlib(found: set[str]) -> set[str]:
    return {m for m in found if not internal({m}) and m.split(".")[0] not in STDLIB}


def by_layer(layer_name: str) -> list[str]:
    return sorted(m for m in MODULES if layer(m) == layer_name)


def test_every_layer_has_modules_to_check() -> None:
    for name in ("core", "store", "git", "system", "app", "cli", "mcp", "hooks", "page"):
        assert by_layer(name), f"no modules found in kenning.{name}"


@pytest.mark.parametrize("name", by_layer("core"))
def test_core_imports_only_the_standard_library_and_core(name: str) -> None:
    found = imports(name)
    assert not outside_stdlib(found), f"{name} imports {outside_stdlib(found)}"
    bad = {m for m in internal(found) if layer(m) != "core"}
    assert not bad, f"{name} (core) imports {bad}"


@pytest.mark.parametrize("name", by_layer("store") + by_layer("git") + by_layer("system"))
def test_adapters_import_only_the_standard_library_and_core(name: str) -> None:
    found = imports(name)
    assert not outside_stdlib(found), f"{name} imports {outside_stdlib(found)}"
    own = layer(name)  # a store module may use another store module
    bad = {m for m in internal(found) if layer(m) not in ("core", own)}
    assert not bad, f"{name} ({own}) imports {bad}"


@pytest.mark.parametrize("name", by_layer("app"))
def test_app_imports_only_the_layers_below_it(name: str) -> None:
    bad = {m for m in internal(imports(name)) if layer(m) not in LOWER}
    assert not bad, f"{name} (app) imports a surface or the launcher: {bad}"


SURFACES = sorted(m for m in MODULES if layer(m) not in LOWER | {"root"} and not launcher(m))


def surface(name: str) -> str:
    """``kenning.mcp.tools`` -> ``mcp``: a surface is its package."""
    return layer(name)


@pytest.mark.parametrize("name", SURFACES)
def test_surfaces_never_import_each_other_or_the_launcher(name: str) -> None:
    mine = surface(name)
    bad = {m for m in internal(imports(name))
           if launcher(m) or (m in SURFACES and surface(m) != mine)}
    assert not bad, f"{name} (surface {mine}) imports {bad}"


@pytest.mark.parametrize("name", SURFACES + [m for m in MODULES if launcher(m)])
def test_surfaces_reach_git_and_the_files_only_through_app(name: str) -> None:
    """A surface (or the launcher) that ran git or wrote a file itself would skip the use case
    that the other surfaces share: the CLI command and its MCP tool would drift apart."""
    bad = {m for m in internal(imports(name)) if layer(m) in ("git", "store", "system")}
    assert not bad, f"{name} reaches {bad} directly; go through an app use case"


def test_the_import_walker_sees_what_it_should() -> None:
    """Guard the guard: known edges must be found, or every test above passes vacuously."""
    assert {"kenning.cli.spec", "kenning.cli.parser"} <= imports("kenning.cli.main")
    assert "kenning.cli.spec" in imports("kenning.cli.spec.gate")
    assert "kenning.app.views.summary" in imports("kenning.app.record")
    assert "kenning.core.errors" in imports("kenning.store.log")
    assert "kenning.git" in imports("kenning.app.setup.init")
    assert "kenning" not in imports("kenning.app.setup.init")  # `from kenning import git` is kenning.git
    assert "kenning.git.history" in imports("kenning.app.capture.derive")  # `from kenning.git import history as …`
    assert "kenning.cli.main" in HOT


def test_the_pages_are_a_surface_the_launcher_imports_lazily() -> None:
    """The HTML pages may not import another surface, and ``commands`` loads them only inside
    the handlers that write a page: no other command pays for them."""
    pages = [m for m in SURFACES if layer(m) == "page"]
    assert {"kenning.page", "kenning.page.project", "kenning.page.dashboard"} <= set(pages)
    assert {surface(m) for m in pages} == {"page"}
    assert "kenning.page.project" in imports("kenning.cli.commands")
    tree = ast.parse(MODULES["kenning.cli.commands"].read_text(encoding="utf-8"))
    at_import = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    at_import |= {alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in at_import if m and m.startswith("kenning.page")}


# loaded by every `ken` process, by every write, and by the gate and hook hot paths
HOT = [m for m in ("kenning.cli.main", "kenning.cli.spec", "kenning.cli.spec.gate", "kenning.cli.spec.machine",
                   "kenning.cli.parser", "kenning.cli.commands", "kenning.cli.render", "kenning.app.record",
                   "kenning.app.views.summary", "kenning.app.views.read", "kenning.app.gate.precheck",
                   "kenning.core.gate.rules", "kenning.hooks.entry") if m in MODULES]


@pytest.mark.parametrize("name", HOT)
def test_hot_modules_do_not_import_typing_or_dataclasses(name: str) -> None:
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {name}"],
                       capture_output=True, text=True, check=True)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    assert name in loaded, r.stderr[-500:]
    for heavy in ("typing", "dataclasses", "inspect", "mcp", "pydantic", "rich"):
        assert heavy not in loaded, f"`import {name}` loads {heavy}"


def runtime_imports(name: str) -> set[str]:
    """The kenning modules ``name`` imports when it runs: at module level and inside functions,
    but not under ``if TYPE_CHECKING:`` (never executed: a type may name a module that imports
    this one, as ``capture`` names the ``Memory`` that calls it)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []
    typed = {n for node in ast.walk(tree) for n in _imported(node, name)}
    return {m for m in typed if m in MODULES and m != name}


def _imported(node: ast.AST, name: str) -> set[str]:
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each cycle of ``graph`` once, as the path that closes it (a depth-first search)."""
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], node, nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [])
    return cycles


def all_imports(name: str) -> set[str]:
    """Every kenning module ``name`` names in an import: at module level, inside functions and
    under ``if TYPE_CHECKING:``, and each package a named module sits in (importing
    ``kenning.page.codemap`` runs ``kenning/page/__init__.py`` first)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    named = {n for node in ast.walk(tree) for n in _imported(node, name)}
    packages = {".".join(m.split(".")[:i]) for m in named for i in range(2, m.count(".") + 1)}
    return {m for m in named | packages if m in MODULES and m != name}


def test_no_import_cycles_among_kenning_modules() -> None:
    """A circle of imports (counting those inside functions, those only for types, and a
    package's own ``__init__``) means a module reaches back into one that imports it: the write
    path runs one way (record -> summary -> lessons -> recall -> memory, promotion, capture),
    and so does the launcher (cli -> commands, lesson_commands)."""
    graph = {name: all_imports(name) for name in MODULES}
    assert import_cycles(graph) == []


def test_the_cycle_finder_finds_cycles() -> None:
    """Guard the guard: a known circle is found, and a function-level import is an edge."""
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []
    assert "kenning.app.capture.derive" in runtime_imports("kenning.app.recall")  # inside `capture_history`
    assert "kenning.app.memory" not in runtime_imports("kenning.app.capture.derive")  # a type only
    assert "kenning.app.memory" in all_imports("kenning.app.capture.derive")  # ... still an edge of the circles
    assert "kenning.page" in all_imports("kenning.page.project")  # its package's __init__ runs first
