/**
 * `npm run lint`'s import-cycle check: no module of src/, machines/, server/ or scripts/ reaches itself
 * again through its imports — static, `import type` and `import()` alike, since a type-only loop still ties
 * two modules together for the reader and a dynamic one for the bundler (docs/decisions/0038-no-module-cycles.md).
 * Prints each cycle as a chain of paths and exits 1 when there is one. Relative imports only: a package
 * cannot import our code back.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = ['src', 'machines', 'server', 'scripts'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name.startsWith('dist') ? [] : sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path) && statSync(path).isFile());
}

/** The modules `source` imports (relative, resolved), from its text. */
export function importsOf(path: string, source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map((file) => resolveImport(path, file.fileName))
    .filter((file): file is string => file !== undefined);
}

/** Every cycle of the graph, one per strongly connected component, as a closed chain of nodes. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components; a component of two or more nodes, or one importing itself, is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) cycles.push(chainThrough(graph, new Set(component), node));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** A shortest path from `start` back to itself inside one component, to print. */
function chainThrough(graph: ReadonlyMap<string, readonly string[]>, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)!) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The repository's import graph over DIRS, paths relative to the root. */
export function repositoryGraph(root = ROOT): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const path of DIRS.flatMap((dir) => sourceFiles(join(root, dir)))) {
    graph.set(
      relative(root, path),
      importsOf(path, readFileSync(path, 'utf8')).map((file) => relative(root, file)),
    );
  }
  return graph;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = importCycles(repositoryGraph());
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.join(' → ')}`);
  if (cycles.length > 0) {
    console.error(
      `${cycles.length} import cycle(s): move what both sides need into a module of its own (docs/decisions/0038-no-module-cycles.md).`,
    );
    process.exit(1);
  }
}
