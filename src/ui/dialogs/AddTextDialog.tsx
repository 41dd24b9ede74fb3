import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { Dialog } from '../components/Dialog';
import { ColorMenu } from '../editor/ColorMenu';
import { FONT_SIZES_CM } from '../../model/text/fit';
import type { TextAlign, TextBackground, TextVAlign } from '../../model/layout/types';
import { PhotoPreview } from './PhotoPreview';
import { ColorField, FontSelect, RadioRow } from './textFields';

const ALIGNS: readonly TextAlign[] = ['left', 'center', 'right'];
const VALIGNS: readonly TextVAlign[] = ['top', 'middle', 'bottom'];
const BACKGROUNDS: readonly TextBackground[] = ['none', 'back1', 'back2'];
const SMALLEST = Math.min(...FONT_SIZES_CM);
const WIDE_DIALOG_PX = 760;

/**
 * 'Tekst toevoegen': text on the selected photo with its font size (minus and plus through the
 * allowed sizes), font, colour, alignment, vertical alignment and background. 'Klaar' keeps it
 * and closes the photo editor too; 'Bewerken' goes back to the photo editor.
 */
export const AddTextDialog = observer(function AddTextDialog() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const photoEditor = editor.photoEditor;
  const draft = photoEditor.draft;
  const textId = useId();
  const messageId = useId();
  const [picking, setPicking] = useState(false);
  const message = photoEditor.textMessage;
  // Side by side where there is room (the spec's preview height: the window less 230 px); stacked on phones.
  const wide = editor.windowWidth >= WIDE_DIALOG_PX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    photoEditor.finishText();
  };
  return (
    <Dialog
      title={t('textDialog.addHeading')}
      onClose={() => photoEditor.showEdit()}
      closeLabel={t('editor.header.close')}
      className={`text-dialog${wide ? ' text-dialog--wide' : ''}`}
    >
      <div className="text-dialog__layout">
        <PhotoPreview heightReserve={wide ? 230 : 230 + 260} pannable={false} />
        <form className="text-form" onSubmit={submit} noValidate>
          <label htmlFor={textId} className="text-form__label">
            {t('textDialog.textLabel')}
          </label>
          <textarea
            id={textId}
            name="txt"
            className="text-form__area"
            rows={3}
            value={draft.txt}
            placeholder={t('textDialog.textPlaceholder')}
            aria-invalid={message !== null}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => photoEditor.typeText(event.target.value)}
            data-autofocus
          />
          {message && (
            <p id={messageId} className="text-form__message" role="alert">
              {t(message.key, message.values)}
            </p>
          )}
          <div className="text-form__row">
            <span className="text-form__label" id={`${textId}-size`}>
              {t('textDialog.fontSize')}
            </span>
            <div className="text-form__stepper" role="group" aria-labelledby={`${textId}-size`}>
              <button
                type="button"
                className="tool-button tool-button--boxed"
                aria-label={t('textDialog.smallerFont')}
                aria-disabled={draft.fontSize <= SMALLEST + 1e-9}
                onClick={() => photoEditor.stepFontSize(-1)}
              >
                −
              </button>
              <output name="fontsize" aria-live="polite">
                {draft.fontSize.toFixed(2).replace('.', ',')} cm
              </output>
              <button
                type="button"
                className="tool-button tool-button--boxed"
                aria-label={t('textDialog.biggerFont')}
                aria-disabled={!photoEditor.canEnlargeText}
                onClick={() => photoEditor.stepFontSize(1)}
              >
                +
              </button>
            </div>
          </div>
          <FontSelect
            value={draft.font}
            onChange={(font) => photoEditor.setTextStyle({ font })}
            required
          />
          <ColorField value={draft.color} onOpen={() => setPicking(true)} />
          {picking && (
            <ColorMenu
              value={draft.color}
              onChoose={(color) => color && photoEditor.setTextStyle({ color })}
              onClose={() => setPicking(false)}
              className="text-form__color-menu"
            />
          )}
          <RadioRow
            name="align"
            legend={t('textDialog.align')}
            options={ALIGNS.map((value) => ({ value, label: t(`textDialog.aligns.${value}`) }))}
            value={draft.align}
            onChange={(align) => photoEditor.setTextStyle({ align })}
          />
          <RadioRow
            name="valign"
            legend={t('textDialog.valign')}
            options={VALIGNS.map((value) => ({ value, label: t(`textDialog.valigns.${value}`) }))}
            value={draft.valign}
            onChange={(valign) => photoEditor.setTextStyle({ valign })}
          />
          <RadioRow
            name="background"
            legend={t('textDialog.background')}
            options={BACKGROUNDS.map((value) => ({
              value,
              label: t(`textDialog.backgrounds.${value}`),
            }))}
            value={draft.background}
            onChange={(background) => photoEditor.setTextStyle({ background })}
          />
          <div className="dialog__actions">
            <button type="button" className="link-button" onClick={() => photoEditor.showEdit()}>
              {t('photoEditor.edit')}
            </button>
            <button type="submit" className="button">
              {t('photoEditor.done')}
            </button>
          </div>
        </form>
      </div>
    </Dialog>
  );
});
