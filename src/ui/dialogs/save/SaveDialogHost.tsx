import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SaveDialogState } from '../../../stores/saving/SaveDialog';
import type { SaveStore } from '../../../stores/saving/SaveStore';
import { Dialog } from '../../components/Dialog';
import { useStores } from '../../StoreContext';
import { ErrorView } from './ErrorView';
import { RegisterView } from './RegisterView';
import { SavingView } from './SavingView';
import { SignInView } from './SignInView';
import { CanNotOrderView, CheckingView, SavedView, WantToQuitView } from './SimpleViews';
import './saveDialog.css';

const VIEWS: Record<SaveDialogState, (props: { save: SaveStore }) => ReactNode> = {
  WANT_TO_QUIT: WantToQuitView,
  CAN_NOT_ORDER: CanNotOrderView,
  CHECKING: CheckingView,
  LOGIN: SignInView,
  REGISTER: RegisterView,
  SAVING: SavingView,
  SAVED: SavedView,
  ERROR: ErrorView,
  LOGIN_FOR_COLLAGE: SignInView,
};

/** The save dialog in whatever state the save store is in; renders nothing while it is closed. The editor mounts it. */
export const SaveDialogHost = observer(function SaveDialogHost() {
  const { save } = useStores();
  const { t } = useTranslation();
  const state = save.dialogState;
  if (!state) return null;
  const View = VIEWS[state];
  return (
    <Dialog
      title={t(`saveDialog.titles.${state}`)}
      closable={save.closable}
      onClose={() => save.close()}
      closeLabel={t('saveDialog.close')}
      viewKey={state}
    >
      <div
        className={`save-dialog save-dialog--${state.toLowerCase().replace(/_/g, '-')}`}
        data-state={state}
      >
        <View save={save} />
      </div>
    </Dialog>
  );
});
