import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Clerk, ClerkRole, ClerkSession, SignInState } from '../../src-shared/schemas/clerk';
import { api } from '../api/client';
import { useTillStore } from './till';

/** Whose the till's basket is, beside it in the window's session storage (a reload keeps both). */
export const BASKET_CLERK_KEY = 'petstore.till.clerk';

type BasketClerk = { id: number; name: string };

function basketClerk(): BasketClerk | null {
  try {
    const kept = JSON.parse(globalThis.sessionStorage?.getItem(BASKET_CLERK_KEY) ?? 'null') as BasketClerk | null;
    return kept && typeof kept.id === 'number' && typeof kept.name === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Who is signed in at this window (docs/decisions.md#clerk-logins): whether clerks sign in, the idle
 * lock's minutes, the session, and the clerks the sign-in screen offers. Any call answering
 * SIGN_IN_REQUIRED ends the session here too, so the sign-in screen comes up over every screen.
 */
export const useSignInStore = defineStore('sign-in', () => {
  /** What the store answered last; null until it has (the app then works as with logins off). */
  const state = ref<SignInState | null>(null);
  /** The first read has answered or failed: until then the window shows nothing of its screens. */
  const settled = ref(false);
  const clerks = ref<Clerk[]>([]);
  /** The shop's name, heading the sign-in screen. */
  const shopName = ref('');
  /** Said once the next clerk is in: the previous clerk's unfinished sale was dropped. */
  const notice = ref<string | null>(null);

  const clerkLogins = computed(() => state.value?.clerkLogins ?? false);
  const session = computed<ClerkSession | null>(() => state.value?.session ?? null);
  /** Clerks sign in and nobody is: the sign-in screen covers the app. */
  const locked = computed(() => clerkLogins.value && !session.value);
  /** The caller's role: the owner while logins are off, else the clerk's (a locked window shows no owner work). */
  const role = computed<ClerkRole>(() => (clerkLogins.value ? (session.value?.clerk.role ?? 'clerk') : 'owner'));
  const idleLockMinutes = computed(() => (clerkLogins.value ? (state.value?.idleLockMinutes ?? 0) : 0));

  /** Bumped by each read and each sign-in or out: an older read answering last is not kept. */
  let reads = 0;

  /** Reads whether clerks sign in and who is signed in here. Rejects with the store's StoreError. */
  async function load(): Promise<SignInState> {
    const mine = ++reads;
    try {
      const answer = await api().call('sessions.current', {});
      if (mine === reads) state.value = answer;
      return answer;
    } finally {
      settled.value = true;
    }
  }

  /** The active clerks, by name, and the shop's name: what the sign-in screen shows. */
  async function loadClerks(): Promise<Clerk[]> {
    const [list, shop] = await Promise.all([api().call('clerks.list', {}), api().call('shop.get', {})]);
    clerks.value = list;
    shopName.value = shop.name;
    return list;
  }

  /**
   * Signs a clerk in with their PIN. Rejects with PIN_INCORRECT or AUTH_THROTTLED (its message says
   * how long to wait). The host keeps the session's secret; the page never sees it used.
   */
  async function start(clerkId: number, pin: string): Promise<ClerkSession> {
    const started = await api().call('sessions.start', { clerkId, pin });
    reads++;
    state.value = { clerkLogins: true, idleLockMinutes: state.value?.idleLockMinutes ?? 0, session: started.session };
    keepBasketFor(started.session.clerk);
    return started.session;
  }

  /** Signs the clerk out (Lock, the idle lock): the sign-in screen comes up even if the call fails. */
  async function end(): Promise<void> {
    try {
      await api().call('sessions.end', {});
    } finally {
      signedOut();
    }
  }

  function signedOut(): void {
    reads++;
    if (state.value) state.value = { ...state.value, session: null };
  }

  /** A cart belongs to its clerk: the same clerk finds it as it was, another starts with an empty one. */
  function keepBasketFor(clerk: BasketClerk): void {
    const previous = basketClerk();
    globalThis.sessionStorage?.setItem(BASKET_CLERK_KEY, JSON.stringify({ id: clerk.id, name: clerk.name }));
    if (!previous || previous.id === clerk.id) return;
    const till = useTillStore();
    if (till.basket.lines.length === 0 && !till.basket.sending) return;
    // A Sell whose answer never came may have been made: said, since no Sell here settles it now.
    const unanswered = till.basket.sending ? ` Their last Sell had no answer: look for it in Sales before selling it again.` : '';
    till.clear();
    notice.value = `${previous.name}’s unfinished sale was set aside and dropped: the basket is empty.${unanswered}`;
  }

  // A session ended elsewhere (12 hours, a new PIN, the owner switched logins off): read what holds now.
  api().onSignInRequired(() => {
    signedOut();
    load().catch(() => undefined);
  });
  // A till's shop server back (or reached at last): who is signed in is read again, since the first
  // read may have failed while it was away and left the window as with logins off.
  let wasUp = false;
  api().onLink((status) => {
    if (status.state === 'up' && !wasUp) load().catch(() => undefined);
    wasUp = status.state === 'up';
  });

  return { state, settled, clerks, shopName, notice, clerkLogins, session, locked, role, idleLockMinutes, load, loadClerks, start, end };
});
