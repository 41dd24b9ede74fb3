/**
 * Form posts with credentials, as the spec's editor sends them. Every call answers JSON; a
 * transport failure or a non-JSON answer becomes an ApiError the caller can show.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FormFields = Record<string, string | Blob | undefined>;

export interface HttpOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The customer's locale, sent as lang with every /api call so every message the server writes is in it. */
  lang?: string;
}

export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  return form;
}

export class Http {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly apiQuery: string;

  constructor(options: HttpOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.apiQuery = options.lang
      ? `format=json&lang=${encodeURIComponent(options.lang)}`
      : 'format=json';
  }

  /** POSTs urlencoded fields (multipart when a Blob is among them) to `path?format=json`. */
  async postForm<T>(
    path: string,
    fields: FormFields,
    signal?: AbortSignal,
  ): Promise<{ status: number; body: T }> {
    const hasBlob = Object.values(fields).some((value) => value instanceof Blob);
    const body = hasBlob
      ? toFormData(fields)
      : new URLSearchParams(
          Object.entries(fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
    const response = await this.fetchImpl(this.url(path), {
      method: 'POST',
      body,
      credentials: 'include',
      signal,
    });
    return { status: response.status, body: await readJson<T>(response, path) };
  }

  async getJson<T>(path: string, signal?: AbortSignal): Promise<{ status: number; body: T }> {
    const response = await this.fetchImpl(this.url(path), { credentials: 'include', signal });
    return { status: response.status, body: await readJson<T>(response, path) };
  }

  async getText(path: string, signal?: AbortSignal): Promise<string> {
    const response = await this.fetchImpl(this.url(path), { credentials: 'include', signal });
    if (!response.ok)
      throw new ApiError(`GET ${path} answered ${response.status}`, response.status);
    return response.text();
  }

  private url(path: string): string {
    const withFormat = `${path}${path.includes('?') ? '&' : '?'}${this.apiQuery}`;
    return this.baseUrl + (path.startsWith('/api/') ? withFormat : path);
  }
}

/** Thrown when an answer is not JSON; callers map it to the spec's message for their call. */
export class UnparsableAnswerError extends ApiError {}

async function readJson<T>(response: Response, path: string): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UnparsableAnswerError(
      `${path} answered ${response.status} with no JSON`,
      response.status,
      text,
    );
  }
}
