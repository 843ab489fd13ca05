// Help ▸ About: a native box with the app's name and version. Electron reads both from package.json
// (productName, version), so the number shown is the one the package was built with.
import { app, dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';

export function aboutBox(name: string, version: string, electron: string): MessageBoxOptions {
  return {
    type: 'info',
    title: `About ${name}`,
    message: `${name} ${version}`,
    detail: `Draw with constraints: grab any point of any curve and pull.\nElectron ${electron}`,
    buttons: ['OK'],
  };
}

export function showAbout(window: BrowserWindow | null): void {
  const box = aboutBox(app.getName(), app.getVersion(), process.versions.electron ?? '');
  void (window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box));
}
