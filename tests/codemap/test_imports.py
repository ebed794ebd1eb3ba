"""``core.codemap.imports``: the import specs each language's scanner reads from realistic source text,
and the ones it must not read (in comments, docstrings, strings)."""

from __future__ import annotations

import pytest

from kenning.core.codemap.imports import import_specs, language


@pytest.mark.parametrize(("path", "expected"), [
    ("src/a.py", "python"), ("web/App.tsx", "typescript"), ("web/x.d.ts", "typescript"), ("a.mts", "typescript"),
    ("web/app.jsx", "javascript"), ("server.mjs", "javascript"), ("conf.cjs", "javascript"), ("cmd/main.go", "go"),
    ("src/lib.rs", "rust"), ("lib/x.c", "c"), ("lib/x.h", "c"), ("lib/x.cc", "cpp"), ("lib/x.HPP", "cpp"),
    ("lib/x.ipp", "cpp"), ("README.md", None), ("Makefile", None), (".py", None), ("a.py.orig", None),
])
def test_language_comes_from_the_extension(path: str, expected: str | None) -> None:
    assert language(path) == expected


def test_python_absolute_relative_and_from_imports() -> None:
    text = '''"""Webhook handling.

import not_this  (a docstring)
from neither import this
"""
from __future__ import annotations

import os, sys as system
import json.decoder
from src.pay import ledger
from . import util
from .models import Charge, Refund as R
from ..core.errors import (
    KenError,  # the base
    InvalidInput,
)
from .. import settings
from .star import *
import a.b \\
    , c.d

# import commented_out
x = "import in_a_string"
y = """
from in_a_block import nothing
"""

def handler():
    import lazy.loaded  # imports inside functions count
    if True: import inline; import after_semicolon
'''
    assert import_specs("src/pay/webhook.py", text) == (
        "..core.errors.InvalidInput", "..core.errors.KenError", "..settings", ".models.Charge", ".models.Refund",
        ".star", ".util", "__future__.annotations", "a.b", "after_semicolon", "c.d", "json.decoder", "lazy.loaded",
        "os", "src.pay.ledger", "sys")


def test_python_ignores_what_only_looks_like_an_import() -> None:
    text = "importlib.import_module('x')\nraise Error from err\nyield_from = 1\nprint('from x import y')\n"
    assert import_specs("a.py", text) == ()


def test_javascript_every_import_form() -> None:
    text = """import React, { useState } from 'react';
import type { User } from "./types";
import * as api from '../api/client.js';
import './styles.css';
import {
  a,
  b as c,
} from "@acme/ui/button";
export { helper } from './helpers';
export * from "./all";
export * as ns from './ns';
const fs = require('fs');
const lazy = () => import('./lazy/page');
const tpl = import(`./template`);
// import nope from './commented';
/* import alsoNope from './block';
   require('./block-too') */
const s = "import x from './in-a-string'";
const t = `require('./in-a-template')`;
obj.require('./a-method-not-require');
export default function from() {}
"""
    assert import_specs("web/app.tsx", text) == (
        "../api/client.js", "./all", "./helpers", "./lazy/page", "./ns", "./styles.css", "./template", "./types",
        "@acme/ui/button", "fs", "react")


def test_go_single_grouped_and_aliased_imports() -> None:
    text = '''// Package pay handles charges.
package pay

// import "commented/out"
import "fmt"

import (
	"context"
	stripe "github.com/stripe/stripe-go/v76"
	_ "embed"
	. "github.com/acme/shop/internal/testutil" // dot import
	// "github.com/acme/shop/old"
	"github.com/acme/shop/internal/ledger"
)

var s = "import \\"not/this\\""
var r = `import "nor/this"`
'''
    assert import_specs("pay/pay.go", text) == (
        "context", "embed", "fmt", "github.com/acme/shop/internal/ledger", "github.com/acme/shop/internal/testutil",
        "github.com/stripe/stripe-go/v76")


def test_rust_mod_use_trees_and_extern_crate() -> None:
    text = '''//! The crate root.
extern crate serde;
mod config;
pub mod ledger;
pub(crate) mod http;
#[path = "platform/unix.rs"]
mod platform;
mod tests { }
// mod commented;
/* use crate::block::Comment; */

use std::collections::HashMap;
use crate::config::Settings;
use crate::{ledger::{self, Entry as E}, http::*};
use super::parent::Thing;
use self::config::load;
pub use ::serde_json::Value;

fn f<'a>(x: &'a str) -> char {
    let s = "use crate::in_string::No;";
    let r = r#"mod raw_string;"#;
    '"'
}
'''
    assert import_specs("src/lib.rs", text) == (
        "crate:serde", "mod:config", "mod:http", "mod:ledger", "path:platform/unix.rs", "use:crate::config::Settings",
        "use:crate::http", "use:crate::ledger", "use:crate::ledger::Entry", "use:self::config::load",
        "use:serde_json::Value", "use:std::collections::HashMap", "use:super::parent::Thing")


def test_c_and_cpp_includes() -> None:
    text = '''/* A module.
#include "in_a_comment.h"
*/
#include <stdio.h>
#include "pay/ledger.h"
  #  include   "spaced.h"
// #include "commented.h"
#import <Foundation/Foundation.h>
#include_next <limits.h>
const char *s = "#include \\"in_a_string.h\\"";
'''
    assert import_specs("src/pay.c", text) == (
        '"pay/ledger.h"', '"spaced.h"', "<Foundation/Foundation.h>", "<limits.h>", "<stdio.h>")


def test_no_scanner_no_specs_and_nothing_is_evaluated() -> None:
    assert import_specs("README.md", "import os\n") == ()
    assert import_specs("a.py", "") == ()
    assert import_specs("a.py", "__import__('os').system('false')\nexec('import x')\n") == ()


def test_specs_are_distinct_and_sorted() -> None:
    assert import_specs("a.py", "import b\nimport a\nimport b\n") == ("a", "b")


def test_a_long_file_is_read_up_to_its_last_import() -> None:
    text = "import first\n" + "x = 1\n" * 50_000 + "import last\n" + "'''\n" * 3 + "y = 2\n" * 50_000
    assert import_specs("a.py", text) == ("first", "last")
