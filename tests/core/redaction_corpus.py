"""Labelled corpus for the redaction tests.

``SECRETS``: fake credentials of every built-in kind, in the places developers paste them
(sentences, shell, .env, YAML, JSON, code, curl, connection strings, multi-line key blocks).
Each case names the substrings that must not survive redaction.

``BENIGN``: ordinary developer text that *looks* risky (hashes, UUIDs, ids, lockfile digests,
base64 of non-secrets, branch names, code that refers to a secret without containing one,
placeholders) and must come back unchanged.

Every secret is generated from a seeded ``random.Random`` (``fake_secrets.FakeSecrets``): the
corpus is deterministic, and no real credential is ever written down. Prefixes follow the providers' published formats.
"""

from __future__ import annotations

import base64
import json
import string
from dataclasses import dataclass

from .fake_secrets import ALNUM, CRYPT_B64, DIGITS, UPPER, FakeSecrets


@dataclass(frozen=True)
class SecretCase:
    kind: str  # the kind we expect to be reported
    text: str
    secrets: tuple[str, ...]  # substrings that must not survive


_fake = FakeSecrets(20241130)
_rng = _fake.rng  # plain draws (choice, randint) share the one stream


def _password() -> str:
    return _fake.alnum_mixed(_rng.randint(8, 12)) + _fake.pick("!#%^*+-_", 2) + _fake.pick(DIGITS, 2)


SECRETS: list[SecretCase] = []


def _add(kind: str, text: str, *secrets: str) -> None:
    SECRETS.append(SecretCase(kind, text, secrets))


# Generic places a provider token turns up; {s} is the token, {env} its usual variable name.
_PLACES = (
    "export {env}={s}",
    "{env}: {s}",
    '{{"{env_lower}": "{s}", "region": "eu-west-1"}}',
    "The deploy failed because {s} was revoked; rotated it this morning.",
    'client = Client(api_key="{s}", timeout=30)',
    "+ {env}={s} ./scripts/release.sh --dry-run",
    "docker run -e {env}='{s}' ghcr.io/acme/worker:1.4.2",
    "Pasted from the failing job log: token={s} status=401",
)


def _provider(kind: str, env: str, tokens: list[str], specific: tuple[str, ...] = ()) -> None:
    """Four or more cases per kind: the kind's own templates first, then rotating generic places."""
    templates = list(specific) + [_PLACES[(len(SECRETS) + i) % len(_PLACES)] for i in range(8)]
    for i, token in enumerate(tokens):
        text = templates[i].format(s=token, env=env, env_lower=env.lower())
        _add(kind, text, token)


# --- private keys -------------------------------------------------------------------------------
for label, intro in (("RSA", "Accidentally committed this, removed in the next commit:\n"),
                     ("OPENSSH", "cat ~/.ssh/id_ed25519\n"),
                     ("EC", "ssl:\n  key: |\n"),
                     ("", "Found in the backup bucket (key.pem):\n"),
                     ("ENCRYPTED", "openssl pkcs8 output:\n")):
    body = _fake.pem_body(_rng.choice((180, 400, 900)))
    name = f"{label} PRIVATE KEY".strip()
    block = f"-----BEGIN {name}-----\n{body}\n-----END {name}-----"
    _add("private_key", f"{intro}{block}\nthen rotated the deploy key.", body)
_body = _fake.pem_body(600)
_add("private_key", "gpg --export-secret-keys --armor ops@acme.dev\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n"
     f"Comment: ops signing key\n\n{_body}\n=Ab3x\n-----END PGP PRIVATE KEY BLOCK-----", _body)
_body = _fake.b64(300)
_add("private_key",
     'KEY = "-----BEGIN RSA PRIVATE KEY-----\\n' + _body + '\\n-----END RSA PRIVATE KEY-----\\n"', _body)
_body = _fake.pem_body(500)
_add("private_key", f"the log got cut off here:\n-----BEGIN RSA PRIVATE KEY-----\n{_body}", _body)

# --- Google service-account JSON -----------------------------------------------------------------
for style in range(4):
    key_id, body = _fake.hex(40), _fake.b64(600)
    pem = "-----BEGIN PRIVATE KEY-----\\n" + body + "\\n-----END PRIVATE KEY-----\\n"
    doc = {"type": "service_account", "project_id": "acme-prod", "private_key_id": key_id,
           "private_key": pem.replace("\\n", "\n"), "client_email": "ci@acme-prod.iam.gserviceaccount.com",
           "client_id": "1" + _fake.pick(DIGITS, 20)}
    if style == 0:
        text = json.dumps(doc)
    elif style == 1:
        text = "credentials.json:\n" + json.dumps(doc, indent=2)
    elif style == 2:
        text = f"SA = {{'type': 'service_account', 'private_key_id': '{key_id}', 'private_key': '{pem}'}}"
    else:
        text = "GOOGLE_CREDENTIALS=" + json.dumps(json.dumps(doc))  # JSON inside a JSON string
    _add("gcp_service_account", text, key_id, body[:200], body[-200:])

# --- credentials in URLs -------------------------------------------------------------------------
_letters_pw = _fake.pick(string.ascii_letters, 14)
_add("url_credentials", f"db at postgres://admin:{_letters_pw}@db.internal:5432/app", _letters_pw)
for template in ("DATABASE_URL=postgres://app_user:{p}@db.internal:5432/app?sslmode=require",
                 "mysql://root:{p}@10.0.3.12:3306/shop failed with too many connections",
                 "MONGO_URI: mongodb+srv://svc-reader:{p}@cluster0.ab1cd.mongodb.net/prod",
                 "celery broker is redis://:{p}@cache.internal:6379/0",
                 "amqp://rabbit:{p}@mq.internal:5672/%2F refused the connection",
                 "git clone https://x-access-token:{p}@github.com/acme/infra.git"):
    pw = _password().replace("%", "z")
    _add("url_credentials", template.format(p=pw), pw)

# --- password= and friends -----------------------------------------------------------------------
for template in ("DB_PASSWORD={p}", "  password: {p}", '{{"username": "svc", "password": "{p}"}}',
                 'conn = psycopg.connect(host="db", user="app", password="{p}")',
                 "Server=tcp:acme.database.windows.net,1433;Database=shop;User ID=sa;Password={p};",
                 "jdbc:mysql://db:3306/shop?user=app&password={p}&useSSL=true",
                 "mysqldump --user backup --password {p} shop > shop.sql",
                 'password = "{p}"', "MYSQL_ROOT_PASSWORD: '{p}'", "SMTP_PASS={p}",
                 "spring.datasource.password={p}", "export PGPASSWORD='{p}'", "passphrase: \"{p}\"",
                 "machine api.acme.dev login deploy password {p}", "mysqldump -u backup -p{p} shop",
                 "sshpass -p '{p}' ssh deploy@10.0.0.5"):
    pw = _password()
    _add("password_assignment", template.format(p=pw), pw)

