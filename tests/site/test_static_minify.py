"""collectstatic strips the client's JS and CSS (freecell_site.storage, freecell_site.minify):
the collected files are smaller, still parse as ES modules, import each other by hashed
name, and pass the client's node tests; a stripped copy that reads differently from its
source is never shipped."""

import posixpath
import re
import shutil
import subprocess

import pytest

from freecell_site import minify as minify_module
from freecell_site.minify import css_shape, js_tokens, minify
from tests.support.processes import REPO
from tests.support.static import SOURCES, client_files

IMPORT = re.compile(r"""(?:\bimport|\bexport)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']""")


def node_module_check(path) -> subprocess.CompletedProcess:
    # `node --check file.js` reads a .js file as CommonJS and lets module syntax
    # errors through (Node 20); stdin with --input-type=module parses it as a module.
    with open(path, "rb") as source:
        return subprocess.run(["node", "--input-type=module", "--check"], stdin=source,
                              capture_output=True, text=True, timeout=60)


def test_every_client_file_is_collected_stripped_and_parses_as_a_module(collected_static):
    for name in client_files():
        source = (SOURCES / name.removeprefix("fc/")).read_text()
        collected = (collected_static.root / collected_static.manifest[name]).read_text()
        assert len(collected) < 0.9 * len(source), f"{name} was not stripped"
        if name.endswith(".js"):
            checked = node_module_check(collected_static.root / collected_static.manifest[name])
            assert checked.returncode == 0, f"{name}: {checked.stderr}"
            assert js_tokens(_unhashed(collected)) == js_tokens(source), name
        else:
            assert css_shape(collected) == css_shape(source), name


def test_node_module_check_refuses_a_broken_module(tmp_path):
    broken = tmp_path / "broken.js"
    broken.write_text('import { a } from "./a.js";\nconst b = ;\n')
    assert node_module_check(broken).returncode != 0


def test_collected_modules_import_each_other_by_hashed_name(collected_static):
    hashed = set(collected_static.manifest.values())
    for name in client_files():
        if not name.endswith(".js"):
            continue
        text = (collected_static.root / collected_static.manifest[name]).read_text()
        for match in IMPORT.finditer(text):
            target = match.group(1) or match.group(2)
            assert posixpath.normpath(posixpath.join(posixpath.dirname(name), target)) in hashed, \
                f"{name} imports {target}"


def test_the_node_tests_pass_against_the_collected_modules(collected_static, tmp_path):
    # The collected copies under their own names (fc/js/rules.js) are stripped too;
    # the node tests import them from where the sources stand.
    shutil.copytree(collected_static.root / "fc", tmp_path / "frontend" / "static" / "fc",
                    ignore=shutil.ignore_patterns("*.gz", "*.*.js", "*.*.css"))
    for part in ("js", "vectors"):
        shutil.copytree(REPO / "tests" / part, tmp_path / "tests" / part)
    collected_rules = (tmp_path / "frontend" / "static" / "fc" / "js" / "rules.js").read_text()
    assert collected_rules != (SOURCES / "js" / "rules.js").read_text()
    run = subprocess.run(["node", "--test", "tests/js/"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert re.search(r"^# fail 0$", run.stdout, re.M)


def test_a_nested_template_literal_keeps_its_spaces():
    source = 'export const rank = (r, n) => `Rank ${r}${n ? ` of ${n}` : ""}`;  // rank line\n'
    small, stripped = minify("end.js", source)
    assert stripped
    assert "` of ${n}`" in small
    assert "rank line" not in small


def test_a_stripped_script_that_reads_differently_is_shipped_as_written(monkeypatch):
    source = 'const greeting = "a  b";\nexport default greeting;\n'
    monkeypatch.setattr(minify_module.rjsmin, "jsmin", lambda text: text.replace("a  b", "a b"))
    assert minify("x.js", source) == (source, False)


def test_a_stripped_stylesheet_that_reads_differently_is_shipped_as_written(monkeypatch):
    source = ".hand .card { margin: 0 auto; }\n"
    monkeypatch.setattr(minify_module.rcssmin, "cssmin", lambda text: ".hand.card{margin:0 auto}")
    assert minify("x.css", source) == (source, False)


@pytest.mark.parametrize("source", [
    "function f() {\n  return\n  1;\n}\n",  # ASI: returns undefined
    "let a = 1, b = 2\na\n++b\n",  # ASI: ++ belongs to b
])
def test_line_breaks_that_semicolon_insertion_reads_are_part_of_the_check(source):
    joined = source.replace("\n", " ")
    assert js_tokens(joined) != js_tokens(source)


def test_regex_literals_and_division_read_the_same_after_stripping():
    source = "const r = /[/ ]+/g; // split on slashes\nexport const half = (a, b) => a / b / 2 + \"x\".replace(r, '');\n"
    small, stripped = minify("r.js", source)
    assert stripped
    assert "/[/ ]+/g" in small


def _unhashed(text: str) -> str:
    return re.sub(r"\.[0-9a-f]{12}\.js", ".js", text)
