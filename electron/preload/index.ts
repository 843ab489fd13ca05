// The preload: exposes the contract's named functions as `window.curvewright`, never ipcRenderer itself. It alone
// turns a dropped File into a path (webUtils) and hands that path to main, on a channel the page cannot reach.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createApi } from './api';
import { events, methodTable, preloadMethodTable } from './methods';

const api = createApi(
  methodTable(),
  preloadMethodTable(),
  events,
  (channel, payload) => ipcRenderer.invoke(channel, payload),
  (event, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
  (file) => webUtils.getPathForFile(file),
);

contextBridge.exposeInMainWorld('curvewright', api);

/** The window API type, derived from the code above. */
export type Api = typeof api;
