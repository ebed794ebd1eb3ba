"""What a detector is (``Rule``), and the checks every detector shares on a candidate value:
is it a placeholder, a piece of code, or random enough to be a credential?

The detectors themselves live in ``secrets_providers`` (prefixed tokens), ``secrets_shapes``
(key files, hashes, URLs, headers) and ``secrets`` (assignments and prose, and the table).

Pure: standard library only.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable

Validator = Callable[[re.Match[str], str], "bool | tuple[int, int]"]
"""Second opinion on a regex match: receives the match and the secret substring; answers
``True``/``False``, or the narrower ``(start, end)`` span that is the secret."""


class Rule:
    """One detector. The secret is the first matched group named ``secret`` or ``secret_*``
    (the whole match when the pattern has none); only that part is replaced.

    ``anchors``: lowercase literals at which every match begins, anywhere in the text. The rule
    runs only if one occurs, and the regex is tried only at those offsets, never at every
    position (an engine scanning a pattern that starts with ``\\b`` is ~50x slower).
    ``prefixes``: lowercase literals that begin a *token* (a run of at least 12 of
    ``[A-Za-z0-9_.~+/-]`` after a character outside it, or right after a URL's ``//``): provider
    prefixes such as ``ghp_``. The engine finds token starts in one pass and looks prefixes up
    by their first two characters, so a hundred provider rules cost about as much as one.
    ``context``: lowercase words one of which must occur somewhere (a prefilter only).
    None of them: the regex scans the whole text (user patterns, and rules with no literal).
    ``validate``: a second opinion on each match (see ``Validator``); it may narrow the span.

    A plain slotted class rather than a dataclass: ``@dataclass`` costs about a millisecond per
    class at import, and every ``ken`` run imports this module. Treat instances as immutable.
    """

    __slots__ = ("kind", "source", "anchors", "flags", "context", "validate", "builtin", "prefixes", "_compiled")

    def __init__(self, kind: str, source: str, anchors: tuple[str, ...] = (), flags: int = 0, *,
                 context: tuple[str, ...] = (), validate: Validator | None = None,
                 builtin: bool = True, prefixes: tuple[str, ...] = ()) -> None:
        self.kind = kind
        self.source = source
        self.anchors = anchors
        self.flags = flags
        self.context = context
        self.validate = validate
        self.builtin = builtin  # built-ins also skip obvious placeholders; user patterns are as-is
        self.prefixes = prefixes
        self._compiled: tuple[re.Pattern[str], tuple[str, ...]] | None = None

    def compiled(self) -> tuple[re.Pattern[str], tuple[str, ...]]:
        """The regex and its secret group names, compiled on first use and then kept."""
        if self._compiled is None:
            pattern = re.compile(self.source, self.flags)
            index = pattern.groupindex
            names = sorted((n for n in index if n == "secret" or n.startswith("secret_")),
                           key=index.__getitem__)
            self._compiled = (pattern, tuple(names))
        return self._compiled

    def __repr__(self) -> str:
        return f"Rule({self.kind!r}, {self.source!r})"


# --- placeholders -----------------------------------------------------------------------------

# Substrings that mark documentation samples and templates anywhere in a value: AWS's own
# AKIAIOSFODNN7EXAMPLE, ghp_your_token_here, sk_live_xxxxxxxx.
_FAKE_MARKERS = ("example", "xxxxx", "*****", "•••", "placeholder", "redacted", "changeme", "your_", "your-",
                 "tokenhere", "keyhere", "secrethere", "_here", "-here")
# Templates: a value that interpolates a variable (${TOKEN}, pre_${SUFFIX}, {{ .Values.x }}), or
# is wholly a <your-password> or %SMTP_PASSWORD% placeholder. A lone "<" or "${" inside a value
# is just a character of a strong password ("kX9<mZ2!qR7w", "Rt5${kLq9!w").
_INTERPOLATION = r"\$\{[A-Za-z_][\w.:-]*\}|\{\{.*\}\}"
_WHOLE_TEMPLATE = r"<[^<>]*>|%[A-Za-z_]\w*%"


def _looks_fake(secret: str) -> bool:
    if "-----" in secret and ":" in secret:  # an armour's Comment: header says nothing about the key
        secret = re.sub(r"(?m)^(?:Comment|Version|Hash|Charset):[^\n]*$", "", secret)
    low = secret.lower()
    if any(marker in low for marker in _FAKE_MARKERS) or re.search(_INTERPOLATION, secret):
        return True
    if re.fullmatch(_WHOLE_TEMPLATE, secret):
        return True
    if "dummy" in low:
        # a test value only when nothing random is left without the word: dummy-token-for-tests
        # and dummy123 are, dummyPass!93Kx is somebody's password
        rest = re.sub("dummy", "", secret, flags=re.IGNORECASE)
        if not (_has_digit(rest) and _mixed_case(rest) and len(rest) >= 6):
            return True
    # A long value made of a handful of symbols, or mostly of one, is a mask (AKIA and sixteen
    # capital Xs, glc_111...1=), not a key.
    return len(secret) >= 12 and (len(set(low)) < 6 or max(map(low.count, set(low))) > 0.6 * len(low))


_PLACEHOLDER_WORDS = frozenset({
    "none", "null", "nil", "true", "false", "undefined", "str", "string", "bytes", "int",
    "optional", "required", "empty", "hidden", "masked", "secret", "secrets", "password",
    "passwd", "pass", "pwd", "token", "apikey", "api_key", "api-key", "key", "changeme",
    "change_me", "changeit", "test", "testing", "todo", "tbd", "foo", "bar", "baz", "value",
    "default", "unset", "n/a", "na", "redacted", "omitted", "admin", "root", "user", "username",
    "sample", "dummy", "1password", "bitwarden", "keepass", "lastpass", "vault",
    # the word "password" in other languages: i18n files map the key to its label
    "passwort", "kennwort", "contraseña", "contrasena", "senha", "wachtwoord", "пароль", "密码", "密碼",
    "パスワード", "비밀번호", "hasło", "haslo", "şifre", "sifre", "lösenord", "heslo", "salasana",
    "adgangskode", "passord", "jelszó", "parola", "clave", "mdp",
})

# Code, not a value: a call or subscript (get_secret(...), os.environ[...]), a dotted attribute
# (settings.API_KEY), or the name of an environment variable ("DB_PASSWORD").
_CALL_OR_INDEX = r"[A-Za-z_][\w.]*(?:\(.*\)|\[.*\])[\w.()\[\]]*"
_CALL_OPEN = r"[A-Za-z_][\w.]*[(\[]"
_DOTTED_NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"
_ENV_NAME = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
_PATH = r"(?:/[\w.-]+)+/?"
_NUMBER = r"[\d.:,+-]+"  # counts, timestamps, versions, addresses
_ARTIFACT = r"[A-Za-z][A-Za-z-]*[A-Za-z]-v?\d+(?:\.\d+)+(?:[-.][A-Za-z0-9]+)?"
_SECRET_WORDS = ("pass", "pwd", "secret", "token", "key", "auth", "cred")
_BIND_PARAM = r"[:@][A-Za-z_]\w*"  # SQL and ORM bind parameters
_PLACEHOLDER_PREFIXES = ("your", "insert_", "insert-", "replace_", "replace-", "enter_", "enter-")
_CLOSER = {"{": "}", "[": "]", "(": ")", "<": ">"}
_CIPHERTEXT = ("enc[", "ej[")  # SOPS ENC[AES256_GCM,...], ejson EJ[1:...]
# A sealed-secrets value: base64 of a two-byte length (0x02 0x00..0x03) and an RSA-OAEP session key
# of 256 bytes or more, so hundreds of characters starting "Ag"; nobody's password looks so.
_SEALED = r"Ag[A-D][A-Za-z0-9+/]{300,}"
_YAML_TAGS = ("!vault", "!secret", "!ref", "!sub", "!env", "!getatt", "!import")


def _is_code_or_placeholder(value: str, *, bare: bool) -> bool:
    """True for values that name or template a secret instead of containing one.

    The tests are alternatives, cheapest first: a rejected value is often a long run of text
    ("password=password=...") met at thousands of offsets."""
    low = value.lower()
    digit = _has_digit(value)
    if bare and not digit:
        # Unquoted words without digits are nearly always identifiers or prose
        # ("password=password", "token: see-docs"); real unquoted secrets almost always have digits.
        return True
    if not digit and any(w in low for w in _SECRET_WORDS):
        return True  # "no-password-required", "next_token", "test-secret-key": names, not values
    if low in _PLACEHOLDER_WORDS or low.startswith(_PLACEHOLDER_PREFIXES) or len(set(low)) <= 2:
        return True  # xxx, ****, 0000
    if value[0] in "$%:|\\" or low.startswith(_YAML_TAGS) or re.fullmatch(_BIND_PARAM, value):
        return True  # ${VAR} $(cmd) %VAR% !vault :password ::member | \\
    if value[0] in _CLOSER and _CLOSER[value[0]] in value:
        return True  # {{ tpl }} [0] (call) <your-token>; a random key may start with "(" or "<"
    if low.startswith(_CIPHERTEXT) or re.match(_SEALED, value):
        return True  # committed ciphertext: SOPS, ejson, sealed-secrets; encrypted to a key that is not here
    if "://" in low or low.startswith(("arn:", "~/", "./", "../")):
        return True  # a URL (credentials in URLs have their own rule), an AWS ARN, a file
    if re.fullmatch(_PATH, value) and (value == low or not digit):
        return True  # a file holding the secret (/run/secrets/db); base64 has mixed case and digits
    if re.fullmatch(_NUMBER, value) or re.fullmatch(r"&#?[A-Za-z0-9]+;?", value):
        return True  # a count, time or version; an HTML entity (&#x3C;)
    if re.fullmatch(_CALL_OR_INDEX, value, re.S) or re.fullmatch(_DOTTED_NAME, value):
        return True
    if re.match(_CALL_OPEN, value) and (value.count("(") > value.count(")") or value.count("[") > value.count("]")):
        return True  # b64decode(os.environ[ : a call cut short by a quote
    if re.fullmatch(_ENV_NAME, value):
        return True  # the name of an environment variable
    return re.fullmatch(_ARTIFACT, value) is not None  # jjwt-jackson-0.11.2: a package and its version


# --- how random is a value ----------------------------------------------------------------------

# Character-class tests run in C (a value can be 400 characters, tried at thousands of offsets
# in a hostile field): a regex search, or comparing a string with its case-folded self.
def _has_digit(s: str) -> bool:
    return re.search(r"\d", s) is not None


def _has_alpha(s: str) -> bool:
    return re.search(r"[^\W\d_]", s) is not None


def _has_space(s: str) -> bool:
    return re.search(r"\s", s) is not None


def _mixed_case(s: str) -> bool:
    return s != s.lower() and s != s.upper()


def _classes(s: str) -> int:
    """How many of lower, upper, digit, symbol a value mixes (an underscore is part of a name, not a symbol)."""
    return (s != s.upper()) + (s != s.lower()) + _has_digit(s) + (re.search(r"\W", s) is not None)


_WIDE = "[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]"  # CJK, kana, hangul, full-width


def _password_like(value: str, *, strict: bool) -> bool:
    """Could this word, found in prose after "password", be the password itself?

    Lenient (after "is", "lautet", "est", ...): six characters or more, letters with digits, or
    letters with symbols in both cases, or six digits. Strict (after bare whitespace or a few
    intervening words): three of the four classes, or two over ten characters with a digit.
    Words in CJK scripts are the sentence going on, not a password.
    """
    if len(value) < 6 or len(value) > 128 or re.search(_WIDE, value):
        return False
    if _is_code_or_placeholder(value, bare=False) or value[0] == "/" or "::" in value or "()" in value:
        return False  # paths, URLs, C++ and calls are the sentence going on
    if value.isdigit():
        return not strict
    if strict and re.match(r"[A-Za-z_][\w.-]*=", value):
        return False  # "password [success=1 default=ignore]": an option, not a password
    has_alpha = _has_alpha(value)
    classes = _classes(value)
    if strict:
        return has_alpha and (classes >= 3 or (classes == 2 and len(value) >= 10 and _has_digit(value)))
    symbol = any(not c.isalnum() for c in value)
    return has_alpha and (_has_digit(value) or (symbol and _mixed_case(value)))


_WORDY_SEGMENT = r"(?:^|[-_./:+])(?:[a-z]{4,}|[A-Z][a-z]{3,}|(?:[A-Z][a-z]{2,}){2,})(?=$|[-_./:+])"


def _random_looking(value: str) -> bool:
    """A generated credential rather than a name: 32+ hex characters with letters and digits; or,
    with no readable word between separators (``Linux-node-<sha>`` is a cache key, not a token),
    20+ characters mixing both cases and digits, or 16+ mixing three classes (a UUID).
    Timestamps and versions are neither."""
    if len(value) < 16 or _has_space(value):
        return False
    if re.fullmatch(r"[0-9a-fA-F]{32,}", value):
        return _has_digit(value) and _has_alpha(value)
    if re.search(_WORDY_SEGMENT, value) or re.match(r"v?\d{1,4}[-.:/]\d{1,2}[-.:/]\d", value):
        return False
    return len(value) >= 20 and _has_digit(value) and _mixed_case(value) or (
        len(value) >= 16 and _classes(value) >= 3 and _has_digit(value))


def _random_token(_: re.Match[str], secret: str) -> bool:
    """Generated tokens mix digits and letters, or at least both cases; words and branch names
    (``sk-fix-the-webhook``) do not."""
    return (_has_digit(secret) and _has_alpha(secret)) or (len(secret) >= 20 and _mixed_case(secret))


def _strong_token(_: re.Match[str], secret: str) -> bool:
    """Digits and both cases: a hyphenated branch name (``sk-proj-Fix-OAuth-flow``) has not."""
    return _has_digit(secret) and _mixed_case(secret)


def _mixed_token(_: re.Match[str], secret: str) -> bool:
    return _mixed_case(secret)


def _starts_word(match: re.Match[str], _: str) -> bool:
    start = match.start()
    return start == 0 or not (match.string[start - 1].isalnum() or match.string[start - 1] == "_")


# How far a validator looks back for context (a user name, a header, a key's qualifier). Bounded,
# so that a field of ten thousand "password=" costs ten thousand short checks, not quadratic time.
_LOOKBACK = 200


def _line_before(text: str, start: int) -> str:
    """The current line up to ``start``, at most ``_LOOKBACK`` characters of it."""
    return text[max(text.rfind("\n", max(0, start - _LOOKBACK), start) + 1, start - _LOOKBACK, 0):start]


def _b64decode(text: str) -> bytes | None:
    text = text.replace("-", "+").replace("_", "/")
    try:
        return binascii.a2b_base64(text + "=" * (-len(text) % 4))
    except binascii.Error:
        return None


def _decodes_to_credentials(value: str) -> bool:
    """Base64 of printable ``user:password``, as in Basic auth and registry ``auth`` fields."""
    decoded = _b64decode(value)
    return decoded is not None and b":" in decoded and all(32 <= b < 127 for b in decoded)
