import { useDialog } from 'naive-ui';
import { h } from 'vue';
import { focusAfterDialog } from '../dom/focus';

export interface ConfirmOptions {
  title: string;
  /** What will happen, in plain words. */
  content: string;
  /** The button that goes ahead, named for what it does ("Delete", "Revoke"). */
  confirmText: string;
  /** The button that backs out (default "Cancel"). */
  cancelText?: string;
  /** The confirm button deletes or discards something: red, as the row's own Delete is. */
  destructive?: boolean;
  /** Runs when confirmed; the dialog stays open, its button busy, until this settles. */
  action: () => Promise<void>;
  /**
   * Runs once the dialog has gone, whichever way it closed: where the keyboard focus should go when
   * the button that opened it is gone (a cancelled order's row), instead of back to the page.
   * Without it, such a focus goes to the screen's heading (focusAfterDialog).
   */
  afterClose?: () => void;
  /**
   * The confirm button takes the keyboard as the dialog opens, so Enter goes ahead, and a click
   * beside the dialog leaves it open: for a routine step asked about because it is final (Fulfil),
   * not for a destructive one (Delete stays a Tab away).
   */
  enterConfirms?: boolean;
}

type WarningOptions = Parameters<ReturnType<typeof useDialog>['warning']>[0];
type Shown = ReturnType<ReturnType<typeof useDialog>['warning']>;

let warnings = 0;

/**
 * The library's warning dialog, named by its title and described by its text for screen readers
 * (options fall through as attributes): opening it reads what will happen, not only the focused
 * button ("Keep editing").
 */
function warn(
  dialog: ReturnType<typeof useDialog>,
  { title, content, confirmText, cancelText = 'Cancel', destructive = false }: Omit<ConfirmOptions, 'action'>,
  handlers: WarningOptions,
): Shown {
  const described = `warning-text-${++warnings}`;
  return dialog.warning({
    title,
    ...({ 'aria-label': title, 'aria-describedby': described, 'aria-modal': 'true' } as object),
    content: () => h('span', { id: described }, content),
    positiveText: confirmText,
    negativeText: cancelText,
    positiveButtonProps: destructive ? { type: 'error' } : undefined,
    ...handlers,
  });
}

/** A shown dialog's confirm button (the last of its actions), found by the dialog's name. */
function confirmButton(title: string): HTMLElement | null {
  const named = [...document.querySelectorAll<HTMLElement>('.n-dialog[aria-label]')].find((element) => element.getAttribute('aria-label') === title);
  return named?.querySelector<HTMLElement>('.n-dialog__action .n-button:last-child') ?? null;
}

/** While the action runs the dialog cannot be dismissed, and its confirm button shows it is busy. */
function setBusy(shown: Shown, busy: boolean): void {
  shown.loading = busy;
  shown.closable = !busy;
  shown.maskClosable = !busy;
  shown.closeOnEsc = !busy;
  shown.negativeButtonProps = { disabled: busy };
}

/**
 * Asks before a destructive action and runs it when confirmed, once: a second click on the confirm
 * button while the action runs, or while the dialog fades out after it, does nothing (it deleted
 * the pet, then said "Pet 14 does not exist").
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const dialog = useDialog();
  return (options) => {
    const opener = document.activeElement;
    let confirmed = false;
    const shown = warn(dialog, options, {
      onPositiveClick: async () => {
        if (confirmed) return false; // false: naive-ui leaves the dialog as it is
        confirmed = true;
        setBusy(shown, true);
        try {
          await options.action();
        } catch (error) {
          // (The screens' actions say their own failures; this one may be tried again.)
          confirmed = false;
          setBusy(shown, false);
          throw error;
        }
      },
      onAfterLeave: options.afterClose ?? (() => focusAfterDialog(opener)),
      onAfterEnter: options.enterConfirms ? () => confirmButton(options.title)?.focus() : undefined,
      // A double click on the row's button: its second click lands beside the dialog, which stays.
      maskClosable: !options.enterConfirms,
    });
  };
}

/**
 * Asks a yes/no question in the same dialog and answers it: true only for the confirm button;
 * the other button, Esc, the close icon and a click beside the dialog all answer false.
 */
export function useAsk(): (options: Omit<ConfirmOptions, 'action'>) => Promise<boolean> {
  const dialog = useDialog();
  return (options) =>
    new Promise<boolean>((resolve) => {
      const no = () => resolve(false);
      warn(dialog, options, { onPositiveClick: () => resolve(true), onNegativeClick: no, onClose: no, onMaskClick: no, onEsc: no });
    });
}
