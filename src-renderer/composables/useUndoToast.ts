import { useMessage } from 'naive-ui';
import { h, onBeforeUnmount, onMounted } from 'vue';
import { StoreError } from '../../src-shared/errors';

export interface UndoOffer {
  /** What was done, as the toast says it ("Deleted category “Fish”"). */
  text: string;
  /** The Undo button's accessible name ("Undo deleting Fish"). */
  label: string;
  /** Puts it back; answers what the next toast says ("Fish is back"). */
  undo: () => Promise<string>;
  /** Said before the service's reason when the undo is refused ("Fish could not be put back"). */
  failed: string;
}

/** How long a toast offers Undo: time to notice a slip, not so long that the world has moved on. */
export const UNDO_MS = 10_000;

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
/** Where Ctrl+Z is the field's own (it undoes typing), not the toast's. */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea, [contenteditable="true"]';

/** Ctrl+Z, or ⌘Z on a Mac, alone (Shift is redo), outside a text field. */
function isUndoKey(event: KeyboardEvent): boolean {
  const primary = isMac ? event.metaKey : event.ctrlKey;
  if (!primary || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z' || event.isComposing) return false;
  return !(event.target instanceof Element && event.target.closest(TYPING));
}

/**
 * A success toast with an Undo button for its ten seconds (a deleted pet or category, a cancelled
 * order): one press undoes once, and so does Ctrl+Z (⌘Z) anywhere on the screen while the latest
 * such toast shows; what happened then is said in the next toast. Call it in a screen's setup: the
 * key is heard while the screen is mounted.
 */
export function useUndoToast(): (offer: UndoOffer) => void {
  const message = useMessage();
  /** The Undo of the latest toast still showing, or null. */
  let pending: (() => Promise<void>) | null = null;

  const onKey = (event: KeyboardEvent) => {
    if (!pending || !isUndoKey(event)) return;
    event.preventDefault();
    void pending();
  };
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKey);
    pending = null;
  });

  return ({ text, label, undo, failed }) => {
    let undone = false;
    const run = async () => {
      if (undone) return;
      undone = true;
      if (pending === run) pending = null;
      toast.destroy();
      try {
        message.success(await undo());
      } catch (error) {
        message.error(error instanceof StoreError ? `${failed}: ${error.message}` : failed);
      }
    };
    const toast = message.success(
      () =>
        h('span', { class: 'undo-toast' }, [
          `${text} `,
          h('button', { type: 'button', class: 'undo-toast__button', 'aria-label': label, 'aria-keyshortcuts': isMac ? 'Meta+Z' : 'Control+Z', onClick: run }, 'Undo'),
        ]),
      { duration: UNDO_MS, onAfterLeave: () => pending === run && (pending = null) },
    );
    pending = run;
  };
}
