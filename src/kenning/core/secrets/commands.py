"""Passwords and tokens that a statement or a command takes as an argument rather than after a
``password=`` key: SQL (``IDENTIFIED BY 'x'``, ``SET PASSWORD = 'x'``, Redis ``requirepass x``),
tools' positional arguments (``rabbitmqctl add_user u x``, ``mc alias set a url ak x``,
``cargo login x``, ``config set npmAuthToken x``), user-and-password pairs (``lftp -u u,x``,
``smbclient -U u%x``), a password piped into a command that reads it from stdin
(``echo x | sudo -S``), and credential calls in code (``auth=('u', 'x')``, ``.login('u', 'x')``,
``getConnection(url, 'u', 'x')``).

Each rule is anchored on the command or call's own literal, and the value is checked like any
other: placeholders (``$PW``, ``<password>``, ``%s``) and code are not secrets. Every regex is
linear: bounded repetitions of disjoint character classes, no nested unbounded quantifier.

Pure: standard library only.
"""

from __future__ import annotations

import re

from kenning.core.secrets.rule import (
    Rule,
    _has_digit,
    _is_code_or_placeholder,
    _line_before,
    _mixed_case,
    _random_looking,
)

_I = re.IGNORECASE
# A quoted or bare argument: the password itself.
_ARG = (r"(?:\"(?P<secret_dq>[^\"\n]{1,200})\"|'(?P<secret_sq>[^'\n]{1,200})'"
        r"|(?P<secret_bare>[^\s\"'`<>;|&]{1,200}))")
# SQL keywords that a password slot can hold instead of a password
_SQL_WORDS = frozenset({"random", "values", "password", "null", "default", "external", "globally", "by"})


def _value(match: re.Match[str]) -> tuple[str, bool]:
    for name in ("secret_dq", "secret_sq"):
        if match.group(name) is not None:
            return match.group(name), False
    return match.group("secret_bare") or "", True


def _argument_ok(match: re.Match[str], _: str) -> bool:
    """A real value: four characters or more, not a placeholder, a variable or a keyword."""
    value, bare = _value(match)
    if len(value) < 4 or value.lower() in _SQL_WORDS or value.startswith(("-", "/")):
        return False
    if bare and not (_has_digit(value) or _mixed_case(value) or re.search(r"[^\w]", value)):
        return False  # a bare lower-case word is a name ("requirepass foobared" is the docs' own)
    return not _is_code_or_placeholder(value, bare=False)


def _token_argument_ok(match: re.Match[str], _: str) -> bool:
    """``cargo login <token>``: only a generated value; "login admin" is a user name."""
    value, _bare = _value(match)
    return _random_looking(value) and not _is_code_or_placeholder(value, bare=False)


def _config_value_ok(match: re.Match[str], secret: str) -> bool:
    name = match.group("name").lower()
    if "public" in name or "publishable" in name or name.endswith(("_id", "-id", "file", "path", "url")):
        return False
    value, _bare = _value(match)
    return len(value) >= 8 and _argument_ok(match, secret)


# Commands that read a password from stdin: what makes ``echo x |`` a password.
_STDIN_READERS = (r"(?:sudo\b[^\n|]{0,40}?[ \t]-[a-zA-Z]*S|--password-stdin|--passwd-on-stdin|--password-from-stdin"
                  r"|(?<![\w-])(?:passwd|chpasswd|kinit|cryptsetup|openconnect|vncpasswd|smbpasswd|htpasswd\b[^\n|]{0,60}"
                  r"[ \t]-[a-zA-Z]*i))")


def _piped_ok(match: re.Match[str], secret: str) -> bool:
    if not _argument_ok(match, secret):
        return False
    reader = match.string[match.end():match.end() + 200].split("\n", 1)[0]
    return re.search(_STDIN_READERS, reader) is not None


_FLAG_TOOLS = {"-pw": r"plink|pscp|psftp|putty", "-N": r"ssh-keygen", "/p:": r"[\w-]*freerdp|wfreerdp",
               "/pass:": r"cmdkey"}


def _tool_flag_ok(match: re.Match[str], secret: str) -> bool:
    commands = _FLAG_TOOLS[match.group("flag")]
    if not _argument_ok(match, secret):  # the cheap test first: a hostile field repeats the flag
        return False
    return re.search(r"(?<![\w-])(?:" + commands + r")\b", _line_before(match.string, match.start())) is not None


_PAIR_COMMANDS = {",": r"lftp|ncftp", "%": r"smbclient|rpcclient|smbmap|smbcacls|smbget|smbtree|net|winexe|nmblookup"}


def _user_pair_ok(match: re.Match[str], secret: str) -> bool:
    """``lftp -u user,password``, ``smbclient -U user%password``: the separator names the tool."""
    commands = _PAIR_COMMANDS[match.group("pair")]
    if not _argument_ok(match, secret):
        return False
    return re.search(r"(?<![\w-])(?:" + commands + r")\b", _line_before(match.string, match.start())) is not None


