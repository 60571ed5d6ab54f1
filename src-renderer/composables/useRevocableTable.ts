import { NButton, NTag, useMessage, type DataTableColumn } from 'naive-ui';
import { computed, h, onMounted } from 'vue';
import { dateTimeCell } from '../format/date-lines';
import type { Revocable } from '../stores/revocable-list';
import { useConfirm } from './useConfirm';
import { useMediaQuery } from './useMediaQuery';

export interface RevocableTableOptions<T extends Revocable> {
  /** The store (stores/revocable-list.ts) the table shows. */
  list: { items: T[]; load(): Promise<void>; revoke(id: number): Promise<T> };
  /** A row's name in the buttons, the question and the toast. */
  name: (row: T) => string;
  /** The tag of a row not revoked ("Active", "Paired"). */
  activeLabel: string;
  /** What revoking does, said in the confirmation. */
  consequence: (row: T) => string;
}

/**
 * What the tokens' and tills' tables share: the load on opening (a failure is a toast), the State
 * and Actions columns, and Revoke asked first. The sidebar narrows at 1100 px (App.vue): dates and
 * the State column then take two lines, so every column fits a 900 px window.
 */
export function useRevocableTable<T extends Revocable>(options: RevocableTableOptions<T>) {
  const message = useMessage();
  const confirm = useConfirm();
  const narrow = useMediaQuery('(max-width: 1100px)');
  const when = (iso: string | null) => dateTimeCell(iso, 'never');
  const dateWidth = computed(() => (narrow.value ? 112 : 180));

  onMounted(async () => {
    try {
      await options.list.load();
    } catch (error) {
      message.error((error as Error).message);
    }
  });

  /** Revoked or active; a revoked row says when under its tag (the tag is no wider than "Revoked"). */
  function stateColumn(): DataTableColumn<T> {
    const revoked = options.list.items.some((row) => row.revokedAt);
    return {
      title: 'State',
      key: 'revokedAt',
      width: revoked ? (narrow.value ? 112 : 190) : 80,
      render: (row) =>
        row.revokedAt
          ? h('span', [h(NTag, { size: 'small', bordered: false }, () => 'Revoked'), h('br'), when(row.revokedAt)])
          : h(NTag, { size: 'small', bordered: false, type: 'success' }, () => options.activeLabel),
    };
  }

  /** Revoke, pinned at the right edge when the table scrolls sideways; none on a revoked row. */
  function actionsColumn(): DataTableColumn<T> {
    return {
      title: 'Actions',
      key: 'actions',
      width: 88,
      fixed: 'right',
      render: (row) =>
        row.revokedAt
          ? null
          : h(NButton, { size: 'small', type: 'error', ghost: true, 'aria-label': `Revoke ${options.name(row)}`, onClick: () => confirmRevoke(row) }, () => 'Revoke'),
    };
  }

  function confirmRevoke(row: T): void {
    confirm({
      title: `Revoke “${options.name(row)}”?`,
      content: options.consequence(row),
      confirmText: 'Revoke',
      destructive: true,
      action: () => revoke(row),
    });
  }

  async function revoke(row: T): Promise<void> {
    try {
      await options.list.revoke(row.id);
      message.success(`Revoked “${options.name(row)}”`);
    } catch (error) {
      message.error((error as Error).message);
    }
  }

  return { narrow, when, dateWidth, stateColumn, actionsColumn };
}
