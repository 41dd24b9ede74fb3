import { ApiError, Http, UnparsableAnswerError } from './http';
import { SocialApi } from './socialClient';

/** The spec's editor code and version, sent with every save. */
export const EDITOR_CODE = '2';
export const EDITOR_VERSION = '1';

export interface UploadFields {
  file: Blob;
  /** The client's web-size JPEG (at most 1024x1024). */
  web?: Blob;
  suggestedRotation: number;
  sessionId?: string;
  photoType: 'computer' | 'social' | 'other';
  uniqueFileId: string;
  /** 'WxH' of the web version. */
  resized?: string;
}

export interface UploadedPhoto {
  id: string;
  src: string;
  orgWidth: number;
  orgHeight: number;
  webWidth: number;
  webHeight: number;
  key: string;
  rotation: number;
}

export interface ServerPhoto {
  src: string;
  orgWidth: number;
  orgHeight: number;
  webWidth: number;
  webHeight: number;
  id: string | number; // a quote image's id (q1, en-q1, with its saying as text) or an upload's number
  type: string;
  unique: string;
  suggestedRotation: number;
  text?: string;
}

export interface LoadedPage {
  templateId: string;
  childTemplateId: string;
  userdata: string;
  photoBackgroundColor: string;
  photoBorderAutomaticColor: boolean;
}

export interface LoadedCollage {
  collagexml: string;
  editor: string;
  photos: ServerPhoto[];
  pages: LoadedPage[];
}

export interface SaveRequest {
  collageXml: string;
  forOrder: boolean;
  templateId: string;
  collageId?: string;
}

/** The save's answer: the collage id, and whether an order for exactly this collage already stood. */
export interface SavedCollage {
  collageId: string;
  /** An unchanged collage ordered again: the server keeps the one order (no second one). */
  alreadyOrdered: boolean;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface RegisterRequest {
  username: string;
  email: string;
  newsletter: boolean;
  /** Already encrypted with username + email (src/api/passwordCipher). */
  password: string;
  passwordAgain: string;
  terms: boolean;
}

export interface QuotePhoto {
  webformat: { src: string; width: number; height: number };
  fullformat: { width: number; height: number };
  id: string;
  type: string;
  unique: string;
  /** The quote itself (the server's catalog adds it): the picture's alternative text. */
  text?: string;
}

export interface ServerFile {
  error: boolean;
  msg: string;
  dataurl: string;
  code?: string;
}

/** The spec's message when a load answer lacks the collage. */
export const LOAD_DATA_MISSING = 'De collage data was niet beschikbaar tijdens het laden.';

export interface ApiClientOptions {
  /** The app's locale, sent as lang with sign-in and register so the server answers in it. */
  lang?: string;
}

/** The prefix of every save failure in the error catalogue. */
export const SAVE_FAILED_PREFIX = "Couldn't save: ";

/** A typed client for every /api call of the spec. */
export class ApiClient {
  /** The social photo tab's calls. */
  readonly social: SocialApi;

  constructor(
    private readonly http: Http = new Http(),
    private readonly options: ApiClientOptions = {},
  ) {
    this.social = new SocialApi(http);
  }

  /** The heartbeat: creates or refreshes the session; s only once known. */
  async alive(sessionId?: string): Promise<string> {
    const { status, body } = await this.http.postForm<{ flashsession?: string }>('/api/alive', {
      s: sessionId,
    });
    if (status !== 200 || !body.flashsession)
      throw new ApiError(`alive answered ${status}`, status, body);
    return body.flashsession;
  }

  /** Empty credentials check the session; a username and encrypted password sign in. */
  async isAuthenticated(
    username = '',
    encryptedPassword = '',
  ): Promise<{ authenticated: boolean; errors: FieldError[] }> {
    const { status, body } = await this.http.postForm<{
      authenticated?: string;
      errors?: FieldError[];
    }>('/api/isAuthenticated', {
      username,
      password: encryptedPassword,
      lang: this.options.lang,
    });
    if (status !== 200 && !body.errors)
      throw new ApiError(`isAuthenticated answered ${status}`, status, body);
    return { authenticated: body.authenticated === 'true', errors: body.errors ?? [] };
  }

  async register(
    request: RegisterRequest,
  ): Promise<{ authenticated: boolean; errors: FieldError[] }> {
    const { status, body } = await this.http.postForm<{
      authenticated?: string;
      errors?: FieldError[];
    }>('/api/register', {
      username: request.username,
      email: request.email,
      newsletter: String(request.newsletter),
      password: request.password,
      password_again: request.passwordAgain,
      terms: String(request.terms),
      lang: this.options.lang,
    });
    if (status >= 500) throw new ApiError(`register answered ${status}`, status, body);
    return { authenticated: body.authenticated === 'true', errors: body.errors ?? [] };
  }

