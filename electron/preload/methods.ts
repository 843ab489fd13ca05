import { eventChannels, pageChannels, preloadChannels } from '../../src/shared/contract';
import type { MethodTable } from './api';

function tableOf(channels: Record<string, { method: string }>): MethodTable {
  const table: MethodTable = {};
  for (const [channel, spec] of Object.entries(channels)) table[spec.method] = channel;
  return table;
}

/** `method → channel` for every channel of the page's API (window.curvewright). */
export function methodTable(): MethodTable {
  return tableOf(pageChannels);
}

/** `method → channel` for the channels only the preload itself calls (src/shared/contract.ts preloadChannels). */
export function preloadMethodTable(): MethodTable {
  return tableOf(preloadChannels);
}

export const events: Record<string, string> = { ...eventChannels };
