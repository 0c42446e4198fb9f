/**
 * A module loaded on first use and then kept: `loadOnce(() => import('x'))` answers the same
 * promise to every caller. The heavy packages a process may never need (sharp, the Stripe SDK,
 * nodemailer) are loaded this way, not at start-up (decision 0072); a failed load is retried by
 * the next caller rather than kept.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
