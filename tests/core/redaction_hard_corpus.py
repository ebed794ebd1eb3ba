"""A harder labelled redaction corpus: secrets, written without looking at the rules.

``redaction_corpus`` grew alongside the rules and scores 1.00; this one was written first, from
the providers' published token formats (and gitleaks' MIT-licensed rule set), from what real
commit messages, logs, shell history, config files and chat pastes look like, and from the
classes a held-out evaluation named: provider keys with their own prefixes, capability URLs,
key files, password hashes, connection strings, multi-secret ``.env`` files, passwords in
prose in a dozen languages, and values with awkward characters in them.

``HARD_SECRETS``: each case names its class (``group``) and the substrings that must not
survive. The benign look-alikes live in ``redaction_hard_benign``.

Split: the case at position ``i`` is *held out* when ``i % 4 == 3``. The rules were tuned only
on the other three quarters; the held-out figures are the honest ones. Positions are fixed by
this file's order, so new cases go at the end of a list, never in the middle.

Every value comes from a seeded ``random.Random`` (``fake_secrets.FakeSecrets``): deterministic,
and no real credential is written down.
"""

from __future__ import annotations

import base64
import json
import string
from dataclasses import dataclass

from .fake_secrets import CRYPT_B64, DIGITS, LOWER, UPPER, FakeSecrets


@dataclass(frozen=True)
class HardCase:
    group: str  # the class of secret, e.g. "provider", "password_hash"
    text: str
    secrets: tuple[str, ...]  # substrings that must not survive


def held_out(index: int) -> bool:
    """The fixed split: every fourth case is never used for tuning."""
    return index % 4 == 3


_fake = FakeSecrets(7_300_511)
_rng = _fake.rng  # plain draws (choice, randint, shuffle) share the one stream

_WORDS = ("Summer", "Harbor", "Falcon", "Orange", "Winter", "Copper", "Monkey", "Dragon", "Sunset",
          "Rocket", "Maple", "Tiger", "Silver", "Garden", "Thunder", "Coffee")


def _password() -> str:
    """What people actually choose: a word, digits, a symbol; or a generated mix."""
    style = _rng.randrange(3)
    if style == 0:
        return _rng.choice(_WORDS) + _fake.pick(DIGITS, _rng.choice((2, 4))) + _rng.choice("!#$%*?@")
    if style == 1:
        return _fake.alnum_mixed(_rng.randint(10, 16)) + _fake.pick("!#%^*+-_@", 1)
    return (_fake.pick(LOWER, 2) + _fake.pick(DIGITS, 1) + _fake.pick("!@#", 1) + _fake.alnum_mixed(8)
            + _fake.pick("%&*", 1))


HARD_SECRETS: list[HardCase] = []


def _add(group: str, text: str, *secrets: str) -> None:
    for s in secrets:
        assert s and s in text, (group, s, text)
    HARD_SECRETS.append(HardCase(group, text, secrets))


# === providers named in the issue =================================================================

for text in ("postman login --with-api-key {t}",
             "POSTMAN_API_KEY={t}",
             "newman run api.postman_collection.json --env-var apiKey={t} --reporters cli",
             "Postman monitor broke after I regenerated the key, new one is {t}"):
    tok = f"PMAK-{_fake.hex_mixed(24)}-{_fake.hex_mixed(34)}"
    _add("named_provider", text.format(t=tok), tok)
for text in ("XAI_API_KEY={t}",
             'client = OpenAI(base_url="https://api.x.ai/v1", api_key="{t}")',
             "grok call failed with 401 using {t}, rotated it in the console",
             "  xai:\n    key: {t}\n    model: grok-2"):
    tok = f"xai-{_fake.alnum_mixed(80)}"
    _add("named_provider", text.format(t=tok), tok)
for text in ("export PULUMI_ACCESS_TOKEN={t}",
             "env:\n  PULUMI_ACCESS_TOKEN: {t}\n  AWS_REGION: eu-central-1",
             "pulumi login fails: token {t} belongs to the old org",
             "$ pulumi login --cloud-url https://api.pulumi.com  # used {t}"):
    tok = f"pul-{_fake.hex_mixed(40)}"
    _add("named_provider", text.format(t=tok), tok)
for text in ("PERPLEXITY_API_KEY={t}",
             'headers = {{"Authorization": "Bearer {t}", "Content-Type": "application/json"}}',
             "the sonar model works, key {t} has 50 req/min",
             "perplexity:\n  api_key: '{t}'"):
    tok = f"pplx-{_fake.alnum_mixed(48)}"
    _add("named_provider", text.format(t=tok), tok)
for text, tok in (("CLOUDFLARE_API_TOKEN={t}", _fake.urlsafe_trimmed(40)),
                  ("wrangler deploy failed: Authentication error. CF token was {t}", _fake.urlsafe_trimmed(40)),
                  ("dns_cloudflare_api_token = {t}", _fake.urlsafe_trimmed(40)),
                  ("curl -X GET https://api.cloudflare.com/client/v4/zones -H 'X-Auth-Email: ops@acme.dev' "
                   "-H 'X-Auth-Key: {t}'", _fake.hex_mixed(37)),
                  ("dns_cloudflare_api_key = {t}\ndns_cloudflare_email = ops@acme.dev", _fake.hex_mixed(37)),
                  ("cloudflare origin CA key: {t}", f"v1.0-{_fake.hex_mixed(24)}-{_fake.hex_mixed(146)}")):
    _add("named_provider", text.format(t=tok), tok)
for text in ("DATABRICKS_TOKEN={t}",
             "databricks configure --token\nDatabricks Host: https://adb-123.azuredatabricks.net\nToken: {t}",
             "[DEFAULT]\nhost = https://acme.cloud.databricks.com\ntoken = {t}",
             "spark job auth failed for {t} (expired PAT)"):
    tok = f"dapi{_fake.hex_mixed(32)}" + ("-2" if "spark" in text else "")
    _add("named_provider", text.format(t=tok), tok)