_USER = r"(?:\"[^\"\n]{0,100}\"|'[^'\n]{0,100}'|[\w.$>()\[\]-]{1,60})"
_QUOTED = r"(?:\"(?P<secret_dq>[^\"\n]{4,200})\"|'(?P<secret_sq>[^'\n]{4,200})')"
# no bare value here: _value reads it as empty
_QUOTED_BARE = _QUOTED + r"(?P<secret_bare>(?!))?"

COMMAND_RULES: tuple[Rule, ...] = (
    # --- SQL and Redis ------------------------------------------------------------------------------
    Rule("password_assignment",
         r"(?:identified(?:[ \t]+with[ \t]+\w{1,40})?[ \t]+by|requirepass|masterauth)[ \t]+(?:password[ \t]*\(?[ \t]*)?"
         + _ARG, ("identified", "requirepass", "masterauth"), _I, validate=_argument_ok),
    Rule("password_assignment",
         r"set[ \t]+password(?:[ \t]+for[ \t]+[^\s=]{1,120})?[ \t]*=[ \t]*(?:password[ \t]*\([ \t]*)?" + _ARG,
         ("set password",), _I, validate=_argument_ok),
    Rule("password_assignment", r"setuser\b[^\n>]{0,200}[ \t]>" + _ARG, ("setuser",), _I, validate=_argument_ok),
    # --- positional arguments of tools --------------------------------------------------------------
    Rule("password_assignment",
         r"(?:rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,100}"
         r"|mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S{1,100}[ \t]+\S{1,300}[ \t]+\S{1,200}"
         r"|(?:poetry[ \t]+config|composer[ \t]+config(?:[ \t]+(?:--global|-g|--auth|-a))*)[ \t]+http-basic\.\S{1,200}"
         r"[ \t]+\S{1,100}"
         r"|wpa_passphrase[ \t]+\S{1,100}"
         r"|net[ \t]+use(?:[ \t]+[A-Za-z*]:)?[ \t]+\\\\\S{1,200}"
         r"|htpasswd\b[^\n]{0,40}?[ \t]-[a-zA-Z]*n[a-zA-Z]*[ \t]+\S{1,100})[ \t]+" + _ARG,
         ("rabbitmqctl", "mc ", "poetry", "composer", "wpa_passphrase", "net ", "htpasswd"), validate=_argument_ok),
    # flags that only these tools give a password: plink -pw, ssh-keygen -N, xfreerdp /p:, cmdkey /pass:
    Rule("password_assignment", r"[ \t](?P<flag>-pw|-N|/p:|/pass:)[ \t]*" + _ARG,
         (" -pw", " -n", " /p:", " /pass:"), validate=_tool_flag_ok),
    Rule("secret_assignment",
         r"(?:(?<![\w-])(?:login|auth-?token|set-token)|add-authtoken)(?:[ \t]+--token|[ \t]+--with-token[ \t]+<+)?"
         r"[ \t]+" + _ARG, ("login", "authtoken", "auth-token", "add-authtoken", "set-token"),
         validate=_token_argument_ok),
    Rule("secret_assignment",
         r"(?:config(?:ure)?(?:[ \t]+(?:set|add))?|secret[ \t]+set[ \t]+\S{1,100})(?:[ \t]+--?[\w-]{1,30})*[ \t]+"
         r"(?P<name>[\w./:@-]{0,100}(?:token|password|passwd|secret|key|auth|oauth)[\w./:@-]{0,60}|--body|-b)"
         r"(?:[ \t]+|=)" + _ARG,
         ("config", "secret set"), _I, validate=_config_value_ok),
    # --- a user and a password in one argument ------------------------------------------------------
    Rule("password_assignment",
         r"[ \t]-[uU][ \t]+[\"']?[^\s,%\"']{1,100}(?P<pair>[,%])" + _ARG,
         (" -u",), validate=_user_pair_ok),
    # --- a password piped into a command that reads it from stdin -----------------------------------
    Rule("password_assignment", r"(?:echo|printf)(?:[ \t]+-[neE]{1,3})*[ \t]+" + _ARG + r"[ \t]*\|",
         ("echo", "printf"), validate=_piped_ok),
    # --- credential calls in code -------------------------------------------------------------------
    Rule("password_assignment",
         r"(?:\.login|\.auth|_auth|\bauth|BasicAuth|DigestAuth|SetBasicAuth|NetworkCredential|UsernamePasswordCredentials"
         r"|PasswordAuthentication)[ \t]*(?:=[ \t]*)?[(\[][ \t]*" + _USER + r"[ \t]*,[ \t]*" + _QUOTED_BARE,
         (".login", ".auth", "_auth", "auth", "basicauth", "digestauth", "networkcredential",
         "usernamepasswordcredentials",
          "passwordauthentication"), validate=_argument_ok),
    Rule("password_assignment",
         r"(?:getConnection|\bPDO|mysqli?_connect|mysqli|pg_connect)[ \t]*\([ \t]*[^,()\n]{1,200},[ \t]*" + _USER
         + r"[ \t]*,[ \t]*" + _QUOTED_BARE,
         ("getconnection", "pdo", "mysql"), validate=_argument_ok),
)
