"""Where an import spec points: the tracked source files it names, or none (a library, the standard
library, a generated file). Pure: the files are a value, and so are the facts read from the
project's own configuration (go.mod module paths, tsconfig/jsconfig ``baseUrl`` and ``paths``,
package.json and Cargo.toml names), handed over as text by the app.

    python  ``a.b.c`` -> a/b/c.py or a/b/c/__init__.py, tried from the root, src/, lib/, python/,
            the importer's package root and its folders, then any folder holding a top-level
            package of that name; the longest module name that resolves wins (``from a import b``
            is a/b.py when there is one, else a); relative imports from the importer's package.
    js/ts   relative specs with extensions and index files tried (``./x.js`` may name x.ts, as
            TypeScript allows); the nearest tsconfig/jsconfig's ``paths`` and ``baseUrl``; then
            workspace packages by their package.json name.
    go      a path under a go.mod module (or vendor/) -> every non-test .go file of that folder:
            the package is what Go imports, and its tests are not part of it.
    rust    ``mod x;`` -> x.rs or x/mod.rs where the module's children live; ``use crate::``,
            ``self::``, ``super::`` -> the deepest module file the path names (the module itself
            when it names an item); other paths when they start at a child module or a workspace
            crate.
    c, cpp  ``"x.h"``: beside the includer, then include/, src/, the root, then the tracked file
            whose path ends with it nearest the includer; ``<x.h>`` the same without the includer's
            folder, and never for a standard header.
"""

from __future__ import annotations

import posixpath
import re

from kenning.core.foreign import MANIFEST_LIMIT, json_value
from kenning.core.paths import repo_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

Edge = tuple[str, str]
TsConfig = tuple[str | None, list[tuple[str, list[str]]]]  # baseUrl and paths, as repository paths

JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
_TS_FOR_JS = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
_PY_ROOTS = ("", "src", "lib", "python")
_C_ROOTS = ("include", "src", "")
_RUST_ROOT_FILES = ("lib.rs", "main.rs")
_RUST_TARGET_DIRS = ("bin", "tests", "examples", "benches")  # each file directly inside is a crate
# <x.h> of the C library and POSIX: a tracked file of that name is the project's own copy, not this
_SYSTEM_HEADERS = frozenset(
    "assert complex ctype errno fenv float inttypes iso646 limits locale math setjmp signal stdalign stdarg "
    "stdatomic stdbool stddef stdint stdio stdlib stdnoreturn string tgmath threads time uchar wchar wctype "
    "aio arpa/inet dirent dlfcn fcntl fnmatch glob grp iconv langinfo libgen monetary netdb net/if netinet/in "
    "netinet/tcp nl_types poll pthread pwd regex sched search semaphore spawn strings sys/ipc sys/mman "
    "sys/msg sys/resource sys/select sys/sem sys/shm sys/socket sys/stat sys/statvfs sys/time sys/times "
    "sys/types sys/uio sys/un sys/utsname sys/wait syslog termios ulimit unistd utime utmpx wordexp "
    "windows winsock2 ws2tcpip".replace(" ", ".h ").split())


class Layout:
    """The tree as resolution sees it: the source files (path -> language) and the facts of the
    configuration files, indexed once per build."""

    __slots__ = ("sources", "go_modules", "go_packages", "ts_configs", "packages", "crates",
                 "py_packages", "by_name", "py_roots")

    def __init__(self, sources: Mapping[str, str], configs: Mapping[str, str] | None = None) -> None:
        self.sources = sources
        configs = configs or {}
        self.go_modules = _go_modules(configs)
        self.go_packages: dict[str, list[str]] = {}
        self.by_name: dict[str, list[str]] = {}
        self.py_packages: dict[str, list[str]] = {}
        self.py_roots: dict[str, list[str]] = {}  # filled as folders are met
        for path in sorted(sources):
            folder, _, name = path.rpartition("/")
            self.by_name.setdefault(name, []).append(path)
            if name.endswith(".go") and not name.endswith("_test.go"):
                self.go_packages.setdefault(folder, []).append(path)
            elif name == "__init__.py" and folder:
                parent, _, package = folder.rpartition("/")
                if _join(parent, "__init__.py") not in sources:  # a top-level package
                    self.py_packages.setdefault(package, []).append(parent)
        self.ts_configs = _ts_configs(configs)
        self.packages = _js_packages(configs)
        self.crates = _crates(configs, sources)


