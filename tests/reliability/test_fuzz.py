"""Property-based fuzzing (hypothesis) of the log reader, the fold, the redactor, path handling and
the CLI, and mutated lines fed into a real log read by real ``ken`` processes.

Profiles: ``ken-fast`` (derandomized, a few thousand inputs in all) in ``make test``; ``ken-long``
(over 100,000 inputs) under ``KEN_RELIABILITY_LONG=1``; ``KEN_HYPOTHESIS_PROFILE`` picks one
explicitly. Each test reports how many inputs it ran. A broken property does not stop a run at
its first input: every kind of failure is collected (a ``Finding`` with its category and first
example), so one run lists every bug class it met.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kenning.app.paths import canonical_location, canonical_path
from kenning.core.errors import InvalidInput
from kenning.core.events import SCHEMA_VERSION, TYPES, Event, location_path, parse_line, serialize
from kenning.core.fold import State, fold, unique
from kenning.core.secrets import redaction
from kenning.core.views.summary import render

from .conftest import LONG, Repo, World, crash, fake_aws_key_id, fake_github_token, figure, scale

# no shrinking (a failure names its input; shrinking st.randoms() data can take minutes and says
# little more); KEN_HYPOTHESIS_SHRINK=1 turns it back on
PHASES = [Phase.explicit, Phase.generate, *((Phase.shrink,) if os.environ.get("KEN_HYPOTHESIS_SHRINK") else ())]
settings.register_profile("ken-fast", deadline=None, database=None, derandomize=True, phases=PHASES,
                          suppress_health_check=list(HealthCheck))
settings.register_profile("ken-long", deadline=None, database=None, phases=PHASES,
                          suppress_health_check=list(HealthCheck))
PROFILE = os.environ.get("KEN_HYPOTHESIS_PROFILE") or ("ken-long" if LONG else "ken-fast")

# inputs per property: (fast, long); the long column sums to over 100,000
EXAMPLES = {"text": (600, 25000), "mutated": (1000, 30000), "fold": (200, 5000), "order": (150, 5000),
            "redact": (700, 20000), "rules": (150, 3000), "paths": (500, 10000), "cli": (150, 3000)}
COUNT: Counter[str] = Counter()


def fuzz(name: str) -> settings:
    return settings(settings.get_profile(PROFILE), max_examples=EXAMPLES[name][1 if LONG else 0])


FINDINGS: dict[str, dict[str, list[Any]]] = {}  # property -> category -> [count, first example]


class Finding(AssertionError):
    """A broken property: its category (one per kind of bug) and the input that showed it."""

    def __init__(self, category: str, example: str) -> None:
        super().__init__(f"{category}: {example}")
        self.category = category
        self.example = example


def collect(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Count each input of property ``name`` and record its findings instead of stopping."""
    def wrap(body: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(body)
        def run(*args: Any, **kwargs: Any) -> None:
            COUNT[name] += 1
            try:
                body(*args, **kwargs)
            except Finding as found:
                seen = FINDINGS.setdefault(name, {}).setdefault(found.category, [0, found.example])
                seen[0] += 1
        return run
    return wrap


def measure(name: str, prop: Callable[[], None], what: str | Callable[[], str]) -> None:
    """Run a property; report how many inputs it took and every kind of failure it met."""
    before = COUNT[name]
    prop()
    assert COUNT[name] > before, f"the {name} property ran on no input: it checked nothing"
    found = FINDINGS.get(name, {})
    if found:
        kinds = sorted(found.items(), key=lambda kv: -kv[1][0])
        figure(f"fuzz.{name}", f"{COUNT[name]} inputs ({PROFILE}): FAILED, {len(kinds)} kinds of failure: "
               + "; ".join(f"{category} (x{n})" for category, (n, _) in kinds))
        raise AssertionError(f"{len(kinds)} kinds of failure in {COUNT[name]} inputs:\n" + "\n".join(
            f"- {category} (x{n}), e.g. {example[:300]}" for category, (n, example) in kinds))
    figure(f"fuzz.{name}", f"{COUNT[name]} inputs ({PROFILE}): {what if isinstance(what, str) else what()}")


# -- events, valid and mutated (functions of a Random, so a seed replays them) -----------------------

WORDS = ["retry", "webhook", "naïve", "終わり", "lock", "x", "ünïcode ✓", "# heading", "-", "a\tb", "\u202e",
         "emoji 🙂"]
LOCATIONS = ["src/app.py", "src/other.py", "src/other.py:12", "docs/a b.md", "lib/ü.py"]
STAMPS = ["2026-01-01T00:00:00.000000Z", "2026-01-01T00:00:00.000001Z", "2026-03-04T05:06:07.080910Z",
          "2027-12-31T23:59:59.999999Z"]


def valid_event(rng: random.Random, ids: list[str] | None = None, issues: list[str] | None = None) -> dict[str, Any]:
    kind = rng.choice([*TYPES, "hypothesis"])
    data: dict[str, Any] = {
        "v": 1, "id": rng.choice(ids) if ids else "evt_" + rng.randbytes(10).hex(), "type": kind,
        "summary": " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))),
        "timestamp": rng.choice(STAMPS) if rng.random() < 0.5 else
        f"20{rng.randint(10, 40)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:"
        f"{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999999):06d}Z",
        "source": rng.choice(["cli", "mcp", "git", "import", "watcher"]),
    }
    if rng.random() < 0.6:
        data["location"] = rng.choice(LOCATIONS)
    if kind in ("issue", "attempt", "fix") or rng.random() < 0.2:
        data["issue_id"] = rng.choice(issues) if issues else "zzz" + rng.choice("abcdefgh") * 3
    if kind == "attempt":
        data["outcome"] = rng.choice(["worked", "failed", "partial", "failed"])
    if kind == "decision" and ids and rng.random() < 0.4:
        data["supersedes"] = rng.choice(ids)
    if kind in ("decision", "note") and rng.random() < 0.3:
        data["lesson"] = True
    if rng.random() < 0.3:
        data["details"] = "details " * rng.randint(1, 20)
    if kind == "snooze":
        data.update(until=rng.choice(STAMPS), paths=[rng.choice(LOCATIONS)], reason="later")
    return data


FIELDS = ["v", "id", "type", "summary", "details", "timestamp", "location", "issue_id", "outcome", "supersedes",
          "lesson", "source", "actor", "git_commit", "commit", "commit_message", "until", "paths", "reason",
          "touched", "reverts"]
WRONG = [0, -1, 1.5, 10 ** 30, True, False, None, [], ["a"], [1, 2], {}, {"a": {"b": [1, {"c": None}]}}, "", " ",
         "\x00", "\n", "a\x00b"]
BAD_TIMES = ["nope", "", "2024-13-01T00:00:00.000000Z", "2024-02-30T00:00:00.000000Z", "2024-01-01",
             "9999-99-99T99:99:99.999999Z", "0000-00-00T00:00:00.000000Z", "2024-01-01T24:00:00.000000Z",
             "２０２４-01-01T00:00:00.000000Z", "2099-01-01T00:00:00.000000Z", "1969-12-31T23:59:59.999999Z",
             "2024-01-01T00:00:00.000000+01:00", " 2024-01-01T00:00:00.000000Z"]
RAW_VALUES = ["1" * 5000, "1e999", "-1e999", "NaN", "Infinity", "-0", "[" * 3000 + "]" * 3000,
              '{"a":' * 2000 + "1" + "}" * 2000, '"\\ud800"', '"\\udfff\\ud800"', '"\\u0000"', "true", "null"]


def _mutate_fields(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    key = rng.choice(FIELDS)
    roll = rng.random()
    if roll < 0.35:
        data[key] = rng.choice(WRONG)
    elif roll < 0.5:
        data["timestamp" if rng.random() < 0.8 else "until"] = rng.choice(BAD_TIMES)
    elif roll < 0.6:
        data["v"] = rng.choice([99, 2, 0, -1, "1", 1.0, True, None, 10 ** 20])
    elif roll < 0.7:
        text = str(data.get("summary", ""))
        at = rng.randint(0, len(text))
        odd = rng.choice(["\x00", "\x1b[2K", "\r", "\n# Fake heading\n", "\u2028", "\x7f", "\ufeff"])
        data[rng.choice(["summary", "location", "id", "issue_id", "details"])] = text[:at] + odd + text[at:]
    elif roll < 0.8:
        data["location"] = rng.choice(["../../etc/passwd", "/etc/passwd", "..", "a\nb", "C:\\x", ".git/config", "",
                                       "~/x", "src/../../x"])
    elif roll < 0.9:
        data["type"] = rng.choice(["", "ISSUE", "note ", "hypothesis", "constructor", "__proto__"])
    else:
        data.pop(rng.choice(["id", "type", "timestamp", "summary", "v"]), None)
    return data


def mutated_line(rng: random.Random) -> bytes:
    """One log line (without its newline): a valid event, mutated at field, text or byte level."""
    data = valid_event(rng)
    for _ in range(rng.randint(0, 3)):
        data = _mutate_fields(rng, data)
    text = json.dumps(data, sort_keys=rng.random() < 0.5, ensure_ascii=rng.random() < 0.5,
                      separators=(",", ":"))
    roll = rng.random()
    if roll < 0.15:  # a raw value JSON's encoder cannot make: huge, nested, a lone surrogate escape
        key = rng.choice(FIELDS)
        text = text[:-1] + f',"{key}":{rng.choice(RAW_VALUES)}' + "}"
    elif roll < 0.2:
        text = "\ufeff" + text
    elif roll < 0.25:
        text = text[:-1] + ',"summary":5}'  # a duplicate key: the last one wins in json.loads
    elif roll < 0.3:
        text = rng.choice(["[]", "1", "null", '"text"', "{}", "", " ", "{" * 50])
    raw = text.encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.1:
        raw = raw[:rng.randint(0, len(raw))]
    elif roll < 0.2 and raw:
        pos = rng.randrange(len(raw))
        raw = raw[:pos] + bytes([rng.randrange(256)]) + raw[pos + 1:]
    elif roll < 0.25:
        raw += b"\r"
    return raw.replace(b"\n", b"\\n")


# -- the log reader -------------------------------------------------------------------------------------

KNOWN_TEXT = ("summary", "details", "reason", "commit_message", "location", "issue_id", "outcome", "supersedes",
              "source", "actor", "git_commit", "commit", "until")


def check_reader(line: str) -> Event | None:
    """``parse_line`` either refuses with ValueError or returns an event every projection can use."""
    try:
        event = parse_line(line)
    except ValueError:
        return None
    except Exception as err:  # noqa: BLE001 - the finding, with the line that caused it
        raise Finding(f"parse_line raised {type(err).__name__}", f"{err} on {line[:200]!r}") from err
    problem = unusable(event)
    if problem:
        raise Finding(problem, repr(line[:200]))
    return event


def unusable(event: Event) -> str | None:
    """What makes an accepted event unusable downstream, or None."""
    data = event.as_dict()
    for key in ("id", "type", "timestamp"):
        if not isinstance(data.get(key), str) or not data[key]:
            return f"accepted {key} as {type(data.get(key)).__name__}"
    version = data.get("v")
    if type(version) is not int or version > SCHEMA_VERSION:
        return f'accepted "v": {version!r}'
    for key in KNOWN_TEXT:
        if data.get(key) is not None and not isinstance(data[key], str):
            return f"accepted {key} as {type(data[key]).__name__}"
    try:
        serialize(event).encode("utf-8")  # it can be written back as UTF-8
    except UnicodeEncodeError:
        return "accepted text that cannot be written back as UTF-8"
    try:
        _ = (event.summary, event.details, event.location, event.path, event.paths(), event.issue_id, event.outcome,
             event.supersedes, event.lesson, event.source, event.git_commit, event.sort_key,
             event.cites("src/app.py"))
    except Exception as err:  # noqa: BLE001 - an accessor failing is the finding
        return f"an accessor raised {type(err).__name__}"
    return None


@fuzz("text")
@given(st.one_of(st.text(), st.text(st.characters(codec="utf-8")).map(lambda s: "{" + s),
                 st.binary().map(lambda b: b.decode("utf-8", "replace"))))
@collect("text")
def _reader_on_text(text: str) -> None:
    check_reader(text)


def test_parse_line_on_arbitrary_text() -> None:
    measure("text", _reader_on_text, "parse_line raised nothing but ValueError")


@fuzz("mutated")
@given(st.randoms(use_true_random=False))
@collect("mutated")
def _reader_on_mutated_lines(rng: random.Random) -> None:
    raw = mutated_line(rng)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return  # the reader skips a line that is not UTF-8 before parsing it
    check_reader(text)


def test_parse_line_on_mutated_event_lines() -> None:
    measure("mutated", _reader_on_mutated_lines,
            "wrong-typed fields, lone surrogates, NULs, invalid dates, huge numbers, nested objects, BOMs, cut "
            "and flipped bytes: parse_line refused them with ValueError or returned a usable event")


# -- the fold -------------------------------------------------------------------------------------------

HEADINGS = re.compile(r"^(# Project memory: .*|## (Project purpose|Failed attempts and reverts|Contradicting decisions|"
                      r"Open issues|Standing decisions|Lessons|"
                      r"Recently done|Notes|From git history|Key files)\b.*)$")


def summaries(state: State) -> tuple[str, str]:
    return render(state, "proj", "purpose", 6000), render(state, "proj", "purpose", None)


def check_no_injected_heading(text: str) -> None:
    for line in text.splitlines():
        if line.startswith("#") and not HEADINGS.match(line):
            raise Finding("an event made a heading", repr(line))


@fuzz("fold")
@given(st.lists(st.randoms(use_true_random=False), max_size=25))
@collect("fold")
def _fold_of_parsed_lines(rngs: list[random.Random]) -> None:
    events = []
    for rng in rngs:
        try:
            event = check_reader(mutated_line(rng).decode("utf-8"))
        except UnicodeDecodeError:
            continue
        if event is not None:
            events.append(event)
    for bounded in (True, False):
        try:
            state = fold(events, bounded=bounded)
            texts = summaries(state)
        except Exception as err:  # noqa: BLE001 - the finding
            raise Finding(f"fold/render raised {type(err).__name__}", f"{err}; events: {events!r:.300}") from err
        for text in texts:
            check_no_injected_heading(text)


def test_fold_never_raises_on_parsed_events() -> None:
    measure("fold", _fold_of_parsed_lines,
            "lists of up to 25 parsed (mutated) lines folded, bounded and full, and rendered: no exception, "
            "no event-made heading")


@st.composite
def event_sets(draw: Any) -> list[Event]:
    """Events that collide on purpose: few ids (duplicates that differ), few issue ids, tied
    timestamps, decisions superseding each other."""
    rng = draw(st.randoms(use_true_random=False))
    ids = ["evt_" + f"{n:020x}" for n in range(draw(st.integers(1, 12)))]
    issues = ["aaaa", "bbbb", "cccc"][:draw(st.integers(1, 3))]
    return [Event(valid_event(rng, ids, issues)) for _ in range(draw(st.integers(0, 30)))]


def state_of(state: State) -> Any:
    tables = {name: sorted(getattr(state, name).rows.items()) for name in
              ("open_issues", "fixes", "done_ids", "attempts", "decisions", "decided_lessons", "retired", "key_files")}
    return summaries(state), tables, json.dumps(state.short_fields(), sort_keys=True)


@fuzz("order")
@given(event_sets(), st.randoms(use_true_random=False))
@collect("order")
def _fold_is_order_independent(events: list[Event], rng: random.Random) -> None:
    shuffled = list(events)
    rng.shuffle(shuffled)
    if state_of(fold(events)) != state_of(fold(shuffled)):
        raise Finding("fold of a permutation differs", f"{events!r:.400}")
    # what the index does: apply each id once, in whatever order lines arrive
    incremental = State()
    once = unique(events)
    rng.shuffle(once)
    for event in once:
        incremental.apply(event)
    if state_of(incremental) != state_of(fold(events)):
        raise Finding("applying each event once, in another order, differs from the fold", f"{once!r:.400}")


def test_fold_is_order_independent() -> None:
    measure("order", _fold_is_order_independent,
            "sets of up to 30 colliding events (duplicate ids, shared issue ids, tied times, supersession): fold "
            "of a permutation and an incremental apply give the same state and summary")


# -- the redactor ---------------------------------------------------------------------------------------

SECRETS = [fake_github_token(random.Random(n)) for n in range(10)] + [fake_aws_key_id(random.Random(n))
                                                                         for n in range(10)]


def test_planted_secrets_are_recognized() -> None:
    for secret in SECRETS:
        assert secret not in redaction.redact(f"value {secret} here").text, secret


@fuzz("redact")
@given(st.text(), st.text(), st.sampled_from(SECRETS), st.text(st.characters(), max_size=3))
@collect("redact")
def _redactor(before: str, after: str, secret: str, glue: str) -> None:
    for text in (before, before + glue + after, f"{before} {secret} {after}"):
        result = redaction.redact(text)
        if not isinstance(result.text, str) or "error" in result.kinds:
            raise Finding("the scrubber failed (the text is lost)", repr(text[:300]))
        if redaction.redact(result.text).text != result.text:
            raise Finding("redaction is not idempotent", repr(text[:300]))
        if secret in text and secret in result.text:
            raise Finding("a planted secret survived", repr(text[:300]))


def test_redactor_never_raises_and_is_idempotent() -> None:
    measure("redact", _redactor, "arbitrary text and text around a planted ghp_/AKIA secret: redact never raised, "
            "was idempotent, and removed every planted secret")


@fuzz("rules")
@given(st.dictionaries(st.text(max_size=12), st.text(max_size=12), max_size=3),
       st.lists(st.text(max_size=12), max_size=3), st.text(max_size=200))
@collect("rules")
def _user_rules(patterns: dict[str, str], allowlist: list[str], text: str) -> None:
    try:
        rules = redaction.compile_rules(patterns, allowlist)
    except ValueError:
        return  # config.toml's [redaction] is refused with a message naming the entry
    except Exception as err:  # noqa: BLE001 - the finding
        raise Finding(f"compile_rules raised {type(err).__name__}", f"{patterns!r} {allowlist!r}") from err
    if not isinstance(redaction.redact(text, rules).text, str):
        raise Finding("redact returned no text", repr(text))


def test_redactor_with_arbitrary_user_rules() -> None:
    measure("rules", _user_rules, "arbitrary [redaction] patterns and allowlists: refused with ValueError or "
            "applied without raising")


# -- paths --------------------------------------------------------------------------------------------

SEGMENTS = ["..", ".", "src", "app.py", "link_out", "link_in", ".git", "", "~", "~nosuchuser", "a b", "ü",
            "\udcff", "\x00", "\n", ":12", "x:", "//", "\\..", ".kenning", "-", " "]


@st.composite
def raw_paths(draw: Any) -> str:
    if draw(st.booleans()):
        return draw(st.text(max_size=40))
    parts = draw(st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=6))
    lead = draw(st.sampled_from(["", "/", "./", "ROOT/", "~/"]))
    return lead + "/".join(parts)


def test_canonical_paths(world: World) -> None:
    root = world.base / "pathrepo"
    (root / "src").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "src" / "app.py").write_text("x = 1\n")
    outside = world.base / "outside"
    outside.mkdir()
    os.symlink(outside, root / "link_out")
    os.symlink(root / "src", root / "link_in")
    real_root = os.path.realpath(root)
    cwds = [root, root / "src", outside]

    @fuzz("paths")
    @given(raw_paths(), st.sampled_from(cwds), st.booleans())
    @collect("paths")
    def check(raw: str, cwd: Path, with_line: bool) -> None:
        raw = raw.replace("ROOT/", str(root) + "/")
        try:
            result = canonical_location(root, raw, cwd) if with_line else canonical_path(root, raw, cwd)
        except InvalidInput:
            return
        except Exception as err:  # noqa: BLE001 - the finding, with the path that caused it
            raise Finding(f"{type(err).__name__} instead of InvalidInput", f"{err} on {raw!r}") from err
        rel = location_path(result) if with_line else result  # as every reader of a location splits it
        shown = f"{raw!r} -> {result!r}"
        if not rel or rel.startswith("/") or ".." in rel.split("/") or rel == ".":
            raise Finding("not a repository-relative path", shown)
        if rel == ".git" or rel.startswith(".git/"):
            raise Finding("a path inside .git", shown)
        if "\x00" in rel or "\n" in rel:
            raise Finding("a location that cannot be one line", shown)
        try:
            result.encode("utf-8")
        except UnicodeEncodeError:
            raise Finding("a result the UTF-8 log cannot hold", shown) from None
        real = os.path.realpath(os.path.join(root, rel))
        if real != real_root and not real.startswith(real_root + os.sep):
            raise Finding("a result outside the repository", shown)

    measure("paths", check, "arbitrary and composed paths (.., absolute, ~, symlinks out and in, .git, NUL, "
            "newline, undecodable bytes): a clean repository-relative result or InvalidInput, nothing else")


