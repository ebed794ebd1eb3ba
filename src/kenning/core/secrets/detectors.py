"""The secrets kenning recognizes: one detector (``Rule``) per kind, in priority order.

Value-shaped detectors know a provider's prefix and length (``ghp_`` + 36, ``AKIA`` + 16, …;
``secrets_providers``) or a format's shape (key files, password hashes, capability URLs;
``secrets_shapes``). Context-shaped ones, here, look for a key such as ``password`` (in a dozen
languages) followed by a value, and then check the value in Python, because "looks like a
secret" is not a regular language: ``password=None``, ``api_key: str``, ``token=${TOKEN}`` and
``secret=get_secret()`` are code and placeholders. How strong the value must look depends on
how it is attached: after ``=`` or ``:`` a mixed value is enough; after "is" or bare whitespace
(``with password Hunter2024!``, ``token 9fbb… expired``) it must look generated.
The engine that runs them is ``kenning.core.secrets.redaction``.

Pure: standard library only.
"""

from __future__ import annotations

import re

from kenning.core.secrets.commands import COMMAND_RULES
from kenning.core.secrets.material import MATERIAL_RULES
from kenning.core.secrets.providers import PROVIDER_RULES
from kenning.core.secrets.rule import (
    _WIDE,
    Rule,
    _has_digit,
    _has_space,
    _is_code_or_placeholder,
    _line_before,
    _looks_fake,
    _mixed_case,
    _password_like,
    _random_looking,
)
from kenning.core.secrets.shapes import HASH_RULES, KEY_RULES, SHAPE_RULES

__all__ = ["KINDS", "Rule", "_BUILTIN", "_looks_fake"]

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"


# --- the value after a key ------------------------------------------------------------------------

def _name_before(match: re.Match[str]) -> str:
    """The identifier characters right before the match: ``api_`` in ``api_key``, ``--db-`` in
    ``--db-password``."""
    text, i = match.string, match.start()
    stop = max(0, i - 80)
    while i > stop and (text[i - 1].isalnum() or text[i - 1] in "_.-"):
        i -= 1
    return text[i:match.start()]


def _qualifier(match: re.Match[str]) -> str:
    """What the key word qualifies: the identifier it ends (``api_`` of ``api_key``), or the
    word before it across one space ("API key", "Public key", "cache key")."""
    name = _name_before(match)
    if name:
        return name.lower().rstrip("_-.")
    text, start = match.string, match.start()
    if start >= 2 and text[start - 1] == " ":
        i = start - 1
        stop = max(0, i - 80)
        while i > stop and (text[i - 1].isalnum() or text[i - 1] in "_-"):
            i -= 1
        return text[i:start - 1].lower()
    return ""


def _is_flag_or_netrc(match: re.Match[str]) -> bool:
    """``--db-password value`` or a .netrc line ``machine h login u password value``."""
    if _name_before(match).startswith("--"):
        return True
    line = _line_before(match.string, match.start())
    return "login " in line or line.startswith("machine ")


def _in_url_before_query(match: re.Match[str]) -> bool:
    """``https://x-access-token:...@host`` is URL userinfo (url_credentials' job), not an
    assignment; only ``?token=...`` query parameters are."""
    text, start = match.string, match.start()
    line = _line_before(text, start)
    before = line[max(line.rfind(" "), line.rfind("\t")) + 1:]
    return "://" in before and "?" not in before


def _bare_end(match: re.Match[str], start: int, end: int) -> int:
    """Where an unquoted value really ends. It may hold ``&`` and brackets (``p&ssW0rd(2024)`` in
    a .env file), but ``&name=`` starts the next query parameter, and a closing bracket with no
    opener, or a final ``:``, belongs to the code or the sentence around the value."""
    text = match.string
    value = text[start:end]
    param = re.search(r"&[A-Za-z_][\w.-]*=", value)
    if param:
        value = value[:param.start()]
    while value and (value[-1] == ":" or (value[-1] in ")]}" and value.count(value[-1]) > value.count(
            {")": "(", "]": "[", "}": "{"}[value[-1]]))):
        value = value[:-1]
    return start + len(value)


