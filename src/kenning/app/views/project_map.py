"""``PROJECT_MAP.md``: the map as it stands (``read``; ``setup_mode`` while its Purpose is
still the placeholder), and as ``ken init`` first writes it: the stack, name and description
read from the manifests and build files at the repository root, and the top folders.

Files are read as text (TOML, JSON, or a few patterns over build files); nothing is ever
executed or evaluated, and a value a build tool would work out (``${VERSION}``, a
``run_command(...)``) is left out. Every stack found is listed, several at once (CMake beside
Bazel); the first manifest that names the project names the map. A manifest that cannot be
read seeds nothing: the map is the user's to edit. (``core.lessons.attribution`` reads manifests too,
for the libraries lessons are about.)
"""

from __future__ import annotations

import fnmatch
import os
import re

from kenning.app.project import parse_toml
from kenning.app.warnings import hand_over
from kenning.core import foreign
from kenning.core.errors import UnsafePath
from kenning.core.text import one_line
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from kenning.app.project import Project


def read(project: Project) -> str:
    project.require_initialized()
    return files.read_text(project.map_path) or ""


def setup_mode(project: Project) -> bool:
    """A fresh project: the map's Purpose is still the placeholder, so agents fill it first."""
    from kenning.app.views.summary import purpose

    return not purpose(project)


def project_map(root: Path, name: str | None = None) -> str:
    """The map for the repository at ``root``, named by its manifest, else by ``name`` (one
    every clone agrees on), else by its folder."""
    facts = _manifest_facts(root)
    purpose = facts.get("description") or ""
    lines = [f"# Project map: {facts.get('name') or name or root.name}", "", "## Purpose", ""]
    lines.append(purpose if purpose else
                 "<!-- One or two sentences: what this project does and for whom. Until this is "
                 "filled in, agents are in setup mode. -->")
    lines += ["", "## Stack", ""]
    lines += [f"- {s}" for s in facts.get("stack", [])] or ["- (no manifest found)"]
    lines += ["", "## Structure", ""]
    lines += [f"- `{d}/`" for d in _top_dirs(root)] or ["- (flat)"]
    if facts.get("entry_points"):
        lines += ["", "## Entry points", ""] + [f"- {e}" for e in facts["entry_points"]]
    lines += ["", "## Conventions", "", "<!-- how to build, test and release; rules worth knowing -->", ""]
    return "\n".join(lines)


def _top_dirs(root: Path) -> list[str]:
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [n for n in names if not n.startswith(".") and (root / n).is_dir()
            and n not in ("node_modules", "venv", "__pycache__", "dist", "build", "target")][:20]


def _manifest_facts(root: Path) -> dict[str, Any]:
    facts: dict[str, Any] = {"stack": [], "entry_points": []}
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return facts
    for patterns, reader in _STACKS:
        present = [n for n in dict.fromkeys(n for p in patterns for n in fnmatch.filter(names, p))
                   if _in_repo(root, n)]
        texts = {n: text for n in present if (text := _read(root, n)) is not None}
        if not texts:
            continue
        try:
            found = reader(texts)
        except foreign.Unreadable as err:  # too deep, not JSON or TOML: said, and left out
            hand_over([f"{_listed(texts)} was not read for the project map ({err}); it is left out"])
            continue
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            continue  # a manifest of a shape we did not expect seeds nothing; the map stays editable
        for key in ("name", "description"):
            value = one_line(str(found.get(key) or ""), 80 if key == "name" else 600).lstrip("#").strip()
            if value and not facts.get(key):
                facts[key] = value
        facts["stack"].append(one_line(found["stack"], 600))
        facts["entry_points"].extend(one_line(e, 200) for e in found.get("entry_points", []))
    return facts


def _in_repo(root: Path, name: str) -> bool:
    """Whether the manifest ``name`` is the repository's own: what is read from it goes into the
    tracked map, so a committed ``Cargo.toml -> ~/.cargo/credentials.toml`` seeds nothing (``files.inside``)."""
    try:
        files.inside(root, root / name)
    except UnsafePath:
        return False
    return True


_READ_CHARS = 200_000  # a build file longer than this is read in part: what we look for is at the top
_STRUCTURED = ("pyproject.toml", "package.json", "Cargo.toml")  # JSON and TOML: read whole, or not at all


def _read(root: Path, name: str) -> str | None:
    """A manifest's text (a build file's first ``_READ_CHARS``), or None when it is absent or
    cannot be read (a FIFO, a file past ``MANIFEST_LIMIT``: said, and left out)."""
    try:
        data = files.read_capped(root / name, foreign.MANIFEST_LIMIT)
    except foreign.Unreadable as err:
        hand_over([f"{name} was not read for the project map ({err}); it is left out"])
        return None
    if data is None:
        return None
    text = data.decode("utf-8", "replace")
    return text if name in _STRUCTURED else text[:_READ_CHARS]


