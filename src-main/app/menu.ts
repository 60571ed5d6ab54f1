import { app, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { COMMAND_CHANNEL } from '../../src-shared/bridge';
import { COMMAND_NAMES, COMMANDS, type CommandDef, type CommandName } from '../../src-shared/commands';
import type { OperationName } from '../../src-shared/contract';

/**
 * The native menus, built from the shared command table: the same actions, labels and shortcuts as
 * the renderer's keyboard handling and help overlay. A menu click sends the command to the window.
 * The accelerators are shown but not registered on Windows/Linux (`registerAccelerator: false`):
 * the page handles the key press itself, so a shortcut never fires twice. An owner's command is left
 * out while a clerk is signed in (`mayCall`: the same check as the call's own).
 */
export function installMenu(isDevelopment: boolean, mayCall: (name: OperationName) => boolean = () => true): void {
  const offered = (name: CommandName) => {
    const { needs } = COMMANDS[name] as CommandDef;
    return needs === undefined || mayCall(needs);
  };
  const items = (menu: CommandDef['menu']): MenuItemConstructorOptions[] =>
    COMMAND_NAMES.filter((name) => COMMANDS[name].menu === menu && offered(name)).map((name) => ({
      label: COMMANDS[name].label,
      accelerator: COMMANDS[name].accelerator,
      registerAccelerator: false,
      click: (_item, window) => send(window as BrowserWindow | undefined, name),
    }));

  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [...items('File'), { type: 'separator' }, { role: process.platform === 'darwin' ? 'close' : 'quit' }] },
    { role: 'editMenu' },
    { label: 'Store', submenu: items('Store') },
    {
      label: 'View',
      submenu: [
        ...items('View'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
        ...(isDevelopment ? [{ role: 'toggleDevTools' as const }] : []),
      ],
    },
    { label: 'Help', submenu: [...items('Help'), { label: `Pet Store Clerk ${app.getVersion()}`, enabled: false }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function send(window: BrowserWindow | undefined, command: CommandName): void {
  window?.webContents.send(COMMAND_CHANNEL, command);
}