# --- api_key= / token= / client_secret= ----------------------------------------------------------
for template, value in (("API_KEY={v}", _fake.alnum_mixed(32)), ("client_secret: {v}", _fake.urlsafe(40)),
                        ('{{"access_token": "{v}", "expires_in": 3599}}', _fake.urlsafe(64)),
                        ("SECRET_KEY = '{v}'", _fake.urlsafe(50)),
                        ('headers = {{"X-Api-Key": "{v}"}}', _fake.alnum_mixed(40)),
                        ("GET /v1/export?format=csv&access_token={v}&page=2", _fake.alnum_mixed(48)),
                        ("DD_API_KEY={v}", _fake.hex(32)), ("TWILIO_AUTH_TOKEN={v}", _fake.hex(32)),
                        ('webhook_secret = "{v}"', _fake.alnum_mixed(32)), ("PRIVATE_KEY=0x{v}", _fake.hex(64)),
                        ("jwt_secret: {v}", _fake.urlsafe(44)), ("refresh_token={v}", _fake.urlsafe(60)),
                        ("const apiKey = '{v}';", _fake.alnum_mixed(40)),
                        ("< set-cookie: sessionid={v}; HttpOnly; Path=/", _fake.alnum_mixed(32)),
                        ("secret_key_base: {v}", _fake.hex(128))):
    _add("secret_assignment", template.format(v=value), value)

# --- AWS ----------------------------------------------------------------------------------------
for template in ("[default]\naws_access_key_id = {i}\naws_secret_access_key = {s}\nregion = eu-west-1",
                 "export AWS_ACCESS_KEY_ID={i}\nexport AWS_SECRET_ACCESS_KEY={s}",
                 '{{"Credentials": {{"AccessKeyId": "{i}", "SecretAccessKey": "{s}", "SessionToken": "x"}}}}',
                 "s3 = boto3.client('s3', aws_access_key_id='{i}', aws_secret_access_key='{s}')"):
    key_id = _rng.choice(("AKIA", "ASIA")) + _fake.pick(UPPER + DIGITS, 16)
    secret = _fake.alnum_mixed(30) + _fake.pick(ALNUM + "/+", 10)
    text = template.format(i=key_id, s=secret)
    _add("aws_secret_access_key", text, secret)
    _add("aws_access_key_id", text, key_id)

# --- provider tokens ----------------------------------------------------------------------------
_provider("anthropic_api_key", "ANTHROPIC_API_KEY",
          [f"sk-ant-api03-{_fake.alnum_mixed(93)}AA" for _ in range(4)] + [f"sk-ant-api03-{_fake.urlsafe(93)}AA"],
          ("Tried {s} with curl; the API said 401",))
_provider("anthropic_admin_key", "ANTHROPIC_ADMIN_KEY",
          [f"sk-ant-admin01-{_fake.urlsafe(93)}AA" for _ in range(4)])
_provider("openai_api_key", "OPENAI_API_KEY",
          [f"sk-proj-{_fake.urlsafe(156)}", f"sk-svcacct-{_fake.urlsafe(120)}",
           f"sk-{_fake.alnum_mixed(20)}T3BlbkFJ{_fake.alnum_mixed(20)}", f"sk-{_fake.alnum_mixed(48)}",
           f"sk-admin-{_fake.urlsafe(80)}"])
_provider("github_token", "GITHUB_TOKEN",
          [f"{p}_{_fake.alnum_mixed(36)}" for p in ("ghp", "gho", "ghu", "ghs", "ghr")]
          + [f"github_pat_{_fake.alnum_mixed(22)}_{_fake.alnum_mixed(59)}"],
          ("git clone https://{s}@github.com/acme/infra.git", "gh auth login --with-token <<< {s}"))
_provider("gitlab_token", "GITLAB_TOKEN",
          [f"glpat-{_fake.urlsafe(20)}" for _ in range(3)] + [f"gldt-{_fake.urlsafe(20)}"],
          ('curl --header "PRIVATE-TOKEN: {s}" https://gitlab.acme.dev/api/v4/projects',))
_provider("google_api_key", "GOOGLE_API_KEY", [f"AIzaSy{_fake.urlsafe(33)}" for _ in range(4)],
          ("https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={s}",))
_provider("google_oauth_client_secret", "GOOGLE_CLIENT_SECRET", [f"GOCSPX-{_fake.urlsafe(28)}" for _ in range(4)])
_provider("google_oauth_token", "GOOGLE_ACCESS_TOKEN",
          [f"ya29.a0{_fake.urlsafe(150)}", f"ya29.c.{_fake.urlsafe(120)}", f"1//0{_fake.urlsafe(100)}",
           f"1//0{_fake.urlsafe(96)}"])
_provider("slack_token", "SLACK_BOT_TOKEN",
          [f"xoxb-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 13)}-{_fake.alnum_mixed(24)}",
           f"xoxp-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 13)}-{_fake.hex(32)}",
           f"xapp-1-A0{_fake.pick(UPPER + DIGITS, 9)}-{_fake.pick(DIGITS, 13)}-{_fake.hex(64)}",
           f"xoxe.xoxp-1-{_fake.alnum_mixed(140)}", f"xoxa-2-{_fake.pick(DIGITS, 12)}-{_fake.alnum_mixed(40)}"])
for _ in range(4):
    path = f"T{_fake.pick(UPPER + DIGITS, 8)}/B{_fake.pick(UPPER + DIGITS, 10)}/{_fake.alnum_mixed(24)}"
    url = f"https://hooks.slack.com/services/{path}"
    place = _PLACES[len(SECRETS) % 3]
    _add("slack_webhook", place.format(s=url, env="SLACK_URL", env_lower="slack_url"), path)
for i in range(4):
    snowflake = str(_rng.randint(10**17, 10**19 - 1))
    token = base64.b64encode(snowflake.encode()).decode().rstrip("=") + "." + _fake.urlsafe(6) + "." + _fake.urlsafe(38)
    _provider("discord_bot_token", "DISCORD_TOKEN", [token], (("bot.run('{s}')",) if i == 0 else ()))
