/**
 * Bundle statistics for the performance budgets (scripts/budgets.ts) and the
 * benchmark (bench/run.ts): runs a Vite build with a small plugin that records
 * every chunk's imports and modules, compresses every JS and CSS file the way
 * a server would, and answers "what does `/` load before first paint".
 *
 * Compressed sizes use Node's zlib: gzip level 9 and brotli quality 11 (what a
 * build would precompress with). A module's size is its share of the minified
 * chunk, read from the chunk's sourcemap (bytes of output mapped to that
 * source); without a sourcemap, rolldown's `renderedLength` (tree-shaken,
 * unminified) stands in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { sourceMapPath } from '../vite-release-files';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ModuleStat {
  /** Project-relative path, or `node_modules/<package>/…`. */
  id: string;
  /** Bytes of the minified chunk that come from this module (see the file comment). */
  bytes: number;
}

export interface ChunkStat extends Sizes {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** Project-relative id of the module this chunk stands for (`index.html`, `src/features/catalog/home-page.tsx`), if any. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** Largest first. */
  modules: ModuleStat[];
  /** Every module rendered into this chunk (labelled like `ModuleStat.id`), whatever its size. */
  moduleIds: string[];
}

export interface BundleStats {
  outDir: string;
  chunks: ChunkStat[];
  /** Every emitted CSS file. */
  css: Array<Sizes & { fileName: string }>;
}

function compressedSizes(content: string | Uint8Array): Sizes {
  const buf = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return {
    raw: buf.byteLength,
    gzip: gzipSync(buf, { level: 9 }).byteLength,
    brotli: brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.byteLength },
    }).byteLength,
  };
}

export function sumSizes(items: Sizes[]): Sizes {
  return items.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

function moduleLabel(root: string, id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) return clean.slice(nm + 1);
  return clean.startsWith('/') ? relative(root, clean) : clean;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_INDEX = new Map([...BASE64].map((ch, i) => [ch, i]));

/** Decodes one segment of a sourcemap's `mappings` (base64 VLQ) into its fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64_INDEX.get(ch);
    if (digit === undefined) throw new Error(`bad sourcemap character ${ch}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

interface SourceMapJson {
  sources: string[];
  mappings: string;
}

/**
 * The mapped pieces of `code`, each with the source it came from: a segment runs to the next segment on its line.
 * Unmapped output (runtime glue) has no source.
 */
function mappedPieces(code: string, map: SourceMapJson): Array<{ text: string; source: string | null }> {
  const lines = code.split('\n');
  const pieces: Array<{ text: string; source: string | null }> = [];
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    const segments = lineMappings ? lineMappings.split(',').map(decodeSegment) : [];
    let column = 0;
    const starts: Array<{ column: number; source: number | null }> = [];
    for (const fields of segments) {
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        starts.push({ column, source });
      } else starts.push({ column, source: null });
    }
    if ((starts[0]?.column ?? line.length) > 0) pieces.push({ text: line.slice(0, starts[0]?.column), source: null });
    starts.forEach((start, i) => {
      const text = line.slice(start.column, starts[i + 1]?.column ?? line.length);
      pieces.push({ text, source: start.source === null ? null : (map.sources[start.source] ?? '?') });
    });
    pieces.push({ text: '\n', source: null });
  });
  return pieces;
}

/** Bytes of `code` per source of its sourcemap (see `mappedPieces`). */
function bytesPerSource(code: string, map: SourceMapJson): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { text, source } of mappedPieces(code, map)) {
    if (source !== null) totals.set(source, (totals.get(source) ?? 0) + Buffer.byteLength(text));
  }
  return totals;
}

/**
 * The share of `chunks` (gzip bytes) that comes from the modules `isShare` picks: what the chunks weigh compressed,
 * less what they weigh with those modules' code cut out. Measured in context (the code compresses against its
 * neighbours), so it is what leaving those modules out would save. Needs the build's sourcemaps.
 */
export function gzipShare(stats: BundleStats, chunks: ChunkStat[], isShare: (moduleId: string) => boolean): number {
  const root = process.cwd();
  let cut = 0;
  for (const chunk of chunks) {
    if (!chunk.moduleIds.some(isShare)) continue;
    const file = join(stats.outDir, chunk.fileName);
    const map = JSON.parse(readFileSync(sourceMapPath(stats.outDir, file), 'utf8')) as SourceMapJson;
    const kept = mappedPieces(readFileSync(file, 'utf8'), map)
      .filter((p) => p.source === null || !isShare(moduleLabel(root, resolve(dirname(file), p.source))))
      .map((p) => p.text)
      .join('');
    cut += chunk.gzip - gzipSync(Buffer.from(kept), { level: 9 }).byteLength;
  }
  return cut;
}

interface RawChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  modules: Array<{ id: string; rendered: number }>;
}

/** Records the chunk graph of a build (generateBundle sees the final file names). */
function chunkRecorder(sink: RawChunk[]): Plugin {
  return {
    name: 'bundle-stats-recorder',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const chunk = item as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
        sink.push({
          fileName: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          facadeModuleId: chunk.facadeModuleId,
          imports: [...chunk.imports],
          dynamicImports: [...chunk.dynamicImports],
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: Object.entries(chunk.modules).map(([id, m]) => ({ id, rendered: m.renderedLength })),
        });
      }
    },
  };
}

