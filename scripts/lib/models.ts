/**
 * Finds the model definitions in tests/model/*.model.ts (see
 * tests/support/model.ts) and pairs them with the machines in machines/.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isModelDefinition, type ModelDefinition } from '../../tests/support/model';
import { repoRoot, type DiscoveredMachine } from './machines';

const MODELS_DIR = 'tests/model';

export interface DiscoveredModel {
  machineId: string;
  /** `tests/model/modal.model.ts` */
  file: string;
  /** The vitest file that runs it, if present. */
  testFile: string | undefined;
  model: ModelDefinition;
}

export async function discoverModels(root: string = repoRoot): Promise<DiscoveredModel[]> {
  const dir = path.join(root, MODELS_DIR);
  if (!existsSync(dir)) return [];
  const found: DiscoveredModel[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.model.ts'))
    .sort()) {
    const file = `${MODELS_DIR}/${name}`;
    const testName = name.replace(/\.model\.ts$/, '.model.test.ts');
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isModelDefinition(value)) continue;
      found.push({
        machineId: value.machine.id,
        file,
        testFile: existsSync(path.join(dir, testName)) ? `${MODELS_DIR}/${testName}` : undefined,
        model: value,
      });
    }
  }
  return found;
}

export interface Pairing {
  machine: DiscoveredMachine;
  model: DiscoveredModel | undefined;
}

export function pairModels(machines: readonly DiscoveredMachine[], models: readonly DiscoveredModel[]): Pairing[] {
  return machines.map((machine) => ({ machine, model: models.find((m) => m.machineId === machine.id) }));
}
