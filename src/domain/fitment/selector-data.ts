// What the vehicle selector renders, with no zod in it: this module reaches the browser on every page.
import { typeOptions } from './vehicles.ts';
import type { Option } from './vehicles.ts';

export type Level = 'type' | 'make' | 'model' | 'year' | 'version';

/** The chosen values and the options of each level (serializable). */
export interface SelectorData {
  values: { tipo: string; marca: string; modelo: string; ano: string; versao: string };
  options: Record<Level, Option[]>;
}

/** The selector before any choice: only the types (no database needed). */
export function initialSelectorData(): SelectorData {
  return { values: { tipo: '', marca: '', modelo: '', ano: '', versao: '' }, options: { type: typeOptions(), make: [], model: [], year: [], version: [] } };
}
