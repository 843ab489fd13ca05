// Follows the OS's light or dark theme: the canvas's theme (view/theme.ts) is picked from the
// `prefers-color-scheme` media query at start and again whenever it changes (the chrome's CSS follows the same
// query on its own, style.css).

import { schemeFor, useColorScheme } from './view/theme';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Picks the theme now and on every change of the OS's; `repaint` redraws the canvas after a switch. */
export function followColorScheme(win: Pick<Window, 'matchMedia'>, repaint: () => void): void {
  const query = win.matchMedia(DARK_QUERY);
  const apply = () => {
    if (useColorScheme(schemeFor(query.matches))) repaint();
  };
  apply();
  query.addEventListener('change', apply);
}