def link(specs: Mapping[str, Iterable[str]], layout: Layout) -> dict[str, tuple[tuple[str, ...], int]]:
    """For each importer: the files it imports (distinct, sorted, itself left out), and how many
    of its local-looking specs (relative, quoted includes, ``mod``, ``crate::``, under the Go
    module) resolved to nothing."""
    linked = {}
    memo: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for importer in sorted(specs):
        lang = layout.sources[importer]
        # a spec means the same from every file of a folder, except Rust's, which depend on the file
        place = importer if lang == "rust" else importer.rpartition("/")[0]
        targets: set[str] = set()
        unresolved = 0
        for spec in specs[importer]:
            key = (lang, place, spec)
            found = memo.get(key)
            if found is None:
                found = memo[key] = resolve(importer, spec, lang, layout)
            if not found and is_local(spec, lang, layout):
                unresolved += 1
            targets.update(found)
        targets.discard(importer)
        linked[importer] = (tuple(sorted(targets)), unresolved)
    return linked


def edges(imports: Mapping[str, Iterable[str]]) -> tuple[Edge, ...]:
    """The (importer, imported) pairs of ``imports`` (importer -> files), sorted."""
    return tuple((importer, target) for importer in sorted(imports) for target in sorted(imports[importer]))


def resolve(importer: str, spec: str, language: str, layout: Layout) -> tuple[str, ...]:
    """The source files ``spec`` (as ``core.codemap.imports`` writes it) names from ``importer``."""
    resolver = _RESOLVERS.get(language)
    return tuple(resolver(importer, spec, layout)) if resolver else ()


def is_local(spec: str, language: str, layout: Layout) -> bool:
    """Whether ``spec`` can only mean a file of this repository, so resolving to nothing is a
    finding rather than a library: a relative import, a quoted include, ``mod``/``crate::``/
    ``super::``, a Go path under the module. An asset (``./app.css``) is not code: not counted."""
    if language == "python":
        return spec.startswith(".")
    if language in ("javascript", "typescript"):
        extension = posixpath.splitext(spec)[1]
        return spec.startswith((".", "/")) and (not extension or extension in JS_EXTENSIONS)
    if language == "go":
        return spec.startswith(".") or any(_under(spec, module) for _, module in layout.go_modules)
    if language == "rust":
        return spec.startswith(("mod:", "path:", "use:crate::", "use:self::", "use:super::"))
    return spec.startswith('"')


