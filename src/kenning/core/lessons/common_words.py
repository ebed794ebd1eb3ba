"""Package names that are also ordinary English words or everyday developer jargon.

A name on this list (PyPI, npm, crates.io, or the last segment of a Go module path) names its
library in a lesson only when the mention is code-like (`import click`, `requests==2.31`,
`` `next` ``): in prose, "did not match", "a clean build" or "requests timed out" are words, not
packages. The list is curated by hand: a name belongs here when a developer could plausibly
write it in a lesson without meaning the library. Names are normalized (lowercase, ``-``).
docs/lessons.md repeats the list; a test keeps the two equal.
"""

from __future__ import annotations

COMMON_WORDS: frozenset[str] = frozenset((
    "accelerate", "airflow", "amqp", "angular", "anyhow", "api", "app", "arrow", "assert", "async", "asyncio",
    "attr", "attrs", "backbone", "backoff", "behave", "black", "bolt", "bootstrap", "bottle", "box", "buffer", "build",
    "bull", "bun", "cache", "canvas", "cast", "celery", "chalk", "channels", "chevron", "chi", "cli", "click",
    "client", "color", "colors", "commander", "compression", "concurrently", "config", "connect", "console",
    "context", "cookie", "core", "cors", "coverage", "cron", "crypto", "cryptography", "cypress", "dash",
    "datasets", "debug", "decimal", "decorator", "decouple", "delta", "diesel", "diff", "dig", "dirs", "discord",
    "distro", "dns", "docker", "docx", "echo", "either", "email", "ember", "emoji", "emotion", "env", "enzyme",
    "errors", "evaluate", "events", "express", "fabric", "falcon", "fetch", "fiber", "fire", "flask", "forever",
    "foundation", "framework", "full", "future", "futures", "gin", "git", "github", "glob", "globals", "got",
    "green", "grpc", "grunt", "gulp", "handlebars", "handlers", "hatch", "headers", "helmet", "hex", "history",
    "html", "http", "https", "humanize", "husky", "hyper", "hypothesis", "ignore", "image", "immutable", "ini",
    "instructor", "intl", "invoke", "jade", "jasmine", "json", "jwt", "karma", "kit", "knockout", "kubernetes",
    "ldap", "less", "lexical", "lightning", "limits", "lit", "log", "logging", "magic", "markdown", "marked",
    "match", "material", "metrics", "migrate", "mime", "mock", "moment", "mongoose", "motion", "motor", "mqtt",
    "ms", "multipart", "mux", "net", "next", "nix", "node", "nose", "notebook", "notify", "now", "num", "open",
    "openssl", "os", "outlines", "packaging", "panel", "parcel", "parse", "parser", "passport", "paste", "path",
    "pendulum", "pg", "pika", "pillow", "playwright", "poetry", "pre-commit", "predicates", "prefect", "prettier",
    "pretty", "process", "progress", "progressbar", "prompt", "prompts", "pyramid", "q", "querystring", "quote",
    "raft", "rand", "raster", "ray", "react", "regex", "remark", "remix", "request", "requests", "require",
    "responses", "retry", "retrying", "returns", "rich", "ring", "rocket", "rollup", "router", "safety", "salt",
    "sass", "schedule", "schema", "scp", "semver", "sentry", "serial", "session", "sessions", "sh", "shared",
    "sharp", "six", "slugify", "solid", "spark", "spinner", "store", "stream", "stylus", "sure", "survey", "swr",
    "sync", "tabulate", "tap", "tar", "tempfile", "test", "tests", "text", "textual", "three", "time", "tokenizers",
    "toml", "tools", "tower", "tracing", "trio", "turbo", "twine", "twisted", "types", "typing", "underscore",
    "unified", "url", "usb", "util", "utils", "uuid", "validator", "vault", "viper", "warp", "watchdog",
    "websocket", "websockets", "wheel", "which", "wire", "ws", "xml", "yaml", "zap", "zip",
))
