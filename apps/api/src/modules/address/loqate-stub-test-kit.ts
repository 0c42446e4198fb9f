import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received: its path and query parameters. */
export interface StubRequest {
  path: string;
  params: Record<string, string>;
}

type Answer = (request: StubRequest) => { status?: number; body: unknown };

/**
 * A local stand-in for the Loqate API (no network in tests): an HTTP server on port 0 that
 * records every request and answers with `answer`, which a test may swap at any time.
 */
export async function startLoqateStub(answer: Answer) {
  const requests: StubRequest[] = [];
  const state = { answer };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const request = { path: url.pathname, params: Object.fromEntries(url.searchParams) };
    requests.push(request);
    const { status = 200, body } = state.answer(request);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL nothing listens on: a stub started and closed again. */
export async function unreachableUrl(): Promise<string> {
  const stub = await startLoqateStub(() => ({ body: {} }));
  await stub.close();
  return stub.url;
}

export const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
export const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.2/json3.ws';

export const PRIVATE_KEY = 'PRIV-AA11-BB22-never-public';
export const PUBLIC_KEY = 'PUB-CC33-DD44';

export const FIND_ITEMS = [
  {
    Id: 'US|US|A|1',
    Type: 'Address',
    Text: '1 Museum Way',
    Highlight: '0-1',
    Description: 'Springfield IL 62701',
  },
  {
    Id: 'US|US|C|2',
    Type: 'Street',
    Text: 'Museum Rd',
    Highlight: '',
    Description: '24 Addresses',
  },
];
export const RETRIEVE_ITEM = {
  Id: 'US|US|A|1',
  Line1: '1 Museum Way',
  Line2: 'Suite 4',
  City: 'Springfield',
  Province: 'Illinois',
  ProvinceName: 'Illinois',
  ProvinceCode: 'IL',
  CountryIso2: 'US',
  CountryIso3: 'USA',
  PostalCode: '62701-1234',
  Label: '1 Museum Way\nSpringfield IL 62701-1234\nUNITED STATES',
};

/** Loqate's answers to the test sellers' calls (Find, a container's Find, Retrieve). */
export function loqateAnswer(request: StubRequest) {
  if (request.path === FIND_PATH && request.params.Container === 'US|US|C|2') {
    return { body: { Items: [{ ...FIND_ITEMS[0], Id: 'US|US|A|9', Text: '9 Museum Rd' }] } };
  }
  if (request.path === FIND_PATH) return { body: { Items: FIND_ITEMS } };
  if (request.path === RETRIEVE_PATH) return { body: { Items: [RETRIEVE_ITEM] } };
  return { status: 404, body: 'no such service' };
}
