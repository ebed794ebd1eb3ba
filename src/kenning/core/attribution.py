"""Which declared libraries a lesson is about: read a project's manifests, then find the
libraries a lesson text names.

A lesson travels to another project only when it concerns a library that project declares,
so a wrong attribution shows a stranger's note in the wrong place. The rules favour
precision over recall:

- A library is named by a whole word: case-insensitive, with no letter, digit, ``_`` or ``-``
  on either side (``react`` is not in ``react-dom`` or ``reactive``, but is in
  ``react.memo()``). A word that is a member of something else (``os.path``,
  ``tokio::time``) or the scope of an npm name (``@vue/test-utils``) is not a mention.
- Spellings: the normalized name; its ``_`` and ``.`` forms; a Python distribution's import
  names (``scikit-learn`` -> ``sklearn``); the part after the slash of an npm scoped name or a
  Composer name; the package name of a Go module (``github.com/labstack/echo/v4`` -> ``echo``);
  and brand names written exactly (``React``, ``Next.js``).
- A name that is an ordinary word (``common_words.COMMON_WORDS``) or shorter than three
  letters counts only in a code-like mention: an import, a require, a version pin, a module
  call or member, a Rust path, an install command, or the start of a backtick span.

Manifests are parsed here too, from text (or, for TOML, from the dict the caller parsed: the
core does no I/O and has no TOML parser on Python 3.10). Malformed manifests declare nothing.
"""

from __future__ import annotations

import re

from kenning.core.common_words import COMMON_WORDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

# --- manifests ------------------------------------------------------------------------------

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
    import json  # only package.json and composer.json need it

    try:
        doc = json.loads(text)
    except ValueError:
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


# --- spellings ------------------------------------------------------------------------------

# Python distributions imported under another name (normalized name -> import names)
_IMPORT_NAMES: dict[str, tuple[str, ...]] = {
    "scikit-learn": ("sklearn",), "scikit-image": ("skimage",), "beautifulsoup4": ("bs4", "beautifulsoup"),
    "pyyaml": ("yaml",), "pillow": ("pil",), "python-dateutil": ("dateutil",), "opencv-python": ("cv2",),
    "opencv-python-headless": ("cv2",), "opencv-contrib-python": ("cv2",), "psycopg2-binary": ("psycopg2",),
    "protobuf": ("google.protobuf",), "pyjwt": ("jwt",), "python-dotenv": ("dotenv",), "attrs": ("attr",),
    "msgpack-python": ("msgpack",), "pyserial": ("serial",), "pyzmq": ("zmq",), "pymupdf": ("fitz",),
    "pycryptodome": ("crypto",), "pycryptodomex": ("cryptodome",), "pyopenssl": ("openssl",),
    "dnspython": ("dns",), "gitpython": ("git",), "pygithub": ("github",), "pywin32": ("win32api", "win32com"),
    "google-api-python-client": ("googleapiclient",), "djangorestframework": ("rest_framework",),
    "django-cors-headers": ("corsheaders",), "mysqlclient": ("mysqldb",), "faiss-cpu": ("faiss",),
    "markdown-it-py": ("markdown_it",), "pyusb": ("usb",), "discord-py": ("discord",),
    "python-socketio": ("socketio",), "python-multipart": ("multipart",), "python-slugify": ("slugify",),
}
# conventional short aliases: code-like mentions only, whatever their length (`pd.read_csv(`)
_CONVENTIONS: dict[str, tuple[str, ...]] = {
    "pandas": ("pd",), "numpy": ("np",), "matplotlib": ("plt",), "seaborn": ("sns",), "tensorflow": ("tf",),
    "networkx": ("nx",), "polars": ("pl",),
}
# brand names as people write them, matched case-sensitively; "Node.js" is a runtime, not a package
_BRANDS: dict[str, tuple[str, ...]] = {
    "react": ("React", "React.js", "ReactJS", "react.js", "reactjs"),
    "react-dom": ("ReactDOM",), "@tanstack/react-query": ("React Query", "TanStack Query"),
    "next": ("Next.js", "NextJS", "next.js", "nextjs"),
    "vue": ("Vue", "Vue.js", "VueJS"),
    "express": ("Express", "Express.js", "ExpressJS", "express.js"),
    "angular": ("Angular", "AngularJS"),
    "ember": ("Ember", "Ember.js"),
    "backbone": ("Backbone.js",),
    "moment": ("Moment.js", "moment.js"),
    "flask": ("Flask",), "celery": ("Celery",), "pillow": ("Pillow",), "prettier": ("Prettier",),
    "babel": ("Babel",), "cypress": ("Cypress",), "playwright": ("Playwright",), "jasmine": ("Jasmine",),
    "karma": ("Karma",), "enzyme": ("Enzyme",), "gulp": ("Gulp",), "grunt": ("Grunt",), "sass": ("Sass",),
    "mongoose": ("Mongoose",), "remix": ("Remix",), "cobra": ("Cobra",), "viper": ("Viper",),
}
# a Go module's package name is not a spelling when the standard library has a package of that
# name: `errors.New(` and `sync.WaitGroup` are the standard library far more often than not
_GO_STDLIB = frozenset((
    "archive", "bufio", "bytes", "cmp", "context", "crypto", "database", "embed", "encoding", "errors", "expvar",
    "flag", "fmt", "hash", "html", "image", "io", "iter", "log", "maps", "math", "mime", "net", "os", "path",
    "plugin", "reflect", "regexp", "runtime", "slices", "sort", "strconv", "strings", "sync", "syscall",
    "testing", "text", "time", "unicode", "unique", "unsafe",
))
# applied in order, each to what the previous produced: opencv-python-headless -> opencv
_PYTHON_AFFIXES = (("", "-headless"), ("", "-binary"), ("", "-python"), ("python-", ""))
_GO_MAJOR = re.compile(r"v\d+")
# how a spelling may be mentioned: anywhere as a word, only code-like, or code-like or as the
# owner of a member (`np.random`: a conventional alias followed by a dot is never prose)
_ANYWHERE, _CODE, _MEMBER = "anywhere", "code", "member"
_SPELLINGS: dict[str, tuple[tuple[str, str], ...]] = {}


