"""One case per miss that issue 11 item 12 names, each of which the scrubber before that issue let
through, and one per named look-alike that must stay unchanged.

Values come from a seeded ``random.Random`` (``fake_secrets.FakeSecrets``; no literal provider
token is written down), so ``MISSED`` is a list of ``(name, text, secrets)``: ``secrets`` must not
survive redaction.
"""

from __future__ import annotations

import base64

from .fake_secrets import ALNUM, CRYPT_B64, DIGITS, UPPER, FakeSecrets

_fake = FakeSecrets(11_12)

MISSED: list[tuple[str, str, tuple[str, ...]]] = []


def _case(name: str, template: str, **values: str) -> None:
    """Every keyword value is a secret, except ``public_*`` ones (ids and public key lines)."""
    secrets = tuple(v for k, v in values.items() if not k.startswith("public_"))
    MISSED.append((name, template.format(**values), secrets))


# --- the named misses --------------------------------------------------------------------
_case("postman", "Postman monitor broke after I regenerated it: {t}",
      t=f"PMAK-{_fake.hex_mixed(24)}-{_fake.hex_mixed(34)}")
_case("xai", "grok call failed with 401 using {t}", t=f"xai-{_fake.alnum_mixed(80)}")
_case("pulumi", "Pulumi says {t} belongs to the old org", t=f"pul-{_fake.hex_mixed(40)}")
_case("perplexity", "the sonar model works, key {t} has 50 req/min", t=f"pplx-{_fake.alnum_mixed(48)}")
_case("cloudflare_api_token", "wrangler failed: Authentication error. CF token was {t}", t=_fake.alnum_mixed(40, "-_"))
_case("cloudflare_global_key", "CLOUDFLARE_GLOBAL_KEY={t}", t=_fake.hex_mixed(37))
_case("cloudflare_origin_ca", "origin CA key: {t}", t=f"v1.0-{_fake.hex_mixed(24)}-{_fake.hex_mixed(146)}")
_case("databricks", "spark job auth failed for {t} (expired PAT)", t=f"dapi{_fake.hex_mixed(32)}-2")
_case("mailgun_private_key", "Mailgun webhook signing key {t} rotated",
      t=f"{_fake.hex_mixed(32)}-{_fake.hex_mixed(8)}-{_fake.hex_mixed(8)}")
_case("twilio_api_key", "created API key {t} for the SMS worker", t=f"SK{_fake.hex_mixed(32)}")
_case("twilio_auth_token", "Twilio auth token {t} was in the crash report", t=_fake.hex_mixed(32))
_case("azure_sas_url", "the export link https://acme.blob.core.windows.net/x/a.csv?sv=2022-11-02&sp=rl"
      "&se=2025-01-01T00:00:00Z&sig={s} expires next year", s=_fake.b64(32).replace("+", "%2B").replace("/", "%2F"))
_case("azure_shared_access_signature", "SharedAccessSignature sr=https%3a%2f%2facme.servicebus.windows.net"
      "&sig={s}&se=1719000000&skn=RootManageSharedAccessKey", s=_fake.b64(32).replace("/", "%2F"))
_case("azure_account_key", "AZURE_STORAGE_KEY={k}", k=_fake.b64(64))
_case("hex_after_token_word", "the auth token is {t}", t=_fake.hex_mixed(32))
_case("hex_after_key_word", "API key: {t}", t=_fake.hex_mixed(32))
_case("hex_after_auth_word", "auth={t}", t=_fake.hex_mixed(32))
_case("aws_secret_beside_key_id", "new IAM user keys: {i} / {s}", i="AKIA" + _fake.pick(UPPER + "234567", 16),
      s=_fake.alnum_mixed(38, "+/") + "/" + _fake.pick(ALNUM, 1))
_case("aws_configure_output", "AWS Access Key ID [None]: {i}\nAWS Secret Access Key [None]: {s}",
      i="AKIA" + _fake.pick(UPPER + "234567", 16), s=_fake.alnum_mixed(40, "+/"))
