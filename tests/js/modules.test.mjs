// The client's modules import each other without a cycle: the manifest static
// storage rewrites every import to a hashed name, and a cycle has no fixed point
// (collectstatic fails with "Max post-process passes exceeded"). The family
// modules (families/) count as much as the others.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { test } from "node:test";

const DIR = new URL("../../frontend/static/fc/js/", import.meta.url);
const IMPORT = /(?:import|export)[^;]*?from\s*"(\.{1,2}\/[\w./]+\.js)"/g;

const files = readdirSync(DIR, { recursive: true }).filter((name) => name.endsWith(".js")).map((name) => name.split("\\").join("/"));

test("no module imports itself through others", () => {
  const graph = new Map(files.map((name) => {
    const text = readFileSync(new URL(name, DIR), "utf8");
    return [name, [...text.matchAll(IMPORT)].map((m) => posix.normalize(posix.join(posix.dirname(name), m[1])))];
  }));
  assert.ok(graph.get("rules.js").includes("families.js"));
  assert.ok(graph.get("families/klondike.js").includes("families/stock.js"));
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    assert.notEqual(state.get(name), "open", `import cycle: ${[...path, name].join(" -> ")}`);
    state.set(name, "open");
    for (const next of graph.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, "done");
  };
  for (const name of files) visit(name, []);
});

// freecell_site/storage.py lets collectstatic settle one link of the longest chain per pass.
const MAX_POST_PROCESS_PASSES = 20;

test("the longest import chain is shorter than the passes collectstatic allows", () => {
  const DYNAMIC = /import\s*\(\s*"(\.{1,2}\/[\w./]+\.js)"/g;
  const graph = new Map(files.map((name) => {
    const text = readFileSync(new URL(name, DIR), "utf8");
    const targets = [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC)].map((m) => m[1]);
    return [name, targets.map((target) => posix.normalize(posix.join(posix.dirname(name), target)))];
  }));
  const memo = new Map();
  const depth = (name) => {
    if (!memo.has(name)) memo.set(name, 1 + Math.max(0, ...(graph.get(name) ?? []).map(depth)));
    return memo.get(name);
  };
  assert.ok(Math.max(...files.map(depth)) < MAX_POST_PROCESS_PASSES);
});

test("every relative import names a module that exists", () => {
  for (const name of files) {
    for (const [, target] of readFileSync(new URL(name, DIR), "utf8").matchAll(IMPORT)) {
      assert.ok(files.includes(posix.normalize(posix.join(posix.dirname(name), target))), `${name} imports ${target}`);
    }
  }
});
