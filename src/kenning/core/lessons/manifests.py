"""Which libraries a project declares: its manifests, read from their text (or, for TOML,
from the dict the caller parsed: the core does no I/O and has no TOML parser on Python 3.10).

A malformed manifest, or one whose shape we did not expect, declares nothing and never raises:
a project's broken ``package.json`` must not stop its memory from working. Names come back
normalized (``normalize``), so ``python_dateutil`` and ``python-dateutil`` are one library.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

MANIFESTS: tuple[str, ...] = (
    "pyproject.toml", "requirements.txt", "requirements-dev.txt", "setup.cfg", "Pipfile",
    "package.json", "Cargo.toml", "go.mod", "Gemfile", "composer.json",
)
_TOML = frozenset({"pyproject.toml", "Pipfile", "Cargo.toml"})
_REQUIREMENTS_FILE = re.compile(r"requirements[\w.-]*\.txt")  # requirements-test.txt, requirements.lock.txt
_PEP508_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EGG = re.compile(r"#egg=([A-Za-z0-9][A-Za-z0-9._-]*)")
_DIRECT_REFERENCE = re.compile(r"[A-Za-z0-9][\w.-]*(?:\[[^\]]*\])?\s*@\s*\S+://")
_COMMENT = re.compile(r"(?:^|\s)#.*$")  # "#egg=" inside a URL is not a comment: no space before it
_ARCHIVE = (".whl", ".tar.gz", ".zip", ".tgz")
_GEM = re.compile(r"""^\s*gem\s+["']([^"']+)["']""", re.M)
_GO_REQUIRE = re.compile(r"require\b\s*(.*)")
_CARGO_TABLES = ("dependencies", "dev-dependencies", "build-dependencies")
_NPM_TABLES = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")


def _file_base(file_name: str) -> str:
    return file_name.replace("\\", "/").rsplit("/", 1)[-1]


def is_manifest(file_name: str) -> bool:
    """A file that declares libraries: one of MANIFESTS, or any ``requirements*.txt``."""
    base = _file_base(file_name)
    return base in MANIFESTS or _REQUIREMENTS_FILE.fullmatch(base) is not None


_ECOSYSTEMS = {"package.json": "npm", "Cargo.toml": "crates", "go.mod": "go", "Gemfile": "gem",
               "composer.json": "composer"}


def ecosystem(file_name: str) -> str:
    """The registry a manifest's names belong to: PyPI's ``requests`` is not npm's."""
    return _ECOSYSTEMS.get(_file_base(file_name), "pypi")


def needs_toml(file_name: str) -> bool:
    """The caller parses this manifest as TOML and passes the dict to ``declared_libraries``."""
    return _file_base(file_name) in _TOML


def declared_libraries(file_name: str, content: str | dict[str, object]) -> set[str]:
    """The normalized names of the libraries one manifest declares; empty when the file is not
    a manifest, the content has the wrong type, or it is malformed. Never raises."""
    base = _file_base(file_name)
    if not is_manifest(base) or needs_toml(base) != isinstance(content, dict):
        return set()
    try:
        if isinstance(content, dict):
            names = _TOML_READERS[base](content)
        else:
            names = _TEXT_READERS.get(base, _requirements)(content)
    except (ValueError, TypeError, AttributeError, KeyError):  # a shape we did not expect: declares nothing
        return set()
    return {normalize(n) for n in names if isinstance(n, str) and n.strip()}


def _table(doc: object, key: str) -> dict[str, object]:
    value = doc.get(key) if isinstance(doc, dict) else None
    return value if isinstance(value, dict) else {}


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _requirement_name(spec: str) -> str | None:
    match = _PEP508_NAME.match(spec)
    return match.group(1) if match else None


def _pyproject(doc: dict[str, object]) -> list[str | None]:
    project = _table(doc, "project")
    specs = _strings(project.get("dependencies"))
    for group in [*_table(project, "optional-dependencies").values(), *_table(doc, "dependency-groups").values()]:
        specs += _strings(group)  # an {include-group = ...} entry is not a string: skipped
    names: list[str | None] = [_requirement_name(s) for s in specs]
    poetry = _table(_table(doc, "tool"), "poetry")
    tables = [_table(poetry, "dependencies"), _table(poetry, "dev-dependencies")]
    tables += [_table(group, "dependencies") for group in _table(poetry, "group").values()]
    names += [name for table in tables for name in table if name.lower() != "python"]
    return names