for i in range(4):
    secret = f"{_fake.pick(DIGITS, 18)}/{_fake.urlsafe(68)}"
    host = ("discord.com", "discordapp.com")[i % 2]
    _add("discord_webhook", f"curl -X POST -d @alert.json https://{host}/api/webhooks/{secret}", secret)
_provider("stripe_key", "STRIPE_SECRET_KEY",
          [f"sk_live_{_fake.alnum_mixed(99)}", f"rk_live_{_fake.alnum_mixed(24)}", f"sk_test_{_fake.alnum_mixed(24)}",
           f"sk_live_{_fake.alnum_mixed(24)}", f"rk_test_{_fake.alnum_mixed(99)}"],
          ("stripe.api_key = '{s}'", "curl https://api.stripe.com/v1/charges -u {s}:"))
_provider("stripe_webhook_secret", "STRIPE_WEBHOOK_SECRET", [f"whsec_{_fake.alnum_mixed(32)}" for _ in range(4)])
for template in ("TWILIO_API_KEY_SID={s}", "twilio api:core:keys:create returned sid {s}",
                 "Twilio client = Client('{s}', auth_token)", "twilio: account_sid {s} (prod)"):
    sid = ("SK" if "KEY" in template or "keys" in template else "AC") + _fake.hex(32)
    _add("twilio_key", template.format(s=sid), sid)
_provider("sendgrid_api_key", "SENDGRID_API_KEY", [f"SG.{_fake.urlsafe(22)}.{_fake.urlsafe(43)}" for _ in range(4)])
_provider("mailgun_api_key", "MAILGUN_API_KEY", [f"key-{_fake.hex(32)}" for _ in range(4)],
          ("curl -s --user 'api:{s}' https://api.mailgun.net/v3/mg.acme.dev/messages",))
_provider("mailchimp_api_key", "MAILCHIMP_API_KEY", [f"{_fake.hex(32)}-us{_rng.randint(1, 21)}" for _ in range(4)])
_provider("npm_token", "NPM_TOKEN", [f"npm_{_fake.alnum_mixed(36)}" for _ in range(4)],
          ("//registry.npmjs.org/:_authToken={s}",))
_provider("pypi_token", "TWINE_PASSWORD",
          [f"pypi-AgEIcHlwaS5vcmc{_fake.urlsafe(150)}" for _ in range(3)]
          + [f"pypi-AgENdGVzdC5weXBpLm9yZw{_fake.urlsafe(120)}"],
          ("twine upload -u __token__ -p {s} dist/*",))
_provider("docker_hub_token", "DOCKERHUB_TOKEN", [f"dckr_pat_{_fake.urlsafe(27)}" for _ in range(4)],
          ("echo {s} | docker login -u acmeci --password-stdin",))
_provider("huggingface_token", "HF_TOKEN", [f"hf_{_fake.pick(string.ascii_letters, 34)}" for _ in range(4)],
          ("huggingface-cli login --token {s}",))
_provider("shopify_token", "SHOPIFY_ACCESS_TOKEN",
          [f"shpat_{_fake.hex(32)}", f"shpss_{_fake.hex(32)}", f"shpca_{_fake.hex(32)}", f"shppa_{_fake.hex(32)}"])
_provider("square_token", "SQUARE_ACCESS_TOKEN",
          [f"sq0atp-{_fake.urlsafe(22)}", f"sq0csp-{_fake.urlsafe(43)}", f"EAAA{_fake.urlsafe(60)}",
           f"EAAA{_fake.urlsafe(60)}"])
_provider("digitalocean_token", "DIGITALOCEAN_TOKEN", [f"do{c}_v1_{_fake.hex(64)}" for c in "poro"],
          ("doctl auth init --access-token {s}",))
for template in ("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={k};EndpointSuffix=x.net",
                 'AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=logs;AccountKey={k}"',
                 "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={k}",
                 "az storage blob list --connection-string 'AccountName=data;AccountKey={k};'"):
    key = _fake.b64(64) if "AccountKey" in template else _fake.b64(32)
    _add("azure_storage_key", template.format(k=key), key)
_provider("newrelic_key", "NEW_RELIC_API_KEY",
          [f"NRAK-{_fake.pick(UPPER + DIGITS, 27)}", f"NRAK-{_fake.pick(UPPER + DIGITS, 27)}",
           f"NRJS-{_fake.hex(19)}a", f"NRII-{_fake.urlsafe(32).replace('-', 'a').replace('_', 'b')}"])
_provider("linear_api_key", "LINEAR_API_KEY",
          [f"lin_api_{_fake.alnum_mixed(40)}" for _ in range(3)] + [f"lin_oauth_{_fake.alnum_mixed(64)}"])
_provider("notion_token", "NOTION_TOKEN",
          [f"secret_{_fake.alnum_mixed(43)}", f"secret_{_fake.alnum_mixed(43)}", f"ntn_{_fake.alnum_mixed(46)}",
           f"ntn_{_fake.alnum_mixed(46)}"])
_provider("doppler_token", "DOPPLER_TOKEN", [f"dp.{k}.{_fake.alnum_mixed(43)}" for k in ("pt", "st", "sa", "ct")])
_provider("vault_token", "VAULT_TOKEN",
          [f"hvs.{_fake.urlsafe(24)}", f"hvs.CAESI{_fake.urlsafe(86)}", f"hvb.{_fake.urlsafe(90)}",
           f"hvs.{_fake.urlsafe(24)}"],
          ("vault login {s}",))
_provider("atlassian_api_token", "JIRA_API_TOKEN",
          [f"ATATT3xFfGF0{_fake.urlsafe(170)}={_fake.pick(UPPER + DIGITS, 8)}" for _ in range(4)],
          ("curl -u alice@acme.dev:{s} https://acme.atlassian.net/rest/api/3/myself",))
for i in range(4):
    token = f"{_rng.randint(10**8, 10**10 - 1)}:AA{_fake.alnum_mixed(33)}"
    _provider("telegram_bot_token", "TELEGRAM_BOT_TOKEN", [token],
              (("https://api.telegram.org/bot{s}/sendMessage?chat_id=-100123",) if i == 0 else ()))
