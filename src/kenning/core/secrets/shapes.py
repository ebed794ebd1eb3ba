"""Secrets recognized by their shape rather than a provider's prefix: key files, password hashes,
capability URLs, credentials in URLs and auth headers, and ``user / password`` pairs in prose.

Decided benign, and left alone by every rule here: public keys, certificates and signatures
(``-----BEGIN PUBLIC KEY-----``, ``ssh-ed25519 AAAA...``), and committed ciphertext (SOPS
``ENC[AES256_GCM,...]``, ansible-vault, ``PGP MESSAGE``): encrypted to a key that is not in
the text, and committing it is the point. An *encrypted private key* block is still redacted:
it is a key file, and its passphrase is often weak.

Pure: standard library only.
"""

from __future__ import annotations

import re

from kenning.core.secrets.rule import (
    Rule,
    _decodes_to_credentials,
    _has_alpha,
    _has_digit,
    _is_code_or_placeholder,
    _line_before,
    _password_like,
    _random_looking,
    _random_token,
)

_I = re.IGNORECASE


# --- checks -----------------------------------------------------------------------------------

def _bearer_ok(match: re.Match[str], secret: str) -> bool:
    return _random_token(match, secret) and not _is_code_or_placeholder(secret, bare=False)


def _basic_auth_ok(match: re.Match[str], secret: str) -> bool:
    if match.group("secret_cli") is not None:  # curl -u user:pass
        user, _, password = secret.partition(":")
        password = password.strip("\"'{}")
        if not password:  # curl -u "<api key>:": the key is the user name
            return _password_like(user.strip("\"'{}"), strict=True)
        return not password.isdigit() and not _is_code_or_placeholder(password, bare=False)
    if _decodes_to_credentials(secret):
        return True
    # "Basic understanding" is prose; after an Authorization header any base64 is the credential.
    if "authorization" not in _line_before(match.string, match.start()).lower():
        return False
    # a base64 API key: long enough and not a word ("Authorization: Basic Authorization")
    return len(secret) >= 8 and (_has_digit(secret) or "+" in secret or "/" in secret)


def _auth_field_ok(_: re.Match[str], secret: str) -> bool:
    return _decodes_to_credentials(secret)


def _url_credentials_ok(match: re.Match[str], secret: str) -> bool:
    start = match.start()
    if start == 0 or not match.string[start - 1].isalnum():
        return False  # "://" must follow a scheme
    if match.group("secret_user") is not None:  # https://<token>@host: a token as the user name
        return _random_looking(secret) and not _public_dsn(match, secret)
    password = secret.partition(":")[2]
    if re.match(r"\d{1,5}[?#/]", password):
        return False  # http://host:8080?next=a@b is a port and a query, not a password
    return bool(password) and not _is_code_or_placeholder(password, bare=False)


def _public_dsn(match: re.Match[str], key: str) -> bool:
    """A Sentry DSN, ``https://<32 hex>@o1.ingest.sentry.io/<project>``: the key is public by
    design (browsers send it with every event). A legacy DSN's ``:secret`` part is not, and has
    a password, so it never comes here."""
    path = re.match(r"@[\w.-]{1,200}(?::\d{1,5})?/(?:[\w.-]{1,100}/)?\d{1,12}(?![\w/])", match.string[match.end() - 1:])
    return re.fullmatch(r"[0-9a-f]{32}", key) is not None and path is not None


def _query_param_ok(match: re.Match[str], secret: str) -> bool:
    """``sig=``/``signature=`` count only as URL query parameters (or after ``X-Amz-``)."""
    text, start = match.string, match.start()
    before = text[max(0, start - 7):start].lower()
    if match.group().lower().startswith("code"):  # an OAuth authorization code: only a generated one
        return before[-1:] in ("?", "&", "#") and _random_looking(secret.replace("%2F", "/"))
    return (before[-1:] in ("?", "&", ";") or before.endswith(("x-amz-", "x-goog-", "-oss-"))) and (
        len(secret) >= 16 and (_has_digit(secret) or "%" in secret))


def _capability_path_ok(_: re.Match[str], secret: str) -> bool:
    return _random_looking(secret)