def header_languages(files: Mapping[str, str], imports: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """``files`` with each ``.h`` included only by C++ files (or by headers found to be C++)
    called C++; a ``.h`` is C otherwise. ``imports``: importer -> the files it imports."""
    languages = dict(files)
    includers: dict[str, set[str]] = {}
    for importer, targets in imports.items():
        if languages.get(importer) in ("c", "cpp"):
            for target in targets:
                if target.endswith(".h"):
                    includers.setdefault(target, set()).add(importer)
    for _ in range(16):  # a chain of headers settles in as many rounds as it is deep
        changed = [path for path, by in includers.items() if languages.get(path) == "c"
                   and {languages.get(importer) for importer in by} == {"cpp"}]
        for path in changed:
            languages[path] = "cpp"
        if not changed:
            break
    return languages


# -- python -------------------------------------------------------------------------------------------

def _python(importer: str, spec: str, layout: Layout) -> list[str]:
    folder = posixpath.dirname(importer)
    if spec.startswith("."):
        names = spec.lstrip(".").split(".") if spec.strip(".") else []
        base = folder
        for _ in range(len(spec) - len(spec.lstrip(".")) - 1):
            if not base:
                return []  # more dots than folders: above the repository
            base = posixpath.dirname(base)
        for n in range(len(names), -1, -1):
            found = _py_module(base, names[:n], layout.sources)
            if found:
                return [found]
        return []
    names = spec.split(".")
    roots = _py_roots(folder, layout) + layout.py_packages.get(names[0], [])
    for n in range(len(names), 0, -1):
        for root in roots:
            found = _py_module(root, names[:n], layout.sources)
            if found:
                return [found]
    return []


def _py_roots(folder: str, layout: Layout) -> list[str]:
    roots = layout.py_roots.get(folder)
    if roots is None:
        roots = layout.py_roots[folder] = _py_roots_of(folder, layout)
    return roots


def _py_roots_of(folder: str, layout: Layout) -> list[str]:
    top = folder
    while top and _join(top, "__init__.py") in layout.sources:
        top = posixpath.dirname(top)  # the folder above the importer's outermost package
    ancestors = [folder]
    while ancestors[-1]:
        ancestors.append(posixpath.dirname(ancestors[-1]))
    return list(dict.fromkeys([*_PY_ROOTS, top, *ancestors]))


def _py_module(base: str, names: list[str], sources: Mapping[str, str]) -> str | None:
    path = _join(base, "/".join(names))
    if names and path + ".py" in sources:
        return path + ".py"
    package = _join(path, "__init__.py")
    return package if package in sources else None


# -- javascript and typescript -----------------------------------------------------------------------

def _javascript(importer: str, spec: str, layout: Layout) -> list[str]:
    folder = posixpath.dirname(importer)
    if spec.startswith((".", "/")):
        target = _normal(_join(folder, spec) if spec.startswith(".") else spec.lstrip("/"))
        found = _js_file(target, layout.sources) if target is not None else None
        return [found] if found else []
    config = _nearest(folder, layout.ts_configs)
    if config is not None:
        found = _ts_paths(spec, config, layout.sources)
        if found:
            return [found]
    found = _js_package(spec, layout)
    return [found] if found else []


def _js_file(base: str, sources: Mapping[str, str]) -> str | None:
    stem, extension = posixpath.splitext(base)
    candidates = [base, *(base + e for e in JS_EXTENSIONS), *(stem + e for e in _TS_FOR_JS.get(extension, ())),
                  *(_join(base, "index" + e) for e in JS_EXTENSIONS)]
    return next((c for c in candidates if c in sources), None)


def _ts_paths(spec: str, config: TsConfig, sources: Mapping[str, str]) -> str | None:
    """tsconfig ``paths``: an exact pattern, else the ``*`` pattern with the longest prefix; then ``baseUrl``."""
    base_url, paths = config
    best: tuple[int, str, list[str]] | None = None
    for pattern, targets in paths:
        prefix, star, suffix = pattern.partition("*")
        if (not star and spec == pattern) or (star and spec.startswith(prefix) and spec.endswith(suffix)
                                               and len(spec) >= len(prefix) + len(suffix)):
            rank = len(pattern) + 10_000 if not star else len(prefix)  # an exact pattern beats any wildcard
            captured = spec[len(prefix):len(spec) - len(suffix)] if star else ""
            if best is None or rank > best[0]:
                best = (rank, captured, targets)
    for target in best[2] if best else []:
        normal = _normal(target.replace("*", best[1] if best else "", 1))
        found = _js_file(normal, sources) if normal is not None else None
        if found:
            return found
    normal = _normal(_join(base_url, spec)) if base_url is not None else None
    return _js_file(normal, sources) if normal is not None else None


def _js_package(spec: str, layout: Layout) -> str | None:
    """A workspace package named in a package.json: ``@acme/ui`` -> its entry, ``@acme/ui/x`` -> x in it."""
    parts = spec.split("/")
    name = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
    package = layout.packages.get(name)
    if package is None:
        return None
    folder, entries = package
    rest = spec[len(name):].lstrip("/")
    candidates = [_join(folder, rest), _join(folder, "src/" + rest)] if rest else \
        [*(_join(folder, e) for e in entries), _join(folder, "src/index"), _join(folder, "index")]
    for candidate in candidates:
        normal = _normal(candidate)
        found = _js_file(normal, layout.sources) if normal is not None else None
        if found:
            return found
    return None


# -- go -----------------------------------------------------------------------------------------------

def _go(importer: str, spec: str, layout: Layout) -> list[str]:
    if spec.startswith("."):
        folder = _normal(_join(posixpath.dirname(importer), spec))
        return list(layout.go_packages.get(folder, [])) if folder is not None else []
    for root, module in layout.go_modules:
        if _under(spec, module):
            return list(layout.go_packages.get(_join(root, spec[len(module) + 1:]), []))
    for root, _ in layout.go_modules:
        vendored = layout.go_packages.get(_join(root, "vendor/" + spec))
        if vendored:
            return list(vendored)
    return []


def _under(spec: str, module: str) -> bool:
    return spec == module or spec.startswith(module + "/")


# -- rust ---------------------------------------------------------------------------------------------

def _rust(importer: str, spec: str, layout: Layout) -> list[str]:
    kind, _, rest = spec.partition(":")
    sources = layout.sources
    here = _rust_dir(importer)
    root = _rust_root(importer, sources)
    if kind == "mod":
        found = _rust_file(_join(here, rest), root, sources)
        return [found] if found else []
    if kind == "path":
        path = _normal(_join(posixpath.dirname(importer), rest))
        return [path] if path is not None and path in sources else []
    if kind == "crate":
        crate = layout.crates.get(rest)
        return [crate[1]] if crate else []
    segments = rest.split("::")
    for folder, names, crate_root, least in _rust_bases(segments, here, root, layout):
        for n in range(len(names), least - 1, -1):
            found = _rust_file(_join(folder, "/".join(names[:n])), crate_root, sources)
            if found:
                return [found]
    return []


def _rust_bases(segments: list[str], here: str, root: tuple[str, str] | None, layout: Layout
                ) -> list[tuple[str, list[str], tuple[str, str] | None, int]]:
    """Where a use path starts: (module folder, the rest of the path, the crate root, how many
    segments must match). ``crate``/``self``/``super`` may name the module itself (0)."""
    head = segments[0]
    if head == "crate":
        return [(root[0], segments[1:], root, 0)] if root else []
    if head in ("self", "super"):
        at = 1 if head == "self" else 0
        while at < len(segments) and segments[at] == "super":
            here = posixpath.dirname(here)
            at += 1
        return [(here, segments[at:], root, 0)]
    bases = [(here, segments, root, 1)]
    if root:
        bases.append((root[0], segments, root, 1))  # 2015 edition: paths start at the crate root
    crate = layout.crates.get(head)
    if crate:
        bases.append((crate[0], segments[1:], crate, 0))
    return bases


def _rust_dir(path: str) -> str:
    """The folder where the children of ``path``'s module live."""
    folder, name = posixpath.split(path)
    if name in ("mod.rs", "build.rs", *_RUST_ROOT_FILES) or posixpath.basename(folder) in _RUST_TARGET_DIRS:
        return folder
    return _join(folder, name[:-3])


def _rust_root(path: str, sources: Mapping[str, str]) -> tuple[str, str] | None:
    """The crate root of ``path``: its folder and file (lib.rs before main.rs)."""
    folder, name = posixpath.split(path)
    if name in (*_RUST_ROOT_FILES, "build.rs") or posixpath.basename(folder) in _RUST_TARGET_DIRS:
        return folder, path
    while True:
        for root_name in _RUST_ROOT_FILES:
            if _join(folder, root_name) in sources:
                return folder, _join(folder, root_name)
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def _rust_file(module: str, root: tuple[str, str] | None, sources: Mapping[str, str]) -> str | None:
    if root and module == root[0]:
        return root[1]
    for candidate in (module + ".rs", _join(module, "mod.rs")):
        if candidate in sources:
            return candidate
    return None


# -- c and c++ ----------------------------------------------------------------------------------------

def _c(importer: str, spec: str, layout: Layout) -> list[str]:
    quoted, name = spec[0] == '"', spec[1:-1].strip()
    folder = posixpath.dirname(importer)
    for base in ((folder,) if quoted else ()) + _C_ROOTS:
        path = _normal(_join(base, name))
        if path is not None and path in layout.sources:
            return [path]
    if ".." in name.split("/") or (not quoted and name in _SYSTEM_HEADERS):
        return []
    ending = "/" + name.removeprefix("./")
    matches = [p for p in layout.by_name.get(posixpath.basename(name), []) if p.endswith(ending)]
    if not matches:
        return []
    # the copy nearest the includer: the longest shared folder prefix, then the shortest path
    return [min(matches, key=lambda p: (-_shared(p, folder), len(p), p))]


def _shared(path: str, folder: str) -> int:
    shared = 0
    for a, b in zip(path.split("/")[:-1], folder.split("/"), strict=False):
        if a != b:
            break
        shared += 1
    return shared


_RESOLVERS = {"python": _python, "javascript": _javascript, "typescript": _javascript, "go": _go,
              "rust": _rust, "c": _c, "cpp": _c}


# -- paths --------------------------------------------------------------------------------------------

def _join(folder: str | None, name: str) -> str:
    return f"{folder}/{name}" if folder and name else (folder or name)


def _normal(path: str) -> str | None:
    """``a/./b/../c`` -> ``a/c`` by the rule of ``core.paths``; "" for the root itself (a folder
    names are joined to); None for what the rule refuses (above the root, absolute, a drive)."""
    if not path or posixpath.normpath(path.replace("\\", "/")) == ".":
        return ""
    return repo_path(path)


def _nearest(folder: str, by_folder: Mapping[str, TsConfig]) -> TsConfig | None:
    while True:
        if folder in by_folder:
            return by_folder[folder]
        if not folder:
            return None
        folder = posixpath.dirname(folder)


# -- configuration facts ------------------------------------------------------------------------------

def _go_modules(configs: Mapping[str, str]) -> list[tuple[str, str]]:
    """(module folder, module path) of every go.mod, the longest module path first."""
    found = []
    for path, text in configs.items():
        if posixpath.basename(path) == "go.mod":
            match = re.search(r"(?m)^\s*module\s+\"?([^\s\"]+)", text)
            if match:
                found.append((posixpath.dirname(path), match.group(1)))
    return sorted(found, key=lambda pair: (-len(pair[1]), pair))


# a string or a block comment runs to its end or to the end of the text: a match never fails once
# started, so a file of unterminated quotes or "/*" costs one pass, not one per quote
_STRING = r'"(?:[^"\\]|\\[\s\S]?)*(?:"|\Z)'
_COMMENTS = re.compile(_STRING + r'|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z)')
_TRAILING_COMMAS = re.compile(_STRING + r'|,(?=\s*[}\]])')


def parse_jsonc(text: str) -> dict[str, object]:
    """JSON with comments and trailing commas, as tsconfig.json is written; {} when unreadable."""
    def strings_only(m: re.Match[str]) -> str:
        return m.group() if m.group()[0] == '"' else " "

    try:
        value = json_value(_TRAILING_COMMAS.sub(strings_only, _COMMENTS.sub(strings_only, text)), MANIFEST_LIMIT)
    except ValueError:  # broken, or nested past any real config (foreign.Unreadable)
        return {}
    return value if isinstance(value, dict) else {}


def _ts_configs(configs: Mapping[str, str]) -> dict[str, TsConfig]:
    """The options of each folder's tsconfig.json (else jsconfig.json), ``extends`` followed."""
    parsed = {path: parse_jsonc(text) for path, text in configs.items()
              if re.fullmatch(r"[tj]sconfig[\w.-]*\.json", posixpath.basename(path))}
    found: dict[str, TsConfig] = {}
    for name in ("jsconfig.json", "tsconfig.json"):  # tsconfig.json wins where both are
        for path in parsed:
            if posixpath.basename(path) == name:
                found[posixpath.dirname(path)] = _ts_options(path, parsed, 0)
    return found


def _ts_options(path: str, parsed: Mapping[str, dict[str, object]], depth: int) -> TsConfig:
    data = parsed.get(path, {})
    folder = posixpath.dirname(path)
    inherited: TsConfig = (None, [])
    extends = data.get("extends")
    if isinstance(extends, str) and extends.startswith(".") and depth < 8:
        parent = _normal(_join(folder, extends))
        if parent is not None:
            inherited = _ts_options(parent if parent.endswith(".json") else parent + ".json", parsed, depth + 1)
    options = data.get("compilerOptions")
    options = options if isinstance(options, dict) else {}
    base_url = options.get("baseUrl")
    base = _normal(_join(folder, base_url)) if isinstance(base_url, str) else inherited[0]
    paths = options.get("paths")
    if not isinstance(paths, dict):
        return base, inherited[1]
    anchor = base if base is not None else folder
    return base, [(pattern, [_join(anchor, t) for t in targets if isinstance(t, str)])
                  for pattern, targets in sorted(paths.items()) if isinstance(targets, list)]


def _js_packages(configs: Mapping[str, str]) -> dict[str, tuple[str, list[str]]]:
    """Workspace packages: name -> (folder, entry files from source/module/main/types)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for path in sorted(configs):
        if posixpath.basename(path) != "package.json":
            continue
        data = parse_jsonc(configs[path])
        name = data.get("name")
        if isinstance(name, str) and name and name not in found:
            entries = [e for key in ("source", "module", "main", "types") if isinstance(e := data.get(key), str)]
            found[name] = (posixpath.dirname(path), entries)
    return found


def _crates(configs: Mapping[str, str], sources: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """Workspace crates with a library: name (as code spells it) -> (its module folder, its lib.rs)."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(configs):
        if posixpath.basename(path) != "Cargo.toml":
            continue
        folder, text = posixpath.dirname(path), configs[path]
        lib = re.search(r"(?ms)^\[lib\][^\[]*?^\s*path\s*=\s*\"([^\"]+)\"", text)
        lib_path = _normal(_join(folder, lib.group(1) if lib else "src/lib.rs"))
        package = re.search(r"(?ms)^\[package\][^\[]*?^\s*name\s*=\s*\"([^\"]+)\"", text)
        lib_name = re.search(r"(?ms)^\[lib\][^\[]*?^\s*name\s*=\s*\"([^\"]+)\"", text)
        named = lib_name or package
        name = named.group(1) if named else None
        if name and lib_path is not None and lib_path in sources:
            found.setdefault(name.replace("-", "_"), (posixpath.dirname(lib_path), lib_path))
    return found
