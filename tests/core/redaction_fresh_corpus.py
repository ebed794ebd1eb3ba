"""A fresh redaction corpus, written after the rules and never tuned on.

``redaction_hard_corpus`` was written before the rules, and its held-out quarter was not
looked at while tuning; but once a figure is known, the next change is informed by it. This
corpus was written last, as a final honest check, in other shapes than the first two: chat
messages, issue comments, CI logs, runbooks, stack traces and config diffs. Its first measured
figures are recorded in ``test_redaction.py``; a later miss here is a lesson, not a target.

Every value comes from a seeded ``random.Random``.
"""

from __future__ import annotations

import base64
import random
import string

from .redaction_hard_benign import HardBenign
from .redaction_hard_corpus import HardCase

_rng = random.Random(99_1207)
_UP, _LO, _DIG = string.ascii_uppercase, string.ascii_lowercase, string.digits
_ALNUM = _UP + _LO + _DIG


def _pick(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def _mix(n: int, extra: str = "") -> str:
    while True:
        s = _pick(_ALNUM + extra, n)
        if any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s):
            return s


def _hex(n: int) -> str:
    while True:
        s = _pick("0123456789abcdef", n)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def _pw() -> str:
    return _rng.choice(("Winter", "Spring", "Bluebird", "Nimbus", "Pepper", "Orbit")) + _pick(_DIG, 3) + \
        _rng.choice("!$%&*#") + _pick(_LO, 2)


FRESH_SECRETS: list[HardCase] = []
FRESH_BENIGN: list[HardBenign] = []


def _s(group: str, text: str, *secrets: str) -> None:
    for s in secrets:
        assert s in text, (s, text)
    FRESH_SECRETS.append(HardCase(group, text, secrets))


def _b(group: str, *texts: str) -> None:
    FRESH_BENIGN.extend(HardBenign(group, t) for t in texts)


# --- chat and issue comments ----------------------------------------------------------------------
for text in ("@dana can you try with my key {t}? mine has higher limits",
             "> Error: 401 Unauthorized (token {t})\nrotated, sorry",
             "quick fix: hardcode {t} until the secret store is back"):
    for tok in (f"ghp_{_mix(36)}", f"glpat-{_mix(20)}", f"xoxb-{_pick(_DIG, 11)}-{_pick(_DIG, 12)}-{_mix(24)}",
                f"sk-proj-{_mix(64, '-_')}", f"npm_{_mix(36)}", f"hf_{_pick(string.ascii_letters, 34)}"):
        _s("provider", text.format(t=tok), tok)
for tok in (f"sk_live_{_mix(40)}", f"AIza{_mix(35, '-_')}", f"dop_v1_{_hex(64)}", f"SG.{_mix(22)}.{_mix(43)}",
            f"shpat_{_hex(32)}", f"pplx-{_mix(48)}", f"xai-{_mix(80)}", f"PMAK-{_hex(24)}-{_hex(34)}",
            f"dapi{_hex(32)}", f"pul-{_hex(40)}", f"glsa_{_mix(32)}_{_hex(8)}", f"NRAK-{_pick(_UP + _DIG, 27)}",
            f"lin_api_{_mix(40)}", f"hvs.{_mix(90)}", f"dp.st.{_mix(43)}", f"gsk_{_mix(52)}",
            f"sntryu_{_hex(64)}", f"rubygems_{_hex(48)}", f"dckr_pat_{_mix(27)}", f"AKIA{_pick(_UP + '234567', 16)}"):
    _s("provider", _rng.choice(("in CI output: {t}", "ENV dump -> {t}", "* token: `{t}`", "key={t}; retry=3",
                                "```\n{t}\n```")).format(t=tok), tok)

# --- runbooks and prose ------------------------------------------------------------------------------
for text in ("Runbook: ssh in as ops, sudo password is {p}", "The Grafana admin password was reset to {p} yesterday",
             "vpn: user jdoe / {p}", "Kibana login -> elastic / {p}", "root pw on the NAS: {p}",
             "Zugangsdaten: Benutzer admin, Passwort {p}", "identifiants : admin / mot de passe {p}",
             "usuario root, contraseña {p}", "senha do wifi é {p}", "WLAN-Passwort: {p}",
             "пароль от роутера: {p}", "路由器密码：{p}", "管理画面のパスワード：{p}", "wachtwoord voor de NAS: {p}"):
    pw = _pw()
    _s("password_prose", text.format(p=pw), pw)

# --- config and code ----------------------------------------------------------------------------------
for text in ('db:\n  host: db.internal\n  password: "{p}"', "[client]\nuser = backup\npassword = {p}",
             "<password>{p}</password>", "spring.rabbitmq.password={p}", "REDIS_PASS='{p}'",
             "conn = pymysql.connect(host='db', user='app', passwd='{p}')", "PGPASSWORD={p} pg_dump shop > shop.sql",
             'DB_PASSWORD="{p}" ./manage.py migrate', "--set auth.password={p}"):
    pw = _pw()
    _s("config", text.format(p=pw), pw)
