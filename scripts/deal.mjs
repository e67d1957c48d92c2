#!/usr/bin/env node
// Print a Klondike or Spider deal as `python -m engine deal VARIANT NUMBER`
// prints it, dealt by the client's own module (frontend/static/fc/js/pysolfc_deal.js):
//   node scripts/deal.mjs spider-2suits 32000
// The rulesets come from the committed catalogue export (tests/vectors/conformance.json).
// Exit codes as the engine's command line: 0 printed, 64 bad usage.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { dealStockPosition, dealsLayout, toLayout } from "../frontend/static/fc/js/pysolfc_deal.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const EX_USAGE = 64;

function fail(message) {
  process.stderr.write(`error: ${message}\n`);
  process.exit(EX_USAGE);
}

const [variant, number, ...extra] = process.argv.slice(2);
if (!variant || !number || extra.length) fail("usage: node scripts/deal.mjs VARIANT NUMBER");
const vectors = JSON.parse(readFileSync(join(ROOT, "tests/vectors/conformance.json"), "utf-8"));
const rules = vectors.rulesets.find((r) => r.variant === variant);
if (!rules) fail(`unknown variant ${JSON.stringify(variant)}`);
if (!dealsLayout(rules)) fail(`${variant} is not a Klondike or Spider variant`);
if (!/^[0-9]+$/.test(number)) fail(`a deal number is a positive whole number, not ${JSON.stringify(number)}`);
try {
  process.stdout.write(toLayout(dealStockPosition(rules, BigInt(number))));
} catch (error) {
  if (!(error instanceof RangeError)) throw error;
  fail(error.message);
}