# -- the CLI, in-process ----------------------------------------------------------------------------------

# mcp and watch serve until stopped, hook is run by git; hostile input to them is in test_hostile_input
SKIPPED = {"mcp", "watch", "hook"}
COMMANDS = ["init", "backfill", "audit", "issue", "attempt", "fix", "decide", "note", "show", "issues", "search",
            "summary", "regenerate", "plan", "redact", "doctor", "precheck", "context", "brief", "score", "lessons",
            "export", "projects", "hooks"]
FLAGS = ["--json", "--at", "--details", "--issue", "--failed", "--worked", "--partial", "--diff", "--supersedes",
         "--lesson", "--now", "--all", "--type", "--limit", "--full", "--strict", "--snooze", "--reason", "--lines",
         "--tokens", "--library", "--claude-md", "--agents-md", "--name", "--alias", "--agent", "--since", "--days",
         "--controls", "--private", "--no-hooks", "--no-backfill", "--backfill-days", "--no-register", "--help",
         "list", "add", "remove", "use", "install", "uninstall", "status", "forget"]
VALUES = ["", " ", "abc", "-1", "0", "99999999999999999999", "1e9", "nan", "src/app.py", "../outside", "/etc/passwd",
          "src/app.py:0", "src/app.py:-1", "evt_", "evt_" + "f" * 20, "#", "zzzz", "7d", "0d", "2030-13-01",
          "2030-06-30T12:00:00Z", "x\n# Fake heading", "\x1b[2J", "\udcff\udcfe", "ü" * 50, "x" * 3000, "-", "--",
          "issue", "note", "decision", "claude", "1y"]


