import type { z } from 'zod';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import {
  staffApiKeyCreatedSchema,
  staffApiKeyResponseSchema,
  staffApiKeysResponseSchema,
  staffImportResultSchema,
  staffOfficeUserResponseSchema,
  staffSellerFileSchema,
} from '@admit/contracts/staff-api';
import { readSellerFile } from '@/modules/seller-file/service';
import { CliFailure, type StaffOps } from './staff-ops';

/**
 * The seller commands over a running server's staff API (decision 0074): the server holds the
 * database (PGlite's folder has one process at a time), so the CLI asks it. Every refusal comes
 * back as the envelope's sentence; a server that stops answering is a sentence too.
 */

/** Answers whether a server answers at `baseUrl` (its /health), within `timeoutMs`. */
export async function serverAnswers(baseUrl: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

const causeOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};

/** The staff API at `baseUrl` with `key`. */
export function staffClient(baseUrl: string, key: string): StaffOps {
  /** One call; a non-2xx answer is a CliFailure with the server's words. */
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string | undefined>,
    body?: unknown,
  ): Promise<{ res: Response; text: string }> {
    const url = new URL(`${baseUrl}/admin/api/staff/${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, value);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new CliFailure(`The server at ${baseUrl} did not answer (${causeOf(error)}).`);
    }
    const text = await res.text();
    if (res.ok) return { res, text };
    const envelope = errorEnvelopeSchema.safeParse(safeJson(text));
    const first = envelope.success ? envelope.data._data[0] : undefined;
    const said = first?._description ?? `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 403) {
      throw new CliFailure(
        `The server at ${baseUrl} refused the staff key: ${said}. Run the command as the server's user (it reads the server's staff-key file), or set STAFF_KEY to the server's.`,
      );
    }
    // the import's refusal keeps its exit code (2), as on the database itself
    throw new CliFailure(said, res.status === 409 ? 2 : 1, first?._code);
  }
  const json = <T extends z.ZodType>(schema: T, text: string): z.output<T> => {
    const parsed = schema.safeParse(safeJson(text));
    if (!parsed.success)
      throw new CliFailure(`The server at ${baseUrl} answered something this CLI cannot read.`);
    return parsed.data;
  };

  return {
    async createKey(slug, name) {
      const { text } = await call('POST', 'api_keys', { _seller: slug }, { name });
      return json(staffApiKeyCreatedSchema, text);
    },
    async addOfficeStaff(slug, input) {
      const { text } = await call('POST', 'office_staff', { _seller: slug }, input);
      return json(staffOfficeUserResponseSchema, text).staff_user;
    },
    async listKeys(slug) {
      const { text } = await call('GET', 'api_keys', { _seller: slug });
      return json(staffApiKeysResponseSchema, text).api_keys;
    },
    async revokeKey(slug, id) {
      const { text } = await call('DELETE', `api_keys/${encodeURIComponent(id)}`, {
        _seller: slug,
      });
      return json(staffApiKeyResponseSchema, text).api_key;
    },
    async exportOrders(slug, since, format) {
      const { res, text } = await call('GET', 'orders', {
        _seller: slug,
        since: since?.toISOString(),
        format,
      });
      const count = (name: string) => Number(res.headers.get(name) ?? 0);
      return { text, orders: count('x-admit-orders'), tickets: count('x-admit-tickets') };
    },
    async exportSeller(slug) {
      try {
        const { text } = await call('GET', 'seller_file', { _seller: slug });
        const sent = json(staffSellerFileSchema, text);
        const images = new Map(
          sent.pictures.map((p) => [p.path, Buffer.from(p.base64, 'base64')] as const),
        );
        return { yaml: sent.text, images };
      } catch (error) {
        if (error instanceof CliFailure && error.code === 'seller_not_found') return undefined;
        throw error;
      }
    },
    async importFile(path, dryRun) {
      // read and checked here first: its problems name this machine's file and lines
      const { text, images } = await readSellerFile(path);
      const pictures = [...images].map(([picturePath, image]) => ({
        path: picturePath,
        base64: image.bytes.toString('base64'),
      }));
      const { text: answer } = await call(
        'POST',
        'seller_file',
        { dry_run: String(dryRun) },
        { file_name: path, text, pictures },
      );
      return json(staffImportResultSchema, answer);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