def _letters_and_digits(_: re.Match[str], secret: str) -> bool:
    return _has_digit(secret) and _has_alpha(secret)


def _hash_ok(_: re.Match[str], secret: str) -> bool:
    # a digest body is random: a word in the salt slot of "$1$abc$..." prose would not be
    return sum(c.isdigit() for c in secret) >= 2 or len(set(secret)) > 12


_CONTEXT_WORDS = (r"(?<![\w])(?:log ?in|logon|creds?|credentials?|user(?:name)?|account|pass(?:word)?|pw"
                  r"|as|sign ?in|rdp|ssh|admin)(?![\w])")


def _pair_ok(match: re.Match[str], secret: str) -> bool | tuple[int, int]:
    """``admin / s3cret-Pass%``: a user name before the slash, a credential word earlier on the
    line, and a value that could only be a password."""
    before = _line_before(match.string, match.start())
    user = re.search(r"([\w.@\\-]{2,40})$", before)
    if user is None or not re.search(_CONTEXT_WORDS, before[:user.start()], _I):
        return False
    value = secret.rstrip(".,;)")
    if not _password_like(value, strict=True) or not re.search(_PASSWORD_MARK, value):
        return False
    begin = match.start("secret")
    return begin, begin + len(value)


# "LaTeX-like" is a word; a password has a digit or a symbol beyond word punctuation
_PASSWORD_MARK = r"[0-9!@#$%^&*+=?~]"


def _colon_pair_ok(match: re.Match[str], secret: str) -> bool | tuple[int, int]:
    """``db creds are app_rw:005RWuVTYDX+``: after the word creds/credentials only."""
    user = match.group("user")
    if user.isdigit() or user.lower() in ("http", "https", "ftp", "ssh", "git", "redis", "postgres", "mysql"):
        return False
    value = secret.rstrip(".,;)")
    if not _password_like(value, strict=True):
        return False
    begin = match.start("secret")
    return begin, begin + len(value)


def _pgpass_ok(match: re.Match[str], secret: str) -> bool:
    text, start = match.string, match.start()
    host = text[text.rfind("\n", max(0, start - 300), start) + 1:start].strip()
    if not re.fullmatch(r"[A-Za-z0-9.*_-]+|\[[0-9a-fA-F:]+\]", host):
        return False  # the line must begin with the host name, as .pgpass lines do
    return _password_like(secret.replace("\\:", ":"), strict=False)


# --- key files --------------------------------------------------------------------------------

# The body must look like one (base64, armour headers, escaped newlines), so prose that merely
# names the BEGIN and END lines is left alone.
_PEM = (r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
        # a body dash never starts "-----": each BEGIN scans at most to the next armour line
        r"(?:(?:[A-Za-z0-9+/=\s:,.\\@<>()'_]|-(?!----)){1,100000}?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
        # no END line (a truncated paste): take the header and base64 lines that follow
        r"|(?:(?:\\[rn]|\s){1,4}(?:[A-Za-z0-9+/=]{16,}|[A-Za-z0-9+/]{2,15}={1,2}"
        r"|(?:Proc-Type|DEK-Info|Comment|Version):[^\n\\]{0,200}))+)")

KEY_RULES: tuple[Rule, ...] = (
    Rule("gcp_service_account",
         r"(?<=[\"'])private_key(?:_id\\?[\"'][ \t]*:[ \t]*\\?[\"'](?P<secret_id>[0-9a-f]{40})\b"
         r"|\\?[\"'][ \t]*:[ \t]*\\?[\"'](?P<secret_key>-----BEGIN[^\"']*))", ("private_key",)),
    Rule("private_key", _PEM, ("-----begin",)),
    # PuTTY .ppk: the Private-Lines block is the key (the public lines and the MAC are not secret).
    Rule("private_key", r"Private-Lines:[ \t]*\d+[ \t]*\r?\n(?P<secret>[A-Za-z0-9+/=]+(?:\r?\n[A-Za-z0-9+/=]+)*)",
         ("private-lines:",)),
    # A JSON Web Key's private members (EC/OKP "d", RSA primes and exponents, an "oct" key's "k").
    Rule("private_key", r"\"(?:d|p|q|dp|dq|qi|k)\"[ \t]*:[ \t]*\"(?P<secret>[A-Za-z0-9_-]{16,})\"",
         ('"d"', '"p"', '"q"', '"dp"', '"dq"', '"qi"', '"k"'), context=('"kty"',)),
    # kubeconfig and Kubernetes TLS secrets: base64 of a PEM key.
    Rule("private_key", r"(?:client-key-data|tls\.key|ssh-privatekey)[\"']?[ \t]*:[ \t]*[\"']?"
                        r"(?P<secret>[A-Za-z0-9+/=]{40,})", ("client-key-data", "tls.key", "ssh-privatekey")),
)

