import { createContext } from 'react';

/** The page's largest image as a `<link rel="preload">` names it: its first source. */
export interface PriorityImageHint {
  srcSet: string;
  sizes: string;
  type: string;
}

/**
 * Where a server render collects the images drawn with `loading="priority"` (decision 0044):
 * the host names them first in the page's head, so the browser fetches the largest image before
 * the scripts and styles the head lists after it. Null in the browser: nothing is collected.
 */
export const PriorityImageSink = createContext<((hint: PriorityImageHint) => void) | null>(null);