for text, tok in (("MAILGUN_API_KEY={t}", f"{_fake.hex_mixed(32)}-{_fake.hex_mixed(8)}-{_fake.hex_mixed(8)}"),
                  ("mailgun:\n  domain: mg.acme.dev\n  private_key: {t}",
                   f"{_fake.hex_mixed(32)}-{_fake.hex_mixed(8)}-{_fake.hex_mixed(8)}"),
                  ("requests.post(MG_URL, auth=('api', '{t}'), data=msg)", f"key-{_fake.hex_mixed(32)}"),
                  ("Mailgun webhook signing key {t} rotated",
                   f"{_fake.hex_mixed(32)}-{_fake.hex_mixed(8)}-{_fake.hex_mixed(8)}")):
    _add("named_provider", text.format(t=tok), tok)
for text, tok in (("created API key {t} for the SMS worker", f"SK{_fake.hex_mixed(32)}"),
                  ("TWILIO_API_KEY={t}\nTWILIO_API_SECRET={s}", f"SK{_fake.hex_mixed(32)}"),
                  ("twilio auth token: {t}", _fake.hex_mixed(32)),
                  ("client = Client(account_sid, '{t}')  # twilio prod", _fake.hex_mixed(32)),
                  ("Twilio auth token {t} was in the crash report", _fake.hex_mixed(32)),
                  ("sid={t} secret rotated", f"SK{_fake.hex_mixed(32)}")):
    secret = _fake.alnum_mixed(32)
    text = text.replace("{s}", secret)
    _add("named_provider", text.format(t=tok), tok, *((secret,) if secret in text else ()))
for _ in range(4):
    sig = _fake.b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    url = (f"https://acmelogs.blob.core.windows.net/exports/2024-06.csv?sv=2022-11-02&ss=b&srt=co&sp=rl"
           f"&se=2025-01-01T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig={sig}")
    _add("named_provider", _rng.choice(("download it from {u}", "az copy {u} ./local", "SAS_URL={u}",
                                        "the export link {u} expires next year")).format(u=url), sig)
for template in ("SharedAccessSignature sr=https%3a%2f%2facme.servicebus.windows.net%2forders&sig={s}"
                 "&se=1719000000&skn=RootManageSharedAccessKey",
                 "BlobEndpoint=https://acme.blob.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=b"
                 "&srt=sco&sp=rwdlac&se=2025-06-01T00:00:00Z&spr=https&sig={s}"):
    sig = _fake.b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    _add("named_provider", template.format(s=sig), sig)
for template in ('"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=acmefn;AccountKey={k};'
                 'EndpointSuffix=core.windows.net"',
                 "AZURE_STORAGE_KEY={k}",
                 "az storage container list --account-name acmelogs --account-key {k}"):
    key = _fake.b64(64)
    _add("named_provider", template.format(k=key), key)
for text in ("the auth token is {t}", "API key: {t}", "secret {t} (staging)", "use key {t} for the sandbox tenant",
             "X-Auth-Token: {t}", "token {t} expired at 03:00", "Access token — {t}", "auth={t}"):
    tok = _fake.hex_mixed(32)
    _add("named_generic", text.format(t=tok), tok)
for text in ("new IAM user keys: {i} / {s}",
             "Access key ID,Secret access key\n{i},{s}",
             "AWS Access Key ID [None]: {i}\nAWS Secret Access Key [None]: {s}\nDefault region name [None]: us-east-1",
             "creds for the backup job {i}:{s}",
             "boto3.client('s3', '{i}', '{s}')",
             "aws keys {i} {s} (remove after the migration)"):
    key_id, secret = "AKIA" + _fake.pick(UPPER + "234567", 16), _fake.b64_chars(40)
    _add("named_provider", text.format(i=key_id, s=secret), key_id, secret)
for text in ("login for the staging box is admin / {p}",
             "creds: deploy / {p}",
             "ssh ubuntu@10.0.4.12 with password {p}",
             "the wifi password is {p}",
             "Jenkins: user ci-bot, pass {p}",
             "db creds are app_rw:{p} on db-2",
             "username: root password: {p}",
             "RDP to the jump host as Administrator / {p}"):
    pw = _password()
    _add("password_prose", text.format(p=pw), pw)
for line in ("db.internal:5432:app:app_user:{p}", "*:*:*:postgres:{p}", "10.0.0.7:6432:billing:billing_rw:{p}",
             "localhost:5432:*:replicator:{p}"):
    pw = _password()
    intro = _rng.choice(("cat ~/.pgpass\n", "~/.pgpass:\n", "added to .pgpass: ", ""))
    _add("password_prose", intro + line.format(p=pw), pw)
for template in ("Authorization: Basic {b}", "authorization: basic {b}",
                 'requests.get(url, headers={{"Authorization": "Basic {b}"}})',
                 "Proxy-Authorization: Basic {b}"):
    user = _rng.choice(("admin", "jenkins", "svc_report", "grafana"))
    creds = base64.b64encode(f"{user}:{_password()}".encode()).decode()
    _add("password_prose", template.format(b=creds), creds)
for template, value in (('password = "{v}"', "kX9<mZ2!qR7w"), ('DB_PASSWORD="{v}"', "p&ssW0rd(2024)"),
                        ('"password": "{v}"', "Rt5${kLq9!w"), ("SMTP_PASSWORD='{v}'", "dummyPass!93Kx"),
                        ('api_secret: "{v}"', "Zk8&Qw2(Lp4<mN"), ("spring.datasource.password={v}", "Gq7&hT2p!x"),
                        ("PGPASSWORD='{v}' psql -h db -U app", "a(b)C9d<e>F"),
                        ("redis_password: '{v}'", "Dummy&Pass#2024"),
                        ("ADMIN_PASSWORD={v}", "xK2$(whoami)9Lq"), ('secret_key = "{v}"', "t<8Jk&Zq2(pL9@wE")):
    _add("awkward_value", template.format(v=value), value)

