"""``core.codemap.resolve``: where each language's specs point in a file set given as a literal, and the
configuration facts (go.mod, tsconfig, package.json, Cargo.toml) read from text."""

from __future__ import annotations

from kenning.core.codemap.imports import language
from kenning.core.codemap.resolve import Layout, edges, header_languages, is_local, link, parse_jsonc, resolve


def layout(*paths: str, configs: dict[str, str] | None = None) -> Layout:
    return Layout({p: language(p) or "" for p in paths}, configs)


def test_python_absolute_from_the_root_and_the_src_root() -> None:
    tree = layout("src/pay/__init__.py", "src/pay/ledger.py", "src/pay/webhook.py", "src/pay/db/__init__.py")
    assert resolve("src/pay/webhook.py", "src.pay.ledger", "python", tree) == ("src/pay/ledger.py",)
    assert resolve("src/pay/webhook.py", "pay.ledger", "python", tree) == ("src/pay/ledger.py",)
    assert resolve("src/pay/webhook.py", "pay.db", "python", tree) == ("src/pay/db/__init__.py",)
    # `from pay.ledger import Charge`: the longest module name that resolves
    assert resolve("src/pay/webhook.py", "pay.ledger.Charge", "python", tree) == ("src/pay/ledger.py",)
    assert resolve("src/pay/webhook.py", "os.path", "python", tree) == ()
    assert resolve("src/pay/webhook.py", "requests", "python", tree) == ()


def test_python_relative_imports_from_the_importers_package() -> None:
    tree = layout("app/__init__.py", "app/core/__init__.py", "app/core/errors.py", "app/pay/__init__.py",
                  "app/pay/util.py", "app/pay/webhook.py", "app/settings.py")
    hook = "app/pay/webhook.py"
    assert resolve(hook, ".util", "python", tree) == ("app/pay/util.py",)
    assert resolve(hook, "..core.errors.KenError", "python", tree) == ("app/core/errors.py",)
    assert resolve(hook, "..settings", "python", tree) == ("app/settings.py",)
    assert resolve(hook, ".", "python", tree) == ("app/pay/__init__.py",)
    assert resolve(hook, ".missing", "python", tree) == ("app/pay/__init__.py",)  # `from . import name`
    assert resolve(hook, "....too.far", "python", tree) == ()


def test_python_package_roots_scripts_and_monorepo_packages() -> None:
    tree = layout("packages/billing/src/billing/__init__.py", "packages/billing/src/billing/invoice.py",
                  "packages/api/src/api/__init__.py", "packages/api/src/api/routes.py", "tests/conftest.py",
                  "tests/machine.py")
    routes = "packages/api/src/api/routes.py"
    assert resolve(routes, "api", "python", tree) == ("packages/api/src/api/__init__.py",)
    assert resolve(routes, "billing.invoice", "python", tree) == ("packages/billing/src/billing/invoice.py",)
    assert resolve("tests/conftest.py", "machine", "python", tree) == ("tests/machine.py",)


def test_javascript_relative_specs_extensions_and_index_files() -> None:
    tree = layout("web/app.ts", "web/util.ts", "web/components/index.tsx", "web/types.d.ts", "web/legacy.js",
                  "web/esm.ts", "lib/server.mjs")
    assert resolve("web/app.ts", "./util", "typescript", tree) == ("web/util.ts",)
    assert resolve("web/app.ts", "./components", "typescript", tree) == ("web/components/index.tsx",)
    assert resolve("web/app.ts", "./types", "typescript", tree) == ("web/types.d.ts",)
    assert resolve("web/app.ts", "./legacy.js", "typescript", tree) == ("web/legacy.js",)
    assert resolve("web/app.ts", "./esm.js", "typescript", tree) == ("web/esm.ts",)  # TypeScript's ESM spelling
    assert resolve("web/app.ts", "../lib/server.mjs", "typescript", tree) == ("lib/server.mjs",)
    assert resolve("web/app.ts", "../../outside", "typescript", tree) == ()
    assert resolve("web/app.ts", "react", "typescript", tree) == ()


