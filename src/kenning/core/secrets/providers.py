"""Provider tokens: credentials whose own prefix and length say whose they are (``ghp_`` + 36,
``AKIA`` + 16, ``pplx-`` + 48, ...).

Formats follow the providers' documentation and gitleaks' rule set (MIT licence, Zachary Rice
and contributors), widened where a provider has several generations of token. Most rules name
``prefixes`` (a token starts with them), which the engine finds in one pass whatever their
number; a few are anchored on a literal inside the token, or gated on the provider's name
where the value alone is a generic shape (32 hex characters near the word "twilio").

Pure: standard library only.
"""

from __future__ import annotations

import re

from kenning.core.secrets.rule import (
    Rule,
    Validator,
    _b64decode,
    _has_alpha,
    _has_digit,
    _line_before,
    _mixed_case,
    _mixed_token,
    _random_token,
    _starts_word,
    _strong_token,
)

_TAIL = r"(?![\w-])"  # the token ends here: no longer word, no hyphenated continuation


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


def _aws_secret_ok(_: re.Match[str], secret: str) -> bool:
    # base64 of 30 random bytes: both cases and digits; a 40-hex git sha is not one
    return _has_digit(secret) and _mixed_case(secret) and not re.fullmatch(r"[0-9a-fA-F]{40}", secret)


def _okta_ok(match: re.Match[str], secret: str) -> bool:
    # "okta" as a word on the line (rookTable is not Okta)
    line = _line_before(match.string, match.start())
    return _strong_token(match, secret) and re.search(r"(?<![a-z])okta", line, re.IGNORECASE) is not None


def _generated_body(_: re.Match[str], secret: str) -> bool:
    """A generated token body: digits and letters, and no run of words (SlackAppConfigurationAccessTokenHere)."""
    body = secret.partition("-")[2]
    return _has_digit(body) and _has_alpha(body) and not re.search(r"(?:[A-Z][a-z]{2,}){3,}", body)


def _letters_and_digits(_: re.Match[str], secret: str) -> bool:
    return _has_digit(secret) and _has_alpha(secret)


def _head(pattern: str, width: int) -> Validator:
    """A validator for tokens whose distinctive literal sits ``width`` characters in
    (``<14 chars>.atlasv1.``, ``<4 chars>Q~``): the head must precede the match as a whole
    word, and the secret span grows to take it."""
    def check(match: re.Match[str], secret: str) -> bool | tuple[int, int]:
        text, start = match.string, match.start()
        head_start = start - width
        if head_start < 0 or not re.fullmatch(pattern, text[head_start:start]):
            return False
        if head_start and (text[head_start - 1].isalnum() or text[head_start - 1] in "_-."):
            return False
        return head_start, match.end()
    return check


_I = re.IGNORECASE