# --- password hashes --------------------------------------------------------------------------

_B = r"[./A-Za-z0-9]"  # the crypt(3) alphabet
_CRYPT = (r"\$(?:2[abxy]?\$\d{2}\$" + _B + r"{53}"
          r"|(?:1|apr1)\$" + _B + r"{1,8}\$" + _B + r"{22}"
          r"|[56]\$(?:rounds=\d{1,9}\$)?" + _B + r"{1,16}\$" + _B + r"{43,86}"
          r"|y\$" + _B + r"{1,12}\$" + _B + r"{1,86}\$" + _B + r"{43}"
          r"|7\$" + _B + r"{14,}\$" + _B + r"{43}"
          r"|argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
          r"|scrypt\$ln=\d+,r=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]{16,}"
          r"|pbkdf2(?:-sha\d+)?\$\d+\$[./A-Za-z0-9+]+\$[./A-Za-z0-9+]{16,})(?![./A-Za-z0-9+=])")

HASH_RULES: tuple[Rule, ...] = (
    Rule("password_hash", _CRYPT, ("$",), validate=_hash_ok),
    Rule("password_hash",  # Django, Werkzeug, PostgreSQL SCRAM and md5, MySQL, NTLM, LDAP
         r"(?:pbkdf2_sha(?:1|256)\$\d+\$[\w./+]+\$[A-Za-z0-9+/=]{20,}"
         r"|(?:pbkdf2:sha\d+(?::\d+)?|scrypt:\d+:\d+:\d+)\$[A-Za-z0-9]+\$[a-f0-9]{32,}"
         r"|SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+"
         r"|(?<![\w])md5[0-9a-f]{32}(?![0-9a-f])"
         r"|\*[0-9A-F]{40}(?![0-9A-Za-z])"
         r"|aad3b435b51404eeaad3b435b51404ee:(?P<secret_nt>[0-9a-f]{32})"
         r"|\{(?:SSHA512|SSHA256|SSHA|SHA512|SHA256|SHA|SMD5|MD5|CRYPT|PBKDF2(?:-SHA\d+)?)\}"
         r"(?P<secret_ldap>[A-Za-z0-9+/=.$]{12,}))",
         ("pbkdf2_", "pbkdf2:", "scrypt:", "scram-sha-256$", "md5", "*", "aad3b435b51404eeaad3b435b51404ee:",
          "{ssha", "{sha", "{smd5}", "{md5}", "{crypt}", "{pbkdf2"), validate=_hash_ok),
)

# --- URLs and headers -------------------------------------------------------------------------