def _separator(match: re.Match[str]) -> str:
    """How the value is attached: ``hard`` (= : => value=), ``verb`` ("is", "lautet", "est"),
    ``gap`` (a few words, then a colon: "mdp du wifi : ..."), or ``space``."""
    verb, gap, sep = match.group("verb", "gap", "sep")
    if verb is not None:
        return "verb"
    if gap is not None:
        return "gap"
    return "hard" if sep.strip() else "space"


def _value(match: re.Match[str]) -> tuple[str, int, int, bool] | None:
    """The value, its span and whether it was unquoted, after trimming a bare value's tail."""
    for name in ("secret_dq", "secret_sq", "secret_bq", "secret_eq"):
        if match.group(name) is not None:
            return match.group(name), match.start(name), match.end(name), False
    start, end = match.start("secret_bare"), match.end("secret_bare")
    if start < 0:
        return None
    end = _bare_end(match, start, end)
    return match.string[start:end], start, end, True


def _assignment_ok(match: re.Match[str], value: str, bare: bool, *, min_len: int, min_digits: int) -> bool:
    if len(value) < min_len or _has_space(value):
        return False  # quoted text with spaces is a message or label, not a credential
    if value.isdigit() and len(value) < min_digits:
        return False  # counts, limits, ports: "token: 2000"
    return not _in_url_before_query(match) and not _is_code_or_placeholder(value, bare=bare)


def _annotation(match: re.Match[str], value: str, end: int) -> bool:
    """``sign(data: bytes, private_key: Ed25519PrivateKey)``, ``key: KeyType | None = None``:
    a type annotation, not a value."""
    after = match.string[end:end + 40].lstrip(" \t")[:1]
    return (bool(after) and after in ",)|=]" and ":" in match.group("sep")
            and bool(re.fullmatch(_NAME, value)))


_AMBIGUOUS_WORDS = ("pass", "pw", "clave", "mdp", "parola")
_USER_CONTEXT = r"(?<![\w])(?:user(?:name)?|login|usuario|benutzer|utilisateur|account)(?![\w])"


def _glued(match: re.Match[str]) -> bool:
    """The key word is the tail of a longer word (kpasswd, single-pass, PGPASSWORD): fine
    before ``=``, but prose ("with password X") starts a word. Words in other scripts follow
    Latin text without a space (数据库密码), so only a Latin key word can be glued; and a marker
    right before it stands for a secret that was glued to it before the first pass."""
    text, start = match.string, match.start()
    if start == 0 or not text[start].isascii():
        return False
    before = text[start - 1]
    if before == "]":
        return re.search(r"\[REDACTED:[a-z0-9_]+\]$", text[max(0, start - 80):start]) is not None
    return before.isalnum() or before in "_-."


_SQL_CONTEXT = r"\b(?:create|alter)[ \t]+(?:user|role|login)\b|\b(?:with|encrypted|unencrypted)[ \t]*$"


def _password_ok(match: re.Match[str], _: str) -> bool | tuple[int, int]:
    found = _value(match)
    if found is None:
        return False
    value, start, end, bare = found
    if len(value) < 4:
        return False
    how = _separator(match)
    word = match.group("word").lower()
    if how == "space" and not bare and re.search(_SQL_CONTEXT, _line_before(match.string, match.start()), re.I):
        how = "hard"  # CREATE ROLE app LOGIN PASSWORD 'x': SQL attaches the value with a space
    if how != "hard" and _glued(match) and not _is_flag_or_netrc(match):
        return False
    ambiguous = word in _AMBIGUOUS_WORDS and (how in ("space", "verb") or match.group("sep").rstrip().endswith(" to"))
    if ambiguous and not re.search(_USER_CONTEXT, _line_before(match.string, match.start()), re.IGNORECASE):
        return False  # "tests pass 100%", "clave primaria": only beside a user name ("user ci-bot, pass ...")
    if how == "hard":
        ok = _assignment_ok(match, value, bare, min_len=4, min_digits=6) and not _annotation(match, value, end)
    elif how == "space" and _is_flag_or_netrc(match):
        ok = _has_digit(value) and _assignment_ok(match, value, bare, min_len=4, min_digits=6)
    else:
        # prose: brackets and quotes around the word, and a sentence's full stop, are not the password
        inner = value.lstrip("([{<\"'")
        start += len(value) - len(inner)
        inner = re.split(_WIDE, inner, maxsplit=1)[0]  # パスワードは45JXF7eGCSです: the sentence goes on
        inner = inner.rstrip(")]}>\"',.;")
        end = start + len(inner)
        ok = _password_like(inner, strict=how != "verb") and not _in_url_before_query(match)
    return (start, end) if ok else False