PROVIDER_RULES: tuple[Rule, ...] = (
    # --- AI providers ----------------------------------------------------------------------------
    Rule("anthropic_admin_key", r"sk-ant-admin\d{2}-[A-Za-z0-9_-]{20,}", prefixes=("sk-ant-admin",)),
    Rule("anthropic_api_key", r"sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{20,}", prefixes=("sk-ant-",)),
    Rule("openrouter_api_key", r"sk-or-v1-[a-f0-9]{64}" + _TAIL, prefixes=("sk-or-v1-",)),
    Rule("langfuse_secret_key", r"sk-lf-[a-f0-9-]{36}" + _TAIL, prefixes=("sk-lf-",)),
    Rule("openai_api_key", r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}", prefixes=("sk-",),
         validate=_strong_token),
    Rule("openai_api_key", r"sk-[A-Za-z0-9]{32,64}" + _TAIL, prefixes=("sk-",), validate=_random_token),
    Rule("xai_api_key", r"xai-[A-Za-z0-9]{70,90}" + _TAIL, prefixes=("xai-",), validate=_strong_token),
    Rule("perplexity_api_key", r"pplx-[A-Za-z0-9]{32,64}" + _TAIL, prefixes=("pplx-",), validate=_random_token),
    Rule("groq_api_key", r"gsk_[A-Za-z0-9]{48,56}" + _TAIL, prefixes=("gsk_",), validate=_strong_token),
    Rule("replicate_token", r"r8_[A-Za-z0-9]{37}" + _TAIL, prefixes=("r8_",), validate=_strong_token),
    Rule("cerebras_api_key", r"csk-[a-z0-9]{40,56}" + _TAIL, prefixes=("csk-",), validate=_letters_and_digits),
    Rule("langsmith_api_key", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}" + _TAIL, prefixes=("lsv2_",)),
    Rule("pinecone_api_key", r"pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,90}" + _TAIL, prefixes=("pcsk_",)),
    Rule("nvidia_api_key", r"nvapi-[A-Za-z0-9_-]{64}" + _TAIL, prefixes=("nvapi-",)),
    Rule("elevenlabs_api_key", r"sk_[a-f0-9]{48}" + _TAIL, prefixes=("sk_",)),
    Rule("huggingface_token", r"(?:hf_[A-Za-z0-9]{34,40}|api_org_[A-Za-z]{34})\b", prefixes=("hf_", "api_org_"),
         validate=_mixed_token),
    # --- code hosts, registries, CI ----------------------------------------------------------------
    Rule("github_token", r"(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{50,255})\b",
         prefixes=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    Rule("gitlab_token",
         r"(?:gl(?:pat|dt|ptt|rt|oas|soat|ft|imt|cbt|agent|ffct)-|GR1348941)[A-Za-z0-9_-]{20,}"
         r"(?:\.[0-9a-z]{2}[0-9a-z]{7}\b)?",
         prefixes=("glpat-", "gldt-", "glptt-", "glrt-", "gloas-", "glsoat-", "glft-", "glimt-", "glcbt-",
                   "glagent-", "glffct-", "gr1348941"), validate=_random_token),
    Rule("bitbucket_app_password", r"ATBB[A-Za-z0-9]{32}" + _TAIL, prefixes=("atbb",), validate=_strong_token),
    Rule("npm_token", r"npm_[A-Za-z0-9]{36}\b", prefixes=("npm_",)),
    Rule("pypi_token", r"pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}", prefixes=("pypi-",)),
    Rule("rubygems_token", r"rubygems_[a-f0-9]{48}" + _TAIL, prefixes=("rubygems_",)),
    Rule("clojars_token", r"CLOJARS_[a-z0-9]{60}" + _TAIL, flags=_I, prefixes=("clojars_",)),
    Rule("docker_hub_token", r"dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}", prefixes=("dckr_",)),
    Rule("artifactory_token", r"(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})" + _TAIL, prefixes=("akcp", "cmvmd")),
    Rule("circleci_token", r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}" + _TAIL, prefixes=("ccipat_",)),
    Rule("buildkite_token", r"bkua_[a-f0-9]{40}" + _TAIL, prefixes=("bkua_",)),
    Rule("sourcegraph_token", r"sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}" + _TAIL, prefixes=("sgp_",)),
    Rule("sonar_token", r"sq[upa]_[a-f0-9]{40}" + _TAIL, prefixes=("squ_", "sqp_", "sqa_")),
    Rule("readme_api_key", r"rdme_[a-z0-9]{70}" + _TAIL, prefixes=("rdme_",)),
    Rule("octopus_api_key", r"API-[A-Z0-9]{26}" + _TAIL, prefixes=("api-",), validate=_letters_and_digits),
    Rule("harness_api_key", r"(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}" + _TAIL,
         prefixes=("pat.", "sat.")),
    # --- cloud and infrastructure ----------------------------------------------------------------
    Rule("aws_access_key_id", r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b",
         prefixes=("akia", "asia", "abia", "acca", "a3t")),
    Rule("aws_secret_access_key",
         r"(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)(?![\w.-])"
         r"\\?[\"']?[ \t]{0,20}(?:[:=]=?|=>)[ \t]{0,20}\\?[\"']?"
         r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
         ("aws_secret", "awssecret", "secret_access", "secretaccess"), _I),
    # Unlabelled: a secret key pasted beside its key id ("AKIA... / wJalr...", a credentials CSV,
    # `aws configure` output) is the first 40-character base64 run within two lines after it.
    Rule("aws_secret_access_key",
         r"(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])[^\n]{0,80}?\n?[^\n]{0,80}?(?<![A-Za-z0-9/+])"
         r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])", prefixes=("akia", "asia"), validate=_aws_secret_ok),
    Rule("aws_bedrock_api_key", r"ABSK[A-Za-z0-9+/]{109,269}={0,2}", prefixes=("absk",)),
    Rule("google_api_key", r"AIza[0-9A-Za-z_-]{35}" + _TAIL, prefixes=("aiza",)),
    Rule("google_oauth_client_secret", r"GOCSPX-[A-Za-z0-9_-]{24,32}" + _TAIL, prefixes=("gocspx-",)),
    Rule("google_oauth_token", r"(?<![\w/])(?:ya29\.[0-9A-Za-z._-]{20,}|1//0[0-9A-Za-z_-]{40,})",
         prefixes=("ya29.", "1//0"), validate=_random_token),
    Rule("alibaba_access_key", r"LTAI[A-Za-z0-9]{20}" + _TAIL, prefixes=("ltai",), validate=_strong_token),
    Rule("azure_ad_client_secret", r"Q~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])", ("q~",),
         validate=_head(r"[A-Za-z0-9_~.]{3}\d", 4)),
    Rule("azure_storage_key",
         r"(?i:AccountKey|SharedAccessKey)[ \t]*=[ \t]*(?P<secret>[A-Za-z0-9+/]{40,}={0,2})",
         ("accountkey", "sharedaccesskey")),
    Rule("digitalocean_token", r"do[por]_v1_[a-f0-9]{64}\b", prefixes=("dop_v1_", "doo_v1_", "dor_v1_")),
    Rule("databricks_token", r"dapi[a-f0-9]{32}(?:-\d)?" + _TAIL, prefixes=("dapi",)),
    Rule("cloudflare_origin_ca_key", r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}" + _TAIL, prefixes=("v1.0-",)),
    Rule("pulumi_token", r"pul-[a-f0-9]{40}" + _TAIL, prefixes=("pul-",)),
    Rule("terraform_token", r"\.atlasv1\.[A-Za-z0-9_=-]{60,70}" + _TAIL, (".atlasv1.",),
         validate=_head(r"[A-Za-z0-9]{14}", 14)),
    Rule("heroku_api_key", r"HRKU-AA[A-Za-z0-9_-]{58}" + _TAIL, prefixes=("hrku-",)),
    Rule("flyio_token", r"(?:fo1_[\w-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3})",
         prefixes=("fo1_", "fm1a_", "fm1r_", "fm2_")),
    Rule("netlify_token", r"nfp_[A-Za-z0-9]{36,40}" + _TAIL, prefixes=("nfp_",)),
    Rule("render_api_key", r"rnd_[A-Za-z0-9]{32}" + _TAIL, prefixes=("rnd_",), validate=_strong_token),
    Rule("supabase_token", r"(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{30,})" + _TAIL,
         prefixes=("sbp_", "sb_secret_")),
    Rule("neon_api_key", r"napi_[a-z0-9]{64}" + _TAIL, prefixes=("napi_",)),
    Rule("planetscale_token", r"pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}" + _TAIL, prefixes=("pscale_",)),
    Rule("scalingo_token", r"tk-us-[\w-]{48}" + _TAIL, prefixes=("tk-us-",)),
    Rule("tailscale_key", r"tskey-(?:[a-z]+-)?[A-Za-z0-9]{6,}-[A-Za-z0-9]{20,}" + _TAIL, prefixes=("tskey-",)),
    Rule("openshift_token", r"sha256~[\w-]{43}" + _TAIL, prefixes=("sha256~",)),
    Rule("clickhouse_secret", r"4b1d[A-Za-z0-9]{38}" + _TAIL, prefixes=("4b1d",), validate=_strong_token),
    Rule("vault_token", r"hv[sbr]\.[A-Za-z0-9_-]{24,}", prefixes=("hvs.", "hvb.", "hvr."), validate=_random_token),
    Rule("vault_token", r"s\.[A-Za-z0-9]{24}(?![\w.-])", prefixes=("s.",), validate=_strong_token),  # before 1.10
    Rule("doppler_token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_-]{30,}",
         prefixes=("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit.")),
    Rule("onepassword_token",
         r"(?:ops_eyJ[A-Za-z0-9+/_-]{250,}={0,3}"
         r"|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})",
         prefixes=("ops_", "a3-")),
    Rule("dynatrace_token", r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}" + _TAIL, prefixes=("dt0c01.",)),
    Rule("grafana_token",
         r"(?:glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,400}={0,3})",
         prefixes=("glc_", "glsa_", "eyjrijoi")),
    Rule("newrelic_key", r"NR(?:AK|AA|II|JS|IQ)-[A-Za-z0-9]{20,}\b",
         prefixes=("nrak-", "nraa-", "nrii-", "nrjs-", "nriq-")),
    Rule("sentry_token", r"(?:sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_]{50,})" + _TAIL,
         prefixes=("sntryu_", "sntrys_")),
    Rule("infracost_api_key", r"ico-[A-Za-z0-9]{32}" + _TAIL, prefixes=("ico-",), validate=_strong_token),
    Rule("prefect_api_key", r"pnu_[A-Za-z0-9]{36}" + _TAIL, prefixes=("pnu_",)),
    Rule("settlemint_token", r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}" + _TAIL, prefixes=("sm_",)),
    # --- chat, mail, messaging -------------------------------------------------------------------
    Rule("slack_webhook",
         r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9_/+-]{20,})",
         prefixes=("hooks.slack.com/",)),
    Rule("slack_token", r"(?:xox(?:e\.xox)?[abposre]|xapp)-[0-9A-Za-z-]{20,}", prefixes=("xox", "xapp-"),
         validate=_generated_body),
    Rule("discord_webhook",
         r"discord(?:app)?\.com/api/(?:v\d+/)?webhooks/(?P<secret>\d{15,21}/[A-Za-z0-9_-]{40,})", ("discord",)),
    # A bot token starts with the bot's numeric id in base64, so with one of these nine pairs;
    # the base64-id check keeps it precise.
    Rule("discord_bot_token", r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![\w-])",
         prefixes=("mt", "mj", "mz", "nd", "nt", "nj", "nz", "od", "ot"), validate=_discord_bot_ok),
    # Anchored at the colon: the numeric bot id before it is public, the part after it is the
    # secret, which starts with "A" (a bare ":" would be tried at every timestamp of a log).
    Rule("telegram_bot_token", r":(?<=[0-9]{8}:)(?P<secret>A[A-Za-z0-9_-]{34})(?![\w-])", (":a",),
         validate=_telegram_ok),
    Rule("sendgrid_api_key", r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{40,50}" + _TAIL, prefixes=("sg.",)),
    Rule("mailgun_api_key", r"key-[0-9a-f]{32}\b", prefixes=("key-",)),
    # Mailgun's newer private and signing keys: 32-8-8 hex, distinctive only next to the name.
    Rule("mailgun_api_key", r"(?<![\w-])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}" + _TAIL, context=("mailgun",)),
    Rule("mailchimp_api_key", r"[0-9a-f]{32}-us\d{1,2}\b", context=("-us",), validate=_starts_word),
    Rule("brevo_api_key", r"x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}" + _TAIL,
         prefixes=("xkeysib-", "xsmtpsib-")),
    Rule("resend_api_key", r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}" + _TAIL, prefixes=("re_",), validate=_strong_token),
    Rule("postman_api_key", r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}" + _TAIL, prefixes=("pmak-",)),
    # An API key SID is distinctive by itself; an account SID (AC...) and a bare 32-hex auth token
    # only next to the word Twilio.
    Rule("twilio_key", r"SK[0-9a-fA-F]{32}" + _TAIL, prefixes=("sk",)),
    Rule("twilio_key", r"(?:SK|AC)[0-9a-f]{32}\b", context=("twilio",), validate=_starts_word),
    Rule("twilio_key", r"(?<![\w-])[0-9a-f]{32}" + _TAIL, context=("twilio",)),
    Rule("linear_api_key", r"lin_(?:api|oauth)_[A-Za-z0-9]{32,}\b", prefixes=("lin_api_", "lin_oauth_")),
    Rule("notion_token", r"(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,50})\b", prefixes=("secret_", "ntn_"),
         validate=_random_token),
    Rule("atlassian_api_token", r"AT(?:ATT|CTT)3[A-Za-z0-9_=-]{50,}", prefixes=("atatt3", "atctt3")),
    Rule("hubspot_token", r"pat-(?:na|eu)\d-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}" + _TAIL,
         prefixes=("pat-na", "pat-eu")),
    Rule("figma_token", r"figd_[\w-]{40,}", prefixes=("figd_",)),
    Rule("contentful_token", r"CFPAT-[\w-]{43}" + _TAIL, prefixes=("cfpat-",)),
    Rule("typeform_token", r"tfp_[\w=.-]{59}" + _TAIL, prefixes=("tfp_",)),
    Rule("frameio_token", r"fio-u-[\w=-]{64}" + _TAIL, prefixes=("fio-u-",)),
    Rule("dropbox_token", r"sl\.(?:u\.)?[A-Za-z0-9_-]{130,}", prefixes=("sl.",)),
    Rule("airtable_token", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}" + _TAIL, prefixes=("pat",)),
    Rule("posthog_personal_key", r"phx_[A-Za-z0-9]{40,50}" + _TAIL, prefixes=("phx_",)),
    Rule("okta_token", r"(?<![\w-])00[A-Za-z0-9_=-]{40}" + _TAIL, context=("okta",), validate=_okta_ok),
    Rule("facebook_token", r"(?<![\w-])\d{15,16}(?:\||%7C)(?P<secret>[0-9A-Za-z_-]{27,40})" + _TAIL,
         context=("facebook", "fb_", "fb."), validate=_strong_token),
    Rule("sidekiq_secret",
         r"BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[\"']?[ \t]*[:=][ \t]*[\"']?(?P<secret>[a-f0-9]{8}:[a-f0-9]{8})",
         ("bundle_enterprise__contribsys", "bundle_gems__contribsys")),
    Rule("twitter_bearer_token", r"A{20}[A-Za-z0-9%]{80,120}" + _TAIL, prefixes=("a" * 20,)),
    Rule("facebook_token", r"EAA[MC][A-Za-z0-9]{100,}" + _TAIL, prefixes=("eaam", "eaac")),
    Rule("mapbox_secret_token", r"sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}", prefixes=("sk.eyj",)),
    Rule("yandex_key", r"AQVN[A-Za-z0-9_-]{35,38}" + _TAIL, prefixes=("aqvn",)),
    Rule("intra42_secret", r"s-s4t2(?:ud|af)-[a-f0-9]{64}" + _TAIL, prefixes=("s-s4t2",)),
    Rule("adobe_client_secret", r"p8e-[A-Za-z0-9]{32}" + _TAIL, prefixes=("p8e-",), validate=_strong_token),
    Rule("maxmind_license_key", r"_mmk\b", ("_mmk",), validate=_head(r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}", 36)),
    Rule("age_secret_key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}\b", prefixes=("age-secret-key-1",)),
    # --- payments, commerce, shipping ------------------------------------------------------------
    Rule("stripe_webhook_secret", r"whsec_[A-Za-z0-9+/=]{24,}", prefixes=("whsec_",)),
    Rule("stripe_key", r"[sr]k_(?:live|test|prod)_[0-9A-Za-z]{20,}",
         prefixes=("sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_")),
    Rule("square_token", r"(?:sq0(?:atp|csp|idp)-[0-9A-Za-z_-]{22,60}|EAAA[A-Za-z0-9_-]{60,})",
         prefixes=("sq0atp-", "sq0csp-", "sq0idp-", "eaaa"), validate=_random_token),
    Rule("shopify_token", r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b", prefixes=("shpat_", "shpss_", "shpca_", "shppa_")),
    Rule("braintree_token", r"access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}",
         prefixes=("access_token$",)),
    Rule("easypost_api_key", r"EZ[AT]K[A-Za-z0-9]{54}" + _TAIL, prefixes=("ezak", "eztk")),
    Rule("shippo_token", r"shippo_(?:live|test)_[a-fA-F0-9]{40}" + _TAIL, prefixes=("shippo_",)),
    Rule("duffel_token", r"duffel_(?:test|live)_[\w=-]{43}" + _TAIL, prefixes=("duffel_",)),
)