SHAPE_RULES: tuple[Rule, ...] = (
    Rule("jwt", r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", prefixes=("eyj",)),
    Rule("bearer_token",
         r"(?<!\w)(?:(?:[Bb]earer|BEARER)[ \t]+(?P<secret>[A-Za-z0-9._~+/-]{16,}=*)"
         r"|[Aa]uthorization\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?"
         r"(?:(?:[Tt]oken|[Bb]ot|[Kk]ey|[Aa]pi[Kk]ey|Api-Token|SSWS|Splunk|GenieKey|OAuth|Zoho-oauthtoken)[ \t]+)?"
         r"(?P<secret_tok>[A-Za-z0-9._~+/=-]{16,}))",
         ("bearer", "authorization"), validate=_bearer_ok),
    Rule("basic_auth",
         r"(?<!\w)(?:(?:[Bb]asic|BASIC)[ \t]+(?P<secret>[A-Za-z0-9+/]{6,}={0,2})(?![\w+/=])"
         r"|(?:curl\b[^\n]{0,200}?[ \t]-u|--user)(?:[ \t]+|=)[\"']?"
         r"(?P<secret_cli>[^\s:'\"]*[\"']?:[\"']?[^\s'\"]*))",
         ("basic", "curl", "--user"), validate=_basic_auth_ok),
    # Docker's config.json "auth" and .npmrc "_auth": base64 of user:password.
    Rule("basic_auth", r"(?:\"auth\"[ \t]*:[ \t]*\"|_auth[ \t]*=[ \t]*\"?)(?P<secret>[A-Za-z0-9+/]{8,}={0,2})",
         ('"auth"', "_auth"), validate=_auth_field_ok),
    # The password runs to the last "@" before the host: an unencoded "@" is part of it (p@ss@db).
    Rule("url_credentials",
         r"://(?:(?P<secret>[^\s:/?#@'\"<>\[\]]{0,200}:[^\s/'\"<>\[\]]{1,200})"
         r"|(?P<secret_user>[A-Za-z0-9_~.-]{20,200}))@(?=[A-Za-z0-9\[])", ("://",), validate=_url_credentials_ok),
    # Capability URLs: whoever holds the link holds the access.
    Rule("signed_url", r"(?:signature|sig|rlkey|security-token|code)=(?P<secret>[A-Za-z0-9%+/=~._-]{16,})",
         ("signature=", "sig=", "rlkey=", "security-token=", "code="), _I, validate=_query_param_ok),
    # Path-style capability links: /reset-password/<token>, /invite/<token>, /magic-link/<token>.
    Rule("signed_url",
         r"/(?:reset|reset-password|password-reset|reset_password|invite|invitation|invitations|join|magic|"
         r"magic-link|login-link|verify|verify-email|confirm|confirmation|activate|activation|unsubscribe|"
         r"share|shared|accept-invite|onboarding|set-password|recover|recovery)/(?P<secret>[A-Za-z0-9_~.-]{20,200})"
         r"(?![A-Za-z0-9_~.-])",
         ("/reset", "/password-reset", "/invit", "/join/", "/magic", "/login-link/", "/verify", "/confirm",
          "/activat", "/unsubscribe/", "/share", "/accept-invite/", "/onboarding/", "/set-password/", "/recover"),
         _I, validate=_capability_path_ok),
    Rule("webhook_url",
         r"(?:webhook\.office\.com/webhookb2/[^\s/]+/IncomingWebhook/(?P<secret>[A-Za-z0-9]{32}/[A-Fa-f0-9-]{36})"
         r"|outlook\.office\.com/webhook/[^\s/]+/IncomingWebhook/(?P<secret_o>[A-Za-z0-9]{32}/[A-Fa-f0-9-]{36})"
         r"|hooks\.zapier\.com/hooks/catch/\d+/(?P<secret_z>[A-Za-z0-9]{5,12})"
         r"|maker\.ifttt\.com/(?:use|trigger/[^/\s]+/with/key)/(?P<secret_i>[A-Za-z0-9_-]{20,})"
         r"|/hooks/(?P<secret_m>[a-z0-9]{26})(?![\w-]))",
         ("webhook.office.com/", "outlook.office.com/", "hooks.zapier.com/", "maker.ifttt.com/", "/hooks/"),
         validate=_letters_and_digits),
    # user / password in prose, chat and runbooks
    Rule("credential_pair", r"[ \t]/[ \t]+(?P<secret>[^\s\"'`]{6,64})", (" / ",), validate=_pair_ok),
    Rule("credential_pair",
         r"cred(?:s|entials?)\b[^\n]{0,40}?(?<![\w.@/-])(?P<user>[\w.@-]{2,40}):(?P<secret>[^\s:/@\"'`]{6,64})",
         ("cred",), _I, validate=_colon_pair_ok),
    # .pgpass: hostname:port:database:username:password, one per line. The regex starts at the
    # ":port:" literal, which the regex engine finds fast; the host before it is checked in Python.
    Rule("credential_pair",
         r":(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:(?P<secret>(?:[^\s:\\]|\\.)+)(?=[ \t]*\r?(?:\n|\Z))",
         validate=_pgpass_ok),
)