_case("password_slash_pair", "login for the staging box is admin / {p}", p="s3cret-Pass%")
_case("password_in_prose", "ssh ubuntu@10.0.4.12 with password {p}", p=_fake.alnum_mixed(14) + "@")
_case("pgpass_line", "cat ~/.pgpass\ndb.internal:5432:app:app_user:{p}", p=_fake.alnum_mixed(11) + "+")
_case("basic_auth_lowercase", "authorization: basic {b}",
      b=base64.b64encode(f"ci:{_fake.alnum_mixed(12)}".encode()).decode())
_case("value_with_angle_bracket", 'password = "{p}"', p="kX9<mZ2!qR7w")
_case("value_with_ampersand_and_paren", "DB_PASSWORD={p}", p="p&ssW0rd(2024)")
_case("value_with_dollar_brace", '"password": "{p}"', p="Rt5${kLq9!w")
_case("value_with_dummy", "SMTP_PASSWORD='{p}'", p="dummyPass!93Kx")
_case("bare_value_with_ampersand", "spring.datasource.password={p}", p="Gq7&hT2p!x")

# --- kinds the issue did not name ------------------------------------------------------------------
for name, token in (("groq", f"gsk_{_fake.alnum_mixed(52)}"), ("openrouter", f"sk-or-v1-{_fake.hex_mixed(64)}"),
                    ("grafana_cloud", f"glc_{_fake.alnum_mixed(80)}=="),
                    ("tailscale", f"tskey-auth-{_fake.alnum_mixed(17)}-{_fake.alnum_mixed(33)}"),
                    ("sentry_user", f"sntryu_{_fake.hex_mixed(64)}"),
                    ("onepassword", f"ops_eyJ{_fake.alnum_mixed(260)}"),
                    ("heroku_v2", f"HRKU-AA{_fake.alnum_mixed(58, '-_')}"),
                    ("buildkite", f"bkua_{_fake.hex_mixed(40)}"),
                    ("brevo", f"xkeysib-{_fake.hex_mixed(64)}-{_fake.alnum_mixed(16)}"),
                    ("figma", f"figd_{_fake.alnum_mixed(40, '-_')}")):
    _case(name, "heads up, I pasted {t} in #eng by mistake", t=token)
_case("zapier_hook", "zapier hook: https://hooks.zapier.com/hooks/catch/9940400/{p}/", p=_fake.hex_mixed(7))
_case("s3_presigned", "https://b.s3.amazonaws.com/a.pdf?X-Amz-Expires=900&X-Amz-Signature={s}", s=_fake.hex_mixed(64))
_case("reset_link", "reset your password: https://id.acme.dev/reset-password/{t}", t=_fake.alnum_mixed(40, "-_"))
_case("teams_webhook", "https://acme.webhook.office.com/webhookb2/{public_a}@{public_b}/IncomingWebhook/{s}",
      public_a=_fake.uuid_mixed(), public_b=_fake.uuid_mixed(), s=f"{_fake.hex_mixed(32)}/{_fake.uuid_mixed()}")
_case("putty_ppk", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 2\n{public_lines}\n"
      "Private-Lines: 1\n{p}\nPrivate-MAC: 0a1b", public_lines=_fake.b64(51), p=_fake.b64(48))
_case("bcrypt", "UPDATE users SET password_hash = '{h}' WHERE id = 1;", h=f"$2b$12${_fake.pick(CRYPT_B64, 53)}")
_case("sha512_crypt_shadow", "deploy:{h}:19512:0:99999:7:::",
      h=f"$6${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 86)}")
_case("argon2", "stored hash $argon2id$v=19$m=65536,t=3,p=4${salt}${h} for user 42",
      salt=_fake.b64(16).rstrip("="), h=_fake.b64(32).rstrip("="))
_case("htpasswd_apr1", ".htpasswd\nadmin:{h}", h=f"$apr1${_fake.pick(CRYPT_B64, 8)}${_fake.pick(CRYPT_B64, 22)}")
_case("oracle_connect", "sqlplus system/{p}@//db01:1521/ORCLPDB1", p=_fake.alnum_mixed(12) + "!")
_case("ldapsearch_w", "ldapsearch -x -D cn=admin,dc=acme,dc=dev -w {p} -b dc=acme,dc=dev",
      p=_fake.alnum_mixed(12) + "!")
