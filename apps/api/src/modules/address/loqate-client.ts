import { z } from 'zod';

/**
 * A small client of the Loqate (Addressy) Capture Interactive API: Find v1.10 and Retrieve v1.2
 * over `json3.ws`. Both answer `{ Items: [...] }`; a failure is a single item carrying `Error`
 * (a number as text), `Description`, `Cause` and `Resolution` — with HTTP 200, so the items
 * decide, not the status.
 */

/** A Find item: `Type` "Address" is retrievable; anything else ("Postcode", "Street", …) is a container. */
export interface LoqateFindItem {
  Id: string;
  Type: string;
  Text: string;
  Description: string;
}

/** The Retrieve fields Admit uses (the answer has many more). */
export interface LoqateRetrieveItem {
  Line1: string;
  Line2: string;
  City: string;
  Province: string;
  ProvinceName: string;
  ProvinceCode: string;
  CountryIso2: string;
  PostalCode: string;
}

/** Why a call failed: the provider said so (`error_item`), or it could not be used at all. */
export class LoqateError extends Error {
  constructor(
    readonly kind: 'error_item' | 'unreachable',
    description: string,
  ) {
    super(description);
    this.name = 'LoqateError';
  }
}

export interface LoqateFindRequest {
  key: string;
  text: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  container?: string;
}

export interface LoqateClient {
  find(request: LoqateFindRequest): Promise<LoqateFindItem[]>;
  retrieve(key: string, id: string): Promise<LoqateRetrieveItem[]>;
}

export interface LoqateClientOptions {
  /** e.g. https://api.addressy.com (tests point it at a local stub server) */
  baseUrl: string;
  timeoutMs?: number;
  /** results per Find; Loqate's own default is 10 */
  limit?: number;
}

const text = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '',
  );
const itemsSchema = z.object({ Items: z.array(z.record(z.string(), z.unknown())) });
const findItemSchema = z.object({ Id: text, Type: text, Text: text, Description: text });
const retrieveItemSchema = z.object({
  Line1: text,
  Line2: text,
  City: text,
  Province: text,
  ProvinceName: text,
  ProvinceCode: text,
  CountryIso2: text,
  PostalCode: text,
});

const DEFAULT_TIMEOUT_MS = 5000;

export function createLoqateClient(options: LoqateClientOptions): LoqateClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, params: Record<string, string | undefined>) {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      // the cause stays in the server log; the key is in the URL, so the URL never is
      throw new LoqateError(
        'unreachable',
        `address service unreachable: ${error instanceof Error ? error.message : 'error'}`,
      );
    }
    const parsed = itemsSchema.safeParse(body);
    if (!parsed.success) throw new LoqateError('unreachable', 'address service answered no Items');
    // spec: identity §8 — "throws the first item if it carries an error"
    const first = parsed.data.Items[0];
    if (first && 'Error' in first) {
      const description = typeof first.Description === 'string' ? first.Description : '';
      throw new LoqateError(
        'error_item',
        description || `address service error ${String(first.Error)}`,
      );
    }
    return parsed.data.Items;
  }

  return {
    async find({ key, text: searchText, country, container }) {
      const items = await call('/Capture/Interactive/Find/v1.10/json3.ws', {
        Key: key,
        Text: searchText,
        // the caller is this server, so Loqate must not bias results by its address
        IsMiddleware: 'true',
        Container: container,
        Origin: country,
        Countries: country,
        Limit: String(options.limit ?? 10),
      });
      return items.map((item) => findItemSchema.parse(item));
    },
    async retrieve(key, id) {
      const items = await call('/Capture/Interactive/Retrieve/v1.2/json3.ws', { Key: key, Id: id });
      return items.map((item) => retrieveItemSchema.parse(item));
    },
  };
}
