import { action, makeObservable, observable } from 'mobx';
import type { ApiClient, FieldError } from '../../api/client';
import { encryptPassword, registerSalt, signInSalt } from '../../api/passwordCipher';
import type { Analytics } from '../../services/analytics';

/** The spec's heartbeat timing: a beat at most every 5 minutes, checked every 5 seconds. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60_000;
export const HEARTBEAT_CHECK_MS = 5_000;

export type SessionApi = Pick<ApiClient, 'alive' | 'isAuthenticated' | 'register'>;

export interface SessionServices {
  api: SessionApi;
  analytics: Analytics;
  /** Milliseconds since the epoch; vitest's fake timers move Date.now too. */
  now?: () => number;
}

export interface AuthOutcome {
  authenticated: boolean;
  errors: FieldError[];
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  passwordAgain: string;
  newsletter: boolean;
  terms: boolean;
}

/**
 * The customer's session: the heartbeat that keeps it alive while the editor is open, whether the
 * customer is signed in, and the sign-in and register calls (inputs trimmed, passwords encrypted
 * with the salts the server expects).
 */
export class SessionStore {
  /** The session id the heartbeat answered (flashsession); sent as s once known. */
  sessionId: string | null = null;
  /** null until a check, sign-in or register has answered. */
  signedIn: boolean | null = null;
  /** Heartbeats failed in a row since the last success. */
  heartbeatFailures = 0;
  private lastBeatAt: number | null = null;
  private beating = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly services: SessionServices) {
    makeObservable<SessionStore, 'beatSucceeded' | 'beatFailed'>(this, {
      sessionId: observable,
      signedIn: observable,
      heartbeatFailures: observable,
      setSignedIn: action,
      beatSucceeded: action,
      beatFailed: action,
    });
  }

  get heartbeatRunning(): boolean {
    return this.timer !== null;
  }

  /** Starts the heartbeat with the editor: one beat now, then a check every 5 seconds. */
  startHeartbeat(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.checkHeartbeat(), HEARTBEAT_CHECK_MS);
    void this.checkHeartbeat();
  }

  stopHeartbeat(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Beats when the last beat is 5 minutes old, or at once after a failure (the spec retries on the
   * next check). A beat that is still under way is never doubled.
   */
  async checkHeartbeat(): Promise<void> {
    if (this.beating) return;
    const now = this.now();
    const due =
      this.lastBeatAt === null ||
      this.heartbeatFailures > 0 ||
      now - this.lastBeatAt >= HEARTBEAT_INTERVAL_MS;
    if (!due) return;
    this.beating = true;
    this.lastBeatAt = now;
    try {
      const sessionId = await this.services.api.alive(this.sessionId ?? undefined);
      this.beatSucceeded(sessionId);
    } catch (error) {
      this.beatFailed(error);
    } finally {
      this.beating = false;
    }
  }

  /** The session check: empty credentials ask whether this session is signed in. Throws when the call fails. */
  async checkSession(): Promise<boolean> {
    const answer = await this.services.api.isAuthenticated('', '');
    this.setSignedIn(answer.authenticated);
    return answer.authenticated;
  }

  /** Sign-in: trimmed inputs, the password encrypted with the username as salt. Throws when the call fails. */
  async signIn(username: string, password: string): Promise<AuthOutcome> {
    const name = username.trim();
    const encrypted = await encryptPassword(password.trim(), signInSalt(name));
    const answer = await this.services.api.isAuthenticated(name, encrypted);
    this.setSignedIn(answer.authenticated);
    return answer;
  }

  /** Register: trimmed inputs, both passwords encrypted with username plus email. Throws when the call fails. */
  async register(input: RegisterInput): Promise<AuthOutcome> {
    const username = input.username.trim();
    const email = input.email.trim();
    const salt = registerSalt(username, email);
    const [password, passwordAgain] = await Promise.all([
      encryptPassword(input.password.trim(), salt),
      encryptPassword(input.passwordAgain.trim(), salt),
    ]);
    const answer = await this.services.api.register({
      username,
      email,
      password,
      passwordAgain,
      newsletter: input.newsletter,
      terms: input.terms,
    });
    this.setSignedIn(answer.authenticated);
    return answer;
  }

  setSignedIn(signedIn: boolean): void {
    this.signedIn = signedIn;
  }

  private beatSucceeded(sessionId: string): void {
    this.sessionId = sessionId;
    if (this.heartbeatFailures > 0) {
      this.services.analytics.event({
        category: 'heartbeat',
        action: 'retry_success',
        value: this.heartbeatFailures,
      });
    }
    this.heartbeatFailures = 0;
  }

  private beatFailed(error: unknown): void {
    this.heartbeatFailures += 1;
    const message = error instanceof Error ? error.message : String(error);
    this.services.analytics.event({
      category: 'heartbeat',
      action: 'error',
      label: message,
      value: this.heartbeatFailures,
    });
  }

  private now(): number {
    return (this.services.now ?? Date.now)();
  }
}
