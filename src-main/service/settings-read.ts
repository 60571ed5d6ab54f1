import type { Step } from '../db/step';
import { DEFAULT_SETTINGS, Origin, StoreSettings } from '../../src-shared/schemas/settings';
import type { ServiceContext } from './context';
import type { HandlerContext } from './handler-context';

/**
 * All settings, stored values over the defaults; a stored value that today's rules refuse reads as
 * its default, an origin list loses only those entries (docs/decisions.md#settings-live-in-the-shop-database).
 */
export function settingsFrom(stored: Record<string, unknown>): StoreSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS)) if (Object.hasOwn(stored, key)) settings[key] = stored[key];
  if (Array.isArray(settings.allowedOrigins)) settings.allowedOrigins = settings.allowedOrigins.filter((entry) => Origin.safeParse(entry).success);
  const parsed = StoreSettings.safeParse(settings);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && Object.hasOwn(DEFAULT_SETTINGS, key)) settings[key] = DEFAULT_SETTINGS[key as keyof StoreSettings];
  }
  return StoreSettings.parse(settings);
}

/** The settings, in a handler. */
export function* readSettings(ctx: HandlerContext): Step<StoreSettings> {
  return settingsFrom(yield* ctx.settings.all());
}

/** The settings, read at once on SQLite (the hosts' machinery: the listener, its caches). */
export const readSettingsNow = (context: ServiceContext): StoreSettings => settingsFrom(context.settings.all());