export interface BuildOptions {
  /** The Vite config file to build with. */
  configFile: string;
  /** Project root, when the config does not set one. */
  root?: string;
  outDir: string;
  /** Environment variables set for the duration of the build (e.g. `VITE_API_MODE=live`). */
  env?: Record<string, string>;
}

/** Builds with the given config into `outDir` (quietly) and returns its chunk graph with sizes. */
export async function buildWithStats(options: BuildOptions): Promise<BundleStats> {
  // Module ids are shown relative to the repository (where the scripts run).
  const root = process.cwd();
  const saved = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(options.env ?? {})) {
    saved.set(key, process.env[key]);
    process.env[key] = value;
  }
  const raw: RawChunk[] = [];
  let cssFiles: string[];
  // Loaded here, so that the pure helpers below can be imported (and unit-tested) without Vite.
  const { build } = await import('vite');
  try {
    const output = await build({
      configFile: resolve(options.configFile),
      ...(options.root ? { root: resolve(options.root) } : {}),
      mode: 'production',
      logLevel: 'error',
      plugins: [chunkRecorder(raw)],
      build: { outDir: resolve(options.outDir), emptyOutDir: true, manifest: true, reportCompressedSize: false },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
    cssFiles = outputs.flatMap((o) =>
      o.output.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css')).map((f) => f.fileName),
    );
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const outDir = resolve(options.outDir);
  const chunks: ChunkStat[] = raw.map((c) => ({
    ...compressedSizes(readFileSync(join(outDir, c.fileName))),
    ...chunkModules(root, outDir, c),
    fileName: c.fileName,
    name: c.name,
    isEntry: c.isEntry,
    isDynamicEntry: c.isDynamicEntry,
    facade: c.facadeModuleId ? moduleLabel(root, c.facadeModuleId) : null,
    imports: c.imports,
    dynamicImports: c.dynamicImports,
    css: c.css,
    moduleIds: c.modules.map((m) => moduleLabel(root, m.id)),
  }));
  const css = cssFiles.map((fileName) => ({ fileName, ...compressedSizes(readFileSync(join(outDir, fileName))) }));
  return { outDir, chunks, css };
}

function chunkModules(root: string, outDir: string, chunk: RawChunk): { modules: ModuleStat[] } {
  const file = join(outDir, chunk.fileName);
  let modules: ModuleStat[];
  const mapFile = sourceMapPath(outDir, file);
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapJson;
    const perSource = bytesPerSource(readFileSync(file, 'utf8'), map);
    // Sources are relative to the chunk's directory.
    modules = [...perSource].map(([source, bytes]) => ({
      id: moduleLabel(root, resolve(dirname(file), source)),
      bytes,
    }));
  } else {
    modules = chunk.modules.map((m) => ({ id: moduleLabel(root, m.id), bytes: m.rendered }));
  }
  return { modules: modules.filter((m) => m.bytes > 0).sort((a, b) => b.bytes - a.bytes) };
}

function chunkByFile(stats: BundleStats, fileName: string): ChunkStat {
  const chunk = stats.chunks.find((c) => c.fileName === fileName);
  if (!chunk) throw new Error(`no chunk ${fileName} in ${stats.outDir}`);
  return chunk;
}

/** The chunk a module was rendered into (a page's own chunk, or the shared chunk a grouping put it in). */
function chunkOfModule(stats: BundleStats, moduleId: string): ChunkStat {
  const chunk =
    stats.chunks.find((c) => c.facade === moduleId) ?? stats.chunks.find((c) => c.moduleIds.includes(moduleId));
  if (!chunk) throw new Error(`no chunk holds ${moduleId} in ${stats.outDir}`);
  return chunk;
}

/** The chunks and every chunk they import statically, transitively (what the browser fetches to run them). */
export function staticClosure(stats: BundleStats, roots: ChunkStat[]): ChunkStat[] {
  const seen = new Map<string, ChunkStat>();
  const visit = (chunk: ChunkStat) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(chunkByFile(stats, file));
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/**
 * Everything a page loads before first paint: the HTML entry with its static
 * imports (the modulepreloads) plus the lazy chunks the first route needs
 * (its page component, which the router loads before rendering) and theirs.
 * `lazyModules` names those lazy modules (`src/features/catalog/home-page.tsx`).
 */
export function initialChunks(stats: BundleStats, lazyModules: string[]): ChunkStat[] {
  return staticClosure(stats, [entryChunk(stats), ...lazyModules.map((m) => chunkOfModule(stats, m))]);
}

/** The build's one HTML entry chunk. */
export function entryChunk(stats: BundleStats): ChunkStat {
  const entries = stats.chunks.filter((c) => c.isEntry);
  if (entries.length !== 1 || !entries[0])
    throw new Error(`expected one entry chunk in ${stats.outDir}, found ${entries.length}`);
  return entries[0];
}

export function totalJs(stats: BundleStats): Sizes {
  return sumSizes(stats.chunks);
}

export function totalCss(stats: BundleStats): Sizes {
  return sumSizes(stats.css);
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