def _json(text: str) -> Any:
    return foreign.json_value(text, foreign.MANIFEST_LIMIT)


def _toml(text: str) -> dict[str, Any]:
    return foreign.toml_table(text, foreign.MANIFEST_LIMIT, parse_toml)


def _deps(names: list[str]) -> str:
    shown = ", ".join(names[:12]) + (f", … ({len(names)} in all)" if len(names) > 12 else "")
    return f"; dependencies: {shown}" if names else ""


def _only(texts: dict[str, str]) -> str:
    return next(iter(texts.values()))


def _listed(names: Any, most: int = 4) -> str:
    names = list(names)
    return ", ".join(names[:most]) + (f", … ({len(names)} in all)" if len(names) > most else "")


def _stack(label: str, texts: dict[str, str], parts: list[str], deps: list[str] | None = None) -> str:
    """``CMake (CMakeLists.txt): project absl; C++`` and the dependencies, if any."""
    shown = "; ".join(p for p in parts if p)
    return f"{label} ({_listed(texts)})" + (f": {shown}" if shown else "") + _deps(deps or [])


def _literal(value: str | None) -> str | None:
    """A value as written, or None when it is an expression a build tool would work out."""
    return value if value and not _EXPRESSION.search(value) else None


_EXPRESSION = re.compile(r"\$(ENV)?[{(<]|@\w+@")  # ${VAR}, $ENV{VAR}, $(VAR), $<GENEX>, @VAR@


def _pyproject(texts: dict[str, str]) -> dict[str, Any]:
    project = _toml(_only(texts)).get("project", {})
    deps = [re.split(r"[ <>=!~;\[]", d, maxsplit=1)[0] for d in project.get("dependencies", [])]
    scripts = [f"`{k}` -> `{v}`" for k, v in sorted(project.get("scripts", {}).items())]
    return {"name": project.get("name"), "description": project.get("description"),
            "stack": f"Python (pyproject.toml){_deps(deps)}", "entry_points": scripts}


def _package_json(texts: dict[str, str]) -> dict[str, Any]:
    data = _json(_only(texts))
    deps = sorted(data.get("dependencies", {}))
    bins = data.get("bin", {})
    entries = [f"`{k}` -> `{v}`" for k, v in sorted(bins.items())] if isinstance(bins, dict) else []
    if data.get("main"):
        entries.append(f"main: `{data['main']}`")
    return {"name": data.get("name"), "description": data.get("description"),
            "stack": f"JavaScript/TypeScript (package.json){_deps(deps)}", "entry_points": entries}


def _cargo(texts: dict[str, str]) -> dict[str, Any]:
    data = _toml(_only(texts))
    package = data.get("package", {})
    return {"name": package.get("name"), "description": package.get("description"),
            "stack": f"Rust (Cargo.toml){_deps(sorted(data.get('dependencies', {})))}"}


def _go_mod(texts: dict[str, str]) -> dict[str, Any]:
    text = _only(texts)
    module = re.search(r"(?m)^module\s+(\S+)", text)
    version = re.search(r"(?m)^go\s+(\S+)", text)
    deps = re.findall(r"(?m)^\s+([\w./-]+)\s+v[\w.+-]+", text)
    name = module.group(1) if module else None
    return {"name": name.rsplit("/", 1)[-1] if name else None,
            "stack": f"Go {version.group(1) if version else ''} (go.mod){_deps(deps)}".replace("Go  ", "Go ")}


def _pubspec(texts: dict[str, str]) -> dict[str, Any]:
    text = _only(texts)
    field = {k: v.strip().strip("'\"") for k, v in re.findall(r"(?m)^(name|description|version):[ \t]*(\S.*)$", text)}
    block = re.search(r"(?ms)^dependencies:[ \t]*\n(.*?)(?=^\S|\Z)", text)
    deps = re.findall(r"(?m)^  ([A-Za-z_]\w*):", block.group(1)) if block else []
    flutter = re.search(r"(?m)^\s+sdk:\s*flutter\b", text) is not None
    label = "Dart/Flutter" if flutter else "Dart"
    return {"name": field.get("name"), "description": field.get("description"),
            "stack": _stack(label, texts, [f"version {v}" if (v := _literal(field.get("version"))) else ""], deps)}


def _swift(texts: dict[str, str]) -> dict[str, Any]:
    text = _only(texts)
    tools = re.search(r"swift-tools-version\s*:\s*([\d.]+)", text)
    name = re.search(r"Package\s*\(\s*name\s*:\s*\"([^\"]+)\"", text)
    deps = [u.rstrip("/").removesuffix(".git").rsplit("/", 1)[-1]
            for u in re.findall(r"\.package\s*\([^)]*?url\s*:\s*\"([^\"]+)\"", text)]
    return {"name": name.group(1) if name else None,
            "stack": _stack("Swift Package", texts, [f"Swift tools {tools.group(1)}" if tools else ""], deps)}


