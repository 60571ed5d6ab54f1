/**
 * The clerk's window's webPreferences (Electron's security checklist, items 2–4, 6, 8–11): a
 * sandboxed renderer without Node, isolated from the preload, with web security on and nothing
 * experimental. Free of Electron so the Node tests read this very object.
 */
export function windowWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // Dropping a file on the window would navigate to it (the guards refuse it anyway).
    navigateOnDragDrop: false,
    spellcheck: false,
  } as const;
}
