import { useMessage } from 'naive-ui';
import { ref, shallowRef, type Ref } from 'vue';
import { StoreError } from '../../src-shared/errors';

/** What a receipt page shows while it loads, once loaded, and when there is nothing to show. */
export interface ReceiptLoad<T> {
  /** The receipt's data, or null before the first answer and when there is none. */
  data: Ref<T | null>;
  /** Why there is no receipt ("Sale 9 does not exist."), or null. */
  missing: Ref<string | null>;
  loading: Ref<boolean>;
  /** Reads the receipt again (a change made elsewhere); only the latest load's answer is shown. */
  load: () => Promise<void>;
}

/**
 * The loading both receipt pages share (an order's, a sale's): `read` fetches the data; a refusal
 * that `missingText` names becomes the page's "no receipt" text, any other failure a toast. A
 * later load wins over an earlier one that answers last.
 */
export function useReceiptLoad<T>(read: () => Promise<T>, missingText: (error: StoreError) => string | null): ReceiptLoad<T> {
  const message = useMessage();
  const data = shallowRef<T | null>(null);
  const missing = ref<string | null>(null);
  const loading = ref(true);
  /** Bumped by each load: only the latest one's answer is shown. */
  let loads = 0;

  async function load(): Promise<void> {
    const mine = ++loads;
    loading.value = true;
    try {
      const answer = await read();
      if (mine !== loads) return;
      data.value = answer;
      missing.value = null;
    } catch (error) {
      if (mine !== loads) return;
      data.value = null;
      missing.value = error instanceof StoreError ? missingText(error) : null;
      if (missing.value === null) message.error(error instanceof Error ? error.message : 'The receipt could not be loaded');
    } finally {
      if (mine === loads) loading.value = false;
    }
  }

  return { data, missing, loading, load };
}