def _no_nul(argv: list[str]) -> bool:
    return not any("\x00" in a for a in argv)  # a real argv cannot hold NUL


ARGV = st.one_of(
    st.lists(st.text(max_size=20), max_size=5),
    st.tuples(st.sampled_from(COMMANDS), st.lists(st.one_of(st.sampled_from(FLAGS), st.sampled_from(VALUES),
                                                            st.text(max_size=12)), max_size=6))
    .map(lambda t: [t[0], *t[1]]),
).filter(lambda a: _no_nul(a) and not (a and a[0] in SKIPPED))


def test_cli_main_with_arbitrary_argv(world: World) -> None:
    repo = world.repo()
    issue = repo.json("issue", "seed issue", "--at", "src/app.py")["issue_id"]
    repo.ok("attempt", "seed attempt", "--failed", "--issue", issue)
    codes: Counter[int] = Counter()

    @fuzz("cli")
    @given(ARGV)
    @collect("cli")
    def check(argv: list[str]) -> None:
        before = repo.log_bytes()
        r = repo.inproc(*argv)
        codes[r.returncode] += 1
        if not isinstance(r.returncode, int) or crash(r):
            raise Finding(f"crash: {crash(r)}", r.describe())
        if r.returncode != 0 and repo.log_bytes() != before:
            raise Finding("a failed command wrote to the log", r.describe())

    measure("cli", check, lambda: "argv lists for kenning.cli.main.main in a real repository: exit codes "
            + ", ".join(f"{code}: {n}" for code, n in sorted(codes.items()))
            + "; no traceback, nothing written by a failed command")


