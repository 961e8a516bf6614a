/**
 * A signed-in HTTP session of the back-office for the bench and load scripts, speaking the HTTP contract of
 * CONVENTIONS.md section 3 as the browser does: a cookie jar, `X-Requested-With: XMLHttpRequest` on every call,
 * and the CSRF cookie's value in `X-XSRF-TOKEN` on every write.
 */

/** One administrator's session against `base` (e.g. `http://127.0.0.1:8080`). */
export class HttpSession {
  private readonly jar = new Map<string, string>();

  constructor(readonly base: string) {}

  /** The `Cookie` header of the session. */
  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The headers every call carries; with the CSRF header for a write. */
  headers(write: boolean): Record<string, string> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', cookie: this.cookie() };
    if (write) headers['x-xsrf-token'] = decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '');
    return headers;
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      this.jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
  }

  /**
   * One JSON call.
   * @returns the parsed body (null when empty)
   * @throws Error naming the call and the status when the answer is not 2xx
   */
  async call(method: string, p: string, body?: unknown): Promise<unknown> {
    const headers = this.headers(method !== 'GET');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keep(res);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /**
   * A multipart upload of `file` under the field `file`, as the import pages send it.
   * @throws Error naming the route and the status when the answer is not 2xx
   */
  async upload(p: string, file: Buffer, filename: string): Promise<unknown> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), filename);
    const res = await fetch(this.base + p, { method: 'POST', headers: this.headers(true), body: form });
    this.keep(res);
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  /** Takes the CSRF cookie, then signs in. @throws Error when the sign-in is refused */
  async signIn(email: string, password: string): Promise<this> {
    await this.call('GET', '/api/csrf-cookie');
    await this.call('POST', '/api/login', { email, password });
    return this;
  }
}
