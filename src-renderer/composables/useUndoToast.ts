import { useMessage } from 'naive-ui';
import { h } from 'vue';
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

/**
 * A success toast with an Undo button for its ten seconds (a deleted category, a cancelled order):
 * one press undoes once; what happened then is said in the next toast.
 */
export function useUndoToast(): (offer: UndoOffer) => void {
  const message = useMessage();
  return ({ text, label, undo, failed }) => {
    let undone = false;
    const toast = message.success(
      () =>
        h('span', { class: 'undo-toast' }, [
          `${text} `,
          h(
            'button',
            {
              type: 'button',
              class: 'undo-toast__button',
              'aria-label': label,
              onClick: async () => {
                if (undone) return;
                undone = true;
                toast.destroy();
                try {
                  message.success(await undo());
                } catch (error) {
                  message.error(error instanceof StoreError ? `${failed}: ${error.message}` : failed);
                }
              },
            },
            'Undo',
          ),
        ]),
      { duration: UNDO_MS },
    );
  };
}
