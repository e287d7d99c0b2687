/**
 * Finds the app's machines: every `machines/*.machine.ts`, imported, keeping
 * each exported value that is an XState machine. Scripts and tests use this so
 * a new machine file is picked up without editing them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { isStateMachine } from './machine-introspection';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DiscoveredMachine {
  /** The machine's `id` (also the chart's file name). */
  id: string;
  exportName: string;
  /** Repository-relative, forward slashes: `machines/modal.machine.ts`. */
  file: string;
  machine: AnyStateMachine;
  /** The file's opening comment as plain text (the chart told in words). */
  comment: string;
}

export function listMachineFiles(root: string = repoRoot): string[] {
  const dir = path.join(root, 'machines');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.machine.ts'))
    .sort()
    .map((name) => `machines/${name}`);
}

export async function discoverMachines(root: string = repoRoot): Promise<DiscoveredMachine[]> {
  const found: DiscoveredMachine[] = [];
  for (const file of listMachineFiles(root)) {
    const absolute = path.join(root, file);
    const module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
    const comment = leadingComment(readFileSync(absolute, 'utf8'));
    for (const [exportName, value] of Object.entries(module)) {
      if (!isStateMachine(value)) continue;
      found.push({ id: value.id, exportName, file, machine: value, comment });
    }
  }
  const seen = new Map<string, string>();
  for (const entry of found) {
    const other = seen.get(entry.id);
    if (other)
      throw new Error(`Two machines share the id "${entry.id}": ${other} and ${entry.file}#${entry.exportName}`);
    seen.set(entry.id, `${entry.file}#${entry.exportName}`);
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

/** The text of the first block comment (or run of line comments) at the top of a source file. */
function leadingComment(source: string): string {
  const trimmed = source.replace(/^\uFEFF/, '').trimStart();
  const block = /^\/\*\*?([\s\S]*?)\*\//.exec(trimmed);
  if (block?.[1] !== undefined) {
    return block[1]
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
      .join('\n')
      .trim();
  }
  const lines: string[] = [];
  for (const line of trimmed.split('\n')) {
    const match = /^\s*\/\/ ?(.*)$/.exec(line);
    if (!match) break;
    lines.push(match[1] ?? '');
  }
  return lines.join('\n').trim();
}
