"""Hard benign look-alikes for redaction: text that must come back unchanged.

Companion of ``redaction_hard_corpus`` (same split rule: position ``i`` is held out when
``i % 4 == 3``). Written from what tools print and what code and prose say about secrets:
checksums next to file names, git shas, registry digests, lockfile integrity hashes, public
keys and certificates, publishable keys, committed ciphertext, placeholders, UUIDs, code that
names a secret without holding one, and form labels and prose in other languages.

Decided benign, and why:

* Committed ciphertext (SOPS ``ENC[AES256_GCM,...]``, ansible-vault, ``PGP MESSAGE``, age
  armour, ejson, Rails ``credentials.yml.enc``): encrypted to a key that is not in the text;
  committing it is the intended workflow. (An *encrypted private key* block is still a key
  file: its passphrase is often weak, and the other corpus counts it.)
* Public keys, certificates, signatures and fingerprints: published by design.
* Publishable keys (Stripe ``pk_``, PostHog ``phc_``, reCAPTCHA site keys, Mapbox ``pk.``):
  shipped to browsers by design.
* HMAC outputs in headers (``Stripe-Signature``, ``X-Hub-Signature-256``): a signature of one
  payload, not a reusable credential.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .fake_secrets import ALNUM, DIGITS, LOWER, UPPER, FakeSecrets


@dataclass(frozen=True)
class HardBenign:
    group: str
    text: str


_fake = FakeSecrets(4_118_903)

HARD_BENIGN: list[HardBenign] = []


def _add(group: str, *texts: str) -> None:
    HARD_BENIGN.extend(HardBenign(group, t) for t in texts)


# === checksums and digests =======================================================================

_FILES = ("kenning-0.3.0.tar.gz", "dist/app-1.4.2-linux-amd64.zip", "node-v20.11.1-darwin-arm64.tar.gz",
          "install.sh", "SHA256SUMS", "terraform_1.8.5_linux_amd64.zip")
for f in _FILES:
    _add("checksum", f"{_fake.hex(64)}  {f}")
_add("checksum",
     f"SHA256 ({_FILES[0]}) = {_fake.hex(64)}",
     f"sha256sum -c <<< \"{_fake.hex(64)}  {_FILES[5]}\"",
     f"md5sum backup.sql.gz\n{_fake.hex(32)}  backup.sql.gz",
     f"sha1sum: {_fake.hex(40)}  vendor/lib.jar",
     f"FROM python:3.12-slim@sha256:{_fake.hex(64)}",
     f"\"digest\": \"sha256:{_fake.hex(64)}\", \"mediaType\": \"application/vnd.oci.image.manifest.v1+json\"",
     f"Digest: sha256:{_fake.hex(64)}\nStatus: Downloaded newer image for ghcr.io/acme/api:1.9",
     f"\"integrity\": \"sha512-{_fake.b64(64)}\",",
     f"  integrity sha512-{_fake.b64(64)}",
     f"\"integrity\": \"sha1-{_fake.b64(20)}\"",
     f"<script src=\"https://cdn.acme.dev/app.js\" integrity=\"sha384-{_fake.b64(48)}\" crossorigin=\"anonymous\">",
     f"github.com/stretchr/testify v1.9.0 h1:{_fake.b64(32)}",
     f"checksum = \"{_fake.hex(64)}\"",
     f"requests==2.32.3 --hash=sha256:{_fake.hex(64)} --hash=sha256:{_fake.hex(64)}",
     f"\"shasum\": \"{_fake.hex(40)}\", \"tarball\": \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz\"",
     f"\"sha256\": \"{_fake.hex(64)}\", \"md5\": \"{_fake.hex(32)}\", \"blake2b_256\": \"{_fake.hex(64)}\"",
     f"<sha1>{_fake.hex(40)}</sha1>",
     f"hash = \"sha256-{_fake.b64(32)}\";",
     f"  hashes = [\n    \"h1:{_fake.b64(32)}\",\n    \"zh:{_fake.hex(64)}\",\n  ]",
     f"ADD --checksum=sha256:{_fake.hex(64)} https://example.org/tool.tgz /opt/",
     f"  sha256 \"{_fake.hex(64)}\"",
     f"http_archive(name = \"rules_go\", sha256 = \"{_fake.hex(64)}\", urls = [URL])",
     f"ETag: \"{_fake.hex(32)}\"",
     f"Content-MD5: {_fake.b64(16)}",
     f"assert hashlib.sha256(b\"abc\").hexdigest() == \"{_fake.hex(64)}\"",
     f"Cache restored from key: Linux-node-{_fake.hex(64)}",
     f"x-amz-checksum-sha256: {_fake.b64(32)}")

# === git =========================================================================================

_MSGS = ("fix token refresh race", "rotate webhook secret handling", "add password reset email",
         "bump auth client to 2.3", "drop basic auth from admin", "store api key hash only")
for m in _MSGS:
    _add("git", f"{_fake.hex(7)} {m}")
_add("git",
     f"commit {_fake.hex(40)}\nMerge: {_fake.hex(7)} {_fake.hex(7)}\nAuthor: Dev <dev@acme.dev>\n\n    {_MSGS[0]}",
     f"Fixes: {_fake.hex(12)} (\"{_MSGS[1]}\")",
     f"tree {_fake.hex(40)}\nparent {_fake.hex(40)}\nauthor Dev <dev@acme.dev> 1717400000 +0200",
     f"diff --git a/auth.py b/auth.py\nindex {_fake.hex(7)}..{_fake.hex(7)} 100644",
     f"Change-Id: I{_fake.hex(40)}",
     f"git bisect: {_fake.hex(40)} is the first bad commit ({_MSGS[3]})",
     f"HEAD is now at {_fake.hex(7)} {_MSGS[4]}",
     f"Reverted {_fake.hex(40)}: the token cache change broke logins",
     f"pull request #812 merged as {_fake.hex(40)}",
     f"  {_fake.hex(7)}..{_fake.hex(7)}  main -> main",
     f"To github.com:acme/api.git\n + {_fake.hex(7)}...{_fake.hex(7)} "
     "secret-rotation -> secret-rotation (forced update)",
     f"git cherry-pick {_fake.hex(40)} # password policy fix")

# === public keys, certificates, signatures =======================================================


def _pem(label: str, nbytes: int) -> str:
    flat = _fake.b64(nbytes)
    body = "\n".join(flat[i:i + 64] for i in range(0, len(flat), 64))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


_add("public_key",
     f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{_fake.b64(380)} alice@laptop",
     f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_fake.b64(32)} ci@acme.dev",
     f"ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{_fake.b64(64)}",
     f"github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_fake.b64(32)}",
     f"command=\"/usr/bin/backup\",no-pty ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{_fake.b64(256)} backup@nas",
     _pem("PUBLIC KEY", 294),
     "tls.crt:\n" + _pem("CERTIFICATE", 900),
     _pem("RSA PUBLIC KEY", 270),
     _pem("CERTIFICATE REQUEST", 700),
     "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + _pem("X", 600).split("\n", 1)[1].rsplit("\n", 1)[0]
     + "\n=Ab1c\n-----END PGP PUBLIC KEY BLOCK-----",
     "-----BEGIN PGP SIGNATURE-----\n\n" + _pem("X", 300).split("\n", 1)[1].rsplit("\n", 1)[0]
     + "\n=Zq9x\n-----END PGP SIGNATURE-----",
     "-----BEGIN SSH SIGNATURE-----\n" + _pem("X", 240).split("\n", 1)[1].rsplit("\n", 1)[0]
     + "\n-----END SSH SIGNATURE-----",
     f"age recipient: age1{_fake.pick('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}",
     f"[Peer]\nPublicKey = {_fake.b64(32)}\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.dev:51820",
     json.dumps({"kty": "RSA", "e": "AQAB", "use": "sig", "kid": _fake.hex(16), "n": _fake.b64(256).rstrip("=")}),
     f"untrusted comment: minisign public key {_fake.hex(16).upper()}\nRWQ{_fake.b64(39)}",
     f"gpg: key {_fake.hex(16).upper()}: public key \"Release Signing <release@acme.dev>\" imported",
     f"The key fingerprint is:\nSHA256:{_fake.b64(32).rstrip('=')} deploy@ci",
     f"SHA256 Fingerprint={':'.join(_fake.hex(2).upper() for _ in range(32))}",
     f"default._domainkey TXT \"v=DKIM1; k=rsa; p={_fake.b64(270)}\"",
     f"\"public_key\": \"{_fake.b64(32)}\"",
     f"publicKey: '{_fake.b64(65)}'",
     "X-Hub-Signature-256: sha256=" + _fake.hex(64),
     f"Stripe-Signature: t=1492774577,v1={_fake.hex(64)},v0={_fake.hex(64)}",
     f"Content-Security-Policy: script-src 'self' 'nonce-{_fake.b64(16)}'")

# === publishable keys ============================================================================

_add("publishable",
     f"const stripe = Stripe('pk_live_{_fake.alnum(99)}');",
     f"STRIPE_PUBLISHABLE_KEY=pk_test_{_fake.alnum(99)}",
     f"NEXT_PUBLIC_STRIPE_KEY=pk_live_{_fake.alnum(24)}",
     f"publishableKey: \"pk_test_{_fake.alnum(24)}\"",
     f"posthog.init('phc_{_fake.alnum(43)}', {{ api_host: 'https://eu.posthog.com' }})",
     f"<div class=\"g-recaptcha\" data-sitekey=\"6Lc{_fake.pick(ALNUM + '-_', 37)}\"></div>",
     "gtag('config', 'G-" + _fake.pick(UPPER + DIGITS, 10) + "');",
     f"mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJ{_fake.alnum(30)}.{_fake.alnum(22)}';")

# === committed ciphertext ========================================================================


def _sops(value_len: int) -> str:
    return (f"ENC[AES256_GCM,data:{_fake.b64(value_len)},iv:{_fake.b64(32)},tag:{_fake.b64(16)},type:str]")


_add("ciphertext",
     f"db:\n    password: {_sops(18)}\n    user: {_sops(6)}",
     f"api_key: {_sops(40)}",
     f"sops:\n    mac: {_sops(32)}\n    lastmodified: \"2024-06-03T10:00:00Z\"",
     f'{{"password": "{_sops(20)}", "sops": {{"version": "3.8.1"}}}}',
     "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_fake.hex(80) for _ in range(6)),
     "db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(
         "          " + _fake.hex(80) for _ in range(5)),
     "-----BEGIN PGP MESSAGE-----\n\n" + _pem("X", 400).split("\n", 1)[1].rsplit("\n", 1)[0]
     + "\n=Q2xa\n-----END PGP MESSAGE-----",
     "-----BEGIN AGE ENCRYPTED FILE-----\n" + _pem("X", 200).split("\n", 1)[1].rsplit("\n", 1)[0]
     + "\n-----END AGE ENCRYPTED FILE-----",
     f'"database_password": "EJ[1:{_fake.b64(32)}:{_fake.b64(24)}:{_fake.b64(30)}]"',
     f"config/credentials.yml.enc: {_fake.b64(300)}--{_fake.b64(12)}--{_fake.b64(16)}")

# === placeholders ================================================================================

_add("placeholder",
     "OPENAI_API_KEY=YOUR_API_KEY", "api_key: YOUR_API_KEY_HERE", "token: <token>", "Authorization: Bearer <token>",
     "password: xxxx", "SECRET_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "API_TOKEN=${SECRET}",
     'password = "${DB_PASSWORD}"', "password: changeme", "STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
     "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", "aws_secret_access_key = <your-secret-key>",
     "DATABASE_URL=postgres://user:password@localhost:5432/mydb", "mysql://root:<password>@localhost/db",
     "REDIS_URL=redis://:${REDIS_PASSWORD}@redis:6379/0", "token=example", "api_key=\"example-key\"",
     "password: '<your-password>'", "client_secret: {{ client_secret }}", "password: \"{{ .Values.db.password }}\"",
     "SMTP_PASSWORD=%SMTP_PASSWORD%", "password=$PGPASSWORD", "Password=<insert password here>;",
     "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXX/YYY/ZZZ", "token: dummy",
     "api_key = 'REPLACE_WITH_YOUR_KEY'", "secret: '********'", "password: ••••••••",
     "export ANTHROPIC_API_KEY=sk-ant-...", "HF_TOKEN=hf_...", "pypi token: pypi-XXXXXXXX",
     "curl -u admin:admin http://localhost:8080/api", "password: test", 'TOKEN = "TODO"')

# === UUIDs and ids in ordinary places ============================================================

_add("uuid",
     f"request {_fake.uuid()} timed out after 30s", f"az account set --subscription {_fake.uuid()}",
     f'"tenantId": "{_fake.uuid()}", "clientId": "{_fake.uuid()}"', f"uid: {_fake.uuid()}\nresourceVersion: \"48213\"",
     f"X-GitHub-Delivery: {_fake.uuid()}", f"correlation_id={_fake.uuid()} level=error msg=\"db timeout\"",
     f"INSERT INTO orders (id, customer_id) VALUES ('{_fake.uuid()}', '{_fake.uuid()}');",
     f"trace_id={_fake.hex(32)} span_id={_fake.hex(16)}", f"sentry event {_fake.hex(32)} (issue ACME-123)",
     f"\"_id\": ObjectId(\"{_fake.hex(24)}\")", f"docker ps: {_fake.hex(12)}   acme/api:1.9   \"python -m api\"",
     f"container {_fake.hex(64)} exited with code 137", f"ami-0{_fake.hex(16)} in sg-0{_fake.hex(16)}",
     "client_id=1234567890-" + _fake.pick(LOWER + DIGITS, 32) + ".apps.googleusercontent.com",
     f"pod api-7d9f8b6c5-{_fake.pick(LOWER + DIGITS, 5)} restarted 3 times",
     f"build {_fake.hex(32)} passed in 4m12s", f"x-request-id: {_fake.hex(32)}",
     f"Idempotency-Key: {_fake.uuid()}", f"nonce={_fake.hex(32)}", f"video id {_fake.alnum(11)} uploaded")

# === code that names a secret without holding one ================================================

_add("code",
     'password = os.environ["PW"]', "token: str", "api_key=None", "def login(user: str, password: str) -> Token:",
     "password: Optional[str] = None", "const token = process.env.API_TOKEN;", 'API_KEY = ENV.fetch("API_KEY")',
     'String password = System.getenv("DB_PASSWORD");', '@Value("${db.password}") private String password;',
     "private String password;", "password: string;", "interface Creds { token: string; secret?: string }",
     'password = ""', "password=''", "secret = None  # filled in by the vault agent", "if token is None:",
     "token = generate_token(user_id, ttl=3600)", "api_key = settings.STRIPE_API_KEY",
     "secret = base64.b64decode(os.environ['SECRET_B64'])", "password_hash = argon2.hash(password)",
     "return check_password_hash(user.password, password)", "hashed = bcrypt.hashpw(password, bcrypt.gensalt(12))",
     "access_token = resp.json()[\"access_token\"]", "auth = HTTPBasicAuth(user, password)",
     "cursor.execute(\"SELECT id FROM users WHERE token = %s\", (token,))",
     "valueFrom:\n  secretKeyRef:\n    name: db\n    key: password", "password: !ENV ${DB_PASSWORD}",
     "password_file: /run/secrets/db_password", "token_file=~/.config/acme/token",
     "echo \"$DOCKER_PASSWORD\" | docker login -u ci --password-stdin", "psql -h db -p 5432 -U app",
     "ssh -p 2222 deploy@bastion", "passwd -l root", "ALTER USER app WITH PASSWORD :'new_password';",
     "secret = vault.read('secret/data/db')['data']['password']", "token_url = f\"{base}/oauth/token\"",
     "with open(key_path) as fh: private_key = fh.read()", "api_key: ${{ secrets.OPENAI_API_KEY }}",
     "{{- $password := .Values.password | default (randAlphaNum 24) }}", "key_id = kms.describe_key(alias)",
     "max_tokens: 4096", "password_min_length: 12", "token_ttl_seconds: 3600", "auth: required",
     "SECRET_KEY_FALLBACKS = []", 'AUTH_HEADER = "Authorization"', "session_cookie_secure: true",
     "root:x:0:0:root:/root:/bin/bash", "daemon:*:19000:0:99999:7:::", "nobody:!:19000::::::",
     "postgres:x:999:999::/var/lib/postgresql:/bin/bash",
     "api_key_id: \"k-123\"", "CREATE TABLE users (id uuid, password_hash text NOT NULL);",
     "$table->string('password');", "user.password = make_password(form.cleaned_data['password'])")

# === prose, English and other languages ==========================================================

_add("prose",
     "the password is required", "Password is stored hashed with argon2id.", "the token is valid for 3600 seconds",
     "the secret key must be 32 bytes", "Rotate the API key monthly and keep it in 1Password.",
     "auth token refresh failed with 401 after the deploy", "we switched from basic auth to OIDC",
     "key: value pairs are parsed by the config loader", "token: the lexer emits one per identifier",
     "login / logout buttons are swapped on mobile", "read / write access is granted per team",
     "input / output buffers are 64 KiB", "user / group ownership is wrong on /var/lib/app",
     "password reset emails go out twice", "The password manager locked us out again.",
     "admin / staff / guest roles map to scopes", "credentials are in the vault under prod/db",
     "the auth header is missing on redirects", "secret scanning flagged a false positive in the fixtures",
     "Passwort vergessen? Klicken Sie hier.", "Bitte geben Sie Ihr Passwort ein.",
     "Das Passwort muss mindestens 12 Zeichen lang sein.", "Passwort: siehe Vault", "Passwort: falsch",
     "Mot de passe oublié ?", "Votre mot de passe doit contenir 12 caractères.", "mot de passe : obligatoire",
     "¿Olvidaste tu contraseña?", "La contraseña debe tener al menos 8 caracteres.", "contraseña: requerida",
     "Esqueceu sua senha?", "A senha deve ter pelo menos 8 caracteres.", "Wachtwoord vergeten?",
     "Het wachtwoord is onjuist.", "Забыли пароль?", "Пароль должен содержать не менее 8 символов.",
     "пароль: обязательно", "忘记密码？", "密码长度至少为8位", "密码：必填", "パスワードを忘れた場合",
     "パスワードは8文字以上である必要があります", "パスワード：必須", "비밀번호를 잊으셨나요?",
     "Nie pamiętasz hasła?", "la password è troppo corta", "Şifrenizi mi unuttunuz?",
     '{"password": "Passwort", "username": "Benutzername"}', '"password": "Contraseña",',
     '"password": "Пароль",', '"password_hint": "Mindestens 12 Zeichen"', 'password: "密码"',
     "mot de passe: voir le coffre-fort", "senha: ver o cofre")

# === config and logs that only look risky ========================================================

_add("config",
     "session_timeout: 3600", "token_endpoint: https://auth.acme.dev/oauth2/token",
     "jwks_uri: https://auth.acme.dev/.well-known/jwks.json", "auth_method: client_secret_basic",
     "password_policy:\n  min_length: 12\n  require_digit: true", "secret_name: prod/db/credentials",
     "key_vault_name: acme-kv-prod", "kms_key_id: alias/acme-prod", "signing_alg: RS256",
     "keyring: /etc/apt/keyrings/docker.gpg", "ssh_key_path: ~/.ssh/id_ed25519",
     "tls:\n  secretName: api-tls\n  hosts: [api.acme.dev]", "postgres://db.internal:5432/app",
     "https://docs.acme.dev/guide?page=2&sort=desc", "https://acme.slack.com/archives/C024BE91L/p1700000000123456",
     "https://github.com/acme/api/pull/812/files?diff=split", "http://localhost:3000/login?next=/settings",
     "https://app.acme.dev/reset?email=a%40acme.dev", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
     "https://maps.acme.dev/tiles/{z}/{x}/{y}.png?style=dark", "mongodb://mongo-0.mongo:27017/app?replicaSet=rs0",
     "redis://redis:6379/0", "amqp://rabbitmq:5672/", "jdbc:postgresql://db:5432/app?ssl=true",
     "Server=sql01;Database=erp;Trusted_Connection=True;", "s3://acme-backups/2024/06/03/db.sql.gz",
     "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbC123",
     "2024-06-03T10:15:00Z INFO token refreshed for user=42 expires_in=3599",
     "2024-06-03T10:15:01Z WARN auth failed for user=bob reason=bad_password attempts=3",
     "GET /api/v1/users?page=3&per_page=50 200 12ms", "Listening on 0.0.0.0:8080",
     "tokens used: 1532 prompt + 204 completion", "rate limit: 5000 requests/hour, 4821 remaining",
     "Successfully tagged acme/api:1.9.0", "npm notice Publishing to https://registry.npmjs.org/ with tag latest",
     "AccountName=acmelogs is the storage account", "SharedAccessKeyName=send is the policy name",
     "sig: see the Stripe dashboard for webhook signing", "Basic plan costs $10/month",
     "the Bearer scheme is case-insensitive", "dapi is the prefix of Databricks tokens",
     "pul- prefixed tokens are Pulumi access tokens", "xai- keys come from console.x.ai")
