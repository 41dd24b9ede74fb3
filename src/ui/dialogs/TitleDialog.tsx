import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { Dialog } from '../components/Dialog';
import { ColorMenu } from '../editor/ColorMenu';
import { ColorField, FontSelect } from './textFields';

/**
 * 'Titel wijzigen': the title (placeholder 'Vul hier je titel in'), the subtitle where the layout
 * has one ('Ondertitel'), 'Hoofdletters?', 'Stijl', the colour with 'Wijzig kleur', and 'Wijzig
 * tekst'. What is typed shows on the collage at once; a text that does not fit is refused, and a
 * subtitle the same as the title keeps the dialog open with the spec's uniqueness message.
 */
export const TitleDialog = observer(function TitleDialog() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const titles = editor.titleEditor;
  const [picking, setPicking] = useState(false);
  const capsId = useId();
  const title = titles.title;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    titles.done();
  };
  return (
    <Dialog
      title={t('textDialog.titleHeading')}
      onClose={() => titles.done()}
      closeLabel={t('editor.header.close')}
      className="text-dialog"
    >
      {title && titles.mainSlot && (
        <form className="text-form" onSubmit={submit} noValidate>
          <TextField
            slot={titles.mainSlot}
            label={t('textDialog.titleLabel')}
            placeholder={t('textDialog.titlePlaceholder')}
            autoFocus
          />
          {titles.subtitleSlot && titles.subtitle && (
            <TextField
              slot={titles.subtitleSlot}
              label={t('textDialog.subtitleLabel')}
              placeholder={t('textDialog.subtitleLabel')}
            />
          )}
          <div className="text-form__row">
            <input
              id={capsId}
              type="checkbox"
              checked={title.caps}
              onChange={(event) => titles.setStyle({ caps: event.target.checked })}
            />
            <label htmlFor={capsId}>{t('textDialog.caps')}</label>
          </div>
          <FontSelect value={title.font} onChange={(font) => titles.setStyle({ font })} />
          <ColorField value={title.color} onOpen={() => setPicking(true)} />
          {picking && (
            <ColorMenu
              value={title.color}
              onChoose={(color) => color && titles.setStyle({ color })}
              onClose={() => setPicking(false)}
              className="text-form__color-menu"
            />
          )}
          <div className="dialog__actions">
            <button type="submit" className="button">
              {t('textDialog.submitTitle')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
});

const TextField = observer(function TextField({
  slot,
  label,
  placeholder,
  autoFocus,
}: {
  slot: string;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { collage, editor } = useStores();
  const id = useId();
  const text = collage.slots.texts[slot];
  const message = editor.titleEditor.messages[slot];
  if (!text) return null;
  return (
    <>
      <label htmlFor={id} className="text-form__label">
        {label}
      </label>
      <textarea
        id={id}
        name={slot}
        className="text-form__area"
        rows={text.multipleLines ? 3 : 2}
        value={text.txt}
        placeholder={placeholder}
        aria-invalid={!!message}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => editor.titleEditor.type(slot, event.target.value)}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      {message && (
        <p id={`${id}-message`} className="text-form__message" role="alert">
          {t(message.key, message.values)}
        </p>
      )}
    </>
  );
});
