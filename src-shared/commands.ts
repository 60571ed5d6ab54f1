import type { OperationName } from './contract';

/**
 * The app's commands: what the clerk can do from the keyboard, the native menus and the help
 * overlay, declared once. Accelerators use Electron's syntax (`CmdOrCtrl+N`); the renderer matches
 * them against key presses and the main process puts them in its menus. Each `accelerator` reaches
 * the page in Electron, Chromium and Firefox alike (docs/decisions.md#shortcuts-that-reach-the-page).
 */
export interface CommandDef {
  label: string;
  /** Electron accelerator syntax; the renderer handles the key press itself, in any host. */
  accelerator: string;
  /** The key of earlier versions, still taken where it reaches the page (the desktop app; a browser keeps Ctrl+N). */
  alsoKey?: string;
  /** The native menu it appears in. */
  menu: 'File' | 'Store' | 'View' | 'Help';
  /** The operation it does, when that is an owner's: the renderer offers it only where it may be called. */
  needs?: OperationName;
  /** The screen the command runs on (the app goes there first). */
  screen?: ScreenName;
}

export const SCREENS = ['till', 'sales', 'customers', 'dashboard', 'pets', 'categories', 'orders', 'inventory', 'reports', 'settings'] as const;
export type ScreenName = (typeof SCREENS)[number];

export const COMMANDS = {
  'go.till': { label: 'Till', accelerator: 'Alt+Shift+7', alsoKey: 'CmdOrCtrl+7', menu: 'View', screen: 'till' },
  'go.sales': { label: 'Sales', accelerator: 'Alt+Shift+8', alsoKey: 'CmdOrCtrl+8', menu: 'View', screen: 'sales' },
  'go.customers': { label: 'Customers', accelerator: 'Alt+Shift+9', alsoKey: 'CmdOrCtrl+9', menu: 'View', screen: 'customers' },
  'go.reports': { label: 'Reports', accelerator: 'Alt+Shift+0', alsoKey: 'CmdOrCtrl+0', menu: 'View', screen: 'reports' },
  'go.dashboard': { label: 'Dashboard', accelerator: 'Alt+Shift+1', alsoKey: 'CmdOrCtrl+1', menu: 'View', screen: 'dashboard' },
  'go.pets': { label: 'Pets', accelerator: 'Alt+Shift+2', alsoKey: 'CmdOrCtrl+2', menu: 'View', screen: 'pets' },
  'go.categories': { label: 'Categories', accelerator: 'Alt+Shift+3', alsoKey: 'CmdOrCtrl+3', menu: 'View', screen: 'categories' },
  'go.orders': { label: 'Orders', accelerator: 'Alt+Shift+4', alsoKey: 'CmdOrCtrl+4', menu: 'View', screen: 'orders' },
  'go.inventory': { label: 'Inventory', accelerator: 'Alt+Shift+5', alsoKey: 'CmdOrCtrl+5', menu: 'View', screen: 'inventory' },
  'go.settings': { label: 'Settings', accelerator: 'Alt+Shift+6', alsoKey: 'CmdOrCtrl+6', menu: 'View', screen: 'settings' },
  'pets.new': { label: 'New pet…', accelerator: 'Alt+Shift+N', alsoKey: 'CmdOrCtrl+N', menu: 'Store', screen: 'pets' },
  'categories.new': { label: 'New category…', accelerator: 'Alt+Shift+C', alsoKey: 'CmdOrCtrl+Shift+N', menu: 'Store', screen: 'categories', needs: 'categories.create' },
  'orders.new': { label: 'Place order…', accelerator: 'Alt+Shift+O', alsoKey: 'CmdOrCtrl+Shift+O', menu: 'Store', screen: 'orders' },
  'search.focus': { label: 'Search', accelerator: 'CmdOrCtrl+F', menu: 'Store' },
  'backup.now': { label: 'Back up now…', accelerator: 'Alt+Shift+B', alsoKey: 'CmdOrCtrl+Shift+B', menu: 'File', screen: 'settings', needs: 'backup.create' },
  'help.shortcuts': { label: 'Keyboard shortcuts', accelerator: 'F1', menu: 'Help' },
} as const satisfies Record<string, CommandDef>;

export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(COMMANDS, name);
}
