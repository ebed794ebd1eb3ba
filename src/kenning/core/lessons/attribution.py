"""Which declared libraries a lesson is about: find the libraries a lesson text names.

A lesson travels to another project only when it concerns a library that project declares,
so a wrong attribution shows a stranger's note in the wrong place. The rules favour
precision over recall:

- A library is named by a whole word: case-insensitive, with no letter, digit, ``_`` or ``-``
  on either side (``react`` is not in ``react-dom`` or ``reactive``, but is in
  ``react.memo()``). A word that is a member of something else (``os.path``,
  ``tokio::time``) or the scope of an npm name (``@vue/test-utils``) is not a mention.
- Spellings: the normalized name; its ``_`` and ``.`` forms and its ecosystem suffixes
  (``redis-py``, ``chart.js``); a Python distribution's import names (``scikit-learn`` ->
  ``sklearn``); the part after the slash of an npm scoped name or a Composer name, or the
  scope when that part is a plain word (``@babel/core`` -> ``babel``); the package name of a Go
  module and its owner/name (``github.com/labstack/echo/v4`` -> ``echo``, ``labstack/echo``);
  and brand names written exactly (``React``, ``Next.js``).
- A name that is an ordinary word (the hand-kept ``common_words.COMMON_WORDS``, or one of the
  20,000 most frequent English words, the set the caller passes as ``english``: package data
  that ``store.words`` reads, since the core reads no file) or shorter than three letters
  counts only with evidence that it is the package: a code-like mention (an import, a
  require, a version pin, a module call or member, a Rust path, an install command, the start
  of a backtick span), a version after it, its API or a command-line option after it, a
  capital that is not the sentence's, or a coordination with a named package
  ("hypothesis + pytest").
- Any name used as a verb or an adjective ("we don't recoil", "looks dapper") names nothing.

The manifests themselves are read by ``core.lessons.manifests``; the names it exports are repeated
here for the callers that read both.
"""

from __future__ import annotations

import re

from kenning.core.lessons.common_words import COMMON_WORDS
from kenning.core.lessons.manifests import MANIFESTS, declared_libraries, ecosystem, is_manifest, needs_toml, normalize

