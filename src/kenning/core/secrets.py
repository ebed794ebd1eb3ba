"""The secrets kenning recognizes: one detector (``Rule``) per kind, in priority order.

Value-shaped detectors know a provider's prefix and length (``ghp_`` + 36, ``AKIA`` + 16, …);
context-shaped ones look for a key such as ``password`` followed by a value, and then check the
value in Python, because "looks like a secret" is not a regular language: ``password=None``,
``api_key: str``, ``token=${TOKEN}`` and ``secret=get_secret()`` are code and placeholders.
The engine that runs them is ``kenning.core.redaction``.

Pure: standard library only.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable

Validator = Callable[[re.Match[str], str], bool]
"""Second opinion on a regex match: receives the match and the secret substring."""


class Rule:
    """One detector. The secret is the first matched group named ``secret`` or ``secret_*``
    (the whole match when the pattern has none); only that part is replaced.

    ``anchors``: lowercase literals at which every match begins. The rule runs only if one
    occurs, and the regex is tried only at those offsets, never at every position (an engine
    scanning a pattern that starts with ``\\b`` or a case-insensitive word is ~50x slower).
    ``context``: lowercase words one of which must occur somewhere (a prefilter only).
    Neither: the regex scans the whole text (user patterns, and the few rules with no literal).

    A plain slotted class rather than a dataclass: ``@dataclass`` costs about a millisecond per
    class at import, and every ``ken`` run imports this module. Treat instances as immutable.
    """

    __slots__ = ("kind", "source", "anchors", "flags", "context", "validate", "builtin", "_compiled")

    def __init__(self, kind: str, source: str, anchors: tuple[str, ...] = (), flags: int = 0, *,
                 context: tuple[str, ...] = (), validate: Validator | None = None,
                 builtin: bool = True) -> None:
        self.kind = kind
        self.source = source
        self.anchors = anchors
        self.flags = flags
        self.context = context
        self.validate = validate
        self.builtin = builtin  # built-ins also skip obvious placeholders; user patterns are as-is
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


# --- value checks -----------------------------------------------------------------------------

# Substrings that mark documentation samples and templates rather than live credentials.
_FAKE_MARKERS = ("example", "xxxxx", "*****", "placeholder", "redacted", "changeme", "your_",
                 "your-", "dummy", "<", "${")

_PLACEHOLDER_WORDS = frozenset({
    "none", "null", "nil", "true", "false", "undefined", "str", "string", "bytes", "int",
    "optional", "required", "empty", "hidden", "masked", "secret", "secrets", "password",
    "passwd", "pass", "pwd", "token", "apikey", "api_key", "api-key", "key", "changeme",
    "change_me", "changeit", "test", "testing", "todo", "tbd", "foo", "bar", "baz", "value",
    "default", "unset", "n/a", "na", "redacted", "omitted", "admin", "root", "user", "username",
    "sample",
})

# Code, not a value: a call or subscript (get_secret(...), os.environ[...]), a dotted attribute
# (settings.API_KEY), or the name of an environment variable ("DB_PASSWORD").
_CALL_OR_INDEX = r"[A-Za-z_][\w.]*[\[(].*"
_DOTTED_NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"
_ENV_NAME = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_PATH = r"(?:/[\w.-]+)+/?"
_NUMBER = r"[\d.:,+-]+"  # counts, timestamps, versions, addresses
_SECRET_WORDS = ("pass", "pwd", "secret", "token", "key", "auth", "cred")
_BIND_PARAM = r"[:@][A-Za-z_]\w*"  # SQL and ORM bind parameters
_PLACEHOLDER_PREFIXES = ("your", "insert_", "insert-", "replace_", "replace-", "enter_", "enter-")
_YAML_TAGS = ("!vault", "!secret", "!ref", "!sub", "!env", "!getatt", "!import")


def _looks_fake(secret: str) -> bool:
    low = secret.lower()
    if any(marker in low for marker in _FAKE_MARKERS):
        return True
    # A long value made of a handful of symbols is a mask (AKIA and sixteen capital Xs), not a key.
    return len(secret) >= 12 and len(set(low)) < 6


def _is_code_or_placeholder(value: str, *, bare: bool) -> bool:
    """True for values that name or template a secret instead of containing one."""
    low = value.lower()
    if value[0] in "$%{[(<" or low.startswith(_YAML_TAGS) or re.fullmatch(_BIND_PARAM, value):
        return True  # ${VAR} $(cmd) %VAR% {{ tpl }} <your-token> !vault :password @param
    if low.startswith(("~/", "./", "../")) or (
            re.fullmatch(_PATH, value) and (value == low or not any(c.isdigit() for c in value))):
        return True  # a file holding the secret (/run/secrets/db); base64 has mixed case and digits
    if re.fullmatch(_NUMBER, value):
        return True
    if low in _PLACEHOLDER_WORDS or low.startswith(_PLACEHOLDER_PREFIXES):
        return True
    if len(set(low)) <= 2:
        return True  # xxx, ****, 0000
    if re.fullmatch(_CALL_OR_INDEX, value, re.S) or re.fullmatch(_DOTTED_NAME, value):
        return True
    if re.fullmatch(_ENV_NAME, value) or low.startswith("arn:") or "://" in low:
        return True  # an env var name, an AWS ARN, a URL (credentials in URLs have their own rule)
    if not any(c.isdigit() for c in value) and any(w in low for w in _SECRET_WORDS):
        return True  # "no-password-required", "next_token", "test-secret-key": names, not values
    # Unquoted words without digits are nearly always identifiers or prose
    # ("password=password", "token: see-docs"); real unquoted secrets almost always have digits.
    return bare and not any(c.isdigit() for c in value)


def _name_before(match: re.Match[str]) -> str:
    """The identifier characters right before the match: ``api_`` in ``api_key``, ``--db-`` in
    ``--db-password``."""
    text, i = match.string, match.start()
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_.-"):
        i -= 1
    return text[i:match.start()]


def _is_flag_or_netrc(match: re.Match[str]) -> bool:
    """``--db-password value`` or a .netrc line ``machine h login u password value``."""
    if _name_before(match).startswith("--"):
        return True
    line = match.string[match.string.rfind("\n", 0, match.start()) + 1:match.start()]
    return "login " in line or line.startswith("machine ")


def _in_url_before_query(match: re.Match[str]) -> bool:
    """``https://x-access-token:...@host`` is URL userinfo (url_credentials' job), not an
    assignment; only ``?token=...`` query parameters are."""
    text, start = match.string, match.start()
    word_start = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    before = text[word_start:start]
    return "://" in before and "?" not in before


def _assignment_ok(match: re.Match[str], secret: str, *, min_len: int, min_digits: int) -> bool:
    if len(secret) < min_len or any(c.isspace() for c in secret):
        return False  # quoted text with spaces is a message or label, not a credential
    if secret.isdigit() and len(secret) < min_digits:
        return False  # counts, limits, ports: "token: 2000"
    if not match.group("sep").strip() and not (_is_flag_or_netrc(match) and _has_digit(secret)):
        return False  # "password reset": whitespace separates a value only after --flag or in .netrc
    bare = match.group("secret_bare") is not None
    after = match.string[match.end():match.end() + 1]
    if bare and after and after in "([":
        return False  # get_secret2() / secrets[0]: the bare value stopped at a call or subscript
    if bare and after and after in ",)" and ":" in match.group("sep") and re.fullmatch(_NAME, secret):
        return False  # sign(data: bytes, private_key: Ed25519PrivateKey): an annotation
    return not _in_url_before_query(match) and not _is_code_or_placeholder(secret, bare=bare)


def _password_ok(match: re.Match[str], secret: str) -> bool:
    return _assignment_ok(match, secret, min_len=4, min_digits=6)


def _short_flag_ok(match: re.Match[str], secret: str) -> bool:
    return len(secret) >= 4 and not _is_code_or_placeholder(secret, bare=False)


_KEY_QUALIFIERS = ("api", "app", "secret", "private", "access", "master", "encryption", "signing",
                   "auth", "account", "service")
# Tokens that order, page or deduplicate requests (AWS NextToken, --lock-token, ...), not credentials.
_BOOKKEEPING_TOKENS = ("next", "page", "continuation", "starting", "cursor", "sequence", "marker",
                       "request", "idempotency", "client", "lock", "change", "update", "sync",
                       "resume", "import", "export", "backward", "forward", "product", "input", "output")


def _secret_ok(match: re.Match[str], secret: str) -> bool:
    qualifier = _name_before(match).lower().rstrip("_-.")
    if "public" in qualifier:
        return False  # publicKeyToken, public_key: published by design
    word = match.group()[:1].lower()
    if word == "k" and not qualifier.endswith(_KEY_QUALIFIERS):
        return False  # sort_key, primary_key, "key": not credentials
    if word == "t" and qualifier.endswith(_BOOKKEEPING_TOKENS):
        return False
    if not (_has_digit(secret) or _mixed_case(secret)):
        return False  # "rbracket", "next-marker": generated keys and tokens mix digits or cases
    return _assignment_ok(match, secret, min_len=8, min_digits=16)


def _has_digit(s: str) -> bool:
    return any(c.isdigit() for c in s)


def _mixed_case(s: str) -> bool:
    return any(c.isupper() for c in s) and any(c.islower() for c in s)


def _random_token(_: re.Match[str], secret: str) -> bool:
    """Generated tokens mix digits and letters, or at least both cases; words and branch names
    (``sk-fix-the-webhook``) do not."""
    has_alpha = any(c.isalpha() for c in secret)
    return (_has_digit(secret) and has_alpha) or (len(secret) >= 20 and _mixed_case(secret))


def _strong_token(_: re.Match[str], secret: str) -> bool:
    """Digits and both cases: a hyphenated branch name (``sk-proj-Fix-OAuth-flow``) has not."""
    return _has_digit(secret) and _mixed_case(secret)


def _mixed_token(_: re.Match[str], secret: str) -> bool:
    return _mixed_case(secret)


def _starts_word(match: re.Match[str], _: str) -> bool:
    start = match.start()
    return start == 0 or not (match.string[start - 1].isalnum() or match.string[start - 1] == "_")


def _url_credentials_ok(match: re.Match[str], secret: str) -> bool:
    start = match.start()
    if start == 0 or not match.string[start - 1].isalnum():
        return False  # "://" must follow a scheme
    password = secret.partition(":")[2]
    return bool(password) and not _is_code_or_placeholder(password, bare=False)


def _b64decode(text: str) -> bytes | None:
    text = text.replace("-", "+").replace("_", "/")
    try:
        return binascii.a2b_base64(text + "=" * (-len(text) % 4))
    except binascii.Error:
        return None


def _basic_auth_ok(match: re.Match[str], secret: str) -> bool:
    if match.group("secret_cli") is not None:  # curl -u user:pass
        password = secret.partition(":")[2]
        return bool(password) and not password.isdigit() and not _is_code_or_placeholder(
            password, bare=False)
    # "Basic understanding" is prose: a real header value decodes to printable "user:pass".
    decoded = _b64decode(secret)
    return decoded is not None and b":" in decoded and all(32 <= b < 127 for b in decoded)


def _discord_bot_ok(match: re.Match[str], secret: str) -> bool:
    # The first segment is the bot's numeric user id in base64: prose and hashes never decode so.
    if not _starts_word(match, secret) or (match.start() and match.string[match.start() - 1] == "-"):
        return False
    decoded = _b64decode(secret.partition(".")[0])
    return decoded is not None and decoded.isdigit()


def _telegram_ok(match: re.Match[str], secret: str) -> bool:
    text, i = match.string, match.start()
    while i > 0 and text[i - 1].isdigit():
        i -= 1
    return 8 <= match.start() - i <= 10 and _mixed_case(secret) and _has_digit(secret)


# --- the built-in table -----------------------------------------------------------------------
# Order is priority: when spans overlap, the earliest rule names the marker. Specific providers
# come before generic shapes (JWT, headers, URLs), and those before key=value assignments.
# Anchored patterns begin with one of their anchors, so `(?<!\w)` at the start plays `\b`.

_I = re.IGNORECASE
# The body must look like one (base64, armour headers, escaped newlines), so prose that merely
# names the BEGIN and END lines is left alone.
_PEM = (r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
        # a body dash never starts "-----": each BEGIN scans at most to the next armour line
        r"(?:(?:[A-Za-z0-9+/=\s:,.\\]|-(?!----)){1,100000}?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
        # no END line (a truncated paste): take the header and base64 lines that follow
        r"|(?:(?:\\[rn]|\s){1,4}(?:[A-Za-z0-9+/=]{16,}|[A-Za-z0-9+/]{2,15}={1,2}"
        r"|(?:Proc-Type|DEK-Info|Comment|Version):[^\n\\]{0,200}))+)")
# Assignments: key word, optional closing quote of a JSON/dict key, separator, value.
# Separators: = : := == != =>, optionally after a Python annotation (`password: str = "x"`), or
# plain whitespace, which the validator accepts only after `--flags` and in .netrc lines.
_SEPARATOR = (r"\\?[\"']?(?P<sep>[ \t]{0,20}(?::[ \t]{0,20}(?:Optional\[str\]|str|bytes|SecretStr)"
              r"(?:[ \t]*\|[ \t]*None)?[ \t]{0,20})?(?:[:=]=?|=>|!=)[ \t]{0,20}|[ \t]{1,20})")
# Values: quoted (", ', `, JSON-escaped \") or bare up to a delimiter, minus a sentence's full stop.
_VALUE = (r"(?:\"(?P<secret_dq>[^\"\n]{0,400})\"|'(?P<secret_sq>[^'\n]{0,400})'"
          r"|`(?P<secret_bq>[^`\n]{0,400})`|\\\"(?P<secret_eq>[^\"\\\n]{0,400})\\\""
          r"|(?P<secret_bare>[^\s\"'`,;&<>()\[\]{}]{0,400}[^\s\"'`,;&<>()\[\]{}.]))")
_KEY_END = r"(?![\w.-])"  # the key word ends the identifier: password_field, tokens, key.pem are not keys

_BUILTIN: tuple[Rule, ...] = (
    Rule("gcp_service_account",
         r"(?<=[\"'])private_key(?:_id\\?[\"'][ \t]*:[ \t]*\\?[\"'](?P<secret_id>[0-9a-f]{40})\b"
         r"|\\?[\"'][ \t]*:[ \t]*\\?[\"'](?P<secret_key>-----BEGIN[^\"']*))", ("private_key",)),
    Rule("private_key", _PEM, ("-----begin",)),
    Rule("anthropic_admin_key", r"(?<!\w)sk-ant-admin\d{2}-[A-Za-z0-9_-]{20,}", ("sk-ant-admin",)),
    Rule("anthropic_api_key", r"(?<!\w)sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{20,}", ("sk-ant-",)),
    Rule("openai_api_key", r"(?<!\w)sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}", ("sk-",),
         validate=_strong_token),
    Rule("openai_api_key", r"(?<!\w)sk-[A-Za-z0-9]{32,64}(?![\w-])", ("sk-",), validate=_random_token),
    Rule("github_token", r"(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{50,255})\b",
         ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    Rule("gitlab_token", r"(?<!\w)gl(?:pat|dt|ptt|rt|oas|soat|ft|imt|cbt|agent)-[A-Za-z0-9_-]{20,}",
         ("glpat-", "gldt-", "glptt-", "glrt-", "gloas-", "glsoat-", "glft-", "glimt-", "glcbt-",
          "glagent-"), validate=_random_token),
    Rule("aws_access_key_id", r"(?<!\w)(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b",
         ("akia", "asia", "abia", "acca")),
    Rule("aws_secret_access_key",
         r"(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)" + _KEY_END
         + r"\\?[\"']?[ \t]{0,20}(?:[:=]=?|=>)[ \t]{0,20}\\?[\"']?"
         r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
         ("aws_secret", "awssecret", "secret_access", "secretaccess"), _I),
    Rule("google_api_key", r"(?<!\w)AIza[0-9A-Za-z_-]{35}(?![\w-])", ("aiza",)),
    Rule("google_oauth_client_secret", r"(?<!\w)GOCSPX-[A-Za-z0-9_-]{24,32}(?![\w-])", ("gocspx-",)),
    Rule("google_oauth_token", r"(?<![\w/])(?:ya29\.[0-9A-Za-z._-]{20,}|1//0[0-9A-Za-z_-]{40,})",
         ("ya29.", "1//0"), validate=_random_token),
    Rule("slack_webhook",
         r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9_/+-]{20,})",
         ("hooks.slack.com/",)),
    Rule("slack_token", r"(?<!\w)(?:xox(?:e\.xox)?[abposre]|xapp)-[0-9A-Za-z-]{10,}", ("xox", "xapp-"),
         validate=_random_token),
    Rule("discord_webhook",
         r"discord(?:app)?\.com/api/(?:v\d+/)?webhooks/(?P<secret>\d{15,21}/[A-Za-z0-9_-]{40,})",
         ("discord",)),
    # Unanchored: bot tokens rarely sit next to a keyword. The leading character class still lets
    # the engine skip quickly, and the base64-id check keeps it precise.
    Rule("discord_bot_token", r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![\w-])",
         validate=_discord_bot_ok),
    Rule("stripe_webhook_secret", r"(?<!\w)whsec_[A-Za-z0-9+/=]{24,}", ("whsec_",)),
    Rule("stripe_key", r"(?<!\w)[sr]k_(?:live|test)_[0-9A-Za-z]{20,}",
         ("sk_live_", "sk_test_", "rk_live_", "rk_test_")),
    # SK/AC + 32 hex is only distinctive next to the word Twilio (the issue asks for context).
    Rule("twilio_key", r"(?:SK|AC)[0-9a-f]{32}\b", context=("twilio",), validate=_starts_word),
    Rule("sendgrid_api_key", r"(?<!\w)SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{40,50}(?![\w-])", ("sg.",)),
    Rule("mailgun_api_key", r"(?<!\w)key-[0-9a-f]{32}\b", ("key-",)),
    Rule("mailchimp_api_key", r"[0-9a-f]{32}-us\d{1,2}\b", context=("-us",), validate=_starts_word),
    Rule("npm_token", r"(?<!\w)npm_[A-Za-z0-9]{36}\b", ("npm_",)),
    Rule("pypi_token", r"(?<!\w)pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}", ("pypi-",)),
    Rule("docker_hub_token", r"(?<!\w)dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}", ("dckr_",)),
    Rule("huggingface_token", r"(?<!\w)hf_[A-Za-z0-9]{34,40}\b", ("hf_",), validate=_mixed_token),
    Rule("shopify_token", r"(?<!\w)shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b",
         ("shpat_", "shpss_", "shpca_", "shppa_")),
    Rule("square_token", r"(?<!\w)(?:sq0(?:atp|csp|idp)-[0-9A-Za-z_-]{22,60}|EAAA[A-Za-z0-9_-]{60,})",
         ("sq0atp-", "sq0csp-", "sq0idp-", "eaaa"), validate=_random_token),
    Rule("digitalocean_token", r"(?<!\w)do[por]_v1_[a-f0-9]{64}\b", ("dop_v1_", "doo_v1_", "dor_v1_")),
    Rule("azure_storage_key",
         r"(?i:AccountKey|SharedAccessKey)[ \t]*=[ \t]*(?P<secret>[A-Za-z0-9+/]{40,}={0,2})",
         ("accountkey", "sharedaccesskey")),
    Rule("newrelic_key", r"(?<!\w)NR(?:AK|AA|II|JS|IQ)-[A-Za-z0-9]{20,}\b",
         ("nrak-", "nraa-", "nrii-", "nrjs-", "nriq-")),
    Rule("linear_api_key", r"(?<!\w)lin_(?:api|oauth)_[A-Za-z0-9]{32,}\b", ("lin_api_", "lin_oauth_")),
    Rule("notion_token", r"(?<!\w)(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,50})\b", ("secret_", "ntn_"),
         validate=_random_token),
    Rule("doppler_token", r"(?<!\w)dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_-]{30,}",
         ("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit.")),
    Rule("vault_token", r"(?<!\w)hv[sbr]\.[A-Za-z0-9_-]{24,}", ("hvs.", "hvb.", "hvr."),
         validate=_random_token),
    Rule("atlassian_api_token", r"(?<!\w)ATATT3[A-Za-z0-9_=-]{50,}", ("atatt3",)),
    # Anchored at the colon: the numeric bot id before it is public, the part after it is the secret.
    Rule("telegram_bot_token", r":(?<=[0-9]{8}:)(?P<secret>[A-Za-z0-9_-]{35})(?![\w-])", (":",),
         validate=_telegram_ok),
    Rule("age_secret_key", r"(?<!\w)AGE-SECRET-KEY-1[0-9A-Z]{58}\b", ("age-secret-key-1",)),
    Rule("jwt", r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", ("eyj",)),
    Rule("bearer_token",
         r"(?<!\w)(?:(?:[Bb]earer|BEARER)[ \t]+(?P<secret>[A-Za-z0-9._~+/-]{16,}=*)"
         r"|[Aa]uthorization\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?[Tt]oken[ \t]+"
         r"(?P<secret_tok>[A-Za-z0-9._~+/-]{16,}=*))",
         ("bearer", "authorization"), validate=_random_token),
    Rule("basic_auth",
         r"(?<!\w)(?:Basic[ \t]+(?P<secret>[A-Za-z0-9+/]{6,}={0,2})(?![\w+/=])"
         r"|(?:curl\b[^\n]{0,200}?[ \t]-u|--user)[ \t]+[\"']?(?P<secret_cli>[^\s:'\"]+:[^\s'\"]+))",
         ("basic", "curl", "--user"), validate=_basic_auth_ok),
    Rule("url_credentials", r"://(?P<secret>[^\s:/?#@'\"<>\[\]]{0,200}:[^\s/?@'\"<>\[\]]{1,200})@", ("://",),
         validate=_url_credentials_ok),
    Rule("password_assignment",
         r"(?<!:)(?:passwd|password|passphrase|(?<=[_.-])pass|pwd)" + _KEY_END + _SEPARATOR + _VALUE,
         ("pass", "pwd"), _I, validate=_password_ok),
    # Short flags are too ambiguous in general (mkdir -p); these commands are not.
    Rule("password_assignment",
         r"(?<![\w-])(?:sshpass\b[^\n]{0,40}?[ \t]-p[ \t]*|mysql(?:dump|admin)?\b[^\n]{0,200}?[ \t]-p)"
         r"(?:\"(?P<secret_dq>[^\"\n]{1,200})\"|'(?P<secret_sq>[^'\n]{1,200})'|(?P<secret_bare>[^\s\"']{1,200}))",
         ("sshpass", "mysql"), validate=_short_flag_ok),
    # Anchored at the last word of the key; `key` alone is too common, so the validator wants a
    # qualifier before it (api_key, X-Api-Key, secretKey, private_key, ...).
    Rule("secret_assignment",
         r"(?<!:)(?:secret|token|key(?:_base)?|session(?:[_-]?id)?|sessid)" + _KEY_END + _SEPARATOR + _VALUE,
         ("secret", "token", "key", "session", "sessid"), _I, validate=_secret_ok),
)

KINDS: tuple[str, ...] = tuple(dict.fromkeys(rule.kind for rule in _BUILTIN))
"""Every built-in kind name, in priority order."""
