/**
 * Ctrl/Cmd+Enter, "Save the open form" in the shortcuts help: submits `form` (the one the key was
 * pressed in) as its submit button would, from any of its fields, the description box included.
 * Listen on the way down (a capture listener), so the key is taken before the field sees it: an
 * open select must not take it as Enter and pick the option under the highlight on the way to
 * saving. A held key saves once; `allowed` false (a dialog busy saving) takes the key and does
 * nothing.
 */
export function saveOnKey(event: KeyboardEvent, form: HTMLFormElement | null | undefined, allowed = true): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || !form) return;
  event.preventDefault();
  event.stopPropagation();
  if (allowed && !event.repeat) form.requestSubmit();
}
