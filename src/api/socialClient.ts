import { ApiError, type Http } from './http';

/** What the editor knows of the shop's social photo service (never a secret). */
export interface SocialServiceInfo {
  enabled: boolean;
  /** The service's name: the tab's texts and each photo's name prefix. */
  name: string;
  /** Window messages count only from an origin starting with this. */
  messageOrigin: string;
}

/** One item of the customer's media list, in the service's field names. */
export interface SocialMediaItem {
  id: string;
  media_type: string;
  media_url?: string;
  thumbnail_url?: string;
  /** When the photo was published, as an ISO 8601 date (the service's 'timestamp' field), if it said. */
  timestamp?: string;
}

/** The media list's page as the server answers it (server/social/mediaList.ts builds it). */
export interface SocialMediaPage {
  data: SocialMediaItem[];
  /** The next page's URL without any token in it; null when none is left. */
  next: string | null;
}

/**
 * A failed call of the service, as the spec logs it: the service's message, else status and
 * status text, else 'Server error'. `signedOut`: the token is gone; the tab shows its login prompt.
 */
export class SocialError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly signedOut: boolean,
  ) {
    super(message, status);
    this.name = 'SocialError';
  }
}

interface FailureBody {
  error?: unknown;
  status?: unknown;
  statusText?: unknown;
  signedOut?: unknown;
}

/** The spec's three forms of a provider error: its message, status plus status text, or 'Server error'. */
export function socialErrorOf(status: number, statusText: string, body: unknown): SocialError {
  const failure = (body ?? {}) as FailureBody;
  const message =
    typeof failure.error === 'string' && failure.error
      ? failure.error
      : status
        ? `${status} ${statusText}`.trim()
        : 'Server error';
  return new SocialError(message, status, failure.signedOut === true || status === 401);
}

/** The social tab's calls; the access token stays in the server's session, so none of them carries it. */
export class SocialApi {
  /** Where the login popup starts (the server redirects to the service's sign-in). */
  readonly loginPath = '/api/social/login';

  constructor(private readonly http: Http) {}

  async info(): Promise<SocialServiceInfo> {
    const { status, body } =
      await this.http.getJson<Partial<SocialServiceInfo>>('/api/social/config');
    if (status !== 200) throw new ApiError(`social config answered ${status}`, status, body);
    return {
      enabled: body.enabled === true,
      name: body.name ?? '',
      messageOrigin: body.messageOrigin ?? '',
    };
  }

  /** Redeems the login window's ticket; answers the customer's name at the service (the user-info call). */
  async connect(ticket: string): Promise<string> {
    const answer = await this.call<{ username?: string }>(() =>
      this.http.postForm('/api/social/connect', { ticket }),
    );
    return answer.username ?? '';
  }

  /** The first page of the media list, or the one `next` names. */
  async media(next: string | null): Promise<SocialMediaPage> {
    const page = await this.call<Partial<SocialMediaPage>>(() =>
      this.http.getJson(`/api/social/media${next ? `?next=${encodeURIComponent(next)}` : ''}`),
    );
    return {
      data: Array.isArray(page.data) ? page.data : [],
      next: typeof page.next === 'string' && page.next ? page.next : null,
    };
  }

  /** The thumbnail, read through the server. */
  thumbnailSrc(url: string): string {
    return `/api/social/thumbnail?url=${encodeURIComponent(url)}`;
  }

  /** The chosen photo read through the server, as a data URL (the file service's answer). */
  async photo(url: string): Promise<string> {
    const body = await this.call<{
      error?: boolean | string;
      msg?: string;
      code?: string;
      dataurl?: string;
    }>(() => this.http.postForm('/api/social/photo', { url }));
    if (body.error || !body.dataurl)
      throw new SocialError(body.code ?? body.msg ?? 'ERROR_IMAGE_COULD_NOT_BE_LOADED', 200, false);
    return body.dataurl;
  }

  async logout(): Promise<void> {
    await this.http.postForm('/api/social/logout', {});
  }

  private async call<T>(request: () => Promise<{ status: number; body: unknown }>): Promise<T> {
    let answer: { status: number; body: unknown };
    try {
      answer = await request();
    } catch (error) {
      throw error instanceof ApiError
        ? socialErrorOf(error.status, '', error.body)
        : socialErrorOf(0, '', null);
    }
    if (answer.status !== 200) {
      const body = answer.body as FailureBody | null;
      const statusText = typeof body?.statusText === 'string' ? body.statusText : '';
      // The server passes the service's status on; its own refusals (400) keep theirs.
      const status = typeof body?.status === 'number' && body.status ? body.status : answer.status;
      throw socialErrorOf(status, statusText, body);
    }
    return answer.body as T;
  }
}
