import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WindowState {
  bounds?: Rectangle;
  maximized: boolean;
}

const DEFAULT_STATE: WindowState = { maximized: false };

/**
 * The window's size and position, remembered across starts in `window-state.json` in the user-data
 * folder. Bounds that no longer fit any display (a monitor was unplugged) are dropped.
 */
export function loadWindowState(userData: string): WindowState {
  try {
    const saved = JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8')) as Partial<WindowState>;
    const bounds = saved.bounds;
    const valid =
      bounds && [bounds.x, bounds.y, bounds.width, bounds.height].every(Number.isFinite) && bounds.width >= 400 && bounds.height >= 300;
    const visible = valid && screen.getAllDisplays().some(({ workArea }) => intersects(workArea, bounds));
    return { bounds: visible ? bounds : undefined, maximized: saved.maximized === true };
  } catch {
    return DEFAULT_STATE;
  }
}

/** Saves the window's state when it moves, resizes or closes (debounced). */
export function rememberWindowState(window: BrowserWindow, userData: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    try {
      writeFileSync(join(userData, 'window-state.json'), JSON.stringify(state));
    } catch (error) {
      console.error('[petstore] could not save the window state:', error);
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', save);
}

function intersects(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
