/**
 * An import file's bytes as text. Only UTF-8 is read: a spreadsheet's "CSV" in a legacy encoding
 * (Windows-1252, say) would otherwise arrive with U+FFFD in place of every "ü", stored for good.
 * Where the file is read (the CLI, the app's file picker), not in the service, which gets text.
 */
export function decodeImportText(bytes: Uint8Array, fileName: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${fileName} is not UTF-8 text: save it again as "CSV UTF-8" (or as JSON in UTF-8)`);
  }
}