for text, tok in (("SECRET_KEY = '{t}'", _mix(50, "!@#%^&*(-_=+)")), ("JWT_SIGNING_KEY={t}", _mix(64)),
                  ("session_secret: {t}", _hex(64)), ("WEBHOOK_SECRET={t}", _mix(32)),
                  ('"clientSecret": "{t}"', _mix(40, "-_~.")), ("encryption_key = '{t}'", base64.b64encode(
                      _rng.randbytes(32)).decode()), ("HMAC_SECRET={t}", _hex(64)), ("COOKIE_KEY={t}", _mix(48))):
    _s("config", text.format(t=tok), tok)

# --- URLs ----------------------------------------------------------------------------------------------
for text in ("DATABASE_URL=postgres://svc:{p}@10.2.3.4:5432/orders", "amqp://guest2:{p}@rabbit:5672/vhost",
             "mongodb://root:{p}@mongo-0.mongo:27017/admin?authSource=admin", "redis://:{p}@cache:6379/2",
             "https://deploy:{p}@git.acme.dev/ops/infra.git"):
    pw = _pw().replace("%", "x").replace("&", "x").replace("#", "x")
    _s("url", text.format(p=pw), pw)
sig = _hex(64)
_s("url", f"curl '{'https://acme.s3.amazonaws.com/a.zip?X-Amz-Expires=3600&X-Amz-Signature=' + sig}'", sig)
tok = _mix(40, "-_")
_s("url", f"reset your password: https://id.acme.dev/reset-password/{tok}", tok)
hook = f"T{_pick(_UP + _DIG, 10)}/B{_pick(_UP + _DIG, 10)}/{_mix(24)}"
_s("url", f"notify: https://hooks.slack.com/services/{hook}", hook)

# --- files and hashes -------------------------------------------------------------------------------
body = "\n".join(base64.b64encode(_rng.randbytes(48)).decode() for _ in range(8))
_s("key_file", f"-----BEGIN EC PRIVATE KEY-----\n{body}\n-----END EC PRIVATE KEY-----", body.split("\n")[3])
h = f"$2y$10${_pick('./' + _ALNUM, 53)}"
_s("hash", f"INSERT INTO users VALUES (1, 'admin', '{h}');", h)
h = f"$6$rounds=5000${_pick('./' + _ALNUM, 16)}${_pick('./' + _ALNUM, 86)}"
_s("hash", f"deploy:{h}:19800:0:99999:7:::", h)
h = f"$argon2id$v=19$m=19456,t=2,p=1${base64.b64encode(_rng.randbytes(16)).decode().rstrip('=')}$" \
    f"{base64.b64encode(_rng.randbytes(32)).decode().rstrip('=')}"
_s("hash", f"password_hash: '{h}'", h.split("$")[-1])

# === benign ===========================================================================================

_b("prose",
   "password reset link expired, asked support to resend", "token refresh now happens 60s before expiry",
   "We rotate the API key every 90 days.", "the secret sauce is the retry budget", "pass the session to the handler",
   "Tests pass on 3.11 and 3.12", "Passwort vergessen", "le mot de passe doit être changé", "密码错误，请重试",
   "パスワードを入力してください", "the key insight: the cache key includes the tenant", "login / signup pages",
   "use the auth middleware from core", "credentials are loaded from the keychain", "token count: 18234",
   "the password is hashed with bcrypt cost 12", "set password policy to strict", "reset the password to the default",
   "Bearer auth is required for /v2", "basic plan users get 3 projects")
_b("code",
   "password = request.form['password']", "token = self._token or fetch_token()", "api_key: Optional[str] = None",
   "secret = os.getenv('APP_SECRET', '')", 'headers["Authorization"] = f"Bearer {token}"', "if not password:",
   "def rotate_key(key_id: str) -> None:", "const { token } = useAuth();", "$password = $_POST['password'];",
   "auth_header = 'Basic ' + b64encode(f'{user}:{pw}'.encode()).decode()",
   "export DB_PASSWORD=$(vault read -field=pw db)", "password: ${{ secrets.REGISTRY_PASSWORD }}",
   "TOKEN=${TOKEN:?missing}", "secret_ref: projects/1/secrets/db/versions/3",
   "kubectl create secret generic db --from-literal=password=$DB_PASSWORD")
_b("ids",
   f"commit {_hex(40)} (HEAD -> main)", f"sha256:{_hex(64)}", f"request_id={_hex(32)}",
   f"uuid {_hex(8)}-{_hex(4)}-4{_hex(3)}-a{_hex(3)}-{_hex(12)}",
   f"  \"integrity\": \"sha512-{base64.b64encode(_rng.randbytes(64)).decode()}\"",
   f"{_hex(64)}  release.tar.gz", f"ETag: W/\"{_hex(32)}\"", f"build #{_rng.randint(1000, 9999)} ({_hex(7)})",
   f"pk_test_{_mix(24)} is the publishable key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _mix(43) + " ci@acme",
   f"trace {_hex(32)} span {_hex(16)}", f"Docker image acme/api@sha256:{_hex(64)}")
_b("placeholder",
   "API_KEY=<insert-key>", "password: ${DB_PASSWORD}", "token: xxxxxxxxxxxxxxxx", "secret: changeme",
   "OPENAI_API_KEY=sk-...", "postgres://user:pass@localhost/db", "password=example123",
   "AWS_SECRET_ACCESS_KEY=<secret>")
