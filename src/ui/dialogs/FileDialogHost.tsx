import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { FileDialog } from './file/FileDialog';

/** The photo picker ('Kies een foto') of the editor's file state: a chosen photo goes into the slot that asked. */
export const FileDialogHost = observer(function FileDialogHost() {
  const { editor, navigation } = useStores();
  return (
    <FileDialog
      allowPng={import.meta.env.VITE_ALLOW_PNG === 'true'}
      onSelect={(photo) => editor.slotActions.placeInTarget(photo.localId)}
      onClose={() => navigation.close()}
    />
  );
});