_KEY_QUALIFIERS = ("api", "app", "secret", "private", "access", "master", "encryption", "signing",
                   "auth", "account", "service")
# Keys that name, sort, cache or deduplicate things: never credentials, whatever their value.
_NAMING_KEYS = ("primary", "foreign", "sort", "partition", "cache", "idempotency", "dedup", "dedupe",
                "routing", "shard", "lookup", "index", "idx", "hash", "object", "s3", "row", "map", "dict",
                "search", "site", "gpg", "pgp", "kms", "cursor", "sequence", "unique", "natural", "composite",
                "group", "message", "i18n", "translation", "locale", "bucket", "schema", "keyboard")
# Tokens that order, page or deduplicate requests (AWS NextToken, --lock-token, ...), not credentials.
_BOOKKEEPING_TOKENS = ("next", "page", "continuation", "starting", "cursor", "sequence", "marker",
                       "request", "idempotency", "client", "lock", "change", "update", "sync",
                       "resume", "import", "export", "backward", "forward", "product", "input", "output",
                       "csrf", "xsrf", "authenticity")


def _secret_ok(match: re.Match[str], _: str) -> bool | tuple[int, int]:
    word = match.group("word").lower()
    how = _separator(match)
    found = _value(match)
    if found is None:
        return False
    value, start, end, bare = found
    if len(value) < 8 or (how != "hard" and len(value) < 16):
        return False  # too short for a key; after "is" or a space only a generated value counts
    qualifier = _qualifier(match)
    if "public" in qualifier or "publishable" in qualifier or qualifier.endswith(("pub", "sentry")):
        return False  # publicKeyToken, public_key, pubkey, Sentry's sentry_key: published by design
    if word.startswith("key") and not qualifier.endswith(_KEY_QUALIFIERS):
        if qualifier.endswith(_NAMING_KEYS):
            return False  # sort_key, primary_key, cache key: not credentials
        ok = _generated(value)  # SEGMENT_WRITE_KEY, "API key: 9a8b...": only a generated value
    elif word.startswith("tok") and qualifier.endswith(_BOOKKEEPING_TOKENS):
        return False
    elif word.startswith(("auth", "cred")) or how != "hard":
        ok = _generated(value)  # auth: required, credentials: include; "token 9fbb... expired"
    else:
        ok = (_has_digit(value) or _mixed_case(value)) and _assignment_ok(
            match, value, bare, min_len=8, min_digits=16)  # "rbracket", "next-marker" have neither
    return (start, end) if ok and not _annotation(match, value, end) else False


def _generated(value: str) -> bool:
    return _random_looking(value) and not _is_code_or_placeholder(value, bare=False)


def _short_flag_ok(_: re.Match[str], secret: str) -> bool:
    return len(secret) >= 4 and not _is_code_or_placeholder(secret, bare=False)


# Which commands take a password after which flag; "attached": -pSECRET with no space.
_FLAG_COMMANDS = {
    ("-p", True): r"sshpass|mysql|mysqldump|mysqladmin|7z|7za",
    # "<tool> login -u x -p y": docker, podman, cf, oc, az, expo, helm registry, ... (a literal
    # "login": a pattern for the tool's name before it would cost a quadratic search per flag)
    ("-p", False): r"sshpass|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|psexec|login",
    ("-P", True): r"sqlcmd|bcp",
    ("-P", False): r"sqlcmd|bcp|zip|unzip|ipmitool|mosquitto_pub|mosquitto_sub|mosquitto_rr",
    ("-w", False): r"ldapsearch|ldapmodify|ldapadd|ldapdelete|ldappasswd|ldapwhoami|security",
    ("-a", False): r"redis-cli",
}


