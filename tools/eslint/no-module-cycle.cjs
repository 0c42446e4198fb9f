'use strict';
/**
 * ESLint rule `admit/no-module-cycle`: no two API modules import each other, directly or
 * through others (STYLE "Shared code sits below its users"). An import from
 * `apps/api/src/modules/<a>/…` into `modules/<b>/…` is reported when `<b>` already reaches
 * `<a>`. The graph is read once per process from the module files on disk (tests and test kits
 * are not module code and are left out); the file being linted contributes its own imports
 * from the AST, so an edit is judged as it stands in the editor.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const apiSrc = path.join(repoRoot, 'apps', 'api', 'src');
const modulesDir = path.join(apiSrc, 'modules');

/** Test files and test kits may cross modules: they are not part of the module graph. */
function isTestFile(file) {
  const base = path.basename(file);
  return (
    /\.test\.tsx?$/.test(base) || /-test-kit\.ts$/.test(base) || /^test-[\w-]+\.ts$/.test(base)
  );
}

/** The module a file belongs to, or null outside `apps/api/src/modules/<name>/`. */
function moduleOf(file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? name : null;
}

/** The module an import specifier points to, seen from `file`, or null. */
function targetModule(file, specifier) {
  let target;
  if (specifier.startsWith('@/')) target = path.join(apiSrc, specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return null;
  return moduleOf(target.endsWith('.ts') ? target : `${target}.ts`);
}

const SPECIFIER_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !isTestFile(full)) out.push(full);
  }
  return out;
}

let diskGraph = null;
/** file -> the other modules it imports, for every module file on disk (read once). */
function readDiskGraph() {
  if (diskGraph) return diskGraph;
  diskGraph = new Map();
  if (!fs.existsSync(modulesDir)) return diskGraph;
  for (const file of listFiles(modulesDir)) {
    const from = moduleOf(file);
    const targets = new Set();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER_RE)) {
      const to = targetModule(file, match[1]);
      if (to && to !== from) targets.add(to);
    }
    diskGraph.set(file, targets);
  }
  return diskGraph;
}

/** module -> modules it imports, with `file`'s own edges replaced by `ownTargets`. */
function moduleGraph(file, ownTargets) {
  const graph = new Map();
  const add = (from, to) => {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  };
  for (const [other, targets] of readDiskGraph()) {
    if (other === file) continue;
    for (const to of targets) add(moduleOf(other), to);
  }
  for (const to of ownTargets) add(moduleOf(file), to);
  return graph;
}

/** A path of modules from `start` to `goal`, or null (breadth first: the shortest). */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'API modules never import each other (no module-level import cycle)' },
    schema: [],
    messages: {
      cycle:
        'modules/{{from}} must not import modules/{{to}}: {{route}} already leads back (module import cycle); move the shared code down to db/, lib/ or a module both import',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = moduleOf(file);
    if (!from || isTestFile(file)) return {};
    const imports = [];
    const collect = (node) => {
      const source = node.source;
      if (source && typeof source.value === 'string') {
        const to = targetModule(file, source.value);
        if (to && to !== from) imports.push({ node: source, to });
      }
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const graph = moduleGraph(file, new Set(imports.map((i) => i.to)));
        for (const { node, to } of imports) {
          const back = findPath(graph, to, from);
          if (back) {
            context.report({
              node,
              messageId: 'cycle',
              data: { from, to, route: back.join(' → ') },
            });
          }
        }
      },
    };
  },
};