__all__ = ["MANIFESTS", "attribute", "declared_libraries", "ecosystem", "is_manifest", "needs_toml", "normalize"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

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
_SUFFIXES = ("-py", "-js", ".js", "js", "-rs")
# how a spelling may be mentioned: anywhere as a word, only code-like, or code-like or as the
# owner of a member (`np.random`: a conventional alias followed by a dot is never prose)
_ANYWHERE, _CODE, _MEMBER = "anywhere", "code", "member"
# by (library, english words): the same set object each call, so a lookup hashes it once
_SPELLINGS: dict[tuple[str, frozenset[str]], tuple[tuple[str, str], ...]] = {}


def _ordinary(name: str, english: frozenset[str]) -> bool:
    """A name a lesson may use as a word: short, on the hand-kept list of package names that
    are words or jargon, or one of the common English words."""
    return len(name) < 3 or name.lower() in COMMON_WORDS or name.lower() in english


def _rule(spelling: str, english: frozenset[str]) -> str:
    return _CODE if _ordinary(spelling, english) else _ANYWHERE


def _python_names(library: str) -> list[str]:
    bases = [library, *_IMPORT_NAMES.get(library, ())]
    for prefix, suffix in _PYTHON_AFFIXES:  # python-magic -> magic, opencv-python-headless -> opencv
        for base in list(bases):
            if base.startswith(prefix) and base.endswith(suffix) and len(base) > len(prefix) + len(suffix):
                bases.append(base[len(prefix): len(base) - len(suffix)])
    forms = [form for base in bases for form in (base, base.replace("-", "_"), base.replace("-", "."))]
    return list(dict.fromkeys(forms))


def _scoped_names(scope: str, tail: str, english: frozenset[str]) -> list[str]:
    """Spellings of ``@scope/tail`` or ``vendor/tail`` besides the full name: the tail, unless it
    is jargon that names nothing (``@prisma/client``); and, when the tail is an ordinary word,
    the scope, since such a package is named after its project (@babel/core is Babel,
    laravel/framework is Laravel)."""
    names = [tail] if len(tail) >= 3 and tail not in COMMON_WORDS else []
    return names + ([scope] if _ordinary(tail, english) else [])


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


def _spellings(library: str, english: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """(spelling, how it may be mentioned) for one normalized library name; cached."""
    key = (library, english)
    if key not in _SPELLINGS:
        head, _, tail = library.partition("/")
        if library.startswith("@") or (tail and "." not in head):  # npm @scope/name, Composer vendor/name
            names = [library, *_scoped_names(head.lstrip("@"), tail, english)]
        elif tail:  # a Go module path: the domain makes it one; its owner/name (google/uuid) too
            segments = [s for s in library.split("/")[1:] if not _GO_MAJOR.fullmatch(s)]
            names = [library, *_go_names(library), *(["/".join(segments[-2:])] if len(segments) >= 2 else [])]
        else:
            names = _python_names(library)
        # redis-py, chart.js, vuejs: the name with its ecosystem's suffix is that name, and never a word
        suffixed = [f"{n}{suffix}" for n in names if n.isalnum() for suffix in _SUFFIXES]
        found = [(n, _rule(n, english)) for n in names] + [(n, _ANYWHERE) for n in suffixed if n not in names]
        found += [(n, _MEMBER) for n in _CONVENTIONS.get(library, ())]
        _SPELLINGS[key] = tuple(found)
    return _SPELLINGS[key]


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
_EXTENSIONS = ("com|org|net|io|dev|app|js|mjs|cjs|ts|tsx|jsx|py|pyi|md|rst|txt|json|ya?ml|toml|html?|css|scss"
               "|cfg|ini|conf|lock|log|sh|rs|go|rb|php|java|kt|xml|csv|env|sql|png|svg")
# what after a word-like name means the package, whatever its case: a dotted or v-version
# (`rich 13.7`, `hyper 1.0`, `yup v1`), its API (`torch DataLoader`, `pandas read_csv`,
# `Lightning Trainer(`, `Click's CliRunner`), a command-line option (`prettier --write`,
# `coverage run -m`)
_PACKAGE_AFTER = (
    r"\s+v?\d+(?:\.(?:\d+|x))+\b|\s+v\d+\b",
    # a member, unless it is a file's extension or a domain (`requests.get`, not `home.html`)
    rf"\.(?!(?:{_EXTENSIONS})\b)[a-z_]\w*\b",
    rf"(?:['’]s)?\s+(?:[A-Z][a-z0-9]+[A-Z]\w*|[a-z][a-z0-9]*_\w+|\w+[(<]|\w+\.(?!(?:{_EXTENSIONS})\b)[A-Za-z_])",
    r"\s+(?:[a-z][\w-]*\s+)?--?[a-z]",
)
_CLASS_AFTER = r"\s+(?:object|class|instance|type|interface|struct|enum|value)s?\b"  # a Future object
_UPGRADE_BEFORE = r"\b(?:upgrad|downgrad|bump|pin)\w*\s+(?:the\s+)?\Z"
_TO_VERSION = r"\s+(?:(?:to|from)\s+)?v?\d"
_VERB_BEFORE = (r"(?:\b(?:i|we|you|they|he|she)|n['’]t|\b(?:can|could|should|must|will|would|might|shall)"
                r"|\b(?:have|has|had|need|needs|needed|want|wants|wanted|going|try|tried|trying|able) to"
                r"|\b(?:looks?|looked|seems?|seemed|feels?|felt|sounds?|became|becomes?))\s+\Z")
_IMPERATIVE_AFTER = r"\s+(?:a|an|the|your|our|its|their|this|that|these|those|it|them|all|every|each)\b"
_CAPITAL_AFTER = r" [A-Z][a-z]"
_COORDINATION = r"[`'\"]?\s*(?:\+|&|,|/|\band\b|\bor\b|\bvs\b\.?|\bversus\b)\s*[`'\"]?"
_CAPITAL_BEFORE = r"(?<![.:!?]\s)(?<!\A)\b[A-Z][a-z]+ \Z"
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


def _named_as_package(text: str, start: int, end: int) -> bool:
    """Prose that can only mean the package: a version after the name (`rich 13.7`), an upgrade
    to a version (`bump click to 8.1.7`), its API or a command-line option after it
    (`torch DataLoader`, `pandas read_csv`, `prettier --write`), or a capital that is not the
    sentence's (`we pinned Black`)."""
    after = text[end:end + 80]
    if any(_regex(p).match(after) for p in _PACKAGE_AFTER):
        return True
    if _regex(_UPGRADE_BEFORE).search(text, max(0, start - 40), start) and _regex(_TO_VERSION).match(after):
        return True
    return _capitalised_name(text, start, end)


def _capitalised_name(text: str, start: int, end: int) -> bool:
    """``Black`` (not ``black`` or ``BLACK``) as a name: mid-sentence, or at a sentence's start
    followed by what marks a name (``Rich's``, ``Next 14``, ``Arrow.get``). A capitalised
    neighbour makes it a word of a longer name (Black Friday, Catppuccin Mocha)."""
    word = text[start:end]
    if not (word[:1].isupper() and word[1:].islower()):
        return False
    if (_regex(_CAPITAL_AFTER).match(text, end) or _regex(_CLASS_AFTER).match(text, end)
            or _regex(_CAPITAL_BEFORE).search(text, max(0, start - 60), start)):
        return False
    if _regex(_SENTENCE_START).search(text, 0, start):
        return bool(_regex(_NAME_MARK).match(text, end))
    return True


def _mentioned(text: str, start: int, end: int, rule: str) -> bool:
    if _part_of_another_name(text, start, end):
        return False
    if rule == _MEMBER and _regex(r"\.\w").match(text, end):
        return True
    if _code_like(text, start, end) or _named_as_package(text, start, end):
        return True
    return rule == _ANYWHERE and not _used_as_word(text, start, end)


def _used_as_word(text: str, start: int, end: int) -> bool:
    """A name the grammar makes a verb or an adjective: after a subject, a modal or a
    negation (`we don't recoil`, `had to retrofit`), after a linking verb (`looks dapper`), or
    opening a sentence as an imperative (`Devise a scheme…`). No package is used that way."""
    if _regex(_VERB_BEFORE, ignore_case=True).search(text, max(0, start - 40), start):
        return True
    return bool(_regex(_SENTENCE_START).search(text, 0, start) and _regex(_IMPERATIVE_AFTER).match(text, end))


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


def _first_mention(text: str, library: str, declared: set[str], english: frozenset[str]) -> int | None:
    # a spelling that is another declared library's own name belongs to that library
    # (@tanstack/react-query's "react-query" when react-query is declared too)
    positions = [_first_spelled(text, spelling, rule) for spelling, rule in _spellings(library, english)
                 if spelling == library or spelling not in declared]
    # Cobra: spf13/cobra
    brands = {b for spelling, _ in _spellings(library, english) for b in _BRANDS.get(spelling, ())}
    positions += [_first_branded(text, brand) for brand in sorted(brands)]
    return min((p for p in positions if p is not None), default=None)


def _fragments(library: str, english: frozenset[str]) -> tuple[str, ...]:
    """Lowercased substrings at least one of which any mention of ``library`` contains."""
    key = (library, english)
    if key not in _FRAGMENTS:
        found = [spelling for spelling, _ in _spellings(library, english)]
        found += [brand for spelling in found for brand in _BRANDS.get(spelling, ())]
        _FRAGMENTS[key] = tuple(dict.fromkeys(f.lower() for f in found))
    return _FRAGMENTS[key]


_FRAGMENTS: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}


def attribute(text: str, declared: Iterable[str], english: frozenset[str]) -> list[str]:
    """The declared libraries ``text`` names, normalized, each once, in order of first mention.
    ``english``: the common English words (lowercase), whose names need evidence to count."""
    libraries = list(dict.fromkeys(normalize(name) for name in declared if name.strip()))
    names = set(libraries)
    lowered = text.lower()
    found: dict[str, int] = {}
    unproven: dict[str, list[tuple[int, int]]] = {}
    for library in libraries:
        if not any(fragment in lowered for fragment in _fragments(library, english)):
            continue  # the cheap test first: most texts name none of a project's libraries
        position = _first_mention(text, library, names, english)
        if position is not None:
            found[library] = position
        elif spans := _word_spans(text, library, names, english):
            unproven[library] = spans
    _add_coordinated(text, found, unproven)
    return sorted(found, key=lambda library: found[library])


def _word_spans(text: str, library: str, declared: set[str], english: frozenset[str]) -> list[tuple[int, int]]:
    """Where ``library``'s spellings occur as words that no rule proved to be the package."""
    return [match.span() for spelling, _ in _spellings(library, english)
            if spelling == library or spelling not in declared
            for match in _word(spelling, ignore_case=True).finditer(text)
            if not _part_of_another_name(text, *match.span())]


def _add_coordinated(text: str, found: dict[str, int], unproven: dict[str, list[tuple[int, int]]]) -> None:
    """A word-like name joined to a named package by ``+``, ``and``, ``or``, ``vs`` or a comma is
    a package too: "hypothesis + pytest", "eslint and prettier", "cobra, viper and zap"."""
    changed = True
    while changed and unproven:
        changed = False
        ends = {position: _token_end(text, position) for position in found.values()}
        for library, spans in list(unproven.items()):
            for start, end in spans:
                if any(_regex(_COORDINATION).fullmatch(text, end, other) or
                       _regex(_COORDINATION).fullmatch(text, other_end, start) for other, other_end in ends.items()):
                    found[library] = start
                    del unproven[library]
                    changed = True
                    break


def _token_end(text: str, start: int) -> int:
    match = _regex(r"[\w@/.:-]*\w(?:\(\))?").match(text, start)
    return match.end() if match else start
