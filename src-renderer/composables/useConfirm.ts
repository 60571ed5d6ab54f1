import { useDialog } from 'naive-ui';

export interface ConfirmOptions {
  title: string;
  /** What will happen, in plain words. */
  content: string;
  /** The button that goes ahead, named for what it does ("Delete", "Revoke"). */
  confirmText: string;
  /** The button that backs out (default "Cancel"). */
  cancelText?: string;
  /** Runs when confirmed; the dialog stays open, its button busy, until this settles. */
  action: () => Promise<void>;
  /**
   * Runs once the dialog has gone, whichever way it closed: where the keyboard focus should go when
   * the button that opened it is gone (a cancelled order's row), instead of back to the page.
   */
  afterClose?: () => void;
}

/**
 * Asks before a destructive action, in the component library's warning dialog, named by its title
 * for screen readers (the options fall through to the dialog element as attributes).
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const dialog = useDialog();
  return ({ title, content, confirmText, cancelText = 'Cancel', action, afterClose }) => {
    dialog.warning({
      title,
      ...({ 'aria-label': title } as object),
      content,
      positiveText: confirmText,
      negativeText: cancelText,
      onPositiveClick: action,
      onAfterLeave: afterClose,
    });
  };
}

/**
 * Asks a yes/no question in the same dialog and answers it: true only for the confirm button;
 * the other button, Esc, the close icon and a click beside the dialog all answer false.
 */
export function useAsk(): (options: Omit<ConfirmOptions, 'action'>) => Promise<boolean> {
  const dialog = useDialog();
  return ({ title, content, confirmText, cancelText = 'Cancel' }) =>
    new Promise<boolean>((resolve) => {
      dialog.warning({
        title,
        ...({ 'aria-label': title } as object),
        content,
        positiveText: confirmText,
        negativeText: cancelText,
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
      });
    });
}
