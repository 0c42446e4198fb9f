import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

/** The seller's feature flags as the page holds them, and their replacement after a refresh. */
interface FeatureFlagsState {
  flags: Readonly<Record<string, boolean>>;
  replace: (flags: Record<string, boolean>) => void;
}

const FeatureFlagsContext = createContext<FeatureFlagsState | null>(null);

/**
 * The seller's feature flags (shopping §1 "Configuration", decision 0061), first from the seller
 * config the page booted with. They change only when asked to: identity §9 "Feature flags
 * refresh manually" (`useRefreshFeatureFlags`, api/feature-flags/).
 */
export function FeatureFlagsProvider({
  initial,
  children,
}: {
  initial: Record<string, boolean>;
  children: ReactNode;
}) {
  const [flags, replace] = useState<Record<string, boolean>>(initial);
  const value = useMemo(() => ({ flags, replace }), [flags]);
  return <FeatureFlagsContext value={value}>{children}</FeatureFlagsContext>;
}

function useFeatureFlagsState(): FeatureFlagsState {
  const state = useContext(FeatureFlagsContext);
  if (!state) throw new Error('feature flags are read inside <FeatureFlagsProvider>');
  return state;
}

/** Whether the seller turned a feature flag on; an absent flag is off. The one reader of flags. */
export function useFeatureFlag(name: string): boolean {
  return useFeatureFlagsState().flags[name] === true;
}

/** Replaces the page's flags with newly read ones (the refresh, api/feature-flags/). */
export function useReplaceFeatureFlags(): (flags: Record<string, boolean>) => void {
  return useFeatureFlagsState().replace;
}
