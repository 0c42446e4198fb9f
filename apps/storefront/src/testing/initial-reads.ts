import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import { resetInitialReads } from '@/api/initial-reads';

/** Puts reads in the document as the page host does (`{ [address]: body }`); returns the undo. */
export function installInitialReads(reads: Record<string, unknown>): () => void {
  const script = document.createElement('script');
  script.id = INITIAL_READS_SCRIPT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(reads);
  document.body.append(script);
  resetInitialReads();
  return () => {
    script.remove();
    resetInitialReads();
  };
}
