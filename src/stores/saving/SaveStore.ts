import {
  action,
  computed,
  makeObservable,
  reaction,
  runInAction,
  type IReactionDisposer,
} from 'mobx';
import type { NavigationStore } from '../navigation/NavigationStore';
import { isEditorState, NavState } from '../navigation/navigationStates';
import type { SessionStore } from '../session/SessionStore';
import { RegisterForm } from '../forms/RegisterForm';
import { SignInForm } from '../forms/SignInForm';
import { SaveDialog, SaveDialogState } from './SaveDialog';
import { SaveRunner, type SaveOutcome, type SaveRunnerServices } from './SaveRunner';
import { errorText } from './saveMessages';
import type { QuitKind, SaveableCollage, SaveExits } from './types';

export type { QuitKind, SaveExits } from './types';

/** The versions the dialog is opened with; any other non-empty version saves through the check. */
export const SaveVersion = {
  WANT_TO_QUIT: 'want_to_quit',
  LOGIN_FOR_MODEL: 'login_for_model',
  ORDER: 'order',
  SAVE: 'save',
} as const;

export interface SaveStoreServices extends Omit<SaveRunnerServices, 'setSaving'> {
  session: Pick<SessionStore, 'checkSession' | 'signIn' | 'register'>;
  navigation: Pick<
    NavigationStore,
    | 'state'
    | 'setState'
    | 'close'
    | 'setSaving'
    | 'markSaved'
    | 'leaveWithoutSaving'
    | 'hasUnsavedChanges'
    | 'pathname'
  >;
  /** The collage being edited; null while there is none. */
  collage(): SaveableCollage | null;
  /** After a sign-in from login-for-collage: load the saved collage again, now with access. */
  reloadCollage(): void;
  /**
   * After a save: the address names the saved collage (edit/{savedcollageid}), so a reload, a
   * bookmark or a crash brings the customer back to it rather than to the design list.
   */
  showSaved?(collageId: string): void;
  exits: SaveExits;
}

/**
 * The save dialog: on SaveDialog (its states), every transition of editor-core §4, the sign-in and
 * register forms, and the save itself (SaveRunner). Views only read this store and call its actions.
 */
export class SaveStore extends SaveDialog {
  readonly runner: SaveRunner;
  readonly signInForm: SignInForm;
  readonly registerForm: RegisterForm;
  private readonly disposeRouteReaction: IReactionDisposer;

  constructor(private readonly services: SaveStoreServices) {
    super(services.navigation);
    this.runner = new SaveRunner({
      ...services,
      setSaving: (saving) => services.navigation.setSaving(saving),
    });
    this.signInForm = new SignInForm(services.session, () => this.signedIn());
    this.registerForm = new RegisterForm(services.session, () => this.signedIn());
    makeObservable<SaveStore, 'checked' | 'finishSave' | 'signedIn' | 'routeChanged'>(this, {
      closable: computed,
      open: action,
      close: action,
      save: action,
      cancelUpload: action,
      order: action,
      startNewCollage: action,
      quitEditor: action,
      removeErrorPhotos: action,
      checked: action,
      finishSave: action,
      signedIn: action,
      routeChanged: action,
    });
    // Any navigation end cancels saving.
    this.disposeRouteReaction = reaction(
      () => services.navigation.pathname,
      () => this.routeChanged(),
    );
  }

  /**
   * Escape and the close button work in every state but saving and login-for-collage (there is no
   * collage to return to; its view offers a new collage instead).
   */
  get closable(): boolean {
    const state = this.dialogState;
    return (
      state !== null &&
      state !== SaveDialogState.SAVING &&
      state !== SaveDialogState.LOGIN_FOR_COLLAGE &&
      !this.runner.running
    );
  }

  /** Opens the dialog with a version: want_to_quit, login_for_model, order, or any other to save. */
  open(version: string): void {
    if (!version || this.runner.running) return;
    if (!this.isOpen) {
      this.signInForm.reopen();
      this.registerForm.reopen();
    }
    this.version = version;
    if (version === SaveVersion.WANT_TO_QUIT)
      return this.show(SaveDialogState.WANT_TO_QUIT, NavState.EditorWantToQuit);
    if (version === SaveVersion.LOGIN_FOR_MODEL) {
      this.collageIsNew = false;
      return this.show(SaveDialogState.LOGIN_FOR_COLLAGE, NavState.EditorLoginForCollage);
    }
    const collage = this.services.collage();
    if (!collage) return;
    this.collageIsNew = collage.savedId === null;
    const forOrder = version === SaveVersion.ORDER;
    const navState = forOrder ? NavState.EditorOrder : NavState.EditorSave;
    if (forOrder && !collage.isFinished) return this.show(SaveDialogState.CAN_NOT_ORDER, navState);
    this.forOrder = forOrder;
    this.show(SaveDialogState.CHECKING, navState);
    void this.check(collage);
  }

