import { useCallback, useState } from 'react';

/**
 * The tickets ticked for cancelling (identity §2 "select-all per session") and the §5 rule
 * "Cancel selected tickets: at least one" ('Please select at least one ticket to continue.').
 */
export function useTicketSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [missing, setMissing] = useState(false);
  const toggle = useCallback((ids: string[], on: boolean) => {
    setMissing(false);
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setMissing(false);
    setSelected(new Set());
  }, []);
  /** true when at least one ticket is ticked; else the validation message shows */
  const requireOne = () => {
    setMissing(selected.size === 0);
    return selected.size > 0;
  };
  return { selected, missing, toggle, clear, requireOne };
}
