"""A fresh redaction corpus, written after the rules and never tuned on.

``redaction_hard_corpus`` was written before the rules, and its held-out quarter was not
looked at while tuning; but once a figure is known, the next change is informed by it. This
corpus was written last, as a final honest check, in other shapes than the first two: chat
messages, issue comments, CI logs, runbooks, stack traces and config diffs. Its first measured
figures are recorded in ``test_redaction.py``; a later miss here is a lesson, not a target.

Every value comes from a seeded ``random.Random`` (``fake_secrets.FakeSecrets``).
"""

from __future__ import annotations

import string

from .fake_secrets import CRYPT_B64, DIGITS, LOWER, UPPER, FakeSecrets
from .redaction_hard_benign import HardBenign
from .redaction_hard_corpus import HardCase

_fake = FakeSecrets(99_1207)
_rng = _fake.rng  # plain draws (choice, randint) share the one stream


def _pw() -> str:
    return _rng.choice(("Winter", "Spring", "Bluebird", "Nimbus", "Pepper", "Orbit")) + _fake.pick(DIGITS, 3) + \
        _rng.choice("!$%&*#") + _fake.pick(LOWER, 2)


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
    for tok in (f"ghp_{_fake.alnum_mixed(36)}", f"glpat-{_fake.alnum_mixed(20)}",
                f"xoxb-{_fake.pick(DIGITS, 11)}-{_fake.pick(DIGITS, 12)}-{_fake.alnum_mixed(24)}",
                f"sk-proj-{_fake.alnum_mixed(64, '-_')}", f"npm_{_fake.alnum_mixed(36)}",
                f"hf_{_fake.pick(string.ascii_letters, 34)}"):
        _s("provider", text.format(t=tok), tok)
for tok in (f"sk_live_{_fake.alnum_mixed(40)}", f"AIza{_fake.alnum_mixed(35, '-_')}",
            f"dop_v1_{_fake.hex_mixed(64)}", f"SG.{_fake.alnum_mixed(22)}.{_fake.alnum_mixed(43)}",
            f"shpat_{_fake.hex_mixed(32)}", f"pplx-{_fake.alnum_mixed(48)}", f"xai-{_fake.alnum_mixed(80)}",
            f"PMAK-{_fake.hex_mixed(24)}-{_fake.hex_mixed(34)}", f"dapi{_fake.hex_mixed(32)}",
            f"pul-{_fake.hex_mixed(40)}", f"glsa_{_fake.alnum_mixed(32)}_{_fake.hex_mixed(8)}",
            f"NRAK-{_fake.pick(UPPER + DIGITS, 27)}", f"lin_api_{_fake.alnum_mixed(40)}",
            f"hvs.{_fake.alnum_mixed(90)}", f"dp.st.{_fake.alnum_mixed(43)}", f"gsk_{_fake.alnum_mixed(52)}",
            f"sntryu_{_fake.hex_mixed(64)}", f"rubygems_{_fake.hex_mixed(48)}", f"dckr_pat_{_fake.alnum_mixed(27)}",
            f"AKIA{_fake.pick(UPPER + '234567', 16)}"):
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
for text, tok in (("SECRET_KEY = '{t}'", _fake.alnum_mixed(50, "!@#%^&*(-_=+)")),
                  ("JWT_SIGNING_KEY={t}", _fake.alnum_mixed(64)), ("session_secret: {t}", _fake.hex_mixed(64)),
                  ("WEBHOOK_SECRET={t}", _fake.alnum_mixed(32)),
                  ('"clientSecret": "{t}"', _fake.alnum_mixed(40, "-_~.")),
                  ("encryption_key = '{t}'", _fake.b64(32)), ("HMAC_SECRET={t}", _fake.hex_mixed(64)),
                  ("COOKIE_KEY={t}", _fake.alnum_mixed(48))):
    _s("config", text.format(t=tok), tok)

# --- URLs ----------------------------------------------------------------------------------------------
for text in ("DATABASE_URL=postgres://svc:{p}@10.2.3.4:5432/orders", "amqp://guest2:{p}@rabbit:5672/vhost",
             "mongodb://root:{p}@mongo-0.mongo:27017/admin?authSource=admin", "redis://:{p}@cache:6379/2",
             "https://deploy:{p}@git.acme.dev/ops/infra.git"):
    pw = _pw().replace("%", "x").replace("&", "x").replace("#", "x")
    _s("url", text.format(p=pw), pw)
sig = _fake.hex_mixed(64)
_s("url", f"curl '{'https://acme.s3.amazonaws.com/a.zip?X-Amz-Expires=3600&X-Amz-Signature=' + sig}'", sig)
tok = _fake.alnum_mixed(40, "-_")
_s("url", f"reset your password: https://id.acme.dev/reset-password/{tok}", tok)
hook = f"T{_fake.pick(UPPER + DIGITS, 10)}/B{_fake.pick(UPPER + DIGITS, 10)}/{_fake.alnum_mixed(24)}"
_s("url", f"notify: https://hooks.slack.com/services/{hook}", hook)

# --- files and hashes -------------------------------------------------------------------------------
body = "\n".join(_fake.b64(48) for _ in range(8))
_s("key_file", f"-----BEGIN EC PRIVATE KEY-----\n{body}\n-----END EC PRIVATE KEY-----", body.split("\n")[3])
h = f"$2y$10${_fake.pick(CRYPT_B64, 53)}"
_s("hash", f"INSERT INTO users VALUES (1, 'admin', '{h}');", h)
h = f"$6$rounds=5000${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 86)}"
_s("hash", f"deploy:{h}:19800:0:99999:7:::", h)
h = f"$argon2id$v=19$m=19456,t=2,p=1${_fake.b64(16).rstrip('=')}$" \
    f"{_fake.b64(32).rstrip('=')}"
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
   f"commit {_fake.hex_mixed(40)} (HEAD -> main)", f"sha256:{_fake.hex_mixed(64)}", f"request_id={_fake.hex_mixed(32)}",
   f"uuid {_fake.hex_mixed(8)}-{_fake.hex_mixed(4)}-4{_fake.hex_mixed(3)}-a{_fake.hex_mixed(3)}-{_fake.hex_mixed(12)}",
   f"  \"integrity\": \"sha512-{_fake.b64(64)}\"",
   f"{_fake.hex_mixed(64)}  release.tar.gz", f"ETag: W/\"{_fake.hex_mixed(32)}\"",
   f"build #{_rng.randint(1000, 9999)} ({_fake.hex_mixed(7)})",
   f"pk_test_{_fake.alnum_mixed(24)} is the publishable key",
   "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _fake.alnum_mixed(43) + " ci@acme",
   f"trace {_fake.hex_mixed(32)} span {_fake.hex_mixed(16)}", f"Docker image acme/api@sha256:{_fake.hex_mixed(64)}")
_b("placeholder",
   "API_KEY=<insert-key>", "password: ${DB_PASSWORD}", "token: xxxxxxxxxxxxxxxx", "secret: changeme",
   "OPENAI_API_KEY=sk-...", "postgres://user:pass@localhost/db", "password=example123",
   "AWS_SECRET_ACCESS_KEY=<secret>")