def _cli_flag_ok(match: re.Match[str], secret: str) -> bool:
    """``mysqldump -pS3cret``, ``sshpass -p 'x'``, ``redis-cli -a x``, ``openssl ... -passin pass:x``,
    ``keytool -storepass x``: the flag counts only beside its command, earlier on the line."""
    flag = match.group("flag")
    if flag.startswith("-pass") or flag.endswith("pass"):
        commands = None if "pass:" in flag else r"keytool"
    else:
        commands = _FLAG_COMMANDS.get((flag, not match.group("space")))
        if commands is None:
            return False
    line = _line_before(match.string, match.start())
    if commands is not None and not re.search(r"(?<![\w-])(?:" + commands + r")\b", line):
        return False
    return _short_flag_ok(match, secret)


_ORACLE_COMMANDS = r"(?<![\w-])(?:sqlplus|expdp|impdp|rman|sqlldr|dgmgrl|exp|imp|connect)\b|jdbc:oracle:thin:"


def _oracle_ok(match: re.Match[str], _: str) -> bool | tuple[int, int]:
    """``sqlplus system/S3cret@//db:1521/ORCL``: the password sits between the "/" and this "@"."""
    text, at = match.string, match.start()
    login = re.search(r"(?<![\w/.@-])[A-Za-z][\w$#]{0,29}/([^\s/@\"']{1,64})$", text[max(0, at - 100):at])
    if login is None or not re.search(_ORACLE_COMMANDS, _line_before(text, at), re.IGNORECASE):
        return False
    password = login.group(1)
    return (at - len(password), at) if _short_flag_ok(match, password) else False


def _env_value_ok(match: re.Match[str], secret: str) -> bool:
    return len(secret) >= 4 and not _is_code_or_placeholder(secret, bare=match.group("secret_bare") is not None)


def _mnemonic_ok(_: re.Match[str], secret: str) -> bool:
    return len(secret.split()) in (12, 15, 18, 21, 24)


# --- assignments and prose ----------------------------------------------------------------------------
# Assignments: key word, optional closing quote of a JSON/dict key, separator, value.
# Separators: = : := == != => (and the full-width colon), optionally after a Python annotation
# (`password: str = "x"`); an XML attribute (`name="password" value="x"`); a verb ("is",
# "lautet", "est", "是", "は"); a few words and then a colon ("for the db:", "du wifi :"); or
# plain whitespace. The validators decide how strong a value each needs.
_HARD = r"(?:[:=]=?|=>|!=|：)"
_VERB = (r"(?:is|was|are|->|→|—|–|-|lautet|ist|war|est|était|es|era|é|è|är|er|on|jest|je|adalah|là"
         r"|sind|were|to|har|ér|είναι)")
_ANNOTATED_HARD = (r"[ \t]{0,20}(?::[ \t]{0,20}(?:Optional\[str\]|str|bytes|SecretStr)(?:[ \t]*\|[ \t]*None)?"
                   r"[ \t]{0,20})?" + _HARD + r"[ \t]{0,20}")
# words-then-separator, tried before a lone verb: "was reset to X", "pw on the NAS: X"
_GAP = (r"(?P<gap>(?:[ \t]+[^\W\d_][\w.'’-]{0,23}){1,4}?(?:[ \t]*[:：]|[ \t]+" + _VERB + r")"
        r"[ \t]{0,20})")
_VERB_SEPARATOR = r"(?P<verb>[ \t]{1,20}" + _VERB + r"[ \t]{1,20}|[ \t]*(?:是|为|為|は|는|은)[ \t]*)"
_SEPARATOR = (r"\\?[\"']?(?P<sep>" + _ANNOTATED_HARD + r"|[ \t]+value[ \t]*=[ \t]*|" + _GAP + "|" + _VERB_SEPARATOR
              + r"|[ \t]{1,20})")
# Secrets are not described in sentences the way passwords are ("the password for the NAS: X"):
# without the gap form the rule compiles faster, and every ``ken`` run that mentions a token pays that.
_SECRET_SEPARATOR = (r"\\?[\"']?(?P<gap>(?!))?(?P<sep>" + _ANNOTATED_HARD + r"|[ \t]+value[ \t]*=[ \t]*|"
                     + _VERB_SEPARATOR + r"|[ \t]{1,20})")
