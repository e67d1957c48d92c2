"""The client's PySolFC dealing (``frontend/static/fc/js/pysolfc_deal.js``) deals
what the engine deals: ``node scripts/deal.mjs`` prints the engine's layout text
on every stored fixture, the two command lines (``node scripts/deal.mjs`` and
``python -m engine deal``) print the same bytes on a sample drawn afresh each
run, and the module agrees on 1,000 random numbers per stock variant
(Microsoft's generator below 32000, the Mersenne Twister from 32000 up to
10^20 - 1)."""

import json
import os
import random
import shutil
import subprocess

import pytest

from engine import deal, to_layout
from tests.engine import pysolfc_reference as reference
from tests.engine.test_cli import ROOT
from tests.engine.test_stock_deals import STOCK_VARIANTS

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

BATCH = """
import { readFileSync } from "node:fs";
import { dealStockPosition, toLayout } from "./frontend/static/fc/js/pysolfc_deal.js";
const { rulesets, asked } = JSON.parse(readFileSync(0, "utf-8"));
const out = asked.map(([variant, number]) =>
  toLayout(dealStockPosition(rulesets.find((r) => r.variant === variant), BigInt(number))));
process.stdout.write(JSON.stringify(out));
"""


def node_deal(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["node", "scripts/deal.mjs", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)


def engine_deal(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / ".venv/bin/python"), "-m", "engine", "deal", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
def test_deal_mjs_prints_what_the_engine_prints_on_every_fixture(variant):
    for number in reference.FIXTURE_NUMBERS:
        done = node_deal(variant, str(number))
        assert done.returncode == 0, done.stderr
        assert done.stdout == to_layout(deal(variant, number)), (variant, number)


#: Set to replay a failed run's sample (the seed is printed, and named in the failure).
SEED_VARIABLE = "DEAL_CLI_SEED"


def cli_sample(rng: random.Random) -> list[tuple[str, int]]:
    """20 (variant, number) pairs, four per stock variant: one below 32000, one
    within 20 of it (either generator), one up to 10^20 - 1 of a random number of
    digits, and one from the top decade below 10^20."""
    sample = []
    for variant in STOCK_VARIANTS:
        sample.append((variant, rng.randint(1, 31999)))
        sample.append((variant, rng.randint(31980, 32020)))
        sample.append((variant, rng.randint(32000, 10 ** rng.randint(6, 20) - 1)))
        sample.append((variant, rng.randint(10**19, 10**20 - 1)))
    return sample


def test_deal_mjs_and_the_engine_command_line_print_the_same_bytes_on_a_fresh_sample():
    seed = int(os.environ.get(SEED_VARIABLE) or random.SystemRandom().randrange(2**32))
    print(f"deal CLI sample: {SEED_VARIABLE}={seed}")
    sample = cli_sample(random.Random(seed))
    assert len(sample) == 20 and any(n < 32000 for _, n in sample) and any(n >= 10**19 for _, n in sample)
    for variant, number in sample:
        node, python = node_deal(variant, str(number)), engine_deal(variant, str(number))
        assert (node.returncode, python.returncode) == (0, 0), (seed, variant, number, node.stderr, python.stderr)
        assert node.stdout == python.stdout, f"{SEED_VARIABLE}={seed}: {variant} {number}"


@pytest.mark.parametrize(("variant", "number"), [("klondike-draw3", "32000"), ("spider-1suit", "31999"),
                                                 ("spider-4suits", "99999999999999999999")])
def test_deal_mjs_and_the_engine_command_line_agree_at_the_edges(variant, number):
    assert node_deal(variant, number).stdout == engine_deal(variant, number).stdout


@pytest.mark.parametrize("args", [("freecell", "1"), ("klondike-draw1", "0"), ("spider-4suits", "x"),
                                  ("spider-4suits", "100000000000000000000"), ("nope", "1"), ()])
def test_deal_mjs_refuses_what_it_does_not_deal_with_exit_64(args):
    done = node_deal(*args)
    assert done.returncode == 64 and done.stdout == "" and done.stderr.startswith("error: ")


def random_numbers(rng: random.Random, count: int) -> list[int]:
    numbers = [31998, 31999, 32000, 32001, 32002, 10**20 - 1, 2**32, 2**32 + 1, 2**64]
    while len(numbers) < count:
        kind = rng.randrange(4)
        if kind == 0:
            numbers.append(rng.randint(1, 31999))
        elif kind == 1:
            numbers.append(rng.randint(31900, 32100))
        else:
            numbers.append(rng.randint(32000, 10 ** rng.randint(5, 20) - 1))
    return numbers


def test_the_client_deals_what_the_engine_deals_on_1000_random_numbers_per_variant():
    rng = random.Random(20261201)
    asked = [(variant, number) for variant in STOCK_VARIANTS for number in random_numbers(rng, 1000)]
    rulesets = json.loads((ROOT / "tests/vectors/conformance.json").read_text(encoding="utf-8"))["rulesets"]
    payload = json.dumps({"rulesets": rulesets, "asked": [(v, str(n)) for v, n in asked]})
    done = subprocess.run(["node", "--input-type=module", "-e", BATCH], cwd=ROOT, input=payload,
                          capture_output=True, text=True, timeout=300, check=True)
    dealt = json.loads(done.stdout)
    assert len(dealt) == 5000
    differ = [(v, n) for (v, n), text in zip(asked, dealt, strict=True) if text != to_layout(deal(v, n))]
    assert differ == []