def _distinctive(name: str) -> bool:
    return len(name) >= 3 and name.lower() not in COMMON_WORDS


def _rule(spelling: str) -> str:
    return _CODE if len(spelling) < 3 or spelling.lower() in COMMON_WORDS else _ANYWHERE


def _python_names(library: str) -> list[str]:
    bases = [library, *_IMPORT_NAMES.get(library, ())]
    for prefix, suffix in _PYTHON_AFFIXES:  # python-magic -> magic, opencv-python-headless -> opencv
        for base in list(bases):
            if base.startswith(prefix) and base.endswith(suffix) and len(base) > len(prefix) + len(suffix):
                bases.append(base[len(prefix): len(base) - len(suffix)])
    forms = [form for base in bases for form in (base, base.replace("-", "_"), base.replace("-", "."))]
    return list(dict.fromkeys(forms))


def _go_names(path: str) -> list[str]:
    """The package name(s) code uses for a Go module. golang.org/x modules are imported by
    subpackage (``x/sync/errgroup``), so their last segment is not what code says."""
    segments = path.split("/")
    if path.startswith("golang.org/x/"):
        return []
    if len(segments) > 2 and _GO_MAJOR.fullmatch(segments[-1]):
        segments.pop()  # github.com/labstack/echo/v4
    last = re.sub(r"\.v\d+$", "", segments[-1])  # gopkg.in/yaml.v3
    names = [last, last.removeprefix("go-"), re.sub(r"[-.]go$", "", last)]  # go-redis, nats.go
    return [n for n in dict.fromkeys(names) if n and n not in _GO_STDLIB]


def _spellings(library: str) -> tuple[tuple[str, str], ...]:
    """(spelling, how it may be mentioned) for one normalized library name; cached."""
    if library not in _SPELLINGS:
        head, _, tail = library.partition("/")
        if library.startswith("@") or (tail and "." not in head):  # npm @scope/name, Composer vendor/name
            names = [library, *([tail] if _distinctive(tail) else [])]
        elif tail:  # a Go module path: the domain makes it one
            names = [library, *_go_names(library)]
        else:
            names = _python_names(library)
        found = [(n, _rule(n)) for n in names] + [(n, _MEMBER) for n in _CONVENTIONS.get(library, ())]
        _SPELLINGS[library] = tuple(found)
    return _SPELLINGS[library]


# --- mentions -------------------------------------------------------------------------------