_case("env_many_lines", "SESSION_SECRET={a}\nHMAC_KEY={b}\nLICENSE_KEY={c}\nCREDENTIALS={d}",
      a=_fake.alnum_mixed(48, "-_"), b=_fake.hex_mixed(64), c="-".join(_fake.pick(UPPER + DIGITS, 5) for _ in range(4)),
      d=_fake.b64(24))
_case("german", "Das Passwort lautet {p} und gilt bis Freitag.", p="Sommer76#")
_case("french", "mot de passe : {p}", p="Maple78?Xz")
_case("spanish", "contraseña: {p}", p=_fake.alnum_mixed(12) + "%")
_case("portuguese", "a senha é {p}", p="Harbor19%")
_case("dutch", "het wachtwoord is {p}", p=_fake.alnum_mixed(13) + "!")
_case("russian", "пароль: {p}", p=_fake.alnum_mixed(12) + "%")
_case("chinese", "密码：{p}", p=_fake.alnum_mixed(12) + "&")
_case("japanese", "パスワードは {p} です", p=_fake.alnum_mixed(16) + "*")
_case("italian", "la password è {p}", p=_fake.alnum_mixed(15) + "-")

# --- look-alikes that must come back unchanged ------------------------------------------------------
LOOK_ALIKES: list[tuple[str, str]] = [
    ("sha256_beside_file", f"{_fake.hex_mixed(64)}  dist/app-1.4.2.tar.gz"),
    ("git_sha", f"commit {_fake.hex_mixed(40)}\nAuthor: Dev <dev@acme.dev>"),
    ("oci_digest", f"FROM python:3.12-slim@sha256:{_fake.hex_mixed(64)}"),
    ("lockfile_integrity", f'"integrity": "sha512-{_fake.b64(64)}",'),
    ("ssh_public_key", f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{_fake.b64(380)} alice@laptop"),
    ("pem_public_key", "-----BEGIN PUBLIC KEY-----\n" + _fake.b64(200) + "\n-----END PUBLIC KEY-----"),
    ("stripe_publishable", f"const stripe = Stripe('pk_live_{_fake.alnum_mixed(99)}');"),
    ("sops", f"password: ENC[AES256_GCM,data:{_fake.b64(18)},iv:{_fake.b64(32)},tag:{_fake.b64(16)},type:str]"),
    ("ansible_vault", "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_fake.hex_mixed(80) for _ in range(4))),
    ("placeholder_upper", "OPENAI_API_KEY=YOUR_API_KEY"), ("placeholder_angle", "token: <token>"),
    ("placeholder_x", "password: xxxx"), ("placeholder_env", "API_TOKEN=${SECRET}"),
    ("placeholder_changeme", "password: changeme"), ("placeholder_example", 'api_key="example-key"'),
    ("uuid", f"request {_fake.uuid_mixed()} timed out after 30s"), ("env_lookup", 'password = os.environ["PW"]'),
    ("annotation", "token: str"), ("none_default", "api_key=None"),
    ("i18n_label", '"password": "Contraseña",'), ("kpasswd_service", "kpasswd\t\t464/udp"),
    ("type_annotation", "def sign(self, msg: bytes, key: Ed25519PrivateKey | None = None) -> bytes:"),
    ("public_key_pin", f"Public key pin-sha256: {_fake.b64(32)}"),
    ("pass_in_prose", "In most cases it is OK to simply pass `v8::Isolate::GetCurrent()`, e.g. to New()"),
    ("slash_alternatives", "# To account for verbatim / LaTeX-like / and R-like areas"),
    ("cache_key", f"Cache restored from key: Linux-node-{_fake.hex_mixed(64)}"),
    ("gpg_key_id", f"gpg: key {_fake.hex_mixed(16).upper()}: public key imported"),
    ("artifact_version", 'notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"'),
    ("pam_options", "password\t[success=1 default=ignore]\tpam_unix.so obscure yescrypt"),
]