# -- mutated lines in a real log, read by real processes ------------------------------------------------


READERS = (["summary"], ["precheck", "src/app.py", "--json"], ["search", "retry"], ["issues", "--all", "--json"],
           ["search", "", "--json", "--limit", "1000"], ["doctor"], ["note", "after the garbage"],
           ["summary", "--full"], ["precheck", "src/app.py", "--strict"])


def culprit(world: World, template: Repo, lines: list[bytes], args: list[str], n: int) -> bytes | None:
    """The first of ``lines`` that alone makes ``ken ARGS`` crash (in-process, on a copy)."""
    probe = world.copy(template, f"culprit{n}")
    base = probe.log_bytes()
    for line in lines:
        probe.log.write_bytes(base + line)
        if crash(probe.inproc(*args)):
            return line
    return None


def test_mutated_lines_in_a_real_log(world: World) -> None:
    template = world.repo("template")
    issue = template.json("issue", "charges twice", "--at", "src/app.py")["issue_id"]
    for n in range(3):
        template.ok("attempt", f"failed try {n}", "--failed", "--issue", issue, "--at", "src/app.py")
    template.ok("decide", "keep retries idempotent", "--at", "src/app.py")
    rounds, per_round = scale(3, 25), 40
    kinds: dict[str, list[Any]] = {}  # kind of problem -> [count, an example]
    for n in range(rounds):
        rng = random.Random(9000 + n)
        repo: Repo = world.copy(template, f"round{n}")
        # src/app.py is the template's blocked file: a random line that happens to be a valid snooze
        # or fix of it would change the verdict for a good reason, so the lines name other files
        lines = [mutated_line(rng).replace(b"src/app.py", b"src/new.py") + b"\n" for _ in range(per_round)]
        repo.log.write_bytes(repo.log_bytes() + b"".join(lines))
        for args in READERS:
            r = repo.ken(*args)
            if crash(r):
                kind = f"`ken {args[0]}` crashed: {r.stderr.strip()[:160]}"
                if kind not in kinds:
                    kinds[kind] = [0, f"the line: {culprit(world, template, lines, args, n)!r:.300}"]
            elif args[0] in ("summary", "search", "issues", "note") and r.returncode != 0:
                kind = f"`ken {args[0]}` did not answer a good log with bad lines in it"
            elif args[-1] == "--strict" and r.returncode != 1:
                kind = "bad lines turned the gate off (3 failed attempts, no block)"
            else:
                continue
            kinds.setdefault(kind, [0, r.describe()])[0] += 1
        if b"".join(lines) not in repo.log_bytes():
            kinds.setdefault("bytes of bad lines were removed from the log", [0, ""])[0] += 1
    figure("fuzz.real", f"{rounds} logs with {per_round} mutated lines each, read by {len(READERS)} real `ken` "
           f"commands each: {sum(k[0] for k in kinds.values())} problems of {len(kinds)} kinds")
    assert not kinds, "\n".join(f"- {kind} (x{n}), e.g. {example}" for kind, (n, example) in kinds.items())
