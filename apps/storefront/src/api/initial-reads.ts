import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';

let reads: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  if (reads) return reads;
  reads = new Map();
  const element =
    typeof document === 'undefined' ? null : document.getElementById(INITIAL_READS_SCRIPT_ID);
  if (!element?.textContent) return reads;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object') {
      for (const [address, body] of Object.entries(parsed)) reads.set(address, body);
    }
  } catch {
    // a page without usable reads simply reads from the network
  }
  return reads;
}

/**
 * The body the page host put in the HTML for this read address, once: the first read of a deep
 * link takes it (no round trip before the page can draw, issue #13); every later read of the
 * same address — a refetch, a return to the page — goes to the network as before.
 */
export function takeInitialRead(address: string): unknown {
  const all = load();
  if (!all.has(address)) return undefined;
  const body = all.get(address);
  all.delete(address);
  return body;
}

/** Tests only: forget what was loaded, so the next call reads the document again. */
export function resetInitialReads(): void {
  reads = undefined;
}
