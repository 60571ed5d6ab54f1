/**
 * An import file's bytes as text. Only UTF-8 is read: a spreadsheet's "CSV" in a legacy encoding
 * (Windows-1252, say) would otherwise arrive with U+FFFD in place of every "ü", stored for good.
 * Where the file is read (the CLI, the app's file picker), not in the service, which gets text.
 */
// A global in browsers and in Node alike; shared code is compiled without either's library types.
declare const TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

export function decodeImportText(bytes: Uint8Array, fileName: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${fileName} is not UTF-8 text: save it again as "CSV UTF-8" (or as JSON in UTF-8)`);
  }
}
