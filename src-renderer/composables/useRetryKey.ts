/**
 * An Idempotency-Key for a form's create: the same while the form sends the same thing again (a
 * retry after an answer that never came makes one record, not two), a new one once what it sends
 * changes (the service refuses a key reused for another body).
 */
export function useRetryKey(): (body: unknown) => string {
  let sent: string | null = null;
  let key = '';
  return (body) => {
    const text = JSON.stringify(body);
    if (text !== sent) {
      sent = text;
      key = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
    }
    return key;
  };
}