# Values: quoted (", ', `, JSON-escaped \") or bare up to whitespace or a delimiter, minus a
# sentence's full stop; a bare value's tail is trimmed in Python (_bare_end).
_VALUE = (r"(?:\"(?P<secret_dq>[^\"\n]{0,400})\"|'(?P<secret_sq>[^'\n]{0,400})'"
          r"|`(?P<secret_bq>[^`\n]{0,400})`|\\\"(?P<secret_eq>[^\"\\\n]{0,400})\\\""
          r"|(?P<secret_bare>[^\s\"'`,;<>]{0,400}[^\s\"'`,;<>.]))")
_KEY_END = r"(?![\w.-])"  # the key word ends the identifier: password_field, tokens, key.pem are not keys
_PASSWORD_END = r"(?:(?=[是为為は는은])|(?![\w.-]))"  # CJK runs words together: 密码是, パスワードは
# Inflected forms count too: Turkish possessives (şifresi), Nordic definite forms (lösenordet),
# Slavic and Hungarian cases (hasła, пароля, jelszava).
_PASSWORD_WORD = (r"(?P<word>passwd|password|passphrase|passcode|passwort|kennwort|wachtwoord|contraseña"
                  r"|contrasena|contrasenya|senha|hasło|hasła|haslo|şifre(?:si|niz|n)?|sifre(?:si|niz)?"
                  r"|lösenord(?:et)?|losenord(?:et)?|heslo|salasana(?:si|nne)?|adgangskode(?:n)?|kodeord(?:et)?"
                  r"|passord(?:et)?|jelszó|jelszava(?:d|m)?|jelszo|lozinka|geslo|пароль|пароля|парола|密码|密碼|口令|パスワード"
                  r"|비밀번호|암호|κωδικός|סיסמה|كلمة المرور|كلمة السر|पासवर्ड|รหัสผ่าน|mot de passe"
                  r"|parola d'ordine|parola|mật khẩu|kata sandi|kata laluan|(?:(?<=store)|(?<=key))pass"
                  r"|(?<![\w-])pass|(?<=[_.-])pass|pwd|(?<![\w-])p/w|(?<![\w-])pw|(?<![\w-])mdp|(?<![\w-])clave)")
_PASSWORD_ANCHORS = ("pass", "pwd", "pw", "p/w", "kennwort", "wachtwoord", "contraseña", "contrasena", "contrasenya",
                     "senha", "hasło", "hasła", "haslo", "şifre", "sifre", "lösenord", "losenord", "heslo", "salasana",
                     "adgangskode", "kodeord", "jelszó", "jelszava", "jelszo", "пароля", "lozinka", "geslo",
                     "пароль", "парола", "密码", "密碼", "口令",
                     "パスワード", "비밀번호", "암호", "κωδικός", "סיסמה", "كلمة المرور", "كلمة السر", "पासवर्ड",
                     "รหัสผ่าน", "mot de passe", "parola", "mật khẩu", "kata sandi", "kata laluan", "mdp", "clave")
_SECRET_WORD = r"(?P<word>secret|token|key(?:_base)?|credentials?|creds|(?<=[_.-])pat|auth)"
_SESSION_WORD = r"(?P<word>session(?:[_-]?id)?|sessid)"
# a session id needs "=" or ":" ("session timeout", "session is over" are prose)
_HARD_SEPARATOR = (r"\\?[\"']?(?P<sep>[ \t]{0,20}" + _HARD + r"[ \t]{0,20})(?P<verb>(?!))?(?P<gap>(?!))?")
_I = re.IGNORECASE

