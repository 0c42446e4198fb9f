import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** origin of the server under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/** One server for the whole e2e run: spec files run one after another against it. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
