/**
 * What the save dialog shows, in its own file so SaveStore (the flow over it) reads whole: its
 * state and views, the version it opened with, and the last save's outcome.
 */
import { action, computed, makeObservable, observable, observableShallow } from 'mobx';
import type { NavigationStore } from '../navigation/NavigationStore';
import type { NavState } from '../navigation/navigationStates';
import type { UploadFailure } from './SaveRunner';

/** The save dialog's states (editor-core §3). */
export const SaveDialogState = {
  WANT_TO_QUIT: 'WANT_TO_QUIT',
  CAN_NOT_ORDER: 'CAN_NOT_ORDER',
  CHECKING: 'CHECKING',
  LOGIN: 'LOGIN',
  REGISTER: 'REGISTER',
  SAVING: 'SAVING',
  SAVED: 'SAVED',
  ERROR: 'ERROR',
  LOGIN_FOR_COLLAGE: 'LOGIN_FOR_COLLAGE',
} as const;
export type SaveDialogState = (typeof SaveDialogState)[keyof typeof SaveDialogState];

/**
 * The save dialog's state, read by its views: which view shows, for which collage, and how the
 * last save ended. SaveStore moves it through the transitions of editor-core §4.
 */
export class SaveDialog {
  dialogState: SaveDialogState | null = null;
  /** The version the dialog was opened with. */
  version = '';
  /** The running or last save is for an order. */
  forOrder = false;
  /** The last successful save was flagged for order. */
  savedForOrder = false;
  /** ...and the server already had that order (the collage unchanged): it made no second one. */
  alreadyOrdered = false;
  /** The collage had no saved id when the dialog opened (login offers registering then). */
  collageIsNew = true;
  /** Photos that could not be sent, with why; they stay in their slots until removeErrorPhotos. */
  errorPhotos: UploadFailure[] = [];
  /** The technical reason of the last failure (logs, e2e); the view shows the catalogue's Dutch texts. */
  errorMessage = '';
  /**
   * The server's reason for refusing the last save, in the customer's language (the quota of the
   * hour, too many orders waiting): the error view shows it instead of the generic text. Null for
   * every other failure; cleared by the next save and by closing.
   */
  errorReason: string | null = null;
  protected checkToken = 0;

  constructor(private readonly navigation: Pick<NavigationStore, 'setState'>) {
    makeObservable<SaveDialog, 'show' | 'dismiss'>(this, {
      dialogState: observable,
      version: observable,
      forOrder: observable,
      savedForOrder: observable,
      alreadyOrdered: observable,
      collageIsNew: observable,
      errorPhotos: observableShallow,
      errorMessage: observable,
      errorReason: observable,
      isOpen: computed,
      showsRegisterLink: computed,
      switchToLogin: action,
      switchToRegister: action,
      show: action,
      dismiss: action,
    });
  }

  get isOpen(): boolean {
    return this.dialogState !== null;
  }

  /** 'Registreer je gratis' is offered in the login view of a new collage only. */
  get showsRegisterLink(): boolean {
    return this.dialogState === SaveDialogState.LOGIN && this.collageIsNew;
  }

  switchToLogin(): void {
    if (this.dialogState === SaveDialogState.REGISTER) this.dialogState = SaveDialogState.LOGIN;
  }

  switchToRegister(): void {
    if (this.dialogState === SaveDialogState.LOGIN) this.dialogState = SaveDialogState.REGISTER;
  }

  protected failed(message: string, reason: string | null = null): void {
    this.errorMessage = message;
    this.errorReason = reason;
    if (this.dialogState !== null) this.show(SaveDialogState.ERROR);
  }

  protected show(state: SaveDialogState, navState?: NavState): void {
    this.dialogState = state;
    if (navState !== undefined) this.navigation.setState(navState);
  }

  /** Closes the dialog; a session check still under way is forgotten. */
  protected dismiss(): void {
    this.checkToken += 1;
    this.dialogState = null;
    this.errorReason = null;
  }
}