  /** Closes the dialog (and a session check under way) back to the editor; refused while saving. */
  close(): void {
    if (!this.closable) return;
    this.dismiss();
    this.services.navigation.close();
  }

  /** The saving steps; refused with 'Already busy saving.' while a save runs. */
  async save(): Promise<SaveOutcome | null> {
    const collage = this.services.collage();
    if (!collage) return null;
    // The runner answers 'Already busy saving.' and leaves the running save alone.
    if (this.runner.running) return this.runner.run(collage, this.forOrder);
    this.errorPhotos = [];
    this.errorMessage = '';
    this.errorReason = null;
    this.show(SaveDialogState.SAVING);
    const outcome = await this.runner.run(collage, this.forOrder);
    this.finishSave(outcome);
    // Only now: a route change while the save runs would cancel it.
    if (outcome.kind === 'saved') this.services.showSaved?.(outcome.collageId);
    return outcome;
  }

  /** 'Annuleer het opslaan': stops the uploads and the post, and closes the dialog. */
  cancelUpload(): void {
    this.runner.cancel();
    this.services.navigation.setSaving(false);
    this.dismiss();
    this.services.navigation.close();
  }

  /** Checkout once every slot is filled and the collage is saved for order; saves for order first when it is not. */
  order(): void {
    const collage = this.services.collage();
    if (!collage) return;
    if (!collage.isFinished) return this.show(SaveDialogState.CAN_NOT_ORDER, NavState.EditorOrder);
    const savedForOrder =
      this.savedForOrder && collage.savedId !== null && !this.services.navigation.hasUnsavedChanges;
    if (!savedForOrder) return this.open(SaveVersion.ORDER);
    this.services.navigation.leaveWithoutSaving();
    this.services.exits.checkout(collage.savedId!);
  }

  startNewCollage(): void {
    if (this.runner.running) return;
    this.dismiss();
    this.services.exits.startNewCollage();
  }

  /**
   * Leaves the editor; no save is needed before quitting any more. The done page is told what
   * happened: a collage without a saved id was never saved, even when nothing was changed in it
   * (a new collage given only a format); a saved one either is as it was saved or lost its latest
   * changes.
   */
  quitEditor(): void {
    if (this.runner.running) return;
    const navigation = this.services.navigation;
    const kind: QuitKind = !this.services.collage()?.savedId
      ? 'unsaved'
      : navigation.hasUnsavedChanges
        ? 'changes'
        : 'saved';
    navigation.leaveWithoutSaving();
    this.dismiss();
    this.services.exits.quitEditor(kind);
  }

  /** Takes the photos that could not be sent out of the collage and the photo list. */
  removeErrorPhotos(): void {
    const collage = this.services.collage();
    if (collage) for (const { photo } of this.errorPhotos) collage.removePhoto(photo);
    this.errorPhotos = [];
  }

  /** Stops listening to the route (tests, hot reload). */
  dispose(): void {
    this.disposeRouteReaction();
  }

  private async check(collage: SaveableCollage): Promise<void> {
    const token = ++this.checkToken;
    let authenticated: boolean;
    try {
      authenticated = await this.services.session.checkSession();
    } catch (error) {
      if (token === this.checkToken) runInAction(() => this.failed(errorText(error)));
      return;
    }
    if (token !== this.checkToken || this.dialogState !== SaveDialogState.CHECKING) return;
    this.checked(authenticated, collage);
  }

  private checked(authenticated: boolean, collage: SaveableCollage): void {
    if (authenticated) void this.save();
    else this.show(collage.savedId === null ? SaveDialogState.REGISTER : SaveDialogState.LOGIN);
  }

  /** A sign-in or register succeeded: login-for-collage reloads the collage, the others save. */
  private signedIn(): void {
    if (this.dialogState === SaveDialogState.LOGIN_FOR_COLLAGE) {
      this.dismiss();
      this.services.reloadCollage();
    } else if (
      this.dialogState === SaveDialogState.LOGIN ||
      this.dialogState === SaveDialogState.REGISTER
    ) {
      void this.save();
    }
  }

  private finishSave(outcome: SaveOutcome): void {
    switch (outcome.kind) {
      case 'saved':
        this.services.navigation.markSaved();
        this.savedForOrder = this.forOrder;
        this.alreadyOrdered = outcome.alreadyOrdered;
        if (this.dialogState === SaveDialogState.SAVING) this.show(SaveDialogState.SAVED);
        break;
      case 'upload-failed':
        this.errorPhotos = outcome.failures;
        this.failed(outcome.message);
        break;
      case 'failed':
        this.failed(outcome.message, outcome.reason ?? null);
        break;
      case 'cancelled':
      case 'busy':
        break;
    }
  }

  /** A navigation end cancels a running save; leaving the editor closes the dialog too. */
  private routeChanged(): void {
    if (this.runner.running) this.cancelUpload();
    else if (!isEditorState(this.services.navigation.state)) this.dismiss();
  }
}