# === providers not named in the issue ============================================================

_PROVIDERS: list[tuple[str, str]] = [
    ("STRIPE_SECRET_KEY", f"sk_live_{_fake.alnum_mixed(99)}"),
    ("STRIPE_RESTRICTED_KEY", f"rk_live_{_fake.alnum_mixed(24)}"),
    ("SLACK_BOT_TOKEN", f"xoxb-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 13)}-{_fake.alnum_mixed(24)}"),
    ("SLACK_USER_TOKEN",
     f"xoxp-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 12)}-{_fake.pick(DIGITS, 13)}-{_fake.hex_mixed(32)}"),
    ("GITLAB_TOKEN", f"glpat-{_fake.urlsafe_trimmed(20)}"),
    ("CI_RUNNER_TOKEN", f"glrt-{_fake.urlsafe_trimmed(20)}"),
    ("NPM_TOKEN", f"npm_{_fake.alnum_mixed(36)}"),
    ("PYPI_API_TOKEN", f"pypi-AgEIcHlwaS5vcmc{_fake.urlsafe_trimmed(70)}"),
    ("SHOPIFY_ADMIN_TOKEN", f"shpat_{_fake.hex_mixed(32)}"),
    ("SENDGRID_API_KEY", f"SG.{_fake.urlsafe_trimmed(22)}.{_fake.urlsafe_trimmed(43)}"),
    ("HF_TOKEN", f"hf_{_fake.pick(string.ascii_letters, 34)}"),
    ("OPENAI_API_KEY", f"sk-proj-{_fake.urlsafe_trimmed(74)}T3BlbkFJ{_fake.urlsafe_trimmed(74)}"),
    ("ANTHROPIC_API_KEY", f"sk-ant-api03-{_fake.urlsafe_trimmed(93)}AA"),
    ("GOOGLE_MAPS_KEY", f"AIza{_fake.urlsafe_trimmed(35)}"),
    ("DIGITALOCEAN_ACCESS_TOKEN", f"dop_v1_{_fake.hex_mixed(64)}"),
    ("HEROKU_API_KEY", f"HRKU-AA{_fake.urlsafe_trimmed(58)}"),
    ("DOPPLER_TOKEN", f"dp.pt.{_fake.alnum_mixed(43)}"),
    ("VAULT_TOKEN", f"hvs.{_fake.urlsafe_trimmed(90)}"),
    ("LINEAR_API_KEY", f"lin_api_{_fake.alnum_mixed(40)}"),
    ("NOTION_TOKEN", f"ntn_{_fake.pick(DIGITS, 11)}{_fake.alnum_mixed(35)}"),
    ("NOTION_KEY", f"secret_{_fake.alnum_mixed(43)}"),
    ("SQUARE_ACCESS_TOKEN", f"EAAA{_fake.urlsafe_trimmed(60)}"),
    ("JIRA_API_TOKEN", f"ATATT3xFfGF0{_fake.urlsafe_trimmed(170)}={_fake.pick(UPPER + DIGITS, 8)}"),
    ("GRAFANA_CLOUD_TOKEN", f"glc_{_fake.b64_chars(80)}=="),
    ("GRAFANA_SA_TOKEN", f"glsa_{_fake.alnum_mixed(32)}_{_fake.hex_mixed(8)}"),
    ("NEW_RELIC_API_KEY", f"NRAK-{_fake.pick(UPPER + DIGITS, 27)}"),
    ("SENTRY_AUTH_TOKEN", f"sntryu_{_fake.hex_mixed(64)}"),
    ("SOPS_AGE_KEY", "AGE-SECRET-KEY-1" + _fake.pick("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
    ("OP_SERVICE_ACCOUNT_TOKEN", f"ops_eyJ{_fake.b64_chars(260)}"),
    ("ALIBABA_CLOUD_ACCESS_KEY_ID", f"LTAI{_fake.alnum_mixed(20)}"),
    ("ARTIFACTORY_API_KEY", f"AKCp{_fake.alnum_mixed(69)}"),
    ("CLOJARS_TOKEN", f"CLOJARS_{_fake.lower_alnum(60)}"),
    ("DT_API_TOKEN", f"dt0c01.{_fake.pick(UPPER + DIGITS, 24)}.{_fake.pick(UPPER + DIGITS, 64)}"),
    ("EASYPOST_API_KEY", f"EZAK{_fake.lower_alnum(54)}"),
    ("FLY_API_TOKEN", f"fo1_{_fake.urlsafe_trimmed(43)}"),
    ("FRAMEIO_TOKEN", f"fio-u-{_fake.urlsafe_trimmed(64)}"),
    ("INFRACOST_API_KEY", f"ico-{_fake.alnum_mixed(32)}"),
    ("OCTOPUS_API_KEY", f"API-{_fake.pick(UPPER + DIGITS, 26)}"),
    ("PSCALE_TOKEN", f"pscale_tkn_{_fake.urlsafe_trimmed(43)}"),
    ("PREFECT_API_KEY", f"pnu_{_fake.alnum_mixed(36)}"),
    ("README_API_KEY", f"rdme_{_fake.lower_alnum(70)}"),
    ("GEM_HOST_API_KEY", f"rubygems_{_fake.hex_mixed(48)}"),
    ("SCALINGO_API_TOKEN", f"tk-us-{_fake.urlsafe_trimmed(48)}"),
    ("BREVO_API_KEY", f"xkeysib-{_fake.hex_mixed(64)}-{_fake.alnum_mixed(16)}"),
    ("SHIPPO_API_TOKEN", f"shippo_live_{_fake.hex_mixed(40)}"),
    ("SRC_ACCESS_TOKEN", f"sgp_{_fake.hex_mixed(16)}_{_fake.hex_mixed(40)}"),
    ("TF_TOKEN_app_terraform_io", f"{_fake.lower_alnum(14)}.atlasv1.{_fake.urlsafe_trimmed(67)}"),
    ("TYPEFORM_TOKEN", f"tfp_{_fake.urlsafe_trimmed(59)}"),
    ("DUFFEL_TOKEN", f"duffel_live_{_fake.urlsafe_trimmed(43)}"),
    ("FB_PAGE_TOKEN", f"EAAC{_fake.alnum_mixed(120)}"),
    ("AZURE_CLIENT_SECRET", f"{_fake.alnum_mixed(3)}8Q~{_fake.urlsafe_trimmed(34)}"),
    ("GITHUB_PAT", f"github_pat_11{_fake.pick(UPPER + DIGITS, 20)}_{_fake.alnum_mixed(59)}"),
    ("CIRCLECI_TOKEN", f"CCIPAT_{_fake.alnum_mixed(22)}_{_fake.hex_mixed(40)}"),
    ("BUILDKITE_API_TOKEN", f"bkua_{_fake.hex_mixed(40)}"),
    ("SUPABASE_ACCESS_TOKEN", f"sbp_{_fake.hex_mixed(40)}"),
    ("TAILSCALE_AUTHKEY", f"tskey-auth-{_fake.alnum_mixed(17)}-{_fake.alnum_mixed(33)}"),
    ("GROQ_API_KEY", f"gsk_{_fake.alnum_mixed(52)}"),
    ("REPLICATE_API_TOKEN", f"r8_{_fake.alnum_mixed(37)}"),
    ("OPENROUTER_API_KEY", f"sk-or-v1-{_fake.hex_mixed(64)}"),
    ("LANGSMITH_API_KEY", f"lsv2_pt_{_fake.hex_mixed(32)}_{_fake.hex_mixed(10)}"),
    ("PINECONE_API_KEY", f"pcsk_{_fake.alnum_mixed(6)}_{_fake.alnum_mixed(60)}"),
    ("POSTHOG_PERSONAL_API_KEY", f"phx_{_fake.alnum_mixed(47)}"),
    ("NETLIFY_AUTH_TOKEN", f"nfp_{_fake.alnum_mixed(36)}"),
    ("FIGMA_TOKEN", f"figd_{_fake.urlsafe_trimmed(40)}"),
    ("CONTENTFUL_MANAGEMENT_TOKEN", f"CFPAT-{_fake.urlsafe_trimmed(43)}"),
    ("BITBUCKET_APP_PASSWORD", f"ATBB{_fake.alnum_mixed(28)}{_fake.hex_mixed(8).upper()}"),
    ("DOCKERHUB_TOKEN", f"dckr_pat_{_fake.urlsafe_trimmed(27)}"),
    ("RESEND_API_KEY", f"re_{_fake.alnum_mixed(8)}_{_fake.alnum_mixed(24)}"),
    ("NEON_API_KEY", f"napi_{_fake.lower_alnum(64)}"),
    ("MAPBOX_SECRET_TOKEN", f"sk.eyJ1IjoiYWNtZSIsImEiOiJ{_fake.alnum_mixed(30)}.{_fake.urlsafe_trimmed(22)}"),
    ("DEEPSEEK_API_KEY", f"sk-{_fake.hex_mixed(32)}"),
    ("CEREBRAS_API_KEY", f"csk-{_fake.lower_alnum(48)}"),
    ("YANDEX_API_KEY", f"AQVN{_fake.urlsafe_trimmed(36)}"),
    ("PLANETSCALE_PASSWORD", f"pscale_pw_{_fake.urlsafe_trimmed(43)}"),
    ("INTRA42_SECRET", f"s-s4t2ud-{_fake.hex_mixed(64)}"),
    ("ADOBE_CLIENT_SECRET", f"p8e-{_fake.alnum_mixed(32)}"),
    ("AIRTABLE_TOKEN", f"pat{_fake.alnum_mixed(14)}.{_fake.hex_mixed(64)}"),
    ("GITLAB_RUNNER_REG", f"GR1348941{_fake.urlsafe_trimmed(20)}"),
    ("OPENSHIFT_TOKEN", f"sha256~{_fake.urlsafe_trimmed(43)}"),
    ("HARNESS_API_KEY", f"pat.{_fake.alnum_mixed(22)}.{_fake.alnum_mixed(24)}.{_fake.alnum_mixed(20)}"),
    ("CLICKHOUSE_SECRET", f"4b1d{_fake.alnum_mixed(38)}"),
    ("SETTLEMINT_TOKEN", f"sm_pat_{_fake.alnum_mixed(16)}"),
    ("MAXMIND_LICENSE_KEY", f"{_fake.alnum_mixed(6)}_{_fake.alnum_mixed(29)}_mmk"),
]
# Places a token is pasted: prose, shell, logs, code, CI files, chat. ``{k}`` is the env name.
_PROVIDER_PLACES = (
    "export {k}={t}",
    "{k}={t}",
    "  - name: deploy\n    env:\n      {k}: {t}",
    "fixed the 401: the old key {t} had been revoked, new one is in the vault",
    'client = make_client(token="{t}")',
    "2024-06-03T11:02:17Z ERROR auth rejected credential={t} status=403",
    "$ curl -sS -H 'X-Api-Token: {t}' https://api.acme.dev/v1/ping",
    "heads up, I pasted {t} in #eng by mistake, please rotate",
    '{{"{k_lower}": "{t}", "region": "eu"}}',
    "> {t}\nthat is the token from the provider's dashboard",
)
for i, (env, tok) in enumerate(_PROVIDERS):
    place = _PROVIDER_PLACES[i % len(_PROVIDER_PLACES)]
    _add("provider", place.format(k=env, k_lower=env.lower(), t=tok), tok)
# context-named providers: the value alone is generic, the name says whose it is
for text, tok in (("HEROKU_API_KEY={t}", _fake.uuid_mixed()),
                  ("heroku authorizations:create -> Token: {t}", _fake.uuid_mixed()),
                  ("DD_API_KEY={t}", _fake.hex_mixed(32)), ("DD_APP_KEY={t}", _fake.hex_mixed(40)),
                  ("datadog:\n  api_key: {t}\n  site: datadoghq.eu", _fake.hex_mixed(32)),
                  ("SENTRY_DSN=https://{t}@o450123.ingest.sentry.io/5501234", _fake.hex_mixed(32)),
                  ("ALGOLIA_ADMIN_KEY={t}", _fake.hex_mixed(32)), ("MISTRAL_API_KEY={t}", _fake.alnum_mixed(32)),
                  ("COHERE_API_KEY={t}", _fake.alnum_mixed(40)), ("TOGETHER_API_KEY={t}", _fake.hex_mixed(64)),
                  ("ELEVENLABS_API_KEY={t}", f"sk_{_fake.hex_mixed(48)}"),
                  ("DEEPGRAM_API_KEY={t}", _fake.hex_mixed(40)),
                  ("okta:\n  token: {t}", f"00{_fake.urlsafe_trimmed(40)}"),
                  ("TELEGRAM_BOT_TOKEN={t}", f"{_rng.randint(10**8, 10**10 - 1)}:AA{_fake.urlsafe_trimmed(33)}"),
                  ("bot = telebot.TeleBot('{t}')", f"{_rng.randint(10**8, 10**10 - 1)}:AA{_fake.urlsafe_trimmed(33)}"),
                  ("client.run('{t}')  # discord bot",
                   base64.b64encode(str(_rng.randint(10**17, 10**18)).encode()).decode().rstrip("=")
                   + f".{_fake.urlsafe_trimmed(6)}.{_fake.urlsafe_trimmed(38)}"),
                  ("SNYK_TOKEN={t}", _fake.uuid_mixed()), ("SONAR_TOKEN={t}", f"squ_{_fake.hex_mixed(40)}"),
                  ("CODECOV_TOKEN={t}", _fake.uuid_mixed()), ("LAUNCHDARKLY_SDK_KEY={t}", f"sdk-{_fake.uuid_mixed()}"),
                  ("POSTMARK_SERVER_TOKEN={t}", _fake.uuid_mixed()),
                  ("PAYPAL_CLIENT_SECRET={t}", _fake.urlsafe_trimmed(80)),
                  ("TWITTER_BEARER_TOKEN={t}", "AAAAAAAAAAAAAAAAAAAAA" + _fake.alnum_mixed(90)),
                  ("RAZORPAY_KEY_SECRET={t}", _fake.alnum_mixed(24)),
                  ("AUTH0_CLIENT_SECRET={t}", _fake.urlsafe_trimmed(64)),
                  ("braintree access token {t}",
                   f"access_token$production${_fake.lower_alnum(16)}${_fake.hex_mixed(32)}"),
                  ("GITEA_TOKEN={t}", _fake.hex_mixed(40)), ("AZURE_DEVOPS_PAT={t}", _fake.pick(LOWER + "234567", 52)),
                  ("PLAID_SECRET={t}", _fake.hex_mixed(30)), ("ADYEN_API_KEY={t}", f"AQE{_fake.urlsafe_trimmed(120)}"),
                  ("CONFLUENT_API_SECRET={t}", _fake.b64_chars(64)), ("MAILJET_SECRET_KEY={t}", _fake.hex_mixed(32)),
                  ("VERCEL_TOKEN={t}", _fake.alnum_mixed(24)), ("RENDER_API_KEY={t}", f"rnd_{_fake.alnum_mixed(32)}"),
                  ("SEGMENT_WRITE_KEY={t}", _fake.alnum_mixed(32)), ("ASSEMBLYAI_API_KEY={t}", _fake.hex_mixed(32))):
    _add("provider", text.format(t=tok), tok)

# === capability URLs =============================================================================

for _ in range(3):
    path = f"T{_fake.pick(UPPER + DIGITS, 10)}/B{_fake.pick(UPPER + DIGITS, 11)}/{_fake.alnum_mixed(24)}"
    _add("capability_url", _rng.choice(("SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{p}",
                                        "curl -X POST -d '{{\"text\":\"deploy done\"}}' https://hooks.slack.com/services/{p}",
                                        "alerts go to hooks.slack.com/services/{p}")).format(p=path), path)
path = f"{_fake.pick(UPPER + DIGITS, 11)}/{_fake.pick(DIGITS, 18)}/{_fake.alnum_mixed(32)}"
_add("capability_url", f"workflow trigger: https://hooks.slack.com/triggers/{path}", path)
for host in ("discord.com", "canary.discord.com"):
    secret = f"{_fake.pick(DIGITS, 19)}/{_fake.urlsafe_trimmed(68)}"
    _add("capability_url", f"DISCORD_WEBHOOK=https://{host}/api/webhooks/{secret}", secret)
for template in ("aws s3 presign gave me {u}", "download: {u}", "<a href=\"{u}\">report.pdf</a>"):
    sig, cred = _fake.hex_mixed(64), "AKIA" + _fake.pick(UPPER + "234567", 16)
    url = (f"https://acme-exports.s3.eu-west-1.amazonaws.com/reports/q2.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential={cred}%2F20240603%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20240603T101500Z"
           f"&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}")
    _add("capability_url", template.format(u=url), sig, cred)
tok = _fake.urlsafe_trimmed(400)
_add("capability_url", "presigned with STS creds: https://b.s3.amazonaws.com/k?X-Amz-Security-Token="
     f"{tok}&X-Amz-Signature={(sig := _fake.hex_mixed(64))}", tok[:60], sig)
sig = _fake.hex_mixed(512)
_add("capability_url", "https://storage.googleapis.com/acme-builds/app.apk?X-Goog-Algorithm=GOOG4-RSA-SHA256"
     "&X-Goog-Credential=signer%40acme.iam.gserviceaccount.com%2F20240603%2Fauto%2Fstorage%2Fgoog4_request"
     f"&X-Goog-Date=20240603T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}",
     sig[:80], sig[-80:])
sig = _fake.urlsafe_trimmed(340).replace("_", "~")
_add("capability_url", f"https://d111111abcdef8.cloudfront.net/video.mp4?Expires=1719000000&Signature={sig}"
     "&Key-Pair-Id=K2JCJMDEHXQW5F", sig[:60], sig[-60:])
for template, tok in (("shared the doc: https://docs.acme.dev/d/8f3k2?token={t}", _fake.urlsafe_trimmed(32)),
                      ("GET /api/export?access_token={t}&format=csv 200", _fake.urlsafe_trimmed(48)),
                      ("password reset link https://app.acme.dev/reset?token={t} was logged", _fake.hex_mixed(40)),
                      ("https://chat.googleapis.com/v1/spaces/AAAAx1y2z3/messages?key=AIza{a}&token={t}",
                       _fake.urlsafe_trimmed(43)),
                      ("invite link: https://app.acme.dev/join?invite_token={t}", _fake.urlsafe_trimmed(32)),
                      ("https://www.dropbox.com/scl/fi/{p}/plan.xlsx?rlkey={t}&dl=0", _fake.lower_alnum(25)),
                      ("Zoom: https://acme.zoom.us/j/85512345678?pwd={t}", _fake.alnum_mixed(32)),
                      ("callback https://app.acme.dev/oauth/callback#access_token={t}&token_type=bearer",
                       _fake.urlsafe_trimmed(40)),
                      ("https://api.acme.dev/v2/feed?apikey={t}", _fake.alnum_mixed(32)),
                      ("jenkins remote trigger: https://ci.acme.dev/job/deploy/build?token={t}", _fake.alnum_mixed(24)),
                      ("https://raw.githubusercontent.com/acme/private/main/cfg.yml?token={t}",
                       f"GHSAT0AAAAAAC{_fake.pick(UPPER + DIGITS, 40)}")):
    text = template.format(t=tok, a=_fake.urlsafe_trimmed(35), p=_fake.lower_alnum(21))
    _add("capability_url", text, tok)
for _ in range(2):
    a, b, c, d = _fake.uuid_mixed(), _fake.uuid_mixed(), _fake.hex_mixed(32), _fake.uuid_mixed()
    _add("capability_url", f"TEAMS_WEBHOOK=https://acme.webhook.office.com/webhookb2/{a}@{b}/IncomingWebhook/{c}/{d}",
         c)
_add("capability_url",
     f"zapier hook: https://hooks.zapier.com/hooks/catch/{_fake.pick(DIGITS, 7)}/{(z := _fake.lower_alnum(7))}/", z)
_add("capability_url", f"MATTERMOST_HOOK=https://chat.acme.dev/hooks/{(m := _fake.lower_alnum(26))}", m)

# === key files ===================================================================================

for label, intro in (("RSA", "Accidentally committed, removed in the next commit:\n"),
                     ("OPENSSH", "$ cat ~/.ssh/id_ed25519\n"), ("EC", "tls:\n  key: |\n"),
                     ("DSA", "old deploy key from the wiki:\n"), ("", "server.key:\n")):
    body = _fake.pem_body(_rng.choice((180, 420, 1200)))
    name = f"{label} PRIVATE KEY".strip()
    if "tls" in intro:
        block = "\n".join("    " + line for line in f"-----BEGIN {name}-----\n{body}\n-----END {name}-----".split("\n"))
    else:
        block = f"-----BEGIN {name}-----\n{body}\n-----END {name}-----"
    lines = body.split("\n")
    _add("key_file", f"{intro}{block}\n", lines[0], lines[-1])
body = _fake.pem_body(700)
_add("key_file", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n" + body
     + "\n=tQ1x\n-----END PGP PRIVATE KEY BLOCK-----", body.split("\n")[0], body.split("\n")[-1])
flat = _fake.b64(300)
_add("key_file", f'"private_key": "-----BEGIN RSA PRIVATE KEY-----\\n{flat}\\n-----END RSA PRIVATE KEY-----\\n"',
     flat[:60], flat[-60:])
body = _fake.pem_body(500)
_add("key_file", f"log cut here:\n-----BEGIN OPENSSH PRIVATE KEY-----\n{body}", body.split("\n")[1])
for version in ("2", "3"):
    public, private = _fake.pem_body(51), _fake.pem_body(48)
    extra = "Key-Derivation: Argon2id\nArgon2-Memory: 8192\nArgon2-Passes: 13\n" if version == "3" else ""
    ppk = (f"PuTTY-User-Key-File-{version}: ssh-ed25519\nEncryption: none\nComment: deploy@bastion\n"
           f"Public-Lines: 2\n{public}\n{extra}Private-Lines: 1\n{private}\nPrivate-MAC: {_fake.hex_mixed(64)}")
    _add("key_file", f"deploy.ppk:\n{ppk}", private.split("\n")[0])
wg = _fake.b64(32)
_add("key_file", f"[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {wg}\n\n[Peer]\nPublicKey = {_fake.b64(32)}", wg)
d = _fake.urlsafe_trimmed(43)
_add("key_file", json.dumps({"kty": "EC", "crv": "P-256", "x": _fake.urlsafe_trimmed(43),
                             "y": _fake.urlsafe_trimmed(43), "d": d}), d)
ckd = _fake.b64(1200)
_add("key_file", f"users:\n- name: admin\n  user:\n    client-certificate-data: {_fake.b64(900)}\n"
     f"    client-key-data: {ckd}", ckd[:60], ckd[-60:])
auth = base64.b64encode(f"ci:{_password()}".encode()).decode()
_add("key_file", f'~/.docker/config.json: {{"auths": {{"registry.acme.dev": {{"auth": "{auth}"}}}}}}', auth)
auth = base64.b64encode(f"deploy:{_password()}".encode()).decode()
_add("key_file", f"//npm.acme.dev/:_auth={auth}\nalways-auth=true", auth)
kdata = base64.b64encode(_password().encode()).decode()
_add("key_file", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  password: {kdata}\n",
     kdata)

# === password hashes =============================================================================

for text in ("seed user admin with hash {h}", "UPDATE users SET password_hash = '{h}' WHERE id = 1;",
             '{{"email": "a@acme.dev", "password": "{h}"}}', "htpasswd: alice:{h}"):
    h = f"$2{_rng.choice('aby')}$12${_fake.pick(CRYPT_B64, 53)}"
    _add("password_hash", text.format(h=h), h)
for text in ("root:{h}:19700:0:99999:7:::", "grep deploy /etc/shadow\ndeploy:{h}:19512:0:99999:7:::",
             "user.password = '{h}'  # sha512-crypt"):
    h = f"$6${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 86)}"
    _add("password_hash", text.format(h=h), h)
h = f"$6$rounds=656000${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 86)}"
_add("password_hash", f"ansible: password: \"{h}\"", h)
h = f"$5${_fake.pick(CRYPT_B64, 16)}${_fake.pick(CRYPT_B64, 43)}"
_add("password_hash", f"ops:{h}:19000:0:99999:7:::", h)
h = f"$1${_fake.pick(CRYPT_B64, 8)}${_fake.pick(CRYPT_B64, 22)}"
_add("password_hash", f"legacy md5crypt for the router: {h}", h)
h = f"$apr1${_fake.pick(CRYPT_B64, 8)}${_fake.pick(CRYPT_B64, 22)}"
_add("password_hash", f".htpasswd\nadmin:{h}", h)
h = f"{{SHA}}{_fake.b64(20)}"
_add("password_hash", f"nginx basic auth file: metrics:{h}", h[5:])
for variant in ("argon2id", "argon2i"):
    h = f"${variant}$v=19$m=65536,t=3,p=4${_fake.b64(16).rstrip('=')}${_fake.b64(32).rstrip('=')}"
    _add("password_hash", f"stored hash {h} for user 42", h.split("$")[-1])
h = f"$y$j9T${_fake.pick(CRYPT_B64, 22)}${_fake.pick(CRYPT_B64, 43)}"
_add("password_hash", f"debian12:{h}:19800:0:99999:7:::", h)
h = f"pbkdf2_sha256$600000${_fake.alnum_mixed(22)}${_fake.b64(32)}"
_add("password_hash", f"INSERT INTO auth_user (username, password) VALUES ('admin', '{h}');", h.split("$")[-1])
h = f"SCRAM-SHA-256$4096:{_fake.b64(16)}${_fake.b64(32)}:{_fake.b64(32)}"
_add("password_hash", f"ALTER ROLE app PASSWORD '{h}';", h.split("$")[-1])
h = f"md5{_fake.hex_mixed(32)}"
_add("password_hash", f" rolname | rolpassword\n app     | {h}", h)
h = "*" + _fake.hex_mixed(40).upper()
_add("password_hash", f"mysql> SELECT authentication_string FROM mysql.user;\n| {h} |", h)
h = f"{{SSHA}}{_fake.b64(24)}"
_add("password_hash", f"userPassword: {h}", h[6:])
h = f"pbkdf2:sha256:600000${_fake.alnum_mixed(16)}${_fake.hex_mixed(64)}"
_add("password_hash", f"werkzeug hash {h}", h.split("$")[-1])
nt = _fake.hex_mixed(32)
_add("password_hash", f"secretsdump: Administrator:500:aad3b435b51404eeaad3b435b51404ee:{nt}:::", nt)
h = f"$scrypt$ln=16,r=8,p=1${_fake.b64(16).rstrip('=')}${_fake.b64(32).rstrip('=')}"
_add("password_hash", f"passlib gave {h}", h.split("$")[-1])

# === connection strings ==========================================================================

for template in ("DATABASE_URL=postgresql://app:{p}@db.internal:5432/app",
                 "sqlalchemy.url = postgresql+psycopg://report:{p}@10.1.2.3/report",
                 "mongodb+srv://api-user:{p}@cluster0.x1y2z.mongodb.net/?retryWrites=true",
                 "REDIS_URL=rediss://default:{p}@redis-12345.c1.eu-west-1.cloud.redislabs.com:12345",
                 "amqps://worker:{p}@b-1234.mq.eu-west-1.amazonaws.com:5671",
                 "mssql+pyodbc://sa:{p}@sql01/erp?driver=ODBC+Driver+18+for+SQL+Server",
                 "ftp://backup:{p}@files.acme.dev/nightly/",
                 "snowflake://etl:{p}@acme-xy12345/analytics/public?warehouse=ETL_WH",
                 "ES_URL=https://elastic:{p}@es.internal:9200",
                 "jdbc:sqlserver://sql01:1433;databaseName=erp;user=sa;password={p};encrypt=true",
                 "Data Source=sql01;Initial Catalog=erp;User Id=erp_app;Password={p};",
                 "Driver={{ODBC Driver 18}};Server=sql01;Uid=report;Pwd={p};",
                 "host=db.internal port=5432 dbname=app user=app password={p} sslmode=require",
                 "sqlplus system/{p}@//db01:1521/ORCLPDB1",
                 "jdbc:postgresql://db:5432/app?user=app&password={p}&ssl=true",
                 "spring.datasource.url=jdbc:mysql://root:{p}@db:3306/shop",
                 "nats://svc:{p}@nats.internal:4222",
                 "smtp://postmaster%40mg.acme.dev:{p}@smtp.mailgun.org:587",
                 "ldapsearch -x -H ldap://ldap.acme.dev -D cn=admin,dc=acme,dc=dev -w {p} -b dc=acme,dc=dev",
                 "clickhouse://default:{p}@ch.internal:9000/events"):
    pw = _password().replace("%", "x").replace("@", "x").replace("/", "x").replace(";", "x")
    if "sqlplus" in template or "ldapsearch" in template:
        pw = pw.replace("$", "x")
    _add("connection_string", template.format(p=pw), pw)
pw = "S3cr%40t%21" + _fake.alnum_mixed(6)
_add("connection_string", f"postgres://app:{pw}@db/app  (url-encoded)", pw)

# === multi-secret .env files =====================================================================

for variant in range(6):
    values = {
        "DATABASE_URL": None,
        "REDIS_PASSWORD": _password(),
        "SESSION_SECRET": _fake.urlsafe_trimmed(48),
        "JWT_SECRET": _fake.b64_chars(43) + "=",
        "SMTP_PASSWORD": _password(),
        "STRIPE_SECRET_KEY": f"sk_live_{_fake.alnum_mixed(48)}",
        "ENCRYPTION_KEY": _fake.b64(32),
        "ADMIN_PASS": _password(),
        "APP_KEY": "base64:" + _fake.b64(32),
        "NEXTAUTH_SECRET": _fake.b64(32),
        "RAILS_MASTER_KEY": _fake.hex_mixed(32),
        "HMAC_KEY": _fake.hex_mixed(64),
        "MINIO_ROOT_PASSWORD": _password(),
        "AUTH0_CLIENT_SECRET": _fake.urlsafe_trimmed(64),
        "WEBHOOK_SIGNING_SECRET": _fake.alnum_mixed(32),
        "LICENSE_KEY": f"{_fake.pick(UPPER + DIGITS, 5)}-{_fake.pick(UPPER + DIGITS, 5)}-"
                       f"{_fake.pick(UPPER + DIGITS, 5)}-{_fake.pick(UPPER + DIGITS, 5)}",
        "COOKIE_SECRET": _fake.alnum_mixed(40),
        "MAIL_PASSWORD": _password(),
        "KEYSTORE_PASSWORD": _password(),
        "OPENAI_KEY": f"sk-proj-{_fake.urlsafe_trimmed(100)}",
        "DJANGO_SECRET_KEY": _fake.pick(LOWER + DIGITS + "!@#%^&*(-_=+)", 50),
        "RABBITMQ_DEFAULT_PASS": _password(),
        "CREDENTIALS": _fake.b64(24),
        "MASTER_KEY": _fake.hex_mixed(64),
        "PASSPHRASE": _password(),
        "SIGNING_KEY": _fake.b64(32),
    }
    pw = _password().replace("%", "x").replace("@", "x")
    values["DATABASE_URL"] = f"postgres://app:{pw}@db:5432/app"
    names = list(values)
    _rng.shuffle(names)
    chosen = ["DATABASE_URL"] + [n for n in names if n != "DATABASE_URL"][:_rng.randint(6, 9)]
    lines, secrets = [], []
    for name in chosen:
        value = values[name]
        assert value is not None
        quote = _rng.choice(("", "", '"', "'")) if not any(c in value for c in "\"'") else ""
        lines.append(f"{'export ' if variant == 3 else ''}{name}={quote}{value}{quote}")
        secrets.append(pw if name == "DATABASE_URL" else value)
    benign = ["NODE_ENV=production", "PORT=8080", "LOG_LEVEL=info", "AWS_REGION=eu-west-1"]
    text = "\n".join(["# .env.production", *benign[:2], *lines, *benign[2:]])
    if variant == 4:
        text = "docker compose config\nservices:\n  api:\n    environment:\n" + "\n".join(
            f"      {line.replace('=', ': ', 1)}" for line in lines)
    if variant == 5:
        text = "kubectl get secret app -o jsonpath output decoded:\n" + "\n".join(
            f"{line.replace('=', ': ', 1)}" for line in lines)
    _add("env_file", text, *secrets)

# === prose in other languages ====================================================================

for template in ("Das Passwort lautet {p} und gilt bis Freitag.", "Passwort: {p}", "Kennwort für den Server: {p}",
                 "le mot de passe est {p}", "mot de passe : {p}", "mdp du wifi : {p}",
                 "la contraseña es {p}", "contraseña: {p}", "Usuario: admin, clave: {p}",
                 "a senha é {p}", "senha do banco: {p}", "la password è {p}", "parola d'ordine: {p}",
                 "het wachtwoord is {p}", "wachtwoord: {p}", "пароль: {p}", "Пароль от сервера — {p}",
                 "密码：{p}", "密码是 {p}", "数据库密码: {p}", "パスワード：{p}", "パスワードは {p} です",
                 "비밀번호: {p}", "hasło: {p}", "şifre: {p}", "lösenord: {p}", "heslo: {p}",
                 "salasana: {p}", "adgangskode: {p}", "jelszó: {p}", "mật khẩu: {p}", "kata sandi: {p}"):
    pw = _password()
    _add("foreign_prose", template.format(p=pw), pw)