  /** Uploads one photo; every failure becomes the spec's message. */
  async upload(fields: UploadFields, signal?: AbortSignal): Promise<UploadedPhoto> {
    let answer: { status: number; body: Partial<UploadedPhoto> & { error?: string } };
    try {
      answer = await this.http.postForm(
        '/api/upload',
        {
          file: fields.file,
          web: fields.web,
          suggestedRotation: String(fields.suggestedRotation),
          s: fields.sessionId,
          t: fields.photoType,
          x: fields.uniqueFileId,
          resized: fields.resized,
        },
        signal,
      );
    } catch (error) {
      if (error instanceof UnparsableAnswerError) {
        if (error.status !== 200)
          throw new ApiError(
            `Could not upload photo. server responded with: ${error.status}`,
            error.status,
          );
        throw new ApiError('The server could not process the file.', error.status);
      }
      throw error;
    }
    if (answer.body.error) throw new ApiError(answer.body.error, answer.status, answer.body);
    if (answer.status !== 200)
      throw new ApiError(
        `Could not upload photo. server responded with: ${answer.status}`,
        answer.status,
      );
    if (!answer.body.id || !answer.body.src)
      throw new ApiError('The server could not process the file.', answer.status, answer.body);
    return answer.body as UploadedPhoto;
  }

  /** Saves the collage; the answer's collageid becomes the saved id. */
  async save(request: SaveRequest, signal?: AbortSignal): Promise<SavedCollage> {
    const { status, body } = await this.http.postForm<{
      collageid?: string | number;
      alreadyordered?: boolean;
      error?: string;
    }>(
      '/api/save',
      {
        collagexml: request.collageXml,
        editor: EDITOR_CODE,
        editor_version: EDITOR_VERSION,
        fororder: String(request.forOrder),
        templateid: request.templateId,
        collageid: request.collageId,
      },
      signal,
    );
    if (status !== 200 || body.collageid === undefined) {
      // The server's refusals already read "Couldn't save: …"; others get the prefix once.
      const reason = body.error ?? String(status);
      throw new ApiError(
        reason.startsWith(SAVE_FAILED_PREFIX) ? reason : SAVE_FAILED_PREFIX + reason,
        status,
        body,
      );
    }
    return { collageId: String(body.collageid), alreadyOrdered: body.alreadyordered === true };
  }

  async load(collageId: string, signal?: AbortSignal): Promise<LoadedCollage> {
    const { body } = await this.http.postForm<Partial<LoadedCollage>>(
      '/api/load',
      { collageid: collageId },
      signal,
    );
    if (!body.collagexml || !body.editor) throw new ApiError(LOAD_DATA_MISSING, 404, body);
    return {
      collagexml: body.collagexml,
      editor: body.editor,
      photos: body.photos ?? [],
      pages: body.pages ?? [],
    };
  }

  async customXml(
    templateId: string,
    width: string,
    height: string,
  ): Promise<{ materials: string[]; description: string; id: string }> {
    const { status, body } = await this.http.postForm<{
      materials?: string[];
      description?: string;
      id?: string;
      error?: string;
    }>('/api/customXml', {
      width,
      height,
      templateId,
    });
    if (status !== 200 || !body.materials || body.description === undefined)
      throw new ApiError(body.error ?? `customXml answered ${status}`, status, body);
    return { materials: body.materials, description: body.description, id: body.id ?? '' };
  }

  async quotePhotos(collageId: string): Promise<QuotePhoto[]> {
    const { status, body } = await this.http.getJson<QuotePhoto[]>(
      `/api/collagePhoto/collageid/${encodeURIComponent(collageId)}`,
    );
    if (status !== 200 || !Array.isArray(body))
      throw new ApiError(`collagePhoto answered ${status}`, status, body);
    return body;
  }

  /** The file service: 404 means no access to this photo, other failures mean it could not be loaded. */
  async readServerFile(photoId: string, signal?: AbortSignal): Promise<string> {
    const { status, body } = await this.http.postForm<ServerFile>(
      '/api/file',
      { id: photoId },
      signal,
    );
    if (status === 404) throw new ApiError('ERROR_NO_FILE_ACCESS', status, body);
    if (status !== 200 || body.error || !body.dataurl)
      throw new ApiError(body.code ?? 'ERROR_IMAGE_COULD_NOT_BE_LOADED', status, body);
    return body.dataurl;
  }
}