def test_typescript_paths_and_base_url_from_the_nearest_config() -> None:
    configs = {
        "tsconfig.base.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["libs/shared/*"]}}}',
        "apps/web/tsconfig.json": """{
          // comments and trailing commas, as tsconfig allows
          "extends": "../../tsconfig.base.json",
          "compilerOptions": {"baseUrl": "src", "paths": {"@/*": ["./*"], "config": ["./config/index.ts"],},},
        }""",
    }
    tree = layout("apps/web/src/pages/home.tsx", "apps/web/src/lib/fetch.ts", "apps/web/src/config/index.ts",
                  "apps/web/src/store.ts", "libs/shared/date.ts", configs=configs)
    home = "apps/web/src/pages/home.tsx"
    assert resolve(home, "@/lib/fetch", "typescript", tree) == ("apps/web/src/lib/fetch.ts",)
    assert resolve(home, "config", "typescript", tree) == ("apps/web/src/config/index.ts",)
    assert resolve(home, "store", "typescript", tree) == ("apps/web/src/store.ts",)  # baseUrl
    assert resolve(home, "@shared/date", "typescript", tree) == ()  # the child's paths replace the parent's
    assert resolve("libs/shared/date.ts", "@shared/date", "typescript", tree) == ()  # no config applies there


def test_workspace_packages_by_their_package_json_name() -> None:
    configs = {"packages/ui/package.json": '{"name": "@acme/ui", "main": "dist/index.js"}'}
    tree = layout("packages/ui/src/index.ts", "packages/ui/src/button.tsx", "apps/web/main.ts", configs=configs)
    assert resolve("apps/web/main.ts", "@acme/ui", "typescript", tree) == ("packages/ui/src/index.ts",)
    assert resolve("apps/web/main.ts", "@acme/ui/button", "typescript", tree) == ("packages/ui/src/button.tsx",)


def test_go_module_paths_name_every_non_test_file_of_the_package() -> None:
    tree = layout("go.mod", "cmd/shop/main.go", "internal/pay/pay.go", "internal/pay/refund.go",
                  "internal/pay/pay_test.go", "vendor/github.com/x/y/y.go",
                  configs={"go.mod": "module github.com/acme/shop\n\ngo 1.22\n"})
    main = "cmd/shop/main.go"
    assert resolve(main, "github.com/acme/shop/internal/pay", "go", tree) == (
        "internal/pay/pay.go", "internal/pay/refund.go")
    assert resolve(main, "github.com/acme/shop/internal/nope", "go", tree) == ()
    assert resolve(main, "github.com/x/y", "go", tree) == ("vendor/github.com/x/y/y.go",)
    assert resolve(main, "fmt", "go", tree) == ()
    assert is_local("github.com/acme/shop/internal/nope", "go", tree)
    assert not is_local("github.com/stripe/stripe-go", "go", tree)


def test_rust_mod_declarations_follow_the_mod_rs_rules() -> None:
    tree = layout("src/main.rs", "src/config.rs", "src/net/mod.rs", "src/net/http.rs", "src/ledger.rs",
                  "src/ledger/entry.rs", "src/bin/tool.rs", "src/bin/helper.rs", "src/platform/unix.rs")
    assert resolve("src/main.rs", "mod:config", "rust", tree) == ("src/config.rs",)
    assert resolve("src/main.rs", "mod:net", "rust", tree) == ("src/net/mod.rs",)
    assert resolve("src/net/mod.rs", "mod:http", "rust", tree) == ("src/net/http.rs",)
    assert resolve("src/ledger.rs", "mod:entry", "rust", tree) == ("src/ledger/entry.rs",)  # non-mod.rs file
    assert resolve("src/bin/tool.rs", "mod:helper", "rust", tree) == ("src/bin/helper.rs",)
    assert resolve("src/main.rs", "path:platform/unix.rs", "rust", tree) == ("src/platform/unix.rs",)
    assert resolve("src/main.rs", "mod:missing", "rust", tree) == ()


def test_rust_use_paths_name_the_deepest_module_file() -> None:
    configs = {"crates/util/Cargo.toml": '[package]\nname = "acme-util"\n'}
    tree = layout("src/lib.rs", "src/net/mod.rs", "src/net/http.rs", "src/ledger.rs", "src/ledger/entry.rs",
                  "crates/util/src/lib.rs", "crates/util/src/time.rs", configs=configs)
    assert resolve("src/ledger/entry.rs", "use:crate::net::http::Client", "rust", tree) == ("src/net/http.rs",)
    assert resolve("src/ledger/entry.rs", "use:crate::Error", "rust", tree) == ("src/lib.rs",)
    assert resolve("src/ledger/entry.rs", "use:super::Ledger", "rust", tree) == ("src/ledger.rs",)
    assert resolve("src/net/http.rs", "use:super::super::ledger::entry", "rust", tree) == ("src/ledger/entry.rs",)
    assert resolve("src/ledger.rs", "use:self::entry::Entry", "rust", tree) == ("src/ledger/entry.rs",)
    assert resolve("src/lib.rs", "use:net::http", "rust", tree) == ("src/net/http.rs",)
    assert resolve("src/lib.rs", "use:acme_util::time::now", "rust", tree) == ("crates/util/src/time.rs",)
    assert resolve("src/lib.rs", "crate:acme_util", "rust", tree) == ("crates/util/src/lib.rs",)
    assert resolve("src/lib.rs", "use:std::collections::HashMap", "rust", tree) == ()


def test_c_includes_beside_the_includer_then_include_roots_then_by_path_suffix() -> None:
    tree = layout("src/pay/ledger.c", "src/pay/ledger.h", "include/acme/api.h", "src/util.h",
                  "third_party/zlib/zlib.h", "lib/a/include/a/x.h", "lib/b/include/a/x.h", "lib/a/src/x.c",
                  "compat/stdio.h")
    ledger = "src/pay/ledger.c"
    assert resolve(ledger, '"ledger.h"', "c", tree) == ("src/pay/ledger.h",)
    assert resolve(ledger, '"acme/api.h"', "c", tree) == ("include/acme/api.h",)
    assert resolve(ledger, '"util.h"', "c", tree) == ("src/util.h",)
    assert resolve(ledger, '"../util.h"', "c", tree) == ("src/util.h",)
    assert resolve(ledger, "<zlib.h>", "c", tree) == ("third_party/zlib/zlib.h",)
    assert resolve("lib/a/src/x.c", '"a/x.h"', "c", tree) == ("lib/a/include/a/x.h",)  # the nearer copy
    assert resolve(ledger, "<stdio.h>", "c", tree) == ()  # the C library's, not the project's compat copy
    assert resolve(ledger, '"generated/config.h"', "c", tree) == ()
    assert resolve(ledger, "<vector>", "cpp", tree) == ()


def test_link_gives_each_importer_its_sorted_distinct_targets_without_itself_and_its_unresolved_locals() -> None:
    tree = layout("pkg/__init__.py", "pkg/a.py", "pkg/b.py", "web/app.ts", "web/util.ts")
    specs = {"pkg/__init__.py": [".", ".a"], "pkg/a.py": [".b", "pkg.b", "os", ".gone"],
             "web/app.ts": ["./util", "./missing", "./app.css", "react"]}
    linked = link(specs, tree)
    assert linked == {"pkg/__init__.py": (("pkg/a.py",), 0), "pkg/a.py": (("pkg/__init__.py", "pkg/b.py"), 0),
                      "web/app.ts": (("web/util.ts",), 1)}  # ".gone" is the package; the asset and react not code
    assert edges({path: targets for path, (targets, _) in linked.items()}) == (
        ("pkg/__init__.py", "pkg/a.py"), ("pkg/a.py", "pkg/__init__.py"), ("pkg/a.py", "pkg/b.py"),
        ("web/app.ts", "web/util.ts"))


def test_a_header_only_cpp_files_include_is_cpp() -> None:
    files = {"a.cpp": "cpp", "a.h": "c", "deep.h": "c", "b.c": "c", "b.h": "c", "shared.h": "c", "alone.h": "c"}
    imports = {"a.cpp": ["a.h", "shared.h"], "a.h": ["deep.h"], "b.c": ["b.h", "shared.h"]}
    assert header_languages(files, imports) == {**files, "a.h": "cpp", "deep.h": "cpp"}


def test_jsonc_is_read_without_its_comments_and_trailing_commas() -> None:
    assert parse_jsonc('{"a": "http://x//y", /* c */ "b": [1, 2,], // d\n}') == {"a": "http://x//y", "b": [1, 2]}
    assert parse_jsonc("not json") == {}
    assert parse_jsonc("[1]") == {}