ASSIGNMENT_RULES: tuple[Rule, ...] = (
    Rule("password_assignment", r"(?<!:)" + _PASSWORD_WORD + _PASSWORD_END + _SEPARATOR + _VALUE,
         _PASSWORD_ANCHORS, _I, validate=_password_ok),
    # Short flags are too ambiguous in general (mkdir -p); beside these commands they are not.
    # Anchored at the flag, which a few characters find; the validator reads the command.
    Rule("password_assignment",
         r"[ \t](?P<flag>-p|-P|-w|-a|-pass(?:in|out)?[ \t]+pass:|-(?:src|dest)?(?:store|key)pass)(?P<space>[ \t]*)"
         r"(?:\"(?P<secret_dq>[^\"\n]{1,200})\"|'(?P<secret_sq>[^'\n]{1,200})'|(?P<secret_bare>[^\s\"'<>`]{1,200}))",
         (" -p", " -w", " -a", " -storepass", " -keypass", " -srcstorepass", " -deststorepass"),
         validate=_cli_flag_ok),
    Rule("password_assignment",
         r"htpasswd\b[^\n]{0,40}?[ \t]-[a-zA-Z]*b[a-zA-Z]*[ \t]+\S+[ \t]+\S+[ \t]+(?P<secret>[^\s\"'<>`]{1,200})",
         ("htpasswd",), validate=_short_flag_ok),
    # Oracle: sqlplus/expdp/rman user/password@db, and the thin JDBC driver's user/password@host.
    Rule("password_assignment", r"@(?=(?://)?[\w.\[-])", ("@",), validate=_oracle_ok),
    # Kubernetes and compose env lists: the name on one line, the value on the next.
    Rule("password_assignment",
         r"name:[ \t]*[\"']?[\w.-]*(?:PASSWORD|PASSWD|_PASS|PWD)[\"']?[ \t]*\r?\n[ \t]*value:[ \t]*" + _VALUE,
         ("name:",), _I, validate=_env_value_ok),
    Rule("secret_assignment",
         r"name:[ \t]*[\"']?[\w.-]*(?:SECRET|TOKEN|API_?KEY|PRIVATE_?KEY|CREDENTIALS?)[\"']?[ \t]*\r?\n[ \t]*value:"
         r"[ \t]*" + _VALUE, ("name:",), _I, validate=_env_value_ok),
    # XML: Maven settings.xml, Tomcat, NuGet.
    Rule("password_assignment", r"<(?:password|passwd|passphrase)>(?P<secret>[^<\s]{4,200})</",
         ("<password>", "<passwd>", "<passphrase>"), _I, validate=_short_flag_ok),
    Rule("secret_assignment",
         r"<(?:secret|token|api[_-]?key|client[_-]?secret|access[_-]?token)>(?P<secret>[^<\s]{8,400})</",
         ("<secret>", "<token>", "<api", "<client", "<access"), _I, validate=_short_flag_ok),
    # a BIP39 phrase after its name, as a key, in prose, as a flag or passed to a wallet library
    Rule("mnemonic_phrase",
         r"(?:mnemonic|seed(?:[_ -]?phrase|[_ -]?words)?|recovery[_ -]?phrase|phrase|fromPhrase|fromMnemonic"
         r"|mnemonicToSeed(?:Sync)?|mnemonicToEntropy)[\"']?"
         r"(?:[ \t]*[:=(][ \t]*|[ \t]+(?:is|was)[ \t]+|[ \t]+(?=[\"']))[\"']?"
         r"(?P<secret>(?:[a-z]{3,8} ){11,23}[a-z]{3,8})(?![a-z])", ("mnemonic", "seed", "recovery", "phrase"), _I,
         validate=_mnemonic_ok),
    # Anchored at the last word of the key; `key` alone is too common, so the validator wants a
    # qualifier before it (api_key, X-Api-Key, secretKey, private_key, ...) or a generated value.
    Rule("secret_assignment", r"(?<!:)" + _SECRET_WORD + _KEY_END + _SECRET_SEPARATOR + _VALUE,
         ("secret", "token", "key", "cred", "pat", "auth"), _I, validate=_secret_ok),
    Rule("secret_assignment", r"(?<!:)" + _SESSION_WORD + _KEY_END + _HARD_SEPARATOR + _VALUE,
         ("session", "sessid"), _I, validate=_secret_ok),
)

# --- the built-in table -----------------------------------------------------------------------------
# Order is priority: when spans overlap, the earliest rule names the marker. Key files first,
# then specific providers, then generic shapes (hashes, JWTs, headers, URLs, pairs), and those
# before key=value assignments.

_BUILTIN: tuple[Rule, ...] = (KEY_RULES + MATERIAL_RULES + PROVIDER_RULES + HASH_RULES + SHAPE_RULES + COMMAND_RULES
                              + ASSIGNMENT_RULES)

KINDS: tuple[str, ...] = tuple(dict.fromkeys(rule.kind for rule in _BUILTIN))
"""Every built-in kind name, in priority order."""