def _pipfile(doc: dict[str, object]) -> list[str]:
    return [*_table(doc, "packages"), *_table(doc, "dev-packages")]


def _cargo(doc: dict[str, object]) -> list[str]:
    tables = [_table(doc, key) for key in _CARGO_TABLES] + [_table(_table(doc, "workspace"), "dependencies")]
    for target in _table(doc, "target").values():
        tables += [_table(target, key) for key in _CARGO_TABLES]
    names = []
    for table in tables:
        for key, spec in table.items():
            names.append(key)
            real = spec.get("package") if isinstance(spec, dict) else None
            if isinstance(real, str):  # `alias = { package = "real" }`: the code says alias, the registry real
                names.append(real)
    return names


def _requirements(text: str) -> list[str | None]:
    names = []
    for line in text.replace("\\\n", " ").splitlines():
        line = _COMMENT.sub("", line).strip()
        egg = _EGG.search(line)
        if not line:
            continue
        if _DIRECT_REFERENCE.match(line):  # name @ https://...
            names.append(_requirement_name(line))
        elif line.startswith(("-", ".", "/")) or "://" in line or line.startswith(("git+", "hg+", "svn+", "bzr+")):
            names.append(egg.group(1) if egg else None)  # options, paths and URLs name a package only by #egg=
        elif not line.endswith(_ARCHIVE):
            names.append(_requirement_name(line))
    return names


def _setup_cfg(text: str) -> list[str | None]:
    import configparser  # only setup.cfg needs it: keep the module's import cheap

    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return []
    values = [parser.get("options", "install_requires", fallback="")]
    if parser.has_section("options.extras_require"):
        values += [value for _, value in parser.items("options.extras_require")]
    lines = [_COMMENT.sub("", line).strip() for value in values for line in value.splitlines()]
    return [_requirement_name(line) for line in lines if line and not line.startswith("file:")]


def _json_object(text: str) -> dict[str, object]:
    from kenning.core.foreign import MANIFEST_LIMIT, json_value  # only package.json and composer.json need it

    try:
        doc = json_value(text, MANIFEST_LIMIT)
    except ValueError:  # broken, or nested past any real manifest (the C decoder would overflow)
        return {}
    return doc if isinstance(doc, dict) else {}


def _package_json(text: str) -> list[str]:
    doc = _json_object(text)
    # @types/* only describe another package's types: a lesson is about the package itself
    return [name for key in _NPM_TABLES for name in _table(doc, key) if not name.startswith("@types/")]


def _composer_json(text: str) -> list[str]:
    doc = _json_object(text)
    # php, ext-*, lib-* are the platform, not packages; every real package is vendor/name
    return [name for key in ("require", "require-dev") for name in _table(doc, key) if "/" in name]


def _go_mod(text: str) -> list[str]:
    names, in_block = [], False
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()  # `// indirect` ones are declared too: keep them
        if in_block:
            if line.startswith(")"):
                in_block = False
            elif line:
                names.append(line.split()[0].strip('"'))
        elif match := _GO_REQUIRE.match(line):
            rest = match.group(1).strip()
            if rest.startswith("("):
                in_block = True
            elif rest:
                names.append(rest.split()[0].strip('"'))
    return names


def _gemfile(text: str) -> list[str]:
    return _GEM.findall(text)


_TOML_READERS: dict[str, Callable[[dict[str, object]], Sequence[str | None]]] = {
    "pyproject.toml": _pyproject, "Pipfile": _pipfile, "Cargo.toml": _cargo,
}
_TEXT_READERS: dict[str, Callable[[str], Sequence[str | None]]] = {
    "setup.cfg": _setup_cfg, "package.json": _package_json, "composer.json": _composer_json, "go.mod": _go_mod,
    "Gemfile": _gemfile,
}


def normalize(name: str) -> str:
    """Lowercase; runs of ``-_.`` become ``-`` (PEP 503), except in npm scoped names and
    module paths (anything with a ``/``), whose punctuation is part of the identity."""
    name = name.strip().lower()
    return name if "/" in name else re.sub(r"[-_.]+", "-", name)
