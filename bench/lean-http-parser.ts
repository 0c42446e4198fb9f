/**
 * The response side of the bench's lean HTTP/1.1 client (`lean-http.ts`): just what the Admit
 * server and nginx send to a POST. A status line and headers; a body framed by content-length,
 * by `transfer-encoding: chunked`, or (no framing) by the server closing the connection; interim
 * 1xx answers skipped. One response at a time per socket: the client never pipelines, so bytes
 * left over after a response are a protocol error, not the next answer.
 *
 * The caller hands in the bytes of each read from a buffer it reuses, so nothing is kept by
 * reference: a response that arrives whole (the usual case) is decoded straight from the read,
 * and only pieces of a split one are copied.
 */

const HEAD = 0;
const LENGTH = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const CHUNK_END = 4;
const TRAILER = 5;
const UNTIL_CLOSE = 6;

const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');
const LF = 0x0a;
/** a head longer than this is not an answer from the servers this client talks to */
const MAX_HEAD_BYTES = 64 * 1024;

export class ResponseParser {
  status = 0;
  text = '';
  /** false once the response (or its HTTP version) says the connection ends with it */
  keepAlive = true;
  private phase = HEAD;
  /** the head read so far, when it spans reads */
  private head: Buffer | null = null;
  /** bytes left of the body (LENGTH) or of the current chunk (CHUNK_DATA) */
  private remaining = 0;
  private parts: Buffer[] = [];
  /** a chunk-size or trailer line read so far, when it spans reads */
  private line = '';

  /** Ready for the next response on the same connection. */
  reset() {
    this.status = 0;
    this.text = '';
    this.keepAlive = true;
    this.phase = HEAD;
    this.head = null;
    this.remaining = 0;
    this.parts.length = 0;
    this.line = '';
  }

  /**
   * Reads the bytes of one read. Returns where the response ended in `data`, or -1 when it
   * needs more bytes. Throws on bytes that are not an HTTP/1.x response.
   */
  feed(data: Buffer): number {
    let at = 0;
    while (at < data.length || this.phase === LENGTH) {
      switch (this.phase) {
        case HEAD:
          at = this.readHead(data, at);
          if (at === -1) return -1;
          break;
        case LENGTH: {
          const take = Math.min(this.remaining, data.length - at);
          if (this.parts.length === 0 && take === this.remaining) {
            this.text = data.toString('utf8', at, at + take);
            return at + take;
          }
          this.keep(data, at, at + take);
          this.remaining -= take;
          at += take;
          if (this.remaining > 0) return -1;
          this.text = Buffer.concat(this.parts).toString('utf8');
          return at;
        }
        case CHUNK_DATA: {
          const take = Math.min(this.remaining, data.length - at);
          this.keep(data, at, at + take);
          this.remaining -= take;
          at += take;
          if (this.remaining === 0) this.phase = CHUNK_END;
          break;
        }
        case UNTIL_CLOSE:
          this.keep(data, at, data.length);
          return -1;
        default: {
          // CHUNK_SIZE, CHUNK_END, TRAILER: line by line
          const lf = data.indexOf(LF, at);
          if (lf === -1) {
            this.line += data.toString('latin1', at);
            return -1;
          }
          const line = (this.line + data.toString('latin1', at, lf)).replace(/\r$/, '');
          this.line = '';
          at = lf + 1;
          if (this.endLine(line)) return at;
        }
      }
    }
    return -1;
  }

  /** The peer closed the connection: true when that ends the response (no framing). */
  closed(): boolean {
    if (this.phase !== UNTIL_CLOSE) return false;
    this.text = Buffer.concat(this.parts).toString('utf8');
    return true;
  }

  private keep(data: Buffer, start: number, end: number) {
    if (end > start) this.parts.push(Buffer.from(data.subarray(start, end)));
  }

  /** Returns where the body starts, or -1 while the head is incomplete. */
  private readHead(data: Buffer, from: number): number {
    let bytes = data;
    let start = from;
    let carried = 0;
    if (this.head) {
      carried = this.head.length;
      bytes = Buffer.concat([this.head, data.subarray(from)]);
      start = 0;
    }
    const end = bytes.indexOf(HEAD_END, start);
    if (end === -1) {
      if (bytes.length - start > MAX_HEAD_BYTES) throw new Error('response head too long');
      this.head = Buffer.from(bytes.subarray(start));
      return -1;
    }
    this.head = null;
    this.startBody(bytes.toString('latin1', start, end));
    // where the body starts in `data`, whichever buffer the head was found in
    return end + 4 - carried + (carried > 0 ? from : 0);
  }

  private startBody(head: string) {
    const lines = head.split('\r\n');
    const statusLine = lines[0]!;
    const status = Number(statusLine.slice(9, 12));
    if (!statusLine.startsWith('HTTP/1.') || statusLine[8] !== ' ' || !(status >= 100)) {
      throw new Error(`not an HTTP/1.x status line: ${JSON.stringify(statusLine.slice(0, 40))}`);
    }
    let keepAlive = statusLine[7] === '1'; // HTTP/1.0 closes unless it says keep-alive
    let length = -1;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`malformed header line: ${JSON.stringify(line)}`);
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') {
        if (!/^\d+$/.test(value)) throw new Error(`bad content-length: ${value}`);
        length = Number(value);
      } else if (name === 'transfer-encoding') {
        chunked = /(?:^|,)\s*chunked\s*$/i.test(value);
      } else if (name === 'connection') {
        const tokens = value.toLowerCase();
        if (/(?:^|,)\s*close\s*(?:,|$)/.test(tokens)) keepAlive = false;
        else if (/(?:^|,)\s*keep-alive\s*(?:,|$)/.test(tokens)) keepAlive = true;
      }
    }
    if (status < 200) return; // an interim answer: the real one follows
    this.status = status;
    this.keepAlive = keepAlive;
    const noBody = status === 204 || status === 304;
    if (chunked && !noBody) {
      this.phase = CHUNK_SIZE;
    } else if (noBody || length >= 0) {
      this.phase = LENGTH;
      this.remaining = noBody ? 0 : length;
    } else {
      this.phase = UNTIL_CLOSE;
      this.keepAlive = false;
    }
  }

  /** Handles one chunk-size, chunk-end or trailer line; true when the response is complete. */
  private endLine(line: string): boolean {
    if (this.phase === CHUNK_SIZE) {
      const size = /^([0-9a-fA-F]+)\s*(?:;.*)?$/.exec(line);
      if (!size) throw new Error(`bad chunk size line: ${JSON.stringify(line)}`);
      this.remaining = parseInt(size[1]!, 16);
      this.phase = this.remaining === 0 ? TRAILER : CHUNK_DATA;
      return false;
    }
    if (this.phase === CHUNK_END) {
      if (line !== '') throw new Error('chunk data longer than its size');
      this.phase = CHUNK_SIZE;
      return false;
    }
    // TRAILER: header lines until an empty one
    if (line !== '') return false;
    this.text = Buffer.concat(this.parts).toString('utf8');
    return true;
  }
}
