// The client's modules import each other without a cycle: the manifest static
// storage rewrites every import to a hashed name, and a cycle has no fixed point
// (collectstatic fails with "Max post-process passes exceeded").
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const DIR = new URL("../../frontend/static/fc/js/", import.meta.url);
const IMPORT = /(?:import|export)[^;]*?from\s*"\.\/([\w.]+\.js)"/g;

test("no module imports itself through others", () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith(".js"));
  const graph = new Map(files.map((name) => {
    const text = readFileSync(new URL(name, DIR), "utf8");
    return [name, [...text.matchAll(IMPORT)].map((m) => m[1])];
  }));
  assert.ok(graph.get("rules.js").includes("rules_stock.js"));
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