_COMMANDS = (
    r"pip3?\s+install|uv\s+(?:pip\s+install|add|remove)|poetry\s+(?:add|remove)|pipx\s+(?:install|run)"
    r"|(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|rm|uninstall|update|upgrade|up|why)"
    r"|cargo\s+(?:add|install|remove|rm|update\s+-p)|go\s+(?:get|install)|npx|bunx|pnpx|uvx"
    r"|pnpm\s+(?:dlx|exec)|yarn\s+dlx|python3?\s+-m|(?:uv|poetry|pipenv)\s+run"
)
# a quoted version requirement: "1.0", "^2.31", ">=1.2,<2", "*" (not a setting such as '2s')
_VERSION = r"[\"'](?:\*|[\^~>=<!,.\s\d*]*\d[\^~>=<!,.\s\d*]*)[\"']"
# the text just before a mention
_NOUN_IMPORT = r"(?<![Tt]he )(?<![Aa]n )(?<![Tt]his )(?<![Tt]hat )(?<![Ee]ach )(?<![Ee]very )(?<![Oo]ur )"
_BEFORE = (
    # import a, x; but "keep the import next to the call" is the noun
    _NOUN_IMPORT + r"\bimport\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*\Z",
    r"\bimport\b[^\n'\"]*\bfrom\s+\Z",  # an unquoted JS import in prose: import { x } from next/router
    rf"\b(?:{_COMMANDS})(?:\s+--?[\w-]+(?:=\S+)?)*\s+\Z",  # pip install -U x, npx x
    r"\bextern\s+crate\s+\Z",
)
# the text just after a mention
_AFTER = (
    r"(?:\.\w+)+\(",  # a call on the module: rich.print(
    r"(?:\.\w+)*\.[a-z]\w*_\w*",  # a snake_case member: pd.read_parquet (no domain or file has one)
    r"(?:\.[a-z_]\w*)*\.[A-Z]",  # a class or constant: gin.Context, requests.exceptions.Timeout
    r"::",  # a Rust path
    r"!\s*[(\[{]",  # a Rust macro
    r"(?:\[[\w,\s-]*\])?(?:===|==|>=|<=|~=|!=|<|>)\s*\d",  # a version pin (with a space it is arithmetic)
    r"@(?:[\^~]?\d|(?:latest|next|canary|beta|alpha|rc|experimental)\b)",  # next@14
    rf"\s*=\s*(?:{_VERSION}|\{{\s*(?:version|path|git|workspace|features|package)\b)",  # TOML: x = "1.0"
    r"\.config\.[cm]?[jt]s\b",  # next.config.js
)
# both sides of a mention
_AROUND = (
    # a quoted module (path) after from/require/import: from 'next/router'. A quoted path on its
    # own is not enough: 'build/static' is a directory far more often than a module
    (r"\b(?:from|require|import|import_module|mock|resolve)\s*\(?\s*['\"]\Z", r"(?:/[^'\"\s]*)?['\"]"),
    (r"\bfrom\s+\Z", r"(?:\.\w+)*\s+import\b"),  # from x.y import
    (r"\"\Z", r"\"\s*:\s*\"[\^~>=<]*\d"),  # a package.json dependency
    (r"\buse\s+\Z", r"\s*;"),  # use x;
)
# `build` job, `match` statement: a backticked word followed by what it names
_SOMETHING_ELSE = (
    r"\s+(?:step|job|script|stage|target|task|folder|directory|dir|button|command|subcommand|hook|phase"
    r"|field|column|table|key|flag|option|argument|arg|parameter|param|variable|var|statement|keyword"
    r"|expression|clause|builtin|function|method|property|attribute|prop|call|event|branch|tag|label"
    r"|value|file|route|endpoint|page|tab|link|state|mode|setting|handler|listener|callback|component"
    r"|element|widget|service|container|queue|type|class)s?\b"
)
_SHELL_COMMANDS = frozenset({"cd", "diff", "dig", "docker", "echo", "env", "git", "kill", "make", "open", "sh",
                             "sync", "tar", "test", "time", "watch", "which", "zip"})
# proper names that contain a brand but are something else
_OTHER_NAMES = (r"React (?:Native|Router|Query|Hook Form|Testing Library|Three Fiber|Navigation|Email)"
                r"|Vue (?:Router|Test Utils)"
                r"|(?:American|PayPal|SQL Server|Visual Studio) Express|Express (?:Checkout|Entry|Mail|Lane)")
# brands that are also verbs: at a sentence start their capital proves nothing ("React to the
# flaky test…", "Express the timeout…"), so there they count only when what follows marks a
# name (React.memo, React's, React 18). The labelled set decided it: sentence-initial "React
# re-renders…" is lost, but no imperative is taken for the library. Nouns (Celery, Flask,
# Cobra) are not imperatives: their capital counts anywhere.
_VERB_BRANDS = frozenset({"React", "Express", "Remix"})
_SENTENCE_START = r"(?:\A|[.:!?]\s|\n)\s*(?:[-*]\s+)?\Z"
_NAME_MARK = r"\.\w|['’]s\b|\s+v?\d"
_REGEXES: dict[tuple[str, bool], re.Pattern[str]] = {}