def _maven(texts: dict[str, str]) -> dict[str, Any]:
    found = _xml_texts(_only(texts), {"project/groupId", "project/artifactId", "project/version", "project/name",
                                      "project/description", "project/modules/module",
                                      "project/dependencies/dependency/artifactId"})
    first = {k: (v[0] if v else None) for k, v in found.items()}
    artifact = first["project/artifactId"]
    coordinates = ":".join(x for x in (first["project/groupId"], artifact) if x)
    version = _literal(first["project/version"])
    modules = found["project/modules/module"]
    parts = [f"{coordinates} {version or ''}".strip(), f"modules: {_listed(modules, 8)}" if modules else ""]
    return {"name": artifact, "description": first["project/description"],
            "stack": _stack("Maven", texts, parts, found["project/dependencies/dependency/artifactId"])}


def _xml_texts(text: str, wanted: set[str]) -> dict[str, list[str]]:
    """The text of the elements at the ``wanted`` paths (``project/version``), in order. A scan
    of the tags, not a parser: no entity, no DTD, nothing outside the file is ever read."""
    text = re.sub(r"(?s)<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>|<![^>]*>", "", text)
    found: dict[str, list[str]] = {path: [] for path in wanted}
    stack: list[str] = []
    opened: int | None = None  # where the text of the element just opened starts
    for tag in re.finditer(r"<(/?)([\w.:-]+)[^>]*?(/?)>", text):
        closing, name, empty = tag.group(1), tag.group(2).rsplit(":", 1)[-1], tag.group(3)
        if closing:
            if stack and stack[-1] == name:
                path = "/".join(stack)
                stack.pop()
                if path in wanted and opened is not None:
                    found[path].append(text[opened:tag.start()].strip())
            opened = None
        elif not empty:
            stack.append(name)
            opened = tag.end()
    return found


def _gradle(texts: dict[str, str]) -> dict[str, Any]:
    joined = "\n".join(texts.values())
    name = re.search(r"rootProject\.name\s*=\s*['\"]([^'\"$]+)['\"]", joined)
    kotlin_dsl = any(n.endswith(".kts") for n in texts)
    seen = [label for label, pattern in (("Android", r"com\.android\.(application|library)"),
                                         ("Kotlin", r"kotlin\(|org\.jetbrains\.kotlin"),
                                         ("Java", r"['\"]java(-library)?['\"]|\bjava\s*\{"))
            if re.search(pattern, joined)]
    return {"name": name.group(1) if name else None,
            "stack": _stack("Gradle", texts, ["Kotlin DSL" if kotlin_dsl else "", ", ".join(seen)])}


def _dotnet(texts: dict[str, str]) -> dict[str, Any]:
    languages = [lang for ext, lang in ((".csproj", "C#"), (".fsproj", "F#"), (".vbproj", "Visual Basic"))
                 if any(n.endswith(ext) for n in texts)]
    frameworks = sorted({f.strip() for text in texts.values()
                         for value in re.findall(r"<TargetFrameworks?>([^<]+)</TargetFrameworks?>", text)
                         for f in value.split(";") if _literal(f.strip())})
    first = next(iter(texts))
    return {"name": first.rsplit(".", 1)[0],
            "stack": _stack(".NET", texts, [", ".join(languages), ", ".join(frameworks)])}


def _cmake(texts: dict[str, str]) -> dict[str, Any]:
    text = _code(_only(texts), "#")
    args = _words(_call(text, "project") or "")
    name = _literal(args[0]) if args else None
    # languages may follow the name without their keyword: project(protobuf C CXX)
    keyword, values = "LANGUAGES", dict[str, list[str]]()
    for word in args[1:]:
        if word in ("VERSION", "DESCRIPTION", "HOMEPAGE_URL", "LANGUAGES"):
            keyword = word
        else:
            values.setdefault(keyword, []).append(word)
    languages = [_CMAKE_LANGUAGES.get(w, w) for w in values.get("LANGUAGES", []) if w != "NONE"]
    version = _literal((values.get("VERSION") or [""])[0])
    minimum = re.match(r"\s*VERSION\s+(\d+(?:\.\d+)*)", _call(text, "cmake_minimum_required") or "", re.IGNORECASE)
    parts = [f"project {name} {version or ''}".strip() if name else "", ", ".join(languages),
             f"CMake {minimum.group(1)} or newer" if minimum else ""]
    description = next(iter(values.get("DESCRIPTION", [])), None)
    return {"name": name, "description": _literal(description), "stack": _stack("CMake", texts, parts)}