_provider("age_secret_key", "SOPS_AGE_KEY",
          ["AGE-SECRET-KEY-1" + _fake.pick("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58) for _ in range(4)],
          ("# created: 2024-05-01T10:00:00Z\n"
           "# public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\n{s}",))


def _jwt() -> str:
    def seg(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
    claims = {"sub": _fake.pick(DIGITS, 10), "org": "acme", "iat": 1_700_000_000 + _rng.randint(0, 10**7)}
    return f"{seg({'alg': 'HS256', 'typ': 'JWT'})}.{seg(claims)}.{_fake.urlsafe(43)}"


_provider("jwt", "ID_TOKEN", [_jwt() for _ in range(5)],
          ('curl -H "Authorization: Bearer {s}" https://api.acme.dev/v1/me', "Cookie: session={s}; Path=/"))

# --- authorization headers ----------------------------------------------------------------------
for template, value in (('curl -H "Authorization: Bearer {v}" https://api.acme.dev/v2/orders', _fake.alnum_mixed(40)),
                        ("Authorization: Bearer {v}", _fake.urlsafe(64)),
                        ("headers = {{'Authorization': 'Bearer {v}'}}", _fake.alnum_mixed(32)),
                        ('-H "Authorization: Token {v}"', _fake.hex(40)),
                        ("requests.get(url, headers={{\"authorization\": \"bearer {v}\"}})", _fake.alnum_mixed(28))):
    _add("bearer_token", template.format(v=value), value)
for template, user in (("Authorization: Basic {b}", "deploy"),
                       ("curl -H 'Authorization: Basic {b}' https://ci.acme.dev/api/json", "admin"),
                       ("curl -u {u}:{p} https://nexus.acme.dev/repository/raw/", "ci-bot"),
                       ("wget --user {u}:{p} https://files.acme.dev/dump.sql.gz", "ops"),
                       ("proxy_set_header Authorization \"Basic {b}\";", "grafana")):
    pw = _password()
    encoded = base64.b64encode(f"{user}:{pw}".encode()).decode()
    _add("basic_auth", template.format(b=encoded, u=user, p=pw), pw if "{p}" in template else encoded)


# === benign text =================================================================================

BENIGN: list[str] = [
    # the issue's own line
    "the sk-learn pipeline failed at 3f2a9c1e4b5d6f708192a3b4c5d6e7f8091a2b3c on branch "
    "sk-fix-the-webhook-signature-regression; uuid 123e4567-e89b-12d3-a456-426614174000; "
    "Bearer of bad news; token budget 2000; sha512-Zm9vYmFyYmF6cXV4cXV1eA==",
    # prose about secrets
    "the password field is required",
    "password reset flow sends two emails when the user double-clicks",
    "Bearer of bad news: CI is red again on main.",
    "token budget 2000 is too small for the summary of a large repo",
    "Rotate the API key monthly and keep it in the OS keychain.",
    "The secret sauce is a sorted set keyed by timestamp.",
    "Bearer tokens expire after 3600 seconds, so refresh before that.",
    "Basic auth is disabled on the admin endpoint since the SSO rollout.",
    "Password must be at least 12 characters and not in the breach list.",
    "The token refresh races with logout; see the flaky test in auth_test.py.",
    "We never log the Authorization header; the middleware strips it.",
    "Private keys live in the HSM, not in the repo.",
    "JWTs start with eyJ because the header is base64 of a JSON object.",
    "Google API keys start with AIza and GitHub tokens with ghp_, so the scanner keys off prefixes.",
    "Anthropic keys look like sk-ant-api03-... and OpenAI keys like sk-proj-...",
    "xoxb tokens belong to bots, xoxp tokens to users.",
    "Set the api_key: it is in 1Password under 'staging'.",
    "Password: see the vault entry for prod-db.",
    "token: see the docs for how to mint one",
    "secret: false",
    "Token usage: 1532 prompt + 200 completion",
    "max token: 2000",
    "never use password123 or hunter2 as examples in docs",
    "the basic understanding is that retries are idempotent",
    "We pass --token-file ~/.config/gh/token to avoid shell history.",
    "echo $REGISTRY_PASSWORD | docker login --username ci --password-stdin registry.acme.dev",
    "Stripe event evt_0123456789abcdef0123 was delivered twice.",
    "customer cus_NffrFeUfNV2Hib and payment intent pi_3MtwBwLkdIwHu7ix28a3tqPa",
    "verify the signature with the whsec_ secret from the dashboard",
    "Twilio sends the SMS through the messaging service; the SID is in config.",
    "the token was [REDACTED:github_token] in the log, which is what we want",
    "DB at postgres://[REDACTED:url_credentials]@db.internal:5432/app",
    # code that handles secrets without containing one
    "token_count = 42",
    "api_key: str",
    "password=None",
    'password=os.environ["PW"]',
    "secret=get_secret()",
    "def login(username: str, password: str) -> bool:",
    "def connect(host: str, password: str | None = None) -> Connection:",
    "password: Optional[str] = None",
    'if not api_key: raise ValueError("api_key is required")',
    "max_tokens=4096",
    "max_new_tokens = 512",
    'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
    'SECRET_KEY = env("DJANGO_SECRET_KEY")',
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    "client_secret=settings.OAUTH_CLIENT_SECRET",
    'token = request.headers.get("X-Token")',
    "password = getpass.getpass()",
    "if password == confirm_password:",
    "user.set_password(password)",
    'assert "password" not in response.text',
    "PASSWORD_MIN_LENGTH = 12",
    '"password": {"type": "string", "minLength": 12},',
    "token = jwt.encode(payload, key, algorithm=\"HS256\")",
    'api_key = os.getenv("OPENAI_API_KEY")',
    "secret = secrets.token_hex(32)",
    'API_KEY_HEADER = "X-API-Key"',
    "api_key_env: OPENAI_API_KEY",
    "self.token = token",
    "token = Token(kind=TokenKind.IDENT, value=text)",
    'const token = localStorage.getItem("token");',
    'headers["Authorization"] = "Token " + api_token',
    'headers = {"Authorization": f"Bearer {token}"}',
    "reset_password(user, token=reset_token)",
    "token: 1500",
    '"token_count": 1532,',
    "max_token_length: 512",
    "min_password_length = 12",
    "pass_rate: 0.97",
    "bypass=true",
    "--pass-through mode forwards stdin",
    "secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>",
    'access_token_url = "https://github.com/login/oauth/access_token"',
    "private_key_path: ~/.ssh/id_ed25519",
    "private_key: ~/.ssh/id_ed25519",
    "password_file=/run/secrets/db_password",
    "secret: /run/secrets/api",
    "token = tokens[0]",
    "api_key = keys.get_api_key2()",
    'password = f"{prefix}{suffix}"',
    "password=$(cat /run/secrets/db)",
    "export GITHUB_TOKEN=$(gh auth token)",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "password: ${{ secrets.DB_PASSWORD }}",
    "token: \"{{ .Values.token }}\"",
    "csrf_token: {{ csrf_token() }}",
    "password: !vault |",
    "db_password: !secret db_password",
    "password = %(db_password)s",
    "cursor.execute('UPDATE users SET password = :password WHERE id = :id')",
    "token_type: \"Bearer\"",
    "secretName: api-tls",
    "kind: Secret",
    "  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    "- name: DB_PASSWORD",
    "primary_key: id",
    "partition_key: user_id",
    "sort_key = created_at",
    # placeholders
    "OPENAI_API_KEY=<your-api-key>",
    "API_KEY=${API_KEY}",
    "token: <your-token>",
    "password: changeme",
    "password: xxx",
    "password: ********",
    "SECRET_KEY=replace-me",
    "GITHUB_TOKEN=ghp_your_token_here",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "STRIPE_SECRET_KEY=sk_test_...",
    "OPENAI_API_KEY=sk-...",
    'client_secret: "REPLACE_ME"',
    'SECRET_KEY: "django-insecure-placeholder"',
    'token="dummy-token-for-tests"',
    'api_key="test"',
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX",
    "Authorization: Bearer <token>",
    'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user',
    "Authorization: Bearer ${ACCESS_TOKEN}",
    'curl -u "$NEXUS_USER:$NEXUS_PASS" https://nexus.acme.dev/',
    "postgres://user:password@localhost/dev",
    "postgres://postgres:${POSTGRES_PASSWORD}@db:5432/app",
    "mysql://root:<password>@127.0.0.1/app",
    "Password=${DB_PASS};",
    "AccountKey is read from Key Vault at startup",
    # ids, hashes, digests
    "HEAD is now at a1b2c3d fix token refresh",
    "git revert 9fceb02 --no-edit",
    "cherry-picked e83c5163316f89bfbde7d9ab23ca2e25604af290 onto release/2.3",
    "Merge pull request #412 from acme/sk-fix-the-webhook-signature-regression",
    "branch feature/sk-proj-settings-page",
    "branch sk-proj-migrate-billing-tokens-to-new-schema",
    "glpat-rotation-runbook-for-ops-team is the wiki page",
    "sha256sum: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt",
    "md5 d41d8cd98f00b204e9800998ecf8427e",
    "golang.org/x/net v0.17.0 h1:pVaXccu2ozPjCXewfr1S7xza/zcXTity9cCdXQYSjIM=",
    'checksum = "b9e6f2c2d8c1e9a0f1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcdef01"',
    "ghcr.io/acme/api@sha256:6f1c2b9a0d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f90",
    "request id 7c9e6679-7425-40de-944b-e07fc1f90ae7 timed out after 30s",
    "trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span_id=00f067aa0ba902b7",
    "arn:aws:iam::123456789012:role/deploy",
    "user AIDAJQABLZS4A3QDU576Q assumed role AROA3XFRBF535PLBIFPI4",
    "instance i-0abcd1234efgh5678 in sg-0a1b2c3d4e5f67890 (vpc-0123456789abcdef0)",
    "Discord user 123456789012345678 joined",
    "chat_id=-1001234567890",
    "Processed 1234567890 rows in 12:34",
    "listening on 0.0.0.0:8080 and [fe80::1ff:fe23:4567:890a]:8443",
    "2024-03-01T12:34:56.789Z INFO server started pid=4242",
    "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p is the recipient",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq6vBq2yXzP8ex4L3vMsT7f9cZ8l0cH0C3qR1x2YzUu alice@laptop",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEq2Zp0xNwq1cB6sYb8s9Cw3Kk1Xg4\n"
    "R9yH3Wm2pQ5tV7uZ1aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aA==\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ7... (truncated)\n-----END CERTIFICATE-----",
    "SGVsbG8sIFdvcmxkIQ== is just 'Hello, World!'",
    'the cookie value eyJmb28iOiJiYXIifQ== decodes to {"foo":"bar"}',
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "node id MDQ6VXNlcjU4MzIzMQ== from the GraphQL API",
    "https://acme.slack.com/archives/C024BE91L/p1700000000123456",
    "https://discord.gg/acme-dev",
    "https://github.com/acme/api/compare/main...sk-fix-token-refresh",
    "postgres://db.internal:5432/app",
    "postgres://app@db.internal/app",
    "http://localhost:8080/login?next=/admin&password_reset=1",
    "git@github.com:acme/kenning.git",
    "ssh://git@gitlab.acme.dev:2222/platform/infra.git",
    "mail alice@acme.dev about the rotation",
    "npm_config_registry=https://registry.npmjs.org/",
    "hf_hub_download(repo_id=\"gpt2\", filename=\"config.json\")",
    "region us-east-1, bucket acme-logs-us-east-1",
    "key-value store migration is done",
    "Server=db;Database=app;Trusted_Connection=True;",
    "git push -u origin main",
    "docker run -u 1000:1000 --rm alpine id",
    "ssh -i ~/.ssh/id_ed25519 deploy@10.0.0.5",
    "ssh-keygen -t ed25519 -C \"ci@acme.dev\"",
    "@acme/ui@1.4.2 depends on react@18.2.0",
    # shapes met while scanning real packages' docs and code for false positives
    '"NextToken": "eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ=="',
    '"ARN": "arn:aws:secretsmanager:us-west-2:123456789012:secret:MyTestSecret-a1b2c3",',
    "aws wafv2 delete-ip-set --lock-token 0bc01e21-03c9-4b98-9433-6229cbf1ef1c",
    '"IdempotencyToken": "527c5358-2a1a-4b9e-b1b9-7293b0ddff42",',
    '"nextForwardToken": "f/31961209122447488583055879464742346735121166569214640130",',
    '"input_token": "next_marker",',
    '<assemblyIdentity name="Microsoft.VC90.CRT" publicKeyToken="1fc8b3b9a1e18e3b"/>',
    "def sign(data: bytes, private_key: Ed25519PrivateKey) -> bytes:",
    "while not current_token == 'rbracket' and index < 3:",
    '"IAMUserChangePassword": "arn:aws:iam::aws:policy/IAMUserChangePassword",',
    'NOPASSWORD = "no-password-required"',
    "The contents before the \"-----BEGIN RSA PRIVATE KEY-----\" line are ignored.",
    "remaining in their original positions--pass `strict=False`. To keep them",
    "  PWD: '/Users/maciej',",
    '"lastModifiedSecret": 1556312220.133,',
    "  passphrase: 'sample',",
    "mkdir -p build && mysql -p shop < schema.sql",
    "session = requests.Session()",
    "session_timeout: 3600",
    "machine github.com login octocat",
]

# Generated look-alikes: hashes, digests and ids in the shapes tools print them.
_COMMIT_MESSAGES = ("fix token refresh race", "rotate webhook secret handling", "password reset copy",
                    "bump api client", "add bearer auth middleware", "drop basic auth", "retry on 401")
for i in range(14):
    sha = _fake.hex(40)
    BENIGN.append(_rng.choice((f"{sha} {_COMMIT_MESSAGES[i % 7]}",
                               f"commit {sha}\nAuthor: Dev <dev@acme.dev>",
                               f"Reverted {sha[:7]} ({_COMMIT_MESSAGES[i % 7]})",
                               f"git bisect: {sha} is the first bad commit")))
for _ in range(10):
    BENIGN.append(f"docker pull ghcr.io/acme/api@sha256:{_fake.hex(64)}")
for _ in range(10):
    BENIGN.append(f'"integrity": "sha512-{_fake.b64(64)}",')
for _ in range(5):
    BENIGN.append(f"--hash=sha256:{_fake.hex(64)}")
for _ in range(6):
    BENIGN.append(f"example.com/mod v1.{_rng.randint(0, 20)}.0 h1:{_fake.b64(32)}")
for _ in range(8):
    u = _fake.hex(32)
    BENIGN.append(f"job {u[:8]}-{u[8:12]}-4{u[13:16]}-a{u[17:20]}-{u[20:]} finished")
for _ in range(5):
    BENIGN.append(f"sentry event {_fake.hex(32)} grouped under issue ACME-{_rng.randint(100, 999)}")
for _ in range(4):
    BENIGN.append(f"evt_{_fake.hex(20)} appended by ken note")


# === kinds added with the hard corpus (issue 11 item 12) =========================================
# Appended after everything else so that the values above stay as they were.


def _four(make: object) -> list[str]:
    assert callable(make)
    return [make() for _ in range(4)]


_provider("openrouter_api_key", "OPENROUTER_API_KEY", _four(lambda: f"sk-or-v1-{_fake.hex(64)}"))
_provider("langfuse_secret_key", "LANGFUSE_SECRET_KEY",
          _four(lambda: f"sk-lf-{_fake.hex(8)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(12)}"))
_provider("xai_api_key", "XAI_API_KEY", _four(lambda: f"xai-{_fake.alnum_mixed(80)}"))
_provider("perplexity_api_key", "PERPLEXITY_API_KEY", _four(lambda: f"pplx-{_fake.alnum_mixed(48)}"))
_provider("groq_api_key", "GROQ_API_KEY", _four(lambda: f"gsk_{_fake.alnum_mixed(52)}"))
_provider("replicate_token", "REPLICATE_API_TOKEN", _four(lambda: f"r8_{_fake.alnum_mixed(37)}"))
_provider("cerebras_api_key", "CEREBRAS_API_KEY", _four(lambda: f"csk-{_fake.lower_alnum(48)}"))
_provider("langsmith_api_key", "LANGSMITH_API_KEY", _four(lambda: f"lsv2_pt_{_fake.hex(32)}_{_fake.hex(10)}"))
_provider("pinecone_api_key", "PINECONE_API_KEY", _four(lambda: f"pcsk_{_fake.alnum_mixed(6)}_{_fake.alnum_mixed(60)}"))
_provider("nvidia_api_key", "NVIDIA_API_KEY", _four(lambda: f"nvapi-{_fake.urlsafe(64)}"))
_provider("elevenlabs_api_key", "ELEVENLABS_API_KEY", _four(lambda: f"sk_{_fake.hex(48)}"))
_provider("bitbucket_app_password", "BITBUCKET_APP_PASSWORD", _four(lambda: f"ATBB{_fake.alnum_mixed(32)}"))
_provider("rubygems_token", "GEM_HOST_API_KEY", _four(lambda: f"rubygems_{_fake.hex(48)}"))
_provider("clojars_token", "CLOJARS_PASSWORD", _four(lambda: f"CLOJARS_{_fake.lower_alnum(60)}"))
_provider("artifactory_token", "ARTIFACTORY_API_KEY", _four(lambda: f"AKCp{_fake.alnum_mixed(69)}"))
_provider("circleci_token", "CIRCLE_TOKEN", _four(lambda: f"CCIPAT_{_fake.alnum_mixed(22)}_{_fake.hex(40)}"))
_provider("buildkite_token", "BUILDKITE_API_TOKEN", _four(lambda: f"bkua_{_fake.hex(40)}"))
_provider("sourcegraph_token", "SRC_ACCESS_TOKEN", _four(lambda: f"sgp_{_fake.hex(16)}_{_fake.hex(40)}"))
_provider("sonar_token", "SONAR_TOKEN", _four(lambda: f"squ_{_fake.hex(40)}"))
_provider("readme_api_key", "README_API_KEY", _four(lambda: f"rdme_{_fake.lower_alnum(70)}"))
_provider("octopus_api_key", "OCTOPUS_API_KEY", _four(lambda: f"API-{_fake.pick_letter_digit(UPPER + DIGITS, 26)}"))
_provider("harness_api_key", "HARNESS_API_KEY",
          _four(lambda: f"pat.{_fake.alnum_mixed(22)}.{_fake.alnum_mixed(24)}.{_fake.alnum_mixed(20)}"))
_provider("aws_bedrock_api_key", "AWS_BEARER_TOKEN_BEDROCK", _four(lambda: f"ABSK{_fake.alnum_mixed(130)}"))
_provider("alibaba_access_key", "ALIBABA_CLOUD_ACCESS_KEY_ID", _four(lambda: f"LTAI{_fake.alnum_mixed(20)}"))
_provider("azure_ad_client_secret", "AZURE_CLIENT_SECRET",
          _four(lambda: f"{_fake.alnum_mixed(3)}8Q~{_fake.urlsafe(34)}"))
_provider("databricks_token", "DATABRICKS_TOKEN", _four(lambda: f"dapi{_fake.hex(32)}"))
_provider("cloudflare_origin_ca_key", "CF_ORIGIN_CA_KEY", _four(lambda: f"v1.0-{_fake.hex(24)}-{_fake.hex(146)}"))
_provider("pulumi_token", "PULUMI_ACCESS_TOKEN", _four(lambda: f"pul-{_fake.hex(40)}"))
_provider("terraform_token", "TF_TOKEN_app_terraform_io",
          _four(lambda: f"{_fake.lower_alnum(14)}.atlasv1.{_fake.urlsafe(67)}"))
_provider("heroku_api_key", "HEROKU_API_KEY", _four(lambda: f"HRKU-AA{_fake.urlsafe(58)}"))
_provider("flyio_token", "FLY_API_TOKEN", _four(lambda: f"fo1_{_fake.urlsafe(43)}"))
_provider("netlify_token", "NETLIFY_AUTH_TOKEN", _four(lambda: f"nfp_{_fake.alnum_mixed(36)}"))
_provider("render_api_key", "RENDER_API_KEY", _four(lambda: f"rnd_{_fake.alnum_mixed(32)}"))
_provider("supabase_token", "SUPABASE_ACCESS_TOKEN", _four(lambda: f"sbp_{_fake.hex(40)}"))
_provider("neon_api_key", "NEON_API_KEY", _four(lambda: f"napi_{_fake.lower_alnum(64)}"))
_provider("planetscale_token", "PLANETSCALE_SERVICE_TOKEN", _four(lambda: f"pscale_tkn_{_fake.urlsafe(43)}"))
_provider("scalingo_token", "SCALINGO_API_TOKEN", _four(lambda: f"tk-us-{_fake.urlsafe(48)}"))
_provider("tailscale_key", "TS_AUTHKEY", _four(lambda: f"tskey-auth-{_fake.alnum_mixed(17)}-{_fake.alnum_mixed(33)}"))
_provider("openshift_token", "OPENSHIFT_TOKEN", _four(lambda: f"sha256~{_fake.urlsafe(43)}"))
_provider("clickhouse_secret", "CLICKHOUSE_KEY_SECRET", _four(lambda: f"4b1d{_fake.alnum_mixed(38)}"))
_provider("onepassword_token", "OP_SERVICE_ACCOUNT_TOKEN", _four(lambda: f"ops_eyJ{_fake.alnum_mixed(260)}"))
_provider("dynatrace_token", "DT_API_TOKEN",
          _four(lambda: f"dt0c01.{_fake.pick_letter_digit(UPPER + DIGITS, 24)}."
                        f"{_fake.pick_letter_digit(UPPER + DIGITS, 64)}"))
_provider("grafana_token", "GRAFANA_TOKEN",
          [f"glc_{_fake.alnum_mixed(80)}==", f"glsa_{_fake.alnum_mixed(32)}_{_fake.hex(8)}",
           f"glc_{_fake.alnum_mixed(120)}", f"glsa_{_fake.alnum_mixed(32)}_{_fake.hex(8)}"])
_provider("sentry_token", "SENTRY_AUTH_TOKEN", _four(lambda: f"sntryu_{_fake.hex(64)}"))
_provider("infracost_api_key", "INFRACOST_API_KEY", _four(lambda: f"ico-{_fake.alnum_mixed(32)}"))
_provider("prefect_api_key", "PREFECT_API_KEY", _four(lambda: f"pnu_{_fake.alnum_mixed(36)}"))
_provider("settlemint_token", "SETTLEMINT_TOKEN", _four(lambda: f"sm_pat_{_fake.alnum_mixed(16)}"))
_provider("brevo_api_key", "BREVO_API_KEY", _four(lambda: f"xkeysib-{_fake.hex(64)}-{_fake.alnum_mixed(16)}"))
_provider("resend_api_key", "RESEND_API_KEY", _four(lambda: f"re_{_fake.alnum_mixed(8)}_{_fake.alnum_mixed(24)}"))
_provider("postman_api_key", "POSTMAN_API_KEY", _four(lambda: f"PMAK-{_fake.hex(24)}-{_fake.hex(34)}"))
_provider("hubspot_token", "HUBSPOT_ACCESS_TOKEN",
          _four(lambda: f"pat-na1-{_fake.hex(8)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(12)}"))
_provider("figma_token", "FIGMA_TOKEN", _four(lambda: f"figd_{_fake.urlsafe(40)}"))
_provider("contentful_token", "CONTENTFUL_MANAGEMENT_TOKEN", _four(lambda: f"CFPAT-{_fake.urlsafe(43)}"))
_provider("typeform_token", "TYPEFORM_TOKEN", _four(lambda: f"tfp_{_fake.urlsafe(59)}"))
_provider("frameio_token", "FRAMEIO_TOKEN", _four(lambda: f"fio-u-{_fake.urlsafe(64)}"))
_provider("dropbox_token", "DROPBOX_TOKEN", _four(lambda: f"sl.{_fake.urlsafe(140)}"))
_provider("airtable_token", "AIRTABLE_TOKEN", _four(lambda: f"pat{_fake.alnum_mixed(14)}.{_fake.hex(64)}"))
_provider("posthog_personal_key", "POSTHOG_PERSONAL_API_KEY", _four(lambda: f"phx_{_fake.alnum_mixed(47)}"))
_provider("okta_token", "OKTA_API_TOKEN", _four(lambda: f"00{_fake.urlsafe(40)}"),
          ("OKTA_API_TOKEN={s}", "okta:\n  token: {s}", "okta_client.set_token('{s}')", "SSWS for Okta: {s}"))
_provider("facebook_token", "FB_ACCESS_TOKEN",
          [f"EAAC{_fake.alnum_mixed(120)}", f"EAAM{_fake.alnum_mixed(110)}",
           f"{_fake.pick(DIGITS, 16)}|{_fake.urlsafe(27)}", f"{_fake.pick(DIGITS, 15)}|{_fake.urlsafe(32)}"],
          ("facebook page token {s}", "FB_ACCESS_TOKEN={s}", "facebook app token: {s}", "fb_token = '{s}'"))
_provider("sidekiq_secret", "BUNDLE_ENTERPRISE__CONTRIBSYS__COM", _four(lambda: f"{_fake.hex(8)}:{_fake.hex(8)}"),
          ("BUNDLE_ENTERPRISE__CONTRIBSYS__COM={s}", "export BUNDLE_GEMS__CONTRIBSYS__COM=\"{s}\"",
           "BUNDLE_GEMS__CONTRIBSYS__COM: {s}", "bundle config: BUNDLE_ENTERPRISE__CONTRIBSYS__COM={s}"))
_provider("twitter_bearer_token", "TWITTER_BEARER_TOKEN", _four(lambda: "A" * 22 + _fake.alnum_mixed(90)))
_provider("mapbox_secret_token", "MAPBOX_SECRET_TOKEN",
          _four(lambda: f"sk.eyJ1IjoiYWNtZSIsImEiOiJ{_fake.alnum_mixed(30)}.{_fake.urlsafe(22)}"))
_provider("yandex_key", "YANDEX_API_KEY", _four(lambda: f"AQVN{_fake.urlsafe(36)}"))
_provider("intra42_secret", "INTRA42_SECRET", _four(lambda: f"s-s4t2ud-{_fake.hex(64)}"))
_provider("adobe_client_secret", "ADOBE_CLIENT_SECRET", _four(lambda: f"p8e-{_fake.alnum_mixed(32)}"))
_provider("maxmind_license_key", "MAXMIND_LICENSE_KEY",
          _four(lambda: f"{_fake.alnum_mixed(6)}_{_fake.alnum_mixed(29)}_mmk"))
_provider("braintree_token", "BRAINTREE_ACCESS_TOKEN",
          _four(lambda: f"access_token$production${_fake.lower_alnum(16)}${_fake.hex(32)}"))
_provider("easypost_api_key", "EASYPOST_API_KEY", _four(lambda: f"EZAK{_fake.alnum_mixed(54)}"))
_provider("shippo_token", "SHIPPO_API_TOKEN", _four(lambda: f"shippo_live_{_fake.hex(40)}"))
_provider("duffel_token", "DUFFEL_TOKEN", _four(lambda: f"duffel_live_{_fake.urlsafe(43)}"))

for template, value in (("seed admin with {v}", f"$2b$12${_fake.pick(CRYPT_B64, 53)}"),
                        ("root:{v}:19700:0:99999:7:::", f"$6${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 86)}"),
                        ("htpasswd line: ops:{v}", f"$apr1${_fake.pick(CRYPT_B64, 8)}${_fake.pick(CRYPT_B64, 22)}"),
                        ("hash = '{v}'",
                         f"$argon2id$v=19$m=65536,t=3,p=4${_fake.b64(16).rstrip('=')}${_fake.b64(32).rstrip('=')}"),
                        ("ALTER ROLE app PASSWORD '{v}';", f"md5{_fake.hex(32)}")):
    _add("password_hash", template.format(v=value), value)
for template, value in (("{u}?sv=2022-11-02&sp=r&se=2025-01-01T00:00:00Z&sig={v}", _fake.b64(32).replace("+", "%2B")),
                        ("{u}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240603T101500Z&X-Amz-Signature={v}",
                         _fake.hex(64)),
                        ("{u}?Expires=1719000000&Signature={v}&Key-Pair-Id=K2JCJMDEHXQW5F", _fake.urlsafe(200)),
                        ("{u}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature={v}", _fake.hex(256))):
    _add("signed_url", template.format(u="https://files.acme.dev/export.csv", v=value), value)
for url, value in (("https://acme.webhook.office.com/webhookb2/{a}@{b}/IncomingWebhook/{v}", None),
                   ("https://hooks.zapier.com/hooks/catch/1234567/{v}/", _fake.lower_alnum(7)),
                   ("MATTERMOST_URL=https://chat.acme.dev/hooks/{v}", _fake.lower_alnum(26)),
                   ("https://maker.ifttt.com/trigger/deploy/with/key/{v}", _fake.urlsafe(22))):
    if value is None:
        value = f"{_fake.hex(32)}/{_fake.hex(8)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(12)}"
    text = url.format(v=value, a=f"{_fake.hex(8)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(12)}",
                      b=f"{_fake.hex(8)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(4)}-{_fake.hex(12)}")
    _add("webhook_url", text, value)
for template in ("login for the staging box is admin / {p}", "creds: deploy / {p}",
                 "db creds are app_rw:{p} on db-2", "~/.pgpass:\ndb.internal:5432:app:app_user:{p}"):
    pw = _password()
    _add("credential_pair", template.format(p=pw), pw)
_WORDS12 = ("abandon", "ability", "absorb", "acoustic", "actress", "adjust", "afford", "agent", "alarm", "album",
            "almost", "anchor", "ankle", "apple", "arena", "armor", "arrow", "asset", "atom", "autumn")
for template in ("MNEMONIC=\"{m}\"", "seed phrase: {m}", "wallet:\n  mnemonic: '{m}'", "recovery_phrase = \"{m}\""):
    phrase = " ".join(_rng.choice(_WORDS12) for _ in range(_rng.choice((12, 24))))
    _add("mnemonic_phrase", template.format(m=phrase), phrase)

# --- issue 27 item 7: wallets and recovery codes (their own generator: earlier draws stay put) ------
_wallet = FakeSecrets(27_7)
for template in ("PRIVATE_KEY=0x{h}", "cast send --private-key 0x{h} $TO", "accounts: ['0x{h}']"):
    h = _wallet.hex_mixed(64)
    _add("wallet_key", template.format(h=h), h)
_keypair = json.dumps([_wallet.rng.randrange(256) for _ in range(64)])
_add("wallet_key", f"cat ~/.config/solana/id.json\n{_keypair}", _keypair[1:60])
_xprv = "xprv9s21ZrQH143K" + _wallet.pick("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 95)
_add("wallet_key", f"BIP32 root key: {_xprv}", _xprv)
for header, codes in (("github-recovery-codes.txt:\n", [f"{_wallet.hex(5)}-{_wallet.hex(5)}" for _ in range(16)]),
                      ("Backup codes:\n", [f"{_wallet.pick(DIGITS, 4)} {_wallet.pick(DIGITS, 4)}" for _ in range(10)]),
                      ("GitLab recovery codes: ", [_wallet.hex_mixed(16) for _ in range(10)]),
                      ("", [f"{_wallet.hex_mixed(5)}-{_wallet.hex_mixed(5)}" for _ in range(8)])):
    _add("recovery_codes", header + ("\n" if "\n" in header or not header else " ").join(codes), *codes)
