import type { Api } from '../../electron/preload/api';

declare global {
  interface Window {
    /** The preload's API (electron/preload): one function per IPC contract channel. */
    curvewright: Api;
  }
}

export {};