_CMAKE_LANGUAGES = {"CXX": "C++", "OBJC": "Objective-C", "OBJCXX": "Objective-C++", "CSharp": "C#", "ASM": "assembly"}


def _bazel(texts: dict[str, str]) -> dict[str, Any]:
    module = _code(texts.get("MODULE.bazel", ""), "#")
    head = _keywords(_call(module, "module") or "")
    deps = [k["name"] for k in map(_keywords, _calls(module, "bazel_dep"))
            if k.get("name") and k.get("dev_dependency") != "True"]
    workspace = next((_keywords(_call(_code(texts[n], "#"), "workspace") or "")
                      for n in ("WORKSPACE", "WORKSPACE.bazel") if n in texts), {})
    name = _literal(head.get("name"))
    parts = [f"module {name} {_literal(head.get('version')) or ''}".strip() if name else "",
             f"workspace {workspace['name']}" if not name and workspace.get("name") else ""]
    return {"name": name, "stack": _stack("Bazel", texts, parts, deps)}


def _meson(texts: dict[str, str]) -> dict[str, Any]:
    args = _call(_code(_only(texts), "#"), "project") or ""
    positional = re.match(r"\s*'([^']*)'((?:\s*,\s*'[^']*')*)", args)
    if positional is None:
        return {"stack": _stack("Meson", texts, [])}
    name = _literal(positional.group(1))
    languages = [_MESON_LANGUAGES.get(w, w) for w in re.findall(r"'([^']*)'", positional.group(2))]
    version = re.search(r"(?<![\w.])version\s*:\s*'([^']*)'\s*(?:,|$)", args)
    parts = [f"project {name} {_literal(version.group(1)) if version else ''}".strip() if name else "",
             ", ".join(languages)]
    return {"name": name, "stack": _stack("Meson", texts, parts)}


_MESON_LANGUAGES = {"c": "C", "cpp": "C++", "objc": "Objective-C", "objcpp": "Objective-C++", "rust": "Rust",
                    "fortran": "Fortran", "cuda": "CUDA", "cs": "C#", "d": "D", "vala": "Vala", "java": "Java"}


# -- reading build files without running them -----------------------------------------------------

_STRING = r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'"


def _code(text: str, comment: str) -> str:
    """The text without its comments (line comments from ``comment``; CMake's ``#[[ ]]`` too);
    strings are kept whole, so a ``#`` inside one is not a comment."""
    pattern = re.compile(rf"{_STRING}|#\[(=*)\[.*?\]\1\]|{re.escape(comment)}[^\n]*", re.S)
    return pattern.sub(lambda m: m.group() if m.group()[0] in "\"'" else " ", text)


def _calls(text: str, function: str) -> list[str]:
    """The argument text of every call of ``function`` at the start of a line (in any case, as
    CMake reads it), up to its own closing parenthesis: parentheses inside strings or nested
    calls do not end it."""
    found = []
    for start in re.finditer(rf"(?im)^[ \t]*{function}[ \t]*\(", text):
        depth = 1
        for piece in _PIECE.finditer(text, start.end()):
            depth += {"(": 1, ")": -1}.get(piece.group(), 0)
            if depth == 0:
                found.append(text[start.end():piece.start()])
                break
    return found


_PIECE = re.compile(rf"{_STRING}|[()]")


def _call(text: str, function: str) -> str | None:
    calls = _calls(text, function)
    return calls[0] if calls else None


def _words(args: str) -> list[str]:
    """CMake arguments: quoted ones unquoted, the rest split on white space."""
    return [re.sub(r"\\(.)", r"\1", m.group(1)) if m.group(1) is not None else m.group(2)
            for m in re.finditer(r"\"((?:[^\"\\]|\\.)*)\"|([^\s\"]+)", args)]


def _keywords(args: str) -> dict[str, str]:
    """Starlark keyword arguments with a plain value: ``name = "absl"`` and ``dev_dependency = True``."""
    return {k: (q if q else w) for k, q, w in re.findall(r"(\w+)\s*=\s*(?:\"([^\"]*)\"|(\w+))", args)}


_STACKS: tuple[tuple[tuple[str, ...], Callable[[dict[str, str]], dict[str, Any]]], ...] = (
    (("pyproject.toml",), _pyproject), (("package.json",), _package_json), (("Cargo.toml",), _cargo),
    (("go.mod",), _go_mod), (("pubspec.yaml",), _pubspec), (("Package.swift",), _swift), (("pom.xml",), _maven),
    (("settings.gradle.kts", "settings.gradle", "build.gradle.kts", "build.gradle"), _gradle),
    (("*.sln", "*.slnx", "*.csproj", "*.fsproj", "*.vbproj"), _dotnet),
    (("CMakeLists.txt",), _cmake), (("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "BUILD.bazel"), _bazel),
    (("meson.build",), _meson),
)
