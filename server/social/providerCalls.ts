import type { SocialConfig } from './socialConfig.js';

/**
 * A failed call to the service, with what the spec logs of it: the service's message, else its
 * status and status text, else 'Server error' (no answer at all). `signedOut` marks a refused
 * token (401, or an OAuth error such as Instagram's code 190): the customer must sign in again.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly signedOut: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

type Config = Pick<SocialConfig, 'timeoutMs' | 'tokenIn'>;

/** An OAuth or Graph-style error body: { error: { message, type, code } } or { error, error_description }. */
function describe(body: unknown): { message: string | null; oauth: boolean } {
  if (!body || typeof body !== 'object') return { message: null, oauth: false };
  const error = (body as { error?: unknown; error_description?: unknown; error_message?: unknown })
    .error;
  if (error && typeof error === 'object') {
    const graph = error as { message?: unknown; type?: unknown; code?: unknown };
    return {
      message: typeof graph.message === 'string' ? graph.message : null,
      oauth: graph.type === 'OAuthException' || graph.code === 190,
    };
  }
  const description =
    (body as { error_description?: unknown; error_message?: unknown }).error_description ??
    (body as { error_message?: unknown }).error_message;
  if (typeof description === 'string')
    return { message: description, oauth: error === 'invalid_token' };
  if (typeof error === 'string') return { message: error, oauth: error === 'invalid_token' };
  return { message: null, oauth: false };
}

async function call(config: Config, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new ProviderError('Server error', 0, '', false);
  }
}

async function failure(response: Response): Promise<ProviderError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: status and status text say it
  }
  const { message, oauth } = describe(body);
  const signedOut = response.status === 401 || (oauth && response.status < 500);
  return new ProviderError(
    message ?? `${response.status} ${response.statusText}`.trim(),
    response.status,
    response.statusText,
    signedOut,
  );
}

/** The URL with the token as its access_token parameter (SOCIAL_TOKEN_IN=query) and the request's headers. */
function withToken(
  config: Config,
  url: string,
  token: string,
): { url: string; headers: Record<string, string> } {
  if (config.tokenIn === 'header') return { url, headers: { authorization: `Bearer ${token}` } };
  const parsed = new URL(url);
  parsed.searchParams.set('access_token', token);
  return { url: parsed.href, headers: {} };
}

/** A JSON GET of the service's API with the customer's token. */
export async function getJson(config: Config, url: string, token: string): Promise<unknown> {
  const request = withToken(config, url, token);
  const response = await call(config, request.url, {
    headers: { ...request.headers, accept: 'application/json' },
  });
  if (!response.ok) throw await failure(response);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ProviderError(
      `${response.status} ${response.statusText}: no JSON`,
      response.status,
      response.statusText,
      false,
    );
  }
}

/** The bytes of a photo or thumbnail, at most `maxBytes` (more is refused while it streams). */
export async function getBytes(
  config: Config,
  url: string,
  token: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const request = withToken(config, url, token);
  const response = await call(config, request.url, { headers: request.headers });
  if (!response.ok) throw await failure(response);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new ProviderError(
      `photo of ${declared} bytes is over ${maxBytes}`,
      413,
      'Payload Too Large',
      false,
    );
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > maxBytes)
        throw new ProviderError(`photo over ${maxBytes} bytes`, 413, 'Payload Too Large', false);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('Server error', 0, '', false);
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? '' };
}

export interface TokenAnswer {
  accessToken: string;
  /** When the service says how long the token lives. */
  expiresAt: Date | null;
}

/** The code-for-token exchange with the client secret and the PKCE verifier. */
export async function exchangeCode(
  config: SocialConfig,
  code: string,
  codeVerifier: string,
): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: config.redirectUrl,
    code_verifier: codeVerifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (config.clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', config.clientId);
    form.set('client_secret', config.clientSecret);
  }
  const response = await call(config, config.tokenUrl, { method: 'POST', headers, body: form });
  if (!response.ok) throw await failure(response);
  const answer = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    expires_in?: unknown;
    data?: unknown;
  } | null;
  // Instagram's token answer may come wrapped: { data: [{ access_token, user_id, permissions }] }.
  const body =
    Array.isArray(answer?.data) && answer.data[0] && typeof answer.data[0] === 'object'
      ? (answer.data[0] as { access_token?: unknown; expires_in?: unknown })
      : answer;
  if (!body || typeof body.access_token !== 'string' || !body.access_token)
    throw new ProviderError(
      'the token answer holds no access_token',
      response.status,
      response.statusText,
      false,
    );
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}
