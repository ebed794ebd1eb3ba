"""Declarations of the commands that read the memory (and the few that rebuild or check it):
``show``, ``issues``, ``search``, ``summary``, ``regenerate``, ``plan``, ``instructions``, ``map``,
``stats``, ``visualize``, ``dashboard``, ``redact``, ``doctor``."""

from __future__ import annotations

from kenning.cli.spec import Arg, Command, table
from kenning.core.defaults import SEARCH_LIMIT
from kenning.core.events import TYPES

_OPEN = Arg("--open", action="store_true", help="open the page in the default browser")

DECLARED = table([
    Command(
        "show", "Show an issue (id or prefix) or an event.", "kenning.cli.commands:show",
        Arg("ref", metavar="ID"),
        common=("json",),
        examples=("ken show k7q2            # an issue with its attempts and fix; or an event id",),
        readme=(("`ken show ID`",
                 "an issue (`k7q2`, `#k7q2` or a prefix) with its attempts and fixes, or one event"),)),
    Command(
        "issues", "List open issues (--all: done ones too).", "kenning.cli.commands:issues",
        Arg("--all", action="store_true", help="include done issues"),
        common=("json",),
        examples=("ken issues --all",),
        readme=(("`ken issues [--all]`", "open issues (with `--all`, done ones too)"),)),
    Command(
        "search", 'Search events: every word, in any form; "quoted words" as a phrase.', "kenning.cli.commands:search",
        Arg("query", nargs="?", default=""),
        Arg("--type", choices=TYPES),
        Arg("--at", metavar="PATH", help="only events located in this file"),
        Arg("--limit", type=int, default=SEARCH_LIMIT),
        common=("json",),
        examples=('ken search "idempotency" --type decision',),
        readme=(("`ken search QUERY [--type T] [--at PATH] [--limit N]`",
                 'events holding every word in any of its forms (`proxies` finds proxy), `"quoted words"` side by '
                 "side, the best match first; see [docs/views.md](docs/views.md#ken-search-query)"),)),
    Command(
        "summary", "Print the session-start summary.", "kenning.cli.commands:summary",
        Arg("--full", action="store_true", help="print everything, without the budget"),
        common=("json",),
        examples=("ken summary --full",),
        readme=(("`ken summary [--full]`",
                 "the budgeted summary (same text as `.kenning/summary.md`); `--full` is unbounded"),)),
    Command(
        "regenerate", "Rebuild the index and summary.md from the log.", "kenning.cli.commands:regenerate",
        examples=("ken regenerate           # rebuild the index and summary.md from the log",),
        readme=(("`ken regenerate`", "rebuild the index and `summary.md` from the log"),)),
    Command(
        "plan", "Print .kenning/plan.md, or append an idea to it (it is intent, never an event).",
        "kenning.cli.commands:plan",
        Arg("idea", nargs="?", help="append this as a bullet under the plan's Ideas heading"),
        common=("json",),
        examples=('ken plan "Move the retry queue to Redis"   # append an idea; `ken plan` alone prints the plan',),
        readme=(('`ken plan ["IDEA"]`',
                 "print `.kenning/plan.md`; with an idea, append it as a bullet under the plan's `## Ideas` heading "
                 "(added when missing), redacted like every write; the plan is intent, edited directly, never an "
                 "event"),)),
    Command(
        "instructions", "Print the agent protocol, .kenning/AI_INSTRUCTIONS.md.", "kenning.cli.commands:instructions",
        common=("json",),
        examples=("ken instructions           # the agent protocol, .kenning/AI_INSTRUCTIONS.md",),
        readme=(("`ken instructions`", "print the agent protocol, `.kenning/AI_INSTRUCTIONS.md`"),)),
    Command(
        "map", "Print the project map, .kenning/PROJECT_MAP.md (edit its Purpose directly); --build derives the "
        "code map: source files and their import edges.", "kenning.cli.commands:project_map",
        Arg("--build", action="store_true", help="build or update the code map (.kenning/cache/codemap.json) from "
            "the tracked source files; only changed files are read again"),
        common=("now", "json"),
        examples=("ken map --build            # the code map: source files and their import edges",
                  "ken map                    # the project map, .kenning/PROJECT_MAP.md (and the most imported "
                  "files)"),
        readme=(
            ("`ken map`",
             "print the project map, `.kenning/PROJECT_MAP.md` (its *Purpose* is yours to edit); once a code map is "
             "built, a *Code structure* section follows it: size, languages, the most imported files (`--json`: "
             "`code_structure`, beside the file's text)"),
            ("`ken map --build [--json]`",
             "build or update the code map, `.kenning/cache/codemap.json`: every tracked source file (Python, "
             "JavaScript/TypeScript, Go, Rust, C/C++) and its import edges, read from the text, never executed; a "
             "rebuild reads only the files whose size or modification time changed; see "
             "[docs/codemap.md](docs/codemap.md)"),
        )),
    Command(
        "stats", "Counts of the memory: events by type, issues, decisions, lessons, key files, derived and "
        "hand-written events, log and index size.", "kenning.cli.commands:stats",
        common=("json",),
        examples=("ken stats --json",),
        readme=(("`ken stats`",
                 "the size of the memory: events by type, written by hand and derived from git, open and done issues, "
                 "decisions (standing), lessons, the files events cite (most cited first), the log's and the index's "
                 "size on disk"),)),
    Command(
        "visualize", "Write one self-contained HTML page of this project's memory: failure heat map, timeline, "
        "issue lifecycles, decisions, code map, gate activity (no network needed).", "kenning.cli.commands:visualize",
        Arg("-o", "--output", metavar="FILE", help="where to write the page (default .kenning/local/visualize.html)"),
        _OPEN,
        common=("now", "json"),
        examples=("ken visualize --open       # one page: heat map, timeline, issues, decisions, code map, gate",
                  "ken visualize -o memory.html --now 2031-01-01T00:00:00Z   # the same memory, the same bytes"),
        readme=(("`ken visualize [-o FILE] [--open] [--json]`",
                 "write one self-contained HTML page of this project's memory (default "
                 "`.kenning/local/visualize.html`; the path is printed): a failure heat map by file (failed attempts, "
                 "reverts, open issues, churn) linking to each file's history, a timeline filterable by type and file "
                 "with a search box, issue lifecycles, decisions with the superseded ones struck through, the code "
                 "map coloured by heat, the gate's activity and the last `ken audit`; no network request, readable "
                 "with scripts off, the same bytes for the same memory and `--now`; see "
                 "[docs/visualize.md](docs/visualize.md)"),)),
    Command(
        "dashboard", "Write one HTML page with every registered project side by side: counts, open issues, hottest "
        "files, lessons, read from each project now.", "kenning.cli.commands:dashboard",
        Arg("-o", "--output", metavar="FILE", help="where to write the page (default KEN_HOME/dashboard.html)"),
        _OPEN,
        common=("now", "json"),
        examples=("ken dashboard -o ~/kenning.html   # every registered project side by side",),
        readme=(("`ken dashboard [-o FILE] [--open] [--json]`",
                 "write one HTML page with every registered project side by side (default "
                 "`KEN_HOME/dashboard.html`): counts, open issues, hottest files, lessons, read from each project "
                 "when the page is made; a project whose folder is gone or whose memory cannot be read gets one line "
                 "saying why"),)),
    Command(
        "redact", "Scrub secrets from stdin to stdout, exactly as writes do.", "kenning.cli.commands:redact",
        examples=("git diff | ken redact",), data_out=True,
        readme=(("`ken redact`", "filter stdin to stdout with exactly the redaction writes use"),)),
    Command(
        "verify", "Check each memory that cites lines against the code now: verified, moved, changed or gone.",
        "kenning.cli.commands:verify",
        Arg("ids", nargs="*", metavar="ID", help="the memories to check (ids or unique prefixes); all by default"),
        Arg("--strict", action="store_true", help="exit 1 when any cited code changed or is gone"),
        common=("json",),
        examples=("ken verify --strict            # in CI: fail when a memory's code changed under it",),
        readme=(("`ken verify [ID...] [--json] [--strict]`",
                 "each memory written with `--at PATH:LINE` or `PATH:START-END`, checked against the code now: "
                 "`verified` (the lines are there, perhaps at other numbers), `moved` (in another file), "
                 "`changed`, `gone` (with the commit that changed them); `--strict` exits 1 on changed or gone; "
                 "see [docs/citations.md](docs/citations.md)"),)),
    Command(
        "doctor", "Check the log (malformed lines, duplicate ids, what a merge left) and the hooks and MCP clients; "
        "--fix repairs the log by appending.", "kenning.cli.commands:doctor",
        Arg("--fix", action="store_true", help="repair what appending can: recover events glued to other bytes, end "
            "a cut-off last line, mark the log merge=union in .gitattributes; never rewrites a byte"),
        common=("json",),
        examples=("ken doctor --fix            # after a merge: report, then repair by appending",),
        readme=(("`ken doctor [--fix]`",
                 "report malformed lines (with the reason), torn tails, quarantined bytes, duplicate ids, double "
                 "supersessions, events dated in the future, fixes that were later reverted, what a merge left "
                 "(events glued to other bytes, conflict markers, repeated lines: one line each, with its line "
                 "number) and whether the log merges as a union, and MCP client configs; exits 1 only for a problem "
                 "`--fix` or you can mend (what nobody can change, such as a fix that upstream history reverted, is "
                 "listed as information); `--fix` repairs by appending only (glued events on lines of their own, a "
                 "newline after a torn last line, the `merge=union` lines in `.gitattributes`); see "
                 "[docs/team.md](docs/team.md)"),)),
])
