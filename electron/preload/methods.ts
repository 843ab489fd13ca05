import { eventChannels, invokeChannels } from '../../src/shared/contract';
import type { MethodTable } from './api';

/** `method → channel` for every invoke channel of the contract. */
export function methodTable(): MethodTable {
  const table: MethodTable = {};
  for (const [channel, spec] of Object.entries(invokeChannels)) table[spec.method] = channel;
  return table;
}

export const events: Record<string, string> = { ...eventChannels };
