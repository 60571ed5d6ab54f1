import { useMediaQuery } from './useMediaQuery';

/** Follows the system's light/dark preference (for the life of the page). */
export const usePreferredDark = () => useMediaQuery('(prefers-color-scheme: dark)');
