import { createContext } from 'react';
import type { ServerVisitor } from '@admit/contracts/server-render';

/**
 * What the page host knew of the visitor when it drew a private page (decision 0045): given on
 * the server and, from the HTML, to the hydration pass, so both render from the same values.
 * Null on every page the browser drew by itself.
 */
export const ServerVisitorContext = createContext<ServerVisitor | null>(null);
