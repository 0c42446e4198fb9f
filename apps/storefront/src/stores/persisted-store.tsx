import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';

/**
 * A small JSON value kept in localStorage and shared by every tab of the storefront.
 * spec: shopping §1 — shared cart and member state persists to local storage and syncs across
 * tabs; storage access errors are tolerated silently (private mode, quota, disabled storage).
 */
export interface PersistedStore<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** only changes written by another tab (the `storage` event) */
  subscribeOtherTabs: (listener: () => void) => () => void;
  /**
   * The value with nothing stored: what the server renders (it has no storage) and therefore
   * what the client's hydration pass must render too, before it reads the stored one
   * (decision 0044).
   */
  initial: () => T;
}

/**
 * While a server-rendered page hydrates (decision 0044), every store answers the value the
 * server drew with (its initial value, or the visitor's cart of a private page, decision 0045):
 * the page may hydrate in several passes (its lazy route code arrives after the frame), and a
 * stored value seen before the last one (a held cart and the cart read it starts) would make
 * that pass differ from the server's markup. `releaseStoredValues` ends it.
 *
 * The hold is React state above the whole tree (`StoredValuesHold`), not the stores' snapshot:
 * a changed external-store snapshot re-renders synchronously, in one long task — the whole
 * checkout on a phone (TBT, issue #13) — while the release is a transition React renders in
 * slices. The server holds for good.
 */
let holding = false;
let release: (() => void) | null = null;

const HeldContext = createContext(false);

/** The hydration of a server-rendered page begins (or a server render): stores answer its values. */
export function holdStoredValues(): void {
  holding = true;
}

/** The page has hydrated: stores answer what is stored, and their users re-render. */
export function releaseStoredValues(): void {
  if (!holding) return;
  holding = false;
  release?.();
}

/** Around the app: holds the stores while a server-drawn page hydrates (see above). */
export function StoredValuesHold({ children }: { children: ReactNode }) {
  const [held, setHeld] = useState(() => holding);
  useEffect(() => {
    if (!held) return;
    release = () => startTransition(() => setHeld(false));
    // the page's own effect (PageHydrated) runs before this one, its parent's
    if (!holding) release();
    return () => {
      release = null;
    };
  }, [held]);
  return <HeldContext value={held}>{children}</HeldContext>;
}

/** Whether the stores answer the values the server drew with (this render hydrates, or is the server's). */
export function useStoredValuesHeld(): boolean {
  return useContext(HeldContext);
}

/** undefined when storage cannot be read at all (as opposed to null: nothing stored). */
function readStorage(key: string): string | null | undefined {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, raw: string | null): void {
  try {
    if (raw === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, raw);
  } catch {
    // spec: shopping §1 — storage errors are silent; the value still lives in memory
  }
}

/**
 * `key` is resolved on every access because the seller slug is known only after boot.
 * `parse` turns stored JSON into a value and returns the fallback for anything unexpected,
 * so a value written by an older storefront version never breaks the page.
 */
export function createPersistedStore<T>(
  key: () => string,
  parse: (raw: unknown) => T,
): PersistedStore<T> {
  const listeners = new Set<() => void>();
  const otherTabListeners = new Set<() => void>();
  // the parsed value is cached per raw string so useSyncExternalStore sees a stable snapshot
  let cache: { key: string; raw: string | null; value: T } | null = null;
  // the value of this tab, used only while storage cannot be read
  let memory: { key: string; raw: string } | null = null;

  function get(): T {
    const k = key();
    const stored = readStorage(k);
    const raw = stored !== undefined ? stored : memory?.key === k ? memory.raw : null;
    if (cache && cache.key === k && cache.raw === raw) return cache.value;
    let json: unknown = null;
    try {
      json = raw === null ? null : JSON.parse(raw);
    } catch {
      json = null;
    }
    cache = { key: k, raw, value: parse(json) };
    return cache.value;
  }

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function set(value: T): void {
    const k = key();
    const raw = JSON.stringify(value);
    memory = { key: k, raw };
    writeStorage(k, raw);
    notify();
  }

  function onStorage(event: StorageEvent): void {
    // another tab wrote (event.key null means the whole storage was cleared there)
    if (event.key !== null && event.key !== key()) return;
    notify();
    for (const listener of otherTabListeners) listener();
  }

  function listenToStorage(): void {
    if (listeners.size + otherTabListeners.size === 1) {
      window.addEventListener('storage', onStorage);
    }
  }

  function stopListening(): void {
    if (listeners.size + otherTabListeners.size === 0) {
      window.removeEventListener('storage', onStorage);
    }
  }

  function subscribeTo(set: Set<() => void>, listener: () => void): () => void {
    set.add(listener);
    listenToStorage();
    return () => {
      set.delete(listener);
      stopListening();
    };
  }

  let initial: { value: T } | null = null;

  return {
    get,
    set,
    // computed once: useSyncExternalStore wants the same server snapshot on every call
    initial: () => (initial ??= { value: parse(null) }).value,
    subscribe: (listener) => subscribeTo(listeners, listener),
    subscribeOtherTabs: (listener) => subscribeTo(otherTabListeners, listener),
  };
}

/**
 * The stored value; `drawnWith` is the value a server-drawn page was drawn with (decision
 * 0045: the visitor's cart), which the server and the hydration pass answer instead of the
 * initial one.
 */
export function usePersistedStore<T>(store: PersistedStore<T>, drawnWith?: T): T {
  const held = useStoredValuesHeld();
  // the hydration reads the stored value too, so React finds it unchanged once hydrated (a
  // changed one would re-render at once); a server has no storage
  const stored = useSyncExternalStore(store.subscribe, store.get, () =>
    typeof window === 'undefined' ? store.initial() : store.get(),
  );
  return held ? (drawnWith ?? store.initial()) : stored;
}