def _regex(pattern: str, ignore_case: bool = False) -> re.Pattern[str]:
    key = (pattern, ignore_case)
    if key not in _REGEXES:
        _REGEXES[key] = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    return _REGEXES[key]


def _word(spelling: str, ignore_case: bool) -> re.Pattern[str]:
    return _regex(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", ignore_case)


def _part_of_another_name(text: str, start: int, end: int) -> bool:
    """``path`` in ``os.path``, ``time`` in ``tokio::time``, ``vue`` in ``@vue/test-utils``,
    ``react`` in ``@testing-library/react``, ``React`` in ``React Native``: a member, scope or
    word of something else."""
    for other in _regex(_OTHER_NAMES).finditer(text):
        if other.start() <= start and end <= other.end() and end - start < len(other.group()):
            return True
    before = text[:start]
    if before.endswith((".", "::")):
        return True
    if before.endswith("@"):  # @scope/name; but @backoff.on_exception is a decorator
        return text.startswith("/", end)
    return before.endswith("/") and before.split()[-1].startswith("@")


def _opens_span(text: str, start: int, end: int) -> bool:
    """The first word of a backtick span: `next`, `black .`, `rich.print()`. Not a bare call
    (`next()` is a builtin far more often), not a shell builtin run with arguments
    (`echo $PATH`), not the name of something else (the `build` job, a `match` statement)."""
    if text[start - 1:start] != "`" or text.count("`", 0, start - 1) % 2:
        return False
    closing = text.find("`", end)
    rest = text[end:closing]
    if closing < 0 or rest.startswith("("):
        return False
    if not rest:
        return not _regex(_SOMETHING_ELSE).match(text, closing + 1)
    return not (rest[0].isspace() and text[start:end].lower() in _SHELL_COMMANDS)


def _code_like(text: str, start: int, end: int) -> bool:
    before, after = text[max(0, start - 160):start], text[end:end + 160]
    return (_opens_span(text, start, end)
            or any(_regex(p).search(before) for p in _BEFORE)
            or any(_regex(p).match(after) for p in _AFTER)
            or any(_regex(b).search(before) and _regex(a).match(after) for b, a in _AROUND))


def _mentioned(text: str, start: int, end: int, rule: str) -> bool:
    if _part_of_another_name(text, start, end):
        return False
    if rule == _MEMBER and _regex(r"\.\w").match(text, end):
        return True
    return rule == _ANYWHERE or _code_like(text, start, end)


def _first_spelled(text: str, spelling: str, rule: str) -> int | None:
    for match in _word(spelling, ignore_case=True).finditer(text):
        if _mentioned(text, *match.span(), rule):
            return match.start()
    return None


def _first_branded(text: str, brand: str) -> int | None:
    ambiguous = brand in _VERB_BRANDS
    for match in _word(brand, ignore_case=False).finditer(text):
        start, end = match.span()
        if (ambiguous and _regex(_SENTENCE_START).search(text, 0, start)
                and not _regex(_NAME_MARK).match(text, end)):
            continue
        if not _part_of_another_name(text, start, end):
            return start
    return None


def _first_mention(text: str, library: str, declared: set[str]) -> int | None:
    # a spelling that is another declared library's own name belongs to that library
    # (@tanstack/react-query's "react-query" when react-query is declared too)
    positions = [_first_spelled(text, spelling, rule) for spelling, rule in _spellings(library)
                 if spelling == library or spelling not in declared]
    positions += [_first_branded(text, brand) for brand in _BRANDS.get(library, ())]
    return min((p for p in positions if p is not None), default=None)


def _fragments(library: str) -> tuple[str, ...]:
    """Lowercased substrings at least one of which any mention of ``library`` contains."""
    if library not in _FRAGMENTS:
        found = [spelling for spelling, _ in _spellings(library)] + list(_BRANDS.get(library, ()))
        _FRAGMENTS[library] = tuple(dict.fromkeys(f.lower() for f in found))
    return _FRAGMENTS[library]


_FRAGMENTS: dict[str, tuple[str, ...]] = {}


def attribute(text: str, declared: Iterable[str]) -> list[str]:
    """The declared libraries ``text`` names, normalized, each once, in order of first mention."""
    libraries = list(dict.fromkeys(normalize(name) for name in declared if name.strip()))
    names = set(libraries)
    lowered = text.lower()
    mentions = []
    for library in libraries:
        if not any(fragment in lowered for fragment in _fragments(library)):
            continue  # the cheap test first: most texts name none of a project's libraries
        position = _first_mention(text, library, names)
        if position is not None:
            mentions.append((position, library))
    return [library for _, library in sorted(mentions)]
