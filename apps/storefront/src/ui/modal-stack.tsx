import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { MODAL_TRANSITION_MS } from '@admit/contracts/constants';

export interface StackedModal {
  /** the stack ignores a second modal with the same name (identity §2 Global dialogs) */
  name: string;
  title: string;
  closeLabel: string;
  isClosable?: boolean;
  content: (close: () => void) => ReactNode;
}

/** A modal on the stack; a closing one stays mounted for its exit transition. */
export interface StackEntry {
  id: number;
  modal: StackedModal;
  closing: boolean;
}

interface ModalStackValue {
  entries: StackEntry[];
  open: (modal: StackedModal) => void;
  close: (name: string) => void;
}

const ModalStackContext = createContext<ModalStackValue | null>(null);

// react-aria is only fetched once the first stacked modal opens
const ModalStackHost = lazy(() =>
  import('@/ui/modal-stack-host').then((m) => ({ default: m.ModalStackHost })),
);

/** The global modal stack (identity §2 Global dialogs): cart expiry, login-or-guest, … */
export function ModalStackProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<StackEntry[]>([]);
  const nextId = useRef(0);
  // pending transition timers, cleared on unmount so none fires into a torn-down page
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // a child's unmount cleanup may still call close() after ours ran (parents clean up first)
  const gone = useRef(false);
  useEffect(() => {
    const pending = timers.current;
    gone.current = false;
    return () => {
      gone.current = true;
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  const open = useCallback((modal: StackedModal) => {
    setEntries((stack) => {
      if (stack.some((e) => e.modal.name === modal.name && !e.closing)) return stack;
      nextId.current += 1;
      return [...stack, { id: nextId.current, modal, closing: false }];
    });
  }, []);
  const close = useCallback((name: string) => {
    if (gone.current) return;
    setEntries((stack) => stack.map((e) => (e.modal.name === name ? { ...e, closing: true } : e)));
    // spec: shopping §9 — 200 ms transition, then the modal leaves the stack
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setEntries((stack) => stack.filter((e) => !(e.modal.name === name && e.closing)));
    }, MODAL_TRANSITION_MS);
    timers.current.add(timer);
  }, []);
  const value = useMemo(() => ({ entries, open, close }), [entries, open, close]);
  return (
    <ModalStackContext.Provider value={value}>
      {children}
      {entries.length > 0 && (
        <Suspense fallback={null}>
          <ModalStackHost entries={entries} close={close} />
        </Suspense>
      )}
    </ModalStackContext.Provider>
  );
}

export function useModalStack(): Pick<ModalStackValue, 'open' | 'close'> & { names: string[] } {
  const value = useContext(ModalStackContext);
  if (!value) throw new Error('useModalStack must be used inside <ModalStackProvider>');
  const names = value.entries.filter((e) => !e.closing).map((e) => e.modal.name);
  return { open: value.open, close: value.close, names };
}
